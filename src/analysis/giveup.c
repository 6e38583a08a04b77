/*
 * giveup.c - the decision to give up (see giveup.h).
 */
#include "analysis/giveup.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/outcome.h"

/* May the side on roll give up, by the board alone (see giveup.h). */
bool giveup_allowed(const board_t *b, const rules_t *r) { return r->allow_resign && game_resign_clean(b); }

/* What giving up costs under the search context's ruleset. */
static int cost_of(const search_ctx_t *sc)
{
    outcome_t o = {OUT_RESIGN, 0, 0, 0, 0};
    outcome_score(&o, &sc->eval->rules);
    return o.points;
}

/* One roll: its best play `plies` deep, and whether some play keeps the
 * right to give up.  `ranked` holds MOVEGEN_MAX_PLAYS entries; a roll that
 * cannot be played ranks its one empty play (the board as it was, which
 * keeps the right).  False when the buffer overflowed. */
static bool one_roll(search_ctx_t *sc, const board_t *b, roll_t roll, int plies, search_play_t *ranked,
                     giveup_roll_t *out)
{
    search_opts_t so;
    search_default_opts(plies, &so);
    int n = search_rank(sc, b, roll, &so, ranked);
    if (n < 0)
        return false;
    assert(n > 0); /* movegen gives the empty play when nothing can move */
    out->roll = roll;
    out->keeps = false;
    for (int i = 0; i < n && !out->keeps; i++)
        out->keeps = game_resign_clean(&ranked[i].play.after);
    out->best = ranked[0].value.equity;
    out->best_play = ranked[0].play;
    return true;
}

/* Clears out, sets its cost and depth, and returns a ranking buffer of
 * MOVEGEN_MAX_PLAYS entries for the caller to free (NULL: out of memory). */
static search_play_t *begin(const search_ctx_t *sc, int plies, giveup_eval_t *out)
{
    memset(out, 0, sizeof *out);
    out->cost = cost_of(sc);
    out->plies = plies;
    return malloc(sizeof(search_play_t) * MOVEGEN_MAX_PLAYS);
}

/* The decision before the roll (see giveup.h). */
bool giveup_before_roll(search_ctx_t *sc, const board_t *b, int plies, giveup_eval_t *out)
{
    search_play_t *ranked = begin(sc, plies, out);
    if (!ranked)
        return false;
    double sum = 0, breach = 0, keep = 0;
    int nkeep = 0;
    bool ok = true;
    for (int k = 0; k < DICE_ROLLS; k++) {
        giveup_roll_t *r = &out->rolls[k];
        roll_t roll = dice_roll(k, &r->weight);
        if (!(ok = one_roll(sc, b, roll, plies, ranked, r)))
            break;
        double v = r->best;
        if (r->keeps) {
            if (v < -out->cost)
                v = -out->cost;
            keep += r->weight * v;
            nkeep += r->weight;
        } else {
            breach += r->weight * v;
            out->breach += r->weight;
        }
        sum += r->weight * v;
    }
    free(ranked);
    if (!ok)
        return false;
    out->play_on = sum / 36.0;
    out->breach_mean = out->breach ? breach / out->breach : 0;
    out->keep_mean = nkeep ? keep / nkeep : 0;
    out->give_up = out->play_on < -out->cost;
    return true;
}

/* The decision after a roll (see giveup.h). */
bool giveup_after_roll(search_ctx_t *sc, const board_t *b, roll_t roll, int plies, giveup_eval_t *out)
{
    search_play_t *ranked = begin(sc, plies, out);
    if (!ranked)
        return false;
    out->after_roll = true;
    out->rolls[0].weight = roll.a == roll.b ? 1 : 2;
    bool ok = one_roll(sc, b, roll, plies, ranked, &out->rolls[0]);
    free(ranked);
    if (!ok)
        return false;
    out->play_on = out->rolls[0].best;
    out->give_up = out->play_on < -out->cost;
    return true;
}

/* The decision for a position, with a search context of its own (see
 * giveup.h). */
bool giveup_position(const board_t *b, const rules_t *r, const roll_t *roll, int plies, giveup_eval_t *out)
{
    search_ctx_t *sc = search_ctx_new(r, EVAL_DEFAULT);
    if (!sc)
        return false;
    bool ok = roll ? giveup_after_roll(sc, b, *roll, plies, out) : giveup_before_roll(sc, b, plies, out);
    search_ctx_free(sc);
    return ok;
}
