/*
 * web_game.c - a game against the engine in the page (see web_internal.h):
 * its view, its words as buttons, where a checker may go (free play
 * only), its record written as it goes, and the review of a game.
 */
#include "web/web_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/readfile.h"
#include "draw/diagram.h"
#include "front/config.h"
#include "front/course_env.h"
#include "front/game_stats.h"
#include "front/gamefile.h"
#include "front/mine_file.h"
#include "front/paths.h"
#include "front/savefile.h"
#include "tutor/playrec.h"
#include "tutor/review.h"
#include "tutor/words.h"

/* Writes the game's record as it stands (atomically), where games go: after
 * every call that changed it, so a killed server loses at most the play
 * being made. */
void web_game_store(web_app_t *a)
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
void web_game_advance(web_app_t *a)
{
    play_game_t *g = a->game;
    while (g->state == PS_ENGINE && !a->stop)
        play_engine(g, &a->words);
    web_game_store(a);
}

/* The game's view: the board from the person's side (the engine has
 * answered by the time the page asks), what it waits for, the words that
 * may be said now. */
json_t *web_game_view(web_app_t *a)
{
    play_game_t *g = a->game;
    lang_t L = a->lang;
    char rules[256], h[512];
    rules_format(&g->o.rules, rules, sizeof rules);
    int me = play_person(g) == BOARD_BLACK ? BOARD_BLACK : BOARD_WHITE;
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
    case PS_TEKA: /* manual dice only */
        strbuf_add(&sb, T(L, "Teka: give white's die and black's.", "Teka: ange vits tärning och svarts."));
        json_array_append_new(acts, json_string("dice"));
        json_object_set_new(v, "dice_wanted", json_integer(2));
        json_object_set_new(v, "teka", json_true());
        break;
    case PS_ROLL: {
        bool person = g->o.seat[play_on_roll(g)].kind == SEAT_HUMAN;
        if (g->o.manual_dice) {
            strbuf_addf(&sb, T(L, "%s rolls: give the %s.", "%s slår: ange %s."),
                        words_colour(L, play_on_roll(g), true),
                        g->ndice == 1 ? T(L, "die", "tärningen") : T(L, "dice", "tärningarna"));
            json_array_append_new(acts, json_string("dice"));
            json_object_set_new(v, "dice_wanted", json_integer(g->ndice));
        } else {
            strbuf_add(&sb, T(L, "Your roll.", "Ditt slag."));
            json_array_append_new(acts, json_string("roll"));
        }
        if (person && play_may_double(g))
            json_array_append_new(acts, json_string("double"));
        if (person && g->ndice == 2 && game_one_die_eligible(&g->game))
            json_array_append_new(acts, json_string("one-die"));
        if (person)
            json_array_append_new(acts, json_string("resign"));
        break;
    }
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
    strbuf_init(&sb);
    play_match_line(g, &sb);
    json_object_set_new(v, "score", json_string(strbuf_str(&sb)));
    strbuf_free(&sb);
    /* the last hint's best play as arrows, while its roll is to be played
     * and no move of it has been made by clicks */
    bool arrows = g->state == PS_HUMAN && g->hint_rolls == g->rolls && !a->stepping;
    diagram_opts_t o = {.lang = L, .interactive = true, .have_roll = g->state == PS_HUMAN, .roll = g->roll,
                        .play = arrows ? &g->hint_best : NULL, .over = g->state == PS_OVER};
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
    json_object_set_new(v, "over", json_boolean(g->state == PS_OVER));
    return v;
}

/* Starts a game against the engine: the person white, the engine at
 * `level` (default 2), under `rules` (default the learner's setting, else
 * Lyckans Talisman), with a new seed each game. */
json_t *web_game_start(web_app_t *a, json_t *body, int *status)
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
    json_t *tu = body ? json_object_get(body, "tutor") : NULL;
    if (tu && !json_is_boolean(tu))
        return web_fail(status, 400, "tutor is true (warn before a bad play) or false");
    if (tu)
        o.tutor = json_is_true(tu) ? PLAY_TUTOR_WARN : PLAY_TUTOR_OFF;
    json_t *ml = body ? json_object_get(body, "match") : NULL;
    if (ml && !json_is_integer(ml))
        return web_fail(status, 400, "match is a number: games (odd) in bräde, points in backgammon; 0 for one game");
    if (ml) {
        json_int_t n = json_integer_value(ml);
        if (n < 0 || n > 99)
            return web_fail(status, 400, "match is 0 (one game) to 99");
        o.match_length = (int)n;
        const char *why = play_match_problem(&o);
        if (why)
            return web_fail(status, 400, why);
    }
    json_t *di = body ? json_object_get(body, "dice") : NULL;
    if (di && !(json_is_string(di) && (strcmp(json_string_value(di), "auto") == 0 ||
                                       strcmp(json_string_value(di), "manual") == 0)))
        return web_fail(status, 400, "dice is \"auto\" (the server rolls) or \"manual\" (you give every roll)");
    if (di)
        o.manual_dice = strcmp(json_string_value(di), "manual") == 0;
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
    a->game->stop = &a->stop;
    web_game_advance(a);
    return web_game_view(a);
}

