/*
 * strbuf.c - a growable string (see strbuf.h).
 */
#include "content/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An empty buffer. */
void strbuf_init(strbuf_t *b)
{
    b->s = NULL;
    b->len = b->cap = 0;
}

/* Frees the buffer's bytes. */
void strbuf_free(strbuf_t *b)
{
    free(b->s);
    strbuf_init(b);
}

/* Empties the buffer, keeping its memory. */
void strbuf_clear(strbuf_t *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

/* Makes room for `extra` more bytes plus the terminator. */
static void grow(strbuf_t *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        fputs("brade: out of memory\n", stderr);
        abort();
    }
    b->s = s;
    b->cap = cap;
}

/* Appends n bytes. */
void strbuf_addn(strbuf_t *b, const char *s, size_t n)
{
    grow(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

/* Appends a string. */
void strbuf_add(strbuf_t *b, const char *s) { strbuf_addn(b, s, strlen(s)); }

/* Appends formatted text (va_list). */
void strbuf_vaddf(strbuf_t *b, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n <= 0)
        return;
    grow(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

/* Appends formatted text. */
void strbuf_addf(strbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(b, fmt, ap);
    va_end(ap);
}

/* The contents, "" when empty. */
const char *strbuf_str(const strbuf_t *b) { return b->s ? b->s : ""; }
