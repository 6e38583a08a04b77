/*
 * web_api.c - each call of the page's JSON API as the tutor's functions,
 * and the view the page draws (see web.h, docs/web.md).  Translation only:
 * the words are the tutor's, the board the pictures floor's.
 */
#include "web/web.h"

#include <stdio.h>
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

/* Opens the learner's tutor (see web.h). */
bool web_app_open(web_app_t *a, const char *course, lang_t lang)
{
    memset(a, 0, sizeof *a);
    strbuf_init(&a->words);
    a->lang = lang;
    char dir[4096], why[512];
    course_init(&a->course);
    bool have_course = paths_course_dir(course, dir, sizeof dir);
    diag_list_t d;
    diag_list_init(&d);
    if (have_course)
        course_env_load(dir, &a->course, &d);
    else
        fprintf(stderr, "brade: no course found (looked in %s)\n", dir);
    a->have_state = paths_state_dir(a->state_dir, sizeof a->state_dir, why, sizeof why);
    if (!a->have_state)
        fprintf(stderr, "brade: progress is not saved: %s\n", why);
    if (d.errors)
        fprintf(stderr, "brade: %d error%s in the course files (run 'brade check')\n", d.errors,
                d.errors == 1 ? "" : "s");
    diag_list_free(&d);
    strbuf_t msg;
    strbuf_init(&msg);
    progress_open(&a->progress, a->have_state ? a->state_dir : NULL, lang == LANG_SV, &msg);
    if (msg.len)
        fputs(strbuf_str(&msg), stderr);
    strbuf_free(&msg);
    if (!tutor_init(&a->tutor, &a->course, &a->progress, lang, paths_today())) {
        fprintf(stderr, "brade: out of memory\n");
        return false;
    }
    return true;
}

/* Closes it: the progress record is saved as it goes. */
void web_app_close(web_app_t *a)
{
    play_free(a->game);
    a->game = NULL;
    tutor_done(&a->tutor);
    progress_free(&a->progress);
    course_free(&a->course);
    strbuf_free(&a->words);
}

/* {"error": why} with a status. */
static json_t *fail(int *status, int code, const char *why)
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

/* Writes the game's record as it stands (atomically), where games go: after
 * every call that changed it, so a killed server loses at most the play
 * being made. */
static void game_store(web_app_t *a)
{
    play_game_t *g = a->game;
    if (!g || g->record.len == a->game_stored || g->turns == 0)
        return;
    char why[4400];
    if (!a->game_path[0] && !gamefile_new_path(a->game_path, sizeof a->game_path, why, sizeof why)) {
        strbuf_addf(&a->words, T(a->lang, "(The game record is not saved: %s.)\n", "(Partiprotokollet sparas inte: %s.)\n"),
                    why);
        a->game_stored = g->record.len;
        return;
    }
    if (savefile_write(a->game_path, strbuf_str(&g->record), g->record.len))
        a->game_stored = g->record.len;
}

/* The engine's turns, then the record written. */
static void game_advance(web_app_t *a)
{
    play_game_t *g = a->game;
    while (g->state == PS_ENGINE)
        play_engine(g, &a->words);
    game_store(a);
}

/* The game's view: the board from the person's side (the engine has
 * answered by the time the page asks), what it waits for, the words that
 * may be said now. */
