/*
 * agree.c - how sure a rollout is of its best play (see agree.h).
 */
#include "analysis/agree.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "analysis/dice.h"

/* The mean of x[0..n-1]. */
static double mean_of(const double *x, int n)
{
    double s = 0;
    for (int g = 0; g < n; g++)
        s += x[g];
    return s / n;
}

void agree_combine(const agree_pass_t *passes, int npass, int m, agree_stats_t *out)
{
    assert(m >= 1 && m <= AGREE_MAX);
    memset(out, 0, sizeof *out);
    out->m = m;
    double pm[AGREE_MAX]; /* a pass's per-play means */
    for (int p = 0; p < npass; p++) {
        const agree_pass_t *ps = &passes[p];
        assert(ps->n >= 2);
        for (int j = 0; j < m; j++) {
            if (!ps->x[j])
                continue;
            pm[j] = mean_of(ps->x[j], ps->n);
            out->mean[j] += ps->n * pm[j];
            out->games[j] += ps->n;
        }
    }
    for (int j = 0; j < m; j++) {
        assert(out->games[j] > 0);
        out->mean[j] /= out->games[j];
    }
    /* cov(mean_j, mean_k) = sum over passes holding both of
     * n_p * S_p(j,k) / (N_j * N_k), S_p the pass's per-game covariance */
    for (int p = 0; p < npass; p++) {
        const agree_pass_t *ps = &passes[p];
        for (int j = 0; j < m; j++)
            if (ps->x[j])
                pm[j] = mean_of(ps->x[j], ps->n);
        for (int j = 0; j < m; j++) {
            for (int k = j; k < m && ps->x[j]; k++) {
                if (!ps->x[k])
                    continue;
                double c = 0;
                for (int g = 0; g < ps->n; g++)
                    c += (ps->x[j][g] - pm[j]) * (ps->x[k][g] - pm[k]);
                c /= ps->n - 1;
                double add = ps->n * c / ((double)out->games[j] * out->games[k]);
                out->cov[j][k] += add;
                if (k != j)
                    out->cov[k][j] += add;
            }
        }
    }
}

int agree_best(const agree_stats_t *s)
{
    int b = 0;
    for (int j = 1; j < s->m; j++)
        if (s->mean[j] > s->mean[b])
            b = j;
    return b;
}

bool agree_is_best(const agree_stats_t *s, int j)
{
    assert(j >= 0 && j < s->m);
    return s->mean[j] == s->mean[agree_best(s)];
}

double agree_diff_se(const agree_stats_t *s, int j, int k)
{
    double v = s->cov[j][j] + s->cov[k][k] - 2 * s->cov[j][k];
    return v > 0 ? sqrt(v) : 0;
}

bool agree_separable(const agree_stats_t *s)
{
    int b = agree_best(s);
    for (int j = 0; j < s->m; j++)
        if (j != b && s->mean[b] - s->mean[j] <= 1.96 * agree_diff_se(s, b, j))
            return false;
    return true;
}

/* A standard normal draw (Box-Muller; one of the pair). */
static double normal(uint64_t *rng)
{
    double u1 = dice_unit(rng), u2 = dice_unit(rng);
    if (u1 < 1e-300)
        u1 = 1e-300;
    return sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

/* The plays of s in an order that does not depend on how the caller
 * listed them: by mean, highest first, then by variance, then by the
 * listed order (only plays alike in both keep it). */
static void canonical_order(const agree_stats_t *s, int *ord)
{
    for (int j = 0; j < s->m; j++) {
        int at = j;
        while (at > 0) {
            int k = ord[at - 1];
            bool before = s->mean[j] > s->mean[k] ||
                          (s->mean[j] == s->mean[k] && s->cov[j][j] < s->cov[k][k]);
            if (!before)
                break;
            ord[at] = k;
            at--;
        }
        ord[at] = j;
    }
}

void agree_stats_permute(const agree_stats_t *s, const int *from, agree_stats_t *out)
{
    assert(out != s);
    out->m = s->m;
    for (int a = 0; a < s->m; a++) {
        out->games[a] = s->games[from[a]];
        out->mean[a] = s->mean[from[a]];
        for (int b = 0; b < s->m; b++)
            out->cov[a][b] = s->cov[from[a]][from[b]];
    }
}

/* agree_p_best for every play, in the order s lists them: the draws go
 * to them in that order; p[j] is play j's share of the draws. */
static void p_best_as_listed(const agree_stats_t *s, uint64_t seed, int draws, double p[AGREE_MAX])
{
    int m = s->m;
    /* Cholesky factor L of cov (lower), a pivot at or below zero (plays
     * that never differ, or exact values) giving a zero column */
    double L[AGREE_MAX][AGREE_MAX];
    memset(L, 0, sizeof L);
    for (int j = 0; j < m; j++) {
        double d = s->cov[j][j];
        for (int k = 0; k < j; k++)
            d -= L[j][k] * L[j][k];
        double piv = d > 1e-18 ? sqrt(d) : 0;
        L[j][j] = piv;
        for (int i = j + 1; i < m; i++) {
            double v = s->cov[i][j];
            for (int k = 0; k < j; k++)
                v -= L[i][k] * L[j][k];
            L[i][j] = piv > 0 ? v / piv : 0;
        }
    }
    uint64_t rng = dice_stream(seed, 0xa9ee);
    int hits[AGREE_MAX] = {0};
    for (int t = 0; t < draws; t++) {
        double z[AGREE_MAX], v[AGREE_MAX];
        for (int j = 0; j < m; j++)
            z[j] = normal(&rng);
        int b = 0;
        for (int i = 0; i < m; i++) {
            v[i] = s->mean[i];
            for (int k = 0; k <= i; k++)
                v[i] += L[i][k] * z[k];
            if (v[i] > v[b])
                b = i;
        }
        hits[b]++;
    }
    for (int j = 0; j < m; j++)
        p[j] = draws > 0 ? (double)hits[j] / draws : 0;
}

void agree_p_best_all(const agree_stats_t *s, uint64_t seed, int draws, double p[AGREE_MAX])
{
    /* The draws go to the plays in the canonical order, so every listing
     * of the same plays (a rejudge puts its chooser's play first) gets the
     * same answers from the same seed. */
    int ord[AGREE_MAX];
    canonical_order(s, ord);
    agree_stats_t c;
    agree_stats_permute(s, ord, &c);
    double q[AGREE_MAX];
    p_best_as_listed(&c, seed, draws, q);
    for (int a = 0; a < s->m; a++)
        p[ord[a]] = q[a];
}

double agree_p_best(const agree_stats_t *s, int which, uint64_t seed, int draws)
{
    assert(which >= 0 && which < s->m);
    double p[AGREE_MAX];
    agree_p_best_all(s, seed, draws, p);
    return p[which];
}
