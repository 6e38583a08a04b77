/*
 * web_api.c - each call of the page's JSON API as the tutor's functions,
 * and the view the page draws (see web.h, docs/web.md).  Translation only:
 * the words are the tutor's, the board the pictures floor's.
 */
#include "web/web_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/diagram.h"
#include "front/config.h"
#include "front/course_env.h"
#include "front/gamefile.h"
#include "front/savefile.h"
#include "front/paths.h"
#include "tutor/playrec.h"
#include "tutor/review.h"
#include "tutor/words.h"

/* A new generation of the course: the bundled one and the learner's own
 * puzzles (their mistakes, made into puzzles by a review); errors on
 * stderr.  NULL when out of memory. */
static web_course_t *load_generation(const web_home_t *h)
{
    web_course_t *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    course_init(&c->course);
    diag_list_t d;
    diag_list_init(&d);
    course_env_load_learner(h->have_course ? h->course_dir : NULL, h->have_state ? h->state_dir : NULL, &c->course,
                            &d);
    if (d.errors)
        fprintf(stderr, "brade: %d error%s in the course files (run 'brade check')\n", d.errors,
                d.errors == 1 ? "" : "s");
    diag_list_free(&d);
    c->refs = 1; /* the home's, while it is current */
    return c;
}

/* Loads the course and finds the state directory (see web.h). */
bool web_home_open(web_home_t *h, const char *course)
{
    memset(h, 0, sizeof *h);
    char why[512];
    h->have_course = paths_course_dir(course, h->course_dir, sizeof h->course_dir);
    if (!h->have_course)
        fprintf(stderr, "brade: no course found (looked in %s)\n", h->course_dir);
    h->have_state = paths_state_dir(h->state_dir, sizeof h->state_dir, why, sizeof why);
    if (!h->have_state)
        fprintf(stderr, "brade: progress is not saved: %s\n", why);
    if (pthread_mutex_init(&h->lock, NULL) != 0)
        return false;
    if (!(h->current = load_generation(h))) {
        pthread_mutex_destroy(&h->lock);
        return false;
    }
    return true;
}

/* Frees a generation nobody is on. */
static void free_generation(web_course_t *c)
{
    course_free(&c->course);
    free(c);
}

void web_home_close(web_home_t *h)
{
    web_home_leave(h, h->current);
    h->current = NULL;
    pthread_mutex_destroy(&h->lock);
}

web_course_t *web_home_enter(web_home_t *h)
{
    pthread_mutex_lock(&h->lock);
    web_course_t *c = h->current;
    c->refs++;
    pthread_mutex_unlock(&h->lock);
    return c;
}

void web_home_leave(web_home_t *h, web_course_t *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&h->lock);
    bool last = --c->refs == 0;
    pthread_mutex_unlock(&h->lock);
    if (last)
        free_generation(c);
}

bool web_home_reload(web_home_t *h)
{
    web_course_t *c = load_generation(h); /* outside the lock: it reads files */
    if (!c)
        return false;
    pthread_mutex_lock(&h->lock);
    web_course_t *old = h->current;
    h->current = c;
    pthread_mutex_unlock(&h->lock);
    web_home_leave(h, old); /* the home's count of the old one */
    return true;
}

/* Moves the session to the current generation of the course when it is
 * on an older one and no question of the old one is open, or `force`
 * (a call that opens a lesson, puzzle or drill closes it anyway). */
void web_app_follow_course(web_app_t *a, bool force)
{
    pthread_mutex_lock(&a->home->lock);
    bool stale = a->gen != a->home->current;
    pthread_mutex_unlock(&a->home->lock);
    if (!stale || (a->tutor.mode != TUTOR_FREE && !force))
        return;
    if (a->tutor.mode != TUTOR_FREE)
        tutor_free_mode(&a->tutor, &a->tutor.rules);
    web_course_t *old = a->gen;
    a->gen = web_home_enter(a->home);
    a->course = &a->gen->course;
    a->tutor.course = a->course;
    web_home_leave(a->home, old);
}

