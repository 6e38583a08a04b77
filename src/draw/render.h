/*
 * render.h - drawing for the terminal: the board, and text wrapped to the
 * screen width.
 *
 * The board is drawn from the view of the side on roll (or always from
 * white's, with `fixed`): its points are numbered on the inner rows, the other side's numbers for the same points
 * on the outer rows, with checker counts (W3 = three white checkers), the
 * bar, the checkers borne off, both pip counts, the roll and the ruleset.
 * Colour (ANSI) is used only when asked for; the caller decides from the
 * terminal and NO_COLOR (render_colour_wanted()).
 *
 * Ownership: everything is written into the caller's strbuf.
 */
#ifndef BRADE_CLI_RENDER_H
#define BRADE_CLI_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "content/strbuf.h"
#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "tutor/explain.h"

typedef struct render_opts {
    lang_t lang;
    bool colour;
    bool fixed; /* always from white's side (`set board fixed`), not the side on roll's */
    bool hide_pips; /* leave the pip counts out (a question asks for one) */
    bool over; /* the game is over: the last line says so, not who rolls */
    int view_of; /* 0: the side on roll's view (or white's with `fixed`); 1 + a colour:
                    that colour's always (a person's game, their side at the bottom) */
} render_opts_t;

/* True when output to `f` should be coloured: a terminal, NO_COLOR unset or
 * empty, and TERM not "dumb". */
bool render_colour_wanted(FILE *f);

/* The board (see above); `roll` is shown when have_roll. */
void render_board(const board_t *b, const rules_t *r, roll_t roll, bool have_roll,
                  const render_opts_t *o, strbuf_t *out);

/* Wraps prose to `width` columns: paragraphs (split at blank lines) are
 * filled; lines that start with a blank, '-', '*' or "N." / "N)" are kept
 * as they are (wrapped with a hanging indent when too long). */
void render_prose(const char *text, int width, strbuf_t *out);
/* Wraps each line of `text` on its own, continuing long lines under their
 * first word's indent. */
void render_lines(const char *text, int width, strbuf_t *out);

/* Display columns of a UTF-8 string (code points). */
int render_width(const char *s);

/* ANSI sequences, or "" without colour. */
const char *render_bold(const render_opts_t *o);
const char *render_reset(const render_opts_t *o);
const char *render_green(const render_opts_t *o);
const char *render_red(const render_opts_t *o);
const char *render_dim(const render_opts_t *o);

#endif
