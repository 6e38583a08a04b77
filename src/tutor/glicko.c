/*
 * glicko.c - Glicko-2 (see glicko.h), step by step as Glickman's paper
 * numbers them.
 */
#include "tutor/glicko.h"

#include <math.h>

#define SCALE 173.7178 /* Glicko-2's unit: 400 / ln 10 */
#define PI 3.14159265358979323846
#define EPSILON 1e-6   /* the volatility iteration's tolerance */

/* A new learner's rating. */
glicko_t glicko_start(void) { return (glicko_t){GLICKO_START_RATING, GLICKO_START_RD, GLICKO_START_VOL}; }

/* Step 3's g(phi): how much an uncertain opponent's result counts. */
static double g_of(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI)); }

/* Step 3's E: the expected score on the Glicko-2 scale. */
static double e_of(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j))); }

/* The expected score against an opponent (see glicko.h). */
double glicko_expect(glicko_t g, double rating, double deviation)
{
    double phi = g.deviation / SCALE, phi_j = deviation / SCALE;
    /* the combined uncertainty of both sides, as Glicko's expected score */
    return e_of((g.rating - 1500.0) / SCALE, (rating - 1500.0) / SCALE, sqrt(phi * phi + phi_j * phi_j));
}

/* Step 5's f(x), whose root is the new volatility's log-square. */
static double f_of(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* One rating period, Glickman's steps 2 to 8 (see glicko.h). */
glicko_t glicko_update_raw(glicko_t g, const glicko_game_t *games, int n, double tau)
{
    double mu = (g.rating - 1500.0) / SCALE, phi = g.deviation / SCALE, sigma = g.volatility;
    if (n <= 0) { /* step 6 alone: a period without games */
        g.deviation = sqrt(phi * phi + sigma * sigma) * SCALE;
        return g;
    }
    /* steps 3 and 4: the estimated variance v and the improvement delta */
    double vinv = 0.0, sum = 0.0;
    for (int j = 0; j < n; j++) {
        double mu_j = (games[j].rating - 1500.0) / SCALE, phi_j = games[j].deviation / SCALE;
        double gj = g_of(phi_j), e = e_of(mu, mu_j, phi_j);
        vinv += gj * gj * e * (1.0 - e);
        sum += gj * (games[j].score - e);
    }
    double v = 1.0 / vinv, delta = v * sum;
    /* step 5: the new volatility, by the Illinois algorithm */
    double a = log(sigma * sigma), A = a, B;
    if (delta * delta > phi * phi + v)
        B = log(delta * delta - phi * phi - v);
    else {
        int k = 1;
        while (f_of(a - k * tau, delta, phi, v, a, tau) < 0.0 && k < 1000)
            k++;
        B = a - k * tau;
    }
    double fA = f_of(A, delta, phi, v, a, tau), fB = f_of(B, delta, phi, v, a, tau);
    for (int it = 0; fabs(B - A) > EPSILON && it < 200; it++) {
        double C = A + (A - B) * fA / (fB - fA), fC = f_of(C, delta, phi, v, a, tau);
        if (fC * fB <= 0.0) {
            A = B;
            fA = fB;
        } else
            fA /= 2.0;
        B = C;
        fB = fC;
    }
    double sigma2 = exp(A / 2.0);
    /* steps 6 to 8: the new deviation and rating */
    double phi_star = sqrt(phi * phi + sigma2 * sigma2);
    double phi2 = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu2 = mu + phi2 * phi2 * sum;
    return (glicko_t){mu2 * SCALE + 1500.0, phi2 * SCALE, sigma2};
}

/* One rating period with the deviation kept in [GLICKO_MIN_RD, 350]. */
glicko_t glicko_update(glicko_t g, const glicko_game_t *games, int n, double tau)
{
    glicko_t r = glicko_update_raw(g, games, n, tau);
    if (!(r.deviation >= GLICKO_MIN_RD))
        r.deviation = GLICKO_MIN_RD;
    if (r.deviation > GLICKO_START_RD)
        r.deviation = GLICKO_START_RD;
    if (!isfinite(r.rating) || !isfinite(r.volatility))
        return g; /* never: the arithmetic above is bounded; keep the old */
    return r;
}

/* A puzzle's rating from its author's difficulty (see glicko.h). */
double glicko_puzzle_rating(int difficulty)
{
    if (difficulty < 1)
        difficulty = 1;
    if (difficulty > 5)
        difficulty = 5;
    return 1100.0 + 200.0 * (difficulty - 1);
}
