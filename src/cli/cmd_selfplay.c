/*
 * cmd_selfplay.c - `brade selfplay`: the self-play harness from the shell.
 *
 *   brade selfplay [--rules R] --games N --a SETTING --b SETTING [--seed S]
 *                  [--threads T] [--json]
 *       plays N games (in pairs with the same dice, colours swapped) and
 *       reports A's points per game with a 95% confidence interval;
 *   brade selfplay [--rules R] --agreement K [--rollouts N] [--plies P] [--seed S]
 *                  [--confirm G] [--a-net FILE]
 *       on K fixed positions (seeded self-play, one roll each) compares the
 *       P-ply choice (default 2) with the best of the top four plays rolled
 *       out N games each, and reports how often they agree; --confirm G
 *       rolls the plays the first pass could not tell apart G games more;
 *   brade selfplay [--rules R] --positions K [--seed S]
 *       prints those K positions, one a line: the position id and the roll
 *       (material for "best play" puzzles: brade analyse --position ID --roll R);
 *   brade selfplay [--rules R] --fit FILE --games N [--generations G] [--seed S]
 *                  [--from hand|shipped]
 *       fits the evaluator's weights to self-play games (evalfit.h) and
 *       writes them as C source (src/analysis/eval_weights.c).
 * SETTING: net[:PLIES] (the trained nets, the default evaluator),
 * linear[:PLIES] (the linear model), hand[:PLIES], pips (the greedy
 * baseline), random; "shipped" is the default evaluator (net).
 * --a-net FILE / --b-net FILE give a player nets from a weights file
 * (brade train); --a-weights / --b-weights linear weights written by --fit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/agree.h"
#include "analysis/dice.h"
#include "analysis/eval_model.h"
#include "analysis/evalfit.h"
#include "analysis/rollout.h"
#include "analysis/selfplay.h"
#include "cli/args.h"
#include "cli/cmd.h"
#include "cli/netfile.h"
#include "engine/notation.h"
#include "engine/posid.h"

typedef struct sp_args {
    const char *rules, *a, *b, *fit, *from, *a_weights, *b_weights, *a_net, *b_net;
    int games, threads, agreement, positions, rollouts, plies, generations, confirm;
    long seed;
    bool json;
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
    a->rollouts = 648;
    a->plies = 2;
    a->generations = 2;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
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
        else if (strcmp(f, "--agreement") == 0 && args_number(f, v, 1, 100000, &n))
            a->agreement = (int)n;
        else if (strcmp(f, "--positions") == 0 && args_number(f, v, 1, 100000, &n))
            a->positions = (int)n;
        else if (strcmp(f, "--rollouts") == 0 && args_number(f, v, 1, 10000000, &n))
            a->rollouts = (int)n;
        else if (strcmp(f, "--plies") == 0 && args_number(f, v, 0, SEARCH_MAX_PLIES, &n))
            a->plies = (int)n;
        else if (strcmp(f, "--generations") == 0 && args_number(f, v, 1, 20, &n))
            a->generations = (int)n;
        else if (strcmp(f, "--confirm") == 0 && args_number(f, v, 0, 10000000, &n))
            a->confirm = (int)n;
        else {
            if (strncmp(f, "--", 2) == 0 && strcmp(f, "--games") && strcmp(f, "--threads") &&
                strcmp(f, "--seed") && strcmp(f, "--agreement") && strcmp(f, "--positions") && strcmp(f, "--rollouts") &&
                strcmp(f, "--plies") && strcmp(f, "--generations") && strcmp(f, "--confirm"))
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

/* K positions from seeded self-play of the shipped 0-ply player, each with
 * a roll that offers at least two plays. */
static int fixed_positions(const rules_t *r, int k, uint64_t seed, board_t *pos, roll_t *rolls)
{
    selfplay_spec_t spec = {EVAL_DEFAULT, 0, false, 0.0, NULL, NULL};
    selfplay_player_t *p = selfplay_player_new(&spec, r);
    movegen_buf_t *buf = movegen_buf_new();
    board_t *rec = malloc(sizeof *rec * 4000);
    int got = 0;
    for (uint64_t g = 0; p && buf && rec && got < k && g < (uint64_t)k * 50; g++) {
        uint64_t rng = dice_stream(seed, g);
        int nrec, plies;
        outcome_t res;
        selfplay_game(p, p, r, &rng, buf, rec, 4000, &nrec, &res, &plies);
        /* one position per game, from a seeded ply */
        for (int tries = 0; tries < 8 && nrec > 0; tries++) {
            int i = dice_below(&rng, nrec);
            roll_t roll = {dice_below(&rng, 6) + 1, dice_below(&rng, 6) + 1};
            if (movegen_plays(&rec[i], r, roll, buf) >= 2) {
                pos[got] = rec[i];
                rolls[got++] = roll;
                break;
            }
        }
    }
    free(rec);
    movegen_buf_free(buf);
    selfplay_player_free(p);
    return got;
}

enum { AGREE_TOP = 4, AGREE_DRAWS = 20000 };

