/*
 * mine_tag.h - the themes of a mined puzzle, each a tested predicate on the
 * position, the roll, the answer and what tells it from the next best
 * (brade-lab mine, issue 77).  No guess from words: a theme is named only
 * when its predicate holds.
 *
 *   entering   the side on roll has checkers on the bar
 *   hitting    the answer sends a checker of the other side to the bar
 *   blasting   the answer blasts a band
 *   jan, sprangjan, vackert, munk, bear-off
 *              the answer wins so (bear-off: by hemspel, or it bears off)
 *   race       no checker can meet one of the other side any more
 *   safety     the answer leaves fewer shots than the next best
 *   janblotta  the janblotta count tells the answer from the next best, or
 *              the question is to keep the janblotta in
 *   blocking   the answer makes or keeps a band the next best gives up
 *   defence    the question is to leave the other side no jan (sprängjan)
 *   best-play  the question is the best play
 *
 * Ownership: fills the caller's array with static strings.
 */
#ifndef BRADE_LAB_MINE_TAG_H
#define BRADE_LAB_MINE_TAG_H

#include "analysis/contrast.h"
#include "content/goal.h"

enum { MINE_TAGS_MAX = 8 };

/* The theme ids of the puzzle: position b (the side on roll moves) under
 * r, the answer `best`, the question's goal, and `why` (the contrast of
 * the answer with the next best play; NULL when there is none).  Returns
 * how many were written to out (at most MINE_TAGS_MAX), the question's own
 * theme first. */
int mine_tags(const board_t *b, const rules_t *r, const play_t *best, goal_t goal, const contrast_t *why,
              const char **out);

#endif
