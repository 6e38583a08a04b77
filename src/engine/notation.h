/*
 * notation.h - plays as text: writing them (docs/engine.md) and reading what
 * a learner types.
 *
 * Written form: one token per step, in the order played, in the mover's
 * numbering: `a/b`, `bar/d`, `p/off`, with `*` after a step that hits and
 * `#` after a step that blasts.  Backgammon uses backgammon numbering.
 *
 * Read form (what learners type): tokens separated by blanks or commas, each
 * a chain of points `20/23/off`, `bar/3*`, `13/7(2)`; `bar` and `off` in any
 * case; marks `*` and `#` are optional and only checked for consistency;
 * `-`, `pass` or nothing at all is the empty play.  A move between two
 * points that no single die covers (`1/9` with 5-3) is a move of one
 * checker with intermediate landings, resolved by the verdict.
 *
 * Ownership: text goes into caller buffers; parsed moves into a caller
 * struct.  No allocation.
 */
#ifndef BRADE_NOTATION_H
#define BRADE_NOTATION_H

#include <stddef.h>

#include "engine/board.h"
#include "engine/movegen.h"

/* Writes the notation of steps[0..n) into buf (NUL-terminated). */
size_t notation_format(const step_t *steps, int n, geometry_t geom, char *buf, size_t size);
static inline size_t notation_play(const play_t *p, geometry_t geom, char *buf, size_t size)
{
    return notation_format(p->steps, p->nsteps, geom, buf, size);
}

enum { NOTATION_MAX_MOVES = 8 };

/* A move as typed: from one point to another (internal numbering: 0 = bar,
 * 25 = off), with the marks the learner wrote. */
typedef struct typed_move {
    int from, to;
    int hit_mark;   /* '*' written after it */
    int blast_mark; /* '#' written after it */
    int offset, length; /* where in the text it was written */
} typed_move_t;

typedef enum {
    PARSE_OK = 0,
    PARSE_ERR_TOKEN,     /* not a move at all */
    PARSE_ERR_POINT,     /* a point outside 1..24 */
    PARSE_ERR_DIRECTION, /* bar as a destination, off as a start, or the same point twice */
    PARSE_ERR_TOO_MANY,  /* more moves than any roll allows */
    PARSE_ERR_REPEAT     /* a bad (N) repeat count */
} parse_err_t;

typedef struct typed_play {
    typed_move_t moves[NOTATION_MAX_MOVES];
    int n;
    parse_err_t err;
    int err_offset, err_length;
} typed_play_t;

/* Parses a learner's play.  Returns PARSE_OK or the error (with its offset
 * and length in the text filled in). */
parse_err_t notation_parse(const char *text, geometry_t geom, typed_play_t *out);

/* The accepted forms, for error messages. */
const char *notation_forms(void);

#endif
