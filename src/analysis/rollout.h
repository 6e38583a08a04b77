/*
 * rollout.h - Monte Carlo rollouts: play a position out many times with
 * the evaluator choosing the plays, and average the results.
 *
 *   - Seedable and deterministic: game i draws its dice from a stream
 *     derived from (seed, i) alone, and the totals are summed in game
 *     order, so the result is the same with 1 or 2 threads.
 *   - Both cores: `threads` workers (pthreads), each with its own
 *     evaluator and movegen buffers, take games in chunks.
 *   - Variance reduction: the first two rolls run through the 36 x 36
 *     orders in turn (quasi-random, so every opening roll is played equally
 *     often), and optionally each roll's luck (how much better or worse it
 *     is than the average roll, by the 0-ply evaluator) is subtracted from
 *     the result, as gnubg does.
 *   - Confidence: the standard error of the mean equity and the half-width
 *     of its 95% confidence interval.
 *   - Truncation: a game stops when its result is certain (a race the side
 *     on roll can no longer lose, the winner having borne a checker off
 *     already), or after `truncate` plies, where the evaluator's estimate
 *     counts instead.
 *
 * Ownership: results are plain values; the rollout allocates its workers'
 * contexts and frees them before returning.
 */
#ifndef BRADE_ANALYSIS_ROLLOUT_H
#define BRADE_ANALYSIS_ROLLOUT_H

#include <stdbool.h>
#include <signal.h>
#include <stdint.h>

#include "analysis/eval.h"

typedef struct rollout_opts {
    int games;               /* trials */
    uint64_t seed;
    int threads;             /* workers: 1 or 2 (more are allowed) */
    int plies;               /* the players' search depth (0 = evaluator only) */
    int truncate;            /* stop after this many plies (0 = play to the end) */
    bool stratify;           /* quasi-random first two rolls (rollout_stratified_roll) */
    bool luck;               /* subtract each roll's luck (costs ~20x per game) */
    bool lookahead;          /* players use the exact one-roll lookahead (bräde: ~10x per game) */
    eval_kind_t evaluator;
    const evalnet_t *net;    /* other nets than the shipped ones (NULL: the evaluator's own) */
    /* NULL, or a flag (set by a signal handler: Ctrl-C) that stops the
     * rollout early: the games begun are finished and reported, and the
     * result says `stopped` */
    const volatile sig_atomic_t *stop;
    /* NULL, or an array of `games` doubles the caller owns: game g's
     * result (luck-adjusted when `luck` is on) for the side the result is
     * reported for is written to [g] (when the rollout is stopped early, the
     * array's contents are not defined).  With the same seed, game g of every play of a
     * roll has the same dice, so two plays' arrays give the standard error
     * of their difference. */
    double *game_equity;
    /* The side on roll at the start has declared the one-die rule
     * (rollout_position only): its turns roll one die for as long as the
     * ruleset's series lasts (three rolls; The Board's add-on, one more
     * for each pip of the first die), then two again.  The players never
     * declare it themselves.  No luck adjustment for the single dice. */
    bool one_die;
    /* A series already running (its first roll behind it): the single-die
     * rolls still owed, [0] by the side on roll at the start, [1] by the
     * other side; each side's turns roll one die until its count is used
     * up.  In rollout_play the two are the play's side's (after the play
     * being rolled out) and the other side's, and are swapped for the
     * position after it.  Not with `one_die` for the same side. */
    int series_owed[2];
} rollout_opts_t;

typedef struct rollout_result {
    eval_t mean;     /* average result for the side on roll (probabilities, equity) */
    double equity;   /* the estimate reported: luck-adjusted when `luck` is on */
    double se;       /* its standard error */
    double ci95;     /* half-width of the 95% confidence interval (1.96 se) */
    double raw_se;   /* standard error without the luck adjustment */
    int games;
    int truncated;   /* games cut at the ply limit */
    int certain;     /* games stopped because the result was certain */
    double plies;    /* average plies per game */
    bool stopped;    /* the stop flag ended it before `games` were played */
} rollout_result_t;

/* With pruning nets, a rollout's players value only this many plays of a
 * roll with the full net: the best by the pruning nets. */
enum { ROLLOUT_PRUNE_CHOICE = 8 };

/* Defaults: 1296 games, seed 1, 2 threads, 0-ply players on the static
 * evaluation (no lookahead: the same net plays no worse without it, and
 * a bräde game costs a tenth), no truncation, stratified first rolls, no
 * luck adjustment, the shipped evaluator. */
void rollout_default_opts(rollout_opts_t *o);

/* The roll game g of a stratified rollout meets at ply 0 or 1 (the plies
 * after are drawn from the game's own stream): a Latin square over the
 * 36 x 36 orders, so every multiple of 36 games meets each roll equally
 * often at both plies, and 1296 games every pair of them once. */
roll_t rollout_stratified_roll(int g, int ply);

/* Rolls out b with its side on roll (before rolling).  Returns 0, or -1
 * when out of memory. */
int rollout_position(const board_t *b, const rules_t *r, const rollout_opts_t *o,
                     rollout_result_t *out);

/* Rolls out a play for the side that made it: exact when the play ends the
 * game, otherwise the position after it (the opponent on roll), turned
 * round.  The same seed gives every play of a roll the same dice. */
int rollout_play(const play_t *p, const rules_t *r, const rollout_opts_t *o,
                 rollout_result_t *out);

enum { ROLLOUT_CHECK_MAX = 8 };

/* Verifying a claimed best play (a puzzle's answer): the claimed play and
 * the best plays by search, rolled out with the same dice. */
typedef struct rollout_check {
    int n;                                         /* plays rolled out */
    play_t plays[ROLLOUT_CHECK_MAX];
    rollout_result_t results[ROLLOUT_CHECK_MAX];
    int claimed;                                   /* index of the claimed play */
    int best;                                      /* index of the best by rollout */
    bool claimed_is_best;                          /* the claimed play rolled out best */
    bool claimed_within_ci;                        /* ... or within the best's 95% interval */
} rollout_check_t;

/* Rolls out the claimed play (the legal play of `roll` whose position after
 * is *claimed_after) and the best `top` others ranked at `plies`, all with
 * o's games and seed.  Returns 0, -1 when out of memory, -2 when no legal
 * play reaches *claimed_after. */
int rollout_check_best(const board_t *b, const rules_t *r, roll_t roll, const board_t *claimed_after,
                       int plies, int top, const rollout_opts_t *o, rollout_check_t *out);

/* True when the game's result is already certain with the side on roll of
 * b to move; *o gets the result and *mover_wins who wins it. */
bool rollout_certain(const board_t *b, const rules_t *r, outcome_t *o, bool *mover_wins);

#endif
