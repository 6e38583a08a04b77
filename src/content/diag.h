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
 * Budgets, so that a hostile file costs time and memory in proportion to
 * its size and no more:
 *   - at most DIAG_MAX_PER_FILE errors are kept per file; the rest are
 *     counted, and one summary line says "and N more errors" (their notes
 *     are dropped with them); `errors` still counts every error;
 *   - the source line kept with a diagnostic is an excerpt of at most
 *     DIAG_EXCERPT characters around the column (marked "..." where cut);
 *   - finding a line is a binary search in a line index built once per
 *     text (the list remembers the last text it indexed); lines end where
 *     libyaml ends them (LF, CR LF, CR, NEL, LS, PS).
 *
 * Ownership: a diag_list owns its diagnostics and every string in them
 * (copied when added) and its line index; diag_list_free() releases them.
 * The text passed to diag_add is borrowed for the call only, except that
 * its address is remembered for the index: call diag_text_done() before
 * freeing or reusing a text buffer.
 */
#ifndef BRADE_DIAG_H
#define BRADE_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "content/strset.h"

typedef enum { DIAG_ERROR, DIAG_NOTE } diag_sev_t;

#define DIAG_MAX_PER_FILE 100
#define DIAG_EXCERPT 160

typedef struct diag {
    diag_sev_t sev;
    char *path;
    int line, col; /* 1-based; line 0 = no position */
    int len;       /* caret length in characters (>= 1) */
    char *msg;
    char *source; /* an excerpt of the source line (no newline), or NULL */
    int scol;     /* the column of `col` within `source` (1-based) */
    int more;     /* > 0: a summary, "and `more` errors not shown" */
} diag_t;

/* Errors kept and dropped for one file. */
typedef struct diag_file {
    char *path;
    int shown, dropped;
    int summary;     /* index of the summary item, or -1 */
    bool last_drop;  /* the last error was dropped (so are its notes) */
} diag_file_t;

typedef struct diag_list {
    diag_t *items;
    int n, cap;
    int errors; /* number of errors, shown or not */
    /* budget per file */
    diag_file_t *files;
    int nfiles, cap_files;
    strset_t file_index; /* path -> index in files */
    /* line index of the last text seen */
    const char *idx_text;
    size_t idx_len;
    size_t *line_start; /* byte offset of each line's start */
    int nlines;
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

/* Forgets the line index if it was built over `text` (call before the
 * text is freed or reused). */
void diag_text_done(diag_list_t *l, const char *text);

/* Prints one diagnostic: the location line, then (when known) the source
 * line with a caret line under it.  `colour`: ANSI colours on. */
void diag_print(FILE *f, const diag_t *d, bool colour);
/* Prints every diagnostic of the list in order. */
void diag_print_all(FILE *f, const diag_list_t *l, bool colour);

#endif
