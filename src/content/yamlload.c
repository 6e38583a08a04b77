/*
 * yamlload.c - libyaml documents and typed readers (see yamlload.h).
 */
#include "content/yamlload.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/strbuf.h"

/* Walks the events of the text and reports nesting deeper than
 * YAMLLOAD_MAX_DEPTH, before libyaml builds a document (whose scanner is
 * quadratic in the depth of flow nesting).  A syntax error ends the walk
 * quietly: the load that follows reports it. */
static bool depth_ok(yamlload_t *y)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return true;
    yaml_parser_set_input_string(&parser, (const unsigned char *)y->text, y->len);
    int depth = 0;
    bool ok = true;
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev))
            break;
        yaml_event_type_t t = ev.type;
        if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT) {
            if (++depth > YAMLLOAD_MAX_DEPTH) {
                diag_add(y->diags, DIAG_ERROR, y->path, y->text, y->len,
                         (int)ev.start_mark.line + 1, (int)ev.start_mark.column + 1, 1,
                         "lists and maps nested deeper than %d levels; a course file needs a "
                         "handful",
                         YAMLLOAD_MAX_DEPTH);
                ok = false;
            }
        } else if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT) {
            depth--;
        }
        yaml_event_delete(&ev);
        if (!ok || t == YAML_STREAM_END_EVENT)
            break;
    }
    yaml_parser_delete(&parser);
    return ok;
}

/* Where libyaml saw its problem, as a 1-based line and column.  A reader
 * error (invalid UTF-8, a control character) sets only the byte offset,
 * not the mark: the place is counted from the text, the column in
 * characters. */
static void problem_place(const yaml_parser_t *parser, const char *text, size_t len, int *line, int *col)
{
    if (parser->error != YAML_READER_ERROR) {
        *line = (int)parser->problem_mark.line + 1;
        *col = (int)parser->problem_mark.column + 1;
        return;
    }
    size_t off = parser->problem_offset < len ? parser->problem_offset : len;
    int l = 1, c = 1;
    for (size_t i = 0; i < off; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n') {
            l++;
            c = 1;
        } else if ((ch & 0xc0) != 0x80) {
            c++;
        }
    }
    *line = l;
    *col = c;
}

/* Parses the text into a document (see yamlload.h). */
bool yamlload_open(yamlload_t *y, const char *path, const char *text, size_t len,
                   diag_list_t *diags, arena_t *arena)
{
    memset(y, 0, sizeof *y);
    y->path = path;
    y->text = text;
    y->len = len;
    y->diags = diags;
    y->arena = arena;
    if (!depth_ok(y))
        return false;

    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        diag_add(diags, DIAG_ERROR, path, NULL, 0, 0, 0, 1, "cannot start the YAML parser");
        return false;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &y->doc)) {
        /* libyaml gives the problem and, for most, the place it was seen */
        yaml_mark_t m = parser.problem_mark;
        int pl, pc;
        problem_place(&parser, text, len, &pl, &pc);
        const char *problem = parser.problem ? parser.problem : "cannot read the YAML";
        if (parser.context)
            diag_add(diags, DIAG_ERROR, path, text, len, pl, pc, 1, "YAML syntax: %s %s", parser.context, problem);
        else
            diag_add(diags, DIAG_ERROR, path, text, len, pl, pc, 1, "YAML syntax: %s", problem);
        if (parser.context &&
            (parser.context_mark.line != m.line || parser.context_mark.column != m.column))
            diag_add(diags, DIAG_NOTE, path, text, len, (int)parser.context_mark.line + 1,
                     (int)parser.context_mark.column + 1, 1, "%s", parser.context);
        yaml_parser_delete(&parser);
        return false;
    }
    y->loaded = true;
    if (!yaml_document_get_root_node(&y->doc)) {
        diag_add(diags, DIAG_ERROR, path, text, len, 0, 0, 1, "the file is empty");
        yaml_parser_delete(&parser);
        return false;
    }
    /* A second document would be silently ignored: refuse it. */
    yaml_document_t next;
    if (yaml_parser_load(&parser, &next)) {
        yaml_node_t *root = yaml_document_get_root_node(&next);
        if (root)
            diag_add(diags, DIAG_ERROR, path, text, len, (int)root->start_mark.line + 1,
                     (int)root->start_mark.column + 1, 1,
                     "a second YAML document ('---'); a course file holds exactly one");
        yaml_document_delete(&next);
        if (root) {
            yaml_parser_delete(&parser);
            return false;
        }
    } else {
        int pl, pc;
        problem_place(&parser, text, len, &pl, &pc);
        diag_add(diags, DIAG_ERROR, path, text, len, pl, pc, 1, "YAML syntax: %s",
                 parser.problem ? parser.problem : "cannot read the YAML");
        yaml_parser_delete(&parser);
        return false;
    }
    yaml_parser_delete(&parser);
    return true;
}

