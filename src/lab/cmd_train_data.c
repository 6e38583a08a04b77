/*
 * cmd_train_data.c - `brade-lab train` on rollout results (lab/train_data.h
 * does the work; this reads the flags and the files).
 *
 *   brade-lab train --rules R --make-data FILE [--positions K] [--data-games G [--player-plies Q] | --data-plies N]
 *               [--select S] [--seed S] [--threads T] [--net NET]
 *               [--random-start P] [--random-plies K] [--sideways P] [--contested P [--contested-reply on|off]]
 *               [--phase race|contact] [--checkpoint-every C]
 *   brade-lab train --rules R --out NET --fit-data FILE [--fit-data FILE...]
 *               [--epochs E] [--alpha A] [--holdout P] [--seed S]
 *
 * --make-data picks K positions from seeded self-play of the net (the
 * shipped one, or NET), each the one of S drawn where the net's 0-ply and
 * 1-ply values differ most (a share P of the games, 0.25 unless given,
 * start after up to K uniformly random plays, 24 unless given, as the
 * training's do; --sideways P replaces a share P of the picks, 0 unless
 * given, by the position after a random legal play of a random roll;
 * --contested P a share P, 0 unless given, by the position after one of
 * the two plays a roll's 0-ply and 2-ply choices part on, and with
 * --contested-reply on by the position after the other side's 0-ply reply
 * to a random roll from there: a leaf of the 2-ply search), and
 * rolls each out G games (by the net's 0-ply player, or with
 * --player-plies Q by players that search Q plies), or with --data-plies N
 * values it by the net's own N-ply search instead (a progress line
 * on a terminal); FILE gets them
 * with the rolled-out share of every result class (written atomically;
 * Ctrl-C keeps the positions finished).  FILE is also the checkpoint: it
 * is written every C positions (500 unless given; a line on stderr says
 * so), and when it exists the run goes on from the positions it holds,
 * provided the same settings and net made them (else it is refused and
 * left alone), so a long run is made in pieces by running the same
 * command again, or with a larger --positions.  --fit-data (up to
 * TD_MAX_FILES files, taught as one set in the order given) teaches the net in
 * NET (which must exist: a net trained by self-play first) those shares,
 * E passes in a seeded order, a share P held out and measured after each
 * pass, and saves it with the command in its header.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/search.h"
#include "lab/train_data.h"
#include "front/args.h"
#include "lab/lab.h"
#include "front/interrupt.h"
#include "front/netfile.h"
#include "front/progress_line.h"
#include "front/savefile.h"
#include "content/readfile.h"

enum { TD_MAX_FILES = 16 };

typedef struct td_args {
    const char *rules, *make, *out, *net;
    bool checkpoint_given;
    const char *fit[TD_MAX_FILES]; /* --fit-data files, in order */
    int nfit;
    train_data_opts_t mk;
    train_fit_opts_t ft;
} td_args_t;