/* The tally of one way of judging (the first pass, or confirmed). */
typedef struct agree_tally {
    int agree, within, separable, separable_agree;
    double lost, ceiling, p_search;
} agree_tally_t;

/* Scores the search's top (index 0) against the rollout's best: the same
 * play, or within the best's 95% interval; the equity given up; whether
 * the rollout separates its best (paired), and the chances that its best
 * and that the search's play are the truly best.  Returns the best. */
static int agree_score(const agree_stats_t *s, uint64_t seed, agree_tally_t *t)
{
    int b = agree_best(s);
    double se_b = sqrt(s->cov[b][b]);
    t->agree += b == 0;
    t->within += b == 0 || s->mean[b] - s->mean[0] <= 1.96 * se_b;
    t->lost += s->mean[b] - s->mean[0];
    if (agree_separable(s)) {
        t->separable++;
        t->separable_agree += b == 0;
    }
    double p_b = agree_p_best(s, b, seed, AGREE_DRAWS);
    t->ceiling += p_b;
    t->p_search += b == 0 ? p_b : agree_p_best(s, 0, seed, AGREE_DRAWS);
    return b;
}

/* Prints one tally's judgement of noise (the text form). */
static void agree_print_noise(const char *what, const agree_tally_t *t, int k)
{
    printf("%s: the rollout separates its best play (ahead of every other play by 1.96 standard errors of the paired difference) on "
           "%d of %d positions, and the search agrees on %d of those; a perfect player would be expected to "
           "agree with this rollout on %.1f (the ceiling its noise allows); the chance that the search's play "
           "is the best of the plays rolled out, summed: %.1f\n",
           what, t->separable, k, t->separable_agree, t->ceiling, t->p_search);
}

/* Prints one tally as JSON members with a prefix ("" or "_confirmed"). */
static void agree_print_json(const char *sfx, const agree_tally_t *t, double kk)
{
    printf(",\n  \"agree%s\": %d,\n  \"within_ci%s\": %d,\n  \"mean_loss%s\": %.4f,\n"
           "  \"separable%s\": %d,\n  \"separable_agree%s\": %d,\n  \"ceiling%s\": %.2f,\n"
           "  \"p_search_best%s\": %.2f",
           sfx, t->agree, sfx, t->within, sfx, t->lost / kk, sfx, t->separable, sfx, t->separable_agree, sfx,
           t->ceiling, sfx, t->p_search);
}

/*
 * --agreement: K positions from seeded self-play; the P-ply ranking's top
 * four plays are rolled out (the same dice for all four) and the search's
 * choice is scored against the rollout's best.  With --confirm G, every
 * play whose first-pass value is within the best's 95% interval (when
 * there are two or more: the rollout could not tell them apart) is rolled
 * out G more games with another seed, and the best of the combined values
 * decides; which plays are confirmed depends on the rollout alone, never
 * on which play the search chose.  Both tallies are printed, each with
 * what the rollout's own noise allows (agree.h): on how many positions it
 * separates its best play, and how many a perfect player would be
 * expected to agree on.  --a-net FILE makes the search and the rollouts
 * use other nets (the positions stay those of the shipped evaluator's
 * self-play, so two nets are compared on the same positions).
 */
