/*
 * cmd_mine.c - `brade-lab mine`: puzzles mined from games into a course
 * file (lab/mine.h, docs/puzzles.md).
 *
 *   brade-lab mine [--rules R] --games N [--seed S] [--best on|off] [--max K] --out FILE
 *
 * Leaves out the boards the bundled course shows; prints what it kept and
 * why it dropped the rest.  Ctrl-C stops it; what was found is written.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "content/load.h"
#include "front/args.h"
#include "front/course_env.h"
#include "front/interrupt.h"
#include "front/paths.h"
#include "front/savefile.h"
#include "lab/lab.h"
#include "lab/mine.h"

/* One line on stderr per game, when it is a terminal. */
static void progress(void *ud, int done, int games, int made)
{
    (void)ud;
    if (isatty(2))
        fprintf(stderr, "\rmining: game %d of %d, %d puzzles", done, games, made);
}

int cmd_mine(int argc, char **argv)
{
    const char *rules = "lyckans-talisman", *out = NULL;
    long games = 0, seed = 1, max = 0;
    bool best = true;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "brade-lab: %s needs a value\n", f);
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(f, "--rules") == 0)
            rules = v;
        else if (strcmp(f, "--out") == 0)
            out = v;
        else if (strcmp(f, "--best") == 0 && (strcmp(v, "on") == 0 || strcmp(v, "off") == 0))
            best = strcmp(v, "on") == 0;
        else if (strcmp(f, "--games") == 0) {
            if (!args_number(f, v, 1, 10000000, &games))
                return 2;
        } else if (strcmp(f, "--seed") == 0) {
            if (!args_number(f, v, 0, 2147483647L, &seed))
                return 2;
        } else if (strcmp(f, "--max") == 0) {
            if (!args_number(f, v, 0, 10000000, &max))
                return 2;
        } else {
            fprintf(stderr, "brade-lab: mine: unknown flag '%s' or a wrong value '%s' (brade-lab help)\n", f, v);
            return 2;
        }
    }
    if (!games || !out) {
        fprintf(stderr, "brade-lab: mine needs --games N and --out FILE\n");
        return 2;
    }
    mine_opts_t o;
    memset(&o, 0, sizeof o);
    rules_error_t re;
    if (!rules_parse(rules, &o.rules, &re)) {
        fprintf(stderr, "brade-lab: unknown ruleset '%s'\n", rules);
        return 2;
    }
    o.games = (int)games;
    o.seed = (uint64_t)seed;
    o.best = best;
    o.max = (int)max;
    /* the bundled course: its boards are not mined again */
    course_t course;
    course_init(&course);
    char dir[4096];
    diag_list_t d;
    diag_list_init(&d);
    if (paths_course_dir(NULL, dir, sizeof dir))
        course_env_load(dir, &course, &d);
    diag_list_free(&d);
    o.course = &course;
    struct sigaction old;
    o.stop = interrupt_catch(&old);
    o.progress = progress;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    strbuf_t text;
    strbuf_init(&text);
    mine_stats_t st;
    bool ok = mine_run(&o, &text, &st);
    interrupt_release(&old);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (isatty(2))
        fprintf(stderr, "\n");
    course_free(&course);
    int rc = 0;
    if (st.made == 0) /* a course file lists at least one puzzle */
        fprintf(stderr, "brade-lab: no puzzle was found; %s is not written\n", out);
    else if (!savefile_write(out, strbuf_str(&text), text.len)) {
        fprintf(stderr, "brade-lab: cannot write %s\n", out);
        rc = 1;
    }
    strbuf_free(&text);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("%s: %d games, %d positions, %d puzzles (win-most %d, no-sprangjan %d, no-jan %d, "
           "keep-janblotta-in %d, best %d) in %.1f s\n",
           o.rules.name, st.games, st.positions, st.made, st.by_goal[GOAL_WIN_MOST], st.by_goal[GOAL_NO_SPRANGJAN],
           st.by_goal[GOAL_NO_JAN], st.by_goal[GOAL_KEEP_JANBLOTTA_IN], st.by_goal[GOAL_BEST], secs);
    printf("best-play rollouts: %d, unclear %d, no words %d; left out: %d met before, %d on the course's boards\n",
           st.best_tried, st.best_unclear, st.best_no_words, st.repeated, st.known);
    printf("difficulty 1-5: %d %d %d %d %d\n", st.by_difficulty[1], st.by_difficulty[2], st.by_difficulty[3],
           st.by_difficulty[4], st.by_difficulty[5]);
    if (!ok) {
        fprintf(stderr, "brade-lab: mining stopped after %d games (what was found is in %s)\n", st.games, out);
        rc = 1;
    }
    return rc;
}
