/*
 * diagram.c - a position as SVG (see diagram.h).
 *
 * Layout, in SVG units: two rows of number labels above and below the
 * frame, the frame with 12 points a row (a bar between the halves), and a
 * tray for borne-off checkers to its right.  Every coordinate comes from
 * the constants below.
 */
#include "draw/diagram.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "engine/posid.h"
#include "tutor/words.h"

enum {
    BX = 24,                      /* frame's left edge */
    BY = 56,                      /* frame's top edge */
    F = 12,                       /* frame border */
    PW = 44,                      /* point width */
    BARW = 44,                    /* bar width */
    HALF = 200,                   /* a row's depth (five checkers) */
    GAP = 44,                     /* between the rows: the dice */
    R = 20,                       /* checker radius */
    STACK = 5,                    /* checkers drawn on a point; more are numbered */
    FW = 2 * F + 12 * PW + BARW,  /* frame width */
    IH = 2 * HALF + GAP,          /* inner height */
    FH = 2 * F + IH,              /* frame height */
    TX = BX + FW + 10,            /* tray's left edge */
    TW = 64,                      /* tray width */
    TOP = BY + F,                 /* inner top */
    BOT = BY + F + IH,            /* inner bottom */
    MID = BY + F + HALF + GAP / 2 /* centre line */
};

const char *const DIAGRAM_FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

/* Writes s escaped for XML (see diagram.h). */
void diagram_escape(const char *s, strbuf_t *out)
{
    for (; *s; s++) {
        switch (*s) {
        case '&':
            strbuf_add(out, "&amp;");
            break;
        case '<':
            strbuf_add(out, "&lt;");
            break;
        case '>':
            strbuf_add(out, "&gt;");
            break;
        case '"':
            strbuf_add(out, "&quot;");
            break;
        default:
            strbuf_addn(out, s, 1);
        }
    }
}

/* Left edge of column c (0..11, left to right) inside the frame. */
static int col_x(int c) { return BX + F + c * PW + (c >= 6 ? BARW : 0); }

/* Row (0 top, 1 bottom) and column of the viewer's point p (1..24). */
static void point_cell(int p, int *row, int *col)
{
    *row = p <= 12 ? 0 : 1;
    *col = p <= 12 ? 12 - p : p - 13;
}

/* Centre of the k-th checker (0 = at the edge) on the viewer's point p. */
static void checker_xy(int p, int k, double *x, double *y)
{
    int row, col;
    point_cell(p, &row, &col);
    if (k > STACK - 1)
        k = STACK - 1;
    *x = col_x(col) + PW / 2.0;
    *y = row == 0 ? TOP + R + 2.0 * R * k : BOT - R - 2.0 * R * k;
}

/* Centre of the k-th checker on the bar: the viewer's above the centre
 * line (they enter on the top row), the other side's below it. */
static void bar_xy(bool viewer, int k, double *x, double *y)
{
    if (k > STACK - 1)
        k = STACK - 1;
    *x = BX + F + 6 * PW + BARW / 2.0;
    *y = viewer ? MID - GAP / 2.0 - R - 2.0 * R * k : MID + GAP / 2.0 + R + 2.0 * R * k;
}

/* Centre of the k-th borne-off slab: the viewer's in the tray's lower
 * half (they bear off past point 24, bottom right), the other side's in
 * the upper half. */
static void off_xy(bool viewer, int k, double *x, double *y)
{
    *x = TX + TW / 2.0;
    *y = viewer ? BOT - 8 - 12.0 * k : TOP + 8 + 12.0 * k;
}

/* A checker of `colour` at (x, y); `label` (or NULL) written on it;
 * marked as a checker for a page (`mark`). */
static void checker_marked(int colour, double x, double y, const char *label, bool mark, strbuf_t *out)
{
    bool white = colour == BOARD_WHITE;
    if (mark)
        strbuf_addf(out, "<g data-checker=\"%s\">", white ? "white" : "black");
    strbuf_addf(out,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" "
                "stroke=\"%s\" stroke-width=\"2\"/>\n",
                x, y, R - 1, white ? "#f7f3e8" : "#262626", white ? "#3a3a3a" : "#000000");
    strbuf_addf(out,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"none\" "
                "stroke=\"%s\" stroke-width=\"1\"/>\n",
                x, y, R - 7, white ? "#b8b0a0" : "#4a4a4a");
    if (label)
        strbuf_addf(out,
                    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"16\" "
                    "font-weight=\"bold\" text-anchor=\"middle\" "
                    "fill=\"%s\">%s</text>\n",
                    x, y + 6, white ? "#000000" : "#ffffff", label);
    if (mark)
        strbuf_add(out, "</g>\n");
}

