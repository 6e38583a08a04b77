/*
 * savefile.h - writing a whole file atomically: a temporary file beside
 * it, flushed to disk, renamed over it, so a reader (or a crash) sees the
 * old file or the new one, never half of one.
 *
 * Ownership: reads the caller's text; writes nothing else.
 */
#ifndef BRADE_CLI_SAVEFILE_H
#define BRADE_CLI_SAVEFILE_H

#include <stdbool.h>
#include <stddef.h>

/* Writes len bytes of text to path.  False (errno says why; the temporary
 * file is removed) when it cannot, or when path exists and is not a
 * regular file (EISDIR, EINVAL: never renamed over /dev/null; a symbolic
 * link: never followed, never replaced).  The temporary file has a name
 * no one can guess and is created exclusively, so a link planted beside
 * the target is never written through.  A new file gets the mode the
 * umask gives; a replaced one keeps its mode. */
bool savefile_write(const char *path, const char *text, size_t len);

/* Why savefile_write failed, for "cannot write PATH: ..." (strerror, with
 * words of its own for a symbolic link). */
const char *savefile_strerror(int err);

#endif
