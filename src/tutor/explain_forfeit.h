/*
 * explain_forfeit.h - why part of a roll goes unplayed (att fåta).
 *
 * A legal play may use less than the whole roll: the opening 6-6 that can
 * move one checker to the 7 point and no more, a bear-off that stops short.
 * The rules are right, but a learner who sees "6-6: 1/7" thinks it is a bug
 * (newcomer F17).  explain_forfeit() says which dice are left and the rule
 * that stops every checker that could take them, in words that fit any
 * side (the engine's play as well as the learner's).
 *
 * Ownership: writes into the caller's buffer and returns the length it
 * needed (like snprintf); the caller lends nothing else.
 */
#ifndef BRADE_EXPLAIN_FORFEIT_H
#define BRADE_EXPLAIN_FORFEIT_H

#include <stddef.h>

#include "tutor/explain.h"

/* Why the rest of `roll` is forfeited after legal play p (its `after`, the
 * mover still side 0, is where the dice left would have to be played):
 * one sentence naming the dice left and, for each
 * checker that could take one, the rule that stops it (a few steps, then
 * "and N more"), ending with the ruleset.  Writes nothing and returns 0
 * when p uses the whole roll, uses none of it, or ends the game. */
size_t explain_forfeit(lang_t lang, const rules_t *r, roll_t roll, const play_t *p,
                       char *buf, size_t size);

#endif
