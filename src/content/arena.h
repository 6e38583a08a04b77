/*
 * arena.h - one owner for everything a loaded course holds.
 *
 * Loading a course makes many small strings and arrays (texts, ids, hint
 * lists) that all live exactly as long as the course.  They are carved out
 * of an arena and freed together by arena_free(); nothing taken from an
 * arena is freed on its own.
 *
 * Ownership: the arena owns every block it returns; callers hold plain
 * pointers into it and must not free them.  Out of memory is a programmer
 * level failure here: the functions abort with a message (a course is a few
 * hundred kilobytes at most).
 */
#ifndef BRADE_ARENA_H
#define BRADE_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block_t;

typedef struct arena {
    arena_block_t *head; /* newest block first */
} arena_t;

/* An empty arena (no allocation until the first request). */
void arena_init(arena_t *a);
/* Frees every block; the arena is empty again afterwards. */
void arena_free(arena_t *a);
/* `size` zeroed bytes, aligned for any type. */
void *arena_alloc(arena_t *a, size_t size);
/* An array of n zeroed elements of `size` bytes (checks the product). */
void *arena_array(arena_t *a, size_t n, size_t size);
/* A copy of s (NULL stays NULL). */
char *arena_strdup(arena_t *a, const char *s);
/* A copy of the first n bytes of s, NUL-terminated. */
char *arena_strndup(arena_t *a, const char *s, size_t n);

#endif
