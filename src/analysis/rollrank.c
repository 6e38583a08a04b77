/*
 * rollrank.c - plays ranked by rollouts over a search (see rollrank.h).
 */
#include "analysis/rollrank.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/evalnet.h"
#include "engine/posid.h"

void rollrank_from_search(const search_play_t *sp, int n, rollrank_play_t *rk)
{
    for (int i = 0; i < n; i++) {
        memset(&rk[i], 0, sizeof rk[i]);
        rk[i].sp = sp[i];
        rk[i].equity = sp[i].value.equity;
    }
}

/* Rolled out first; then deeper first; then by equity; ties in movegen
 * order (so the sort is the same on every machine). */
static int cmp_rank(const void *x, const void *y)
{
    const rollrank_play_t *a = x, *b = y;
    if (a->rolled != b->rolled)
        return a->rolled ? -1 : 1;
    if (!a->rolled && a->sp.plies != b->sp.plies)
        return b->sp.plies - a->sp.plies;
    if (a->equity != b->equity)
        return a->equity < b->equity ? 1 : -1;
    return a->sp.index - b->sp.index;
}

int rollrank_run(rollrank_play_t *rk, int n, int top, const board_t *mine_after, const rules_t *r,
                 const rollout_opts_t *o)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool mine = mine_after && board_equal(&rk[i].sp.play.after, mine_after);
        rk[i].slot = i < top || mine ? k++ : -1;
    }
    size_t games = o->games > 0 ? (size_t)o->games : 1;
    double *ge = k ? malloc(sizeof *ge * games * (size_t)k) : NULL;
    if (k && !ge)
        return -1;
    rollout_opts_t each = *o;
    for (int i = 0; i < n; i++) {
        if (rk[i].slot < 0)
            continue;
        each.game_equity = ge + (size_t)rk[i].slot * games;
        if (rollout_play(&rk[i].sp.play, r, &each, &rk[i].ro) != 0) {
            free(ge);
            return -1;
        }
        if (rk[i].ro.stopped) {
            free(ge);
            return 1;
        }
        rk[i].rolled = true;
        rk[i].equity = rk[i].ro.equity;
    }
    qsort(rk, (size_t)n, sizeof *rk, cmp_rank);
    /* each rolled-out play against the best, game by game */
    for (int i = 0; i < n && rk[i].rolled; i++) {
        const double *best = ge + (size_t)rk[0].slot * games, *x = ge + (size_t)rk[i].slot * games;
        double sum = 0, sq = 0;
        for (size_t g = 0; g < games; g++) {
            double d = best[g] - x[g];
            sum += d;
            sq += d * d;
        }
        double mean = sum / (double)games;
        double var = games > 1 ? (sq - (double)games * mean * mean) / (double)(games - 1) : 0;
        rk[i].paired_ci95 = i == 0 || var <= 0 ? 0 : 1.96 * sqrt(var / (double)games);
    }
    free(ge);
    return 0;
}

int rollrank_find(const rollrank_play_t *rk, int n, const board_t *after)
{
    for (int i = 0; i < n; i++)
        if (board_equal(&rk[i].sp.play.after, after))
            return i;
    return -1;
}

double rollrank_lost(const rollrank_play_t *rk, int n, int i)
{
    double lost = rk[0].equity - rk[i].equity;
    if (rk[0].rolled && !rk[i].rolled) {
        int near = -1;
        for (int j = 0; j < n && rk[j].rolled; j++)
            if (near < 0 || fabs(rk[j].sp.value.equity - rk[i].sp.value.equity) <
                                fabs(rk[near].sp.value.equity - rk[i].sp.value.equity))
                near = j;
        lost = rk[0].equity - rk[near].equity + rk[near].sp.value.equity - rk[i].sp.value.equity;
    }
    return lost < 0 ? 0 : lost;
}

eval_t rollrank_value(const rollrank_play_t *x)
{
    eval_t v = x->rolled ? x->ro.mean : x->sp.value;
    v.equity = x->equity;
    return v;
}

bool rollrank_race_wanted(const board_t *b, const rules_t *r, eval_kind_t kind)
{
    if (kind != EVAL_DEFAULT || !r->patterns || !r->name)
        return false;
    if (strcmp(r->name, "vasa") != 0 && strcmp(r->name, "theboard") != 0)
        return false;
    return evalnet_phase(b) == EVALNET_RACE;
}

void rollrank_race_opts(const board_t *b, roll_t roll, rollout_opts_t *o)
{
    rollout_default_opts(o);
    o->games = ROLLRANK_RACE_GAMES;
    /* FNV-1a over the position id and the roll (lower die first): the
     * id, not the board's bytes, which may hold padding */
    char id[POSID_SIZE];
    posid_write(b->geom, b, id);
    uint64_t h = 1469598103934665603u;
    for (const char *s = id; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    int lo = roll.a < roll.b ? roll.a : roll.b, hi = roll.a < roll.b ? roll.b : roll.a;
    h = (h ^ (uint64_t)(lo * 7 + hi)) * 1099511628211u;
    o->seed = h;
}

int rollrank_race(const board_t *b, roll_t roll, const rules_t *r, const search_play_t *sp, int n,
                  const board_t *mine_after, rollrank_play_t *rk, rollout_opts_t *ro)
{
    const volatile sig_atomic_t *stop = ro->stop; /* the caller's */
    rollrank_race_opts(b, roll, ro);
    ro->stop = stop;
    rollrank_from_search(sp, n, rk);
    return rollrank_run(rk, n, ROLLRANK_RACE_TOP, mine_after, r, ro);
}

void rollrank_series_opts(const board_t *b, roll_t roll, const int owed[2], rollout_opts_t *o)
{
    rollrank_race_opts(b, roll, o);
    o->games = ROLLRANK_SERIES_GAMES;
    o->series_owed[0] = owed[0];
    o->series_owed[1] = owed[1];
}

int rollrank_series(const board_t *b, roll_t roll, const rules_t *r, const int owed[2], const search_play_t *sp,
                    int n, const board_t *mine_after, rollrank_play_t *rk, rollout_opts_t *ro)
{
    const volatile sig_atomic_t *stop = ro->stop; /* the caller's */
    rollrank_series_opts(b, roll, owed, ro);
    ro->stop = stop;
    rollrank_from_search(sp, n, rk);
    return rollrank_run(rk, n, roll.b ? ROLLRANK_SERIES_TOP : n, mine_after, r, ro);
}

rollrank_by_t rollrank_wanted(const board_t *b, roll_t roll, const rules_t *r, eval_kind_t kind, const int *series)
{
    if (kind != EVAL_DEFAULT)
        return ROLLRANK_BY_SEARCH;
    if (series && (!roll.b || series[1] > 0))
        return ROLLRANK_BY_SERIES;
    return rollrank_race_wanted(b, r, kind) ? ROLLRANK_BY_RACE : ROLLRANK_BY_SEARCH;
}

int rollrank_by(rollrank_by_t by, const board_t *b, roll_t roll, const rules_t *r, const int *series,
                const search_play_t *sp, int n, const board_t *mine_after, rollrank_play_t *rk, rollout_opts_t *ro)
{
    if (by == ROLLRANK_BY_SERIES)
        return rollrank_series(b, roll, r, series, sp, n, mine_after, rk, ro);
    if (by == ROLLRANK_BY_RACE)
        return rollrank_race(b, roll, r, sp, n, mine_after, rk, ro);
    rollrank_from_search(sp, n, rk);
    return 0;
}
