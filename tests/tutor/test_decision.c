/* test_decision.c - one decision judged (decision_judge): a play the
 * search's move filter had cut is valued as deeply as the best, and where
 * that second look grades it milder than the first, the words say why; a
 * single die of a one-die series is rolled out with the series; the
 * decision to declare the one-die rule is judged by rollouts, and a saved
 * game's one-die decisions are reviewed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/dice.h"
#include "analysis/search.h"
#include "engine/posid.h"
#include "analysis/rollrank.h"
#include "tutor/decision.h"
#include "tutor/explain_analysis.h"
#include "tutor/playrec.h"
#include "tutor/review.h"
#include <string.h>

enum { JUDGED_MAX = 24 };

/* A game of random plays from the start, seeded: position k of it. */
static bool walk(const rules_t *r, uint64_t seed, int k, board_t *b, movegen_buf_t *buf)
{
    board_start(b, r->geometry, BOARD_WHITE);
    for (int i = 0; i < k; i++) {
        roll_t roll = {(int)(dice_next(&seed) % 6) + 1, (int)(dice_next(&seed) % 6) + 1};
        int n = movegen_plays(b, r, roll, buf);
        if (n < 0)
            return false;
        if (n > 0) {
            const play_t *p = movegen_play(buf, (int)(dice_next(&seed) % (uint64_t)n));
            if (p->outcome.kind != OUT_NONE)
                return false;
            *b = p->after;
        }
        board_swap(b);
    }
    return true;
}

/* Over the cut plays of positions from random games under each bräde
 * ruleset: the judged play is never worse than the best by a negative
 * amount; its first look is the ranking's; the second-look sentence is
 * there exactly when explain_analysis_second_look_wanted says; and a cut
 * play that the deeper look puts above the ranking's best is the best
 * play.  At least one decision gets the sentence: the named theboard
 * position's, with the shipped net (the random games' cut plays rarely
 * turn fine; a new theboard net may need another position named, as the
 * golden second-look.test would). */
static void cut_plays_get_a_second_look(void **state)
{
    (void)state;
    const char *names[] = {"theboard", "vasa", "lyckans-talisman", "helmfrid"};
    grade_thresholds_t t;
    grade_default(&t);
    search_opts_t o;
    search_default_opts(2, &o);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    movegen_buf_t *buf = movegen_buf_new();
    int judged = 0, said = 0, lifted = 0;
    for (int ri = 0; ri < 4 && judged < JUDGED_MAX; ri++) {
        rules_t r = tr(names[ri]);
        search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
        assert_non_null(sc);
        for (uint64_t seed = 0; seed < 40 && judged < JUDGED_MAX; seed++) {
            board_t b;
            roll_t roll;
            if (seed == 0) {
                /* theboard seed-5 judge's position 21 (lab/docs/brade-training.md,
                 * "The 256-unit theboard net"): the shipped net cuts 1/5
                 * 18/19 at 0-ply and puts it first at 2-ply */
                if (ri != 0)
                    continue;
                assert_true(posid_read(r.geometry, "Bf4kQEA2vAgAzYw", &b));
                roll = (roll_t){1, 4};
            } else {
                if (!walk(&r, seed * 7919 + (uint64_t)ri, 8 + (int)(seed % 23), &b, buf))
                    continue;
                uint64_t s2 = seed;
                roll = (roll_t){(int)(dice_next(&s2) % 6) + 1, (int)(dice_next(&s2) % 6) + 1};
            }
            int n = search_rank(sc, &b, roll, &o, sp);
            for (int i = 1; i < n && judged < JUDGED_MAX; i++) {
                double first = sp[0].value.equity - sp[i].value.equity;
                if (sp[i].plies >= sp[0].plies || first > 0.35)
                    continue;
                double got_first;
                int got_plies;
                assert_true(search_rank_cut(sp, n, &sp[i].play.after, &got_first, &got_plies));
                assert_true(fabs(got_first - (first > 0 ? first : 0)) < 1e-12);
                assert_int_equal(got_plies, sp[i].plies);
                decision_t d;
                assert_true(decision_judge(sc, &b, roll, NULL, &sp[i].play, 2, &t, LANG_EN, &d));
                judged++;
                assert_true(d.was_cut);
                assert_true(fabs(d.first_lost - got_first) < 1e-12);
                assert_true(d.lost >= 0);
                bool wanted = explain_analysis_second_look_wanted(true, d.first_lost, d.lost, &t, &r);
                bool has = strstr(d.words, "At a glance (without looking ahead) this play seemed") != NULL;
                assert_int_equal(has, wanted);
                said += has;
                if (d.mine_value.equity > sp[0].value.equity) {
                    assert_true(d.is_best);
                    assert_true(board_equal(&d.best.after, &sp[i].play.after));
                    assert_true(d.lost == 0);
                    lifted++;
                }
            }
        }
        search_ctx_free(sc);
    }
    printf("judged %d cut plays: %d told of the second look, %d lifted above the best\n", judged, said,
           lifted);
    assert_true(judged >= 8);
    assert_true(said >= 1);
    movegen_buf_free(buf);
    free(sp);
}

