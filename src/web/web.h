/*
 * web.h - `brade serve`: the tutor in a web page (docs/web.md).  The page's
 * files are served from their folder, and a small JSON API translates
 * between the page and the tutor's values; no rule, judgement or game is
 * decided here.
 *
 * Three parts: web_http.c (libmicrohttpd: the access rules, the page's
 * files, the API's transport, shutdown on SIGINT/SIGTERM), web_session.c
 * (the sessions, one tutor each, and the workers that run long calls off
 * the request path) and web_api.c (jansson: each API call as the tutor's
 * functions, the view as JSON).
 *
 * Ownership: web_serve owns everything it makes and frees it before it
 * returns; a web_home_t is shared read-only by every session's web_app_t
 * (the course), and outlives them; each web_app_t is its session's.
 */
#ifndef BRADE_WEB_WEB_H
#define BRADE_WEB_WEB_H

#include <signal.h>
#include <stdbool.h>
#include <jansson.h>

#include "content/course.h"
#include "tutor/progress.h"
#include "tutor/play.h"
#include "tutor/steps.h"
#include "tutor/tutor.h"

typedef struct web_opts {
    int port;            /* 0: a free one */
    const char *listen;  /* NULL: 127.0.0.1 */
    const char *course;  /* NULL: the bundled course */
    const char *lang;    /* NULL: the settings' or the locale's */
    bool no_open;        /* print the address only */
} web_opts_t;

/* Runs the server until SIGINT or SIGTERM; returns the exit status. */
int web_serve(const web_opts_t *o);

/* What every session shares: the course (read only once loaded) and where
 * the learner's progress and games are kept. */
typedef struct web_home {
    course_t course;
    char course_dir[4096];
    bool have_state;
    char state_dir[4096];
} web_home_t;

/* Loads the course (dir: NULL for the bundled one) and finds the state
 * directory; problems on stderr.  False only when out of memory. */
bool web_home_open(web_home_t *h, const char *course);
void web_home_close(web_home_t *h);

/* One session's tutor behind the page (a browser, by its cookie): the
 * same course, progress file and settings as the terminal tutor's.  Two
 * sessions' progress meet in the file: each save merges (progress.h). */
typedef struct web_app {
    const web_home_t *home;
    const course_t *course; /* home's */
    progress_t progress;
    tutor_t tutor;
    lang_t lang;
    strbuf_t words;        /* the tutor's words for the last call */
    steps_state_t steps;   /* a play being made by clicks */
    bool stepping;
    play_game_t *game;     /* a game against the engine, or NULL (owned) */
    char game_path[4200];  /* where its record is written as it goes */
    size_t game_stored;    /* how much of it is written */
    int games_started;     /* for each new game's seed */
    /* the position editor (`editor`), when editing */
    bool editing;
    board_t ed_board;
    rules_t ed_rules;
    roll_t ed_roll;
    bool ed_have_roll;
    /* a long call's stop button (set from another thread; cleared when a
     * call starts) and how far it is (turns reviewed of all) */
    volatile sig_atomic_t stop;
    volatile sig_atomic_t done, total;
} web_app_t;

/* Opens a session's tutor on the shared home.  False (out of memory) with
 * why on stderr. */
bool web_app_open(web_app_t *a, const web_home_t *home, lang_t lang);
/* Saves what it holds (the progress record, a game's record) and frees
 * it. */
void web_app_close(web_app_t *a);
/* True when the call may take long (a review, a hint that rolls out): the
 * server runs it on a worker, off the request path, with a stop button. */
bool web_app_is_long(const web_app_t *a, const char *route, json_t *body);
/* One API call: `route` ("lesson", "answer", ...) with its JSON body (may
 * be NULL).  Returns the answer (a new reference) and sets *status (200,
 * or 400/404 with {"error": "..."}). */
json_t *web_app_call(web_app_t *a, const char *route, json_t *body, int *status);

#endif
