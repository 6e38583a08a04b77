/*
 * fuzz_progress.c - the learner's record as text.  Promises: whatever is
 * read formats to a record that reads back whole (no line lost) and
 * formats the same; a new attempt on every item keeps that true (dates
 * clamped at 9999-12-31).
 */
#include "fuzz_common.h"

#include "tutor/progress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char *s = fuzz_string(data, size);
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[160];
    if (progress_parse(&p, s, why, sizeof why) >= 0) {
        for (int round = 0; round < 2; round++) {
            strbuf_t a, b;
            strbuf_init(&a);
            strbuf_init(&b);
            progress_format(&p, &a);
            progress_t q;
            memset(&q, 0, sizeof q);
            FUZZ_CHECK(progress_parse(&q, strbuf_str(&a), why, sizeof why) == 0);
            progress_format(&q, &b);
            FUZZ_CHECK(strcmp(strbuf_str(&a), strbuf_str(&b)) == 0);
            strbuf_free(&a);
            strbuf_free(&b);
            progress_free(&q);
            /* an attempt on every puzzle, late in time */
            int n = p.n;
            for (int i = 0; i < n; i++)
                if (!p.items[i].lesson && p.items[i].id)
                    progress_puzzle_result(&p, p.items[i].id, (i + round) % 2 == 0, false,
                                           p.items[i].last > 0 ? p.items[i].last : 20000);
        }
    }
    progress_free(&p);
    free(s);
    return 0;
}
