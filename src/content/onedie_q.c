/*
 * onedie_q.c - `one-die` questions in course files: declare the one-die
 * rule, or roll both dice?  Rollouts decide (analysis/onedie.h); the
 * author states the answer, and `brade check` (the loader's `decisions`)
 * refuses the file when the rollouts disagree, or when they cannot tell
 * the two choices apart (1.96 paired standard errors) or put them within
 * ONEDIE_MARGIN.  The tutor's load takes the stated answer.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/onedie.h"
#include "content/load.h"
#include "content/read.h"

/* The least gap, in points a game, for a rollout's verdict to be taught. */
#define ONEDIE_MARGIN 0.10

/* Why the side on roll may not declare the rule (the first reason). */
static void why_not(const position_t *pos, char *buf, size_t size)
{
    const board_t *b = &pos->board;
    if (pos->rules.one_die_rule == ONE_DIE_OFF)
        snprintf(buf, size, "%s has no one-die rule (its option one-die-rule is off)", pos->rules.name);
    else if (b->side[0][BOARD_BAR])
        snprintf(buf, size, "the side on roll has a checker on the bar");
    else if (b->side[0][BOARD_OFF])
        snprintf(buf, size, "the side on roll has borne checkers off");
    else
        snprintf(buf, size, "no checker of the side on roll makes a vackert spel with one die");
}

/* Reads a `one-die` question (see read.h). */
bool read_onedie_q(reader_t *R, yaml_node_t *qn, yaml_node_t *answer, const position_t *pos, question_t *q)
{
    if (!answer) {
        yamlload_error(&R->y, qn,
                       "a 'one-die' question needs 'answer': yes (declaring the one-die rule is right) or "
                       "no (rolling both dice is)");
        return false;
    }
    bool said;
    if (!yamlload_bool(&R->y, answer, "answer", &said))
        return false;
    if (pos->have_roll) {
        yamlload_error(&R->y, qn, "the one-die rule is declared before the roll: drop the position's roll");
        return false;
    }
    if (!onedie_eligible(&pos->board, &pos->rules)) {
        char why[160];
        why_not(pos, why, sizeof why);
        yamlload_error(&R->y, qn, "the one-die rule cannot be declared in this position: %s", why);
        return false;
    }
    q->one_die = said;
    if (!R->loader->decisions)
        return true; /* the stated answer, as `brade check` verified it */
    rollout_opts_t ro;
    onedie_default_opts(&ro);
    ro.stop = R->loader->stop;
    onedie_eval_t e;
    int rc = onedie_value(&pos->board, &pos->rules, &ro, &e);
    if (rc == -3) {
        R->loader->stopped = true; /* Ctrl-C: checked as stated only */
        return true;
    }
    if (rc != 0) {
        yamlload_error(&R->y, qn, "out of memory while rolling out");
        return false;
    }
    if (said != e.declare_better) {
        yamlload_error(&R->y, answer,
                       "the rollouts say %s: declaring is worth %+.3f points a game, rolling both dice "
                       "%+.3f (%d games each, seed %llu)",
                       e.declare_better ? "declare (yes)" : "roll both dice (no)", e.declare, e.roll, e.games,
                       (unsigned long long)ro.seed);
        return false;
    }
    if (!e.separable || fabs(e.diff) < ONEDIE_MARGIN) {
        yamlload_error(&R->y, answer,
                       "too close to call: declaring minus rolling both dice is %+.3f ± %.3f points a game "
                       "(%d games each); the rollouts must separate them by %.2f or more",
                       e.diff, 1.96 * e.diff_se, e.games, ONEDIE_MARGIN);
        return false;
    }
    return true;
}