/* Frees the document. */
void yamlload_close(yamlload_t *y)
{
    if (y->loaded)
        yaml_document_delete(&y->doc);
    y->loaded = false;
}

/* The root node, or NULL. */
yaml_node_t *yamlload_root(yamlload_t *y)
{
    return y->loaded ? yaml_document_get_root_node(&y->doc) : NULL;
}

/* The 1-based place of a node. */
srcloc_t yamlload_loc(const yamlload_t *y, const yaml_node_t *n)
{
    srcloc_t l = {y->path, 0, 0};
    if (n) {
        l.line = (int)n->start_mark.line + 1;
        l.col = (int)n->start_mark.column + 1;
    }
    return l;
}

/* Characters (code points) in s[0..n). */
static int chars(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n && s[i]; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* Caret length for a node: its text on the first line, at least 1. */
static int node_width(const yaml_node_t *n)
{
    if (n->type == YAML_SCALAR_NODE && n->start_mark.line == n->end_mark.line &&
        n->end_mark.column > n->start_mark.column)
        return (int)(n->end_mark.column - n->start_mark.column);
    if (n->type == YAML_SCALAR_NODE && n->start_mark.line == n->end_mark.line)
        return 1;
    return 1;
}

/* Adds a diagnostic at a node, `col_shift` characters into it. */
static void vreport(yamlload_t *y, diag_sev_t sev, const yaml_node_t *n, int col_shift, int len,
                    const char *fmt, va_list ap)
{
    int line = n ? (int)n->start_mark.line + 1 : 0;
    int col = n ? (int)n->start_mark.column + 1 + col_shift : 0;
    diag_vadd(y->diags, sev, y->path, y->text, y->len, line, col, len, fmt, ap);
}

/* An error at a node. */
void yamlload_error(yamlload_t *y, const yaml_node_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(y, DIAG_ERROR, n, 0, n ? node_width(n) : 1, fmt, ap);
    va_end(ap);
}

/* A note at a node. */
void yamlload_note(yamlload_t *y, const yaml_node_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(y, DIAG_NOTE, n, 0, n ? node_width(n) : 1, fmt, ap);
    va_end(ap);
}

/* An error at bytes inside a scalar (see yamlload.h). */
void yamlload_error_in(yamlload_t *y, const yaml_node_t *n, int offset, int length, const char *fmt,
                       ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *v = n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
    yaml_scalar_style_t st =
        n->type == YAML_SCALAR_NODE ? n->data.scalar.style : YAML_ANY_SCALAR_STYLE;
    bool one_line = n->start_mark.line == n->end_mark.line;
    bool mapped =
        v && one_line && offset >= 0 &&
        (st == YAML_PLAIN_SCALAR_STYLE ||
         ((st == YAML_SINGLE_QUOTED_SCALAR_STYLE || st == YAML_DOUBLE_QUOTED_SCALAR_STYLE) &&
          /* without escapes the value is the source text */
          (int)(n->end_mark.column - n->start_mark.column) == chars(v, strlen(v)) + 2));
    if (mapped) {
        int shift = (st == YAML_PLAIN_SCALAR_STYLE ? 0 : 1) + chars(v, (size_t)offset);
        int len = length > 0 ? chars(v + offset, (size_t)length) : 1;
        vreport(y, DIAG_ERROR, n, shift, len, fmt, ap);
    } else {
        vreport(y, DIAG_ERROR, n, 0, node_width(n), fmt, ap);
    }
    va_end(ap);
}

/* What a node is, for messages. */
const char *yamlload_kind(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_MAPPING_NODE:
        return "a map";
    case YAML_SEQUENCE_NODE:
        return "a list";
    case YAML_SCALAR_NODE:
        return n->data.scalar.length ? "a string" : "an empty value";
    default:
        return "nothing";
    }
}

