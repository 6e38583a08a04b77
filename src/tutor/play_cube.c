/*
 * play_cube.c - the doubling cube in a game with the tutor watching:
 * doubles, takes and drops by people and by the engine (see play.h).
 *
 * The game rules of the cube are game.h's (who may double, what a take
 * and a drop do); what is right is cubejudge.h's.  Every step goes to the
 * record: "white doubles", "black takes", "black drops".
 */
#include <stdio.h>
#include <string.h>

#include "tutor/cubejudge.h"
#include "tutor/play_internal.h"
#include "tutor/playrec.h"
#include "tutor/words.h"

/* The match's score for the cube (NULL in a money game). */
static const cubejudge_score_t *score_of(const play_game_t *g, cubejudge_score_t *s)
{
    if (!g->match.to_points || g->o.match_length <= 0)
        return NULL;
    s->away[BOARD_WHITE] = match_away(&g->match, BOARD_WHITE);
    s->away[BOARD_BLACK] = match_away(&g->match, BOARD_BLACK);
    s->post = g->match.crawford_done && !g->match.crawford;
    return s;
}

/* How deep the engine at a level looks at a cube decision: 0-ply for the
 * two lowest levels, 1-ply at the default level (as the tutor does), 2-ply
 * at the strongest (lab/bench/gnubg/cube.py measures each against gnubg). */
static int cube_plies(int level)
{
    return level >= 3 ? 2 : level == 2 ? 1 : 0;
}

bool play_may_double(const play_game_t *g)
{
    return g->state == PS_ROLL && game_may_double(&g->game);
}

void play_cube_text(const play_game_t *g, strbuf_t *out)
{
    const game_t *gm = &g->game;
    lang_t lang = g->o.lang;
    if (!gm->rules.doubling_cube)
        return;
    if (gm->cube_owner < 0)
        strbuf_addf(out, T(lang, "the cube: %d, centred", "kuben: %d, i mitten"), gm->cube);
    else
        strbuf_addf(out, T(lang, "the cube: %d, %s's", "kuben: %d, %ss"), gm->cube,
                    play_colour_name(lang, gm->cube_owner, false));
}

/* The side doubled answers: took or dropped.  The record, the game, the
 * words; then the doubler rolls, or the game is over. */
static void answer(play_game_t *g, bool took, strbuf_t *out)
{
    game_t *gm = &g->game;
    lang_t lang = g->o.lang;
    int doubled = 1 - gm->board.turn;
    playrec_cube(&g->record, doubled, took ? EV_TAKE : EV_DROP);
    if (took) {
        game_take(gm);
        strbuf_addf(out, T(lang, "%s takes: the cube is at %d, %s's.\n", "%s tar emot: kuben står på %d, %ss.\n"),
                    play_colour_name(lang, doubled, true), gm->cube, play_colour_name(lang, doubled, false));
        g->ndice = game_dice_to_roll(gm);
        play_roll_now(g, out);
    } else {
        strbuf_addf(out, T(lang, "%s drops.\n", "%s passar.\n"), play_colour_name(lang, doubled, true));
        game_drop(gm);
        play_start_turn(g, out);
    }
}

/* The side on roll doubles; the other side is asked, or answers at once
 * when it is the engine.  True when the turn is not the doubler's to roll
 * (a person must answer, or the game ended). */
static bool offer(play_game_t *g, strbuf_t *out)
{
    game_t *gm = &g->game;
    lang_t lang = g->o.lang;
    int c = gm->board.turn, doubled = 1 - c;
    playrec_cube(&g->record, c, EV_DOUBLE);
    strbuf_addf(out, T(lang, "%s doubles to %d (%s).\n", "%s dubblar till %d (%s).\n"),
                play_colour_name(lang, c, true), gm->cube * 2, gm->rules.name);
    game_double(gm);
    g->cube_warned = -1;
    if (g->o.seat[doubled].kind == SEAT_HUMAN) {
        strbuf_addf(out, T(lang, "%s: 'take' or 'drop'?\n", "%s: 'take' (ta emot) eller 'drop' (passa)?\n"),
                    play_colour_name(lang, doubled, true));
        g->state = PS_CUBE;
        return true;
    }
    cubejudge_t j;
    cubejudge_score_t sc;
    cubejudge_eval(g->sc, gm, cube_plies(g->o.seat[doubled].level), score_of(g, &sc), &g->met, &j);
    answer(g, j.d.take, out);
    return !j.d.take;
}

bool play_cube_engine(play_game_t *g, strbuf_t *out)
{
    if (!game_may_double(&g->game))
        return false;
    cubejudge_t j;
    cubejudge_score_t sc;
    cubejudge_eval(g->sc, &g->game, cube_plies(g->o.seat[play_on_roll(g)].level), score_of(g, &sc), &g->met, &j);
    if (j.d.action != CUBE_DOUBLE_TAKE && j.d.action != CUBE_DOUBLE_PASS)
        return false;
    return offer(g, out);
}

/* The tutor on a person's cube decision: warns (true) the first time the
 * answer `which` (PLAY_CUBE_*) gives away as much as the warning class. */
