/*
 * load.c - course files to a course (see load.h), and the course lookups
 * (see course.h).
 */
#include "content/load.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/read.h"
#include "content/readfile.h"

/* ---------------------------------------------------------------- course */

/* The text in the wanted language, else the other, else "". */
const char *text_pick(const text_t *t, int lang)
{
    const char *first = lang == 1 ? t->sv : t->en, *second = lang == 1 ? t->en : t->sv;
    return first ? first : second ? second : "";
}

/* An empty course. */
void course_init(course_t *c)
{
    memset(c, 0, sizeof *c);
    arena_init(&c->arena);
}

/* Frees everything the course holds. */
void course_free(course_t *c)
{
    arena_free(&c->arena);
    memset(c, 0, sizeof *c);
}

/* The index of a lesson id, or -1. */
int course_find_lesson(const course_t *c, const char *id)
{
    for (int i = 0; i < c->nlessons; i++)
        if (strcmp(c->lessons[i].id, id) == 0)
            return i;
    return -1;
}

/* The index of a puzzle id, or -1. */
int course_find_puzzle(const course_t *c, const char *id)
{
    for (int i = 0; i < c->npuzzles; i++)
        if (strcmp(c->puzzles[i].id, id) == 0)
            return i;
    return -1;
}

/* True when the puzzle carries the theme. */
bool course_puzzle_has_theme(const puzzle_t *p, const char *theme)
{
    for (int i = 0; i < p->nthemes; i++)
        if (strcmp(p->themes[i], theme) == 0)
            return true;
    return false;
}

/* The distinct themes, in order of first use (see course.h). */
int course_themes(const course_t *c, const char **out, int max)
{
    int n = 0;
    for (int i = 0; i < c->npuzzles; i++)
        for (int t = 0; t < c->puzzles[i].nthemes; t++) {
            const char *th = c->puzzles[i].themes[t];
            bool seen = false;
            for (int k = 0; k < n && k < max && !seen; k++)
                seen = strcmp(out[k], th) == 0;
            if (seen)
                continue;
            if (n < max)
                out[n] = th;
            n++;
        }
    return n;
}

/* ---------------------------------------------------------------- loader */

/* A loader for c, with its own engine buffer (see load.h). */
bool course_loader_init(course_loader_t *L, course_t *c, diag_list_t *d, content_explain_fn explain)
{
    L->course = c;
    L->diags = d;
    L->explain = explain;
    L->seen = NULL;
    L->nseen = L->cap_seen = 0;
    strset_init(&L->seen_index);
    L->rollouts = false; /* the caller turns it on (brade check) */
    L->decisions = false; /* ditto */
    L->best_claims = L->best_rolled = 0;
    L->best_games = 0;
    L->stop = NULL;
    L->stopped = false;
    L->on_rollout = NULL;
    L->ud = NULL;
    L->buf = movegen_buf_new();
    return L->buf != NULL;
}

/* Frees the loader's buffer and id list. */
void course_loader_done(course_loader_t *L)
{
    movegen_buf_free(L->buf);
    L->buf = NULL;
    free(L->seen);
    L->seen = NULL;
    L->nseen = L->cap_seen = 0;
    strset_free(&L->seen_index);
}

/* Records an id; a second item of the same kind with it is an error. */
bool read_unique_id(reader_t *R, yaml_node_t *n, const char *id, bool lesson)
{
    course_loader_t *L = R->loader;
    int i = strset_get(&L->seen_index, lesson, id);
    if (i >= 0) {
        const char *what = lesson ? "lesson" : "puzzle";
        yamlload_error(&R->y, n, "a %s with the id '%s' already exists", what, id);
        bool here = strcmp(L->seen[i].loc.path, R->y.path) == 0;
        diag_add(L->diags, DIAG_NOTE, L->seen[i].loc.path, here ? R->y.text : NULL,
                 here ? R->y.len : 0, L->seen[i].loc.line, L->seen[i].loc.col, (int)strlen(id),
                 "the %s '%s' is defined here", what, id);
        return false;
    }
    if (L->nseen == L->cap_seen) {
        int cap = L->cap_seen ? 2 * L->cap_seen : 64;
        course_seen_t *s = realloc(L->seen, (size_t)cap * sizeof *s);
        if (!s)
            return true; /* only the duplicate check is lost */
        L->seen = s;
        L->cap_seen = cap;
    }
    srcloc_t loc = yamlload_loc(&R->y, n);
    loc.path = arena_strdup(&R->course->arena, loc.path);
    L->seen[L->nseen] = (course_seen_t){arena_strdup(&R->course->arena, id), loc, lesson};
    strset_put(&L->seen_index, lesson, L->seen[L->nseen].id, L->nseen);
    L->nseen++;
    return true;
}

