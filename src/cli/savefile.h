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
 * regular file (EISDIR, EINVAL: never renamed over /dev/null). */
bool savefile_write(const char *path, const char *text, size_t len);

#endif
