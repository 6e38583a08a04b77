/*
 * repl_setup.c - `setup` (edit the position on the board, for instructors
 * building puzzles) and `export` (print it as YAML for a puzzle file).
 *
 * Editing keeps each side's count at 15: checkers placed come from the
 * side's borne-off pile and checkers removed go back to it.  Points are
 * given in the named side's own numbering (backgammon numbering under the
 * backgammon ruleset), as in side specs.  A position the rules forbid (a
 * band on points 2..11) may exist while editing; it is pointed out, and
 * `export` refuses it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/diagram.h"
#include "cli/repl.h"
#include "front/savefile.h"
#include "engine/posid.h"
#include "front/editor.h"
#include "tutor/words.h"

static const char *const SETUP_WORDS[] = {"start", "clear",   "place", "remove", "white",
                                          "black", "to-move", "roll",  "id",     NULL};

/* The words `setup` takes first, for completion. */
const char *const *repl_setup_words(void) { return SETUP_WORDS; }

/* 0 white, 1 black, -1 neither. */
static int colour_arg(const char *s)
{
    if (strcmp(s, "white") == 0 || strcmp(s, "w") == 0 || strcmp(s, "vit") == 0)
        return BOARD_WHITE;
    if (strcmp(s, "black") == 0 || strcmp(s, "b") == 0 || strcmp(s, "svart") == 0)
        return BOARD_BLACK;
    return -1;
}

/* The side index of colour c on board b. */
static int side_of(const board_t *b, int c) { return b->turn == c ? 0 : 1; }

/* A point as typed for colour c: 1..24 in its numbering, "bar" -> 0;
 * returns the internal slot or -1. */
static int point_arg(const board_t *b, const char *s)
{
    if (strcmp(s, "bar") == 0)
        return BOARD_BAR;
    char *end;
    long p = strtol(s, &end, 10);
    if (*end || p < 1 || p > 24)
        return -1;
    return b->geom == GEOM_BACKGAMMON ? 25 - (int)p : (int)p;
}

/* Points out what the rules forbid in the edited position, if anything. */
static void note_position(repl_t *r)
{
    strbuf_t sb;
    strbuf_init(&sb);
    editor_note(&r->tutor.board, &r->tutor.rules, r->ro.lang, T(r->ro.lang, " with 'setup place'", " med 'setup place'"),
                &sb);
    fputs(strbuf_str(&sb), stdout);
    strbuf_free(&sb);
}

/* `setup` alone: what it can do, and the position as side specs. */
static void setup_help(repl_t *r)
{
    lang_t L = r->ro.lang;
    char w[128], b[128];
    const board_t *bd = &r->tutor.board;
    board_format_side(bd, side_of(bd, BOARD_WHITE), w, sizeof w);
    board_format_side(bd, side_of(bd, BOARD_BLACK), b, sizeof b);
    printf(
        "%s",
        T(L,
          "setup edits the position on the board (it leaves any lesson or puzzle):\n"
          "  setup start                  the start position, white to move\n"
          "  setup clear                  every checker borne off, ready to place\n"
          "  setup place COLOUR POINT [N] put N checkers (default 1) on a point or the bar\n"
          "  setup remove COLOUR POINT [N] take them off again\n"
          "  setup white SPEC             set a whole side: 'setup white 1:13 3 6'\n"
          "  setup black SPEC\n"
          "  setup to-move white|black    who is on roll\n"
          "  setup roll A-B | A | none    the roll (A alone: one die, under the one-die rule)\n"
          "  setup id ID                  a position id (as 'brade posid' prints)\n"
          "Points are in that side's own numbering. 'export' prints the result as YAML.\n",
          "setup ändrar ställningen på brädet (och lämnar lektion eller problem):\n"
          "  setup start                  utgångsställningen, vit ska flytta\n"
          "  setup clear                  alla brickor hemspelade, redo att ställas ut\n"
          "  setup place FÄRG TUNGA [N]   ställ N brickor (1 om inget sägs) på en tunga eller ribban\n"
          "  setup remove FÄRG TUNGA [N]  ta bort dem igen\n"
          "  setup white SPEC             sätt en hel sida: 'setup white 1:13 3 6'\n"
          "  setup black SPEC\n"
          "  setup to-move white|black    vem som ska slå\n"
          "  setup roll A-B | A | none    slaget (A ensam: en tärning, med entärningsregeln)\n"
          "  setup id ID                  ett ställnings-id (som 'brade posid' skriver)\n"
          "Tungorna räknas i sidans egen numrering. 'export' skriver resultatet som YAML.\n"));
    printf(T(L, "Now: white \"%s\", black \"%s\".\n", "Nu: vit \"%s\", svart \"%s\".\n"), w, b);
}