static json_t *game_view(web_app_t *a)
{
    play_game_t *g = a->game;
    lang_t L = a->lang;
    char rules[256], h[512];
    rules_format(&g->o.rules, rules, sizeof rules);
    int me = g->o.seat[BOARD_WHITE].kind == SEAT_HUMAN ? BOARD_WHITE : BOARD_BLACK;
    snprintf(h, sizeof h, T(L, "A game of %s: you play %s against the engine (level %d)",
                            "Ett parti %s: du spelar %s mot motorn (nivå %d)"),
             rules, words_colour(L, me, false), g->o.seat[1 - me].level);
    json_t *v = json_pack("{s:s, s:s, s:s, s:s, s:s}", "mode", "game", "lang", L == LANG_SV ? "sv" : "en", "heading", h,
                          "title", "", "text", "");
    strbuf_t sb;
    strbuf_init(&sb);
    char dice[16];
    playrec_dice_text(g->roll, dice, sizeof dice);
    json_t *acts = json_array();
    switch (g->state) {
    case PS_HUMAN:
        strbuf_addf(&sb, T(L, "%s to play %s: click a checker, then where it goes (or type the play).",
                           "%s ska spela %s: klicka på en bricka och sedan dit den ska (eller skriv draget)."),
                    words_colour(L, play_on_roll(g), true), dice);
        json_array_append_new(acts, json_string("hint"));
        json_array_append_new(acts, json_string("resign"));
        if (movegen_no_play(g->legal, g->nlegal))
            json_array_append_new(acts, json_string("pass"));
        break;
    case PS_ROLL:
    case PS_TEKA:
        strbuf_add(&sb, T(L, "Your roll.", "Ditt slag."));
        json_array_append_new(acts, json_string("roll"));
        if (play_may_double(g))
            json_array_append_new(acts, json_string("double"));
        if (g->ndice == 2 && game_one_die_eligible(&g->game))
            json_array_append_new(acts, json_string("one-die"));
        json_array_append_new(acts, json_string("resign"));
        break;
    case PS_CUBE:
        strbuf_add(&sb, T(L, "A double: take it or drop it.", "En dubblering: ta emot eller passa."));
        json_array_append_new(acts, json_string("take"));
        json_array_append_new(acts, json_string("drop"));
        json_array_append_new(acts, json_string("hint"));
        break;
    case PS_OVER:
        play_result_text(g, &sb);
        json_array_append_new(acts, json_string("review"));
        break;
    case PS_ENGINE:
        break;
    }
    if (g->state != PS_OVER)
        json_array_append_new(acts, json_string("undo"));
    json_object_set_new(v, "prompt", json_string(strbuf_str(&sb)));
    strbuf_free(&sb);
    json_object_set_new(v, "game_actions", acts);
    json_object_set_new(v, "question", json_pack("{s:b, s:b}", "open", g->state == PS_HUMAN, "play", true));
    json_object_set_new(v, "words", json_string(strbuf_str(&a->words)));
    json_object_set_new(v, "record", json_string(a->game_path));
    diagram_opts_t o = {.lang = L, .interactive = true, .have_roll = g->state == PS_HUMAN, .roll = g->roll};
    strbuf_init(&sb);
    /* the person's side at the bottom throughout, the final position too */
    board_t shown = a->stepping ? a->steps.board : g->game.board;
    if (shown.turn != me)
        board_swap(&shown);
    diagram_svg(&shown, &g->o.rules, &o, &sb);
    json_object_set_new(v, "board", json_string(strbuf_str(&sb)));
    strbuf_free(&sb);
    json_object_set_new(v, "partial", json_string(a->stepping ? a->steps.text : ""));
    json_object_set_new(v, "to_move", json_string(play_on_roll(g) == BOARD_WHITE ? "white" : "black"));
    return v;
}

/* Starts a game against the engine: the person white, the engine at
 * `level` (default 2), under `rules` (default the learner's setting, else
 * Lyckans Talisman), with a new seed each game. */
static json_t *game_start(web_app_t *a, json_t *body, int *status)
{
    play_opts_t o;
    play_default_opts(&o);
    config_t cfg;
    config_load(&cfg, NULL);
    config_play_opts(&cfg, &o);
    o.lang = a->lang;
    const char *rules = body ? json_string_value(json_object_get(body, "rules")) : NULL;
    if (rules) {
        rules_error_t re;
        if (!rules_parse(rules, &o.rules, &re)) {
            *status = 400;
            return json_pack("{s:s}", "error", "unknown ruleset");
        }
    }
    json_t *lv = body ? json_object_get(body, "level") : NULL;
    if (json_is_integer(lv)) {
        json_int_t n = json_integer_value(lv);
        if (n < 0 || n >= PLAY_LEVELS) {
            *status = 400;
            return json_pack("{s:s}", "error", "level is 0 to 3");
        }
        o.seat[BOARD_BLACK] = (play_seat_t){SEAT_ENGINE, (int)n};
    }
    o.seat[BOARD_WHITE] = (play_seat_t){SEAT_HUMAN, 0};
    o.seed = gamefile_seed(a->games_started++);
    play_free(a->game);
    a->stepping = false;
    a->game_path[0] = '\0';
    a->game_stored = 0;
    a->game = play_new(&o, &a->words);
    if (!a->game) {
        *status = 500;
        return json_pack("{s:s}", "error", "out of memory");
    }
    game_advance(a);
    return game_view(a);
}

