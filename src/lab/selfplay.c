/*
 * selfplay.c - the self-play harness (see selfplay.h).
 */
#include "lab/selfplay.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/dice.h"
#include "analysis/workq.h"

enum { MAX_GAME_PLIES = 4000, PAIRS_PER_CHUNK = 4, MAX_THREADS = WORKQ_MAX_THREADS };

bool selfplay_parse_spec(const char *text, selfplay_spec_t *out)
{
    memset(out, 0, sizeof *out);
    char name[32];
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    if (n == 0 || n >= sizeof name)
        return false;
    memcpy(name, text, n);
    name[n] = '\0';
    if (strcmp(name, "greedy") == 0)
        out->eval = EVAL_PIPS;
    else if (strcmp(name, "random") == 0)
        out->random = true;
    else if (!eval_kind_parse(name, &out->eval))
        return false;
    if (colon) {
        char *end;
        long p = strtol(colon + 1, &end, 10);
        if (end == colon + 1 || *end || p < 0 || p > SEARCH_MAX_PLIES || out->random)
            return false;
        out->plies = (int)p;
    }
    return true;
}

void selfplay_format_spec(const selfplay_spec_t *s, char *buf, size_t size)
{
    if (s->random) {
        snprintf(buf, size, "random");
        return;
    }
    snprintf(buf, size, "%s:%d", eval_kind_name(s->eval), s->plies);
}

selfplay_player_t *selfplay_player_new(const selfplay_spec_t *spec, const rules_t *r)
{
    selfplay_player_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->spec = *spec;
    p->search = search_ctx_new(r, spec->eval);
    if (!p->search) {
        free(p);
        return NULL;
    }
    if (spec->weights)
        eval_ctx_set_weights(p->search->eval, spec->weights);
    if (spec->net && !eval_ctx_set_net(p->search->eval, spec->net)) {
        selfplay_player_free(p);
        return NULL;
    }
    search_default_opts(spec->plies, &p->opts);
    return p;
}

void selfplay_player_free(selfplay_player_t *p)
{
    if (!p)
        return;
    search_ctx_free(p->search);
    free(p);
}

int selfplay_game(selfplay_player_t *white, selfplay_player_t *black, const rules_t *r,
                  uint64_t *rng, movegen_buf_t *buf, board_t *record, int max_record,
                  int *nrecord, outcome_t *result, int *plies)
{
    board_t b;
    board_start(&b, r->geometry, BOARD_WHITE);
    return selfplay_game_from(&b, white, black, r, rng, buf, record, NULL, max_record, nrecord,
                              result, plies);
}

int selfplay_game_from(const board_t *start, selfplay_player_t *white, selfplay_player_t *black,
                       const rules_t *r, uint64_t *rng, movegen_buf_t *buf, board_t *record,
                       bool *explored, int max_record, int *nrecord, outcome_t *result,
                       int *plies)
{
    board_t b = *start;
    int nrec = 0, winner = -1;
    memset(result, 0, sizeof *result);
    int ply;
    for (ply = 0; ply < MAX_GAME_PLIES; ply++) {
        bool *made_random = NULL;
        if (record && nrec < max_record) {
            if (explored) {
                made_random = &explored[nrec];
                *made_random = false;
            }
            record[nrec++] = b;
        }
        selfplay_player_t *pl = b.turn == BOARD_WHITE ? white : black;
        roll_t roll = {dice_below(rng, 6) + 1, dice_below(rng, 6) + 1};
        int n = movegen_plays(&b, r, roll, buf);
        if (n <= 0)
            break;
        int pick;
        if (pl->spec.random || (pl->spec.noise > 0 && dice_unit(rng) < pl->spec.noise)) {
            pick = dice_below(rng, n);
            if (made_random)
                *made_random = true;
        } else {
            pick = search_choose(pl->search, &b, roll, buf, n, &pl->opts);
        }
        const play_t *p = movegen_play(buf, pick);
        if (p->outcome.kind != OUT_NONE) {
            *result = p->outcome;
            winner = b.turn;
            ply++;
            break;
        }
        b = p->after;
        board_swap(&b);
    }
    if (nrecord)
        *nrecord = nrec;
    if (plies)
        *plies = ply;
    return winner;
}

/* ---- the threaded match ---- */

typedef struct chunk {
    double sum, sum2;
    int games, a_wins, b_wins, unfinished;
    int a_kinds[OUT_KIND_COUNT], b_kinds[OUT_KIND_COUNT];
    long plies;
} chunk_t;

