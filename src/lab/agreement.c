/*
 * agreement.c - judging a search's choice of play by rollouts (see agreement.h).
 */
#include "lab/agreement.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dice.h"
#include "analysis/evalnet.h"
#include "analysis/onedie.h"
#include "lab/selfplay.h"
#include "analysis/textout.h"
#include "analysis/workq.h"
#include "engine/notation.h"
#include "engine/posid.h"

enum { AGREEMENT_DRAWS = 20000, AGREEMENT_RECORD = 4000 };

void agreement_default_opts(agreement_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->plies = 2;
    o->top = 4;
    o->games = 648;
    o->confirm = 0;
    o->passes = 1;
    rollout_default_opts(&o->ro);
}

/* Game g of seed's set, played by p to the end: the position it gives
 * (one of its plies of `phase`, seeded, with a roll that offers two plays
 * or more) into *pos and *roll and true, or false when eight tries found
 * none.  The game's dice are its own stream, so it depends on (seed, g)
 * alone.  buf and rec (AGREEMENT_RECORD boards) and at (AGREEMENT_RECORD
 * ints) are the caller's scratch. */
static bool game_position(selfplay_player_t *p, const rules_t *r, uint64_t seed, uint64_t g,
                          int phase, movegen_buf_t *buf, board_t *rec, int *at, board_t *pos,
                          roll_t *roll)
{
    uint64_t rng = dice_stream(seed, g);
    int nrec, plies;
    outcome_t res;
    selfplay_game(p, p, r, &rng, buf, rec, AGREEMENT_RECORD, &nrec, &res, &plies);
    /* the plies to choose from: every one (so the sets made before phases
     * could be asked for stay the same), or those of the phase */
    int n = 0;
    if (phase == AGREEMENT_ONE_DIE) {
        for (int i = 0; i < nrec; i++)
            if (onedie_eligible(&rec[i], r))
                at[n++] = i;
    } else {
        n = evalnet_of_phase(rec, nrec, phase, at);
    }
    for (int tries = 0; tries < 8 && n > 0; tries++) {
        int i = at[dice_below(&rng, n)];
        roll_t t = {dice_below(&rng, 6) + 1, dice_below(&rng, 6) + 1};
        if (movegen_plays(&rec[i], r, t, buf) >= 2) {
            *pos = rec[i];
            *roll = t;
            return true;
        }
    }
    return false;
}

/* One worker of agreement_positions: its own player and scratch, and the
 * shared batch of games first..first+count (the queue's jobs).  got[j]
 * ends 1 with pos[j]/rolls[j] filled, 0 when game first+j gave no
 * position; it stays -1 for a game no worker played (every worker out of
 * memory). */
typedef struct positions_work {
    const rules_t *r;
    uint64_t seed, first;
    int phase;
    workq_t *q;
    board_t *pos;
    roll_t *rolls;
    signed char *got;
} positions_work_t;

static void *positions_worker(void *arg)
{
    positions_work_t *w = arg;
    selfplay_spec_t spec = {EVAL_DEFAULT, 0, false, 0.0, NULL, NULL};
    selfplay_player_t *p = selfplay_player_new(&spec, w->r);
    movegen_buf_t *buf = movegen_buf_new();
    board_t *rec = malloc(sizeof *rec * AGREEMENT_RECORD);
    int *at = malloc(sizeof *at * AGREEMENT_RECORD);
    for (int j; p && buf && rec && at && (j = workq_take(w->q)) >= 0;)
        w->got[j] = game_position(p, w->r, w->seed, w->first + (uint64_t)j, w->phase, buf, rec, at, &w->pos[j],
                                  &w->rolls[j])
                        ? 1
                        : 0;
    free(at);
    free(rec);
    movegen_buf_free(buf);
    selfplay_player_free(p);
    return NULL;
}