/* Opens a session's tutor (see web.h). */
bool web_app_open(web_app_t *a, web_home_t *home, lang_t lang)
{
    memset(a, 0, sizeof *a);
    strbuf_init(&a->words);
    a->home = home;
    a->gen = web_home_enter(home);
    a->course = &a->gen->course;
    a->lang = lang;
    strbuf_t msg;
    strbuf_init(&msg);
    progress_open(&a->progress, home->have_state ? home->state_dir : NULL, lang == LANG_SV, &msg);
    if (msg.len)
        fputs(strbuf_str(&msg), stderr);
    strbuf_free(&msg);
    if (!tutor_init(&a->tutor, a->course, &a->progress, lang, paths_today())) {
        fprintf(stderr, "brade: out of memory\n");
        progress_free(&a->progress);
        strbuf_free(&a->words);
        web_home_leave(home, a->gen);
        return false;
    }
    return true;
}

/* Saves the session's progress record (merged with the file); a problem
 * goes to stderr, the server's log. */
static void save_progress(web_app_t *a)
{
    strbuf_t msg;
    strbuf_init(&msg);
    progress_save(&a->progress, a->lang == LANG_SV, &msg);
    if (msg.len)
        fputs(strbuf_str(&msg), stderr);
    strbuf_free(&msg);
}

/* Saves and closes it (see web.h). */
void web_app_close(web_app_t *a)
{
    web_game_store(a);
    web_game_review_drop(a);
    play_free(a->game);
    a->game = NULL;
    save_progress(a);
    tutor_done(&a->tutor);
    progress_free(&a->progress);
    strbuf_free(&a->words);
    web_home_leave(a->home, a->gen);
    a->gen = NULL;
}

/* {"error": why} with a status (see web_internal.h). */
json_t *web_fail(int *status, int code, const char *why)
{
    *status = code;
    return json_pack("{s:s}", "error", why);
}

/* The board on screen as the page's SVG (the play being made by clicks
 * drawn on it), or null. */
static json_t *board_svg(web_app_t *a)
{
    tutor_t *t = &a->tutor;
    if (!t->have_pos || (t->mode == TUTOR_LESSON && !tutor_step_shows_board(t)))
        return json_null();
    diagram_opts_t o = {.lang = a->lang, .interactive = true, .have_roll = t->have_roll, .roll = t->roll};
    if (tutor_hides_pips(t))
        o.caption_off = true, o.caption = "";
    strbuf_t sb;
    strbuf_init(&sb);
    diagram_svg(a->stepping ? &a->steps.board : &t->board, &t->rules, &o, &sb);
    json_t *s = json_string(strbuf_str(&sb));
    strbuf_free(&sb);
    return s;
}

/* What the page shows now: where the learner is, the board, the question
 * and the tutor's last words (see web_internal.h). */
