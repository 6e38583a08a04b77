/*
 * bearoff.h - a one-sided bear-off database for backgammon, as GNU
 * Backgammon has one: for every way of placing up to 15 checkers on the
 * six home points (54,264 positions), the exact distribution of the
 * number of rolls needed to bear them all off, playing each roll so as to
 * need the fewest rolls on average; and for the positions with all 15 on
 * the board, the distribution of the rolls needed to bear the first one
 * off (for gammons).
 *
 * When both sides have every checker at home (or off), the chance that
 * the side on roll wins is then the chance that it needs no more rolls
 * than the other side needs plus one, and gammons likewise: exact except
 * that each side plays for its own fastest bear-off (the one-sided
 * approximation gnubg also makes).
 *
 * The tables are built once, the first time they are needed (about 0.1 s;
 * thread-safe), and live as long as the program.  Bräde has no such
 * table yet: only a pure race to bear off (both sides home, each with a
 * checker off) could use one, its bear-off rules differ by ruleset, and
 * docs/analysis.md says why it did not pay at stop 69.
 *
 * Ownership: the tables are owned by this module; callers get values.
 */
#ifndef BRADE_ANALYSIS_BEAROFF_H
#define BRADE_ANALYSIS_BEAROFF_H

#include <stdbool.h>

#include "analysis/eval.h"

enum { BEAROFF_POSITIONS = 54264, BEAROFF_MAX_ROLLS = 32 };

/* True when b is a backgammon bear-off position the database answers:
 * both sides have all their checkers on their home points or off, and
 * neither has finished. */
bool bearoff_applies(const board_t *b);

/* The exact (one-sided) evaluation of such a position for its side on
 * roll: probabilities of single, gammon (no backgammon is possible) and
 * the cubeless equity.  Returns false (out is untouched) when the
 * database could not be built (out of memory) or b is not a bear-off. */
bool bearoff_eval(const board_t *b, eval_t *out);

/* Side s's distribution of rolls to bear everything off: p[k] is the
 * chance of needing exactly k rolls (k < BEAROFF_MAX_ROLLS).  False when
 * side s is not all home or the database is unavailable. */
bool bearoff_distribution(const board_t *b, int s, float p[BEAROFF_MAX_ROLLS]);

/* The mean number of rolls side s needs (its distribution's mean). */
double bearoff_mean_rolls(const board_t *b, int s);

#endif