int agreement_positions(const rules_t *r, int k, uint64_t seed, int phase, int threads, board_t *pos,
                        roll_t *rolls)
{
    threads = threads < 1 ? 1 : threads > WORKQ_MAX_THREADS ? WORKQ_MAX_THREADS : threads;
    size_t n = k > 0 ? (size_t)k : 1;
    board_t *bpos = malloc(sizeof *bpos * n);
    roll_t *brolls = malloc(sizeof *brolls * n);
    signed char *bgot = malloc(n);
    int got = 0;
    /* Games are played in batches of as many as positions are still
     * wanted: each gives one position at most, so no batch plays a game
     * past the last one needed, and the positions are taken in game order,
     * as one thread playing the games one after another would. */
    for (uint64_t g = 0, limit = (uint64_t)k * 50; bpos && brolls && bgot && got < k && g < limit;) {
        int batch = k - got;
        if ((uint64_t)batch > limit - g)
            batch = (int)(limit - g);
        memset(bgot, -1, (size_t)batch);
        workq_t q;
        workq_init(&q, batch);
        positions_work_t w[WORKQ_MAX_THREADS];
        for (int t = 0; t < threads; t++)
            w[t] = (positions_work_t){r, seed, g, phase, &q, bpos, brolls, bgot};
        workq_run(threads, positions_worker, w, sizeof w[0]);
        workq_destroy(&q);
        bool unplayed = false; /* every worker out of memory: the positions found so far */
        for (int j = 0; j < batch && !unplayed; j++) {
            unplayed = bgot[j] < 0;
            if (bgot[j] == 1) {
                pos[got] = bpos[j];
                rolls[got++] = brolls[j];
            }
        }
        g = unplayed ? limit : g + (uint64_t)batch;
    }
    free(bpos);
    free(brolls);
    free(bgot);
    return got;
}

/* The index among res's rolled-out plays of the play noted `note`, or -1. */
static int rolled_out_index(const agreement_result_t *res, const char *note)
{
    for (int j = 0; j < res->first.m; j++)
        if (strcmp(res->notes[j], note) == 0)
            return j;
    return -1;
}

/* The index among sp[0..n) of the play noted `note`, or -1 (no legal
 * play of the position is written so). */
static int play_noted(const search_play_t *sp, int n, geometry_t geom, const char *note)
{
    char got[AGREEMENT_NOTE];
    for (int k = 0; k < n; k++) {
        notation_play(&sp[k].play, geom, got, sizeof got);
        if (strcmp(got, note) == 0)
            return k;
    }
    return -1;
}

/* The plays still in contention after the passes so far: the best, and
 * every play whose paired difference from it is within 1.96 standard
 * errors.  Returns how many (1: the best is separable). */
static int contention(const agree_stats_t *s, bool in[AGREE_MAX])
{
    int b = agree_best(s), n = 0;
    for (int j = 0; j < s->m; j++) {
        in[j] = j == b || s->mean[b] - s->mean[j] <= 1.96 * agree_diff_se(s, b, j);
        n += in[j];
    }
    return n;
}

/* The seed of further pass p (p >= 1): another stream of dice each pass
 * (pass 1's is the one --confirm has always used). */
static uint64_t pass_seed(uint64_t seed, int p)
{
    return seed + (uint64_t)p * 0x9e3779b9u;
}

/* The index among sp[0..n) of the play the evaluator alone (0 plies)
 * values most (the first of equals).  A play search_rank left at 0 plies
 * already holds that value (the same call made it), so only the plays it
 * searched deeper are valued again: at 0 plies nothing is. */
static int zero_choice(search_ctx_t *sc, const search_play_t *sp, int n, const search_opts_t *so)
{
    double e0 = -1e300;
    int z = 0;
    for (int j = 0; j < n; j++) {
        eval_t e;
        if (sp[j].plies == 0)
            e = sp[j].value;
        else
            search_play_value(sc, &sp[j].play, 0, so, &e);
        if (e.equity > e0) {
            e0 = e.equity;
            z = j;
        }
    }
    return z;
}

/* Rolls out plays[0..m) as agreement_position does (see agreement.h): a
 * first pass of o->games each with the same dice, then pass after pass
 * the plays still in contention.  Fills out->notes' stats (first, last,
 * passes); 0, 1 when o->ro.stop ended it, -1 when out of memory. */
