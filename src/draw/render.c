/*
 * render.c - the board and wrapped text (see render.h).
 */
#include "draw/render.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tutor/words.h"

/* Colour only for a terminal, without NO_COLOR, not TERM=dumb. */
bool render_colour_wanted(FILE *f)
{
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    if (no && *no)
        return false;
    if (term && strcmp(term, "dumb") == 0)
        return false;
    return isatty(fileno(f)) != 0;
}

/* ANSI bold, or "" without colour. */
const char *render_bold(const render_opts_t *o) { return o->colour ? "\033[1m" : ""; }
/* ANSI reset, or "" without colour. */
const char *render_reset(const render_opts_t *o) { return o->colour ? "\033[0m" : ""; }
/* ANSI bright green (right answers), or "". */
const char *render_green(const render_opts_t *o) { return o->colour ? "\033[1;32m" : ""; }
/* ANSI bright red (wrong answers), or "". */
const char *render_red(const render_opts_t *o) { return o->colour ? "\033[1;31m" : ""; }
/* ANSI dim (point numbers, empty points), or "". */
const char *render_dim(const render_opts_t *o) { return o->colour ? "\033[2m" : ""; }

/* The number a side uses for its own point p (backgammon counts down). */
static int shown(const board_t *b, int p) { return b->geom == GEOM_BACKGAMMON ? 25 - p : p; }

/* The two rows of points, as the side on roll's own points, left to right. */
static int row_point(int row, int col) { return row == 0 ? 12 - col : 13 + col; }

/* One row of point numbers: side s's numbers (0 = on roll) for the row. */
static void number_row(const board_t *b, int row, int s, const render_opts_t *o, strbuf_t *out)
{
    strbuf_addf(out, "  %s ", render_dim(o));
    for (int col = 0; col < 12; col++) {
        int p = row_point(row, col);
        int n = s == 0 ? shown(b, p) : shown(b, board_under(b->geom, p));
        strbuf_addf(out, "%4d", n);
        if (col == 5)
            strbuf_add(out, "  ");
    }
    strbuf_addf(out, "%s", render_reset(o));
}

/* One cell: "W3", "B12" or "." right-aligned in 4 columns. */
static void cell(const board_t *b, int p, const render_opts_t *o, strbuf_t *out)
{
    int mine = b->side[0][p], theirs = board_opp_at(b, p);
    int colour = mine ? b->turn : 1 - b->turn;
    int n = mine ? mine : theirs;
    if (!n) {
        strbuf_addf(out, "   %s.%s", render_dim(o), render_reset(o));
        return;
    }
    char tok[8];
    /* the colour's initial in the board's language: W/B, or V/S (vit, svart) */
    char letter = colour == BOARD_WHITE ? (o->lang == LANG_SV ? 'V' : 'W') : (o->lang == LANG_SV ? 'S' : 'B');
    snprintf(tok, sizeof tok, "%c%d", letter, n);
    const char *c = !o->colour ? "" : colour == BOARD_WHITE ? "\033[1;33m" : "\033[1;35m";
    strbuf_addf(out, "%*s%s%s%s", 4 - (int)strlen(tok), "", c, tok, render_reset(o));
}

/* Draws the board from the side on roll (see render.h). */
void render_board(const board_t *b, const rules_t *r, roll_t roll, bool have_roll,
                  const render_opts_t *o, strbuf_t *out)
{
    lang_t L = o->lang;
    int on_roll = b->turn;
    /* the view: the side on roll's, or white's always, or a person's */
    board_t view = *b;
    int want = o->fixed ? BOARD_WHITE : o->view_of ? o->view_of - 1 : -1;
    if (want >= 0 && view.turn != want)
        board_swap(&view);
    b = &view;
    int me = b->turn, you = 1 - b->turn;
    const char *rule = "   +--------------------------+--------------------------+\n";
    /* top: the other side's numbers outside, then mine */
    number_row(b, 0, 1, o, out);
    strbuf_addf(out, "   %s\n", words_colour(L, you, true));
    number_row(b, 0, 0, o, out);
    strbuf_addf(out, "   %s%s%s\n", render_bold(o), words_colour(L, me, true), render_reset(o));
    strbuf_add(out, rule);
    for (int row = 0; row < 2; row++) {
        strbuf_add(out, "   |");
        for (int col = 0; col < 12; col++) {
            cell(b, row_point(row, col), o, out);
            if (col == 5)
                strbuf_add(out, "  |");
        }
        strbuf_add(out, "  |");
        if (row == 1)
            strbuf_addf(out, T(L, " -> %s bears off", " -> %s spelar hem"),
                        words_colour(L, me, false));
        strbuf_add(out, "\n");
    }
    strbuf_add(out, rule);
    number_row(b, 1, 0, o, out);
    strbuf_addf(out, "   %s%s%s\n", render_bold(o), words_colour(L, me, true), render_reset(o));
    number_row(b, 1, 1, o, out);
    strbuf_addf(out, "   %s\n", words_colour(L, you, true));

    int wi = b->turn == BOARD_WHITE ? 0 : 1, bi = 1 - wi;
    strbuf_addf(out,
                T(L, "   Bar: white %d, black %d.  Off: white %d, black %d.  ",
                  "   Ribban: vit %d, svart %d.  Hemspelade: vit %d, svart %d.  "),
                b->side[wi][BOARD_BAR], b->side[bi][BOARD_BAR], b->side[wi][BOARD_OFF],
                b->side[bi][BOARD_OFF]);
    if (o->hide_pips) /* a question asks for them */
        strbuf_add(out, T(L, "Pips: count them.\n", "Ögon kvar: räkna själv.\n"));
    else
        strbuf_addf(out, T(L, "Pips: white %d, black %d.\n", "Ögon kvar: vit %d, svart %d.\n"),
                    board_pips(b, wi), board_pips(b, bi));
    char name[256];
    rules_format(r, name, sizeof name);
    if (o->over) {
        strbuf_addf(out, T(L, "   The game is over.  Rules: %s.\n", "   Partiet är slut.  Regler: %s.\n"), name);
        return;
    }
    strbuf_addf(out, "   %s%s%s", render_bold(o), words_colour(L, on_roll, true), render_reset(o));
    if (have_roll) {
        char rt[8];
        words_roll(roll, rt, sizeof rt);
        strbuf_addf(out, T(L, " to play %s%s%s.", " ska spela %s%s%s."), render_bold(o), rt,
                    render_reset(o));
    } else {
        strbuf_add(out, T(L, " to roll.", " ska slå."));
    }
    strbuf_addf(out, T(L, "  Rules: %s.\n", "  Regler: %s.\n"), name);
}

