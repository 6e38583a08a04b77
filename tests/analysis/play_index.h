/*
 * play_index.h - finding a ranked play by how it is written, for the
 * tests that name the play they assert about ("bar/4 19/24*").
 *
 * Nothing is owned: the ranked plays are the caller's.
 */
#ifndef BRADE_PLAY_INDEX_H
#define BRADE_PLAY_INDEX_H

#include <string.h>

#include "../unit/test_util.h"

#include "analysis/search.h"
#include "engine/notation.h"

/* The index of the play written TEXT among X[0..N) (in geometry GEOM), or
 * -1 where none is; no play is written the same way as another
 * (asserted). */
static inline int play_index(const search_play_t *x, int n, geometry_t geom, const char *text)
{
    char note[64];
    int at = -1;
    for (int i = 0; i < n; i++) {
        notation_play(&x[i].play, geom, note, sizeof note);
        if (strcmp(note, text) == 0) {
            assert_int_equal(at, -1);
            at = i;
        }
    }
    return at;
}

#endif
