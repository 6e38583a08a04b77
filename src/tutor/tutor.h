/*
 * tutor.h - the lesson and puzzle runner: which lesson step or puzzle is
 * open, the position on the board, the open question, and judging what
 * the learner answers.
 *
 * The tutor never reads the terminal and never draws: the program (cli/)
 * hands it the learner's text and prints what it writes into a strbuf,
 * laying out the lesson texts and the board itself.  Every judgement goes
 * through the engine (verdict, legal plays, outcomes, content/goal.h) and
 * every sentence through tutor/explain.c or tutor/words.c, in the
 * learner's language.
 *
 * Answers: a typed play is judged by the engine's verdict first (illegal:
 * the rule and the step that breaks it; too little of the roll: what more
 * is possible), then against the question's goal or the author's accepted
 * plays (legal but not accepted: what the goal asks and what the play
 * fails to do; right: a confirmation and the other right answers).  The
 * first counted answer to a puzzle decides whether it is recorded as solved
 * or failed; a reply the tutor cannot read does not count.
 *
 * Ownership: the tutor borrows the course and the progress record (either
 * may outlive it, and progress may be NULL); it owns its engine buffer,
 * freed by tutor_done().
 */
#ifndef BRADE_TUTOR_H
#define BRADE_TUTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "content/course.h"
#include "content/strbuf.h"
#include "tutor/explain.h"
#include "tutor/progress.h"

/* TUTOR_DRILL: one lesson step's question asked again by the review
 * schedule, outside its lesson (`lesson` and `step` say which). */
typedef enum { TUTOR_FREE, TUTOR_LESSON, TUTOR_PUZZLE, TUTOR_DRILL } tutor_mode_t;

typedef enum {
    TR_NO_QUESTION, /* nothing is asked just now */
    TR_UNREAD,      /* the reply could not be read as an answer (not counted) */
    TR_WRONG,       /* wrong: an illegal play, a wrong count, ... */
    TR_WEAK,        /* a legal play that is not one of the accepted ones */
    TR_RIGHT
} tutor_result_t;

typedef struct tutor {
    const course_t *course;
    progress_t *progress; /* NULL: nothing is recorded */
    lang_t lang;
    long today; /* day number, for the record */
    movegen_buf_t *buf;

    tutor_mode_t mode;
    int lesson, step;     /* TUTOR_LESSON, TUTOR_DRILL */
    int puzzle;           /* TUTOR_PUZZLE */
    bool lesson_finished; /* went past the last step */

    /* the position on the board (what `board`, `moves` and `explain` use) */
    bool have_pos;
    board_t board;
    rules_t rules;
    roll_t roll;
    bool have_roll;

    /* the open question and how it has gone */
    const question_t *q;
    const position_t *qpos;
    int hints;      /* hint grades shown so far */
    bool attempted; /* a counted answer was given */
    bool answered;  /* answered right, or the answer was shown */
    bool recorded;  /* the puzzle's result is in the record */
    bool revealed;  /* the answer was shown (solution, the last hint, a reply
                       that gave it away), or the first answer of a choice
                       was wrong: nothing is earned today */
    bool seen_today; /* revealed on an earlier visit today (the record's
                        shown=): a right answer now is practice, and a
                        puzzle's is neither recorded nor rated */
    bool practised;  /* answered right as practice (and told so) */

    /* the open lesson's questions answered right on this visit (bit k:
     * step k), without the answer shown first; the lesson is complete when
     * every question is */
    int earned_lesson;
    uint32_t earned;

    /* plain words already given this session (said once, then not again) */
    bool told_rollout; /* what a rollout's figures mean */
    bool told_equity;  /* what the analysis's equities mean */
} tutor_t;

/* Returns false when the engine buffer cannot be allocated. */
bool tutor_init(tutor_t *t, const course_t *c, progress_t *p, lang_t lang, long today);
void tutor_done(tutor_t *t);

/* Leaves any lesson or puzzle; the board shows the start position (White
 * on roll, no roll) under `rules` (NULL: the default ruleset). */
void tutor_free_mode(tutor_t *t, const rules_t *rules);
/* Puts a position of one's own on the board (setup): leaves any lesson or
 * puzzle. */
void tutor_set_position(tutor_t *t, const board_t *b, const rules_t *r, roll_t roll,
                        bool have_roll);
/* Changes the ruleset of the board's position.  Fails (with the reason in
 * out) when the position is impossible under r. */
bool tutor_set_rules(tutor_t *t, const rules_t *r, strbuf_t *out);

/* --- lessons --- */
void tutor_open_lesson(tutor_t *t, int lesson, int step);
typedef enum { NAV_MOVED, NAV_LESSON_DONE, NAV_AT_END, NAV_AT_START, NAV_NONE, NAV_LESSON_OPEN } tutor_nav_t;
/* The next step (leaving a question unanswered says it is skipped); past
 * the last one the lesson is recorded as completed when every question of
 * it was answered (NAV_LESSON_DONE), else NAV_LESSON_OPEN and nothing is
 * recorded (tutor_unanswered() says which steps). */
tutor_nav_t tutor_next(tutor_t *t, strbuf_t *msg);
/* The open lesson's steps (0-based) whose question is not yet answered
 * right on this visit, into steps[0..max); returns how many there are. */
int tutor_unanswered(const tutor_t *t, int *steps, int max);
tutor_nav_t tutor_back(tutor_t *t);

