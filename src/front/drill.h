/*
 * drill.h - the next lesson question of the review schedule, opened with
 * the words both front ends say (the REPL's `drill`, the page's Drill):
 * why it is asked again, or when the next one will be due.
 *
 * Ownership: the caller's tutor and buffer.
 */
#ifndef BRADE_FRONT_DRILL_H
#define BRADE_FRONT_DRILL_H

#include <stdbool.h>

#include "content/strbuf.h"
#include "tutor/tutor.h"

/* Opens the lesson question tutor_pick_drill picks (not the one at
 * avoid_lesson/avoid_step; -1: none), saying why it is back; or says that
 * none is due and when the next one is.  True when one was opened. */
bool drill_open_next(tutor_t *t, int avoid_lesson, int avoid_step, strbuf_t *out);

#endif
