/*
 * diag.c - collecting and printing diagnostics (see diag.h).
 */
#include "content/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "content/strbuf.h"

/* An empty list of diagnostics. */
void diag_list_init(diag_list_t *l) { memset(l, 0, sizeof *l); }

/* Frees the diagnostics and their strings. */
void diag_list_free(diag_list_t *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->items[i].path);
        free(l->items[i].msg);
        free(l->items[i].source);
    }
    free(l->items);
    diag_list_init(l);
}

/* A malloc'd copy of n bytes (aborts when out of memory). */
static char *dup_n(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p) {
        fputs("brade: out of memory\n", stderr);
        abort();
    }
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* The 1-based line `line` of text, copied (NULL if there is no such line). */
static char *source_line(const char *text, size_t len, int line)
{
    if (!text || line < 1)
        return NULL;
    size_t i = 0;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(text + i, '\n', len - i);
        if (!nl)
            return NULL;
        i = (size_t)(nl - text) + 1;
    }
    if (i > len)
        return NULL;
    size_t end = i;
    while (end < len && text[end] != '\n' && text[end] != '\r')
        end++;
    return dup_n(text + i, end - i);
}

/* Adds a diagnostic with its source line copied (see diag.h). */
void diag_vadd(diag_list_t *l, diag_sev_t sev, const char *path, const char *text, size_t textlen,
               int line, int col, int len, const char *fmt, va_list ap)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        diag_t *items = realloc(l->items, (size_t)cap * sizeof *items);
        if (!items) {
            fputs("brade: out of memory\n", stderr);
            abort();
        }
        l->items = items;
        l->cap = cap;
    }
    strbuf_t msg;
    strbuf_init(&msg);
    strbuf_vaddf(&msg, fmt, ap);
    diag_t *d = &l->items[l->n++];
    d->sev = sev;
    d->path = dup_n(path ? path : "", path ? strlen(path) : 0);
    d->line = line;
    d->col = col < 1 ? 1 : col;
    d->len = len < 1 ? 1 : len;
    d->msg = dup_n(strbuf_str(&msg), msg.len);
    d->source = source_line(text, textlen, line);
    strbuf_free(&msg);
    if (sev == DIAG_ERROR)
        l->errors++;
}

/* Adds a diagnostic (see diag.h). */
void diag_add(diag_list_t *l, diag_sev_t sev, const char *path, const char *text, size_t textlen,
              int line, int col, int len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vadd(l, sev, path, text, textlen, line, col, len, fmt, ap);
    va_end(ap);
}

/* Byte offset of the character column `col` (1-based) in s, or its length. */
static size_t byte_of_col(const char *s, int col)
{
    size_t i = 0;
    for (int c = 1; c < col && s[i]; c++) {
        i++;
        while ((s[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

/* Prints location, source line and caret (see diag.h). */
void diag_print(FILE *f, const diag_t *d, bool colour)
{
    const char *bold = colour ? "\033[1m" : "", *reset = colour ? "\033[0m" : "";
    const char *sevc = colour ? (d->sev == DIAG_ERROR ? "\033[1;31m" : "\033[1;36m") : "";
    const char *caretc = colour ? "\033[1;32m" : "";
    const char *sev = d->sev == DIAG_ERROR ? "error" : "note";
    if (d->line > 0)
        fprintf(f, "%s%s:%d:%d:%s %s%s:%s %s\n", bold, d->path, d->line, d->col, reset, sevc, sev,
                reset, d->msg);
    else
        fprintf(f, "%s%s:%s %s%s:%s %s\n", bold, d->path, reset, sevc, sev, reset, d->msg);
    if (!d->source || d->line <= 0)
        return;
    fprintf(f, "%5d | %s\n      | ", d->line, d->source);
    /* Keep tabs where the source has them so the caret lines up. */
    size_t upto = byte_of_col(d->source, d->col);
    for (size_t i = 0; i < upto; i++) {
        if ((d->source[i] & 0xC0) == 0x80)
            continue;
        fputc(d->source[i] == '\t' ? '\t' : ' ', f);
    }
    fprintf(f, "%s^", caretc);
    for (int i = 1; i < d->len; i++)
        fputc('~', f);
    fprintf(f, "%s\n", reset);
}

/* Prints the whole list in order. */
void diag_print_all(FILE *f, const diag_list_t *l, bool colour)
{
    for (int i = 0; i < l->n; i++)
        diag_print(f, &l->items[i], colour);
}
