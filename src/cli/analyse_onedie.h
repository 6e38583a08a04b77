/*
 * analyse_onedie.h - `brade analyse` before the roll, where the side on
 * roll may declare the one-die rule: the decision by rollout
 * (analysis/onedie.h), in words (tutor/explain_onedie.h) or as JSON.
 *
 * Ownership: plain values.
 */
#ifndef BRADE_CLI_ANALYSE_ONEDIE_H
#define BRADE_CLI_ANALYSE_ONEDIE_H

#include <stdbool.h>

#include "analysis/onedie.h"
#include "tutor/words.h"

/* Values the decision when the side on roll of b may declare it: with
 * ro's games (onedie_default_opts's when 0), seed, threads and stop flag.
 * Returns 1 when the rule does not apply (nothing to print), 0 when *e
 * is filled, -1 when out of memory, -3 when stopped (Ctrl-C). */
int analyse_onedie(const board_t *b, const rules_t *r, const rollout_opts_t *ro, onedie_eval_t *e);

/* Prints *e as the JSON member "one_die" (after a comma and newline). */
void analyse_onedie_json(const onedie_eval_t *e);

/* Prints *e as one paragraph, headed "One-die rule:". */
void analyse_onedie_text(lang_t lang, const onedie_eval_t *e, const rules_t *r);

#endif
