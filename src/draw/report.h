/*
 * report.h - the learner's progress as the front ends show it: lessons
 * completed, puzzles solved and failed, what is due, the ratings per
 * theme (text), and the ratings over time (an SVG chart).  Values in,
 * text and pictures out; the REPL prints them, the page shows them.
 *
 * Ownership: the caller's buffers.
 */
#ifndef BRADE_DRAW_REPORT_H
#define BRADE_DRAW_REPORT_H

#include <stdbool.h>

#include "content/strbuf.h"
#include "front/game_stats.h"
#include "tutor/progress.h"
#include "tutor/tutor.h"

/* Lessons completed (with the day), puzzles (each tried one with its last
 * result and when it is due), what is due today, the lesson questions in
 * the review schedule, the ratings weakest theme first. */
void report_progress_text(const tutor_t *t, strbuf_t *out);
/* The overall rating and the most practised themes' over time, one point
 * a day practised; false (nothing written) before the first puzzle. */
bool report_progress_chart(const progress_t *p, lang_t lang, strbuf_t *svg);
/* The learner's reviewed games (front/game_stats.h) per ruleset: how
 * many, errors a game, millipoints given away a decision, and the same
 * over the last five when there are more; nothing before the first. */
void report_games_text(const game_stat_t *g, int n, lang_t lang, strbuf_t *out);
/* Millipoints given away a decision over time, a line a ruleset; false
 * (nothing written) before the first reviewed game. */
bool report_games_chart(const game_stat_t *g, int n, lang_t lang, strbuf_t *svg);

#endif
