/*
 * textout.h - a growing text buffer for the analysis floor's text files
 * (the weights files, the rollout data): printf-style appends that keep
 * going until memory runs out, then a single check at the end.
 *
 * Ownership: the buffer's text is malloc'd; textout_take hands it to the
 * caller (who frees it), or frees it and returns NULL when an append
 * failed.
 */
#ifndef BRADE_ANALYSIS_TEXTOUT_H
#define BRADE_ANALYSIS_TEXTOUT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct textout {
    char *s;
    size_t len, cap;
    bool failed;   /* an append ran out of memory; later ones do nothing */
} textout_t;

/* An empty buffer with room for `cap` bytes to start (failed when out of memory). */
void textout_init(textout_t *o, size_t cap);
/* Appends the formatted text. */
void textout_put(textout_t *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text and its length, now the caller's; NULL (the buffer freed) when
 * an append failed. */
char *textout_take(textout_t *o, size_t *len);

#endif
