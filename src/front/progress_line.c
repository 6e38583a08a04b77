/*
 * progress_line.c - a progress line on a terminal (see progress_line.h).
 */
#include "front/progress_line.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void progress_line_start(progress_line_t *p)
{
    p->on = isatty(STDERR_FILENO) != 0;
    p->shown = false;
    p->start = p->last = now();
}

void progress_line_show(progress_line_t *p, const char *what, long done, long total)
{
    if (!p->on)
        return;
    double t = now();
    if (t - p->last < 0.25 && done < total)
        return;
    p->last = t;
    double spent = t - p->start;
    fprintf(stderr, "\r%s %ld", what, done);
    if (total > 0) {
        fprintf(stderr, "/%ld", total);
        if (done > 0 && done < total)
            fprintf(stderr, ", %.0f s left", spent / (double)done * (double)(total - done));
    }
    fprintf(stderr, "\033[K");
    fflush(stderr);
    p->shown = true;
}

void progress_line_end(progress_line_t *p)
{
    if (p->on && p->shown) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
    p->shown = false;
}
