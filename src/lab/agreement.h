/*
 * agreement.h - judging a search's choice of play by rollouts.
 *
 * The measurement behind "2-ply agrees with long rollouts on N of K
 * positions" (`brade-lab selfplay --agreement`), as library code so that it can
 * be tested and run in pieces:
 *
 *   - agreement_positions: K fixed positions from seeded self-play of the
 *     shipped 0-ply player, each with a roll offering two plays or more;
 *     position i depends on (seed, i) alone, so a larger K extends a set;
 *   - agreement_position: ranks a position's plays at the depth judged, rolls
 *     out its best `top` with the same dice (agree.h keeps the paired
 *     errors), then, pass after pass, rolls out again (`confirm` games more,
 *     another stream of dice each pass) every play the paired difference
 *     cannot yet separate from the rollout's best, until the best is
 *     separable or `passes` further passes are made.  Which plays go on
 *     depends on the rollout alone, never on the search's choice;
 *   - agreement_tally_add: scores one judged position (the same play, within
 *     the best's 95% interval, equity given up, separable, and what the
 *     rollout's noise allows: agree.h's chance that its best and that the
 *     search's play are truly the best, and a perfect player's chance of
 *     being within the interval);
 *   - agreement_record_put / agreement_record_parse: one judged position as a
 *     line of text (the doubles in round-trip precision), so a run saved
 *     position by position and read back tallies exactly as one run does.
 *   - agreement_rejudge: a recorded position judged again for another
 *     chooser (another depth, another net) against the record's rollouts,
 *     which cost an hour a hundred positions while a new choice costs
 *     seconds: every chooser measured against one judge, paired.
 *
 * A record line (fields separated by single spaces, then the plays'
 * notation after " | " each, in the search's order):
 *
 *   judged I ID A-B plays N zero Z passes P first M G.. MEAN.. COV.. last M G.. MEAN.. COV.. | PLAY | PLAY ..
 *
 * I the position's index, ID its id (posid.h), A-B the roll, N the legal
 * plays, Z the search order's index of the 0-ply choice, P the further
 * passes made; each stats block has M plays, their games, their means and
 * the upper triangle of the means' covariance, row by row.
 *
 * Ownership: plain values; agreement_position allocates its per-game buffers
 * and frees them before returning; the search context is the caller's.
 */
#ifndef BRADE_ANALYSIS_AGREEMENT_H
#define BRADE_ANALYSIS_AGREEMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/agree.h"
#include "analysis/rollout.h"
#include "analysis/search.h"
#include "analysis/textout.h"

enum { AGREEMENT_NOTE = 48 };

typedef struct agreement_opts {
    int plies;        /* the search depth judged (2) */
    int top;          /* the search's best plays rolled out (4; at most AGREE_MAX) */
    int games;        /* first-pass games a play (648) */
    int confirm;      /* games a play in each further pass (0: no further pass) */
    int passes;       /* further passes at most (1) */
    rollout_opts_t ro; /* seed, threads, the players' depth, nets, stop flag;
                          games and game_equity are set by agreement_position */
} agreement_opts_t;

typedef struct agreement_result {
    int index;                      /* the position's index in its set */
    board_t pos;                    /* the position and its roll */
    roll_t roll;
    int nplays;                     /* legal plays */
    int zero;                       /* index (search order) of the 0-ply choice */
    int passes;                     /* further passes made */
    char notes[AGREE_MAX][AGREEMENT_NOTE]; /* the rolled-out plays' notation, search order */
    agree_stats_t first, last;      /* after the first pass; after the last */
} agreement_result_t;

/* The margins behind the best play that agreement_tally_t.near counts:
 * 0.01, 0.02 and 0.04 points a game (AGREEMENT_NEAR_AT). */
enum { AGREEMENT_NEAR = 3 };
extern const double AGREEMENT_NEAR_AT[AGREEMENT_NEAR];

/* The tally of one way of judging (the first pass, or the last). */
typedef struct agreement_tally {
    int positions, agree, within, separable, separable_agree, agree0;
    int near[AGREEMENT_NEAR]; /* choices at most AGREEMENT_NEAR_AT[k] behind the rollout's best */
    int unjudged;  /* positions whose choice the record did not roll out (agreement_rejudge) */
    double lost, ceiling, p_search; /* lost: summed over the judged positions */
    double within_ceiling; /* a perfect player's expected `within` (see agreement_tally_add) */
} agreement_tally_t;

/* Defaults: 2-ply, top 4, 648 games, no further passes (confirm 0,
 * passes 1), the rollout's defaults (seed 1, 2 threads, 0-ply players). */
void agreement_default_opts(agreement_opts_t *o);

/* Fills pos[0..k) and rolls[0..k) with the first k positions of `seed`'s
 * set of `phase`; returns how many were found (k unless self-play ran dry
 * or memory ran out).  The games are played on `threads` threads (1 to
 * WORKQ_MAX_THREADS), each with its own player; the set does not depend
 * on how many.  With a phase (evalnet_phase: EVALNET_RACE, where no
 * checker can meet another again, or EVALNET_CONTACT) a game gives a
 * position of that phase or none, a set of its own; with
 * EVALNET_ANY_PHASE the set is the one every record before the option
 * was made from. */
