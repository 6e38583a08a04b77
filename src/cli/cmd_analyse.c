/*
 * cmd_analyse.c - `brade analyse`: exact facts of a position, or the plays
 * of a roll ranked by n-ply search (and rollouts), with result
 * probabilities, error classes and an explanation of the top choice.
 *
 *   brade analyse [position flags] [--roll A-B|A] [--json] [--plies N]
 *                 [--rollouts N --seed S --threads T --truncate P --luck on|off
 *                  --player-plies Q --rollout-top K]
 *                 [--play TEXT] [--thresholds D,B,V] [--lang en|sv]
 *                 [--evaluator net|linear|hand|pips] [--weights FILE] [--batch]
 *                 [--cube centred|mine|theirs [--away A,B[,crawford|post]]]
 *
 * Without --roll it prints the facts (for each way to win, the rolls of 36
 * that win that way now; the shots against the side to move) and the
 * evaluation of the position (analyse_facts.h); with --roll, the plays
 * best first.  Rollouts
 * are run on the best five plays (--rollout-top K: K plays; 0 with --play
 * rolls out --play's alone) and on --play's, wherever it ranks, all with
 * the same dice (same seed).  --weights evaluates with a net read
 * from a weights file (brade-lab train's output); --batch reads further flags
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
#include "analysis/rollrank.h"
#include "engine/game.h"
#include "tutor/playrec.h"
#include "analysis/search.h"
#include "cli/analyse_cube.h"
#include "cli/analyse_facts.h"
#include "cli/analyse_onedie.h"
#include "tutor/explain_giveup.h"
#include "tutor/words.h"
#include "front/interrupt.h"
#include "front/args.h"
#include "draw/diagram.h"
#include "front/savefile.h"
#include "cli/cmd.h"
#include "front/netfile.h"
#include "engine/notation.h"
#include "engine/posid.h"
#include "engine/verdict.h"
#include "tutor/explain_analysis.h"
#include "tutor/words.h"

enum { ROLLOUT_TOP = 5 };
/* Fewer rollout games a play than this get a warning (at 324 the 95%
 * margin of a bräde play is still about 0.1 points). */
enum { ROLLOUT_FEW = 324 };

/* args_whole into an int: the flags below print messages of their own. */
static bool parse_int(const char *s, int lo, int hi, int *out)
{
    long v;
    if (!args_whole(s, lo, hi, &v))
        return false;
    *out = (int)v;
    return true;
}

/* Reads the analysis flags (a->extra, in the order of EXTRA below). */
static const char *const EXTRA[] = {"--plies", "--rollouts", "--seed", "--threads", "--thresholds",
                                    "--lang", "--evaluator", "--truncate", "--weights", "--luck", "--svg",
                                    "--cube", "--away", "--player-plies", "--rollout-top", "--race-rollouts",
                                    "--their-series", NULL};

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
    /* the ruleset's lines are set for the tutor's search; rollouts have a
     * margin of their own, and are graded by gnubg's lines */
    if (o->rollouts > 0)
        o->thresholds.by_rules = false;
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
    if (a->extra[9] && !args_on_off("--luck", a->extra[9], &o->ro.luck))
        return false;
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
    o->rollout_top = ROLLOUT_TOP;
    if (a->extra[14] && !parse_int(a->extra[14], 0, 1000, &o->rollout_top)) {
        fprintf(stderr, "brade: --rollout-top must be a number of plays (0..1000)\n");
        return false;
    }
    if (a->extra[14] && !o->rollouts) {
        fprintf(stderr, "brade: --rollout-top needs --rollouts (it is how many plays are rolled out)\n");
        return false;
    }
    /* races under vasa and theboard are ranked by rollouts unasked
     * (rollrank.h); --race-rollouts off keeps the search's ranking */
    o->race_rollouts = true;
    if (a->extra[15] && !args_on_off("--race-rollouts", a->extra[15], &o->race_rollouts))
        return false;
    /* the other side's one-die series: the single-die rolls it still owes */
    if (a->extra[16] && !parse_int(a->extra[16], 1, 12, &o->their_series)) {
        fprintf(stderr, "brade: --their-series must be the single-die rolls the other side still owes (1..12)\n");
        return false;
    }
    if (a->extra[16] && a->rules.one_die_rule == ONE_DIE_OFF) {
        fprintf(stderr, "brade: --their-series: %s has no one-die rule\n", a->rules.name);
        return false;
    }
    if (a->extra[16] && !a->have_roll) {
        fprintf(stderr, "brade: --their-series needs --roll (the plays are ranked with the series played on)\n");
        return false;
    }
    o->ro.games = o->rollouts;
    o->ro.seed = (uint64_t)seed;
    o->ro.stop = interrupt_flag(); /* Ctrl-C in the REPL */
    o->ro.evaluator = o->evaluator;
    return true;
}

