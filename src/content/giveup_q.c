/*
 * giveup_q.c - `give-up` questions in course files: give up or play on?
 * The analysis decides (analysis/giveup.h); the author states the answer,
 * and `brade check` (the loader's `decisions`) refuses the file when the
 * analysis disagrees or cannot tell the two apart by GIVEUP_MARGIN.  The
 * tutor's load takes the stated answer: the search costs a second or so a
 * file, and start-up must stay fast.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/giveup.h"
#include "content/load.h"
#include "content/read.h"
#include "engine/game.h"

/* The least gap, in points a game, between playing on and giving up for
 * the analysis to call the decision: a search's estimate is not a rollout. */
#define GIVEUP_MARGIN 0.10
/* Each play's depth by default: after the roll 2 (one roll's plays, as
 * deep as the hint), before it 1 (21 rolls, each play 1-ply: 2-ply in all). */
#define GIVEUP_PLIES_AFTER 2
#define GIVEUP_PLIES_BEFORE 1

/* Why the side on roll may not give up by the board (the first reason). */
static void why_not(const position_t *pos, char *buf, size_t size)
{
    int p = game_resign_blocker(&pos->board);
    if (!pos->rules.allow_resign)
        snprintf(buf, size, "%s has no giving up", pos->rules.name);
    else if (p > 0)
        snprintf(buf, size, "the side on roll has a band on its %d, in its third or fourth quarter", p);
    else
        snprintf(buf, size, "the side on roll has its janblotta out (janblotta count %d)",
                 board_janblotta_count(&pos->board, 0));
}

/* Reads a `give-up` question (see read.h). */
bool read_giveup_q(reader_t *R, yaml_node_t *qn, yaml_node_t *answer, yaml_node_t *plies,
                   const position_t *pos, question_t *q)
{
    q->giveup_plies = pos->have_roll ? GIVEUP_PLIES_AFTER : GIVEUP_PLIES_BEFORE;
    if (plies && !yamlload_int(&R->y, plies, "plies", 0, 2, &q->giveup_plies))
        return false;
    if (!answer) {
        yamlload_error(&R->y, qn,
                       "a 'give-up' question needs 'answer': yes (giving up is right) or no "
                       "(playing on is)");
        return false;
    }
    bool said;
    if (!yamlload_bool(&R->y, answer, "answer", &said))
        return false;
    if (!giveup_allowed(&pos->board, &pos->rules)) {
        char why[160];
        why_not(pos, why, sizeof why);
        yamlload_error(&R->y, qn, "giving up is not allowed in this position: %s", why);
        return false;
    }
    if (pos->have_roll) {
        /* by the rules alone: some play of the roll keeps the right */
        int n = read_gen_plays(R, pos, qn, "give-up");
        if (n < 0)
            return false;
        if (!game_plays_keep_resign(R->buf, n)) {
            yamlload_error(&R->y, qn,
                           "after this roll every legal play ends the right to give up: there is no "
                           "decision to make (drop the roll to ask before it)");
            return false;
        }
    }
    q->give_up = said;
    if (!R->loader->decisions)
        return true; /* the stated answer, as `brade check` verified it */
    giveup_eval_t e;
    if (!giveup_position(&pos->board, &pos->rules, pos->have_roll ? &pos->roll : NULL, q->giveup_plies, &e)) {
        yamlload_error(&R->y, qn, "out of memory while analysing");
        return false;
    }
    double gap = fabs(e.play_on + e.cost);
    if (said != e.give_up) {
        yamlload_error(&R->y, answer,
                       "the analysis says %s: playing on is worth %+.3f points a game, giving "
                       "up costs %d (each play %d-ply)",
                       e.give_up ? "give up" : "play on", e.play_on, e.cost, q->giveup_plies);
        return false;
    }
    /* with no roll taking the right away, rolling first cannot lose: the
     * answer is sure, whatever the estimate */
    bool sure = !pos->have_roll && e.breach == 0;
    if (gap < GIVEUP_MARGIN && !sure) {
        yamlload_error(&R->y, answer,
                       "too close to call: playing on is worth %+.3f points a game, within %.2f "
                       "of the %d giving up costs; choose a clearer position",
                       e.play_on, GIVEUP_MARGIN, e.cost);
        return false;
    }
    return true;
}
