/*
 * analyse_facts.h - `brade analyse` without a roll: the exact facts of a
 * position (for each way to win, the rolls of 36 that win that way now;
 * the shots against the side to move), its evaluation, a rollout, giving
 * up and the one-die rule where they apply; and the printers of result
 * probabilities and rollouts that the plays' output (cmd_analyse.c) shares.
 *
 * Ownership: the position, options and search context are the caller's;
 * everything here writes to stdout (stderr for errors) and keeps nothing.
 */
#ifndef BRADE_CLI_ANALYSE_FACTS_H
#define BRADE_CLI_ANALYSE_FACTS_H

#include "analysis/grade.h"
#include "analysis/rollout.h"
#include "analysis/search.h"
#include "front/args.h"
#include "tutor/words.h"

/* What `brade analyse` was asked for (cmd_analyse.c parses it). */
typedef struct analyse_opts {
    int plies;
    int rollouts;
    int rollout_top; /* roll out the best this many plays (and --play's) */
    rollout_opts_t ro;
    grade_thresholds_t thresholds;
    lang_t lang;
    eval_kind_t evaluator;
    bool race_rollouts; /* races under vasa and theboard rolled out unasked (rollrank.h) */
    bool race;          /* set while answering: the race rule rolled these plays out */
    int series[2];      /* the series played on in every rollout (rollout.h series_owed):
                           [0] a single die's (the first die of a series assumed),
                           [1] the other side's (--their-series) */
    int their_series;   /* --their-series N: the other side owes N single dice (0: none) */
    bool in_series;     /* set while answering: a single die's plays all rolled out so */
} analyse_opts_t;

/* Prints the facts, evaluation and (with o->rollouts) rollout of a->board
 * as text or, with a->json, as one JSON object; rname names the ruleset.
 * Returns the exit status (1: out of memory, or stopped by Ctrl-C). */
int analyse_facts(const pos_args_t *a, const analyse_opts_t *o, search_ctx_t *sc, const char *rname);

/* Prints e's result probabilities under r as a JSON object (win, lose,
 * win_by and lose_by each way the game can end, munk), its inner lines
 * indented by `indent`. */
void analyse_probs_json(const eval_t *e, const rules_t *r, const char *indent);

/* Prints e's result probabilities under r on one line:
 * "win 55.1% (jan 3.2 sprängjan 1.0 munk 2.0) lose 44.9% (...)". */
void analyse_probs_text(const eval_t *e, const rules_t *r, lang_t lang);

/* Prints a rollout's games, equity, standard error, 95% margin and
 * truncated games as a JSON object. */
void analyse_rollout_json(const rollout_result_t *ro);

#endif