static int judge_plays(const play_t *plays, int m, const rules_t *r, const agreement_opts_t *o,
                       agreement_result_t *out)
{
    int passes = o->confirm > 0 ? o->passes : 0;
    size_t per0 = (size_t)m * (size_t)o->games, per1 = (size_t)m * (size_t)o->confirm;
    double *x = malloc(sizeof *x * (per0 + per1 * (size_t)passes));
    agree_pass_t *pass = calloc((size_t)passes + 1, sizeof *pass);
    int rc = -1;
    if (!x || !pass)
        goto done;
    rollout_opts_t ro = o->ro;
    bool in[AGREE_MAX];
    for (int j = 0; j < m; j++)
        in[j] = true;
    out->passes = 0;
    for (int p = 0; p <= passes; p++) {
        if (p > 0 && contention(&out->last, in) < 2)
            break;
        ro.games = p == 0 ? o->games : o->confirm;
        ro.seed = p == 0 ? o->ro.seed : pass_seed(o->ro.seed, p);
        pass[p].n = ro.games;
        double *base = x + (p == 0 ? 0 : per0 + per1 * (size_t)(p - 1));
        for (int j = 0; j < m; j++) {
            if (!in[j])
                continue;
            rollout_result_t res;
            ro.game_equity = base + (size_t)j * (size_t)ro.games;
            pass[p].x[j] = ro.game_equity;
            if (rollout_play(&plays[j], r, &ro, &res) != 0)
                goto done;
            if (res.stopped) {
                rc = 1;
                goto done;
            }
        }
        agree_combine(pass, p + 1, m, &out->last);
        if (p == 0)
            out->first = out->last;
        else
            out->passes = p;
    }
    rc = 0;
done:
    free(x);
    free(pass);
    return rc;
}

int agreement_position(search_ctx_t *sc, const rules_t *r, int index, const board_t *b, roll_t roll,
                   const agreement_opts_t *o, agreement_result_t *out)
{
    assert(o->top >= 2 && o->top <= AGREE_MAX && o->games >= 2);
    assert(o->confirm == 0 || o->confirm >= 2);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    int rc = -1;
    if (!sp)
        return -1;
    search_opts_t so;
    search_default_opts(o->plies, &so);
    int n = search_rank(sc, b, roll, &so, sp);
    if (n < 2)
        goto done;
    memset(out, 0, sizeof *out);
    out->index = index;
    out->pos = *b;
    out->roll = roll;
    out->nplays = n;
    int m = n < o->top ? n : o->top;
    play_t plays[AGREE_MAX];
    for (int j = 0; j < m; j++) {
        plays[j] = sp[j].play;
        notation_play(&sp[j].play, b->geom, out->notes[j], AGREEMENT_NOTE);
    }
    rc = judge_plays(plays, m, r, o, out);
    if (rc == 0)
        out->zero = zero_choice(sc, sp, n, &so); /* for comparison */
done:
    free(sp);
    return rc;
}

int agreement_fill(search_ctx_t *judge, const rules_t *r, agreement_result_t *res, const char *note,
                   const agreement_opts_t *o, bool anew)
{
    int m = res->first.m;
    if (m >= AGREE_MAX)
        return 2;
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    if (!sp)
        return -1;
    search_opts_t so;
    search_default_opts(0, &so);
    int n = search_rank(judge, &res->pos, res->roll, &so, sp), rc = -1;
    agreement_result_t t = *res;
    snprintf(t.notes[m], AGREEMENT_NOTE, "%s", note);
    play_t plays[AGREE_MAX];
    for (int j = 0; j <= m; j++) {
        int k = play_noted(sp, n, res->pos.geom, t.notes[j]);
        if (k < 0) /* not a legal play of the position */
            goto done;
        plays[j] = sp[k].play;
    }
    if ((rc = judge_plays(plays, m + 1, r, o, &t)) != 0)
        goto done;
    /* the same dice and the same players give the recorded first pass to
     * the last bit, or these are not the record's rollouts */
    bool same = true;
    for (int j = 0; j < m; j++)
        same = same && t.first.games[j] == res->first.games[j] && t.first.mean[j] == res->first.mean[j];
    if (!same && !anew) {
        rc = 3;
        goto done;
    }
    rc = same ? 0 : 4;
    /* the judge's 0-ply choice, wherever it now is among the plays */
    char zn[AGREEMENT_NOTE];
    notation_play(&sp[zero_choice(judge, sp, n, &so)].play, res->pos.geom, zn, sizeof zn);
    t.zero = rolled_out_index(&t, zn);
    if (t.zero < 0) /* still not rolled out: an index past them */
        t.zero = res->zero > m ? res->zero : m + 1;
    if (t.zero >= t.nplays) /* every play rolled out, and the 0-ply choice not among them: no such record */
        t.zero = 0;
    *res = t;
done:
    free(sp);
    return rc;
}

