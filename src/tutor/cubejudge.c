/*
 * cubejudge.c - cube decisions judged and put in words (see cubejudge.h).
 */
#include "tutor/cubejudge.h"

#include <stdio.h>
#include <string.h>

#include "tutor/words.h"

static const char *side_name(lang_t lang, int c, bool capital)
{
    if (c == BOARD_WHITE)
        return capital ? T(lang, "White", "Vit") : T(lang, "white", "vit");
    return capital ? T(lang, "Black", "Svart") : T(lang, "black", "svart");
}

/* The chance the doubled side needs to take: 1 - p where double/take is
 * worth exactly the double/pass to the doubler (its kinds of wins and
 * losses held), found by halving; so the words always agree with the
 * decision. */
static double take_point(const cubejudge_t *j, const cube_met_t *met)
{
    const eval_t *e = &j->e;
    double pw = eval_p_win(e), pl = eval_p_lose(e);
    if (pw + pl <= 0)
        return 0.25;
    double lo = 0, hi = 1;
    for (int it = 0; it < 50; it++) {
        double p = (lo + hi) / 2;
        /* the wins scaled to p and the losses to 1 - p, keeping their kinds */
        eval_t s = *e;
        for (int k = 0; k < OUT_KIND_COUNT; k++) {
            s.win[k] = pw > 0 ? e->win[k] * p / pw : (k == OUT_SINGLE ? p : 0);
            s.lose[k] = pl > 0 ? e->lose[k] * (1 - p) / pl : (k == OUT_SINGLE ? 1 - p : 0);
        }
        cube_decision_t d;
        if (j->match)
            cube_decide_match(&s, CUBE_CENTRED, j->d.x, j->cube, &j->m, met, &d);
        else
            cube_decide(&s, CUBE_CENTRED, j->d.x, &d);
        if (!d.take)
            hi = p;
        else
            lo = p;
    }
    return 1 - (lo + hi) / 2;
}

void cubejudge_eval(search_ctx_t *sc, const game_t *g, int plies, const cubejudge_score_t *match,
                    const cube_met_t *met, cubejudge_t *out)
{
    memset(out, 0, sizeof *out);
    search_opts_t so;
    search_default_opts(plies, &so);
    search_position(sc, &g->board, plies, &so, &out->e);
    int me = g->board.turn;
    cube_owner_t owner = g->cube_owner < 0 ? CUBE_CENTRED : g->cube_owner == me ? CUBE_MINE : CUBE_THEIRS;
    double x = cube_efficiency(&g->board);
    out->cube = g->cube;
    out->doubler = me;
    if (match && met) {
        out->match = true;
        out->m = (cube_match_t){match->away[me], match->away[1 - me], g->crawford, match->post};
        cube_decide_match(&out->e, owner, x, g->cube, &out->m, met, &out->d);
    } else {
        cube_decide(&out->e, owner, x, &out->d);
    }
    out->take_point = take_point(out, met);
}

/* Percent, rounded. */
static int pct(double p)
{
    return (int)(100 * p + 0.5);
}

void cubejudge_summary(const cubejudge_t *j, lang_t lang, char *buf, size_t size)
{
    const eval_t *e = &j->e;
    double tot = eval_p_win(e) + eval_p_lose(e);
    if (tot <= 0)
        tot = 1;
    double wg = (e->win[OUT_GAMMON] + e->win[OUT_BACKGAMMON]) / tot;
    double lg = (e->lose[OUT_GAMMON] + e->lose[OUT_BACKGAMMON]) / tot;
    size_t u = 0;
    buf[0] = '\0';
    explain_appendf(buf, size, &u,
                    T(lang, "%s wins %d%% (gammons %d%%), loses %d%% (gammons %d%%); ",
                      "%s vinner %d %% (gammon %d %%), förlorar %d %% (gammon %d %%); "),
                    side_name(lang, j->doubler, true), pct(j->d.p_win), pct(wg), pct(1 - j->d.p_win), pct(lg));
    if (j->match) {
        explain_appendf(buf, size, &u, T(lang, "%s %d-away, %s %d-away%s; ", "%s %d poäng från målet, %s %d%s; "),
                        side_name(lang, j->doubler, true), j->m.away_me, side_name(lang, 1 - j->doubler, false),
                        j->m.away_them,
                        j->m.crawford ? T(lang, " (the Crawford game: no doubling)", " (Crawfordpartiet: ingen dubblering)")
                                      : "");
        if (!j->d.may_double)
            explain_appendf(buf, size, &u,
                            T(lang, "the chance to win the match %.1f%%; as equity, ",
                              "chansen att vinna matchen %.1f %%; som värde, "),
                            100 * j->d.mwc_nd);
        else
            explain_appendf(buf, size, &u,
                            T(lang, "chances to win the match: no double %.1f%%, double/take %.1f%%, "
                                    "double/pass %.1f%%; as equity, ",
                              "chans att vinna matchen: ingen dubblering %.1f %%, dubbla/ta emot %.1f %%, "
                              "dubbla/passa %.1f %%; som värde, "),
                            100 * j->d.mwc_nd, 100 * j->d.mwc_dt, 100 * j->d.mwc_dp);
    }
    /* the equities are per point of the cube, as gnubg gives them; with
     * the cube at 2 or more, say so (newcomer F18: "a cube of 1" while the
     * cube showed 2 read as a mistake) */
    char unit[160];
    if (j->cube <= 1)
        snprintf(unit, sizeof unit, "%s", T(lang, "a cube of 1", "kuben på 1"));
    else
        snprintf(unit, sizeof unit, T(lang, "per point of the cube: with the cube at %d, %d times that",
                                      "per poäng på kuben: med kuben på %d, %d gånger det"),
                 j->cube, j->cube);
    if (j->d.may_double)
        explain_appendf(buf, size, &u,
                        T(lang, "no double %+.3f, double/take %+.3f, double/pass %+.3f (%s).",
                          "ingen dubblering %+.3f, dubbla/ta emot %+.3f, dubbla/passa %+.3f (%s)."),
                        j->d.nd, j->d.dt, j->d.dp, unit);
    else if (j->match)
        explain_appendf(buf, size, &u, "%+.3f (%s).", j->d.nd, unit);
    else
        explain_appendf(buf, size, &u, T(lang, "the equity is %+.3f (%s).", "värdet är %+.3f (%s)."), j->d.nd,
                        unit);
    words_decimal_comma(lang, buf, 0);
}