/* --- puzzles --- */
void tutor_open_puzzle(tutor_t *t, int puzzle);
typedef enum {
    PICK_FAILED_DUE,   /* failed on an earlier day, back for another try */
    PICK_REVIEW_DUE,   /* solved before and due for review */
    PICK_NEW,          /* never tried and at the learner's level, in course order */
    PICK_NEW_AHEAD,    /* never tried, above the learner's level (none at it is left): the easiest first */
    PICK_FAILED_TODAY, /* failed earlier today (only when nothing new is left) */
    PICK_EARLY,        /* nothing is due: the one due soonest */
    PICK_NONE
} tutor_pick_t;
/* How far above the learner's level a new puzzle may be and still count
 * as one he is ready for (PICK_NEW). */
#define TUTOR_READY_MARGIN 200.0
/* The learner's level for a puzzle: the mean of his Glicko-2 ratings in
 * its themes, a theme never rated counting at his overall rating (1500 for
 * a new learner).  A puzzle's own rating is glicko_puzzle_rating() of its
 * difficulty. */
double tutor_level(const tutor_t *t, int puzzle);
/* The puzzle to do next by the review schedule, in the order of
 * tutor_pick_t.  `theme` (or NULL) restricts the choice; `avoid` (or -1)
 * is skipped when anything else qualifies.  Returns the index or -1, and
 * why it was chosen in *why. */
int tutor_pick_puzzle(const tutor_t *t, const char *theme, int avoid, tutor_pick_t *why);

/* --- lesson questions in the review schedule (spaced repetition) --- */
/* Opens step `step` of lesson `lesson` as a drill: its position and its
 * question alone, answered for the schedule only (the lesson's own place
 * and earned answers are not touched).  False when the step asks nothing. */
bool tutor_open_drill(tutor_t *t, int lesson, int step);
/* The lesson question to drill next: one with a record that is due and was
 * not tried today, the ones last missed first, then the longest due, then
 * course order; `avoid_lesson`/`avoid_step` (or -1) is skipped when
 * anything else qualifies.  True with it in *lesson, *step; false when
 * none is due, with *next_day the first day one will be (-1: no lesson
 * question has a record yet). */
bool tutor_pick_drill(const tutor_t *t, int avoid_lesson, int avoid_step, int *lesson, int *step,
                      long *next_day);
/* How many lesson questions have a record, and how many of them are due
 * today (tutor_pick_drill would ask them). */
void tutor_drill_counts(const tutor_t *t, int *scheduled, int *due);

/* --- the open question --- */
/* The question in words: the prompt (the author's or one made from the
 * kind) and how to answer. */
void tutor_prompt(const tutor_t *t, strbuf_t *out);
/* The same for paper (a worksheet): without the line saying how to type
 * the answer, except where it says what the answer must contain. */
void tutor_prompt_paper(const tutor_t *t, strbuf_t *out);
/* The same for a web page, whose buttons hold a choice's options: without
 * the typing line and without the list of choices. */
void tutor_prompt_page(const tutor_t *t, strbuf_t *out);
/* True when the open lesson step shows its board unasked: the step brings
 * a position of its own, or its question is about the board (a choice is
 * not).  The REPL and the page draw it by this. */
bool tutor_step_shows_board(const tutor_t *t);
/* Judges a reply and says why. */
tutor_result_t tutor_answer(tutor_t *t, const char *text, strbuf_t *out);
/* The next hint grade: the author's hints (or a nudge made from the
 * question), then the answer itself.  False when no question is open. */
bool tutor_hint(tutor_t *t, strbuf_t *out);
/* With no question open (a position set up or exported, a roll set): the
 * analysis engine's ranking of the plays, 1-ply, best five, and why the best
 * beats `yours` (a typed play) or the next best (NULL). */
bool tutor_analysis_hint(tutor_t *t, const char *yours, strbuf_t *out);
/* Shows the answer and its explanation (a puzzle not yet answered counts
 * as failed).  False when no question is open. */
bool tutor_solution(tutor_t *t, strbuf_t *out);
/* Sets the open question aside (the learner leaves it for the board: a
 * `setup` while it is open), counting it as its answer shown: a miss in
 * the record, not earned today.  Says so in out; false when no
 * unanswered question was open. */
bool tutor_set_aside(tutor_t *t, strbuf_t *out);
/* True (with why in out) while a question is open and not yet answered:
 * `what` (moves, explain, a scripting command's ranking) would give its
 * answer away and waits. */
bool tutor_answer_pending(const tutor_t *t, const char *what, strbuf_t *out);
/* The answer and its explanation as an answer key prints them (a
 * worksheet's last page): nothing is recorded and the question stays as it
 * was.  False when no question is open. */
bool tutor_answer_key(tutor_t *t, strbuf_t *out);

/* --- the board --- */
/* The legal plays of the board's roll, with what they win. */
bool tutor_moves(tutor_t *t, strbuf_t *out);
/* True while an open question asks for a pip count: the board must not
 * show the pip counts then (they are the answer). */
bool tutor_hides_pips(const tutor_t *t);
/* The verdict on a play in the board's position and roll. */
bool tutor_explain_play(tutor_t *t, const char *text, strbuf_t *out);
/* The board's ruleset, and how it differs from each of the others. */
void tutor_rules_summary(const tutor_t *t, strbuf_t *out);

#endif
