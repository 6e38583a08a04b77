/* test_genbuf.h - the shared cmocka fixture for tests that generate plays:
 * one buffer per test program (include after test_util.h). */
#ifndef BRADE_TEST_GENBUF_H
#define BRADE_TEST_GENBUF_H

#include "test_util.h"

/* One generation buffer per test program, made and freed around the group
 * (cmocka_run_group_tests(tests, buf_setup, buf_teardown)). */
static movegen_buf_t *buf;

static inline int buf_setup(void **state)
{
    (void)state;
    buf = movegen_buf_new();
    return buf ? 0 : -1;
}

static inline int buf_teardown(void **state)
{
    (void)state;
    movegen_buf_free(buf);
    return 0;
}

#endif
