/*
 * eval_model.h - the inside of the bräde evaluator: its features and the
 * weights of the model over them (used by eval.c, evalfit.c and tests).
 *
 * Features are numbers about each side (janblotta count, blots exposed,
 * bands, primes, pattern progress...) and a few about the race; side
 * features come twice, first for the side on roll, then for the other.
 * The model is a softmax over six result classes plus two logistic splits
 * per side (does a normal win come with munk; is it a vackert spel).
 *
 * Ownership: eval_features_t and eval_weights_t are plain values; the
 * built-in weight tables are static constants.
 */
#ifndef BRADE_ANALYSIS_EVAL_MODEL_H
#define BRADE_ANALYSIS_EVAL_MODEL_H

#include "analysis/eval.h"

/* Global features. */
enum { G_BIAS, G_RACE, G_RACE_LOGIT, G_PIPDIFF, G_CONTACT_PIPDIFF, G_COUNT };

/* Per-side features (offset eval_side_feature(s, F_...)). */
enum {
    F_PIPS,           /* pip count / 100 */
    F_BAR,            /* checkers on the bar */
    F_Q1PTS,          /* own first-quarter points occupied / 6 */
    F_JB,             /* janblotta count / 7 */
    F_JB_OVER,        /* max(0, JB - 6): the janblotta is out */
    F_JB6,            /* JB == 6: the next blot is the janblotta */
    F_JANSUM,         /* (bar + own Q1 points) / 6 */
    F_FREE,           /* free entry points / 6 */
    F_ENTRY_TROUBLE,  /* bar * (6 - free entry points) / 6 */
    F_BLOTS_OUT,      /* blots outside the first quarter / 6 */
    F_EXPOSED,        /* rolls of 36 on which the other side can hit a blot / 36 */
    F_PIPLOSS,        /* pips lost to a hit, averaged over the 36 rolls / 24 */
    F_EXPOSED_JB,     /* exposure x max(0, JB - 4) / 3 */
    F_Q4,             /* checkers in the fourth quarter / 15 */
    F_OFF,            /* borne off / 15 */
    F_HOME,           /* checkers still on point 1 / 15 */
    F_TRANSIT,        /* checkers on points 2..12 / 15 */
    F_BANDS_Q3,       /* own bands on 13..18 (the other side's entry points) / 6 */
    F_BANDS_Q4,       /* own bands on 19..24 / 6 */
    F_PRIME,          /* longest run of own bands / 6 */
    F_BARRIER,        /* that run is a blastable barrier */
    F_BLOCKADE,       /* own bands on 13..24 x the other side's checkers behind them */
    F_SPJ,            /* sprängjan exposure: a band in Q3 whose blast would make jan */
    F_SPJ_NOW,        /* ... while the other side has the right to blast on entering */
    F_BLAST_RIGHT,    /* this side may blast when entering now */
    F_PATTERN_NEAR,   /* closeness to a vackert spel (0 = far) */
    F_PATTERN_READY,  /* within one roll's reach of a vackert spel */
    F_BLOTS_Q3,       /* own blots on 13..18, where the other side enters / 6 */
    F_SECOND_HALF,    /* checkers on 13..24 / 15 */
    F_COUNT
};

enum { EVAL_FEATURES = G_COUNT + 2 * F_COUNT };

/* Result classes of the softmax, from the side on roll's view. */
enum { C_WIN, C_WIN_JAN, C_WIN_SPJ, C_LOSE, C_LOSE_JAN, C_LOSE_SPJ, EVAL_CLASSES };

static inline int eval_side_feature(int s, int f)
{
    return G_COUNT + s * F_COUNT + f;
}

typedef struct eval_features {
    double x[EVAL_FEATURES];
    outcome_kind_t near_pattern[2]; /* the pattern each side is closest to (OUT_NONE if none) */
    bool race;                      /* no more contact */
} eval_features_t;

struct eval_weights {
    double cls[EVAL_CLASSES][EVAL_FEATURES];
    double munk[2][EVAL_FEATURES];    /* [s]: a normal win of side s comes with munk */
    double pattern[2][EVAL_FEATURES]; /* [s]: a normal win of side s is a vackert spel */
};

/* Computes the features of b (bräde geometry). */
void eval_features(const board_t *b, const rules_t *r, eval_features_t *f);

/* Applies weights to features: fills out's probabilities and equity. */
void eval_model_apply(const eval_weights_t *w, const eval_features_t *f, const rules_t *r,
                      eval_t *out);

/* The class probabilities alone (softmax), for fitting. */
void eval_model_classes(const eval_weights_t *w, const double *x, double p[EVAL_CLASSES]);

/* The feature's name ("me.jb-over", "race-logit"), for the weights file. */
const char *eval_feature_name(int i, char *buf, size_t size);

/* The hand-set starting weights, and the fitted ones shipped. */
const eval_weights_t *eval_weights_hand(void);
const eval_weights_t *eval_weights_fitted(void);

/* Backgammon: the race/contact heuristic (eval_bg.c). */
void eval_bg(const board_t *b, const rules_t *r, eval_t *out);

/* Shots: rolls of 36 on which side 1 - s can hit a blot of side s, and the
 * pips s loses on average (approximate: blocks count, blasts do not). */
void eval_exposure(const board_t *b, const rules_t *r, int s, int *rolls, double *piploss);

/* The allowed vackert spel side s is closest to (*kind, OUT_NONE if none)
 * and how many of its checkers are out of place for it (99 if none). */
int eval_nearest_pattern(const board_t *b, const rules_t *r, int s, outcome_kind_t *kind);

/* The pip-count race estimate for the side on roll: P(win). */
double eval_race_p(int pips_on_roll, int pips_other);

#endif
