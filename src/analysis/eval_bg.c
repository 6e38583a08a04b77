/*
 * eval_bg.c - backgammon: a simple race/contact heuristic.
 *
 * Each side's pip count is raised by what its position costs it: the pips
 * it stands to lose to shots, time on the bar against the points made in
 * the other side's home board; then the race formula turns the two counts
 * into a winning chance, with a wider spread while there is contact.
 * Gammons come from how far the loser is from bearing off its first
 * checker.  It is a baseline, not a strong player.
 */
#include <math.h>

#include "analysis/eval_model.h"

static double logistic(double z)
{
    return 1.0 / (1.0 + exp(-z));
}

/* Contact: some checker of one side has not yet passed the other side's
 * rearmost checker (backgammon geometry). */
static bool bg_contact(const board_t *b)
{
    int r0 = board_rearmost(b, 0), r1 = board_rearmost(b, 1);
    if (r0 == 25 || r1 == 25)
        return false;
    return r0 + r1 <= 25;
}

/* Points side s holds in its home board (its points 19..24). */
static int home_points(const board_t *b, int s)
{
    int n = 0;
    for (int p = 19; p <= 24; p++)
        n += b->side[s][p] >= 2;
    return n;
}

/* Pips side s still needs before it can bear off its first checker. */
static int pips_to_home(const board_t *b, int s)
{
    int n = b->side[s][BOARD_BAR] * 19;
    for (int p = 1; p <= 18; p++)
        n += b->side[s][p] * (19 - p);
    return n;
}

void eval_bg(const board_t *b, const rules_t *r, eval_t *out)
{
    eval_zero(out);
    int pm = board_pips(b, 0), po = board_pips(b, 1);
    double em = pm, eo = po, spread = 1.45;
    if (bg_contact(b)) {
        int rolls;
        double loss_me, loss_you;
        eval_exposure(b, r, 0, &rolls, &loss_me);  /* after my move, partly mended */
        eval_exposure(b, r, 1, &rolls, &loss_you); /* I am on roll: my shots now */
        em += 0.5 * loss_me + b->side[0][BOARD_BAR] * (4.0 + 1.5 * home_points(b, 1) * home_points(b, 1));
        eo += 1.0 * loss_you + b->side[1][BOARD_BAR] * (4.0 + 1.5 * home_points(b, 0) * home_points(b, 0));
        spread = 2.0;
    }
    double d = eo - em + 4.0;
    double sd = spread * sqrt(em + eo + 1.0);
    double p = 0.5 * erfc(-d / (sd * sqrt(2.0)));
    double g_me = 0, g_you = 0;
    if (b->side[1][BOARD_OFF] == 0)
        g_me = logistic((pips_to_home(b, 1) - 0.35 * pm - 10.0) / 8.0);
    if (b->side[0][BOARD_OFF] == 0)
        g_you = logistic((pips_to_home(b, 0) - 0.35 * po - 14.0) / 8.0);
    double bg_me = b->side[1][BOARD_BAR] > 0 ? 0.15 : 0.03;
    double bg_you = b->side[0][BOARD_BAR] > 0 ? 0.15 : 0.03;
    out->win[OUT_SINGLE] = p * (1 - g_me);
    out->win[OUT_GAMMON] = p * g_me * (1 - bg_me);
    out->win[OUT_BACKGAMMON] = p * g_me * bg_me;
    out->lose[OUT_SINGLE] = (1 - p) * (1 - g_you);
    out->lose[OUT_GAMMON] = (1 - p) * g_you * (1 - bg_you);
    out->lose[OUT_BACKGAMMON] = (1 - p) * g_you * bg_you;
}
