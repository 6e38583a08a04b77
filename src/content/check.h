/*
 * check.h - `brade check`: load course files and report every problem.
 *
 * Each path is a file or a directory (its *.yaml files); all of them are
 * loaded into one course, so an id used twice across files is caught too.
 * Diagnostics go to `out` as `path:line:col: error: message` with the
 * source line and a caret, then one summary line.
 *
 * Ownership: nothing is kept; the course is freed before returning.
 */
#ifndef BRADE_CHECK_H
#define BRADE_CHECK_H

#include <stdbool.h>
#include <signal.h>
#include <stdio.h>

#include "content/load.h"

typedef struct check_result {
    int files, lessons, puzzles, errors;
    int best_claims, best_rolled; /* best-play questions, and how many were rolled out */
    long best_games;
    bool stopped; /* Ctrl-C stopped the rollouts part-way */
} check_result_t;

/* Checks paths[0..n).  `rollouts`: roll out every best-play claim again
 * (seeded, so reproducible; seconds per claim) rather than only checking
 * the stated results for consistency.  `stop` (NULL, or a flag Ctrl-C
 * sets) ends the rollouts early; the rest of the check still runs.
 * Returns true when there is no error and nothing was stopped. */
bool check_paths(const char *const *paths, int n, content_explain_fn explain, bool rollouts,
                 const volatile sig_atomic_t *stop, FILE *out, bool colour,
                 check_result_t *res);
/* The same, calling on_rollout (may be NULL) as each claim's rollout
 * starts, for a progress line. */
bool check_paths_progress(const char *const *paths, int n, content_explain_fn explain,
                          bool rollouts, const volatile sig_atomic_t *stop, FILE *out,
                          bool colour, check_result_t *res,
                          void (*on_rollout)(void *ud, const char *file, int rolled), void *ud);

#endif
