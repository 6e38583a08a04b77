/*
 * evalfit.h - fitting the evaluator's weights to self-play games.
 *
 * A generation plays games between two copies of the current 0-ply player
 * (with a little exploration), keeps a sample of the positions with the
 * game's final result seen from the side on roll, and fits the model's
 * weights to those results (softmax regression for the six result
 * classes, logistic regression for the munk and vackert-spel splits; Adam,
 * L2 penalty), starting from the current weights.  The next generation
 * plays with the new weights.  Generation 0 is the hand-set weights.
 *
 * Ownership: the caller owns the weights it passes; samples live only
 * inside evalfit_run().
 */
#ifndef BRADE_ANALYSIS_EVALFIT_H
#define BRADE_ANALYSIS_EVALFIT_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/eval_model.h"

typedef struct evalfit_opts {
    int games;          /* games per generation */
    int generations;
    uint64_t seed;
    int threads;
    double sample_rate; /* share of positions kept */
    double noise;       /* chance of a random play (exploration) */
    int epochs;
    double rate;        /* Adam step size */
    double l2;          /* weight penalty */
    const eval_weights_t *start; /* generation 0 (NULL = the hand-set weights) */
} evalfit_opts_t;

void evalfit_default_opts(evalfit_opts_t *o);

/* Runs the generations under r, starting from o->start; writes
 * progress lines to `log` (may be NULL) and the final weights to *out.
 * Returns 0, or -1 when out of memory. */
int evalfit_run(const evalfit_opts_t *o, const rules_t *r, eval_weights_t *out, FILE *log);

/* Writes weights as the C source of eval_weights.c. */
void evalfit_write_c(const eval_weights_t *w, const evalfit_opts_t *o, const rules_t *r, FILE *f);

#endif