/* How far a review is, for the page's progress bar. */
static void review_progress(void *ud, int done, int total)
{
    web_app_t *a = ud;
    a->done = done;
    a->total = total;
}

/* The review of the finished game: each decision of the person's that
 * gave something away, on its own board with the better play drawn as
 * arrows, with the tutor's words (tutor/review.h, at the tutor's depth or
 * `plies`). */
json_t *web_game_review(web_app_t *a, json_t *body, int *status)
{
    play_game_t *g = a->game;
    const char *name = body ? json_string_value(json_object_get(body, "record")) : NULL;
    char path[4400] = "", *text = NULL;
    size_t len = 0;
    if (name || !g) { /* a record of the games folder, by its name only */
        char newest[4400];
        if (!a->home->have_state)
            return web_fail(status, 404, "no game records are kept (there is no state directory)");
        if (name && !paths_is_game_name(name))
            return web_fail(status, 400, "\"record\" is a game record's name, as 'games' lists them");
        if (name)
            snprintf(path, sizeof path, "%s/games/%s", a->home->state_dir, name);
        else if (paths_newest_game(a->home->state_dir, newest, sizeof newest))
            snprintf(path, sizeof path, "%s", newest);
        else
            return web_fail(status, 404, "there is no game to review yet: play one first");
        if (!(text = readfile_regular(path, 16u << 20, &len)))
            return web_fail(status, 404, "no such game record");
    }
    playrec_t rec;
    int line, col;
    char msg[256];
    bool parsed = text ? playrec_parse_at(text, len, &rec, &line, &col, msg, sizeof msg)
                       : playrec_parse_at(strbuf_str(&g->record), g->record.len, &rec, &line, &col, msg, sizeof msg);
    bool from_file = text != NULL;
    free(text);
    if (!parsed) {
        char why[400];
        snprintf(why, sizeof why, "the record does not read (line %d, column %d): %s", line, col, msg);
        return web_fail(status, from_file ? 400 : 500, why);
    }
    /* the person's side: the first seat a person played */
    int me = strcmp(rec.seat[BOARD_WHITE], "human") == 0 || strcmp(rec.seat[BOARD_BLACK], "human") != 0 ? BOARD_WHITE
                                                                                                      : BOARD_BLACK;
    rules_t rules = rec.rules;
    review_opts_t o;
    review_default_opts(&o);
    o.lang = a->lang;
    o.progress = review_progress;
    o.ud = a;
    json_t *pl = body ? json_object_get(body, "plies") : NULL;
    if (json_is_integer(pl) && json_integer_value(pl) >= 0 && json_integer_value(pl) <= 2)
        o.plies = (int)json_integer_value(pl);
    review_t rv;
    bool ok = review_run(&rec, &o, &a->stop, &rv);
    if (!ok) {
        playrec_free(&rec);
        json_t *res = a->stop ? json_pack("{s:b}", "stopped", true) : json_pack("{s:s}", "error", rv.error);
        if (!a->stop)
            *status = 500;
        review_free(&rv);
        return res;
    }
    json_t *items = json_array();
    for (int i = 0; i < rv.nitems; i++) {
        const review_item_t *it = &rv.items[i];
        if (it->d.grade == GRADE_FINE || it->colour != me)
            continue;
        /* a play with the better one drawn as arrows; a cube, give-up or
         * one-die decision on the board it was made from */
        bool play = it->kind == REVIEW_PLAY;
        diagram_opts_t d = {.lang = a->lang, .interactive = true, .have_roll = play, .roll = it->roll,
                            .play = play ? &it->d.best : NULL};
        strbuf_t sb;
        strbuf_init(&sb);
        diagram_svg(&it->before, &rules, &d, &sb);
        static const char *const KIND[] = {"play", "double", "take", "give-up", "one-die"};
        char dice[16] = "";
        if (play || it->kind == REVIEW_GIVE_UP)
            playrec_dice_text(it->roll, dice, sizeof dice);
        json_array_append_new(items, json_pack("{s:i, s:s, s:s, s:s, s:s, s:f, s:s, s:s, s:s, s:s}", "line", it->line,
                                               "kind", KIND[it->kind], "roll", dice, "play", it->d.mine_text, "best",
                                               it->d.best_text, "lost", it->d.lost, "grade", grade_name(it->d.grade),
                                               "grade_words", words_grade(a->lang, it->d.grade),
                                               "words", it->d.words, "board", strbuf_str(&sb)));
        strbuf_free(&sb);
    }
    const review_side_t *side = &rv.side[me];
    const char *base = strrchr(path, '/');
    json_t *res = json_pack("{s:o, s:i, s:i, s:f, s:i, s:s, s:b}", "mistakes", items, "plies", rv.plies,
                            "decisions", side->decisions, "lost", side->lost, "errors",
                            side->errors[1] + side->errors[2] + side->errors[3] + side->cube_errors[1] + side->cube_errors[2] +
                                side->cube_errors[3],
                            "record",
                            base ? base + 1 : a->game_path[0] ? strrchr(a->game_path, '/') + 1 : "",
                            "over", rv.games > 0);
    /* the learner's figures, for statistics across games (one of their
     * own records: the session's game or one of the games folder) */
    const char *own = path[0] ? path : a->game_path;
    game_stat_t gs;
    memset(&gs, 0, sizeof gs);
    if (a->home->have_state && own[0] && rv.side[me].reviewed && !rv.side[1 - me].reviewed &&
        game_stats_own_record(a->home->state_dir, own, gs.name, sizeof gs.name)) {
        char err[4600];
        game_stats_fill(&gs, &rv, me, rules.name);
        if (!game_stats_add(a->home->state_dir, &gs, err, sizeof err))
            fprintf(stderr, "brade: %s\n", err);
    }
    /* kept for `mistakes`: the record and its review */
    web_game_review_drop(a);
    a->have_review = true;
    a->review_rec = rec;
    a->review = rv;
    snprintf(a->review_name, sizeof a->review_name, "%s", json_string_value(json_object_get(res, "record")));
    return res;
}

