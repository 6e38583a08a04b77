/*
 * web_preview.c - the page's course preview for instructors (see
 * web_internal.h): a lesson or puzzle file pasted into the page, loaded as
 * `brade check` loads it (without the rollouts), its diagnostics as
 * `brade check` prints them (place, line and caret), and each lesson step
 * and puzzle as the learner will meet it: title, prose, the question in
 * the page's words, the board, and the answer.
 */
#include "web/web_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/load.h"
#include "draw/diagram.h"
#include "front/course_env.h"
#include "front/paths.h"
#include "tutor/words.h"

enum { PREVIEW_ITEMS = 200 };

/* The board of a position as the learner sees it (no answer drawn). */
static json_t *board_of(const position_t *pos, const diagram_spec_t *spec, bool asks_play, lang_t L)
{
    if (!pos->present)
        return json_null();
    diagram_opts_t d;
    diagram_opts_for(pos, spec, asks_play, false, L, &d);
    strbuf_t sb;
    strbuf_init(&sb);
    diagram_svg(&pos->board, &pos->rules, &d, &sb);
    json_t *s = json_string(strbuf_str(&sb));
    strbuf_free(&sb);
    return s;
}

/* The question open in t: the page's prompt and the answer key. */
static void question_of(tutor_t *t, json_t *item)
{
    strbuf_t sb;
    strbuf_init(&sb);
    if (t->q) {
        tutor_prompt_page(t, &sb);
        json_object_set_new(item, "prompt", json_string(strbuf_str(&sb)));
        if (t->q->kind == QK_CHOICE) { /* the page's buttons */
            json_t *ch = json_array();
            for (int i = 0; i < t->q->nchoices; i++)
                json_array_append_new(ch, json_string(text_pick(&t->q->choices[i], t->lang)));
            json_object_set_new(item, "choices", ch);
        }
        strbuf_clear(&sb);
        tutor_answer_key(t, &sb);
        json_object_set_new(item, "answer", json_string(strbuf_str(&sb)));
    }
    strbuf_free(&sb);
}

/* `preview` (see web_internal.h). */
json_t *web_preview(web_app_t *a, json_t *body, int *status)
{
    const char *text = body ? json_string_value(json_object_get(body, "text")) : NULL;
    const char *name = body ? json_string_value(json_object_get(body, "name")) : NULL;
    if (!text)
        return web_fail(status, 400, "preview needs \"text\": a lesson or puzzle file");
    char file[80];
    snprintf(file, sizeof file, "%s", name && *name ? name : "preview.yaml");
    for (char *p = file; *p; p++) /* a name for the messages only: no path */
        if (*p == '/' || *p == '\\' || (unsigned char)*p < 0x20)
            *p = '_';
    lang_t L = a->lang;
    course_t c;
    course_init(&c);
    diag_list_t d;
    diag_list_init(&d);
    course_loader_t ld;
    if (!course_loader_init(&ld, &c, &d, course_env_explain)) {
        diag_list_free(&d);
        course_free(&c);
        return web_fail(status, 500, "out of memory");
    }
    ld.rollouts = false; /* the stated results checked for consistency; `brade check` rolls them out again */
    ld.decisions = false;
    course_load_text(&ld, file, text, json_string_length(json_object_get(body, "text")));
    course_loader_done(&ld);
    char *diag = NULL;
    size_t diag_len = 0;
    FILE *m = open_memstream(&diag, &diag_len);
    if (m) {
        diag_print_all(m, &d, false);
        fclose(m);
    }
    json_t *res = json_pack("{s:s, s:i, s:s}", "file", file, "errors", d.errors, "diagnostics", diag ? diag : "");
    free(diag);
    diag_list_free(&d);
    /* each step and puzzle as the learner meets it */
    progress_t prog; /* in memory only: a preview records nothing */
    strbuf_t msg;
    strbuf_init(&msg);
    progress_open(&prog, NULL, L == LANG_SV, &msg);
    strbuf_free(&msg);
    tutor_t t;
    json_t *items = json_array();
    int n = 0;
    if (tutor_init(&t, &c, &prog, L, paths_today())) {
        for (int l = 0; l < c.nlessons && n < PREVIEW_ITEMS; l++) {
            const lesson_t *ls = &c.lessons[l];
            for (int k = 0; k < ls->nsteps && n < PREVIEW_ITEMS; k++, n++) {
                const lesson_step_t *st = &ls->steps[k];
                tutor_open_lesson(&t, l, k);
                char where[300];
                snprintf(where, sizeof where, T(L, "%s, step %d of %d", "%s, steg %d av %d"),
                         text_pick(&ls->title, L), k + 1, ls->nsteps);
                json_t *it = json_pack("{s:s, s:s, s:s, s:s, s:s, s:i}", "kind", "step", "heading", where, "title",
                                       text_empty(&st->title) ? "" : text_pick(&st->title, L), "text",
                                       text_empty(&st->text) ? "" : text_pick(&st->text, L), "id", ls->id, "line",
                                       st->loc.line);
                json_object_set_new(it, "board", tutor_step_shows_board(&t)
                                                     ? board_of(&st->pos, &st->diagram, st->q.kind == QK_PLAY, L)
                                                     : json_null());
                question_of(&t, it);
                json_array_append_new(items, it);
            }
        }
        for (int i = 0; i < c.npuzzles && n < PREVIEW_ITEMS; i++, n++) {
            const puzzle_t *p = &c.puzzles[i];
            tutor_open_puzzle(&t, i);
            char where[300];
            snprintf(where, sizeof where, T(L, "Puzzle %s: %s", "Problem %s: %s"), p->id, text_pick(&p->title, L));
            json_t *it = json_pack("{s:s, s:s, s:s, s:s, s:s, s:i}", "kind", "puzzle", "heading", where, "title", "",
                                   "text", "", "id", p->id, "line", p->loc.line);
            json_object_set_new(it, "board", board_of(&p->pos, &p->diagram, p->q.kind == QK_PLAY, L));
            question_of(&t, it);
            json_array_append_new(items, it);
        }
        tutor_done(&t);
    }
    progress_free(&prog);
    course_free(&c);
    json_object_set_new(res, "items", items);
    return res;
}
