/* test_robust.c - bad input never crashes: seeded random and mutated texts
 * through every parser, and random legal games through the generator and the
 * verdict with every ruleset (run under ASan/UBSan in CI). */
#include "test_util.h"

#include "engine/posid.h"
#include "engine/verdict.h"

static uint32_t rng = 2463534242u;
static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

/* A random text mixing the characters the parsers care about. */
static void random_text(char *buf, size_t size)
{
    static const char alphabet[] = "0123456789/:*#() ,-barofBAROFx\t\n+=";
    size_t n = next() % (size - 1);
    for (size_t i = 0; i < n; i++)
        buf[i] = alphabet[next() % (sizeof alphabet - 1)];
    buf[n] = '\0';
}

static void parsers_survive_garbage(void **state)
{
    (void)state;
    char text[48];
    for (int i = 0; i < 20000; i++) {
        random_text(text, sizeof text);
        uint8_t counts[BOARD_SLOTS];
        board_error_t e;
        board_err_t be = board_parse_side(text, GEOM_BRADE, counts, &e);
        if (be != BOARD_OK && e.offset >= 0)
            assert_true((size_t)e.offset <= strlen(text));
        typed_play_t tp;
        if (notation_parse(text, GEOM_BRADE, &tp) != PARSE_OK)
            assert_true((size_t)tp.err_offset <= strlen(text));
        rules_t r;
        rules_error_t re;
        if (!rules_parse(text, &r, &re))
            assert_true((size_t)re.offset <= strlen(text));
        board_t b;
        (void)posid_gnubg_read(text, &b);
        (void)posid_brade_read(text, &b);
    }
}

static void random_games_and_verdicts(void **state)
{
    (void)state;
    movegen_buf_t *buf = movegen_buf_new();
    for (int k = 0; k < rules_preset_count(); k++) {
        rules_t r = *rules_preset_at(k);
        board_t b;
        board_start(&b, r.geometry, BOARD_WHITE);
        for (int ply = 0; ply < 600; ply++) {
            roll_t roll = {(int)(next() % 6) + 1, (int)(next() % 6) + 1};
            int n = movegen_plays(&b, &r, roll, buf);
            assert_true(n >= 1);
            int pick = (int)(next() % (uint32_t)n);
            const play_t *p = movegen_play(buf, pick);
            assert_true(board_consistent(&p->after));
            /* every legal play, written back in our notation, is judged legal
             * and found to be itself */
            char text[128];
            notation_play(p, b.geom, text, sizeof text);
            verdict_t v;
            verdict_judge(&b, &r, roll, p->nsteps ? text : "-", buf, n, &v);
            assert_int_equal(v.kind, VERDICT_LEGAL);
            assert_true(board_equal(&movegen_play(buf, v.play)->after, &p->after));
            /* and a random typed play never crashes the verdict */
            char junk[32];
            random_text(junk, sizeof junk);
            verdict_judge(&b, &r, roll, junk, buf, n, &v);
            if (p->outcome.kind != OUT_NONE) {
                board_start(&b, r.geometry, BOARD_WHITE);
                continue;
            }
            b = p->after;
            board_swap(&b);
        }
    }
    movegen_buf_free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parsers_survive_garbage),
        cmocka_unit_test(random_games_and_verdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
