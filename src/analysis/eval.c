/*
 * eval.c - evaluation contexts, the exact one-roll lookahead (and the cache
 * of its answers a search turns on), and the arithmetic of eval_t (see
 * eval.h).  Ownership: a context owns its move buffer, the nets' scratch
 * and the ending cache; the nets and weights it uses are the caller's.
 */
#include "analysis/eval.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/dice.h"
#include "analysis/eval_model.h"
#include "analysis/evalnet.h"

/* The ending cache: eval_position's answer for positions where a roll may
 * end the game (end_rolls), 2^14 direct-mapped entries of about 360 bytes
 * (6 MB), made the first time a search turns it on.  A 2-ply search of a
 * bräde race with checkers borne off meets the same such positions again
 * and again (through plays made in another order, and the same reply to
 * different plays): see docs/analysis.md for what it saves. */
enum { ENDS_BITS = 14, ENDS_SIZE = 1 << ENDS_BITS };

typedef struct ending_entry {
    uint32_t gen; /* valid when equal to the cache's generation */
    uint8_t side[2][BOARD_SLOTS];
    eval_t e;
} ending_entry_t;

struct eval_ending_cache {
    uint32_t gen;
    bool on;
    ending_entry_t e[ENDS_SIZE];
};

/* The slot of a position: the top bits of its hash (the best mixed). */
static uint32_t ending_slot(const board_t *b)
{
    return (uint32_t)(board_hash(b) >> (64 - ENDS_BITS));
}

/* Forgets every entry at once (a new generation; the memory is cleared
 * only when the counter wraps). */
static void ending_forget(struct eval_ending_cache *k)
{
    if (++k->gen == 0) {
        memset(k->e, 0, sizeof k->e);
        k->gen = 1;
    }
}

eval_ctx_t *eval_ctx_new(const rules_t *r, eval_kind_t kind)
{
    eval_ctx_t *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->buf = movegen_buf_new();
    if (!c->buf) {
        free(c);
        return NULL;
    }
    c->rules = *r;
    c->lookahead = kind != EVAL_PIPS;
    if (kind == EVAL_NET) {
        const evalnet_t *n = evalnet_builtin(r);
        if (n && !eval_ctx_set_net(c, n)) {
            eval_ctx_free(c);
            return NULL;
        }
        if (!n)
            kind = EVAL_LINEAR;
    }
    c->kind = kind;
    c->weights = kind == EVAL_HAND ? eval_weights_hand() : kind == EVAL_PIPS ? NULL
                                                                           : eval_weights_fitted();
    return c;
}

bool eval_ctx_set_net(eval_ctx_t *c, const evalnet_t *n)
{
    if (!c->scratch && !(c->scratch = calloc(1, sizeof *c->scratch)))
        return false;
    c->net = n;
    c->kind = EVAL_NET;
    evalnet_cache_stop(c->scratch);
    if (c->ends) /* its answers were another evaluator's */
        c->ends->on = false;
    /* Backgammon nets need no exact lookahead: bear-offs are exact from the
     * database and the race net knows the rest (measured against gnubg:
     * the same choices, and a 2-ply search of a late race up to ten times
     * cheaper).  In bräde a roll can end the game by jan, sprängjan or a
     * pattern from the middle of the board, and the lookahead counts those
     * exactly. */
    c->lookahead = c->rules.geometry != GEOM_BACKGAMMON;
    return true;
}

static const char *const KIND_NAMES[] = {
    [EVAL_LINEAR] = "linear", [EVAL_HAND] = "hand", [EVAL_PIPS] = "pips", [EVAL_NET] = "net"};

const char *eval_kind_name(eval_kind_t k)
{
    return KIND_NAMES[k];
}

bool eval_kind_parse(const char *name, eval_kind_t *out)
{
    if (strcmp(name, "shipped") == 0) {
        *out = EVAL_DEFAULT;
        return true;
    }
    for (int k = 0; k < (int)(sizeof KIND_NAMES / sizeof KIND_NAMES[0]); k++) {
        if (strcmp(name, KIND_NAMES[k]) == 0) {
            *out = (eval_kind_t)k;
            return true;
        }
    }
    return false;
}

