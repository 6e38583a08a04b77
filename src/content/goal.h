/*
 * goal.h - what the engine can decide about a question: which plays meet a
 * goal, which rolls make a goal possible (or force it), and the counts
 * lessons ask about.
 *
 * These are the computed answers of the course: the loader uses them to
 * fill in and verify answers, the tutor to judge and to explain them.  The
 * goals are the ones the rules alone decide (win now, win the most, enter,
 * hit, blast, keep the janblotta in, ...), plus GOAL_BEST: the best play in
 * the strategic sense, which only the analysis floor can judge, so its
 * plays are the question's own accepted ones (checked by content/best.c).
 *
 * Ownership: pure functions over engine values; the caller passes the
 * movegen buffer to generate into (its contents are overwritten).
 */
#ifndef BRADE_GOAL_H
#define BRADE_GOAL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/rules.h"

typedef enum {
    GOAL_LEGAL = 0,         /* any legal play */
    GOAL_WIN,               /* the play wins the game now */
    GOAL_WIN_MOST,          /* a winning play worth the most (points, then the kind's rank) */
    GOAL_HEMSPEL,           /* wins by bearing off the last checker */
    GOAL_PATTERN,           /* wins by a vackert spel */
    GOAL_JAN,               /* wins by jan or sprängjan */
    GOAL_SPRANGJAN,         /* wins by sprängjan */
    GOAL_MUNK,              /* wins with munk */
    GOAL_ENTER,             /* every checker on the bar gets in */
    GOAL_HIT,               /* hits a blot */
    GOAL_BLAST,             /* blasts a band */
    GOAL_BEAR_OFF,          /* bears at least one checker off */
    GOAL_REDUCE,            /* bears off with a higher die than needed */
    GOAL_FORFEIT,           /* part of the roll cannot be played (fåta) */
    GOAL_NO_MOVE,           /* nothing at all can be played */
    GOAL_KEEP_JANBLOTTA_IN, /* the mover's janblotta count stays at 6 or less */
    GOAL_JANBLOTTA_OUT,     /* the mover's janblotta count reaches 7 or more */
    GOAL_NO_SPRANGJAN,      /* after it, no roll of the other side makes the mover sprängjan */
    GOAL_NO_JAN,            /* after it, no roll of the other side makes the mover jan or
                             * sprängjan */
    GOAL_BEST,              /* the best play: the question's accepted plays, verified by
                             * rollouts (content/best.h); no play "meets" it by itself */
    GOAL_COUNT
} goal_t;

/* Machine names ("win", "keep-janblotta-in", ...) for files and docs. */
const char *goal_name(goal_t g);
/* The goal named `name`, or -1. */
int goal_parse(const char *name);
/* Goals that make sense for a "which rolls" question (all but legal, win-most, best and
 * the two defence goals). */
bool goal_for_rolls(goal_t g);
/* The defence goals (no-sprangjan, no-jan) look one turn ahead: whether a play meets
 * them depends on the other side's replies, so they need the rules and generate moves. */
bool goal_is_defence(goal_t g);
/* The threat a defence goal guards against: GOAL_SPRANGJAN or GOAL_JAN. */
goal_t goal_defence_threat(goal_t g);

/* True when play p (one of the legal plays of `roll` from b under rules r) meets g.
 * GOAL_WIN_MOST needs the whole set: use goal_select().  A defence goal generates
 * the replies into a buffer of its own (false, as if not met, when none can be had). */
bool goal_play_meets(goal_t g, const board_t *b, const rules_t *r, roll_t roll, const play_t *p);
/* True when the goal is after the kind of win, not just a win: jan and
 * sprängjan differ, so the order a play is written in counts (rules.md
 * D-15; verdict_t.written_jan). */
bool goal_asks_kind(goal_t g);

/* Marks meets[i] for each of the n legal plays in buf that meets g; returns
 * how many do.  `meets` has room for n entries. */
int goal_select(goal_t g, const board_t *b, const rules_t *r, roll_t roll,
                const movegen_buf_t *buf, int n, bool *meets);

/* The rolls of the other side's next turn (bit i = goal_roll_at(i)) with which some
 * legal play of his meets `threat` (GOAL_JAN: jan or sprängjan; GOAL_SPRANGJAN), after
 * the mover has played p.  A play that ends the game leaves him no turn: 0.  `scratch`
 * is the caller's buffer for his plays (not the one p lives in).  False if the engine's
 * buffer overflowed (never expected). */
bool goal_threat_rolls(goal_t threat, const play_t *p, const rules_t *r, movegen_buf_t *scratch,
                       uint32_t *out);

/* --- rolls --- */
enum { GOAL_ROLLS = 21 };
/* The i-th of the 21 distinct rolls (i in 0..20): 1-1, 2-1, 2-2, 3-1, ...
 * with the higher die first. */
roll_t goal_roll_at(int i);
/* The index of a two-dice roll (either order), or -1. */
int goal_roll_index(roll_t r);
/* 1 for doubles, 2 for the others: how many of the 36 permutations. */
int goal_roll_weight(int i);
/* How many of the 36 permutations a set of rolls covers. */
int goal_rolls_weight(uint32_t set);

/* The set of rolls (bit i = goal_roll_at(i)) for which some legal play
 * meets g, or with `forced` every legal play does.  Returns false if the
 * engine's buffer overflowed (never expected). */
bool goal_rolls(goal_t g, bool forced, const board_t *b, const rules_t *r, movegen_buf_t *buf,
                uint32_t *out);

/* --- counts --- */
typedef enum {
    COUNT_PIPS = 0,           /* pip count */
    COUNT_FREE_POINTS,        /* free entry points (A6.4) */
    COUNT_JANBLOTTA,          /* the janblotta count JB (A6.8) */
    COUNT_BLOTS_TO_JANBLOTTA, /* new blots until the janblotta is out: max(0, 7 - JB) */
    COUNT_JAN_EXCESS,         /* bar + own first-quarter points - 6 (jan when > 0) */
    COUNT_OWN_Q1,             /* first-quarter points holding own checkers */
    COUNT_BAR,                /* checkers on the bar */
    COUNT_OFF,                /* checkers borne off */
    COUNT_BLOTS,              /* points holding exactly one own checker */
    COUNT_LONGEST_PRIME,      /* longest run of own bands the other side meets (a prime) */
    COUNT_PLAYS, /* legal plays of the roll (side on roll only; 0 when nothing moves) */
    COUNT_KIND_COUNT
} count_t;

const char *goal_count_name(count_t c);
int goal_count_parse(const char *name);
/* Side s (0 = on roll, 1 = the other) of b: the count `c`.  COUNT_PLAYS
 * needs r, roll and buf (and s == 0); the others ignore them. */
int goal_count(count_t c, const board_t *b, int s, const rules_t *r, roll_t roll,
               movegen_buf_t *buf);

#endif
