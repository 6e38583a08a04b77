/*
 * search.h - n-ply search over the 21 rolls, with move filters (GNU
 * Backgammon's 0/1/2-ply and its move filters are the model).
 *
 *   0-ply  a play is worth the evaluator's estimate of the position after
 *          it (exact when the play ends the game);
 *   n-ply  a position is worth the average over the 21 rolls of the best
 *          reply, the replies being screened at 0-ply and the best few
 *          looked at (n-1)-ply deeper.
 * Ranking the plays of a roll works up the plies: every play at 0-ply, then
 * a filter keeps the best `keep` plays within `margin` of the best (the
 * margin is in hemspel units of the ruleset: 1 point in W&W, 3 in Ny 2) for
 * the next ply, and so on.  Plays cut by a filter keep their lower-ply value
 * and rank after the ones searched deeper, as in gnubg.
 *
 * Ownership: a search_ctx_t owns its evaluator and its movegen buffers (one
 * per ply level); use one per thread.  Results go into caller arrays.
 */
#ifndef BRADE_ANALYSIS_SEARCH_H
#define BRADE_ANALYSIS_SEARCH_H

#include "analysis/eval.h"

enum { SEARCH_MAX_PLIES = 3 };

typedef struct search_filter {
    int keep;      /* at most this many plays go on to the next ply
                      (SEARCH_SKIP: this ply is not searched, see below;
                      0: the ruleset's default, see search_filter) */
    double margin; /* ... and only those within this equity (hemspel units) of the best */
} search_filter_t;

/* filter[k].keep == SEARCH_SKIP (0 < k < plies) skips ply k: the plays the
 * filter before it passes are valued a ply deeper at once, as gnubg's
 * default 2-ply does ("skip pruning for 1-ply moves").  A 1-ply value is a
 * poor judge of which plays deserve 2-ply (odd plies see only the side
 * that moves next; 1-ply chooses no better than 0-ply against long
 * rollouts), so cutting on it loses plays 2-ply would have found best. */
enum { SEARCH_SKIP = -1 };

/* Inside the tree, with pruning nets: the replies the full net screens. */
enum { SEARCH_PRUNE_KEEP = 5, SEARCH_PRUNE_MAX = 16 };

typedef struct search_opts {
    int plies;                                 /* 0..SEARCH_MAX_PLIES */
    search_filter_t filter[SEARCH_MAX_PLIES];  /* filter[k]: from ply k to ply k+1 */
    search_filter_t inner;                     /* replies looked at deeper inside the tree
                                                  (keep 0: the ruleset's default) */
    search_filter_t hits;                      /* plays that hit, cut by filter[0]: this many
                                                  more within this margin go on too (keep 0:
                                                  the ruleset's default, search_hit_filter;
                                                  SEARCH_SKIP: none) */
    search_filter_t refilter;                  /* cut plays looked at again once the deeper
                                                  values are known (keep 0: the filter
                                                  itself, search_refilter; SEARCH_SKIP:
                                                  only those that beat the best deeper) */
    double refilter_widen;                     /* the refilter's margin grows by this share of
                                                  how far the best deeper value fell below the
                                                  filter's anchor (1 by default; 0: not at
                                                  all; never with refilter SEARCH_SKIP) */
    int prune;                                 /* with pruning nets: only this many replies
                                                  by their rough value are screened inside the
                                                  tree (0: every reply) */
    int prune_choice;                          /* search_choose at 0 plies, with pruning nets:
                                                  only this many plays, the best by their rough
                                                  value, are valued by the full net (0: all) */
} search_opts_t;

typedef struct search_play {
    int index;    /* the play's index in movegen order */
    play_t play;
    eval_t value; /* for the side that plays it */
    int plies;    /* the depth of `value` */
} search_play_t;

typedef struct search_ctx {
    eval_ctx_t *eval;
    movegen_buf_t *bufs[SEARCH_MAX_PLIES + 2]; /* [k]: positions searched k-ply; last: the top */
    long nodes;                                /* positions searched at 1 ply or more */
} search_ctx_t;

/* A context with its own evaluator of the given kind.  NULL when out of memory. */
search_ctx_t *search_ctx_new(const rules_t *r, eval_kind_t kind);
/* The same, evaluating with the nets `net` (not owned) when it is not NULL. */
search_ctx_t *search_ctx_new_with(const rules_t *r, eval_kind_t kind, const evalnet_t *net);
void search_ctx_free(search_ctx_t *c);

/* The default filters for a depth: 0-ply keeps 8 plays within 0.16; at
 * 1-ply the ruleset's default (search_filter); 3-ply keeps the best 2 of
 * 2-ply within 0.04; inside the tree the best reply
 * (backgammon) or 2 within 0.10 (bräde), screened among the best 5 by the
 * pruning nets where the nets have them. */
void search_default_opts(int plies, search_opts_t *o);

/* The filter from ply k to ply k+1 as the search applies it: o->filter[k],
 * or where its keep is 0 the ruleset's default.  Only the 1-ply filter has
 * one: bräde skips ply 1 (gnubg's own 2-ply does: the 0-ply filter's 8
 * plays go to 2-ply at once), which agrees with long rollouts on more
 * positions and gives up less equity on every record but helmfrid's;
 * backgammon keeps 3 plays within 0.08, where skipping gains within the
 * noise against gnubg and would cost half as much time again
 * (docs/analysis.md, "Skipping ply 1"). */