/* The review of the finished game: each decision of the person's that
 * gave something away, on its own board with the better play drawn as
 * arrows, with the tutor's words (tutor/review.h, at the tutor's depth or
 * `plies`). */
static json_t *game_review(web_app_t *a, json_t *body, int *status)
{
    play_game_t *g = a->game;
    playrec_t rec;
    int line, col;
    char msg[256];
    if (!playrec_parse_at(strbuf_str(&g->record), g->record.len, &rec, &line, &col, msg, sizeof msg)) {
        *status = 500;
        return json_pack("{s:s}", "error", msg);
    }
    review_opts_t o;
    review_default_opts(&o);
    o.lang = a->lang;
    json_t *pl = body ? json_object_get(body, "plies") : NULL;
    if (json_is_integer(pl) && json_integer_value(pl) >= 0 && json_integer_value(pl) <= 2)
        o.plies = (int)json_integer_value(pl);
    review_t rv;
    bool ok = review_run(&rec, &o, NULL, &rv);
    playrec_free(&rec);
    if (!ok) {
        review_free(&rv);
        *status = 500;
        return json_pack("{s:s}", "error", rv.error);
    }
    static const char *const GRADE[] = {"fine", "doubtful", "bad", "very-bad"};
    json_t *items = json_array();
    for (int i = 0; i < rv.nitems; i++) {
        const review_item_t *it = &rv.items[i];
        if (it->kind != REVIEW_PLAY || it->d.grade == GRADE_FINE)
            continue;
        diagram_opts_t d = {.lang = a->lang, .interactive = true, .have_roll = true, .roll = it->roll,
                            .play = &it->d.best};
        strbuf_t sb;
        strbuf_init(&sb);
        diagram_svg(&it->before, &g->o.rules, &d, &sb);
        char dice[16];
        playrec_dice_text(it->roll, dice, sizeof dice);
        json_array_append_new(items, json_pack("{s:i, s:s, s:s, s:s, s:f, s:s, s:s, s:s}", "line", it->line, "roll",
                                               dice, "play", it->d.mine_text, "best", it->d.best_text, "lost",
                                               it->d.lost, "grade", GRADE[it->d.grade], "words", it->d.words,
                                               "board", strbuf_str(&sb)));
        strbuf_free(&sb);
    }
    int me = g->o.seat[BOARD_WHITE].kind == SEAT_HUMAN ? BOARD_WHITE : BOARD_BLACK;
    const review_side_t *side = &rv.side[me];
    json_t *res = json_pack("{s:o, s:i, s:i, s:f, s:i}", "mistakes", items, "plies", rv.plies, "decisions",
                            side->decisions, "lost", side->lost, "errors",
                            side->errors[1] + side->errors[2] + side->errors[3]);
    review_free(&rv);
    return res;
}

/* A word of the game said by a button: roll, double, take, drop, resign,
 * one-die, hint, undo, pass. */
static json_t *game_word(web_app_t *a, const char *w, int *status)
{
    play_game_t *g = a->game;
    a->stepping = false;
    if (strcmp(w, "roll") == 0)
        play_dice(g, NULL, 0, &a->words);
    else if (strcmp(w, "double") == 0)
        play_double(g, &a->words);
    else if (strcmp(w, "take") == 0)
        play_take(g, &a->words);
    else if (strcmp(w, "drop") == 0)
        play_drop(g, &a->words);
    else if (strcmp(w, "resign") == 0)
        play_resign(g, &a->words);
    else if (strcmp(w, "one-die") == 0)
        play_one_die(g, &a->words);
    else if (strcmp(w, "hint") == 0)
        play_hint(g, &a->words);
    else if (strcmp(w, "undo") == 0)
        play_undo(g, &a->words);
    else if (strcmp(w, "pass") == 0)
        play_move(g, "pass", &a->words);
    else {
        *status = 400;
        return json_pack("{s:s}", "error", "no such word of a game");
    }
    game_advance(a);
    return game_view(a);
}

/* What the page shows now: where the learner is, the board, the question
 * and the tutor's last words. */
