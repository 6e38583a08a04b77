/*
 * contrast.h - the numbers that tell two plays of the same roll apart, so
 * that the floors above can say in words why one is better ("it leaves no
 * shot, yours leaves 11 of 36").  No words here: only values.
 *
 * For each play: the shots it leaves (the other side's rolls that hit,
 * blast or make jan), the janblotta count it leaves the mover, how many of
 * the other side's rolls would then force the other side's janblotta out,
 * the jan / sprängjan it threatens (the mover's rolls that would make jan
 * if it were to roll again at once), the checkers it sends to the bar, the
 * game it ends, its bands and blots (what a learner sees on the board and
 * the lessons name), and its evaluation.  contrast_plays() picks the
 * difference that matters most, in a fixed order of priority: the rolls
 * that hurt first, then what the board shows (a band made or kept, fewer
 * blots, a lower janblotta count, fewer checkers left behind), so that a
 * learner can see and change it (newcomer F16); last before the bare
 * estimate comes the result worth more than a single game (a vackert spel
 * under the Vasa scale, a jan, a gammon) whose chance tells the two apart.
 *
 * Ownership: plain values in caller structs; the caller lends a movegen
 * buffer.
 */
#ifndef BRADE_ANALYSIS_CONTRAST_H
#define BRADE_ANALYSIS_CONTRAST_H

#include "analysis/eval.h"
#include "analysis/facts.h"

typedef struct contrast_side {
    facts_shots_t shots;    /* the other side's shots after the play */
    int jb;                 /* the mover's janblotta count after the play (bräde) */
    int opp_jb_forced;      /* the other side's rolls that would force its janblotta out */
    int threat_jan;         /* the mover's rolls (of 36) that would make jan, rolling again */
    int threat_sprangjan;   /* ... that would make sprängjan */
    int taken;              /* the other side's checkers sent to the bar */
    int blasts;             /* bands blasted */
    uint32_t bands;         /* the mover's bands after the play (bit p: 2+ checkers on its point p) */
    uint32_t blots;         /* the mover's blots after it (bit p), outside its first quarter in bräde */
    int behind;             /* backgammon: the mover's checkers on the bar or in the other side's
                             * home board after it */
    outcome_t outcome;      /* the game it ends (kind OUT_NONE if none) */
    eval_t value;           /* its evaluation for the mover */
} contrast_side_t;

/* The kinds of difference, most important first. */
typedef enum {
    CONTRAST_NONE = 0,
    CONTRAST_WINS_NOW,      /* the first play ends the game and wins, the other does not */
    CONTRAST_WINS_MORE,     /* both win now, the first for more points */
    CONTRAST_JAN_SHOTS,     /* fewer of the other side's rolls make jan */
    CONTRAST_SHOTS,         /* fewer shots (hit / blast / jan) */
    CONTRAST_JANBLOTTA,     /* keeps the mover's janblotta in (JB <= 6) where the other puts it out */
    CONTRAST_FORCES_JB,     /* more of the other side's rolls force its janblotta out */
    CONTRAST_THREAT,        /* threatens jan / sprängjan on more rolls */
    CONTRAST_TAKES,         /* sends more checkers to the bar */
    CONTRAST_BANDS,         /* makes or keeps a band (backgammon: a point) the other does not,
                             * and gives up none the other keeps */
    CONTRAST_BLOTS,         /* leaves fewer blots (bräde: outside the first quarter) */
    CONTRAST_JB_LOWER,      /* leaves a lower janblotta count, the other's near the 7 that lets it out */
    CONTRAST_BEHIND,        /* backgammon: leaves fewer checkers back in the other side's home board */
    CONTRAST_BIG_RESULT,    /* wins more (or loses fewer) of the games worth more than a single one */
    CONTRAST_PROBABILITY,   /* only the estimate tells them apart */
} contrast_kind_t;

typedef struct contrast {
    contrast_side_t a, b;   /* a: the play recommended; b: the other */
    contrast_kind_t main;   /* the difference that matters most */
    contrast_kind_t second; /* the next one, if any */
    contrast_kind_t third;  /* CONTRAST_BIG_RESULT when it was found after the two above (what a
                             * difference on the board leads to), else CONTRAST_NONE */
    uint32_t bands_before;  /* the mover's bands before the play (to say "makes" or "keeps") */
    geometry_t geom;        /* the board's, for numbering points as the learner does */
    /* CONTRAST_BIG_RESULT: the result, whether it is a loss (the other
     * side's win), its points and its chance after each play */
    outcome_kind_t big;
    bool big_is_loss;
    int big_points;
    double big_a, big_b;
} contrast_t;

/* Fills the values of one play of the side on roll of b. */
void contrast_side(const board_t *b, const rules_t *r, const play_t *p, const eval_t *value,
                   movegen_buf_t *buf, contrast_side_t *out);

/* Compares two plays (a recommended, b the other) and picks the main
 * differences. */
void contrast_plays(const board_t *b, const rules_t *r, const play_t *a, const eval_t *va,
                    const play_t *pb, const eval_t *vb, movegen_buf_t *buf, contrast_t *out);

#endif
