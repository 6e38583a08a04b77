/*
 * glossary.c - docs/glossary.md read into entries (see glossary.h).
 */
#include "content/glossary.h"

#include <string.h>

/* True when s[0..n) is a section reference such as "2.10", "2.4, 2.5" or
 * "2.8 d": it starts with a digit and holds only digits, dots, commas,
 * blanks and the letters a-f. */
static bool glossary_is_ref(const char *s, size_t n)
{
    if (n == 0 || s[0] < '0' || s[0] > '9')
        return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr("0123456789., abcdef", s[i]))
            return false;
    return true;
}

/* Copies one table cell into `out` (size GLOSSARY_CELL) without the
 * Markdown marks (*, `), the section references and the outer blanks. */
static void glossary_clean(const char *cell, size_t n, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < GLOSSARY_CELL; i++) {
        char c = cell[i];
        if (c == '*' || c == '`')
            continue;
        if (c == '(') {
            const char *close = memchr(cell + i, ')', n - i);
            if (close && glossary_is_ref(cell + i + 1, (size_t)(close - cell) - i - 1)) {
                while (k > 0 && out[k - 1] == ' ')
                    k--;
                i = (size_t)(close - cell);
                continue;
            }
        }
        out[k++] = c;
    }
    out[k] = '\0';
    /* trim */
    char *s = out;
    while (*s == ' ')
        s++;
    memmove(out, s, strlen(s) + 1);
    k = strlen(out);
    while (k > 0 && out[k - 1] == ' ')
        out[--k] = '\0';
}

/* Reads the glossary's rows (see glossary.h). */
int glossary_read(FILE *f, glossary_entry_t *e)
{
    char line[8192];
    int n = 0;
    bool swedish = false; /* in the table of Swedish meanings */
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "## Förklaringar på svenska", strlen("## Förklaringar på svenska")) == 0)
            swedish = true;
        if (strncmp(line, "| **", 4) != 0)
            continue;
        int want = swedish ? 2 : 4;
        const char *cells[4];
        size_t lens[4];
        const char *p = line + 1;
        int c = 0;
        while (c < want) {
            const char *bar = strchr(p, '|');
            if (!bar)
                break;
            cells[c] = p;
            lens[c] = (size_t)(bar - p);
            c++;
            p = bar + 1;
        }
        if (c < want)
            continue;
        if (swedish) {
            char term[GLOSSARY_CELL];
            glossary_clean(cells[0], lens[0], term);
            for (int i = 0; i < n; i++)
                if (strcmp(e[i].term, term) == 0)
                    glossary_clean(cells[1], lens[1], e[i].meaning_sv);
            continue;
        }
        if (n >= GLOSSARY_MAX)
            continue;
        glossary_clean(cells[0], lens[0], e[n].term);
        glossary_clean(cells[1], lens[1], e[n].say);
        glossary_clean(cells[2], lens[2], e[n].english);
        glossary_clean(cells[3], lens[3], e[n].meaning);
        e[n].meaning_sv[0] = '\0';
        n++;
    }
    return n;
}

/* Folds s into `out` for matching: ASCII lower case, and å, ä, ö (either
 * case) to a, a, o. */
static void glossary_fold(const char *s, char *out, size_t size)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && k + 1 < size; p++) {
        if (p[0] == 0xC3 && p[1]) {
            unsigned char c = p[1];
            if (c == 0xA5 || c == 0xA4 || c == 0x85 || c == 0x84) {
                out[k++] = 'a';
                p++;
                continue;
            }
            if (c == 0xB6 || c == 0x96) {
                out[k++] = 'o';
                p++;
                continue;
            }
        }
        out[k++] = (char)((*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
    }
    out[k] = '\0';
}

/* True when an entry matches a word (see glossary.h). */
bool glossary_matches(const glossary_entry_t *e, const char *word)
{
    char w[256], t[GLOSSARY_CELL];
    glossary_fold(word, w, sizeof w);
    glossary_fold(e->term, t, sizeof t);
    if (strstr(t, w))
        return true;
    glossary_fold(e->english, t, sizeof t);
    return strstr(t, w) != NULL;
}

