/*
 * trust.h - how far the engine's margin between two plays can be trusted:
 * for a margin the search finds between its best play and another, the
 * share of such calls that long rollouts reverse, as measured on the
 * bundled judge records (lab/bench/brade/trust.py made the table,
 * trust_table.h; docs/analysis.md, "How sure the engine is").
 *
 * Measured for each ruleset preset with its shipped net at the tutor's
 * depth (2-ply in bräde, 1-ply in backgammon) and nothing else: a ruleset
 * with options, another depth, another evaluator or a weights file have
 * no figure, and the tutor then says nothing about it rather than guess.
 *
 * Ownership: plain values; the table is static.
 */
#ifndef BRADE_ANALYSIS_TRUST_H
#define BRADE_ANALYSIS_TRUST_H

#include <stdbool.h>

#include "analysis/eval.h"

typedef struct trust {
    double share;      /* of the pairs in the band, the share rollouts reverse (0..1) */
    int pairs;         /* pairs of plays the band was measured on */
    double lo, hi;     /* the band's margins, hi < 0 for the open last band */
    const char *rules; /* the preset measured (static) */
    int plies;         /* the depth measured */
} trust_t;

/* The trust of a margin (>= 0, in r's points) that the search of e, `plies`
 * deep, finds between its best play and another.  False, with *out
 * cleared, where nothing was measured: e is not the shipped net of a
 * preset without options, or plies is not the depth measured, or the
 * band holds no pair. */
bool trust_margin(const eval_ctx_t *e, int plies, double margin, trust_t *out);

/* The trust of the search's best play `best` (worth best_eq) against
 * `other` (other_eq), both ranked `plies` deep by e: as trust_margin, and
 * false where both plays end the game (their values are exact). */
bool trust_plays(const eval_ctx_t *e, int plies, const play_t *best, double best_eq, const play_t *other,
                 double other_eq, trust_t *out);

/* The same for a preset by name and depth, the evaluator left aside (for
 * tests and docs). */
bool trust_lookup(const char *preset, int plies, double margin, trust_t *out);

#endif
