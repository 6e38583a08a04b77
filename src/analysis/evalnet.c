/*
 * evalnet.c - the trained evaluator's inputs, result classes and
 * evaluation (see evalnet.h); the weights file is evalnet_file.c.
 */
#include "analysis/evalnet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/bearoff.h"
#include "analysis/eval_model.h"

/* Raw inputs per side: 4 per point, bar (2), borne off (1). */
enum { RAW_SIDE = 24 * 4 + 3, RAW = 2 * RAW_SIDE };
/* Backgammon's extra inputs. */
enum { BG_EXTRA = 16 };

int evalnet_inputs(evalnet_enc_t enc)
{
    return enc == ENC_BG ? RAW + BG_EXTRA : RAW + EVAL_FEATURES - 1;
}

evalnet_enc_t evalnet_encoding_for(const rules_t *r)
{
    return r->geometry == GEOM_BACKGAMMON ? ENC_BG : ENC_BRADE;
}

int evalnet_classes_for(const rules_t *r)
{
    return 2 * (r->geometry == GEOM_BACKGAMMON ? EVALNET_BG_SIDE : EVALNET_BRADE_SIDE);
}

bool evalnet_set_rules(evalnet_t *n, const rules_t *r)
{
    char name[sizeof n->rules];
    if (rules_format(r, name, sizeof name) >= sizeof name)
        return false;
    memcpy(n->rules, name, sizeof name);
    return true;
}

bool evalnet_trained_for(const evalnet_t *n, const rules_t *r)
{
    char name[sizeof n->rules];
    return rules_format(r, name, sizeof name) < sizeof name && strcmp(n->rules, name) == 0;
}

evalnet_t *evalnet_new(const rules_t *r, int hidden, uint64_t seed)
{
    evalnet_t *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    if (!evalnet_set_rules(n, r))
        snprintf(n->rules, sizeof n->rules, "%s", r->name);
    n->encoding = evalnet_encoding_for(r);
    n->classes = evalnet_classes_for(r);
    n->hidden = hidden;
    n->seed = seed;
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        n->net[ph] = nn_new(evalnet_inputs(n->encoding), hidden, n->classes);
        if (!n->net[ph]) {
            evalnet_free(n);
            return NULL;
        }
        nn_init_random(n->net[ph], seed + (uint64_t)ph);
    }
    return n;
}

bool evalnet_widen(evalnet_t *n, int hidden, uint64_t seed)
{
    nn_t *w[EVALNET_PHASES] = {NULL};
    for (int ph = 0; ph < EVALNET_PHASES; ph++)
        if (!(w[ph] = nn_widen(n->net[ph], hidden, seed + (uint64_t)ph))) {
            for (int q = 0; q < ph; q++)
                nn_free(w[q]);
            return false;
        }
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        nn_free(n->net[ph]);
        n->net[ph] = w[ph];
        nn_free(n->prune[ph]);
        n->prune[ph] = NULL;
    }
    n->hidden = hidden;
    return true;
}

evalnet_t *evalnet_join(const evalnet_t *const *nets, int k)
{
    if (k < 1 || k > NN_MAX_HIDDEN) /* every net has a unit at least */
        return NULL;
    for (int q = 1; q < k; q++)
        if (strcmp(nets[q]->rules, nets[0]->rules) != 0 ||
            nets[q]->encoding != nets[0]->encoding || nets[q]->classes != nets[0]->classes)
            return NULL;
    evalnet_t *n = malloc(sizeof *n);
    if (!n)
        return NULL;
    *n = *nets[0];
    n->hidden = 0;
    for (int q = 0; q < k; q++)
        n->hidden += nets[q]->hidden;
    bool ok = true;
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        const nn_t *parts[NN_MAX_HIDDEN];
        for (int q = 0; q < k; q++)
            parts[q] = nets[q]->net[ph];
        n->net[ph] = nn_join(parts, k);
        /* the first's pruning nets: a net joined alone is a copy of it */
        const nn_t *p0 = nets[0]->prune[ph];
        n->prune[ph] = p0 ? nn_join(&p0, 1) : NULL;
        ok = ok && n->net[ph] && (!p0 || n->prune[ph]);
    }
    if (!ok) {
        evalnet_free(n);
        return NULL;
    }
    return n;
}

