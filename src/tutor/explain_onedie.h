/*
 * explain_onedie.h - the one-die decision in words: which faces win at
 * once, what declaring and rolling both dice are worth by rollout, and
 * the verdict (analysis/onedie.h), for `brade analyse` and the tutor's
 * one-die questions.
 *
 * Ownership: appends to the caller's strbuf.
 */
#ifndef BRADE_TUTOR_EXPLAIN_ONEDIE_H
#define BRADE_TUTOR_EXPLAIN_ONEDIE_H

#include "analysis/onedie.h"
#include "content/strbuf.h"
#include "tutor/explain.h"

/* The faces of e->face_mask in words: "a 5", "a 4 or a 5", "a 2, a 4 or
 * a 5" ("en femma", "en fyra eller en femma" in Swedish). */
void explain_onedie_faces(lang_t lang, int face_mask, strbuf_t *out);

/* Three or four sentences ending in the verdict ("Declare it." / "Roll
 * both dice." / too close to call). */
void explain_onedie(lang_t lang, const onedie_eval_t *e, const rules_t *r, strbuf_t *out);

#endif
