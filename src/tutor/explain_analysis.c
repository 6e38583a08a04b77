/*
 * explain_analysis.c - sentences for the analysis values (see
 * explain_analysis.h).
 */
#include "tutor/explain_analysis.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/rollrank.h"
#include "analysis/search.h"
#include "engine/notation.h"
#include "engine/verdict.h"
#include "tutor/explain_forfeit.h"
#include "tutor/words.h"

#define add explain_appendf

const char *explain_analysis_kind(lang_t lang, outcome_kind_t k)
{
    static const char *const EN[OUT_KIND_COUNT] = {
        "no result", "hemspel", "enkelt kronspel", "dubbelt kronspel", "trappspel", "uppspel",
        "kejsarspel", "9-5-1", "5-4-3-2-1", "jan", "sprängjan", "giving up", "draw",
        "single game", "gammon", "backgammon", "refused double"};
    static const char *const SV[OUT_KIND_COUNT] = {
        "inget resultat", "hemspel", "enkelt kronspel", "dubbelt kronspel", "trappspel", "uppspel",
        "kejsarspel", "9-5-1", "5-4-3-2-1", "jan", "sprängjan", "uppgivet parti", "oavgjort",
        "enkelt parti", "gammon", "backgammon", "nekad dubblering"};
    if ((unsigned)k >= OUT_KIND_COUNT)
        return "?";
    return lang == LANG_SV ? SV[k] : EN[k];
}

/* The Swedish sentence in buf with decimal commas (words.h); returns u. */
static size_t decimal_comma(bool sv, char *buf, size_t size, size_t u)
{
    if (size)
        words_decimal_comma(sv ? LANG_SV : LANG_EN, buf, 0);
    return u;
}

/* "no roll", "1 roll", "11 of 36 rolls" / Swedish. */
static const char *rolls(lang_t lang, int n, char *tmp, size_t size)
{
    bool sv = lang == LANG_SV;
    if (n == 0)
        snprintf(tmp, size, "%s", sv ? "inget slag" : "no roll");
    else if (n == 36)
        snprintf(tmp, size, "%s", sv ? "alla 36 slag" : "all 36 rolls");
    else
        snprintf(tmp, size, sv ? "%d av 36 slag" : "%d of 36 rolls", n);
    return tmp;
}

size_t explain_analysis_facts(lang_t lang, const facts_t *f, const rules_t *r, char *buf,
                              size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    char t[64];
    if (size)
        buf[0] = '\0';
    if (f->wins.any == 0) {
        add(buf, size, &u, sv ? "Inget slag vinner partiet direkt." : "No roll wins the game at once.");
    } else {
        add(buf, size, &u, sv ? "Du vinner direkt på %s:" : "You win at once on %s:",
            rolls(lang, f->wins.any, t, sizeof t));
        bool first = true;
        for (int k = 1; k < OUT_KIND_COUNT; k++) {
            if (f->wins.by_kind[k] == 0)
                continue;
            add(buf, size, &u, "%s %s %d", first ? "" : ",", explain_analysis_kind(lang, (outcome_kind_t)k),
                f->wins.by_kind[k]);
            first = false;
        }
        if (f->wins.munk)
            add(buf, size, &u, sv ? " (med munk på %d)" : " (with munk on %d)", f->wins.munk);
        add(buf, size, &u, ".");
    }
    if (r->jan && f->jb_forced > 0)
        add(buf, size, &u, sv ? " %s tvingar ut din janblotta." : " %s force your janblotta out.",
            rolls(lang, f->jb_forced, t, sizeof t));
    if (f->shots.any == 0)
        add(buf, size, &u, sv ? " Motspelaren har inget skott mot dig just nu."
                              : " The other side has no shot at you as it stands.");
    else
        add(buf, size, &u,
            sv ? " Om motspelaren slog nu skulle %s träffa (slå %d, spränga %d, jan %d)."
               : " If the other side rolled now, %s would hurt you (hit %d, blast %d, jan %d).",
            rolls(lang, f->shots.any, t, sizeof t), f->shots.hit, f->shots.blast, f->shots.jan);
    return u;
}