static bool warn(play_game_t *g, int which, strbuf_t *out)
{
    if (g->o.tutor != PLAY_TUTOR_WARN || g->cube_warned == which)
        return false;
    cubejudge_t j;
    cubejudge_score_t sc;
    cubejudge_eval(g->sc, &g->game, 1, score_of(g, &sc), &g->met, &j);
    char words[1536];
    double lost;
    grade_t gr = which == PLAY_CUBE_DOUBLE || which == PLAY_CUBE_ROLL
                     ? cubejudge_double(&j, which == PLAY_CUBE_DOUBLE, &g->o.thresholds, &g->game.rules,
                                        g->o.lang, &lost, words, sizeof words)
                     : cubejudge_take(&j, which == PLAY_CUBE_TAKE, &g->o.thresholds, &g->game.rules, g->o.lang,
                                      &lost, words, sizeof words);
    if (gr < g->o.warn_at)
        return false;
    static const char *const AGAIN[] = {"double", "roll", "take", "drop"};
    static const char *const OTHER[] = {"roll", "double", "drop", "take"};
    strbuf_addf(out, T(g->o.lang, "Tutor: %s (%s)\n", "Programmet: %s (%s)\n"), words, g->game.rules.name);
    strbuf_addf(out,
                T(g->o.lang, "Type '%s' again to do it anyway, or '%s'.\n",
                  "Skriv '%s' igen för att göra det ändå, eller '%s'.\n"),
                AGAIN[which], OTHER[which]);
    g->cube_warned = which;
    return true;
}

bool play_cube_warn_roll(play_game_t *g, strbuf_t *out)
{
    if (g->state != PS_ROLL || g->o.seat[play_on_roll(g)].kind != SEAT_HUMAN || !play_may_double(g))
        return false;
    return warn(g, PLAY_CUBE_ROLL, out);
}

play_answer_t play_double(play_game_t *g, strbuf_t *out)
{
    lang_t lang = g->o.lang;
    int c = play_on_roll(g);
    if (!g->game.rules.doubling_cube) {
        strbuf_addf(out, T(lang, "There is no doubling cube in %s.\n", "Det finns ingen dubbleringskub i %s.\n"),
                    g->game.rules.name);
        return PA_NOT_NOW;
    }
    if (g->state != PS_ROLL || g->o.seat[c].kind != SEAT_HUMAN || !play_may_double(g)) {
        if (g->state == PS_HUMAN && g->o.seat[c].kind == SEAT_HUMAN)
            strbuf_addf(out, "%s", T(lang, "A double comes before the roll; the dice are already rolled.\n",
                                     "Man dubblar före slaget; tärningarna är redan slagna.\n"));
        else if (g->game.cube_owner >= 0 && g->game.cube_owner != c && g->o.seat[c].kind == SEAT_HUMAN)
            strbuf_addf(out, T(lang, "%s holds the cube: only the side that holds it may double.\n",
                               "%s har kuben: bara den som har den får dubbla.\n"),
                        play_colour_name(lang, g->game.cube_owner, true));
        else
            strbuf_addf(out, "%s", T(lang, "You cannot double now: only before your own roll.\n",
                                     "Du kan inte dubbla nu: bara före ditt eget slag.\n"));
        return PA_NOT_NOW;
    }
    if (warn(g, PLAY_CUBE_DOUBLE, out))
        return PA_WARNED;
    offer(g, out);
    return PA_PLAYED;
}

/* take (took) or drop, by a person doubled. */
static play_answer_t respond(play_game_t *g, bool took, strbuf_t *out)
{
    if (g->state != PS_CUBE) {
        strbuf_addf(out, "%s", T(g->o.lang, "No double waits for an answer.\n",
                                 "Ingen dubblering väntar på svar.\n"));
        return PA_NOT_NOW;
    }
    if (warn(g, took ? PLAY_CUBE_TAKE : PLAY_CUBE_DROP, out))
        return PA_WARNED;
    answer(g, took, out);
    return PA_PLAYED;
}

play_answer_t play_take(play_game_t *g, strbuf_t *out)
{
    return respond(g, true, out);
}

play_answer_t play_drop(play_game_t *g, strbuf_t *out)
{
    return respond(g, false, out);
}

void play_cube_hint(play_game_t *g, strbuf_t *out)
{
    cubejudge_t j;
    cubejudge_score_t sc;
    cubejudge_eval(g->sc, &g->game, 1, score_of(g, &sc), &g->met, &j);
    char s[640], v[640];
    cubejudge_summary(&j, g->o.lang, s, sizeof s);
    cubejudge_verdict(&j, g->o.lang, v, sizeof v);
    if (j.match)
        strbuf_addf(out, T(g->o.lang, "The cube (%s, a match to %d points): %s\n%s\n",
                           "Kuben (%s, en match till %d poäng): %s\n%s\n"),
                    g->game.rules.name, g->match.length, s, v);
    else
        strbuf_addf(out, T(g->o.lang, "The cube (%s, a money game): %s\n%s\n", "Kuben (%s, ett spel om pengar): %s\n%s\n"),
                    g->game.rules.name, s, v);
}
