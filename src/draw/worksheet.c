/*
 * worksheet.c - a printable page of puzzles (see worksheet.h).
 */
#include "draw/worksheet.h"

#include <stdio.h>
#include <string.h>

#include "draw/diagram.h"
#include "tutor/words.h"

/* Writes s as HTML text: escaped, line breaks kept. */
static void html_text(const char *s, strbuf_t *out)
{
    for (; *s; s++) {
        if (*s == '\n')
            strbuf_add(out, s[1] ? "<br>\n" : "\n");
        else {
            char c[2] = {*s, 0};
            diagram_escape(c, out);
        }
    }
}

/* The picture of pos as an inline <svg> element (no XML declaration). */
static void inline_svg(const position_t *pos, const diagram_opts_t *o, strbuf_t *out)
{
    strbuf_t svg;
    strbuf_init(&svg);
    diagram_svg(&pos->board, &pos->rules, o, &svg);
    const char *s = strbuf_str(&svg);
    const char *tag = strstr(s, "<svg");
    strbuf_add(out, tag ? tag : s);
    strbuf_free(&svg);
}

static const char *const WS_STYLE = "<style>\n"
                                    "body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: "
                                    "1.5em; color: #1a1a1a; }\n"
                                    "h1 { font-size: 1.5em; margin-bottom: 0.2em; }\n"
                                    ".sub { color: #555; margin-top: 0; }\n"
                                    ".grid { display: flex; flex-wrap: wrap; gap: 1.5em 2em; }\n"
                                    ".puzzle { width: 46%; break-inside: avoid; page-break-inside: avoid; }\n"
                                    ".puzzle svg { width: 100%; height: auto; }\n"
                                    ".puzzle h2 { font-size: 1.05em; margin: 0 0 0.3em 0; }\n"
                                    ".answers { break-before: page; page-break-before: always; }\n"
                                    ".answers li { margin-bottom: 0.8em; break-inside: avoid; }\n"
                                    ".answer-diagram svg { width: 45%; height: auto; }\n"
                                    "@media print { body { margin: 0; } }\n"
                                    "</style>\n";

/* The page (see worksheet.h). */
int worksheet_html(const course_t *c, tutor_t *t, const worksheet_opts_t *o, strbuf_t *out)
{
    strbuf_t answers;
    strbuf_init(&answers);
    lang_t L = o->lang;
    const char *title = o->title ? o->title : T(L, "Bräde puzzles", "Brädproblem");
    strbuf_addf(out,
                "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta "
                "charset=\"utf-8\">\n<title>",
                L == LANG_SV ? "sv" : "en");
    diagram_escape(title, out);
    strbuf_addf(out, "</title>\n%s</head>\n<body>\n<h1>", WS_STYLE);
    diagram_escape(title, out);
    strbuf_add(out, "</h1>\n<p class=\"sub\">");
    html_text(T(L,
                "Each diagram is drawn from the side to play; the small grey "
                "numbers are the other side's. "
                "Answers are on the last page.",
                "Varje diagram är ritat från den sida som ska spela; de små grå "
                "talen är motståndarens. "
                "Svaren står på sista sidan."),
              out);
    strbuf_add(out, "</p>\n<div class=\"grid\">\n");
    strbuf_addf(&answers, "<div class=\"answers\">\n<h1>%s</h1>\n<ol>\n", T(L, "Answers", "Svar"));
    int shown = 0;
    for (int i = 0; i < c->npuzzles && shown < o->count; i++) {
        const puzzle_t *p = &c->puzzles[i];
        if (!o->wanted(p, o->ud))
            continue;
        tutor_open_puzzle(t, i);
        shown++;
        char name[256];
        rules_format(&p->pos.rules, name, sizeof name);
        strbuf_addf(out, "<div class=\"puzzle\">\n<h2>%d. ", shown);
        diagram_escape(text_pick(&p->title, L), out);
        strbuf_addf(out, " <small>(%s, %s %d/5)</small></h2>\n", name, T(L, "difficulty", "svårighet"),
                    p->difficulty);
        diagram_opts_t d;
        diagram_opts_for(&p->pos, &p->diagram, p->q.kind == QK_PLAY, false, L, &d);
        inline_svg(&p->pos, &d, out);
        strbuf_t q;
        strbuf_init(&q);
        tutor_prompt_paper(t, &q);
        strbuf_add(out, "<p>");
        html_text(strbuf_str(&q), out);
        strbuf_add(out, "</p>\n</div>\n");
        strbuf_clear(&q);
        tutor_answer_key(t, &q);
        strbuf_addf(&answers, "<li><b>");
        diagram_escape(text_pick(&p->title, L), &answers);
        strbuf_add(&answers, "</b> <small>(");
        diagram_escape(p->id, &answers);
        strbuf_add(&answers, ")</small><br>\n");
        html_text(strbuf_str(&q), &answers);
        if (p->diagram.arrows_text && p->q.kind == QK_PLAY) { /* the author's picture of the answer */
            diagram_opts_for(&p->pos, &p->diagram, true, true, L, &d);
            strbuf_add(&answers, "<div class=\"answer-diagram\">\n");
            inline_svg(&p->pos, &d, &answers);
            strbuf_add(&answers, "</div>\n");
        }
        strbuf_add(&answers, "</li>\n");
        strbuf_free(&q);
    }
    strbuf_add(out, "</div>\n");
    strbuf_add(&answers, "</ol>\n</div>\n");
    strbuf_add(out, strbuf_str(&answers));
    strbuf_add(out, "</body>\n</html>\n");
    strbuf_free(&answers);
    return shown;
}
