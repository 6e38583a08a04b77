/*
 * decision.c - one decision judged (see decision.h).
 */
#include "tutor/decision.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/contrast.h"
#include "analysis/giveup.h"
#include "analysis/onedie.h"
#include "analysis/rollrank.h"
#include "engine/notation.h"
#include "tutor/explain_analysis.h"
#include "tutor/explain_giveup.h"
#include "tutor/explain_onedie.h"
#include "tutor/words.h"

static void play_text(const play_t *p, int geom, lang_t lang, char *buf, size_t size)
{
    if (p->nsteps)
        notation_play(p, geom, buf, size);
    else
        snprintf(buf, size, "%s", T(lang, "no move", "inget drag"));
}

/* "A bad decision", the class of a decision that is not a play. */
static const char *decision_class(lang_t lang, grade_t g)
{
    static const char *const EN[] = {"A fine decision", "A doubtful decision", "A bad decision",
                                     "A very bad decision"};
    static const char *const SV[] = {"Ett bra beslut", "Ett tveksamt beslut", "Ett dåligt beslut",
                                     "Ett mycket dåligt beslut"};
    return lang == LANG_SV ? SV[g] : EN[g];
}

bool decision_judge(search_ctx_t *sc, const board_t *b, roll_t roll, const int *series, const play_t *mine,
                    int plies, const grade_thresholds_t *t, lang_t lang, decision_t *out)
{
    memset(out, 0, sizeof *out);
    const rules_t *r = &sc->eval->rules;
    search_play_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
    if (!rk)
        return false;
    search_opts_t so;
    search_default_opts(plies, &so);
    int n = search_rank(sc, b, roll, &so, rk);
    if (n <= 0) {
        free(rk);
        return false;
    }
    rollrank_by_t by = n > 1 ? rollrank_wanted(b, roll, r, sc->eval->kind, series) : ROLLRANK_BY_SEARCH;
    if (by != ROLLRANK_BY_SEARCH) {
        /* a race under vasa or theboard, or both dice while the other
         * side owes single dice: the best plays and this one rolled out;
         * a single die of the mover's series: every play (rollrank.h) */
        rollrank_play_t *rr = malloc(sizeof *rr * (size_t)n);
        rollout_opts_t ro;
        ro.stop = NULL;
        if (!rr || rollrank_by(by, b, roll, r, series, rk, n, &mine->after, rr, &ro) != 0) {
            free(rr);
            free(rk);
            return false;
        }
        int m = rollrank_find(rr, n, &mine->after);
        if (m < 0) { /* not one of the roll's legal plays */
            free(rr);
            free(rk);
            return false;
        }
        out->best = rr[0].sp.play;
        out->best_value = rollrank_value(&rr[0]);
        out->mine_value = rollrank_value(&rr[m]);
        out->is_best = m == 0;
        out->rolled_games = ro.games;
        out->rolled_series = by == ROLLRANK_BY_SERIES;
        out->rolled_ci95 = rr[m].paired_ci95;
        free(rr);
    } else {
        out->best = rk[0].play;
        out->best_value = rk[0].value;
        out->is_best = board_equal(&rk[0].play.after, &mine->after);
        out->was_cut = search_rank_cut(rk, n, &mine->after, &out->first_lost, &out->first_plies);
        if (out->is_best)
            out->mine_value = rk[0].value;
        else
            search_play_value(sc, mine, rk[0].plies, &so, &out->mine_value);
        if (!out->is_best && out->mine_value.equity > out->best_value.equity) {
            /* a play the filter cut, better than the best once looked at
             * as deeply: it is the best play found */
            out->best = *mine;
            out->best_value = out->mine_value;
            out->is_best = true;
        }
    }
    out->mine_after = mine->after;
    free(rk);
    out->lost = out->best_value.equity - out->mine_value.equity;
    if (out->lost < 0)
        out->lost = 0;
    out->grade = grade_classify(out->lost, t, r);
    out->close = !out->rolled_games && grade_close(out->lost, t, r);
    play_text(&out->best, b->geom, lang, out->best_text, sizeof out->best_text);
    play_text(mine, b->geom, lang, out->mine_text, sizeof out->mine_text);
    size_t u = 0;
    char g[256];
    explain_analysis_grade(lang, out->grade, out->close, out->lost, g, sizeof g);
    explain_appendf(out->words, sizeof out->words, &u, "%s: %s.", out->mine_text, g);
    if (explain_analysis_second_look_wanted(out->was_cut, out->first_lost, out->lost, t, r)) {
        char second[512];
        explain_analysis_second_look(lang, out->first_plies, plies, out->first_lost, out->lost, second, sizeof second);
        explain_appendf(out->words, sizeof out->words, &u, " %s", second);
    }
    if (!out->is_best && out->lost >= 0.0005) {
        contrast_t c;
        movegen_buf_t *buf = movegen_buf_new();
        if (buf) {
            contrast_plays(b, r, &out->best, &out->best_value, mine, &out->mine_value, buf, &c);
            movegen_buf_free(buf);
            char why[512];
            explain_analysis_why(lang, &c, out->mine_text, true, why, sizeof why);
            /* the two values with the language's decimal mark (a comma in Swedish) */
            char vals[96];
            snprintf(vals, sizeof vals, T(lang, "%+.3f against %+.3f", "%+.3f mot %+.3f"), out->best_value.equity,
                     out->mine_value.equity);
            strbuf_t v;
            strbuf_init(&v);
            words_add_decimal(lang, &v, vals);
            explain_appendf(out->words, sizeof out->words, &u, T(lang, " %s is better (%s)%s%s", " %s är bättre (%s)%s%s"),
                            out->best_text, strbuf_str(&v), *why ? ": " : ".", why);
            strbuf_free(&v);
        }
        trust_t tr;
        char sure[512];
        if (out->rolled_games) {
            if (out->rolled_series && roll.b)
                explain_appendf(out->words, sizeof out->words, &u,
                                T(lang,
                                  " (Rolled out, %d games a play, the other side's one-die series played as %s "
                                  "has it: looking ahead assumes both dice.)",
                                  " (Utspelat, %d partier per drag, motspelarens entärningsserie spelad som %s "
                                  "vill: att se framåt förutsätter båda tärningarna.)"),
                                out->rolled_games, r->name);
            else if (out->rolled_series)
                explain_appendf(out->words, sizeof out->words, &u,
                                T(lang,
                                  " (Rolled out, %d games a play, the one-die series played as %s has it: "
                                  "looking ahead assumes both dice.)",
                                  " (Utspelat, %d partier per drag, entärningsserien spelad som %s vill: att "
                                  "se framåt förutsätter båda tärningarna.)"),
                                out->rolled_games, r->name);
            else
                explain_appendf(out->words, sizeof out->words, &u,
                                T(lang, " (Rolled out, %d games a play: looking ahead misjudges races under %s.)",
                                  " (Utspelat, %d partier per drag: att se framåt bedömer kapplöpningar enligt %s fel.)"),
                                out->rolled_games, r->name);
            explain_analysis_paired(lang, out->best_text, out->mine_text, true, out->lost, out->rolled_ci95,
                                    out->rolled_games, sure, sizeof sure);
            explain_appendf(out->words, sizeof out->words, &u, " %s", sure);
        } else if (trust_plays(sc->eval, plies, &out->best, out->best_value.equity, mine, out->mine_value.equity,
                        &tr) &&
            explain_analysis_trust(lang, &tr, sure, sizeof sure) > 0)
            explain_appendf(out->words, sizeof out->words, &u, " %s", sure);
    }
    return true;
}

