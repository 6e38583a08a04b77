/*
 * facts.c - exact counts over the 36 rolls (see facts.h).
 */
#include "analysis/facts.h"

#include <string.h>

#include "analysis/dice.h"

/* Steps flags of a play, or'ed. */
static int play_flags(const play_t *p)
{
    int f = 0;
    for (int i = 0; i < p->nsteps; i++)
        f |= p->steps[i].flags;
    return f;
}

static bool is_jan_kind(outcome_kind_t k)
{
    return k == OUT_JAN || k == OUT_SPRANGJAN;
}

/* Wins of one roll: marks the kinds some play reaches. */
static void wins_of_roll(movegen_buf_t *buf, int n, int w, facts_wins_t *out)
{
    bool kinds[OUT_KIND_COUNT] = {false};
    bool any = false, munk = false;
    int best = 0;
    for (int i = 0; i < n; i++) {
        const outcome_t *o = &movegen_play(buf, i)->outcome;
        if (o->kind == OUT_NONE)
            continue;
        any = true;
        kinds[o->kind] = true;
        munk |= o->munk > 0;
        if (o->points > best)
            best = o->points;
    }
    if (!any)
        return;
    out->any += w;
    for (int k = 0; k < OUT_KIND_COUNT; k++)
        if (kinds[k])
            out->by_kind[k] += w;
    if (munk)
        out->munk += w;
    out->best_points += w * best;
}

void facts_wins(const board_t *b, const rules_t *r, movegen_buf_t *buf, facts_wins_t *out)
{
    memset(out, 0, sizeof *out);
    for (int k = 0; k < DICE_ROLLS; k++) {
        int w;
        roll_t roll = dice_roll(k, &w);
        int n = movegen_plays(b, r, roll, buf);
        if (n > 0)
            wins_of_roll(buf, n, w, out);
    }
}

void facts_shots_now(const board_t *b, const rules_t *r, movegen_buf_t *buf, facts_shots_t *out)
{
    board_t o = *b;
    board_swap(&o);
    memset(out, 0, sizeof *out);
    if (o.side[0][BOARD_OFF] == 15 || o.side[1][BOARD_OFF] == 15)
        return;
    for (int k = 0; k < DICE_ROLLS; k++) {
        int w;
        roll_t roll = dice_roll(k, &w);
        int n = movegen_plays(&o, r, roll, buf);
        bool hit = false, blast = false, jan = false, win = false;
        for (int i = 0; i < n; i++) {
            const play_t *p = movegen_play(buf, i);
            int f = play_flags(p);
            hit |= (f & STEP_HIT) != 0;
            blast |= (f & STEP_BLAST) != 0;
            jan |= is_jan_kind(p->outcome.kind);
            win |= p->outcome.kind != OUT_NONE;
        }
        out->hit += hit ? w : 0;
        out->blast += blast ? w : 0;
        out->jan += jan ? w : 0;
        out->any += (hit || blast || jan) ? w : 0;
        out->win += win ? w : 0;
    }
}

void facts_shots_after(const board_t *after, const rules_t *r, movegen_buf_t *buf,
                       facts_shots_t *out)
{
    /* `after` has the player who moved as side[0]: exactly the "now" view
     * of that player, whose opponent rolls next. */
    facts_shots_now(after, r, buf, out);
}

int facts_sprangjan_rolls(const board_t *b, const rules_t *r, movegen_buf_t *buf)
{
    facts_wins_t w;
    facts_wins(b, r, buf, &w);
    return w.by_kind[OUT_SPRANGJAN];
}

void facts_position(const board_t *b, const rules_t *r, movegen_buf_t *buf, facts_t *out)
{
    memset(out, 0, sizeof *out);
    for (int s = 0; s < 2; s++) {
        out->pips[s] = board_pips(b, s);
        out->bar[s] = b->side[s][BOARD_BAR];
        out->off[s] = b->side[s][BOARD_OFF];
        if (r->geometry == GEOM_BRADE) {
            out->free_entry[s] = board_free_entry(b, s);
            out->janblotta[s] = board_janblotta_count(b, s);
            out->jan_excess[s] = board_jan_excess(b, s);
        }
    }
    int bar = b->side[0][BOARD_BAR];
    for (int k = 0; k < DICE_ROLLS; k++) {
        int w;
        roll_t roll = dice_roll(k, &w);
        int n = movegen_plays(b, r, roll, buf);
        if (n <= 0)
            continue;
        wins_of_roll(buf, n, w, &out->wins);
        bool hit = false, blast = false, enter = false, enter_all = false, moved = false;
        bool all_jb = r->jan;
        for (int i = 0; i < n; i++) {
            const play_t *p = movegen_play(buf, i);
            int f = play_flags(p);
            hit |= (f & STEP_HIT) != 0;
            blast |= (f & STEP_BLAST) != 0;
            enter |= (f & STEP_ENTER) != 0;
            moved |= p->nsteps > 0;
            if (bar > 0 && p->after.side[0][BOARD_BAR] == 0 && p->nsteps > 0)
                enter_all = true;
            /* a play that wins ends the game: the janblotta does not matter */
            if (p->outcome.kind != OUT_NONE || board_janblotta_count(&p->after, 0) < 7)
                all_jb = false;
        }
        out->hit += hit ? w : 0;
        out->blast += blast ? w : 0;
        out->enter += enter ? w : 0;
        out->enter_all += enter_all ? w : 0;
        out->no_move += moved ? 0 : w;
        out->jb_forced += all_jb ? w : 0;
    }
    facts_shots_now(b, r, buf, &out->shots);
}
