/*
 * diag.h - diagnostics for files people write: `path:line:col: message`,
 * then the source line and a caret under the place it is about.
 *
 * The loader and the checker add one diagnostic per problem and go on, so a
 * file with five mistakes reports five errors.  A note (severity DIAG_NOTE)
 * adds context to the error before it ("first defined here").
 *
 * Lines and columns are 1-based; columns count characters (UTF-8 code
 * points), as editors do.  Line 0 means "the whole file".
 *
 * Ownership: a diag_list owns its diagnostics and every string in them
 * (copied when added); diag_list_free() releases them.
 */
#ifndef BRADE_DIAG_H
#define BRADE_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { DIAG_ERROR, DIAG_NOTE } diag_sev_t;

typedef struct diag {
    diag_sev_t sev;
    char *path;
    int line, col; /* 1-based; line 0 = no position */
    int len;       /* caret length in characters (>= 1) */
    char *msg;
    char *source; /* the source line without its newline, or NULL */
} diag_t;

typedef struct diag_list {
    diag_t *items;
    int n, cap;
    int errors; /* number of DIAG_ERROR entries */
} diag_list_t;

void diag_list_init(diag_list_t *l);
void diag_list_free(diag_list_t *l);

/* Adds a diagnostic about `path`.  `text`/`textlen` is the file's contents
 * (for the source line; may be NULL); line/col 1-based. */
void diag_add(diag_list_t *l, diag_sev_t sev, const char *path, const char *text, size_t textlen,
              int line, int col, int len, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));
void diag_vadd(diag_list_t *l, diag_sev_t sev, const char *path, const char *text, size_t textlen,
               int line, int col, int len, const char *fmt, va_list ap)
    __attribute__((format(printf, 9, 0)));

/* Prints one diagnostic: the location line, then (when known) the source
 * line with a caret line under it.  `colour`: ANSI colours on. */
void diag_print(FILE *f, const diag_t *d, bool colour);
/* Prints every diagnostic of the list in order. */
void diag_print_all(FILE *f, const diag_list_t *l, bool colour);

#endif
