/*
 * check.c - checking course files (see check.h).
 */
#include "content/check.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

/* Loads every path into one course and prints all diagnostics (see check.h). */
bool check_paths(const char *const *paths, int n, content_explain_fn explain, bool rollouts,
                 const volatile sig_atomic_t *stop, FILE *out, bool colour,
                 check_result_t *res)
{
    return check_paths_progress(paths, n, explain, rollouts, stop, out, colour, res, NULL, NULL);
}

bool check_paths_progress(const char *const *paths, int n, content_explain_fn explain,
                          bool rollouts, const volatile sig_atomic_t *stop, FILE *out,
                          bool colour, check_result_t *res,
                          void (*on_rollout)(void *ud, const char *file, int rolled), void *ud)
{
    course_t c;
    diag_list_t d;
    course_loader_t L;
    course_init(&c);
    diag_list_init(&d);
    memset(res, 0, sizeof *res);
    if (!course_loader_init(&L, &c, &d, explain)) {
        fprintf(out, "brade: out of memory\n");
        course_free(&c);
        res->errors = 1;
        return false;
    }
    L.rollouts = rollouts;
    L.stop = stop;
    L.on_rollout = on_rollout;
    L.ud = ud;
    for (int i = 0; i < n; i++) {
        struct stat st;
        if (stat(paths[i], &st) != 0)
            diag_add(&d, DIAG_ERROR, paths[i], NULL, 0, 0, 0, 1, "cannot open: %s",
                     strerror(errno));
        else if (S_ISDIR(st.st_mode))
            course_load_dir(&L, paths[i]);
        else
            course_load_file(&L, paths[i]);
    }
    if (on_rollout)
        on_rollout(ud, NULL, -1); /* done: the caller clears its line */
    diag_print_all(out, &d, colour);
    res->files = c.files;
    res->lessons = c.nlessons;
    res->puzzles = c.npuzzles;
    res->errors = d.errors;
    res->best_claims = L.best_claims;
    res->best_rolled = L.best_rolled;
    res->best_games = L.best_games;
    res->stopped = L.stopped;
    fprintf(out, "%d file%s checked: %d lesson%s, %d puzzle%s, %d error%s\n", res->files,
            res->files == 1 ? "" : "s", res->lessons, res->lessons == 1 ? "" : "s", res->puzzles,
            res->puzzles == 1 ? "" : "s", res->errors, res->errors == 1 ? "" : "s");
    if (res->best_claims)
        fprintf(out, "best-play claims: %d, %d rolled out again (%ld games)%s\n", res->best_claims,
                res->best_rolled, res->best_games,
                rollouts ? "" : "; stated results checked for consistency only");
    if (res->stopped)
        fprintf(out, "stopped (Ctrl-C): the claims not rolled out again were checked as stated "
                     "only\n");
    course_loader_done(&L);
    diag_list_free(&d);
    course_free(&c);
    return res->errors == 0 && !res->stopped;
}
