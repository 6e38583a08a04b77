/*
 * onedie.h - the one-die rule as a decision: declare it, or roll both dice?
 *
 * Under Lyckans Talisman and Helmfrid (rules.md 6.6, C16, C17) a player
 * with one checker a single die away from a vackert spel may roll one die
 * instead of two.  The right face wins at once; any other face must be
 * played, and the series goes on: two more single-die rolls (three in
 * all; The Board's add-on: as many more as the first die showed), even
 * when the pattern is gone.  Declaring buys a clean shot at the pattern
 * and costs tempo: three turns of one die while the other side rolls two.
 *
 * No static evaluation knows a running series, so both choices are rolled
 * out: the position with both dice (ordinary play), and the same position
 * with the series declared (rollout.h `one_die`), with the same seed, so
 * game g of both has the same dice stream and the difference is known
 * far better than either value (agree.h gives its paired error).
 *
 * Ownership: plain values.
 */
#ifndef BRADE_ANALYSIS_ONEDIE_H
#define BRADE_ANALYSIS_ONEDIE_H

#include <stdbool.h>

#include "analysis/rollout.h"

typedef struct onedie_eval {
    int games;               /* per choice */
    int faces;               /* faces of the six that make a vackert spel at once */
    int face_mask;           /* bit d-1 set for each such face d */
    double roll, roll_se;    /* rolling both dice: equity for the side on roll */
    double declare, declare_se;
    double diff, diff_se;    /* declare - roll, and its paired standard error */
    bool declare_better;     /* diff > 0 */
    bool separable;          /* |diff| > 1.96 diff_se */
    double p_pattern_roll;   /* the side on roll wins by a vackert spel: rolling */
    double p_pattern_declare;/* ... declaring (in the series or later) */
} onedie_eval_t;

/* The rollouts the course and `analyse` use: rollout_default_opts (1296
 * games a choice, seed 1, both cores, 0-ply players). */
void onedie_default_opts(rollout_opts_t *o);

/* True when the side on roll of b may declare the one-die rule now (the
 * ruleset has it, nothing borne off, no checker on the bar, and one
 * checker moved by one die makes a vackert spel); a position carries no
 * running series. */
bool onedie_eligible(const board_t *b, const rules_t *r);

/* Rolls both choices out with o's games, seed, threads and players (o's
 * one_die and game_equity are ignored).  Returns 0, -1 when out of
 * memory, -2 when the rule does not apply (onedie_eligible is false), -3
 * when o->stop ended the rollouts early. */
int onedie_value(const board_t *b, const rules_t *r, const rollout_opts_t *o, onedie_eval_t *out);

#endif