bool decision_play_on_in_question(int nplays, double best_equity)
{
    return nplays == 1 || best_equity < -1 + 0.0005;
}

bool decision_judge_giveup(search_ctx_t *sc, const board_t *b, const roll_t *roll, bool gave_up, int plies,
                           const grade_thresholds_t *t, lang_t lang, decision_t *out)
{
    memset(out, 0, sizeof *out);
    const rules_t *r = &sc->eval->rules;
    giveup_eval_t ge;
    bool ok = roll ? giveup_after_roll(sc, b, *roll, plies, &ge)
                   : giveup_before_roll(sc, b, plies > 0 ? plies - 1 : 0, &ge);
    if (!ok)
        return false;
    double lost = (ge.play_on + (double)ge.cost) * (gave_up ? 1 : -1);
    out->lost = lost > 0 ? lost : 0;
    out->grade = grade_classify_decision(out->lost, t, r);
    out->is_best = out->lost < 0.0005;
    snprintf(out->mine_text, sizeof out->mine_text, "%s", gave_up ? "give up" : "play on");
    snprintf(out->best_text, sizeof out->best_text, "%s", ge.give_up ? "give up" : "play on");
    char s[256];
    if (out->is_best)
        snprintf(s, sizeof s, "%s",
                 gave_up ? T(lang, "Giving up was right. ", "Att ge upp var rätt. ")
                         : T(lang, "Playing on was right. ", "Att spela vidare var rätt. "));
    else if (gave_up)
        snprintf(s, sizeof s, T(lang, "%s: giving up gives away %.3f points. ", "%s: att ge upp kostar %.3f poäng. "),
                 decision_class(lang, out->grade), out->lost);
    else
        snprintf(s, sizeof s,
                 T(lang, "%s: playing on gives away %.3f points. ", "%s: att spela vidare kostar %.3f poäng. "),
                 decision_class(lang, out->grade), out->lost);
    strbuf_t w;
    strbuf_init(&w);
    words_add_decimal(lang, &w, s);
    explain_giveup(lang, &ge, b, r, &w);
    snprintf(out->words, sizeof out->words, "%s", strbuf_str(&w));
    strbuf_free(&w);
    return true;
}