size_t explain_analysis_grade(lang_t lang, grade_t g, bool close, double lost, char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    if (close && g == GRADE_FINE && lost >= 0.0005) {
        add(buf, size, &u,
            sv ? "Ungefär lika bra som det bästa draget: %.3f poäng efter, närmare än programmet kan skilja "
                 "dem åt på det här djupet"
               : "About as good as the best play: %.3f points behind it, closer than the engine can tell "
                 "apart at this depth",
            lost);
        return decimal_comma(sv, buf, size, u);
    }
    static const char *const EN[] = {"a fine play", "a doubtful play", "a bad play", "a very bad play"};
    static const char *const SV[] = {"ett bra drag", "ett tveksamt drag", "ett dåligt drag",
                                     "ett mycket dåligt drag"};
    const char *name = (unsigned)g < 4 ? (sv ? SV[g] : EN[g]) : "?";
    if (lost < 0.0005)
        add(buf, size, &u, sv ? "%s: det bästa draget" : "%s: the best play", name);
    else
        add(buf, size, &u, sv ? "%s: det kostar %.3f poäng" : "%s: it gives away %.3f points",
            name, lost);
    if (size && buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
    return decimal_comma(sv, buf, size, u);
}

bool explain_analysis_second_look_wanted(bool was_cut, double first_lost, double lost,
                                         const grade_thresholds_t *t, const rules_t *r)
{
    if (!was_cut || first_lost < 0.0005)
        return false;
    if (lost < 0.0005)
        return true;
    /* a verdict that turns fine, or milder by two grades: a step such as
     * bad to doubtful is the ordinary wobble between depths */
    grade_t first = grade_classify(first_lost, t, r), now = grade_classify(lost, t, r);
    return now < first && (now == GRADE_FINE || first - now >= 2);
}

/* "two rolls ahead", as the hint's gloss says a depth. */
static const char *rolls_ahead(bool sv, int plies)
{
    static const char *const EN[] = {"one roll ahead", "two rolls ahead", "three rolls ahead", "four rolls ahead"};
    static const char *const SV[] = {"ett slag framåt", "två slag framåt", "tre slag framåt", "fyra slag framåt"};
    int k = plies < 1 ? 0 : plies > 4 ? 3 : plies - 1;
    return sv ? SV[k] : EN[k];
}

size_t explain_analysis_second_look(lang_t lang, int first_plies, int plies, double first_lost, double lost,
                                    char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    if (first_plies <= 0)
        add(buf, size, &u, sv ? "Vid en första anblick (utan att se framåt)" : "At a glance (without looking ahead)");
    else
        add(buf, size, &u, sv ? "Sett %s" : "Looked at %s", rolls_ahead(sv, first_plies));
    add(buf, size, &u,
        sv ? " såg draget ut att ligga %.3f poäng efter det bästa, så sökningen lade det åt sidan; sett %s, "
             "lika djupt som de bästa dragen, "
           : " this play seemed %.3f points behind the best, so the search set it aside; looked at %s, as "
             "deeply as the best plays, ",
        first_lost, rolls_ahead(sv, plies));
    if (lost < 0.0005)
        add(buf, size, &u, sv ? "är det det bästa draget." : "it is the best play.");
    else
        add(buf, size, &u, sv ? "kostar det bara %.3f poäng." : "it gives away only %.3f points.", lost);
    return decimal_comma(sv, buf, size, u);
}

size_t explain_analysis_trust(lang_t lang, const trust_t *t, char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    if (!t || !t->rules)
        return 0;
    int tenths = (int)lround(10 * t->share);
    if (tenths < 1)
        return 0;
    bool toss = tenths >= 4;
    char band[64];
    if (t->lo <= 0)
        snprintf(band, sizeof band, sv ? "mindre än %.2f poäng" : "less than %.2f points", t->hi);
    else if (t->hi < 0)
        snprintf(band, sizeof band, sv ? "%.2f poäng eller mer" : "%.2f points or more", t->lo);
    else
        snprintf(band, sizeof band, sv ? "%.2f till %.2f poäng" : "%.2f to %.2f points", t->lo, t->hi);
    add(buf, size, &u, sv ? "Hur säkert: %s" : "How sure: %s",
        toss ? (sv ? "nästan slantsingling. " : "close to a coin toss. ") : "");
    /* the depth in words, as the hint's gloss says it */
    const char *ahead = t->plies >= 2 ? (sv ? "två slag framåt" : "looking two rolls ahead")
                                      : (sv ? "ett slag framåt" : "looking one roll ahead");
    add(buf, size, &u,
        sv ? "%s drag som motorn (%s, enligt %s) sätter så här lite efter sitt "
             "bästa (%s) finner långa utspelningar ungefär %d av 10 minst lika bra."
           : "%s plays the engine (%s, under %s) puts this little behind its best (%s), "
             "long rollouts find about %d in 10 at least as good.",
        toss ? (sv ? "Av" : "Of") : (sv ? "av" : "of"), ahead, t->rules, band, tenths);
    return decimal_comma(sv, buf, size, u);
}

/* The points of a mask as the learner numbers them, smallest first: "14",
 * "9 and 14", "9, 14 and 20" / Swedish. */
static const char *points_list(bool sv, geometry_t geom, uint32_t mask, char *tmp, size_t size)
{
    int pts[24], n = 0;
    for (int i = 1; i <= 24; i++) {
        int p = geom == GEOM_BACKGAMMON ? 25 - i : i; /* shown numbers, rising */
        if (mask & (1u << p))
            pts[n++] = i;
    }
    size_t u = 0;
    tmp[0] = '\0';
    for (int k = 0; k < n; k++)
        add(tmp, size, &u, "%s%d", k == 0 ? "" : k == n - 1 ? (sv ? " och " : " and ") : ", ", pts[k]);
    return tmp;
}

/* How many points a mask holds. */
static int points_in(uint32_t mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1)
        n++;
    return n;
}

