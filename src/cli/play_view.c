/*
 * play_view.c - a game at the terminal (see play_view.h).
 */
#include "cli/play_view.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "front/args.h"
#include "front/gamefile.h"
#include "front/paths.h"
#include "front/savefile.h"
#include "content/readfile.h"
#include "tutor/play_resume.h"
#include "tutor/playrec.h"
#include "tutor/words.h"

static void put(play_view_t *v, strbuf_t *sb)
{
    strbuf_t w;
    strbuf_init(&w);
    render_lines(strbuf_str(sb), v->width, &w);
    fputs(strbuf_str(&w), stdout);
    strbuf_free(&w);
    strbuf_clear(sb);
}

/* Picks where the record goes: the named file, or the next free
 * games/DATE-N.txt in the state directory.  False (said why) when there is
 * no such place. */
static bool record_place(play_view_t *v)
{
    if (v->record_path[0])
        return true;
    char why[4400];
    if (!gamefile_new_path(v->record_path, sizeof v->record_path, why, sizeof why)) {
        printf(T(v->ro.lang, "The game record was not saved: %s\n", "Partiprotokollet sparades inte: %s\n"), why);
        v->record_path[0] = '\0';
        return false;
    }
    return true;
}

/* Writes the record as it stands (atomically), when it changed since the
 * last write: after every line a person types, so that a kill, a closed
 * terminal or Ctrl-C loses at most the play being made.  Quiet; a failure
 * is said once. */
static void store(play_view_t *v)
{
    const strbuf_t *rec = &v->g->record;
    if (v->stored && v->stored_len == rec->len)
        return;
    if (v->store_failed || !record_place(v)) {
        v->store_failed = true;
        return;
    }
    if (!savefile_write(v->record_path, rec->s ? rec->s : "", rec->len)) {
        printf(T(v->ro.lang, "The game record was not saved: %s: %s\n", "Partiprotokollet sparades inte: %s: %s\n"),
               v->record_path, savefile_strerror(errno));
        v->store_failed = true;
        return;
    }
    v->stored = true;
    v->stored_len = rec->len;
}

/* Saves the record at the game's end (or when it is left) and says where. */
static void save(play_view_t *v)
{
    v->store_failed = false; /* one more try at the end */
    v->stored = false;
    store(v);
    if (!v->stored)
        return;
    v->saved = true;
    printf(T(v->ro.lang, "The game record is in %s (review it with: brade review %s).\n",
             "Partiprotokollet finns i %s (granska det med: brade review %s).\n"),
           v->record_path, v->record_path);
}

static void draw(play_view_t *v)
{
    play_game_t *g = v->g;
    strbuf_t b;
    strbuf_init(&b);
    if (g->last[0])
        strbuf_addf(&b, T(v->ro.lang, "Last play: %s\n", "Senaste drag: %s\n"), g->last);
    render_opts_t ro = v->ro;
    ro.over = g->state == PS_OVER;
    /* one person against the engine: their side at the bottom throughout,
     * the engine's turns, a cube decision and the final position too */
    ro.view_of = 1 + play_person(g); /* 0 (the side on roll's) when there is no one person */
    render_board(&g->game.board, &g->game.rules, g->roll, g->state == PS_HUMAN, &ro, &b);
    if (g->o.match_length > 0) {
        strbuf_addf(&b, "   ");
        play_match_line(g, &b);
    }
    if (g->game.rules.doubling_cube) {
        strbuf_addf(&b, "   ");
        size_t at = b.len;
        play_cube_text(g, &b);
        if (b.len > at && b.s[at] >= 'a' && b.s[at] <= 'z')
            b.s[at] = (char)(b.s[at] - 'a' + 'A');
        strbuf_addf(&b, ".\n");
    }
    fputs(strbuf_str(&b), stdout);
    strbuf_free(&b);
}

