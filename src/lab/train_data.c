/*
 * train_data.c - rollout data for the nets, and fitting the nets to them
 * (see train_data.h).
 */
#include "lab/train_data.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dice.h"
#include "lab/selfplay.h"
#include "analysis/textout.h"
#include "lab/train.h"
#include "analysis/workq.h"
#include "engine/posid.h"

enum { MAX_RECORD = 4000 };

/* Stream tags: the self-play game that gives position k's candidates, and
 * position k's rollout games. */
static const uint64_t TAG_PICK = 0x9d1c0ffee0ddf00dULL, TAG_ROLL = 0x5eedda7a7a11ed00ULL;

void train_data_default_opts(train_data_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->positions = 1000;
    o->games = 144;
    o->select = 1;
    o->threads = 2;
    o->seed = 1;
    o->random_start = 0.25;
    o->random_plies = 24;
    o->phase = EVALNET_ANY_PHASE;
}

typedef struct make_job {
    const evalnet_t *n;
    const rules_t *r;
    const train_data_opts_t *o;
    const train_data_hooks_t *h;
    train_data_t *out;    /* grows under lock as the made prefix does */
    int first;            /* the first position of this run */
    train_item_t *stage;  /* [positions - first]: each written by its worker */
    bool *done;           /* [positions - first] */
    int prefix;           /* stage[0..prefix) moved into out */
    int last_checkpoint;  /* out->made at the last checkpoint call */
    workq_t q;
    pthread_mutex_t lock; /* done, prefix, out, the hooks */
    int finished;
} make_job_t;

typedef struct make_worker {
    make_job_t *job;
    selfplay_player_t *player;
    selfplay_player_t *roller; /* plays the rollout games: player itself at 0 plies */
    movegen_buf_t *buf;
    board_t *record;      /* MAX_RECORD */
    int *at;              /* MAX_RECORD: the plies of the phase asked for */
    search_play_t *ranked; /* MOVEGEN_MAX_PLAYS: contested_play's rankings */
} make_worker_t;

/* The number of rolls contested_play tries before it gives up. */
enum { CONTEST_TRIES = 8 };

/* The contested pick: rolls for b's side on roll until the net's 0-ply
 * choice and its 2-ply choice (the tutor's search, with the exact
 * lookahead) are different plays, and replaces b by the position after
 * one of the two, by a coin, its other side on roll.  These are the
 * positions a choice is made between and the net misjudges: the search
 * looked further and ranked them the other way round.  False (b
 * untouched) when no roll of CONTEST_TRIES parts them, or the play drawn
 * (or the reply below) ends the game: its value is exact, nothing to
 * teach.  With `reply`, the position is taken a step further: after the
 * other side's 0-ply reply to a random roll (a roll with no play passes
 * the turn with the checkers as they stood), one of the leaves the 2-ply
 * search values the contested play by. */
static bool contested_play(make_worker_t *w, board_t *b, bool reply, uint64_t *rng)
{
    search_ctx_t *c = w->player->search;
    search_opts_t o0, o2;
    search_default_opts(0, &o0);
    search_default_opts(2, &o2);
    bool was = c->eval->lookahead;
    c->eval->lookahead = true;
    bool got = false;
    for (int t = 0; t < CONTEST_TRIES && !got; t++) {
        roll_t roll = {dice_below(rng, 6) + 1, dice_below(rng, 6) + 1};
        int n0 = search_rank(c, b, roll, &o0, w->ranked);
        if (n0 < 2)
            continue; /* no choice (or the buffer overflowed) */
        search_play_t first = w->ranked[0];
        int n2 = search_rank(c, b, roll, &o2, w->ranked);
        if (n2 < 2 || w->ranked[0].index == first.index)
            continue;
        const play_t *p = dice_below(rng, 2) == 0 ? &first.play : &w->ranked[0].play;
        if (p->outcome.kind != OUT_NONE)
            break;
        board_t after = p->after;
        board_swap(&after);
        if (reply) {
            /* one of the 2-ply search's leaves below it: the other side's
             * 0-ply reply to a random roll */
            roll_t r2 = {dice_below(rng, 6) + 1, dice_below(rng, 6) + 1};
            int n = search_rank(c, &after, r2, &o0, w->ranked);
            if (n < 1 || w->ranked[0].play.outcome.kind != OUT_NONE)
                break;
            after = w->ranked[0].play.after;
            board_swap(&after);
        }
        *b = after;
        got = true;
    }
    c->eval->lookahead = was;
    return got;
}