/* Places or removes n checkers of colour c on a slot (front/editor.h). */
static bool shift(repl_t *r, int c, int slot, int n, bool place)
{
    tutor_t *t = &r->tutor;
    board_t b = t->board;
    strbuf_t why;
    strbuf_init(&why);
    bool ok = editor_shift(&b, c, slot, n, place, r->ro.lang, &why);
    fputs(strbuf_str(&why), stdout);
    strbuf_free(&why);
    if (ok)
        tutor_set_position(t, &b, &t->rules, t->roll, t->have_roll);
    return ok;
}

/* Sets colour c's whole side from a spec. */
static bool set_side(repl_t *r, int c, const char *spec)
{
    tutor_t *t = &r->tutor;
    lang_t L = r->ro.lang;
    uint8_t counts[BOARD_SLOTS];
    board_error_t e;
    if (board_parse_side(spec, t->board.geom, counts, &e) != BOARD_OK) {
        printf(
            T(L,
              "Cannot use that side spec (at character %d): write P, P:N, bar:N, off:N with 15 in all.\n",
              "Kan inte använda den sidbeskrivningen (vid tecken %d): skriv P, P:N, bar:N, off:N, 15 totalt.\n"),
            e.offset >= 0 ? e.offset + 1 : 1);
        return false;
    }
    board_t b = t->board;
    int s = side_of(&b, c);
    memcpy(b.side[s], counts, BOARD_SLOTS);
    for (int p = 1; p <= 24; p++)
        if (b.side[s][p] && b.side[1 - s][board_under(b.geom, p)]) {
            printf(T(L, "Both colours would be on %s's point %d.\n",
                     "Båda färgerna skulle stå på %ss tunga %d.\n"),
                   words_colour(L, c, false), b.geom == GEOM_BACKGAMMON ? 25 - p : p);
            return false;
        }
    tutor_set_position(t, &b, &t->rules, t->roll, t->have_roll);
    int off = board_spec_implied_off(spec, b.geom);
    if (off == 1)
        printf("%s\n", T(L, "Note: that names 14 checkers, so the fifteenth is counted as borne off (write off:1 "
                            "to say so).",
                         "Obs: där står 14 brickor, så den femtonde räknas som uttagen (skriv off:1 för att säga "
                         "det)."));
    else if (off > 1)
        printf(T(L, "Note: that names %d checkers, so the other %d are counted as borne off (write off:%d to say "
                    "so).\n",
                 "Obs: där står %d brickor, så de andra %d räknas som uttagna (skriv off:%d för att säga det).\n"),
               15 - off, off, off);
    return true;
}