json_t *web_view(web_app_t *a)
{
    if (a->game)
        return web_game_view(a);
    if (a->editing)
        return web_editor_view(a);
    tutor_t *t = &a->tutor;
    lang_t L = a->lang;
    const char *modes[] = {"free", "lesson", "puzzle", "drill"};
    json_t *v = json_pack("{s:s, s:s}", "mode", modes[t->mode], "lang", L == LANG_SV ? "sv" : "en");
    char h[512] = "";
    const char *title = "", *text = "";
    if (t->mode == TUTOR_LESSON) {
        const lesson_t *ls = &a->course->lessons[t->lesson];
        const lesson_step_t *st = &ls->steps[t->step];
        snprintf(h, sizeof h, T(L, "%s (lesson %d of %d, step %d of %d)", "%s (lektion %d av %d, steg %d av %d)"),
                 text_pick(&ls->title, L), t->lesson + 1, a->course->nlessons, t->step + 1, ls->nsteps);
        title = text_empty(&st->title) ? "" : text_pick(&st->title, L);
        text = text_empty(&st->text) ? "" : text_pick(&st->text, L);
        json_object_set_new(v, "lesson", json_string(ls->id));
        json_object_set_new(v, "step", json_integer(t->step + 1));
        json_object_set_new(v, "steps", json_integer(ls->nsteps));
    } else if (t->mode == TUTOR_PUZZLE) {
        const puzzle_t *p = &a->course->puzzles[t->puzzle];
        snprintf(h, sizeof h, T(L, "Puzzle %s: %s", "Problem %s: %s"), p->id, text_pick(&p->title, L));
        json_object_set_new(v, "puzzle", json_string(p->id));
    } else if (t->mode == TUTOR_DRILL) {
        snprintf(h, sizeof h, "%s", T(L, "Drill", "Övning"));
    }
    json_object_set_new(v, "heading", json_string(h));
    json_object_set_new(v, "title", json_string(title));
    json_object_set_new(v, "text", json_string(text));
    strbuf_t sb;
    strbuf_init(&sb);
    if (t->q)
        tutor_prompt_page(t, &sb);
    json_object_set_new(v, "prompt", json_string(strbuf_str(&sb)));
    strbuf_free(&sb);
    json_t *q = t->q ? json_pack("{s:b, s:b}", "open", !t->answered, "play", t->q->kind == QK_PLAY) : json_null();
    if (t->q && t->q->kind == QK_CHOICE) { /* the choices as buttons: their numbers are the answers */
        json_t *ch = json_array();
        for (int i = 0; i < t->q->nchoices; i++)
            json_array_append_new(ch, json_string(text_pick(&t->q->choices[i], L)));
        json_object_set_new(q, "choices", ch);
    }
    if (t->q && (t->q->kind == QK_LEGAL || t->q->kind == QK_GIVE_UP || t->q->kind == QK_ONE_DIE))
        json_object_set_new(q, "yesno", json_true());
    json_object_set_new(v, "question", q);
    json_object_set_new(v, "to_move", json_string(t->have_pos ? (t->board.turn == BOARD_WHITE ? "white" : "black")
                                                              : ""));
    json_object_set_new(v, "words", json_string(strbuf_str(&a->words)));
    json_object_set_new(v, "board", board_svg(a));
    if (t->have_roll)
        json_object_set_new(v, "roll", t->roll.b ? json_pack("[i,i]", t->roll.a, t->roll.b)
                                                 : json_pack("[i]", t->roll.a));
    json_object_set_new(v, "partial", json_string(a->stepping ? a->steps.text : ""));
    return v;
}

/* The lesson to open when none is named: the first not completed, at the
 * step where the learner left it. */
static void open_next_lesson(web_app_t *a)
{
    for (int l = 0; l < a->course->nlessons; l++) {
        const progress_item_t *it = progress_get(&a->progress, a->course->lessons[l].id, true);
        if (!it || it->done < 0) {
            tutor_open_lesson(&a->tutor, l, it && it->at >= 0 ? it->at : 0);
            return;
        }
    }
    if (a->course->nlessons)
        tutor_open_lesson(&a->tutor, 0, 0);
}

/* The lessons, with the ones done. */
static json_t *lessons(web_app_t *a)
{
    json_t *arr = json_array();
    for (int l = 0; l < a->course->nlessons; l++) {
        const lesson_t *ls = &a->course->lessons[l];
        const progress_item_t *it = progress_get(&a->progress, ls->id, true);
        json_array_append_new(arr, json_pack("{s:s, s:s, s:i, s:b}", "id", ls->id, "title",
                                             text_pick(&ls->title, a->lang), "steps", ls->nsteps, "done",
                                             it && it->done >= 0));
    }
    return json_pack("{s:o}", "lessons", arr);
}

/* The puzzles, with the learner's state of each (titles say nothing of
 * the answers) and their themes; the course's themes, each with its name
 * in the page's language and how many puzzles it has. */