/* A small count in words ("no", "one" ... "five", then digits). */
static const char *count_word(bool sv, int n, char *tmp, size_t size)
{
    static const char *const EN[6] = {"no", "one", "two", "three", "four", "five"};
    static const char *const SV[6] = {"ingen", "en", "två", "tre", "fyra", "fem"};
    if (n >= 0 && n <= 5)
        return sv ? SV[n] : EN[n];
    snprintf(tmp, size, "%d", n);
    return tmp;
}

/* One sentence for one difference. */
static void sentence(lang_t lang, contrast_kind_t k, const contrast_t *c, const char *other,
                     char *buf, size_t size, size_t *u)
{
    bool sv = lang == LANG_SV;
    const contrast_side_t *a = &c->a, *b = &c->b;
    char ta[64], tb[64], oa[128];
    switch (k) {
    case CONTRAST_WINS_NOW:
        explain_outcome(lang, &a->outcome, oa, sizeof oa);
        add(buf, size, u, sv ? "Det vinner direkt (%s); %s gör det inte." : "It wins at once (%s); %s does not.",
            oa, other);
        break;
    case CONTRAST_WINS_MORE:
        add(buf, size, u, sv ? "Båda vinner direkt, men det ger %d poäng mot %d." :
                               "Both win at once, but it scores %d points against %d.",
            a->outcome.points, b->outcome.points);
        break;
    case CONTRAST_JAN_SHOTS:
        add(buf, size, u, sv ? "Det låter motspelaren göra dig jan på %s, %s på %s." :
                               "It lets the other side make you jan on %s, %s on %s.",
            rolls(lang, a->shots.jan, ta, sizeof ta), other, rolls(lang, b->shots.jan, tb, sizeof tb));
        break;
    case CONTRAST_SHOTS:
        if (a->shots.any == 0)
            add(buf, size, u, sv ? "Det lämnar inget skott, %s lämnar %d av 36." :
                                   "It leaves no shot, %s leaves %d of 36.", other, b->shots.any);
        else
            add(buf, size, u, sv ? "Det lämnar %d skott av 36, %s lämnar %d." :
                                   "It leaves %d shots of 36, %s leaves %d.",
                a->shots.any, other, b->shots.any);
        break;
    case CONTRAST_JANBLOTTA:
        add(buf, size, u, sv ? "Det tar inte ut din janblotta (janblottetal %d), %s tar ut den (%d): "
                               "då kan motspelaren göra dig jan genom att slå dina blottor." :
                               "It keeps your janblotta in (janblotta count %d), %s lets it out (%d): "
                               "then the other side can make you jan by hitting your blots.",
            a->jb, other, b->jb);
        break;
    case CONTRAST_FORCES_JB:
        add(buf, size, u, sv ? "Det behåller banden som tvingar ut motspelarens janblotta: "
                               "den tvingas ut på %s, mot %d efter %s." :
                               "It keeps the bands that force the other side's janblotta out: it is forced "
                               "out on %s, against %d after %s.",
            rolls(lang, a->opp_jb_forced, ta, sizeof ta), b->opp_jb_forced, other);
        break;
    case CONTRAST_THREAT:
        if (a->threat_sprangjan > b->threat_sprangjan)
            add(buf, size, u, sv ? "Det gör sprängjan möjlig på %s, %s på %d." :
                                   "It makes sprängjan possible on %s, %s on %d.",
                rolls(lang, a->threat_sprangjan, ta, sizeof ta), other, b->threat_sprangjan);
        else
            add(buf, size, u, sv ? "Det gör jan möjlig på %s, %s på %d." :
                                   "It makes jan possible on %s, %s on %d.",
                rolls(lang, a->threat_jan, ta, sizeof ta), other, b->threat_jan);
        break;
    case CONTRAST_TAKES:
        if (b->taken == 0)
            add(buf, size, u, sv ? "Det skickar %d %s till ribban, %s ingen." :
                                   "It sends %d %s to the bar, %s none.",
                a->taken, words_checkers(sv ? LANG_SV : LANG_EN, a->taken), other);
        else
            add(buf, size, u, sv ? "Det skickar %d %s till ribban, %s %d." :
                                   "It sends %d %s to the bar, %s %d.",
                a->taken, words_checkers(sv ? LANG_SV : LANG_EN, a->taken), other, b->taken);
        break;
    case CONTRAST_BANDS: {
        bool bg = c->geom == GEOM_BACKGAMMON;
        uint32_t mine = a->bands & ~b->bands & (bg ? ~0u : ~(1u << 1));
        uint32_t kept = mine & c->bands_before, made = mine & ~c->bands_before;
        char pm[96], pk[96];
        points_list(sv, c->geom, made, pm, sizeof pm);
        points_list(sv, c->geom, kept, pk, sizeof pk);
        bool several = points_in(made) > 1, keeps_several = points_in(kept) > 1;
        if (bg && made && kept)
            add(buf, size, u, sv ? "Det gör din %s-punkt och behåller %s; %s gör inget av det." :
                                   "It makes your %s point and keeps your %s; %s does neither.", pm, pk, other);
        else if (bg && made)
            add(buf, size, u, sv ? "Det gör din %s-punkt; %s gör det inte." : "It makes your %s point; %s does not.",
                pm, other);
        else if (bg)
            add(buf, size, u, sv ? "Det behåller din %s-punkt; %s ger upp den." :
                                   "It keeps your %s point; %s gives it up.", pk, other);
        else if (made && kept)
            add(buf, size, u, sv ? "Det lägger band på %s och behåller bandet på %s; %s gör inget av det." :
                                   "It makes a band on %s and keeps the band on %s; %s does neither.",
                pm, pk, other);
        else if (made)
            add(buf, size, u, sv ? "Det lägger %s på %s; %s gör det inte." : "It makes %s on %s; %s does not.",
                several ? "band" : (sv ? "ett band" : "a band"), pm, other);
        else
            add(buf, size, u, sv ? "Det behåller %s på %s; %s bryter %s." : "It keeps the %s on %s; %s breaks %s.",
                keeps_several ? (sv ? "banden" : "bands") : (sv ? "bandet" : "band"), pk, other,
                keeps_several ? (sv ? "dem" : "them") : (sv ? "det" : "it"));
        break;
    }
    case CONTRAST_BLOTS: {
        bool bg = c->geom == GEOM_BACKGAMMON;
        int na = points_in(a->blots), nb = points_in(b->blots);
        const char *where = bg ? "" : (sv ? " utanför ditt första kvarter" : " outside your first quarter");
        char wa[16], wb[16], pa[96], pb[96];
        points_list(sv, c->geom, a->blots, pa, sizeof pa);
        points_list(sv, c->geom, b->blots, pb, sizeof pb);
        if (na == 0)
            add(buf, size, u, sv ? "Det lämnar ingen blotta%s, %s lämnar %s (på %s)." :
                                   "It leaves no blot%s, %s leaves %s (on %s).",
                where, other, count_word(sv, nb, wb, sizeof wb), pb);
        else
            add(buf, size, u, sv ? "Det lämnar %s %s%s (på %s), %s lämnar %s (på %s)." :
                                   "It leaves %s %s%s (on %s), %s leaves %s (on %s).",
                count_word(sv, na, wa, sizeof wa), sv ? (na == 1 ? "blotta" : "blottor") : (na == 1 ? "blot" : "blots"),
                where, pa, other, count_word(sv, nb, wb, sizeof wb), pb);
        break;
    }
    case CONTRAST_JB_LOWER:
        add(buf, size, u, sv ? "Det lämnar ditt janblottetal på %d, %s på %d: vid 7 är janblottan ute, och då "
                               "kan motspelaren göra dig jan genom att slå dina blottor." :
                               "It leaves your janblotta count at %d, %s at %d: at 7 the janblotta is out, "
                               "and then the other side can make you jan by hitting your blots.",
            a->jb, other, b->jb);
        break;
    case CONTRAST_BEHIND:
        if (a->behind == 0)
            add(buf, size, u, sv ? "Det tar hem din sista bakre bricka; %s lämnar %d kvar i motspelarens bo "
                                   "eller på ribban." :
                                   "It brings your last back checker out; %s leaves %d back in the other "
                                   "side's home board or on the bar.",
                other, b->behind);
        else
            add(buf, size, u, sv ? "Det lämnar %d %s kvar i motspelarens bo eller på ribban, %s %d." :
                                   "It leaves %d %s back in the other side's home board or on the bar, %s %d.",
                a->behind, words_checkers(sv ? LANG_SV : LANG_EN, a->behind), other, b->behind);
        break;
    case CONTRAST_BIG_RESULT: /* a win of this side's, or a loss (the other side's win) */
        add(buf, size, u,
            sv ? (c->big_is_loss ? "Partier som förloras på %s (%d poäng), enligt programmets uppskattning: "
                                   "%.0f%% efter det, %.0f%% efter %s."
                                 : "Partier som vinns med %s (%d poäng), enligt programmets uppskattning: "
                                   "%.0f%% efter det, %.0f%% efter %s.")
               : (c->big_is_loss ? "Games lost by %s (%d points), by the engine's estimate: %.0f%% after it, "
                                   "%.0f%% after %s."
                                 : "Games won by %s (%d points), by the engine's estimate: %.0f%% after it, "
                                   "%.0f%% after %s."),
            explain_analysis_kind(lang, c->big), c->big_points, 100 * c->big_a, 100 * c->big_b, other);
        break;
    case CONTRAST_PROBABILITY:
    case CONTRAST_NONE:
        add(buf, size, u, sv ? "Det vinner %.0f%% av partierna mot %.0f%% för %s." :
                               "It wins %.0f%% of games against %.0f%% for %s.",
            100 * eval_p_win(&a->value), 100 * eval_p_win(&b->value), other);
        break;
    }
}

