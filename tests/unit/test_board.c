/* test_board.c - side specs, geometry, predicates (rules.md A2, A6). */
#include "test_util.h"

static void spec_parse_and_format(void **state)
{
    (void)state;
    uint8_t c[BOARD_SLOTS];
    board_error_t e;
    assert_int_equal(board_parse_side("1:2 3 6 15:2 17 18:2 20:2 21:3 bar:1", GEOM_BRADE, c, &e), BOARD_OK);
    assert_int_equal(c[1], 2);
    assert_int_equal(c[3], 1);
    assert_int_equal(c[BOARD_BAR], 1);
    assert_int_equal(c[BOARD_OFF], 0);
    /* off defaults to 15 minus the rest */
    assert_int_equal(board_parse_side("21 24:2", GEOM_BRADE, c, &e), BOARD_OK);
    assert_int_equal(c[BOARD_OFF], 12);
    /* ... and a spec that leaves checkers to that default says how many */
    assert_int_equal(board_spec_implied_off("1:14", GEOM_BRADE), 1);
    assert_int_equal(board_spec_implied_off("21 24:2", GEOM_BRADE), 12);
    assert_int_equal(board_spec_implied_off("1:14 off:1", GEOM_BRADE), 0);
    assert_int_equal(board_spec_implied_off("21,24:2,off:12", GEOM_BRADE), 0);
    /* off is read as the parser reads it, in any case */
    assert_int_equal(board_spec_implied_off("1:14 OFF:1", GEOM_BRADE), 0);
    assert_int_equal(board_spec_implied_off("Off:1 1:14", GEOM_BRADE), 0);
    assert_int_equal(board_spec_implied_off("1:15", GEOM_BRADE), 0);
    assert_int_equal(board_spec_implied_off("1:14 x", GEOM_BRADE), 0);
    /* commas work as separators */
    assert_int_equal(board_parse_side("21,24:2,off:12", GEOM_BRADE, c, &e), BOARD_OK);
    board_t b = tb("lyckans-talisman", "24:2,21, off:12", "19:5 20:5 21:5", BOARD_WHITE);
    char buf[128];
    board_format_side(&b, 0, buf, sizeof buf);
    assert_string_equal(buf, "21:1 24:2 off:12");
    /* backgammon specs are in backgammon numbering */
    b = tb("backgammon", "24:2 13:5 8:3 6:5", "24:2 13:5 8:3 6:5", BOARD_WHITE);
    assert_int_equal(b.side[0][1], 2);
    assert_int_equal(b.side[0][19], 5);
    board_format_side(&b, 0, buf, sizeof buf);
    assert_string_equal(buf, "6:5 8:3 13:5 24:2");
}

static void spec_errors_have_offsets(void **state)
{
    (void)state;
    uint8_t c[BOARD_SLOTS];
    board_error_t e;
    assert_int_equal(board_parse_side("1:14 25", GEOM_BRADE, c, &e), BOARD_ERR_POINT);
    assert_int_equal(e.offset, 5);
    assert_int_equal(board_parse_side("1:14 x", GEOM_BRADE, c, &e), BOARD_ERR_SYNTAX);
    assert_int_equal(e.offset, 5);
    assert_int_equal(board_parse_side("1:16", GEOM_BRADE, c, &e), BOARD_ERR_COUNT);
    assert_int_equal(board_parse_side("1:10 2:3 off:3", GEOM_BRADE, c, &e), BOARD_ERR_COUNT);
    assert_int_equal(e.count, 16);
    assert_int_equal(board_parse_side("1:10 1:5", GEOM_BRADE, c, &e), BOARD_ERR_DUPLICATE);
    assert_int_equal(board_parse_side("bar", GEOM_BRADE, c, &e), BOARD_ERR_SYNTAX);
    assert_int_equal(board_parse_side("1:0 2:15", GEOM_BRADE, c, &e), BOARD_ERR_COUNT);
    board_t b;
    /* white 1 is black 13: both colours on one point */
    assert_int_equal(board_from_specs(&b, GEOM_BRADE, "1:15", "13 1:14", BOARD_WHITE, &e), BOARD_ERR_SHARED);
    assert_int_equal(e.point, 1);
}

