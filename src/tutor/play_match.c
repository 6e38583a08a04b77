/*
 * play_match.c - the games of a match in a row (see play.h): the score
 * after each game, who starts the next (the ruleset's rule, teka after a
 * draw), the Crawford game of a backgammon match, and the words for a
 * game's result and the match's score.
 *
 * Ownership: as play.h; nothing here allocates.
 */
#include <stdio.h>

#include "tutor/explain.h"
#include "tutor/play_internal.h"
#include "tutor/playrec.h"
#include "tutor/words.h"

/* A new game of the match (or the game) with `starter` on roll: the
 * Crawford game of a backgammon match has no cube. */
void play_new_game(play_game_t *g, int starter)
{
    game_new(&g->game, &g->o.rules, starter);
    g->game.crawford = g->match.to_points && g->match.crawford;
}

/* A game of a match is over: the score, then the next game (who starts is
 * the ruleset's: the loser, teka, or in turn; after a draw, teka) or the
 * end of the match. */
void play_next_game(play_game_t *g, strbuf_t *out)
{
    match_record(&g->match, g->game.winner, &g->game.result, g->game.points);
    play_score_text(g, out);
    if (g->match.over) {
        g->state = PS_OVER;
        return;
    }
    /* who starts the next game: the ruleset says (after a draw: teka) */
    int starter = g->game.winner < 0 ? -1 : 1 - g->game.winner;
    if (g->o.rules.next_starter == NEXT_TEKA)
        starter = -1;
    else if (g->o.rules.next_starter == NEXT_ALTERNATE)
        starter = 1 - g->game.starter;
    g->game_no++;
    g->last[0] = '\0';
    playrec_game(&g->record, g->game_no);
    strbuf_addf(out, T(g->o.lang, "Game %d.\n", "Parti %d.\n"), g->game_no);
    if (g->match.to_points && g->match.crawford)
        strbuf_addf(out, T(g->o.lang, "The Crawford game: %s is one point from winning, so nobody may double (%s).\n",
                           "Crawfordpartiet: %s är en poäng från att vinna, så ingen får dubbla (%s).\n"),
                    play_colour_name(g->o.lang, match_away(&g->match, 0) == 1 ? 0 : 1, false), g->o.rules.name);
    if (starter < 0) {
        play_new_game(g, BOARD_WHITE);
        if (g->o.manual_dice)
            g->state = PS_TEKA;
        else
            play_teka_auto(g, out);
        return;
    }
    playrec_start(&g->record, starter);
    if (g->o.rules.next_starter == NEXT_ALTERNATE)
        strbuf_addf(out, T(g->o.lang, "%s starts: the players take turns to start (%s).\n",
                           "%s börjar: spelarna börjar varannan gång (%s).\n"),
                    play_colour_name(g->o.lang, starter, true), g->o.rules.name);
    else
        strbuf_addf(out, T(g->o.lang, "%s lost the last game and starts (%s).\n",
                           "%s förlorade förra partiet och börjar (%s).\n"),
                    play_colour_name(g->o.lang, starter, true), g->o.rules.name);
    play_new_game(g, starter);
    play_start_turn(g, out);
}

void play_result_text(const play_game_t *g, strbuf_t *out)
{
    const game_t *gm = &g->game;
    lang_t lang = g->o.lang;
    if (gm->phase != GAME_OVER)
        return;
    if (gm->winner < 0) {
        strbuf_addf(out, T(lang, "The game is drawn: nobody scores (%s).\n", "Partiet blev oavgjort: ingen får poäng (%s).\n"),
                    gm->rules.name);
        return;
    }
    char how[128];
    explain_outcome(lang, &gm->result, how, sizeof how);
    strbuf_addf(out, T(lang, "%s wins: %s", "%s vinner: %s"), play_colour_name(lang, gm->winner, true), how);
    if (gm->points != gm->result.points) /* the cube */
        strbuf_addf(out, T(lang, ", times the cube's %d: %d points", ", gånger kubens %d: %d poäng"),
                    gm->points / (gm->result.points ? gm->result.points : 1), gm->points);
    strbuf_addf(out, " (%s).\n", gm->rules.name);
}