static json_t *view(web_app_t *a)
{
    if (a->game)
        return game_view(a);
    tutor_t *t = &a->tutor;
    lang_t L = a->lang;
    const char *modes[] = {"free", "lesson", "puzzle", "drill"};
    json_t *v = json_pack("{s:s, s:s}", "mode", modes[t->mode], "lang", L == LANG_SV ? "sv" : "en");
    char h[512] = "";
    const char *title = "", *text = "";
    if (t->mode == TUTOR_LESSON) {
        const lesson_t *ls = &a->course.lessons[t->lesson];
        const lesson_step_t *st = &ls->steps[t->step];
        snprintf(h, sizeof h, T(L, "%s (lesson %d of %d, step %d of %d)", "%s (lektion %d av %d, steg %d av %d)"),
                 text_pick(&ls->title, L), t->lesson + 1, a->course.nlessons, t->step + 1, ls->nsteps);
        title = text_empty(&st->title) ? "" : text_pick(&st->title, L);
        text = text_empty(&st->text) ? "" : text_pick(&st->text, L);
        json_object_set_new(v, "lesson", json_string(ls->id));
        json_object_set_new(v, "step", json_integer(t->step + 1));
        json_object_set_new(v, "steps", json_integer(ls->nsteps));
    } else if (t->mode == TUTOR_PUZZLE) {
        const puzzle_t *p = &a->course.puzzles[t->puzzle];
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
    for (int l = 0; l < a->course.nlessons; l++) {
        const progress_item_t *it = progress_get(&a->progress, a->course.lessons[l].id, true);
        if (!it || it->done < 0) {
            tutor_open_lesson(&a->tutor, l, it && it->at >= 0 ? it->at : 0);
            return;
        }
    }
    if (a->course.nlessons)
        tutor_open_lesson(&a->tutor, 0, 0);
}

/* The lessons, with the ones done. */
static json_t *lessons(web_app_t *a)
{
    json_t *arr = json_array();
    for (int l = 0; l < a->course.nlessons; l++) {
        const lesson_t *ls = &a->course.lessons[l];
        const progress_item_t *it = progress_get(&a->progress, ls->id, true);
        json_array_append_new(arr, json_pack("{s:s, s:s, s:i, s:b}", "id", ls->id, "title",
                                             text_pick(&ls->title, a->lang), "steps", ls->nsteps, "done",
                                             it && it->done >= 0));
    }
    return json_pack("{s:o}", "lessons", arr);
}

/* The puzzles, with the learner's state of each (titles say nothing of
 * the answers). */
static json_t *puzzles(web_app_t *a)
{
    json_t *arr = json_array();
    for (int i = 0; i < a->course.npuzzles; i++) {
        const puzzle_t *p = &a->course.puzzles[i];
        const progress_item_t *it = progress_get(&a->progress, p->id, false);
        const char *state = !it || it->last < 0 ? "new" : it->last_failed ? "failed" : "solved";
        json_array_append_new(arr, json_pack("{s:s, s:s, s:i, s:s}", "id", p->id, "title",
                                             text_pick(&p->title, a->lang), "difficulty", p->difficulty, "state",
                                             state));
    }
    return json_pack("{s:o}", "puzzles", arr);
}

/* A point of the mover's as the page names it: "bar" 0, "off" 25, 1..24. */
static int point_of(json_t *j)
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

/* One call (see web.h). */
json_t *web_app_call(web_app_t *a, const char *route, json_t *body, int *status)
{
    tutor_t *t = &a->tutor;
    *status = 200;
    const char *text = body ? json_string_value(json_object_get(body, "text")) : NULL;
    const char *id = body ? json_string_value(json_object_get(body, "id")) : NULL;
    if (strcmp(route, "state") == 0)
        return view(a);
    if (strcmp(route, "lessons") == 0)
        return lessons(a);
    if (strcmp(route, "puzzles") == 0)
        return puzzles(a);
    strbuf_clear(&a->words);
    if (strcmp(route, "play") == 0)
        return game_start(a, body, status);
    if (strcmp(route, "game") == 0) {
        const char *w = body ? json_string_value(json_object_get(body, "word")) : NULL;
        if (!a->game || !w)
            return fail(status, 400, a->game ? "game needs \"word\"" : "no game is under way");
        return game_word(a, w, status);
    }
    if (strcmp(route, "review") == 0) {
        if (!a->game || a->game->state != PS_OVER)
            return fail(status, 400, "a game is reviewed once it is over");
        return game_review(a, body, status);
    }
    if (strcmp(route, "leave") == 0) {
        if (a->game) {
            game_store(a);
            if (a->game_path[0])
                strbuf_addf(&a->words, T(a->lang, "The game record is in %s.\n", "Partiprotokollet finns i %s.\n"),
                            a->game_path);
            play_free(a->game);
            a->game = NULL;
        }
        return view(a);
    }
    if (a->game && (strcmp(route, "lesson") == 0 || strcmp(route, "puzzle") == 0)) {
        game_store(a); /* the game is left (its record kept) */
        play_free(a->game);
        a->game = NULL;
    }
    if (strcmp(route, "lang") == 0) {
        const char *l = body ? json_string_value(json_object_get(body, "lang")) : NULL;
        if (!l || (strcmp(l, "en") != 0 && strcmp(l, "sv") != 0))
            return fail(status, 400, "lang is \"en\" or \"sv\"");
        a->lang = t->lang = strcmp(l, "sv") == 0 ? LANG_SV : LANG_EN;
        if (a->game)
            a->game->o.lang = a->lang;
        return view(a);
    }
    if (strcmp(route, "lesson") == 0) {
        stop_stepping(a);
        if (!id) {
            open_next_lesson(a);
        } else {
            int l = course_find_lesson(&a->course, id);
            if (l < 0)
                return fail(status, 404, "no such lesson");
            json_t *st = json_object_get(body, "step");
            tutor_open_lesson(t, l, json_is_integer(st) ? (int)json_integer_value(st) - 1 : 0);
        }
        return view(a);
    }
    if (strcmp(route, "puzzle") == 0) {
        stop_stepping(a);
        int i = id ? course_find_puzzle(&a->course, id) : -1;
        if (id && i < 0)
            return fail(status, 404, "no such puzzle");
        if (!id) {
            tutor_pick_t why;
            i = tutor_pick_puzzle(t, NULL, t->mode == TUTOR_PUZZLE ? t->puzzle : -1, &why);
            if (i < 0)
                return fail(status, 404, "no puzzle is left");
        }
        tutor_open_puzzle(t, i);
        return view(a);
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
        return view(a);
    }
    if (strcmp(route, "answer") == 0) {
        if (!text)
            return fail(status, 400, "answer needs \"text\"");
        stop_stepping(a);
        if (a->game) { /* a typed play of the game's roll */
            play_move(a->game, text, &a->words);
            game_advance(a);
            return view(a);
        }
        tutor_answer(t, text, &a->words);
        return view(a);
    }
    if (strcmp(route, "hint") == 0 || strcmp(route, "solution") == 0) {
        stop_stepping(a);
        if (route[0] == 'h')
            tutor_hint(t, &a->words);
        else
            tutor_solution(t, &a->words);
        return view(a);
    }
    if (strcmp(route, "undo") == 0) {
        stop_stepping(a);
        return view(a);
    }
    if (strcmp(route, "step") == 0) {
        /* a checker clicked from one point to another: checked as a step of
         * the rules; when the roll is used up the play is the answer */
        int from = body ? point_of(json_object_get(body, "from")) : -1;
        int to = body ? point_of(json_object_get(body, "to")) : -1;
        if (from < 0 || to < 1 || from == 25)
            return fail(status, 400, "step needs \"from\" (1-24 or \"bar\") and \"to\" (1-24 or \"off\")");
        play_game_t *g = a->game;
        if (g ? g->state != PS_HUMAN : (!t->have_pos || !t->have_roll))
            return fail(status, 400, "no roll to play on the board");
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
            res = view(a);
            json_object_set_new(res, "refused", json_true());
            return res;
        }
        if (steps_complete(&a->steps, rules)) {
            char play[160];
            snprintf(play, sizeof play, "%s", a->steps.text);
            stop_stepping(a);
            if (g) {
                play_move(g, play, &a->words);
                game_advance(a);
            } else if (t->q && !t->answered) {
                tutor_answer(t, play, &a->words);
            } else {
                strbuf_addf(&a->words, "%s\n", play);
                tutor_explain_play(t, play, &a->words);
            }
            res = view(a);
            json_object_set_new(res, "played", json_string(play));
            return res;
        }
        res = view(a);
        json_object_set_new(res, "dice_used", json_integer(dice));
        return res;
    }
    return fail(status, 404, "no such call");
}
