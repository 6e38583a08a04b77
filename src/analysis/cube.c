/*
 * cube.c - the money cube by Janowski's model (see cube.h).
 */
#include "analysis/cube.h"

#include "analysis/evalnet.h"

/* A double must gain more than this to be the right action: where the
 * cube is dead (a single game already wins the match for either side) the
 * two equities are equal but for rounding. */
#define CUBE_TIE 1e-9

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

/* The take and the action from the values of no double, double/take and
 * double/pass (equities in a money game, chances to win in a match). */
static void settle(cube_decision_t *out, bool may_double, double nd, double dt, double dp)
{
    out->may_double = may_double;
    out->take = dt <= dp;
    if (!may_double)
        out->action = CUBE_NO_DOUBLE;
    else if (!out->take)
        out->action = nd > dp ? CUBE_TOO_GOOD : CUBE_DOUBLE_PASS;
    else
        out->action = dt > nd + CUBE_TIE ? CUBE_DOUBLE_TAKE : CUBE_NO_DOUBLE;
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
    out->match = false;
    out->mwc_nd = out->mwc_dt = out->mwc_dp = 0;
    settle(out, owner != CUBE_THEIRS, out->nd, out->dt, out->dp);
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

/* ---- matches ---- */

/* The share of games that end in a gammon and in a backgammon, from the
 * start position as brade's net sees it (2-ply: gammons 25.4% of games,
 * backgammons 0.9%); the rest are single games. */
#define MET_GAMMON 0.245
#define MET_BACKGAMMON 0.009
#define MET_SINGLE (1.0 - MET_GAMMON - MET_BACKGAMMON)

static double post_at(const cube_met_t *t, int b)
{
    return b <= 0 ? 0.0 : t->post[b];
}

void cube_met_init(cube_met_t *t)
{
    const double k[3] = {MET_SINGLE, MET_GAMMON, MET_BACKGAMMON};
    /* after the Crawford game: the trailer doubles at once, the leader takes */
    t->post[0] = 0;
    for (int b = 1; b < CUBE_MET_MAX; b++) {
        double lose = 0;
        for (int i = 0; i < 3; i++)
            lose += k[i] * post_at(t, b - 2 * (i + 1));
        t->post[b] = b == 1 ? 0.5 : 0.5 + 0.5 * lose;
    }
    for (int a = 1; a < CUBE_MET_MAX; a++)
        for (int b = 1; b < CUBE_MET_MAX; b++) {
            if (a == 1 && b == 1) {
                t->pre[a][b] = 0.5;
                continue;
            }
            if (a == 1 || b == 1) {
                /* the Crawford game: no cube; the leader wins any game */
                int trail = a == 1 ? b : a;
                double lead = 0.5;
                for (int i = 0; i < 3; i++)
                    lead += 0.5 * k[i] * post_at(t, trail - (i + 1));
                t->pre[a][b] = a == 1 ? lead : 1 - lead;
                continue;
            }
            /* before the Crawford game, both 2-away or more: a game played
             * out cubeless would leave the trailer too little (it is the
             * cube that lets it catch up), so the table takes the rule of
             * thumb that fits the published tables within a few percent:
             * the leader's chance is 50% + 85% of the difference in
             * points needed over (the trailer's + 6) */
            int lead = a < b ? a : b, trail = a < b ? b : a;
            double m = 0.5 + 0.85 * (trail - lead) / (trail + 6.0);
            /* never better than one point nearer (that row is filled) */
            double nearer = t->pre[lead - 1][trail];
            if (m > nearer - 1e-4)
                m = nearer - 1e-4;
            t->pre[a][b] = a == lead ? m : 1 - m;
        }
    t->pre[0][0] = 0.5;
}

double cube_met(const cube_met_t *t, int a, int b, bool post)
{
    if (a <= 0)
        return 1.0;
    if (b <= 0)
        return 0.0;
    if (a >= CUBE_MET_MAX)
        a = CUBE_MET_MAX - 1;
    if (b >= CUBE_MET_MAX)
        b = CUBE_MET_MAX - 1;
    if (post && (a == 1 || b == 1))
        return a == 1 ? (b == 1 ? 0.5 : t->post[b]) : 1 - t->post[a];
    return t->pre[a][b];
}

/* What the side on roll's results are worth at cube c, as chances to win
 * the match: averages over its wins (*w) and its losses (*l), and the
 * single win and loss (*win1, *lose1). */
typedef struct mwc_ends {
    double w, l, win1, lose1;
} mwc_ends_t;

static void ends(const eval_t *e, int c, const cube_match_t *m, const cube_met_t *t, mwc_ends_t *out)
{
    bool post = m->post || m->crawford; /* after this game */
    double pw = 0, pl = 0, ew = 0, el = 0;
    for (int k = 0; k < OUT_KIND_COUNT; k++) {
        int pts = k == OUT_BACKGAMMON ? 3 : k == OUT_GAMMON ? 2 : 1;
        /* a result that leaves one side 1-away before the Crawford game
         * makes the next game the Crawford game: cube_met's pre table */
        double mw = cube_met(t, m->away_me - pts * c, m->away_them, post);
        double ml = cube_met(t, m->away_me, m->away_them - pts * c, post);
        pw += e->win[k];
        pl += e->lose[k];
        ew += e->win[k] * mw;
        el += e->lose[k] * ml;
    }
    out->win1 = cube_met(t, m->away_me - c, m->away_them, post);
    out->lose1 = cube_met(t, m->away_me, m->away_them - c, post);
    out->w = pw > 1e-9 ? ew / pw : out->win1;
    out->l = pl > 1e-9 ? el / pl : out->lose1;
}

/* The line through (0, l) and the points of pts[0..n) to (1, w), at p. */
static double through(double p, double l, double w, const double (*pts)[2], int n)
{
    double x0 = 0, y0 = l;
    for (int i = 0; i <= n; i++) {
        double x1 = i < n ? pts[i][0] : 1, y1 = i < n ? pts[i][1] : w;
        if (p <= x1 || i == n)
            return x1 > x0 ? y0 + (y1 - y0) * (p - x0) / (x1 - x0) : y1;
        x0 = x1;
        y0 = y1;
    }
    return w;
}

/* One cube level of a match: where the side on roll would just take a
 * double to the next level (tp) and where the other side would (cp, the
 * side on roll's cash point), each found with the live cube above it. */
typedef struct cube_level {
    int c;
    mwc_ends_t at;
    bool has_tp, has_cp;
    double tp, cp;
} cube_level_t;

enum { LEVELS_MAX = 12 };

/* The cubeful chance of the side on roll at level v, the cube held as
 * `owner`, winning chance p (the gammon shares of e): the dead cube's
 * value and the live line through the level's take and cash points. */
static double level_value(const cube_level_t *v, double p, double x, cube_owner_t owner)
{
    double dead = p * v->at.w + (1 - p) * v->at.l;
    double pts[2][2];
    int n = 0;
    if (owner != CUBE_MINE && v->has_tp) { /* the other side may double me out at tp */
        pts[n][0] = v->tp;
        pts[n][1] = v->at.lose1;
        n++;
    }
    if (owner != CUBE_THEIRS && v->has_cp && (n == 0 || v->cp > v->tp)) { /* I may cash at cp */
        pts[n][0] = v->cp;
        pts[n][1] = v->at.win1;
        n++;
    }
    double live = through(p, v->at.l, v->at.w, (const double (*)[2])pts, n);
    return (1 - x) * dead + x * live;
}

/* The p in (0, 1) where level_value(v, p, x, owner) reaches `target`
 * (it rises with p); false when it does not cross it inside. */
static bool crossing(const cube_level_t *v, double x, cube_owner_t owner, double target, double *p)
{
    if (level_value(v, 0, x, owner) >= target || level_value(v, 1, x, owner) <= target)
        return false;
    double lo = 0, hi = 1;
    for (int it = 0; it < 60; it++) {
        double mid = (lo + hi) / 2;
        if (level_value(v, mid, x, owner) < target)
            lo = mid;
        else
            hi = mid;
    }
    *p = (lo + hi) / 2;
    return true;
}

/* Fills levels[0..n) from `cube` up, the top one with a dead cube (a
 * single game there wins either side the match, or the cube is at 64 or
 * the Crawford game forbids doubling); returns n. */
static int match_levels(const eval_t *e, double x, int cube, const cube_match_t *m, const cube_met_t *t,
                        cube_level_t lv[LEVELS_MAX])
{
    int most = m->away_me > m->away_them ? m->away_me : m->away_them;
    int n = 0;
    for (int c = cube; n < LEVELS_MAX; c *= 2) {
        lv[n].c = c;
        ends(e, c, m, t, &lv[n].at);
        lv[n].has_tp = lv[n].has_cp = false;
        n++;
        if (m->crawford || c >= most || c >= 64)
            break;
    }
    for (int k = n - 2; k >= 0; k--) {
        /* I take a double to the next level and own the cube there: just
         * worth it where that is worth what passing leaves me */
        lv[k].has_tp = crossing(&lv[k + 1], x, CUBE_MINE, lv[k].at.lose1, &lv[k].tp);
        /* the other side takes my double and owns the cube: where that is
         * worth what its pass gives me */
        lv[k].has_cp = crossing(&lv[k + 1], x, CUBE_THEIRS, lv[k].at.win1, &lv[k].cp);
    }
    return n;
}

void cube_decide_match(const eval_t *e, cube_owner_t owner, double x, int cube, const cube_match_t *m,
                       const cube_met_t *t, cube_decision_t *out)
{
    /* the money decision for the chances and W, L; then the match's numbers */
    cube_decide(e, owner, x, out);
    double p = out->p_win;
    cube_level_t lv[LEVELS_MAX];
    int n = match_levels(e, x, cube, m, t, lv);
    const mwc_ends_t at = lv[0].at;
    out->match = true;
    out->mwc_nd = m->crawford ? p * at.w + (1 - p) * at.l : level_value(&lv[0], p, x, owner);
    if (n > 1) {
        out->mwc_dt = level_value(&lv[1], p, x, CUBE_THEIRS);
    } else { /* no level above: a double is to a dead cube */
        mwc_ends_t up;
        ends(e, 2 * cube, m, t, &up);
        out->mwc_dt = p * up.w + (1 - p) * up.l;
    }
    out->mwc_dp = at.win1;
    double span = at.win1 - at.lose1;
    /* normalised to the cube as it stands: -1 losing it, +1 winning it */
#define NORM(v) (span > 1e-12 ? 2 * ((v) - at.lose1) / span - 1 : 0)
    out->nd = NORM(out->mwc_nd);
    out->dt = NORM(out->mwc_dt);
    out->dp = 1.0;
#undef NORM
    settle(out, owner != CUBE_THEIRS && !m->crawford, out->mwc_nd, out->mwc_dt, out->mwc_dp);
}
