/*
 * bench_play.c - `brade bench --play`: the engine's reply time at each
 * level and the time a review of a whole game takes, on seeded games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cmd.h"
#include "tutor/play.h"
#include "tutor/review.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Plays `games` seeded games at `level` against itself, timing each
 * reply; prints the median, the 90th percentile and the slowest.  The
 * last game's record is left in *record (malloc'd). */
static void level_times(const rules_t *r, int level, int games, char **record)
{
    enum { MAX_TIMES = 20000 };
    double *t = malloc(sizeof *t * MAX_TIMES);
    int n = 0;
    strbuf_t out;
    strbuf_init(&out);
    for (int gi = 0; gi < games && t; gi++) {
        play_opts_t o;
        play_default_opts(&o);
        o.rules = *r;
        o.seed = 100 + (uint64_t)gi;
        o.seat[0] = o.seat[1] = (play_seat_t){SEAT_ENGINE, level};
        play_game_t *g = play_new(&o, &out);
        if (!g)
            break;
        while (g->state == PS_ENGINE) {
            double t0 = now();
            play_engine(g, &out);
            if (n < MAX_TIMES)
                t[n++] = now() - t0;
            strbuf_clear(&out);
        }
        if (record && gi == games - 1) {
            free(*record);
            *record = strdup(strbuf_str(&g->record));
        }
        play_free(g);
    }
    if (n > 0) {
        qsort(t, (size_t)n, sizeof *t, cmp_double);
        printf("engine level %d  %.1f ms a reply (median of %d in %d games; 90%% within %.1f ms, "
               "slowest %.1f ms)\n",
               level, 1000 * t[n / 2], n, games, 1000 * t[n * 9 / 10], 1000 * t[n - 1]);
    }
    free(t);
    strbuf_free(&out);
}

int bench_play(const rules_t *r)
{
    printf("rules          %s\n", r->name);
    char *record = NULL;
    for (int level = 0; level < PLAY_LEVELS; level++)
        level_times(r, level, level == 3 ? 1 : 4, level == 2 ? &record : NULL);
    if (!record)
        return 1;
    playrec_t pr;
    int line;
    char msg[256];
    if (!playrec_parse(record, strlen(record), &pr, &line, msg, sizeof msg)) {
        fprintf(stderr, "brade: bench record: %d: %s\n", line, msg);
        free(record);
        return 1;
    }
    review_opts_t ro;
    review_default_opts(&ro);
    ro.all = true;
    review_t rv;
    double t0 = now();
    bool ok = review_run(&pr, &ro, NULL, &rv);
    double secs = now() - t0;
    if (ok)
        printf("review         %.2f s for a game of %d decisions at %d-ply (%.1f ms a decision)\n", secs,
               rv.nitems, rv.plies, rv.nitems ? 1000 * secs / rv.nitems : 0.0);
    review_free(&rv);
    playrec_free(&pr);
    free(record);
    return ok ? 0 : 1;
}
