/*
 * rollout.c - Monte Carlo rollouts on worker threads (see rollout.h).
 *
 * Games are cut into chunks of CHUNK consecutive indices; a worker takes
 * the next chunk under a lock and sums its games in index order into the
 * chunk's own slot.  The chunks are added up in order at the end, so the
 * floating-point result does not depend on which thread played what.
 */
#include "analysis/rollout.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dice.h"
#include "analysis/search.h"
#include "analysis/workq.h"

enum { CHUNK = 16, MAX_PLIES = 4000, MAX_THREADS = WORKQ_MAX_THREADS };

typedef struct chunk_sum {
    eval_t sum;
    double eq, eq2, adj, adj2;
    int games, truncated, certain;
    long plies;
} chunk_sum_t;

typedef struct shared {
    board_t start;
    rules_t rules;
    rollout_opts_t opts;
    chunk_sum_t *chunks;
    int nchunks;
    bool failed;
    workq_t q;    /* hands out the chunks */
} shared_t;

void rollout_default_opts(rollout_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->games = 1296;
    o->seed = 1;
    o->threads = 2;
    o->plies = 0;
    o->truncate = 0;
    o->stratify = true;
    o->luck = false;
    o->lookahead = false;
    o->evaluator = EVAL_DEFAULT;
}

/* A Latin square over the 36 x 36 orders of the first two rolls: game g's
 * first roll is order g mod 36 and its second order (g + g / 36) mod 36.
 * Every block of 36 games meets each order once at each of the two plies,
 * so a rollout of any multiple of 36 games meets every first roll and
 * every second roll equally often, and 1296 games meet every pair once.
 * (Until stop 52 the second roll was order (g / 36) mod 36: a rollout of
 * fewer than 1296 games, or of a number not a multiple of it, met some
 * second rolls and never others, 648 games only those whose first die
 * is 1 to 3: a bias in every such rollout.) */
roll_t rollout_stratified_roll(int g, int ply)
{
    assert(g >= 0 && (ply == 0 || ply == 1));
    int first = g % DICE_ORDERS;
    return dice_order(ply == 0 ? first : (first + g / DICE_ORDERS) % DICE_ORDERS);
}

/* No more contact: bräde, every checker of both sides on its 13..24 (or
 * off); backgammon, the two rearmost checkers have passed each other. */
static bool no_contact(const board_t *b)
{
    if (b->geom == GEOM_BACKGAMMON) {
        int r0 = board_rearmost(b, 0), r1 = board_rearmost(b, 1);
        return r0 == 25 || r1 == 25 || r0 + r1 > 25;
    }
    for (int s = 0; s < 2; s++)
        for (int p = 0; p <= 12; p++)
            if (b->side[s][p])
                return false;
    return true;
}

bool rollout_certain(const board_t *b, const rules_t *r, outcome_t *o, bool *mover_wins)
{
    if (r->bearoff == BEAROFF_EXACT_ONLY || !no_contact(b))
        return false;
    for (int y = 0; y < 2; y++) {
        int x = 1 - y;
        /* the winner's result must be plain hemspel (single): no vackert
         * spel left to it, no gammon against the loser */
        if (r->patterns && b->side[y][BOARD_OFF] == 0)
            continue;
        if (r->geometry == GEOM_BACKGAMMON && b->side[x][BOARD_OFF] == 0)
            continue;
        int need_x = board_pips(b, x);
        if (r->patterns && b->side[x][BOARD_OFF] == 0)
            need_x = need_x > 45 ? need_x - 45 : 0; /* a vackert spel may come sooner */
        int fast_x = (need_x + 23) / 24;          /* 6-6 moves at most 24 pips */
        int slow_y = (board_pips(b, y) + 1) / 2;  /* every die moves at least one pip */
        if (y == 0 ? slow_y <= fast_x : slow_y < fast_x) {
            memset(o, 0, sizeof *o);
            o->kind = r->geometry == GEOM_BACKGAMMON ? OUT_SINGLE : OUT_HEMSPEL;
            outcome_score(o, r);
            *mover_wins = y == 0;
            return true;
        }
    }
    return false;
}

typedef struct worker {
    shared_t *sh;
    search_ctx_t *search;
    movegen_buf_t *buf;
    search_opts_t sopts;
} worker_t;

/* The best 0-ply value of each roll; returns the average over the 36 and
 * sets *actual to the value of `roll`. */
static double roll_values(worker_t *w, const board_t *b, roll_t roll, double *actual)
{
    double avg = 0;
    *actual = 0;
    for (int k = 0; k < DICE_ROLLS; k++) {
        int wt;
        roll_t rk = dice_roll(k, &wt);
        int n = movegen_plays(b, &w->sh->rules, rk, w->buf);
        double best = -1e300;
        for (int i = 0; i < n; i++) {
            eval_t e;
            eval_play(w->search->eval, movegen_play(w->buf, i), &e);
            if (e.equity > best)
                best = e.equity;
        }
        if (n <= 0)
            best = 0;
        avg += wt * best / 36.0;
        if ((rk.a == roll.a && rk.b == roll.b) || (rk.a == roll.b && rk.b == roll.a))
            *actual = best;
    }
    return avg;
}

