/*
 * fuzz_common.h - what the libFuzzer harnesses share: the input as a C
 * string, and a check that turns a broken promise into a crash libFuzzer
 * reports (assert is off in some builds; this is not).
 */
#ifndef BRADE_FUZZ_COMMON_H
#define BRADE_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of the input (the caller frees it). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* The ruleset preset and the roll the first two bytes of an input choose
 * (the harnesses that judge positions read the rest as text). */
static inline const rules_t *fuzz_rules_roll(const uint8_t *data, roll_t *roll)
{
    roll->a = 1 + data[1] % 6;
    roll->b = 1 + (data[1] / 6) % 6;
    return rules_preset_at(data[0] % rules_preset_count());
}

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: broken promise: %s\n", __FILE__, __LINE__, #cond);            \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif
