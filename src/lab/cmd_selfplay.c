/*
 * cmd_selfplay.c - `brade-lab selfplay`: the self-play harness from the shell.
 *
 *   brade-lab selfplay [--rules R] --games N --a SETTING --b SETTING [--seed S]
 *                  [--threads T] [--json]
 *       plays N games (in pairs with the same dice, colours swapped) and
 *       reports A's points per game with a 95% confidence interval;
 *   brade-lab selfplay [--rules R] --agreement K ...   (cmd_agreement.c)
 *   brade-lab selfplay --rejudge FILE ...               (cmd_rejudge.c)
 *   brade-lab selfplay [--rules R] --positions K [--seed S] [--one-die]
 *       prints those K positions, one a line: the position id and the roll
 *       (--one-die: positions where the side on roll may declare the
 *       one-die rule, a set of their own)
 *       (material for "best play" puzzles: brade analyse --position ID --roll R);
 *   brade-lab selfplay [--rules R] --fit FILE --games N [--generations G] [--seed S]
 *                  [--from hand|shipped]
 *       fits the evaluator's weights to self-play games (evalfit.h) and
 *       writes them as C source (src/analysis/eval_weights.c).
 * SETTING: net[:PLIES] (the trained nets, the default evaluator),
 * linear[:PLIES] (the linear model), hand[:PLIES], pips (the greedy
 * baseline), random; "shipped" is the default evaluator (net).
 * --a-net FILE / --b-net FILE give a player nets from a weights file
 * (brade-lab train); --a-weights / --b-weights linear weights written by --fit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/agreement.h"
#include "analysis/eval_model.h"
#include "lab/evalfit.h"
#include "lab/selfplay.h"
#include "front/args.h"
#include "lab/lab.h"
#include "front/netfile.h"
#include "engine/posid.h"

typedef struct sp_args {
    const char *rules, *a, *b, *fit, *from, *a_weights, *b_weights, *a_net, *b_net;
    int games, threads, positions, generations;
    long seed;
    bool json;
    bool one_die; /* --positions: where the side on roll may declare the one-die rule */
} sp_args_t;

static bool parse(int argc, char **argv, sp_args_t *a)
{
    memset(a, 0, sizeof *a);
    a->rules = "lyckans-talisman";
    a->a = "net";
    a->b = "pips";
    a->games = 200;
    a->threads = 2;
    a->seed = 1;
    a->generations = 2;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (strcmp(f, "--one-die") == 0) {
            a->one_die = true;
            continue;
        }
        if (strcmp(f, "--json") == 0) {
            a->json = true;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "brade: %s needs a value\n", f);
            return false;
        }
        const char *v = argv[++i];
        long n;
        if (strcmp(f, "--rules") == 0)
            a->rules = v;
        else if (strcmp(f, "--a") == 0)
            a->a = v;
        else if (strcmp(f, "--b") == 0)
            a->b = v;
        else if (strcmp(f, "--fit") == 0)
            a->fit = v;
        else if (strcmp(f, "--from") == 0)
            a->from = v;
        else if (strcmp(f, "--a-weights") == 0)
            a->a_weights = v;
        else if (strcmp(f, "--b-weights") == 0)
            a->b_weights = v;
        else if (strcmp(f, "--a-net") == 0)
            a->a_net = v;
        else if (strcmp(f, "--b-net") == 0)
            a->b_net = v;
        else if (strcmp(f, "--games") == 0 && args_number(f, v, 1, 100000000, &n))
            a->games = (int)n;
        else if (strcmp(f, "--threads") == 0 && args_number(f, v, 1, 16, &n))
            a->threads = (int)n;
        else if (strcmp(f, "--seed") == 0 && args_number(f, v, 0, 2147483647L, &n))
            a->seed = n;
        else if (strcmp(f, "--positions") == 0 && args_number(f, v, 1, 100000, &n))
            a->positions = (int)n;
        else if (strcmp(f, "--generations") == 0 && args_number(f, v, 1, 20, &n))
            a->generations = (int)n;
        else {
            if (strncmp(f, "--", 2) == 0 && strcmp(f, "--games") && strcmp(f, "--threads") &&
                strcmp(f, "--seed") && strcmp(f, "--positions") && strcmp(f, "--generations"))
                fprintf(stderr, "brade: unknown flag '%s'\n", f);
            return false;
        }
    }
    return true;
}