/* Damerau-Levenshtein distance, case-insensitive (short strings only). */
int yamlload_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 99;
    int d[64][64];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < v)
                v = d[i - 1][j - 1] + cost;
            /* a swap of two neighbours counts as one edit */
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

/* The known key closest to `name` (NULL when none is close). */
static const char *closest(const char *name, const yamlload_key_t *keys, int nkeys)
{
    const char *best = NULL;
    int bd = 3;
    for (int i = 0; i < nkeys; i++) {
        int d = yamlload_distance(name, keys[i].name);
        if (d < bd) {
            bd = d;
            best = keys[i].name;
        }
    }
    size_t len = strlen(name);
    if (bd > (len <= 3 ? 1 : 2))
        return NULL;
    return best;
}

/* The index of a key in the table, or -1. */
static int key_index(const char *name, const yamlload_key_t *keys, int nkeys)
{
    for (int i = 0; i < nkeys; i++)
        if (strcmp(name, keys[i].name) == 0)
            return i;
    return -1;
}

/* Adds the pairs of map node m to found; `merged`: they come from a merge
 * key (explicit keys win, and repeats are not duplicates). */
static void read_pairs(yamlload_t *y, yaml_node_t *m, const char *what, const yamlload_key_t *keys,
                       int nkeys, bool merged, yamlload_found_t *found, int depth)
{
    for (yaml_node_pair_t *pr = m->data.mapping.pairs.start; pr < m->data.mapping.pairs.top; pr++) {
        yaml_node_t *k = yaml_document_get_node(&y->doc, pr->key);
        yaml_node_t *v = yaml_document_get_node(&y->doc, pr->value);
        if (!k || !v)
            continue;
        if (k->type != YAML_SCALAR_NODE) {
            yamlload_error(y, k, "a key in %s must be a plain word, not %s", what,
                           yamlload_kind(k));
            continue;
        }
        if (merged && ++y->merge_work > YAMLLOAD_MAX_MERGE_KEYS) {
            if (!y->merge_reported)
                yamlload_error(y, y->merge_into,
                               "merges ('<<') bring more than %d keys into %s; the rest are not "
                               "read (a merge is for reusing a position or two)",
                               YAMLLOAD_MAX_MERGE_KEYS, what);
            y->merge_reported = true;
            return;
        }
        const char *name = (const char *)k->data.scalar.value;
        if (strcmp(name, "<<") == 0 && k->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
            if (depth > 2)
                continue; /* merges inside merged maps: followed twice at most */
            if (v->type == YAML_MAPPING_NODE) {
                read_pairs(y, v, what, keys, nkeys, true, found, depth + 1);
            } else if (v->type == YAML_SEQUENCE_NODE) {
                for (yaml_node_item_t *it = v->data.sequence.items.start;
                     it < v->data.sequence.items.top; it++) {
                    yaml_node_t *mv = yaml_document_get_node(&y->doc, *it);
                    if (mv && mv->type == YAML_MAPPING_NODE)
                        read_pairs(y, mv, what, keys, nkeys, true, found, depth + 1);
                    else if (mv)
                        yamlload_error(y, mv, "a merge ('<<') takes maps, not %s",
                                       yamlload_kind(mv));
                }
            } else {
                yamlload_error(y, v, "a merge ('<<') takes a map or a list of maps, not %s",
                               yamlload_kind(v));
            }
            continue;
        }
        int i = key_index(name, keys, nkeys);
        if (i < 0) {
            if (merged)
                continue; /* reported where the merged map is checked on its own, if ever */
            const char *sug = closest(name, keys, nkeys);
            if (sug)
                yamlload_error(y, k, "unknown key '%s' in %s (did you mean '%s'?)", name, what,
                               sug);
            else {
                strbuf_t known;
                strbuf_init(&known);
                for (int j = 0; j < nkeys; j++)
                    strbuf_addf(&known, "%s%s", known.len ? ", " : "", keys[j].name);
                yamlload_error(y, k, "unknown key '%s' in %s (known keys: %s)", name, what,
                               strbuf_str(&known));
                strbuf_free(&known);
            }
            continue;
        }
        if (found[i].key) {
            if (!merged) {
                yamlload_error(y, k, "duplicate key '%s' in %s", name, what);
                yamlload_note(y, found[i].key, "'%s' was first given here", name);
            }
            continue;
        }
        found[i].key = k;
        found[i].value = v;
    }
}

