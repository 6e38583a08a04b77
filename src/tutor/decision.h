/*
 * decision.h - one decision judged: a play of a roll against the best
 * play the analysis finds, with the equity given away, its class and why
 * in words.  The tutor's warning during a game and the review of a saved
 * game both ask this.
 *
 * Ownership: plain values; the search context is the caller's.
 */
#ifndef BRADE_TUTOR_DECISION_H
#define BRADE_TUTOR_DECISION_H

#include <stdbool.h>

#include "analysis/grade.h"
#include "analysis/search.h"
#include "tutor/explain.h"

typedef struct decision {
    play_t best;            /* the best play found */
    board_t mine_after;     /* the position after the judged play */
    eval_t best_value;      /* its value, `plies` deep */
    eval_t mine_value;      /* the judged play's value, as deep */
    double lost;            /* equity given away (>= 0) */
    grade_t grade;
    bool close;             /* fine, but only "about as good": too close to the best
                               to tell apart at this depth (grade_close) */
    bool is_best;           /* the judged play is the best one */
    int rolled_games;       /* 0: values by the search; else a race rolled out
                               (rollrank.h), this many games a play */
    double rolled_ci95;     /* then: the 95% interval of `lost`, game by game on
                               the same dice */
    bool rolled_series;     /* then: a roll of a one-die series rolled out with the
                               series (rollrank_series): every play of a single
                               die, the best plays of both dice */
    bool was_cut;           /* the search's move filter had cut the judged play
                               (search_rank_cut; never in a rolled-out race) */
    double first_lost;      /* then: how far behind the best it was at that first look */
    int first_plies;        /* and that look's depth */
    char best_text[128];    /* the best play in notation */
    char mine_text[128];    /* the judged play in notation */
    char words[1536];       /* "A bad play: it gives away 0.123 points. 24/18 13/8 is better: ...",
                               then how sure the engine is of that (trust.h) */
} decision_t;

/* Judges `mine` (one of the legal plays of `roll` in b, the ruleset being
 * the search context's) `plies` deep; in a race under vasa or theboard
 * (rollrank_race_wanted) by rollouts of the search's best plays and
 * `mine` instead; a roll of a one-die series, with `series` its owed
 * counts (game_series_of_roll; NULL: none), by rollouts with the series
 * (rollrank_series: every play of a single die of the mover's series,
 * the best plays and `mine` of both dice while the other side owes single
 * dice).  False when out of memory or the roll has no play. */
bool decision_judge(search_ctx_t *sc, const board_t *b, roll_t roll, const int *series, const play_t *mine,
                    int plies, const grade_thresholds_t *t, lang_t lang, decision_t *out);

/* Whether playing on after a roll (nplays legal plays, the best worth
 * best_equity at the judging depth; unused when nplays is 1) is worth
 * judging against giving up: giving up costs at least a point, so only a
 * best play worth less than -1 can lose to it, and a forced play, whose
 * value no play decision gives.  The review and the play mode share it. */
bool decision_play_on_in_question(int nplays, double best_equity);

/* Judges the decision to give up, or (gave_up false) to play on, in b,
 * the side on roll's: after *roll (the best play's value `plies` deep), or
 * before the roll when roll is NULL (each roll's best play a ply less
 * deep, as `brade analyse` does).  Giving up gives away playing on's value
 * plus the points it costs, playing on the reverse, when above zero; the
 * words are explain_giveup's after the grade.  Fills grade, lost,
 * is_best, mine_text and best_text ("give up" or "play on") and words.
 * False when out of memory or the buffer overflowed. */
bool decision_judge_giveup(search_ctx_t *sc, const board_t *b, const roll_t *roll, bool gave_up, int plies,
                           const grade_thresholds_t *t, lang_t lang, decision_t *out);

/* Judges the decision to declare the one-die rule (declared) or to roll
 * both dice in b, the side on roll's, before its roll (onedie_eligible
 * must hold): both rolled out on the same dice (onedie_value, its default
 * games).  What the wrong choice gives away is the rollouts' difference;
 * a difference they cannot tell from zero is graded fine ("either will
 * do").  The words are a grade sentence, then explain_onedie's.  Fills
 * grade, lost, is_best, rolled_games, rolled_ci95, mine_text, best_text
 * and words.  False when out of memory or the rule does not apply. */
bool decision_judge_onedie(const board_t *b, const rules_t *r, bool declared, const grade_thresholds_t *t,
                           lang_t lang, decision_t *out);

#endif
