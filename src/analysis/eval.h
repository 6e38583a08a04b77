/*
 * eval.h - position evaluation: the chance of each result and the equity.
 *
 * An eval_t is always seen from one side: the side on roll of the position
 * evaluated (side[0]).  It holds the probability of every way that side can
 * win or lose (hemspel, each vackert spel, jan, sprängjan; single, gammon
 * and backgammon in backgammon), the part of those wins that comes with
 * munk, and the equity: the expected points of the game for that side in
 * the ruleset's scoring table (a loss counts negative, cube 1).
 *
 * The default evaluator is a pair of neural nets per ruleset (contact and
 * race) trained by TD(lambda) self-play (evalnet.h, train.h).  The older
 * evaluator, kept for comparison, is a small model over hand-chosen features of both sides
 * (race, janblotta count, entry trouble, blots exposed, bands and primes,
 * sprängjan exposure, pattern progress; eval_features.c), with a softmax
 * over six result classes and two logistic splits (munk, vackert spel);
 * its weights were first set by hand and then fitted to self-play games
 * (evalfit.c).  Where the side on roll can end the game with this roll,
 * eval_position() replaces the estimate by an exact one-roll lookahead:
 * the average over the 21 rolls of the best play, a play that ends the
 * game counting its exact result.  Backgammon uses a simpler race/contact
 * heuristic (eval_bg.c).
 *
 * Ownership: an eval_ctx_t is made by eval_ctx_new() and freed by
 * eval_ctx_free(); it owns one movegen buffer and must be used by one
 * thread at a time (give each thread its own).  eval_t is a plain value.
 */
#ifndef BRADE_ANALYSIS_EVAL_H
#define BRADE_ANALYSIS_EVAL_H

#include <stdbool.h>

#include "engine/movegen.h"
#include "engine/outcome.h"
#include "engine/rules.h"

typedef struct eval {
    double win[OUT_KIND_COUNT];  /* P(the side on roll wins, by kind) */
    double lose[OUT_KIND_COUNT]; /* P(the other side wins, by kind) */
    double win_munk;             /* part of the wins that come with munk */
    double lose_munk;            /* part of the losses that come with munk */
    double equity;               /* expected points for the side on roll */
} eval_t;

/* Which evaluator a context uses. */
typedef enum {
    EVAL_LINEAR = 0,  /* the linear model fitted to self-play (backgammon: the heuristic) */
    EVAL_HAND,        /* the linear model's hand-set starting weights (for comparison) */
    EVAL_PIPS,        /* pip-count race only: the greedy baseline */
    EVAL_NET          /* the trained neural nets (evalnet.h); the default */
} eval_kind_t;

/* The evaluator every analysis uses unless told otherwise.  Where no net
 * is shipped for a ruleset, a context asked for EVAL_NET uses EVAL_LINEAR. */
#define EVAL_DEFAULT EVAL_NET

typedef struct eval_weights eval_weights_t;       /* eval_model.h */
typedef struct evalnet evalnet_t;                 /* evalnet.h */
typedef struct evalnet_scratch evalnet_scratch_t; /* evalnet.h */

typedef struct eval_ctx {
    rules_t rules;
    eval_kind_t kind;
    bool lookahead;                /* exact one-roll lookahead where the game can end */
    const eval_weights_t *weights; /* the model's weights (NULL for EVAL_PIPS) */
    const evalnet_t *net;          /* EVAL_NET: the nets (not owned) */
    evalnet_scratch_t *scratch;    /* owned: the nets' inputs and activations */
    movegen_buf_t *buf;            /* owned: used by the lookahead */
    struct eval_ending_cache *ends; /* owned: positions a roll may end (eval_ctx_cache) */
    long evaluations;              /* static evaluations made, for speed figures */
    long lookaheads;               /* positions that took the exact lookahead */
    long ending_hits;              /* of those, answered from the cache */
} eval_ctx_t;

/* A context for ruleset r (copied).  NULL when out of memory.  EVAL_NET
 * takes the shipped net of r's preset; with none shipped the context's
 * kind becomes EVAL_LINEAR (c->kind says which one it uses). */
eval_ctx_t *eval_ctx_new(const rules_t *r, eval_kind_t kind);
void eval_ctx_free(eval_ctx_t *c);
/* Uses other weights (e.g. freshly fitted ones; the caller keeps them). */
void eval_ctx_set_weights(eval_ctx_t *c, const eval_weights_t *w);
/* Uses other nets (a weights file, a net in training; the caller keeps
 * them and they must fit r's encoding): the kind becomes EVAL_NET, with
 * the lookahead in bräde only (backgammon's endings are exact from the
 * bear-off database).
 * Returns false (nothing changed) when out of memory. */
bool eval_ctx_set_net(eval_ctx_t *c, const evalnet_t *n);

/* Turns the position caches on (forgetting what they held) or off.  While
 * on, a position evaluated before is answered from a cache, with the same
 * numbers (search_rank turns them on for a 2-ply ranking).  Two caches:
 * the nets' static estimates (EVAL_NET only), and eval_position's answer
 * for positions where a roll may end the game (the exact lookahead and the
 * test before it, which cost a whole ply each time).  When out of memory,
 * or for an evaluator without the cache, a cache stays off. */
void eval_ctx_cache(eval_ctx_t *c, bool on);

/* True when the context's nets have pruning nets (evalnet.h). */
bool eval_can_prune(const eval_ctx_t *c);
/* A play's rough value for the side that made it, from the pruning nets
 * (exact when the play ends the game): for screening plays only. */
double eval_play_rough(eval_ctx_t *c, const play_t *p);

/* The evaluator's name for people and files: "net", "linear", "hand", "pips". */
const char *eval_kind_name(eval_kind_t k);
/* Reads such a name ("shipped" is the default evaluator); false if unknown. */
bool eval_kind_parse(const char *name, eval_kind_t *out);

/* Evaluates b for its side on roll (before rolling), with the lookahead. */
void eval_position(eval_ctx_t *c, const board_t *b, eval_t *out);
/* The static estimate alone (no lookahead). */
void eval_static(eval_ctx_t *c, const board_t *b, eval_t *out);
/* The value of a play for the side that made it: the exact result when the
 * play ends the game, otherwise the position after it evaluated for the
 * opponent and turned round. */
void eval_play(eval_ctx_t *c, const play_t *p, eval_t *out);
/* The same without the lookahead: the exact result when the play ends the
 * game, otherwise the static estimate of the position after it. */
void eval_play_static(eval_ctx_t *c, const play_t *p, eval_t *out);

/* True when the side on roll of b may be able to end the game with this
 * roll (a cheap necessary test; the lookahead then decides exactly). */
bool eval_may_end_now(const board_t *b, const rules_t *r);

/* --- arithmetic on eval_t --- */
/* The exact value of a finished game: `o` won by the side on roll (mover_won)
 * or by the other side. */
void eval_from_outcome(const outcome_t *o, bool mover_won, eval_t *out);
/* Turns an eval to the other side's view. */
void eval_flip(eval_t *e);
/* acc += w * e (probabilities and equity). */
void eval_add_scaled(eval_t *acc, const eval_t *e, double w);
/* Sets all to zero. */
void eval_zero(eval_t *e);
/* The equity implied by the probabilities under r's scoring. */
double eval_equity_of(const eval_t *e, const rules_t *r);
/* P(the side on roll wins) and P(it loses). */
double eval_p_win(const eval_t *e);
double eval_p_lose(const eval_t *e);
/* Points of a win of kind k (munk: with munk) under r, cube 1. */
int eval_points(outcome_kind_t k, bool munk, const rules_t *r);

#endif
