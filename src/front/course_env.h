/*
 * course_env.h - the course as the program uses it: loading the bundled
 * (or --course) lessons and puzzles, with English explanations for the
 * loader's messages about illegal plays.
 *
 * Ownership: the caller owns the course and the diagnostic list.
 */
#ifndef BRADE_CLI_COURSE_ENV_H
#define BRADE_CLI_COURSE_ENV_H

#include <stdbool.h>
#include <stddef.h>

#include "content/course.h"
#include "content/diag.h"
#include "engine/verdict.h"

/* explain_verdict() in English, in the loader's callback shape. */
size_t course_env_explain(const board_t *b, const rules_t *r, const verdict_t *v,
                          const movegen_buf_t *legal, const char *text, char *buf, size_t size);

/* Loads dir/lessons and dir/puzzles (either may be missing) into c.
 * Problems go to d.  Returns false when neither directory could be read. */
bool course_env_load(const char *dir, course_t *c, diag_list_t *d);
/* Loads one more file into c when it exists (the learner's own puzzles).
 * Returns true when it was read. */
bool course_env_load_file(const char *file, course_t *c, diag_list_t *d);
/* Where review keeps the learner's own puzzles (their mistakes):
 * state_dir/mine.yaml. */
void course_env_mine_path(const char *state_dir, char *buf, size_t size);
/* The learner's course: dir's lessons and puzzles (dir NULL: none), then
 * the learner's own puzzles (state_dir NULL: none), problems in d. */
void course_env_load_learner(const char *dir, const char *state_dir, course_t *c, diag_list_t *d);

#endif
