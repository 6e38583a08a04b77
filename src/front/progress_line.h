/*
 * progress_line.h - a progress line for long work on a terminal: the
 * count, and the time left when the total is known, rewritten in place on
 * stderr at most a few times a second, and cleared at the end.  Nothing at
 * all when stderr is not a terminal (a pipe, a file, the tests).
 *
 * Ownership: a plain value the caller keeps.
 */
#ifndef BRADE_CLI_PROGRESS_LINE_H
#define BRADE_CLI_PROGRESS_LINE_H

#include <stdbool.h>

typedef struct progress_line {
    bool on;          /* stderr is a terminal */
    bool shown;       /* something is on the line */
    double start, last;
} progress_line_t;

void progress_line_start(progress_line_t *p);
/* "WHAT DONE/TOTAL, N s left" (total <= 0: no total). */
void progress_line_show(progress_line_t *p, const char *what, long done, long total);
/* Clears the line. */
void progress_line_end(progress_line_t *p);

#endif
