/*
 * posid.h - compact position ids.
 *
 * gnubg Position IDs (backgammon): the 14-character base64 key GNU
 * Backgammon prints and accepts (`set board`), read and written exactly as
 * gnubg does, with the player on roll as side[0].
 *
 * Bräde ids: the same 80-bit unary key over each side's own numbering
 * (points 1..24, then the bar; the side on roll first), prefixed by the
 * colour on roll: `W` or `B`.  15 characters, e.g. the start position with
 * White on roll is `W` followed by the key.  Borne-off checkers are implied.
 *
 * Ownership: text goes into caller buffers of at least POSID_SIZE bytes.
 */
#ifndef BRADE_POSID_H
#define BRADE_POSID_H

#include <stdbool.h>

#include "engine/board.h"

enum { POSID_SIZE = 16 };

/* gnubg Position ID of b (backgammon geometry; side[0] on roll). */
void posid_gnubg(const board_t *b, char out[POSID_SIZE]);
/* Reads a gnubg Position ID; side[0] is the player on roll, turn = White.
 * Returns false if the text is not a valid id (bad length, characters, or
 * checker counts). */
bool posid_gnubg_read(const char *id, board_t *b);

/* Bräde id of b (see above). */
void posid_brade(const board_t *b, char out[POSID_SIZE]);
/* Reads a bräde id; false if invalid. */
bool posid_brade_read(const char *id, board_t *b);

/* The id of b in the form its geometry uses: gnubg's for backgammon, the
 * bräde id otherwise. */
void posid_write(geometry_t geom, const board_t *b, char out[POSID_SIZE]);
/* Reads an id in the form geometry geom uses; false if invalid. */
bool posid_read(geometry_t geom, const char *id, board_t *b);

#endif
