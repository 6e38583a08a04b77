/*
 * rollrank.h - plays ranked by rollouts on top of a search's ranking, and
 * the one place the tutor does that unasked: races under the rulesets
 * whose race net is measured short (vasa and theboard).
 *
 * A search ranks every play of a roll; a rollout then plays the best few
 * (and the learner's, wherever the search put it) out on the same dice.
 * The plays rolled out rank first, by the rollout's equity; the rest
 * follow in the search's order (gnubg's tiers: rolled out, then searched).
 *
 * Why races: in a vasa race a vackert spel scores 2 points and a hemspel
 * 1, so the choice is between building a pattern and bearing off, and the
 * race net misreads it; under theboard it is measured short too.  On the
 * race judges (docs/brade-strength.md, "Races" and "Races rolled out in
 * the tutor"), fourteen of them, a rollout of the 2-ply search's best
 * four, 648 games each, gives up less than the search on every one.
 * Under lyckans-talisman and helmfrid the search already takes the
 * judges' play 97 to 99 times in 100, and rollouts would add only noise
 * and time.
 *
 * Ownership: the caller owns every array; rollrank_run allocates the
 * rolled-out plays' game-by-game results (and rollout_play its workers)
 * and frees them before returning.
 */
#ifndef BRADE_ANALYSIS_ROLLRANK_H
#define BRADE_ANALYSIS_ROLLRANK_H

#include <stdbool.h>

#include "analysis/rollout.h"
#include "analysis/search.h"

typedef struct rollrank_play {
    search_play_t sp;    /* the search's play, value and depth */
    bool rolled;         /* rolled out: `ro` holds the result */
    rollout_result_t ro;
    double equity;       /* what the ranking uses: the rollout's when rolled out */
    /* rolled out: the half-width of the 95% interval of its difference
     * from the best play (rk[0]), game by game on the same dice: far
     * narrower than either play's own interval (0 for the best itself) */
    double paired_ci95;
    int slot;            /* rollrank_run's own: the play's games in its buffer */
} rollrank_play_t;

/* The race rollouts: the search's best this many plays (and the
 * learner's), each this many games (a multiple of 36: every first roll
 * equally often; 0.02 to 0.04 s a race position on average, two cores). */
enum { ROLLRANK_RACE_TOP = 4, ROLLRANK_RACE_GAMES = 648 };

/* Copies the search's ranking sp[0..n) into rk[0..n), nothing rolled out. */
void rollrank_from_search(const search_play_t *sp, int n, rollrank_play_t *rk);

/* Rolls out the first `top` plays of rk[0..n) and the play reaching
 * *mine_after (NULL: none) with o's games and dice, then sorts rk: rolled
 * out first by equity, then the others as the search ranked them (deeper
 * first, then by equity), and sets each rolled-out play's paired_ci95
 * (o's game_equity is not used: the games are kept in a buffer of its
 * own, freed before it returns).  Returns 0, -1 when out of memory, 1
 * when o's stop flag ended it (rk is then unsorted, as the search left
 * it). */
int rollrank_run(rollrank_play_t *rk, int n, int top, const board_t *mine_after, const rules_t *r,
                 const rollout_opts_t *o);

/* The index of the play of rk[0..n) reaching *after, or -1. */
int rollrank_find(const rollrank_play_t *rk, int n, const board_t *after);

/* What play i of rk[0..n) (as rollrank_run sorted it) gives up against
 * rk[0], never below 0.  A play rolled out (or, with nothing rolled out,
 * any play): the difference of the two values.  A play not rolled out:
 * its search value is set against the rolled-out play nearest it by the
 * search, and that play's loss added, so the two kinds of value are never
 * subtracted from each other (a rollout and a search can differ by far
 * more than the plays do: their players are not the same). */
double rollrank_lost(const rollrank_play_t *rk, int n, int i);

/* A play's value as ranked: the rollout's average (its equity the one
 * reported) when rolled out, else the search's. */
