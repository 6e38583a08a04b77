/*
 * cubejudge.h - a cube decision of a backgammon money game judged and
 * put in words: the chances, the equity of each action (no double,
 * double/take, double/pass), the right action, and for a decision made
 * (a double or a roll without one; a take or a drop) what it gave away,
 * its class and why, in terms a learner can check: the chance the taker
 * needs (the take point, gammons and the cube's worth to the taker
 * counted) against the chance it has.
 *
 * The play mode's engine and tutor and the review of a saved game all ask
 * this, so they agree.
 *
 * Ownership: plain values; the search context is the caller's.
 */
#ifndef BRADE_TUTOR_CUBEJUDGE_H
#define BRADE_TUTOR_CUBEJUDGE_H

#include <stdbool.h>

#include "analysis/cube.h"
#include "analysis/grade.h"
#include "analysis/search.h"
#include "engine/game.h"
#include "tutor/explain.h"

typedef struct cubejudge {
    eval_t e;          /* cubeless, for the side on roll, before its roll */
    cube_decision_t d; /* the cube decision (cube.h) */
    int cube;          /* the cube's value before any double */
    int doubler;       /* the colour on roll (the one who may double) */
    double take_point; /* the chance the other side needs to take (Janowski, x counted) */
    bool match;        /* a match: m holds the score */
    cube_match_t m;
} cubejudge_t;

/* The cube decision of the side on roll of g (before its roll), its
 * position looked at `plies` deep.  The phase may be GAME_CUBE_OFFERED
 * (the double already made): it is judged as before the double.  In a
 * match, `match` is its score from white's side (away[BOARD_WHITE],
 * away[BOARD_BLACK]) and `met` the match table; NULL for a money game. */
typedef struct cubejudge_score {
    int away[2];       /* by colour: points still needed */
    bool post;         /* the Crawford game has been played */
} cubejudge_score_t;
void cubejudge_eval(search_ctx_t *sc, const game_t *g, int plies, const cubejudge_score_t *match,
                    const cube_met_t *met, cubejudge_t *out);

/* The chances and the equities in one line: "White wins 71% (gammons
 * 18%), loses 29% (gammons 5%); no double +0.612, double/take +0.705,
 * double/pass +1.000." */
void cubejudge_summary(const cubejudge_t *j, lang_t lang, char *buf, size_t size);

/* The right action, with why: "Double, and Black should take: Black wins
 * 29%, more than the 21% a take needs." */
void cubejudge_verdict(const cubejudge_t *j, lang_t lang, char *buf, size_t size);

/* The doubler's decision judged (doubled, or rolled with the cube
 * available): the equity given away (units of the cube as it stood), its
 * class under t and r, and the words ("A bad double: it gives away
 * 0.094 of the cube. ..."). */
grade_t cubejudge_double(const cubejudge_t *j, bool doubled, const grade_thresholds_t *t,
                         const rules_t *r, lang_t lang, double *lost, char *buf, size_t size);
/* The answer to a double judged (took or dropped), for the side doubled. */
grade_t cubejudge_take(const cubejudge_t *j, bool took, const grade_thresholds_t *t, const rules_t *r,
                       lang_t lang, double *lost, char *buf, size_t size);

#endif