/* Moves play j of s to index 0, the others keeping their order after it. */
static void stats_front(agree_stats_t *s, int j)
{
    agree_stats_t t = *s;
    int from[AGREE_MAX];
    from[0] = j;
    for (int k = 0, at = 1; k < s->m; k++)
        if (k != j)
            from[at++] = k;
    agree_stats_permute(&t, from, s);
}

void agreement_choose(agreement_result_t *res, int j)
{
    assert(j >= 0 && j < res->first.m && res->first.m == res->last.m);
    if (j == 0)
        return;
    stats_front(&res->first, j);
    stats_front(&res->last, j);
    char note[AGREEMENT_NOTE];
    memcpy(note, res->notes[j], sizeof note);
    memmove(res->notes[1], res->notes[0], sizeof note * (size_t)j);
    memcpy(res->notes[0], note, sizeof note);
    if (res->zero == j)
        res->zero = 0;
    else if (res->zero < j)
        res->zero++;
}

int agreement_rejudge(search_ctx_t *sc, int plies, const char *given, agreement_result_t *res, char *choice,
                      size_t csize)
{
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    if (!sp)
        return -1;
    search_opts_t so;
    search_default_opts(given ? 0 : plies, &so); /* a given choice needs only the 0-ply one beside it */
    int n = search_rank(sc, &res->pos, res->roll, &so, sp);
    if (n < 2) {
        free(sp);
        return -1;
    }
    char note[AGREEMENT_NOTE];
    /* the 0-ply choice first: res->zero points into the plays as they are now */
    notation_play(&sp[zero_choice(sc, sp, n, &so)].play, res->pos.geom, note, sizeof note);
    /* Not rolled out: an index past every rolled-out play, never the best.
     * The record's own (its search's order, as agreement_position wrote
     * it) is kept when it already says so, else the first such index; either
     * stays within the plays, so the record still reads back. */
    int zi = rolled_out_index(res, note), m = res->first.m;
    res->zero = zi >= 0 ? zi : res->zero >= m ? res->zero : m;
    bool legal = !given || play_noted(sp, n, res->pos.geom, given) >= 0;
    if (given)
        snprintf(choice, csize, "%s", given);
    else
        notation_play(&sp[0].play, res->pos.geom, choice, csize);
    free(sp);
    if (!legal)
        return 2;
    int j = rolled_out_index(res, choice);
    if (j < 0)
        return 1;
    agreement_choose(res, j);
    return 0;
}

int agreement_best(const agreement_result_t *res, bool last)
{
    return agree_best(last ? &res->last : &res->first);
}

const double AGREEMENT_NEAR_AT[AGREEMENT_NEAR] = {0.01, 0.02, 0.04};

/* Whether play j's mean is within the 95% interval of the best play b's
 * (the test agreement_tally_add applies to a choice). */
static bool within_interval(const agree_stats_t *s, int b, int j)
{
    return j == b || s->mean[b] - s->mean[j] <= 1.96 * sqrt(s->cov[b][b]);
}

/* A perfect player's chance of being within the interval here: the
 * chance that each play is the truly best one (p), summed over the plays
 * the interval holds. */
static double within_ceiling(const agree_stats_t *s, int b, const double *p)
{
    double w = 0;
    for (int j = 0; j < s->m; j++)
        w += within_interval(s, b, j) ? p[j] : 0;
    return w;
}

/* Adds what the rollout's noise allows at one position whose best play
 * is b to t's ceilings; the chance that each play is the truly best goes
 * into p (AGREE_MAX of them, the caller's). */
static void tally_ceilings(agreement_tally_t *t, const agree_stats_t *s, int b, uint64_t seed, double *p)
{
    agree_p_best_all(s, seed, AGREEMENT_DRAWS, p);
    t->ceiling += p[b];
    t->within_ceiling += within_ceiling(s, b, p);
}

