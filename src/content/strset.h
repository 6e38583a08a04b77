/*
 * strset.h - a hash index from strings to small integers, for the checks
 * that must stay linear however large a hostile file is (duplicate ids,
 * duplicate themes, progress items).
 *
 * Open addressing with linear probing over FNV-1a hashes; the table doubles
 * when it is half full.  A key is a string plus a small tag (so "lesson x"
 * and "puzzle x" can share one index).
 *
 * Ownership: the set borrows its key strings; they must outlive it (they
 * live in an arena or in the caller's items).  strset_free() releases the
 * table only.  Out of memory aborts with a message.
 */
#ifndef BRADE_STRSET_H
#define BRADE_STRSET_H

#include <stddef.h>

typedef struct strset_slot {
    const char *key; /* NULL: empty */
    int tag;
    int value;
} strset_slot_t;

typedef struct strset {
    strset_slot_t *slots;
    size_t cap, n; /* cap: a power of two, or 0 */
} strset_t;

void strset_init(strset_t *s);
void strset_free(strset_t *s);
/* The value stored for (tag, key), or -1. */
int strset_get(const strset_t *s, int tag, const char *key);
/* Stores (tag, key) -> value unless the key is there already; returns the
 * value that is stored now (the old one when the key was present). */
int strset_put(strset_t *s, int tag, const char *key, int value);

#endif
