/* test_agree.c - how sure a rollout is of its best play (agree.h): paired
 * errors, combining passes, separability and the chance of being best;
 * and the per-game results a rollout hands over for them. */
#include <math.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/agree.h"
#include "analysis/dice.h"
#include "analysis/rollout.h"
#include "analysis/search.h"

enum { N = 400 };

/* n draws of noise in [-1, 1) from stream s. */
static void noise(double *x, int n, uint64_t s)
{
    uint64_t rng = dice_stream(99, s);
    for (int g = 0; g < n; g++)
        x[g] = 2 * dice_unit(&rng) - 1;
}

/* Two plays that share every game's noise and differ by 0.01 a game: the
 * difference is exact, so the better one is separable and surely best,
 * although each mean alone is uncertain by far more than 0.01. */
static void shared_noise_separates(void **state)
{
    (void)state;
    double a[N], b[N];
    noise(a, N, 1);
    for (int g = 0; g < N; g++)
        b[g] = a[g] + 0.01;
    agree_pass_t p = {N, {a, b}};
    agree_stats_t s;
    agree_combine(&p, 1, 2, &s);
    assert_int_equal(agree_best(&s), 1);
    assert_true(sqrt(s.cov[0][0]) > 0.02);
    assert_true(agree_diff_se(&s, 0, 1) < 1e-9);
    assert_true(fabs(s.mean[1] - s.mean[0] - 0.01) < 1e-12);
    assert_true(agree_separable(&s));
    assert_true(agree_p_best(&s, 1, 5, 2000) == 1.0);
    assert_true(agree_p_best(&s, 0, 5, 2000) == 0.0);
}

/* Two plays with independent noise and the same mean are a coin toss:
 * neither separable nor surely best, and the chances add up to one. */
static void independent_equal_is_a_toss(void **state)
{
    (void)state;
    double a[N], b[N], c[N];
    noise(a, N, 2);
    noise(b, N, 3);
    noise(c, N, 4);
    double ma = 0, mb = 0;
    for (int g = 0; g < N; g++) {
        ma += a[g];
        mb += b[g];
    }
    for (int g = 0; g < N; g++)
        b[g] += (ma - mb) / N + 1e-6; /* the same mean, b a hair ahead */
    agree_pass_t p = {N, {a, b, c}};
    for (int g = 0; g < N; g++)
        c[g] -= 1.0; /* far behind */
    agree_stats_t s;
    agree_combine(&p, 1, 3, &s);
    assert_int_equal(agree_best(&s), 1);
    assert_false(agree_separable(&s));
    double pa = agree_p_best(&s, 0, 7, 20000), pb = agree_p_best(&s, 1, 7, 20000),
           pc = agree_p_best(&s, 2, 7, 20000);
    assert_true(fabs(pa - 0.5) < 0.03 && fabs(pb - 0.5) < 0.03);
    assert_true(pc == 0.0);
    assert_true(fabs(pa + pb + pc - 1.0) < 1e-12);
    /* the same seed, the same answer */
    assert_true(agree_p_best(&s, 0, 7, 20000) == pa);
    /* independent: the difference's error is the two errors combined */
    double se = agree_diff_se(&s, 0, 1);
    assert_true(fabs(se * se - s.cov[0][0] - s.cov[1][1]) < 0.2 * se * se);
}

/* Four close plays with correlated noise, listed in every order (as a
 * rejudge lists them, its chooser's play first): each play's chance of
 * being best is the same to the last bit, so every chooser judged against
 * one record meets the same ceiling; agree_p_best_all gives every play's
 * chance at once, bit for bit the same. */
static void chance_ignores_the_listing_order(void **state)
{
    (void)state;
    double x[4][N], shared[N];
    noise(shared, N, 8);
    for (int j = 0; j < 4; j++) {
        noise(x[j], N, 10 + (uint64_t)j);
        for (int g = 0; g < N; g++)
            x[j][g] = 0.7 * shared[g] + 0.5 * x[j][g] + 0.003 * j;
    }
    static const int perms[][4] = {{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}, {1, 3, 0, 2}};
    double first[4] = {0};
    for (size_t q = 0; q < sizeof perms / sizeof perms[0]; q++) {
        agree_pass_t p = {N, {x[perms[q][0]], x[perms[q][1]], x[perms[q][2]], x[perms[q][3]]}};
        agree_stats_t s;
        agree_combine(&p, 1, 4, &s);
        double sum = 0;
        for (int a = 0; a < 4; a++) {
            double pb = agree_p_best(&s, a, 11, 5000);
            int play = perms[q][a];
            if (q == 0)
                first[play] = pb;
            else
                assert_true(pb == first[play]);
            sum += pb;
        }
        assert_true(fabs(sum - 1.0) < 1e-12);
        /* all at once: the same draws, so the same numbers, in any order */
        double all[AGREE_MAX];
        agree_p_best_all(&s, 11, 5000, all);
        for (int a = 0; a < 4; a++)
            assert_true(all[a] == first[perms[q][a]]);
    }
    /* close plays: none is certain, and at least three have a chance */
    int chances = 0;
    for (int j = 0; j < 4; j++) {
        assert_true(first[j] < 0.9);
        chances += first[j] > 0.001;
    }
    assert_true(chances >= 3);
}

