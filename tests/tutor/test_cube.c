/* test_cube.c - the doubling cube: Janowski's money-game model
 * (analysis/cube.h) against figures worked by hand, its words
 * (tutor/cubejudge.h), and the cube in a game (tutor/play.h): the engine
 * doubles, a person takes or drops after the tutor's warning, a person
 * doubles and the engine answers, a double after the roll or by the side
 * without the cube is refused, and the record replays (review.h), a
 * damaged cube line failing with its line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/cube.h"
#include "tutor/cubejudge.h"
#include "tutor/play.h"
#include "tutor/playrec.h"
#include "tutor/review.h"

#define assert_near(a, b, eps) assert_true(fabs((a) - (b)) < (eps))

/* A cubeless evaluation with no gammons: wins p. */
static eval_t plain(double p)
{
    eval_t e;
    eval_zero(&e);
    e.win[OUT_SINGLE] = p;
    e.lose[OUT_SINGLE] = 1 - p;
    e.equity = 2 * p - 1;
    return e;
}

/* Without gammons, x = 0.68: worked by hand from the model (cube.h).
 * Live take point 0.2, cash point 0.8; the doubled side's take point
 * with x is 0.5 / 2.34, so a take is right up to p = 1 - 0.5 / 2.34. */
static void janowski_by_hand(void **state)
{
    (void)state;
    cube_decision_t d;
    eval_t e = plain(0.75);
    cube_decide(&e, CUBE_CENTRED, 0.68, &d);
    /* dead 0.5; live centred -1 + 2 (0.55 / 0.6); live theirs -1 + 2 (0.55 / 0.8) */
    assert_near(d.nd, 0.32 * 0.5 + 0.68 * (-1 + 2 * 0.55 / 0.6), 1e-12);
    assert_near(d.dt, 2 * (0.32 * 0.5 + 0.68 * (-1 + 2 * 0.55 / 0.8)), 1e-12);
    assert_int_equal(d.action, CUBE_DOUBLE_TAKE);
    assert_true(d.take);
    e = plain(0.6);
    cube_decide(&e, CUBE_CENTRED, 0.68, &d);
    assert_int_equal(d.action, CUBE_NO_DOUBLE);
    assert_near(cube_double_cost(&d, false), 0, 1e-12);
    assert_near(cube_double_cost(&d, true), d.nd - d.dt, 1e-12);
    e = plain(0.8);
    cube_decide(&e, CUBE_CENTRED, 0.68, &d);
    assert_int_equal(d.action, CUBE_DOUBLE_PASS);
    assert_false(d.take);
    assert_near(cube_take_cost(&d, true), d.dt - 1, 1e-12);
    assert_near(cube_take_cost(&d, false), 0, 1e-12);
    /* the take point: dt crosses 1 at p = 1 - 0.5 / 2.34 */
    double tp = 1 - 0.5 / 2.34;
    e = plain(tp - 1e-6);
    cube_decide(&e, CUBE_CENTRED, 0.68, &d);
    assert_true(d.take);
    e = plain(tp + 1e-6);
    cube_decide(&e, CUBE_CENTRED, 0.68, &d);
    assert_false(d.take);
    /* with a dead cube (x = 0) the take point is the textbook 25% */
    e = plain(0.75 - 1e-6);
    cube_decide(&e, CUBE_CENTRED, 0, &d);
    assert_true(d.take);
    e = plain(0.75 + 1e-6);
    cube_decide(&e, CUBE_CENTRED, 0, &d);
    assert_false(d.take);
    /* the opponent's cube: no access */
    cube_decide(&e, CUBE_THEIRS, 0.68, &d);
    assert_false(d.may_double);
    assert_int_equal(d.action, CUBE_NO_DOUBLE);
}

/* Gammons: a big favourite with many gammons is too good to double; the
 * no-double equity rises with p for every owner. */