search_filter_t search_filter(const search_ctx_t *c, const search_opts_t *o, int k);

/* The second look at hits that o->hits gives (keep 0: the ruleset's
 * default).  After filter[0] has passed its plays on, the best-valued
 * plays it cut that hit (the other side has more checkers on the bar
 * after them), at most `keep` of them (4 at most) within `margin` of the
 * best, are searched as deep as the others; one that still falls outside
 * filter[0]'s margin there goes back among the cut plays with the value
 * it was cut at, so only a hit that proves itself changes the list.  The
 * bräde nets misread the positions after a hit most: their self-play
 * seldom hits where a learner might, so such a position is one they were
 * never taught, and a play cut at 0-ply is never looked at again (vasa's bar/4 19/24* with 4-5 from
 * BJ4B52EA/AmTcAA: -0.74 behind at 0-ply, best at 2-ply and by long
 * rollouts).  Bräde: 2 within 1.0 (one look was too few where nearly
 * every play hits: vasa's 6-6 from BfwkABzifFIExRA, stop 60); backgammon:
 * none, its filter left as gnubg's (its figures against gnubg were
 * measured that way).
 * docs/analysis.md, "A second look at hits". */
search_filter_t search_hit_filter(const search_ctx_t *c, const search_opts_t *o);

/* The filter from ply k applied again once the plays it passed have their
 * ply-(k+1) values (o->refilter, or when its keep is 0 the filter itself:
 * search_filter(c, o, k)).  A cut play whose ply-k value is within
 * `margin` of the best ply-(k+1) value is searched a ply deeper too, at
 * most `keep` of them, best first.  When the best play was overvalued at
 * ply k, its deeper value falls back towards the plays the filter cut,
 * and a filter anchored where it first stood would leave them a ply-k
 * value ranked below, and graded against, the best's deeper one (lesson
 * 16's 2-1: 20/22 1/2 cut at 0-ply, 0.128 behind the hit's 2-ply value,
 * and the best play at 2-ply and by the course's rollouts).  SEARCH_SKIP:
 * margin 0, only a cut play that beats the best deeper value (the rule
 * before stop 47).  The margin also grows by o->refilter_widen times how
 * far the best deeper value fell below the value the filter was anchored
 * at (the best shallower one): a net that misread the best play by that
 * much may have misread the cut ones as much (stop 48).
 * docs/analysis.md, "The filter applied again". */
search_filter_t search_refilter(const search_ctx_t *c, const search_opts_t *o, int k);

/* The depth the tutor's hints and warnings, `review` and `analyse` search
 * unless told otherwise: 2 plies in bräde, where the second ply is what
 * agrees with long rollouts (1-ply is no better than 0-ply under three of
 * the four rulesets) and the pruning nets make it cheap; 1 ply in
 * backgammon, where 1-ply already takes most of the gain (measured
 * against gnubg).  docs/analysis.md, "The tutor's depth". */
int search_default_plies(const rules_t *r);

/* Ranks every legal play of `roll` for the side on roll of b: fills
 * out[0..n) best first and returns n (-1 if the engine's buffer overflowed).
 * `out` must hold MOVEGEN_MAX_PLAYS entries. */
int search_rank(search_ctx_t *c, const board_t *b, roll_t roll, const search_opts_t *o,
                search_play_t *out);

/* Whether the play of out[0..n) (ranked by search_rank, not yet deepened)
 * that reaches *after was cut by a move filter: valued at fewer plies than
 * the best.  Then *first_lost is how far that value was behind the best's
 * (never below 0), what a hint listing the play showed, and *first_plies
 * the depth of that value.  False (and both 0) when it was searched as
 * deep, or no play reaches *after. */
bool search_rank_cut(const search_play_t *out, int n, const board_t *after, double *first_lost,
                     int *first_plies);

/* Judges the play of out[0..n) (ranked by search_rank) that reaches
 * *after as deep as the best play, when a move filter cut it at a lower
 * depth: a learner's own play is valued at the depth of the best before
 * it is graded, as gnubg's analysis values the play made.  Re-sorts out
 * (best first) and returns the play's index in it, or -1 when no play of
 * out reaches *after.  The play itself stays in out: nothing is owned. */
int search_rank_deepen(search_ctx_t *c, const search_opts_t *o, search_play_t *out, int n,
                       const board_t *after);

/* The value of a play, looked at `plies` deep, for the side that plays it. */
void search_play_value(search_ctx_t *c, const play_t *p, int plies, const search_opts_t *o,
                       eval_t *out);

/* The value of a position for its side on roll, before rolling, `plies` deep
 * (0 = the evaluator with its lookahead).  Each roll's replies are screened
 * at 0-ply and the best `inner` looked at deeper; in a bräde race with the
 * nets the screen uses the static values, and at the last ply the kept
 * replies then take the lookahead (the race screen, docs/analysis.md). */
void search_position(search_ctx_t *c, const board_t *b, int plies, const search_opts_t *o,
                     eval_t *out);

/* Chooses a play among the n plays in `plays` (generated for b and some
 * roll): the best at 0-ply, or by search_rank's order when plies > 0.
 * At 0 plies with o->prune_choice > 0 and pruning nets, the best of the
 * o->prune_choice (at most SEARCH_PRUNE_MAX) best by the pruning nets.
 * Returns its index. */
int search_choose(search_ctx_t *c, const board_t *b, roll_t roll, const movegen_buf_t *plays,
                  int n, const search_opts_t *o);

#endif