size_t explain_analysis_why(lang_t lang, const contrast_t *c, const char *b_text, bool b_is_yours,
                            char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    char other[160];
    if (size)
        buf[0] = '\0';
    if (c->main == CONTRAST_NONE || c->main == CONTRAST_PROBABILITY)
        return 0;
    if (b_is_yours)
        snprintf(other, sizeof other, "%s", sv ? "ditt" : "yours");
    else
        snprintf(other, sizeof other, "%s", b_text && *b_text ? b_text : (sv ? "inget drag" : "no move"));
    sentence(lang, c->main, c, other, buf, size, &u);
    if (c->second != CONTRAST_NONE && c->second != CONTRAST_PROBABILITY) {
        add(buf, size, &u, " ");
        sentence(lang, c->second, c, other, buf, size, &u);
    }
    if (c->third != CONTRAST_NONE) {
        add(buf, size, &u, " ");
        sentence(lang, c->third, c, other, buf, size, &u);
    }
    return u;
}

size_t explain_analysis_contrast(lang_t lang, const contrast_t *c, const rules_t *r,
                                 const char *a_text, const char *b_text, bool b_is_yours,
                                 char *buf, size_t size)
{
    (void)r;
    bool sv = lang == LANG_SV;
    size_t u = 0;
    char other[160];
    if (size)
        buf[0] = '\0';
    if (b_is_yours)
        snprintf(other, sizeof other, "%s", sv ? "ditt" : "yours");
    else
        snprintf(other, sizeof other, "%s", b_text && *b_text ? b_text : (sv ? "inget drag" : "no move"));
    add(buf, size, &u, "%s: ", a_text && *a_text ? a_text : (sv ? "inget drag" : "no move"));
    const outcome_t *oa = &c->a.outcome, *ob = &c->b.outcome;
    if (oa->kind != OUT_NONE && oa->kind == ob->kind && oa->points == ob->points &&
        oa->munk == ob->munk && oa->tiebreak == ob->tiebreak) {
        /* two plays that end the game alike: no estimate to compare */
        char what[128];
        explain_outcome(lang, oa, what, sizeof what);
        add(buf, size, &u, sv ? "Båda avslutar partiet direkt med samma resultat (%s); vilket "
                                "som helst duger."
                              : "Both end the game at once with the same result (%s); either "
                                "will do.",
            what);
        return u;
    }
    double apart = c->a.value.equity - c->b.value.equity;
    if ((c->main == CONTRAST_PROBABILITY || c->main == CONTRAST_NONE) && apart < 0.0005 &&
        apart > -0.0005) {
        add(buf, size, &u, sv ? "Uppskattningen skiljer det inte från %s (ekvitet %+.3f för båda)."
                              : "The estimate cannot tell it from %s (equity %+.3f both).",
            other, fabs(c->a.value.equity) < 0.0005 ? 0.0 : c->a.value.equity);
        return decimal_comma(sv, buf, size, u);
    }
    sentence(lang, c->main, c, other, buf, size, &u);
    if (c->second != CONTRAST_NONE) {
        add(buf, size, &u, " ");
        sentence(lang, c->second, c, other, buf, size, &u);
    }
    if (c->third != CONTRAST_NONE) {
        add(buf, size, &u, " ");
        sentence(lang, c->third, c, other, buf, size, &u);
    }
    double lost = c->a.value.equity - c->b.value.equity;
    add(buf, size, &u, sv ? " (ekvitet %+.3f mot %+.3f: %.3f poäng skillnad)"
                          : " (equity %+.3f against %+.3f: %.3f points apart)",
        c->a.value.equity, c->b.value.equity, lost);
    return decimal_comma(sv, buf, size, u);
}

