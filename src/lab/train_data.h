/*
 * train_data.h - training the nets on rollout results, as GNU Backgammon's
 * nets were refined after their self-play training.
 *
 * TD(lambda) (train.h) teaches a position the net's own estimate of the
 * positions after it, so where the net is wrong about what follows, it
 * learns the error.  A rollout plays the position out to the end many
 * times; the share of each result class over those games is a target
 * with no such bias (only noise, which shrinks with the games).
 *
 *   - train_data_make picks positions from seeded self-play games (with
 *     the training's random starts, so wild positions come too), one per
 *     game at a uniformly chosen ply; with `select` > 1 it draws that many
 *     and keeps the one where the net's 0-ply and 1-ply values differ
 *     most (where the net disagrees with itself, as gnubg chose its
 *     training positions).  With `sideways` above 0 that share of the
 *     picks is replaced by the position after a uniformly random legal
 *     play of a random roll: positions one step off the net's own play,
 *     the kind a search values for every play it screens, which self-play
 *     (TD's and the picking games') never reaches.  With `contested`
 *     above 0 that share is instead the position after one of the two
 *     plays a random roll's 0-ply and 2-ply choices part on (rolls
 *     drawn until they part, at most 8): the positions a choice is made
 *     between and the net ranks the wrong way round by the search's
 *     account, fewer and far more to the point than a random play's
 *     (applied after sideways when both are on).  With
 *     `contested_reply` the pick goes a step further, past the other
 *     side's 0-ply reply to a random roll: one of the leaves the 2-ply
 *     search values that play by.  Each kept position
 *     is rolled out `games` times by the net's 0-ply player (without the
 *     exact lookahead, as a rollout plays; with `player_plies` Q above 0
 *     by players that search Q plies, as `analyse --player-plies` and the
 *     judge's `--player-plies` roll out: targets that carry fewer of the
 *     0-ply player's own mistakes, at about 27 times the cost a game in
 *     bräde) and gets the class
 *     distribution of the results (a position none of whose games
 *     finished, all at the ply limit, is left out).  With `plies` above 0 a kept position is valued by the
 *     net's own search that deep instead (with the exact lookahead), its
 *     value turned back into classes by evalnet_from_eval.
 *   - train_data_fit teaches the net those distributions: plain gradient
 *     steps on the cross entropy, in a seeded shuffled order, for a number
 *     of epochs, with a share of the positions held out to measure on.
 *
 * Deterministic: position k's game and its rollout games draw their dice
 * from (seed, k) alone, so the data are the same with any number of
 * threads; a fit with the same seed gives the same net.  For the same
 * reason a run can be made in pieces: train_data_continue goes on from
 * the first position not yet made (`made`), and the data are the same as
 * from one run; its checkpoint hook hands the caller the data made so far
 * every `checkpoint_every` positions, so a killed run loses little.
 *
 * The text form (train_data_format / train_data_parse):
 *
 *   brade-rollout-data 2
 *   rules lyckans-talisman
 *   classes 12
 *   games 144            (rollout games a position; 0 for searched targets)
 *   plies 0              (the depth of searched targets; 0 when rolled out;
 *                         version 1 has no such line and is read as 0)
 *   player-plies 0       (version 5 on, read as 0 before: the depth the
 *                         rollout's players search)
 *   select 4
 *   seed 1
 *   net-games 800000     (the training games of the net that rolled out)
 *   random-start 0.25    (version 3 on: the share of games from random
 *   random-plies 24       starts, and their plies)
 *   sideways 0.5         (version 4 on, read as 0 before: the share of
 *                         the picks replaced by the position after a
 *                         random play)
 *   contested 0          (version 6 on, read as 0 before: the share of
 *                         the picks replaced by a contested play's)
 *   contested-reply 0    (version 6 on: 1 when they go on past a reply)
 *   phase any            (version 7 on, read as any before: the positions
 *                         picked from the plies of any phase, or of races
 *                         (race) or contact (contact) alone)
 *   made 5000            (version 3 on: positions 0..made-1 of the
 *                         seeded sequence are done, those with no
 *                         finished rollout game left out; version 1 and
 *                         2 files have none of these lines and cannot be
 *                         continued)
 *   positions 5000       (the lines that follow)
 *   ID COLOUR p0 p1 ... p11   (one line a position: its id, as brade posid
 *                              or gnubg writes it, the side on roll, the
 *                              classes' shares)
 *
 * Ownership: a train_data_t owns its items (train_data_free); the net is
 * the caller's and train_data_fit updates it in place; no I/O here.
 */
#ifndef BRADE_ANALYSIS_TRAIN_DATA_H
#define BRADE_ANALYSIS_TRAIN_DATA_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/evalnet.h"

enum { TRAIN_DATA_VERSION = 7 };

typedef struct train_item {
    board_t b;                /* the side on roll to move */
    float p[NN_MAX_CLASSES];  /* the rolled-out share of each class, its view */
} train_item_t;

