/*
 * yamlout.h - text written into YAML that the course loader reads back.
 *
 * Every string the program writes into a course file (a learner's mistake
 * puzzles, the snippet `export` prints) goes through yamlout_str, so no
 * name, id or sentence can make the file unloadable: whatever the bytes,
 * the result is one double-quoted scalar that libyaml reads as text.
 *
 * Ownership: the caller owns the strbuf; nothing is kept.
 */
#ifndef BRADE_CONTENT_YAMLOUT_H
#define BRADE_CONTENT_YAMLOUT_H

#include "content/strbuf.h"

/* Appends s as a YAML double-quoted scalar: '"' and '\' escaped; control
 * characters, DEL and the other code points YAML may not hold raw (C1
 * controls, U+FEFF, U+FFFE, U+FFFF) as \xNN or \uNNNN; a byte that is not
 * part of valid UTF-8 as \xNN, which YAML reads as the Latin-1 character
 * of that byte (a Latin-1 file name "g\xe5me" reads "gåme"). */
void yamlout_str(strbuf_t *out, const char *s);

#endif
