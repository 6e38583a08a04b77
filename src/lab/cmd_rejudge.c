/*
 * cmd_rejudge.c - `brade-lab selfplay --rejudge FILE`: another chooser judged
 * against the rollouts a record file of `selfplay --agreement --save`
 * holds (the flags and what they do: the top of cmd_agreement.c).  It
 * reads the record's header and positions, ranks each position again (or
 * takes an outside chooser's plays from --choices FILE) on both cores,
 * and prints the tally as the run would.  Ownership: cmd_rejudge's
 * buffers are its own, freed before it returns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/agreement.h"
#include "analysis/evalnet.h"
#include "analysis/workq.h"
#include "lab/agreement_cli.h"
#include "front/interrupt.h"
#include "front/netfile.h"
#include "content/readfile.h"
#include "engine/posid.h"

/* The keys of a record file's header, in order, and where --rejudge puts
 * their values (NULL: a line read but not kept). */
typedef struct head_key {
    const char *key;
    int *value;
    int lo, hi;
    bool optional; /* a line only some records have (absent: value untouched) */
} head_key_t;

/* Reads FILE's header (the lines header() writes) into a and g->head, with
 * rbuf holding the ruleset's name; false after a `path:line: message`. */
static bool read_header(const char *path, ag_args_t *a, ag_run_t *g, char *rbuf, size_t rsize, int *records)
{
    size_t len;
    char *text = readfile_regular(path, 1L << 28, &len);
    if (!text) {
        perror(path);
        return false;
    }
    int seed = 0, plies = 0, passes = 0, luck = 0, dice = -1;
    const head_key_t keys[] = {
        {"brade-agreement", NULL, 1, 1, false}, {"rules", NULL, 0, 0, false},
        {"seed", &seed, 0, 2147483647, false}, {"plies", &plies, 0, SEARCH_MAX_PLIES, false},
        {"top", &a->o.top, 2, AGREE_MAX, false}, {"rollouts", &a->o.games, 2, 10000000, false},
        {"confirm", &a->o.confirm, 0, 10000000, false}, {"passes", &passes, 0, 100, false},
        {"player-plies", &a->o.ro.plies, 0, SEARCH_MAX_PLIES, false}, {"luck", NULL, 0, 0, true},
        {"dice-seed", &dice, 0, 2147483647, true}, {"phase", NULL, 0, 0, true},
        {"net", NULL, 0, 0, false},
    };
    int nkeys = (int)(sizeof keys / sizeof keys[0]);
    char *p = text;
    bool ok = true;
    for (int i = 0, line = 1; i < nkeys && ok; i++) {
        size_t e = strcspn(p, "\n"), kl = strlen(keys[i].key);
        bool here = e > kl && p[kl] == ' ' && memcmp(p, keys[i].key, kl) == 0;
        if (keys[i].optional && !here)
            continue;
        bool is_luck = strcmp(keys[i].key, "luck") == 0, is_phase = strcmp(keys[i].key, "phase") == 0;
        char val[256] = "";
        if (here && e - kl - 1 < sizeof val)
            memcpy(val, p + kl + 1, e - kl - 1);
        else
            ok = false;
        char *end = NULL;
        long v = ok && keys[i].value ? strtol(val, &end, 10) : 0;
        if (ok && keys[i].value && (end == val || *end || v < keys[i].lo || v > keys[i].hi))
            ok = false;
        else if (ok && i == 0 && strcmp(val, "1") != 0)
            ok = false;
        else if (ok && is_luck && strcmp(val, "on") != 0)
            ok = false; /* written only when on */
        else if (ok && is_phase && (!evalnet_phase_parse(val, &a->phase) || a->phase == EVALNET_ANY_PHASE))
            ok = false; /* written only for race or contact */
        luck |= ok && is_luck;
        if (!ok) {
            fprintf(stderr, "%s:%d: expected '%s VALUE' of a record file made by selfplay --agreement --save, "
                            "found '%.*s'\n", path, line, keys[i].key, (int)(e < 80 ? e : 80), p);
            break;
        }
        if (keys[i].value)
            *keys[i].value = (int)v;
        if (i == 1)
            snprintf(rbuf, rsize, "%s", val);
        p += e + (p[e] == '\n');
        line++;
    }
    if (ok) {
        size_t hl = (size_t)(p - text);
        if (hl >= sizeof g->head) {
            fprintf(stderr, "%s: its header is too long\n", path);
            ok = false;
        } else {
            memcpy(g->head, text, hl);
            g->head[hl] = '\0';
        }
        *records = 0;
        for (; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] == '\n'))
            *records += *p != '\n';
        a->rules = rbuf;
        a->seed = seed;
        a->o.passes = passes > 0 ? passes : 1;
        a->dice_seed = dice;
        a->o.ro.seed = agcli_dice_seed(a);
        a->o.ro.luck = luck != 0;
        a->save = path;
    }
    free(text);
    return ok;
}

