/*
 * worksheet.h - a printable page of puzzles as HTML: each puzzle's board
 * drawn from the side to play (diagram.h), its question as on paper, and
 * the answers (with the author's pictures of them) on the last page.
 * `brade worksheet` writes it; any front end may.
 *
 * Ownership: the page goes into the caller's strbuf; the tutor is the
 * caller's (its puzzles are opened one by one; nothing is recorded).
 */
#ifndef BRADE_DRAW_WORKSHEET_H
#define BRADE_DRAW_WORKSHEET_H

#include <stdbool.h>

#include "content/course.h"
#include "content/strbuf.h"
#include "tutor/tutor.h"

typedef struct worksheet_opts {
    lang_t lang;
    const char *title;   /* NULL: "Bräde puzzles" */
    const char *theme;   /* informative; the choice is `wanted`'s */
    int count;           /* at most this many puzzles */
    bool (*wanted)(const puzzle_t *p, const void *ud); /* the puzzles to take, in course order */
    const void *ud;
} worksheet_opts_t;

/* Writes the whole page; returns the number of puzzles on it (0: the
 * page is not worth writing). */
int worksheet_html(const course_t *c, tutor_t *t, const worksheet_opts_t *o, strbuf_t *out);

#endif