/* Which plays a ranking rolled out, in words ("both plays", "all 5
 * plays", "the engine's best 4 plays and yours"): rk[0..nplays) as
 * rollrank_run left it, the search's best `top` rolled out and the
 * learner's besides when it was not among them. */
static void plays_rolled_out(bool sv, const rollrank_play_t *rk, int nplays, int top, char *which, size_t size)
{
    int rolled = 0;
    for (int i = 0; i < nplays; i++)
        rolled += rk[i].rolled;
    int best = nplays < top ? nplays : top;
    bool yours = rolled > best; /* the learner's play, rolled out besides */
    if (best >= nplays && nplays == 2)
        snprintf(which, size, "%s", sv ? "båda dragen" : "both plays");
    else if (best >= nplays)
        snprintf(which, size, sv ? "alla %d drag" : "all %d plays", nplays);
    else
        snprintf(which, size, sv ? "programmets %d bästa drag%s" : "the engine's best %d plays%s", best,
                 !yours ? "" : sv ? " och ditt" : " and yours");
}

size_t explain_analysis_race(lang_t lang, const rules_t *r, const rollrank_play_t *rk, int nplays, int top,
                             int games, char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    bool vasa = r->scoring == SCORING_VASA;
    char which[96];
    plays_rolled_out(sv, rk, nplays, top, which, sizeof which);
    add(buf, size, &u,
        sv ? "Utspelat: i en kapplöpning enligt %s%s väger programmet fel mellan att bygga ett vackert "
             "spel och att bära av när det bara ser framåt (det visar långa utspelningar), så %s "
             "spelades till slut, %d partier vart med samma tärningar; ± är 95 %% osäkerhet."
           : "Rolled out: in a race under %s%s, looking ahead alone misweighs building a vackert spel "
             "against bearing off (long rollouts show it), so %s were each played to the end, %d games "
             "apiece on the same dice; ± is the 95%% margin.",
        r->name,
        !vasa ? ""
        : sv  ? ", där ett vackert spel ger 2 poäng och ett hemspel 1,"
              : ", where a vackert spel scores 2 points and a hemspel 1",
        which, games);
    return u;
}