void eval_ctx_free(eval_ctx_t *c)
{
    if (!c)
        return;
    free(c->ends);
    movegen_buf_free(c->buf);
    if (c->scratch)
        evalnet_cache_free(c->scratch);
    free(c->scratch);
    free(c);
}

void eval_ctx_cache(eval_ctx_t *c, bool on)
{
    if (on && c->lookahead && !c->ends)
        c->ends = calloc(1, sizeof *c->ends);
    if (c->ends) {
        if (on)
            ending_forget(c->ends);
        c->ends->on = on && c->lookahead;
    }
    if (c->kind != EVAL_NET || !c->scratch)
        return;
    if (on)
        (void)evalnet_cache_start(c->scratch);
    else
        evalnet_cache_stop(c->scratch);
}

bool eval_can_prune(const eval_ctx_t *c)
{
    return c->kind == EVAL_NET && c->net && c->net->prune[0];
}

double eval_play_rough(eval_ctx_t *c, const play_t *p)
{
    if (p->outcome.kind != OUT_NONE) {
        eval_t e;
        eval_from_outcome(&p->outcome, true, &e);
        return e.equity;
    }
    board_t next = p->after;
    board_swap(&next);
    return -evalnet_prune_equity(c->net, &next, &c->rules, c->scratch);
}

void eval_ctx_set_weights(eval_ctx_t *c, const eval_weights_t *w)
{
    c->weights = w;
    if (c->ends) /* its answers were other weights' */
        c->ends->on = false;
}

/* ---- arithmetic ---- */

void eval_zero(eval_t *e)
{
    memset(e, 0, sizeof *e);
}

void eval_from_outcome(const outcome_t *o, bool mover_won, eval_t *out)
{
    eval_zero(out);
    if (o->kind == OUT_NONE || o->kind == OUT_DRAW)
        return;
    double *to = mover_won ? out->win : out->lose;
    to[o->kind] = 1.0;
    if (o->munk > 0) {
        if (mover_won)
            out->win_munk = 1.0;
        else
            out->lose_munk = 1.0;
    }
    out->equity = mover_won ? o->points : -o->points;
}

void eval_flip(eval_t *e)
{
    for (int k = 0; k < OUT_KIND_COUNT; k++) {
        double t = e->win[k];
        e->win[k] = e->lose[k];
        e->lose[k] = t;
    }
    double t = e->win_munk;
    e->win_munk = e->lose_munk;
    e->lose_munk = t;
    e->equity = -e->equity;
}

void eval_add_scaled(eval_t *acc, const eval_t *e, double w)
{
    for (int k = 0; k < OUT_KIND_COUNT; k++) {
        acc->win[k] += w * e->win[k];
        acc->lose[k] += w * e->lose[k];
    }
    acc->win_munk += w * e->win_munk;
    acc->lose_munk += w * e->lose_munk;
    acc->equity += w * e->equity;
}

double eval_p_win(const eval_t *e)
{
    double s = 0;
    for (int k = 0; k < OUT_KIND_COUNT; k++)
        s += e->win[k];
    return s;
}

double eval_p_lose(const eval_t *e)
{
    double s = 0;
    for (int k = 0; k < OUT_KIND_COUNT; k++)
        s += e->lose[k];
    return s;
}

int eval_points(outcome_kind_t k, bool munk, const rules_t *r)
{
    outcome_t o;
    memset(&o, 0, sizeof o);
    o.kind = k;
    o.munk = munk ? 1 : 0;
    o.jan_excess = 1;
    outcome_score(&o, r);
    return o.points;
}

double eval_equity_of(const eval_t *e, const rules_t *r)
{
    double eq = 0;
    for (int k = 1; k < OUT_KIND_COUNT; k++) {
        if (e->win[k] == 0 && e->lose[k] == 0)
            continue;
        int pts = eval_points((outcome_kind_t)k, false, r);
        eq += pts * (e->win[k] - e->lose[k]);
    }
    /* munk adds the same to hemspel and vackert spel in every table */
    int bonus = eval_points(OUT_HEMSPEL, true, r) - eval_points(OUT_HEMSPEL, false, r);
    eq += bonus * (e->win_munk - e->lose_munk);
    return eq;
}

