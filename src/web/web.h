/*
 * web.h - `brade serve`: the tutor in a web page (docs/web.md).  The page's
 * files are served from their folder, and a small JSON API translates
 * between the page and the tutor's values; no rule, judgement or game is
 * decided here.
 *
 * Two halves: web_http.c (libmicrohttpd: the access rules, the page's
 * files, the API's transport, shutdown on SIGINT/SIGTERM) and web_api.c
 * (jansson: each API call as the tutor's functions, the view as JSON).
 *
 * Ownership: web_serve owns everything it makes and frees it before it
 * returns; web_app_t is owned by its caller (web_http.c).
 */
#ifndef BRADE_WEB_WEB_H
#define BRADE_WEB_WEB_H

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

/* The learner's tutor behind the page: the same course, progress file and
 * settings as the terminal tutor's. */
typedef struct web_app {
    course_t course;
    progress_t progress;
    tutor_t tutor;
    lang_t lang;
    bool have_state;
    char state_dir[4096];
    strbuf_t words;        /* the tutor's words for the last call */
    steps_state_t steps;   /* a play being made by clicks */
    bool stepping;
    play_game_t *game;     /* a game against the engine, or NULL (owned) */
    char game_path[4200];  /* where its record is written as it goes */
    size_t game_stored;    /* how much of it is written */
    int games_started;     /* for each new game's seed */
} web_app_t;

/* Opens the learner's tutor (course dir: NULL for the bundled one).
 * False with why on stderr. */
bool web_app_open(web_app_t *a, const char *course, lang_t lang);
void web_app_close(web_app_t *a);
/* One API call: `route` ("lesson", "answer", ...) with its JSON body (may
 * be NULL).  Returns the answer (a new reference) and sets *status (200,
 * or 400/404 with {"error": "..."}). */
json_t *web_app_call(web_app_t *a, const char *route, json_t *body, int *status);

#endif
