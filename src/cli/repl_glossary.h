/*
 * repl_glossary.h - the REPL's `glossary` command: the Swedish terms of
 * docs/glossary.md with their English words, and one term in full.
 *
 * The glossary is read when the command runs, from the first of:
 * COURSE_DIR/docs/glossary.md, the installed data directory's
 * docs/glossary.md, the source tree's docs/glossary.md.  Nothing is kept
 * between calls.
 *
 * Ownership: the command reads the repl_t and writes to stdout only.
 */
#ifndef BRADE_CLI_REPL_GLOSSARY_H
#define BRADE_CLI_REPL_GLOSSARY_H

#include "cli/repl.h"

/* `glossary [WORD]`: every term with its English word, or the entries
 * whose Swedish or English term contains WORD (å, ä, ö match a, a, o).
 * Returns 0, or 1 when the glossary is missing or nothing matches. */
int repl_cmd_glossary(repl_t *r, int argc, char **argv, const char *rest);
/* The glossary's Swedish terms (without their plural notes), for tab
 * completion: read the first time and kept in r (freed by
 * repl_glossary_free).  Returns how many were put in out. */
int repl_glossary_terms(repl_t *r, const char **out, int max);
void repl_glossary_free(repl_t *r);

#endif