/* One candidate position from the self-play game of stream s: false when
 * the game gave none (it ended in its random start, every position of it
 * has an exact value, or none is of the phase asked for). */
static bool candidate(const make_job_t *j, make_worker_t *w, uint64_t s, board_t *pick)
{
    uint64_t rng = dice_stream(j->o->seed ^ TAG_PICK, s);
    board_t start;
    board_start(&start, j->r->geometry, BOARD_WHITE);
    if (dice_unit(&rng) < j->o->random_start &&
        !train_random_start(j->r, j->o->random_plies, w->buf, &start, &rng))
        return false;
    int nrec = 0, plies;
    outcome_t res;
    selfplay_game_from(&start, w->player, w->player, j->r, &rng, w->buf, w->record, NULL, MAX_RECORD, &nrec,
                       &res, &plies);
    if (nrec <= 0)
        return false;
    /* with a phase, the plies to draw from are that phase's (any: every
     * ply, drawn as before the option, so older data stay what they were) */
    int n = evalnet_of_phase(w->record, nrec, j->o->phase, w->at);
    float exact[NN_MAX_CLASSES];
    for (int tries = 0; tries < 8 && n > 0; tries++) {
        board_t b = w->record[w->at[dice_below(&rng, n)]];
        /* sideways: the position after a random play instead of the one
         * self-play made (no draw at all when off, so older data stay
         * what they were) */
        if (j->o->sideways > 0 && dice_unit(&rng) < j->o->sideways)
            (void)train_random_play(j->r, w->buf, &b, &rng);
        /* contested: the position after a play the 0-ply and 2-ply
         * choices part on (drawn only when on, as sideways) */
        if (j->o->contested > 0 && dice_unit(&rng) < j->o->contested &&
            !contested_play(w, &b, j->o->contested_reply, &rng))
            continue;
        if (!evalnet_exact(j->n, &b, exact)) {
            *pick = b;
            return true;
        }
    }
    return false;
}

/* How much the net's 1-ply value of b differs from its 0-ply value. */
static double disagreement(make_worker_t *w, const board_t *b)
{
    search_opts_t so;
    search_default_opts(1, &so);
    eval_t e0, e1;
    search_position(w->player->search, b, 0, &so, &e0);
    search_position(w->player->search, b, 1, &so, &e1);
    return fabs(e1.equity - e0.equity);
}

