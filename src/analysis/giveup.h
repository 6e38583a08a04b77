/*
 * giveup.h - the decision to give up (Lyckans Talisman, Helmfrid, Vasa by
 * our reading): what playing on is worth against what giving up costs.
 *
 * Giving up is allowed before the roll, and after it as long as some legal
 * play keeps the conditions (docs/rules.md C40, G4).  So a player who
 * rolls keeps the right for most rolls and loses it only on the rolls that
 * force a breach.  Before the roll, playing on is worth the average over
 * the 21 rolls of
 *   - the best play's value, after a roll that forces a breach;
 *   - the better of that and giving up, after the other rolls;
 * and giving up now is right only when that is below what giving up costs.
 * After a roll, playing on is worth the best play's value.  Each play is
 * valued `plies` deep (search.h): with 1, the decision before the roll is
 * looked at as deep as a 2-ply hint.  Giving up later in the game (after
 * the next roll) is not counted: playing on is worth at least this.
 *
 * Ownership: plain values; the search context is the caller's.
 */
#ifndef BRADE_ANALYSIS_GIVEUP_H
#define BRADE_ANALYSIS_GIVEUP_H

#include <stdbool.h>

#include "analysis/dice.h"
#include "analysis/search.h"

typedef struct giveup_roll {
    roll_t roll;
    int weight;       /* of 36 */
    bool keeps;       /* some legal play keeps the right to give up */
    double best;      /* the best play's equity, for the side on roll */
    play_t best_play; /* that play */
} giveup_roll_t;

typedef struct giveup_eval {
    int cost;        /* points giving up costs (what the other side scores) */
    double play_on;  /* what playing on is worth (equity, the side on roll) */
    bool give_up;    /* play_on < -cost: giving up is the better choice */
    int plies;       /* each play's depth */
    bool after_roll; /* made by giveup_after_roll: rolls[0] is the roll */
    /* before the roll: */
    giveup_roll_t rolls[DICE_ROLLS];
    int breach;         /* of 36, the rolls after which giving up is no longer allowed */
    double breach_mean; /* the best play's mean value over them (0 when none) */
    double keep_mean;   /* the mean over the other rolls of the better of playing and giving up */
} giveup_eval_t;

/* Before the roll: may the side on roll of b give up, by the board alone
 * (the ruleset allows it and game_resign_clean)? */
bool giveup_allowed(const board_t *b, const rules_t *r);

/* The decision before the roll (fills every field).  False when out of
 * memory or the engine's buffer overflowed. */
bool giveup_before_roll(search_ctx_t *sc, const board_t *b, int plies, giveup_eval_t *out);

/* The decision after `roll` (fills cost, play_on, give_up, plies,
 * after_roll and rolls[0]).  False when out of memory or the buffer overflowed. */
bool giveup_after_roll(search_ctx_t *sc, const board_t *b, roll_t roll, int plies, giveup_eval_t *out);

/* Either, for a caller without a search context: after *roll, or before
 * the roll when roll is NULL.  False when out of memory. */
bool giveup_position(const board_t *b, const rules_t *r, const roll_t *roll, int plies, giveup_eval_t *out);

#endif
