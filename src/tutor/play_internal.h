/*
 * play_internal.h - what play.c shares with play_cube.c, play_match.c and
 * play_onedie.c,
 * and nobody else: the steps of the game's state machine they all take.
 *
 * Ownership: as play.h.
 */
#ifndef BRADE_TUTOR_PLAY_INTERNAL_H
#define BRADE_TUTOR_PLAY_INTERNAL_H

#include "tutor/play.h"

/* "White"/"white"/"Vit"/"vit". */
const char *play_colour_name(lang_t lang, int c, bool capital);
/* The side on roll rolls: from the stream, or waits for the caller's dice. */
void play_roll_now(play_game_t *g, strbuf_t *out);
/* A new turn: the game may be over; else what the side on roll does first. */
void play_start_turn(play_game_t *g, strbuf_t *out);
/* Teka with dice from the stream: the game starts (or teka again). */
void play_teka_auto(play_game_t *g, strbuf_t *out);
/* A new game of the match (or the game) with `starter` on roll: the
 * Crawford game of a backgammon match has no cube. */
void play_new_game(play_game_t *g, int starter);
/* A game of a match is over: the score, then the next game or the end of
 * the match (play_match.c). */
void play_next_game(play_game_t *g, strbuf_t *out);
/* The engine on roll decides on the cube before its roll: true when the
 * turn went on without it rolling (the game ended on a drop, or a person
 * is to answer the double). */
bool play_cube_engine(play_game_t *g, strbuf_t *out);
/* A person on roll with the cube: true (with the tutor's warning in out)
 * when rolling on now is a cube error worth a warning, the first time. */
bool play_cube_warn_roll(play_game_t *g, strbuf_t *out);
/* Cube hints: the decision of the side on roll (or of the side doubled). */
void play_cube_hint(play_game_t *g, strbuf_t *out);

/* The one-die series the roll waiting is played in, as decision_judge
 * and explain_analysis_hint take it: NULL when none runs, else `owed`
 * filled by game_series_of_roll (play_onedie.c). */
const int *play_series_of(const play_game_t *g, int owed[2]);
/* The tutor's word on a person's one-die choice before the roll
 * (declared, or rolling both dice), once per decision point: true (the
 * warning in out) when the choice gives away its warning class by
 * decision_judge_onedie's rollouts; the same choice again goes ahead. */
bool play_onedie_warn(play_game_t *g, bool declared, strbuf_t *out);
/* `hint` where a person may declare the one-die rule before the roll:
 * both choices rolled out and explained; false (nothing said) elsewhere. */
bool play_onedie_hint(play_game_t *g, strbuf_t *out);

#endif