static bool parse(int argc, char **argv, td_args_t *a)
{
    memset(a, 0, sizeof *a);
    train_data_default_opts(&a->mk);
    train_fit_default_opts(&a->ft);
    a->rules = "lyckans-talisman";
    a->mk.checkpoint_every = 500;
    bool games_given = false;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "brade: %s needs a value (see brade help)\n", f);
            return false;
        }
        const char *v = argv[++i];
        long seed;
        bool ok = true;
        int fit_flag;
        if (strcmp(f, "--rules") == 0)
            a->rules = v;
        else if (strcmp(f, "--make-data") == 0)
            a->make = v;
        else if (strcmp(f, "--fit-data") == 0) {
            if (a->nfit == TD_MAX_FILES) {
                fprintf(stderr, "brade: at most %d --fit-data files\n", TD_MAX_FILES);
                return false;
            }
            a->fit[a->nfit++] = v;
        }
        else if (strcmp(f, "--out") == 0)
            a->out = v;
        else if (strcmp(f, "--net") == 0)
            a->net = v;
        else if (strcmp(f, "--positions") == 0)
            ok = args_int(f, v, 1, 10000000L, &a->mk.positions);
        else if (strcmp(f, "--data-games") == 0) {
            ok = args_int(f, v, 1, 1000000L, &a->mk.games);
            games_given = true;
        } else if (strcmp(f, "--data-plies") == 0)
            ok = args_int(f, v, 1, SEARCH_MAX_PLIES, &a->mk.plies);
        else if (strcmp(f, "--player-plies") == 0)
            ok = args_int(f, v, 0, SEARCH_MAX_PLIES, &a->mk.player_plies);
        else if (strcmp(f, "--select") == 0)
            ok = args_int(f, v, 1, 64, &a->mk.select);
        else if (strcmp(f, "--threads") == 0)
            ok = args_int(f, v, 1, 16, &a->mk.threads);
        else if (strcmp(f, "--checkpoint-every") == 0) {
            ok = args_int(f, v, 1, 10000000L, &a->mk.checkpoint_every);
            a->checkpoint_given = true;
        }
        else if (strcmp(f, "--random-start") == 0)
            ok = args_real(f, v, 0, 1, &a->mk.random_start);
        else if (strcmp(f, "--random-plies") == 0)
            ok = args_int(f, v, 1, 200, &a->mk.random_plies);
        else if (strcmp(f, "--sideways") == 0)
            ok = args_real(f, v, 0, 1, &a->mk.sideways);
        else if (strcmp(f, "--contested") == 0)
            ok = args_real(f, v, 0, 1, &a->mk.contested);
        else if (strcmp(f, "--contested-reply") == 0)
            ok = args_on_off(f, v, &a->mk.contested_reply);
        else if (strcmp(f, "--phase") == 0)
            ok = args_phase(f, v, &a->mk.phase);
        else if (strcmp(f, "--seed") == 0) {
            ok = args_number(f, v, 0, 2147483647L, &seed);
            a->mk.seed = a->ft.seed = (uint64_t)seed;
        } else if ((fit_flag = cmd_train_fit_flag(f, v, &a->ft)) != 0)
            ok = fit_flag > 0;
        else {
            fprintf(stderr, "brade: unknown option %s for train with --make-data or --fit-data (see brade help)\n",
                    f);
            return false;
        }
        if (!ok)
            return false;
    }
    if (a->make && a->nfit) {
        fprintf(stderr, "brade: --make-data and --fit-data are two runs: make the data first\n");
        return false;
    }
    if (a->nfit && !a->out) {
        fprintf(stderr, "brade: --fit-data needs --out NET (the net to teach, trained by self-play first)\n");
        return false;
    }
    if (a->mk.plies > 0 && games_given) {
        fprintf(stderr, "brade: --data-games rolls out, --data-plies searches: give one of them\n");
        return false;
    }
    if (a->mk.plies > 0 && a->mk.player_plies > 0) {
        fprintf(stderr, "brade: --player-plies is the rollout's players' depth; --data-plies does not roll out\n");
        return false;
    }
    if (a->mk.player_plies > 0 && !a->make) {
        fprintf(stderr, "brade: --player-plies goes with --make-data\n");
        return false;
    }
    if (a->mk.contested_reply && !(a->mk.contested > 0)) {
        fprintf(stderr, "brade: --contested-reply on goes on past the contested picks: give --contested P too\n");
        return false;
    }
    if (a->checkpoint_given && !a->make) {
        fprintf(stderr, "brade: --checkpoint-every goes with --make-data\n");
        return false;
    }
    if (a->make && a->out) {
        fprintf(stderr, "brade: --make-data writes data, not a net: --out goes with --fit-data\n");
        return false;
    }
    return true;
}

int cmd_train_fit_flag(const char *f, const char *v, train_fit_opts_t *ft)
{
    if (strcmp(f, "--epochs") == 0)
        return args_int(f, v, 0, 1000, &ft->epochs) ? 1 : -1;
    if (strcmp(f, "--alpha") == 0)
        return args_real(f, v, 1e-6, 10, &ft->alpha) ? 1 : -1;
    if (strcmp(f, "--holdout") == 0)
        return args_real(f, v, 0, 0.9, &ft->holdout) ? 1 : -1;
    return 0;
}

typedef struct make_ctx {
    progress_line_t pl;
    const char *path;
    const rules_t *r;
    int total;
} make_ctx_t;

static void make_progress(void *ud, int done, int total)
{
    make_ctx_t *m = ud;
    progress_line_show(&m->pl, "rollout data: positions", done, total);
}