/* ---- evaluation ---- */

/* Pip-count race only: the greedy baseline. */
static void eval_pips(const board_t *b, const rules_t *r, eval_t *out)
{
    eval_zero(out);
    double p = eval_race_p(board_pips(b, 0), board_pips(b, 1));
    outcome_kind_t k = r->geometry == GEOM_BACKGAMMON ? OUT_SINGLE : OUT_HEMSPEL;
    out->win[k] = p;
    out->lose[k] = 1 - p;
    out->equity = eval_equity_of(out, r);
}

void eval_static(eval_ctx_t *c, const board_t *b, eval_t *out)
{
    c->evaluations++;
    if (c->kind == EVAL_PIPS) {
        eval_pips(b, &c->rules, out);
        return;
    }
    if (c->kind == EVAL_NET) {
        evalnet_eval(c->net, b, &c->rules, c->scratch, out);
        return;
    }
    if (c->rules.geometry == GEOM_BACKGAMMON) {
        eval_bg(b, &c->rules, out);
        out->equity = eval_equity_of(out, &c->rules);
        return;
    }
    eval_features_t f;
    eval_features(b, &c->rules, &f);
    eval_model_apply(c->weights, &f, &c->rules, out);
}

/* Which rolls might end the game: none, only doubles (which move up to
 * four checkers), or any. */
enum { END_NONE = 0, END_DOUBLES = 1, END_ALL = 2 };

static int max_of(int a, int b)
{
    return a > b ? a : b;
}

/* Hemspel: every remaining checker within one roll (at most 24 pips); more
 * than two checkers left need a double. */
static int bear_off_rolls(const board_t *b)
{
    const uint8_t *me = b->side[0];
    if (me[BOARD_BAR] || me[BOARD_OFF] < 11 || board_pips(b, 0) > 24)
        return END_NONE;
    return me[BOARD_OFF] >= 13 ? END_ALL : END_DOUBLES;
}

/* A vackert spel within one roll: at most four checkers out of place (two
 * without a double). */
static int pattern_rolls(const board_t *b, const rules_t *r)
{
    const uint8_t *me = b->side[0];
    if (!r->patterns || me[BOARD_OFF] || me[BOARD_BAR])
        return END_NONE;
    if ((r->extra_patterns & XPAT_KEJSAR) && me[23] == 7 && me[24] == 7)
        return END_ALL;
    int outside = 0;
    for (int p = 1; p <= 18; p++)
        outside += me[p];
    if (outside > 4)
        return END_NONE;
    outcome_kind_t kind;
    int ex = eval_nearest_pattern(b, r, 0, &kind);
    return ex <= 2 ? END_ALL : ex <= 4 ? END_DOUBLES : END_NONE;
}

/* Jan: the other side's bar and first-quarter points, plus what this roll
 * could at most send to the bar, exceed 6.  Each die hits at most one blot
 * (two without a double, four with one); a blast (on entering, in a
 * barrier, the double-six stack) may send a whole band. */
static int jan_rolls(const board_t *b, const rules_t *r)
{
    if (!r->jan)
        return END_NONE;
    const uint8_t *you = b->side[1];
    int need = 7 - you[BOARD_BAR] - board_own_q1(b, 1);
    int blots = 0;
    for (int q = 7; q <= 24; q++)
        blots += you[q] == 1;
    bool entering = b->side[0][BOARD_BAR] > 0 && r->entry_blast != ENTRY_BLAST_NONE;
    bool barrier = r->barrier && board_longest_prime(b, 1) >= r->barrier_min_run;
    if (entering || barrier || r->double_six != DOUBLE_SIX_OFF) {
        int extra = 0;
        for (int p = 1; p <= 24; p++) {
            int q = board_under(b->geom, p);
            if (you[q] < 2)
                continue;
            /* a blast inside its own first quarter also frees a point */
            int gain = q <= 6 ? you[q] - 1 : you[q];
            if ((entering && p <= 6) || barrier || (r->double_six != DOUBLE_SIX_OFF && q == 7))
                extra += gain;
        }
        if (extra > 0)
            return (blots < 4 ? blots : 4) + extra >= need ? END_ALL : END_NONE;
    }
    if (need <= 2 && blots >= need)
        return END_ALL;
    return need <= 4 && blots >= need ? END_DOUBLES : END_NONE;
}

