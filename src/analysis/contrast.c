/*
 * contrast.c - what tells two plays apart, as numbers (see contrast.h).
 */
#include "analysis/contrast.h"

#include <string.h>

#include "analysis/evalnet.h"

void contrast_side(const board_t *b, const rules_t *r, const play_t *p, const eval_t *value,
                   movegen_buf_t *buf, contrast_side_t *out)
{
    (void)b;
    memset(out, 0, sizeof *out);
    out->value = *value;
    out->outcome = p->outcome;
    for (int i = 0; i < p->nsteps; i++) {
        out->taken += p->steps[i].taken;
        out->blasts += (p->steps[i].flags & STEP_BLAST) != 0;
    }
    if (p->outcome.kind != OUT_NONE)
        return;
    const board_t *a = &p->after;
    bool bg = a->geom == GEOM_BACKGAMMON;
    for (int pt = 1; pt <= 24; pt++) {
        int k = a->side[0][pt];
        if (k >= 2)
            out->bands |= 1u << pt;
        if (k == 1 && (bg || pt > 6))
            out->blots |= 1u << pt;
        if (bg && pt <= 6)
            out->behind += k;
    }
    if (bg)
        out->behind += a->side[0][BOARD_BAR];
    facts_shots_after(&p->after, r, buf, &out->shots);
    if (r->jan) {
        out->jb = board_janblotta_count(&p->after, 0);
        /* the other side on roll: how many of its rolls force its janblotta out */
        board_t next = p->after;
        board_swap(&next);
        facts_t f;
        facts_position(&next, r, buf, &f);
        out->opp_jb_forced = f.jb_forced;
        /* the mover rolling again at once: its jan threats */
        facts_wins_t w;
        facts_wins(&p->after, r, buf, &w);
        out->threat_jan = w.by_kind[OUT_JAN];
        out->threat_sprangjan = w.by_kind[OUT_SPRANGJAN];
    }
}

/* How many points a mask of points holds. */
static int popcount24(uint32_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* Is the difference between the two a reason for a? (x = a's number, y = b's) */
static bool better_less(int x, int y, int min_gap)
{
    return y - x >= min_gap;
}

/* The points of a result of kind k under r (no munk, cube 1). */
static int points_of(const rules_t *r, outcome_kind_t k)
{
    outcome_t o = {k, 0, 0, 0, 0};
    outcome_score(&o, r);
    return o.points;
}

/* The result worth more than a single game (a hemspel; in backgammon a
 * single win) whose chance after a, against after b, counts for most
 * points in a's favour; false when none is ahead by 3 games in 100 and
 * 0.03 points a game or more.  Fills out->big*. */
static bool big_result(const rules_t *r, const eval_t *a, const eval_t *b, contrast_t *out)
{
    bool bg = r->scoring == SCORING_BACKGAMMON;
    int single = points_of(r, bg ? OUT_SINGLE : OUT_HEMSPEL);
    double best = 0.03;
    bool found = false;
    for (int k = OUT_HEMSPEL; k < OUT_KIND_COUNT; k++) {
        if (k == OUT_RESIGN || k == OUT_DRAW || k == OUT_DROP || (bg != (k >= OUT_SINGLE)))
            continue;
        int pts = points_of(r, (outcome_kind_t)k);
        if (pts <= single)
            continue;
        for (int loss = 0; loss < 2; loss++) {
            double pa = loss ? a->lose[k] : a->win[k], pb = loss ? b->lose[k] : b->win[k];
            double ahead = loss ? pb - pa : pa - pb;
            if (ahead < 0.03 || ahead * pts < best)
                continue;
            best = ahead * pts;
            found = true;
            out->big = (outcome_kind_t)k;
            out->big_is_loss = loss;
            out->big_points = pts;
            out->big_a = pa;
            out->big_b = pb;
        }
    }
    return found;
}

void contrast_plays(const board_t *b, const rules_t *r, const play_t *a, const eval_t *va,
                    const play_t *pb, const eval_t *vb, movegen_buf_t *buf, contrast_t *out)
{
    memset(out, 0, sizeof *out);
    contrast_side(b, r, a, va, buf, &out->a);
    contrast_side(b, r, pb, vb, buf, &out->b);
    const contrast_side_t *x = &out->a, *y = &out->b;
    out->geom = b->geom;
    for (int pt = 1; pt <= 24; pt++)
        if (b->side[0][pt] >= 2)
            out->bands_before |= 1u << pt;
    contrast_kind_t found[16];
    int n = 0;
    if (x->outcome.kind != OUT_NONE && y->outcome.kind == OUT_NONE)
        found[n++] = CONTRAST_WINS_NOW;
    if (x->outcome.kind != OUT_NONE && y->outcome.kind != OUT_NONE &&
        x->outcome.points > y->outcome.points)
        found[n++] = CONTRAST_WINS_MORE;
    if (x->outcome.kind == OUT_NONE && y->outcome.kind == OUT_NONE) {
        if (better_less(x->shots.jan, y->shots.jan, 1))
            found[n++] = CONTRAST_JAN_SHOTS;
        if (better_less(x->shots.any, y->shots.any, 2))
            found[n++] = CONTRAST_SHOTS;
        if (r->jan && x->jb <= 6 && y->jb >= 7)
            found[n++] = CONTRAST_JANBLOTTA;
        if (x->opp_jb_forced - y->opp_jb_forced >= 2)
            found[n++] = CONTRAST_FORCES_JB;
        if (x->threat_jan + x->threat_sprangjan - y->threat_jan - y->threat_sprangjan >= 2)
            found[n++] = CONTRAST_THREAT;
        if (x->taken > y->taken)
            found[n++] = CONTRAST_TAKES;
        /* a result won more often (a vackert spel, sprängjan) is its own
         * reason, ahead of what the board shows; one lost less often (jan)
         * comes last, after the blots and bands that bring it about */
        bool big = big_result(r, &x->value, &y->value, out);
        if (big && !out->big_is_loss)
            found[n++] = CONTRAST_BIG_RESULT;
        /* what the board shows: bands this play holds and the other does
         * not, with none the other holds that this one lacks (the home
         * stack of bräde's point 1 is no band to make) */
        uint32_t mask = b->geom == GEOM_BACKGAMMON ? ~0u : ~(1u << 1);
        bool contact = evalnet_phase(b) != EVALNET_RACE; /* in a race no blot can be hit */
        if (contact && (x->bands & ~y->bands & mask) && !(y->bands & ~x->bands & mask))
            found[n++] = CONTRAST_BANDS;
        if (contact && popcount24(x->blots) < popcount24(y->blots))
            found[n++] = CONTRAST_BLOTS;
        if (contact && r->jan && x->jb < y->jb && y->jb >= 5 && y->jb <= 6)
            found[n++] = CONTRAST_JB_LOWER;
        if (contact && b->geom == GEOM_BACKGAMMON && x->behind < y->behind)
            found[n++] = CONTRAST_BEHIND;
        if (big && out->big_is_loss)
            found[n++] = CONTRAST_BIG_RESULT;
    }
    if (n == 0)
        found[n++] = CONTRAST_PROBABILITY;
    out->main = found[0];
    out->second = n > 1 ? found[1] : CONTRAST_NONE;
    out->third = n > 2 && found[n - 1] == CONTRAST_BIG_RESULT ? CONTRAST_BIG_RESULT : CONTRAST_NONE;
}