typedef struct train_data {
    char rules[EVALNET_RULES_MAX]; /* the ruleset of the net that made the data */
    int classes;
    int games;                /* rollout games a position (0: searched targets) */
    int plies;                /* the search depth of the targets (0: rolled out) */
    int player_plies;         /* the rollout's players' depth (0 before version 5) */
    int select;               /* positions drawn for each one kept */
    uint64_t seed;
    long net_games;           /* the net's training games when it rolled out */
    double random_start;      /* the picking games' random starts (-1: not */
    int random_plies;         /*   recorded, a version 1 or 2 file) */
    double sideways;          /* share of positions taken sideways (0 before version 4) */
    double contested;         /* share taken where 0 and 2 plies part (0 before version 6) */
    bool contested_reply;     /* ... a reply further on (false before version 6) */
    int phase;                /* EVALNET_ANY_PHASE, or the evalnet phase the positions are of
                                 (EVALNET_ANY_PHASE before version 7) */
    int made;                 /* positions 0..made-1 of the sequence are done */
    train_item_t *items;      /* owned */
    int n;
} train_data_t;

typedef struct train_data_opts {
    int positions;
    int games;
    int plies;                /* 0: roll out; above 0: the net's value this deep instead */
    int player_plies;         /* rolled out by players that search this deep (0: the 0-ply player) */
    int select;
    int threads;
    uint64_t seed;
    double random_start;      /* share of the games that start after random plays */
    int random_plies;         /* ... up to this many */
    double sideways;          /* share of the picks replaced by the position after a random play */
    double contested;         /* share of the picks replaced by the position after a play the
                                 0-ply and 2-ply choices part on */
    bool contested_reply;     /* ... then after the other side's 0-ply reply to a random roll */
    int phase;                /* EVALNET_ANY_PHASE, or EVALNET_RACE / EVALNET_CONTACT: positions
                                 picked from the plies of that phase alone */
    int checkpoint_every;     /* positions between checkpoint calls (0: none) */
    const volatile sig_atomic_t *stop; /* set (Ctrl-C): no more positions are begun */
} train_data_opts_t;

void train_data_default_opts(train_data_opts_t *o);


/* Called after each position (positions done so far, of o->positions). */
typedef void (*train_data_progress_fn)(void *ud, int done, int total);

/* Called, from a worker and with the others held, each time
 * o->checkpoint_every more positions are made (not after the last: the
 * caller has the data then); d is the data so far, to be read, not kept. */
typedef void (*train_data_checkpoint_fn)(void *ud, const train_data_t *d);

typedef struct train_data_hooks {
    train_data_progress_fn progress;     /* NULL: none */
    train_data_checkpoint_fn checkpoint; /* NULL: none */
    void *ud;
} train_data_hooks_t;

/* Makes o->positions positions with their rollouts under r by net n.
 * Returns 0, 1 when stopped (out->n then counts the positions finished, a
 * prefix), -1 when out of memory. */
int train_data_make(const evalnet_t *n, const rules_t *r, const train_data_opts_t *o,
                    train_data_progress_fn progress, void *ud, train_data_t *out);
/* d empty, its header that of data made by n with o (the start of a run
 * that train_data_continue then makes). */
void train_data_start(train_data_t *d, const evalnet_t *n, const train_data_opts_t *o);
/* NULL when d (read from a file, or left by a stopped run) was made by the
 * same settings as o and n, so train_data_continue can go on from it; else
 * what differs, in words, in buf. */
const char *train_data_mismatch(const train_data_t *d, const evalnet_t *n, const train_data_opts_t *o, char *buf,
                                size_t size);
/* Goes on making d's positions from d->made to o->positions (d must pass
 * train_data_mismatch); the result is what one train_data_make run of
 * o->positions gives.  Returns as train_data_make; on -1 d is unchanged. */
int train_data_continue(const evalnet_t *n, const rules_t *r, const train_data_opts_t *o,
                        const train_data_hooks_t *h, train_data_t *d);
void train_data_free(train_data_t *d);
/* Moves the items of `from` to the end of `to` (several data files taught
 * as one); `from` is left empty.  The header fields stay `to`'s.  Returns
 * 0, -1 when the two are of another ruleset or class count, -2 when out of
 * memory (then both are unchanged). */
int train_data_append(train_data_t *to, train_data_t *from);

/* The text form (malloc'd; NULL when out of memory). */
char *train_data_format(const train_data_t *d, const rules_t *r, size_t *len);
/* Reads the text form for ruleset r; false with *line and msg set. */
bool train_data_parse(const char *text, size_t len, const rules_t *r, train_data_t *out, int *line,
                      char *msg, size_t msg_size);

typedef struct train_fit_opts {
    int epochs;
    double alpha;
    double holdout;           /* share of the positions kept out of the fit */
    uint64_t seed;            /* the order of the steps, and which are held out */
} train_fit_opts_t;

typedef struct train_fit_status {
    int epoch;                /* 0: before the first */
    double train_loss;        /* mean cross entropy against the rolled-out shares */
    double holdout_loss;
    double holdout_equity_error; /* mean |net equity - rolled-out equity|, held-out positions */
} train_fit_status_t;

/* The fits' defaults: 4 passes at 0.002, a tenth held out, seed 1. */
void train_fit_default_opts(train_fit_opts_t *o);

typedef void (*train_fit_progress_fn)(void *ud, const train_fit_status_t *s);

/* Teaches n the data's distributions (see above).  Returns 0, or -1 when
 * the data do not fit the net (another ruleset or class count) or out of
 * memory. */
int train_data_fit(evalnet_t *n, const rules_t *r, const train_data_t *d, const train_fit_opts_t *o,
                   train_fit_progress_fn progress, void *ud);

#endif
