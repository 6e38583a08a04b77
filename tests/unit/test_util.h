/* test_util.h - small helpers shared by the unit tests. */
#ifndef BRADE_TEST_UTIL_H
#define BRADE_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/rules.h"

/* Builds a bräde/backgammon board from colour specs, failing the test on error. */
static inline board_t tb(const char *rules, const char *white, const char *black, int turn)
{
    board_t b;
    const rules_t *r = rules_preset(rules);
    assert_non_null(r);
    assert_int_equal(board_from_specs(&b, r->geometry, white, black, turn, NULL), BOARD_OK);
    return b;
}

static inline rules_t tr(const char *spec)
{
    rules_t r;
    rules_error_t e;
    assert_true(rules_parse(spec, &r, &e));
    return r;
}

/* Side spec of colour c after a play. */
static inline const char *spec_of(const board_t *b, int colour, char *buf, size_t size)
{
    board_format_side(b, b->turn == colour ? 0 : 1, buf, size);
    return buf;
}

/* True if some play leaves white/black as given. */
static inline int has_result(const movegen_buf_t *buf, int n, const char *white, const char *black)
{
    char w[128], k[128];
    for (int i = 0; i < n; i++) {
        const play_t *p = movegen_play(buf, i);
        if (strcmp(spec_of(&p->after, BOARD_WHITE, w, sizeof w), white) == 0 &&
            strcmp(spec_of(&p->after, BOARD_BLACK, k, sizeof k), black) == 0)
            return i + 1;
    }
    return 0;
}

#endif
