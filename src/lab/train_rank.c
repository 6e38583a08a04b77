/*
 * train_rank.c - teaching a net the differences between a roll's plays
 * (see train_rank.h).
 */
#include "lab/train_rank.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dice.h"
#include "analysis/eval.h"
#include "engine/notation.h"

/* The index of the play noted `note` among n plays, -1 if none. */
static int find_play(const movegen_buf_t *buf, int n, geometry_t geom, const char *note)
{
    char got[AGREEMENT_NOTE];
    for (int k = 0; k < n; k++) {
        notation_play(movegen_play(buf, k), geom, got, sizeof got);
        if (strcmp(got, note) == 0)
            return k;
    }
    return -1;
}

int train_rank_group(const rules_t *r, const agreement_result_t *res, train_rank_group_t *g)
{
    const agree_stats_t *s = &res->last;
    if (s->m < 2)
        return 2;
    movegen_buf_t *buf = movegen_buf_new();
    if (!buf)
        return -1;
    int n = movegen_plays(&res->pos, r, res->roll, buf);
    memset(g, 0, sizeof *g);
    g->m = s->m;
    double var = 0;
    int pairs = 0;
    for (int i = 0; i < s->m; i++) {
        int k = n > 0 ? find_play(buf, n, res->pos.geom, res->notes[i]) : -1;
        if (k < 0) {
            movegen_buf_free(buf);
            return 1;
        }
        g->play[i] = *movegen_play(buf, k);
        g->mean[i] = s->mean[i];
        for (int j = 0; j < i; j++) {
            var += s->cov[i][i] + s->cov[j][j] - 2 * s->cov[i][j];
            pairs++;
        }
    }
    movegen_buf_free(buf);
    var /= pairs;
    g->weight = 1.0 / ((var > 0 ? var : 0) + TRAIN_RANK_VAR_FLOOR);
    return 0;
}

/* One play of a group as the net sees it now. */
typedef struct rank_play {
    double e;           /* its value for the mover, as eval_play gives it */
    bool net;           /* that value is the net's static estimate (it gets a gradient) */
    int phase;
    nn_input_t x;       /* the position after the play, the other side on roll */
    nn_act_t a;
    double v[NN_MAX_CLASSES]; /* each class's points for that side */
    double E;           /* the net's equity for that side (= -e when net) */
} rank_play_t;

/* Values group g's plays with n (c evaluates with n and its lookahead). */
static void value_group(const evalnet_t *n, const rules_t *r, eval_ctx_t *c, const train_rank_group_t *g,
                        rank_play_t *rp)
{
    for (int i = 0; i < g->m; i++) {
        rank_play_t *q = &rp[i];
        eval_t e;
        eval_play(c, &g->play[i], &e);
        q->e = e.equity;
        q->net = false;
        if (g->play[i].outcome.kind != OUT_NONE)
            continue;
        board_t next = g->play[i].after;
        board_swap(&next);
        outcome_kind_t near[2];
        q->phase = evalnet_encode(n, &next, r, &q->x, near);
        nn_forward(n->net[q->phase], &q->x, &q->a);
        eval_t en;
        evalnet_to_eval(n, q->a.p, near, r, &en);
        q->E = en.equity;
        /* the lookahead replaced the net's estimate when the values differ */
        q->net = fabs(-en.equity - q->e) < 1e-9;
        if (!q->net)
            continue;
        for (int k = 0; k < n->classes; k++) {
            float one[NN_MAX_CLASSES] = {0};
            one[k] = 1.0f;
            eval_t ek;
            evalnet_to_eval(n, one, near, r, &ek);
            q->v[k] = ek.equity;
        }
    }
}

/* The centred residuals d_i - t_i of a valued group. */
static void residuals(const train_rank_group_t *g, const rank_play_t *rp, double *res)
{
    double me = 0, mr = 0;
    for (int i = 0; i < g->m; i++) {
        me += rp[i].e;
        mr += g->mean[i];
    }
    me /= g->m;
    mr /= g->m;
    for (int i = 0; i < g->m; i++)
        res[i] = (rp[i].e - me) - (g->mean[i] - mr);
}

