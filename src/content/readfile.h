/*
 * readfile.h - reading a whole text file that a user or an author hands
 * brade (a course file, the progress record), safely: only a regular file
 * is read (a FIFO or a device named like one is refused at once, never
 * waited on), and never more than a cap.
 *
 * Ownership: the text returned is malloc'd and NUL-terminated; the caller
 * frees it.  Out of memory aborts with a message.
 */
#ifndef BRADE_READFILE_H
#define BRADE_READFILE_H

#include <stddef.h>

/* Reads the regular file at `path`, at most `max` bytes.  Returns the text
 * (its length in *len; it may hold NUL bytes), or NULL with errno set:
 * what open() or read() said, EISDIR for a directory, EINVAL for anything
 * else that is not a regular file, EFBIG when the file is longer than
 * `max`. */
char *readfile_regular(const char *path, size_t max, size_t *len);

#endif
