/*
 * workq.h - a shared counter of jobs for worker threads: each worker takes
 * the next job number until none is left (rollouts, self-play matches,
 * training rounds and fitting all hand out their games this way).
 *
 * Ownership: a workq_t is a plain struct the caller owns; workq_init and
 * workq_destroy bracket its mutex.
 */
#ifndef BRADE_ANALYSIS_WORKQ_H
#define BRADE_ANALYSIS_WORKQ_H

#include <pthread.h>

typedef struct workq {
    pthread_mutex_t lock;
    int next;  /* the next job to hand out */
    int count; /* jobs 0..count-1 */
} workq_t;

static inline void workq_init(workq_t *q, int count)
{
    pthread_mutex_init(&q->lock, NULL);
    q->next = 0;
    q->count = count;
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
    pthread_mutex_unlock(&q->lock);
    return k;
}

#endif