/* Runs the engine's turns, then says what is wanted. */
static void advance(play_view_t *v, strbuf_t *sb)
{
    play_game_t *g = v->g;
    lang_t lang = v->ro.lang;
    g->stop = v->stop;
    while (g->state == PS_ENGINE && !(v->stop && *v->stop))
        play_engine(g, sb);
    put(v, sb);
    if (g->turns > 0 && g->state != PS_OVER)
        store(v);
    switch (g->state) {
    case PS_HUMAN:
        if (v->shown_turn == g->rolls)
            break; /* the board and the question stand as shown */
        v->shown_turn = g->rolls;
        draw(v);
        {
            char dice[16];
            playrec_dice_text(g->roll, dice, sizeof dice);
            bool dead = movegen_no_play(g->legal, g->nlegal); /* kept for a decision */
            printf(dead ? T(lang, "%s cannot play %s: type 'resign' or 'pass' (or hint, help).\n",
                            "%s kan inte spela %s: skriv 'resign' eller 'pass' (eller hint, help).\n")
                        : T(lang, "%s to play %s: type a play (or hint, moves, resign, help).\n",
                            "%s ska spela %s: skriv ett drag (eller hint, moves, resign, help).\n"),
                   play_on_roll(g) == BOARD_WHITE ? T(lang, "White", "Vit") : T(lang, "Black", "Svart"),
                   dice);
        }
        break;
    case PS_TEKA:
        printf("%s\n", T(lang, "Teka: give white's die and black's (dice 3 5).",
                         "Teka: ange vits tärning och svarts (dice 3 5)."));
        break;
    case PS_CUBE:
        if (v->shown_turn != -2 - g->rolls) { /* the board once, before the answer */
            v->shown_turn = -2 - g->rolls;
            draw(v);
        }
        break;
    case PS_ROLL:
        if (play_may_double(g) && g->o.seat[play_on_roll(g)].kind == SEAT_HUMAN &&
            v->shown_turn != -2 - g->rolls) { /* the board once, before the cube decision */
            v->shown_turn = -2 - g->rolls;
            draw(v);
        }
        if (g->o.manual_dice && !(g->ndice == 2 && game_one_die_eligible(&g->game) &&
                                  g->o.seat[play_on_roll(g)].kind == SEAT_HUMAN))
            printf(T(lang, "%s rolls: give the %s (%s).\n", "%s slår: ange %s (%s).\n"),
                   play_on_roll(g) == BOARD_WHITE ? T(lang, "White", "Vit") : T(lang, "Black", "Svart"),
                   g->ndice == 1 ? T(lang, "die", "tärningen") : T(lang, "dice", "tärningarna"),
                   g->ndice == 1 ? "dice 4" : "dice 6 3");
        break;
    case PS_OVER:
        draw(v);
        if (!v->saved)
            save(v);
        break;
    case PS_ENGINE:
        /* Ctrl-C stopped the engine's thinking: the turn waits */
        printf("%s\n", T(lang, "Stopped (Ctrl-C): the engine's turn waits. Type 'go' to let it play, or leave the "
                              "game (the record is saved).",
                         "Avbrutet (Ctrl-C): motorns drag väntar. Skriv 'go' så spelar den, eller lämna partiet "
                         "(protokollet är sparat)."));
        break;
    }
}

