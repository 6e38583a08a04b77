/*
 * workq.h - a shared counter of jobs for worker threads: each worker takes
 * the next job number until none is left (rollouts, self-play matches,
 * training rounds and fitting all hand out their games this way).
 *
 * workq_run starts the workers (the caller's thread is one of them) and
 * waits for them.  A queue given a `stop` flag hands out no more jobs once
 * the flag is set (Ctrl-C in the REPL): the jobs under way finish, and the
 * caller learns from workq_stopped() that the rest were never started.
 *
 * Ownership: a workq_t is a plain struct the caller owns; workq_init and
 * workq_destroy bracket its mutex.
 */
#ifndef BRADE_ANALYSIS_WORKQ_H
#define BRADE_ANALYSIS_WORKQ_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

enum { WORKQ_MAX_THREADS = 16 };

typedef struct workq {
    pthread_mutex_t lock;
    int next;  /* the next job to hand out */
    int count; /* jobs 0..count-1 */
    const volatile sig_atomic_t *stop; /* NULL, or set to stop handing out jobs */
    bool stopped;                      /* a job was refused because of stop */
} workq_t;

static inline void workq_init(workq_t *q, int count)
{
    pthread_mutex_init(&q->lock, NULL);
    q->next = 0;
    q->count = count;
    q->stop = NULL;
    q->stopped = false;
}

/* True when the stop flag kept some jobs from being handed out. */
static inline bool workq_stopped(workq_t *q)
{
    pthread_mutex_lock(&q->lock);
    bool s = q->stopped;
    pthread_mutex_unlock(&q->lock);
    return s;
}

static inline void workq_destroy(workq_t *q)
{
    pthread_mutex_destroy(&q->lock);
}

/* The next job's number, or -1 when every job has been taken. */
static inline int workq_take(workq_t *q)
{
    pthread_mutex_lock(&q->lock);
    int k = q->next < q->count ? q->next++ : -1;
    if (k >= 0 && q->stop && *q->stop) {
        q->stopped = true;
        k = -1;
    }
    pthread_mutex_unlock(&q->lock);
    return k;
}

/* Runs fn on `threads` workers (at most WORKQ_MAX_THREADS), worker t
 * getting (char *)args + t * stride (stride 0: all share args); worker 0
 * runs on the calling thread.  A thread that cannot be started leaves its
 * share to the others, which take jobs from the same queue.  Returns when
 * every worker has returned. */
static inline void workq_run(int threads, void *(*fn)(void *), void *args, size_t stride)
{
    pthread_t tids[WORKQ_MAX_THREADS];
    int spawned = 0;
    for (int t = 1; t < threads && t < WORKQ_MAX_THREADS; t++) {
        if (pthread_create(&tids[t], NULL, fn, (char *)args + (size_t)t * stride) != 0)
            break;
        spawned = t;
    }
    fn(args);
    for (int t = 1; t <= spawned; t++)
        pthread_join(tids[t], NULL);
}

#endif
