/*
 * analyse_facts.c - `brade analyse` without a roll (analyse_facts.h).
 */
#include <stdio.h>

#include "analysis/facts.h"
#include "analysis/giveup.h"
#include "cli/analyse_facts.h"
#include "cli/analyse_onedie.h"
#include "tutor/explain_analysis.h"
#include "tutor/explain_giveup.h"

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

/* analyse_facts.h */
void analyse_probs_json(const eval_t *e, const rules_t *r, const char *indent)
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

/* analyse_facts.h */
void analyse_probs_text(const eval_t *e, const rules_t *r, lang_t lang)
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

/* analyse_facts.h */
void analyse_rollout_json(const rollout_result_t *ro)
{
    printf("{\"games\": %d, \"equity\": %.4f, \"se\": %.4f, \"ci95\": %.4f, \"truncated\": %d}",
           ro->games, ro->equity, ro->se, ro->ci95, ro->truncated);
}

/* analyse_facts.h */
int analyse_facts(const pos_args_t *a, const analyse_opts_t *o, search_ctx_t *sc,
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
        analyse_probs_json(&e, &a->rules, "    ");
        printf("\n  }");
        if (rolled) {
            printf(",\n  \"rollout\": ");
            analyse_rollout_json(&ro);
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
    analyse_probs_text(&e, &a->rules, o->lang);
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
