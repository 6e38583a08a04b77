/*
 * review.h - a saved game (playrec.h) replayed and analysed: every
 * decision of the reviewed sides judged against the best play the analysis
 * finds (decision.h), with the equity it gave away, its class and why, and
 * totals per side, the way GNU Backgammon's game analysis reports them.
 * In backgammon the cube decisions too (cubejudge.h): every double, take
 * and drop, and every roll made without doubling where a double was right
 * or close.
 *
 * The record is checked as it is replayed: a play that is not legal, a
 * turn out of order or events after the end are errors with their line.
 *
 * Ownership: review_run fills the caller's review_t; review_free releases
 * its item array.
 */
#ifndef BRADE_TUTOR_REVIEW_H
#define BRADE_TUTOR_REVIEW_H

#include <signal.h>
#include <stdbool.h>

#include "analysis/grade.h"
#include "tutor/cubejudge.h"
#include "tutor/decision.h"
#include "engine/match.h"
#include "tutor/playrec.h"

typedef struct review_opts {
    int plies;             /* analysis depth; -1 (the default): the ruleset's
                              (search_default_plies: 2 in bräde, 1 in backgammon) */
    bool all;              /* both sides, not only the people */
    bool replay_only;      /* check the record, judge nothing, count no luck
                              (the .mat export; the fuzz harness) */
    grade_thresholds_t thresholds;
    lang_t lang;
    /* called after each turn replayed (turns done, turns in the record);
     * may be NULL */
    void (*progress)(void *ud, int done, int total);
    void *ud;
} review_opts_t;

void review_default_opts(review_opts_t *o);

/* What a reviewed decision was. */
typedef enum {
    REVIEW_PLAY = 0, /* a play of a roll */
    REVIEW_DOUBLE,   /* backgammon: a double, or a roll with the cube available
                        (only where doubling was right or close) */
    REVIEW_TAKE,     /* backgammon: the answer to a double, take or drop */
    REVIEW_GIVE_UP,  /* giving up the game, before the roll or after it */
    REVIEW_ONE_DIE   /* the one-die rule: declared, or both dice rolled where it could be */
} review_kind_t;

/* Cube decisions where doubling would have cost less than this are
 * reviewed even when the side rolled on (the close ones). */
#define REVIEW_CUBE_CLOSE 0.1

typedef struct review_item {
    review_kind_t kind;
    int line;              /* the turn's line in the record */
    int colour;            /* the side that decided */
    board_t before;        /* the position the play was made from (the mover on roll) */
    roll_t roll;           /* REVIEW_PLAY */
    decision_t d;          /* grade, lost and words for every kind; mine_text and
                              best_text name the cube actions ("double", "no double",
                              "take", "drop") for the cube kinds */
    bool acted;            /* cube kinds: doubled, or took; REVIEW_GIVE_UP: gave up (else played on);
                              REVIEW_ONE_DIE: declared (else rolled both dice) */
    cubejudge_t cube;      /* cube kinds: the decision, from the doubler's side */
    double luck;           /* the roll's luck for the mover (see review_side_t) */
} review_item_t;

typedef struct review_side {
    bool reviewed;
    int decisions;         /* rolls with a choice (two plays or more), and the give-up and
                              one-die decisions judged */
    int errors[4];         /* by grade (errors[0]: fine plays) */
    double lost;           /* equity given away in all */
    double luck;           /* the dice's luck in all: for each two-dice roll, the best play's
                              value (0-ply) less the average over the 21 rolls of theirs,
                              as gnubg measures it */
    int rolls;             /* two-dice rolls counted in `luck` */
    int cube_decisions;    /* cube items (doubles, takes, drops, close or missed doubles) */
    int cube_errors[4];    /* by grade */
    double cube_lost;      /* equity given away by them (units of the cube as it stood) */
} review_side_t;

typedef struct review {
    review_item_t *items;  /* owned: every reviewed decision, in order */
    int nitems;
    int plies;             /* the depth every decision was judged at (o->plies made explicit) */
    review_side_t side[2]; /* by colour */
    bool finished;         /* the record reaches the end of the game (of the match) */
    game_t game;           /* the (last) game as replayed */
    int games;             /* games played to their end */
    match_t match;         /* a match's score, replayed */
    playrec_outcome_t *results; /* owned: every game that ended, in order (for .mat) */
    int nresults;
    int error_line;        /* on failure */
    int error_col;         /* on failure: the column (the play's, for a play that is wrong; else 1) */
    char error[1536];
} review_t;

/* Replays and analyses rec.  False (error_line, error) when the record
 * does not replay, when out of memory, or when *stop is set (Ctrl-C). */
bool review_run(const playrec_t *rec, const review_opts_t *o, const volatile sig_atomic_t *stop, review_t *out);
void review_free(review_t *r);

/* The luck of a roll for the side on roll of b (legal: its n plays): the
 * best play's value at 0-ply (the static evaluator, without bräde's exact
 * one-roll lookahead) less the average over the 21 rolls of the best
 * play's, so that the luck of all 36 rolls averages to zero. */
double review_luck(search_ctx_t *sc, const board_t *b, const movegen_buf_t *legal, int n);

#endif