void agreement_tally_add(agreement_tally_t *t, const agreement_result_t *res, bool last, uint64_t seed)
{
    const agree_stats_t *s = last ? &res->last : &res->first;
    int b = agree_best(s);
    t->positions++;
    t->agree += b == 0;
    t->within += within_interval(s, b, 0);
    t->agree0 += res->zero < s->m && agree_is_best(s, res->zero);
    t->lost += s->mean[b] - s->mean[0];
    for (int k = 0; k < AGREEMENT_NEAR; k++)
        t->near[k] += s->mean[b] - s->mean[0] <= AGREEMENT_NEAR_AT[k];
    if (agree_separable(s)) {
        t->separable++;
        t->separable_agree += b == 0;
    }
    double p[AGREE_MAX];
    tally_ceilings(t, s, b, seed, p);
    t->p_search += p[0];
}

/* every member is summed below: a new one fails here until it is */
_Static_assert(sizeof(agreement_tally_t) == (7 + AGREEMENT_NEAR) * sizeof(int) + 4 * sizeof(double),
               "agreement_tally_sum must add every member of agreement_tally_t");

void agreement_tally_sum(agreement_tally_t *t, const agreement_tally_t *one)
{
    t->positions += one->positions;
    t->agree += one->agree;
    t->within += one->within;
    t->separable += one->separable;
    t->separable_agree += one->separable_agree;
    t->agree0 += one->agree0;
    for (int k = 0; k < AGREEMENT_NEAR; k++)
        t->near[k] += one->near[k];
    t->unjudged += one->unjudged;
    t->lost += one->lost;
    t->ceiling += one->ceiling;
    t->p_search += one->p_search;
    t->within_ceiling += one->within_ceiling;
}

void agreement_tally_unjudged(agreement_tally_t *t, const agreement_result_t *res, bool last, uint64_t seed)
{
    const agree_stats_t *s = last ? &res->last : &res->first;
    int b = agree_best(s);
    t->positions++;
    t->unjudged++;
    t->agree0 += res->zero < s->m && agree_is_best(s, res->zero);
    t->separable += agree_separable(s);
    double p[AGREE_MAX];
    tally_ceilings(t, s, b, seed, p);
}

static void put_stats(textout_t *o, const char *name, const agree_stats_t *s)
{
    textout_put(o, " %s %d", name, s->m);
    for (int j = 0; j < s->m; j++)
        textout_put(o, " %d", s->games[j]);
    for (int j = 0; j < s->m; j++)
        textout_put(o, " %.17g", s->mean[j]);
    for (int j = 0; j < s->m; j++)
        for (int k = j; k < s->m; k++)
            textout_put(o, " %.17g", s->cov[j][k]);
}

void agreement_record_put(textout_t *o, const agreement_result_t *res, geometry_t geom)
{
    char id[POSID_SIZE];
    posid_write(geom, &res->pos, id);
    textout_put(o, "judged %d %s %d-%d plays %d zero %d passes %d", res->index, id, res->roll.a, res->roll.b,
                res->nplays, res->zero, res->passes);
    put_stats(o, "first", &res->first);
    put_stats(o, "last", &res->last);
    for (int j = 0; j < res->first.m; j++)
        textout_put(o, " | %s", res->notes[j]);
}

/* A cursor over a record line's space-separated fields. */
typedef struct rd {
    const char *p;
    char *msg;
    size_t msize;
    bool ok;
} rd_t;

/* The next field into f (at most fsize - 1 characters); false (with a
 * message) when the line ends. */
static bool field(rd_t *r, const char *what, char *f, size_t fsize)
{
    while (*r->p == ' ')
        r->p++;
    size_t n = strcspn(r->p, " ");
    if (!r->ok || n == 0 || n >= fsize) {
        if (r->ok)
            snprintf(r->msg, r->msize, n == 0 ? "the line ends before %s" : "%s is too long", what);
        r->ok = false;
        return false;
    }
    memcpy(f, r->p, n);
    f[n] = '\0';
    r->p += n;
    return true;
}

/* Expects the word `w`. */
static void word(rd_t *r, const char *w)
{
    char f[32];
    if (field(r, w, f, sizeof f) && strcmp(f, w) != 0) {
        snprintf(r->msg, r->msize, "expected '%s', found '%s'", w, f);
        r->ok = false;
    }
}

