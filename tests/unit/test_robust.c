/* test_robust.c - bad input never crashes: seeded random and mutated texts
 * through every parser, and random legal games through the generator and the
 * verdict with every ruleset (run under ASan/UBSan in CI). */
#include <stdio.h>

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

/* Every legal play of b, written back in our notation, is judged legal and
 * found to be itself and nothing else: the same position after it, the
 * same result, and a special play (kejsarspel, the double-six stack) only
 * for itself. */
static void every_play_is_itself(const board_t *b, const rules_t *r, roll_t roll,
                                 movegen_buf_t *buf, int n)
{
    for (int i = 0; i < n && i < 48; i++) {
        const play_t *p = movegen_play(buf, i);
        char text[128];
        notation_play(p, b->geom, text, sizeof text);
        verdict_t v;
        verdict_judge(b, r, roll, p->nsteps ? text : "-", buf, n, &v);
        assert_int_equal(v.kind, VERDICT_LEGAL);
        const play_t *q = movegen_play(buf, v.play);
        assert_true(board_equal(&q->after, &p->after));
        assert_int_equal(q->outcome.kind, p->outcome.kind);
        /* the engine writes a play in the order that earns its result */
        assert_false(v.written_jan);
        bool ps = p->nsteps && (p->steps[0].flags & (STEP_KEJSAR | STEP_STACK));
        bool qs = q->nsteps && (q->steps[0].flags & (STEP_KEJSAR | STEP_STACK));
        assert_int_equal(ps, qs);
    }
}

static void random_games_and_verdicts(void **state)
{
    (void)state;
    movegen_buf_t *buf = movegen_buf_new();
    const char *variants[] = {"lyckans-talisman+extra-patterns=kejsar", "lyckans-talisman+double-six=wp",
                              "helmfrid+double-six=tb", "vasa+extra-patterns=kejsar"};
    int nsets = rules_preset_count() + (int)(sizeof variants / sizeof variants[0]);
    for (int k = 0; k < nsets; k++) {
        rules_t r;
        rules_error_t re;
        if (k < rules_preset_count())
            r = *rules_preset_at(k);
        else
            assert_true(rules_parse(variants[k - rules_preset_count()], &r, &re));
        board_t b;
        board_start(&b, r.geometry, BOARD_WHITE);
        for (int ply = 0; ply < 400; ply++) {
            roll_t roll = {(int)(next() % 6) + 1, (int)(next() % 6) + 1};
            int n = movegen_plays(&b, &r, roll, buf);
            assert_true(n >= 1);
            int pick = (int)(next() % (uint32_t)n);
            const play_t *p = movegen_play(buf, pick);
            assert_true(board_consistent(&p->after));
            every_play_is_itself(&b, &r, roll, buf, n);
            /* and a random typed play never crashes the verdict */
            char junk[32];
            verdict_t v;
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

/* Kejsarspel positions (seven on 23 and on 24, the last checker on 17..22):
 * for every roll every play is itself, and the kejsarspel is won only by
 * moving the last checker with both dice: moving it to 24 alone (whose
 * position looks the same) is not the win. */
static void kejsarspel_is_won_only_by_its_moves(void **state)
{
    (void)state;
    movegen_buf_t *buf = movegen_buf_new();
    rules_t r;
    rules_error_t re;
    assert_true(rules_parse("lyckans-talisman+extra-patterns=kejsar", &r, &re));
    for (int p = 17; p <= 22; p++) {
        char white[32];
        snprintf(white, sizeof white, "%d 23:7 24:7", p);
        board_t b;
        assert_int_equal(board_from_specs(&b, GEOM_BRADE, white, "19:5 20:5 21:5", BOARD_WHITE, NULL),
                         BOARD_OK);
        for (int a = 1; a <= 6; a++)
            for (int d = 1; d <= 6; d++) {
                roll_t roll = {a, d};
                int n = movegen_plays(&b, &r, roll, buf);
                every_play_is_itself(&b, &r, roll, buf, n);
                bool kejsar = (a == 23 - p && d == 24 - p) || (a == 24 - p && d == 23 - p);
                char one[16], both[32];
                snprintf(one, sizeof one, "%d/24", p);
                snprintf(both, sizeof both, "%d/23 %d/24", p, p);
                verdict_t v;
                verdict_judge(&b, &r, roll, one, buf, n, &v);
                assert_false(v.kind == VERDICT_LEGAL &&
                             movegen_play(buf, v.play)->outcome.kind == OUT_KEJSARSPEL);
                verdict_judge(&b, &r, roll, both, buf, n, &v);
                if (kejsar) {
                    assert_int_equal(v.kind, VERDICT_LEGAL);
                    assert_int_equal(movegen_play(buf, v.play)->outcome.kind, OUT_KEJSARSPEL);
                }
            }
    }
    movegen_buf_free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parsers_survive_garbage),
        cmocka_unit_test(random_games_and_verdicts),
        cmocka_unit_test(kejsarspel_is_won_only_by_its_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
