/*
 * train.c - TD(lambda) self-play training of the evaluator's nets (see
 * train.h).
 */
#include "lab/train.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/dice.h"
#include "analysis/workq.h"

enum { MAX_RECORD = 4000, MAX_THREADS = WORKQ_MAX_THREADS };

void train_default_opts(train_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->games = 100000;
    o->threads = 2;
    o->alpha = 0.05;
    o->lambda = 0.7;
    o->noise = 0.0;
    o->random_start = 0.25;
    o->random_plies = 24;
    o->lookahead = true;
    o->round = 32;
    o->report_every = 1000;
    o->checkpoint_every = 10000;
    o->strength_every = 0;
    o->strength_games = 400;
}

/* One game of a round: the positions before each roll and the result. */
typedef struct game_slot {
    board_t *record; /* MAX_RECORD positions */
    bool *explored;  /* MAX_RECORD: the play from record[t] was a random one */
    int n;
    int winner;      /* colour, -1 when the game hit the ply limit */
    outcome_t result;
} game_slot_t;

typedef struct round {
    const rules_t *r;
    const train_opts_t *o;
    long first;      /* global index of the round's first game */
    int games;
    game_slot_t *slots;
    uint64_t seed;
    workq_t q;       /* hands out the round's games */
} round_t;

typedef struct worker {
    round_t *rd;
    selfplay_player_t *player;
    movegen_buf_t *buf;
} worker_t;

bool train_random_play(const rules_t *r, movegen_buf_t *buf, board_t *b, uint64_t *rng)
{
    roll_t roll = {dice_below(rng, 6) + 1, dice_below(rng, 6) + 1};
    int n = movegen_plays(b, r, roll, buf);
    if (n <= 0)
        return false;
    const play_t *p = movegen_play(buf, dice_below(rng, n));
    if (p->outcome.kind != OUT_NONE)
        return false;
    *b = p->after;
    board_swap(b);
    return true;
}

bool train_random_start(const rules_t *r, int max_plies, movegen_buf_t *buf, board_t *b, uint64_t *rng)
{
    int k = dice_below(rng, max_plies + 1);
    for (int i = 0; i < k; i++)
        if (!train_random_play(r, buf, b, rng))
            return false;
    return true;
}

static void *play_games(void *arg)
{
    worker_t *w = arg;
    round_t *rd = w->rd;
    for (;;) {
        int g = workq_take(&rd->q);
        if (g < 0)
            break;
        game_slot_t *s = &rd->slots[g];
        uint64_t rng = dice_stream(rd->seed, (uint64_t)(rd->first + g));
        board_t start;
        board_start(&start, rd->r->geometry, BOARD_WHITE);
        if (dice_unit(&rng) < rd->o->random_start &&
            !train_random_start(rd->r, rd->o->random_plies, w->buf, &start, &rng)) {
            s->winner = -1; /* the random plays ended the game: nothing to learn */
            s->n = 0;
            continue;
        }
        int plies;
        s->winner = selfplay_game_from(&start, w->player, w->player, rd->r, &rng, w->buf, s->record,
                                       s->explored, MAX_RECORD, &s->n, &s->result, &plies);
    }
    return NULL;
}

/* The learner's state between games: encodings and outputs of one game. */
typedef struct learner {
    nn_input_t *x;   /* [MAX_RECORD] */
    int *phase;
    outcome_kind_t (*near)[2]; /* [MAX_RECORD]: the pattern each side is closest to */
    float (*target)[NN_MAX_CLASSES];
    double loss;
    long positions;
} learner_t;

void train_lambda_targets(const evalnet_t *n, float (*v)[NN_MAX_CLASSES], int T, const bool *cut,
                          int last_class, float lambda)
{
    int K = n->classes;
    float next_target[NN_MAX_CLASSES], next_out[NN_MAX_CLASSES];
    for (int k = 0; k < K; k++)
        next_target[k] = next_out[k] = 0.0f;
    for (int t = T - 1; t >= 0; t--) {
        float out_t[NN_MAX_CLASSES];
        memcpy(out_t, v[t], (size_t)K * sizeof(float));
        if (cut && cut[t]) {
            /* the play from t was random: what followed says nothing of
             * t's value under the net's own play, so t keeps its output
             * and the positions before it bootstrap from that */
        } else if (t == T - 1) {
            for (int k = 0; k < K; k++)
                v[t][k] = k == last_class ? 1.0f : 0.0f;
        } else {
            evalnet_flip(n, next_out);
            evalnet_flip(n, next_target);
            for (int k = 0; k < K; k++)
                v[t][k] = (1.0f - lambda) * next_out[k] + lambda * next_target[k];
        }
        memcpy(next_out, out_t, (size_t)K * sizeof(float));
        memcpy(next_target, v[t], (size_t)K * sizeof(float));
    }
}