/* An integer in [lo, hi]. */
static int integer(rd_t *r, const char *what, long lo, long hi)
{
    char f[32], *end;
    if (!field(r, what, f, sizeof f))
        return 0;
    long v = strtol(f, &end, 10);
    if (*end || v < lo || v > hi) {
        snprintf(r->msg, r->msize, "%s: '%s' is not a whole number from %ld to %ld", what, f, lo, hi);
        r->ok = false;
        return 0;
    }
    return (int)v;
}

/* A finite number. */
static double number(rd_t *r, const char *what)
{
    char f[40], *end;
    if (!field(r, what, f, sizeof f))
        return 0;
    double v = strtod(f, &end);
    if (*end || !isfinite(v)) {
        snprintf(r->msg, r->msize, "%s: '%s' is not a number", what, f);
        r->ok = false;
        return 0;
    }
    return v;
}

static void get_stats(rd_t *r, const char *name, agree_stats_t *s)
{
    memset(s, 0, sizeof *s);
    word(r, name);
    s->m = integer(r, "the count of plays rolled out", 2, AGREE_MAX);
    for (int j = 0; r->ok && j < s->m; j++)
        s->games[j] = integer(r, "a play's games", 1, 2000000000L);
    for (int j = 0; r->ok && j < s->m; j++)
        s->mean[j] = number(r, "a play's mean");
    for (int j = 0; r->ok && j < s->m; j++)
        for (int k = j; r->ok && k < s->m; k++)
            s->cov[j][k] = s->cov[k][j] = number(r, "a covariance");
}

bool agreement_record_parse(const char *line, geometry_t geom, agreement_result_t *res, char *msg, size_t msize)
{
    memset(res, 0, sizeof *res);
    rd_t r = {line, msg, msize, true};
    char id[POSID_SIZE + 1], roll[8];
    word(&r, "judged");
    res->index = integer(&r, "the position's index", 0, 100000000L);
    if (field(&r, "the position's id", id, sizeof id) && !posid_read(geom, id, &res->pos)) {
        snprintf(msg, msize, "'%s' is not a position id", id);
        r.ok = false;
    }
    if (field(&r, "the roll", roll, sizeof roll)) {
        if (strlen(roll) != 3 || roll[0] < '1' || roll[0] > '6' || roll[1] != '-' || roll[2] < '1' ||
            roll[2] > '6') {
            snprintf(msg, msize, "'%s' is not a roll (like 3-1)", roll);
            r.ok = false;
        }
        res->roll = (roll_t){roll[0] - '0', roll[2] - '0'};
    }
    word(&r, "plays");
    res->nplays = integer(&r, "the count of legal plays", 2, MOVEGEN_MAX_PLAYS);
    word(&r, "zero");
    res->zero = integer(&r, "the 0-ply choice", 0, res->nplays - 1);
    word(&r, "passes");
    res->passes = integer(&r, "the further passes", 0, 1000);
    get_stats(&r, "first", &res->first);
    get_stats(&r, "last", &res->last);
    if (r.ok && res->last.m != res->first.m) {
        snprintf(msg, msize, "the first and last passes roll out %d and %d plays", res->first.m, res->last.m);
        r.ok = false;
    }
    for (int j = 0; r.ok && j < res->first.m; j++) {
        while (*r.p == ' ')
            r.p++;
        if (*r.p != '|') {
            snprintf(msg, msize, "play %d's notation is missing (after ' | ')", j + 1);
            r.ok = false;
            break;
        }
        r.p++;
        while (*r.p == ' ')
            r.p++;
        size_t n = strcspn(r.p, "|");
        while (n > 0 && r.p[n - 1] == ' ')
            n--;
        if (n == 0 || n >= AGREEMENT_NOTE) {
            snprintf(msg, msize, "play %d's notation is %s", j + 1, n == 0 ? "empty" : "too long");
            r.ok = false;
            break;
        }
        memcpy(res->notes[j], r.p, n);
        res->notes[j][n] = '\0';
        r.p += n;
    }
    while (r.ok && *r.p == ' ')
        r.p++;
    if (r.ok && *r.p) {
        snprintf(msg, msize, "unexpected text at the end: '%.20s'", r.p);
        r.ok = false;
    }
    return r.ok;
}