void evalnet_free(evalnet_t *n)
{
    if (!n)
        return;
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        nn_free(n->net[ph]);
        nn_free(n->prune[ph]);
    }
    free(n);
}

int evalnet_prune_inputs(void)
{
    return RAW;
}

bool evalnet_prune_new(evalnet_t *n, int hidden, uint64_t seed)
{
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        nn_t *p = nn_new(RAW, hidden, n->classes);
        if (!p)
            return false;
        nn_init_random(p, seed + 0x7072 + (uint64_t)ph);
        nn_free(n->prune[ph]);
        n->prune[ph] = p;
    }
    n->prune_games = 0;
    return true;
}

int evalnet_phase(const board_t *b)
{
    if (b->geom == GEOM_BACKGAMMON) {
        int r0 = board_rearmost(b, 0), r1 = board_rearmost(b, 1);
        if (r0 == 25 || r1 == 25)
            return EVALNET_RACE;
        return r0 + r1 <= 25 ? EVALNET_CONTACT : EVALNET_RACE;
    }
    /* bräde: both sides travel the same way, so once every checker of both
     * sides stands on its own 13..24 nobody can meet anybody again */
    for (int s = 0; s < 2; s++)
        for (int p = 0; p <= 12; p++)
            if (b->side[s][p])
                return EVALNET_CONTACT;
    return EVALNET_RACE;
}

const char *evalnet_phase_name(int phase)
{
    return phase == EVALNET_RACE ? "race" : phase == EVALNET_CONTACT ? "contact" : "any";
}

bool evalnet_phase_parse(const char *word, int *phase)
{
    static const int phases[] = {EVALNET_CONTACT, EVALNET_RACE, EVALNET_ANY_PHASE};
    for (size_t i = 0; i < sizeof phases / sizeof phases[0]; i++)
        if (strcmp(word, evalnet_phase_name(phases[i])) == 0) {
            *phase = phases[i];
            return true;
        }
    return false;
}

int evalnet_of_phase(const board_t *b, int n, int phase, int *at)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (phase == EVALNET_ANY_PHASE || evalnet_phase(&b[i]) == phase)
            at[m++] = i;
    return m;
}

/* The point-by-point inputs of both sides. */
static void encode_raw(const board_t *b, nn_input_t *x)
{
    for (int s = 0; s < 2; s++) {
        const uint8_t *c = b->side[s];
        int base = s * RAW_SIDE;
        for (int p = 1; p <= 24; p++) {
            int n = c[p];
            if (n == 0)
                continue;
            int i = base + (p - 1) * 4;
            nn_input_add(x, i, 1.0f);
            if (n >= 2)
                nn_input_add(x, i + 1, 1.0f);
            if (n >= 3)
                nn_input_add(x, i + 2, 1.0f);
            if (n > 3)
                nn_input_add(x, i + 3, (float)(n - 3) / 2.0f);
        }
        int i = base + 24 * 4;
        if (c[BOARD_BAR]) {
            nn_input_add(x, i, 1.0f);
            nn_input_add(x, i + 1, (float)c[BOARD_BAR] / 2.0f);
        }
        nn_input_add(x, i + 2, (float)c[BOARD_OFF] / 15.0f);
    }
}

/* Keeps large feature values in a range a sigmoid unit can use. */
static float squash(double v)
{
    double a = fabs(v);
    if (a > 1.0)
        a = 1.0 + log(a);
    return (float)(v < 0 ? -a : a);
}

/* Points side s has made in its home board (its 19..24). */
static int home_points(const board_t *b, int s)
{
    int n = 0;
    for (int p = 19; p <= 24; p++)
        n += b->side[s][p] >= 2;
    return n;
}

/* Rolls of 36 on which side s's rearmost checker (at p, 0 = the bar) can
 * get past the furthest point the other side holds within 12 pips.  The
 * points blocked for it are a bit mask; a non-double is tried in both
 * orders once and counts twice. */