void train_class_values(const evalnet_t *n, const rules_t *r, const outcome_kind_t near[2], float *u)
{
    int K = n->classes;
    float one[NN_MAX_CLASSES];
    double v[NN_MAX_CLASSES], top = 0.0;
    for (int k = 0; k < K; k++) {
        for (int j = 0; j < K; j++)
            one[j] = j == k ? 1.0f : 0.0f;
        eval_t e;
        evalnet_to_eval(n, one, near, r, &e);
        v[k] = e.equity;
        if (fabs(v[k]) > top)
            top = fabs(v[k]);
    }
    for (int k = 0; k < K; k++)
        u[k] = top > 0 ? (float)(v[k] / top) : 0.0f;
}

double train_grad(const float *p, const float *target, const float *u, float c, int K, float *dz)
{
    double loss = nn_ce_grad(p, target, K, dz);
    if (c > 0.0f) {
        float ep = 0.0f, et = 0.0f;
        for (int k = 0; k < K; k++) {
            ep += p[k] * u[k];
            et += target[k] * u[k];
        }
        for (int k = 0; k < K; k++)
            dz[k] += c * (ep - et) * p[k] * (u[k] - ep);
    }
    return loss;
}

/* Trains n on one finished game. */
static void learn_game(evalnet_t *n, const rules_t *r, const game_slot_t *s, const train_opts_t *o,
                       learner_t *L)
{
    int T = s->n;
    float alpha = (float)o->alpha, c = (float)o->equity_weight;
    nn_act_t a;
    for (int t = 0; t < T; t++) {
        /* where the value is known exactly (bear-off database) the net is
         * not trained, and the exact value is what earlier positions learn */
        if (evalnet_exact(n, &s->record[t], L->target[t])) {
            L->phase[t] = -1;
            continue;
        }
        L->phase[t] = evalnet_encode(n, &s->record[t], r, &L->x[t], L->near[t]);
        nn_forward(n->net[L->phase[t]], &L->x[t], &a);
        memcpy(L->target[t], a.p, (size_t)n->classes * sizeof(float));
    }
    int last = evalnet_class_of(n, &s->result, s->record[T - 1].turn == s->winner);
    train_lambda_targets(n, L->target, T, s->explored, last, (float)o->lambda);
    int untaught = 0;
    for (int t = 0; t < T; t++) {
        /* a position whose play was random keeps its own output as its
         * target: no gradient, so no step (nor a share of the mean loss) */
        if (s->explored[t])
            untaught++;
        if (L->phase[t] < 0 || s->explored[t])
            continue;
        nn_t *net = n->net[L->phase[t]];
        nn_forward(net, &L->x[t], &a);
        float u[NN_MAX_CLASSES] = {0}, dz[NN_MAX_CLASSES];
        if (c > 0.0f) /* the class values: only the equity term reads them */
            train_class_values(n, r, L->near[t], u);
        L->loss += train_grad(a.p, L->target[t], u, c, n->classes, dz);
        nn_step_logits(net, &L->x[t], &a, dz, alpha);
    }
    L->positions += T - untaught;
}

static double since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

int train_strength(const evalnet_t *n, const rules_t *r, eval_kind_t baseline, int plies,
                   int games, uint64_t seed, int threads, selfplay_result_t *out)
{
    selfplay_opts_t so;
    memset(&so, 0, sizeof so);
    so.games = games;
    so.seed = seed;
    so.threads = threads;
    so.a.eval = EVAL_NET;
    so.a.net = n;
    so.a.plies = plies;
    so.b.eval = baseline;
    so.b.plies = plies;
    return selfplay_run(&so, r, out);
}