static json_t *puzzles(web_app_t *a)
{
    json_t *arr = json_array();
    for (int i = 0; i < a->course->npuzzles; i++) {
        const puzzle_t *p = &a->course->puzzles[i];
        const progress_item_t *it = progress_get(&a->progress, p->id, false);
        const char *state = !it || it->last < 0 ? "new" : it->last_failed ? "failed" : "solved";
        json_t *th = json_array();
        for (int k = 0; k < p->nthemes; k++)
            json_array_append_new(th, json_string(p->themes[k]));
        json_array_append_new(arr, json_pack("{s:s, s:s, s:i, s:s, s:o, s:b, s:s}", "id", p->id, "title",
                                             text_pick(&p->title, a->lang), "difficulty", p->difficulty, "state",
                                             state, "themes", th, "mined", p->mined, "rules",
                                             p->pos.rules.name ? p->pos.rules.name : ""));
    }
    const char *ids[256];
    int nt = course_themes(a->course, ids, 256);
    json_t *themes = json_array();
    for (int i = 0; i < nt && i < 256; i++) {
        int c = 0;
        for (int k = 0; k < a->course->npuzzles; k++)
            c += course_puzzle_has_theme(&a->course->puzzles[k], ids[i]);
        json_array_append_new(themes, json_pack("{s:s, s:s, s:i}", "id", ids[i], "name", words_theme(a->lang, ids[i]),
                                                "count", c));
    }
    return json_pack("{s:o, s:o}", "puzzles", arr, "themes", themes);
}

/* A point as the page names it (see web_internal.h). */
int web_point_of(json_t *j)
{
    if (json_is_integer(j)) {
        json_int_t n = json_integer_value(j);
        return n >= 1 && n <= 24 ? (int)n : -1;
    }
    const char *s = json_string_value(j);
    return !s ? -1 : strcmp(s, "bar") == 0 ? 0 : strcmp(s, "off") == 0 ? 25 : -1;
}

/* Ends a play made by clicks: the steps forgotten. */
static void stop_stepping(web_app_t *a) { a->stepping = false; }