/* Text at (x, y): size, weight, colour, anchor. */
void diagram_text(double x, double y, int size, bool bold, const char *fill, const char *anchor, const char *s,
                  strbuf_t *out)
{
    strbuf_addf(out,
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\"%s "
                "text-anchor=\"%s\" fill=\"%s\">",
                x, y, size, bold ? " font-weight=\"bold\"" : "", anchor, fill);
    diagram_escape(s, out);
    strbuf_add(out, "</text>\n");
}

/* The number a side uses for its own point p (backgammon counts down). */
static int shown(const board_t *b, int p) { return b->geom == GEOM_BACKGAMMON ? 25 - p : p; }

/* The frame, the points and both rows of numbers on each side. */
static void frame(const board_t *v, lang_t L, strbuf_t *out)
{
    strbuf_addf(out,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" "
                "fill=\"#6b4423\"/>\n",
                BX, BY, FW, FH);
    strbuf_addf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#efe2c2\"/>\n", BX + F, TOP,
                6 * PW, IH);
    strbuf_addf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#efe2c2\"/>\n",
                BX + F + 6 * PW + BARW, TOP, 6 * PW, IH);
    strbuf_addf(out,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" "
                "fill=\"#6b4423\"/>\n",
                TX, BY, TW, FH);
    strbuf_addf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#d9c79e\"/>\n", TX + 6, TOP,
                TW - 12, HALF);
    strbuf_addf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#d9c79e\"/>\n", TX + 6,
                BOT - HALF, TW - 12, HALF);
    for (int p = 1; p <= 24; p++) {
        int row, col;
        point_cell(p, &row, &col);
        int x = col_x(col);
        const char *fill = (col + row) % 2 == 0 ? "#8e3b2e" : "#c9a66b";
        if (row == 0)
            strbuf_addf(out, "<polygon points=\"%d,%d %d,%d %.1f,%d\" fill=\"%s\"/>\n", x, TOP, x + PW, TOP,
                        x + PW / 2.0, TOP + HALF - 14, fill);
        else
            strbuf_addf(out, "<polygon points=\"%d,%d %d,%d %.1f,%d\" fill=\"%s\"/>\n", x, BOT, x + PW, BOT,
                        x + PW / 2.0, BOT - HALF + 14, fill);
        char num[16], other[16];
        snprintf(num, sizeof num, "%d", shown(v, p));
        snprintf(other, sizeof other, "%d", shown(v, board_under(v->geom, p)));
        double cx = x + PW / 2.0;
        if (row == 0) {
            diagram_text(cx, BY - 8, 15, true, "#1a1a1a", "middle", num, out);
            diagram_text(cx, BY - 30, 12, false, "#777777", "middle", other, out);
        } else {
            diagram_text(cx, BY + FH + 19, 15, true, "#1a1a1a", "middle", num, out);
            diagram_text(cx, BY + FH + 39, 12, false, "#777777", "middle", other, out);
        }
    }
    int me = v->turn, you = 1 - v->turn;
    diagram_text(TX + TW / 2.0, BY - 8, 13, true, "#1a1a1a", "middle", words_colour(L, me, true), out);
    diagram_text(TX + TW / 2.0, BY - 30, 12, false, "#777777", "middle", words_colour(L, you, true), out);
    diagram_text(TX + TW / 2.0, BY + FH + 19, 13, true, "#1a1a1a", "middle", words_colour(L, me, true), out);
    diagram_text(TX + TW / 2.0, BY + FH + 39, 12, false, "#777777", "middle", words_colour(L, you, true), out);
}

/* The checkers of the viewer's point p (marked for a page when `mark`). */
static void point_stack(const board_t *v, int p, bool mark, strbuf_t *out)
{
    int me = v->turn, you = 1 - v->turn;
    int mine = v->side[0][p], theirs = board_opp_at(v, p);
    int n = mine ? mine : theirs, colour = mine ? me : you;
    for (int k = 0; k < n && k < STACK; k++) {
        double x, y;
        checker_xy(p, k, &x, &y);
        char num[16];
        snprintf(num, sizeof num, "%d", n);
        checker_marked(colour, x, y, k == STACK - 1 && n > STACK ? num : NULL, mark, out);
    }
}

