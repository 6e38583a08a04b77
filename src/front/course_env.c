/*
 * course_env.c - loading the program's course (see course_env.h).
 */
#include "front/course_env.h"

#include <stdio.h>
#include <unistd.h>

#include "content/load.h"
#include "tutor/explain.h"

/* A verdict in English words, for the loader (see course_env.h). */
size_t course_env_explain(const board_t *b, const rules_t *r, const verdict_t *v,
                          const movegen_buf_t *legal, const char *text, char *buf, size_t size)
{
    return explain_verdict(LANG_EN, b, r, v, legal, text, buf, size);
}

/* Loads DIR/lessons and DIR/puzzles into c (see course_env.h). */
bool course_env_load(const char *dir, course_t *c, diag_list_t *d)
{
    course_loader_t L;
    if (!course_loader_init(&L, c, d, course_env_explain))
        return false;
    int read = 0;
    /* the hand-made lessons and puzzles, then the mined puzzles
     * (docs/puzzles.md) */
    const char *parts[3] = {"lessons", "puzzles", "puzzles/mined"};
    for (int i = 0; i < 3; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, parts[i]);
        if (access(path, F_OK) == 0 && course_load_dir(&L, path) >= 0)
            read++;
    }
    course_loader_done(&L);
    return read > 0;
}

/* Loads one file when it exists (see course_env.h). */
bool course_env_load_file(const char *file, course_t *c, diag_list_t *d)
{
    if (access(file, F_OK) != 0)
        return false;
    course_loader_t L;
    if (!course_loader_init(&L, c, d, course_env_explain))
        return false;
    course_load_file(&L, file);
    course_loader_done(&L);
    return true;
}

/* The learner's own puzzles (see course_env.h). */
void course_env_mine_path(const char *state_dir, char *buf, size_t size)
{
    snprintf(buf, size, "%s/mine.yaml", state_dir);
}

/* The learner's course (see course_env.h). */
void course_env_load_learner(const char *dir, const char *state_dir, course_t *c, diag_list_t *d)
{
    if (dir)
        course_env_load(dir, c, d);
    if (state_dir) {
        char mine[4200];
        course_env_mine_path(state_dir, mine, sizeof mine);
        course_env_load_file(mine, c, d);
    }
}
