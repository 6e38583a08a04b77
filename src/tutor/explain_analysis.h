/*
 * explain_analysis.h - words for the analysis floor's values: the ways to
 * win, the exact facts of a position, error classes, and why the
 * recommended play beats another ("it leaves no shot, yours leaves 11 of
 * 36").  English and Swedish, like explain.h.
 *
 * Ownership: every function writes into a caller buffer and returns the
 * length it needed (like snprintf).
 */
#ifndef BRADE_TUTOR_EXPLAIN_ANALYSIS_H
#define BRADE_TUTOR_EXPLAIN_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/contrast.h"
#include "analysis/facts.h"
#include "analysis/grade.h"
#include "analysis/rollrank.h"
#include "analysis/trust.h"
#include "tutor/explain.h"

/* The name of a way to win ("enkelt kronspel"). */
const char *explain_analysis_kind(lang_t lang, outcome_kind_t k);

/* The facts of a position in two or three sentences: how the side on roll
 * wins at once, and the shots against it. */
size_t explain_analysis_facts(lang_t lang, const facts_t *f, const rules_t *r, char *buf,
                              size_t size);

/* A grade in words, with the equity lost ("a bad play: it gives away 0.11
 * points"); a `close` play (grade_close) is "about as good as the best",
 * too close to tell apart at the depth judged. */
size_t explain_analysis_grade(lang_t lang, grade_t g, bool close, double lost, char *buf, size_t size);

/* Whether a played move the move filter had set aside needs the second
 * look explained: it was cut (valued at fewer plies than the best), and
 * the deeper value makes it the best, grades it fine where the first look
 * did not, or grades it milder by two grades or more (`first_lost` behind
 * the best then, `lost` now, both >= 0, graded by t under r). */
bool explain_analysis_second_look_wanted(bool was_cut, double first_lost, double lost,
                                         const grade_thresholds_t *t, const rules_t *r);

/* Says so, one sentence: at a first look (`first_plies` deep: 0 is "at a
 * glance") the play seemed `first_lost` behind and the search set it
 * aside; looked at `plies` rolls ahead, as the best plays were, it is the
 * best play (lost < 0.0005) or gives away `lost`.  So a learner whom the
 * hint showed it far behind is told why the verdict on the play itself is
 * milder. */
size_t explain_analysis_second_look(lang_t lang, int first_plies, int plies, double first_lost, double lost,
                                    char *buf, size_t size);

/* Why play A (`a_text`) beats play B (`b_text`): one or two sentences from
 * the contrast's main differences, then the numbers.  `b_is_yours`: B is
 * the learner's play (say "yours"), otherwise it is named. */
size_t explain_analysis_contrast(lang_t lang, const contrast_t *c, const rules_t *r,
                                 const char *a_text, const char *b_text, bool b_is_yours,
                                 char *buf, size_t size);

/* Only the sentences of why A beats B (`b_text`, or "yours"), each
 * starting "It ...", without the numbers: for callers that quote their own
 * (a rollout's).  Empty (returns 0) when only the estimate tells them apart. */
size_t explain_analysis_why(lang_t lang, const contrast_t *c, const char *b_text, bool b_is_yours,
                            char *buf, size_t size);

/* How sure the engine is of a margin it found (trust.h): one sentence
 * naming the ruleset and depth measured, the margin's band and the share
 * of such calls long rollouts reverse, "about N in 10", with "close to a
 * coin toss" from 4 in 10.  Empty (returns 0) when t is NULL or the share
 * rounds to none in 10 (under 5%): the engine is then as sure as its
 * judges can tell. */
size_t explain_analysis_trust(lang_t lang, const trust_t *t, char *buf, size_t size);

/* Why the plays of a race were rolled out (rollrank.h): the ruleset, what
 * looking ahead misweighs there, and how: the search's best `top` plays
 * of rk[0..nplays) (as rollrank_run left them: "both plays", "all 3
 * plays" when that is every one) and the learner's besides when more
 * were rolled out, `games` games each, the same dice; "±" is the 95%
 * margin.  One sentence. */
size_t explain_analysis_race(lang_t lang, const rules_t *r, const rollrank_play_t *rk, int nplays, int top,
                             int games, char *buf, size_t size);

/* How sure a rollout is that A beats B (`b_text`, or "yours"): their
 * difference `diff` game by game on the same dice and its 95% interval
 * `ci95`; "the difference is real" when the interval leaves out 0, else
 * "too close for `games` games to tell them apart".  One sentence. */
size_t explain_analysis_paired(lang_t lang, const char *a_text, const char *b_text, bool b_is_yours, double diff,
                               double ci95, int games, char *buf, size_t size);

/* Why the plays of a roll in a one-die series were rolled out
 * (rollrank_series, rk[0..nplays) as it ranked them): the ruleset, that
 * looking ahead assumes both dice, and how (which plays, `games` games
 * each, the same dice).  A single die (roll.b == 0) is the mover's: the
 * single-die rolls owed[0] it still owes after this one, then the other
 * side's series when owed[1] > 0.  Both dice: the other side's series,
 * owed[1] single-die rolls left. */
size_t explain_analysis_series(lang_t lang, const rules_t *r, const rollrank_play_t *rk, int nplays, roll_t roll,
                               const int owed[2], int games, char *buf, size_t size);

/* What `hint` says: the best plays of `roll` ranked `plies` deep (at most
 * `show` of them, with equity and equity lost), then why the best beats the
 * learner's play `yours` (text as typed; NULL or "" = compare with the next
 * best), how sure the engine is of that margin, and the learner's grade.
 * A roll in a one-die series, with `series` its owed counts
 * (game_series_of_roll; NULL: no series known), is ranked by rollouts
 * with the series instead (rollrank_series): every play of a single die,
 * the best plays of both dice while the other side owes single dice.  Returns the length
 * needed, or 0 when the analysis could not run (out of memory; an illegal
 * `yours` is reported in the text, or when *stop (may be NULL) was set
 * while the rollouts ran: a front end's stop button or Ctrl-C).  `best`
 * (may be NULL) gets the play ranked first, for a board that draws it. */
size_t explain_analysis_hint(lang_t lang, const board_t *b, const rules_t *r, roll_t roll, const int *series,
                             int plies, int show, const char *yours, const volatile sig_atomic_t *stop,
                             play_t *best, char *buf, size_t size);

#endif
