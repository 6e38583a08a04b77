/*
 * lesson.c - lesson files: an id, a title, the ruleset taught and an
 * ordered list of steps (prose, a position, a question).
 */
#include <string.h>

#include "content/read.h"

static const yamlload_key_t LESSON_KEYS[] = {
    {"id", YK_REQUIRED, 0}, {"title", YK_REQUIRED, 0}, {"summary", 0, 0},
    {"rules", 0, 0},        {"options", 0, 0},         {"steps", YK_REQUIRED, 0},
};
enum { LK_ID, LK_TITLE, LK_SUMMARY, LK_RULES, LK_OPTIONS, LK_STEPS, LK_COUNT };

static const yamlload_key_t STEP_KEYS[] = {
    {"title", 0, 0},    {"text", 0, 0},  {"position", 0, 0},
    {"question", 0, 0}, {"rules", 0, 0}, {"options", 0, 0}, {"diagram", 0, 0},
};
enum { SK_TITLE, SK_TEXT, SK_POSITION, SK_QUESTION, SK_RULES, SK_OPTIONS, SK_DIAGRAM, SK_COUNT };

/* Reads one step; `prev` is the step before (its position carries over). */
static bool read_step(reader_t *R, yaml_node_t *n, const rules_t *lesson_rules,
                      const lesson_step_t *prev, lesson_step_t *st)
{
    memset(st, 0, sizeof *st);
    st->loc = yamlload_loc(&R->y, n);
    yamlload_found_t f[SK_COUNT];
    int before = R->y.diags->errors;
    if (!yamlload_map(&R->y, n, "a lesson step", STEP_KEYS, SK_COUNT, true, f))
        return false;
    if (!f[SK_TEXT].key && !f[SK_QUESTION].key)
        yamlload_error(&R->y, n, "a lesson step needs 'text' or 'question' (or both)");
    if (f[SK_TITLE].value)
        yamlload_text(&R->y, f[SK_TITLE].value, "title", &st->title);
    if (f[SK_TEXT].value)
        yamlload_text(&R->y, f[SK_TEXT].value, "text", &st->text);

    rules_t rules;
    bool own_rules = f[SK_RULES].key || f[SK_OPTIONS].key;
    /* a carried-over position keeps its rules; a new one starts from the lesson's */
    const rules_t *base =
        !f[SK_POSITION].key && prev && prev->pos.present ? &prev->pos.rules : lesson_rules;
    bool rules_ok = read_rules(R, f[SK_RULES].value, f[SK_OPTIONS].value, lesson_rules, &rules);
    if (!own_rules)
        rules = *base;
    bool pos_ok = true;
    if (f[SK_POSITION].value) {
        st->own_position = true;
        pos_ok = rules_ok && read_position(R, f[SK_POSITION].value, &rules, &st->pos);
    } else if (prev && prev->pos.present) {
        st->pos = prev->pos;
        if (own_rules) {
            /* the same checkers under other rules: they must be possible there too */
            st->pos.rules = rules;
            board_error_t e;
            yaml_node_t *at = f[SK_RULES].key ? f[SK_RULES].key : f[SK_OPTIONS].key;
            if (rules.geometry != st->pos.board.geom) {
                yamlload_error(&R->y, at,
                               "the position carried over from the step before is on another kind "
                               "of board than %s uses; give this step its own position",
                               rules.name);
                pos_ok = false;
            } else if (movegen_check_position(&st->pos.board, &rules, &e) != BOARD_OK) {
                yamlload_error(&R->y, at,
                               "the position carried over from the step before is not possible "
                               "under %s; give this step its own position",
                               rules.name);
                pos_ok = false;
            }
        }
    }
    if (f[SK_QUESTION].value && pos_ok && rules_ok)
        read_question(R, f[SK_QUESTION].value, st->pos.present ? &st->pos : NULL, st->own_position,
                      &st->q);
    if (f[SK_DIAGRAM].value && pos_ok && rules_ok && R->y.diags->errors == before)
        read_diagram(R, f[SK_DIAGRAM].value, &st->pos, &st->q, &st->diagram);
    return R->y.diags->errors == before;
}

/* Reads a lesson file into the course; a lesson with errors is left out. */
void read_lesson_file(reader_t *R, yaml_node_t *root)
{
    yamlload_found_t f[LK_COUNT];
    int before = R->y.diags->errors;
    course_t *c = R->course;
    if (!yamlload_map(&R->y, root, "a lesson", LESSON_KEYS, LK_COUNT, true, f))
        return;
    lesson_t L;
    memset(&L, 0, sizeof L);
    L.file = arena_strdup(&c->arena, R->y.path);
    L.loc = yamlload_loc(&R->y, root);
    if (f[LK_ID].value && yamlload_id(&R->y, f[LK_ID].value, "id", &L.id))
        read_unique_id(R, f[LK_ID].value, L.id, true);
    if (f[LK_TITLE].value)
        yamlload_text(&R->y, f[LK_TITLE].value, "title", &L.title);
    if (f[LK_SUMMARY].value)
        yamlload_text(&R->y, f[LK_SUMMARY].value, "summary", &L.summary);
    rules_t def = *rules_preset("lyckans-talisman");
    read_rules(R, f[LK_RULES].value, f[LK_OPTIONS].value, &def, &L.rules);
    if (f[LK_STEPS].value) {
        int n = yamlload_list(&R->y, f[LK_STEPS].value, "steps");
        if (n == 0)
            yamlload_error(&R->y, f[LK_STEPS].value, "a lesson needs at least one step");
        if (n > 0) {
            L.steps = arena_array(&c->arena, (size_t)n, sizeof *L.steps);
            for (int i = 0; i < n; i++) {
                read_step(R, yamlload_item(&R->y, f[LK_STEPS].value, i), &L.rules,
                          i ? &L.steps[i - 1] : NULL, &L.steps[i]);
                L.nsteps++;
            }
        }
    }
    if (R->y.diags->errors != before || !L.id)
        return;
    if (c->nlessons == c->cap_lessons) {
        int cap = c->cap_lessons ? 2 * c->cap_lessons : 16;
        lesson_t *a = arena_array(&c->arena, (size_t)cap, sizeof *a);
        if (c->nlessons)
            memcpy(a, c->lessons, (size_t)c->nlessons * sizeof *a);
        c->lessons = a;
        c->cap_lessons = cap;
    }
    c->lessons[c->nlessons++] = L;
}
