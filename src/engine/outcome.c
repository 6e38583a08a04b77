/*
 * outcome.c - winning patterns, munk, backgammon results and the scoring
 * tables of rules.md B8.
 */
#include "engine/outcome.h"

static const char *const KIND_NAMES[OUT_KIND_COUNT] = {
    "none",      "hemspel",          "enkelt-kronspel", "dubbelt-kronspel", "trappspel",
    "uppspel",   "kejsarspel",       "nio-fem-ett",     "fem-fyra-tre-tva-ett", "jan",
    "sprangjan", "resign",           "draw",            "single",           "gammon",
    "backgammon", "drop"};

const char *outcome_kind_name(outcome_kind_t k)
{
    return (unsigned)k < OUT_KIND_COUNT ? KIND_NAMES[k] : "?";
}

bool outcome_is_pattern(outcome_kind_t k)
{
    return k >= OUT_ENKELT_KRONSPEL && k <= OUT_FEM_FYRA_TRE_TVA_ETT;
}

/* True when points 19..24 of side s hold exactly want[0..5] (want[5] = 24). */
static bool shape(const board_t *b, int s, const int want[6])
{
    for (int i = 0; i < 6; i++)
        if (b->side[s][19 + i] != want[i])
            return false;
    return true;
}

outcome_kind_t outcome_pattern(const board_t *b, int s, const rules_t *r)
{
    static const int crown1[6] = {0, 3, 3, 3, 3, 3};
    static const int crown2[6] = {0, 0, 0, 5, 5, 5};
    static const int stairs[6] = {0, 0, 0, 3, 5, 7};
    static const int tower[6] = {0, 0, 0, 0, 0, 15};
    static const int p951[6] = {0, 0, 0, 1, 5, 9};
    static const int p54321[6] = {0, 1, 2, 3, 4, 5};
    if (!r->patterns || !board_all_in_q4(b, s) || b->side[s][BOARD_OFF] != 0)
        return OUT_NONE;
    if (shape(b, s, crown1))
        return OUT_ENKELT_KRONSPEL;
    if (shape(b, s, crown2))
        return OUT_DUBBELT_KRONSPEL;
    if (shape(b, s, stairs))
        return OUT_TRAPPSPEL;
    if (shape(b, s, tower))
        return OUT_UPPSPEL;
    if ((r->extra_patterns & XPAT_951) && shape(b, s, p951))
        return OUT_NIO_FEM_ETT;
    if ((r->extra_patterns & XPAT_54321) && shape(b, s, p54321))
        return OUT_FEM_FYRA_TRE_TVA_ETT;
    return OUT_NONE;
}

int outcome_munk(const board_t *b, int s, outcome_kind_t k, const rules_t *r)
{
    if (r->munk == MUNK_NONE || !(k == OUT_HEMSPEL || outcome_is_pattern(k)))
        return 0;
    return b->side[1 - s][BOARD_BAR];
}

outcome_kind_t outcome_bg_kind(const board_t *b, int s)
{
    int o = 1 - s;
    if (b->side[o][BOARD_OFF] > 0)
        return OUT_SINGLE;
    /* The winner's home board is its points 19..24 = the loser's 1..6. */
    if (b->side[o][BOARD_BAR] > 0)
        return OUT_BACKGAMMON;
    for (int p = 1; p <= 6; p++)
        if (b->side[o][p])
            return OUT_BACKGAMMON;
    return OUT_GAMMON;
}

/* Rows of B8: base value and tiebreak mark per outcome class. */
enum { ROW_HEM, ROW_VACKERT, ROW_RESIGN, ROW_HEM_MUNK, ROW_VACKERT_MUNK, ROW_JAN, ROW_SPRANG, ROWS };

static const int TABLE[][ROWS] = {
    /* hem vack resign hem+m vack+m jan sprang */
    [SCORING_WW] = {1, 1, 1, 2, 2, 2, 4},
    [SCORING_NY1] = {1, 1, 1, 2, 2, 2, 4},
    [SCORING_NY2] = {3, 3, 4, 5, 5, 7, 11},
    [SCORING_HELMFRID] = {1, 1, 1, 2, 2, 2, 4},
    [SCORING_VASA] = {1, 2, 1, 2, 3, 4, 6},
    [SCORING_TRADITIONAL] = {1, 1, 1, 2, 2, 2, 4},
    [SCORING_BACKGAMMON] = {1, 1, 1, 1, 1, 1, 1},
};
/* +1: a mark for the winner, -1: for the loser (Ny 1 and Helmfrid). */
static const int MARKS[ROWS] = {0, 0, +1, -1, -1, +1, -1};

void outcome_score(outcome_t *o, const rules_t *r)
{
    o->tiebreak = 0;
    switch (o->kind) {
    case OUT_NONE:
    case OUT_DRAW:
        o->points = 0;
        return;
    case OUT_SINGLE:
    case OUT_DROP:
        o->points = 1;
        return;
    case OUT_GAMMON:
        o->points = 2;
        return;
    case OUT_BACKGAMMON:
        o->points = 3;
        return;
    default:
        break;
    }
    int row;
    bool munk = o->munk > 0;
    if (o->kind == OUT_HEMSPEL)
        row = munk ? ROW_HEM_MUNK : ROW_HEM;
    else if (outcome_is_pattern(o->kind))
        row = munk ? ROW_VACKERT_MUNK : ROW_VACKERT;
    else if (o->kind == OUT_RESIGN)
        row = ROW_RESIGN;
    else if (o->kind == OUT_JAN)
        row = ROW_JAN;
    else
        row = ROW_SPRANG;
    int pts = TABLE[r->scoring][row];
    /* Traditional scoring (WP): uppspel and kejsarspel count double. */
    if (r->scoring == SCORING_TRADITIONAL && (o->kind == OUT_UPPSPEL || o->kind == OUT_KEJSARSPEL))
        pts += 1;
    /* Dubbelmunk: each bar checker beyond the first is one more game. */
    if (munk && r->munk == MUNK_PER_CHECKER)
        pts += (o->munk - 1) * TABLE[r->scoring][ROW_HEM];
    /* Dubbeljan: each checker beyond the jan is one more game. */
    if ((o->kind == OUT_JAN || o->kind == OUT_SPRANGJAN) && r->dubbeljan && o->jan_excess > 1)
        pts += (o->jan_excess - 1) * TABLE[r->scoring][ROW_HEM];
    o->points = pts;
    /* The marks are kept for every bräde result; whether a match counts
     * them is the match-tiebreak option (match.c). */
    o->tiebreak = MARKS[row];
}

int outcome_rank(const outcome_t *o)
{
    return o->points * 4 + (o->kind == OUT_SPRANGJAN ? 2 : 0) + o->tiebreak + 1;
}
