/*
 * question.h - helpers shared by the tutor's question code (internal to
 * tutor/): prompt.c words the question, judge.c judges replies, hint.c
 * gives hints and the solution, and qhelp.c holds what they share.
 *
 * Ownership: text goes into the caller's strbuf; the helpers use the
 * tutor's engine buffer (its contents are overwritten).
 */
#ifndef BRADE_TUTOR_QUESTION_H
#define BRADE_TUTOR_QUESTION_H

#include "tutor/tutor.h"

/* "White" / "white": the question's side on roll. */
const char *tutorq_who(const tutor_t *t, bool cap);
/* Marks which of the n legal plays (in t->buf) the question accepts. */
int tutorq_accepted(const tutor_t *t, int n, bool *ok);
/* Records the first counted result of a puzzle or lesson question (its
 * review schedule) and saves the record. */
void tutorq_record(tutor_t *t, bool solved, strbuf_t *out);
/* The open question's id in the record: the puzzle's, or "LESSON/STEP";
 * false in free mode. */
bool tutorq_id(const tutor_t *t, char *buf, size_t size);
/* Notes in the record that the open question's answer was shown today
 * (progress_mark_shown) and saves it. */
void tutorq_mark_shown(tutor_t *t, strbuf_t *out);
/* True for the first reply to the open question today: none given on this
 * visit, and none recorded today (a step opened again is not a new first
 * try). */
bool tutorq_first_try(const tutor_t *t);
/* True in a lesson whose next step asks what a play of this same position
 * wins: the win is that step's question, so this step's feedback leaves it
 * out. */
bool tutorq_next_asks_outcome(const tutor_t *t);
/* A drilled lesson question answered right with its answer not shown
 * today: the lesson's step is earned (a step whose answer was shown is
 * earned this way, or in the lesson, on a later day). */
void tutorq_earn_drilled(tutor_t *t);
/* After a right answer that earns nothing (the answer was shown today, or
 * a choice's first answer was wrong): why, and when it counts. */
void tutorq_practice_note(const tutor_t *t, strbuf_t *out);
/* The author's explanation, if any. */
void tutorq_explanation(const tutor_t *t, strbuf_t *out);
/* "21/off 24/off (wins: hemspel, 1 point)". */
void tutorq_play_words(const tutor_t *t, const play_t *p, strbuf_t *out);
/* The accepted plays other than `except`, up to `max`, then "and N more". */
void tutorq_list_plays(const tutor_t *t, int n, const bool *ok, int except, int max, strbuf_t *out);
/* A give-up question's decision in words (explain_giveup.h), the
 * analysis made again; false when out of memory. */
bool tutorq_giveup_words(const tutor_t *t, strbuf_t *out);
/* A one-die question's decision in words (explain_onedie.h), both choices
 * rolled out again as `brade check` did (a second or so); false when out
 * of memory. */
bool tutorq_onedie_words(const tutor_t *t, strbuf_t *out);
/* How a count question's number is made up, in brackets (or nothing). */
void tutorq_count_breakdown(const tutor_t *t, strbuf_t *out);

/* Best-play questions (judge_best.c).  Judges legal play `mine` (index in
 * t->buf, n plays; ok[] marks the accepted ones) against the question's
 * rollout, quoting its numbers and why the best play is better. */
tutor_result_t tutorq_best_answer(tutor_t *t, int n, int mine, const bool *ok, strbuf_t *out);
/* The rollout's table, best first, with the equity each play gives away
 * (and, the first time in a session, what its figures mean). */
void tutorq_best_table(tutor_t *t, strbuf_t *out);
/* A nudge from what tells the best play from the next, naming neither. */
void tutorq_best_nudge(const tutor_t *t, strbuf_t *out);

#endif
