/*
 * selfplay.h - games between two engine settings, for measuring strength
 * (points per game with a 95% confidence interval) and for collecting
 * positions to fit the evaluator on.
 *
 * A setting is a player: an evaluator and a search depth ("net",
 * "net:1", "linear", "hand", "pips" = the greedy 1-ply baseline, "random";
 * "shipped" is the default evaluator, the net).
 * Games come in pairs with the same dice, the two players swapping
 * colours, so luck largely cancels out of the difference; each pair's dice
 * come from a stream derived from (seed, pair), and the totals are summed
 * in game order, so results do not depend on the number of threads.
 *
 * Ownership: players own their search contexts (selfplay_player_free);
 * results are plain values.
 */
#ifndef BRADE_ANALYSIS_SELFPLAY_H
#define BRADE_ANALYSIS_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/search.h"

typedef struct selfplay_spec {
    eval_kind_t eval;
    int plies;
    bool random;  /* any legal play, uniformly */
    double noise; /* the chance of playing a random legal play instead (exploration) */
    const eval_weights_t *weights; /* other weights than the kind's (NULL = its own) */
    const evalnet_t *net;          /* other nets than the shipped ones (NULL = shipped) */
} selfplay_spec_t;

/* Reads "net[:N]", "linear[:N]", "hand[:N]", "shipped[:N]" (the default
 * evaluator), "pips", "greedy" (= pips), "random". */
bool selfplay_parse_spec(const char *text, selfplay_spec_t *out);
/* Writes a spec back as text. */
void selfplay_format_spec(const selfplay_spec_t *s, char *buf, size_t size);

typedef struct selfplay_player {
    selfplay_spec_t spec;
    search_ctx_t *search;
    search_opts_t opts;
} selfplay_player_t;

/* NULL when out of memory. */
selfplay_player_t *selfplay_player_new(const selfplay_spec_t *spec, const rules_t *r);
void selfplay_player_free(selfplay_player_t *p);

/* One game from the start position, white on roll first, dice from `rng`.
 * record[0..*nrecord) gets the positions before each roll (up to
 * max_record; record may be NULL).  Returns the colour that won (-1 if the
 * game hit the ply limit: no result) and fills *result. */
int selfplay_game(selfplay_player_t *white, selfplay_player_t *black, const rules_t *r,
                  uint64_t *rng, movegen_buf_t *buf, board_t *record, int max_record,
                  int *nrecord, outcome_t *result, int *plies);

/* The same from position `start` (its side on roll moves first).  When
 * `explored` is not NULL (it has max_record entries, as record), explored[i]
 * says whether the play made from record[i] was a random one (the
 * player's noise) rather than the player's own choice. */
int selfplay_game_from(const board_t *start, selfplay_player_t *white, selfplay_player_t *black,
                       const rules_t *r, uint64_t *rng, movegen_buf_t *buf, board_t *record,
                       bool *explored, int max_record, int *nrecord, outcome_t *result,
                       int *plies);

typedef struct selfplay_opts {
    int games;     /* rounded up to an even number (pairs) */
    uint64_t seed;
    int threads;
    selfplay_spec_t a, b;
} selfplay_opts_t;

typedef struct selfplay_result {
    int games;
    double points;  /* A's mean points per game (minus B's) */
    double se, ci95;
    int a_wins, b_wins, unfinished;
    int a_kinds[OUT_KIND_COUNT], b_kinds[OUT_KIND_COUNT]; /* wins by kind */
    double plies;   /* mean plies per game */
    double seconds;
} selfplay_result_t;

/* Plays o->games games A against B under r.  Returns 0 or -1 (memory). */
int selfplay_run(const selfplay_opts_t *o, const rules_t *r, selfplay_result_t *out);

#endif
