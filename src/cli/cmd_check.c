/*
 * cmd_check.c - `brade check [--no-rollouts] [FILES...]`: validate course
 * files, all the bundled ones when none are named; exit status 1 on any
 * error.  Best-play claims are rolled out again unless --no-rollouts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "front/interrupt.h"
#include "cli/cmd.h"
#include "front/progress_line.h"
#include "front/course_env.h"
#include "front/paths.h"
#include "content/check.h"

/* Runs `brade check`: the named files and directories, or the bundled course. */
/* The progress line of the best-play rollouts (a terminal only). */
static void check_progress(void *ud, const char *file, int rolled)
{
    progress_line_t *pl = ud;
    if (rolled < 0) {
        progress_line_end(pl);
        return;
    }
    const char *base = file ? strrchr(file, '/') : NULL;
    char what[160];
    snprintf(what, sizeof what, "rolling out best-play claims (%s):", base ? base + 1 : file ? file : "");
    progress_line_show(pl, what, rolled, 0);
}

int cmd_check(int argc, char **argv)
{
    const char *course = NULL;
    bool rollouts = true;
    const char *paths[256];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--course") == 0 && i + 1 < argc) {
            course = argv[++i];
        } else if (strcmp(argv[i], "--no-rollouts") == 0) {
            rollouts = false;
        } else if (strcmp(argv[i], "--rollouts") == 0) {
            rollouts = true; /* the default; the REPL's `check` needs asking */
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr,
                    "brade: check: unknown flag '%s' (usage: brade check [--course DIR] "
                    "[--no-rollouts|--rollouts] [FILES...])\n",
                    argv[i]);
            return 2;
        } else if (n < (int)(sizeof paths / sizeof paths[0])) {
            paths[n++] = argv[i];
        } else {
            fprintf(stderr,
                    "brade: check: too many files (at most 256; name directories instead)\n");
            return 2;
        }
    }
    char dir[4096], lessons[4200], puzzles[4200], mined[4200];
    if (n == 0) {
        if (!paths_course_dir(course, dir, sizeof dir)) {
            fprintf(stderr,
                    "brade: check: no course found (looked in %s); name files or use "
                    "--course DIR\n",
                    dir);
            return 2;
        }
        snprintf(lessons, sizeof lessons, "%s/lessons", dir);
        snprintf(puzzles, sizeof puzzles, "%s/puzzles", dir);
        if (access(lessons, F_OK) == 0)
            paths[n++] = lessons;
        if (access(puzzles, F_OK) == 0)
            paths[n++] = puzzles;
        snprintf(mined, sizeof mined, "%s/puzzles/mined", dir); /* docs/puzzles.md */
        if (access(mined, F_OK) == 0)
            paths[n++] = mined;
    }
    /* a course directory named on the command line means its lessons/ and
     * puzzles/; expanded[] points into paths[] or into owned[] (freed below) */
    const char *expanded[256];
    char *owned[256];
    int m = 0, nowned = 0;
    for (int i = 0; i < n; i++) {
        bool course_dir = false;
        static const char *const PARTS[3] = {"lessons", "puzzles", "puzzles/mined"};
        for (int k = 0; k < 3; k++) {
            char sub[4200];
            snprintf(sub, sizeof sub, "%s/%s", paths[i], PARTS[k]);
            if (access(sub, F_OK) != 0 || m >= 256)
                continue;
            course_dir = true;
            owned[nowned] = strdup(sub);
            if (owned[nowned])
                expanded[m++] = owned[nowned++];
        }
        if (!course_dir && m < 256)
            expanded[m++] = paths[i];
    }
    bool colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
    check_result_t res;
    progress_line_t pl;
    progress_line_start(&pl);
    bool ok = check_paths_progress(expanded, m, course_env_explain, rollouts, interrupt_flag(),
                                   stdout, colour, &res, check_progress, &pl);
    for (int i = 0; i < nowned; i++)
        free(owned[i]);
    return ok ? 0 : 1;
}
