/*
 * fixture_net.h - a weights file of tests/data/nets, read for the tests
 * that show a search or data mechanism on a position found with that net.
 *
 * Such a test pins its net so that shipping a new one (which values the
 * same position differently) does not take away what the test shows.
 * The caller owns the net and frees it with evalnet_free.
 */
#ifndef BRADE_FIXTURE_NET_H
#define BRADE_FIXTURE_NET_H

#include <stdio.h>
#include <stdlib.h>

#include "analysis/evalnet.h"

#ifndef BRADE_TEST_DATA
#error "BRADE_TEST_DATA (the tests/data directory) is set by tests/analysis/meson.build"
#endif

/* Reads tests/data/nets/NAME, failing the test when it is missing or
 * damaged. */
static inline evalnet_t *fixture_net(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/nets/%s", BRADE_TEST_DATA, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    assert_true(len > 0);
    char *text = malloc((size_t)len);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    evalnet_error_t err;
    evalnet_t *n = evalnet_parse(text, (size_t)len, &err);
    free(text);
    if (!n)
        fail_msg("%s:%d: %s", path, err.line, err.msg);
    return n;
}

#endif
