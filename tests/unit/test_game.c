/* test_game.c - teka, the one-die rule, giving up, draw rule, cube, matches. */
#include "test_util.h"

#include "engine/game.h"
#include "engine/match.h"

static void teka(void **state)
{
    (void)state;
    rules_t lt = tr("lyckans-talisman"), bg = tr("backgammon");
    assert_int_equal(game_teka(&lt, 2, 5), BOARD_WHITE);
    assert_int_equal(game_teka(&lt, 5, 2), BOARD_BLACK);
    assert_int_equal(game_teka(&lt, 3, 3), -1);
    assert_int_equal(game_teka(&bg, 2, 5), BOARD_BLACK);
}

static void one_die_series(void **state)
{
    (void)state;
    /* C15/C17: the crown is one single step away */
    rules_t lt = tr("lyckans-talisman"), tba = tr("theboard+one-die-rule=n-by-first-die"), v = tr("vasa");
    board_t b = tb("lyckans-talisman", "19 20:3 21:3 22:3 23:3 24:2", "19:5 20:5 21:5", BOARD_WHITE);
    game_t g;
    game_from_board(&g, &v, &b);
    assert_false(game_one_die_eligible(&g)); /* obsolete under vasa */
    game_from_board(&g, &lt, &b);
    assert_true(game_one_die_eligible(&g));
    assert_true(game_declare_one_die(&g));
    assert_int_equal(game_dice_to_roll(&g), 1);
    movegen_buf_t *buf = movegen_buf_new();
    /* roll 4, play 19/23: no crown; two more single-die rolls follow (3 in all) */
    int n = movegen_plays(&g.board, &lt, (roll_t){4, 0}, buf);
    int k = has_result(buf, n, "20:3 21:3 22:3 23:4 24:2", "19:5 20:5 21:5");
    assert_true(k);
    int told[2];
    game_series_owed(&g, 4, told);
    assert_int_equal(told[0], 2); /* the rolls owed once this one is played */
    game_play(&g, movegen_play(buf, k - 1), 1, 4);
    assert_int_equal(g.one_die_left[BOARD_WHITE], 2);
    /* the other side's series counts too, seen from its opponent's turn */
    g.board.turn = BOARD_BLACK;
    g.one_die_left[BOARD_BLACK] = 1;
    game_series_owed(&g, 3, told);
    assert_int_equal(told[0], 0);
    assert_int_equal(told[1], 2);
    g.one_die_left[BOARD_BLACK] = 0;
    /* game_series_of_roll: black's two dice while white owes two single
     * dice are played in white's series; a single die black has no series
     * for, in none */
    int of[2] = {-1, -1};
    assert_ptr_equal(game_series_of_roll(&g, (roll_t){6, 3}, of), of);
    assert_int_equal(of[0], 0);
    assert_int_equal(of[1], 2);
    assert_null(game_series_of_roll(&g, (roll_t){3, 0}, of));
    g.board.turn = BOARD_WHITE;
    /* white's next single die: as game_series_owed says; two dice (not
     * white's to roll now) in no series, black owing none */
    assert_ptr_equal(game_series_of_roll(&g, (roll_t){3, 0}, of), of);
    game_series_owed(&g, 3, told);
    assert_true(of[0] == told[0] && of[1] == told[1] && of[0] == 1);
    assert_null(game_series_of_roll(&g, (roll_t){6, 3}, of));
    /* The Board's add-on: as many more rolls as the first die showed */
    game_from_board(&g, &tba, &b);
    assert_true(game_declare_one_die(&g));
    n = movegen_plays(&g.board, &tba, (roll_t){4, 0}, buf);
    k = has_result(buf, n, "20:3 21:3 22:3 23:4 24:2", "19:5 20:5 21:5");
    int owed[2];
    game_series_owed(&g, 4, owed); /* what the analysis is told before the play */
    int lone[2];
    assert_true(game_lone_die_series(&tba, (roll_t){4, 0}, lone)); /* a single 4 met outside a game */
    assert_true(lone[0] == 4 && lone[1] == 0);
    assert_true(game_lone_die_series(&lt, (roll_t){4, 0}, lone) && lone[0] == 2);
    assert_false(game_lone_die_series(&lt, (roll_t){4, 2}, lone));
    assert_false(game_lone_die_series(&v, (roll_t){4, 0}, lone));
    assert_int_equal(owed[0], 4);
    assert_int_equal(owed[1], 0);
    game_play(&g, movegen_play(buf, k - 1), 1, 4);
    assert_int_equal(g.one_die_left[BOARD_WHITE], 4);
    /* a single 5 completes the crown and wins */
    game_from_board(&g, &lt, &b);
    game_declare_one_die(&g);
    n = movegen_plays(&g.board, &lt, (roll_t){5, 0}, buf);
    k = has_result(buf, n, "20:3 21:3 22:3 23:3 24:3", "19:5 20:5 21:5");
    assert_true(k);
    assert_int_equal(movegen_play(buf, k - 1)->outcome.kind, OUT_ENKELT_KRONSPEL);
    movegen_buf_free(buf);
}

static void giving_up(void **state)
{
    (void)state;
    rules_t lt = tr("lyckans-talisman");
    game_t g;
    /* C40 G1: a clean history may give up */
    board_t b = tb("lyckans-talisman", "1:11 3 5 8 10", "1:15", BOARD_WHITE);
    game_from_board(&g, &lt, &b);
    assert_true(game_may_resign(&g, NULL, 0));
    /* G2: a janband earlier in the game forbids it */
    g.janband[BOARD_WHITE] = true;
    assert_false(game_may_resign(&g, NULL, 0));
    /* G3: the janblotta is out */
    b = tb("lyckans-talisman", "1:9 2 3 5 7 9 11", "1:15", BOARD_WHITE);
    game_from_board(&g, &lt, &b);
    assert_false(game_may_resign(&g, NULL, 0));
    /* The Board has no giving up */
    rules_t tbc = tr("theboard");
    b = tb("theboard", "1:11 3 5 8 10", "1:15", BOARD_WHITE);
    game_from_board(&g, &tbc, &b);
    assert_false(game_may_resign(&g, NULL, 0));
    /* resigning scores the give-up value */
    game_from_board(&g, &lt, &b);
    game_resign(&g);
    assert_int_equal(g.phase, GAME_OVER);
    assert_int_equal(g.winner, BOARD_BLACK);
    assert_int_equal(g.points, 1);
}

