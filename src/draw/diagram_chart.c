/*
 * diagram_chart.c - charts as SVG (see diagram.h): the plays of an
 * analysis as bars, and ratings over time as lines.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw/diagram.h"
#include "front/paths.h"

/* A chart of plays (see diagram.h). */
void diagram_chart_svg(const char *title, const char *note, const diagram_bar_t *bars, int n, strbuf_t *out)
{
    static const char *const FILL[] = {"#2e7d32", "#c9a227", "#e07b00", "#c62828"};
    const int W = DIAGRAM_WIDTH, LABEL = 230, ROW = 30, TOPM = 56;
    int lines = 0; /* the note's lines: one below the other */
    for (const char *s = note; s && *s; lines++) {
        size_t len = strcspn(s, "\n");
        s += len + (s[len] == '\n');
    }
    int h = TOPM + n * ROW + 60 + 16 * (lines > 1 ? lines - 1 : 0);
    double lo = 0, hi = 0;
    for (int i = 0; i < n; i++) {
        double a = bars[i].value - bars[i].ci, b = bars[i].value + bars[i].ci;
        lo = a < lo ? a : lo;
        hi = b > hi ? b : hi;
    }
    if (hi - lo < 0.1)
        hi = lo + 0.1;
    double pad = 0.08 * (hi - lo);
    lo -= pad;
    hi += pad;
    double x0 = LABEL + 10, x1 = W - 70;
#define XOF(v) (x0 + ((v)-lo) / (hi - lo) * (x1 - x0))
    diagram_svg_open(W, h, title, out);
    diagram_text(DIAGRAM_MARGIN, 30, 16, true, "#1a1a1a", "start", title, out);
    double zx = XOF(0.0);
    strbuf_addf(out,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555555\" stroke-width=\"1\"/>\n",
                zx, TOPM - 8, zx, TOPM + n * ROW + 4);
    for (int i = 0; i < n; i++) {
        const diagram_bar_t *b = &bars[i];
        double y = TOPM + i * ROW, bx = XOF(b->value);
        int g = b->grade < 0 ? 0 : b->grade > 3 ? 3 : b->grade;
        char label[160];
        snprintf(label, sizeof label, "%d. %s%s", i + 1, b->label, b->mine ? " \xe2\x86\x90" : "");
        diagram_text(LABEL, y + 19, 14, b->mine, "#1a1a1a", "end", label, out);
        strbuf_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
                    bx < zx ? bx : zx, y + 5, bx < zx ? zx - bx : bx - zx, ROW - 10, FILL[g]);
        if (b->ci > 0)
            strbuf_addf(out,
                        "<path d=\"M%.1f,%.1f H%.1f M%.1f,%.1f V%.1f M%.1f,%.1f V%.1f\" stroke=\"#1a1a1a\" "
                        "stroke-width=\"1.5\" fill=\"none\"/>\n",
                        XOF(b->value - b->ci), y + ROW / 2.0, XOF(b->value + b->ci), XOF(b->value - b->ci),
                        y + 9, y + ROW - 9, XOF(b->value + b->ci), y + 9, y + ROW - 9);
        char fig[32];
        snprintf(fig, sizeof fig, "%+.3f", fabs(b->value) < 0.0005 ? 0.0 : b->value);
        diagram_text(x1 + 8, y + 19, 13, false, "#1a1a1a", "start", fig, out);
    }
    char scale[64];
    snprintf(scale, sizeof scale, "%+.2f", lo);
    diagram_text(x0, TOPM + n * ROW + 22, 11, false, "#777777", "middle", scale, out);
    snprintf(scale, sizeof scale, "%+.2f", hi);
    diagram_text(x1, TOPM + n * ROW + 22, 11, false, "#777777", "middle", scale, out);
    diagram_text(zx, TOPM + n * ROW + 22, 11, false, "#777777", "middle", "0", out);
    const char *s = note;
    for (int j = 0; j < lines; j++) {
        size_t len = strcspn(s, "\n");
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)len, s);
        diagram_text(DIAGRAM_MARGIN, h - 12 - 16 * (lines - 1 - j), 12, false, "#444444", "start", line, out);
        s += len + (s[len] == '\n');
    }
    strbuf_add(out, "</svg>\n");
#undef XOF
}

/* Colours of the lines: the first (the overall rating) dark, then distinct
 * hues that stay apart in print. */
static const char *const LINE[DIAGRAM_MAX_SERIES] = {"#1a1a1a", "#1f6fb2", "#c62828", "#2e7d32",
                                                     "#e07b00", "#7b1fa2", "#00838f", "#8d6e63"};

/* A chart of ratings over time (see diagram.h): whole hundreds, at least
 * 300 high. */
void diagram_lines_svg(const char *title, const char *note, const diagram_series_t *series, int n,
                       const double *marks, int nmarks, strbuf_t *out)
{
    const diagram_axis_t rating = {100.0, 300.0, false, 1500.0};
    diagram_lines_svg_axis(title, note, series, n, marks, nmarks, &rating, out);
}

