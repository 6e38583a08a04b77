/*
 * gamefile.h - where a game's record goes when no file is named: the next
 * free games/DATE-N.txt in the state directory (made when missing).  The
 * terminal's games (cli/play_view.c) and the page's (web/web_api.c) use
 * the same place, so `review` finds the newest either way.
 *
 * Ownership: writes into the caller's buffers.
 */
#ifndef BRADE_FRONT_GAMEFILE_H
#define BRADE_FRONT_GAMEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The path for a new game record in path; false with why ("no state
 * directory: ...", "cannot create DIR: ...") when there is none. */
bool gamefile_new_path(char *path, size_t size, char *why, size_t why_size);

/* A new game's seed when none is given: from the clock, or, when
 * BRADE_TODAY fixes the day (as in the tests), from the day; `started` is
 * how many games this program has started before, so each differs. */
uint64_t gamefile_seed(int started);

#endif