/* --- with a roll: plays --- */

/* The plays as ranked: by the search, then (with --rollouts, or in a
 * race that rollrank_race_wanted picks) the best few by rollouts. */
typedef rollrank_play_t ranked_t;

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
        double lost = rollrank_lost(rk, n, i);
        bars[k] = (diagram_bar_t){labels[k], rk[i].equity, rk[i].rolled ? rk[i].ro.ci95 : 0,
                                  (int)grade_classify(lost, &o->thresholds, &a->rules), i == yours};
        k++;
    }
    char title[400], note[256], dice[8];
    playrec_dice_text(a->roll, dice, sizeof dice);
    snprintf(title, sizeof title,
             sv ? "%s ska spela %s (%s): dragen efter ekvitet"
                : "%s to play %s (%s): the plays by equity",
             words_colour(o->lang, a->board.turn, true), dice, rname);
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
        fprintf(stderr, "brade: cannot write %s: %s\n", a->extra[10], savefile_strerror(errno));
    strbuf_free(&svg);
    return ok;
}

/* How sure the search is that `best` beats `x` (trust.h): false where that
 * was not measured, and with rollouts, whose intervals say it (the plays
 * past --rollout-top keep their search values, but the ranking is the
 * rollouts'). */
static bool how_sure(search_ctx_t *sc, const analyse_opts_t *o, const ranked_t *best, const ranked_t *x,
                     trust_t *out)
{
    if (o->rollouts > 0)
        return false;
    return trust_plays(sc->eval, o->plies, &best->sp.play, best->equity, &x->sp.play, x->equity, out);
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
    /* not with a single die: no value the search gives fits the series */
    bool give = a->roll.b && giveup_allowed(&a->board, &a->rules);
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
    bool your_cut = false;
    double your_first_lost = 0;
    int your_first_plies = 0;
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
        your_cut = search_rank_cut(sp, n, your_after, &your_first_lost, &your_first_plies);
        (void)search_rank_deepen(sc, &so, sp, n, your_after);
    }
    rollrank_from_search(sp, n, rk);
    /* the tutor's ranking (rollrank_wanted) unless rollouts were asked
     * for (theirs count) or turned off, or another evaluator or net is
     * being looked at: a race under vasa or theboard by the race
     * rollouts, a one-die series by its own.  A single die is a series'
     * first (the board cannot say which); every rollout, asked for or
     * not, plays the series on */
    int owed[2];
    const int *series = game_lone_die_series(&a->rules, a->roll, owed) ? owed : NULL;
    /* --their-series N: the other side owes N single dice of its series */
    if (o->their_series) {
        owed[1] = o->their_series;
        series = owed;
    }
    analyse_opts_t raced = *o;
    rollrank_by_t by = !o->rollouts && o->race_rollouts && !a->extra[8]
                           ? rollrank_wanted(&a->board, a->roll, &a->rules, o->evaluator, series)
                           : ROLLRANK_BY_SEARCH;
    if (by == ROLLRANK_BY_SERIES && n < 2)
        by = ROLLRANK_BY_SEARCH; /* (a race is rolled out even when forced, as it always was) */
    if (by == ROLLRANK_BY_RACE) {
        rollrank_race_opts(&a->board, a->roll, &raced.ro);
        raced.rollout_top = ROLLRANK_RACE_TOP;
        raced.race = true;
    } else if (by == ROLLRANK_BY_SERIES) {
        rollrank_series_opts(&a->board, a->roll, owed, &raced.ro);
        raced.rollout_top = a->roll.b ? ROLLRANK_SERIES_TOP : n;
        raced.in_series = true;
    }
    if (by != ROLLRANK_BY_SEARCH) {
        raced.ro.threads = o->ro.threads;
        raced.ro.stop = o->ro.stop;
        raced.rollouts = raced.ro.games;
    }
    if (series) {
        raced.ro.series_owed[0] = owed[0];
        raced.ro.series_owed[1] = owed[1];
        raced.series[0] = owed[0];
        raced.series[1] = owed[1];
    }
    o = &raced;
    int rc = o->rollouts > 0 ? rollrank_run(rk, n, o->rollout_top, your_after, &a->rules, &o->ro) : 0;
    if (rc != 0) {
        if (rc < 0)
            fprintf(stderr, "brade: out of memory\n");
        free(sp);
        free(rk);
        return 1; /* stopped: Ctrl-C in the REPL, which says so */
    }
    int yours = your_after ? rollrank_find(rk, n, your_after) : -1;
    /* why the top play: against the learner's play, or the next best */
    int other = yours > 0 ? yours : (n > 1 && yours != 0 ? 1 : -1);
    char why[2048] = "";
    char note_a[256], note_b[256];
    contrast_t ct;
    bool have_why = false;
    if (other > 0) {
        /* a rolled-out play's probabilities are the rollout's, like its equity */
        eval_t va = rollrank_value(&rk[0]), vb = rollrank_value(&rk[other]);
        contrast_plays(&a->board, &a->rules, &rk[0].sp.play, &va, &rk[other].sp.play, &vb,
                       sc->bufs[0], &ct);
        notation_play(&rk[0].sp.play, a->board.geom, note_a, sizeof note_a);
        notation_play(&rk[other].sp.play, a->board.geom, note_b, sizeof note_b);
        size_t w = explain_analysis_contrast(o->lang, &ct, &a->rules, note_a, note_b, other == yours, why,
                                             sizeof why);
        trust_t tr;
        char sure[512];
        if (w + 1 < sizeof why && rk[0].rolled && rk[other].rolled) {
            /* rolled out: the two plays' difference game by game */
            explain_analysis_paired(o->lang, note_a, note_b, other == yours, rk[0].equity - rk[other].equity,
                                    rk[other].paired_ci95, o->ro.games, sure, sizeof sure);
            snprintf(why + w, sizeof why - w, " %s", sure);
        } else if (w + 1 < sizeof why && how_sure(sc, o, &rk[0], &rk[other], &tr) &&
                   explain_analysis_trust(o->lang, &tr, sure, sizeof sure) > 0)
            snprintf(why + w, sizeof why - w, " %s", sure);
        have_why = true;
    }
    const char *me = args_colour(a->board.turn);
    if (a->extra[10] && !write_chart(a, o, rk, n, yours, rname)) {
        free(sp);
        free(rk);
        return 1;
    }
    if (a->json) {
        printf("{\n  \"rules\": \"%s\",\n  \"to_move\": \"%s\",\n  \"roll\": [%d, %d],\n  \"plies\": %d,\n",
               rname, me, a->roll.a, a->roll.b, o->plies);
        if (!a->roll.b) /* a single die: the series its rollouts played on */
            printf("  \"series_owed\": %d,\n", o->series[0]);
        if (o->their_series)
            printf("  \"their_series_owed\": %d,\n", o->their_series);
        if (!a->roll.b || o->their_series)
            printf("  \"series_rollouts\": %s,\n", o->in_series ? "true" : "false");
        if (o->rollouts > 0)
            printf("  \"rollouts\": %d,\n  \"seed\": %llu,\n  \"player_plies\": %d,\n  \"race_rollouts\": %s,\n",
                   o->rollouts, (unsigned long long)o->ro.seed, o->ro.plies, o->race ? "true" : "false");
        printf("  \"plays\": [\n");
        for (int i = 0; i < n; i++) {
            const ranked_t *x = &rk[i];
            char note[256];
            notation_play(&x->sp.play, a->board.geom, note, sizeof note);
            double lost = rollrank_lost(rk, n, i);
            printf("    {\n      \"notation\": \"%s\",\n", note);
            if (a->rules.geometry == GEOM_BACKGAMMON) {
                /* the position after the play, the opponent on roll (as brade moves) */
                char id[POSID_SIZE];
                board_t next = x->sp.play.after;
                board_swap(&next);
                posid_gnubg(&next, id);
                printf("      \"position_id\": \"%s\",\n", id);
            }
            printf("      \"equity\": %.4f,\n      \"equity_lost\": %.4f,\n", x->equity, lost);
            printf("      \"grade\": \"%s\",\n      \"close\": %s,\n      \"plies\": %d,\n",
                   grade_name(grade_classify(lost, &o->thresholds, &a->rules)),
                   grade_close(lost, &o->thresholds, &a->rules) ? "true" : "false", x->sp.plies);
            trust_t tr;
            if (i > 0 && how_sure(sc, o, &rk[0], x, &tr))
                printf("      \"rollouts_reverse\": {\"share\": %.3f, \"pairs\": %d},\n", tr.share, tr.pairs);
            else
                printf("      \"rollouts_reverse\": null,\n");
            if (x->sp.play.outcome.kind != OUT_NONE)
                printf("      \"outcome\": {\"kind\": \"%s\", \"munk\": %s, \"points\": %d},\n",
                       outcome_kind_name(x->sp.play.outcome.kind), x->sp.play.outcome.munk ? "true" : "false",
                       x->sp.play.outcome.points);
            else
                printf("      \"outcome\": null,\n");
            if (x->rolled) {
                printf("      \"rollout\": ");
                analyse_rollout_json(&x->ro);
                /* the 95% interval of equity_lost, game by game on the same dice */
                printf(",\n      \"lost_ci95\": %.4f,\n", x->paired_ci95);
            }
            printf("      \"probabilities\": ");
            analyse_probs_json(x->rolled ? &x->ro.mean : &x->sp.value, &a->rules, "      ");
            printf("\n    }%s\n", i + 1 < n ? "," : "");
        }
        printf("  ]");
        if (yours >= 0)
            printf(",\n  \"yours\": %d", yours);
        if (yours >= 0 && your_cut && o->rollouts == 0) /* the move filter had cut it (search_rank_cut) */
            printf(",\n  \"yours_first_look\": {\"plies\": %d, \"equity_lost\": %.4f}", your_first_plies,
                   your_first_lost);
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
        char dice[8];
        playrec_dice_text(a->roll, dice, sizeof dice);
        printf("%s: %s %s, %s %s: %d %s\n", rname, me, sv ? "vid tärningarna" : "to move",
               sv ? "slag" : "roll", dice, n,
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
            double lost = rollrank_lost(rk, n, i);
            grade_t g = grade_classify(lost, &o->thresholds, &a->rules);
            char lost_text[32] = "";
            if (lost >= 0.0005)
                snprintf(lost_text, sizeof lost_text, "-%.3f", lost);
            double eq = fabs(x->equity) < 0.0005 ? 0.0 : x->equity; /* never "-0.000" */
            bool close = grade_close(lost, &o->thresholds, &a->rules);
            printf("%3d. %-24s %+.3f %7s  %-9s", i + 1, x->sp.play.nsteps ? note : "(no move)", eq, lost_text,
                   g != GRADE_FINE ? grade_name(g) : close ? "close" : "");
            if (x->rolled)
                printf(" ±%.3f", x->ro.ci95);
            printf(" ");
            analyse_probs_text(x->rolled ? &x->ro.mean : &x->sp.value, &a->rules, o->lang);
            printf("%s\n", i == yours ? (sv ? "  <- ditt" : "  <- yours") : "");
        }
        if (o->rollouts > 0 && o->rollouts < ROLLOUT_FEW)
            printf(sv ? "Obs: %d partier per drag är för få för att skilja dragen åt; "
                        "ta %d eller fler.\n"
                      : "Note: %d games a play are too few to tell these plays apart; use %d "
                        "or more.\n",
                   o->rollouts, ROLLOUT_FEW);
        if (o->race) {
            char said[1024];
            explain_analysis_race(o->lang, &a->rules, rk, n, o->rollout_top, o->ro.games, said, sizeof said);
            printf("%s\n", said);
        } else if (o->in_series) {
            char said[1024];
            explain_analysis_series(o->lang, &a->rules, rk, n, a->roll, o->series, o->ro.games, said, sizeof said);
            printf("%s\n", said);
        }
        if (have_why)
            printf("%s\n", why);
        if (yours >= 0) {
            char g[256];
            double lost = rollrank_lost(rk, n, yours);
            explain_analysis_grade(o->lang, grade_classify(lost, &o->thresholds, &a->rules),
                                   o->rollouts == 0 && grade_close(lost, &o->thresholds, &a->rules), lost, g, sizeof g);
            printf("%s.\n", g);
            if (o->rollouts == 0 &&
                explain_analysis_second_look_wanted(your_cut, your_first_lost, lost, &o->thresholds, &a->rules)) {
                explain_analysis_second_look(o->lang, your_first_plies, so.plies, your_first_lost, lost, g, sizeof g);
                printf("%s\n", g);
            }
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
    if (a.have_roll && a.roll.b == 0 && a.rules.one_die_rule == ONE_DIE_OFF) {
        fprintf(stderr, "brade: a single die is rolled only under the one-die rule, which %s does not have\n",
                a.rules.name);
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
