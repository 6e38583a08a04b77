/*
 * fuzz_loader.c - a course file: the YAML loader with every reader behind
 * it (lessons, puzzles, positions, questions, goals), its diagnostics and
 * their printing.  Promises: no crash, no hang, and the budgets hold (at
 * most DIAG_MAX_PER_FILE errors kept per file, excerpts bounded).
 */
#include "fuzz_common.h"

#include "content/load.h"

/* No words for verdicts here (the tutor floor is not linked): the loader
 * works without them. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    course_t c;
    diag_list_t d;
    course_loader_t L;
    course_init(&c);
    diag_list_init(&d);
    if (!course_loader_init(&L, &c, &d, NULL))
        abort();
    char *text = fuzz_string(data, size);
    course_load_text(&L, "fuzz.yaml", text, size);
    /* twice: the second load meets every id again (duplicate notes) */
    course_load_text(&L, "fuzz2.yaml", text, size);
    int kept = 0;
    for (int i = 0; i < d.n; i++) {
        kept += d.items[i].sev == DIAG_ERROR;
        if (d.items[i].source)
            FUZZ_CHECK(strlen(d.items[i].source) <= 4 * DIAG_EXCERPT + 6);
    }
    FUZZ_CHECK(kept <= 2 * DIAG_MAX_PER_FILE + 2);
    FUZZ_CHECK(d.errors >= kept);
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        diag_print_all(null, &d, true);
        fclose(null);
    }
    const char *themes[64];
    course_themes(&c, themes, 64);
    free(text);
    course_loader_done(&L);
    diag_list_free(&d);
    course_free(&c);
    return 0;
}