/* --choices FILE, read: the play given for each judged position and the
 * line it is on. */
typedef struct given {
    char (*play)[AGREEMENT_NOTE]; /* [i]: position i's play */
    int *line;                    /* [i]: its line in the file */
    int *got;                     /* [i]: what agreement_rejudge said of it */
} given_t;

/* Reads --choices FILE for g's g->done positions: a line each, in order,
 * "ID ROLL PLAY" (blank lines and lines starting with '#' skipped).
 * false after a `path:line: message`. */
static bool read_choices(const char *path, const ag_run_t *g, given_t *gv)
{
    size_t len;
    char *text = readfile_regular(path, 1L << 24, &len);
    if (!text) {
        perror(path);
        return false;
    }
    int i = 0, line = 1;
    bool ok = true;
    for (char *p = text; *p && ok; line++) {
        size_t e = strcspn(p, "\n");
        char *next = p + e + (p[e] == '\n');
        p[e] = '\0';
        if (*p == '\0' || *p == '#') {
            p = next;
            continue;
        }
        char want[POSID_SIZE], id[64] = "", roll[16] = "";
        int at = 0;
        if (i < g->done)
            posid_write(g->r->geometry, &g->res[i].pos, want);
        if (i >= g->done) {
            fprintf(stderr, "%s:%d: the record holds %d judged positions, and this is a choice for one more\n",
                    path, line, g->done);
            ok = false;
        } else if (sscanf(p, "%63s %15s %n", id, roll, &at) < 2 || p[at] == '\0') {
            fprintf(stderr, "%s:%d: expected 'ID ROLL PLAY' (the choice for position %d, %s %d-%d), found '%.80s'\n",
                    path, line, i + 1, want, g->res[i].roll.a, g->res[i].roll.b, p);
            ok = false;
        } else {
            char r2[16];
            snprintf(r2, sizeof r2, "%d-%d", g->res[i].roll.a, g->res[i].roll.b);
            char *play = p + at;
            size_t pl = strlen(play);
            while (pl > 0 && (play[pl - 1] == ' ' || play[pl - 1] == '\r' || play[pl - 1] == '\t'))
                play[--pl] = '\0';
            if (strcmp(id, want) != 0 || strcmp(roll, r2) != 0) {
                fprintf(stderr, "%s:%d: this is the choice for position %d of the record, %s %s; found %s %s\n",
                        path, line, i + 1, want, r2, id, roll);
                ok = false;
            } else if (pl >= AGREEMENT_NOTE) {
                fprintf(stderr, "%s:%d: the play is too long to be one: '%.80s'\n", path, line, play);
                ok = false;
            } else {
                memcpy(gv->play[i], play, pl + 1);
                gv->line[i] = line;
                i++;
            }
        }
        p = next;
    }
    if (ok && i < g->done) {
        fprintf(stderr, "%s:%d: the record holds %d judged positions and this gives choices for %d\n", path, line,
                g->done, i);
        ok = false;
    }
    free(text);
    return ok;
}

/* One --rejudge worker: ranks the positions the queue hands it. */
typedef struct rj_worker {
    workq_t *q;
    ag_run_t *g;
    const evalnet_t *net;
    int plies;
    int lookahead; /* -1: the evaluator's default */
    char (*choice)[AGREEMENT_NOTE];
    const given_t *given; /* --choices, else NULL */
    bool failed;
} rj_worker_t;

/* The chooser's search context: the net given (NULL: the shipped one),
 * its evaluator's exact lookahead as --lookahead says (-1: its default).
 * NULL when out of memory; the caller frees it. */