/* The first index of the highest of m values. */
static int argmax(const double *v, int m)
{
    int b = 0;
    for (int i = 1; i < m; i++)
        if (v[i] > v[b])
            b = i;
    return b;
}

/* The held-out figures of st, with n as it is now. */
static void measure(const evalnet_t *n, const rules_t *r, eval_ctx_t *c, const train_rank_group_t *g,
                    const int *idx, int cnt, rank_play_t *rp, train_rank_status_t *st)
{
    double err = 0;
    int plays = 0, best = 0;
    for (int t = 0; t < cnt; t++) {
        const train_rank_group_t *gr = &g[idx[t]];
        value_group(n, r, c, gr, rp);
        double res[AGREE_MAX], e[AGREE_MAX];
        residuals(gr, rp, res);
        for (int i = 0; i < gr->m; i++) {
            err += fabs(res[i]);
            e[i] = rp[i].e;
        }
        plays += gr->m;
        best += argmax(e, gr->m) == argmax(gr->mean, gr->m);
    }
    st->holdout_error = plays ? err / plays : 0;
    st->holdout_groups = cnt;
    st->holdout_best = best;
}

int train_rank_fit(evalnet_t *n, const rules_t *r, const train_rank_group_t *g, int count,
                   const train_fit_opts_t *o, train_rank_progress_fn progress, void *ud)
{
    int *order = malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
    rank_play_t *rp = malloc(sizeof(rank_play_t) * AGREE_MAX);
    eval_ctx_t *c = eval_ctx_new(r, EVAL_NET);
    if (!order || !rp || !c || !eval_ctx_set_net(c, n)) {
        free(order);
        free(rp);
        eval_ctx_free(c);
        return -1;
    }
    uint64_t rng = dice_stream(o->seed, 0x7a4c5);
    for (int i = 0; i < count; i++)
        order[i] = i;
    for (int i = count - 1; i > 0; i--) {
        int k = dice_below(&rng, i + 1), t = order[i];
        order[i] = order[k];
        order[k] = t;
    }
    int held = (int)(o->holdout * count), fit = count - held;
    int *hold_idx = order, *fit_idx = order + held;
    /* the weights, scaled to a mean of 1 over the fitted groups, so that
     * the learning rate means what it means for the rollout data's fit */
    double wsum = 0;
    for (int i = 0; i < fit; i++)
        wsum += g[fit_idx[i]].weight;
    double wscale = wsum > 0 ? fit / wsum : 1;
    train_rank_status_t st;
    memset(&st, 0, sizeof st);
    measure(n, r, c, g, hold_idx, held, rp, &st);
    if (progress)
        progress(ud, &st);
    for (int ep = 1; ep <= o->epochs; ep++) {
        for (int i = fit - 1; i > 0; i--) {
            int k = dice_below(&rng, i + 1), t = fit_idx[i];
            fit_idx[i] = fit_idx[k];
            fit_idx[k] = t;
        }
        double loss = 0;
        for (int t = 0; t < fit; t++) {
            const train_rank_group_t *gr = &g[fit_idx[t]];
            double w = gr->weight * wscale;
            value_group(n, r, c, gr, rp);
            double res[AGREE_MAX];
            residuals(gr, rp, res);
            for (int i = 0; i < gr->m; i++) {
                loss += w * res[i] * res[i];
                const rank_play_t *q = &rp[i];
                if (!q->net)
                    continue;
                /* dL/de = 2 w res; e = -E; dE/dz_k = p_k (v_k - E) */
                float dz[NN_MAX_CLASSES];
                for (int k = 0; k < n->classes; k++)
                    dz[k] = (float)(-2.0 * w * res[i] * (double)q->a.p[k] * (q->v[k] - q->E));
                /* each play's step uses its own forward pass, made before
                 * the group's first step: one group is one step's batch */
                nn_step_logits(n->net[q->phase], &q->x, &q->a, dz, (float)o->alpha);
            }
        }
        st.epoch = ep;
        st.train_loss = fit ? loss / fit : 0;
        measure(n, r, c, g, hold_idx, held, rp, &st);
        if (progress)
            progress(ud, &st);
    }
    eval_ctx_free(c);
    free(rp);
    free(order);
    return 0;
}
