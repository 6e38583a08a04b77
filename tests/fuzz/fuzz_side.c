/*
 * fuzz_side.c - side specs ("1:15", "bar:2 19:3 off:10"): the parser, a
 * whole position from two specs under each geometry, the position check,
 * the position ids, and move generation on what was read.  Promises: error
 * places lie inside the text; a side that reads has 15 checkers; ids read
 * back to the same board.
 */
#include "fuzz_common.h"

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/posid.h"
#include "engine/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 4096)
        return 0;
    roll_t roll;
    const rules_t *r = fuzz_rules_roll(data, &roll);
    char *s = fuzz_string(data + 2, size - 2);
    /* white's spec, a '|', black's spec */
    char *bar = strchr(s, '|');
    const char *white = s, *black = bar ? bar + 1 : "1:15";
    if (bar)
        *bar = '\0';
    uint8_t counts[BOARD_SLOTS];
    board_error_t e;
    if (board_parse_side(white, r->geometry, counts, &e) == BOARD_OK) {
        int total = 0;
        for (int i = 0; i < BOARD_SLOTS; i++)
            total += counts[i];
        FUZZ_CHECK(total == 15);
    } else {
        if (e.offset >= 0) {
            FUZZ_CHECK((size_t)e.offset <= strlen(white));
            FUZZ_CHECK(e.length >= 0 && (size_t)(e.offset + e.length) <= strlen(white) + 1);
        }
    }
    board_t b;
    if (board_from_specs(&b, r->geometry, white, black, 0, &e) == BOARD_OK &&
        movegen_check_position(&b, r, &e) == BOARD_OK) {
        char id[POSID_SIZE];
        board_t back;
        if (r->geometry == GEOM_BACKGAMMON) {
            posid_gnubg(&b, id);
            FUZZ_CHECK(posid_gnubg_read(id, &back));
        } else {
            posid_brade(&b, id);
            FUZZ_CHECK(posid_brade_read(id, &back));
        }
        movegen_buf_t *buf = movegen_buf_new();
        if (!buf)
            abort();
        movegen_plays(&b, r, roll, buf);
        movegen_buf_free(buf);
    }
    free(s);
    return 0;
}
