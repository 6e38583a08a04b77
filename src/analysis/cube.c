/*
 * cube.c - the money cube by Janowski's model (see cube.h).
 */
#include "analysis/cube.h"

#include "analysis/evalnet.h"

double cube_efficiency(const board_t *b)
{
    if (evalnet_phase(b) == EVALNET_CONTACT)
        return 0.68;
    double x = 0.55 + 0.00125 * board_pips(b, 0);
    return x < 0.6 ? 0.6 : x > 0.7 ? 0.7 : x;
}

/* The fully live cube's equity at winning chance p (cube.h). */
static double live(double p, double w, double l, cube_owner_t owner)
{
    double tp = (l - 0.5) / (w + l + 0.5); /* the side on roll's take point */
    double cp = (l + 1.0) / (w + l + 0.5); /* its cash point */
    switch (owner) {
    case CUBE_CENTRED:
        if (p < tp)
            return -l + (l - 1.0) * p / tp;
        if (p < cp)
            return -1.0 + 2.0 * (p - tp) / (cp - tp);
        return 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp);
    case CUBE_MINE:
        if (p < cp)
            return -l + (l + 1.0) * p / cp;
        return 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp);
    case CUBE_THEIRS:
        if (p < tp)
            return -l + (l - 1.0) * p / tp;
        return -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp);
    }
    return 0;
}

void cube_decide(const eval_t *e, cube_owner_t owner, double x, cube_decision_t *out)
{
    double pw = 0, pl = 0, ew = 0, el = 0;
    for (int k = 0; k < OUT_KIND_COUNT; k++) {
        int pts = k == OUT_BACKGAMMON ? 3 : k == OUT_GAMMON ? 2 : 1;
        pw += e->win[k];
        pl += e->lose[k];
        ew += pts * e->win[k];
        el += pts * e->lose[k];
    }
    double tot = pw + pl;
    double p = tot > 0 ? pw / tot : 0.5;
    /* with no wins (or losses) at all their size does not matter: 1 */
    double w = pw > 1e-9 ? ew / pw : 1.0, l = pl > 1e-9 ? el / pl : 1.0;
    double dead = p * w - (1 - p) * l;
    out->p_win = p;
    out->w = w;
    out->l = l;
    out->x = x;
    out->nd = (1 - x) * dead + x * live(p, w, l, owner);
    out->dt = 2.0 * ((1 - x) * dead + x * live(p, w, l, CUBE_THEIRS));
    out->dp = 1.0;
    out->may_double = owner != CUBE_THEIRS;
    out->take = out->dt <= out->dp;
    if (!out->may_double)
        out->action = CUBE_NO_DOUBLE;
    else if (!out->take)
        out->action = out->nd > out->dp ? CUBE_TOO_GOOD : CUBE_DOUBLE_PASS;
    else
        out->action = out->dt > out->nd ? CUBE_DOUBLE_TAKE : CUBE_NO_DOUBLE;
}

double cube_double_cost(const cube_decision_t *d, bool doubled)
{
    double dbl = d->dt < d->dp ? d->dt : d->dp; /* the opponent answers as is best for it */
    double best = dbl > d->nd ? dbl : d->nd;
    return best - (doubled ? dbl : d->nd);
}

double cube_take_cost(const cube_decision_t *d, bool took)
{
    /* the taker's equity is -dt, the dropper's -dp */
    double take = -d->dt, drop = -d->dp;
    double best = take > drop ? take : drop;
    return best - (took ? take : drop);
}

const char *cube_action_name(cube_action_t a)
{
    static const char *const N[] = {"no-double", "double-take", "double-pass", "too-good"};
    return N[a];
}
