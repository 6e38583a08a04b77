/*
 * numparse.c - exact, fast reading of decimal numbers (see numparse.h).
 *
 * The fast path is Clinger's: a decimal with at most 19 significant digits
 * is m * 10^e with m an integer.  When m < 2^53 and |e| <= 22 both m and
 * 10^|e| are exact doubles, so one IEEE multiplication or division gives
 * the correctly rounded double of the number.  Rounding that double to
 * float is right unless the double lies exactly halfway between two
 * floats (then the number itself may have been just above or below the
 * halfway point, and rounding twice can go the wrong way), so that case,
 * and any value outside float's normal range, goes to strtof.
 */
#include <errno.h>
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/numparse.h"

static const double POW10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                 1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* strtof with strtof's own error report, for everything the fast path
 * leaves. */
static bool slow(const char *s, const char **end, float *out)
{
    char *e;
    errno = 0;
    *out = strtof(s, &e);
    *end = e;
    return e != s && errno == 0;
}

/* True when d, a positive normal double, is exactly halfway between two
 * floats: its 29 mantissa bits below float's 24 are 1000...0. */
static bool float_midpoint(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return (bits & ((UINT64_C(1) << 29) - 1)) == (UINT64_C(1) << 28);
}

bool numparse_float(const char *s, const char **end, float *out)
{
    const char *p = s;
    bool neg = false;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    /* the digits before and after one point as the integer m, each digit
     * after the point a tenth (scale) */
    uint64_t m = 0;
    int digits = 0, scale = 0, seen = 0;
    bool point = false;
    for (;; p++) {
        if (*p == '.' && !point) {
            point = true;
            continue;
        }
        if (*p < '0' || *p > '9')
            break;
        if (m || *p != '0')
            digits++;
        if (digits > 19)
            return slow(s, end, out);
        m = m * 10 + (uint64_t)(*p - '0');
        scale -= point;
        seen++;
    }
    if (!seen)
        return slow(s, end, out); /* no digits: inf, nan, or no number at all */
    if (*p == 'e' || *p == 'E') {
        const char *q = p + 1;
        bool eneg = false;
        if (*q == '-' || *q == '+')
            eneg = *q++ == '-';
        if (*q >= '0' && *q <= '9') {
            int x = 0;
            while (*q >= '0' && *q <= '9') {
                if (x > 1000)
                    return slow(s, end, out);
                x = x * 10 + (*q++ - '0');
            }
            scale += eneg ? -x : x;
            p = q;
        } /* else the 'e' is not part of the number, as strtof reads it */
    }
    if (*p == 'x' || *p == 'X' || m >= (UINT64_C(1) << 53) || scale < -22 || scale > 22)
        return slow(s, end, out); /* hex ("0x..."), or beyond the exact doubles */
    double d = (double)m;
    d = scale < 0 ? d / POW10[-scale] : d * POW10[scale];
    if (d != 0 && (d < (double)FLT_MIN || d > (double)FLT_MAX || float_midpoint(d)))
        return slow(s, end, out);
    float f = (float)d;
    *out = neg ? -f : f;
    *end = p;
    return true;
}