/* The sentence in both languages and at both first depths; the predicate
 * wants a cut play only, graded milder (or best) on the second look. */
static void second_look_words(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    grade_thresholds_t t;
    grade_default(&t);
    char buf[512];
    explain_analysis_second_look(LANG_EN, 0, 2, 0.28, 0.0, buf, sizeof buf);
    assert_string_equal(buf, "At a glance (without looking ahead) this play seemed 0.280 points behind the best, "
                             "so the search set it aside; looked at two rolls ahead, as deeply as the best "
                             "plays, it is the best play.");
    explain_analysis_second_look(LANG_EN, 1, 3, 0.2, 0.033, buf, sizeof buf);
    assert_string_equal(buf, "Looked at one roll ahead this play seemed 0.200 points behind the best, so the "
                             "search set it aside; looked at three rolls ahead, as deeply as the best plays, "
                             "it gives away only 0.033 points.");
    explain_analysis_second_look(LANG_SV, 0, 2, 0.28, 0.033, buf, sizeof buf);
    assert_string_equal(buf, "Vid en första anblick (utan att se framåt) såg draget ut att ligga 0,280 poäng "
                             "efter det bästa, så sökningen lade det åt sidan; sett två slag framåt, lika djupt "
                             "som de bästa dragen, kostar det bara 0,033 poäng.");
    assert_false(explain_analysis_second_look_wanted(false, 0.28, 0.0, &t, &r)); /* not cut */
    assert_true(explain_analysis_second_look_wanted(true, 0.28, 0.0, &t, &r));
    assert_true(explain_analysis_second_look_wanted(true, 0.28, 0.01, &t, &r)); /* very bad to fine */
    assert_false(explain_analysis_second_look_wanted(true, 0.28, 0.27, &t, &r)); /* the same grade */
    /* one grade milder, not fine: the ordinary wobble between depths */
    assert_false(explain_analysis_second_look_wanted(true, t.very_bad + 0.01, t.bad + 0.001, &t, &r));
    assert_true(explain_analysis_second_look_wanted(true, t.very_bad + 0.01, t.doubtful + 0.001, &t, &r));
    assert_false(explain_analysis_second_look_wanted(true, 0.0, 0.0, &t, &r));  /* nothing to explain */
}

/* Lesson 9's two crowns (lyckans-talisman): one checker a single 4 from
 * a crown; with the race won rolling both dice is right, with the race
 * lost declaring is, by 0.28 points (the lesson's own rollouts). */