/* Reads a map against a key table (see yamlload.h). */
bool yamlload_map(yamlload_t *y, yaml_node_t *n, const char *what, const yamlload_key_t *keys,
                  int nkeys, bool check_required, yamlload_found_t *found)
{
    memset(found, 0, (size_t)nkeys * sizeof *found);
    if (n->type != YAML_MAPPING_NODE) {
        yamlload_error(y, n, "%s must be a map (key: value lines), not %s", what, yamlload_kind(n));
        return false;
    }
    y->merge_work = 0; /* the merge budget is per map */
    y->merge_reported = false;
    y->merge_into = n;
    read_pairs(y, n, what, keys, nkeys, false, found, 0);
    if (check_required)
        for (int i = 0; i < nkeys; i++)
            if ((keys[i].flags & YK_REQUIRED) && !keys[i].variants && !found[i].key)
                yamlload_error(y, n, "%s needs '%s'", what, keys[i].name);
    return true;
}

/* Checks the keys of one variant (see yamlload.h). */
void yamlload_variant(yamlload_t *y, yaml_node_t *n, const char *what, const yamlload_key_t *keys,
                      int nkeys, unsigned variant, const char *variant_name,
                      yamlload_found_t *found)
{
    for (int i = 0; i < nkeys; i++) {
        if (!keys[i].variants)
            continue;
        bool belongs = (keys[i].variants & variant) != 0;
        if (found[i].key && !belongs) {
            strbuf_t its; /* the keys that do belong, as the unknown-key message lists them */
            strbuf_init(&its);
            for (int j = 0; j < nkeys; j++)
                if (!keys[j].variants || (keys[j].variants & variant))
                    strbuf_addf(&its, "%s%s", its.len ? ", " : "", keys[j].name);
            yamlload_error(y, found[i].key, "'%s' does not belong in %s %s (its keys: %s)", keys[i].name,
                           variant_name, what, strbuf_str(&its));
            strbuf_free(&its);
            found[i].key = found[i].value = NULL;
        } else if (!found[i].key && belongs && (keys[i].flags & YK_REQUIRED)) {
            yamlload_error(y, n, "%s %s needs '%s'", variant_name, what, keys[i].name);
        }
    }
}

/* A scalar's text, copied into the arena. */
bool yamlload_string(yamlload_t *y, yaml_node_t *n, const char *what, bool allow_empty,
                     const char **out)
{
    if (n->type != YAML_SCALAR_NODE) {
        yamlload_error(y, n, "'%s' must be a string, not %s", what, yamlload_kind(n));
        return false;
    }
    if (!allow_empty && n->data.scalar.length == 0) {
        yamlload_error(y, n, "'%s' is empty", what);
        return false;
    }
    if (memchr(n->data.scalar.value, '\0', n->data.scalar.length)) {
        yamlload_error(y, n, "'%s' contains a NUL character", what);
        return false;
    }
    *out = arena_strndup(y->arena, (const char *)n->data.scalar.value, n->data.scalar.length);
    return true;
}

/* A whole number within bounds. */
bool yamlload_int(yamlload_t *y, yaml_node_t *n, const char *what, int min, int max, int *out)
{
    if (n->type == YAML_SCALAR_NODE) {
        const char *s = (const char *)n->data.scalar.value;
        char *end;
        long v = strtol(s, &end, 10);
        if (*s && *end == '\0' && !isspace((unsigned char)*s) && v >= min && v <= max) {
            *out = (int)v;
            return true;
        }
        yamlload_error(y, n, "'%s' must be a whole number from %d to %d, not '%s'", what, min, max,
                       s);
        return false;
    }
    yamlload_error(y, n, "'%s' must be a whole number from %d to %d, not %s", what, min, max,
                   yamlload_kind(n));
    return false;
}

/* true/false, yes/no, on/off. */
bool yamlload_bool(yamlload_t *y, yaml_node_t *n, const char *what, bool *out)
{
    static const char *const T[] = {"true", "yes", "on", "True", "Yes", "On", "TRUE"};
    static const char *const F[] = {"false", "no", "off", "False", "No", "Off", "FALSE"};
    if (n->type == YAML_SCALAR_NODE) {
        const char *s = (const char *)n->data.scalar.value;
        for (size_t i = 0; i < sizeof T / sizeof T[0]; i++)
            if (strcmp(s, T[i]) == 0) {
                *out = true;
                return true;
            }
        for (size_t i = 0; i < sizeof F / sizeof F[0]; i++)
            if (strcmp(s, F[i]) == 0) {
                *out = false;
                return true;
            }
        yamlload_error(y, n, "'%s' must be true or false, not '%s'", what, s);
        return false;
    }
    yamlload_error(y, n, "'%s' must be true or false, not %s", what, yamlload_kind(n));
    return false;
}