bool play_view_parse(int argc, char **argv, bool rules_word, play_opts_t *o, const char **record,
                     FILE *err)
{
    const char *posid = NULL;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (rules_word && f[0] != '-') {
            rules_error_t re;
            if (!rules_parse(f, &o->rules, &re)) {
                fprintf(err, "brade: unknown ruleset '%s' (see 'rules')\n", f);
                return false;
            }
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(err, "brade: %s needs a value (see 'help play')\n", f);
            return false;
        }
        const char *val = argv[++i];
        long n;
        if (strcmp(f, "--rules") == 0) {
            rules_error_t re;
            if (!rules_parse(val, &o->rules, &re)) {
                fprintf(err, "brade: unknown ruleset '%s' (see 'rules')\n", val);
                return false;
            }
        } else if (strcmp(f, "--seed") == 0) {
            char *e;
            n = strtol(val, &e, 10);
            if (e == val || *e || n < 0 || n > 2147483647L) {
                fprintf(err, "brade: --seed must be a whole number from 0 to 2147483647\n");
                return false;
            }
            o->seed = (uint64_t)n;
        } else if (strcmp(f, "--white") == 0 || strcmp(f, "--black") == 0) {
            if (!play_seat_parse(val, &o->seat[f[2] == 'w' ? BOARD_WHITE : BOARD_BLACK])) {
                fprintf(err, "brade: %s is human, engine or engine:LEVEL (0 to %d), not '%s'\n", f,
                        PLAY_LEVELS - 1, val);
                return false;
            }
        } else if (strcmp(f, "--dice") == 0 && (strcmp(val, "auto") == 0 || strcmp(val, "manual") == 0)) {
            o->manual_dice = strcmp(val, "manual") == 0;
        } else if (strcmp(f, "--tutor") == 0 && (strcmp(val, "off") == 0 || strcmp(val, "warn") == 0)) {
            o->tutor = strcmp(val, "warn") == 0 ? PLAY_TUTOR_WARN : PLAY_TUTOR_OFF;
        } else if (strcmp(f, "--warn") == 0 && (strcmp(val, "doubtful") == 0 || strcmp(val, "bad") == 0 ||
                                                strcmp(val, "very-bad") == 0)) {
            o->warn_at = val[0] == 'd' ? GRADE_DOUBTFUL : val[0] == 'b' ? GRADE_BAD : GRADE_VERY_BAD;
        } else if (strcmp(f, "--warn") == 0) {
            fprintf(err, "brade: --warn is doubtful, bad or very-bad, not '%s'\n", val);
            return false;
        } else if (strcmp(f, "--match") == 0) {
            char *e;
            n = strtol(val, &e, 10);
            if (e == val || *e || n < 1 || n > 99) {
                fprintf(err, "brade: --match is a number of games from 1 to 99\n");
                return false;
            }
            o->match_length = (int)n;
            const char *why = play_match_problem(o);
            if (why) {
                fprintf(err, "brade: --match %ld: %s\n", n, why);
                return false;
            }
        } else if (strcmp(f, "--engine-resigns") == 0) {
            if (strcmp(val, "auto") == 0 || strcmp(val, "equal") == 0 || strcmp(val, "never") == 0)
                o->engine_resigns = val[0] == 'a' ? PLAY_RESIGNS_AUTO : val[0] == 'e' ? PLAY_RESIGNS_EQUAL
                                                                                     : PLAY_RESIGNS_NEVER;
            else {
                fprintf(err, "brade: --engine-resigns is auto, equal or never, not '%s'\n", val);
                return false;
            }
        } else if (strcmp(f, "--as") == 0) {
            if (strcmp(val, "white") == 0 || strcmp(val, "black") == 0)
                o->person_as = val[0] == 'w' ? BOARD_WHITE : BOARD_BLACK;
            else if (strcmp(val, "random") == 0)
                o->person_as = 2;
            else {
                fprintf(err, "brade: --as is white, black or random, not '%s'\n", val);
                return false;
            }
        } else if (strcmp(f, "--position-id") == 0) {
            posid = val;
        } else if (strcmp(f, "--record") == 0 && record) {
            *record = val;
        } else if (strcmp(f, "--lang") == 0 && args_lang(val, &o->lang)) {
            /* args_lang has set it */
        } else if (strcmp(f, "--dice") == 0 || strcmp(f, "--tutor") == 0 || strcmp(f, "--lang") == 0) {
            fprintf(err, "brade: %s is %s, not '%s'\n", f,
                    f[2] == 'd' ? "auto or manual" : f[2] == 't' ? "off or warn" : "en or sv", val);
            return false;
        } else {
            fprintf(err, "brade: unknown option %s for play (see 'help play')\n", f);
            return false;
        }
    }
    if (posid) {
        const char *why = play_set_position(o, posid, BOARD_WHITE);
        if (why) {
            fprintf(err, "brade: --position-id %s: %s\n", posid, why);
            return false;
        }
    }
    if (posid && o->match_length > 0) {
        fprintf(err, "brade: a match starts from the start position; --position-id plays one game\n");
        return false;
    }
    return true;
}