static int end_rolls(const board_t *b, const rules_t *r)
{
    if (b->side[0][BOARD_OFF] == 15 || b->side[1][BOARD_OFF] == 15)
        return END_NONE;
    return max_of(bear_off_rolls(b), max_of(pattern_rolls(b, r), jan_rolls(b, r)));
}

bool eval_may_end_now(const board_t *b, const rules_t *r)
{
    return end_rolls(b, r) != END_NONE;
}

void eval_play_static(eval_ctx_t *c, const play_t *p, eval_t *out)
{
    if (p->outcome.kind != OUT_NONE) {
        eval_from_outcome(&p->outcome, true, out);
        return;
    }
    board_t next = p->after;
    board_swap(&next);
    eval_static(c, &next, out);
    eval_flip(out);
}

void eval_play(eval_ctx_t *c, const play_t *p, eval_t *out)
{
    if (p->outcome.kind != OUT_NONE) {
        eval_from_outcome(&p->outcome, true, out);
        return;
    }
    board_t next = p->after;
    board_swap(&next);
    eval_position(c, &next, out);
    eval_flip(out);
}

/* The exact one-roll lookahead: each roll's best play, a play that ends
 * the game counting its exact result, the others their static estimate. */
static void lookahead(eval_ctx_t *c, const board_t *b, eval_t *out)
{
    eval_zero(out);
    for (int k = 0; k < DICE_ROLLS; k++) {
        int w;
        roll_t roll = dice_roll(k, &w);
        int n = movegen_plays(b, &c->rules, roll, c->buf);
        eval_t best;
        double best_eq = -1e300;
        for (int i = 0; i < n; i++) {
            eval_t e;
            eval_play_static(c, movegen_play(c->buf, i), &e);
            if (e.equity > best_eq) {
                best_eq = e.equity;
                best = e;
            }
        }
        if (n > 0)
            eval_add_scaled(out, &best, w / 36.0);
    }
}

/* True when some legal play of some roll ends the game now (only the
 * doubles are tried when `which` is END_DOUBLES). */
static bool can_end_now(eval_ctx_t *c, const board_t *b, int which)
{
    for (int k = 0; k < DICE_ROLLS; k++) {
        roll_t roll = dice_roll(k, NULL);
        if (which == END_DOUBLES && roll.a != roll.b)
            continue;
        int n = movegen_plays(b, &c->rules, roll, c->buf);
        for (int i = 0; i < n; i++)
            if (movegen_play(c->buf, i)->outcome.kind != OUT_NONE)
                return true;
    }
    return false;
}

void eval_position(eval_ctx_t *c, const board_t *b, eval_t *out)
{
    /* the cheap test first, then whether a roll really ends the game (the
     * plays are generated but not evaluated), then the lookahead */
    int which = c->lookahead ? end_rolls(b, &c->rules) : END_NONE;
    if (which == END_NONE) {
        eval_static(c, b, out);
        return;
    }
    ending_entry_t *ce = NULL;
    if (c->ends && c->ends->on) {
        ce = &c->ends->e[ending_slot(b)];
        if (ce->gen == c->ends->gen && memcmp(ce->side, b->side, sizeof ce->side) == 0) {
            c->ending_hits++;
            *out = ce->e;
            return;
        }
    }
    if (can_end_now(c, b, which)) {
        c->lookaheads++;
        lookahead(c, b, out);
    } else {
        eval_static(c, b, out);
    }
    if (ce) {
        ce->gen = c->ends->gen;
        memcpy(ce->side, b->side, sizeof ce->side);
        ce->e = *out;
    }
}
