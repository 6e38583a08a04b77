/*
 * editor.c - the position editor both front ends share (see editor.h).
 */
#include "front/editor.h"

#include <string.h>

/* The side index of colour c on board b. */
static int side_of(const board_t *b, int c) { return b->turn == c ? 0 : 1; }

/* Places or removes checkers (see editor.h). */
bool editor_shift(board_t *b, int c, int slot, int n, bool place, lang_t L, strbuf_t *why)
{
    int s = side_of(b, c);
    if (place) {
        if (b->side[s][BOARD_OFF] < n) {
            strbuf_addf(why, T(L, "%s has only %d %s left to place (15 in all).\n",
                               "%s har bara %d %s kvar att ställa ut (15 totalt).\n"),
                        words_colour(L, c, true), b->side[s][BOARD_OFF], words_checkers(L, b->side[s][BOARD_OFF]));
            return false;
        }
        if (slot != BOARD_BAR && board_under(b->geom, slot) && b->side[1 - s][board_under(b->geom, slot)]) {
            strbuf_addf(why, "%s\n", T(L, "The other colour has checkers on that point; remove them first.",
                                       "Den andra färgen har brickor på den tungan; ta bort dem först."));
            return false;
        }
        b->side[s][BOARD_OFF] = (uint8_t)(b->side[s][BOARD_OFF] - n);
        b->side[s][slot] = (uint8_t)(b->side[s][slot] + n);
    } else {
        if (b->side[s][slot] < n) {
            strbuf_addf(why, T(L, "%s has only %d %s there.\n", "%s har bara %d %s där.\n"), words_colour(L, c, true),
                        b->side[s][slot], words_checkers(L, b->side[s][slot]));
            return false;
        }
        b->side[s][slot] = (uint8_t)(b->side[s][slot] - n);
        b->side[s][BOARD_OFF] = (uint8_t)(b->side[s][BOARD_OFF] + n);
    }
    return true;
}

/* What the rules forbid (see editor.h). */
void editor_note(const board_t *b, const rules_t *r, lang_t L, const char *place_hint, strbuf_t *out)
{
    board_error_t e;
    board_err_t err = movegen_check_position(b, r, &e);
    if (err == BOARD_ERR_BAND_BANNED)
        strbuf_addf(
            out,
            T(L, "Note: %s has a band on its point %d, which %s forbids (points 2-11 hold one checker at most).\n",
              "Obs: %s har ett band på sin tunga %d, vilket %s förbjuder (tunga 2-11 rymmer högst en bricka).\n"),
            words_colour(L, e.side, false), e.point, r->name);
    else if (err == BOARD_ERR_PRIME)
        strbuf_addf(out, T(L, "Note: %s has %d bands in a row; %s allows at most %d.\n",
                           "Obs: %s har %d band i rad; %s tillåter högst %d.\n"),
                    words_colour(L, e.side, false), e.count, r->name, r->max_prime);
    else if (err == BOARD_ERR_BOTH_DONE || b->side[0][BOARD_OFF] == 15 || b->side[1][BOARD_OFF] == 15)
        strbuf_addf(out,
                    T(L, "Note: a side has no checkers on the board; place some%s.\n",
                      "Obs: en sida har inga brickor på brädet; ställ ut några%s.\n"),
                    place_hint);
}

bool editor_exportable(const board_t *b, const rules_t *r)
{
    board_error_t e;
    return movegen_check_position(b, r, &e) == BOARD_OK && b->side[0][BOARD_OFF] != 15 &&
           b->side[1][BOARD_OFF] != 15;
}

/* The position as YAML (see editor.h). */
void editor_yaml(const board_t *b, const rules_t *r, roll_t roll, bool have_roll, const char *id, lang_t L,
                 strbuf_t *out)
{
    char w[128], bl[128], name[256];
    board_format_side(b, side_of(b, BOARD_WHITE), w, sizeof w);
    board_format_side(b, side_of(b, BOARD_BLACK), bl, sizeof bl);
    rules_format(r, name, sizeof name);
    const char *ind = id ? "  " : "";
    if (id) {
        strbuf_addf(out, "%s\n", T(L, "# Paste under 'puzzles:' in a puzzle file; then fill in the question.",
                                   "# Klistra in under 'puzzles:' i en problemfil; fyll sedan i frågan."));
        strbuf_addf(out, "- id: %s\n", id);
        strbuf_add(out, "  title: {en: New puzzle, sv: Nytt problem}\n");
        strbuf_add(out, "  difficulty: 2\n");
        strbuf_add(out, "  themes: [new]\n");
        if (strcmp(name, "lyckans-talisman") != 0)
            strbuf_addf(out, "  rules: %s\n", name);
    }
    strbuf_addf(out, "%sposition:\n", ind);
    strbuf_addf(out, "%s  white: \"%s\"\n", ind, w);
    strbuf_addf(out, "%s  black: \"%s\"\n", ind, bl);
    strbuf_addf(out, "%s  to-move: %s\n", ind, b->turn == BOARD_WHITE ? "white" : "black");
    if (have_roll) {
        char rt[8];
        words_roll(roll, rt, sizeof rt);
        strbuf_addf(out, "%s  roll: %s\n", ind, rt);
    }
    if (id) {
        strbuf_add(out, "  question:\n");
        if (have_roll)
            strbuf_add(out, "    kind: play\n    goal: legal\n");
        else
            strbuf_add(out, "    kind: count\n    what: pips\n");
    }
}
