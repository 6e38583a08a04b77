/*
 * textout.c - a growing text buffer (see textout.h).
 */
#include "analysis/textout.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void textout_init(textout_t *o, size_t cap)
{
    o->s = malloc(cap);
    o->len = 0;
    o->cap = cap;
    o->failed = o->s == NULL;
    if (o->s)
        o->s[0] = '\0';
}

void textout_put(textout_t *o, const char *fmt, ...)
{
    if (o->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(o->s + o->len, o->cap - o->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->failed = true;
            return;
        }
        if ((size_t)n < o->cap - o->len) {
            o->len += (size_t)n;
            return;
        }
        size_t cap = o->cap * 2 + (size_t)n + 64;
        char *s = realloc(o->s, cap);
        if (!s) {
            o->failed = true;
            return;
        }
        o->s = s;
        o->cap = cap;
    }
}

char *textout_take(textout_t *o, size_t *len)
{
    if (o->failed) {
        free(o->s);
        o->s = NULL;
        return NULL;
    }
    if (len)
        *len = o->len;
    char *s = o->s;
    o->s = NULL;
    return s;
}
