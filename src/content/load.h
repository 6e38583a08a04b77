/*
 * load.h - loading course files: YAML text -> checked lessons and puzzles.
 *
 * A file is a lesson (`id`, `title`, `steps`) or a collection of puzzles
 * (`puzzles`); docs/authoring.md gives the format.  Loading reads every
 * position through the engine's position check and computes or verifies
 * every answer the engine can decide (content/goal.h).  Each problem is a
 * diagnostic with file, line and column; loading goes on after an error so
 * that one run reports them all, and an item with errors is left out of
 * the course.
 *
 * Explanations of illegal plays are words, which live above this floor:
 * the caller passes a function that turns a verdict into a sentence
 * (tutor/explain.c's explain_verdict in English, in practice).  Without
 * one, messages name the engine's reason code number.
 *
 * Ownership: the loader borrows the course and the diagnostic list; items
 * are added to the course (which owns them).  course_loader_done() frees the
 * loader's own generation buffer.
 */
#ifndef BRADE_LOAD_H
#define BRADE_LOAD_H

#include <stdbool.h>
#include <signal.h>
#include <stddef.h>

#include "content/course.h"
#include "content/diag.h"
#include "content/strset.h"
#include "engine/verdict.h"

typedef size_t (*content_explain_fn)(const board_t *b, const rules_t *r, const verdict_t *v,
                                     const movegen_buf_t *legal, const char *text, char *buf,
                                     size_t size);

/* An id met while loading (even in an item that had errors), so that a
 * second use is caught wherever the first one was. */
typedef struct course_seen {
    const char *id; /* in the course's arena */
    srcloc_t loc;
    bool lesson;
} course_seen_t;

typedef struct course_loader {
    course_t *course;
    diag_list_t *diags;
    movegen_buf_t *buf;
    content_explain_fn explain;
    course_seen_t *seen;
    int nseen, cap_seen;
    strset_t seen_index; /* (lesson?, id) -> index in seen */
    /* "best play" claims (content/best.h): with `rollouts` each is rolled
     * out again and its stated results verified (slow: `brade check`);
     * without, the stated results are only checked for consistency. */
    bool rollouts;
    /* give-up and one-die questions (content/giveup_q.c, onedie_q.c): with
     * `decisions` the stated answer is searched or rolled out again (a
     * second or so a question: `brade check`);
     * without, only what the rules decide is checked, and the stated
     * answer is taken (loading the course for the tutor stays fast) */
    bool decisions;
    int best_claims;    /* best-play questions read */
    int best_rolled;    /* ... of them rolled out */
    long best_games;    /* rollout games played */
    /* NULL, or a flag set by Ctrl-C: rollouts stop, and the claims not yet
     * rolled out are checked as stated only (`stopped` is then set) */
    const volatile sig_atomic_t *stop;
    bool stopped;
    /* NULL, or called as each claim's rollout starts (the file, the claims
     * rolled out before it): a progress line */
    void (*on_rollout)(void *ud, const char *file, int rolled);
    void *ud;
} course_loader_t;

/* Returns false when the generation buffer cannot be allocated. */
bool course_loader_init(course_loader_t *L, course_t *c, diag_list_t *d,
                        content_explain_fn explain);
void course_loader_done(course_loader_t *L);

/* Loads one file given as text (its name is `path`).  Returns true when
 * the file added no errors. */
bool course_load_text(course_loader_t *L, const char *path, const char *text, size_t len);
/* Reads and loads one file. */
bool course_load_file(course_loader_t *L, const char *path);
/* Loads every *.yaml and *.yml file of `dir`, in name order.  Returns the
 * number of files read, or -1 if the directory cannot be read (reported). */
int course_load_dir(course_loader_t *L, const char *dir);

/* Limits that keep a bad file from costing much. */
enum { LOAD_MAX_FILE = 4 << 20, LOAD_MAX_HINTS = 6, LOAD_MAX_CHOICES = 9 };

#endif