void web_game_review_drop(web_app_t *a)
{
    if (!a->have_review)
        return;
    review_free(&a->review);
    playrec_free(&a->review_rec);
    a->have_review = false;
}

/* The learner's bad decisions of the last review made into puzzles of
 * their own (see web_internal.h). */
json_t *web_game_mistakes(web_app_t *a, int *status)
{
    if (!a->have_review)
        return web_fail(status, 409, "review a game first: its mistakes are what become puzzles");
    if (!a->home->have_state)
        return web_fail(status, 404, "no puzzles of your own are kept (there is no state directory)");
    char file[4200], err[4600];
    course_env_mine_path(a->home->state_dir, file, sizeof file);
    mistakes_opts_t mo;
    mistakes_default_opts(&mo);
    mo.source = a->review_name[0] ? a->review_name : "game";
    mo.stop = &a->stop;
    mo.progress = review_progress;
    mo.ud = a;
    mistakes_result_t res;
    bool ok = mine_file_add(file, &a->review_rec, &a->review, &mo, &res, err, sizeof err);
    if (res.made && web_home_reload(a->home))
        web_app_follow_course(a, true);
    if (!ok && !a->stop)
        return web_fail(status, 500, err);
    strbuf_t words;
    strbuf_init(&words);
    mistakes_result_words(a->lang, &res,
                          T(a->lang, "'My puzzles' opens them", "'Mina problem' öppnar dem"),
                          &words);
    json_t *j = json_pack("{s:i, s:i, s:i, s:i, s:i, s:s, s:b}", "candidates", res.candidates, "made", res.made,
                          "known", res.known, "unclear", res.unclear, "series", res.series, "words",
                          strbuf_str(&words), "stopped", !ok);
    strbuf_free(&words);
    return j;
}

/* A word of the game said by a button: roll, double, take, drop, resign,
 * one-die, hint, undo, pass; with manual dice, "dice" and the body's
 * "dice": [a, b] (teka: white's and black's; the one-die rule: [a]). */
