/*
 * web_editor.c - the page's position editor (see web_internal.h): the
 * shared editor of front/editor.h (the REPL's `setup`/`export`) on a board
 * the instructor clicks.
 */
#include "web/web_internal.h"

#include <string.h>

#include "draw/diagram.h"
#include "engine/posid.h"
#include "front/editor.h"

/* The editor's view (see web_internal.h). */
json_t *web_editor_view(web_app_t *a)
{
    lang_t L = a->lang;
    const board_t *b = &a->ed_board;
    char name[256], pid[POSID_SIZE];
    rules_format(&a->ed_rules, name, sizeof name);
    posid_write(b->geom, b, pid);
    json_t *v = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "mode", "editor", "lang",
                          L == LANG_SV ? "sv" : "en", "heading", T(L, "Position editor", "Ställningsredigerare"),
                          "title", "", "text", "", "rules", name, "position_id", pid, "to_move",
                          b->turn == BOARD_WHITE ? "white" : "black");
    strbuf_t sb;
    strbuf_init(&sb);
    diagram_opts_t o = {.lang = L, .interactive = true, .have_roll = a->ed_have_roll, .roll = a->ed_roll};
    diagram_svg(b, &a->ed_rules, &o, &sb);
    json_object_set_new(v, "board", json_string(strbuf_str(&sb)));
    strbuf_clear(&sb);
    editor_note(b, &a->ed_rules, L, "", &sb);
    json_object_set_new(v, "notes", json_string(strbuf_str(&sb)));
    bool ok = editor_exportable(b, &a->ed_rules);
    strbuf_clear(&sb);
    if (ok)
        editor_yaml(b, &a->ed_rules, a->ed_roll, a->ed_have_roll, "new-puzzle", L, &sb);
    json_object_set_new(v, "puzzle_yaml", ok ? json_string(strbuf_str(&sb)) : json_null());
    strbuf_clear(&sb);
    if (ok)
        editor_yaml(b, &a->ed_rules, a->ed_roll, a->ed_have_roll, NULL, L, &sb);
    json_object_set_new(v, "position_yaml", ok ? json_string(strbuf_str(&sb)) : json_null());
    strbuf_free(&sb);
    if (a->ed_have_roll)
        json_object_set_new(v, "roll", a->ed_roll.b ? json_pack("[i,i]", a->ed_roll.a, a->ed_roll.b)
                                                    : json_pack("[i]", a->ed_roll.a));
    json_object_set_new(v, "words", json_string(strbuf_str(&a->words)));
    json_object_set_new(v, "prompt",
                        json_string(T(L, "Click a point to put a checker of the colour chosen there (with Remove, "
                                         "to take one away); the bar too.",
                                      "Klicka på en tunga för att ställa en bricka av den valda färgen där (med Ta "
                                      "bort, för att ta bort en); ribban också.")));
    json_object_set_new(v, "question", json_null());
    json_object_set_new(v, "partial", json_string(""));
    return v;
}

/* Opens the editor (see web_internal.h). */
json_t *web_editor_open(web_app_t *a, json_t *body, int *status)
{
    const char *rules = body ? json_string_value(json_object_get(body, "rules")) : NULL;
    const char *from = body ? json_string_value(json_object_get(body, "from")) : NULL;
    rules_t r = a->editing ? a->ed_rules : *rules_preset("lyckans-talisman");
    if (rules) {
        rules_error_t re;
        if (!rules_parse(rules, &r, &re))
            return web_fail(status, 400, "unknown ruleset");
    }
    const tutor_t *t = &a->tutor;
    if (from && strcmp(from, "board") == 0) {
        if (!t->have_pos)
            return web_fail(status, 400, "there is no position on the board to edit");
        a->ed_board = t->board;
        r = t->rules;
        a->ed_roll = t->roll;
        a->ed_have_roll = t->have_roll;
    } else if (from && strcmp(from, "empty") == 0) {
        board_clear(&a->ed_board, r.geometry, BOARD_WHITE);
        a->ed_board.side[0][BOARD_OFF] = a->ed_board.side[1][BOARD_OFF] = 15;
    } else if (!from || strcmp(from, "start") == 0 || !a->editing || a->ed_board.geom != r.geometry) {
        if (from && strcmp(from, "start") != 0 && strcmp(from, "keep") != 0)
            return web_fail(status, 400, "from is \"start\", \"empty\", \"board\" or \"keep\"");
        board_start(&a->ed_board, r.geometry, BOARD_WHITE);
        a->ed_have_roll = false;
    }
    a->ed_rules = r;
    a->editing = true;
    return web_editor_view(a);
}

/* One edit (see web_internal.h). */
json_t *web_editor_edit(web_app_t *a, json_t *body, int *status)
{
    if (!a->editing)
        return web_fail(status, 400, "the position editor is not open");
    lang_t L = a->lang;
    board_t *b = &a->ed_board;
    json_t *turn = body ? json_object_get(body, "turn") : NULL;
    json_t *roll = body ? json_object_get(body, "roll") : NULL;
    json_t *point = body ? json_object_get(body, "point") : NULL;
    if (turn) {
        const char *c = json_string_value(turn);
        if (!c || (strcmp(c, "white") != 0 && strcmp(c, "black") != 0))
            return web_fail(status, 400, "turn is \"white\" or \"black\"");
        if (b->turn != (c[0] == 'w' ? BOARD_WHITE : BOARD_BLACK))
            board_swap(b);
    }
    if (roll) {
        const char *s = json_string_value(roll);
        if (s && strcmp(s, "none") == 0) {
            a->ed_have_roll = false;
        } else {
            bool one = s && s[0] >= '1' && s[0] <= '6' && !s[1];
            bool two = s && s[0] >= '1' && s[0] <= '6' && s[1] == '-' && s[2] >= '1' && s[2] <= '6' && !s[3];
            if (!one && !two)
                return web_fail(status, 400, "roll is \"A-B\" (like \"6-2\"), a single die under the one-die rule, "
                                             "or \"none\"");
            if (one && a->ed_rules.one_die_rule == ONE_DIE_OFF)
                return web_fail(status, 400, "a single die is rolled only under the one-die rule");
            a->ed_roll = (roll_t){s[0] - '0', one ? 0 : s[2] - '0'};
            a->ed_have_roll = true;
        }
    }
    if (point) {
        /* the point clicked, in the numbering of the side on roll (the
         * board is drawn from its side), for a checker of `colour` */
        const char *col = json_string_value(json_object_get(body, "colour"));
        int c = col && strcmp(col, "white") == 0 ? BOARD_WHITE : col && strcmp(col, "black") == 0 ? BOARD_BLACK : -1;
        int p = web_point_of(point);
        if (c < 0 || p < 0 || p == 25)
            return web_fail(status, 400, "edit needs \"point\" (1-24 or \"bar\") and \"colour\" (\"white\" or "
                                         "\"black\")");
        int slot = p == 0 ? BOARD_BAR : c == b->turn ? p : board_under(b->geom, p);
        bool place = !json_is_false(json_object_get(body, "place"));
        editor_shift(b, c, slot, 1, place, L, &a->words);
    }
    return web_editor_view(a);
}
