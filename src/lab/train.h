/*
 * train.h - training the evaluator's nets by TD(lambda) self-play, as
 * TD-Gammon and GNU Backgammon were trained.
 *
 * The net plays both sides at 0-ply (the exact one-roll lookahead
 * included, so endings are played right).  After a game, each position's
 * target is its lambda-return: the next position's output (turned to this
 * side's view) mixed with the target after it, the last position's being
 * the game's real result; the net then takes one gradient step per
 * position on the cross entropy against its target.  With exploration
 * (--noise), a position whose play was a random one is not taught, and the
 * lambda-return of the positions before it stops there, as Watkins cuts
 * Q(lambda) at an exploratory action: they learn its value, not that of
 * where the random play led (which would bias them down), while the
 * positions after it are taught as usual.
 *
 * Games are played in rounds: within a round the weights stay fixed, the
 * games are shared among the threads, and the updates are applied in game
 * order afterwards.  Game g's dice come from (seed, g) alone, so a run
 * gives the same net with any number of threads, and a run resumed from
 * a checkpoint (taken between rounds) the same net as one never stopped.
 *
 * Ownership: the caller owns the net, which train_run updates in place;
 * progress and checkpoints go out through the caller's hooks (no I/O
 * here).
 */
#ifndef BRADE_ANALYSIS_TRAIN_H
#define BRADE_ANALYSIS_TRAIN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "analysis/evalnet.h"
#include "lab/selfplay.h"

typedef struct train_opts {
    long games;              /* train until the net has played this many games in all */
    int threads;
    double alpha;            /* learning rate */
    double lambda;           /* TD(lambda) */
    double noise;            /* chance of a random play (exploration) */
    double equity_weight;    /* c > 0: each step also on c/2 (equity - target's equity)^2,
                                the equities over the largest class value (0: off) */
    double random_start;     /* share of games that start after random plays */
    int random_plies;        /* ... up to this many uniformly random plays */
    bool lookahead;          /* the player uses the exact one-roll lookahead */
    int round;               /* games per round (the weights are fixed within one) */
    long report_every;       /* games between progress reports */
    long checkpoint_every;   /* games between checkpoints (0: only at the end) */
    long strength_every;     /* games between strength estimates (0: none) */
    int strength_games;      /* games per estimate, against the linear evaluator */
    const volatile sig_atomic_t *stop; /* when set (Ctrl-C), training stops after the round */
} train_opts_t;

void train_default_opts(train_opts_t *o);

typedef struct train_status {
    long games;              /* games played in all */
    long games_this_run;
    double seconds;          /* this run */
    double loss;             /* mean cross entropy per position since the last report */
    double plies;            /* mean plies per game since the last report */
    bool has_strength;
    selfplay_result_t strength; /* the net (0-ply) against the linear evaluator (0-ply) */
} train_status_t;

typedef struct train_hooks {
    void *ud;
    void (*progress)(void *ud, const train_status_t *s);
    /* Saves a checkpoint; false stops the training (the file could not be written). */
    bool (*checkpoint)(void *ud, const evalnet_t *n);
} train_hooks_t;

/* The equity of each of n's result classes at a position under r (a
 * vackert spel counted as the pattern each side is closest to, near[]),
 * over the largest of them in size: u[k] in [-1, 1], u of a class that
 * scores the most for the side on roll 1. */
void train_class_values(const evalnet_t *n, const rules_t *r, const outcome_kind_t near[2], float *u);

/* The gradient at the logits (dz[K]) of one training step from the
 * output p towards target: the cross entropy's, p - target, and with an
 * equity weight c > 0 that of c/2 (E(p) - E(target))^2 as well, E a
 * distribution's mean of the class values u (train_class_values).
 * Returns the cross entropy. */
double train_grad(const float *p, const float *target, const float *u, float c, int K, float *dz);

/* Trains n under r until n->games reaches o->games (or *o->stop).  n's
 * alpha, lambda and noise are set from o.  Returns 0 when done, 1 when
 * stopped early, -1 when out of memory or a checkpoint failed. */
int train_run(evalnet_t *n, const rules_t *r, const train_opts_t *o, const train_hooks_t *h);

/* The lambda-returns of one game, backwards, in place: v[0..T) holds the
 * net's outputs (each from the view of the side on roll there) and gets
 * the targets.  The last position's target is the class last_class (the
 * real result from its side's view); before it, (1 - lambda) * the next
 * output + lambda * the next target, both turned to this side's view.
 * Where cut[t] (cut may be NULL), the play from t was random: v[t] keeps
 * its output, so the positions before t bootstrap from t's own value and
 * nothing after t reaches them. */
void train_lambda_targets(const evalnet_t *n, float (*v)[NN_MAX_CLASSES], int T, const bool *cut,
                          int last_class, float lambda);

/* Plays one uniformly random legal play of a random roll from *b (with
 * dice from rng) and turns the board to the other side.  False, *b
 * unchanged, when the roll has no play or the play ends the game. */
bool train_random_play(const rules_t *r, movegen_buf_t *buf, board_t *b, uint64_t *rng);

/* Plays up to max_plies uniformly random plays (how many: uniform too)
 * from *b with dice from rng, for positions self-play alone would rarely
 * reach.  False when they ended the game. */
bool train_random_start(const rules_t *r, int max_plies, movegen_buf_t *buf, board_t *b, uint64_t *rng);

/* A strength estimate: the net against `baseline`, both at `plies`, over
 * `games` games in pairs with the same dice. */
int train_strength(const evalnet_t *n, const rules_t *r, eval_kind_t baseline, int plies,
                   int games, uint64_t seed, int threads, selfplay_result_t *out);

/* ---- pruning nets (train_prune.c) ---- */

typedef struct train_prune_opts {
    int hidden;          /* hidden units of each pruning net */
    long games;          /* self-play games whose positions they are taught on */
    double alpha;        /* learning rate */
    int samples;         /* random other plays of each roll taught besides the chosen one */
    double noise;        /* chance of a random play in the games */
    uint64_t seed;
    long report_every;   /* games between progress reports */
    const volatile sig_atomic_t *stop;
} train_prune_opts_t;

void train_prune_default_opts(train_prune_opts_t *o);

typedef struct train_prune_status {
    long games;          /* games played so far */
    double loss;         /* mean cross entropy against the full net since the last report */
} train_prune_status_t;

typedef struct train_prune_hooks {
    void *ud;
    void (*progress)(void *ud, const train_prune_status_t *s);
} train_prune_hooks_t;

/* Gives n new pruning nets (replacing any) and teaches them to agree with
 * n's full nets over o->games games of self-play under r.  Returns 0 when
 * done, 1 when stopped (the nets are then only partly taught), -1 when out
 * of memory. */
int train_prune(evalnet_t *n, const rules_t *r, const train_prune_opts_t *o,
                const train_prune_hooks_t *h);

#endif
