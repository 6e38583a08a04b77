/*
 * verdict.h - why a proposed play is or is not legal.
 *
 * verdict_judge() takes a play as a learner typed it, the position, the roll
 * and the legal plays (from movegen_plays), and says:
 *   LEGAL        which legal play it is (the steps may be written in any
 *                order, with or without marks, chained or not);
 *   ILLEGAL      the first step that breaks a rule, and the rule (a reason_t
 *                plus the numbers an explanation needs);
 *   NOT_ENOUGH   every step is legal but the play uses less of the roll than
 *                the rules demand; an example play that uses more;
 *   UNPARSEABLE  what part of the text could not be read.
 * Sentences are not made here: the floors that talk to people turn these
 * values into words (src/cli/explain.c).
 *
 * Ownership: the verdict is a plain value filled into the caller's struct;
 * play indices refer to the caller's movegen buffer.
 */
#ifndef BRADE_VERDICT_H
#define BRADE_VERDICT_H

#include "engine/movegen.h"
#include "engine/notation.h"

typedef enum { VERDICT_LEGAL, VERDICT_ILLEGAL, VERDICT_NOT_ENOUGH, VERDICT_UNPARSEABLE } verdict_kind_t;

typedef struct verdict {
    verdict_kind_t kind;
    int play;            /* LEGAL: index of the legal play; NOT_ENOUGH: an example play */
    reason_t reason;     /* ILLEGAL: the rule broken */
    int move_index;      /* ILLEGAL: which typed move (0-based) */
    step_t step;         /* ILLEGAL: the step that breaks it (from, die, to) */
    step_info_t info;    /* ILLEGAL: numbers for the explanation */
    int your_pips, best_pips; /* NOT_ENOUGH: pips moved by the typed play / possible */
    int your_dice, best_dice; /* NOT_ENOUGH: dice used */
    board_t reached;     /* NOT_ENOUGH: the position the typed moves reach (the mover still
                          * side 0), so a sentence can say what the play would have done */
    int ignored_moves;   /* LEGAL: typed moves after the step that ended the game */
    step_t played[MOVEGEN_MAX_STEPS]; /* LEGAL: the typed steps in an order that plays them */
    int nplayed;
    bool reordered;      /* LEGAL: that order is not the order typed */
    /* LEGAL, rules.md D-15: the play's result is sprängjan (the engine
     * credits the order of its steps that earns it), but in the order the
     * learner wrote them the step that first makes the opponent jan is a
     * hit, not a blast: as written it is only a jan.  `written` is that
     * result, and played[jan_at] the hit that made it. */
    bool written_jan;
    outcome_t written;
    int jan_at;
    int closed_stops;    /* ILLEGAL: a move over two dice whose stops are both closed: 2 */
    int stops[2];        /* ILLEGAL: those stops (the last is the one `reason` is about) */
    typed_play_t typed;  /* the parsed text (err fields for UNPARSEABLE) */
} verdict_t;

/* Judges `text` as a play of `roll` in b under r; `legal` must hold the
 * result of movegen_plays(b, r, roll, legal). */
void verdict_judge(const board_t *b, const rules_t *r, roll_t roll, const char *text,
                   const movegen_buf_t *legal, int nlegal, verdict_t *out);

#endif