static search_ctx_t *chooser_ctx(const rules_t *r, const evalnet_t *net, int lookahead)
{
    search_ctx_t *sc = search_ctx_new_with(r, EVAL_DEFAULT, net);
    if (sc && lookahead >= 0)
        sc->eval->lookahead = lookahead == 1;
    return sc;
}

static void *rejudge_work(void *arg)
{
    rj_worker_t *w = arg;
    search_ctx_t *sc = chooser_ctx(w->g->r, w->net, w->lookahead);
    for (int i; sc && (i = workq_take(w->q)) >= 0;) {
        const char *play = w->given ? w->given->play[i] : NULL;
        int got = agreement_rejudge(sc, w->plies, play, &w->g->res[i], w->choice[i], AGREEMENT_NOTE);
        w->failed |= got < 0;
        w->g->unjudged[i] = got == 1 || got == 2;
        if (w->given)
            w->given->got[i] = got;
    }
    w->failed |= !sc;
    search_ctx_free(sc);
    return NULL;
}

/* --fill NET: the net that made the record g->a->save (its header names
 * its games and weights), loaded into *own unless it is the shipped one;
 * NULL after a message. */
static const evalnet_t *fill_net(const ag_args_t *a, const ag_run_t *g, evalnet_t **own)
{
    *own = NULL;
    const evalnet_t *net = strcmp(a->fill, "shipped") == 0 ? evalnet_builtin(g->r)
                                                           : (*own = netfile_load_for(a->fill, g->r));
    if (!net) {
        if (strcmp(a->fill, "shipped") == 0)
            fprintf(stderr, "brade: no net is shipped for %s\n", a->rules);
        return NULL;
    }
    char made[96];
    snprintf(made, sizeof made, "\nnet %ld games, weights %016llx\n", net->games,
             (unsigned long long)evalnet_fingerprint(net));
    if (!strstr(g->head, made)) {
        const char *h = strstr(g->head, "\nnet ");
        int line = 1; /* the net's line: 10, one more below each of "luck on", "dice-seed" and "phase" */
        for (const char *c = g->head; h && c <= h; c++)
            line += *c == '\n';
        fprintf(stderr, "%s:%d: the record was made by the net of '%.*s'; --fill %s has %ld games, weights "
                        "%016llx: give the net that made it (its players roll out the plays)\n",
                a->save, line, h ? (int)strcspn(h + 1, "\n") : 0, h ? h + 1 : "", a->fill, net->games,
                (unsigned long long)evalnet_fingerprint(net));
        evalnet_free(*own);
        *own = NULL;
        return NULL;
    }
    return net;
}

/* --fill NET: rolls out, with the record's players (net), dice and passes,
 * every choice the record did not (orig: its positions as read; unjudged
 * and choice: the chooser's), sets filled[i] for each position it filled,
 * and writes those positions back into the record g->a->save.  Returns
 * how many were filled, -1 after a message (the file then left as it
 * was). */
static int fill(const ag_args_t *a, ag_run_t *g, const evalnet_t *net, agreement_result_t *orig,
                const bool *unjudged, char (*choice)[AGREEMENT_NOTE], bool *filled_at)
{
    search_ctx_t *sc = search_ctx_new_with(g->r, EVAL_DEFAULT, net);
    if (!sc) {
        fprintf(stderr, "brade: out of memory\n");
        return -1;
    }
    agreement_opts_t o = a->o; /* the record's games, confirm, passes, seed, players' depth */
    o.ro.net = net;
    o.ro.threads = a->threads;
    struct sigaction old;
    o.ro.stop = interrupt_catch(&old);
    int filled = 0, rc = 0;
    for (int i = 0; i < g->done && rc == 0; i++) {
        if (!unjudged[i])
            continue;
        int m = orig[i].first.m, got = agreement_fill(sc, g->r, &orig[i], choice[i], &o, a->fill_anew);
        filled_at[i] = got == 0 || got == 4;
        if (got == 4) {
            filled++;
            fprintf(stderr, "%s: position %d: judged afresh (its recorded plays do not roll out as recorded "
                            "with this build), %s rolled out beside them (%d further pass%s)\n",
                    a->save, i + 1, choice[i], orig[i].passes, orig[i].passes == 1 ? "" : "es");
        } else if (got == 0) {
            filled++;
            fprintf(stderr, "%s: position %d: %s rolled out beside the %d recorded plays (%d further pass%s)\n",
                    a->save, i + 1, choice[i], m, orig[i].passes, orig[i].passes == 1 ? "" : "es");
        } else if (got == 2) {
            fprintf(stderr, "%s: position %d: %s not rolled out: the record holds %d plays there, the most a "
                            "position can\n", a->save, i + 1, choice[i], m);
        } else {
            fprintf(stderr, got == 1 ? "brade: stopped; the record is left as it was\n"
                            : got == 3 ? "%s: position %d: the recorded plays do not roll out as recorded with "
                                         "this net and this build; the record is left as it was (--fill-anew "
                                         "judges such a position afresh)\n"
                                       : "brade: out of memory, or the record's plays do not fit its position\n",
                    a->save, i + 1);
            rc = got == 1 ? 1 : -1;
        }
    }
    interrupt_release(&old);
    search_ctx_free(sc);
    if (rc != 0)
        return -1;
    if (filled > 0) {
        agreement_result_t *keep = g->res;
        g->res = orig;
        bool ok = agcli_save(g);
        g->res = keep;
        if (!ok)
            return -1;
    }
    return filled;
}