/* Three plays, the first and third with the same games' results: the
 * first is the best by index, and both are best plays; the second, lower,
 * is not.  (The judge's 0-ply count rests on this: a 0-ply choice tied
 * exactly with the chooser's agrees as the chooser's does.) */
static void exact_tie_is_a_best_play(void **state)
{
    (void)state;
    double a[N], b[N];
    noise(a, N, 3);
    for (int g = 0; g < N; g++)
        b[g] = a[g] - 0.25;
    agree_pass_t p = {N, {a, b, a}};
    agree_stats_t s;
    agree_combine(&p, 1, 3, &s);
    assert_int_equal(agree_best(&s), 0);
    assert_true(agree_is_best(&s, 0));
    assert_false(agree_is_best(&s, 1));
    assert_true(agree_is_best(&s, 2));
    agree_pass_t q = {N, {b, a, a}};
    agree_combine(&q, 1, 3, &s);
    assert_int_equal(agree_best(&s), 1);
    assert_false(agree_is_best(&s, 0));
    assert_true(agree_is_best(&s, 1) && agree_is_best(&s, 2));
}

/* A second pass over some plays: their means are over all their games,
 * their errors shrink, and the covariance with a play left out comes from
 * the first pass alone, scaled by its share of the games. */
static void combine_two_passes(void **state)
{
    (void)state;
    double a1[N], b1[N], a2[3 * N];
    noise(a1, N, 5);
    noise(a2, 3 * N, 6);
    for (int g = 0; g < N; g++)
        b1[g] = 0.5 * a1[g] + 0.2;
    agree_pass_t one = {N, {a1, b1}};
    agree_stats_t s1, s2;
    agree_combine(&one, 1, 2, &s1);
    agree_pass_t two[2] = {{N, {a1, b1}}, {3 * N, {a2, NULL}}};
    agree_combine(two, 2, 2, &s2);
    assert_int_equal(s2.games[0], 4 * N);
    assert_int_equal(s2.games[1], N);
    double m2 = 0;
    for (int g = 0; g < 3 * N; g++)
        m2 += a2[g];
    assert_true(fabs(s2.mean[0] - (N * s1.mean[0] + m2) / (4 * N)) < 1e-12);
    assert_true(s2.mean[1] == s1.mean[1] && s2.cov[1][1] == s1.cov[1][1]);
    assert_true(s2.cov[0][0] < 0.5 * s1.cov[0][0]);
    assert_true(fabs(s2.cov[0][1] - 0.25 * s1.cov[0][1]) < 1e-15);
    assert_true(s2.cov[0][1] == s2.cov[1][0]);
}

/* A rollout's per-game results: their mean is the rollout's equity, for
 * the side that made the play, and two plays rolled out with the same seed
 * share their dice, so the paired error is smaller than the two errors. */
static void rollout_hands_over_games(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    board_t b = tb("lyckans-talisman", "1:3 3 6 15:2 17 18:2 20:2 21:3", "2 4 14:2 16:3 17:3 20:3 bar:2",
                   BOARD_WHITE);
    movegen_buf_t *buf = movegen_buf_new();
    int n = movegen_plays(&b, &r, (roll_t){6, 3}, buf);
    assert_true(n >= 2);
    rollout_opts_t o;
    rollout_default_opts(&o);
    o.games = 96;
    o.truncate = 16;
    o.seed = 3;
    double x[2][96];
    rollout_result_t res[2];
    for (int j = 0; j < 2; j++) {
        o.game_equity = x[j];
        assert_int_equal(rollout_play(movegen_play(buf, j), &r, &o, &res[j]), 0);
        double m = 0;
        for (int g = 0; g < 96; g++)
            m += x[j][g];
        assert_true(fabs(m / 96 - res[j].equity) < 1e-9);
    }
    agree_pass_t p = {96, {x[0], x[1]}};
    agree_stats_t s;
    agree_combine(&p, 1, 2, &s);
    assert_true(fabs(sqrt(s.cov[0][0]) - res[0].se) < 1e-9);
    assert_true(s.cov[0][1] > 0);
    assert_true(agree_diff_se(&s, 0, 1) < sqrt(res[0].se * res[0].se + res[1].se * res[1].se));
    movegen_buf_free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shared_noise_separates),
        cmocka_unit_test(independent_equal_is_a_toss),
        cmocka_unit_test(chance_ignores_the_listing_order),
        cmocka_unit_test(exact_tie_is_a_best_play),
        cmocka_unit_test(combine_two_passes),
        cmocka_unit_test(rollout_hands_over_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