/* Position k: picked, then rolled out. */
static void make_one(make_job_t *j, make_worker_t *w, int k)
{
    const train_data_opts_t *o = j->o;
    int select = o->select < 1 ? 1 : o->select;
    /* no candidate at all (never met in practice): the starting position */
    board_t best;
    board_start(&best, j->r->geometry, BOARD_WHITE);
    double best_gap = -1.0; /* below every gap: no candidate yet */
    /* candidates come from streams span*select*k + c; a game that gives
     * none is replaced by a later stream of the same position (at most
     * span times: 4, or 16 with a phase, since many games never reach a
     * race) */
    uint64_t span = o->phase != EVALNET_ANY_PHASE ? 16u : 4u;
    int got = 0;
    for (int c = 0; got < select && c < (int)span * select; c++) {
        board_t b;
        if (!candidate(j, w, (uint64_t)k * span * (uint64_t)select + (uint64_t)c, &b))
            continue;
        got++;
        double gap = select > 1 ? disagreement(w, &b) : 0.0;
        if (gap > best_gap) {
            best = b;
            best_gap = gap;
        }
    }
    train_item_t *it = &j->stage[k - j->first];
    memset(it, 0, sizeof *it);
    it->b = best;
    if (got == 0 && o->phase != EVALNET_ANY_PHASE)
        return; /* no game gave a position of the phase: every share 0, so left out, as below */
    if (o->plies > 0) {
        /* the target is the net's own value searched o->plies deep (with
         * the exact lookahead a rollout's player does without) */
        search_opts_t so;
        search_default_opts(o->plies, &so);
        eval_t e;
        w->player->search->eval->lookahead = true;
        search_position(w->player->search, &best, o->plies, &so, &e);
        w->player->search->eval->lookahead = false;
        evalnet_from_eval(j->n, &e, it->p);
        return;
    }
    int counts[NN_MAX_CLASSES] = {0}, played = 0;
    for (int g = 0; g < o->games; g++) {
        uint64_t rng = dice_stream(o->seed ^ TAG_ROLL, (uint64_t)k * (uint64_t)o->games + (uint64_t)g);
        int nrec, plies;
        outcome_t res;
        int winner = selfplay_game_from(&best, w->roller, w->roller, j->r, &rng, w->buf, NULL, NULL, 0, &nrec,
                                        &res, &plies);
        if (winner < 0)
            continue; /* the ply limit: no result */
        counts[evalnet_class_of(j->n, &res, winner == best.turn)]++;
        played++;
    }
    /* no game finished (all at the ply limit): every share stays 0, and
     * train_data_make leaves the position out */
    for (int c = 0; c < j->n->classes; c++)
        it->p[c] = played ? (float)counts[c] / (float)played : 0.0f;
}

/* With the lock held: moves the finished positions that follow the made
 * prefix into out (those with no finished game left out) and calls the
 * checkpoint hook when due. */
static void advance(make_job_t *j)
{
    int count = j->o->positions - j->first;
    while (j->prefix < count && j->done[j->prefix]) {
        const train_item_t *it = &j->stage[j->prefix++];
        float sum = 0;
        for (int c = 0; c < j->n->classes; c++)
            sum += it->p[c];
        if (sum > 0)
            j->out->items[j->out->n++] = *it;
        j->out->made = j->first + j->prefix;
    }
    int every = j->o->checkpoint_every;
    if (j->h && j->h->checkpoint && every > 0 && j->out->made < j->o->positions &&
        j->out->made - j->last_checkpoint >= every) {
        j->last_checkpoint = j->out->made;
        j->h->checkpoint(j->h->ud, j->out);
    }
}

static void *make_worker(void *arg)
{
    make_worker_t *w = arg;
    make_job_t *j = w->job;
    for (;;) {
        int i = workq_take(&j->q);
        if (i < 0)
            break;
        make_one(j, w, j->first + i);
        pthread_mutex_lock(&j->lock);
        j->done[i] = true;
        j->finished++;
        advance(j);
        if (j->h && j->h->progress)
            j->h->progress(j->h->ud, j->first + j->finished, j->o->positions);
        pthread_mutex_unlock(&j->lock);
    }
    return NULL;
}

void train_data_start(train_data_t *out, const evalnet_t *n, const train_data_opts_t *o)
{
    memset(out, 0, sizeof *out);
    snprintf(out->rules, sizeof out->rules, "%s", n->rules);
    out->classes = n->classes;
    out->games = o->plies > 0 ? 0 : o->games;
    out->plies = o->plies > 0 ? o->plies : 0;
    out->player_plies = o->plies > 0 ? 0 : o->player_plies;
    out->select = o->select < 1 ? 1 : o->select;
    out->seed = o->seed;
    out->net_games = n->games;
    out->random_start = o->random_start;
    out->random_plies = o->random_plies;
    out->sideways = o->sideways;
    out->contested = o->contested;
    out->contested_reply = o->contested > 0 && o->contested_reply;
    out->phase = o->phase;
}

int train_data_make(const evalnet_t *n, const rules_t *r, const train_data_opts_t *o,
                    train_data_progress_fn progress, void *ud, train_data_t *out)
{
    train_data_start(out, n, o);
    train_data_hooks_t h = {progress, NULL, ud};
    int rc = train_data_continue(n, r, o, &h, out);
    if (rc < 0)
        train_data_free(out);
    return rc;
}