/* Plays game g out; *res gets the result for the start's side on roll. */
static void play_game(worker_t *w, int g, eval_t *res, double *luck, int *plies, int *how)
{
    const shared_t *sh = w->sh;
    const rollout_opts_t *o = &sh->opts;
    uint64_t rng = dice_stream(o->seed, (uint64_t)g);
    board_t b = sh->start;
    bool mine = true;
    /* single-die rolls each side still owes (the one-die rule): [0] the
     * start's side on roll, [1] the other; series_first: [0]'s series was
     * declared now and its first die sets The Board's length */
    int series[2] = {o->series_owed[0], o->series_owed[1]};
    bool series_first = o->one_die;
    if (o->one_die)
        series[0] = sh->rules.one_die_rule == ONE_DIE_THREE_ROLLS ? 3 : 1;
    *luck = 0;
    *how = 0;
    for (int ply = 0;; ply++) {
        outcome_t oc;
        bool mover_wins;
        *plies = ply;
        if (rollout_certain(&b, &sh->rules, &oc, &mover_wins)) {
            eval_from_outcome(&oc, mover_wins == mine, res);
            *how = 2;
            return;
        }
        if ((o->truncate > 0 && ply >= o->truncate) || ply >= MAX_PLIES) {
            eval_position(w->search->eval, &b, res);
            if (!mine)
                eval_flip(res);
            *how = 1;
            return;
        }
        roll_t roll;
        if (o->stratify && ply < 2)
            roll = rollout_stratified_roll(g, ply);
        else
            roll = (roll_t){dice_below(&rng, 6) + 1, dice_below(&rng, 6) + 1};
        int *owed = &series[mine ? 0 : 1];
        if (*owed > 0) {
            /* a single die: the first of the two (stratified at ply 0) */
            roll.b = 0;
            if (mine && series_first && sh->rules.one_die_rule == ONE_DIE_N_BY_FIRST_DIE)
                *owed = roll.a + 1;
            if (mine)
                series_first = false;
            (*owed)--;
        }
        if (o->luck && roll.b != 0) {
            double actual, avg = roll_values(w, &b, roll, &actual);
            *luck += mine ? actual - avg : avg - actual;
        }
        int n = movegen_plays(&b, &sh->rules, roll, w->buf);
        if (n <= 0) {
            eval_position(w->search->eval, &b, res);
            if (!mine)
                eval_flip(res);
            *how = 1;
            return;
        }
        int pick = search_choose(w->search, &b, roll, w->buf, n, &w->sopts);
        const play_t *p = movegen_play(w->buf, pick);
        if (p->outcome.kind != OUT_NONE) {
            eval_from_outcome(&p->outcome, mine, res);
            *plies = ply + 1;
            return;
        }
        b = p->after;
        board_swap(&b);
        mine = !mine;
    }
}

static void *work(void *arg)
{
    worker_t *w = arg;
    shared_t *sh = w->sh;
    for (;;) {
        int c = workq_take(&sh->q);
        if (c < 0)
            break;
        chunk_sum_t *cs = &sh->chunks[c];
        int end = (c + 1) * CHUNK < sh->opts.games ? (c + 1) * CHUNK : sh->opts.games;
        for (int g = c * CHUNK; g < end; g++) {
            eval_t res;
            double luck;
            int plies, how;
            play_game(w, g, &res, &luck, &plies, &how);
            eval_add_scaled(&cs->sum, &res, 1.0);
            double adj = res.equity - luck;
            if (sh->opts.game_equity)
                sh->opts.game_equity[g] = sh->opts.luck ? adj : res.equity;
            cs->eq += res.equity;
            cs->eq2 += res.equity * res.equity;
            cs->adj += adj;
            cs->adj2 += adj * adj;
            cs->games++;
            cs->truncated += how == 1;
            cs->certain += how == 2;
            cs->plies += plies;
        }
    }
    return NULL;
}