static void geometry_mapping(void **state)
{
    (void)state;
    /* rules.md A2: white p is black ((p + 11) mod 24) + 1, an involution */
    for (int p = 1; p <= 24; p++) {
        int q = board_under(GEOM_BRADE, p);
        assert_int_equal(q, ((p + 11) % 24) + 1);
        assert_int_equal(board_under(GEOM_BRADE, q), p);
        assert_int_equal(board_under(GEOM_BACKGAMMON, board_under(GEOM_BACKGAMMON, p)), p);
    }
    board_t b = tb("lyckans-talisman", "1:14 2", "1:15", BOARD_WHITE);
    board_t c = b;
    board_swap(&c);
    assert_int_equal(c.turn, BOARD_BLACK);
    assert_int_equal(c.side[1][2], 1);
    board_swap(&c);
    assert_true(board_equal(&b, &c));
}

static void pips_and_rearmost(void **state)
{
    (void)state;
    board_t b = tb("lyckans-talisman", "21 24:2 off:12", "19:5 20:5 21:5", BOARD_WHITE);
    assert_int_equal(board_pips(&b, 0), 4 + 1 + 1);
    assert_int_equal(board_rearmost(&b, 0), 21);
    assert_true(board_all_in_q4(&b, 0));
    b = tb("lyckans-talisman", "1:15", "1:14 bar:1", BOARD_BLACK);
    assert_int_equal(board_pips(&b, 0), 14 * 24 + 25);
    assert_int_equal(board_rearmost(&b, 0), 0);
}

static void jan_predicates(void **state)
{
    (void)state;
    /* C6: four hit, three own Q1 points: jan with excess 1 */
    board_t b = tb("lyckans-talisman", "1:2 3 5 13:2 14:2 19:3 bar:4",
                   "14:2 16:2 18:2 19:3 20:3 21:3", BOARD_BLACK);
    assert_true(board_is_jan(&b, 1));
    assert_int_equal(board_jan_excess(&b, 1), 1);
    /* C6b: dubbeljan */
    b = tb("lyckans-talisman", "1:2 3 5 13:2 14:2 19:2 bar:5", "14:2 16:2 18:2 19:3 20:3 21:3", BOARD_BLACK);
    assert_int_equal(board_jan_excess(&b, 1), 2);
    /* C5: janblotta count of Black is 6 */
    b = tb("lyckans-talisman", "1 9 15 20:3 21:3 22:2 23:2 24:2", "1:6 2 4 5 6 7 14:2 15:2", BOARD_BLACK);
    assert_int_equal(board_janblotta_count(&b, 0), 6);
    assert_false(board_is_jan(&b, 0));
    /* C40 G3: seven */
    b = tb("lyckans-talisman", "1:9 2 3 5 7 9 11", "1:15", BOARD_WHITE);
    assert_int_equal(board_janblotta_count(&b, 0), 7);
}

static void free_points_and_runs(void **state)
{
    (void)state;
    /* C7: white has no free entry point */
    board_t b = tb("lyckans-talisman", "1:2 3 6 15:2 17 18:2 20:2 21:3 bar:1",
                   "2 4 14:2 16:3 17:3 20:3 bar:2", BOARD_WHITE);
    assert_int_equal(board_free_entry(&b, 0), 0);
    assert_int_equal(board_free_entry(&b, 1), 2);
    /* C26: six black bands on white 7..12 */
    b = tb("lyckans-talisman", "1:14 5", "19:3 20:3 21:2 22:2 23:3 24:2", BOARD_WHITE);
    assert_int_equal(board_band_run(&b, 0, 9), 6);
    assert_int_equal(board_band_run(&b, 0, 5), 0);
    assert_int_equal(board_longest_prime(&b, 1), 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spec_parse_and_format), cmocka_unit_test(spec_errors_have_offsets),
        cmocka_unit_test(geometry_mapping),      cmocka_unit_test(pips_and_rearmost),
        cmocka_unit_test(jan_predicates),        cmocka_unit_test(free_points_and_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