static void gammons_and_order(void **state)
{
    (void)state;
    eval_t e;
    eval_zero(&e);
    e.win[OUT_SINGLE] = 0.45;
    e.win[OUT_GAMMON] = 0.45;
    e.lose[OUT_SINGLE] = 0.10;
    cube_decision_t d;
    cube_decide(&e, CUBE_CENTRED, 0.68, &d);
    assert_int_equal(d.action, CUBE_TOO_GOOD);
    assert_true(d.nd > 1);
    assert_near(d.w, 1.5, 1e-12);
    assert_near(cube_double_cost(&d, true), d.nd - 1, 1e-12);
    for (int o = CUBE_CENTRED; o <= CUBE_THEIRS; o++) {
        double last = -10;
        for (int i = 0; i <= 100; i++) {
            eval_t p = plain(i / 100.0);
            cube_decide(&p, (cube_owner_t)o, 0.68, &d);
            assert_true(d.nd >= last - 1e-12);
            last = d.nd;
        }
        /* the ends are the cubeless ones: -1 and +1 */
        eval_t p = plain(0);
        cube_decide(&p, (cube_owner_t)o, 0.68, &d);
        assert_near(d.nd, -1, 1e-12);
        p = plain(1);
        cube_decide(&p, (cube_owner_t)o, 0.68, &d);
        assert_near(d.nd, 1, 1e-12);
    }
}

static play_opts_t from(const char *posid, seat_kind_t white, seat_kind_t black)
{
    play_opts_t o;
    play_default_opts(&o);
    o.rules = tr("backgammon");
    o.seat[BOARD_WHITE] = (play_seat_t){white, 2};
    o.seat[BOARD_BLACK] = (play_seat_t){black, 2};
    o.seed = 5;
    assert_null(play_set_position(&o, posid, BOARD_WHITE));
    return o;
}

/* White 66 pips against 78, on roll: double, and a pass (the net's
 * race is near exact here).  The engine doubles; the person's take is
 * warned about, then made; or the person drops and the game is over. */
static void engine_doubles(void **state)
{
    (void)state;
    strbuf_t out;
    strbuf_init(&out);
    play_opts_t o = from("7N4zAAC2ew8AAA", SEAT_ENGINE, SEAT_HUMAN);
    play_game_t *g = play_new(&o, &out);
    assert_int_equal(g->state, PS_CUBE);
    assert_non_null(strstr(strbuf_str(&g->record), "\nwhite doubles\n"));
    assert_int_equal(play_take(g, &out), PA_WARNED);
    assert_non_null(strstr(strbuf_str(&out), "Tutor: A very bad take"));
    assert_int_equal(g->state, PS_CUBE);
    assert_int_equal(play_take(g, &out), PA_PLAYED);
    assert_int_equal(g->game.cube, 2);
    assert_int_equal(g->game.cube_owner, BOARD_BLACK);
    assert_int_equal(g->state, PS_ENGINE); /* the doubler rolls */
    play_engine(g, &out);
    assert_non_null(strstr(strbuf_str(&g->record), "\nblack takes\nwhite "));
    play_free(g);
    g = play_new(&o, &out);
    assert_int_equal(play_drop(g, &out), PA_PLAYED);
    assert_int_equal(g->state, PS_OVER);
    assert_int_equal(g->game.result.kind, OUT_DROP);
    assert_int_equal(g->game.winner, BOARD_WHITE);
    assert_int_equal(g->game.points, 1);
    assert_non_null(strstr(strbuf_str(&g->record), "\nblack drops\nresult white drop 1\n"));
    assert_int_equal(play_take(g, &out), PA_NOT_NOW);
    play_free(g);
    strbuf_free(&out);
}

/* White 66 against 71, on roll: double, and a take.  Rolling on is
 * warned about (with the warning class lowered to doubtful), the double
 * is taken, and a second double (after the roll, and by the side without
 * the cube) is refused. */
