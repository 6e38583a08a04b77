/*
 * evalfit.c - fitting the evaluator to self-play results (see evalfit.h).
 */
#include "lab/evalfit.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dice.h"
#include "lab/selfplay.h"
#include "analysis/workq.h"

typedef struct sample {
    float x[EVAL_FEATURES];
    uint8_t cls;    /* C_* from the side on roll's view */
    int8_t normal;  /* side (0 on roll, 1 other) that won normally, -1 if jan */
    uint8_t munk;   /* that normal win had munk */
    uint8_t pat;    /* that normal win was a vackert spel */
} sample_t;

typedef struct sample_set {
    sample_t *s;
    size_t n, cap;
} sample_set_t;

static bool push(sample_set_t *set, const sample_t *x)
{
    if (set->n == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 4096;
        sample_t *ns = realloc(set->s, cap * sizeof *ns);
        if (!ns)
            return false;
        set->s = ns;
        set->cap = cap;
    }
    set->s[set->n++] = *x;
    return true;
}

void evalfit_default_opts(evalfit_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->games = 4000;
    o->generations = 2;
    o->seed = 1;
    o->threads = 2;
    o->sample_rate = 0.35;
    o->noise = 0.03;
    o->epochs = 8;
    o->rate = 0.01;
    o->l2 = 1e-5;
}

/* ---- collecting ---- */

enum { GAMES_PER_CHUNK = 8, MAX_REC = 4000, MAX_THREADS = WORKQ_MAX_THREADS };

typedef struct collect {
    const evalfit_opts_t *o;
    const rules_t *r;
    const eval_weights_t *w;
    int generation;
    sample_set_t *chunks;
    int nchunks;
    bool failed;
    workq_t q; /* hands out the chunks */
} collect_t;

static void label(const board_t *b, int winner, const outcome_t *res, sample_t *s)
{
    bool on_roll_won = winner == b->turn;
    bool jan = res->kind == OUT_JAN || res->kind == OUT_SPRANGJAN;
    int base = on_roll_won ? C_WIN : C_LOSE;
    s->cls = (uint8_t)(base + (res->kind == OUT_JAN ? 1 : res->kind == OUT_SPRANGJAN ? 2 : 0));
    s->normal = (int8_t)(jan ? -1 : on_roll_won ? 0 : 1);
    s->munk = res->munk > 0;
    s->pat = outcome_is_pattern(res->kind);
}

static void *collect_work(void *arg)
{
    collect_t *c = arg;
    selfplay_spec_t spec = {EVAL_HAND, 0, false, c->o->noise, c->w, NULL};
    selfplay_player_t *p = selfplay_player_new(&spec, c->r);
    movegen_buf_t *buf = movegen_buf_new();
    board_t *rec = malloc(sizeof *rec * MAX_REC);
    if (!p || !buf || !rec) {
        c->failed = true;
        goto out;
    }
    for (;;) {
        int k = workq_take(&c->q);
        if (k < 0)
            break;
        for (int g = k * GAMES_PER_CHUNK; g < (k + 1) * GAMES_PER_CHUNK && g < c->o->games; g++) {
            uint64_t rng = dice_stream(c->o->seed + (uint64_t)c->generation * 1000003u, (uint64_t)g);
            int nrec, plies;
            outcome_t res;
            int winner = selfplay_game(p, p, c->r, &rng, buf, rec, MAX_REC, &nrec, &res, &plies);
            if (winner < 0)
                continue;
            for (int i = 0; i < nrec; i++) {
                if (dice_unit(&rng) >= c->o->sample_rate)
                    continue;
                eval_features_t f;
                eval_features(&rec[i], c->r, &f);
                sample_t s;
                for (int j = 0; j < EVAL_FEATURES; j++)
                    s.x[j] = (float)f.x[j];
                label(&rec[i], winner, &res, &s);
                if (!push(&c->chunks[k], &s))
                    c->failed = true;
            }
        }
    }
out:
    free(rec);
    movegen_buf_free(buf);
    selfplay_player_free(p);
    return NULL;
}