/* True when the map has the key (used to tell the two kinds of file apart). */
static bool has_key(reader_t *R, yaml_node_t *map, const char *key)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&R->y.doc, p->key);
        if (k && k->type == YAML_SCALAR_NODE &&
            strcmp((const char *)k->data.scalar.value, key) == 0)
            return true;
    }
    return false;
}

/* Loads one file from memory (see load.h). */
bool course_load_text(course_loader_t *L, const char *path, const char *text, size_t len)
{
    int before = L->diags->errors;
    reader_t R;
    memset(&R, 0, sizeof R);
    R.course = L->course;
    R.buf = L->buf;
    R.explain = L->explain;
    R.loader = L;
    L->course->files++;
    if (!yamlload_open(&R.y, path, text, len, L->diags, &L->course->arena)) {
        yamlload_close(&R.y);
        diag_text_done(L->diags, text);
        return false;
    }
    yaml_node_t *root = yamlload_root(&R.y);
    if (root->type != YAML_MAPPING_NODE)
        yamlload_error(&R.y, root,
                       "a course file is a map: a lesson ('id', 'title', 'steps') or a puzzle file "
                       "('puzzles'), not %s",
                       yamlload_kind(root));
    else if (has_key(&R, root, "puzzles"))
        read_puzzle_file(&R, root);
    else if (has_key(&R, root, "steps") || has_key(&R, root, "id"))
        read_lesson_file(&R, root);
    else
        yamlload_error(&R.y, root,
                       "a course file is a lesson (with 'id', 'title' and 'steps') or a puzzle "
                       "file (with 'puzzles'); this one has neither 'steps' nor 'puzzles'");
    yamlload_close(&R.y);
    diag_text_done(L->diags, text);
    return L->diags->errors == before;
}

/* Reads a file (at most LOAD_MAX_FILE bytes) and loads it. */
bool course_load_file(course_loader_t *L, const char *path)
{
    size_t len;
    char *text = readfile_regular(path, LOAD_MAX_FILE, &len);
    if (!text) {
        if (errno == EFBIG)
            diag_add(L->diags, DIAG_ERROR, path, NULL, 0, 0, 0, 1,
                     "the file is larger than %d MB; a course file is far smaller",
                     LOAD_MAX_FILE >> 20);
        else if (errno == EISDIR)
            diag_add(L->diags, DIAG_ERROR, path, NULL, 0, 0, 0, 1,
                     "is a directory, not a course file");
        else if (errno == EINVAL)
            diag_add(L->diags, DIAG_ERROR, path, NULL, 0, 0, 0, 1,
                     "not a regular file (a course file is a plain text file)");
        else
            diag_add(L->diags, DIAG_ERROR, path, NULL, 0, 0, 0, 1, "cannot open: %s",
                     strerror(errno));
        return false;
    }
    bool ok = course_load_text(L, path, text, len);
    free(text);
    return ok;
}

/* qsort order for file names. */
static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* True for *.yaml and *.yml names that are not hidden. */
static bool yaml_name(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && ((n > 5 && strcmp(name + n - 5, ".yaml") == 0) ||
                              (n > 4 && strcmp(name + n - 4, ".yml") == 0));
}

/* Loads the YAML files of a directory in name order. */
int course_load_dir(course_loader_t *L, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        diag_add(L->diags, DIAG_ERROR, dir, NULL, 0, 0, 0, 1, "cannot read the directory: %s",
                 strerror(errno));
        return -1;
    }
    char **names = NULL;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!yaml_name(e->d_name))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            char **nn = realloc(names, (size_t)cap * sizeof *nn);
            if (!nn)
                break;
            names = nn;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n])
            break;
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, (size_t)n, sizeof *names, by_name);
    for (int i = 0; i < n; i++) {
        course_load_file(L, names[i]);
        free(names[i]);
    }
    free(names);
    return n;
}
