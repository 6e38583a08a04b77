/*
 * eval_features.c - the numbers the bräde evaluator looks at (see
 * eval_model.h for the list), and the approximate shot count shared with
 * the backgammon heuristic.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/dice.h"
#include "analysis/eval_model.h"

/* Can side o land on its own point t (1..24) on the way: not on a band of
 * the other side, not (bräde) on its own checker on 2..11. */
static bool o_landable(const board_t *b, const rules_t *r, int o, int t)
{
    if (t < 1 || t > 24)
        return false;
    int s = 1 - o;
    if (b->side[s][board_under(b->geom, t)] >= 2)
        return false;
    if (r->band_ban && b->side[o][t] > 0 && t <= 11)
        return false;
    return true;
}

/* Index of roll {a, c} among the 21 (dice_roll's order). */
static int ridx(int a, int c)
{
    if (a < c) {
        int t = a;
        a = c;
        c = t;
    }
    return a * (a - 1) / 2 + c - 1;
}

/* Rolls (a bit per roll index) on which a checker on `from` can travel
 * `dist` pips, every landing before the last allowed (land[t]: the mover
 * may stop on its point t; false past 24). */
static uint32_t cover_mask(const bool land[32], int from, int dist, bool single_only)
{
    uint32_t mask = 0;
    if (dist <= 6)
        for (int x = 1; x <= 6; x++)
            mask |= 1u << ridx(dist, x);
    if (single_only)
        return mask;
    for (int a = 1; a <= 6; a++) {
        int c = dist - a;
        if (c >= 1 && c < a && (land[from + a] || land[from + c]))
            mask |= 1u << ridx(a, c);
    }
    for (int k = 2; k <= 4; k++) {
        if (dist % k || dist / k > 6)
            continue;
        int a = dist / k;
        bool ok = true;
        for (int j = 1; j < k && ok; j++)
            ok = land[from + j * a];
        if (ok)
            mask |= 1u << ridx(a, a);
    }
    return mask;
}

