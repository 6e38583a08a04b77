/*
 * web_session.c - the sessions of `brade serve` and the workers that run
 * their long calls (see web_session.h).
 *
 * Locks: the table's lock guards the table, the queue and every session's
 * bookkeeping (users, seen, the job's state, body and result); a
 * session's own lock guards its tutor while a call runs.  The table's
 * lock is never taken while waiting for a session's, except to close an
 * idle session nobody holds.
 */
#define _XOPEN_SOURCE 700
#include "web/web_session.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef enum { JOB_NONE, JOB_QUEUED, JOB_RUNNING, JOB_DONE } job_state_t;

typedef struct session {
    char id[WEB_SESSION_ID + 1];
    pthread_mutex_t lock; /* held while a call runs on app */
    web_app_t app;
    int users;            /* calls under way or queued */
    time_t seen;          /* the last call's end */
    job_state_t job;
    char job_route[32];
    json_t *job_body;     /* owned until the worker is done with it */
    json_t *job_result;   /* owned until the page collects it */
    int job_status;
    time_t job_asked;     /* when the page last asked after it */
} session_t;

enum { WORKERS_MAX = 8 };

struct web_sessions {
    web_home_t *home;
    lang_t lang;
    pthread_mutex_t lock;
    pthread_cond_t work;
    session_t *s[WEB_SESSIONS_MAX];
    session_t *queue[WEB_SESSIONS_MAX]; /* a ring: one job per session at most */
    int qhead, qlen;
    pthread_t workers[WORKERS_MAX];
    int nworkers;
    bool quitting;
};