int agreement_positions(const rules_t *r, int k, uint64_t seed, int phase, int threads, board_t *pos,
                        roll_t *rolls);
/* A `phase` for agreement_positions of its own: the plies where the side
 * on roll may declare the one-die rule (onedie_eligible), a set of its own
 * as the phases' are (`selfplay --positions K --one-die`). */
enum { AGREEMENT_ONE_DIE = -2 };

/* Judges one position (see above) with the search context sc (its
 * evaluator ranks the plays).  Returns 0, 1 when o->ro.stop ended it
 * before the end (*out not filled), -1 when out of memory or the position
 * has fewer than two plays. */
int agreement_position(search_ctx_t *sc, const rules_t *r, int index, const board_t *b, roll_t roll,
                   const agreement_opts_t *o, agreement_result_t *out);

/* Adds one position to the first-pass (last = false) or last-pass tally;
 * `seed` seeds agree_p_best's draws (the same seed, the same figures). */
void agreement_tally_add(agreement_tally_t *t, const agreement_result_t *res, bool last, uint64_t seed);

/* Adds a position whose choice was not among the plays rolled out: not
 * the same play, not within the interval, no equity figure; what belongs
 * to the judge (separable, the ceiling) and the 0-ply choice count as in
 * agreement_tally_add, so every chooser meets the same ceiling. */
void agreement_tally_unjudged(agreement_tally_t *t, const agreement_result_t *res, bool last, uint64_t seed);

/* Adds the tally `one` (of one position, or any others) to t, member by
 * member.  A one-position tally holds each figure exactly as
 * agreement_tally_add adds it, so summing those in position order gives
 * the very bits tallying the positions one after another would: a caller
 * that needs each position's figures as well as the sum (the JSON rows
 * and the summary) draws the ceilings once.  A new member of
 * agreement_tally_t must be added here too. */
void agreement_tally_sum(agreement_tally_t *t, const agreement_tally_t *one);

/* Makes rolled-out play j (0 <= j < m) the choice judged: it moves to
 * index 0 of the notes and of both stats blocks (means, games, the
 * covariance's rows and columns), the others keeping their order after it,
 * and `zero` follows its play. */
void agreement_choose(agreement_result_t *res, int j);

/* Judges a recorded position again for another chooser: ranks its plays
 * with sc at `plies` (the rollouts stand as recorded), writes the choice's
 * notation to choice, points res->zero at sc's 0-ply choice (when the
 * record did not roll it out, an index past the rolled-out plays: the
 * record's own if it was one, else first.m), and makes the choice play 0
 * (agreement_choose).  `given` (NULL: the search's first) is an outside
 * chooser's play in the record's notation: it is then the choice, and sc
 * only ranks at 0-ply for res->zero.  Returns 0, 1 when the record did
 * not roll the choice out (res's plays then in their recorded order), 2
 * when `given` is no legal play of the position (res as for 1), -1 when
 * out of memory or the position has fewer than two plays. */
int agreement_rejudge(search_ctx_t *sc, int plies, const char *given, agreement_result_t *res, char *choice,
                      size_t csize);

/* Rolls out the play noted `note`, which the record res did not, beside
 * the plays it did: the position judged again with the same dice, the
 * same players (o->ro: the record's net, seed and player depth) and the
 * same passes (o: the record's games, confirm and passes), that play
 * added at the end, so that a chooser who picks it is judged instead of
 * counted a miss.  The recorded plays' first pass must come out exactly
 * as recorded, which checks that the players and dice are the record's.
 * The judge search context's evaluator (the record's net) names the 0-ply
 * choice (res->zero).  Returns 0 with res updated (more passes may have
 * been made: the new play can stay in contention longer), 1 when
 * o->ro.stop ended it, 2 when res already holds AGREE_MAX plays, 3 when
 * the first pass does not come out as recorded (res unchanged), -1 when
 * out of memory or a play is not a legal play of the position.  With
 * `anew`, a first pass that does not come out as recorded (the same net
 * in another build: a float's rounding in its arithmetic sends the games
 * elsewhere after the same dice) stands instead: res becomes the
 * position judged afresh, every play rolled out again, and 4 is returned. */
int agreement_fill(search_ctx_t *judge, const rules_t *r, agreement_result_t *res, const char *note,
                   const agreement_opts_t *o, bool anew);

/* The index of the rollout's best play after the first or last pass. */
int agreement_best(const agreement_result_t *res, bool last);

/* Appends res to o as one record line (no newline). */
void agreement_record_put(textout_t *o, const agreement_result_t *res, geometry_t geom);

/* Reads a record line into *res (the position from its id, its roll, the
 * figures).  False with a message naming the field when it is not one. */
bool agreement_record_parse(const char *line, geometry_t geom, agreement_result_t *res, char *msg, size_t msize);

#endif