static int run_agreement(const sp_args_t *a, const rules_t *r)
{
    evalnet_t *net = NULL;
    if (a->a_net && !(net = netfile_load_for(a->a_net, r)))
        return 2;
    int ng1 = a->rollouts, ng2 = a->confirm;
    board_t *pos = malloc(sizeof *pos * (size_t)a->agreement);
    roll_t *rolls = malloc(sizeof *rolls * (size_t)a->agreement);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    double *x1 = malloc(sizeof *x1 * (size_t)AGREE_TOP * (size_t)ng1);
    double *x2 = malloc(sizeof *x2 * (size_t)AGREE_TOP * (size_t)(ng2 > 0 ? ng2 : 1));
    search_ctx_t *sc = search_ctx_new_with(r, EVAL_DEFAULT, net);
    if (!pos || !rolls || !sp || !x1 || !x2 || !sc) {
        fprintf(stderr, "brade: out of memory\n");
        free(pos);
        free(rolls);
        free(sp);
        free(x1);
        free(x2);
        search_ctx_free(sc);
        evalnet_free(net);
        return 1;
    }
    int k = fixed_positions(r, a->agreement, (uint64_t)a->seed, pos, rolls);
    rollout_opts_t ro;
    rollout_default_opts(&ro);
    ro.games = ng1;
    ro.seed = (uint64_t)a->seed;
    ro.threads = a->threads;
    ro.net = net;
    rollout_opts_t ro2 = ro;
    ro2.games = ng2;
    ro2.seed = (uint64_t)a->seed + 0x9e3779b9u; /* another stream of dice */
    search_opts_t so;
    search_default_opts(a->plies, &so);
    agree_tally_t first = {0}, conf = {0};
    int agree0 = 0, confirmed = 0;
    for (int i = 0; i < k; i++) {
        int n = search_rank(sc, &pos[i], rolls[i], &so, sp);
        int m = n < AGREE_TOP ? n : AGREE_TOP;
        agree_pass_t pass[2];
        memset(pass, 0, sizeof pass);
        pass[0].n = ng1;
        pass[1].n = ng2;
        for (int j = 0; j < m; j++) {
            rollout_result_t res;
            ro.game_equity = x1 + (size_t)j * (size_t)ng1;
            pass[0].x[j] = ro.game_equity;
            rollout_play(&sp[j].play, r, &ro, &res);
        }
        agree_stats_t st;
        agree_combine(pass, 1, m, &st);
        uint64_t mc_seed = (uint64_t)a->seed * 1000003u + (uint64_t)i;
        int b1 = agree_score(&st, mc_seed, &first), b2 = b1;
        if (ng2 > 0) {
            int close = 0;
            bool is_close[AGREE_TOP];
            for (int j = 0; j < m; j++) {
                is_close[j] = st.mean[b1] - st.mean[j] <= 1.96 * sqrt(st.cov[b1][b1]);
                close += is_close[j];
            }
            if (close >= 2) {
                confirmed++;
                for (int j = 0; j < m; j++) {
                    if (!is_close[j])
                        continue;
                    rollout_result_t res;
                    ro2.game_equity = x2 + (size_t)j * (size_t)ng2;
                    pass[1].x[j] = ro2.game_equity;
                    rollout_play(&sp[j].play, r, &ro2, &res);
                }
                agree_combine(pass, 2, m, &st);
            }
            b2 = agree_score(&st, mc_seed, &conf);
        }
        /* the 0-ply choice, for comparison */
        int best0 = 0;
        double e0 = -1e300;
        for (int j = 0; j < n; j++) {
            eval_t e;
            search_play_value(sc, &sp[j].play, 0, &so, &e);
            if (e.equity > e0) {
                e0 = e.equity;
                best0 = j;
            }
        }
        agree0 += best0 == b1;
        if (!a->json) {
            char note[128], note2[128];
            notation_play(&sp[0].play, pos[i].geom, note, sizeof note);
            notation_play(&sp[b2].play, pos[i].geom, note2, sizeof note2);
            printf("%3d. roll %d-%d  %d-ply: %-22s rollout: %-22s %s%s%s\n", i + 1, rolls[i].a, rolls[i].b,
                   a->plies, note, note2, b2 == 0 ? "agree" : "differ",
                   b1 == b2 ? "" : b2 == 0 ? " (after confirming; the first pass differed)"
                                           : " (after confirming)",
                   agree_separable(&st) ? "" : " [not separable]");
            fflush(stdout);
        }
    }
    char rname[256];
    rules_format(r, rname, sizeof rname);
    double kk = k ? k : 1;
    if (a->json) {
        printf("{\n  \"rules\": \"%s\",\n  \"positions\": %d,\n  \"plies\": %d,\n  \"rollouts\": %d,\n"
               "  \"agree_0ply\": %d",
               rname, k, a->plies, ng1, agree0);
        agree_print_json("", &first, kk);
        if (ng2 > 0) {
            printf(",\n  \"confirm\": %d,\n  \"confirmed_positions\": %d", ng2, confirmed);
            agree_print_json("_confirmed", &conf, kk);
        }
        printf("\n}\n");
    } else {
        printf("%s: %d-ply agrees with %d-game rollouts on %d of %d positions (%.0f%%); "
               "within the rollout's 95%% interval on %d; 0-ply agrees on %d; mean equity given up %.4f\n",
               rname, a->plies, ng1, first.agree, k, 100.0 * first.agree / kk, first.within, agree0,
               first.lost / kk);
        agree_print_noise("first pass", &first, k);
        if (ng2 > 0) {
            printf("confirmed: on %d positions two or more plays were within the interval and were rolled out "
                   "%d games more; then %d-ply agrees on %d of %d (%.0f%%), within the interval on %d, "
                   "mean equity given up %.4f\n",
                   confirmed, ng2, a->plies, conf.agree, k, 100.0 * conf.agree / kk, conf.within,
                   conf.lost / kk);
            agree_print_noise("confirmed", &conf, k);
        }
    }
    search_ctx_free(sc);
    evalnet_free(net);
    free(sp);
    free(x1);
    free(x2);
    free(pos);
    free(rolls);
    return 0;
}

/* Prints the positions of run_agreement (same seed, same set). */
static int run_positions(const sp_args_t *a, const rules_t *r)
{
    board_t *pos = malloc(sizeof *pos * (size_t)a->positions);
    roll_t *rolls = malloc(sizeof *rolls * (size_t)a->positions);
    if (!pos || !rolls) {
        free(pos);
        free(rolls);
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    int k = fixed_positions(r, a->positions, (uint64_t)a->seed, pos, rolls);
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
    if (a.agreement)
        return run_agreement(&a, &r);
    if (a.positions)
        return run_positions(&a, &r);
    return run_match(&a, &r);
}