/* ------------------------------------------------------------- wrapping */

/* Display columns of s[0..n) (UTF-8 code points). */
static int cols(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* Display columns of a UTF-8 string. */
int render_width(const char *s) { return cols(s, strlen(s)); }

/* Fills the words of `text` (length n) into lines of `width`, the first
 * line starting at column `first`, later ones indented by `indent`. */
static void fill(const char *text, size_t n, int width, int indent, strbuf_t *out)
{
    int col = indent;
    bool line_start = true;
    size_t i = 0;
    while (i < n) {
        while (i < n && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t'))
            i++;
        if (i >= n)
            break;
        size_t j = i;
        while (j < n && text[j] != ' ' && text[j] != '\n' && text[j] != '\t')
            j++;
        int w = cols(text + i, j - i);
        if (!line_start && col + 1 + w > width) {
            strbuf_addf(out, "\n%*s", indent, "");
            col = indent;
            line_start = true;
        }
        if (!line_start) {
            strbuf_add(out, " ");
            col++;
        }
        strbuf_addn(out, text + i, j - i);
        col += w;
        line_start = false;
        i = j;
    }
    strbuf_add(out, "\n");
}

/* Leading blanks of a line, and the hanging indent for a list item. */
static int hang(const char *line, size_t n)
{
    size_t k = 0;
    while (k < n && line[k] == ' ')
        k++;
    if (k + 1 < n && (line[k] == '-' || line[k] == '*') && line[k + 1] == ' ')
        return (int)k + 2;
    size_t d = k;
    while (d < n && line[d] >= '0' && line[d] <= '9')
        d++;
    if (d > k && d + 1 < n && (line[d] == '.' || line[d] == ')') && line[d + 1] == ' ')
        return (int)d + 2;
    return (int)k;
}

/* Wraps each line on its own, with a hanging indent (see render.h). */
void render_lines(const char *text, int width, strbuf_t *out)
{
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, "\n");
        int ind = hang(p, n);
        if (cols(p, n) <= width) {
            strbuf_addn(out, p, n);
            strbuf_add(out, "\n");
        } else {
            size_t k = 0;
            while (k < n && p[k] == ' ')
                k++;
            strbuf_addn(out, p, k);
            /* the marker ("- ", "3. ") stays on the first line */
            size_t body = (size_t)ind > k ? (size_t)ind : k;
            strbuf_addn(out, p + k, body - k);
            fill(p + body, n - body, width, ind, out);
        }
        p += n;
        if (*p == '\n')
            p++;
    }
}

/* True for a line kept as written inside prose. */
static bool kept_line(const char *line, size_t n)
{
    if (n == 0)
        return false;
    if (line[0] == ' ' || line[0] == '\t')
        return true;
    return hang(line, n) > 0;
}

/* Wraps prose paragraph by paragraph (see render.h). */
void render_prose(const char *text, int width, strbuf_t *out)
{
    const char *p = text;
    bool first = true;
    while (*p) {
        /* skip blank lines between paragraphs */
        while (*p == '\n')
            p++;
        if (!*p)
            break;
        const char *end = strstr(p, "\n\n");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        while (n && p[n - 1] == '\n')
            n--;
        if (!first)
            strbuf_add(out, "\n");
        first = false;
        /* a paragraph with list or indented lines keeps its lines */
        bool keep = false;
        for (const char *l = p; l < p + n;) {
            size_t ln = strcspn(l, "\n");
            if (ln > (size_t)(p + n - l))
                ln = (size_t)(p + n - l);
            keep |= kept_line(l, ln);
            l += ln + 1;
        }
        if (keep) {
            char *tmp = malloc(n + 1);
            if (!tmp)
                return;
            memcpy(tmp, p, n);
            tmp[n] = '\0';
            render_lines(tmp, width, out);
            free(tmp);
        } else {
            fill(p, n, width, 0, out);
        }
        p += n;
    }
}