bool decision_judge_onedie(const board_t *b, const rules_t *r, bool declared, const grade_thresholds_t *t,
                           lang_t lang, decision_t *out)
{
    memset(out, 0, sizeof *out);
    rollout_opts_t ro;
    onedie_default_opts(&ro);
    onedie_eval_t od;
    if (onedie_value(b, r, &ro, &od) != 0)
        return false;
    double lost = declared ? -od.diff : od.diff;
    out->lost = lost > 0 ? lost : 0;
    /* a difference the rollouts cannot tell from zero is no mistake */
    out->grade = od.separable ? grade_classify_decision(out->lost, t, r) : GRADE_FINE;
    out->is_best = out->lost < 0.0005 || !od.separable;
    out->rolled_games = od.games;
    out->rolled_ci95 = 1.96 * od.diff_se;
    snprintf(out->mine_text, sizeof out->mine_text, "%s",
             declared ? T(lang, "declare the one-die rule", "begär entärningsregeln")
                      : T(lang, "roll both dice", "slå båda tärningarna"));
    snprintf(out->best_text, sizeof out->best_text, "%s",
             od.declare_better ? T(lang, "declare the one-die rule", "begär entärningsregeln")
                               : T(lang, "roll both dice", "slå båda tärningarna"));
    char s[256];
    if (!od.separable)
        snprintf(s, sizeof s, "%s",
                 T(lang, "Either will do: the rollouts cannot tell the two apart. ",
                   "Vilket som helst duger: utspelningarna kan inte skilja de två åt. "));
    else if (out->is_best)
        snprintf(s, sizeof s, "%s",
                 declared ? T(lang, "Declaring was right. ", "Att begära den var rätt. ")
                          : T(lang, "Rolling both dice was right. ", "Att slå båda tärningarna var rätt. "));
    else
        snprintf(s, sizeof s,
                 declared ? T(lang, "%s: declaring the one-die rule gives away %.3f points. ",
                              "%s: att begära entärningsregeln kostar %.3f poäng. ")
                          : T(lang, "%s: rolling both dice gives away %.3f points. ",
                              "%s: att slå båda tärningarna kostar %.3f poäng. "),
                 decision_class(lang, out->grade), out->lost);
    strbuf_t w;
    strbuf_init(&w);
    words_add_decimal(lang, &w, s);
    explain_onedie(lang, &od, r, &w);
    snprintf(out->words, sizeof out->words, "%s", strbuf_str(&w));
    strbuf_free(&w);
    return true;
}