eval_t rollrank_value(const rollrank_play_t *x);

/* True when the tutor ranks b's plays by race rollouts: b is a race
 * (evalnet_phase) and r's preset is vasa or theboard (with any options:
 * they use the preset's nets).  Only for the shipped evaluator. */
bool rollrank_race_wanted(const board_t *b, const rules_t *r, eval_kind_t kind);

/* The race rollouts' options for b with `roll` to play: the defaults
 * (0-ply players on the shipped net, stratified first rolls, two
 * threads), ROLLRANK_RACE_GAMES games, and a seed made from the position
 * and the roll, so the same question always gets the same answer. */
void rollrank_race_opts(const board_t *b, roll_t roll, rollout_opts_t *o);

/* The race rule in one call, for every place the tutor ranks plays: the
 * search's ranking sp[0..n) copied into rk, *ro set by rollrank_race_opts,
 * and the best ROLLRANK_RACE_TOP plays and the one reaching *mine_after
 * (NULL: none) rolled out and ranked (rollrank_run, whose value it
 * returns).  The caller has checked rollrank_race_wanted. */
int rollrank_race(const board_t *b, roll_t roll, const rules_t *r, const search_play_t *sp, int n,
                  const board_t *mine_after, rollrank_play_t *rk, rollout_opts_t *ro);

/* The one-die series (rules.md 6.6): a roll played while a series runs.
 * The search's values assume both dice from the next turn on, for both
 * sides, which the series does not give its side, so the plays are
 * rolled out, ROLLRANK_SERIES_GAMES games each on the same dice, with the
 * series played as the rules have it: owed[0] the single-die rolls the
 * mover still owes after this one, owed[1] those the other side owes
 * (game_series_of_roll).  A single die of the mover's series: every play.
 * Both dice while the other side owes single dice: the search's best
 * ROLLRANK_SERIES_TOP and the one reaching *mine_after (NULL: none), as
 * for a race.  Options as rollrank_race_opts otherwise; returns as
 * rollrank_run. */
enum { ROLLRANK_SERIES_GAMES = 1296, ROLLRANK_SERIES_TOP = 4 };
void rollrank_series_opts(const board_t *b, roll_t roll, const int owed[2], rollout_opts_t *o);
int rollrank_series(const board_t *b, roll_t roll, const rules_t *r, const int owed[2], const search_play_t *sp,
                    int n, const board_t *mine_after, rollrank_play_t *rk, rollout_opts_t *ro);

/* Which of the two rules above the tutor ranks a roll's plays by, for
 * every place that ranks them its way (the hint, a judged play, the
 * engine's choice in play.c, `analyse`): with `series` its owed counts
 * (NULL: none known), a single die of the mover's series or both dice
 * while the other side owes single dice by the series; else a race under vasa or
 * theboard (rollrank_race_wanted) by the race rollouts; else by the
 * search alone.  Rollouts only for the shipped evaluator (`kind`).  The
 * caller checks that there are two plays or more. */
typedef enum { ROLLRANK_BY_SEARCH = 0, ROLLRANK_BY_RACE, ROLLRANK_BY_SERIES } rollrank_by_t;
rollrank_by_t rollrank_wanted(const board_t *b, roll_t roll, const rules_t *r, eval_kind_t kind, const int *series);

/* Ranks sp[0..n) into rk by `by`: rollrank_series, rollrank_race (with
 * *mine_after besides; NULL: none), or the search's ranking copied (ro
 * untouched).  Returns as rollrank_run.  Here and in rollrank_race and
 * rollrank_series, ro->stop is the caller's (NULL, or a Ctrl-C flag: set
 * it before the call); the other options are filled in. */
int rollrank_by(rollrank_by_t by, const board_t *b, roll_t roll, const rules_t *r, const int *series,
                const search_play_t *sp, int n, const board_t *mine_after, rollrank_play_t *rk, rollout_opts_t *ro);

#endif