/* Writes the data made so far: the file is its own checkpoint. */
static bool make_save(const char *path, const train_data_t *d, const rules_t *r)
{
    size_t len;
    char *text = train_data_format(d, r, &len);
    bool ok = text && savefile_write(path, text, len);
    int e = errno;
    free(text);
    if (!ok)
        fprintf(stderr, "%s: cannot write it: %s\n", path, text ? savefile_strerror(e) : "out of memory");
    return ok;
}

static void make_checkpoint(void *ud, const train_data_t *d)
{
    make_ctx_t *m = ud;
    progress_line_end(&m->pl);
    if (make_save(m->path, d, m->r))
        fprintf(stderr, "%s: %d of %d positions made, saved (running the same command again goes on from here)\n",
                m->path, d->made, m->total);
}

/* Reads one rollout data file; false after a message. */
static bool read_data(const char *path, const rules_t *r, train_data_t *d)
{
    size_t len;
    char *text = readfile_regular(path, 1L << 30, &len);
    if (!text) {
        perror(path);
        return false;
    }
    int line;
    char msg[256];
    bool ok = train_data_parse(text, len, r, d, &line, msg, sizeof msg);
    free(text);
    if (!ok)
        fprintf(stderr, "%s:%d: %s\n", path, line, msg);
    return ok;
}

/* Reads FILE when it exists, to go on from it: 1 when there is none (a
 * fresh run), 0 with *d read and fit to go on from, -1 after a message. */
static int make_resume(const char *path, const evalnet_t *n, const rules_t *r, const train_data_opts_t *o,
                       train_data_t *d)
{
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 1;
    if (!read_data(path, r, d)) {
        fprintf(stderr, "%s: not gone on from, and left as it is: give another file, or move this one away\n",
                path);
        return -1;
    }
    char why[256];
    if (train_data_mismatch(d, n, o, why, sizeof why)) {
        fprintf(stderr, "%s: cannot go on from it: %s; run with the settings that made it, or give another "
                        "file\n", path, why);
        train_data_free(d);
        return -1;
    }
    return 0;
}

static void fit_progress(void *ud, const train_fit_status_t *s)
{
    (void)ud;
    char what[32];
    snprintf(what, sizeof what, s->epoch ? "pass %d" : "before", s->epoch);
    fprintf(stderr, "%s: loss %.4f on the fitted positions, %.4f on the held-out ones (equity off by %.4f there)\n",
            what, s->train_loss, s->holdout_loss, s->holdout_equity_error);
}

static int make_main(const td_args_t *a, const rules_t *r)
{
    evalnet_t *own = NULL;
    const evalnet_t *n = a->net ? (own = netfile_load_for(a->net, r)) : evalnet_builtin(r);
    if (!n) {
        if (!a->net)
            fprintf(stderr, "brade: no net is shipped for %s: name one with --net NET\n", r->name);
        return 1;
    }
    if (strcmp(n->rules, r->name) != 0) {
        fprintf(stderr, "brade: the net is for %s, not %s\n", n->rules, r->name);
        evalnet_free(own);
        return 2;
    }
    train_data_t d;
    int fresh = make_resume(a->make, n, r, &a->mk, &d);
    if (fresh < 0) {
        evalnet_free(own);
        return 2;
    }
    if (!fresh && d.made >= a->mk.positions) {
        printf("%s: its %d positions are made already (%d asked); nothing to do\n", a->make, d.made,
               a->mk.positions);
        train_data_free(&d);
        evalnet_free(own);
        return 0;
    }
    if (!fresh)
        fprintf(stderr, "%s: going on from position %d of %d\n", a->make, d.made, a->mk.positions);
    struct sigaction old;
    train_data_opts_t mk = a->mk;
    mk.stop = interrupt_catch(&old);
    make_ctx_t m = {.path = a->make, .r = r, .total = mk.positions};
    progress_line_start(&m.pl);
    train_data_hooks_t hooks = {make_progress, make_checkpoint, &m};
    if (fresh)
        train_data_start(&d, n, &mk);
    int rc = train_data_continue(n, r, &mk, &hooks, &d);
    progress_line_end(&m.pl);
    interrupt_release(&old);
    evalnet_free(own);
    if (rc < 0) {
        fprintf(stderr, "brade: out of memory\n");
        train_data_free(&d);
        return 1;
    }
    bool ok = make_save(a->make, &d, r);
    if (ok) {
        char how[96];
        if (d.plies > 0)
            snprintf(how, sizeof how, "valued by the net's %d-ply search", d.plies);
        else if (d.player_plies > 0)
            snprintf(how, sizeof how, "rolled out %d games by %d-ply players", d.games, d.player_plies);
        else
            snprintf(how, sizeof how, "rolled out %d games", d.games);
        char off[160] = "";
        if (d.sideways > 0)
            snprintf(off, sizeof off, "; a share %g taken sideways", d.sideways);
        if (d.contested > 0)
            snprintf(off + strlen(off), sizeof off - strlen(off), "; a share %g where 0 and 2 plies part%s",
                     d.contested, d.contested_reply ? ", a reply further on" : "");
        if (d.phase != EVALNET_ANY_PHASE)
            snprintf(off + strlen(off), sizeof off - strlen(off), "; of %s positions alone",
                     evalnet_phase_name(d.phase));
        printf("%s: %d positions of %s, each %s (seed %llu, the one of %d drawn where "
               "0-ply and 1-ply differ most%s)%s\n",
               a->make, d.n, r->name, how, (unsigned long long)d.seed, d.select, off,
               rc == 1 ? "; stopped before the rest (the same command goes on)" : "");
    }
    train_data_free(&d);
    return !ok ? 1 : rc == 1 ? 130 : 0;
}