const char *train_data_mismatch(const train_data_t *d, const evalnet_t *n, const train_data_opts_t *o, char *buf,
                                size_t size)
{
    train_data_t want; /* the header a run of n with o writes */
    train_data_start(&want, n, o);
    if (d->random_start < 0)
        snprintf(buf, size, "it was made by an older brade, whose files do not say how their positions were "
                            "picked");
    else if (strcmp(d->rules, want.rules) != 0 || d->classes != want.classes)
        snprintf(buf, size, "it holds data for %s, the net is for %s", d->rules, want.rules);
    else if (d->games != want.games)
        snprintf(buf, size, "its positions were rolled out %d games each, not %d", d->games, want.games);
    else if (d->plies != want.plies)
        snprintf(buf, size, "its positions were valued %d plies deep, not %d", d->plies, want.plies);
    else if (d->player_plies != want.player_plies)
        snprintf(buf, size, "it was rolled out by players searching %d plies, not %d", d->player_plies,
                 want.player_plies);
    else if (d->select != want.select)
        snprintf(buf, size, "it was made with --select %d, not %d", d->select, want.select);
    else if (d->seed != want.seed)
        snprintf(buf, size, "it was made with seed %llu, not %llu", (unsigned long long)d->seed,
                 (unsigned long long)want.seed);
    else if (fabs(d->random_start - want.random_start) > 1e-9 || d->random_plies != want.random_plies)
        snprintf(buf, size, "it was made with random starts %g of up to %d plies, not %g of up to %d",
                 d->random_start, d->random_plies, want.random_start, want.random_plies);
    else if (fabs(d->sideways - want.sideways) > 1e-9)
        snprintf(buf, size, "it was made with --sideways %g, not %g", d->sideways, want.sideways);
    else if (fabs(d->contested - want.contested) > 1e-9)
        snprintf(buf, size, "it was made with --contested %g, not %g", d->contested, want.contested);
    else if (d->contested_reply != want.contested_reply)
        snprintf(buf, size, "it was made %s --contested-reply", d->contested_reply ? "with" : "without");
    else if (d->phase != want.phase)
        snprintf(buf, size, "its positions are of phase %s, not %s", evalnet_phase_name(d->phase),
                 evalnet_phase_name(want.phase));
    else if (d->net_games != want.net_games)
        snprintf(buf, size, "it was made by a net of %ld training games, this one has %ld", d->net_games,
                 want.net_games);
    else
        return NULL;
    return buf;
}

