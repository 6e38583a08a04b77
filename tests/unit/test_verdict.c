/* test_verdict.c - judging typed plays: legal, illegal, not enough, unparseable. */
#include "test_util.h"

#include "engine/verdict.h"
#include "test_genbuf.h"


static verdict_t judge(const char *rules, const char *w, const char *k, int turn, roll_t roll,
                       const char *text)
{
    rules_t r = tr(rules);
    board_t b = tb(r.name, w, k, turn);
    int n = movegen_plays(&b, &r, roll, buf);
    verdict_t v;
    verdict_judge(&b, &r, roll, text, buf, n, &v);
    return v;
}

static void legal_in_any_form(void **state)
{
    (void)state;
    const char *w = "21 24:2 off:12", *k = "19:5 20:5 21:5";
    roll_t r = {6, 2};
    assert_int_equal(judge("lyckans-talisman", w, k, BOARD_WHITE, r, "21/off 24/off").kind, VERDICT_LEGAL);
    assert_int_equal(judge("lyckans-talisman", w, k, BOARD_WHITE, r, "24/off 21/off").kind, VERDICT_LEGAL);
    assert_int_equal(judge("lyckans-talisman", w, k, BOARD_WHITE, r, "  24/OFF,21/Off ").kind, VERDICT_LEGAL);
    /* the order typed does not work, another does: legal, and said so */
    verdict_t o = judge("lyckans-talisman", w, k, BOARD_WHITE, r, "24/off 21/off");
    assert_true(o.reordered);
    assert_int_equal(o.nplayed, 2);
    assert_int_equal(o.played[0].from, 21);
    o = judge("lyckans-talisman", w, k, BOARD_WHITE, r, "21/off 24/off");
    assert_false(o.reordered);
    /* C3: one checker over two dice, chained or as one move */
    const char *w3 = "20 21:2 off:12", *k3 = "12:2 14:3 15:3 16:3 17:2 18:2";
    assert_int_equal(judge("lyckans-talisman", w3, k3, BOARD_WHITE, (roll_t){5, 3}, "20/23 21/off").kind,
                     VERDICT_LEGAL);
    /* C20: 1/9 with 5-3 via 4 or 6 */
    verdict_t v = judge("lyckans-talisman", "1:14 2", "1:11 17:2 19:2", BOARD_WHITE, (roll_t){5, 3}, "1/9");
    assert_int_equal(v.kind, VERDICT_LEGAL);
    /* hits marked or not */
    assert_int_equal(judge("lyckans-talisman", "20 off:14", "11 14:3 15:3 16:3 17:3 18:2", BOARD_WHITE,
                           (roll_t){5, 3}, "20/23*/off").kind,
                     VERDICT_LEGAL);
}