void cubejudge_verdict(const cubejudge_t *j, lang_t lang, char *buf, size_t size)
{
    const cube_decision_t *d = &j->d;
    const char *me = side_name(lang, j->doubler, true), *they = side_name(lang, 1 - j->doubler, true);
    int has = pct(1 - d->p_win), needs = pct(j->take_point);
    size_t u = 0;
    buf[0] = '\0';
    switch (d->action) {
    case CUBE_NO_DOUBLE:
        if (j->match && j->m.crawford)
            explain_appendf(buf, size, &u, "%s",
                            T(lang, "The Crawford game: nobody may double in it.",
                              "Crawfordpartiet: ingen får dubbla i det."));
        else if (!d->may_double)
            explain_appendf(buf, size, &u, T(lang, "%s holds the cube: only %s may double.",
                                             "%s har kuben: bara %s får dubbla."),
                            they, they);
        else
            explain_appendf(buf, size, &u,
                            T(lang,
                              "No double yet: keeping the cube is worth %+.3f to %s, doubling only %+.3f "
                              "(%s would take: it wins %d%%, and a take needs %d%%).",
                              "Ingen dubblering än: att behålla kuben är värt %+.3f för %s, att dubbla bara "
                              "%+.3f (%s skulle ta emot: den vinner %d %%, och det räcker med %d %%)."),
                            d->nd, me, d->dt < d->dp ? d->dt : d->dp, they, has, needs);
        break;
    case CUBE_DOUBLE_TAKE:
        explain_appendf(buf, size, &u,
                        T(lang,
                          "Double, and %s should take: doubling is worth %+.3f to %s against %+.3f for "
                          "waiting; %s wins %d%%, more than the %d%% a take needs.",
                          "Dubbla, och %s bör ta emot: att dubbla är värt %+.3f för %s mot %+.3f för att "
                          "vänta; %s vinner %d %%, mer än de %d %% som behövs för att ta emot."),
                        they, d->dt, me, d->nd, they, has, needs);
        break;
    case CUBE_DOUBLE_PASS:
        explain_appendf(buf, size, &u,
                        T(lang,
                          "Double, and %s should pass: it wins only %d%%, less than the %d%% a take needs, "
                          "so the double wins the cube's value now (waiting is worth %+.3f).",
                          "Dubbla, och %s bör passa: den vinner bara %d %%, mindre än de %d %% som behövs "
                          "för att ta emot, så dubbleringen vinner kubens värde nu (att vänta är värt %+.3f)."),
                        they, has, needs, d->nd);
        break;
    case CUBE_TOO_GOOD:
        explain_appendf(buf, size, &u,
                        T(lang,
                          "Too good to double: playing on is worth %+.3f to %s (its gammons count), more "
                          "than the 1 a double would win, since %s would pass.",
                          "För bra för att dubbla: att spela vidare är värt %+.3f för %s (gammon räknas), "
                          "mer än den 1 en dubblering skulle vinna, eftersom %s skulle passa."),
                        d->nd, me, they);
        break;
    }
    words_decimal_comma(lang, buf, 0);
}

/* "A bad double: it gives away 0.094 points. " or "Right to double. "
 * into buf at *u: `what` names the error ("double", "missed double",
 * "take", "pass"), `right` the decision when it was right ("to double"). */
