/*
 * mine_file.h - the learner's own puzzle file (mine.yaml in the state
 * directory): a reviewed game's confirmed mistakes appended to it, as the
 * terminal's review and the page's "make my mistakes puzzles" both do.
 *
 * Ownership: reads the caller's record and review; writes the file
 * atomically (the old text, then the new items), never anything else.
 */
#ifndef BRADE_FRONT_MINE_FILE_H
#define BRADE_FRONT_MINE_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "tutor/mistakes.h"

/* Makes the puzzles of rv's confirmed mistakes (mistakes_make with o, its
 * `known` and `day` filled here) and appends them to `file`, created with
 * the header when missing.  False with why in err (an unreadable or
 * unwritable file, out of memory, or stopped: what was made before a stop
 * is written all the same, and res says how much). */
bool mine_file_add(const char *file, const playrec_t *rec, const review_t *rv, mistakes_opts_t *o,
                   mistakes_result_t *res, char *err, size_t errsize);

#endif
