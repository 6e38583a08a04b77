/*
 * mine.h - puzzles mined from games (brade-lab mine, issue 77;
 * docs/puzzles.md "Mined puzzles").
 *
 * Games are played by a mix of players that make a learner's mistakes and
 * a strong one's choices (the nets at 0 and 1 ply, the linear evaluator,
 * the greedy pip counter, the nets with one play in six a random one), the
 * pair drawn from the seed for each game.  From each position met (with a
 * roll of the miner's own dice) a puzzle is kept when its answer is clear:
 *
 *   - a win now (goal win-most): some play ends the game, at most a third
 *     of the plays do, and at least three do not;
 *   - a defence (no-jan, no-sprangjan) or keeping the janblotta in: few
 *     plays meet it, the 2-ply search's best does, and the best that does
 *     not is at least MINE_GOAL_MARGIN behind;
 *   - with `best`, the best play: the 2-ply search puts the second at
 *     least MINE_BEST_SCREEN behind, and a rollout of its three best plays
 *     (MINE_GAMES games a play, seed 1: what `brade check` plays again)
 *     separates the best from every other by more than its 95% interval
 *     and by MINE_BEST_MARGIN, and the facts say why (a contrast other than
 *     the bare estimate: the tutor's words at answer time).
 *
 * A position and roll is kept once; a board the course already shows is
 * not kept.  Each puzzle's difficulty is how many of four weaker players
 * (pips, linear, the nets at 0 ply and at 1 ply) miss its answer, plus
 * one; its themes come from mine_tag.h.  Titles name the roll and the
 * task, never the answer.
 *
 * Ownership: the caller owns the options' course and the output buffer.
 */
#ifndef BRADE_LAB_MINE_H
#define BRADE_LAB_MINE_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "content/course.h"
#include "content/strbuf.h"

#define MINE_GOAL_MARGIN 0.08
#define MINE_BEST_SCREEN 0.10
#define MINE_BEST_MARGIN 0.08
enum { MINE_GAMES = 648 };

typedef struct mine_opts {
    rules_t rules;
    int games;
    uint64_t seed;
    bool best;              /* best-play puzzles too (rollouts: minutes) */
    int max;                /* stop after this many puzzles (0: no bound) */
    const course_t *course; /* boards to leave out (NULL: none) */
    const volatile sig_atomic_t *stop;
    void (*progress)(void *ud, int games_done, int games, int made);
    void *ud;
} mine_opts_t;

typedef struct mine_stats {
    int games, positions;
    int made, by_goal[GOAL_COUNT];  /* puzzles kept, by the question's goal */
    int best_tried, best_unclear, best_no_words; /* best-play rollouts, and why some were dropped */
    int repeated, known;            /* left out: met before, or a board of the course */
    int by_difficulty[6];
} mine_stats_t;

/* Plays o->games games and appends a puzzle file's text to out (its
 * header, then an item per puzzle: with none, not a course file yet).  False when out of memory or stopped
 * (what was found so far is in out). */
bool mine_run(const mine_opts_t *o, strbuf_t *out, mine_stats_t *st);

#endif