static int bits(uint32_t m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* Weight of a set of rolls out of 36. */
static int mask_weight(uint32_t m)
{
    static const uint32_t DOUBLES = (1u << 0) | (1u << 2) | (1u << 5) | (1u << 9) | (1u << 14) | (1u << 20);
    return 2 * bits(m) - bits(m & DOUBLES);
}

void eval_exposure(const board_t *b, const rules_t *r, int s, int *rolls, double *piploss)
{
    int o = 1 - s;
    int obar = b->side[o][BOARD_BAR];
    const uint32_t ALL = (1u << DICE_ROLLS) - 1;
    uint32_t covered = 0;
    double loss = 0;
    bool land[32] = {false};
    for (int t = 1; t <= 24; t++)
        land[t] = o_landable(b, r, o, t);
    /* blots from the most valuable (farthest on) down: a roll's loss is
     * that of the first blot it hits */
    for (int p = 24; p >= 1 && covered != ALL; p--) {
        if (b->side[s][p] != 1)
            continue;
        int qb = board_under(b->geom, p); /* the blot's point in o's numbering */
        uint32_t mask = 0;
        if (obar > 0) {
            /* entering onto it; a lone bar checker may go on with the
             * other die, and then others may hit with that die */
            mask |= cover_mask(land, 0, qb, obar >= 2);
            if (obar == 1)
                for (int q = 1; q < qb; q++)
                    if (b->side[o][q])
                        mask |= cover_mask(land, q, qb - q, true);
        } else {
            for (int q = 1; q < qb && mask != ALL; q++)
                if (b->side[o][q] && qb - q <= 24)
                    mask |= cover_mask(land, q, qb - q, false);
        }
        uint32_t fresh = mask & ~covered;
        loss += mask_weight(fresh) * p;
        covered |= mask;
    }
    *rolls = mask_weight(covered);
    *piploss = loss / 36.0;
}

double eval_race_p(int pips_on_roll, int pips_other)
{
    double d = (double)(pips_other - pips_on_roll) + 4.0;
    double sd = 1.45 * sqrt((double)(pips_on_roll + pips_other) + 1.0);
    return 0.5 * erfc(-d / (sd * sqrt(2.0)));
}

/* Checkers of side s out of place for pattern `want` (19..24), or -1 when
 * the pattern is not allowed. */
static int pattern_excess(const board_t *b, int s, const int want[6])
{
    int ex = b->side[s][BOARD_BAR];
    for (int p = 1; p <= 24; p++) {
        int w = p >= 19 ? want[p - 19] : 0;
        if (b->side[s][p] > w)
            ex += b->side[s][p] - w;
    }
    return ex;
}

static const int PATTERNS[6][6] = {
    {0, 3, 3, 3, 3, 3}, {0, 0, 0, 5, 5, 5}, {0, 0, 0, 3, 5, 7},
    {0, 0, 0, 0, 0, 15}, {0, 0, 0, 1, 5, 9}, {0, 1, 2, 3, 4, 5}};
static const outcome_kind_t PATTERN_KINDS[6] = {
    OUT_ENKELT_KRONSPEL, OUT_DUBBELT_KRONSPEL, OUT_TRAPPSPEL, OUT_UPPSPEL, OUT_NIO_FEM_ETT,
    OUT_FEM_FYRA_TRE_TVA_ETT};

int eval_nearest_pattern(const board_t *b, const rules_t *r, int s, outcome_kind_t *kind)
{
    *kind = OUT_NONE;
    if (!r->patterns || b->side[s][BOARD_OFF] != 0)
        return 99;
    int outside = b->side[s][BOARD_BAR];
    for (int p = 1; p <= 18; p++)
        outside += b->side[s][p];
    if (outside >= 8)
        return 99; /* at least that many out of place: too far to matter */
    int best = 99;
    for (int i = 0; i < 6; i++) {
        if (i == 4 && !(r->extra_patterns & XPAT_951))
            continue;
        if (i == 5 && !(r->extra_patterns & XPAT_54321))
            continue;
        int ex = pattern_excess(b, s, PATTERNS[i]);
        if (ex < best) {
            best = ex;
            *kind = PATTERN_KINDS[i];
        }
    }
    return best;
}

/* Does side s have the right to blast on entering now (rules.md A6.6 (ii)). */
static bool entry_right(const board_t *b, const rules_t *r, int s)
{
    int bar = b->side[s][BOARD_BAR];
    if (bar == 0 || (r->last_checker_no_blast && board_last_checker(b, s)))
        return false;
    int f = board_free_entry(b, s);
    return (r->entry_blast == ENTRY_BLAST_B && bar > f) || (r->entry_blast == ENTRY_BLAST_A && f == 0);
}

static bool is_race(const board_t *b)
{
    for (int s = 0; s < 2; s++)
        for (int p = 0; p <= 12; p++)
            if (b->side[s][p])
                return false;
    return true;
}

static void side_features(const board_t *b, const rules_t *r, int s, double *x,
                          outcome_kind_t *near)
{
    int o = 1 - s;
    const uint8_t *me = b->side[s];
    int bar = me[BOARD_BAR];
    int q1 = board_own_q1(b, s);
    int jb = board_janblotta_count(b, s);
    int fr = board_free_entry(b, s);
    int blots_out = 0, blots_q3 = 0, q4 = 0, transit = 0, half2 = 0, bands_q3 = 0, bands_q4 = 0;
    int spj = 0;
    for (int p = 7; p <= 24; p++)
        blots_out += me[p] == 1;
    for (int p = 2; p <= 12; p++)
        transit += me[p];
    for (int p = 13; p <= 24; p++) {
        half2 += me[p];
        if (p <= 18) {
            blots_q3 += me[p] == 1;
            if (me[p] >= 2) {
                bands_q3++;
                int ex = bar + q1 + me[p] - 6;
                if (ex > spj)
                    spj = ex;
            }
        } else {
            q4 += me[p];
            bands_q4 += me[p] >= 2;
        }
    }
    /* the other side's checkers still to pass our bands on 13..24 (its 1..12) */
    int behind = b->side[o][BOARD_BAR];
    for (int q = 1; q <= 12; q++)
        behind += b->side[o][q];
    int prime = board_longest_prime(b, s);
    int rolls;
    double loss;
    eval_exposure(b, r, s, &rolls, &loss);
    int ex = eval_nearest_pattern(b, r, s, near);

    x[F_PIPS] = board_pips(b, s) / 100.0;
    x[F_BAR] = bar;
    x[F_Q1PTS] = q1 / 6.0;
    x[F_JB] = jb / 7.0;
    x[F_JB_OVER] = jb > 6 ? jb - 6 : 0;
    x[F_JB6] = jb == 6;
    x[F_JANSUM] = (bar + q1) / 6.0;
    x[F_FREE] = fr / 6.0;
    x[F_ENTRY_TROUBLE] = bar * (6 - fr) / 6.0;
    x[F_BLOTS_OUT] = blots_out / 6.0;
    x[F_EXPOSED] = rolls / 36.0;
    x[F_PIPLOSS] = loss / 24.0;
    x[F_EXPOSED_JB] = rolls / 36.0 * (jb > 4 ? jb - 4 : 0) / 3.0;
    x[F_Q4] = q4 / 15.0;
    x[F_OFF] = me[BOARD_OFF] / 15.0;
    x[F_HOME] = me[1] / 15.0;
    x[F_TRANSIT] = transit / 15.0;
    x[F_BANDS_Q3] = bands_q3 / 6.0;
    x[F_BANDS_Q4] = bands_q4 / 6.0;
    x[F_PRIME] = prime / 6.0;
    x[F_BARRIER] = r->barrier && prime >= r->barrier_min_run;
    x[F_BLOCKADE] = (bands_q3 + bands_q4) / 12.0 * behind / 15.0;
    x[F_SPJ] = (spj > 3 ? 3 : spj) / 3.0;
    x[F_SPJ_NOW] = entry_right(b, r, o) ? x[F_SPJ] : 0.0;
    x[F_BLAST_RIGHT] = entry_right(b, r, s);
    x[F_PATTERN_NEAR] = ex < 8 ? (8 - ex) / 8.0 : 0.0;
    x[F_PATTERN_READY] = ex <= 4 && board_all_in_q4(b, s);
    x[F_BLOTS_Q3] = blots_q3 / 6.0;
    x[F_SECOND_HALF] = half2 / 15.0;
}

void eval_features(const board_t *b, const rules_t *r, eval_features_t *f)
{
    memset(f, 0, sizeof *f);
    int p0 = board_pips(b, 0), p1 = board_pips(b, 1);
    f->race = is_race(b);
    f->x[G_BIAS] = 1.0;
    f->x[G_RACE] = f->race;
    if (f->race) {
        double p = eval_race_p(p0, p1);
        p = p < 1e-4 ? 1e-4 : p > 1 - 1e-4 ? 1 - 1e-4 : p;
        f->x[G_RACE_LOGIT] = log(p / (1 - p));
    }
    f->x[G_PIPDIFF] = (p1 - p0) / 100.0;
    f->x[G_CONTACT_PIPDIFF] = f->race ? 0.0 : f->x[G_PIPDIFF];
    for (int s = 0; s < 2; s++)
        side_features(b, r, s, f->x + eval_side_feature(s, 0), &f->near_pattern[s]);
}

static const char *const GLOBAL_NAMES[G_COUNT] = {"bias", "race", "race-logit", "pip-diff",
                                                  "contact-pip-diff"};
static const char *const SIDE_NAMES[F_COUNT] = {
    "pips", "bar", "q1-points", "jb", "jb-over", "jb6", "jan-sum", "free-entry",
    "entry-trouble", "blots-out", "exposed", "pip-loss", "exposed-jb", "q4", "off", "home",
    "transit", "bands-q3", "bands-q4", "prime", "barrier", "blockade", "spj", "spj-now",
    "blast-right", "pattern-near", "pattern-ready", "blots-q3", "second-half"};

const char *eval_feature_name(int i, char *buf, size_t size)
{
    if (i < G_COUNT)
        snprintf(buf, size, "%s", GLOBAL_NAMES[i]);
    else
        snprintf(buf, size, "%s.%s", i < G_COUNT + F_COUNT ? "me" : "you",
                 SIDE_NAMES[(i - G_COUNT) % F_COUNT]);
    return buf;
}
