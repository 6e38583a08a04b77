/*
 * explain.h - words for the engine's values: reasons, verdicts, outcomes.
 *
 * The engine returns codes and numbers; this module is the one table that
 * turns them into sentences a learner understands, naming the rule the way
 * the rule texts do and the ruleset that applies it.  English and Swedish.
 *
 * Ownership: every function writes into a caller buffer and returns the
 * length it needed (like snprintf).
 */
#ifndef BRADE_EXPLAIN_H
#define BRADE_EXPLAIN_H

#include <stddef.h>

#include "engine/movegen.h"
#include "engine/verdict.h"

typedef enum { LANG_EN = 0, LANG_SV = 1 } lang_t;

/* The rule behind a reason, as a sentence (no ruleset name). */
size_t explain_reason(lang_t lang, const board_t *b, const rules_t *r, reason_t why,
                      const step_t *st, const step_info_t *info, char *buf, size_t size);

/* NOT_ENOUGH: when the typed part of the roll would make a vackert spel
 * (counted only after the whole roll under these rules) or a jan (which
 * must come in a full play), the rule that asks for the rest, as one
 * sentence without the ruleset; returns 0 and writes nothing otherwise. */
size_t explain_short_rule(lang_t lang, const rules_t *r, const verdict_t *v, char *buf, size_t size);

/* A whole verdict as one or two sentences, ending with the ruleset. */
size_t explain_verdict(lang_t lang, const board_t *b, const rules_t *r, const verdict_t *v,
                       const movegen_buf_t *legal, const char *text, char *buf, size_t size);

/* An outcome in words ("hemspel with munk, 2 points"). */
size_t explain_outcome(lang_t lang, const outcome_t *o, char *buf, size_t size);

/* Appends printf-style text to buf at *used with snprintf semantics over the
 * whole sequence of calls (never overruns; *used counts what was needed). */
void explain_appendf(char *buf, size_t size, size_t *used, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The stable name of a reason code ("band-ban"), for --json. */
const char *explain_reason_code(reason_t why);

#endif
