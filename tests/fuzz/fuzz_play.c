/*
 * fuzz_play.c - a learner's play typed against a position: the notation
 * parser and the verdict, under the preset the input picks.  Promises:
 * error places lie inside the text; and every legal play of the position,
 * written out and judged again, is judged legal and as itself (the same
 * position after it), never as another play.
 */
#include "fuzz_common.h"

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/rules.h"
#include "engine/verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 4096)
        return 0;
    roll_t roll;
    const rules_t *r = fuzz_rules_roll(data, &roll);
    char *s = fuzz_string(data + 2, size - 2);
    /* "white|black|play", or just a play against the starting position */
    char *parts[3] = {NULL, NULL, s};
    char *bar1 = strchr(s, '|'), *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
    if (bar1 && bar2) {
        *bar1 = *bar2 = '\0';
        parts[0] = s;
        parts[1] = bar1 + 1;
        parts[2] = bar2 + 1;
    }
    board_t b;
    board_error_t e;
    if (parts[0]) {
        if (board_from_specs(&b, r->geometry, parts[0], parts[1], 0, &e) != BOARD_OK ||
            movegen_check_position(&b, r, &e) != BOARD_OK) {
            free(s);
            return 0;
        }
    } else {
        board_start(&b, r->geometry, BOARD_WHITE);
    }
    typed_play_t tp;
    if (notation_parse(parts[2], r->geometry, &tp) != PARSE_OK && tp.err_offset >= 0)
        FUZZ_CHECK((size_t)tp.err_offset <= strlen(parts[2]));
    movegen_buf_t *buf = movegen_buf_new();
    if (!buf)
        abort();
    int n = movegen_plays(&b, r, roll, buf);
    verdict_t v;
    verdict_judge(&b, r, roll, parts[2], buf, n, &v);
    if (v.kind == VERDICT_LEGAL)
        FUZZ_CHECK(v.play >= 0 && v.play < n);
    for (int i = 0; i < n && i < 24; i++) {
        char text[256];
        notation_play(movegen_play(buf, i), r->geometry, text, sizeof text);
        verdict_judge(&b, r, roll, text, buf, n, &v);
        FUZZ_CHECK(v.kind == VERDICT_LEGAL);
        FUZZ_CHECK(board_equal(&movegen_play(buf, v.play)->after, &movegen_play(buf, i)->after));
    }
    movegen_buf_free(buf);
    free(s);
    return 0;
}
