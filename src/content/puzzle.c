/*
 * puzzle.c - puzzle files: a list of puzzles, each a position, a question,
 * graded hints, an explanation, themes and a difficulty.
 */
#include <string.h>

#include "content/read.h"

static const yamlload_key_t FILE_KEYS[] = {
    {"rules", 0, 0},
    {"options", 0, 0},
    {"themes", 0, 0},
    {"puzzles", YK_REQUIRED, 0},
};
enum { FK_RULES, FK_OPTIONS, FK_THEMES, FK_PUZZLES, FK_COUNT };

static const yamlload_key_t PUZZLE_KEYS[] = {
    {"id", YK_REQUIRED, 0},
    {"title", YK_REQUIRED, 0},
    {"themes", 0, 0},
    {"difficulty", YK_REQUIRED, 0},
    {"source", 0, 0},
    {"rules", 0, 0},
    {"options", 0, 0},
    {"position", 0, 0},
    {"question", YK_REQUIRED, 0},
    {"diagram", 0, 0},
    {"mined", 0, 0},
};
enum {
    ZK_ID,
    ZK_TITLE,
    ZK_THEMES,
    ZK_DIFFICULTY,
    ZK_SOURCE,
    ZK_RULES,
    ZK_OPTIONS,
    ZK_POSITION,
    ZK_QUESTION,
    ZK_DIAGRAM,
    ZK_MINED,
    ZK_COUNT
};

/* How a mined puzzle was found (brade-lab mine, docs/puzzles.md): the
 * seed, game and ply of the game it comes from, the players of that game,
 * the judge that confirmed its answer and the margin it found.  Checked
 * for its shape only: the claims themselves are the question's. */
static const yamlload_key_t MINED_KEYS[] = {
    {"seed", YK_REQUIRED, 0}, {"game", YK_REQUIRED, 0},  {"ply", YK_REQUIRED, 0},
    {"players", YK_REQUIRED, 0}, {"judge", YK_REQUIRED, 0}, {"margin", 0, 0},
};
enum { MK_SEED, MK_GAME, MK_PLY, MK_PLAYERS, MK_JUDGE, MK_MARGIN, MK_COUNT };

static bool read_mined(reader_t *R, yaml_node_t *n)
{
    yamlload_found_t f[MK_COUNT];
    if (!yamlload_map(&R->y, n, "'mined'", MINED_KEYS, MK_COUNT, true, f))
        return false;
    int v;
    const char *s;
    bool ok = true;
    if (f[MK_SEED].value)
        ok &= yamlload_int(&R->y, f[MK_SEED].value, "seed", 0, 2147483647, &v);
    if (f[MK_GAME].value)
        ok &= yamlload_int(&R->y, f[MK_GAME].value, "game", 1, 10000000, &v);
    if (f[MK_PLY].value)
        ok &= yamlload_int(&R->y, f[MK_PLY].value, "ply", 0, 10000, &v);
    if (f[MK_PLAYERS].value)
        ok &= yamlload_string(&R->y, f[MK_PLAYERS].value, "players", false, &s);
    if (f[MK_JUDGE].value)
        ok &= yamlload_string(&R->y, f[MK_JUDGE].value, "judge", false, &s);
    if (f[MK_MARGIN].value)
        ok &= yamlload_string(&R->y, f[MK_MARGIN].value, "margin", false, &s);
    return ok;
}

/* A list of theme ids (or one id). */
static bool read_themes(reader_t *R, yaml_node_t *n, const char ***out, int *count)
{
    int c = n->type == YAML_SCALAR_NODE ? 1 : yamlload_list(&R->y, n, "themes");
    if (c < 0)
        return false;
    if (c > PUZZLE_MAX_THEMES) {
        yamlload_error(&R->y, n, "%d themes; a puzzle has at most %d", c, PUZZLE_MAX_THEMES);
        return false;
    }
    *out = arena_array(&R->course->arena, (size_t)c, sizeof **out);
    *count = 0;
    bool ok = true;
    for (int i = 0; i < c; i++) {
        yaml_node_t *it = n->type == YAML_SCALAR_NODE ? n : yamlload_item(&R->y, n, i);
        const char *t;
        if (!yamlload_id(&R->y, it, "theme", &t)) {
            ok = false;
            continue;
        }
        if (strcmp(t, "all") == 0) { /* the learner's overall rating is kept under it */
            yamlload_error(&R->y, it, "'all' is not a theme: 'puzzles' without a theme lists them all");
            ok = false;
            continue;
        }
        bool dup = false;
        for (int j = 0; j < *count; j++) /* at most PUZZLE_MAX_THEMES */
            dup |= strcmp((*out)[j], t) == 0;
        if (dup) {
            yamlload_error(&R->y, it, "the theme '%s' is named twice", t);
            ok = false;
            continue;
        }
        (*out)[(*count)++] = t;
    }
    return ok;
}

