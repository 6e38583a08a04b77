/* test_posid.c - gnubg Position IDs and bräde ids. */
#include "test_util.h"

#include "engine/posid.h"

static void gnubg_start(void **state)
{
    (void)state;
    board_t b, c;
    char id[POSID_SIZE];
    board_start(&b, GEOM_BACKGAMMON, BOARD_WHITE);
    posid_gnubg(&b, id);
    assert_string_equal(id, "4HPwATDgc/ABMA");
    assert_true(posid_gnubg_read(id, &c));
    assert_true(board_equal(&b, &c));
}

static void roundtrips(void **state)
{
    (void)state;
    /* every position a few random games reach reads back to itself */
    movegen_buf_t *buf = movegen_buf_new();
    const char *names[2] = {"backgammon", "lyckans-talisman"};
    for (int g = 0; g < 2; g++) {
        rules_t r = tr(names[g]);
        board_t b;
        board_start(&b, r.geometry, BOARD_WHITE);
        uint32_t seed = 12345;
        for (int ply = 0; ply < 300; ply++) {
            seed = seed * 1103515245u + 12345u;
            roll_t roll = {(int)(seed >> 16) % 6 + 1, (int)(seed >> 8) % 6 + 1};
            int n = movegen_plays(&b, &r, roll, buf);
            const play_t *p = movegen_play(buf, (int)(seed >> 4) % n);
            if (p->outcome.kind != OUT_NONE) {
                board_start(&b, r.geometry, BOARD_WHITE);
                continue;
            }
            b = p->after;
            board_swap(&b);
            char id[POSID_SIZE];
            board_t c;
            if (g == 0) {
                posid_gnubg(&b, id);
                assert_true(posid_gnubg_read(id, &c));
                c.turn = b.turn;
            } else {
                posid_brade(&b, id);
                assert_true(posid_brade_read(id, &c));
            }
            assert_true(board_equal(&b, &c));
        }
    }
    movegen_buf_free(buf);
}

static void bad_ids(void **state)
{
    (void)state;
    board_t b;
    assert_false(posid_gnubg_read("", &b));
    assert_false(posid_gnubg_read("4HPwATDgc/ABM", &b));
    assert_false(posid_gnubg_read("4HPwATDgc/ABM!", &b));
    assert_false(posid_gnubg_read("//////////////", &b)); /* too many checkers */
    assert_false(posid_brade_read("X4HPwATDgc/ABMA", &b));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gnubg_start),
        cmocka_unit_test(roundtrips),
        cmocka_unit_test(bad_ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