static void declaring_the_one_die_rule(void **state)
{
    (void)state;
    rules_t lt = tr("lyckans-talisman");
    grade_thresholds_t t;
    grade_default(&t);
    board_t lost = tb("lyckans-talisman", "18 20:3 21:3 22:2 23:3 24:3", "23:2 24:3 off:10", BOARD_WHITE);
    board_t won = tb("lyckans-talisman", "18 20:3 21:3 22:2 23:3 24:3", "19:5 20:5 21:5", BOARD_WHITE);
    decision_t d;
    assert_true(decision_judge_onedie(&lost, &lt, true, &t, LANG_EN, &d));
    assert_true(d.is_best && d.lost == 0 && d.grade == GRADE_FINE);
    assert_string_equal(d.best_text, "declare the one-die rule");
    assert_true(decision_judge_onedie(&lost, &lt, false, &t, LANG_EN, &d));
    assert_false(d.is_best);
    assert_true(d.lost > 0.15 && d.lost < 0.45 && d.grade >= GRADE_BAD);
    assert_true(d.rolled_games == 1296 && d.rolled_ci95 > 0 && d.rolled_ci95 < d.lost);
    assert_non_null(strstr(d.words, "rolling both dice gives away"));
    assert_non_null(strstr(d.words, "Declare it"));
    assert_true(decision_judge_onedie(&won, &lt, true, &t, LANG_SV, &d));
    assert_false(d.is_best);
    assert_string_equal(d.best_text, "slå båda tärningarna");
    assert_non_null(strstr(d.words, "att begära entärningsregeln kostar"));
    /* not eligible: under vasa there is no one-die rule */
    rules_t v = tr("vasa");
    assert_false(decision_judge_onedie(&lost, &v, true, &t, LANG_EN, &d));
}

/* The position the series tests share: both sides home, White (on roll)
 * with nothing off, Black one checker off. */
static board_t both_home(void)
{
    return tb("lyckans-talisman", "19 20:2 21:3 22:3 23:3 24:3", "19:3 20:3 21:3 22:2 23:2 24:1 off:1", BOARD_WHITE);
}

/* A single die of a running series: every play rolled out with the
 * series (not the search, which assumes both dice); without the series
 * named, the search judges it as before. */
static void a_single_die_of_the_series(void **state)
{
    (void)state;
    rules_t lt = tr("lyckans-talisman");
    board_t b = both_home();
    search_ctx_t *sc = search_ctx_new(&lt, EVAL_DEFAULT);
    movegen_buf_t *buf = movegen_buf_new();
    assert_true(sc && buf);
    grade_thresholds_t t;
    grade_default(&t);
    roll_t two = {2, 0};
    int n = movegen_plays(&b, &lt, two, buf);
    assert_true(n >= 3);
    const int owed[2] = {1, 0};
    int best = 0;
    for (int i = 0; i < n; i++) {
        decision_t d;
        assert_true(decision_judge(sc, &b, two, owed, movegen_play(buf, i), 2, &t, LANG_EN, &d));
        assert_true(d.rolled_series && d.rolled_games == 1296);
        assert_true(d.lost >= 0);
        best += d.is_best;
        if (!d.is_best && d.lost >= 0.0005)
            assert_non_null(strstr(d.words, "the one-die series played as lyckans-talisman has it"));
        decision_t plain;
        assert_true(decision_judge(sc, &b, two, NULL, movegen_play(buf, i), 2, &t, LANG_EN, &plain));
        assert_false(plain.rolled_series);
        assert_int_equal(plain.rolled_games, 0);
    }
    assert_int_equal(best, 1);
    /* in Swedish the values carry a decimal comma, as the rest of the words */
    for (int i = 0; i < n; i++) {
        decision_t d;
        assert_true(decision_judge(sc, &b, two, owed, movegen_play(buf, i), 2, &t, LANG_SV, &d));
        if (d.is_best)
            continue;
        const char *at = strstr(d.words, "är bättre (");
        assert_non_null(at);
        at += strlen("är bättre (");
        assert_true((at[0] == '+' || at[0] == '-') && at[2] == ',');
        assert_non_null(strstr(at, " mot "));
        break;
    }
    movegen_buf_free(buf);
    search_ctx_free(sc);
}

/* Both dice while the other side owes single dice of its series: the
 * search's best plays and the judged one rolled out with the series,
 * and the words say it is the other side's series. */
