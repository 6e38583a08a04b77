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
 * returns; a web_home_t is shared by every session's web_app_t and
 * outlives them.  Its course is read only, in generations: when the
 * learner's own puzzles grow (a review's mistakes made into puzzles) a new
 * generation is loaded and made current, and each session moves to it at
 * its next call that has no question of the old one open; a generation is
 * freed when the last session leaves it (web_course_t's count).  Each
 * web_app_t is its session's.
 */
#ifndef BRADE_WEB_WEB_H
#define BRADE_WEB_WEB_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <jansson.h>

#include "content/course.h"
#include "tutor/progress.h"
#include "tutor/play.h"
#include "tutor/playrec.h"
#include "tutor/review.h"
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

/* One generation of the course (the bundled one and the learner's own
 * puzzles, as loaded at one time): read only; `refs` counts the sessions
 * on it and the home while it is current (under the home's lock). */
typedef struct web_course {
    course_t course;
    int refs;
} web_course_t;

/* What every session shares: the course and where the learner's progress
 * and games are kept. */
typedef struct web_home {
    pthread_mutex_t lock;  /* guards `current` and every generation's refs */
    web_course_t *current; /* the newest generation */
    bool have_course;
    char course_dir[4096];
    bool have_state;
    char state_dir[4096];
} web_home_t;

/* Loads the course (dir: NULL for the bundled one) and finds the state
 * directory; problems on stderr.  False only when out of memory. */
bool web_home_open(web_home_t *h, const char *course);
/* Frees the home; every session has left it. */
void web_home_close(web_home_t *h);
/* The current generation, counted for the caller (give it back with
 * web_home_leave). */
web_course_t *web_home_enter(web_home_t *h);
/* The caller is done with generation c: freed when nobody else is on it. */
void web_home_leave(web_home_t *h, web_course_t *c);
/* Loads the course and the learner's own puzzles again as a new current
 * generation (after mine.yaml grew).  False (the old one kept) when out
 * of memory. */
bool web_home_reload(web_home_t *h);

/* One session's tutor behind the page (a browser, by its cookie): the
 * same course, progress file and settings as the terminal tutor's.  Two
 * sessions' progress meet in the file: each save merges (progress.h). */
typedef struct web_app {
    web_home_t *home;
    web_course_t *gen;      /* the course generation this session is on (counted) */
    const course_t *course; /* its course */
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
    /* the last review (`review`), kept for `mistakes`: its record and
     * result, owned, and the record's file name */
    bool have_review;
    playrec_t review_rec;
    review_t review;
    char review_name[256];
    /* a long call's stop button (set from another thread; cleared when a
     * call starts) and how far it is (turns reviewed of all) */
    volatile sig_atomic_t stop;
    volatile sig_atomic_t done, total;
} web_app_t;

/* Opens a session's tutor on the shared home.  False (out of memory) with
 * why on stderr. */
bool web_app_open(web_app_t *a, web_home_t *home, lang_t lang);
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
