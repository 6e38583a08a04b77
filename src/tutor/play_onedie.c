/*
 * play_onedie.c - the one-die rule in a game with the tutor watching: a
 * person's declaration, the tutor's word on it, the hint before the roll
 * and the series' state the analysis needs (see play.h).
 *
 * The game rules of the series are game.h's (who may declare, how many
 * single dice follow); what is right is the rollouts' (analysis/onedie.h
 * before the roll, rollrank_series for a single die's plays).  Every
 * declaration goes to the record: "white one-die".
 */
#include <stdio.h>

#include "analysis/onedie.h"
#include "tutor/decision.h"
#include "tutor/explain_onedie.h"
#include "tutor/play_internal.h"
#include "tutor/playrec.h"
#include "tutor/words.h"

/* The one-die series the roll waiting is played in, as decision_judge
 * and explain_analysis_hint take it: NULL when none runs, else `owed`
 * filled by game_series_of_roll. */
const int *play_series_of(const play_game_t *g, int owed[2])
{
    return game_series_of_roll(&g->game, g->roll, owed);
}

/* The tutor's word on the one-die rule, once per decision point: when
 * the person's choice (declared, or rolling both dice) gives away its
 * warning class by the rollouts of decision_judge_onedie, says so and
 * returns true; the same choice again (or the other) then goes ahead. */
bool play_onedie_warn(play_game_t *g, bool declared, strbuf_t *out)
{
    int here = g->rolls * 2;
    if (g->o.tutor != PLAY_TUTOR_WARN || g->onedie_warned == here ||
        g->o.seat[play_on_roll(g)].kind != SEAT_HUMAN)
        return false;
    decision_t d;
    if (!decision_judge_onedie(&g->game.board, &g->game.rules, declared, &g->o.thresholds, g->o.lang, &d) ||
        d.grade < g->o.warn_at)
        return false;
    strbuf_addf(out, T(g->o.lang, "Tutor: %s\n", "Programmet: %s\n"), d.words);
    strbuf_addf(out, "%s",
                declared ? T(g->o.lang, "Type 'one-die' again to declare it anyway, or 'roll'.\n",
                             "Skriv 'one-die' igen för att begära den ändå, eller 'roll'.\n")
                         : T(g->o.lang, "Type the same again to roll both dice anyway, or 'one-die'.\n",
                             "Skriv samma sak igen för att slå båda tärningarna ändå, eller 'one-die'.\n"));
    g->onedie_warned = here;
    return true;
}

bool play_onedie_hint(play_game_t *g, strbuf_t *out)
{
    if (g->state != PS_ROLL || g->ndice != 2 || g->o.seat[play_on_roll(g)].kind != SEAT_HUMAN ||
        !game_one_die_eligible(&g->game))
        return false;
    /* the question before the roll: declare the one-die rule, or not */
    rollout_opts_t ro;
    onedie_default_opts(&ro);
    onedie_eval_t od;
    if (onedie_value(&g->game.board, &g->game.rules, &ro, &od) == 0) {
        explain_onedie(g->o.lang, &od, &g->game.rules, out);
        strbuf_add(out, "\n");
    }
    return true;
}

bool play_one_die(play_game_t *g, strbuf_t *out)
{
    lang_t lang = g->o.lang;
    int c = play_on_roll(g);
    if (g->game.rules.one_die_rule == ONE_DIE_OFF) {
        strbuf_addf(out, T(lang, "There is no one-die rule under %s (its option one-die-rule is off).\n",
                           "Det finns ingen entärningsregel i %s (dess val one-die-rule är off).\n"),
                    g->game.rules.name);
        return false;
    }
    if (g->state != PS_ROLL || g->o.seat[c].kind != SEAT_HUMAN || g->ndice != 2 ||
        !game_one_die_eligible(&g->game)) {
        strbuf_addf(out, T(lang, "The one-die rule cannot be declared now (%s: before the roll, when one checker moved by one die would make a vackert spel).\n",
                           "Entärningsregeln kan inte begäras nu (%s: före slaget, när en bricka flyttad med en tärning skulle ge ett vackert spel).\n"),
                    g->game.rules.name);
        return false;
    }
    if (play_onedie_warn(g, true, out))
        return true; /* the tutor's word first; 'one-die' again declares */
    game_declare_one_die(&g->game);
    playrec_one_die(&g->record, c);
    g->ndice = game_dice_to_roll(&g->game);
    strbuf_addf(out, T(lang, "%s declares the one-die rule and rolls one die.\n",
                       "%s begär entärningsregeln och slår en tärning.\n"),
                play_colour_name(lang, c, true));
    play_roll_now(g, out);
    return true;
}