static void both_dice_in_the_other_sides_series(void **state)
{
    (void)state;
    rules_t lt = tr("lyckans-talisman");
    board_t b = both_home();
    search_ctx_t *sc = search_ctx_new(&lt, EVAL_DEFAULT);
    movegen_buf_t *buf = movegen_buf_new();
    assert_true(sc && buf);
    grade_thresholds_t t;
    grade_default(&t);
    roll_t roll = {2, 1};
    int n = movegen_plays(&b, &lt, roll, buf);
    assert_true(n >= 3);
    const int owed[2] = {0, 2};
    /* three plays (each judgement rolls five out): the first, a middle one
     * and the last the move generator gives */
    int picks[3] = {0, n / 2, n - 1}, worded = 0;
    for (int k = 0; k < 3; k++) {
        decision_t d;
        assert_true(decision_judge(sc, &b, roll, owed, movegen_play(buf, picks[k]), 1, &t, LANG_EN, &d));
        assert_true(d.rolled_series && d.rolled_games == ROLLRANK_SERIES_GAMES);
        assert_true(d.lost >= 0);
        if (!d.is_best && d.lost >= 0.0005) {
            assert_non_null(strstr(d.words, "the other side's one-die series played as lyckans-talisman"));
            if (!worded++) {
                decision_t sv;
                assert_true(decision_judge(sc, &b, roll, owed, movegen_play(buf, picks[k]), 1, &t, LANG_SV, &sv));
                assert_non_null(strstr(sv.words, "motspelarens entärningsserie"));
            }
        }
    }
    assert_true(worded > 0);
    movegen_buf_free(buf);
    search_ctx_free(sc);
}

/* A saved game's one-die decisions: the declaration judged (very bad
 * here: the race was won), the series' single dice judged by rollouts
 * with the series, and both dice rolled where declaring was right. */
static void one_die_decisions_reviewed(void **state)
{
    (void)state;
    const char *declared = "brade-game 1\nrules lyckans-talisman\nseed 1\nwhite human\nblack engine:2\n"
                           "dice manual\nposition WAAB0dzcAANzdHQ white\nwhite one-die\nwhite 4 20/24\n"
                           "black 3-1 22/off 23/24\nwhite 2 21/23\n";
    const char *rolled = "brade-game 1\nrules lyckans-talisman\nseed 1\nwhite human\nblack engine:2\n"
                         "dice manual\nposition WAABytzsAAMAOAA white\nwhite 6-5 18/24 20/off\n";
    playrec_t pr;
    review_t rv;
    review_opts_t ro;
    review_default_opts(&ro);
    int line;
    char msg[256];
    assert_true(playrec_parse(declared, strlen(declared), &pr, &line, msg, sizeof msg));
    assert_true(review_run(&pr, &ro, NULL, &rv));
    assert_int_equal(rv.nitems, 3);
    assert_int_equal(rv.items[0].kind, REVIEW_ONE_DIE);
    assert_true(rv.items[0].acted && rv.items[0].d.grade == GRADE_VERY_BAD && rv.items[0].line == 8);
    for (int i = 1; i < 3; i++) {
        assert_int_equal(rv.items[i].kind, REVIEW_PLAY);
        assert_true(rv.items[i].roll.b == 0 && rv.items[i].d.rolled_series);
    }
    assert_int_equal(rv.side[BOARD_WHITE].decisions, 3);
    review_free(&rv);
    playrec_free(&pr);
    assert_true(playrec_parse(rolled, strlen(rolled), &pr, &line, msg, sizeof msg));
    assert_true(review_run(&pr, &ro, NULL, &rv));
    assert_int_equal(rv.nitems, 1); /* 6-5 has one play: only the one-die decision */
    assert_int_equal(rv.items[0].kind, REVIEW_ONE_DIE);
    assert_false(rv.items[0].acted);
    assert_true(rv.items[0].d.lost > 0.15 && rv.items[0].d.grade >= GRADE_BAD);
    review_free(&rv);
    playrec_free(&pr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(second_look_words),
        cmocka_unit_test(cut_plays_get_a_second_look),
        cmocka_unit_test(declaring_the_one_die_rule),
        cmocka_unit_test(a_single_die_of_the_series),
        cmocka_unit_test(both_dice_in_the_other_sides_series),
        cmocka_unit_test(one_die_decisions_reviewed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