/* A chart of values over time on an axis of the caller's (see diagram.h). */
void diagram_lines_svg_axis(const char *title, const char *note, const diagram_series_t *series, int n,
                            const double *marks, int nmarks, const diagram_axis_t *axis, strbuf_t *out)
{
    const int W = DIAGRAM_WIDTH, H = 460, X0 = 70, X1 = W - 190, Y0 = 56, Y1 = H - 76;
    if (n > DIAGRAM_MAX_SERIES)
        n = DIAGRAM_MAX_SERIES;
    long d0 = 0, d1 = 0;
    double lo = 0, hi = 0;
    bool any = false;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < series[i].n; k++) {
            const progress_point_t *p = &series[i].points[k];
            if (!any || p->day < d0)
                d0 = p->day;
            if (!any || p->day > d1)
                d1 = p->day;
            if (!any || p->rating < lo)
                lo = p->rating;
            if (!any || p->rating > hi)
                hi = p->rating;
            any = true;
        }
    if (!any)
        lo = hi = axis->empty;
    /* whole grid steps, at least min_span high, with room above and below
     * (never below zero on an axis that starts there) */
    const double g = axis->grid;
    lo = floor((lo - g / 2) / g) * g;
    hi = ceil((hi + g / 2) / g) * g;
    while (hi - lo < axis->min_span) {
        lo -= g / 2;
        hi += g / 2;
    }
    if (axis->from_zero && lo < 0) {
        hi -= lo;
        lo = 0;
    }
    if (d1 == d0) { /* one day: it stands in the middle */
        d0--;
        d1++;
    }
#define XOF(d) (X0 + (double)((d)-d0) / (double)(d1 - d0) * (X1 - X0))
#define YOF(v) (Y1 - ((v)-lo) / (hi - lo) * (Y1 - Y0))
    diagram_svg_open(W, H, title, out);
    strbuf_addf(out,
                "<defs><clipPath id=\"plot\"><rect x=\"%d\" y=\"%d\" width=\"%d\" "
                "height=\"%d\"/></clipPath></defs>\n",
                X0, Y0, X1 - X0, Y1 - Y0);
    diagram_text(DIAGRAM_MARGIN, 30, 16, true, "#1a1a1a", "start", title, out);
    /* the grid: a line every step (every two when tall), labelled on the left */
    double step = hi - lo > 10 * g ? 2 * g : g;
    char label[64];
    for (double v = ceil(lo / step) * step; v <= hi + 0.5; v += step) {
        strbuf_addf(
            out,
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e3e3e3\" stroke-width=\"1\"/>\n", X0,
            YOF(v), X1, YOF(v));
        snprintf(label, sizeof label, "%.0f", v);
        diagram_text(X0 - 8, YOF(v) + 4, 11, false, "#777777", "end", label, out);
    }
    /* the caller's marks (the puzzles' levels) as dotted lines */
    for (int i = 0; i < nmarks; i++)
        if (marks[i] > lo && marks[i] < hi)
            strbuf_addf(
                out,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#b0b0b0\" stroke-width=\"1\" "
                "stroke-dasharray=\"2,4\"/>\n",
                X0, YOF(marks[i]), X1, YOF(marks[i]));
    /* days along the bottom: the first, the last and evenly between, at
     * most six */
    long span = d1 - d0, ticks = span < 5 ? span : 5;
    for (long j = 0; j <= ticks; j++) {
        long at = d0 + (j * span + ticks / 2) / ticks;
        paths_format_day(at, label, sizeof label);
        strbuf_addf(
            out,
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#777777\" stroke-width=\"1\"/>\n",
            XOF(at), Y1, XOF(at), Y1 + 5);
        diagram_text(XOF(at), Y1 + 19, 11, false, "#555555", "middle", label, out);
    }
    strbuf_addf(out, "<path d=\"M%d,%d V%d H%d\" stroke=\"#555555\" stroke-width=\"1\" fill=\"none\"/>\n", X0,
                Y0, Y1, X1);
    /* the first line's band: its rating ± twice the deviation */
    if (n > 0 && series[0].band && series[0].n > 0) {
        const diagram_series_t *s = &series[0];
        strbuf_add(out, "<path clip-path=\"url(#plot)\" fill=\"#1a1a1a\" fill-opacity=\"0.08\" d=\"");
        for (int k = 0; k < s->n; k++)
            strbuf_addf(out, "%s%.1f,%.1f ", k ? "L" : "M", XOF(s->points[k].day),
                        YOF(s->points[k].rating + 2.0 * s->points[k].deviation));
        for (int k = s->n - 1; k >= 0; k--)
            strbuf_addf(out, "L%.1f,%.1f ", XOF(s->points[k].day),
                        YOF(s->points[k].rating - 2.0 * s->points[k].deviation));
        strbuf_add(out, "z\"/>\n");
    }
    /* the lines, the last drawn first so the overall one lies on top */
    for (int i = n - 1; i >= 0; i--) {
        const diagram_series_t *s = &series[i];
        double width = i == 0 ? 3.0 : 1.8;
        if (s->n > 1) {
            strbuf_addf(out, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" d=\"", LINE[i], width);
            for (int k = 0; k < s->n; k++)
                strbuf_addf(out, "%s%.1f,%.1f ", k ? "L" : "M", XOF(s->points[k].day),
                            YOF(s->points[k].rating));
            strbuf_add(out, "\"/>\n");
        }
        for (int k = 0; k < s->n; k++)
            strbuf_addf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n",
                        XOF(s->points[k].day), YOF(s->points[k].rating), i == 0 ? 4.0 : 3.0, LINE[i]);
    }
    /* the legend: each line's colour, name and latest rating */
    for (int i = 0; i < n; i++) {
        const diagram_series_t *s = &series[i];
        double y = Y0 + 8 + i * 24;
        strbuf_addf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"18\" height=\"%d\" fill=\"%s\"/>\n", X1 + 20, y,
                    i == 0 ? 5 : 3, LINE[i]);
        snprintf(label, sizeof label, "%s %.0f", s->label, s->n ? s->points[s->n - 1].rating : 0.0);
        diagram_text(X1 + 44, y + 5, 13, i == 0, "#1a1a1a", "start", label, out);
    }
    if (note)
        diagram_text(DIAGRAM_MARGIN, H - 20, 12, false, "#444444", "start", note, out);
    strbuf_add(out, "</svg>\n");
#undef XOF
#undef YOF
}
