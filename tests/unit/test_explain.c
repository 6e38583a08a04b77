/* test_explain.c - every reason and verdict has a sentence in both languages,
 * and the sentences carry the numbers they are about. */
#include "test_util.h"

#include <stdio.h>

#include "tutor/explain.h"
#include "tutor/explain_forfeit.h"

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

/* The only legal play of a position and roll (the test fails unless there
 * is exactly one). */
static play_t only_play(const board_t *b, const rules_t *r, roll_t roll)
{
    movegen_buf_t *buf = movegen_buf_new();
    assert_non_null(buf);
    assert_int_equal(movegen_plays(b, r, roll, buf), 1);
    play_t p = *movegen_play(buf, 0);
    movegen_buf_free(buf);
    return p;
}

/* Newcomer F17: a play that leaves part of the roll unplayed says which
 * dice and the rule that stops each checker that could take them. */
static void forfeit_names_dice_and_rules(void **state)
{
    (void)state;
    char buf[1024];
    /* the opening 6-6 under lyckans-talisman: 1/7 and no more */
    rules_t lt = tr("lyckans-talisman");
    board_t b = tb("lyckans-talisman", "1:15", "1:15", BOARD_WHITE);
    play_t p = only_play(&b, &lt, (roll_t){6, 6});
    assert_int_equal(p.nsteps, 1);
    size_t n = explain_forfeit(LANG_EN, &lt, (roll_t){6, 6}, &p, buf, sizeof buf);
    assert_int_equal(strlen(buf), n);
    assert_non_null(strstr(buf, "The last three 6s cannot be played and are forfeited (fåtas)"));
    assert_non_null(strstr(buf, "7/13 would land on a band of the other side"));
    assert_non_null(strstr(buf, "1/7 would make a band between points 2 and 11"));
    assert_non_null(strstr(buf, "[rules: lyckans-talisman]"));
    explain_forfeit(LANG_SV, &lt, (roll_t){6, 6}, &p, buf, sizeof buf);
    assert_non_null(strstr(buf, "De tre sista sexorna kan inte spelas och fåtas"));
    assert_non_null(strstr(buf, "[regler: lyckans-talisman]"));
    /* a whole roll played: nothing to say */
    play_t whole = only_play(&b, &lt, (roll_t){6, 6});
    whole.dice = 4;
    assert_int_equal(explain_forfeit(LANG_EN, &lt, (roll_t){6, 6}, &whole, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    /* a small buffer is never overrun, and the needed length is reported */
    char tiny[16];
    size_t need = explain_forfeit(LANG_EN, &lt, (roll_t){6, 6}, &p, tiny, sizeof tiny);
    assert_int_equal(need, n);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
    /* backgammon: two on the bar against a five-point board, 5-2: the 2
     * enters one, the 5 finds its point made */
    rules_t bg = tr("backgammon");
    board_t c = tb("backgammon", "bar:2 6:5 8:3 13:5", "1:2 3:2 4:2 5:2 6:2 13:5", BOARD_WHITE);
    play_t q = only_play(&c, &bg, (roll_t){5, 2});
    n = explain_forfeit(LANG_EN, &bg, (roll_t){5, 2}, &q, buf, sizeof buf);
    assert_true(n > 0);
    assert_non_null(strstr(buf, "The 5 cannot be played and is forfeited (fåtas): bar/20 would land on a "
                                "point the other side has made. [rules: backgammon]"));
    explain_forfeit(LANG_SV, &bg, (roll_t){5, 2}, &q, buf, sizeof buf);
    assert_non_null(strstr(buf, "Femman kan inte spelas och fåtas: bar/20"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_reason_in_both_languages),
        cmocka_unit_test(sentences_carry_numbers),
        cmocka_unit_test(forfeit_names_dice_and_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
