/*
 * cmd_analyse.c - `brade analyse`: exact facts of a position, or the plays
 * of a roll ranked by n-ply search (and rollouts), with result
 * probabilities, error classes and an explanation of the top choice.
 *
 *   brade analyse [position flags] [--roll A-B] [--json] [--plies N]
 *                 [--rollouts N --seed S --threads T --truncate P --luck on|off
 *                  --player-plies Q]
 *                 [--play TEXT] [--thresholds D,B,V] [--lang en|sv]
 *                 [--evaluator net|linear|hand|pips] [--weights FILE] [--batch]
 *                 [--cube centred|mine|theirs [--away A,B[,crawford|post]]]
 *
 * Without --roll it prints the facts (for each way to win, the rolls of 36
 * that win that way now; the shots against the side to move) and the
 * evaluation of the position; with --roll, the plays best first.  Rollouts
 * are run on the best five plays (and on --play's, wherever it ranks), all
 * with the same dice (same seed).  --weights evaluates with a net read
 * from a weights file (brade train's output); --batch reads further flags
 * line by line from standard input and answers each in turn.  --cube
 * (backgammon) gives the cube decision before the roll instead
 * (analyse_cube.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/contrast.h"
#include "analysis/facts.h"
#include "analysis/grade.h"
#include "analysis/rollout.h"
#include "analysis/search.h"
#include "cli/analyse_cube.h"
#include "cli/analyse_onedie.h"
#include "tutor/explain_giveup.h"
#include "tutor/words.h"
#include "cli/interrupt.h"
#include "cli/args.h"
#include "cli/diagram.h"
#include "cli/savefile.h"
#include "cli/cmd.h"
#include "cli/netfile.h"
#include "engine/notation.h"
#include "engine/posid.h"
#include "engine/verdict.h"
#include "tutor/explain_analysis.h"
#include "tutor/words.h"

enum { ROLLOUT_TOP = 5 };
/* Fewer rollout games a play than this get a warning (at 324 the 95%
 * margin of a bräde play is still about 0.1 points). */
enum { ROLLOUT_FEW = 324 };

typedef struct analyse_opts {
    int plies;
    int rollouts;
    rollout_opts_t ro;
    grade_thresholds_t thresholds;
    lang_t lang;
    eval_kind_t evaluator;
} analyse_opts_t;

/* The ways a game can end under r, in a fixed order. */
static int ways(const rules_t *r, outcome_kind_t out[OUT_KIND_COUNT])
{
    int n = 0;
    if (r->geometry == GEOM_BACKGAMMON) {
        out[n++] = OUT_SINGLE;
        out[n++] = OUT_GAMMON;
        out[n++] = OUT_BACKGAMMON;
        return n;
    }
    out[n++] = OUT_HEMSPEL;
    if (r->patterns) {
        out[n++] = OUT_ENKELT_KRONSPEL;
        out[n++] = OUT_DUBBELT_KRONSPEL;
        out[n++] = OUT_TRAPPSPEL;
        out[n++] = OUT_UPPSPEL;
        if (r->extra_patterns & XPAT_KEJSAR)
            out[n++] = OUT_KEJSARSPEL;
        if (r->extra_patterns & XPAT_951)
            out[n++] = OUT_NIO_FEM_ETT;
        if (r->extra_patterns & XPAT_54321)
            out[n++] = OUT_FEM_FYRA_TRE_TVA_ETT;
    }
    if (r->jan) {
        out[n++] = OUT_JAN;
        out[n++] = OUT_SPRANGJAN;
    }
    return n;
}

static bool parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

/* Reads the analysis flags (a->extra, in the order of EXTRA below). */
static const char *const EXTRA[] = {"--plies", "--rollouts", "--seed", "--threads", "--thresholds",
                                    "--lang", "--evaluator", "--truncate", "--weights", "--luck", "--svg",
                                    "--cube", "--away", "--player-plies", NULL};