size_t explain_analysis_paired(lang_t lang, const char *a_text, const char *b_text, bool b_is_yours, double diff,
                               double ci95, int games, char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    const char *b = b_is_yours ? (sv ? "ditt" : "yours") : b_text;
    bool real = diff > ci95;
    if (sv)
        add(buf, size, &u,
            real ? "Hur säkert: med samma tärningar gick det för %s %.3f ± %.3f poäng per parti bättre än för "
                   "%s (95 %%), så skillnaden är verklig."
                 : "Hur säkert: med samma tärningar gick det för %s bara %.3f ± %.3f poäng per parti bättre än "
                   "för %s (95 %%): för nära för att %d partier ska skilja dem åt.",
            a_text, diff, ci95, b, games);
    else
        add(buf, size, &u,
            real ? "How sure: on the same dice %s did better than %s by %.3f ± %.3f points a game (95%%), so "
                   "the difference is real."
                 : "How sure: on the same dice %s did better than %s by only %.3f ± %.3f points a game (95%%): "
                   "too close for %d games to tell them apart.",
            a_text, b, diff, ci95, games);
    return decimal_comma(sv, buf, size, u);
}

size_t explain_analysis_series(lang_t lang, const rules_t *r, const rollrank_play_t *rk, int nplays, roll_t roll,
                               const int owed[2], int games, char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    /* a single die: every play; both dice: the best few (rollrank_series) */
    char which[96], after[160];
    plays_rolled_out(sv, rk, nplays, roll.b ? ROLLRANK_SERIES_TOP : nplays, which, sizeof which);
    if (roll.b) {
        char left[64];
        snprintf(left, sizeof left, sv ? "%d slag med en tärning kvar" : "%d single-die roll%s left", owed[1],
                 sv ? "" : owed[1] == 1 ? "" : "s");
        add(buf, size, &u,
            sv ? "Utspelat: motspelaren är i sin entärningsserie enligt %s (%s), men programmet värderar en "
                 "ställning som om båda tärningarna slås därefter, så %s spelades till slut med serien som "
                 "reglerna vill, %d partier vart med samma tärningar; ± är 95 %% osäkerhet."
               : "Rolled out: the other side is in its one-die series under %s (%s), but the engine's "
                 "look-ahead would value each position as if both dice were rolled, so %s were played to "
                 "the end with the series as the rules have it, %d games apiece on the same dice; ± is the "
                 "95%% margin.",
            r->name, left, which, games);
        return u;
    }
    if (owed[0] == 0)
        snprintf(after, sizeof after, "%s", sv ? "det här är seriens sista slag med en tärning"
                                               : "this is the series' last single die");
    else
        snprintf(after, sizeof after, sv ? "%d slag till med en tärning följer efter det här"
                                         : "%d more single-die roll%s follow this one",
                 owed[0], sv ? "" : owed[0] == 1 ? "" : "s");
    add(buf, size, &u,
        sv ? "Utspelat: i entärningsserien enligt %s (%s) värderar programmet en ställning som om båda "
             "tärningarna slås därefter, så %s spelades till slut med serien som reglerna vill, %d "
             "partier vart med samma tärningar; ± är 95 %% osäkerhet."
           : "Rolled out: in the one-die series under %s (%s), the engine's look-ahead would value each "
             "position as if both dice were rolled from then on, so %s were played to the end with the "
             "series as the rules have it, %d games apiece on the same dice; ± is the 95%% margin.",
        r->name, after, which, games);
    if (owed[1] > 0)
        add(buf, size, &u,
            sv ? " Motspelaren är också i en serie: %d slag med en tärning kvar."
               : " The other side is in a series too: %d single-die roll%s left.",
            owed[1], sv ? "" : owed[1] == 1 ? "" : "s");
    return u;
}

