/*
 * cmd_train.c - `brade-lab train`: TD(lambda) self-play training of the
 * evaluator's nets from the shell (lab/train.h does the work).
 *
 *   brade-lab train --rules R --out FILE [--games N] [--seed S] [--hidden H]
 *               [--alpha A] [--lambda L] [--noise P] [--threads T]
 *               [--random-start P] [--random-plies K] [--lookahead on|off]
 *               [--from NET] [--equity-weight C]
 *               [--round G] [--report-every N] [--checkpoint-every N]
 *               [--strength-every N] [--strength-games N] [--final-games N]
 *   brade-lab train --rules R --out FILE --prune H [--prune-games N] [--seed S]
 *   brade-lab train --rules R --out FILE --join NET --join NET [--join NET...]
 *   brade-lab train ... --make-data FILE | --fit-data FILE   (cmd_train_data.c)
 *
 * FILE is the net and its checkpoint: when it exists the run resumes from
 * it (same ruleset and shape), so a long training is made in pieces by
 * running the same command again, or with a larger --games.  Ctrl-C stops
 * after the current round and saves.  A progress line goes to stderr every
 * --report-every games; at the end the net plays --final-games games
 * against the linear evaluator (0-ply each, paired dice) and the result
 * is printed.  --from NET starts a new net from another net's weights (a
 * net for one bräde ruleset is a good start for another); with --hidden
 * H above that net's it is widened first (nn_widen: the wider net starts
 * out valuing positions nearly as the narrower one did).  --prune H
 * teaches the existing net in FILE pruning nets of H hidden units (see
 * lab/train_prune.c) and saves it; further training drops them.
 * --equity-weight C > 0 makes each TD step follow the error in equity as
 * well as the cross entropy (train_grad); 0, the default, is plain TD.
 * --join makes FILE, a new net, the ensemble of two or more nets for R
 * (evalnet_join: the average of their logits, in one net of all their
 * hidden units); it can be trained on like any other.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lab/train.h"
#include "front/args.h"
#include "lab/lab.h"
#include "front/interrupt.h"
#include "front/netfile.h"

enum { TR_JOIN_MAX = 8 };

typedef struct tr_args {
    const char *rules, *out, *from;
    long seed, hidden, final;
    bool seed_set, hidden_set;
    long prune, prune_games; /* --prune H: teach pruning nets of H units instead */
    bool games_set;
    const char *join[TR_JOIN_MAX]; /* --join NET...: an ensemble of these instead */
    int njoin;
} tr_args_t;

/* Reads the flags: the training options straight into *o (from the
 * library's defaults), the rest into *a. */
