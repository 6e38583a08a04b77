/* test_rollrank.c - plays ranked by rollouts over a search (src/analysis/
 * rollrank.c): when the tutor rolls a race out, with what dice, how the
 * ranking is sorted and what a play not rolled out gives up. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test_util.h"

#include "analysis/evalnet.h"
#include "analysis/rollrank.h"
#include "engine/posid.h"

/* A vasa race (stop 67's position 21 of the seed-3 race judge), its 1-5
 * has 16 plays. */
static const char *const RACE_ID = "BAEC0/Q4AAF23LQ";

static board_t race_board(void)
{
    board_t b;
    assert_true(posid_read(GEOM_BRADE, RACE_ID, &b));
    return b;
}

/* Races under vasa and theboard (any options), nothing else: not a
 * contact position, not the other rulesets, not another evaluator. */
static void which_positions(void **state)
{
    (void)state;
    board_t race = race_board(), start;
    board_start(&start, GEOM_BRADE, BOARD_WHITE);
    const char *yes[] = {"vasa", "theboard", "vasa+bearoff=exact-only"};
    const char *no[] = {"lyckans-talisman", "helmfrid", "lyckans-talisman+bearoff=exact-only"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        rules_t r = tr(yes[i]);
        assert_true(rollrank_race_wanted(&race, &r, EVAL_DEFAULT));
        assert_false(rollrank_race_wanted(&start, &r, EVAL_DEFAULT));
        assert_false(rollrank_race_wanted(&race, &r, EVAL_LINEAR));
    }
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
        rules_t r = tr(no[i]);
        assert_false(rollrank_race_wanted(&race, &r, EVAL_DEFAULT));
    }
    /* backgammon's races are not bräde's */
    rules_t bg = tr("backgammon");
    board_t bgrace = tb("backgammon", "1:5 2:5 3:5", "1:5 2:5 3:5", BOARD_WHITE);
    assert_int_equal(evalnet_phase(&bgrace), EVALNET_RACE);
    assert_false(rollrank_race_wanted(&bgrace, &bg, EVAL_DEFAULT));
}

/* The race rollouts' dice come from the position and the roll alone: the
 * same question the same seed (whichever die is named first), another
 * roll or position another seed. */
static void seeded_by_the_question(void **state)
{
    (void)state;
    board_t b = race_board(), other;
    board_start(&other, GEOM_BRADE, BOARD_WHITE);
    rollout_opts_t a, c, d, e;
    rollrank_race_opts(&b, (roll_t){1, 5}, &a);
    rollrank_race_opts(&b, (roll_t){5, 1}, &c);
    rollrank_race_opts(&b, (roll_t){2, 5}, &d);
    rollrank_race_opts(&other, (roll_t){1, 5}, &e);
    assert_int_equal(a.games, ROLLRANK_RACE_GAMES);
    assert_int_equal(a.games % 36, 0);
    assert_true(a.stratify && a.plies == 0 && a.evaluator == EVAL_DEFAULT);
    assert_true(a.seed == c.seed);
    assert_true(a.seed != d.seed);
    assert_true(a.seed != e.seed);
}

/* The search's best four and the learner's play (ranked lower) are rolled
 * out, each exactly as rollout_play rolls it out; they rank first, by the
 * rollout; the rest keep the search's values and order. */
