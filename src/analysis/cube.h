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
 * Ownership: plain values.
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

/* Stable machine names: "no-double", "double-take", "double-pass", "too-good". */
const char *cube_action_name(cube_action_t a);

#endif
