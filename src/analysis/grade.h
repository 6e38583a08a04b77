/*
 * grade.h - classing a play by the equity it loses against the best play:
 * fine, doubtful, bad or very bad (gnubg's thresholds are the defaults).
 *
 * Thresholds are in hemspel units (one hemspel's points in the ruleset's
 * table: 1 in W&W, 3 in Ny 2), so the same settings mean the same in every
 * scoring table.  They are configurable ("0.04,0.08,0.16").
 *
 * Ownership: plain values.
 */
#ifndef BRADE_ANALYSIS_GRADE_H
#define BRADE_ANALYSIS_GRADE_H

#include <stdbool.h>

#include "engine/rules.h"

typedef enum { GRADE_FINE = 0, GRADE_DOUBTFUL, GRADE_BAD, GRADE_VERY_BAD } grade_t;

/* Equity lost, in hemspel units.  Below `close` a play is fine; from
 * `close` to `doubtful` it is fine too, but closer to the line than the
 * tutor's depth can tell apart from the best ("about as good",
 * grade_close); then doubtful, bad, very bad.  With `by_rules` a checker
 * play is graded by its ruleset's own lines (grade_lines), the others
 * (cube, give-up, one-die decisions) by these. */
typedef struct grade_thresholds {
    double close, doubtful, bad, very_bad;
    bool by_rules;
} grade_thresholds_t;

/* gnubg's 0.04, 0.08, 0.16 (no close band), plays by their ruleset's lines. */
void grade_default(grade_thresholds_t *t);

/* A ruleset's lines for checker plays at the tutor's depth, set on the
 * verdicts measured against a stronger judge (docs/strength.md, "The
 * tutor's verdicts"): backgammon's 1-ply against GNU Backgammon 2-ply
 * needs a close band and wider lines; bräde's 2-ply meets its marks with
 * gnubg's. */
void grade_lines(const rules_t *r, grade_thresholds_t *t);

/* Reads "D,B,V" (three increasing non-negative numbers): these lines for
 * every play and decision, no close band; false if malformed. */
bool grade_parse(const char *text, grade_thresholds_t *t);

/* The class of a checker play that loses `lost` points (>= 0) under r. */
grade_t grade_classify(double lost, const grade_thresholds_t *t, const rules_t *r);
/* True when such a play is fine but no more than "about as good": within
 * the band the tutor's depth cannot tell from the best. */
bool grade_close(double lost, const grade_thresholds_t *t, const rules_t *r);
/* The class of a decision that is not a checker play (the cube, giving
 * up, the one-die rule): t's own lines. */
grade_t grade_classify_decision(double lost, const grade_thresholds_t *t, const rules_t *r);

/* Stable machine name: "fine", "doubtful", "bad", "very-bad". */
const char *grade_name(grade_t g);

/* One hemspel in r's points (1 for backgammon's single game). */
double grade_unit(const rules_t *r);

#endif