static bool parse(int argc, char **argv, tr_args_t *a, train_opts_t *o)
{
    memset(a, 0, sizeof *a);
    train_default_opts(o);
    o->strength_every = 50000;
    o->strength_games = 200;
    a->rules = "lyckans-talisman";
    a->seed = 1;
    a->hidden = 80;
    a->final = 1000;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "brade: %s needs a value (see brade help)\n", f);
            return false;
        }
        const char *v = argv[++i];
        bool ok = true;
        if (strcmp(f, "--rules") == 0)
            a->rules = v;
        else if (strcmp(f, "--out") == 0)
            a->out = v;
        else if (strcmp(f, "--from") == 0)
            a->from = v;
        else if (strcmp(f, "--games") == 0)
            ok = args_number(f, v, 1, 2000000000L, &o->games), a->games_set = true;
        else if (strcmp(f, "--prune") == 0)
            ok = args_number(f, v, 1, NN_MAX_HIDDEN, &a->prune);
        else if (strcmp(f, "--join") == 0) {
            ok = a->njoin < TR_JOIN_MAX;
            if (ok)
                a->join[a->njoin++] = v;
            else
                fprintf(stderr, "brade: at most %d nets --join\n", TR_JOIN_MAX);
        } else if (strcmp(f, "--prune-games") == 0)
            ok = args_number(f, v, 1, 100000000L, &a->prune_games);
        else if (strcmp(f, "--seed") == 0)
            ok = args_number(f, v, 0, 2147483647L, &a->seed), a->seed_set = true;
        else if (strcmp(f, "--hidden") == 0)
            ok = args_number(f, v, 1, NN_MAX_HIDDEN, &a->hidden), a->hidden_set = true;
        else if (strcmp(f, "--threads") == 0)
            ok = args_int(f, v, 1, 16, &o->threads);
        else if (strcmp(f, "--round") == 0)
            ok = args_int(f, v, 1, 4096, &o->round);
        else if (strcmp(f, "--report-every") == 0)
            ok = args_number(f, v, 1, 2000000000L, &o->report_every);
        else if (strcmp(f, "--checkpoint-every") == 0)
            ok = args_number(f, v, 0, 2000000000L, &o->checkpoint_every);
        else if (strcmp(f, "--strength-every") == 0)
            ok = args_number(f, v, 0, 2000000000L, &o->strength_every);
        else if (strcmp(f, "--strength-games") == 0)
            ok = args_int(f, v, 2, 1000000, &o->strength_games);
        else if (strcmp(f, "--final-games") == 0)
            ok = args_number(f, v, 0, 1000000, &a->final);
        else if (strcmp(f, "--alpha") == 0)
            ok = args_real(f, v, 1e-6, 10, &o->alpha);
        else if (strcmp(f, "--lambda") == 0)
            ok = args_real(f, v, 0, 1, &o->lambda);
        else if (strcmp(f, "--noise") == 0)
            ok = args_real(f, v, 0, 1, &o->noise);
        else if (strcmp(f, "--equity-weight") == 0)
            ok = args_real(f, v, 0, 100, &o->equity_weight);
        else if (strcmp(f, "--random-start") == 0)
            ok = args_real(f, v, 0, 1, &o->random_start);
        else if (strcmp(f, "--lookahead") == 0)
            ok = args_on_off(f, v, &o->lookahead);
        else if (strcmp(f, "--random-plies") == 0)
            ok = args_int(f, v, 0, 200, &o->random_plies);
        else {
            fprintf(stderr, "brade: unknown option %s for train (see brade help)\n", f);
            return false;
        }
        if (!ok)
            return false;
    }
    if (!a->out) {
        fprintf(stderr, "brade: train needs --out FILE (the net, and its checkpoint)\n");
        return false;
    }
    if (a->prune_games && !a->prune) {
        fprintf(stderr, "brade: --prune-games goes with --prune H\n");
        return false;
    }
    if (a->prune && (a->games_set || a->from || a->hidden_set)) {
        fprintf(stderr, "brade: --prune teaches the pruning nets of an existing net; train it "
                        "(--games, --from, --hidden) in another run first\n");
        return false;
    }
    if (a->njoin == 1) {
        fprintf(stderr, "brade: --join makes an ensemble of two nets or more; name each with --join\n");
        return false;
    }
    if (a->njoin && (a->games_set || a->from || a->hidden_set || a->prune)) {
        fprintf(stderr, "brade: --join only joins nets; train the joined net (--games) in "
                        "another run\n");
        return false;
    }
    return true;
}

typedef struct tr_ctx {
    const char *out;
    long target;
} tr_ctx_t;

static void print_strength(FILE *f, const char *label, const selfplay_result_t *s)
{
    fprintf(f, "%s %+.3f ± %.3f points a game over %d games (net won %d, linear %d)", label,
            s->points, s->ci95, s->games, s->a_wins, s->b_wins);
}

static void progress(void *ud, const train_status_t *s)
{
    tr_ctx_t *c = ud;
    double rate = s->seconds > 0 ? (double)s->games_this_run / s->seconds : 0;
    long left = c->target - s->games;
    fprintf(stderr, "games %ld/%ld  %.0f games/s  loss %.4f  %.0f plies a game", s->games, c->target,
            rate, s->loss, s->plies);
    if (rate > 0 && left > 0)
        fprintf(stderr, "  %.0f min left", (double)left / rate / 60.0);
    if (s->has_strength)
        print_strength(stderr, "  against linear", &s->strength);
    fputc('\n', stderr);
}

static bool checkpoint(void *ud, const evalnet_t *n)
{
    tr_ctx_t *c = ud;
    return netfile_save(c->out, n);
}