int train_data_continue(const evalnet_t *n, const rules_t *r, const train_data_opts_t *o,
                        const train_data_hooks_t *h, train_data_t *d)
{
#ifndef NDEBUG
    char why[160];
    assert(!train_data_mismatch(d, n, o, why, sizeof why));
#endif
    int first = d->made, count = o->positions - first;
    if (count <= 0)
        return 0;
    make_job_t j;
    memset(&j, 0, sizeof j);
    j.n = n;
    j.r = r;
    j.o = o;
    j.h = h;
    j.out = d;
    j.first = first;
    j.last_checkpoint = first;
    j.stage = malloc((size_t)count * sizeof *j.stage);
    j.done = calloc((size_t)count, sizeof *j.done);
    train_item_t *items = realloc(d->items, (size_t)(d->n + count) * sizeof *items);
    if (items)
        d->items = items;
    int nt = o->threads < 1 ? 1 : o->threads > WORKQ_MAX_THREADS ? WORKQ_MAX_THREADS : o->threads;
    make_worker_t ws[WORKQ_MAX_THREADS];
    memset(ws, 0, sizeof ws);
    selfplay_spec_t spec;
    memset(&spec, 0, sizeof spec);
    spec.eval = EVAL_NET;
    spec.net = n;
    bool ok = items && j.stage && j.done;
    for (int t = 0; ok && t < nt; t++) {
        ws[t].job = &j;
        ws[t].player = selfplay_player_new(&spec, r);
        ws[t].buf = movegen_buf_new();
        ws[t].record = malloc(MAX_RECORD * sizeof(board_t));
        ws[t].at = malloc(MAX_RECORD * sizeof(int));
        ws[t].ranked = malloc(MOVEGEN_MAX_PLAYS * sizeof(search_play_t));
        ws[t].roller = ws[t].player;
        if (o->player_plies > 0 && o->plies <= 0) {
            /* the rollout's players search, with the pruning nets inside
             * their tree as every search has them */
            selfplay_spec_t deep = spec;
            deep.plies = o->player_plies;
            ws[t].roller = selfplay_player_new(&deep, r);
        }
        ok = ws[t].player && ws[t].roller && ws[t].buf && ws[t].record && ws[t].at && ws[t].ranked;
        if (ok) { /* a rollout's players: without the exact lookahead */
            ws[t].player->search->eval->lookahead = false;
            ws[t].roller->search->eval->lookahead = false;
        }
    }
    int rc = ok ? 0 : -1;
    if (ok) {
        pthread_mutex_init(&j.lock, NULL);
        workq_init(&j.q, count);
        j.q.stop = o->stop;
        workq_run(nt, make_worker, ws, sizeof ws[0]);
        /* a stopped run keeps the made prefix (positions are handed out in
         * order); the workers moved it into d as it grew */
        rc = workq_stopped(&j.q) ? 1 : 0;
        workq_destroy(&j.q);
        pthread_mutex_destroy(&j.lock);
    }
    for (int t = 0; t < nt; t++) {
        if (ws[t].roller != ws[t].player)
            selfplay_player_free(ws[t].roller);
        selfplay_player_free(ws[t].player);
        movegen_buf_free(ws[t].buf);
        free(ws[t].record);
        free(ws[t].at);
        free(ws[t].ranked);
    }
    free(j.stage);
    free(j.done);
    return rc;
}

void train_data_free(train_data_t *d)
{
    free(d->items);
    d->items = NULL;
    d->n = 0;
}

/* Moves the items of `from` to the end of `to` (see train_data.h). */
int train_data_append(train_data_t *to, train_data_t *from)
{
    if (to->classes != from->classes || strcmp(to->rules, from->rules) != 0)
        return -1;
    train_item_t *items = realloc(to->items, (size_t)(to->n + from->n) * sizeof *items);
    if (!items && to->n + from->n > 0)
        return -2;
    to->items = items;
    memcpy(to->items + to->n, from->items, (size_t)from->n * sizeof *items);
    to->n += from->n;
    train_data_free(from);
    return 0;
}

/* ---- the text form ---- */

char *train_data_format(const train_data_t *d, const rules_t *r, size_t *len)
{
    textout_t o;
    textout_init(&o, 4096);
    textout_put(&o,
                "brade-rollout-data %d\nrules %s\nclasses %d\ngames %d\nplies %d\nplayer-plies %d\nselect %d\n"
                "seed %llu\nnet-games %ld\nrandom-start %.17g\nrandom-plies %d\nsideways %.17g\ncontested %.17g\n"
                "contested-reply %d\nphase %s\nmade %d\npositions %d\n",
                TRAIN_DATA_VERSION, d->rules, d->classes, d->games, d->plies, d->player_plies, d->select,
                (unsigned long long)d->seed, d->net_games, d->random_start, d->random_plies, d->sideways,
                d->contested, d->contested_reply ? 1 : 0, evalnet_phase_name(d->phase), d->made, d->n);
    for (int i = 0; i < d->n; i++) {
        char id[POSID_SIZE];
        posid_write(r->geometry, &d->items[i].b, id);
        textout_put(&o, "%s %s", id, d->items[i].b.turn == BOARD_WHITE ? "white" : "black");
        for (int c = 0; c < d->classes; c++)
            textout_put(&o, " %.6g", (double)d->items[i].p[c]);
        textout_put(&o, "\n");
    }
    return textout_take(&o, len);
}