static int bg_escapes(const board_t *b, int s, int p)
{
    uint32_t blocked = 0; /* bit q: s's own point q (1..24) is held by the other side */
    const uint8_t *o = b->side[1 - s];
    for (int q = 1; q <= 24; q++)
        if (o[25 - q] >= 2)
            blocked |= 1u << q;
    int far = 0;
    for (int q = p + 1; q <= p + 12 && q <= 24; q++)
        if (blocked >> q & 1)
            far = q;
    if (far == 0)
        return 36;
#define BLOCKED(q) ((q) >= 1 && (q) <= 24 && (blocked >> (q) & 1))
    int n = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = d1; d2 <= 6; d2++) {
            bool out = false;
            if (d1 == d2) {
                int at = p;
                for (int k = 0; k < 4 && !out; k++) {
                    at += d1;
                    if (BLOCKED(at))
                        break;
                    out = at > far;
                }
            } else {
                for (int k = 0; k < 2 && !out; k++) {
                    int a = k ? d2 : d1, c = k ? d1 : d2;
                    if (BLOCKED(p + a))
                        continue;
                    out = p + a > far || (!BLOCKED(p + a + c) && p + a + c > far);
                }
            }
            n += out ? (d1 == d2 ? 1 : 2) : 0;
        }
#undef BLOCKED
    return n;
}

static void encode_bg(const board_t *b, const rules_t *r, nn_input_t *x)
{
    int i = RAW;
    for (int s = 0; s < 2; s++) {
        int back = board_rearmost(b, s), anchors = 0;
        for (int q = 1; q <= 6; q++)
            anchors += b->side[s][q] >= 2;
        nn_input_add(x, i++, (float)(back > 24 ? 24 : back) / 24.0f);
        nn_input_add(x, i++, back <= 24 ? (float)bg_escapes(b, s, back) / 36.0f : 1.0f);
        nn_input_add(x, i++, (float)anchors / 3.0f);
        int rolls;
        double loss;
        eval_exposure(b, r, s, &rolls, &loss);
        nn_input_add(x, i++, (float)board_pips(b, s) / 100.0f);
        nn_input_add(x, i++, (float)rolls / 36.0f);
        nn_input_add(x, i++, (float)(loss / 24.0));
        nn_input_add(x, i++, (float)home_points(b, s) / 6.0f);
        nn_input_add(x, i++, (float)board_longest_prime(b, s) / 6.0f);
    }
}

int evalnet_encode(const evalnet_t *n, const board_t *b, const rules_t *r, nn_input_t *x,
                   outcome_kind_t near[2])
{
    x->n = 0;
    near[0] = near[1] = OUT_NONE;
    encode_raw(b, x);
    if (n->encoding == ENC_BG) {
        encode_bg(b, r, x);
    } else {
        eval_features_t f;
        eval_features(b, r, &f);
        for (int k = 1; k < EVAL_FEATURES; k++)
            nn_input_add(x, RAW + k - 1, squash(f.x[k]));
        near[0] = f.near_pattern[0];
        near[1] = f.near_pattern[1];
    }
    return evalnet_phase(b);
}

int evalnet_class_of(const evalnet_t *n, const outcome_t *o, bool mover_won)
{
    int c;
    if (n->encoding == ENC_BG) {
        c = o->kind == OUT_BACKGAMMON ? GC_BACKGAMMON : o->kind == OUT_GAMMON ? GC_GAMMON : GC_SINGLE;
        return c + (mover_won ? 0 : EVALNET_BG_SIDE);
    }
    bool munk = o->munk > 0;
    if (o->kind == OUT_JAN)
        c = BC_JAN;
    else if (o->kind == OUT_SPRANGJAN)
        c = BC_SPJ;
    else if (outcome_is_pattern(o->kind))
        c = munk ? BC_PAT_MUNK : BC_PAT;
    else
        c = munk ? BC_HEM_MUNK : BC_HEM;
    return c + (mover_won ? 0 : EVALNET_BRADE_SIDE);
}

void evalnet_flip(const evalnet_t *n, float *p)
{
    int half = n->classes / 2;
    for (int k = 0; k < half; k++) {
        float t = p[k];
        p[k] = p[k + half];
        p[k + half] = t;
    }
}

