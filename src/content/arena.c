/*
 * arena.c - bump allocation in chained blocks (see arena.h).
 */
#include "content/arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ARENA_BLOCK = 16384 };

struct arena_block {
    arena_block_t *next;
    size_t size, used;
    alignas(max_align_t) unsigned char data[];
};

/* Out of memory while loading: there is nothing sensible left to do. */
static void out_of_memory(void)
{
    fputs("brade: out of memory\n", stderr);
    abort();
}

/* An empty arena (see arena.h). */
void arena_init(arena_t *a) { a->head = NULL; }

/* Frees every block of the arena (see arena.h). */
void arena_free(arena_t *a)
{
    arena_block_t *b = a->head;
    while (b) {
        arena_block_t *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}

/* Zeroed, aligned memory from the newest block, or a new block. */
void *arena_alloc(arena_t *a, size_t size)
{
    const size_t align = alignof(max_align_t);
    size = (size + align - 1) / align * align;
    if (size == 0)
        size = align;
    arena_block_t *b = a->head;
    if (!b || b->size - b->used < size) {
        size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
        b = malloc(sizeof *b + cap);
        if (!b)
            out_of_memory();
        b->size = cap;
        b->used = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

/* n zeroed elements, with the size product checked. */
void *arena_array(arena_t *a, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        out_of_memory();
    return arena_alloc(a, n * size);
}

/* A NUL-terminated copy of n bytes. */
char *arena_strndup(arena_t *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* A copy of a string (NULL stays NULL). */
char *arena_strdup(arena_t *a, const char *s) { return s ? arena_strndup(a, s, strlen(s)) : NULL; }