typedef struct in {
    const char *p, *end;
    int line;
    char *msg;
    size_t msg_size;
} in_t;

static bool fail(in_t *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(in_t *in, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->msg, in->msg_size, fmt, ap);
    va_end(ap);
    return false;
}

/* The next line into buf (without its newline); false at the end. */
static bool next_line(in_t *in, char *buf, size_t size)
{
    if (in->p >= in->end)
        return false;
    const char *e = memchr(in->p, '\n', (size_t)(in->end - in->p));
    if (!e)
        e = in->end;
    size_t n = (size_t)(e - in->p);
    if (n >= size)
        n = size - 1;
    memcpy(buf, in->p, n);
    buf[n] = '\0';
    in->p = e < in->end ? e + 1 : e;
    in->line++;
    return true;
}

/* A header line "KEY VALUE": the value's text into val. */
static bool header(in_t *in, const char *key, char *val, size_t size)
{
    char buf[256];
    if (!next_line(in, buf, sizeof buf))
        return fail(in, "the file ends before its '%s' line", key);
    size_t k = strlen(key);
    if (strncmp(buf, key, k) != 0 || buf[k] != ' ')
        return fail(in, "'%s' expected here", key);
    size_t n = strlen(buf + k + 1);
    if (n >= size)
        return fail(in, "the '%s' line is too long", key);
    memcpy(val, buf + k + 1, n + 1);
    return true;
}

static bool header_long(in_t *in, const char *key, long lo, long hi, long *out)
{
    char val[128], *end;
    if (!header(in, key, val, sizeof val))
        return false;
    long v = strtol(val, &end, 10);
    if (end == val || *end || v < lo || v > hi)
        return fail(in, "'%s' must be a whole number from %ld to %ld", key, lo, hi);
    *out = v;
    return true;
}

static bool header_real(in_t *in, const char *key, double lo, double hi, double *out)
{
    char val[128], *end;
    if (!header(in, key, val, sizeof val))
        return false;
    double v = strtod(val, &end);
    if (end == val || *end || !(v >= lo && v <= hi))
        return fail(in, "'%s' must be a number from %g to %g", key, lo, hi);
    *out = v;
    return true;
}

