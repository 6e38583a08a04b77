/*
 * train_prune.c - teaching a net's pruning nets to agree with it (see
 * train.h).
 *
 * A search looks at every reply inside its tree only to find the few
 * worth a full evaluation.  The pruning nets make that screen cheap: one
 * small hidden layer over the point-by-point inputs alone (no shots, no
 * escapes, no primes to compute), as gnubg's pruning nets are.  They are
 * taught by distillation: the full net plays games against itself at
 * 0-ply (a tenth of its plays random, for variety), and at every roll the
 * pruning net of the position's phase takes a gradient step towards the
 * full net's class distribution for the position after the chosen play and
 * after a few random other plays of the same roll: the screen must rank
 * bad plays below good ones, so it must see bad plays too.  Exact values
 * (backgammon bear-offs) are the target where they are known.
 *
 * Game g's dice and choices come from (seed, g) alone, and one thread does
 * it all in order, so the same command gives the same pruning nets.
 */
#include <stdlib.h>

#include "analysis/dice.h"
#include "lab/train.h"

void train_prune_default_opts(train_prune_opts_t *o)
{
    o->hidden = 16;
    o->games = 20000;
    o->alpha = 0.05;
    o->samples = 3;
    o->noise = 0.1;
    o->seed = 1;
    o->report_every = 2000;
    o->stop = NULL;
}

/* The target for the position after a play (the opponent on roll): the
 * exact distribution where known, else the full net's. */
static void target_of(const evalnet_t *n, const board_t *b, const rules_t *r,
                      evalnet_scratch_t *s, float *p)
{
    if (evalnet_exact(n, b, p))
        return;
    outcome_kind_t near[2];
    int ph = evalnet_encode(n, b, r, &s->x, near);
    nn_forward(n->net[ph], &s->x, &s->a);
    for (int k = 0; k < n->classes; k++)
        p[k] = s->a.p[k];
}

/* One gradient step of the pruning net of b's phase towards the full
 * net's view of b.  Returns the cross entropy before the step. */
static double teach(evalnet_t *n, const board_t *b, const rules_t *r, evalnet_scratch_t *s,
                    float alpha)
{
    float p[NN_MAX_CLASSES];
    target_of(n, b, r, s, p);
    int ph = evalnet_prune_encode(b, &s->x);
    nn_forward(n->prune[ph], &s->x, &s->a);
    return nn_train_step(n->prune[ph], &s->x, &s->a, p, alpha);
}

int train_prune(evalnet_t *n, const rules_t *r, const train_prune_opts_t *o,
                const train_prune_hooks_t *h)
{
    if (!evalnet_prune_new(n, o->hidden, o->seed))
        return -1;
    eval_ctx_t *ev = eval_ctx_new(r, EVAL_NET);
    movegen_buf_t *buf = movegen_buf_new();
    evalnet_scratch_t *s = calloc(1, sizeof *s);
    if (!ev || !buf || !s || !eval_ctx_set_net(ev, n)) {
        eval_ctx_free(ev);
        movegen_buf_free(buf);
        free(s);
        return -1;
    }
    ev->lookahead = false; /* the games only make positions: the static net plays */
    train_prune_status_t st = {0};
    double loss = 0;
    long steps = 0;
    int rc = 0;
    for (long g = 0; g < o->games; g++) {
        if (o->stop && *o->stop) {
            rc = 1;
            break;
        }
        uint64_t rng = dice_stream(o->seed, (uint64_t)g);
        board_t b;
        board_start(&b, r->geometry, BOARD_WHITE);
        for (int ply = 0; ply < 1000; ply++) {
            roll_t roll = dice_order(dice_below(&rng, DICE_ORDERS));
            int np = movegen_plays(&b, r, roll, buf);
            if (np <= 0) {
                board_swap(&b);
                continue;
            }
            /* the full net's choice, or now and then a random play */
            int pick = 0;
            if (dice_unit(&rng) < o->noise) {
                pick = dice_below(&rng, np);
            } else {
                double best = -1e300;
                for (int i = 0; i < np; i++) {
                    eval_t e;
                    eval_play(ev, movegen_play(buf, i), &e);
                    if (e.equity > best) {
                        best = e.equity;
                        pick = i;
                    }
                }
            }
            /* teach on the chosen play and a few others of the roll */
            for (int k = 0; k <= o->samples; k++) {
                int i = k == 0 ? pick : dice_below(&rng, np);
                const play_t *p = movegen_play(buf, i);
                if (p->outcome.kind != OUT_NONE)
                    continue;
                board_t next = p->after;
                board_swap(&next);
                loss += teach(n, &next, r, s, (float)o->alpha);
                steps++;
            }
            const play_t *p = movegen_play(buf, pick);
            if (p->outcome.kind != OUT_NONE)
                break;
            b = p->after;
            board_swap(&b);
        }
        n->prune_games = g + 1;
        n->prune_seed = o->seed;
        if (h && h->progress && ((g + 1) % o->report_every == 0 || g + 1 == o->games)) {
            st.games = g + 1;
            st.loss = steps ? loss / (double)steps : 0;
            h->progress(h->ud, &st);
            loss = 0;
            steps = 0;
        }
    }
    eval_ctx_free(ev);
    movegen_buf_free(buf);
    free(s);
    return rc;
}
