/*
 * analyse_cube.h - `brade analyse --cube OWNER`: the cube decision of a
 * backgammon money position before the roll (tutor/cubejudge.h), for
 * people and for scripts (lab/bench/gnubg/cube.py sets it beside gnubg's).
 *
 * Ownership: the search context is the caller's.
 */
#ifndef BRADE_CLI_ANALYSE_CUBE_H
#define BRADE_CLI_ANALYSE_CUBE_H

#include <stdbool.h>

#include "analysis/search.h"
#include "tutor/words.h"

/* Prints the decision for the side on roll of b, the cube (value 1) held
 * as `owner` says: "centred", "mine" (the side on roll) or "theirs";
 * looked at `plies` deep.  `away` (NULL: a money game) is a match score
 * "A,B": the side on roll A points from winning, the other B, and
 * ",crawford" (this is the Crawford game) or ",post" (after it).  Returns
 * the exit status (2: a bad owner or score, or no cube in r). */
int analyse_cube(const board_t *b, const rules_t *r, const char *owner, const char *away, int plies, lang_t lang,
                 bool json, search_ctx_t *sc);

#endif
