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
    for (int i = 0; i < l->nfiles; i++)
        free(l->files[i].path);
    free(l->files);
    strset_free(&l->file_index);
    free(l->line_start);
    diag_list_init(l);
}

/* Aborts: out of memory. */
static void oom(void)
{
    fputs("brade: out of memory\n", stderr);
    abort();
}

/* A malloc'd copy of n bytes (aborts when out of memory). */
static char *dup_n(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p)
        oom();
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* Bytes of the line break at text[i] (0: none), as libyaml counts them:
 * LF, CR LF, CR, NEL (C2 85), LS and PS (E2 80 A8/A9). */
static size_t line_break(const char *text, size_t len, size_t i)
{
    unsigned char c = (unsigned char)text[i];
    if (c == '\n')
        return 1;
    if (c == '\r')
        return i + 1 < len && text[i + 1] == '\n' ? 2 : 1;
    if (c == 0xC2 && i + 1 < len && (unsigned char)text[i + 1] == 0x85)
        return 2;
    if (c == 0xE2 && i + 2 < len && (unsigned char)text[i + 1] == 0x80 &&
        ((unsigned char)text[i + 2] == 0xA8 || (unsigned char)text[i + 2] == 0xA9))
        return 3;
    return 0;
}

/* Builds the line index of text (once per text; see diag.h). */
static void index_text(diag_list_t *l, const char *text, size_t len)
{
    if (l->idx_text == text && l->idx_len == len && l->line_start)
        return;
    int cap = 64, n = 0;
    size_t *st = malloc((size_t)cap * sizeof *st);
    if (!st)
        oom();
    st[n++] = 0;
    for (size_t i = 0; i < len;) {
        size_t b = line_break(text, len, i);
        if (!b) {
            i++;
            continue;
        }
        i += b;
        if (n == cap) {
            if (cap > (1 << 28))
                break; /* a 4 MB file has far fewer lines */
            cap *= 2;
            size_t *t = realloc(st, (size_t)cap * sizeof *st);
            if (!t)
                oom();
            st = t;
        }
        st[n++] = i;
    }
    free(l->line_start);
    l->line_start = st;
    l->nlines = n;
    l->idx_text = text;
    l->idx_len = len;
}

/* Forgets the index of `text` (see diag.h). */
void diag_text_done(diag_list_t *l, const char *text)
{
    if (l->idx_text == text) {
        free(l->line_start);
        l->line_start = NULL;
        l->nlines = 0;
        l->idx_text = NULL;
        l->idx_len = 0;
    }
}

