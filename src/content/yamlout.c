/*
 * yamlout.c - text written into YAML (see yamlout.h).
 */
#include "content/yamlout.h"

#include <stdint.h>

/* The length (2..4) of the valid UTF-8 sequence at s and its code point,
 * or 0 when the bytes at s are not one (overlong forms, surrogates and
 * code points past U+10FFFF are not). */
static int utf8_seq(const unsigned char *s, uint32_t *cp)
{
    int n;
    uint32_t c, min;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        n = 2;
        c = s[0] & 0x1fu;
        min = 0x80;
    } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        n = 3;
        c = s[0] & 0x0fu;
        min = 0x800;
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        n = 4;
        c = s[0] & 0x07u;
        min = 0x10000;
    } else {
        return 0;
    }
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0; /* also stops at the NUL */
        c = c << 6 | (s[i] & 0x3fu);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return n;
}

/* Appends s as a YAML double-quoted scalar (see yamlout.h). */
void yamlout_str(strbuf_t *out, const char *s)
{
    strbuf_add(out, "\"");
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned char ch = *p;
        if (ch == '"' || ch == '\\') {
            strbuf_addf(out, "\\%c", ch);
            p++;
        } else if (ch < 0x20 || ch == 0x7f) {
            strbuf_addf(out, "\\x%02x", ch);
            p++;
        } else if (ch < 0x80) {
            strbuf_addn(out, (const char *)p, 1);
            p++;
        } else {
            uint32_t cp;
            int n = utf8_seq(p, &cp);
            if (n == 0) {
                strbuf_addf(out, "\\x%02x", ch);
                p++;
            } else if ((cp >= 0x80 && cp <= 0x9f) || cp == 0xfeff || cp == 0xfffe || cp == 0xffff) {
                strbuf_addf(out, "\\u%04x", (unsigned)cp);
                p += n;
            } else {
                strbuf_addn(out, (const char *)p, (size_t)n);
                p += n;
            }
        }
    }
    strbuf_add(out, "\"");
}