/* Side s's checkers on the bar (s 0: the viewer's). */
static void bar_stack(const board_t *v, int s, bool mark, strbuf_t *out)
{
    int n = v->side[s][BOARD_BAR], colour = s == 0 ? v->turn : 1 - v->turn;
    for (int k = 0; k < n && k < STACK; k++) {
        double x, y;
        bar_xy(s == 0, k, &x, &y);
        char num[16];
        snprintf(num, sizeof num, "%d", n);
        checker_marked(colour, x, y, k == STACK - 1 && n > STACK ? num : NULL, mark, out);
    }
}

/* Side s's checkers borne off, as slabs with their count. */
static void off_stack(const board_t *v, int s, bool mark, strbuf_t *out)
{
    int off = v->side[s][BOARD_OFF], colour = s == 0 ? v->turn : 1 - v->turn;
    bool white = colour == BOARD_WHITE;
    for (int k = 0; k < off; k++) {
        double x, y;
        off_xy(s == 0, k, &x, &y);
        if (mark)
            strbuf_addf(out, "<g data-checker=\"%s\">", white ? "white" : "black");
        strbuf_addf(out,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"40\" height=\"10\" "
                    "rx=\"2\" fill=\"%s\" stroke=\"%s\" "
                    "stroke-width=\"1.5\"/>\n",
                    x - 20, y - 5, white ? "#f7f3e8" : "#262626", white ? "#3a3a3a" : "#000000");
        if (mark)
            strbuf_add(out, "</g>\n");
    }
    if (off) {
        char num[16];
        snprintf(num, sizeof num, "%d", off);
        double x, y;
        off_xy(s == 0, off, &x, &y);
        diagram_text(x, s == 0 ? y - 2 : y + 10, 14, true, "#1a1a1a", "middle", num, out);
    }
}

/* The checkers: on the points, on the bar and borne off. */
static void checkers(const board_t *v, strbuf_t *out)
{
    for (int p = 1; p <= 24; p++)
        point_stack(v, p, false, out);
    for (int s = 0; s < 2; s++) {
        bar_stack(v, s, false, out);
        off_stack(v, s, false, out);
    }
}

/* The checkers for a page (see diagram_opts_t.interactive): each point a
 * group with its click target and checkers; the bar and the borne-off
 * tray likewise. */
static void checkers_marked(const board_t *v, strbuf_t *out)
{
    for (int p = 1; p <= 24; p++) {
        int row, col;
        point_cell(p, &row, &col);
        strbuf_addf(out,
                    "<g data-point=\"%d\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"transparent\"/>\n",
                    p, col_x(col), row == 0 ? TOP : BOT - HALF, PW, HALF);
        point_stack(v, p, true, out);
        strbuf_add(out, "</g>\n");
    }
    strbuf_addf(out,
                "<g data-point=\"bar\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"transparent\"/>\n",
                BX + F + 6 * PW, TOP, BARW, IH);
    bar_stack(v, 0, true, out);
    bar_stack(v, 1, true, out);
    strbuf_add(out, "</g>\n");
    strbuf_addf(out,
                "<g data-point=\"off\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"transparent\"/>\n",
                TX, TOP, TW, IH);
    off_stack(v, 0, true, out);
    off_stack(v, 1, true, out);
    strbuf_add(out, "</g>\n");
}

/* One die showing `face`, its top-left corner at (x, y). */
static void die(int face, double x, double y, strbuf_t *out)
{
    static const int PIPS[7][7][2] = {
        {{0}},
        {{1, 1}},
        {{0, 0}, {2, 2}},
        {{0, 0}, {1, 1}, {2, 2}},
        {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
        {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
        {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}},
    };
    const double S = 34;
    strbuf_addf(out,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.0f\" height=\"%.0f\" "
                "rx=\"6\" fill=\"#ffffff\" "
                "stroke=\"#1a1a1a\" stroke-width=\"2\"/>\n",
                x, y, S, S);
    for (int i = 0; i < face; i++)
        strbuf_addf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.4\" fill=\"#1a1a1a\"/>\n",
                    x + 8 + 9.0 * PIPS[face][i][0], y + 8 + 9.0 * PIPS[face][i][1]);
}