bool train_data_parse(const char *text, size_t len, const rules_t *r, train_data_t *out, int *line,
                      char *msg, size_t msg_size)
{
    memset(out, 0, sizeof *out);
    in_t in = {text, text + len, 0, msg, msg_size};
    long version, classes, games, plies = 0, player_plies = 0, select, seed, net_games, positions;
    long random_plies = -1, made = -1, contested_reply = 0;
    double random_start = -1, sideways = 0, contested = 0;
    char rules[64], phase[16] = "any";
    int ph = EVALNET_ANY_PHASE;
    /* version 1 has no 'plies' line: its targets are all rolled out */
    bool ok = header_long(&in, "brade-rollout-data", 1, 1000, &version) &&
              ((version >= 1 && version <= TRAIN_DATA_VERSION) ||
               fail(&in, "version %ld; this brade reads versions 1 to %d", version, TRAIN_DATA_VERSION)) &&
              header(&in, "rules", rules, sizeof rules) &&
              (strcmp(rules, r->name) == 0 || fail(&in, "data for %s, not %s", rules, r->name)) &&
              header_long(&in, "classes", 1, NN_MAX_CLASSES, &classes) &&
              (classes == evalnet_classes_for(r) ||
               fail(&in, "%ld classes; %s has %d", classes, r->name, evalnet_classes_for(r))) &&
              header_long(&in, "games", 0, 100000000L, &games) &&
              (version < 2 || header_long(&in, "plies", 0, SEARCH_MAX_PLIES, &plies)) &&
              ((games > 0) != (plies > 0) ||
               fail(&in, "a target is either rolled out (games above 0, plies 0) or searched (games 0, plies "
                         "above 0)")) &&
              /* version 5 on: the rollout's players' depth */
              (version < 5 || header_long(&in, "player-plies", 0, SEARCH_MAX_PLIES, &player_plies)) &&
              (player_plies == 0 || games > 0 || fail(&in, "searched targets have no rollout players")) &&
              header_long(&in, "select", 1, 1000, &select) &&
              header_long(&in, "seed", 0, 2147483647L, &seed) &&
              header_long(&in, "net-games", 0, 2000000000L, &net_games) &&
              /* version 3 on: how the positions were picked, and how far */
              (version < 3 || (header_real(&in, "random-start", 0, 1, &random_start) &&
                               header_long(&in, "random-plies", 1, 200, &random_plies) &&
                               /* version 4 on: the share of positions taken sideways */
                               (version < 4 || header_real(&in, "sideways", 0, 1, &sideways)) &&
                               /* version 6 on: the share taken where 0 and 2 plies part */
                               (version < 6 || (header_real(&in, "contested", 0, 1, &contested) &&
                                                header_long(&in, "contested-reply", 0, 1, &contested_reply))) &&
                               /* version 7 on: the phase the positions are of */
                               (version < 7 || (header(&in, "phase", phase, sizeof phase) &&
                                                (evalnet_phase_parse(phase, &ph) ||
                                                 fail(&in, "phase '%s'; it is any, race or contact", phase)))) &&
                               header_long(&in, "made", 0, 10000000L, &made))) &&
              header_long(&in, "positions", 0, 10000000L, &positions) &&
              (made < 0 || positions <= made ||
               fail(&in, "%ld positions, more than the %ld made", positions, made));
    if (ok) {
        snprintf(out->rules, sizeof out->rules, "%.31s", rules);
        out->classes = (int)classes;
        out->games = (int)games;
        out->plies = (int)plies;
        out->player_plies = (int)player_plies;
        out->select = (int)select;
        out->seed = (uint64_t)seed;
        out->net_games = net_games;
        out->random_start = random_start;
        out->random_plies = (int)random_plies;
        out->sideways = sideways;
        out->contested = contested;
        out->contested_reply = contested_reply != 0;
        out->phase = ph;
        out->made = made >= 0 ? (int)made : (int)positions;
        out->items = calloc((size_t)(positions > 0 ? positions : 1), sizeof *out->items);
        ok = out->items || fail(&in, "out of memory");
    }
    char buf[512];
    for (long i = 0; ok && i < positions; i++) {
        if (!next_line(&in, buf, sizeof buf)) {
            ok = fail(&in, "the file ends after %ld of its %ld positions", i, positions);
            break;
        }
        train_item_t *it = &out->items[i];
        char *save = NULL, *id = strtok_r(buf, " ", &save), *colour = strtok_r(NULL, " ", &save);
        bool read = id && posid_read(r->geometry, id, &it->b);
        if (!read) {
            ok = fail(&in, "not a position id: '%.40s'", id ? id : "");
            break;
        }
        if (!colour || (strcmp(colour, "white") != 0 && strcmp(colour, "black") != 0)) {
            ok = fail(&in, "the side on roll (white or black) is missing");
            break;
        }
        int turn = strcmp(colour, "white") == 0 ? BOARD_WHITE : BOARD_BLACK;
        if (r->geometry == GEOM_BACKGAMMON)
            it->b.turn = (uint8_t)turn;
        else if (it->b.turn != turn) {
            ok = fail(&in, "the id has %s on roll, the line says %s", it->b.turn == BOARD_WHITE ? "white" : "black",
                      colour);
            break;
        }
        double sum = 0;
        for (int c = 0; c < classes; c++) {
            char *tok = strtok_r(NULL, " ", &save), *end;
            double v = tok ? strtod(tok, &end) : -1;
            if (!tok || *end || !(v >= 0 && v <= 1)) {
                ok = fail(&in, "class %d's share is missing or not from 0 to 1", c);
                break;
            }
            it->p[c] = (float)v;
            sum += v;
        }
        if (ok && strtok_r(NULL, " ", &save))
            ok = fail(&in, "more than %ld shares", classes);
        if (ok && fabs(sum - 1.0) > 1e-3)
            ok = fail(&in, "the shares add up to %.4f, not 1", sum);
        out->n = (int)i + 1;
    }
    if (ok && next_line(&in, buf, sizeof buf))
        ok = fail(&in, "more lines than the %ld positions the header gives", positions);
    *line = in.line;
    if (!ok)
        train_data_free(out);
    return ok;
}

