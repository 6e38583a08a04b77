/*
 * agree.h - how sure a rollout is of its best play.
 *
 * A rollout of a roll's plays gives each play a mean over its games.  When
 * the plays are rolled out with the same seed, game g of every play has the
 * same dice, so the means' errors are correlated and the difference of two
 * means is known far better than either mean alone.  This module keeps the
 * per-game results' covariance, combines independent passes (a first
 * rollout of every play, then more games for some), and answers two
 * questions about the best mean:
 *
 *   - is it separable: ahead of every other play by more than 1.96
 *     standard errors of the (paired) difference;
 *   - how likely is it to be the truly best play: the chance that the
 *     argmax of the true values is that play, when the true values are
 *     drawn from N(means, covariance of the means) (a flat prior), by
 *     seeded Monte Carlo.
 *
 * Summed over positions, the second is how many of them a perfect player
 * would be expected to agree on with this rollout: the ceiling a judge's
 * own noise puts on any agreement rate measured against it.
 *
 * Ownership: plain values; the per-game arrays stay the caller's.
 */
#ifndef BRADE_ANALYSIS_AGREE_H
#define BRADE_ANALYSIS_AGREE_H

#include <stdbool.h>
#include <stdint.h>

enum { AGREE_MAX = 8 };

/* One rollout pass: n games; x[j] is play j's per-game results, or NULL
 * when play j was not rolled out in this pass. */
typedef struct agree_pass {
    int n;
    const double *x[AGREE_MAX];
} agree_pass_t;

/* The plays' combined means and the covariance of those means. */
typedef struct agree_stats {
    int m;
    int games[AGREE_MAX];
    double mean[AGREE_MAX];
    double cov[AGREE_MAX][AGREE_MAX];
} agree_stats_t;

/* Combines npass independent passes over m plays (m <= AGREE_MAX; every
 * play in at least one pass, every pass of 2 or more games).  A play's
 * mean is over all the games it was rolled out in. */
void agree_combine(const agree_pass_t *passes, int npass, int m, agree_stats_t *out);

/* The index of the highest mean; of plays tied exactly, the first (so a
 * chooser's play, which the judge puts first, wins a tie). */
int agree_best(const agree_stats_t *s);

/* Whether play j (0 <= j < m) is a best play: its mean is the highest,
 * tied or not.  With few games exact ties happen; every tied play counts. */
bool agree_is_best(const agree_stats_t *s, int j);

/* The standard error of mean[j] - mean[k]. */
double agree_diff_se(const agree_stats_t *s, int j, int k);

/* True when the best mean is ahead of every other by more than 1.96
 * standard errors of the difference. */
bool agree_separable(const agree_stats_t *s);

/* out = the plays of s listed in another order: out's play a is s's play
 * from[a] (from: a permutation of 0..m-1); out must not be s. */
void agree_stats_permute(const agree_stats_t *s, const int *from, agree_stats_t *out);

/* The probability (by `draws` seeded Monte Carlo draws) that play `which`
 * has the highest true value, the true values drawn from N(mean, cov).
 * The draws follow the plays sorted by mean (then variance), so the answer
 * does not depend on the order the plays are listed in. */
double agree_p_best(const agree_stats_t *s, int which, uint64_t seed, int draws);

/* agree_p_best for every play at once, from the same draws: p[j] for
 * each play j of s (0 <= j < m), equal to agree_p_best(s, j, seed, draws);
 * the p[j] sum to 1. */
void agree_p_best_all(const agree_stats_t *s, uint64_t seed, int draws, double p[AGREE_MAX]);

#endif