void evalnet_to_eval(const evalnet_t *n, const float *p, const outcome_kind_t near[2],
                     const rules_t *r, eval_t *out)
{
    eval_zero(out);
    for (int s = 0; s < 2; s++) {
        double *to = s == 0 ? out->win : out->lose;
        if (n->encoding == ENC_BG) {
            const float *q = p + s * EVALNET_BG_SIDE;
            to[OUT_SINGLE] = q[GC_SINGLE];
            to[OUT_GAMMON] = q[GC_GAMMON];
            to[OUT_BACKGAMMON] = q[GC_BACKGAMMON];
            continue;
        }
        const float *q = p + s * EVALNET_BRADE_SIDE;
        double hem = q[BC_HEM], hem_m = q[BC_HEM_MUNK], pat = q[BC_PAT], pat_m = q[BC_PAT_MUNK];
        double jan = q[BC_JAN], spj = q[BC_SPJ];
        /* classes the ruleset (with its options) cannot have fold into hemspel */
        if (!r->jan) {
            hem += jan + spj;
            jan = spj = 0;
        }
        if (!r->patterns) {
            hem += pat;
            hem_m += pat_m;
            pat = pat_m = 0;
        }
        if (r->munk == MUNK_NONE) {
            hem += hem_m;
            pat += pat_m;
            hem_m = pat_m = 0;
        }
        outcome_kind_t pk = near[s] != OUT_NONE ? near[s] : OUT_ENKELT_KRONSPEL;
        to[OUT_HEMSPEL] = hem + hem_m;
        to[pk] += pat + pat_m;
        to[OUT_JAN] = jan;
        to[OUT_SPRANGJAN] = spj;
        if (s == 0)
            out->win_munk = hem_m + pat_m;
        else
            out->lose_munk = hem_m + pat_m;
    }
    out->equity = eval_equity_of(out, r);
}

void evalnet_from_eval(const evalnet_t *n, const eval_t *e, float p[NN_MAX_CLASSES])
{
    double q[NN_MAX_CLASSES] = {0};
    for (int s = 0; s < 2; s++) {
        const double *from = s == 0 ? e->win : e->lose;
        if (n->encoding == ENC_BG) {
            double *to = q + s * EVALNET_BG_SIDE;
            to[GC_SINGLE] = from[OUT_SINGLE];
            to[GC_GAMMON] = from[OUT_GAMMON];
            to[GC_BACKGAMMON] = from[OUT_BACKGAMMON];
            continue;
        }
        double *to = q + s * EVALNET_BRADE_SIDE;
        double pat = 0;
        for (int k = 0; k < OUT_KIND_COUNT; k++)
            if (outcome_is_pattern((outcome_kind_t)k))
                pat += from[k];
        double hem = from[OUT_HEMSPEL], munk = s == 0 ? e->win_munk : e->lose_munk;
        double share = hem + pat > 0 ? munk / (hem + pat) : 0;
        share = share < 0 ? 0 : share > 1 ? 1 : share;
        to[BC_HEM] = hem * (1 - share);
        to[BC_HEM_MUNK] = hem * share;
        to[BC_PAT] = pat * (1 - share);
        to[BC_PAT_MUNK] = pat * share;
        to[BC_JAN] = from[OUT_JAN];
        to[BC_SPJ] = from[OUT_SPRANGJAN];
    }
    double sum = 0;
    for (int c = 0; c < n->classes; c++)
        sum += q[c] = q[c] > 0 ? q[c] : 0;
    for (int c = 0; c < n->classes; c++)
        p[c] = sum > 0 ? (float)(q[c] / sum) : 1.0f / (float)n->classes;
}

bool evalnet_exact(const evalnet_t *n, const board_t *b, float p[NN_MAX_CLASSES])
{
    eval_t e;
    if (n->encoding != ENC_BG || !bearoff_eval(b, &e))
        return false;
    for (int k = 0; k < n->classes; k++)
        p[k] = 0.0f;
    p[GC_SINGLE] = (float)e.win[OUT_SINGLE];
    p[GC_GAMMON] = (float)e.win[OUT_GAMMON];
    p[EVALNET_BG_SIDE + GC_SINGLE] = (float)e.lose[OUT_SINGLE];
    p[EVALNET_BG_SIDE + GC_GAMMON] = (float)e.lose[OUT_GAMMON];
    return true;
}