/* Reads weights written by --fit (the numbers of the FITTED table, in
 * order) into *w.  Returns false with a message when the file is not one. */
static bool load_weights(const char *path, eval_weights_t *w)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "brade: cannot open %s\n", path);
        return false;
    }
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    char *p = strstr(text, "FITTED = {");
    double *v = (double *)w;
    size_t nw = sizeof *w / sizeof(double), k = 0;
    while (p && *p && k < nw) {
        char *end;
        double x = strtod(p, &end);
        if (end != p && ((*p >= '0' && *p <= '9') || *p == '-' || (*p == '.' && p[1] >= '0' && p[1] <= '9'))) {
            v[k++] = x;
            p = end;
        } else if (*p == '/' && p[1] == '*') {
            p = strstr(p, "*/");
        } else {
            p++;
        }
    }
    if (k != nw) {
        fprintf(stderr, "brade: %s: not a weights file written by --fit (%zu of %zu numbers)\n", path, k, nw);
        return false;
    }
    return true;
}

static int run_match(const sp_args_t *a, const rules_t *r)
{
    selfplay_opts_t o;
    memset(&o, 0, sizeof o);
    if (!selfplay_parse_spec(a->a, &o.a) || !selfplay_parse_spec(a->b, &o.b)) {
        fprintf(stderr, "brade: a setting is net[:PLIES], linear[:PLIES], hand[:PLIES], pips or random\n");
        return 2;
    }
    evalnet_t *na = NULL, *nb = NULL;
    if ((a->a_net && !(na = netfile_load_for(a->a_net, r))) ||
        (a->b_net && !(nb = netfile_load_for(a->b_net, r)))) {
        evalnet_free(na);
        return 2;
    }
    if (na)
        o.a.eval = EVAL_NET, o.a.net = na;
    if (nb)
        o.b.eval = EVAL_NET, o.b.net = nb;
    static eval_weights_t wa, wb;
    if (a->a_weights) {
        if (!load_weights(a->a_weights, &wa))
            return 2;
        o.a.weights = &wa;
    }
    if (a->b_weights) {
        if (!load_weights(a->b_weights, &wb))
            return 2;
        o.b.weights = &wb;
    }
    o.games = a->games;
    o.seed = (uint64_t)a->seed;
    o.threads = a->threads;
    selfplay_result_t res;
    int rc = selfplay_run(&o, r, &res);
    evalnet_free(na);
    evalnet_free(nb);
    if (rc != 0) {
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    char sa[300], sb[300], rname[256];
    rules_format(r, rname, sizeof rname);
    selfplay_format_spec(&o.a, sa, sizeof sa);
    selfplay_format_spec(&o.b, sb, sizeof sb);
    if (a->a_net)
        snprintf(sa, sizeof sa, "net:%d (%s)", o.a.plies, a->a_net);
    if (a->b_net)
        snprintf(sb, sizeof sb, "net:%d (%s)", o.b.plies, a->b_net);
    if (a->json) {
        printf("{\n  \"rules\": \"%s\",\n  \"a\": \"%s\",\n  \"b\": \"%s\",\n  \"games\": %d,\n  \"seed\": %ld,\n"
               "  \"points_per_game\": %.4f,\n  \"ci95\": %.4f,\n  \"a_wins\": %d,\n  \"b_wins\": %d,\n"
               "  \"unfinished\": %d,\n  \"plies_per_game\": %.1f,\n  \"seconds\": %.2f\n}\n",
               rname, sa, sb, res.games, a->seed, res.points, res.ci95, res.a_wins, res.b_wins,
               res.unfinished, res.plies, res.seconds);
        return 0;
    }
    printf("%s: %s against %s, %d games (seed %ld)\n", rname, sa, sb, res.games, a->seed);
    printf("points per game for %s: %+.3f ± %.3f (95%%)\n", sa, res.points, res.ci95);
    printf("wins: %s %d, %s %d, unfinished %d; %.1f plies a game; %.1f s (%.0f games/s)\n", sa,
           res.a_wins, sb, res.b_wins, res.unfinished, res.plies, res.seconds,
           res.games / (res.seconds > 0 ? res.seconds : 1));
    printf("%-10s", "wins by");
    for (int k = 1; k < OUT_KIND_COUNT; k++)
        if (res.a_kinds[k] || res.b_kinds[k])
            printf(" %s %d/%d", outcome_kind_name((outcome_kind_t)k), res.a_kinds[k], res.b_kinds[k]);
    printf("  (%s/%s)\n", sa, sb);
    return 0;
}

/* Prints the positions --agreement judges (same seed, same set). */
static int run_positions(const sp_args_t *a, const rules_t *r)
{
    if (a->one_die && r->one_die_rule == ONE_DIE_OFF) {
        fprintf(stderr, "brade: --one-die: %s has no one-die rule\n", r->name);
        return 2;
    }
    board_t *pos = malloc(sizeof *pos * (size_t)a->positions);
    roll_t *rolls = malloc(sizeof *rolls * (size_t)a->positions);
    if (!pos || !rolls) {
        free(pos);
        free(rolls);
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    int k = agreement_positions(r, a->positions, (uint64_t)a->seed, a->one_die ? AGREEMENT_ONE_DIE : EVALNET_ANY_PHASE,
                                a->threads, pos, rolls);
    for (int i = 0; i < k; i++) {
        char id[POSID_SIZE];
        posid_write(r->geometry, &pos[i], id);
        printf("%s %d-%d\n", id, rolls[i].a, rolls[i].b);
    }
    free(pos);
    free(rolls);
    return 0;
}

static int run_fit(const sp_args_t *a, const rules_t *r)
{
    evalfit_opts_t o;
    evalfit_default_opts(&o);
    o.games = a->games;
    o.seed = (uint64_t)a->seed;
    o.threads = a->threads;
    o.generations = a->generations;
    if (a->from && strcmp(a->from, "shipped") == 0)
        o.start = eval_weights_fitted();
    else if (a->from && strcmp(a->from, "hand") != 0) {
        fprintf(stderr, "brade: --from must be hand or shipped\n");
        return 2;
    }
    eval_weights_t *w = malloc(sizeof *w);
    if (!w) {
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    if (evalfit_run(&o, r, w, stdout) != 0) {
        fprintf(stderr, "brade: fitting failed\n");
        free(w);
        return 1;
    }
    FILE *f = fopen(a->fit, "w");
    if (!f) {
        fprintf(stderr, "brade: cannot write %s\n", a->fit);
        free(w);
        return 1;
    }
    evalfit_write_c(w, &o, r, f);
    fclose(f);
    printf("wrote %s\n", a->fit);
    free(w);
    return 0;
}

int cmd_selfplay(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--agreement") == 0 || strcmp(argv[i], "--rejudge") == 0)
            return cmd_agreement(argc, argv);
    sp_args_t a;
    if (!parse(argc, argv, &a))
        return 2;
    rules_t r;
    rules_error_t re;
    if (!rules_parse(a.rules, &r, &re)) {
        fprintf(stderr, "brade: unknown ruleset '%s'\n", a.rules);
        return 2;
    }
    if (a.fit)
        return run_fit(&a, &r);
    if (a.positions)
        return run_positions(&a, &r);
    return run_match(&a, &r);
}