static void prune_progress(void *ud, const train_prune_status_t *s)
{
    const long *target = ud;
    fprintf(stderr, "pruning nets: games %ld/%ld  loss %.4f\n", s->games, *target, s->loss);
}

/* --prune H: teaches the net in a.out pruning nets of H hidden units and
 * saves it. */
static int prune_main(const tr_args_t *a, const rules_t *r, int argc, char **argv)
{
    evalnet_t *n = netfile_load_for(a->out, r);
    if (!n)
        return 1;
    if (!evalnet_trained_for(n, r)) {
        fprintf(stderr, "%s: a net for %s, not %s\n", a->out, n->rules, a->rules);
        evalnet_free(n);
        return 2;
    }
    train_prune_opts_t po;
    train_prune_default_opts(&po);
    po.hidden = (int)a->prune;
    if (a->prune_games)
        po.games = a->prune_games;
    po.seed = (uint64_t)a->seed;
    struct sigaction old;
    po.stop = interrupt_catch(&old);
    train_prune_hooks_t hooks = {&po.games, prune_progress};
    int rc = train_prune(n, r, &po, &hooks);
    interrupt_release(&old);
    if (rc != 0) {
        fprintf(stderr, rc < 0 ? "brade: out of memory\n"
                               : "stopped: %s is left as it was (pruning nets are taught in one run)\n",
                a->out);
        evalnet_free(n);
        return rc < 0 ? 1 : 130;
    }
    char cmd[256];
    args_join("train", argc, argv, cmd, sizeof cmd);
    fprintf(stderr, "(%s)\n", cmd);
    if (!netfile_save(a->out, n)) {
        evalnet_free(n);
        return 1;
    }
    printf("%s: pruning nets of %d hidden units taught on %ld games, seed %ld\n", a->out,
           (int)a->prune, n->prune_games, a->seed);
    evalnet_free(n);
    return 0;
}

/* --join NET...: saves the ensemble of the nets as a new net in a.out. */
static int join_main(const tr_args_t *a, const rules_t *r, int argc, char **argv)
{
    if (access(a->out, F_OK) == 0) {
        fprintf(stderr, "%s exists; --join makes a new net: name another file\n", a->out);
        return 2;
    }
    evalnet_t *parts[TR_JOIN_MAX] = {NULL};
    int rc = 0;
    for (int q = 0; q < a->njoin && rc == 0; q++) {
        if (!(parts[q] = netfile_load_for(a->join[q], r)))
            rc = 1;
        else if (!evalnet_trained_for(parts[q], r)) {
            fprintf(stderr, "%s: a net for %s, not %s\n", a->join[q], parts[q]->rules, a->rules);
            rc = 2;
        }
    }
    int hidden = 0;
    for (int q = 0; q < a->njoin && rc == 0; q++)
        hidden += parts[q]->hidden;
    if (rc == 0 && hidden > NN_MAX_HIDDEN) {
        fprintf(stderr, "brade: the nets have %d hidden units together; a net has at most %d\n",
                hidden, NN_MAX_HIDDEN);
        rc = 2;
    }
    evalnet_t *n = NULL;
    if (rc == 0 && !(n = evalnet_join((const evalnet_t *const *)parts, a->njoin))) {
        fprintf(stderr, "brade: out of memory\n");
        rc = 1;
    }
    if (n) {
        args_join("train", argc, argv, n->command, sizeof n->command);
        if (!netfile_save(a->out, n))
            rc = 1;
        else
            printf("%s: %s net, %d hidden units, the ensemble of %d nets\n", a->out, n->rules,
                   n->hidden, a->njoin);
    }
    evalnet_free(n);
    for (int q = 0; q < a->njoin; q++)
        evalnet_free(parts[q]);
    return rc;
}

