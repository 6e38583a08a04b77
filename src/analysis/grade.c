/*
 * grade.c - error classes by equity lost (see grade.h).
 */
#include "analysis/grade.h"

#include <stdlib.h>

#include "analysis/eval.h"

void grade_default(grade_thresholds_t *t)
{
    t->doubtful = 0.04;
    t->bad = 0.08;
    t->very_bad = 0.16;
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
    t->doubtful = v[0];
    t->bad = v[1];
    t->very_bad = v[2];
    return true;
}

double grade_unit(const rules_t *r)
{
    int u = eval_points(r->geometry == GEOM_BACKGAMMON ? OUT_SINGLE : OUT_HEMSPEL, false, r);
    return u > 0 ? u : 1;
}

grade_t grade_classify(double lost, const grade_thresholds_t *t, const rules_t *r)
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