static void rolled_first_by_the_rollout(void **state)
{
    (void)state;
    board_t b = race_board();
    rules_t r = tr("vasa");
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    assert_non_null(sc);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    rollrank_play_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
    assert_non_null(sp);
    assert_non_null(rk);
    search_opts_t so;
    search_default_opts(1, &so);
    roll_t roll = {1, 5};
    int n = search_rank(sc, &b, roll, &so, sp);
    assert_int_equal(n, 16);
    board_t mine = sp[9].play.after; /* the learner's: tenth by the search */
    rollrank_from_search(sp, n, rk);
    for (int i = 0; i < n; i++)
        assert_false(rk[i].rolled);
    rollout_opts_t ro;
    rollrank_race_opts(&b, roll, &ro);
    ro.games = 72; /* few: only the bookkeeping is tested here */
    assert_int_equal(rollrank_run(rk, n, ROLLRANK_RACE_TOP, &mine, &r, &ro), 0);
    int rolled = 0;
    for (int i = 0; i < n; i++)
        rolled += rk[i].rolled;
    assert_int_equal(rolled, ROLLRANK_RACE_TOP + 1);
    for (int i = 0; i < n; i++) {
        if (i < rolled) {
            assert_true(rk[i].rolled);
            if (i > 0)
                assert_true(rk[i - 1].equity >= rk[i].equity);
            rollout_result_t again;
            assert_int_equal(rollout_play(&rk[i].sp.play, &r, &ro, &again), 0);
            assert_true(again.equity == rk[i].equity);
            eval_t v = rollrank_value(&rk[i]);
            assert_true(v.equity == again.equity && v.win[OUT_HEMSPEL] == again.mean.win[OUT_HEMSPEL]);
        } else {
            /* the search's 5th to 16th, less the learner's, in its order:
             * deeper first, then by value */
            assert_false(rk[i].rolled);
            assert_true(rk[i].equity == rk[i].sp.value.equity);
            if (i > rolled)
                assert_true(rk[i - 1].sp.plies > rk[i].sp.plies ||
                            (rk[i - 1].sp.plies == rk[i].sp.plies &&
                             rk[i - 1].sp.value.equity >= rk[i].sp.value.equity));
        }
    }
    /* each rolled-out play's difference from the best, game by game on
     * the same dice: its interval as worked out from the games again,
     * and narrower than the two plays' own intervals together */
    assert_true(rk[0].paired_ci95 == 0.0);
    double *g0 = malloc(sizeof *g0 * (size_t)ro.games), *gi = malloc(sizeof *gi * (size_t)ro.games);
    assert_true(g0 && gi);
    rollout_opts_t each = ro;
    rollout_result_t tmp;
    each.game_equity = g0;
    assert_int_equal(rollout_play(&rk[0].sp.play, &r, &each, &tmp), 0);
    for (int i = 1; i < rolled; i++) {
        each.game_equity = gi;
        assert_int_equal(rollout_play(&rk[i].sp.play, &r, &each, &tmp), 0);
        double sum = 0, sq = 0;
        for (int g = 0; g < ro.games; g++) {
            sum += g0[g] - gi[g];
            sq += (g0[g] - gi[g]) * (g0[g] - gi[g]);
        }
        double mean = sum / ro.games, var = (sq - ro.games * mean * mean) / (ro.games - 1);
        assert_true(fabs(mean - (rk[0].equity - rk[i].equity)) < 1e-9);
        assert_true(fabs(rk[i].paired_ci95 - 1.96 * sqrt(var / ro.games)) < 1e-9);
        assert_true(rk[i].paired_ci95 > 0 && rk[i].paired_ci95 < hypot(rk[0].ro.ci95, rk[i].ro.ci95));
    }
    free(gi);
    free(g0);
    int m = rollrank_find(rk, n, &mine);
    assert_true(m >= 0 && m < rolled);
    assert_true(board_equal(&rk[m].sp.play.after, &mine));
    assert_int_equal(rollrank_find(rk, n, &b), -1); /* not after any play */
    /* the race rule in one call: the same dice and games as
     * rollrank_race_opts, the same ranking as the steps above */
    rollrank_play_t *again = malloc(sizeof *again * MOVEGEN_MAX_PLAYS);
    assert_non_null(again);
    rollout_opts_t race = {.stop = NULL};
    assert_int_equal(rollrank_race(&b, roll, &r, sp, n, &mine, again, &race), 0);
    rollout_opts_t plain;
    rollrank_race_opts(&b, roll, &plain);
    assert_true(race.seed == plain.seed && race.games == ROLLRANK_RACE_GAMES);
    int rolled_again = 0;
    for (int i = 0; i < n; i++)
        rolled_again += again[i].rolled;
    assert_int_equal(rolled_again, ROLLRANK_RACE_TOP + 1);
    assert_true(again[0].rolled && again[0].ro.games == ROLLRANK_RACE_GAMES);
    free(again);
    /* a stop flag already set: nothing is rolled out */
    volatile sig_atomic_t stop = 1;
    ro.stop = &stop;
    rollrank_from_search(sp, n, rk);
    assert_int_equal(rollrank_run(rk, n, ROLLRANK_RACE_TOP, NULL, &r, &ro), 1);
    free(rk);
    free(sp);
    search_ctx_free(sc);
}

