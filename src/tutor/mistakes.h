/*
 * mistakes.h - a learner's bad plays (and give-up and one-die decisions) made into
 * puzzles of their own.
 *
 * Every bad or very bad decision of a reviewed game (review.h) becomes a
 * best-play puzzle in the course's own YAML format (docs/authoring.md,
 * "The best play"), so it is loaded, checked and scheduled exactly as the
 * bundled best-play puzzles are, and `brade check` can play its rollout
 * again.  A mistake is kept only when a rollout confirms it: the plays the
 * 2-ply search ranks at the top (down to the learner's own, at most eight
 * in all) are rolled out 648 games each with the same dice; the accepted
 * answer is the rollout's best and every play within its 95% interval, and
 * the learner's play must fall outside it.  Positions already among the
 * learner's puzzles are not added twice (the id is a hash of the position
 * and the roll).  A bad decision to give up or to play on (REVIEW_GIVE_UP)
 * that gave away at least 0.10 points becomes a `give-up` question at the
 * review's depth instead; `brade check` judges it again by search.  A bad
 * one-die decision (REVIEW_ONE_DIE: declared, or rolled both dice where
 * declaring was better) that gave away at least 0.10 becomes a `one-die`
 * question, which `brade check` plays out again with the same rollouts.
 * A bad play of a one-die series (a single die of the mover's, or both
 * dice while the other side owes single dice) is not made a puzzle: a
 * puzzle's position cannot carry the series still running.
 *
 * Ownership: the caller owns the review, the record and the output buffer;
 * nothing is kept between calls.
 */
#ifndef BRADE_TUTOR_MISTAKES_H
#define BRADE_TUTOR_MISTAKES_H

#include <signal.h>
#include <stdbool.h>

#include "content/strbuf.h"
#include "tutor/explain.h"
#include "tutor/playrec.h"
#include "tutor/review.h"

typedef struct mistakes_opts {
    int games;          /* rollout games a play (648) */
    const char *source; /* the game's name in the puzzles' source line (a file name) */
    const char *day;    /* the day the puzzles are made, YYYY-MM-DD */
    const char *known;  /* NULL, or the text of the puzzles made before (ids in it are skipped) */
    const volatile sig_atomic_t *stop; /* NULL, or Ctrl-C */
    /* called before each mistake is rolled out (done, total); may be NULL */
    void (*progress)(void *ud, int done, int total);
    void *ud;
} mistakes_opts_t;

void mistakes_default_opts(mistakes_opts_t *o);

typedef struct mistakes_result {
    int candidates; /* bad and very bad decisions in the review */
    int made;       /* puzzles written */
    int known;      /* already among the learner's puzzles */
    int unclear;    /* the rollout could not tell the learner's play from the best */
    int series;     /* bad plays of a one-die series, not made puzzles */
} mistakes_result_t;

/* The header of a new file of one's own puzzles (its `puzzles:` key last,
 * so that items can be appended). */
const char *mistakes_file_header(void);

/* Appends a puzzle item (YAML, indented for the `puzzles:` list) to `out`
 * for each confirmed mistake of the reviewed sides of rv.  False when out
 * of memory or stopped (what was made so far is in out). */
bool mistakes_make(const playrec_t *rec, const review_t *rv, const mistakes_opts_t *o, strbuf_t *out,
                   mistakes_result_t *res);

/* What a run made, in words, for the terminal and the page alike: how
 * many bad decisions, how many new puzzles (`where` says where the
 * learner finds them: "'puzzles mine' lists them"), how many known or too
 * close to tell, and the bad plays of a one-die series left out. */
void mistakes_result_words(lang_t lang, const mistakes_result_t *res, const char *where, strbuf_t *out);

#endif
