/*
 * strbuf.h - a growable string for text that is built in pieces.
 *
 * The tutor writes its answers to the learner into a strbuf and the program
 * prints them; the checker builds diagnostic messages the same way.
 *
 * Ownership: a strbuf owns its bytes; strbuf_free() releases them.  `s` is
 * always NUL-terminated (an empty strbuf reads as "").  Out of memory aborts.
 */
#ifndef BRADE_STRBUF_H
#define BRADE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct strbuf {
    char *s;
    size_t len, cap;
} strbuf_t;

void strbuf_init(strbuf_t *b);
void strbuf_free(strbuf_t *b);
/* Empties the buffer (keeps its memory). */
void strbuf_clear(strbuf_t *b);
/* Appends n bytes / a string / formatted text. */
void strbuf_addn(strbuf_t *b, const char *s, size_t n);
void strbuf_add(strbuf_t *b, const char *s);
void strbuf_addf(strbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(strbuf_t *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* The contents as a C string ("" when empty). */
const char *strbuf_str(const strbuf_t *b);

#endif