/* One die, marked for a page when `mark` (<g data-die="V">). */
static void die_marked(int face, double x, double y, bool mark, strbuf_t *out)
{
    if (mark)
        strbuf_addf(out, "<g data-die=\"%d\">", face);
    die(face, x, y, out);
    if (mark)
        strbuf_add(out, "</g>\n");
}

/* The roll as dice in the gap of the right half (one die under the
 * one-die rule). */
static void dice(roll_t roll, bool mark, strbuf_t *out)
{
    double cx = col_x(9), y = MID - 17;
    if (roll.b == 0) {
        die_marked(roll.a, cx - 17, y, mark, out);
        return;
    }
    die_marked(roll.a, cx - 40, y, mark, out);
    die_marked(roll.b, cx + 6, y, mark, out);
}

/* Where the mover's point p is in the view (the mover is the viewer, or
 * the other side when the view was turned). */
static int view_point(const board_t *v, bool mover_is_viewer, int p)
{
    return mover_is_viewer ? p : board_under(v->geom, p);
}

/* An arrow from (x1, y1) to (x2, y2), bowed toward the centre line. */
static void arrow(double x1, double y1, double x2, double y2, strbuf_t *out)
{
    double mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy);
    if (len < 1)
        return;
    double nx = -dy / len, ny = dx / len, bow = 0.18 * len;
    /* bow toward the centre line, or upward on it */
    if ((my + ny * bow - MID) * (my + ny * bow - MID) > (my - ny * bow - MID) * (my - ny * bow - MID))
        nx = -nx, ny = -ny;
    /* stop short of the target's centre, so the head sits on its edge */
    double ex = x2 - dx / len * (R * 0.5), ey = y2 - dy / len * (R * 0.5);
    strbuf_addf(out,
                "<path d=\"M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f\" fill=\"none\" "
                "stroke=\"#1f6fb2\" stroke-width=\"4\" "
                "stroke-linecap=\"round\" marker-end=\"url(#head)\" opacity=\"0.9\"/>\n",
                x1, y1, mx + nx * bow, my + ny * bow, ex, ey);
}

/* The steps of `play` (by the original side on roll) as arrows, each from
 * the checker that moves to the place it lands, stacks counted as the
 * play goes. */
static void arrows(const board_t *v, bool mover_is_viewer, const play_t *play, strbuf_t *out)
{
    int count[26], bar[2], off[2];
    for (int p = 1; p <= 24; p++)
        count[p] = v->side[0][p] + board_opp_at(v, p);
    for (int s = 0; s < 2; s++) {
        bar[s] = v->side[s][BOARD_BAR];
        off[s] = v->side[s][BOARD_OFF];
    }
    int ms = mover_is_viewer ? 0 : 1; /* the mover's index in the view */
    for (int i = 0; i < play->nsteps; i++) {
        const step_t *st = &play->steps[i];
        double x1, y1, x2, y2;
        if (st->from == BOARD_BAR) {
            bar[ms]--;
            bar_xy(ms == 0, bar[ms] < 0 ? 0 : bar[ms], &x1, &y1);
        } else {
            int vp = view_point(v, mover_is_viewer, st->from);
            count[vp]--;
            checker_xy(vp, count[vp] < 0 ? 0 : count[vp], &x1, &y1);
        }
        if (st->to == BOARD_OFF) {
            off_xy(ms == 0, off[ms]++, &x2, &y2);
        } else {
            int vp = view_point(v, mover_is_viewer, st->to);
            if (st->taken) {
                count[vp] -= st->taken;
                bar[1 - ms] += st->taken;
                if (count[vp] < 0)
                    count[vp] = 0;
            }
            checker_xy(vp, count[vp]++, &x2, &y2);
        }
        arrow(x1, y1, x2, y2, out);
    }
}

/* The default caption: who is to play what, the ruleset, the pip counts,
 * and the play drawn. */