static bool parse_opts(const pos_args_t *a, analyse_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->plies = search_default_plies(&a->rules);
    rollout_default_opts(&o->ro);
    grade_default(&o->thresholds);
    o->lang = LANG_EN;
    o->evaluator = EVAL_DEFAULT;
    int seed = 1;
    if (a->extra[0] && !parse_int(a->extra[0], 0, SEARCH_MAX_PLIES, &o->plies)) {
        fprintf(stderr, "brade: --plies must be 0..%d\n", SEARCH_MAX_PLIES);
        return false;
    }
    if (a->extra[1] && !parse_int(a->extra[1], 1, 10000000, &o->rollouts)) {
        fprintf(stderr, "brade: --rollouts must be a number of games (1 or more)\n");
        return false;
    }
    if (a->extra[2] && !parse_int(a->extra[2], 0, 2147483647, &seed)) {
        fprintf(stderr, "brade: --seed must be a non-negative number\n");
        return false;
    }
    if (a->extra[3] && !parse_int(a->extra[3], 1, 16, &o->ro.threads)) {
        fprintf(stderr, "brade: --threads must be 1..16\n");
        return false;
    }
    if (a->extra[4] && !grade_parse(a->extra[4], &o->thresholds)) {
        fprintf(stderr, "brade: --thresholds wants three rising numbers D,B,V (e.g. 0.04,0.08,0.16)\n");
        return false;
    }
    if (a->extra[5] && !args_lang(a->extra[5], &o->lang)) {
        fprintf(stderr, "brade: --lang must be en or sv\n");
        return false;
    }
    if (a->extra[6] && !eval_kind_parse(a->extra[6], &o->evaluator)) {
        fprintf(stderr, "brade: --evaluator must be net (the default), linear, hand or pips\n");
        return false;
    }
    if (a->extra[7] && !parse_int(a->extra[7], 0, 100000, &o->ro.truncate)) {
        fprintf(stderr, "brade: --truncate must be a number of plies (0 = none)\n");
        return false;
    }
    if (a->extra[9]) {
        if (strcmp(a->extra[9], "on") == 0)
            o->ro.luck = true;
        else if (strcmp(a->extra[9], "off") != 0) {
            fprintf(stderr, "brade: --luck must be on or off\n");
            return false;
        }
    }
    /* the rollout's players search Q plies (0, the default: the net alone);
     * 1 costs about 60 times as much a game under bräde */
    if (a->extra[13] && !parse_int(a->extra[13], 0, SEARCH_MAX_PLIES, &o->ro.plies)) {
        fprintf(stderr, "brade: --player-plies must be 0..%d\n", SEARCH_MAX_PLIES);
        return false;
    }
    if (a->extra[13] && !o->rollouts) {
        fprintf(stderr, "brade: --player-plies needs --rollouts (it is the rollout's players' depth)\n");
        return false;
    }
    o->ro.games = o->rollouts;
    o->ro.seed = (uint64_t)seed;
    o->ro.stop = interrupt_flag(); /* Ctrl-C in the REPL */
    o->ro.evaluator = o->evaluator;
    return true;
}

static void print_probs_json(const eval_t *e, const rules_t *r, const char *indent)
{
    outcome_kind_t w[OUT_KIND_COUNT];
    int n = ways(r, w);
    printf("{\n%s  \"win\": %.4f,\n%s  \"lose\": %.4f,\n", indent, eval_p_win(e), indent, eval_p_lose(e));
    for (int side = 0; side < 2; side++) {
        printf("%s  \"%s\": {", indent, side == 0 ? "win_by" : "lose_by");
        for (int i = 0; i < n; i++)
            printf("%s\"%s\": %.4f", i ? ", " : "", outcome_kind_name(w[i]),
                   side == 0 ? e->win[w[i]] : e->lose[w[i]]);
        printf("},\n");
    }
    printf("%s  \"win_munk\": %.4f,\n%s  \"lose_munk\": %.4f\n%s}", indent, e->win_munk, indent,
           e->lose_munk, indent);
}

/* "win 55.1% (jan 3.2 sprängjan 1.0 munk 2.0) lose 44.9% (...)" */
static void print_probs_text(const eval_t *e, const rules_t *r, lang_t lang)
{
    outcome_kind_t w[OUT_KIND_COUNT];
    int n = ways(r, w);
    for (int side = 0; side < 2; side++) {
        const double *p = side == 0 ? e->win : e->lose;
        printf("%s %.1f%%", side == 0 ? (lang == LANG_SV ? "vinst" : "win") : (lang == LANG_SV ? " förlust" : " lose"),
               100 * (side == 0 ? eval_p_win(e) : eval_p_lose(e)));
        bool open = false;
        for (int i = 1; i < n; i++) {
            if (p[w[i]] < 0.0005)
                continue;
            printf("%s%s %.1f", open ? " " : " (", explain_analysis_kind(lang, w[i]), 100 * p[w[i]]);
            open = true;
        }
        double munk = side == 0 ? e->win_munk : e->lose_munk;
        if (munk >= 0.0005) {
            printf("%smunk %.1f", open ? " " : " (", 100 * munk);
            open = true;
        }
        if (open)
            printf(")");
    }
}

static void print_rollout_json(const rollout_result_t *ro)
{
    printf("{\"games\": %d, \"equity\": %.4f, \"se\": %.4f, \"ci95\": %.4f, \"truncated\": %d}",
           ro->games, ro->equity, ro->se, ro->ci95, ro->truncated);
}

