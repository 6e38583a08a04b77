/*
 * dice.h - the 21 distinct rolls with their weights out of 36, and a small
 * seedable random number generator for rollouts and self-play.
 *
 * Every analysis that averages over the dice goes through dice_roll() so
 * the weights are written once: a non-double counts 2 of the 36 orders, a
 * double 1.  The generator is splitmix64: a 64-bit state, no hidden global,
 * so two threads with their own states never interfere and a seed fixes
 * every number drawn.
 *
 * Ownership: plain values; nothing here allocates.
 */
#ifndef BRADE_ANALYSIS_DICE_H
#define BRADE_ANALYSIS_DICE_H

#include <stdint.h>

#include "engine/movegen.h"

enum { DICE_ROLLS = 21, DICE_ORDERS = 36 };

/* Roll k (0..20): doubles and non-doubles, higher die first; *weight is 1
 * for a double, 2 otherwise. */
roll_t dice_roll(int k, int *weight);

/* The k-th of the 36 ordered outcomes (k = 6 * (a - 1) + (b - 1)). */
roll_t dice_order(int k);

/* The next 64 random bits of state *s (splitmix64). */
uint64_t dice_next(uint64_t *s);

/* A uniform integer in [0, n) from state *s (n >= 1). */
int dice_below(uint64_t *s, int n);

/* A uniform double in [0, 1). */
double dice_unit(uint64_t *s);

/* A fresh state derived from a seed and a stream number (game index,
 * thread...), so that stream i is the same whoever plays it. */
uint64_t dice_stream(uint64_t seed, uint64_t stream);

#endif
