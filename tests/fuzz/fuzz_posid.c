/*
 * fuzz_posid.c - position ids, gnubg's and brade's.  Promises: what reads
 * is a position with 15 checkers a side, and writing it gives an id that
 * reads back to the same board.
 */
#include "fuzz_common.h"

#include "engine/board.h"
#include "engine/posid.h"

/* Checkers of one side, off and bar included. */
static int total(const board_t *b, int side)
{
    int t = 0;
    for (int i = 0; i < BOARD_SLOTS; i++)
        t += b->side[side][i];
    return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256)
        return 0;
    char *s = fuzz_string(data, size);
    board_t b, back;
    char id[POSID_SIZE];
    if (posid_gnubg_read(s, &b)) {
        FUZZ_CHECK(total(&b, 0) == 15 && total(&b, 1) == 15);
        posid_gnubg(&b, id);
        FUZZ_CHECK(posid_gnubg_read(id, &back));
        FUZZ_CHECK(board_equal(&b, &back));
    }
    if (posid_brade_read(s, &b)) {
        FUZZ_CHECK(total(&b, 0) == 15 && total(&b, 1) == 15);
        posid_brade(&b, id);
        FUZZ_CHECK(posid_brade_read(id, &back));
        FUZZ_CHECK(board_equal(&b, &back));
    }
    free(s);
    return 0;
}