static void illegal_names_the_rule(void **state)
{
    (void)state;
    /* C1: 21/23 then 23/off moves only 4 of 5 possible pips */
    verdict_t v = judge("lyckans-talisman", "21 24:2 off:12", "19:5 20:5 21:5", BOARD_WHITE, (roll_t){6, 2},
                        "21/23 23/off");
    assert_int_equal(v.kind, VERDICT_NOT_ENOUGH);
    assert_int_equal(v.your_pips, 4);
    assert_int_equal(v.best_pips, 5);
    /* bearing off a non-rearmost checker with the 6 */
    v = judge("lyckans-talisman", "21 24:2 off:12", "19:5 20:5 21:5", BOARD_WHITE, (roll_t){6, 2},
              "24/off 24/off");
    assert_int_equal(v.kind, VERDICT_ILLEGAL);
    assert_int_equal(v.reason, RSN_BEAROFF_OVERSHOOT);
    /* band ban */
    v = judge("lyckans-talisman", "1:14 5", "1:15", BOARD_WHITE, (roll_t){4, 2}, "1/5 1/3");
    assert_int_equal(v.kind, VERDICT_ILLEGAL);
    assert_int_equal(v.reason, RSN_BAND_BAN);
    assert_int_equal(v.move_index, 0);
    /* bar first */
    v = judge("lyckans-talisman", "1:13 6 bar:1", "1:15", BOARD_WHITE, (roll_t){4, 2}, "6/10 bar/2");
    assert_int_equal(v.kind, VERDICT_LEGAL); /* written out of order, but playable as bar/2 6/10 */
    v = judge("lyckans-talisman", "1:13 6 bar:1", "1:15", BOARD_WHITE, (roll_t){4, 2}, "6/10 6/8");
    assert_int_equal(v.kind, VERDICT_ILLEGAL);
    assert_int_equal(v.reason, RSN_BAR_FIRST);
    /* C20: 2/10 with 5-3 needs a stop on 5 or 7, and both are black bands */
    v = judge("lyckans-talisman", "1:14 2", "1:11 17:2 19:2", BOARD_WHITE, (roll_t){5, 3}, "2/10");
    assert_int_equal(v.kind, VERDICT_ILLEGAL);
    assert_int_equal(v.reason, RSN_OPP_BAND);
    assert_int_equal(v.closed_stops, 2);
    assert_true((v.stops[0] == 5 && v.stops[1] == 7) || (v.stops[0] == 7 && v.stops[1] == 5));
    /* no die (or sum of dice left) makes the move */
    v = judge("lyckans-talisman", "1:2 3 6 15:2 17 18:2 20:2 21:3 bar:1", "2 4 14:2 16:3 17:3 20:3 bar:2",
              BOARD_WHITE, (roll_t){4, 1}, "bar/3");
    assert_int_equal(v.reason, RSN_NO_DIE);
    assert_int_equal(v.step.die, 3);
    v = judge("lyckans-talisman", "1:15", "1:15", BOARD_WHITE, (roll_t){6, 2}, "1/3 1/9");
    assert_int_equal(v.reason, RSN_NO_DIE);
    assert_int_equal(v.move_index, 1);
    assert_int_equal(v.step.die, 0);
    /* no die shows that */
    v = judge("lyckans-talisman", "1:15", "1:15", BOARD_WHITE, (roll_t){4, 2}, "1/6");
    assert_int_equal(v.kind, VERDICT_ILLEGAL);
    assert_int_equal(v.reason, RSN_NO_DIE);
    /* C9 (variant a): the band is not blastable while W3 is free */
    v = judge("theboard", "14:2 15 16:2 17:2 18:2 20:3 21:3", "1:3 19:2 20:2 21:2 22:2 23:2 bar:2",
              BOARD_BLACK, (roll_t){6, 2}, "bar/6");
    assert_int_equal(v.kind, VERDICT_ILLEGAL);
    assert_int_equal(v.reason, RSN_ENTRY_NOT_BLASTABLE);
    assert_int_equal(v.info.free_points, 1);
}

static void not_enough_and_empty(void **state)
{
    (void)state;
    /* the empty play when something can be played */
    verdict_t v = judge("lyckans-talisman", "1:15", "1:15", BOARD_WHITE, (roll_t){6, 5}, "-");
    assert_int_equal(v.kind, VERDICT_NOT_ENOUGH);
    /* one die when two can be played */
    v = judge("lyckans-talisman", "1:15", "1:15", BOARD_WHITE, (roll_t){6, 5}, "1/7");
    assert_int_equal(v.kind, VERDICT_NOT_ENOUGH);
    assert_int_equal(v.your_pips, 6);
    assert_int_equal(v.best_pips, 11);
    /* the empty play when nothing can be played (C18) */
    v = judge("lyckans-talisman", "1:15", "1:11 18:2 19:2", BOARD_WHITE, (roll_t){6, 5}, "pass");
    assert_int_equal(v.kind, VERDICT_LEGAL);
}

