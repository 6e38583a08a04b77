/*
 * netfile.h - reading and writing the evaluator's weights files for the
 * shell commands (the format and its checks are analysis/evalnet_file.c;
 * this is only the file I/O around them).
 *
 * Ownership: netfile_load returns a net the caller frees with evalnet_free.
 */
#ifndef BRADE_CLI_NETFILE_H
#define BRADE_CLI_NETFILE_H

#include <stdbool.h>

#include "analysis/evalnet.h"

/* Reads a weights file.  NULL after printing "PATH:LINE: message" to stderr
 * when it cannot be read or is not a valid weights file. */
evalnet_t *netfile_load(const char *path);

/* Reads a weights file for ruleset r: as netfile_load, and refuses (with a
 * message) a net made for another game (backgammon vs bräde). */
evalnet_t *netfile_load_for(const char *path, const rules_t *r);

/* Writes n to path atomically (a temporary file renamed over it), so a
 * killed run leaves the old file or the new one, never half of one.
 * False after printing why. */
bool netfile_save(const char *path, const evalnet_t *n);

#endif
