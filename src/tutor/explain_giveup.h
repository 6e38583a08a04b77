/*
 * explain_giveup.h - the decision to give up in words: what giving up
 * costs, what playing on is worth and why (analysis/giveup.h), for the
 * tutor's give-up questions and `brade analyse`.
 *
 * Ownership: appends to the caller's strbuf.
 */
#ifndef BRADE_TUTOR_EXPLAIN_GIVEUP_H
#define BRADE_TUTOR_EXPLAIN_GIVEUP_H

#include <stdbool.h>

#include "analysis/giveup.h"
#include "content/strbuf.h"
#include "tutor/explain.h"

/* The rolls of 36 after which giving up is no longer allowed, as a set of
 * goal_roll_bit()s (a before-the-roll evaluation). */
uint32_t explain_giveup_breach_set(const giveup_eval_t *e);

/* Two to four sentences, ending in the verdict ("Give up." / "Play on."):
 * the cost, playing on's value and where it comes from (after the roll
 * or before it, as e was made); b is the position (for the play's
 * notation). */
void explain_giveup(lang_t lang, const giveup_eval_t *e, const board_t *b, const rules_t *r, strbuf_t *out);

#endif
