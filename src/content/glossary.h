/*
 * glossary.h - the Swedish terms of bräde with their English words and
 * meanings, read from docs/glossary.md for both front ends (the REPL's
 * `glossary`, the page's glossary).
 *
 * docs/glossary.md keeps its terms in one Markdown table:
 *   | **term** (pl. *form*) | SAY | English | Meaning (2.10). |
 * Each row becomes a glossary_entry_t with the Markdown marks and the
 * section references "(2.10)" taken out.  After the heading
 * "## Förklaringar på svenska" a second table gives each term's meaning in
 * Swedish:
 *   | **term** (pl. *form*) | Betydelse (2.10). |
 * matched to the first table's rows by the term cell.
 *
 * Ownership: the caller's entries and file.
 */
#ifndef BRADE_CONTENT_GLOSSARY_H
#define BRADE_CONTENT_GLOSSARY_H

#include <stdbool.h>
#include <stdio.h>

enum { GLOSSARY_MAX = 128, GLOSSARY_CELL = 1024 };

typedef struct glossary_entry {
    char term[GLOSSARY_CELL];       /* Swedish, e.g. "alla (pl. allor)" */
    char say[GLOSSARY_CELL];        /* pronunciation hint, may be empty */
    char english[GLOSSARY_CELL];    /* English word(s) */
    char meaning[GLOSSARY_CELL];    /* one or two sentences, in English */
    char meaning_sv[GLOSSARY_CELL]; /* the same in Swedish; may be empty */
} glossary_entry_t;

/* Reads the table rows of the glossary into `e` (up to GLOSSARY_MAX);
 * returns how many. */
int glossary_read(FILE *f, glossary_entry_t *e);
/* True when the entry's Swedish or English term contains `word` (ASCII
 * case folded; å, ä, ö match a, a, o). */
bool glossary_matches(const glossary_entry_t *e, const char *word);

#endif