static void grade_words(lang_t lang, grade_t g, double lost, int cube, const char *what_en, const char *what_sv,
                        const char *right_en, const char *right_sv, const double *mwc, char *buf, size_t size,
                        size_t *u)
{
    static const char *const EN[] = {"", "A doubtful", "A bad", "A very bad"};
    static const char *const SV[] = {"", "Tveksam", "Dålig", "Mycket dålig"};
    if (lost < 0.0005) {
        explain_appendf(buf, size, u, T(lang, "Right %s. ", "Rätt %s. "), T(lang, right_en, right_sv));
        return;
    }
    if (mwc) { /* a match: in the chance to win it, as the hint says it (mwc[0] the decision's, mwc[1] the best's) */
        explain_appendf(buf, size, u,
                        T(lang, "%s %s: it gives away %.1f%% of the chance to win the match (%.1f%% instead of %.1f%%). ",
                          "%s %s: det kostar %.1f %% av chansen att vinna matchen (%.1f %% i stället för %.1f %%). "),
                        T(lang, EN[g], SV[g]), T(lang, what_en, what_sv), 100 * (mwc[1] - mwc[0]), 100 * mwc[0],
                        100 * mwc[1]);
        return;
    }
    explain_appendf(buf, size, u, T(lang, "%s %s: it gives away %.3f points", "%s %s: det kostar %.3f poäng"),
                    T(lang, EN[g], SV[g]), T(lang, what_en, what_sv), lost * cube);
    if (cube > 1)
        explain_appendf(buf, size, u, T(lang, " (%.3f of a cube of 1)", " (%.3f med kuben på 1)"), lost);
    explain_appendf(buf, size, u, ". ");
}

grade_t cubejudge_double(const cubejudge_t *j, bool doubled, const grade_thresholds_t *t, const rules_t *r,
                         lang_t lang, double *lost, char *buf, size_t size)
{
    double l = cube_double_cost(&j->d, doubled);
    grade_t g = grade_classify_decision(l, t, r);
    size_t u = 0;
    buf[0] = '\0';
    /* in a match, the doubler's chances: the double answered as it should be */
    const cube_decision_t *d = &j->d;
    double dbl = d->take ? d->mwc_dt : d->mwc_dp, best = dbl > d->mwc_nd ? dbl : d->mwc_nd;
    double mwc[2] = {doubled ? dbl : d->mwc_nd, best};
    const double *m = j->match && d->match ? mwc : NULL;
    if (doubled)
        grade_words(lang, g, l, j->cube, "double", "dubblering", "to double", "att dubbla", m, buf, size, &u);
    else
        grade_words(lang, g, l, j->cube, "missed double", "missad dubblering", "not to double", "att inte dubbla",
                    m, buf, size, &u);
    char v[640];
    cubejudge_verdict(j, lang, v, sizeof v);
    explain_appendf(buf, size, &u, "%s", v);
    words_decimal_comma(lang, buf, 0);
    *lost = l;
    return g;
}

grade_t cubejudge_take(const cubejudge_t *j, bool took, const grade_thresholds_t *t, const rules_t *r,
                       lang_t lang, double *lost, char *buf, size_t size)
{
    double l = cube_take_cost(&j->d, took);
    grade_t g = grade_classify_decision(l, t, r);
    size_t u = 0;
    buf[0] = '\0';
    /* in a match, the taker's chances */
    double take = 1 - j->d.mwc_dt, drop = 1 - j->d.mwc_dp;
    double mwc[2] = {took ? take : drop, j->d.take ? take : drop};
    grade_words(lang, g, l, j->cube, took ? "take" : "pass", took ? "mottagning" : "pass", took ? "to take" : "to pass",
                took ? "att ta emot" : "att passa", j->match && j->d.match ? mwc : NULL, buf, size, &u);
    const char *they = side_name(lang, 1 - j->doubler, true);
    int has = pct(1 - j->d.p_win), needs = pct(j->take_point);
    if (j->d.take)
        explain_appendf(buf, size, &u,
                        T(lang, "%s wins %d%%, more than the %d%% a take needs: taking is worth %+.3f, passing %+.3f.",
                          "%s vinner %d %%, mer än de %d %% som behövs för att ta emot: att ta emot är värt %+.3f, "
                          "att passa %+.3f."),
                        they, has, needs, -j->d.dt, -j->d.dp);
    else
        explain_appendf(buf, size, &u,
                        T(lang, "%s wins only %d%%, less than the %d%% a take needs: taking is worth %+.3f, "
                                "passing %+.3f.",
                          "%s vinner bara %d %%, mindre än de %d %% som behövs för att ta emot: att ta emot är "
                          "värt %+.3f, att passa %+.3f."),
                        they, has, needs, -j->d.dt, -j->d.dp);
    words_decimal_comma(lang, buf, 0);
    *lost = l;
    return g;
}
