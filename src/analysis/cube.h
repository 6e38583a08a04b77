/*
 * cube.h - the doubling cube of a money game (backgammon): whether the
 * side on roll should double, and whether the other side should take,
 * worked out from the cubeless chances an eval_t holds.
 *
 * The model is Janowski's (1993): the cubeful equity lies between the
 * equity with a dead cube (the cubeless one: the cube is never turned
 * again) and the equity with a fully live cube (the game moves in small
 * steps, so every double comes exactly at the opponent's take point),
 *
 *     E = (1 - x) * E_dead + x * E_live(p, W, L, who owns the cube)
 *
 * where p is the chance of winning, W and L the average points of a win
 * and of a loss (gammons and backgammons raise them above 1), and x the
 * cube's efficiency: how nearly the game moves in small steps.  With a
 * live cube the take point is (L - 1/2) / (W + L + 1/2) and the cash
 * point (L + 1) / (W + L + 1/2); E_live is the straight line through
 * (0, -L), the points that a centred or owned cube puts at -1 and +1, and
 * (1, W).  Equities are in units of the cube as it stands (multiply by
 * its value for points).  Gammons count whoever owns the cube (no Jacoby
 * rule); a money game has no Crawford game.
 *
 * In a match (cube_decide_match) the same interpolation works on
 * match-winning chances: a result is worth the chance to win the match
 * from the score it leaves (cube_met); the dead cube's value is the
 * average of those over the position's results; the live cube's line runs
 * through the chances of losing all, of the take point, of the cash point
 * and of winning all, the take and cash points being where the next
 * double, with a dead cube after it, is just worth taking.  The chances
 * are then written as equity normalised to the cube as it stands (the
 * double/pass is 1, losing the cube's value -1), so the action, the costs
 * and the classes read as in a money game.
 *
 * The match table is our own (cube_met_init): before the Crawford game,
 * with both sides 2-away or more, the rule of thumb that the leader's
 * chance is 50% + 85% of the difference over (the trailer's distance + 6);
 * the Crawford game is computed, played without the cube, and after it
 * the trailer doubles at once and the leader takes, with our engine's
 * gammon and backgammon rates.
 *
 * Ownership: plain values; a cube_met_t is the caller's.
 */
#ifndef BRADE_ANALYSIS_CUBE_H
#define BRADE_ANALYSIS_CUBE_H

#include <stdbool.h>

#include "analysis/eval.h"

/* Who holds the cube, seen from the side on roll. */
typedef enum { CUBE_CENTRED = 0, CUBE_MINE, CUBE_THEIRS } cube_owner_t;

/* The right cube action for the side on roll. */
typedef enum {
    CUBE_NO_DOUBLE = 0, /* not yet: the game is worth more with the cube kept */
    CUBE_DOUBLE_TAKE,   /* double; the opponent should take */
    CUBE_DOUBLE_PASS,   /* double; the opponent should drop (pass) */
    CUBE_TOO_GOOD       /* too good to double: playing on for a gammon is worth more than 1 */
} cube_action_t;

typedef struct cube_decision {
    double p_win;      /* cubeless chance that the side on roll wins */
    double w, l;       /* average points of its wins and of its losses (cube 1) */
    double x;          /* the cube efficiency used */
    double nd, dt, dp; /* cubeful equity of no double, double/take, double/pass (= 1) */
    bool may_double;   /* the side on roll has access to the cube */
    cube_action_t action; /* the right action (CUBE_NO_DOUBLE when it may not double) */
    bool take;         /* a double should be taken (dt <= dp) */
    bool match;        /* decided in a match (cube_decide_match) */
    double mwc_nd, mwc_dt, mwc_dp; /* match: the chances to win the match of each action */
} cube_decision_t;

/* The cube's efficiency x for b: 0.68 while the sides are in contact; in
 * a race from 0.60 (short) to 0.70 (long) with the pip count of the side
 * on roll. */
double cube_efficiency(const board_t *b);

/* The cube decision for the side on roll of a position evaluated as `e`
 * (cubeless, before rolling), the cube held as `owner` says. */
void cube_decide(const eval_t *e, cube_owner_t owner, double x, cube_decision_t *out);

/* Equity (in units of the cube as it stands) that the side on roll gives
 * away by doubling (`doubled`) or by rolling on: 0 for the right choice. */
double cube_double_cost(const cube_decision_t *d, bool doubled);
/* Equity the other side gives away by taking (`took`) or dropping a
 * double, in units of the cube before the double. */
double cube_take_cost(const cube_decision_t *d, bool took);

/* --- matches --- */

enum { CUBE_MET_MAX = 32 }; /* the longest match the table holds, + 1 */

typedef struct cube_met {
    double pre[CUBE_MET_MAX][CUBE_MET_MAX]; /* [a][b]: a-away beats b-away, Crawford not yet played
                                               (one of them 1-away: this is the Crawford game) */
    double post[CUBE_MET_MAX];              /* [b]: the 1-away leader beats the b-away trailer
                                               after the Crawford game */
} cube_met_t;

/* Fills the table (cube.h says how it is made). */
void cube_met_init(cube_met_t *t);
/* The chance that the player `a` points away wins the match against one `b`
 * away, before the next game; `post`: the Crawford game has been played.
 * a <= 0: 1 (won); b <= 0: 0. */
double cube_met(const cube_met_t *t, int a, int b, bool post);

/* A match's score from the side on roll. */
typedef struct cube_match {
    int away_me, away_them; /* points each still needs */
    bool crawford;          /* this game is the Crawford game: nobody may double */
    bool post;              /* the Crawford game has been played */
} cube_match_t;

/* The decision in a match with the cube at `cube`, the equities normalised
 * to it (cube.h); d->mwc_* hold the match-winning chances. */
void cube_decide_match(const eval_t *e, cube_owner_t owner, double x, int cube, const cube_match_t *m,
                       const cube_met_t *t, cube_decision_t *out);

/* Stable machine names: "no-double", "double-take", "double-pass", "too-good". */
const char *cube_action_name(cube_action_t a);

#endif
