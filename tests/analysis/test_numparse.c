/* test_numparse.c - the weights files' number reader (src/analysis/
 * numparse.c) against the C library's strtof: the same float, bit for
 * bit, the same end, the same verdict, on the forms a weights file holds,
 * on the values where rounding twice goes wrong, and on what is not a
 * number at all. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test_util.h"

#include "analysis/numparse.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* numparse_float and strtof read s alike; counts the fast reader's
 * answers that strtof gave a different float, end or verdict. */
static int differs(const char *s)
{
    const char *e1;
    float f1 = 0;
    bool ok1 = numparse_float(s, &e1, &f1);
    char *e2;
    errno = 0;
    float f2 = strtof(s, &e2);
    bool ok2 = e2 != s && errno == 0;
    uint32_t b1, b2;
    memcpy(&b1, &f1, sizeof b1);
    memcpy(&b2, &f2, sizeof b2);
    if (ok1 != ok2 || e1 != e2 || (ok1 && b1 != b2)) {
        print_message("differs on '%s': %d %a (%td) against strtof %d %a (%td)\n", s, ok1,
                      (double)f1, e1 - s, ok2, (double)f2, e2 - s);
        return 1;
    }
    return 0;
}

/* Random floats of every size, written as the weights files write them
 * ("%.9g", which reads back exactly) and shorter and longer. */
static void random_floats(void **state)
{
    (void)state;
    static const int DIGITS[] = {9, 6, 3, 12, 17};
    int bad = 0;
    char s[400];
    for (int i = 0; i < 200000; i++) {
        uint32_t bits = (uint32_t)next();
        float f;
        memcpy(&f, &bits, sizeof f);
        if (f != f || f - f != 0) /* nan, inf */
            continue;
        for (size_t k = 0; k < sizeof DIGITS / sizeof DIGITS[0]; k++) {
            snprintf(s, sizeof s, "%.*g", DIGITS[k], (double)f);
            bad += differs(s);
        }
        snprintf(s, sizeof s, "%.8e", (double)f);
        bad += differs(s);
        snprintf(s, sizeof s, "%f", (double)f);
        bad += differs(s);
    }
    assert_int_equal(bad, 0);
}

/* Weights-sized values (|w| under 10, the range the nets hold). */
static void weight_sized(void **state)
{
    (void)state;
    int bad = 0;
    char s[64];
    for (int i = 0; i < 200000; i++) {
        double w = ((double)(next() >> 11) / 9007199254740992.0 - 0.5) * 20.0;
        snprintf(s, sizeof s, "%.9g", (double)(float)w);
        bad += differs(s);
        snprintf(s, sizeof s, "%.9g", w); /* not a float: rounding needed */
        bad += differs(s);
    }
    assert_int_equal(bad, 0);
}

/* Decimals at or next to the point halfway between two floats, with few
 * enough digits for the fast path: reading them through a double and then
 * to float rounds twice, and rounding twice is where a fast reader goes
 * wrong. */
static void halfway_values(void **state)
{
    (void)state;
    int bad = 0;
    char s[64];
    for (int i = 0; i < 100000; i++) {
        uint32_t bits = (uint32_t)(next() % 0x7f000000u) + 0x00800000u; /* normal, finite */
        float f, g;
        memcpy(&f, &bits, sizeof f);
        bits++;
        memcpy(&g, &bits, sizeof g);
        if (g - g != 0)
            continue;
        double mid = ((double)f + (double)g) / 2; /* exact in a double */
        for (int digits = 9; digits <= 19; digits++) {
            snprintf(s, sizeof s, "%.*g", digits, mid);
            bad += differs(s);
        }
        snprintf(s, sizeof s, "%.17g", nextafter(mid, 0));
        bad += differs(s);
        snprintf(s, sizeof s, "%.17g", nextafter(mid, 1e300));
        bad += differs(s);
    }
    assert_int_equal(bad, 0);
}

/* What is not a number, forms the fast path leaves to strtof, and
 * numbers outside float's range. */
static void edges(void **state)
{
    (void)state;
    static const char *const CASES[] = {
        "", "-", "+", ".", "-.", "e5", ".e5", "1e", "1e+", "1e-x", "1.5x", "1.5 2", "-0", "+0.0",
        "0", "00012.5000", "1.", ".5", "1e22", "1e23", "1e-22", "1e-23", "123456789012345678901",
        "0.000000000000000000000000000001", "9007199254740993", "18446744073709551617",
        "0x1p3", "0X1.8p1", "inf", "-INF", "nan", "infinity", " 1", "\t-2.5",
        "1e39", "-1e39", "3.4028235e38", "3.4028236e38", "3.40282357e38", "1e-38", "1.17549435e-38",
        "1e-45", "1e-50", "1e999999999999", "1e-999999999999", "4.9406564584124654e-324",
        "0.1", "0.2", "0.3", "-0.0859862044", "1.00000012", "1.00000006", "16777217", "33554435",
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        bad += differs(CASES[i]);
    assert_int_equal(bad, 0);
    const char *end;
    float f;
    assert_false(numparse_float("x", &end, &f));
    assert_true(end != NULL && *end == 'x');
    assert_true(numparse_float("-0.0859862044 1", &end, &f));
    assert_true(f == -0.0859862044f && *end == ' ');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_floats),
        cmocka_unit_test(weight_sized),
        cmocka_unit_test(halfway_values),
        cmocka_unit_test(edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