static void draw_rule(void **state)
{
    (void)state;
    /* C24: white started, bears off its last checker; black (3 left) replies */
    rules_t r = tr("lyckans-talisman+draw-rule=on");
    board_t b = tb("lyckans-talisman", "24 off:14", "20 23:2 off:12", BOARD_WHITE);
    game_t g;
    game_from_board(&g, &r, &b);
    movegen_buf_t *buf = movegen_buf_new();
    int n = movegen_plays(&g.board, &r, (roll_t){2, 1}, buf);
    assert_int_equal(n, 1);
    game_play(&g, movegen_play(buf, 0), 2, 2);
    assert_int_equal(g.phase, GAME_DRAW_REPLY);
    game_t h = g;
    n = movegen_plays(&g.board, &r, (roll_t){3, 3}, buf);
    assert_int_equal(n, 1);
    game_play(&g, movegen_play(buf, 0), 2, 3);
    assert_int_equal(g.phase, GAME_OVER);
    assert_int_equal(g.winner, -1);
    assert_int_equal(g.points, 0);
    n = movegen_plays(&h.board, &r, (roll_t){6, 5}, buf);
    game_play(&h, movegen_play(buf, 0), 2, 6);
    assert_int_equal(h.winner, BOARD_WHITE);
    assert_int_equal(h.points, 1);
    movegen_buf_free(buf);
}

static void cube(void **state)
{
    (void)state;
    rules_t bg = tr("backgammon");
    game_t g;
    game_new(&g, &bg, BOARD_WHITE);
    assert_true(game_may_double(&g));
    game_double(&g);
    game_take(&g);
    assert_int_equal(g.cube, 2);
    assert_int_equal(g.cube_owner, BOARD_BLACK);
    assert_false(game_may_double(&g)); /* white does not own it */
    game_t h = g;
    board_swap(&h.board);
    assert_true(game_may_double(&h));
    game_double(&h);
    game_drop(&h);
    assert_int_equal(h.winner, BOARD_BLACK);
    assert_int_equal(h.points, 2);
    rules_t lt = tr("lyckans-talisman");
    game_new(&g, &lt, BOARD_WHITE);
    assert_false(game_may_double(&g));
}

static outcome_t scored(const rules_t *r, outcome_kind_t k, int munk)
{
    outcome_t o = {k, munk, 1, 0, 0};
    outcome_score(&o, r);
    return o;
}

static void record(match_t *m, const rules_t *r, int winner, outcome_kind_t k, int munk)
{
    outcome_t o = scored(r, k, munk);
    match_record(m, winner, &o, o.points);
}

static void matches(void **state)
{
    (void)state;
    /* C31: Lyckans Talisman, Ny 2, best of five */
    rules_t r = tr("lyckans-talisman+scoring=ny2");
    match_t m;
    match_new(&m, &r, 5);
    outcome_t jan = scored(&r, OUT_JAN, 0), hem = scored(&r, OUT_HEMSPEL, 0),
              trapp = scored(&r, OUT_TRAPPSPEL, 1);
    match_record(&m, 0, &jan, jan.points);
    match_record(&m, 0, &hem, hem.points);
    match_record(&m, 0, &hem, hem.points);
    assert_int_equal(m.points[0], 13);
    assert_false(match_decided(&m));
    match_record(&m, 1, &trapp, trapp.points);
    assert_int_equal(m.points[1], 5);
    assert_true(match_decided(&m));
    assert_int_equal(m.winner, 0);
    /* C33: Helmfrid best of three: 2-2 on points, B wins on skiljepoäng */
    rules_t h = tr("helmfrid");
    match_new(&m, &h, 3);
    record(&m, &h, 0, OUT_HEMSPEL, 0);
    record(&m, &h, 0, OUT_TRAPPSPEL, 0);
    record(&m, &h, 1, OUT_JAN, 0);
    assert_true(m.over);
    assert_int_equal(m.points[0], 2);
    assert_int_equal(m.points[1], 2);
    assert_int_equal(m.winner, 1);
    /* C34: Helmfrid early decision, best of five */
    match_new(&m, &h, 5);
    record(&m, &h, 0, OUT_JAN, 0);
    record(&m, &h, 0, OUT_HEMSPEL, 0);
    record(&m, &h, 0, OUT_HEMSPEL, 0);
    record(&m, &h, 1, OUT_TRAPPSPEL, 1);
    assert_int_equal(m.marks[0], 2);
    assert_true(m.over);
    assert_int_equal(m.winner, 0);
    /* a given-up game extends the match; Helmfrid caps give-ups at the length */
    match_new(&m, &h, 1);
    outcome_t resign = scored(&h, OUT_RESIGN, 0);
    assert_true(match_may_resign(&m, 1));
    match_record(&m, 0, &resign, resign.points);
    assert_int_equal(match_games_left(&m), 1);
    assert_false(match_may_resign(&m, 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(teka),      cmocka_unit_test(one_die_series), cmocka_unit_test(giving_up),
        cmocka_unit_test(draw_rule), cmocka_unit_test(cube),           cmocka_unit_test(matches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
