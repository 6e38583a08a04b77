/*
 * fuzz_rules.c - ruleset strings ("helmfrid+bearoff=exact-only").
 * Promises: error places lie inside the text; what reads formats to a
 * string that reads back to the same rules.
 */
#include "fuzz_common.h"

#include "engine/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *s = fuzz_string(data, size);
    rules_t r, back;
    rules_error_t e;
    if (rules_parse(s, &r, &e)) {
        char text[1024];
        rules_format(&r, text, sizeof text);
        FUZZ_CHECK(rules_parse(text, &back, &e));
        char again[1024];
        rules_format(&back, again, sizeof again);
        FUZZ_CHECK(strcmp(text, again) == 0);
    } else if (e.offset >= 0) {
        FUZZ_CHECK((size_t)e.offset <= strlen(s));
        FUZZ_CHECK(e.length >= 0 && (size_t)(e.offset + e.length) <= strlen(s) + 1);
    }
    free(s);
    return 0;
}