size_t explain_analysis_hint(lang_t lang, const board_t *b, const rules_t *r, roll_t roll, const int *series,
                             int plies, int show, const char *yours, const volatile sig_atomic_t *stop,
                             play_t *best, char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    search_ctx_t *sc = search_ctx_new(r, EVAL_DEFAULT);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    rollrank_play_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
    if (!sc || !sp || !rk) {
        search_ctx_free(sc);
        free(sp);
        free(rk);
        return 0;
    }
    search_opts_t so;
    search_default_opts(plies, &so);
    int n = search_rank(sc, b, roll, &so, sp);
    board_t after;
    bool have_mine = false, was_cut = false;
    double first_lost = 0;
    int first_plies = 0;
    if (n > 0 && yours && *yours) {
        movegen_buf_t *legal = sc->bufs[0];
        int nl = movegen_plays(b, r, roll, legal);
        verdict_t v;
        verdict_judge(b, r, roll, yours, legal, nl, &v);
        if (v.kind != VERDICT_LEGAL) {
            char text[1024];
            explain_verdict(lang, b, r, &v, legal, yours, text, sizeof text);
            add(buf, size, &u, "%s\n", text);
        } else {
            /* a play the move filter cut is judged as deep as the best */
            after = movegen_play(legal, v.play)->after;
            have_mine = true;
            was_cut = search_rank_cut(sp, n, &after, &first_lost, &first_plies);
            (void)search_rank_deepen(sc, &so, sp, n, &after);
        }
    }
    /* a roll of a one-die series: its plays rolled out with the series
     * (every play of a single die, the best of both dice); a race under
     * vasa or theboard: the best plays (rollrank.h) */
    rollout_opts_t ro;
    ro.stop = stop;
    rollrank_by_t by = n > 1 ? rollrank_wanted(b, roll, r, EVAL_DEFAULT, series) : ROLLRANK_BY_SEARCH;
    if (rollrank_by(by, b, roll, r, series, sp, n, have_mine ? &after : NULL, rk, &ro) != 0) {
        free(rk);
        free(sp);
        search_ctx_free(sc);
        return 0;
    }
    bool race = by == ROLLRANK_BY_RACE, in_series = by == ROLLRANK_BY_SERIES, rolled = race || in_series;
    if (best)
        *best = rk[0].sp.play;
    int mine = have_mine ? rollrank_find(rk, n, &after) : -1;
    grade_thresholds_t t;
    grade_default(&t);
    /* the table: a heading over its columns, each as wide as its widest
     * entry (newcomer F18: a four-step play pushed the rest out of line) */
    int w = 22;
    bool any_rolled = false;
    for (int i = 0; i < n && i < show; i++) {
        char note[128];
        notation_play(&rk[i].sp.play, b->geom, note, sizeof note);
        int len = (int)strlen(note);
        w = len > w ? len : w;
        any_rolled |= rk[i].rolled;
    }
    if (n > 0 && show > 0)
        add(buf, size, &u, "    %-*s %-*s  %-7s %5s\n", w, sv ? "drag" : "play", any_rolled ? 13 : 6,
            sv ? "ekvitet" : "equity", sv ? "efter" : "behind", sv ? "vinst" : "wins");
    for (int i = 0; i < n && i < show; i++) {
        char note[128], eq[32], behind[16] = "";
        notation_play(&rk[i].sp.play, b->geom, note, sizeof note);
        double lost = rollrank_lost(rk, n, i);
        if (rk[i].rolled)
            snprintf(eq, sizeof eq, "%+.3f ±%.3f", rk[i].equity, rk[i].ro.ci95);
        else
            snprintf(eq, sizeof eq, "%+.3f", rk[i].equity);
        if (lost >= 0.0005)
            snprintf(behind, sizeof behind, "-%.3f", lost);
        add(buf, size, &u, "%2d. %-*s %-*s  %-7s", i + 1, w,
            rk[i].sp.play.nsteps ? note : (sv ? "(inget drag)" : "(no move)"), any_rolled ? 13 : 6, eq,
            n > 1 ? behind : "");
        eval_t v = rollrank_value(&rk[i]);
        /* a play the move filter set aside keeps a shallower value and
         * ranks below the deeper ones, whatever its number says */
        add(buf, size, &u, " %4.0f%%%s%s\n", 100 * eval_p_win(&v),
            rolled && !rk[i].rolled                 ? (sv ? "  (inte utspelat)" : "  (not rolled out)")
            : !rolled && rk[i].sp.plies < rk[0].sp.plies ? (sv ? "  (sett mindre djupt)" : "  (looked at less deeply)")
                                                     : "",
            i == mine ? (sv ? "  <- ditt" : "  <- yours") : "");
    }
    if (n == 1) /* nothing to choose: say why the list is one line */
        add(buf, size, &u,
            rk[0].sp.play.nsteps ? (sv ? "Det är det enda tillåtna draget (%s).\n" : "It is the only legal play (%s).\n")
                                 : (sv ? "Inget drag är tillåtet: hela slaget fåtas (%s).\n"
                                       : "No play is legal: the whole roll is forfeited (%s).\n"),
            r->name);
    if (n == 1) { /* part of the roll left unplayed: the rule that stops it */
        char text[1024];
        if (explain_forfeit(lang, r, roll, &rk[0].sp.play, text, sizeof text) > 0)
            add(buf, size, &u, "%s\n", text);
    }
    if (race || in_series) {
        char text[1024];
        if (race)
            explain_analysis_race(lang, r, rk, n, ROLLRANK_RACE_TOP, ro.games, text, sizeof text);
        else
            explain_analysis_series(lang, r, rk, n, roll, series, ro.games, text, sizeof text);
        add(buf, size, &u, "%s\n", text);
    }
    int other = mine > 0 ? mine : (mine < 0 && n > 1 ? 1 : -1);
    if (other > 0) {
        contrast_t c;
        eval_t va = rollrank_value(&rk[0]), vb = rollrank_value(&rk[other]);
        contrast_plays(b, r, &rk[0].sp.play, &va, &rk[other].sp.play, &vb, sc->bufs[0], &c);
        char na[128], nb[128], text[1024];
        notation_play(&rk[0].sp.play, b->geom, na, sizeof na);
        notation_play(&rk[other].sp.play, b->geom, nb, sizeof nb);
        explain_analysis_contrast(lang, &c, r, na, nb, other == mine, text, sizeof text);
        add(buf, size, &u, "%s\n", text);
        /* how sure: a rollout's paired difference; a search's, its measured record */
        trust_t tr;
        if (rolled && rk[other].rolled) {
            explain_analysis_paired(lang, na, nb, other == mine, rk[0].equity - rk[other].equity,
                                    rk[other].paired_ci95, ro.games, text, sizeof text);
            add(buf, size, &u, "%s\n", text);
        } else if (!rolled &&
            trust_plays(sc->eval, so.plies, &rk[0].sp.play, rk[0].equity, &rk[other].sp.play,
                        rk[other].equity, &tr) &&
            explain_analysis_trust(lang, &tr, text, sizeof text) > 0)
            add(buf, size, &u, "%s\n", text);
    }
    if (mine >= 0) {
        char g[256];
        double lost = rollrank_lost(rk, n, mine);
        explain_analysis_grade(lang, grade_classify(lost, &t, r), !rolled && grade_close(lost, &t, r), lost, g,
                               sizeof g);
        add(buf, size, &u, "%s.\n", g);
        if (!rolled && explain_analysis_second_look_wanted(was_cut, first_lost, lost, &t, r)) {
            char second[512];
            explain_analysis_second_look(lang, first_plies, so.plies, first_lost, lost, second, sizeof second);
            add(buf, size, &u, "%s\n", second);
        }
    }
    free(rk);
    free(sp);
    search_ctx_free(sc);
    return u;
}