/* One call, the session's stop flag cleared (see web_app_call). */
static json_t *call_route(web_app_t *a, const char *route, json_t *body, int *status)
{
    tutor_t *t = &a->tutor;
    *status = 200;
    const char *text = body ? json_string_value(json_object_get(body, "text")) : NULL;
    const char *id = body ? json_string_value(json_object_get(body, "id")) : NULL;
    if (strcmp(route, "state") == 0)
        return web_view(a);
    if (strcmp(route, "lessons") == 0)
        return lessons(a);
    if (strcmp(route, "puzzles") == 0)
        return puzzles(a);
    if (strcmp(route, "games") == 0)
        return web_games(a);
    if (strcmp(route, "rulesets") == 0)
        return web_rulesets(a);
    if (strcmp(route, "preview") == 0)
        return web_preview(a, body, status);
    if (strcmp(route, "progress") == 0)
        return web_progress(a);
    if (strcmp(route, "glossary") == 0)
        return web_glossary(a, body, status);
    if (strcmp(route, "review") == 0)
        return web_game_review(a, body, status);
    if (strcmp(route, "mistakes") == 0)
        return web_game_mistakes(a, status);
    strbuf_clear(&a->words);
    if (strcmp(route, "editor") == 0)
        return web_editor_open(a, body, status);
    if (strcmp(route, "edit") == 0)
        return web_editor_edit(a, body, status);
    if (strcmp(route, "lang") != 0)
        a->editing = false; /* any other call leaves the editor */
    if (strcmp(route, "play") == 0)
        return web_game_start(a, body, status);
    if (strcmp(route, "game") == 0) {
        const char *w = body ? json_string_value(json_object_get(body, "word")) : NULL;
        if (!a->game || !w)
            return web_fail(status, 400, a->game ? "game needs \"word\"" : "no game is under way");
        return web_game_word(a, w, body, status);
    }
    if (strcmp(route, "leave") == 0) {
        stop_stepping(a); /* a move half made belongs to the game left */
        if (a->game) {
            web_game_store(a);
            if (a->game_path[0])
                strbuf_addf(&a->words, T(a->lang, "The game record is in %s.\n", "Partiprotokollet finns i %s.\n"),
                            a->game_path);
            play_free(a->game);
            a->game = NULL;
        }
        return web_view(a);
    }
    if (a->game && (strcmp(route, "lesson") == 0 || strcmp(route, "puzzle") == 0 || strcmp(route, "drill") == 0)) {
        web_game_store(a); /* the game is left (its record kept) */
        play_free(a->game);
        a->game = NULL;
    }
    if (strcmp(route, "lang") == 0) {
        const char *l = body ? json_string_value(json_object_get(body, "lang")) : NULL;
        if (!l || (strcmp(l, "en") != 0 && strcmp(l, "sv") != 0))
            return web_fail(status, 400, "lang is \"en\" or \"sv\"");
        a->lang = t->lang = strcmp(l, "sv") == 0 ? LANG_SV : LANG_EN;
        if (a->game)
            a->game->o.lang = a->lang;
        return web_view(a);
    }
    if (strcmp(route, "lesson") == 0) {
        stop_stepping(a);
        if (!id) {
            open_next_lesson(a);
        } else {
            int l = course_find_lesson(a->course, id);
            if (l < 0)
                return web_fail(status, 404, "no such lesson");
            json_t *st = json_object_get(body, "step");
            tutor_open_lesson(t, l, json_is_integer(st) ? (int)json_integer_value(st) - 1 : 0);
        }
        return web_view(a);
    }
    if (strcmp(route, "drill") == 0) {
        stop_stepping(a);
        return web_drill(a, status);
    }
    if (strcmp(route, "puzzle") == 0) {
        stop_stepping(a);
        int i = id ? course_find_puzzle(a->course, id) : -1;
        if (id && i < 0)
            return web_fail(status, 404, "no such puzzle");
        if (!id) { /* the next due, near the learner's rating; in a theme when one is named */
            const char *theme = body ? json_string_value(json_object_get(body, "theme")) : NULL;
            bool known = false;
            for (int k = 0; theme && k < a->course->npuzzles && !known; k++)
                known = course_puzzle_has_theme(&a->course->puzzles[k], theme);
            if (theme && !known)
                return web_fail(status, 404, "no puzzle has that theme");
            tutor_pick_t why;
            i = tutor_pick_puzzle(t, theme, t->mode == TUTOR_PUZZLE ? t->puzzle : -1, &why);
            if (i < 0)
                return web_fail(status, 404, "no puzzle is left");
        }
        tutor_open_puzzle(t, i);
        return web_view(a);
    }
    if (strcmp(route, "next") == 0 || strcmp(route, "back") == 0) {
        stop_stepping(a);
        tutor_nav_t n = route[0] == 'n' ? tutor_next(t, &a->words) : tutor_back(t);
        if (n == NAV_LESSON_DONE)
            strbuf_add(&a->words, T(a->lang, "The lesson is complete.\n", "Lektionen är klar.\n"));
        else if (n == NAV_LESSON_OPEN)
            strbuf_add(&a->words, T(a->lang, "This is the end of the lesson, but some questions are not answered "
                                             "yet (a shown answer does not count).\n",
                                    "Lektionen är slut, men några frågor är inte besvarade än (ett visat svar "
                                    "räknas inte).\n"));
        else if (n == NAV_AT_START)
            strbuf_add(&a->words, T(a->lang, "This is the first step.\n", "Det här är första steget.\n"));
        return web_view(a);
    }
    if (strcmp(route, "answer") == 0) {
        if (!text)
            return web_fail(status, 400, "answer needs \"text\"");
        stop_stepping(a);
        if (a->game) { /* a typed play of the game's roll */
            play_move(a->game, text, &a->words);
            web_game_advance(a);
            return web_view(a);
        }
        tutor_answer(t, text, &a->words);
        return web_view(a);
    }
    if (strcmp(route, "hint") == 0 || strcmp(route, "solution") == 0) {
        stop_stepping(a);
        if (route[0] == 'h')
            tutor_hint(t, &a->words);
        else
            tutor_solution(t, &a->words);
        return web_view(a);
    }
    if (strcmp(route, "undo") == 0) {
        /* the last move made by clicks taken back ({"all": true}: every
         * one); with none made, nothing */
        json_t *all = body ? json_object_get(body, "all") : NULL;
        const rules_t *rules = a->game ? &a->game->o.rules : &t->rules;
        if (a->stepping && !json_is_true(all) && steps_back(&a->steps, rules) && a->steps.moves > 0)
            return web_view(a);
        stop_stepping(a);
        return web_view(a);
    }
    if (strcmp(route, "targets") == 0)
        return web_game_targets(a, body, status);
    if (strcmp(route, "step") == 0) {
        /* a checker clicked from one point to another: checked as a step of
         * the rules; when the roll is used up the play is the answer */
        int from = body ? web_point_of(json_object_get(body, "from")) : -1;
        int to = body ? web_point_of(json_object_get(body, "to")) : -1;
        if (from < 0 || to < 1 || from == 25)
            return web_fail(status, 400, "step needs \"from\" (1-24 or \"bar\") and \"to\" (1-24 or \"off\")");
        play_game_t *g = a->game;
        if (g ? g->state != PS_HUMAN : (!t->have_pos || !t->have_roll))
            return web_fail(status, 400, "no roll to play on the board");
        const rules_t *rules = g ? &g->o.rules : &t->rules;
        if (!a->stepping) {
            steps_start(&a->steps, g ? &g->game.board : &t->board, g ? g->roll : t->roll);
            a->stepping = true;
        }
        int dice;
        char why[1024];
        json_t *res;
        if (!steps_move(&a->steps, rules, a->lang, from, to, &dice, why, sizeof why)) {
            strbuf_addf(&a->words, "%s\n", why);
            res = web_view(a);
            json_object_set_new(res, "refused", json_true());
            return res;
        }
        if (steps_complete(&a->steps, rules)) {
            char play[160];
            snprintf(play, sizeof play, "%s", a->steps.text);
            stop_stepping(a);
            if (g) {
                play_move(g, play, &a->words);
                web_game_advance(a);
            } else if (t->q && !t->answered) {
                tutor_answer(t, play, &a->words);
            } else {
                strbuf_addf(&a->words, "%s\n", play);
                tutor_explain_play(t, play, &a->words);
            }
            res = web_view(a);
            json_object_set_new(res, "played", json_string(play));
            return res;
        }
        res = web_view(a);
        json_object_set_new(res, "dice_used", json_integer(dice));
        return res;
    }
    return web_fail(status, 404, "no such call");
}

/* True when the call may take long (see web.h). */
bool web_app_is_long(const web_app_t *a, const char *route, json_t *body)
{
    if (strcmp(route, "review") == 0 || strcmp(route, "mistakes") == 0)
        return true;
    const char *w = body ? json_string_value(json_object_get(body, "word")) : NULL;
    return a->game && strcmp(route, "game") == 0 && w && strcmp(w, "hint") == 0;
}

/* One call (see web.h): the results it recorded are saved at once (merged
 * with the file, so other sessions' and the terminal's are kept). */
json_t *web_app_call(web_app_t *a, const char *route, json_t *body, int *status)
{
    a->done = a->total = 0;
    web_app_follow_course(a, strcmp(route, "lesson") == 0 || strcmp(route, "puzzle") == 0 || strcmp(route, "drill") == 0);
    json_t *res = call_route(a, route, body, status);
    if (a->progress.njournal > 0)
        save_progress(a);
    return res;
}