/* `brade-lab selfplay --rejudge FILE ...`: another chooser against FILE's
 * rollouts (see the top of this file). */
int agcli_rejudge(ag_args_t *a)
{
    int plies = a->o.plies, k = 0, rc = 1; /* the depth judged now (the header's is only checked) */
    agreement_result_t *orig = NULL;       /* --fill: the positions as read */
    const evalnet_t *judge = NULL;         /* --fill: the record's net ... */
    evalnet_t *judge_own = NULL;           /* ... when loaded from a file */
    char rbuf[256];
    ag_run_t g = {.a = a};
    given_t gv = {0};
    if (!read_header(a->rejudge, a, &g, rbuf, sizeof rbuf, &k))
        return 2;
    rules_t r;
    rules_error_t re;
    if (!rules_parse(a->rules, &r, &re)) {
        fprintf(stderr, "%s:2: unknown ruleset '%s'\n", a->rejudge, a->rules);
        return 2;
    }
    g.r = &r;
    evalnet_t *own = NULL;
    if (a->net && !(own = netfile_load_for(a->net, &r)))
        return 2;
    size_t cap = k > 0 ? (size_t)k : 1;
    board_t *pos = malloc(sizeof *pos * cap);
    roll_t *rolls = malloc(sizeof *rolls * cap);
    char(*choice)[AGREEMENT_NOTE] = malloc(sizeof *choice * cap);
    g.res = malloc(sizeof *g.res * cap);
    g.unjudged = calloc(cap, sizeof *g.unjudged);
    g.choice = choice;
    if (!pos || !rolls || !choice || !g.res || !g.unjudged) {
        fprintf(stderr, "brade: out of memory\n");
        goto done;
    }
    /* the set self-play picks is the shipped net's: a record that net made
     * is checked against it; one another net made (a net shipped since)
     * is judged on its positions as recorded, its rollouts standing */
    const evalnet_t *shipped = evalnet_builtin(&r);
    char made[96];
    snprintf(made, sizeof made, "\nnet %ld games, weights %016llx\n", shipped ? shipped->games : 0L,
             shipped ? (unsigned long long)evalnet_fingerprint(shipped) : 0ULL);
    bool ours = strstr(g.head, made) != NULL;
    int found = ours ? agreement_positions(&r, k, (uint64_t)a->seed, a->phase, a->threads, pos, rolls) : k;
    if (!ours)
        fprintf(stderr, "%s: made with another net than the shipped one: its positions are judged as recorded\n",
                a->rejudge);
    if (agcli_resume(&g, ours ? pos : NULL, rolls, found) != 0) {
        rc = 2;
        goto done;
    }
    if (g.done == 0) {
        fprintf(stderr, "%s: it holds no judged position\n", a->rejudge);
        rc = 2;
        goto done;
    }
    if (a->choices) {
        gv.play = malloc(sizeof *gv.play * cap);
        gv.line = calloc(cap, sizeof *gv.line);
        gv.got = calloc(cap, sizeof *gv.got);
        if (!gv.play || !gv.line || !gv.got) {
            fprintf(stderr, "brade: out of memory\n");
            goto done;
        }
        if (!read_choices(a->choices, &g, &gv)) {
            rc = 2;
            goto done;
        }
    }
    if (a->fill && !(judge = fill_net(a, &g, &judge_own))) {
        rc = 2;
        goto done;
    }
    if (a->fill && !(orig = malloc(sizeof *orig * (size_t)g.done))) {
        fprintf(stderr, "brade: out of memory\n");
        goto done;
    }
    if (orig)
        memcpy(orig, g.res, sizeof *orig * (size_t)g.done);
    workq_t q;
    workq_init(&q, g.done);
    struct sigaction old;
    q.stop = interrupt_catch(&old);
    rj_worker_t w[WORKQ_MAX_THREADS];
    int threads = a->threads < WORKQ_MAX_THREADS ? a->threads : WORKQ_MAX_THREADS;
    for (int t = 0; t < threads; t++)
        w[t] = (rj_worker_t){&q, &g, own, plies, a->lookahead, choice, a->choices ? &gv : NULL, false};
    workq_run(threads, rejudge_work, w, sizeof w[0]);
    bool stopped = workq_stopped(&q), failed = false;
    interrupt_release(&old);
    workq_destroy(&q);
    for (int t = 0; t < threads; t++)
        failed |= w[t].failed;
    if (stopped || failed) {
        fprintf(stderr, stopped ? "brade: stopped; nothing judged is kept (run it again)\n" : "brade: out of memory\n");
        rc = stopped ? 130 : 1;
        goto done;
    }
    for (int i = 0; a->choices && i < g.done; i++)
        if (gv.got[i] == 2) {
            char id[POSID_SIZE];
            posid_write(r.geometry, &g.res[i].pos, id);
            fprintf(stderr, "%s:%d: '%s' is not a legal play of %s %d-%d (write it as `brade analyse "
                            "--position-id ID --roll R --plies 0` lists the plays)\n",
                    a->choices, gv.line[i], gv.play[i], id, g.res[i].roll.a, g.res[i].roll.b);
            rc = 2;
            goto done;
        }
    if (a->fill) {
        bool *filled_at = calloc((size_t)g.done, sizeof *filled_at);
        int filled = filled_at ? fill(a, &g, judge, orig, g.unjudged, choice, filled_at) : 0;
        /* the filled positions judged again, as the record now has them */
        search_ctx_t *sc = filled > 0 ? chooser_ctx(&r, own, a->lookahead) : NULL;
        bool short_of_memory = !filled_at || (filled > 0 && !sc);
        for (int i = 0; sc && i < g.done; i++)
            if (filled_at[i]) {
                g.res[i] = orig[i];
                const char *play = a->choices ? gv.play[i] : NULL;
                int got = agreement_rejudge(sc, plies, play, &g.res[i], choice[i], AGREEMENT_NOTE);
                g.unjudged[i] = got == 1 || got == 2;
                short_of_memory |= got < 0;
            }
        search_ctx_free(sc);
        free(filled_at);
        if (short_of_memory)
            fprintf(stderr, "brade: out of memory\n");
        if (short_of_memory || filled < 0) {
            rc = short_of_memory ? 1 : 2;
            goto done;
        }
    }
    if (!a->json) {
        if (a->choices)
            printf("the choices in %s judged against the rollouts in %s\n", a->choices, a->rejudge);
        else
            printf("%d-ply choice%s%s judged against the rollouts in %s\n", plies, a->net ? " of the net given" : "",
                   a->lookahead == 0   ? " (no exact lookahead)"
                   : a->lookahead == 1 ? " (with the exact lookahead)"
                                       : "",
                   a->rejudge);
        for (int i = 0; i < g.done; i++)
            agcli_print_line(a, &g.res[i], g.unjudged[i] ? choice[i] : NULL);
    }
    rc = agcli_print_summary(&g) ? 0 : 1;
done:
    free(pos);
    free(rolls);
    free(choice);
    free(g.res);
    free(g.unjudged);
    free(gv.play);
    free(gv.line);
    free(gv.got);
    evalnet_free(own);
    evalnet_free(judge_own);
    free(orig);
    return rc;
}

