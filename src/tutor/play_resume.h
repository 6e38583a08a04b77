/*
 * play_resume.h - a game taken up again from its record: a game cut short
 * (the program killed, the terminal closed, `play end`) goes on where its
 * record stops.
 *
 * The record's own options (ruleset, seed, seats, dice, match, starting
 * position) make a new game, and its events are played into it: a
 * person's rolls and plays as recorded, the engine's turns by the engine
 * itself, which plays them again the same way (its choices depend only on
 * the seed and the position).  The events the replay writes must be the
 * record's, event for event; where they are not, the game is not taken
 * up, and the message names the first line that differs.
 *
 * Ownership: the caller owns the record and gets a new game
 * (play_free()), whose record text is the replay's: the file's events
 * (comments left out) and any the engine has added since.
 */
#ifndef BRADE_TUTOR_PLAY_RESUME_H
#define BRADE_TUTOR_PLAY_RESUME_H

#include <stddef.h>

#include "tutor/play.h"
#include "tutor/playrec.h"

/* Takes up the game of `rec` with the
 * words and tutor settings of `base` (lang, tutor, warn_at, thresholds).
 * NULL with *line (0: the whole file) and msg set when it cannot: the
 * record does not replay the same way, or out of memory.  The game waits
 * where the record stopped (the engine's reply not yet made: the caller
 * runs it as after any play). */
play_game_t *play_resume(const playrec_t *rec, const play_opts_t *base, int *line, char *msg, size_t msg_size);

#endif