/* A fresh view (the caller's stop flag kept). */
static void view_reset(play_view_t *v, const render_opts_t *ro, int width)
{
    const volatile sig_atomic_t *stop = v->stop; /* the caller's, set before */
    memset(v, 0, sizeof *v);
    v->stop = stop;
    v->shown_turn = -1;
    v->ro = *ro;
    v->width = width;
}

bool play_view_start(play_view_t *v, const play_opts_t *o, const render_opts_t *ro, int width,
                     const char *record_path)
{
    view_reset(v, ro, width);
    if (record_path)
        snprintf(v->record_path, sizeof v->record_path, "%s", record_path);
    strbuf_t sb;
    strbuf_init(&sb);
    play_opts_t drawn = *o;
    bool random_colour = o->person_as == 2;
    int as = play_draw_colour(&drawn);
    o = &drawn;
    char rules[256], w[48], b[48];
    rules_format(&o->rules, rules, sizeof rules);
    play_seat_words(ro->lang, &o->seat[BOARD_WHITE], w, sizeof w);
    play_seat_words(ro->lang, &o->seat[BOARD_BLACK], b, sizeof b);
    if (o->match_length > 0 && o->rules.doubling_cube)
        strbuf_addf(&sb, T(ro->lang, "A match to %d points of %s: white %s, black %s, seed %llu%s.\n",
                           "En match till %d poäng %s: vit %s, svart %s, frö %llu%s.\n"),
                    o->match_length, rules, w, b, (unsigned long long)o->seed,
                    o->manual_dice ? T(ro->lang, ", your own dice", ", egna tärningar") : "");
    else if (o->match_length > 0)
        strbuf_addf(&sb, T(ro->lang, "A match of %d games of %s: white %s, black %s, seed %llu%s.\n",
                           "En match på %d partier %s: vit %s, svart %s, frö %llu%s.\n"),
                    o->match_length, rules, w, b, (unsigned long long)o->seed,
                    o->manual_dice ? T(ro->lang, ", your own dice", ", egna tärningar") : "");
    else
        strbuf_addf(&sb, T(ro->lang, "A game of %s: white %s, black %s, seed %llu%s.\n",
                           "Ett parti %s: vit %s, svart %s, frö %llu%s.\n"),
                    rules, w, b, (unsigned long long)o->seed,
                    o->manual_dice ? T(ro->lang, ", your own dice", ", egna tärningar") : "");
    if (random_colour)
        strbuf_addf(&sb, T(ro->lang, "Colours drawn: you play %s.\n", "Färger lottade: du spelar %s.\n"),
                    as == BOARD_WHITE ? T(ro->lang, "white", "vit") : T(ro->lang, "black", "svart"));
    v->g = play_new(o, &sb);
    if (!v->g) {
        printf("%s\n", T(ro->lang, "Out of memory.", "Minnet räcker inte."));
        strbuf_free(&sb);
        return false;
    }
    advance(v, &sb);
    strbuf_free(&sb);
    return true;
}

bool play_view_resume(play_view_t *v, const char *path, const play_opts_t *base, const render_opts_t *ro,
                      int width)
{
    view_reset(v, ro, width);
    lang_t lang = ro->lang;
    size_t len;
    char *text = readfile_regular(path, PLAYREC_MAX_FILE, &len);
    if (!text) {
        printf(T(lang, "Cannot read %s: %s\n", "Kan inte läsa %s: %s\n"), path, strerror(errno));
        return false;
    }
    playrec_t rec;
    int line = 0, col = 1;
    char msg[256];
    play_game_t *g = NULL;
    if (playrec_parse_at(text, len, &rec, &line, &col, msg, sizeof msg)) {
        g = play_resume(&rec, base, &line, msg, sizeof msg);
        playrec_free(&rec);
    }
    free(text);
    if (!g) {
        printf(T(lang, "%s:%d: the game cannot be taken up: %s\n", "%s:%d: partiet kan inte tas upp: %s\n"), path,
               line, msg);
        return false;
    }
    v->g = g;
    snprintf(v->record_path, sizeof v->record_path, "%s", path);
    char rules[256];
    rules_format(&g->o.rules, rules, sizeof rules);
    if (g->state == PS_OVER) {
        printf(T(lang, "The game in %s is over (review it with: brade review %s).\n",
                 "Partiet i %s är slut (granska det med: brade review %s).\n"),
               path, path);
        v->saved = true;
        return true;
    }
    printf(T(lang, "The game of %s in %s goes on after %d play%s.\n", "Partiet %s i %s fortsätter efter %d drag%s.\n"),
           rules, path, g->turns, lang == LANG_SV ? "" : g->turns == 1 ? "" : "s");
    strbuf_t sb;
    strbuf_init(&sb);
    advance(v, &sb);
    strbuf_free(&sb);
    return true;
}