void play_match_line(const play_game_t *g, strbuf_t *out)
{
    const match_t *m = &g->match;
    lang_t lang = g->o.lang;
    if (g->o.match_length <= 0)
        return;
    if (m->to_points)
        strbuf_addf(out, T(lang, "Match to %d points: white %d, black %d%s.\n",
                           "Match till %d poäng: vit %d, svart %d%s.\n"),
                    m->length, m->points[BOARD_WHITE], m->points[BOARD_BLACK],
                    m->crawford ? T(lang, " (the Crawford game: no doubling)", " (Crawfordpartiet: ingen dubblering)")
                                : "");
    else
        strbuf_addf(out, T(lang, "Match of %d games, game %d: white %d, black %d.\n",
                           "Match på %d partier, parti %d: vit %d, svart %d.\n"),
                    m->length + m->extra, m->over ? m->played : m->played + 1, m->points[BOARD_WHITE],
                    m->points[BOARD_BLACK]);
}

void play_score_text(const play_game_t *g, strbuf_t *out)
{
    const match_t *m = &g->match;
    lang_t lang = g->o.lang;
    if (g->o.match_length <= 0)
        return;
    if (m->to_points) {
        strbuf_addf(out, T(lang, "Score after game %d, in a match to %d points: white %d, black %d.\n",
                           "Ställning efter parti %d, i en match till %d poäng: vit %d, svart %d.\n"),
                    m->played, m->length, m->points[BOARD_WHITE], m->points[BOARD_BLACK]);
        if (m->over)
            strbuf_addf(out, T(lang, "%s wins the match (%s).\n", "%s vinner matchen (%s).\n"),
                        play_colour_name(lang, m->winner, true), m->rules.name);
        return;
    }
    strbuf_addf(out, T(lang, "Score after game %d of %d: white %d, black %d", "Ställning efter parti %d av %d: vit %d, svart %d"),
                m->played, m->length + m->extra, m->points[BOARD_WHITE], m->points[BOARD_BLACK]);
    if (m->marks[0] || m->marks[1])
        strbuf_addf(out,
                    T(lang, " (tie-break marks, counted when the points are level: white %+d, black %+d)",
                      " (skiljepoäng, som räknas när poängen står lika: vit %+d, svart %+d)"),
                    m->marks[BOARD_WHITE], m->marks[BOARD_BLACK]);
    if (m->extra)
        strbuf_addf(out, T(lang, "; %d game%s added for giving up", "; %d parti%s tillagda för uppgivna"), m->extra,
                    m->extra == 1 ? "" : (lang == LANG_SV ? "er" : "s"));
    strbuf_addf(out, ".\n");
    if (!m->over)
        return;
    if (m->winner < 0)
        strbuf_addf(out, T(lang, "The match is tied (%s).\n", "Matchen slutade lika (%s).\n"), m->rules.name);
    else if (m->played < m->length + m->extra)
        strbuf_addf(out, T(lang, "%s wins the match: the rest cannot change it, even with jan in every game (%s).\n",
                           "%s vinner matchen: resten kan inte ändra det, ens med jan i varje parti (%s).\n"),
                    play_colour_name(lang, m->winner, true), m->rules.name);
    else
        strbuf_addf(out, T(lang, "%s wins the match (%s).\n", "%s vinner matchen (%s).\n"),
                    play_colour_name(lang, m->winner, true), m->rules.name);
}

const char *play_match_problem(const play_opts_t *o)
{
    if (o->match_length <= 0)
        return NULL;
    if (o->rules.doubling_cube)
        return o->match_length <= 25 ? NULL : "a backgammon match is to 1 to 25 points";
    if (o->rules.geometry == GEOM_BACKGAMMON)
        return "a backgammon match without the cube is not played; play single games";
    if (o->match_length % 2 == 0)
        return "a match is an odd number of games";
    return NULL;
}