int cmd_train(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--make-data") == 0 || strcmp(argv[i], "--fit-data") == 0)
            return cmd_train_data(argc, argv);
        if (strcmp(argv[i], "--fit-ranks") == 0)
            return cmd_train_rank(argc, argv);
    }
    tr_args_t a;
    train_opts_t o;
    if (!parse(argc, argv, &a, &o))
        return 2;
    rules_t r;
    rules_error_t rerr;
    if (!rules_parse(a.rules, &r, &rerr)) {
        fprintf(stderr, "brade: unknown ruleset '%s' (see brade rules)\n", a.rules);
        return 2;
    }
    char rname[EVALNET_RULES_MAX];
    if (rules_format(&r, rname, sizeof rname) >= sizeof rname) {
        fprintf(stderr, "brade: '%s' has too many options to name in a weights file\n", a.rules);
        return 2;
    }
    if (a.prune)
        return prune_main(&a, &r, argc, argv);
    if (a.njoin)
        return join_main(&a, &r, argc, argv);
    evalnet_t *n = NULL;
    if (access(a.out, F_OK) == 0) {
        n = netfile_load_for(a.out, &r);
        if (!n)
            return 1;
        if (!evalnet_trained_for(n, &r) || (a.hidden_set && a.hidden != n->hidden) ||
            (a.seed_set && (uint64_t)a.seed != n->seed)) {
            fprintf(stderr, "%s: a net for %s with %d hidden units and seed %llu; remove it or "
                            "name another file to start a new one\n",
                    a.out, n->rules, n->hidden, (unsigned long long)n->seed);
            evalnet_free(n);
            return 2;
        }
        fprintf(stderr, "resuming %s at %ld games\n", a.out, n->games);
        if (n->prune[0] && n->games < o.games) {
            /* taught to agree with the weights about to change */
            for (int ph = 0; ph < EVALNET_PHASES; ph++) {
                nn_free(n->prune[ph]);
                n->prune[ph] = NULL;
            }
            fprintf(stderr, "its pruning nets were taught on the old weights and are dropped; "
                            "teach new ones with --prune H after this run\n");
        }
    } else if (a.from) {
        /* a new net for this ruleset that starts from another one's weights */
        n = netfile_load_for(a.from, &r);
        if (!n)
            return 1;
        fprintf(stderr, "starting from %s (%s, %ld games)\n", a.from, n->rules, n->games);
        if (a.hidden_set && a.hidden != n->hidden) {
            /* a wider net that starts where the narrower one is */
            int was = n->hidden;
            if (a.hidden < was) {
                fprintf(stderr, "brade: --hidden %ld: a net can be widened from %s's %d units, not narrowed\n",
                        a.hidden, a.from, was);
                evalnet_free(n);
                return 2;
            }
            if (!evalnet_widen(n, (int)a.hidden, (uint64_t)a.seed)) {
                fprintf(stderr, "brade: out of memory\n");
                evalnet_free(n);
                return 1;
            }
            fprintf(stderr, "widened from %d to %d hidden units\n", was, n->hidden);
        }
        evalnet_set_rules(n, &r); /* fits: rname did */
        n->games = 0;
        n->seed = (uint64_t)a.seed;
    } else {
        n = evalnet_new(&r, (int)a.hidden, (uint64_t)a.seed);
        if (!n) {
            fprintf(stderr, "brade: out of memory\n");
            return 1;
        }
    }
    args_join("train", argc, argv, n->command, sizeof n->command);
    struct sigaction old;
    o.stop = interrupt_catch(&old);
    tr_ctx_t ctx = {a.out, o.games};
    train_hooks_t hooks = {&ctx, progress, checkpoint};
    int rc = n->games < o.games ? train_run(n, &r, &o, &hooks) : 0;
    interrupt_release(&old);
    if (rc < 0) {
        evalnet_free(n);
        return 1;
    }
    if (rc == 1) {
        fprintf(stderr, "stopped at %ld games and saved %s; run the same command to go on\n",
                n->games, a.out);
        evalnet_free(n);
        return 130;
    }
    printf("%s: %s net, %d hidden units, %ld games, seed %llu\n", a.out, n->rules, n->hidden,
           n->games, (unsigned long long)n->seed);
    if (a.final > 0) {
        selfplay_result_t s;
        if (train_strength(n, &r, EVAL_LINEAR, 0, (int)a.final, 7, o.threads, &s) == 0) {
            print_strength(stdout, "against the linear evaluator (0-ply, seed 7):", &s);
            printf("\n");
        }
    }
    evalnet_free(n);
    return 0;
}