/* --- without a roll: facts --- */

static int analyse_facts(const pos_args_t *a, const analyse_opts_t *o, search_ctx_t *sc,
                         const char *rname)
{
    facts_t f;
    facts_position(&a->board, &a->rules, sc->bufs[0], &f);
    eval_t e;
    search_opts_t so;
    search_default_opts(o->plies, &so);
    search_position(sc, &a->board, o->plies, &so, &e);
    rollout_result_t ro;
    bool rolled = false;
    if (o->rollouts > 0) {
        if (rollout_position(&a->board, &a->rules, &o->ro, &ro) != 0) {
            fprintf(stderr, "brade: out of memory\n");
            return 1;
        }
        if (ro.stopped)
            return 1; /* Ctrl-C: the REPL says so */
        rolled = true;
    }
    /* giving up, where the board allows it: before the roll, each play as
     * deep as the hint's plies less the roll's */
    giveup_eval_t gu;
    bool give = giveup_allowed(&a->board, &a->rules);
    if (give && !giveup_before_roll(sc, &a->board, o->plies > 0 ? o->plies - 1 : 0, &gu)) {
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    /* the one-die rule, where the side may declare it: both choices rolled out */
    onedie_eval_t od;
    int odrc = analyse_onedie(&a->board, &a->rules, &o->ro, &od);
    if (odrc == -1) {
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    if (odrc == -3)
        return 1; /* Ctrl-C: the REPL says so */
    const char *me = args_colour(a->board.turn), *you = args_colour(1 - a->board.turn);
    outcome_kind_t w[OUT_KIND_COUNT];
    int nw = ways(&a->rules, w);
    if (a->json) {
        printf("{\n  \"rules\": \"%s\",\n  \"to_move\": \"%s\",\n  \"facts\": {\n    \"wins\": {", rname, me);
        for (int i = 0; i < nw; i++)
            printf("\"%s\": %d, ", outcome_kind_name(w[i]), f.wins.by_kind[w[i]]);
        printf("\"munk\": %d, \"any\": %d},\n", f.wins.munk, f.wins.any);
        printf("    \"enter\": %d,\n    \"enter_all\": %d,\n    \"hit\": %d,\n    \"blast\": %d,\n"
               "    \"janblotta_forced\": %d,\n    \"no_move\": %d,\n",
               f.enter, f.enter_all, f.hit, f.blast, f.jb_forced, f.no_move);
        printf("    \"shots\": {\"hit\": %d, \"blast\": %d, \"jan\": %d, \"any\": %d, \"win\": %d},\n",
               f.shots.hit, f.shots.blast, f.shots.jan, f.shots.any, f.shots.win);
        printf("    \"pips\": {\"%s\": %d, \"%s\": %d},\n", me, f.pips[0], you, f.pips[1]);
        printf("    \"bar\": {\"%s\": %d, \"%s\": %d},\n", me, f.bar[0], you, f.bar[1]);
        printf("    \"free_entry\": {\"%s\": %d, \"%s\": %d},\n", me, f.free_entry[0], you, f.free_entry[1]);
        printf("    \"janblotta\": {\"%s\": %d, \"%s\": %d}\n  },\n", me, f.janblotta[0], you, f.janblotta[1]);
        printf("  \"evaluation\": {\n    \"plies\": %d,\n    \"equity\": %.4f,\n    \"probabilities\": ",
               o->plies, e.equity);
        print_probs_json(&e, &a->rules, "    ");
        printf("\n  }");
        if (rolled) {
            printf(",\n  \"rollout\": ");
            print_rollout_json(&ro);
        }
        if (give) {
            strbuf_t rolls;
            strbuf_init(&rolls);
            words_rolls(LANG_EN, explain_giveup_breach_set(&gu), &rolls);
            printf(",\n  \"give_up\": {\"cost\": %d, \"play_on\": %.4f, \"decision\": \"%s\", "
                   "\"breach\": %d, \"breach_rolls\": \"%s\", \"breach_mean\": %.4f, \"plies\": %d}",
                   gu.cost, gu.play_on, gu.give_up ? "give up" : "play on", gu.breach, strbuf_str(&rolls),
                   gu.breach_mean, gu.plies);
            strbuf_free(&rolls);
        }
        if (odrc == 0)
            analyse_onedie_json(&od);
        printf("\n}\n");
        return 0;
    }
    bool sv = o->lang == LANG_SV;
    printf("%s: %s %s\n", rname, me, sv ? "vid tärningarna" : "to move");
    printf("%-22s", sv ? "vinner direkt (av 36)" : "wins now (of 36)");
    for (int i = 0; i < nw; i++)
        printf(" %s %d", explain_analysis_kind(o->lang, w[i]), f.wins.by_kind[w[i]]);
    printf(" | munk %d | %s %d\n", f.wins.munk, sv ? "totalt" : "any", f.wins.any);
    printf("%-22s enter %d (all %d), hit %d, blast %d, force the janblotta out %d, no move %d\n",
           sv ? "slag som (av 36)" : "rolls that (of 36)", f.enter, f.enter_all, f.hit, f.blast,
           f.jb_forced, f.no_move);
    printf("%-22s hit %d, blast %d, jan %d, any %d, win %d\n",
           sv ? "skott mot dig" : "shots against you", f.shots.hit, f.shots.blast, f.shots.jan,
           f.shots.any, f.shots.win);
    printf("%-22s pips %d/%d, bar %d/%d, free entry points %d/%d, janblotta count %d/%d\n",
           sv ? "du/motspelaren" : "you/the other side", f.pips[0], f.pips[1], f.bar[0], f.bar[1],
           f.free_entry[0], f.free_entry[1], f.janblotta[0], f.janblotta[1]);
    printf("%-22s equity %+.3f, ", sv ? "värdering" : "evaluation", e.equity);
    print_probs_text(&e, &a->rules, o->lang);
    printf(" (%d-ply)\n", o->plies);
    if (rolled) {
        char players[32] = "";
        if (o->ro.plies > 0)
            snprintf(players, sizeof players, ", players %d-ply", o->ro.plies);
        printf("%-22s equity %+.3f ± %.3f (95%%, %d games, seed %llu%s)\n", "rollout", ro.equity, ro.ci95,
               ro.games, (unsigned long long)o->ro.seed, players);
    }
    char text[1024];
    explain_analysis_facts(o->lang, &f, &a->rules, text, sizeof text);
    printf("%s\n", text);
    if (give) {
        strbuf_t sb;
        strbuf_init(&sb);
        explain_giveup(o->lang, &gu, &a->board, &a->rules, &sb);
        printf("%s %s\n", sv ? "Att ge upp:" : "Giving up:", strbuf_str(&sb));
        strbuf_free(&sb);
    }
    if (odrc == 0)
        analyse_onedie_text(o->lang, &od, &a->rules);
    return 0;
}

/* --- with a roll: plays --- */

typedef struct ranked {
    search_play_t sp;
    bool rolled;
    rollout_result_t ro;
    double equity; /* the value reported: rollout when rolled out */
} ranked_t;

static int cmp_ranked(const void *x, const void *y)
{
    const ranked_t *a = x, *b = y;
    if (a->rolled != b->rolled)
        return a->rolled ? -1 : 1;
    if (!a->rolled && a->sp.plies != b->sp.plies)
        return b->sp.plies - a->sp.plies;
    if (a->equity != b->equity)
        return a->equity < b->equity ? 1 : -1;
    return a->sp.index - b->sp.index;
}

/* `--svg FILE`: the plays as a chart (diagram.h), the best ten and the
 * learner's, each bar the play's equity with its rollout interval. */
static bool write_chart(const pos_args_t *a, const analyse_opts_t *o, const ranked_t *rk, int n, int yours,
                        const char *rname) {
    bool sv = o->lang == LANG_SV;
    diagram_bar_t bars[11];
    char labels[11][128];
    int k = 0, cut = 0;
    for (int i = 0; i < n && k < 11; i++) {
        if (i >= 10 && i != yours)
            continue;
        notation_play(&rk[i].sp.play, a->board.geom, labels[k], sizeof labels[k]);
        if (!rk[i].rolled && rk[i].sp.plies < rk[0].sp.plies) {
            /* cut by the move filter: its value is a shallower look's */
            size_t len = strlen(labels[k]);
            snprintf(labels[k] + len, sizeof labels[k] - len, sv ? " (sållat, %d drag)" : " (cut, %d-ply)",
                     rk[i].sp.plies);
            cut++;
        }
        double lost = rk[0].equity - rk[i].equity;
        bars[k] =
            (diagram_bar_t){labels[k], rk[i].equity, rk[i].rolled ? rk[i].ro.ci95 : 0,
                            (int)grade_classify(lost < 0 ? 0 : lost, &o->thresholds, &a->rules), i == yours};
        k++;
    }
    char title[400], note[256];
    snprintf(title, sizeof title,
             sv ? "%s ska spela %d-%d (%s): dragen efter ekvitet"
                : "%s to play %d-%d (%s): the plays by equity",
             words_colour(o->lang, a->board.turn, true),
             a->roll.a, a->roll.b, rname);
    if (o->rollouts > 0)
        snprintf(note, sizeof note,
                 sv ? "Poäng per parti, utspelat %d partier per drag (frö %llu); strecket: 95 %% osäkerhet. "
                         "Färg: bra, tveksamt, dåligt, mycket dåligt."
                    : "Points a game, rolled out %d games a play (seed %llu); whisker: the 95%% margin. "
                      "Colour: fine, doubtful, bad, very bad.",
                 o->rollouts, (unsigned long long)o->ro.seed);
    else {
        char depth[64];
        if (o->plies == 0)
            snprintf(depth, sizeof depth, sv ? "utan att se framåt" : "looking no roll ahead");
        else if (o->plies == 1)
            snprintf(depth, sizeof depth, sv ? "ett slag framåt" : "looking one roll ahead");
        else
            snprintf(depth, sizeof depth, sv ? "%d slag framåt" : "looking %d rolls ahead", o->plies);
        snprintf(note, sizeof note,
                 sv ? "Poäng per parti, programmets bedömning %s. Färg: bra, tveksamt, dåligt, mycket dåligt.%s"
                    : "Points a game, the engine %s. Colour: fine, doubtful, bad, very bad.%s",
                 depth,
                 !cut ? "" : sv ? "\nSållat: bortsållat av dragfiltret, värderat på ett grundare djup."
                                : "\nCut: left by the move filter, valued at a shallower depth.");
    }
    strbuf_t svg;
    strbuf_init(&svg);
    diagram_chart_svg(title, note, bars, k, &svg);
    bool ok = strcmp(a->extra[10], "-") == 0 ? fputs(strbuf_str(&svg), stdout) >= 0
                                             : savefile_write(a->extra[10], strbuf_str(&svg), svg.len);
    if (!ok)
        fprintf(stderr, "brade: cannot write %s: %s\n", a->extra[10], strerror(errno));
    strbuf_free(&svg);
    return ok;
}

static int analyse_plays(const pos_args_t *a, const analyse_opts_t *o, search_ctx_t *sc, const char *rname) {
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    ranked_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
    if (!sp || !rk) {
        free(sp);
        free(rk);
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    /* giving up after the roll, where the board allows it (analysis/giveup.h) */
    giveup_eval_t gu;
    bool give = giveup_allowed(&a->board, &a->rules);
    if (give && !giveup_after_roll(sc, &a->board, a->roll, o->plies, &gu)) {
        free(sp);
        free(rk);
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    search_opts_t so;
    search_default_opts(o->plies, &so);
    int n = search_rank(sc, &a->board, a->roll, &so, sp);
    if (n < 0) {
        fprintf(stderr, "brade: too many plays for the buffer\n");
        free(sp);
        free(rk);
        return 1;
    }
    /* the learner's play, if given (judged before the rollouts: it is
     * rolled out too, wherever the search ranks it) */
    const board_t *your_after = NULL;
    board_t your_board;
    movegen_buf_t *legal = sc->bufs[0];
    if (a->play) {
        int nl = movegen_plays(&a->board, &a->rules, a->roll, legal);
        verdict_t v;
        verdict_judge(&a->board, &a->rules, a->roll, a->play, legal, nl, &v);
        if (v.kind != VERDICT_LEGAL) {
            char text[1024];
            explain_verdict(o->lang, &a->board, &a->rules, &v, legal, a->play, text, sizeof text);
            fprintf(stderr, "brade: --play: %s\n", text);
            free(sp);
            free(rk);
            return 2;
        }
        your_board = movegen_play(legal, v.play)->after; /* the buffer is reused below */
        your_after = &your_board;
        /* a play the move filter cut is judged as deep as the best */
        (void)search_rank_deepen(sc, &so, sp, n, your_after);
    }
    for (int i = 0; i < n; i++) {
        rk[i].sp = sp[i];
        rk[i].rolled = false;
        rk[i].equity = sp[i].value.equity;
    }
    for (int i = 0; o->rollouts > 0 && i < n; i++) {
        bool mine = your_after && board_equal(&rk[i].sp.play.after, your_after);
        if (i >= ROLLOUT_TOP && !mine)
            continue;
        if (rollout_play(&rk[i].sp.play, &a->rules, &o->ro, &rk[i].ro) != 0 ||
            rk[i].ro.stopped) {
            if (!rk[i].ro.stopped)
                fprintf(stderr, "brade: out of memory\n");
            free(sp);
            free(rk);
            return 1; /* stopped: Ctrl-C in the REPL, which says so */
        }
        rk[i].rolled = true;
        rk[i].equity = rk[i].ro.equity;
    }
    qsort(rk, (size_t)n, sizeof *rk, cmp_ranked);
    int yours = -1;
    for (int i = 0; your_after && i < n; i++)
        if (board_equal(&rk[i].sp.play.after, your_after))
            yours = i;
    /* why the top play: against the learner's play, or the next best */
    int other = yours > 0 ? yours : (n > 1 && yours != 0 ? 1 : -1);
    char why[2048] = "";
    char note_a[256], note_b[256];
    contrast_t ct;
    bool have_why = false;
    if (other > 0) {
        /* a rolled-out play's probabilities are the rollout's, like its equity */
        eval_t va = rk[0].rolled ? rk[0].ro.mean : rk[0].sp.value;
        eval_t vb = rk[other].rolled ? rk[other].ro.mean : rk[other].sp.value;
        va.equity = rk[0].equity;
        vb.equity = rk[other].equity;
        contrast_plays(&a->board, &a->rules, &rk[0].sp.play, &va, &rk[other].sp.play, &vb,
                       sc->bufs[0], &ct);
        notation_play(&rk[0].sp.play, a->board.geom, note_a, sizeof note_a);
        notation_play(&rk[other].sp.play, a->board.geom, note_b, sizeof note_b);
        explain_analysis_contrast(o->lang, &ct, &a->rules, note_a, note_b, other == yours, why,
                                  sizeof why);
        have_why = true;
    }
    double best = n > 0 ? rk[0].equity : 0;
    const char *me = args_colour(a->board.turn);
    if (a->extra[10] && !write_chart(a, o, rk, n, yours, rname)) {
        free(sp);
        free(rk);
        return 1;
    }
    if (a->json) {
        printf("{\n  \"rules\": \"%s\",\n  \"to_move\": \"%s\",\n  \"roll\": [%d, %d],\n  \"plies\": %d,\n",
               rname, me, a->roll.a, a->roll.b, o->plies);
        if (o->rollouts > 0)
            printf("  \"rollouts\": %d,\n  \"seed\": %llu,\n  \"player_plies\": %d,\n", o->rollouts,
                   (unsigned long long)o->ro.seed, o->ro.plies);
        printf("  \"plays\": [\n");
        for (int i = 0; i < n; i++) {
            const ranked_t *x = &rk[i];
            char note[256];
            notation_play(&x->sp.play, a->board.geom, note, sizeof note);
            double lost = best - x->equity;
            printf("    {\n      \"notation\": \"%s\",\n", note);
            if (a->rules.geometry == GEOM_BACKGAMMON) {
                /* the position after the play, the opponent on roll (as brade moves) */
                char id[POSID_SIZE];
                board_t next = x->sp.play.after;
                board_swap(&next);
                posid_gnubg(&next, id);
                printf("      \"position_id\": \"%s\",\n", id);
            }
            printf("      \"equity\": %.4f,\n      \"equity_lost\": %.4f,\n", x->equity, lost < 0 ? 0 : lost);
            printf("      \"grade\": \"%s\",\n      \"plies\": %d,\n", grade_name(grade_classify(lost < 0 ? 0 : lost, &o->thresholds, &a->rules)),
                   x->sp.plies);
            if (x->sp.play.outcome.kind != OUT_NONE)
                printf("      \"outcome\": {\"kind\": \"%s\", \"munk\": %s, \"points\": %d},\n",
                       outcome_kind_name(x->sp.play.outcome.kind), x->sp.play.outcome.munk ? "true" : "false",
                       x->sp.play.outcome.points);
            else
                printf("      \"outcome\": null,\n");
            if (x->rolled) {
                printf("      \"rollout\": ");
                print_rollout_json(&x->ro);
                printf(",\n");
            }
            printf("      \"probabilities\": ");
            print_probs_json(x->rolled ? &x->ro.mean : &x->sp.value, &a->rules, "      ");
            printf("\n    }%s\n", i + 1 < n ? "," : "");
        }
        printf("  ]");
        if (yours >= 0)
            printf(",\n  \"yours\": %d", yours);
        if (have_why) {
            printf(",\n  \"explanation\": \"");
            for (const char *s = why; *s; s++) {
                if (*s == '"' || *s == '\\')
                    putchar('\\');
                putchar(*s);
            }
            printf("\"");
        }
        if (give) {
            printf(",\n  \"give_up\": {\"cost\": %d, \"allowed_after\": %s", gu.cost,
                   gu.rolls[0].keeps ? "true" : "false");
            if (gu.rolls[0].keeps)
                printf(", \"play_on\": %.4f, \"decision\": \"%s\", \"plies\": %d", gu.play_on,
                       gu.give_up ? "give up" : "play on", gu.plies);
            printf("}");
        }
        printf("\n}\n");
    } else {
        bool sv = o->lang == LANG_SV;
        printf("%s: %s %s, %s %d-%d: %d %s\n", rname, me, sv ? "vid tärningarna" : "to move",
               sv ? "slag" : "roll", a->roll.a, a->roll.b, n,
               sv ? "tillåtna drag" : n == 1 ? "legal play" : "legal plays");
        /* the plays come in tiers, as in gnubg: rolled out, then searched
         * at the full depth, then those a move filter cut at a lower
         * depth; each tier is sorted, and says what its figures are */
        int tier = -1;
        for (int i = 0; i < n; i++) {
            const ranked_t *x = &rk[i];
            int t = x->rolled ? 100 : x->sp.plies;
            if (t != tier) {
                tier = t;
                if (x->rolled && o->ro.plies > 0)
                    printf(sv ? "  utspelade, %d partier per drag, spelarna söker %d drag framåt "
                                "(± är 95 %% osäkerhet):\n"
                              : "  rolled out, %d games a play, the players searching %d-ply "
                                "(± is the 95%% margin):\n",
                           x->ro.games, o->ro.plies);
                else if (x->rolled)
                    printf(sv ? "  utspelade, %d partier per drag (± är 95 %% osäkerhet):\n"
                              : "  rolled out, %d games a play (± is the 95%% margin):\n",
                           x->ro.games);
                else if (i == 0 || rk[0].rolled)
                    printf(sv ? "  sökta %d drag framåt%s:\n" : "  searched %d-ply%s:\n",
                           x->sp.plies,
                           i == 0 ? "" : sv ? " (inte utspelade)" : " (not rolled out)");
                else
                    printf(sv ? "  bortsållade efter %d drag framåt (deras värde på det "
                                "djupet):\n"
                              : "  cut by the move filter at %d-ply (their value at that "
                                "depth):\n",
                           x->sp.plies);
            }
            char note[256];
            notation_play(&x->sp.play, a->board.geom, note, sizeof note);
            double lost = best - x->equity;
            if (lost < 0)
                lost = 0;
            grade_t g = grade_classify(lost, &o->thresholds, &a->rules);
            char lost_text[32] = "";
            if (lost >= 0.0005)
                snprintf(lost_text, sizeof lost_text, "-%.3f", lost);
            double eq = fabs(x->equity) < 0.0005 ? 0.0 : x->equity; /* never "-0.000" */
            printf("%3d. %-24s %+.3f %7s  %-9s", i + 1, x->sp.play.nsteps ? note : "(no move)",
                   eq, lost_text, g == GRADE_FINE ? "" : grade_name(g));
            if (x->rolled)
                printf(" ±%.3f", x->ro.ci95);
            printf(" ");
            print_probs_text(x->rolled ? &x->ro.mean : &x->sp.value, &a->rules, o->lang);
            printf("%s\n", i == yours ? (sv ? "  <- ditt" : "  <- yours") : "");
        }
        if (o->rollouts > 0 && o->rollouts < ROLLOUT_FEW)
            printf(sv ? "Obs: %d partier per drag är för få för att skilja dragen åt; "
                        "ta %d eller fler.\n"
                      : "Note: %d games a play are too few to tell these plays apart; use %d "
                        "or more.\n",
                   o->rollouts, ROLLOUT_FEW);
        if (have_why)
            printf("%s\n", why);
        if (yours >= 0) {
            char g[256];
            double lost = best - rk[yours].equity;
            explain_analysis_grade(o->lang, grade_classify(lost < 0 ? 0 : lost, &o->thresholds, &a->rules),
                                   lost < 0 ? 0 : lost, g, sizeof g);
            printf("%s.\n", g);
        }
        if (give && gu.rolls[0].keeps) {
            strbuf_t sb;
            strbuf_init(&sb);
            explain_giveup(o->lang, &gu, &a->board, &a->rules, &sb);
            printf("%s %s\n", sv ? "Att ge upp:" : "Giving up:", strbuf_str(&sb));
            strbuf_free(&sb);
        } else if (give) {
            printf("%s\n", sv ? "Att ge upp: inte efter det här slaget: varje drag tar bort rätten "
                                  "att ge upp."
                                : "Giving up: not after this roll: every play ends the right to give up.");
        }
    }
    free(sp);
    free(rk);
    return 0;
}

/* A search context kept from one batch line to the next (its position
 * cache is made once, not per question), with what it was made for. */
typedef struct kept_search {
    search_ctx_t *sc;
    char rules[256];
    eval_kind_t evaluator;
    const evalnet_t *net;
} kept_search_t;

/* The search context for this analysis: the kept one when it was made for
 * the same ruleset, evaluator and net, else a new one (kept in its place
 * when `keep` is not NULL; otherwise the caller frees it). */
static search_ctx_t *search_for(kept_search_t *keep, const rules_t *r, eval_kind_t kind,
                                const evalnet_t *net)
{
    char name[256];
    rules_format(r, name, sizeof name);
    if (keep && keep->sc && keep->evaluator == kind && keep->net == net &&
        strcmp(keep->rules, name) == 0)
        return keep->sc;
    search_ctx_t *sc = search_ctx_new_with(r, kind, net);
    if (keep && sc) {
        search_ctx_free(keep->sc);
        keep->sc = sc;
        snprintf(keep->rules, sizeof keep->rules, "%s", name);
        keep->evaluator = kind;
        keep->net = net;
    }
    return sc;
}

/* One analysis: argv are the command's flags.  `net` (may be NULL) is a
 * weights file already read, used instead of reading --weights again;
 * `keep` (may be NULL) a search context kept between batch lines. */
static int analyse_once(int argc, char **argv, const evalnet_t *net, kept_search_t *keep)
{
    pos_args_t a;
    if (!args_parse_position(argc, argv, false, EXTRA, &a, stderr))
        return 2;
    args_note_implied_off(&a, stderr);
    analyse_opts_t o;
    if (!parse_opts(&a, &o))
        return 2;
    if (a.have_roll && a.roll.b == 0) {
        fprintf(stderr, "brade: analyse ranks two-dice rolls only\n");
        return 2;
    }
    evalnet_t *own = NULL;
    if (!net && a.extra[8] && !(net = own = netfile_load_for(a.extra[8], &a.rules)))
        return 2;
    if (net && net->encoding != evalnet_encoding_for(&a.rules)) {
        fprintf(stderr, "brade: a net for %s cannot evaluate %s positions\n", net->rules, a.rules.name);
        return 2;
    }
    o.ro.net = net;
    /* a net read for this line alone is not kept */
    search_ctx_t *sc = search_for(own ? NULL : keep, &a.rules, o.evaluator, net);
    if (!sc) {
        fprintf(stderr, "brade: out of memory\n");
        evalnet_free(own);
        return 1;
    }
    char rname[256];
    rules_format(&a.rules, rname, sizeof rname);
    int rc;
    if (a.extra[12] && !a.extra[11]) {
        fprintf(stderr, "brade: --away goes with --cube\n");
        rc = 2;
    } else if (a.extra[11] && a.have_roll) {
        fprintf(stderr, "brade: --cube is the decision before the roll: give no --roll\n");
        rc = 2;
    } else if (a.extra[11]) {
        rc = analyse_cube(&a.board, &a.rules, a.extra[11], a.extra[12], o.plies, o.lang, a.json, sc);
    } else {
        rc = a.have_roll ? analyse_plays(&a, &o, sc, rname) : analyse_facts(&a, &o, sc, rname);
    }
    if (own || !keep)
        search_ctx_free(sc);
    evalnet_free(own);
    return rc;
}

enum { BATCH_LINE = 4096, BATCH_ARGS = 64 };

/* --batch: every line of standard input holds more flags (a position and
 * a roll, say); each is analysed with the command line's flags and
 * answered in turn, the output flushed after each, so another program can
 * ask question after question of one process.  A bad line is answered on
 * stderr and the next one is read. */
static int analyse_batch(int argc, char **argv)
{
    char *args[BATCH_ARGS + 2 * BATCH_ARGS];
    int base = 0;
    const char *weights = NULL;
    for (int i = 0; i < argc && base < BATCH_ARGS; i++) {
        if (strcmp(argv[i], "--batch") == 0)
            continue;
        if (strcmp(argv[i], "--weights") == 0 && i + 1 < argc)
            weights = argv[i + 1];
        args[base++] = argv[i];
    }
    evalnet_t *net = NULL;
    if (weights && !(net = netfile_load(weights)))
        return 2;
    char line[BATCH_LINE];
    int rc = 0;
    kept_search_t keep = {0};
    while (fgets(line, sizeof line, stdin)) {
        int n = base;
        for (char *tok = strtok(line, " \t\r\n"); tok && n < BATCH_ARGS * 2; tok = strtok(NULL, " \t\r\n"))
            args[n++] = tok;
        if (n == base)
            continue;
        if (analyse_once(n, args, net, &keep) != 0)
            rc = 2;
        fflush(stdout);
    }
    search_ctx_free(keep.sc);
    evalnet_free(net);
    return rc;
}

int cmd_analyse(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--batch") == 0)
            return analyse_batch(argc, argv);
    return analyse_once(argc, argv, NULL, NULL);
}