bool play_view_active(const play_view_t *v)
{
    return v->g && v->g->state != PS_OVER;
}

static const char *const WORDS[] = {"hint", "resign", "one-die", "roll",  "dice",    "board", "record", "undo",
                                    "double", "take", "drop",    "pass", "moves", "explain", "go",    NULL};

bool play_view_word(const char *word)
{
    for (int i = 0; WORDS[i]; i++)
        if (strcmp(word, WORDS[i]) == 0)
            return true;
    return false;
}

/* "6 3", "6-3", "63", "4": dice; false if the text is not only dice. */
static int parse_dice(const char *s, int *d)
{
    int n = 0;
    for (; *s; s++) {
        if (*s == ' ' || *s == '-' || *s == '\t')
            continue;
        if (*s < '0' || *s > '9' || n == 2)
            return -1;
        d[n++] = *s - '0';
    }
    return n;
}

int play_view_line(play_view_t *v, const char *line)
{
    play_game_t *g = v->g;
    lang_t lang = v->ro.lang;
    strbuf_t sb;
    strbuf_init(&sb);
    int rc = 0;
    char word[32] = "";
    sscanf(line, "%31s", word);
    const char *rest = line + strspn(line, " \t");
    rest += strcspn(rest, " \t");
    rest += strspn(rest, " \t");
    int d[2], nd;
    if (strcmp(word, "undo") == 0 && g) {
        rc = !play_undo(g, &sb);
        if (!rc) {
            v->saved = false; /* the record changed: stored again now, and at the end */
            v->stored = false;
            v->shown_turn = -1;
        }
    } else if (!play_view_active(v)) {
        strbuf_addf(&sb, "%s\n", T(lang, "The game is over.", "Partiet är slut."));
        rc = 1;
    } else if (g->state == PS_ENGINE) {
        /* the engine's turn, stopped by Ctrl-C: any word lets it play on */
        if (strcmp(word, "go") != 0)
            strbuf_addf(&sb, "%s\n", T(lang, "The engine plays its turn first.", "Motorn gör sitt drag först."));
    } else if (strcmp(word, "go") == 0) {
        strbuf_addf(&sb, "%s\n", T(lang, "Nothing waits for 'go' now.", "Inget väntar på 'go' nu."));
        rc = 1;
    } else if (strcmp(word, "hint") == 0) {
        play_hint(g, rest, &sb);
    } else if (strcmp(word, "resign") == 0) {
        play_answer_t ans = play_resign(g, &sb);
        rc = ans == PA_ILLEGAL || ans == PA_NOT_NOW; /* a word first is not a failure */
    } else if (strcmp(word, "one-die") == 0) {
        rc = !play_one_die(g, &sb);
    } else if (strcmp(word, "double") == 0) {
        rc = play_double(g, &sb) == PA_NOT_NOW;
    } else if (strcmp(word, "take") == 0) {
        rc = play_take(g, &sb) == PA_NOT_NOW;
    } else if (strcmp(word, "pass") == 0 && g->state == PS_HUMAN) {
        play_answer_t a = play_move(g, "pass", &sb); /* a roll with no play (play.h) */
        rc = a == PA_PLAYED ? 0 : 1;
    } else if (strcmp(word, "drop") == 0 || strcmp(word, "pass") == 0) {
        rc = play_drop(g, &sb) == PA_NOT_NOW;
    } else if (strcmp(word, "roll") == 0) {
        rc = !play_dice(g, NULL, 0, &sb);
    } else if (strcmp(word, "dice") == 0) {
        nd = parse_dice(rest, d);
        if (nd < 1) {
            strbuf_addf(&sb, "%s\n", T(lang, "Say the dice as 'dice 6 3' (or 'dice 4' for one die).",
                                       "Ange tärningarna som 'dice 6 3' (eller 'dice 4' för en tärning)."));
            rc = 1;
        } else {
            rc = !play_dice(g, d, nd, &sb);
        }
    } else if ((g->state == PS_ROLL || g->state == PS_TEKA) && (nd = parse_dice(line, d)) > 0) {
        rc = !play_dice(g, d, nd, &sb);
    } else if (strcmp(word, "moves") == 0) {
        rc = !play_moves(g, &sb);
    } else if (strcmp(word, "explain") == 0) {
        if (!*rest) {
            strbuf_addf(&sb, "%s\n", T(lang, "Usage: explain PLAY (e.g. explain 13/17 19/21)",
                                       "Användning: explain DRAG (t.ex. explain 13/17 19/21)"));
            rc = 1;
        } else {
            rc = !play_explain(g, rest, &sb);
        }
    } else if (strcmp(word, "board") == 0) {
        draw(v);
    } else if (strcmp(word, "record") == 0) {
        strbuf_addf(&sb, "%s", strbuf_str(&g->record));
    } else if (g->state == PS_HUMAN) {
        play_answer_t a = play_move(g, line, &sb);
        rc = a == PA_PLAYED || a == PA_WARNED ? 0 : 1;
    } else {
        const char *say;
        if ((g->state == PS_TEKA || g->state == PS_ROLL) && play_may_double(g))
            say = T(lang, "Before the roll: 'double' or 'roll'.", "Före slaget: 'double' eller 'roll'.");
        else if (g->state == PS_ROLL && g->ndice == 1)
            say = T(lang, "One die is wanted now (dice 4), or 'roll'.", "Nu behövs en tärning (dice 4), eller 'roll'.");
        else if (g->state == PS_TEKA || g->state == PS_ROLL)
            say = T(lang, "Dice are wanted now (dice 6 3), or 'roll'.", "Nu behövs tärningar (dice 6 3), eller 'roll'.");
        else if (g->state == PS_CUBE)
            say = T(lang, "A double waits: 'take' or 'drop'.", "En dubblering väntar: 'take' eller 'drop'.");
        else
            say = T(lang, "Nothing to play now.", "Inget att spela nu.");
        strbuf_addf(&sb, "%s\n", say);
        rc = 1;
    }
    advance(v, &sb);
    strbuf_free(&sb);
    return rc;
}