static int collect(const evalfit_opts_t *o, const rules_t *r, const eval_weights_t *w, int gen,
                   sample_set_t *all)
{
    collect_t c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.r = r;
    c.w = w;
    c.generation = gen;
    c.nchunks = (o->games + GAMES_PER_CHUNK - 1) / GAMES_PER_CHUNK;
    c.chunks = calloc((size_t)c.nchunks, sizeof *c.chunks);
    if (!c.chunks)
        return -1;
    workq_init(&c.q, c.nchunks);
    int nt = o->threads < 1 ? 1 : o->threads > MAX_THREADS ? MAX_THREADS : o->threads;
    workq_run(nt, collect_work, &c, 0);
    workq_destroy(&c.q);
    for (int k = 0; k < c.nchunks; k++) {
        for (size_t i = 0; !c.failed && i < c.chunks[k].n; i++)
            if (!push(all, &c.chunks[k].s[i]))
                c.failed = true;
        free(c.chunks[k].s);
    }
    free(c.chunks);
    return c.failed ? -1 : 0;
}

/* ---- fitting ---- */

typedef struct adam {
    double m[sizeof(eval_weights_t) / sizeof(double)];
    double v[sizeof(eval_weights_t) / sizeof(double)];
    int t;
} adam_t;

enum { NW = sizeof(eval_weights_t) / sizeof(double), BATCH = 256 };

static double sigmoid(double z)
{
    return z > 30 ? 1.0 : z < -30 ? 0.0 : 1.0 / (1.0 + exp(-z));
}

/* Adds one sample's gradient to g; returns its log loss. */
static double grad_sample(const eval_weights_t *w, const sample_t *s, const rules_t *r,
                          eval_weights_t *g)
{
    double x[EVAL_FEATURES];
    for (int j = 0; j < EVAL_FEATURES; j++)
        x[j] = s->x[j];
    double p[EVAL_CLASSES];
    eval_model_classes(w, x, p);
    double loss = -log(p[s->cls] > 1e-12 ? p[s->cls] : 1e-12);
    for (int c = 0; c < EVAL_CLASSES; c++) {
        double d = p[c] - (c == s->cls);
        for (int j = 0; j < EVAL_FEATURES; j++)
            g->cls[c][j] += d * x[j];
    }
    if (s->normal >= 0) {
        int side = s->normal;
        if (r->munk != MUNK_NONE) {
            double z = 0;
            for (int j = 0; j < EVAL_FEATURES; j++)
                z += w->munk[side][j] * x[j];
            double d = sigmoid(z) - s->munk;
            for (int j = 0; j < EVAL_FEATURES; j++)
                g->munk[side][j] += d * x[j];
        }
        if (r->patterns) {
            double z = 0;
            for (int j = 0; j < EVAL_FEATURES; j++)
                z += w->pattern[side][j] * x[j];
            double d = sigmoid(z) - s->pat;
            for (int j = 0; j < EVAL_FEATURES; j++)
                g->pattern[side][j] += d * x[j];
        }
    }
    return loss;
}

static double mean_loss(const eval_weights_t *w, const sample_set_t *set, size_t from, size_t to)
{
    double loss = 0;
    for (size_t i = from; i < to; i++) {
        double x[EVAL_FEATURES], p[EVAL_CLASSES];
        for (int j = 0; j < EVAL_FEATURES; j++)
            x[j] = set->s[i].x[j];
        eval_model_classes(w, x, p);
        loss -= log(p[set->s[i].cls] > 1e-12 ? p[set->s[i].cls] : 1e-12);
    }
    return to > from ? loss / (double)(to - from) : 0;
}

