/*
 * paths.h - where the program finds things: the course (lessons/ and
 * puzzles/), the user's state directory (progress, history), and today's
 * date.
 *
 * The course is looked for in this order: a --course DIR flag, then
 * $BRADE_COURSE, then the source tree when the program runs from its build
 * directory, then share/brade beside the program's bin/ directory (so an
 * installed tree works wherever it is copied: a DESTDIR, a moved prefix),
 * then the installed data directory (BRADE_DATA_DIR).  The state
 * directory is $XDG_STATE_HOME/brade, or ~/.local/state/brade.
 *
 * Ownership: results go into caller buffers.
 */
#ifndef BRADE_CLI_PATHS_H
#define BRADE_CLI_PATHS_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>

/* The course directory; `flag` is the --course value or NULL.  Returns
 * false when none is found (buf then names the last place tried). */
bool paths_course_dir(const char *flag, char *buf, size_t size);
/* The folder of the web page's files (index.html and its modules): web/
 * beside the course, found as the course is ($BRADE_WEB_DIR first).
 * False when there is none. */
bool paths_web_dir(char *buf, size_t size);
/* The glossary (docs/glossary.md) opened for reading, from the first of:
 * COURSE_DIR/docs/, the installed data directory's docs/, the source
 * tree's docs/; NULL when there is none.  The caller closes it. */
FILE *paths_glossary_open(const char *course_dir);
/* The state directory, created (mode 0700) when missing.  Returns false
 * (with a reason in `why`) when there is no usable one. */
bool paths_state_dir(char *buf, size_t size, char *why, size_t why_size);
/* The newest record the play mode saved in state_dir/games (named
 * YYYY-MM-DD-N.txt: the latest day, then the highest N), written into buf;
 * false when there is none. */
bool paths_newest_game(const char *state_dir, char *buf, size_t size);
/* The names of the game records in state_dir/games (YYYY-MM-DD-N.txt),
 * newest first, at most max (and 256); returns how many. */
int paths_list_games(const char *state_dir, char names[][32], int max);
/* True when `name` is a game record's name as the play mode writes them
 * (so no path: safe to join to the games folder). */
bool paths_is_game_name(const char *name);
/* Today as a day number (days since 1970-01-01, local time), or the date
 * in $BRADE_TODAY (YYYY-MM-DD) when set, which the tests use. */
long paths_today(void);
/* Parses YYYY-MM-DD into a day number; -1 if malformed. */
long paths_parse_day(const char *s);
/* Writes a day number as YYYY-MM-DD (buf of at least 11 bytes). */
void paths_format_day(long day, char *buf, size_t size);

#endif