static rollrank_play_t made(bool rolled, double equity, double searched)
{
    rollrank_play_t x;
    memset(&x, 0, sizeof x);
    x.rolled = rolled;
    x.equity = rolled ? equity : searched;
    x.sp.value.equity = searched;
    return x;
}

/* A play not rolled out is set against the rolled-out play nearest it by
 * the search, never against the rollout's values directly; the loss is
 * never below 0; with nothing rolled out it is the plain difference. */
static void what_a_play_gives_up(void **state)
{
    (void)state;
    /* rollouts value everything 0.2 above the search here */
    rollrank_play_t rk[4] = {made(true, 0.50, 0.30), made(true, 0.45, 0.25), made(false, 0, 0.22),
                             made(false, 0, 0.40)};
    assert_true(rollrank_lost(rk, 4, 0) == 0.0);
    assert_true(fabs(rollrank_lost(rk, 4, 1) - 0.05) < 1e-12);
    /* nearest by the search: the second (0.25): its 0.05 and 0.03 more */
    assert_true(fabs(rollrank_lost(rk, 4, 2) - 0.08) < 1e-12);
    /* searched above every rolled-out play (a cut play looked at again):
     * against the first (0.30), which it beats by 0.10: no loss */
    assert_true(rollrank_lost(rk, 4, 3) == 0.0);
    rollrank_play_t plain[2] = {made(false, 0, 0.10), made(false, 0, -0.05)};
    assert_true(fabs(rollrank_lost(plain, 2, 1) - 0.15) < 1e-12);
}

/* The one-die series in a rollout (rollout.h series_owed): single dice
 * owed by the side on roll cost it the race, owed by the other side gain
 * it; rollout_play hands the play's side's count to the other end of the
 * board (its result is the position's after the play, negated, with the
 * two counts swapped); rollrank_series rolls every play of a single die
 * out with the series, on dice seeded by the question, and the best
 * plays of both dice while the other side owes single dice. */
