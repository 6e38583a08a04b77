/*
 * check.c - checking course files (see check.h).
 */
#include "content/check.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "content/readfile.h"

/* True when a and b are the same position, roll and ruleset. */
static bool same_setting(const position_t *a, const position_t *b)
{
    char ra[256], rb[256];
    if (!a->present || !b->present || a->have_roll != b->have_roll ||
        !board_equal(&a->board, &b->board))
        return false;
    if (a->have_roll && !((a->roll.a == b->roll.a && a->roll.b == b->roll.b) ||
                          (a->roll.a == b->roll.b && a->roll.b == b->roll.a)))
        return false;
    rules_format(&a->rules, ra, sizeof ra);
    rules_format(&b->rules, rb, sizeof rb);
    return strcmp(ra, rb) == 0;
}

/* Reports every puzzle set on a lesson step's position, roll and ruleset,
 * whatever it asks: a learner who did the lesson has studied that board, so
 * the puzzle tests memory rather than the idea, and the course has one
 * position fewer to practise on (the course review counted 41 such reuses).
 * The puzzle's file is read again for the source line under the message. */
static void check_lesson_copies(const course_t *c, diag_list_t *d)
{
    for (int i = 0; i < c->npuzzles; i++) {
        const puzzle_t *p = &c->puzzles[i];
        if (p->q.kind == QK_NONE) /* its question had errors: reported already */
            continue;
        for (int j = 0; j < c->nlessons; j++) {
            const lesson_t *l = &c->lessons[j];
            /* the step that asks the same, else any step on the same board */
            int k = -1;
            bool same_kind = false;
            for (int m = 0; m < l->nsteps && !same_kind; m++)
                if (same_setting(&l->steps[m].pos, &p->pos) &&
                    (k < 0 || l->steps[m].q.kind == p->q.kind)) {
                    k = m;
                    same_kind = l->steps[m].q.kind == p->q.kind;
                }
            if (k < 0)
                continue;
            size_t len = 0;
            char *text = readfile_regular(p->file, LOAD_MAX_FILE, &len);
            diag_add(d, DIAG_ERROR, p->file, text, len, p->pos.loc.line, p->pos.loc.col, 1,
                     "puzzle '%s' %s lesson '%s' step %d (%s:%d), on the same position and "
                     "roll: give the puzzle a position of its own, so that it practises the "
                     "idea rather than recalls the lesson's board",
                     p->id, same_kind ? "asks what is asked in" : "is set on the board of",
                     l->id, k + 1, l->file, l->steps[k].loc.line);
            if (text)
                diag_text_done(d, text);
            free(text);
            break;
        }
    }
}

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
    L.decisions = true; /* cheap next to rollouts: always */
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
    check_lesson_copies(&c, &d);
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
