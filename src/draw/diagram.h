/*
 * diagram.h - a position drawn as SVG, for print: the board with both
 * numberings, the bar, the checkers borne off, the roll as two dice, and
 * optionally a play drawn as arrows, with a caption naming who is to play
 * and the ruleset.
 *
 * The picture is the terminal board's layout (render.h) on paper: the
 * viewer's points 1..12 along the top from right to left, 13..24 along the
 * bottom from left to right, bearing off to the right of point 24, the
 * viewer's numbers next to the points and the other side's outside them.
 * The viewer is the side on roll, or white always with `fixed`.
 *
 * The output is plain SVG 1.1 with no scripts, external files or fonts
 * beyond a generic family, so any browser, rsvg-convert or Inkscape shows
 * it the same way; the same input gives the same bytes.
 *
 * Charts (diagram_chart.c) share the style: the plays of an analysis as
 * bars, ratings over time as lines.
 *
 * Ownership: everything is written into the caller's strbuf; nothing is
 * kept.
 */
#ifndef BRADE_CLI_DIAGRAM_H
#define BRADE_CLI_DIAGRAM_H

#include <stdbool.h>

#include "content/course.h"
#include "content/strbuf.h"
#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "tutor/explain.h"
#include "tutor/progress.h"

typedef struct diagram_opts {
    lang_t lang;
    bool fixed;          /* always from white's side, not the side on roll's */
    bool have_roll;      /* draw `roll` as dice */
    roll_t roll;
    const play_t *play;  /* a play of the side on roll drawn as arrows, or NULL */
    const char *caption; /* a line under the board, or NULL for the default
                          * ("White to play 6-3 · lyckans-talisman · pips ...") */
    bool caption_off;    /* no caption line at all (worksheets write their own) */
    bool over;           /* the game is over: the default caption says so, not who rolls */
    /* for a page a person clicks (the web board, docs/web.md): no XML
     * declaration; the <svg> carries data-board, data-position-id and
     * data-rules; each point is a <g data-point="N"> (N in the mover's
     * numbering; "bar", "off") holding a target the size of its half
     * column and its checkers, each a <g data-checker="white|black">; each
     * die a <g data-die="V">.  The view is the mover's (fixed is ignored). */
    bool interactive;
} diagram_opts_t;

/* The options that draw a course item's position as its author asks
 * (`diagram:`, content/course.h): its roll, view and caption, and its
 * arrows unless they would give away the answer: when the item asks for a
 * play (`asks_play`) only with `answer` (the answer is shown).  `pos` and
 * `d` must outlive *o. */
void diagram_opts_for(const position_t *pos, const diagram_spec_t *d, bool asks_play, bool answer, lang_t lang,
                      diagram_opts_t *o);

/* The picture's size in SVG user units (pixels at 100%). */
enum { DIAGRAM_WIDTH = 720, DIAGRAM_HEIGHT = 600 };

/* Writes a whole SVG document for b (side[0] on roll) under r. */
void diagram_svg(const board_t *b, const rules_t *r, const diagram_opts_t *o, strbuf_t *out);

/* One bar of a chart of plays: a label (the play), its equity, the
 * half-width of its 95% interval (0: none), its error class (0 fine .. 3
 * very bad) and whether it is the learner's own. */
typedef struct diagram_bar {
    const char *label;
    double value, ci;
    int grade;
    bool mine;
} diagram_bar_t;

/* A chart of plays as SVG: one horizontal bar a play, best first, its
 * length the equity from a zero line, coloured by error class, with the
 * interval as a whisker and the figure beside it; `title` heads it and
 * `note` (or NULL) stands under it. */
void diagram_chart_svg(const char *title, const char *note, const diagram_bar_t *bars, int n, strbuf_t *out);

/* A line of a chart of ratings over time: its points oldest first (owned
 * by the caller), and whether its ± twice-the-deviation band is drawn
 * (the first line's only). */
typedef struct diagram_series {
    const char *label;
    const progress_point_t *points;
    int n;
    bool band;
} diagram_series_t;

enum { DIAGRAM_MAX_SERIES = 8 };

/* A chart of ratings over time as SVG: days along the bottom, the rating
 * up the side, one line a series (the first thick, with its band; at most
 * DIAGRAM_MAX_SERIES), a legend with each line's latest figure, `marks`
 * as dotted levels (the puzzles' ratings), `title` above and `note` (or
 * NULL) below. */
void diagram_lines_svg(const char *title, const char *note, const diagram_series_t *series, int n,
                       const double *marks, int nmarks, strbuf_t *out);

/* The value axis of a chart over time: grid lines every `grid` (every two
 * when tall), at least `min_span` high, starting at zero or above when
 * `from_zero`, around `empty` when there is no point. */
typedef struct diagram_axis {
    double grid, min_span;
    bool from_zero;
    double empty;
} diagram_axis_t;

/* The same chart on the caller's axis (a point's `rating` is its value;
 * give no band): millipoints given away a decision, say. */
void diagram_lines_svg_axis(const char *title, const char *note, const diagram_series_t *series, int n,
                            const double *marks, int nmarks, const diagram_axis_t *axis, strbuf_t *out);

/* Writes `s` with &, <, > and " escaped for XML text and attributes. */
void diagram_escape(const char *s, strbuf_t *out);

/* Starts an SVG document w by h: the XML declaration, the <svg> element
 * in the pictures' font, `title` as its <title> and a white background;
 * the caller ends it with "</svg>\n". */
void diagram_svg_open(int w, int h, const char *title, strbuf_t *out);

/* For the pictures' own files: the font family every picture names, the
 * left margin of charts, and a line of text at (x, y) with its size,
 * weight, colour and anchor ("start", "middle", "end"). */
extern const char *const DIAGRAM_FONT;
enum { DIAGRAM_MARGIN = 24 };
void diagram_text(double x, double y, int size, bool bold, const char *fill, const char *anchor, const char *s,
                  strbuf_t *out);

#endif