int train_run(evalnet_t *n, const rules_t *r, const train_opts_t *o, const train_hooks_t *h)
{
    int nt = o->threads < 1 ? 1 : o->threads > MAX_THREADS ? MAX_THREADS : o->threads;
    int per_round = o->round < 1 ? 1 : o->round;
    n->alpha = o->alpha;
    n->lambda = o->lambda;
    n->noise = o->noise;
    round_t rd;
    memset(&rd, 0, sizeof rd);
    rd.r = r;
    rd.o = o;
    rd.seed = n->seed;
    rd.slots = calloc((size_t)per_round, sizeof *rd.slots);
    learner_t L;
    memset(&L, 0, sizeof L);
    L.x = malloc(MAX_RECORD * sizeof *L.x);
    L.phase = malloc(MAX_RECORD * sizeof *L.phase);
    L.target = malloc(MAX_RECORD * sizeof *L.target);
    L.near = malloc(MAX_RECORD * sizeof *L.near);
    worker_t ws[MAX_THREADS];
    memset(ws, 0, sizeof ws);
    int rc = rd.slots && L.x && L.phase && L.target && L.near ? 0 : -1;
    for (int g = 0; rc == 0 && g < per_round; g++)
        if (!(rd.slots[g].record = malloc(MAX_RECORD * sizeof(board_t))) ||
            !(rd.slots[g].explored = malloc(MAX_RECORD * sizeof(bool))))
            rc = -1;
    selfplay_spec_t spec;
    memset(&spec, 0, sizeof spec);
    spec.eval = EVAL_NET;
    spec.net = n;
    spec.noise = o->noise;
    for (int t = 0; rc == 0 && t < nt; t++) {
        ws[t].rd = &rd;
        ws[t].player = selfplay_player_new(&spec, r);
        ws[t].buf = movegen_buf_new();
        if (!ws[t].player || !ws[t].buf)
            rc = -1;
        else /* with the lookahead the player plays endings exactly, at up to
              * 20x the cost of a move in bräde (where it is often asked) */
            ws[t].player->search->eval->lookahead = o->lookahead;
    }

    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long start = n->games, last_report = n->games, plies = 0;
    long next_ckpt = o->checkpoint_every > 0 ? (n->games / o->checkpoint_every + 1) * o->checkpoint_every : -1;
    long next_strength = o->strength_every > 0 ? (n->games / o->strength_every + 1) * o->strength_every : -1;
    long next_report = o->report_every > 0 ? (n->games / o->report_every + 1) * o->report_every : -1;
    bool stopped = false;
    while (rc == 0 && n->games < o->games) {
        if (o->stop && *o->stop) {
            stopped = true;
            break;
        }
        rd.first = n->games;
        rd.games = (int)(o->games - n->games < per_round ? o->games - n->games : per_round);
        workq_init(&rd.q, rd.games);
        workq_run(nt, play_games, ws, sizeof ws[0]);
        workq_destroy(&rd.q);
        for (int g = 0; g < rd.games; g++) {
            const game_slot_t *s = &rd.slots[g];
            if (s->winner >= 0 && s->n > 0)
                learn_game(n, r, s, o, &L);
            plies += s->n;
        }
        n->games += rd.games;
        bool report = next_report > 0 && n->games >= next_report;
        train_status_t st;
        memset(&st, 0, sizeof st);
        if (next_strength > 0 && n->games >= next_strength) {
            st.has_strength = train_strength(n, r, EVAL_LINEAR, 0, o->strength_games,
                                             n->seed ^ 0x5eed, nt, &st.strength) == 0;
            next_strength += o->strength_every;
            report = true;
        }
        if (report && h && h->progress) {
            st.games = n->games;
            st.games_this_run = n->games - start;
            st.seconds = since(&t0);
            st.loss = L.positions ? L.loss / (double)L.positions : 0.0;
            st.plies = n->games > last_report ? (double)plies / (double)(n->games - last_report) : 0;
            h->progress(h->ud, &st);
            L.loss = 0;
            L.positions = 0;
            plies = 0;
            last_report = n->games;
        }
        if (report && next_report > 0)
            while (next_report <= n->games)
                next_report += o->report_every;
        if (next_ckpt > 0 && n->games >= next_ckpt && n->games < o->games) {
            if (h && h->checkpoint && !h->checkpoint(h->ud, n))
                rc = -1;
            next_ckpt += o->checkpoint_every;
        }
    }
    if (rc == 0 && h && h->checkpoint && !h->checkpoint(h->ud, n))
        rc = -1;

    for (int t = 0; t < nt; t++) {
        selfplay_player_free(ws[t].player);
        movegen_buf_free(ws[t].buf);
    }
    if (rd.slots)
        for (int g = 0; g < per_round; g++) {
            free(rd.slots[g].record);
            free(rd.slots[g].explored);
        }
    free(rd.slots);
    free(L.x);
    free(L.phase);
    free(L.target);
    free(L.near);
    return rc < 0 ? -1 : stopped ? 1 : 0;
}