static int fit_main(const td_args_t *a, const rules_t *r, int argc, char **argv)
{
    train_data_t d;
    if (!read_data(a->fit[0], r, &d))
        return 1;
    int searched = d.plies > 0 ? d.n : 0; /* positions whose targets the net's search made */
    for (int i = 1; i < a->nfit; i++) {
        train_data_t more;
        if (!read_data(a->fit[i], r, &more)) {
            train_data_free(&d);
            return 1;
        }
        searched += more.plies > 0 ? more.n : 0;
        int rc = train_data_append(&d, &more);
        if (rc != 0) {
            fprintf(stderr, "%s: %s\n", a->fit[i],
                    rc == -1 ? "rollout data of another ruleset or class count than the first file's" : "out of memory");
            train_data_free(&more);
            train_data_free(&d);
            return 1;
        }
    }
    evalnet_t *n = netfile_load_for(a->out, r);
    if (!n) {
        train_data_free(&d);
        return 1;
    }
    if (strcmp(n->rules, r->name) != 0) {
        fprintf(stderr, "%s: a net for %s, not %s\n", a->out, n->rules, r->name);
        evalnet_free(n);
        train_data_free(&d);
        return 2;
    }
    fprintf(stderr, "teaching %s (%ld games of self-play) %d positions, %d rolled out and %d valued by search\n",
            a->out, n->games, d.n, d.n - searched, searched);
    int rc = train_data_fit(n, r, &d, &a->ft, fit_progress, NULL);
    train_data_free(&d);
    if (rc != 0) {
        fprintf(stderr, "brade: the data do not fit the net, or out of memory\n");
        evalnet_free(n);
        return 1;
    }
    /* the pruning nets were taught on the old weights */
    if (n->prune[0])
        fprintf(stderr, "its pruning nets were taught on the old weights and are dropped; teach new ones "
                        "with --prune H\n");
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        nn_free(n->prune[ph]);
        n->prune[ph] = NULL;
    }
    args_join("train", argc, argv, n->command, sizeof n->command);
    if (!netfile_save(a->out, n)) {
        evalnet_free(n);
        return 1;
    }
    printf("%s: taught %d passes over the rollout data at learning rate %g\n", a->out, a->ft.epochs,
           a->ft.alpha);
    evalnet_free(n);
    return 0;
}

int cmd_train_data(int argc, char **argv)
{
    td_args_t a;
    if (!parse(argc, argv, &a))
        return 2;
    rules_t r;
    rules_error_t rerr;
    if (!rules_parse(a.rules, &r, &rerr) || strchr(a.rules, '+')) {
        fprintf(stderr, "brade: '%s' is not a preset (see brade rules)\n", a.rules);
        return 2;
    }
    return a.make ? make_main(&a, &r) : fit_main(&a, &r, argc, argv);
}
