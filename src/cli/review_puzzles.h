/*
 * review_puzzles.h - `review --puzzles FILE`: the learner's bad plays of a
 * reviewed game appended to their own puzzle file (tutor/mistakes.h), with
 * a progress line while the rollouts run and a summary of what was made.
 *
 * Ownership: reads the caller's record and review; writes FILE atomically
 * (the old text, then the new items), never anything else.
 */
#ifndef BRADE_CLI_REVIEW_PUZZLES_H
#define BRADE_CLI_REVIEW_PUZZLES_H

#include "tutor/explain.h"
#include "tutor/playrec.h"
#include "tutor/review.h"

/* The learner's puzzle file in the state directory `dir`. */
void review_puzzles_path(const char *dir, char *buf, size_t size);

/* Makes the puzzles and appends them to `file` (created with a header when
 * missing).  `record` names the game in the puzzles' source line.  Returns
 * 0, or 1 after a message on standard error. */
int review_puzzles(const playrec_t *rec, const review_t *rv, const char *record, const char *file, lang_t lang);

#endif