int rollout_position(const board_t *b, const rules_t *r, const rollout_opts_t *o,
                     rollout_result_t *out)
{
    memset(out, 0, sizeof *out);
    assert(!(o->one_die && o->series_owed[0]));
    if (o->games <= 0)
        return 0;
    shared_t sh;
    memset(&sh, 0, sizeof sh);
    sh.start = *b;
    sh.rules = *r;
    sh.opts = *o;
    sh.nchunks = (o->games + CHUNK - 1) / CHUNK;
    sh.chunks = calloc((size_t)sh.nchunks, sizeof *sh.chunks);
    if (!sh.chunks)
        return -1;
    workq_init(&sh.q, sh.nchunks);
    sh.q.stop = o->stop;
    int nt = o->threads < 1 ? 1 : o->threads > MAX_THREADS ? MAX_THREADS : o->threads;
    if (nt > sh.nchunks)
        nt = sh.nchunks;
    worker_t workers[MAX_THREADS];
    int started = 0, rc = 0;
    for (int t = 0; t < nt; t++) {
        worker_t *w = &workers[t];
        w->sh = &sh;
        w->search = search_ctx_new_with(r, o->evaluator, o->net);
        if (w->search)
            w->search->eval->lookahead = o->lookahead;
        w->buf = movegen_buf_new();
        search_default_opts(o->plies, &w->sopts);
        w->sopts.prune_choice = ROLLOUT_PRUNE_CHOICE;
        if (!w->search || !w->buf) {
            search_ctx_free(w->search);
            movegen_buf_free(w->buf);
            rc = -1;
            break;
        }
        started++;
    }
    if (rc == 0)
        workq_run(started, work, workers, sizeof workers[0]);
    for (int t = 0; t < started; t++) {
        search_ctx_free(workers[t].search);
        movegen_buf_free(workers[t].buf);
    }
    out->stopped = workq_stopped(&sh.q);
    workq_destroy(&sh.q);
    if (rc == 0) {
        double eq = 0, eq2 = 0, adj = 0, adj2 = 0, plies = 0;
        for (int c = 0; c < sh.nchunks; c++) {
            const chunk_sum_t *cs = &sh.chunks[c];
            eval_add_scaled(&out->mean, &cs->sum, 1.0);
            eq += cs->eq;
            eq2 += cs->eq2;
            adj += cs->adj;
            adj2 += cs->adj2;
            out->games += cs->games;
            out->truncated += cs->truncated;
            out->certain += cs->certain;
            plies += (double)cs->plies;
        }
        double n = out->games > 0 ? out->games : 1; /* 0: stopped before the first chunk */
        for (int k = 0; k < OUT_KIND_COUNT; k++) {
            out->mean.win[k] /= n;
            out->mean.lose[k] /= n;
        }
        out->mean.win_munk /= n;
        out->mean.lose_munk /= n;
        out->mean.equity /= n;
        double var_raw = n > 1 ? (eq2 - eq * eq / n) / (n - 1) : 0;
        double var_adj = n > 1 ? (adj2 - adj * adj / n) / (n - 1) : 0;
        out->raw_se = sqrt(var_raw > 0 ? var_raw / n : 0);
        out->equity = o->luck ? adj / n : eq / n;
        out->se = o->luck ? sqrt(var_adj > 0 ? var_adj / n : 0) : out->raw_se;
        out->ci95 = 1.96 * out->se;
        out->plies = plies / n;
    }
    free(sh.chunks);
    return rc;
}

int rollout_play(const play_t *p, const rules_t *r, const rollout_opts_t *o,
                 rollout_result_t *out)
{
    if (p->outcome.kind != OUT_NONE) {
        memset(out, 0, sizeof *out);
        eval_from_outcome(&p->outcome, true, &out->mean);
        out->equity = out->mean.equity;
        out->games = o->games;
        out->certain = o->games;
        for (int g = 0; o->game_equity && g < o->games; g++)
            o->game_equity[g] = out->equity;
        return 0;
    }
    assert(!o->one_die); /* the series is the play's side's, not the next one's */
    board_t next = p->after;
    board_swap(&next);
    rollout_opts_t swapped = *o;
    swapped.series_owed[0] = o->series_owed[1];
    swapped.series_owed[1] = o->series_owed[0];
    int rc = rollout_position(&next, r, &swapped, out);
    eval_flip(&out->mean);
    out->equity = -out->equity;
    for (int g = 0; o->game_equity && !out->stopped && g < o->games; g++)
        o->game_equity[g] = -o->game_equity[g];
    return rc;
}

int rollout_check_best(const board_t *b, const rules_t *r, roll_t roll, const board_t *claimed_after,
                       int plies, int top, const rollout_opts_t *o, rollout_check_t *out)
{
    memset(out, 0, sizeof *out);
    search_ctx_t *sc = search_ctx_new_with(r, o->evaluator, o->net);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    if (!sc || !sp) {
        search_ctx_free(sc);
        free(sp);
        return -1;
    }
    search_opts_t so;
    search_default_opts(plies, &so);
    int n = search_rank(sc, b, roll, &so, sp);
    int claimed = -1;
    for (int i = 0; i < n; i++)
        if (board_equal(&sp[i].play.after, claimed_after))
            claimed = i;
    int rc = 0;
    if (claimed < 0) {
        rc = -2;
    } else {
        if (top > ROLLOUT_CHECK_MAX - 1)
            top = ROLLOUT_CHECK_MAX - 1;
        /* the claimed play first, then the best others */
        out->plays[out->n++] = sp[claimed].play;
        for (int i = 0; i < n && out->n < top + 1; i++)
            if (i != claimed)
                out->plays[out->n++] = sp[i].play;
        for (int i = 0; i < out->n && rc == 0; i++)
            rc = rollout_play(&out->plays[i], r, o, &out->results[i]);
        out->claimed = 0;
        for (int i = 1; i < out->n; i++)
            if (out->results[i].equity > out->results[out->best].equity)
                out->best = i;
        out->claimed_is_best = out->best == 0;
        out->claimed_within_ci = out->claimed_is_best ||
            out->results[out->best].equity - out->results[0].equity <= out->results[out->best].ci95;
    }
    free(sp);
    search_ctx_free(sc);
    return rc;
}
