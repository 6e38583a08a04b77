/*
 * steps.h - a play made one click at a time: checker from here to there,
 * each step checked as it is made, so a board a person touches can refuse
 * an illegal step with the rule, as the typed play would be.
 *
 * A move from one point to another is one die or, where no single die
 * takes it there, two or more dice in a row (the larger first, then the
 * other order; a double's dice one after the other).  Each die is checked
 * by movegen_check_step, the one place that decides a step; the whole play
 * is judged afterwards as a typed one (its text is kept).
 *
 * Ownership: plain values in the caller's structs.
 */
#ifndef BRADE_TUTOR_STEPS_H
#define BRADE_TUTOR_STEPS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "tutor/explain.h"

enum { STEPS_MAX = MOVEGEN_MAX_STEPS };

/* A play under way: the board after the steps made, the dice left. */
typedef struct steps_state {
    board_t board;               /* side[0] still the mover */
    int left[4], nleft;          /* dice not yet used, highest first */
    step_t made[STEPS_MAX];      /* the steps made, in order */
    int nmade;
    char text[160];              /* the play so far as typed ("1/7 7/9") */
    board_t start;               /* the board before the play */
    roll_t roll;
    int moves;                   /* moves made (a move: one or more dice) */
    int move_end[STEPS_MAX];     /* nmade after each move */
} steps_state_t;

/* Starts a play of `roll` on b. */
void steps_start(steps_state_t *s, const board_t *b, roll_t roll);
/* Moves the mover's checker from `from` (0 = bar) to `to` (25 = off), in
 * the mover's numbering, with one die or several in a row.  True when
 * made (s updated; *dice gets how many dice it used); false with why in
 * `why` (the rule, and the ruleset named) and s unchanged. */
bool steps_move(steps_state_t *s, const rules_t *r, lang_t lang, int from, int to, int *dice, char *why,
                size_t why_size);

/* Takes back the last move (all the dice it used): the board, the dice
 * and the text as they were before it.  False when no move was made. */
bool steps_back(steps_state_t *s, const rules_t *r);

/* True when the play under way is complete: no die is left, or no die
 * left can move any checker (the rest of the roll is forfeited). */
bool steps_complete(const steps_state_t *s, const rules_t *r);

/* Where the checker on `from` may go next (free play's "show where it may
 * go", never a lesson's or puzzle's, where that is the question): each
 * point steps_move takes it to (out, ascending, 25 = off) that does not
 * complete a play the engine refuses (judged as typed, against the legal
 * plays `legal` of `roll` from `start`, the board before the play).
 * Returns how many. */
int steps_targets(const steps_state_t *s, const rules_t *r, const board_t *start, roll_t roll,
                  const movegen_buf_t *legal, int nlegal, int from, int out[25]);

#endif
