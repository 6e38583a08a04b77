/*
 * outcome.h - how a game ends and what it is worth (rules.md B6, B7, B8).
 *
 * Winning conditions are predicates on a board (patterns, jan, all borne
 * off); outcome_score() turns a result into points under a scoring table.
 * Values only: no text here (names for people live in the floors above;
 * outcome_kind_name() gives the stable machine name used by the scripting interface (docs/engine.md)).
 */
#ifndef BRADE_OUTCOME_H
#define BRADE_OUTCOME_H

#include <stdbool.h>

#include "engine/board.h"
#include "engine/rules.h"

typedef enum {
    OUT_NONE = 0,
    OUT_HEMSPEL,
    OUT_ENKELT_KRONSPEL,
    OUT_DUBBELT_KRONSPEL,
    OUT_TRAPPSPEL,
    OUT_UPPSPEL,
    OUT_KEJSARSPEL,
    OUT_NIO_FEM_ETT,
    OUT_FEM_FYRA_TRE_TVA_ETT,
    OUT_JAN,
    OUT_SPRANGJAN,
    OUT_RESIGN,   /* the opponent gave up */
    OUT_DRAW,     /* draw rule: nobody scores */
    OUT_SINGLE,   /* backgammon: a single game */
    OUT_GAMMON,
    OUT_BACKGAMMON,
    OUT_DROP,     /* backgammon: a double was refused */
    OUT_KIND_COUNT
} outcome_kind_t;

typedef struct outcome {
    outcome_kind_t kind;
    int munk;       /* loser's checkers on the bar when it counts as munk (0 = no munk) */
    int jan_excess; /* for jan/sprängjan: bar + own Q1 points - 6 of the loser (2+ = dubbeljan) */
    int points;     /* points to the winner for a single game (cube 1) */
    int tiebreak;   /* Ny 1 +/- or Helmfrid skiljepoäng: +1 to the winner, -1 to the loser, 0 */
} outcome_t;

/* Stable machine names ("hemspel", "enkelt-kronspel", "sprangjan", ...). */
const char *outcome_kind_name(outcome_kind_t k);
/* True for the vackra spel (patterns). */
bool outcome_is_pattern(outcome_kind_t k);

/* The pattern side s stands in (OUT_NONE if none), under the patterns the
 * ruleset knows (the four standard ones plus extra_patterns except
 * kejsarspel, which needs the roll and is handled by movegen). */
outcome_kind_t outcome_pattern(const board_t *b, int s, const rules_t *r);

/* Fills points and tiebreak of o under r's scoring table (cube value 1). */
void outcome_score(outcome_t *o, const rules_t *r);

/* Munk count for a win by side s over the other side: the loser's bar
 * checkers when the ruleset has munk and the kind allows it. */
int outcome_munk(const board_t *b, int s, outcome_kind_t k, const rules_t *r);

/* Backgammon: single, gammon or backgammon for side s having borne off all. */
outcome_kind_t outcome_bg_kind(const board_t *b, int s);

/* Ranks outcomes by value for the winner (for choosing between two ways one
 * play can win): higher is better. */
int outcome_rank(const outcome_t *o);

#endif
