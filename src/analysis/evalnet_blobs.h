/*
 * evalnet_blobs.h - the weights files compiled into the program: a table
 * generated at build time by nets/embed.py from the .net files in src/analysis/nets/
 * (evalnet_data.c).  Read only through evalnet_builtin().
 */
#ifndef BRADE_ANALYSIS_EVALNET_BLOBS_H
#define BRADE_ANALYSIS_EVALNET_BLOBS_H

#include <stddef.h>

enum { EVALNET_BLOBS_MAX = 16 };

typedef struct evalnet_blob {
    const char *rules;          /* the ruleset the net was trained under (its file's `rules`) */
    const unsigned char *data;  /* the file's text */
    size_t size;
} evalnet_blob_t;

extern const evalnet_blob_t evalnet_blobs[];
extern const int evalnet_blob_count;

#endif
