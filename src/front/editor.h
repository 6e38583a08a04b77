/*
 * editor.h - the position editor both front ends share (the REPL's
 * `setup`/`export`, the page's Position editor): checkers placed and
 * removed keeping each side at 15 (placed from the side's borne-off pile,
 * removed back to it), what the rules forbid in the result pointed out,
 * and the result as the YAML of a puzzle or a lesson step's position.
 *
 * Ownership: the caller's boards and buffers.
 */
#ifndef BRADE_FRONT_EDITOR_H
#define BRADE_FRONT_EDITOR_H

#include <stdbool.h>

#include "content/strbuf.h"
#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "tutor/words.h"

/* Places (place) or removes n checkers of colour c on `slot` (BOARD_BAR,
 * or 1..24 in c's own numbering).  False, b unchanged and why in `why`
 * (in lang), when c has too few left to place or there, or the other
 * colour holds the point. */
bool editor_shift(board_t *b, int c, int slot, int n, bool place, lang_t lang, strbuf_t *why);
/* What the rules forbid in b, as a "Note: ..." line (nothing when the
 * position may be played); `place_hint` ends the line about a side with
 * no checkers on the board (e.g. " with 'setup place'"; "" for none). */
void editor_note(const board_t *b, const rules_t *r, lang_t lang, const char *place_hint, strbuf_t *out);
/* True when b passes `brade check` as a puzzle's position under r. */
bool editor_exportable(const board_t *b, const rules_t *r);
/* The position as YAML: a whole puzzle with id `id` (its title, question
 * and the rest to fill in), or with id NULL the `position:` block alone
 * (for a lesson step).  The caller checks editor_exportable first. */
void editor_yaml(const board_t *b, const rules_t *r, roll_t roll, bool have_roll, const char *id, lang_t lang,
                 strbuf_t *out);

#endif