/* Appends a puzzle to the course (arrays live in the arena). */
static void add_puzzle(course_t *c, const puzzle_t *p)
{
    if (c->npuzzles == c->cap_puzzles) {
        int cap = c->cap_puzzles ? 2 * c->cap_puzzles : 32;
        puzzle_t *a = arena_array(&c->arena, (size_t)cap, sizeof *a);
        if (c->npuzzles)
            memcpy(a, c->puzzles, (size_t)c->npuzzles * sizeof *a);
        c->puzzles = a;
        c->cap_puzzles = cap;
    }
    c->puzzles[c->npuzzles++] = *p;
}

/* Reads one puzzle; a puzzle with errors is left out. */
static void read_puzzle(reader_t *R, yaml_node_t *n, const rules_t *file_rules,
                        const char **file_themes, int nfile_themes)
{
    course_t *c = R->course;
    yamlload_found_t f[ZK_COUNT];
    int before = R->y.diags->errors;
    if (!yamlload_map(&R->y, n, "a puzzle", PUZZLE_KEYS, ZK_COUNT, true, f))
        return;
    puzzle_t P;
    memset(&P, 0, sizeof P);
    P.file = arena_strdup(&c->arena, R->y.path);
    P.loc = yamlload_loc(&R->y, n);
    if (f[ZK_ID].value && yamlload_id(&R->y, f[ZK_ID].value, "id", &P.id))
        read_unique_id(R, f[ZK_ID].value, P.id, false);
    if (f[ZK_TITLE].value)
        yamlload_text(&R->y, f[ZK_TITLE].value, "title", &P.title);
    if (f[ZK_SOURCE].value)
        yamlload_text(&R->y, f[ZK_SOURCE].value, "source", &P.source);
    if (f[ZK_DIFFICULTY].value)
        yamlload_int(&R->y, f[ZK_DIFFICULTY].value, "difficulty", 1, 5, &P.difficulty);
    if (f[ZK_THEMES].value)
        read_themes(R, f[ZK_THEMES].value, &P.themes, &P.nthemes);
    else {
        P.themes = file_themes;
        P.nthemes = nfile_themes;
    }
    if (P.nthemes == 0 && !f[ZK_THEMES].value)
        yamlload_error(&R->y, n, "a puzzle needs 'themes' (here or for the whole file)");

    rules_t rules;
    bool ok = read_rules(R, f[ZK_RULES].value, f[ZK_OPTIONS].value, file_rules, &rules);
    if (f[ZK_POSITION].value)
        ok = ok && read_position(R, f[ZK_POSITION].value, &rules, &P.pos);
    if (f[ZK_QUESTION].value && ok)
        read_question(R, f[ZK_QUESTION].value, P.pos.present ? &P.pos : NULL, true, &P.q);
    if (f[ZK_MINED].value)
        P.mined = read_mined(R, f[ZK_MINED].value);
    if (f[ZK_DIAGRAM].value && ok && R->y.diags->errors == before)
        read_diagram(R, f[ZK_DIAGRAM].value, &P.pos, &P.q, &P.diagram);
    if (!P.pos.present)
        P.pos.rules = rules;
    if (R->y.diags->errors == before && P.id)
        add_puzzle(c, &P);
}

/* Reads a puzzle file: file rules and themes, then each puzzle. */
void read_puzzle_file(reader_t *R, yaml_node_t *root)
{
    yamlload_found_t f[FK_COUNT];
    if (!yamlload_map(&R->y, root, "a puzzle file", FILE_KEYS, FK_COUNT, true, f))
        return;
    rules_t rules, def = *rules_preset("lyckans-talisman");
    bool rules_ok = read_rules(R, f[FK_RULES].value, f[FK_OPTIONS].value, &def, &rules);
    const char **themes = NULL;
    int nthemes = 0;
    if (f[FK_THEMES].value)
        read_themes(R, f[FK_THEMES].value, &themes, &nthemes);
    if (!f[FK_PUZZLES].value || !rules_ok)
        return;
    int n = yamlload_list(&R->y, f[FK_PUZZLES].value, "puzzles");
    if (n == 0)
        yamlload_error(&R->y, f[FK_PUZZLES].value, "'puzzles' lists no puzzle");
    for (int i = 0; i < n; i++)
        read_puzzle(R, yamlload_item(&R->y, f[FK_PUZZLES].value, i), &rules, themes, nthemes);
}
