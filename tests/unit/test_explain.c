/* test_explain.c - every reason and verdict has a sentence in both languages,
 * and the sentences carry the numbers they are about. */
#include "test_util.h"

#include <stdio.h>

#include "tutor/explain.h"

static void every_reason_in_both_languages(void **state)
{
    (void)state;
    rules_t rs[3] = {tr("lyckans-talisman"), tr("theboard"), tr("backgammon")};
    for (int k = 0; k < 3; k++) {
        board_t b;
        board_start(&b, rs[k].geometry, BOARD_WHITE);
        for (int why = 0; why < RSN_REASON_COUNT; why++)
            for (int lang = 0; lang < 2; lang++) {
                step_t st = {5, 9, 4, 0, 0};
                step_info_t info = {9, 2, 3, 4, 19, 2};
                char buf[512];
                size_t n = explain_reason((lang_t)lang, &b, &rs[k], (reason_t)why, &st, &info, buf, sizeof buf);
                assert_true(n > 10);
                assert_true(n < sizeof buf);
                assert_int_equal(strlen(buf), n);
                assert_string_not_equal(explain_reason_code((reason_t)why), "?");
            }
    }
}

static void sentences_carry_numbers(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    board_t b;
    board_start(&b, GEOM_BRADE, BOARD_WHITE);
    step_t st = {1, 5, 4, 0, 0};
    step_info_t info = {5, -1, 0, 0, -1, 1};
    char buf[512];
    explain_reason(LANG_EN, &b, &r, RSN_BAND_BAN, &st, &info, buf, sizeof buf);
    assert_non_null(strstr(buf, "band on your 5 point"));
    explain_reason(LANG_SV, &b, &r, RSN_BAND_BAN, &st, &info, buf, sizeof buf);
    assert_non_null(strstr(buf, "band på din tunga 5"));
    step_info_t e = {6, 1, 2, 0, -1, 2};
    st = (step_t){0, 6, 6, 0, 0};
    explain_reason(LANG_EN, &b, &r, RSN_ENTRY_NOT_BLASTABLE, &st, &e, buf, sizeof buf);
    assert_non_null(strstr(buf, "2 on the bar and 1 free point "));
    rules_t a = tr("theboard");
    explain_reason(LANG_EN, &b, &a, RSN_ENTRY_NOT_BLASTABLE, &st, &e, buf, sizeof buf);
    assert_non_null(strstr(buf, "there is 1 free point"));
    /* a small buffer is never overrun and the needed length is reported */
    char tiny[8];
    size_t need = explain_reason(LANG_EN, &b, &r, RSN_BAND_BAN, &st, &info, tiny, sizeof tiny);
    assert_true(need > sizeof tiny);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_reason_in_both_languages),
        cmocka_unit_test(sentences_carry_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
