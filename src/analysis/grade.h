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

typedef struct grade_thresholds {
    double doubtful, bad, very_bad; /* equity lost, in hemspel units */
} grade_thresholds_t;

/* 0.04, 0.08, 0.16. */
void grade_default(grade_thresholds_t *t);

/* Reads "D,B,V" (three increasing non-negative numbers); false if malformed. */
bool grade_parse(const char *text, grade_thresholds_t *t);

/* The class of a play that loses `lost` points (>= 0) under r. */
grade_t grade_classify(double lost, const grade_thresholds_t *t, const rules_t *r);

/* Stable machine name: "fine", "doubtful", "bad", "very-bad". */
const char *grade_name(grade_t g);

/* One hemspel in r's points (1 for backgammon's single game). */
double grade_unit(const rules_t *r);

#endif
