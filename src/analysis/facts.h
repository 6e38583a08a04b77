/*
 * facts.h - exact facts about a position, by enumerating the 21 rolls and
 * every legal play of each (rules.md A6, B6, B7).
 *
 * Nothing here estimates: each number is a count of the 36 equally likely
 * rolls (a double counts 1, a non-double 2), found by asking the engine for
 * every legal play of every roll.  A roll counts for a way to win when SOME
 * legal play of it wins that way; it counts as "forcing the janblotta out"
 * when EVERY legal play leaves the mover's janblotta count at 7 or more.
 * Single-die rolls (the one-die rule) are not counted here.
 *
 * Ownership: results are plain values in caller structs; the caller passes
 * the movegen buffer (one per thread) and keeps it.
 */
#ifndef BRADE_ANALYSIS_FACTS_H
#define BRADE_ANALYSIS_FACTS_H

#include <stdbool.h>

#include "engine/movegen.h"
#include "engine/outcome.h"

/* How the side on roll can win with this roll, over the 36 rolls. */
typedef struct facts_wins {
    int any;                     /* rolls on which some play wins at once */
    int by_kind[OUT_KIND_COUNT]; /* rolls on which some play wins by kind k */
    int munk;                    /* rolls on which some play wins with munk */
    int best_points;             /* sum over the 36 rolls of the best points won (0 if none) */
} facts_wins_t;

/* What the opponent's rolls can do to a position it is about to roll in. */
typedef struct facts_shots {
    int hit;   /* rolls on which some play hits a blot */
    int blast; /* rolls on which some play blasts a band */
    int jan;   /* rolls on which some play makes jan or sprängjan */
    int any;   /* rolls doing at least one of the three */
    int win;   /* rolls on which some play wins at once, in any way */
} facts_shots_t;

typedef struct facts {
    facts_wins_t wins;   /* for the side on roll */
    int enter;           /* rolls that enter at least one checker (0 with none on the bar) */
    int enter_all;       /* rolls that enter every checker on the bar */
    int hit;             /* rolls on which some play hits */
    int blast;           /* rolls on which some play blasts */
    int jb_forced;       /* rolls on which every legal play leaves JB >= 7 (bräde) */
    int no_move;         /* rolls with no legal step at all */
    facts_shots_t shots; /* the opponent's shots if it were on roll now */
    /* per side, [0] = on roll, [1] = the other side */
    int pips[2];
    int bar[2];
    int off[2];
    int free_entry[2];   /* free entry points (bräde) */
    int janblotta[2];    /* janblotta count JB (bräde) */
    int jan_excess[2];   /* bar + own first-quarter points - 6 */
} facts_t;

/* Counts the wins of the side on roll of b over the 36 rolls. */
void facts_wins(const board_t *b, const rules_t *r, movegen_buf_t *buf, facts_wins_t *out);

/* Shots against the side that has just played: `after` is a position with
 * the side that played as side[0] (as play_t.after holds it); the other
 * side's 36 rolls are enumerated. */
void facts_shots_after(const board_t *after, const rules_t *r, movegen_buf_t *buf,
                       facts_shots_t *out);

/* Shots the side on roll's opponent would have if it rolled now (the
 * exposure of the side on roll as the position stands). */
void facts_shots_now(const board_t *b, const rules_t *r, movegen_buf_t *buf, facts_shots_t *out);

/* Every fact above for the side on roll of b. */
void facts_position(const board_t *b, const rules_t *r, movegen_buf_t *buf, facts_t *out);

/* Rolls on which some legal play of the side on roll makes jan by a blast
 * (sprängjan): a shortcut used by explanations. */
int facts_sprangjan_rolls(const board_t *b, const rules_t *r, movegen_buf_t *buf);

#endif