static void default_caption(const board_t *b, const rules_t *r, const diagram_opts_t *o, strbuf_t *out)
{
    lang_t L = o->lang;
    if (o->over) {
        strbuf_add(out, T(L, "The game is over", "Partiet är slut"));
    } else if (o->have_roll) {
        strbuf_add(out, words_colour(L, b->turn, true));
        char rt[8];
        words_roll(o->roll, rt, sizeof rt);
        strbuf_addf(out, T(L, " to play %s", " ska spela %s"), rt);
    } else {
        strbuf_add(out, words_colour(L, b->turn, true));
        strbuf_add(out, T(L, " to roll", " ska slå"));
    }
    char name[256];
    rules_format(r, name, sizeof name);
    int wi = b->turn == BOARD_WHITE ? 0 : 1;
    strbuf_addf(out,
                T(L, " \xc2\xb7 %s \xc2\xb7 pips: white %d, black %d",
                  " \xc2\xb7 %s \xc2\xb7 ögon kvar: vit %d, svart %d"),
                name, board_pips(b, wi), board_pips(b, 1 - wi));
    if (o->play && o->play->nsteps) {
        char note[128];
        notation_play(o->play, b->geom, note, sizeof note);
        strbuf_addf(out, T(L, " \xc2\xb7 the play: %s", " \xc2\xb7 draget: %s"), note);
    }
}

/* The start of an SVG document (see diagram.h). */
void diagram_svg_open(int w, int h, const char *title, strbuf_t *out)
{
    strbuf_addf(out,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
                "viewBox=\"0 0 %d %d\" font-family=\"%s\">\n<title>",
                w, h, w, h, DIAGRAM_FONT);
    diagram_escape(title, out);
    strbuf_addf(out, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", w, h);
}

/* A course item's picture options (see diagram.h). */
void diagram_opts_for(const position_t *pos, const diagram_spec_t *d, bool asks_play, bool answer, lang_t lang,
                      diagram_opts_t *o)
{
    *o = (diagram_opts_t){.lang = lang, .have_roll = pos->have_roll, .roll = pos->roll};
    if (!d->present)
        return;
    o->fixed = d->fixed;
    if (!text_empty(&d->caption))
        o->caption = text_pick(&d->caption, lang);
    if (d->arrows_text && (answer || !asks_play))
        o->play = &d->arrows;
}

/* The picture (see diagram.h). */
void diagram_svg(const board_t *b, const rules_t *r, const diagram_opts_t *o, strbuf_t *out)
{
    board_t v = *b;
    if (o->fixed && !o->interactive && v.turn != BOARD_WHITE)
        board_swap(&v);
    bool mover_is_viewer = v.turn == b->turn;
    strbuf_t cap;
    strbuf_init(&cap);
    if (o->caption)
        strbuf_add(&cap, o->caption);
    else
        default_caption(b, r, o, &cap);
    if (o->interactive) {
        /* inline in a page: no XML declaration, the hooks a page drives */
        char id[POSID_SIZE];
        posid_write(b->geom, b, id);
        strbuf_addf(out,
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" font-family=\"%s\" "
                    "data-board=\"\" data-position-id=\"%s\" data-rules=\"",
                    DIAGRAM_WIDTH, DIAGRAM_HEIGHT, DIAGRAM_FONT, id);
        char name[256];
        rules_format(r, name, sizeof name);
        diagram_escape(name, out);
        strbuf_add(out, "\" role=\"img\" aria-label=\"");
        diagram_escape(strbuf_str(&cap), out);
        strbuf_addf(out, "\">\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", DIAGRAM_WIDTH,
                    DIAGRAM_HEIGHT);
    } else {
        diagram_svg_open(DIAGRAM_WIDTH, DIAGRAM_HEIGHT, strbuf_str(&cap), out);
    }
    strbuf_add(out, "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"6\" "
                    "refY=\"5\" markerWidth=\"4\" "
                    "markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 "
                    "L0,10 z\" fill=\"#1f6fb2\"/>"
                    "</marker></defs>\n");
    frame(&v, o->lang, out);
    if (o->interactive)
        checkers_marked(&v, out);
    else
        checkers(&v, out);
    if (o->have_roll)
        dice(o->roll, o->interactive, out);
    if (o->play)
        arrows(&v, mover_is_viewer, o->play, out);
    if (!o->caption_off)
        diagram_text(BX, DIAGRAM_HEIGHT - 12, 14, false, "#1a1a1a", "start", strbuf_str(&cap), out);
    strbuf_free(&cap);
    strbuf_add(out, "</svg>\n");
}