int evalnet_prune_encode(const board_t *b, nn_input_t *x)
{
    x->n = 0;
    encode_raw(b, x);
    return evalnet_phase(b);
}

double evalnet_prune_equity(const evalnet_t *n, const board_t *b, const rules_t *r,
                            evalnet_scratch_t *s)
{
    static const outcome_kind_t none[2] = {OUT_NONE, OUT_NONE};
    int ph = evalnet_prune_encode(b, &s->x);
    nn_forward(n->prune[ph], &s->x, &s->a);
    eval_t e;
    evalnet_to_eval(n, s->a.p, none, r, &e);
    return e.equity;
}

/* The cache: 2^16 entries of about 110 bytes (7 MB), made the first time
 * a search asks for it.  A 2-ply search of a backgammon middle game looks
 * at some 50,000 positions; see docs/analysis.md for the hits measured. */
enum { CACHE_BITS = 16, CACHE_SIZE = 1 << CACHE_BITS, CACHE_CLASSES = 2 * EVALNET_BRADE_SIDE };

typedef struct cache_entry {
    uint32_t gen; /* valid when equal to the cache's generation */
    uint8_t near[2];
    uint8_t side[2][BOARD_SLOTS];
    float p[CACHE_CLASSES];
} cache_entry_t;

struct evalnet_cache {
    uint32_t gen;
    cache_entry_t e[CACHE_SIZE];
};

bool evalnet_cache_start(evalnet_scratch_t *s)
{
    if (!s->cache) {
        s->cache = calloc(1, sizeof *s->cache);
        if (!s->cache)
            return s->cache_on = false;
    }
    /* a new generation forgets every entry at once; the memory is cleared
     * only when the counter wraps */
    if (++s->cache->gen == 0) {
        memset(s->cache->e, 0, sizeof s->cache->e);
        s->cache->gen = 1;
    }
    return s->cache_on = true;
}

void evalnet_cache_stop(evalnet_scratch_t *s)
{
    s->cache_on = false;
}

void evalnet_cache_free(evalnet_scratch_t *s)
{
    free(s->cache);
    s->cache = NULL;
    s->cache_on = false;
}

/* The slot of a position: a multiply-xorshift hash of its checker counts. */
static uint32_t cache_slot(const board_t *b)
{
    uint8_t key[56] = {0};
    memcpy(key, b->side, sizeof b->side);
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < 56; i += 8) {
        uint64_t w;
        memcpy(&w, key + i, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9u;
        h ^= h >> 31;
    }
    return (uint32_t)(h >> (64 - CACHE_BITS));
}

void evalnet_eval(const evalnet_t *n, const board_t *b, const rules_t *r, evalnet_scratch_t *s,
                  eval_t *out)
{
    outcome_kind_t near[2];
    if (n->encoding == ENC_BG && bearoff_eval(b, out)) {
        out->equity = eval_equity_of(out, r);
        return;
    }
    cache_entry_t *ce = NULL;
    if (s->cache_on && n->classes <= CACHE_CLASSES) {
        ce = &s->cache->e[cache_slot(b)];
        if (ce->gen == s->cache->gen && memcmp(ce->side, b->side, sizeof ce->side) == 0) {
            s->cache_hits++;
            near[0] = (outcome_kind_t)ce->near[0];
            near[1] = (outcome_kind_t)ce->near[1];
            evalnet_to_eval(n, ce->p, near, r, out);
            return;
        }
    }
    int ph = evalnet_encode(n, b, r, &s->x, near);
    nn_forward(n->net[ph], &s->x, &s->a);
    if (ce) {
        ce->gen = s->cache->gen;
        ce->near[0] = (uint8_t)near[0];
        ce->near[1] = (uint8_t)near[1];
        memcpy(ce->side, b->side, sizeof ce->side);
        memcpy(ce->p, s->a.p, (size_t)n->classes * sizeof(float));
    }
    evalnet_to_eval(n, s->a.p, near, r, out);
}