/* A new session id: 16 random bytes as hex. */
static bool new_id(char out[WEB_SESSION_ID + 1])
{
    unsigned char b[WEB_SESSION_ID / 2];
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    bool ok = fd >= 0 && read(fd, b, sizeof b) == (ssize_t)sizeof b;
    if (fd >= 0)
        close(fd);
    for (size_t i = 0; ok && i < sizeof b; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    return ok;
}

/* Saves and frees a session nobody uses. */
static void session_free(session_t *x)
{
    web_app_close(&x->app);
    json_decref(x->job_body);
    json_decref(x->job_result);
    pthread_mutex_destroy(&x->lock);
    free(x);
}

/* The session named `id` (table locked), or NULL. */
static session_t *find(web_sessions_t *s, const char *id)
{
    if (!id || strlen(id) != WEB_SESSION_ID)
        return NULL;
    for (int i = 0; i < WEB_SESSIONS_MAX; i++)
        if (s->s[i] && strcmp(s->s[i]->id, id) == 0)
            return s->s[i];
    return NULL;
}

/* A new session (table locked) in a free slot, or in the slot of the
 * session idle longest when that has been idle a minute; NULL when the
 * table is full of sessions in use, or out of memory. */
static session_t *make(web_sessions_t *s, time_t now)
{
    int slot = -1;
    for (int i = 0; i < WEB_SESSIONS_MAX && slot < 0; i++)
        if (!s->s[i])
            slot = i;
    if (slot < 0) {
        for (int i = 0; i < WEB_SESSIONS_MAX; i++) {
            session_t *x = s->s[i];
            if (x->users == 0 && (x->job == JOB_NONE || x->job == JOB_DONE) && now - x->seen >= SESSION_IDLE_S &&
                (slot < 0 || x->seen < s->s[slot]->seen))
                slot = i;
        }
        if (slot < 0)
            return NULL;
        session_free(s->s[slot]);
        s->s[slot] = NULL;
    }
    session_t *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    if (!new_id(x->id) || !web_app_open(&x->app, s->home, s->lang)) {
        free(x);
        return NULL;
    }
    pthread_mutex_init(&x->lock, NULL);
    x->seen = now;
    s->s[slot] = x;
    return x;
}

/* A worker: runs queued jobs until the table closes. */
static void *worker(void *arg)
{
    web_sessions_t *s = arg;
    pthread_mutex_lock(&s->lock);
    for (;;) {
        while (!s->quitting && s->qlen == 0)
            pthread_cond_wait(&s->work, &s->lock);
        if (s->qlen == 0)
            break;
        session_t *x = s->queue[s->qhead];
        s->qhead = (s->qhead + 1) % WEB_SESSIONS_MAX;
        s->qlen--;
        bool stopped = s->quitting || x->app.stop;
        x->job = JOB_RUNNING;
        pthread_mutex_unlock(&s->lock);

        json_t *res;
        int status = 200;
        pthread_mutex_lock(&x->lock);
        if (stopped)
            res = json_pack("{s:b}", "stopped", true);
        else
            res = web_app_call(&x->app, x->job_route, x->job_body, &status);
        pthread_mutex_unlock(&x->lock);

        pthread_mutex_lock(&s->lock);
        json_decref(x->job_body);
        x->job_body = NULL;
        json_decref(x->job_result);
        x->job_result = res;
        x->job_status = status;
        x->job = JOB_DONE;
        x->users--;
        x->seen = time(NULL);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Makes the table (see web_session.h). */
web_sessions_t *web_sessions_new(web_home_t *home, lang_t lang, int workers)
{
    web_sessions_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->home = home;
    s->lang = lang;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->work, NULL);
    if (workers < 1)
        workers = 1;
    if (workers > WORKERS_MAX)
        workers = WORKERS_MAX;
    for (int i = 0; i < workers; i++)
        if (pthread_create(&s->workers[s->nworkers], NULL, worker, s) == 0)
            s->nworkers++;
    if (s->nworkers == 0) {
        pthread_cond_destroy(&s->work);
        pthread_mutex_destroy(&s->lock);
        free(s);
        return NULL;
    }
    return s;
}

/* Stops the jobs, refuses new calls (see web_session.h). */
void web_sessions_quit(web_sessions_t *s)
{
    pthread_mutex_lock(&s->lock);
    s->quitting = true;
    for (int i = 0; i < WEB_SESSIONS_MAX; i++)
        if (s->s[i] && s->s[i]->job == JOB_RUNNING)
            s->s[i]->app.stop = 1;
    pthread_cond_broadcast(&s->work);
    pthread_mutex_unlock(&s->lock);
}

/* Closes it (see web_session.h). */
void web_sessions_close(web_sessions_t *s)
{
    web_sessions_quit(s);
    for (int i = 0; i < s->nworkers; i++)
        pthread_join(s->workers[i], NULL);
    for (int i = 0; i < WEB_SESSIONS_MAX; i++)
        if (s->s[i]) {
            pthread_mutex_lock(&s->s[i]->lock); /* a call still on a request's thread ends first */
            pthread_mutex_unlock(&s->s[i]->lock);
            session_free(s->s[i]);
        }
    pthread_cond_destroy(&s->work);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

/* {"error": why} with a status. */
static json_t *fail(int *status, int code, const char *why)
{
    *status = code;
    return json_pack("{s:s}", "error", why);
}

/* The job's state for the page (table locked): running (with how far),
 * or its result, handed over once. */
static json_t *job_state(session_t *x, time_t now, int *status)
{
    if (x->job == JOB_NONE)
        return fail(status, 404, "no job is under way");
    x->job_asked = now;
    if (x->job == JOB_DONE) {
        json_t *res = x->job_result;
        *status = x->job_status;
        x->job_result = NULL;
        x->job = JOB_NONE;
        if (json_is_object(res))
            json_object_set_new(res, "job_done", json_string(x->job_route));
        return res;
    }
    return json_pack("{s:s, s:b, s:b, s:i, s:i}", "job", x->job_route, "running", true, "queued",
                     x->job == JOB_QUEUED, "done", (int)x->app.done, "total", (int)x->app.total);
}

/* One call (see web_session.h). */
json_t *web_sessions_call(web_sessions_t *s, const char *id, const char *route, json_t *body, int *status,
                          char out_id[WEB_SESSION_ID + 1])
{
    *status = 200;
    out_id[0] = '\0';
    time_t now = time(NULL);
    pthread_mutex_lock(&s->lock);
    if (s->quitting) {
        pthread_mutex_unlock(&s->lock);
        return fail(status, 503, "the server is stopping");
    }
    session_t *x = find(s, id);
    if (!x) {
        x = make(s, now);
        if (!x) {
            pthread_mutex_unlock(&s->lock);
            return fail(status, 503, "too many sessions are open; try again in a minute");
        }
        memcpy(out_id, x->id, sizeof x->id);
    }
    if (strcmp(route, "job") == 0) {
        json_t *res = job_state(x, now, status);
        pthread_mutex_unlock(&s->lock);
        return res;
    }
    bool busy = x->job == JOB_QUEUED || x->job == JOB_RUNNING;
    if (strcmp(route, "stop") == 0) {
        if (busy)
            x->app.stop = 1;
        pthread_mutex_unlock(&s->lock);
        return json_pack("{s:b}", "stopping", busy);
    }
    if (busy) {
        json_t *res = fail(status, 409, "still working on the last request: wait for it, or stop it");
        json_object_set_new(res, "busy", json_true());
        json_object_set_new(res, "job", json_string(x->job_route));
        pthread_mutex_unlock(&s->lock);
        return res;
    }
    x->users++;
    pthread_mutex_unlock(&s->lock);

    pthread_mutex_lock(&x->lock);
    json_t *res = NULL;
    bool queued = false;
    if (web_app_is_long(&x->app, route, body)) {
        pthread_mutex_lock(&s->lock);
        if (x->job == JOB_QUEUED || x->job == JOB_RUNNING || s->quitting) {
            res = fail(status, 409, "still working on the last request: wait for it, or stop it");
        } else {
            json_decref(x->job_result); /* a result never collected */
            x->job_result = NULL;
            snprintf(x->job_route, sizeof x->job_route, "%s", route);
            x->job_body = body ? json_deep_copy(body) : NULL;
            x->job = JOB_QUEUED;
            x->job_asked = now;
            x->app.stop = 0;
            x->app.done = x->app.total = 0;
            s->queue[(s->qhead + s->qlen) % WEB_SESSIONS_MAX] = x;
            s->qlen++;
            pthread_cond_signal(&s->work);
            queued = true; /* the worker ends its use */
            *status = 202;
            res = json_pack("{s:s, s:b}", "job", route, "running", true);
        }
        pthread_mutex_unlock(&s->lock);
    } else {
        x->app.stop = 0;
        res = web_app_call(&x->app, route, body, status);
    }
    pthread_mutex_unlock(&x->lock);
    if (!queued) {
        pthread_mutex_lock(&s->lock);
        x->users--;
        x->seen = time(NULL);
        pthread_mutex_unlock(&s->lock);
    }
    return res;
}

/* Stops the jobs nobody asks after (see web_session.h). */
void web_sessions_tick(web_sessions_t *s)
{
    time_t now = time(NULL);
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < WEB_SESSIONS_MAX; i++) {
        session_t *x = s->s[i];
        if (x && (x->job == JOB_QUEUED || x->job == JOB_RUNNING) && now - x->job_asked > JOB_ABANDON_S)
            x->app.stop = 1;
    }
    pthread_mutex_unlock(&s->lock);
}

int web_sessions_count(web_sessions_t *s)
{
    int n = 0;
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < WEB_SESSIONS_MAX; i++)
        n += s->s[i] != NULL;
    pthread_mutex_unlock(&s->lock);
    return n;
}
