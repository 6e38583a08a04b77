/*
 * grade.c - error classes by equity lost (see grade.h).
 */
#include "analysis/grade.h"

#include <stdlib.h>

#include "analysis/eval.h"

void grade_default(grade_thresholds_t *t)
{
    t->close = 0.04;
    t->doubtful = 0.04;
    t->bad = 0.08;
    t->very_bad = 0.16;
    t->by_rules = true;
}

/* Measured by lab/bench/brade/verdicts.py (docs/strength.md, "The tutor's
 * verdicts"): the tutor's grade of a learner's play against a stronger
 * judge's, one fine and one bad play from each position.  Backgammon at
 * 1-ply against GNU Backgammon 2-ply on the 817 positions of
 * bg-bench1000: with gnubg's lines 4.0 in 100 of gnubg's fine plays were
 * called bad or worse and 12.4 doubtful or worse; with these 0.9 and 4.0,
 * and 1.7 in 100 of its bad plays called fine (as before), 5.7% of plays
 * "about as good"; on 600 positions of brade's self-play not used to set
 * them, 0.0, 1.2 and 0.2 (gnubg's lines: 1.2, 10.7, 0.2).  Bräde at 2-ply
 * against the agreement records' long rollouts meets its marks with
 * gnubg's lines. */
void grade_lines(const rules_t *r, grade_thresholds_t *t)
{
    bool by_rules = t->by_rules;
    grade_default(t); /* bräde's: gnubg's */
    if (r->geometry == GEOM_BACKGAMMON)
        *t = (grade_thresholds_t){.close = 0.04, .doubtful = 0.08, .bad = 0.16, .very_bad = 0.24};
    t->by_rules = by_rules;
}

bool grade_parse(const char *text, grade_thresholds_t *t)
{
    double v[3];
    const char *s = text;
    for (int i = 0; i < 3; i++) {
        char *end;
        v[i] = strtod(s, &end);
        if (end == s || v[i] < 0 || (i > 0 && v[i] < v[i - 1]))
            return false;
        if (i < 2 && *end != ',')
            return false;
        if (i == 2 && *end != '\0')
            return false;
        s = end + 1;
    }
    t->close = v[0];
    t->doubtful = v[0];
    t->bad = v[1];
    t->very_bad = v[2];
    t->by_rules = false;
    return true;
}

double grade_unit(const rules_t *r)
{
    int u = eval_points(r->geometry == GEOM_BACKGAMMON ? OUT_SINGLE : OUT_HEMSPEL, false, r);
    return u > 0 ? u : 1;
}

/* The lines a checker play is graded by. */
static grade_thresholds_t play_lines(const grade_thresholds_t *t, const rules_t *r)
{
    grade_thresholds_t l = *t;
    if (t->by_rules)
        grade_lines(r, &l);
    return l;
}

grade_t grade_classify(double lost, const grade_thresholds_t *t, const rules_t *r)
{
    grade_thresholds_t l = play_lines(t, r);
    return grade_classify_decision(lost, &l, r);
}

bool grade_close(double lost, const grade_thresholds_t *t, const rules_t *r)
{
    grade_thresholds_t l = play_lines(t, r);
    double x = lost / grade_unit(r);
    return x >= l.close && x < l.doubtful;
}

grade_t grade_classify_decision(double lost, const grade_thresholds_t *t, const rules_t *r)
{
    double x = lost / grade_unit(r);
    if (x >= t->very_bad)
        return GRADE_VERY_BAD;
    if (x >= t->bad)
        return GRADE_BAD;
    if (x >= t->doubtful)
        return GRADE_DOUBTFUL;
    return GRADE_FINE;
}

const char *grade_name(grade_t g)
{
    static const char *const NAMES[] = {"fine", "doubtful", "bad", "very-bad"};
    return (unsigned)g < 4 ? NAMES[g] : "?";
}
