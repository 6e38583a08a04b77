/*
 * strset.c - a hash index from strings to small integers (see strset.h).
 */
#include "content/strset.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An empty set (no allocation until the first key). */
void strset_init(strset_t *s) { memset(s, 0, sizeof *s); }

/* Frees the table (not the borrowed keys). */
void strset_free(strset_t *s)
{
    free(s->slots);
    strset_init(s);
}

/* FNV-1a over the tag and the key. */
static uint64_t hash(int tag, const char *key)
{
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)(unsigned)tag;
    h *= 1099511628211ULL;
    for (const unsigned char *p = (const unsigned char *)key; *p; p++) {
        h ^= *p;
        h *= 1099511628211ULL;
    }
    return h;
}

/* The slot holding (tag, key), or the empty slot where it would go. */
static strset_slot_t *find(strset_slot_t *slots, size_t cap, int tag, const char *key)
{
    size_t i = (size_t)hash(tag, key) & (cap - 1);
    for (;;) {
        strset_slot_t *sl = &slots[i];
        if (!sl->key || (sl->tag == tag && strcmp(sl->key, key) == 0))
            return sl;
        i = (i + 1) & (cap - 1);
    }
}

/* The value for (tag, key), or -1 (see strset.h). */
int strset_get(const strset_t *s, int tag, const char *key)
{
    if (!s->cap)
        return -1;
    const strset_slot_t *sl = find(s->slots, s->cap, tag, key);
    return sl->key ? sl->value : -1;
}

/* Doubles the table, rehashing every key. */
static void grow(strset_t *s)
{
    size_t cap = s->cap ? 2 * s->cap : 64;
    strset_slot_t *slots = calloc(cap, sizeof *slots);
    if (!slots) {
        fputs("brade: out of memory\n", stderr);
        abort();
    }
    for (size_t i = 0; i < s->cap; i++)
        if (s->slots[i].key)
            *find(slots, cap, s->slots[i].tag, s->slots[i].key) = s->slots[i];
    free(s->slots);
    s->slots = slots;
    s->cap = cap;
}

/* Stores a key unless present (see strset.h). */
int strset_put(strset_t *s, int tag, const char *key, int value)
{
    if (2 * (s->n + 1) > s->cap)
        grow(s);
    strset_slot_t *sl = find(s->slots, s->cap, tag, key);
    if (sl->key)
        return sl->value;
    sl->key = key;
    sl->tag = tag;
    sl->value = value;
    s->n++;
    return value;
}
