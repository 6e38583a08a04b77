/*
 * web_session.h - the sessions of `brade serve` and the workers that run
 * their long calls (docs/web.md, "Sessions and long work").
 *
 * A session is one browser (its cookie `brade_session`): its own tutor
 * (web_app_t: the lesson or puzzle open, a game, the words), all on the
 * one shared course and the one progress file.  The table is bounded:
 * when it is full, the session idle longest (and at least a minute) is
 * saved and closed to make room; when none is, the newcomer is refused.
 *
 * A call runs under its session's lock, on the request's thread, except a
 * long one (web_app_is_long: a review, a game's hint), which is queued for
 * a worker; the page then asks for the job's state (`job`) until it is
 * done, and may stop it (`stop`).  While a session's job runs, its other
 * calls are refused as busy (409), every other session is served.  A job
 * whose page stopped asking (closed, gone) for JOB_ABANDON_S seconds is
 * stopped.
 *
 * Ownership: the table owns its sessions and their jobs' bodies and
 * results; web_sessions_close stops the workers, saves and frees them all.
 */
#ifndef BRADE_WEB_WEB_SESSION_H
#define BRADE_WEB_WEB_SESSION_H

#include <jansson.h>
#include <stdbool.h>

#include "web/web.h"

enum { WEB_SESSIONS_MAX = 64, WEB_SESSION_ID = 32, JOB_ABANDON_S = 10, SESSION_IDLE_S = 60 };

typedef struct web_sessions web_sessions_t;

/* The table with `workers` threads (1..8).  NULL when out of memory. */
web_sessions_t *web_sessions_new(web_home_t *home, lang_t lang, int workers);
/* Stops every job and refuses calls from now on (503): the first step of
 * shutting down, before the HTTP side waits for its requests to end. */
void web_sessions_quit(web_sessions_t *s);
/* Quits, waits for the workers, saves and frees every session. */
void web_sessions_close(web_sessions_t *s);

/* One API call for the session named by `id` (NULL or unknown: a new
 * session, whose id is written to new_id, else new_id is ""): run now, or
 * queued when long (answer 202 {"job": ROUTE}), or the job's state or its
 * result (`job`), or the stop button (`stop`).  Returns the answer and
 * sets *status. */
json_t *web_sessions_call(web_sessions_t *s, const char *id, const char *route, json_t *body, int *status,
                          char new_id[WEB_SESSION_ID + 1]);

/* Housekeeping, about once a second: stops the jobs nobody asks after. */
void web_sessions_tick(web_sessions_t *s);

/* How many sessions are open (for tests and the load benchmark's
 * report). */
int web_sessions_count(web_sessions_t *s);

#endif