static void person_doubles(void **state)
{
    (void)state;
    strbuf_t out;
    strbuf_init(&out);
    play_opts_t o = from("2r0XAAC2ew8AAA", SEAT_HUMAN, SEAT_ENGINE);
    o.warn_at = GRADE_DOUBTFUL;
    play_game_t *g = play_new(&o, &out);
    assert_int_equal(g->state, PS_ROLL);
    assert_true(play_may_double(g));
    assert_true(play_dice(g, NULL, 0, &out));
    assert_int_equal(g->state, PS_ROLL); /* warned, not rolled */
    assert_non_null(strstr(strbuf_str(&out), "missed double"));
    assert_int_equal(play_double(g, &out), PA_PLAYED);
    assert_int_equal(g->state, PS_HUMAN);
    assert_int_equal(g->game.cube, 2);
    assert_int_equal(g->game.cube_owner, BOARD_BLACK);
    assert_int_equal(play_double(g, &out), PA_NOT_NOW);
    assert_non_null(strstr(strbuf_str(&out), "before the roll"));
    /* hint speaks of the play now, not of the cube */
    strbuf_clear(&out);
    play_hint(g, NULL, &out);
    assert_null(strstr(strbuf_str(&out), "The cube"));
    play_free(g);
    /* the tutor off: rolling on is not questioned */
    o.tutor = PLAY_TUTOR_OFF;
    g = play_new(&o, &out);
    assert_true(play_dice(g, NULL, 0, &out));
    assert_int_equal(g->state, PS_HUMAN);
    play_free(g);
    strbuf_free(&out);
}

/* The words agree with the decision: the take point the words give lies
 * on the right side of the doubled side's chance. */
static void words_agree(void **state)
{
    (void)state;
    const char *ids[] = {"2r0XAAC2ew8AAA", "7N4zAAC2ew8AAA", "4HPwATDgc/ABMA"};
    rules_t r = tr("backgammon");
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    for (int i = 0; i < 3; i++) {
        play_opts_t o = from(ids[i], SEAT_HUMAN, SEAT_HUMAN);
        game_t gm;
        game_from_board(&gm, &r, &o.start);
        cubejudge_t j;
        cubejudge_eval(sc, &gm, 1, NULL, NULL, &j);
        assert_true(j.take_point > 0.1 && j.take_point < 0.4);
        assert_int_equal(j.d.take, 1 - j.d.p_win >= j.take_point - 1e-6);
        char buf[1024];
        cubejudge_verdict(&j, LANG_EN, buf, sizeof buf);
        const char *want = j.d.action == CUBE_NO_DOUBLE     ? "No double"
                           : j.d.action == CUBE_DOUBLE_TAKE ? "Double, and Black should take"
                           : j.d.action == CUBE_DOUBLE_PASS ? "Double, and Black should pass"
                                                            : "Too good";
        assert_non_null(strstr(buf, want));
        /* the equities are per point of the cube, and say so when the cube
         * stands higher (newcomer F18) */
        cubejudge_summary(&j, LANG_EN, buf, sizeof buf);
        assert_non_null(strstr(buf, "(a cube of 1)."));
        j.cube = 2;
        cubejudge_summary(&j, LANG_EN, buf, sizeof buf);
        assert_non_null(strstr(buf, "(per point of the cube: with the cube at 2, 2 times that)."));
        assert_null(strstr(buf, "a cube of 1"));
    }
    search_ctx_free(sc);
}

