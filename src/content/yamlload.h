/*
 * yamlload.h - reading YAML files with libyaml's document API, and the
 * typed, table-driven readers the lesson and puzzle loaders are built on.
 *
 * Every reader reports a problem as a diagnostic at the node it is about
 * (file:line:col, with the source line) and returns false; it never stops
 * the load, so one pass finds every mistake in a file.  Maps are read
 * against a table of known keys: an unknown key is an error (with a
 * suggestion when it looks like a known one), as are duplicates, missing
 * required keys and keys that do not belong to the variant at hand (a
 * `choices` list in a `play` question).  YAML merge keys (`<<: *anchor`)
 * are honoured, so authors can reuse a position and change one field.
 *
 * Ownership: a yamlload_t owns the libyaml document until yamlload_close();
 * node pointers are valid until then.  Strings the readers return are
 * copied into the caller's arena.  The file text is borrowed from the
 * caller and must outlive the yamlload_t.
 */
#ifndef BRADE_YAMLLOAD_H
#define BRADE_YAMLLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "content/arena.h"
#include "content/course.h"
#include "content/diag.h"

/* Budgets (see docs/authoring.md): nesting depth of lists and maps, and
 * keys read through merges into one map (merges can fan out: K maps merged
 * K times, three deep, is K^4 work for a file of a few K bytes). */
#define YAMLLOAD_MAX_DEPTH 64
#define YAMLLOAD_MAX_MERGE_KEYS 1000

typedef struct yamlload {
    const char *path;
    const char *text;
    size_t len;
    yaml_document_t doc;
    bool loaded;
    diag_list_t *diags;
    arena_t *arena;
    long merge_work;     /* keys read through merges into the map at hand */
    bool merge_reported; /* the merge budget was reported */
    yaml_node_t *merge_into; /* the map at hand */
} yamlload_t;

/* Parses text (the contents of `path`) into a document.  A syntax error is
 * reported (with libyaml's location) and false returned; so are an empty
 * file and a file with more than one document. */
bool yamlload_open(yamlload_t *y, const char *path, const char *text, size_t len,
                   diag_list_t *diags, arena_t *arena);
void yamlload_close(yamlload_t *y);
yaml_node_t *yamlload_root(yamlload_t *y);

/* Location of a node (1-based). */
srcloc_t yamlload_loc(const yamlload_t *y, const yaml_node_t *n);

/* Errors and notes at a node; the caret covers the node's first line. */
void yamlload_error(yamlload_t *y, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void yamlload_note(yamlload_t *y, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An error about bytes [offset, offset+length) of a scalar's value: the
 * caret points inside the string where that is possible (single-line plain
 * and quoted scalars without escapes), else at the scalar. */
void yamlload_error_in(yamlload_t *y, const yaml_node_t *n, int offset, int length, const char *fmt,
                       ...) __attribute__((format(printf, 5, 6)));

/* "a map", "a list", "a string" - for messages. */
const char *yamlload_kind(const yaml_node_t *n);

/* --- maps against a key table --- */
enum { YK_REQUIRED = 1 };

typedef struct yamlload_key {
    const char *name;
    unsigned flags;    /* YK_* */
    unsigned variants; /* bit mask of the variants the key belongs to; 0 = all */
} yamlload_key_t;

typedef struct yamlload_found {
    yaml_node_t *key; /* NULL when absent */
    yaml_node_t *value;
} yamlload_found_t;

/* Reads map node `n` described by keys[0..nkeys) into found[0..nkeys).
 * `what` names the map in messages ("a puzzle").  Unknown and duplicate
 * keys are reported; with `check_required`, so are missing required keys
 * that belong to every variant (variants == 0).  Returns false when n is
 * not a map (found stays empty); other problems are reported and the known
 * keys still filled in. */
bool yamlload_map(yamlload_t *y, yaml_node_t *n, const char *what, const yamlload_key_t *keys,
                  int nkeys, bool check_required, yamlload_found_t *found);
/* After the variant is known (a question's kind): reports keys that do not
 * belong to it (and drops them from found) and its missing required keys.
 * `variant` is the variant's bit, `variant_name` its name ("a 'play'"). */
void yamlload_variant(yamlload_t *y, yaml_node_t *n, const char *what, const yamlload_key_t *keys,
                      int nkeys, unsigned variant, const char *variant_name,
                      yamlload_found_t *found);

/* --- scalars; `what` is the key name used in messages --- */
/* The scalar's text (arena copy).  Rejects maps, lists and (unless
 * allow_empty) empty strings. */
bool yamlload_string(yamlload_t *y, yaml_node_t *n, const char *what, bool allow_empty,
                     const char **out);
/* A whole number in [min, max]. */
bool yamlload_int(yamlload_t *y, yaml_node_t *n, const char *what, int min, int max, int *out);
/* true/false (also yes/no, on/off). */
bool yamlload_bool(yamlload_t *y, yaml_node_t *n, const char *what, bool *out);
/* One of names[0..count): the index, or -1 (reported, with the choices). */
int yamlload_enum(yamlload_t *y, yaml_node_t *n, const char *what, const char *const *names,
                  int count);
/* An identifier: lower-case letters, digits and '-', starting with a letter
 * or digit, at most 64 characters. */
bool yamlload_id(yamlload_t *y, yaml_node_t *n, const char *what, const char **out);
/* A text: a string, or a map {en: ..., sv: ...} with at least one of them. */
bool yamlload_text(yamlload_t *y, yaml_node_t *n, const char *what, text_t *out);

/* --- lists --- */
/* The number of items of a list node, or -1 (reported) if n is not a list. */
int yamlload_list(yamlload_t *y, yaml_node_t *n, const char *what);
yaml_node_t *yamlload_item(yamlload_t *y, yaml_node_t *n, int i);

/* Edit distance between two short strings (for "did you mean"). */
int yamlload_distance(const char *a, const char *b);

#endif
