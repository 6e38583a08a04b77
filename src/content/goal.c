/*
 * goal.c - goals, roll sets and counts decided by the engine (see goal.h).
 */
#include "content/goal.h"

#include <assert.h>
#include <string.h>

static const char *const GOAL_NAMES[GOAL_COUNT] = {
    "legal",        "win",     "win-most",  "hemspel",
    "pattern",      "jan",     "sprangjan", "munk",
    "enter",        "hit",     "blast",     "bear-off",
    "reduce",       "forfeit", "no-move",   "keep-janblotta-in",
    "janblotta-out", "no-sprangjan", "no-jan", "best"};

/* The machine name of a goal. */
const char *goal_name(goal_t g) { return (unsigned)g < GOAL_COUNT ? GOAL_NAMES[g] : "?"; }

/* The goal for a machine name, or -1. */
int goal_parse(const char *name)
{
    for (int i = 0; i < GOAL_COUNT; i++)
        if (strcmp(name, GOAL_NAMES[i]) == 0)
            return i;
    /* The Swedish spelling is accepted too. */
    if (strcmp(name, "sprängjan") == 0)
        return GOAL_SPRANGJAN;
    return -1;
}

/* Goals that mean something for a "which rolls" question. */
bool goal_for_rolls(goal_t g)
{
    return g != GOAL_LEGAL && g != GOAL_WIN_MOST && g != GOAL_BEST && !goal_is_defence(g) &&
           (unsigned)g < GOAL_COUNT;
}

/* The goals that look at the other side's replies. */
bool goal_is_defence(goal_t g) { return g == GOAL_NO_SPRANGJAN || g == GOAL_NO_JAN; }

/* What a defence goal guards against. */
goal_t goal_defence_threat(goal_t g) { return g == GOAL_NO_SPRANGJAN ? GOAL_SPRANGJAN : GOAL_JAN; }

/* Dice in the roll: 1, 2 or 4. */
static int roll_dice(roll_t roll) { return roll.b == 0 ? 1 : roll.a == roll.b ? 4 : 2; }

/* Whether one legal play meets a goal (see goal.h). */
bool goal_asks_kind(goal_t g) { return g == GOAL_WIN_MOST || g == GOAL_SPRANGJAN; }

/* Whether p meets a defence goal, its replies generated into `scratch`. */
static bool defence_met(goal_t g, const play_t *p, const rules_t *r, movegen_buf_t *scratch)
{
    uint32_t set;
    return goal_threat_rolls(goal_defence_threat(g), p, r, scratch, &set) && set == 0;
}

bool goal_play_meets(goal_t g, const board_t *b, const rules_t *r, roll_t roll, const play_t *p)
{
    outcome_kind_t k = p->outcome.kind;
    bool wins = k != OUT_NONE && k != OUT_DRAW;
    int flags = 0;
    for (int i = 0; i < p->nsteps; i++)
        flags |= p->steps[i].flags;
    switch (g) {
    case GOAL_LEGAL:
        return true;
    case GOAL_WIN:
    case GOAL_WIN_MOST:
        return wins;
    case GOAL_HEMSPEL:
        return k == OUT_HEMSPEL;
    case GOAL_PATTERN:
        return outcome_is_pattern(k);
    case GOAL_JAN:
        return k == OUT_JAN || k == OUT_SPRANGJAN;
    case GOAL_SPRANGJAN:
        return k == OUT_SPRANGJAN;
    case GOAL_MUNK:
        return wins && p->outcome.munk > 0;
    case GOAL_ENTER:
        return b->side[0][BOARD_BAR] > 0 && p->after.side[0][BOARD_BAR] == 0;
    case GOAL_HIT:
        return (flags & STEP_HIT) != 0;
    case GOAL_BLAST:
        return (flags & STEP_BLAST) != 0;
    case GOAL_BEAR_OFF:
        return (flags & STEP_OFF) != 0;
    case GOAL_REDUCE:
        return (flags & STEP_REDUCED) != 0;
    case GOAL_FORFEIT:
        /* a play that ends the game early has nothing left to forfeit */
        return !wins && p->dice < roll_dice(roll);
    case GOAL_NO_MOVE:
        return p->nsteps == 0;
    case GOAL_KEEP_JANBLOTTA_IN:
        return board_janblotta_count(&p->after, 0) <= 6;
    case GOAL_JANBLOTTA_OUT:
        return board_janblotta_count(&p->after, 0) >= 7;
    case GOAL_NO_SPRANGJAN:
    case GOAL_NO_JAN: {
        assert(r != NULL);
        movegen_buf_t *scratch = movegen_buf_new();
        bool met = scratch && defence_met(g, p, r, scratch);
        movegen_buf_free(scratch);
        return met;
    }
    case GOAL_BEST:   /* decided by the question's accepted plays */
    case GOAL_COUNT:
        break;
    }
    return false;
}

/* Value of a win for comparing plays: points first, then the kind's rank. */
static long win_value(const outcome_t *o) { return (long)o->points * 1000 + outcome_rank(o); }