/* Byte offset of the character column `col` (1-based) in s[0..n), or n. */
static size_t byte_of_col_n(const char *s, size_t n, int col)
{
    size_t i = 0;
    for (int c = 1; c < col && i < n; c++) {
        i++;
        while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

/* Characters in s[0..n). */
static int chars_n(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* Sets d->source to an excerpt of line `line` of text around d->col, at
 * most DIAG_EXCERPT characters, and d->scol to the column in it. */
static void set_excerpt(diag_list_t *l, diag_t *d, const char *text, size_t len, int line)
{
    d->source = NULL;
    d->scol = d->col;
    if (!text || line < 1)
        return;
    index_text(l, text, len);
    if (line > l->nlines)
        return;
    size_t a = l->line_start[line - 1], e = a;
    while (e < len && !line_break(text, len, e))
        e++;
    const char *s = text + a;
    size_t n = e - a;
    /* window of DIAG_EXCERPT characters, the column a third of the way in */
    int total = n > (size_t)4 * DIAG_EXCERPT ? DIAG_EXCERPT * 4 : chars_n(s, n);
    int from = 1;
    if (total > DIAG_EXCERPT || n > (size_t)4 * DIAG_EXCERPT) {
        from = d->col - DIAG_EXCERPT / 3;
        if (from < 1)
            from = 1;
    }
    size_t b0 = byte_of_col_n(s, n, from);
    size_t b1 = b0 + byte_of_col_n(s + b0, n - b0, DIAG_EXCERPT + 1);
    bool cut_left = b0 > 0, cut_right = b1 < n;
    strbuf_t x;
    strbuf_init(&x);
    if (cut_left)
        strbuf_add(&x, "...");
    strbuf_addn(&x, s + b0, b1 - b0);
    if (cut_right)
        strbuf_add(&x, "...");
    d->source = dup_n(strbuf_str(&x), x.len);
    strbuf_free(&x);
    d->scol = d->col - from + 1 + (cut_left ? 3 : 0);
    int room = chars_n(d->source, strlen(d->source)) - d->scol + 1 - (cut_right ? 3 : 0);
    if (d->len > room)
        d->len = room < 1 ? 1 : room;
}

/* The budget record of `path` (added when new). */
static diag_file_t *file_of(diag_list_t *l, const char *path)
{
    int i = strset_get(&l->file_index, 0, path);
    if (i >= 0)
        return &l->files[i];
    if (l->nfiles == l->cap_files) {
        int cap = l->cap_files ? 2 * l->cap_files : 8;
        diag_file_t *f = realloc(l->files, (size_t)cap * sizeof *f);
        if (!f)
            oom();
        l->files = f;
        l->cap_files = cap;
    }
    diag_file_t *f = &l->files[l->nfiles];
    *f = (diag_file_t){dup_n(path, strlen(path)), 0, 0, -1, false};
    strset_put(&l->file_index, 0, f->path, l->nfiles++);
    return f;
}

/* A new item at the end of the list. */
static diag_t *push(diag_list_t *l)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        diag_t *items = realloc(l->items, (size_t)cap * sizeof *items);
        if (!items)
            oom();
        l->items = items;
        l->cap = cap;
    }
    diag_t *d = &l->items[l->n++];
    memset(d, 0, sizeof *d);
    return d;
}

/* Adds a diagnostic with an excerpt of its source line (see diag.h). */
void diag_vadd(diag_list_t *l, diag_sev_t sev, const char *path, const char *text, size_t textlen,
               int line, int col, int len, const char *fmt, va_list ap)
{
    if (!path)
        path = "";
    diag_file_t *f = file_of(l, path);
    if (sev == DIAG_ERROR)
        l->errors++;
    if (sev == DIAG_ERROR && f->shown >= DIAG_MAX_PER_FILE) {
        f->dropped++;
        f->last_drop = true;
        if (f->summary < 0) {
            diag_t *d = push(l);
            d->sev = DIAG_NOTE;
            d->path = dup_n(path, strlen(path));
            d->msg = dup_n("", 0);
            d->col = d->len = 1;
            f->summary = l->n - 1;
        }
        l->items[f->summary].more = f->dropped;
        return;
    }
    if (sev == DIAG_NOTE && f->last_drop)
        return; /* the note of a dropped error */
    if (sev == DIAG_ERROR) {
        f->shown++;
        f->last_drop = false;
    }
    strbuf_t msg;
    strbuf_init(&msg);
    strbuf_vaddf(&msg, fmt, ap);
    diag_t *d = push(l);
    d->sev = sev;
    d->path = dup_n(path, strlen(path));
    d->line = line;
    d->col = col < 1 ? 1 : col;
    d->len = len < 1 ? 1 : len;
    d->msg = dup_n(strbuf_str(&msg), msg.len);
    set_excerpt(l, d, text, textlen, line);
    strbuf_free(&msg);
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

/* Prints location, source line and caret (see diag.h). */
void diag_print(FILE *f, const diag_t *d, bool colour)
{
    const char *bold = colour ? "\033[1m" : "", *reset = colour ? "\033[0m" : "";
    const char *sevc = colour ? (d->sev == DIAG_ERROR ? "\033[1;31m" : "\033[1;36m") : "";
    const char *caretc = colour ? "\033[1;32m" : "";
    const char *sev = d->sev == DIAG_ERROR ? "error" : "note";
    if (d->more > 0) {
        fprintf(f, "%s%s:%s %s%s:%s and %d more error%s in this file (the first %d are shown)\n",
                bold, d->path, reset, sevc, sev, reset, d->more, d->more == 1 ? "" : "s",
                DIAG_MAX_PER_FILE);
        return;
    }
    if (d->line > 0)
        fprintf(f, "%s%s:%d:%d:%s %s%s:%s %s\n", bold, d->path, d->line, d->col, reset, sevc, sev,
                reset, d->msg);
    else
        fprintf(f, "%s%s:%s %s%s:%s %s\n", bold, d->path, reset, sevc, sev, reset, d->msg);
    if (!d->source || d->line <= 0)
        return;
    fprintf(f, "%5d | %s\n      | ", d->line, d->source);
    /* Keep tabs where the source has them so the caret lines up. */
    size_t upto = byte_of_col_n(d->source, strlen(d->source), d->scol);
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