/* ---- the fit ---- */

/* Mean cross entropy over items idx[0..n) and mean |equity error|. */
static void measure(const evalnet_t *n, const rules_t *r, const train_data_t *d, const int *idx, int cnt,
                    double *loss, double *eq_err)
{
    double l = 0, e = 0;
    int m = 0;
    nn_input_t x;
    nn_act_t a;
    for (int i = 0; i < cnt; i++) {
        const train_item_t *it = &d->items[idx[i]];
        outcome_kind_t near[2];
        int ph = evalnet_encode(n, &it->b, r, &x, near);
        nn_forward(n->net[ph], &x, &a);
        for (int c = 0; c < n->classes; c++)
            if (it->p[c] > 0)
                l -= (double)it->p[c] * log((double)(a.p[c] > 1e-12f ? a.p[c] : 1e-12f));
        eval_t en, et;
        evalnet_to_eval(n, a.p, near, r, &en);
        evalnet_to_eval(n, it->p, near, r, &et);
        e += fabs(en.equity - et.equity);
        m++;
    }
    *loss = m ? l / m : 0;
    *eq_err = m ? e / m : 0;
}

void train_fit_default_opts(train_fit_opts_t *o)
{
    *o = (train_fit_opts_t){.epochs = 4, .alpha = 0.002, .holdout = 0.1, .seed = 1};
}

int train_data_fit(evalnet_t *n, const rules_t *r, const train_data_t *d, const train_fit_opts_t *o,
                   train_fit_progress_fn progress, void *ud)
{
    if (strcmp(d->rules, n->rules) != 0 || d->classes != n->classes)
        return -1;
    int *order = malloc(sizeof(int) * (size_t)(d->n > 0 ? d->n : 1));
    if (!order)
        return -1;
    /* which positions are held out: a seeded shuffle, the first share */
    uint64_t rng = dice_stream(o->seed, 0x40f17);
    for (int i = 0; i < d->n; i++)
        order[i] = i;
    for (int i = d->n - 1; i > 0; i--) {
        int k = dice_below(&rng, i + 1), t = order[i];
        order[i] = order[k];
        order[k] = t;
    }
    int held = (int)(o->holdout * d->n), fit = d->n - held;
    int *hold_idx = order, *fit_idx = order + held;
    train_fit_status_t st;
    memset(&st, 0, sizeof st);
    double unused;
    measure(n, r, d, fit_idx, fit, &st.train_loss, &unused);
    measure(n, r, d, hold_idx, held, &st.holdout_loss, &st.holdout_equity_error);
    if (progress)
        progress(ud, &st);
    nn_input_t x;
    nn_act_t a;
    for (int ep = 1; ep <= o->epochs; ep++) {
        for (int i = fit - 1; i > 0; i--) { /* a new order each epoch */
            int k = dice_below(&rng, i + 1), t = fit_idx[i];
            fit_idx[i] = fit_idx[k];
            fit_idx[k] = t;
        }
        double loss = 0;
        for (int i = 0; i < fit; i++) {
            const train_item_t *it = &d->items[fit_idx[i]];
            outcome_kind_t near[2];
            int ph = evalnet_encode(n, &it->b, r, &x, near);
            nn_forward(n->net[ph], &x, &a);
            loss += nn_train_step(n->net[ph], &x, &a, it->p, (float)o->alpha);
        }
        st.epoch = ep;
        st.train_loss = fit ? loss / fit : 0;
        measure(n, r, d, hold_idx, held, &st.holdout_loss, &st.holdout_equity_error);
        if (progress)
            progress(ud, &st);
    }
    free(order);
    return 0;
}
