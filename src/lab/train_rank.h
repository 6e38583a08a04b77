/*
 * train_rank.h - teaching a net how a roll's plays rank against each
 * other, from rollouts of those plays on the same dice.
 *
 * train_data.h teaches the net each position's rolled-out result shares:
 * absolute targets, whose noise (a 96-game rollout of a bräde position is
 * off by about 0.15 points) is larger than most differences between the
 * plays of one roll.  A choice rests on those differences alone.  When a
 * roll's plays are rolled out on the same dice (an agreement record,
 * agreement.h: game g of every play has the same rolls), the difference of
 * two plays' means is known far better than either mean, because most of
 * the luck is common to both.
 *
 * So here the targets are the differences.  A group is one roll's plays
 * rolled out together.  The net's value of play i is the value the search
 * gives it at 0-ply (eval_play): the result when the play ends the game,
 * else the position after it valued for the other side and turned round.
 * With e_i the net's values and r_i the rolled-out means, each centred on
 * the group's mean, the loss is
 *
 *     L = sum over the group of w (e_i - r_i)^2
 *
 * where w = 1 / (s^2 + floor): s^2 is the mean variance of the group's
 * paired differences (from the record's covariance), so a noisy group
 * teaches less.  Only a play valued by the net's static estimate gets a
 * gradient; one that ends the game, or whose position takes the exact
 * one-roll lookahead, keeps its value and anchors the others.  The
 * gradient reaches the net through its equity: e = -sum_k p_k v_k, v_k
 * the ruleset's points of class k for the side on roll after the play,
 * so dL/dz_k = -dL/de p_k (v_k - E).
 *
 *   - train_rank_group: one record's plays as a group (their positions
 *     after, the rolled-out means and the group's weight);
 *   - train_rank_fit: gradient steps over the groups in a seeded order,
 *     a share held out; after each pass it measures, on the held-out
 *     groups, how far the net's centred values are from the rollouts'
 *     and how often its 0-ply best is the rollout's best.
 *
 * Ownership: plain values; train_rank_fit updates the caller's net in
 * place and allocates only its own scratch; no I/O here.
 */
#ifndef BRADE_ANALYSIS_TRAIN_RANK_H
#define BRADE_ANALYSIS_TRAIN_RANK_H

#include <stdint.h>

#include "lab/agreement.h"
#include "analysis/evalnet.h"
#include "lab/train_data.h"

typedef struct train_rank_group {
    int m;                          /* plays rolled out (2..AGREE_MAX) */
    play_t play[AGREE_MAX];         /* the plays, as movegen made them */
    double mean[AGREE_MAX];         /* their rolled-out means, for the mover */
    double weight;                  /* 1 / (mean paired variance + floor) */
} train_rank_group_t;

/* The variance floor of a group's weight: a group whose rollout pins its
 * differences to within this (0.02 points squared, about what 600 paired
 * games give a bräde position) teaches no more than one that does not. */
#define TRAIN_RANK_VAR_FLOOR 0.0004

/* Makes res's plays (the last pass's figures) a group under r.  Returns
 * 0, 1 when a noted play is not a legal play of the position, 2 when
 * fewer than two plays were rolled out, -1 when out of memory. */
int train_rank_group(const rules_t *r, const agreement_result_t *res, train_rank_group_t *g);

typedef struct train_rank_status {
    int epoch;                      /* 0: before the first */
    double train_loss;              /* mean weighted loss a fitted group */
    double holdout_error;           /* mean |e_i - r_i| (centred), held-out plays */
    int holdout_groups;
    int holdout_best;               /* held-out groups whose 0-ply best is the rollout's */
} train_rank_status_t;

typedef void (*train_rank_progress_fn)(void *ud, const train_rank_status_t *s);

/* Teaches n the groups' differences (see above) with o's epochs, rate,
 * held-out share and seed.  Returns 0, or -1 when out of memory. */
int train_rank_fit(evalnet_t *n, const rules_t *r, const train_rank_group_t *g, int count,
                   const train_fit_opts_t *o, train_rank_progress_fn progress, void *ud);

#endif
