/*
 * game_stats.h - the learner's reviewed games, one line each, for
 * statistics across games (issue 79; docs/play.md "Your games over
 * time"): errors per game and equity given away per decision, per ruleset,
 * as GNU Backgammon's player records keep them.
 *
 * The file is `reviews` in the state directory, beside `progress`:
 *
 *     brade-reviews 1
 *     2026-11-29-1.txt rules=lyckans-talisman day=2026-11-29 decisions=41 errors=3 lost=0.412
 *
 * A review of one of the learner's own records (the games folder) adds or
 * replaces its line, in the terminal and in the page alike; each write
 * reads the file again under a lock (`reviews.lock`) and replaces it
 * atomically, so two windows keep both their lines.  A line that cannot
 * be read is skipped, never fatal: these are figures, not progress.
 *
 * Ownership: game_stats_read allocates the array the caller frees.
 */
#ifndef BRADE_FRONT_GAME_STATS_H
#define BRADE_FRONT_GAME_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "tutor/review.h"

typedef struct game_stat {
    char name[32];  /* the record's file name (YYYY-MM-DD-N.txt) */
    char rules[48]; /* the ruleset's name */
    long day;       /* the day the game was played (from its name) */
    int decisions;  /* the learner's decisions judged */
    int errors;     /* of them doubtful, bad or very bad (cube decisions too) */
    double lost;    /* equity given away in all */
} game_stat_t;

/* Adds or replaces s (by name) in the state directory's file.  False with
 * why in err. */
bool game_stats_add(const char *state_dir, const game_stat_t *s, char *err, size_t errsize);

/* The lines of the file, oldest game first (then by name); *out is NULL
 * with none.  Returns how many, 0 when there is no file. */
int game_stats_read(const char *state_dir, game_stat_t **out);

/* Fills s from side `side` of review rv: its decisions (the cube's too),
 * the doubtful, bad and very bad ones, the equity given away; the
 * ruleset's name, and the day from s->name (set first). */
void game_stats_fill(game_stat_t *s, const review_t *rv, int side, const char *rules);

/* True when `path` is a record of the games folder of `state_dir` (one of
 * the learner's own games); its file name in name. */
bool game_stats_own_record(const char *state_dir, const char *path, char *name, size_t size);

#endif
