/*
 * diagram_spec.c - an item's `diagram:`: how its position is drawn on
 * paper (course.h, docs/authoring.md).
 *
 *     diagram:
 *       view: white                  # or mover, the default
 *       caption: {en: ..., sv: ...}  # replaces the default caption
 *       arrows: 19/24 23/off         # a play of the roll, drawn as arrows
 *
 * The arrows must be a legal play of the position's roll; when the item
 * asks for a play they must be an answer it accepts (the picture of the
 * answer is never a wrong one), when it asks what a play leads to they
 * must be that play, and a question whether a play is legal has none (a
 * drawn play is a legal one: the answer).
 */
#include <string.h>

#include "content/read.h"
#include "engine/notation.h"

static const yamlload_key_t KEYS[] = {{"view", 0, 0}, {"caption", 0, 0}, {"arrows", 0, 0}};
enum { DK_VIEW, DK_CAPTION, DK_ARROWS, DK_COUNT };

/* True when play k (of n in R->buf) answers play question q. */
static bool accepted(reader_t *R, const position_t *pos, const question_t *q, int n, int k)
{
    bool *ok = arena_array(&R->course->arena, (size_t)n, sizeof *ok);
    question_accepted(q, pos, R->buf, n, ok);
    return ok[k];
}

/* Reads an item's `diagram:` (see above and read.h). */
bool read_diagram(reader_t *R, yaml_node_t *n, const position_t *pos, const question_t *q,
                  diagram_spec_t *out)
{
    memset(out, 0, sizeof *out);
    yamlload_found_t f[DK_COUNT];
    if (!yamlload_map(&R->y, n, "a diagram", KEYS, DK_COUNT, true, f))
        return false;
    out->loc = yamlload_loc(&R->y, n);
    if (!pos->present) {
        yamlload_error(&R->y, n, "a diagram draws the item's position, and there is none: add 'position'");
        return false;
    }
    bool ok = true;
    if (f[DK_VIEW].value) {
        static const char *const VIEWS[] = {"mover", "white"};
        int v = yamlload_enum(&R->y, f[DK_VIEW].value, "view", VIEWS, 2);
        ok &= v >= 0;
        out->fixed = v == 1;
    }
    if (f[DK_CAPTION].value)
        ok &= yamlload_text(&R->y, f[DK_CAPTION].value, "caption", &out->caption);
    if (f[DK_ARROWS].value) {
        yaml_node_t *an = f[DK_ARROWS].value;
        const char *text;
        if (!yamlload_string(&R->y, an, "arrows", false, &text))
            return false;
        if (q && q->kind == QK_LEGAL) {
            yamlload_error(&R->y, an,
                           "a 'legal' question's diagram draws no arrows: arrows are always a legal play, so "
                           "they would give the answer away");
            return false;
        }
        if (!pos->have_roll) {
            yamlload_error(&R->y, an,
                           "arrows draw a play of the roll, and the position has none: add 'roll: A-B'");
            return false;
        }
        int np = movegen_plays(&pos->board, &pos->rules, pos->roll, R->buf);
        if (np < 0) {
            yamlload_error(&R->y, an, "the engine's play buffer overflowed on this position");
            return false;
        }
        verdict_t v;
        int k = read_legal_play(R, pos, np, an, text, &v);
        if (k < 0)
            return false;
        if (q && q->kind == QK_PLAY && !accepted(R, pos, q, np, k)) {
            yamlload_error(&R->y, an,
                           "'%s' is not an answer the question accepts; the arrows show the answer, so "
                           "draw one it accepts",
                           text);
            return false;
        }
        if (q && q->kind == QK_OUTCOME && !board_equal(&q->after, &movegen_play(R->buf, k)->after)) {
            yamlload_error(&R->y, an, "the arrows must draw the play the question asks about, '%s'",
                           q->play_text);
            return false;
        }
        out->arrows_text = text;
        out->arrows = *movegen_play(R->buf, k);
    }
    out->present = ok;
    return ok;
}
