/*
 * game_stats.c - the learner's reviewed games (see game_stats.h).
 */
#include "front/game_stats.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "content/readfile.h"
#include "content/strbuf.h"
#include "front/paths.h"
#include "front/savefile.h"

#define HEADER "brade-reviews 1\n"

/* Reads one line into s; false when it is not one. */
static bool parse_line(const char *line, game_stat_t *s)
{
    char name[64], rules[64], day[16];
    double lost;
    int dec, err;
    memset(s, 0, sizeof *s);
    if (sscanf(line, "%63s rules=%63s day=%15s decisions=%d errors=%d lost=%lf", name, rules, day, &dec, &err,
               &lost) != 6)
        return false;
    if (!paths_is_game_name(name) || strlen(name) >= sizeof s->name || strlen(rules) >= sizeof s->rules || dec < 0 || err < 0 || err > dec ||
        !(lost >= 0 && lost < 1e6))
        return false;
    long d = paths_parse_day(day);
    if (d < 0)
        return false;
    memcpy(s->name, name, strlen(name) + 1);
    memcpy(s->rules, rules, strlen(rules) + 1);
    s->day = d;
    s->decisions = dec;
    s->errors = err;
    s->lost = lost;
    return true;
}

/* One line of the file. */
static void format_line(const game_stat_t *s, strbuf_t *out)
{
    char day[16];
    paths_format_day(s->day, day, sizeof day);
    strbuf_addf(out, "%s rules=%s day=%s decisions=%d errors=%d lost=%.3f\n", s->name, s->rules, day, s->decisions,
                s->errors, s->lost);
}

/* Oldest game first, then by name. */
static int by_day(const void *a, const void *b)
{
    const game_stat_t *x = a, *y = b;
    if (x->day != y->day)
        return x->day < y->day ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* The lines of the file at `path` (see game_stats_read). */
static int read_file(const char *path, game_stat_t **out)
{
    *out = NULL;
    size_t len = 0;
    char *text = readfile_regular(path, 4u << 20, &len);
    if (!text)
        return 0;
    int n = 0, cap = 0;
    game_stat_t *v = NULL;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        game_stat_t s;
        if (parse_line(line, &s)) {
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                game_stat_t *w = realloc(v, (size_t)cap * sizeof *w);
                if (!w)
                    break;
                v = w;
            }
            v[n++] = s;
        }
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    if (n)
        qsort(v, (size_t)n, sizeof *v, by_day);
    *out = v;
    return n;
}

int game_stats_read(const char *state_dir, game_stat_t **out)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/reviews", state_dir);
    return read_file(path, out);
}

bool game_stats_add(const char *state_dir, const game_stat_t *s, char *err, size_t errsize)
{
    char path[4200], lock[4300];
    snprintf(path, sizeof path, "%s/reviews", state_dir);
    snprintf(lock, sizeof lock, "%s.lock", path);
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd >= 0)
        flock(fd, LOCK_EX); /* the other window's write first; none to be had: write all the same */
    game_stat_t *v;
    int n = read_file(path, &v);
    strbuf_t out;
    strbuf_init(&out);
    strbuf_add(&out, HEADER);
    for (int i = 0; i < n; i++)
        if (strcmp(v[i].name, s->name) != 0)
            format_line(&v[i], &out);
    free(v);
    format_line(s, &out);
    bool ok = savefile_write(path, strbuf_str(&out), out.len);
    if (!ok)
        snprintf(err, errsize, "cannot write %s: %s", path, savefile_strerror(errno));
    strbuf_free(&out);
    if (fd >= 0) {
        flock(fd, LOCK_UN);
        close(fd);
    }
    return ok;
}

bool game_stats_own_record(const char *state_dir, const char *path, char *name, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!paths_is_game_name(base))
        return false;
    char games[4200];
    int w = snprintf(games, sizeof games, "%s/games/", state_dir);
    if (w < 0 || (size_t)w >= sizeof games || strncmp(path, games, (size_t)w) != 0 || strchr(path + w, '/'))
        return false;
    snprintf(name, size, "%s", base);
    return true;
}

void game_stats_fill(game_stat_t *s, const review_t *rv, int side, const char *rules)
{
    const review_side_t *v = &rv->side[side];
    s->decisions = v->decisions + v->cube_decisions;
    s->errors = v->errors[1] + v->errors[2] + v->errors[3] + v->cube_errors[1] + v->cube_errors[2] +
                v->cube_errors[3];
    s->lost = v->lost + v->cube_lost;
    snprintf(s->rules, sizeof s->rules, "%s", rules ? rules : "?");
    char day[11];
    memcpy(day, s->name, 10);
    day[10] = '\0';
    s->day = paths_parse_day(day);
}