static void the_one_die_series(void **state)
{
    (void)state;
    board_t b = race_board();
    rules_t r = tr("vasa");
    rollout_opts_t o;
    rollrank_race_opts(&b, (roll_t){1, 5}, &o);
    o.games = 216;
    rollout_result_t none, mine, theirs;
    assert_int_equal(rollout_position(&b, &r, &o, &none), 0);
    o.series_owed[0] = 3;
    assert_int_equal(rollout_position(&b, &r, &o, &mine), 0);
    o.series_owed[0] = 0;
    o.series_owed[1] = 3;
    assert_int_equal(rollout_position(&b, &r, &o, &theirs), 0);
    /* three turns of one die are some 24 pips of a race behind */
    assert_true(mine.equity < none.equity - 0.1);
    assert_true(theirs.equity > none.equity + 0.1);

    /* rollout_play: [0] the play's side's count, [1] the other's */
    movegen_buf_t *buf = movegen_buf_new();
    assert_non_null(buf);
    int n = movegen_plays(&b, &r, (roll_t){5, 0}, buf);
    assert_true(n > 1);
    const play_t *p = movegen_play(buf, 0);
    rollout_opts_t op = o;
    op.series_owed[0] = 2;
    op.series_owed[1] = 1;
    rollout_result_t played, after;
    assert_int_equal(rollout_play(p, &r, &op, &played), 0);
    board_t next = p->after;
    board_swap(&next);
    rollout_opts_t swapped = o;
    swapped.series_owed[0] = 1;
    swapped.series_owed[1] = 2;
    assert_int_equal(rollout_position(&next, &r, &swapped, &after), 0);
    assert_true(played.equity == -after.equity);

    /* which rule ranks a roll: the series for a single die of one, the
     * race for two dice here, the search for another evaluator */
    const int two_owed[2] = {2, 0};
    assert_int_equal(rollrank_wanted(&b, (roll_t){5, 0}, &r, EVAL_DEFAULT, two_owed), ROLLRANK_BY_SERIES);
    assert_int_equal(rollrank_wanted(&b, (roll_t){5, 1}, &r, EVAL_DEFAULT, NULL), ROLLRANK_BY_RACE);
    assert_int_equal(rollrank_wanted(&b, (roll_t){5, 0}, &r, EVAL_LINEAR, two_owed), ROLLRANK_BY_SEARCH);
    /* both dice: by the series while the other side owes single dice,
     * else as without one */
    const int theirs_owed[2] = {0, 2}, none_owed[2] = {0, 0};
    assert_int_equal(rollrank_wanted(&b, (roll_t){5, 1}, &r, EVAL_DEFAULT, theirs_owed), ROLLRANK_BY_SERIES);
    assert_int_equal(rollrank_wanted(&b, (roll_t){5, 1}, &r, EVAL_DEFAULT, none_owed), ROLLRANK_BY_RACE);
    board_t start;
    board_start(&start, GEOM_BRADE, BOARD_WHITE);
    assert_int_equal(rollrank_wanted(&start, (roll_t){5, 1}, &r, EVAL_DEFAULT, NULL), ROLLRANK_BY_SEARCH);

    /* rollrank_series: every play, ROLLRANK_SERIES_GAMES each, the
     * counts in the options */
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    rollrank_play_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
    assert_true(sc && sp && rk);
    search_opts_t so;
    search_default_opts(0, &so);
    int ns = search_rank(sc, &b, (roll_t){5, 0}, &so, sp);
    assert_int_equal(ns, n);
    const int owed[2] = {2, 0};
    rollout_opts_t ro = {.stop = NULL};
    assert_int_equal(rollrank_series(&b, (roll_t){5, 0}, &r, owed, sp, ns, NULL, rk, &ro), 0);
    assert_true(ro.games == ROLLRANK_SERIES_GAMES && ro.series_owed[0] == 2 && ro.series_owed[1] == 0);
    for (int i = 0; i < ns; i++) {
        assert_true(rk[i].rolled && rk[i].ro.games == ROLLRANK_SERIES_GAMES);
        if (i > 0)
            assert_true(rk[i - 1].equity >= rk[i].equity);
    }
    /* the same play rolled out without the series is another value */
    rollout_opts_t plain = ro;
    plain.series_owed[0] = 0;
    rollout_result_t without;
    assert_int_equal(rollout_play(&rk[0].sp.play, &r, &plain, &without), 0);
    assert_true(without.equity != rk[0].equity);
    /* both dice while the other side owes single dice: the search's best
     * ROLLRANK_SERIES_TOP and the learner's play rolled out, the rest in
     * the search's order below them */
    roll_t two = {5, 1};
    ns = search_rank(sc, &b, two, &so, sp);
    assert_true(ns > ROLLRANK_SERIES_TOP + 1);
    board_t mine_after = sp[ns - 1].play.after;
    assert_int_equal(rollrank_series(&b, two, &r, theirs_owed, sp, ns, &mine_after, rk, &ro), 0);
    assert_true(ro.series_owed[0] == 0 && ro.series_owed[1] == 2);
    int rolled = 0;
    for (int i = 0; i < ns; i++) {
        rolled += rk[i].rolled;
        if (i > 0 && rk[i].rolled)
            assert_true(rk[i - 1].rolled && rk[i - 1].equity >= rk[i].equity);
    }
    assert_int_equal(rolled, ROLLRANK_SERIES_TOP + 1);
    assert_true(rk[rollrank_find(rk, ns, &mine_after)].rolled);
    free(rk);
    free(sp);
    search_ctx_free(sc);
    movegen_buf_free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(which_positions),
        cmocka_unit_test(seeded_by_the_question),
        cmocka_unit_test(rolled_first_by_the_rollout),
        cmocka_unit_test(what_a_play_gives_up),
        cmocka_unit_test(the_one_die_series),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