/* `setup ...`: edits the board (see the top of this file). */
int repl_cmd_setup(repl_t *r, int argc, char **argv, const char *rest)
{
    tutor_t *t = &r->tutor;
    lang_t L = r->ro.lang;
    if (argc < 2) {
        setup_help(r);
        return 0;
    }
    const char *sub = argv[1];
    bool ok = true;
    /* the open question's position stays on the board to explore: the
     * question is set aside as if its answer had been shown */
    if (tutor_set_aside(t, &r->out))
        repl_flush(r);
    if (strcmp(sub, "start") == 0) {
        board_t b;
        board_start(&b, t->rules.geometry, BOARD_WHITE);
        tutor_set_position(t, &b, &t->rules, t->roll, false);
    } else if (strcmp(sub, "clear") == 0) {
        board_t b;
        board_clear(&b, t->rules.geometry, t->board.turn);
        b.side[0][BOARD_OFF] = b.side[1][BOARD_OFF] = 15;
        tutor_set_position(t, &b, &t->rules, t->roll, t->have_roll);
    } else if ((strcmp(sub, "place") == 0 || strcmp(sub, "remove") == 0) && argc >= 4) {
        int c = colour_arg(argv[2]), slot = point_arg(&t->board, argv[3]);
        int n = 1;
        if (argc >= 5) {
            char *end;
            long v = strtol(argv[4], &end, 10);
            n = *argv[4] && !*end && v >= 1 && v <= 15 ? (int)v : -1;
        }
        if (c < 0 || slot < 0 || n < 1 || n > 15) {
            printf("%s\n", T(L, "Usage: setup place|remove white|black POINT|bar [N]",
                             "Användning: setup place|remove white|black TUNGA|bar [N]"));
            return 1;
        }
        ok = shift(r, c, slot, n, strcmp(sub, "place") == 0);
    } else if ((strcmp(sub, "white") == 0 || strcmp(sub, "black") == 0) && argc >= 3) {
        const char *spec = rest + strlen(sub);
        while (*spec == ' ')
            spec++;
        char clean[256];
        snprintf(clean, sizeof clean, "%s", spec);
        /* quotes around the spec are allowed */
        size_t n = strlen(clean);
        if (n >= 2 && (clean[0] == '"' || clean[0] == '\'') && clean[n - 1] == clean[0]) {
            memmove(clean, clean + 1, n - 2);
            clean[n - 2] = '\0';
        }
        ok = set_side(r, colour_arg(sub), clean);
    } else if (strcmp(sub, "to-move") == 0 && argc >= 3 && colour_arg(argv[2]) >= 0) {
        board_t b = t->board;
        if (b.turn != colour_arg(argv[2]))
            board_swap(&b);
        tutor_set_position(t, &b, &t->rules, t->roll, t->have_roll);
    } else if (strcmp(sub, "roll") == 0 && argc >= 3) {
        roll_t roll = {0, 0};
        if (strcmp(argv[2], "none") == 0) {
            tutor_set_position(t, &t->board, &t->rules, roll, false);
        } else {
            const char *s = argv[2];
            bool one = s[0] >= '1' && s[0] <= '6' && !s[1]; /* a single die: the one-die rule */
            bool good = s[0] >= '1' && s[0] <= '6' &&
                        (one || (s[1] == '-' && s[2] >= '1' && s[2] <= '6' && !s[3]) ||
                         (s[1] >= '1' && s[1] <= '6' && !s[2]));
            if (!good) {
                printf("%s\n", T(L, "Write the roll as A-B, like 6-2 (or 'none'; one die, like 4, under the one-die rule).",
                                 "Skriv slaget som A-B, t.ex. 6-2 (eller 'none'; en tärning, t.ex. 4, med entärningsregeln)."));
                return 1;
            }
            if (one && t->rules.one_die_rule == ONE_DIE_OFF) {
                printf(T(L, "A single die is rolled only under the one-die rule, which %s does not have (its option one-die-rule is off); write the roll as A-B.\n",
                         "En ensam tärning slås bara med entärningsregeln, som %s inte har (dess val one-die-rule är off); skriv slaget som A-B.\n"),
                       t->rules.name);
                return 1;
            }
            roll.a = s[0] - '0';
            roll.b = one ? 0 : s[1] == '-' ? s[2] - '0' : s[1] - '0';
            tutor_set_position(t, &t->board, &t->rules, roll, true);
        }
    } else if (strcmp(sub, "id") == 0 && argc >= 3) {
        board_t b;
        bool bg = t->rules.geometry == GEOM_BACKGAMMON;
        if (!(bg ? posid_gnubg_read(argv[2], &b) : posid_brade_read(argv[2], &b))) {
            printf(T(L, "'%s' is not a valid position id.\n",
                     "'%s' är inget giltigt ställnings-id.\n"),
                   argv[2]);
            return 1;
        }
        tutor_set_position(t, &b, &t->rules, t->roll, t->have_roll);
    } else {
        setup_help(r);
        return 1;
    }
    if (!ok)
        return 1;
    repl_draw_board(r);
    note_position(r);
    return 0;
}

