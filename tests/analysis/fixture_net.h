/*
 * fixture_net.h - a weights file of tests/data/nets, read for the tests
 * that show a search or data mechanism on a position found with that net.
 *
 * Such a test pins its net so that shipping a new one (which values the
 * same position differently) does not take away what the test shows.
 * The file is read by the program's own reader (front/netfile.c, linked
 * into the analysis tests by tests/analysis/meson.build).  The caller owns
 * the net and frees it with evalnet_free.
 */
#ifndef BRADE_FIXTURE_NET_H
#define BRADE_FIXTURE_NET_H

#include <stdio.h>

#include "front/netfile.h"

#ifndef BRADE_TEST_DATA
#error "BRADE_TEST_DATA (the tests/data directory) is set by tests/analysis/meson.build"
#endif

/* Reads tests/data/nets/NAME, failing the test when it is missing or
 * damaged (netfile_load has printed why). */
static inline evalnet_t *fixture_net(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/nets/%s", BRADE_TEST_DATA, name);
    evalnet_t *n = netfile_load(path);
    if (!n)
        fail_msg("cannot load %s", path);
    return n;
}

#endif