/* One of a list of names, with a suggestion when it is close to one. */
int yamlload_enum(yamlload_t *y, yaml_node_t *n, const char *what, const char *const *names,
                  int count)
{
    strbuf_t list;
    strbuf_init(&list);
    for (int i = 0; i < count; i++)
        strbuf_addf(&list, "%s%s", i ? ", " : "", names[i]);
    if (n->type != YAML_SCALAR_NODE) {
        yamlload_error(y, n, "'%s' must be one of %s, not %s", what, strbuf_str(&list),
                       yamlload_kind(n));
        strbuf_free(&list);
        return -1;
    }
    const char *s = (const char *)n->data.scalar.value;
    for (int i = 0; i < count; i++)
        if (strcmp(s, names[i]) == 0) {
            strbuf_free(&list);
            return i;
        }
    const char *best = NULL;
    int bd = 3;
    for (int i = 0; i < count; i++) {
        int d = yamlload_distance(s, names[i]);
        if (d < bd) {
            bd = d;
            best = names[i];
        }
    }
    if (best)
        yamlload_error(y, n, "unknown %s '%s' (did you mean '%s'?)", what, s, best);
    else
        yamlload_error(y, n, "unknown %s '%s' (one of: %s)", what, s, strbuf_str(&list));
    strbuf_free(&list);
    return -1;
}

/* An id that can be typed and completed. */
bool yamlload_id(yamlload_t *y, yaml_node_t *n, const char *what, const char **out)
{
    const char *s;
    if (!yamlload_string(y, n, what, false, &s))
        return false;
    size_t len = strlen(s);
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && i > 0);
        if (!ok) {
            yamlload_error_in(y, n, (int)i, 1,
                              "'%s' may hold only lower-case letters a-z, digits and '-' (not "
                              "starting with '-'), so it can be typed and completed: '%s'",
                              what, s);
            return false;
        }
    }
    if (len > 64) {
        yamlload_error(y, n, "'%s' is longer than 64 characters", what);
        return false;
    }
    *out = s;
    return true;
}

/* A text: a string, or a map of en and sv. */
bool yamlload_text(yamlload_t *y, yaml_node_t *n, const char *what, text_t *out)
{
    static const yamlload_key_t KEYS[] = {{"en", 0, 0}, {"sv", 0, 0}};
    memset(out, 0, sizeof *out);
    if (n->type == YAML_SCALAR_NODE)
        return yamlload_string(y, n, what, false, &out->en);
    if (n->type != YAML_MAPPING_NODE) {
        yamlload_error(y, n, "'%s' must be a text (a string, or a map with 'en' and 'sv'), not %s",
                       what, yamlload_kind(n));
        return false;
    }
    yamlload_found_t f[2];
    char whatmap[96];
    snprintf(whatmap, sizeof whatmap, "the text '%s'", what);
    yamlload_map(y, n, whatmap, KEYS, 2, false, f);
    bool ok = true;
    if (f[0].value)
        ok &= yamlload_string(y, f[0].value, "en", false, &out->en);
    if (f[1].value)
        ok &= yamlload_string(y, f[1].value, "sv", false, &out->sv);
    if (!f[0].value && !f[1].value) {
        yamlload_error(y, n, "the text '%s' needs 'en' or 'sv' (or both)", what);
        return false;
    }
    return ok;
}

/* The length of a list node, or -1 (reported). */
int yamlload_list(yamlload_t *y, yaml_node_t *n, const char *what)
{
    if (n->type != YAML_SEQUENCE_NODE) {
        yamlload_error(y, n, "'%s' must be a list ('- ' items), not %s", what, yamlload_kind(n));
        return -1;
    }
    return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
}

/* The i-th item of a list node. */
yaml_node_t *yamlload_item(yamlload_t *y, yaml_node_t *n, int i)
{
    return yaml_document_get_node(&y->doc, n->data.sequence.items.start[i]);
}