/* `export --svg FILE`: the board (and its roll) drawn as SVG (diagram.h),
 * from the side the board is drawn from. */
static int export_svg(repl_t *r, int argc, char **argv)
{
    tutor_t *t = &r->tutor;
    lang_t L = r->ro.lang;
    if (argc != 3) {
        printf("%s\n", T(L, "Write: export --svg FILE (the picture is written to FILE).",
                         "Skriv: export --svg FIL (bilden skrivs till FIL)."));
        return 1;
    }
    diagram_opts_t o = {.lang = L, .fixed = r->ro.fixed, .have_roll = t->have_roll, .roll = t->roll};
    /* the open lesson step's or puzzle's own position: drawn as its author
     * asks, its arrows once the answer is out */
    const lesson_step_t *st =
        t->mode == TUTOR_LESSON || t->mode == TUTOR_DRILL ? &t->course->lessons[t->lesson].steps[t->step] : NULL;
    const puzzle_t *pz = t->mode == TUTOR_PUZZLE ? &t->course->puzzles[t->puzzle] : NULL;
    const position_t *pos = st ? &st->pos : pz ? &pz->pos : NULL;
    const diagram_spec_t *spec = st ? &st->diagram : pz ? &pz->diagram : NULL;
    if (pos && spec->present && pos->present && board_equal(&pos->board, &t->board)) {
        const question_t *q = st ? &st->q : &pz->q;
        diagram_opts_for(pos, spec, q->kind == QK_PLAY, t->answered, L, &o);
    }
    strbuf_t svg;
    strbuf_init(&svg);
    diagram_svg(&t->board, &t->rules, &o, &svg);
    return repl_write_picture(r, argv[2], &svg, T(L, "The diagram is in", "Diagrammet finns i"));
}

/* Writes a picture the learner asked for (see repl.h). */
int repl_write_picture(repl_t *r, const char *path, strbuf_t *svg, const char *done)
{
    bool ok = savefile_write(path, strbuf_str(svg), svg->len);
    strbuf_free(svg);
    if (!ok) {
        printf(T(r->ro.lang, "Could not write %s: %s.\n", "Kunde inte skriva %s: %s.\n"), path, savefile_strerror(errno));
        return 1;
    }
    printf("%s %s.\n", done, path);
    return 0;
}

/* `export [ID | position | --svg FILE]`: the board as YAML for a course
 * file, or as a picture. */
int repl_cmd_export(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    tutor_t *t = &r->tutor;
    lang_t L = r->ro.lang;
    if (!t->have_pos) {
        printf("%s\n",
               T(L, "There is no position to export.", "Det finns ingen ställning att exportera."));
        return 1;
    }
    if (argc >= 2 && strcmp(argv[1], "--svg") == 0)
        return export_svg(r, argc, argv);
    if (!editor_exportable(&t->board, &t->rules)) {
        printf("%s\n", T(L, "This position would not pass 'brade check'; fix it first:",
                         "Ställningen skulle inte klara 'brade check'; rätta den först:"));
        note_position(r);
        return 1;
    }
    bool only_position = argc >= 2 && strcmp(argv[1], "position") == 0;
    if (argc >= 2 && !only_position && (strlen(argv[1]) > 64 || strspn(argv[1], "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(argv[1]))) {
        /* the id goes into the YAML as it is: only what brade check takes */
        printf("%s\n", T(L, "A puzzle id is lowercase letters a-z, digits and '-' (at most 64); for example: export my-puzzle",
                         "Ett problems id är små bokstäver a-z, siffror och '-' (högst 64); till exempel: export mitt-problem"));
        return 1;
    }
    strbuf_t sb;
    strbuf_init(&sb);
    editor_yaml(&t->board, &t->rules, t->roll, t->have_roll, only_position ? NULL : argc >= 2 ? argv[1] : "new-puzzle",
                L, &sb);
    fputs(strbuf_str(&sb), stdout);
    strbuf_free(&sb);
    return 0;
}