static void fit(const evalfit_opts_t *o, const rules_t *r, sample_set_t *set, eval_weights_t *w,
                uint64_t seed, FILE *log)
{
    /* hold out the last tenth to watch for over-fitting */
    size_t n = set->n, train = n - n / 10;
    uint64_t rng = seed;
    for (size_t i = train; i > 1; i--) {
        size_t j = (size_t)dice_below(&rng, (int)(i < 2147483647u ? i : 2147483647u));
        sample_t t = set->s[i - 1];
        set->s[i - 1] = set->s[j];
        set->s[j] = t;
    }
    adam_t *ad = calloc(1, sizeof *ad);
    eval_weights_t *g = malloc(sizeof *g);
    if (!ad || !g) {
        free(ad);
        free(g);
        return;
    }
    double *wv = (double *)w, *gv = (double *)g;
    if (log)
        fprintf(log, "  fit: %zu samples, held-out loss before %.4f\n", n, mean_loss(w, set, train, n));
    for (int e = 0; e < o->epochs; e++) {
        double tl = 0;
        for (size_t b0 = 0; b0 < train; b0 += BATCH) {
            size_t b1 = b0 + BATCH < train ? b0 + BATCH : train;
            memset(g, 0, sizeof *g);
            for (size_t i = b0; i < b1; i++)
                tl += grad_sample(w, &set->s[i], r, g);
            ad->t++;
            double b1c = 1 - pow(0.9, ad->t), b2c = 1 - pow(0.999, ad->t);
            for (int k = 0; k < NW; k++) {
                bool bias = k % EVAL_FEATURES == G_BIAS;
                double gk = gv[k] / (double)(b1 - b0) + (bias ? 0 : o->l2 * wv[k]);
                ad->m[k] = 0.9 * ad->m[k] + 0.1 * gk;
                ad->v[k] = 0.999 * ad->v[k] + 0.001 * gk * gk;
                wv[k] -= o->rate * (ad->m[k] / b1c) / (sqrt(ad->v[k] / b2c) + 1e-8);
            }
        }
        if (log)
            fprintf(log, "  epoch %d: train loss %.4f, held-out %.4f\n", e + 1, tl / (double)train,
                    mean_loss(w, set, train, n));
    }
    free(ad);
    free(g);
}

int evalfit_run(const evalfit_opts_t *o, const rules_t *r, eval_weights_t *out, FILE *log)
{
    *out = o->start ? *o->start : *eval_weights_hand();
    for (int gen = 1; gen <= o->generations; gen++) {
        sample_set_t set = {NULL, 0, 0};
        if (log) {
            fprintf(log, "generation %d: %d games with the generation %d weights\n", gen, o->games, gen - 1);
            fflush(log);
        }
        if (collect(o, r, out, gen, &set) != 0) {
            free(set.s);
            return -1;
        }
        fit(o, r, &set, out, o->seed * 7919u + (uint64_t)gen, log);
        free(set.s);
    }
    return 0;
}

static void write_row(FILE *f, const double *row)
{
    fprintf(f, "{");
    for (int j = 0; j < EVAL_FEATURES; j++)
        fprintf(f, "%s%.6g", j ? (j % 6 == 0 ? ",\n     " : ", ") : "", row[j]);
    fprintf(f, "}");
}

void evalfit_write_c(const eval_weights_t *w, const evalfit_opts_t *o, const rules_t *r, FILE *f)
{
    char rname[256];
    rules_format(r, rname, sizeof rname);
    fprintf(f, "/*\n * eval_weights.c - the shipped (fitted) weights of the bräde evaluator.\n *\n"
               " * Written by `brade-lab selfplay --fit` (evalfit.c): rules %s, %d generations of\n"
               " * %d games, seed %llu, starting from the %s weights.  Do not edit by hand;\n"
               " * refit instead (docs/analysis.md).  Feature order: eval_model.h.\n */\n"
               "#include \"analysis/eval_model.h\"\n\n",
            rname, o->generations, o->games, (unsigned long long)o->seed,
            o->start && o->start != eval_weights_hand() ? "previously shipped" : "hand-set");
    fprintf(f, "static const eval_weights_t FITTED = {\n  .cls = {\n");
    for (int c = 0; c < EVAL_CLASSES; c++) {
        fprintf(f, "    ");
        write_row(f, w->cls[c]);
        fprintf(f, ",\n");
    }
    fprintf(f, "  },\n  .munk = {\n");
    for (int s = 0; s < 2; s++) {
        fprintf(f, "    ");
        write_row(f, w->munk[s]);
        fprintf(f, ",\n");
    }
    fprintf(f, "  },\n  .pattern = {\n");
    for (int s = 0; s < 2; s++) {
        fprintf(f, "    ");
        write_row(f, w->pattern[s]);
        fprintf(f, ",\n");
    }
    fprintf(f, "  },\n};\n\nconst eval_weights_t *eval_weights_fitted(void)\n{\n    return &FITTED;\n}\n");
}
