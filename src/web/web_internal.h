/*
 * web_internal.h - what the API's files share (web_api.c: the session's
 * tutor, the view, the dispatch; web_game.c: a game and its review;
 * web_study.c: drill, progress, glossary).
 *
 * Ownership: every json_t returned is a new reference for the caller.
 */
#ifndef BRADE_WEB_WEB_INTERNAL_H
#define BRADE_WEB_WEB_INTERNAL_H

#include "web/web.h"

/* {"error": why}, *status set to code. */
json_t *web_fail(int *status, int code, const char *why);
/* A point of the mover's as the page names it: "bar" 0, "off" 25, 1..24;
 * -1 when it is none. */
int web_point_of(json_t *j);
/* The view of the open lesson, puzzle or drill, or of the game. */
json_t *web_view(web_app_t *a);

/* Writes the game's record as it stands (atomically) where games go. */
void web_game_store(web_app_t *a);
/* The engine's turns (until the person's, or the stop flag), then the
 * record written. */
void web_game_advance(web_app_t *a);
/* The game's view: the board from the person's side throughout. */
json_t *web_game_view(web_app_t *a);
/* `play`: a new game against the engine ({"rules"?, "level"?}). */
json_t *web_game_start(web_app_t *a, json_t *body, int *status);
/* `game`: a word of the game (roll, double, take, ...). */
json_t *web_game_word(web_app_t *a, const char *w, json_t *body, int *status);
/* `targets`: where a checker may go (a game only). */
json_t *web_game_targets(web_app_t *a, json_t *body, int *status);
/* `review`: the session's game, or a record of the games folder
 * ({"record": NAME}), or the newest one; each mistake on its own board. */
json_t *web_game_review(web_app_t *a, json_t *body, int *status);
/* `mistakes`: the last review's confirmed mistakes appended to the
 * learner's own puzzles (mine.yaml, as the terminal's review does), the
 * course loaded again with them and this session moved to it. */
json_t *web_game_mistakes(web_app_t *a, int *status);
/* Forgets the last review. */
void web_game_review_drop(web_app_t *a);
/* Moves the session to the newest generation of the course (see web.h)
 * when no question of the old one is open, or `force`. */
void web_app_follow_course(web_app_t *a, bool force);
/* `rulesets`: the rulesets, levels and the settings' choices for a game. */
json_t *web_rulesets(web_app_t *a);
/* `games`: the records in the games folder, newest first. */
json_t *web_games(web_app_t *a);

/* `editor`: opens the position editor ({"rules"?, "from"?: "start",
 * "empty" or "board"}); `edit`: a checker placed or removed ({"point",
 * "colour", "place"}), who is on roll ({"turn"}), the roll ({"roll"}).
 * Both answer with the editor's view (web_editor_view). */
json_t *web_editor_open(web_app_t *a, json_t *body, int *status);
json_t *web_editor_edit(web_app_t *a, json_t *body, int *status);
/* The editor's view: the board, its position id, the notes of what the
 * rules forbid, and the YAML of a puzzle and of a lesson step's position. */
json_t *web_editor_view(web_app_t *a);

/* `preview`: a lesson or puzzle file ({"text", "name"?}) loaded as `brade
 * check` loads it (the rollouts not played again): its diagnostics, and
 * each step and puzzle as the learner meets it. */
json_t *web_preview(web_app_t *a, json_t *body, int *status);

/* `drill`: the next lesson question the review schedule asks again. */
json_t *web_drill(web_app_t *a, int *status);
/* `progress`: the record as text, the counts, and the ratings' chart. */
json_t *web_progress(web_app_t *a);
/* `glossary`: the terms ({"word"?}: those that match). */
json_t *web_glossary(web_app_t *a, json_t *body, int *status);

#endif