typedef struct match {
    const selfplay_opts_t *o;
    const rules_t *r;
    chunk_t *chunks;
    int nchunks, npairs;
    workq_t q; /* hands out the chunks */
} match_t;

typedef struct mworker {
    match_t *m;
    selfplay_player_t *a, *b;
    movegen_buf_t *buf;
} mworker_t;

/* Pair k: game 2k with A white, game 2k+1 with B white, the same dice. */
static void play_pair(mworker_t *w, int k, chunk_t *c)
{
    double pair = 0;
    for (int g = 0; g < 2; g++) {
        uint64_t rng = dice_stream(w->m->o->seed, (uint64_t)k);
        selfplay_player_t *white = g == 0 ? w->a : w->b, *black = g == 0 ? w->b : w->a;
        outcome_t res;
        int plies;
        int winner = selfplay_game(white, black, w->m->r, &rng, w->buf, NULL, 0, NULL, &res, &plies);
        c->games++;
        c->plies += plies;
        if (winner < 0) {
            c->unfinished++;
            continue;
        }
        bool a_won = (winner == BOARD_WHITE) == (g == 0);
        pair += a_won ? res.points : -res.points;
        if (a_won) {
            c->a_wins++;
            c->a_kinds[res.kind]++;
        } else {
            c->b_wins++;
            c->b_kinds[res.kind]++;
        }
    }
    c->sum += pair;
    c->sum2 += pair * pair;
}

static void *match_work(void *arg)
{
    mworker_t *w = arg;
    match_t *m = w->m;
    for (;;) {
        int c = workq_take(&m->q);
        if (c < 0)
            break;
        int end = (c + 1) * PAIRS_PER_CHUNK < m->npairs ? (c + 1) * PAIRS_PER_CHUNK : m->npairs;
        for (int k = c * PAIRS_PER_CHUNK; k < end; k++)
            play_pair(w, k, &m->chunks[c]);
    }
    return NULL;
}

int selfplay_run(const selfplay_opts_t *o, const rules_t *r, selfplay_result_t *out)
{
    memset(out, 0, sizeof *out);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    match_t m;
    memset(&m, 0, sizeof m);
    m.o = o;
    m.r = r;
    m.npairs = (o->games + 1) / 2;
    m.nchunks = (m.npairs + PAIRS_PER_CHUNK - 1) / PAIRS_PER_CHUNK;
    m.chunks = calloc((size_t)(m.nchunks > 0 ? m.nchunks : 1), sizeof *m.chunks);
    if (!m.chunks)
        return -1;
    workq_init(&m.q, m.nchunks);
    int nt = o->threads < 1 ? 1 : o->threads > MAX_THREADS ? MAX_THREADS : o->threads;
    mworker_t ws[MAX_THREADS];
    int made = 0, rc = 0;
    for (int t = 0; t < nt; t++) {
        ws[t].m = &m;
        ws[t].a = selfplay_player_new(&o->a, r);
        ws[t].b = selfplay_player_new(&o->b, r);
        ws[t].buf = movegen_buf_new();
        made++;
        if (!ws[t].a || !ws[t].b || !ws[t].buf) {
            rc = -1;
            break;
        }
    }
    if (rc == 0)
        workq_run(nt, match_work, ws, sizeof ws[0]);
    for (int t = 0; t < made; t++) {
        selfplay_player_free(ws[t].a);
        selfplay_player_free(ws[t].b);
        movegen_buf_free(ws[t].buf);
    }
    workq_destroy(&m.q);
    if (rc == 0) {
        double sum = 0, sum2 = 0, plies = 0;
        int scored = 0;
        for (int c = 0; c < m.nchunks; c++) {
            const chunk_t *ch = &m.chunks[c];
            sum += ch->sum;
            sum2 += ch->sum2;
            out->games += ch->games;
            out->a_wins += ch->a_wins;
            out->b_wins += ch->b_wins;
            out->unfinished += ch->unfinished;
            plies += (double)ch->plies;
            for (int k = 0; k < OUT_KIND_COUNT; k++) {
                out->a_kinds[k] += ch->a_kinds[k];
                out->b_kinds[k] += ch->b_kinds[k];
            }
        }
        scored = out->games;
        if (scored > 0) {
            /* the two games of a pair share their dice, so the pair sums
             * (independent of each other) carry the variance */
            double np = m.npairs;
            out->points = sum / scored;
            double var = np > 1 ? (sum2 - sum * sum / np) / (np - 1) : 0;
            out->se = sqrt(var > 0 ? var / np : 0) / 2.0;
            out->ci95 = 1.96 * out->se;
            out->plies = plies / scored;
        }
    }
    free(m.chunks);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    out->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    return rc;
}
