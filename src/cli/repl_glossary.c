/*
 * repl_glossary.c - the `glossary` command (see repl_glossary.h); the
 * entries are read by content/glossary.c.
 */
#include "cli/repl_glossary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/glossary.h"
#include "content/strbuf.h"
#include "front/paths.h"
#include "tutor/words.h"

/* Opens the glossary file (see repl_glossary.h for the order); NULL if
 * there is none.  The caller closes it. */
static FILE *glossary_open(const repl_t *r)
{
    return paths_glossary_open(r->course_dir);
}

/* Prints one entry in full: the term, how to say it, the English word, and
 * the meaning wrapped and indented. */
static void glossary_print_entry(repl_t *r, const glossary_entry_t *e)
{
    lang_t L = r->ro.lang;
    printf("%s%s%s", render_bold(&r->ro), e->term, render_reset(&r->ro));
    if (e->say[0])
        printf(T(L, " (say %s)", " (uttal %s)"), e->say);
    printf(T(L, ": %s\n", ": på engelska %s\n"), e->english);
    strbuf_t w;
    strbuf_init(&w);
    const char *meaning = L == LANG_SV && e->meaning_sv[0] ? e->meaning_sv : e->meaning;
    render_prose(meaning, r->width > 12 ? r->width - 2 : 10, &w);
    for (const char *s = strbuf_str(&w); *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        printf("  %.*s\n", (int)len, s);
        s += len + (nl ? 1 : 0);
    }
    strbuf_free(&w);
}

/* `glossary [WORD]` (see repl_glossary.h). */
int repl_cmd_glossary(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argv;
    lang_t L = r->ro.lang;
    FILE *f = glossary_open(r);
    if (!f) {
        printf("%s\n", T(L, "The glossary (docs/glossary.md) was not found.",
                         "Ordlistan (docs/glossary.md) hittades inte."));
        return 1;
    }
    glossary_entry_t *e = calloc(GLOSSARY_MAX, sizeof *e);
    if (!e) {
        fclose(f);
        return 1;
    }
    int n = glossary_read(f, e);
    fclose(f);
    int rc = 0;
    if (argc < 2) {
        printf("%s\n", T(L, "Glossary: the Swedish terms of bräde and their English words.",
                         "Ordlista: brädets svenska termer och deras engelska motsvarighet."));
        for (int i = 0; i < n; i++) {
            int pad = 30 - render_width(e[i].term);
            /* no English word (W&W): the meaning up to its first comma */
            const char *word = e[i].english[0] ? e[i].english : e[i].meaning;
            int len = (int)strcspn(word, e[i].english[0] ? "" : ",.");
            printf("  %s%*s %.*s\n", e[i].term, pad > 0 ? pad : 0, "", len, word);
        }
        printf("%s\n", T(L, "'glossary WORD' shows a term in full.",
                         "'glossary ORD' visar en term i sin helhet."));
    } else {
        int shown = 0;
        for (int i = 0; i < n; i++)
            if (glossary_matches(&e[i], rest)) {
                glossary_print_entry(r, &e[i]);
                shown++;
            }
        if (!shown) {
            printf(T(L, "No glossary term matches '%s'; 'glossary' lists them all.\n",
                     "Inget ord i ordlistan matchar '%s'; 'glossary' visar alla.\n"),
                   rest);
            rc = 1;
        }
    }
    free(e);
    return rc;
}

int repl_glossary_terms(repl_t *r, const char **out, int max)
{
    if (r->ngterms < 0) {
        r->ngterms = 0;
        FILE *f = glossary_open(r);
        glossary_entry_t *e = f ? malloc(sizeof *e * GLOSSARY_MAX) : NULL;
        int n = e ? glossary_read(f, e) : 0;
        if (f)
            fclose(f);
        r->gterms = n > 0 ? calloc((size_t)n, sizeof *r->gterms) : NULL;
        for (int i = 0; r->gterms && i < n; i++) {
            char *paren = strstr(e[i].term, " (");
            if (paren)
                *paren = '\0';
            if ((r->gterms[r->ngterms] = strdup(e[i].term)) != NULL)
                r->ngterms++;
        }
        free(e);
    }
    int k = 0;
    for (int i = 0; i < r->ngterms && k < max; i++)
        out[k++] = r->gterms[i];
    return k;
}

void repl_glossary_free(repl_t *r)
{
    for (int i = 0; i < r->ngterms; i++)
        free(r->gterms[i]);
    free(r->gterms);
    r->gterms = NULL;
    r->ngterms = -1;
}