/* Marks the legal plays that meet a goal; win-most keeps the best wins only. */
int goal_select(goal_t g, const board_t *b, const rules_t *r, roll_t roll,
                const movegen_buf_t *buf, int n, bool *meets)
{
    int count = 0;
    long best = -1;
    /* the defence goals share one buffer for the replies of every play */
    movegen_buf_t *scratch = goal_is_defence(g) ? movegen_buf_new() : NULL;
    for (int i = 0; i < n; i++) {
        const play_t *p = movegen_play(buf, i);
        if (goal_is_defence(g))
            meets[i] = scratch && defence_met(g, p, r, scratch);
        else
            meets[i] = goal_play_meets(g, b, r, roll, p);
        if (meets[i] && g == GOAL_WIN_MOST && win_value(&p->outcome) > best)
            best = win_value(&p->outcome);
    }
    for (int i = 0; i < n; i++) {
        if (meets[i] && g == GOAL_WIN_MOST && win_value(&movegen_play(buf, i)->outcome) != best)
            meets[i] = false;
        count += meets[i];
    }
    movegen_buf_free(scratch);
    return count;
}

/* The other side's rolls that let him meet `threat` after p (see goal.h). */
bool goal_threat_rolls(goal_t threat, const play_t *p, const rules_t *r, movegen_buf_t *scratch,
                       uint32_t *out)
{
    *out = 0;
    if (p->outcome.kind != OUT_NONE) /* the game is over: he has no turn */
        return true;
    board_t his = p->after;
    board_swap(&his);
    return goal_rolls(threat, false, &his, r, scratch, out);
}

/* The i-th distinct roll, higher die first. */
roll_t goal_roll_at(int i)
{
    /* 1-1, 2-1, 2-2, 3-1, 3-2, 3-3, ... : high die a, low die b <= a */
    int a = 1;
    while (i >= a) {
        i -= a;
        a++;
    }
    return (roll_t){a, i + 1};
}

/* The index of a roll in either order, or -1. */
int goal_roll_index(roll_t r)
{
    int a = r.a > r.b ? r.a : r.b, b = r.a > r.b ? r.b : r.a;
    if (b < 1 || a > 6)
        return -1;
    return a * (a - 1) / 2 + b - 1;
}

/* How many of the 36 permutations a roll is. */
int goal_roll_weight(int i)
{
    roll_t r = goal_roll_at(i);
    return r.a == r.b ? 1 : 2;
}

/* How many of the 36 permutations a set of rolls covers. */
int goal_rolls_weight(uint32_t set)
{
    int w = 0;
    for (int i = 0; i < GOAL_ROLLS; i++)
        if (set & (1u << i))
            w += goal_roll_weight(i);
    return w;
}

/* The rolls for which some (or every) legal play meets the goal. */
bool goal_rolls(goal_t g, bool forced, const board_t *b, const rules_t *r, movegen_buf_t *buf,
                uint32_t *out)
{
    *out = 0;
    for (int i = 0; i < GOAL_ROLLS; i++) {
        roll_t roll = goal_roll_at(i);
        int n = movegen_plays(b, r, roll, buf);
        if (n < 0)
            return false;
        int hits = 0;
        for (int k = 0; k < n; k++)
            hits += goal_play_meets(g, b, r, roll, movegen_play(buf, k));
        if (forced ? hits == n : hits > 0)
            *out |= 1u << i;
    }
    return true;
}

static const char *const COUNT_NAMES[COUNT_KIND_COUNT] = {
    "pips", "free-points", "janblotta", "blots-to-janblotta", "jan-excess", "own-q1",
    "bar",  "off",         "blots",     "longest-prime",      "plays"};

/* The machine name of a count. */
const char *goal_count_name(count_t c)
{
    return (unsigned)c < COUNT_KIND_COUNT ? COUNT_NAMES[c] : "?";
}

/* The count for a machine name, or -1. */
int goal_count_parse(const char *name)
{
    for (int i = 0; i < COUNT_KIND_COUNT; i++)
        if (strcmp(name, COUNT_NAMES[i]) == 0)
            return i;
    return -1;
}

/* One count of one side (see goal.h). */
int goal_count(count_t c, const board_t *b, int s, const rules_t *r, roll_t roll,
               movegen_buf_t *buf)
{
    int blots = 0;
    switch (c) {
    case COUNT_PIPS:
        return board_pips(b, s);
    case COUNT_FREE_POINTS:
        return board_free_entry(b, s);
    case COUNT_JANBLOTTA:
        return board_janblotta_count(b, s);
    case COUNT_BLOTS_TO_JANBLOTTA: {
        int left = 7 - board_janblotta_count(b, s);
        return left > 0 ? left : 0;
    }
    case COUNT_JAN_EXCESS:
        return board_jan_excess(b, s);
    case COUNT_OWN_Q1:
        return board_own_q1(b, s);
    case COUNT_BAR:
        return b->side[s][BOARD_BAR];
    case COUNT_OFF:
        return b->side[s][BOARD_OFF];
    case COUNT_BLOTS:
        for (int p = 1; p <= 24; p++)
            blots += b->side[s][p] == 1;
        return blots;
    case COUNT_LONGEST_PRIME:
        return board_longest_prime(b, s);
    case COUNT_PLAYS:
        if (s != 0 || !r || !buf)
            return -1;
        {
            /* "no move" is one entry for the engine, but no play to a learner */
            int n = movegen_plays(b, r, roll, buf);
            return movegen_no_play(buf, n) ? 0 : n;
        }
    case COUNT_KIND_COUNT:
        break;
    }
    return -1;
}
