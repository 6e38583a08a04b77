/*
 * dice.c - the roll table and splitmix64 (see dice.h).
 */
#include "analysis/dice.h"

#include <assert.h>

roll_t dice_roll(int k, int *weight)
{
    /* a = 1..6, b = 1..a in order: k = a(a-1)/2 + (b-1) */
    static const uint8_t A[DICE_ROLLS] = {1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6};
    assert(k >= 0 && k < DICE_ROLLS);
    int a = A[k];
    int b = k - a * (a - 1) / 2 + 1;
    if (weight)
        *weight = a == b ? 1 : 2;
    return (roll_t){a, b};
}

roll_t dice_order(int k)
{
    assert(k >= 0 && k < DICE_ORDERS);
    return (roll_t){k / 6 + 1, k % 6 + 1};
}

uint64_t dice_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int dice_below(uint64_t *s, int n)
{
    assert(n >= 1);
    /* rejection keeps the draw exactly uniform */
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t x;
    do
        x = dice_next(s);
    while (x >= limit);
    return (int)(x % (uint64_t)n);
}

double dice_unit(uint64_t *s)
{
    return (double)(dice_next(s) >> 11) * (1.0 / 9007199254740992.0);
}

uint64_t dice_stream(uint64_t seed, uint64_t stream)
{
    uint64_t s = seed ^ (stream * 0xD1B54A32D192ED03ull);
    dice_next(&s);
    return dice_next(&s) ^ seed;
}