json_t *web_game_word(web_app_t *a, const char *w, json_t *body, int *status)
{
    play_game_t *g = a->game;
    a->stepping = false;
    if (strcmp(w, "dice") == 0) {
        json_t *arr = body ? json_object_get(body, "dice") : NULL;
        int d[2], n = 0;
        size_t i;
        json_t *x;
        if (!json_is_array(arr) || json_array_size(arr) < 1 || json_array_size(arr) > 2)
            return web_fail(status, 400, "dice is a list of one or two numbers, 1 to 6");
        json_array_foreach(arr, i, x)
        {
            if (!json_is_integer(x) || json_integer_value(x) < 1 || json_integer_value(x) > 6)
                return web_fail(status, 400, "dice is a list of one or two numbers, 1 to 6");
            d[n++] = (int)json_integer_value(x);
        }
        if (!g->o.manual_dice)
            return web_fail(status, 400, "this game rolls its own dice (start one with \"dice\": \"manual\")");
        play_dice(g, d, n, &a->words);
    } else if (strcmp(w, "roll") == 0)
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
        play_hint(g, NULL, &a->words);
    else if (strcmp(w, "undo") == 0)
        play_undo(g, &a->words);
    else if (strcmp(w, "pass") == 0)
        play_move(g, "pass", &a->words);
    else {
        *status = 400;
        return json_pack("{s:s}", "error", "no such word of a game");
    }
    web_game_advance(a);
    return web_game_view(a);
}

/* Free play's "show where a checker may go": in a game only (in a lesson
 * or puzzle that is the question).  {"from": P}: the points it may go to
 * next (1-24, "off"); no "from": the points with a checker that may move. */
json_t *web_game_targets(web_app_t *a, json_t *body, int *status)
{
    play_game_t *g = a->game;
    if (!g)
        return web_fail(status, 400, "where a checker may go is shown only in a game: in a lesson or puzzle that is "
                                 "the question");
    if (g->state != PS_HUMAN)
        return web_fail(status, 400, "no roll to play on the board");
    steps_state_t now;
    if (a->stepping)
        now = a->steps;
    else
        steps_start(&now, &g->game.board, g->roll);
    json_t *from = body ? json_object_get(body, "from") : NULL;
    int to[25], n;
    json_t *arr = json_array();
    if (from) {
        int p = web_point_of(from);
        if (p < 0 || p == 25) {
            json_decref(arr);
            return web_fail(status, 400, "\"from\" is 1-24 or \"bar\"");
        }
        n = steps_targets(&now, &g->o.rules, &g->game.board, g->roll, g->legal, g->nlegal, p, to);
        for (int i = 0; i < n; i++)
            json_array_append_new(arr, to[i] == 25 ? json_string("off") : json_integer(to[i]));
        return json_pack("{s:o, s:o}", "from", json_copy(from), "targets", arr);
    }
    for (int p = 0; p <= 24; p++)
        if (steps_targets(&now, &g->o.rules, &g->game.board, g->roll, g->legal, g->nlegal, p, to) > 0)
            json_array_append_new(arr, p == 0 ? json_string("bar") : json_integer(p));
    return json_pack("{s:o}", "movable", arr);
}


/* The game records, newest first (see web_internal.h). */
json_t *web_games(web_app_t *a)
{
    json_t *arr = json_array();
    if (a->home->have_state) {
        char (*mine)[32] = malloc(50 * sizeof *mine);
        int n = mine ? paths_list_games(a->home->state_dir, mine, 50) : 0;
        for (int i = 0; i < n; i++)
            json_array_append_new(arr, json_string(mine[i]));
        free(mine);
    }
    return json_pack("{s:o}", "games", arr);
}

/* The rulesets a game may be played under, the levels, and the settings'
 * choices (see web_internal.h). */
json_t *web_rulesets(web_app_t *a)
{
    (void)a;
    play_opts_t o;
    play_default_opts(&o);
    config_t cfg;
    config_load(&cfg, NULL);
    config_play_opts(&cfg, &o);
    json_t *arr = json_array();
    for (int i = 0; i < rules_preset_count(); i++)
        json_array_append_new(arr, json_pack("{s:s, s:s, s:b}", "name", rules_preset_at(i)->name, "summary",
                                             rules_preset_summary(i), "cube", rules_preset_at(i)->doubling_cube));
    return json_pack("{s:o, s:s, s:i, s:i, s:b}", "rulesets", arr, "rules", o.rules.name, "level",
                     o.seat[BOARD_BLACK].level, "levels", PLAY_LEVELS, "tutor", o.tutor == PLAY_TUTOR_WARN);
}