static void unparseable_says_where(void **state)
{
    (void)state;
    verdict_t v = judge("lyckans-talisman", "1:15", "1:15", BOARD_WHITE, (roll_t){6, 5}, "1/7 1/x");
    assert_int_equal(v.kind, VERDICT_UNPARSEABLE);
    assert_int_equal(v.typed.err, PARSE_ERR_TOKEN);
    assert_int_equal(v.typed.err_offset, 4);
    v = judge("lyckans-talisman", "1:15", "1:15", BOARD_WHITE, (roll_t){6, 5}, "1/27");
    assert_int_equal(v.kind, VERDICT_UNPARSEABLE);
    assert_int_equal(v.typed.err, PARSE_ERR_POINT);
    assert_int_equal(v.typed.err_offset, 2);
    v = judge("lyckans-talisman", "1:15", "1:15", BOARD_WHITE, (roll_t){6, 5}, "7/1");
    assert_int_equal(v.typed.err, PARSE_ERR_DIRECTION);
    v = judge("lyckans-talisman", "1:15", "1:15", BOARD_WHITE, (roll_t){6, 5}, "off/3");
    assert_int_equal(v.typed.err, PARSE_ERR_DIRECTION);
}

static void steps_after_the_game_ended(void **state)
{
    (void)state;
    /* vasa C15: 19/24 completes the crown at once; the 1 is not played */
    verdict_t v = judge("vasa", "19 20:3 21:3 22:3 23:3 24:2", "19:5 20:5 21:5", BOARD_WHITE, (roll_t){5, 1},
                        "19/24");
    assert_int_equal(v.kind, VERDICT_LEGAL);
    v = judge("vasa", "19 20:3 21:3 22:3 23:3 24:2", "19:5 20:5 21:5", BOARD_WHITE, (roll_t){5, 1},
              "19/24 20/21");
    assert_int_equal(v.kind, VERDICT_LEGAL);
    assert_int_equal(v.ignored_moves, 1);
}

/* rules.md D-15: the order written decides jan or sprängjan.  White's
 * band on Black's 6 is blastable (no free point); blasting it first leaves
 * White short of jan and the hit on 3 then makes the jan: only a jan. */
static void written_order_jan_or_sprangjan(void **state)
{
    (void)state;
    const char *w = "1:2 2 3 6 15 17 18:2 20:2 21:4", *k = "bar:4 2 4 16:3 17:3 20:3";
    roll_t r = {6, 3};
    const char *rulesets[] = {"lyckans-talisman", "helmfrid", "vasa"};
    for (int i = 0; i < 3; i++) {
        verdict_t v = judge(rulesets[i], w, k, BOARD_BLACK, r, "bar/6# bar/3*");
        assert_int_equal(v.kind, VERDICT_LEGAL);
        assert_int_equal(movegen_play(buf, v.play)->outcome.kind, OUT_SPRANGJAN);
        assert_true(v.written_jan);
        assert_int_equal(v.written.kind, OUT_JAN);
        assert_true(v.written.points < movegen_play(buf, v.play)->outcome.points);
        assert_int_equal(v.jan_at, 1);
        assert_true(v.played[1].flags & STEP_HIT);
        /* the same steps written hit first: the blast makes the jan */
        v = judge(rulesets[i], w, k, BOARD_BLACK, r, "bar/3* bar/6#");
        assert_int_equal(v.kind, VERDICT_LEGAL);
        assert_false(v.written_jan);
        /* unmarked, the order typed still counts */
        assert_true(judge(rulesets[i], w, k, BOARD_BLACK, r, "bar/6 bar/3").written_jan);
        assert_false(judge(rulesets[i], w, k, BOARD_BLACK, r, "bar/3 bar/6").written_jan);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(legal_in_any_form),        cmocka_unit_test(illegal_names_the_rule),
        cmocka_unit_test(not_enough_and_empty),     cmocka_unit_test(unparseable_says_where),
        cmocka_unit_test(steps_after_the_game_ended), cmocka_unit_test(written_order_jan_or_sprangjan),
    };
    return cmocka_run_group_tests(tests, buf_setup, buf_teardown);
}