void play_view_prompt(const play_view_t *v, char *buf, size_t size)
{
    const play_game_t *g = v->g;
    lang_t L = g ? g->o.lang : LANG_EN;
    if (!g || g->state == PS_OVER)
        snprintf(buf, size, "%s", T(L, "game over", "partiet är slut"));
    else if (g->state == PS_ENGINE)
        snprintf(buf, size, "%s", T(L, "engine (go)", "motorn (go)"));
    else if (g->state == PS_HUMAN) {
        char dice[16];
        playrec_dice_text(g->roll, dice, sizeof dice);
        snprintf(buf, size, "%s %s", words_colour(L, play_on_roll(g), false), dice);
    }
    else if (g->state == PS_CUBE)
        snprintf(buf, size, "take/drop");
    else if (play_may_double(g))
        snprintf(buf, size, "double/roll");
    else
        snprintf(buf, size, "dice");
}

void play_view_end(play_view_t *v)
{
    if (v->g && !v->saved && v->g->turns > 0) {
        save(v);
        if (v->saved && v->g->state != PS_OVER)
            printf(T(v->ro.lang, "To go on with it later: play --resume %s\n",
                     "För att fortsätta det senare: play --resume %s\n"),
                   v->record_path);
    }
    play_free(v->g);
    v->g = NULL;
}