/* Records with the cube replay; damaged cube lines fail with their line. */
static void cube_records(void **state)
{
    (void)state;
    const char *head = "brade-game 1\nrules backgammon\nseed 1\nwhite human\nblack human\ndice auto\n";
    char rec[1024];
    playrec_t pr;
    review_t rv;
    review_opts_t ro;
    review_default_opts(&ro);
    ro.plies = 0;
    int line;
    char msg[256];
    struct {
        const char *body;
        int line;        /* 0: replays */
        const char *why;
    } cases[] = {
        {"teka 3 1\nwhite 3-1 8/5 6/5\nblack doubles\nwhite takes\nblack 6-4 24/18 13/9\nwhite doubles\nblack drops\n"
         "result white drop 2\n", 0, NULL},
        {"teka 3 1\nwhite doubles\n", 8, "teka's"},
        {"teka 3 1\nwhite 3-1 8/5 6/5\nwhite takes\n", 9, "no double waits"},
        {"teka 3 1\nwhite 3-1 8/5 6/5\nblack doubles\nwhite 6-4 24/18 13/9\n", 10, "waits for an answer"},
        {"teka 3 1\nwhite 3-1 8/5 6/5\nblack doubles\nwhite takes\nblack 6-4 24/18 13/9\nwhite 6-4 24/18 13/9\n"
         "black doubles\n", 13, "the other side holds the cube"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(rec, sizeof rec, "%s%s", head, cases[i].body);
        assert_true(playrec_parse(rec, strlen(rec), &pr, &line, msg, sizeof msg));
        bool ok = review_run(&pr, &ro, NULL, &rv);
        assert_int_equal(ok, cases[i].line == 0);
        if (ok) {
            assert_true(rv.finished);
            assert_int_equal(rv.game.points, 2);
            assert_int_equal(rv.side[BOARD_WHITE].cube_decisions + rv.side[BOARD_BLACK].cube_decisions >= 3, 1);
        } else {
            assert_int_equal(rv.error_line, cases[i].line);
            assert_non_null(strstr(rv.error, cases[i].why));
        }
        review_free(&rv);
        playrec_free(&pr);
    }
    /* no cube in bräde */
    snprintf(rec, sizeof rec, "brade-game 1\nrules helmfrid\nseed 1\nwhite human\nblack human\ndice auto\nteka 2 5\n"
                              "white doubles\n");
    assert_false(playrec_parse(rec, strlen(rec), &pr, &line, msg, sizeof msg));
    assert_int_equal(line, 8);
    assert_non_null(strstr(msg, "no doubling cube"));
}

/* The match table: symmetric, 50% at equal scores, lower the further
 * away; after the Crawford game the leader's chance rises with the
 * trailer's distance; a Crawford-game entry lies between the scores it
 * can lead to. */
static void match_table(void **state)
{
    (void)state;
    cube_met_t *t = malloc(sizeof *t);
    cube_met_init(t);
    for (int a = 1; a < CUBE_MET_MAX; a++)
        for (int b = 1; b < CUBE_MET_MAX; b++) {
            assert_near(cube_met(t, a, b, false) + cube_met(t, b, a, false), 1, 1e-12);
            if (a == b)
                assert_near(cube_met(t, a, b, false), 0.5, 1e-12);
            if (a + 1 < CUBE_MET_MAX)
                assert_true(cube_met(t, a + 1, b, false) < cube_met(t, a, b, false));
        }
    assert_near(cube_met(t, 0, 5, false), 1, 1e-15);
    assert_near(cube_met(t, 5, 0, false), 0, 1e-15);
    assert_near(cube_met(t, 1, 1, true), 0.5, 1e-12);
    for (int b = 2; b + 1 < CUBE_MET_MAX; b++) {
        assert_true(cube_met(t, 1, b + 1, true) >= cube_met(t, 1, b, true) - 1e-12);
        /* 2-away after Crawford: the trailer's double makes any win enough: 50% */
        assert_true(cube_met(t, 1, b, true) > (b == 2 ? 0.5 - 1e-12 : 0.5) && cube_met(t, 1, b, true) < 1);
    }
    /* 1-away against 2-away: the Crawford game is worth more than after it
     * (after it the trailer's double makes any win enough for it) */
    assert_true(cube_met(t, 1, 2, false) > cube_met(t, 1, 2, true));
    free(t);
}

/* Match cube decisions: at double match point (both 1-away) a double
 * changes nothing and is never right; in the Crawford game nobody may
 * double; after it the trailer doubles at once; the numbers are the
 * match-winning chances normalised to the cube. */
static void match_decisions(void **state)
{
    (void)state;
    cube_met_t *t = malloc(sizeof *t);
    cube_met_init(t);
    cube_decision_t d;
    eval_t e;
    eval_zero(&e);
    e.win[OUT_SINGLE] = 0.6;
    e.win[OUT_GAMMON] = 0.1;
    e.lose[OUT_SINGLE] = 0.3;
    cube_match_t dmp = {1, 1, false, true};
    cube_decide_match(&e, CUBE_CENTRED, 0.68, 1, &dmp, t, &d);
    assert_true(d.match);
    assert_near(d.mwc_nd, 0.7, 1e-9);
    assert_near(d.mwc_dt, 0.7, 1e-9);
    assert_int_equal(d.action, CUBE_NO_DOUBLE);
    cube_match_t crawford = {2, 1, true, false};
    cube_decide_match(&e, CUBE_CENTRED, 0.68, 1, &crawford, t, &d);
    assert_false(d.may_double);
    assert_int_equal(d.action, CUBE_NO_DOUBLE);
    eval_t even = plain(0.5);
    cube_match_t trailer = {2, 1, false, true};
    cube_decide_match(&even, CUBE_CENTRED, 0.68, 1, &trailer, t, &d);
    assert_int_equal(d.action, CUBE_DOUBLE_TAKE);
    assert_near(d.dp, 1, 1e-15);
    assert_near(d.mwc_dp, cube_met(t, 1, 1, true), 1e-12); /* the leader's drop leaves double match point */
    /* a money-like score far from the end decides as a money game does */
    cube_match_t far = {25, 25, false, false};
    for (int i = 0; i <= 10; i++) {
        eval_t p = plain(0.5 + i * 0.05);
        cube_decision_t money;
        cube_decide(&p, CUBE_CENTRED, 0.68, &money);
        cube_decide_match(&p, CUBE_CENTRED, 0.68, 1, &far, t, &d);
        assert_near(d.nd, money.nd, 0.08);
    }
    free(t);
}

/* In a match a cube error is said in the chance to win the match, as the
 * hint says it (newcomer F11): the trailer 2-away after the Crawford game,
 * winning 70%, should double and the leader should pass; not doubling
 * gives away match-winning chance, and so does the leader's take. */
static void match_cube_words(void **state)
{
    (void)state;
    cube_met_t *t = malloc(sizeof *t);
    cube_met_init(t);
    cubejudge_t j;
    memset(&j, 0, sizeof j);
    eval_t good = plain(0.7);
    j.m = (cube_match_t){2, 1, false, true};
    cube_decide_match(&good, CUBE_CENTRED, 0.68, 1, &j.m, t, &j.d);
    j.e = good;
    j.cube = 1;
    j.doubler = BOARD_WHITE;
    j.take_point = 0.3;
    j.match = true;
    assert_int_equal(j.d.action, CUBE_DOUBLE_PASS);
    grade_thresholds_t th;
    grade_default(&th);
    const rules_t *bg = rules_preset("backgammon");
    char buf[1024];
    double lost;
    grade_t g = cubejudge_double(&j, false, &th, bg, LANG_EN, &lost, buf, sizeof buf);
    double best = j.d.mwc_dt < j.d.mwc_dp ? j.d.mwc_dt : j.d.mwc_dp;
    char want[160];
    snprintf(want, sizeof want, "it gives away %.1f%% of the chance to win the match (%.1f%% instead of %.1f%%)",
             100 * (best - j.d.mwc_nd), 100 * j.d.mwc_nd, 100 * best);
    assert_true(g > GRADE_FINE);
    assert_non_null(strstr(buf, want));
    assert_null(strstr(buf, "points"));
    g = cubejudge_double(&j, true, &th, bg, LANG_EN, &lost, buf, sizeof buf);
    assert_int_equal(g, GRADE_FINE);
    assert_non_null(strstr(buf, "Right to double."));
    /* the leader's take loses the game's 30% against double match point's 50% */
    g = cubejudge_take(&j, true, &th, bg, LANG_SV, &lost, buf, sizeof buf);
    assert_true(g > GRADE_FINE);
    assert_non_null(strstr(buf, "av chansen att vinna matchen"));
    free(t);
}

/* Backgammon match scoring: points times the cube, the Crawford game
 * after a player first comes within one point, the winner at the length. */
static void match_scoring(void **state)
{
    (void)state;
    rules_t r = tr("backgammon");
    match_t m;
    match_new(&m, &r, 5);
    assert_true(m.to_points);
    outcome_t single = {OUT_SINGLE, 0, 0, 1, 0}, gammon = {OUT_GAMMON, 0, 0, 2, 0};
    match_record(&m, BOARD_WHITE, &gammon, 4); /* a gammon at a cube of 2 */
    assert_int_equal(m.points[BOARD_WHITE], 4);
    assert_true(m.crawford && !m.over);
    assert_int_equal(match_away(&m, BOARD_WHITE), 1);
    match_record(&m, BOARD_BLACK, &single, 1);
    assert_false(m.crawford); /* only one Crawford game */
    assert_true(m.crawford_done);
    match_record(&m, BOARD_BLACK, &single, 2);
    match_record(&m, BOARD_BLACK, &single, 1);
    assert_int_equal(m.points[BOARD_BLACK], 4);
    assert_false(m.crawford);
    assert_false(m.over);
    match_record(&m, BOARD_BLACK, &single, 2);
    assert_true(m.over);
    assert_int_equal(m.winner, BOARD_BLACK);
    /* the Crawford game has no cube */
    game_t g;
    game_new(&g, &r, BOARD_WHITE);
    assert_true(game_may_double(&g));
    g.crawford = true;
    assert_false(game_may_double(&g));
}

/* A backgammon match between engines at the default level replays from
 * its record to the same score, and reviewed at the engine's own depth
 * (1-ply) every cube decision of both sides is found right: the review
 * sees the same score, Crawford game and table as the players did. */
static void match_replays(void **state)
{
    (void)state;
    play_opts_t o;
    play_default_opts(&o);
    o.rules = tr("backgammon");
    o.seat[BOARD_WHITE] = (play_seat_t){SEAT_ENGINE, 2};
    o.seat[BOARD_BLACK] = (play_seat_t){SEAT_ENGINE, 2};
    o.match_length = 5;
    int crawford_games = 0, cube_items = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        o.seed = seed;
        strbuf_t out;
        strbuf_init(&out);
        play_game_t *g = play_new(&o, &out);
        for (int guard = 0; g->state == PS_ENGINE && guard < 20000; guard++)
            play_engine(g, &out);
        assert_int_equal(g->state, PS_OVER);
        assert_true(g->match.over);
        crawford_games += strstr(strbuf_str(&out), "The Crawford game") != NULL;
        const char *rec = strbuf_str(&g->record);
        playrec_t pr;
        int line;
        char msg[256];
        assert_true(playrec_parse(rec, strlen(rec), &pr, &line, msg, sizeof msg));
        review_opts_t ro;
        review_default_opts(&ro);
        ro.all = true;
        review_t rv;
        assert_true(review_run(&pr, &ro, NULL, &rv));
        assert_true(rv.finished);
        assert_int_equal(rv.match.winner, g->match.winner);
        assert_int_equal(rv.match.points[0], g->match.points[0]);
        assert_int_equal(rv.match.points[1], g->match.points[1]);
        for (int c = 0; c < 2; c++) {
            assert_true(rv.side[c].cube_lost < 1e-9);
            cube_items += rv.side[c].cube_decisions;
        }
        review_free(&rv);
        playrec_free(&pr);
        play_free(g);
        strbuf_free(&out);
    }
    assert_true(crawford_games >= 1);
    assert_true(cube_items >= 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(janowski_by_hand),
        cmocka_unit_test(gammons_and_order),
        cmocka_unit_test(engine_doubles),
        cmocka_unit_test(person_doubles),
        cmocka_unit_test(words_agree),
        cmocka_unit_test(cube_records),
        cmocka_unit_test(match_table),
        cmocka_unit_test(match_decisions),
        cmocka_unit_test(match_cube_words),
        cmocka_unit_test(match_scoring),
        cmocka_unit_test(match_replays),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
