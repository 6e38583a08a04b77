/* test_movegen.c - step legality reasons and play enumeration. */
#include "test_genbuf.h"


static reason_t check(const char *rules, const char *w, const char *k, int from, int die)
{
    rules_t r = tr(rules);
    board_t b = tb(r.name, w, k, BOARD_WHITE);
    step_t st;
    step_info_t info;
    return movegen_check_step(&b, &r, from, die, &st, &info);
}

static void step_reasons(void **state)
{
    (void)state;
    const char *lt = "lyckans-talisman";
    /* bands may not be made on 2..11 */
    assert_int_equal(check(lt, "1:14 5", "1:15", 1, 4), RSN_BAND_BAN);
    /* but from the huk on they may */
    assert_int_equal(check(lt, "1:13 8 12", "1:15", 8, 4), RSN_OK);
    /* the bar first */
    assert_int_equal(check(lt, "1:14 bar:1", "1:15", 1, 3), RSN_BAR_FIRST);
    assert_int_equal(check(lt, "1:15", "1:15", 0, 3), RSN_NOTHING_ON_BAR);
    assert_int_equal(check(lt, "1:15", "1:15", 4, 3), RSN_NO_CHECKER);
    /* entering on home while a checker is there (C19b) */
    assert_int_equal(check(lt, "1:14 bar:1", "1:15", 0, 1), RSN_HOME_RESTACK);
    assert_int_equal(check(lt, "1:13 3 bar:1", "1:15", 0, 3), RSN_ENTER_OWN);
    /* an opponent band blocks (C18: järnbanden) */
    assert_int_equal(check(lt, "1:15", "1:11 18:2 19:2", 1, 6), RSN_OPP_BAND);
    /* C11 4-2 under variant A: W5 is free, so W4 is not blastable */
    const char *c11w = "1:3 6 12:2 19:3 20:3 bar:3", *c11b = "14:2 15:2 16:2 19:2 20:2 21:2 22:3";
    assert_int_equal(check("theboard", c11w, c11b, 0, 4), RSN_ENTRY_NOT_BLASTABLE);
    /* under B: 3 on the bar > 1 free point, so it is */
    assert_int_equal(check(lt, c11w, c11b, 0, 4), RSN_OK);
    /* C28: the last checker may never blast */
    assert_int_equal(check(lt, "bar:1 off:14", "13:2 14:2 15:2 16:2 17:2 18:2 19:3", 0, 3),
                     RSN_LAST_CHECKER_NO_BLAST);
    /* bearing off: all in the fourth quarter first */
    assert_int_equal(check(lt, "18 24 off:13", "19:5 20:5 21:5", 24, 1), RSN_BEAROFF_NOT_HOME);
    /* C1: a higher die bears off only the rearmost */
    assert_int_equal(check(lt, "21 24:2 off:12", "19:5 20:5 21:5", 24, 6), RSN_BEAROFF_OVERSHOOT);
    assert_int_equal(check(lt, "21 24:2 off:12", "19:5 20:5 21:5", 21, 6), RSN_OK);
    /* C13: vasa bears off only the rearmost, even exactly */
    assert_int_equal(check("vasa", "23:2 24 off:12", "19:5 20:5 21:5", 24, 1), RSN_BEAROFF_NOT_REARMOST);
    assert_int_equal(check("lyckans-talisman+bearoff=exact-only", "21 24:2 off:12", "19:5 20:5 21:5", 21, 6),
                     RSN_BEAROFF_EXACT_ONLY);
    /* C29: The Board's five-prime limit */
    assert_int_equal(check("theboard", "1:3 14:2 15:2 16:2 17:2 18:3 19", "19:5 20:5 21:5", 18, 1),
                     RSN_PRIME_TOO_LONG);
    assert_int_equal(check(lt, "1:3 14:2 15:2 16:2 17:2 18:3 19", "19:5 20:5 21:5", 18, 1), RSN_OK);
    /* five-blot rule */
    assert_int_equal(check("lyckans-talisman+five-blot=on", "1:11 3 4 9 12", "1:15", 9, 3), RSN_FIVE_BLOT);
}

static void start_position(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    board_t b;
    board_start(&b, GEOM_BRADE, BOARD_WHITE);
    /* C19a: 6-5 from the start: 1/6 1/7, or one checker to the huk */
    assert_int_equal(movegen_plays(&b, &r, (roll_t){6, 5}, buf), 2);
    assert_true(has_result(buf, 2, "1:13 6:1 7:1", "1:15"));
    assert_true(has_result(buf, 2, "1:14 12:1", "1:15"));
    /* C21: 6-6 plays one six only; 4-4 three fours */
    assert_int_equal(movegen_plays(&b, &r, (roll_t){6, 6}, buf), 1);
    assert_true(has_result(buf, 1, "1:14 7:1", "1:15"));
    assert_int_equal(movegen_plays(&b, &r, (roll_t){4, 4}, buf), 1);
    assert_true(has_result(buf, 1, "1:13 5:1 9:1", "1:15"));
    assert_int_equal(movegen_play(buf, 0)->dice, 3);
    /* backgammon 3-1 from the start: 16 distinct plays */
    rules_t bg = tr("backgammon");
    board_start(&b, GEOM_BACKGAMMON, BOARD_WHITE);
    assert_int_equal(movegen_plays(&b, &bg, (roll_t){3, 1}, buf), 16);
}

static void nothing_to_play(void **state)
{
    (void)state;
    /* C18: 6-5 against järnbanden: the whole roll is forfeited */
    rules_t r = tr("lyckans-talisman");
    board_t b = tb("lyckans-talisman", "1:15", "1:11 18:2 19:2", BOARD_WHITE);
    assert_int_equal(movegen_plays(&b, &r, (roll_t){6, 5}, buf), 1);
    const play_t *p = movegen_play(buf, 0);
    assert_int_equal(p->nsteps, 0);
    assert_true(board_equal(&p->after, &b));
}

static void immediate_and_whole_roll_wins(void **state)
{
    (void)state;
    /* C25: Helmfrid may make jan with the smaller die; Lyckans Talisman may not */
    const char *w = "24:14 bar:1", *k = "1:2 3 5 13 19:2 20:5 bar:3";
    rules_t h = tr("helmfrid"), lt = tr("lyckans-talisman");
    board_t b = tb("helmfrid", w, k, BOARD_WHITE);
    int n = movegen_plays(&b, &h, (roll_t){6, 1}, buf);
    assert_int_equal(n, 2);
    int jan = 0;
    for (int i = 0; i < n; i++)
        if (movegen_play(buf, i)->outcome.kind == OUT_JAN)
            jan++;
    assert_int_equal(jan, 1);
    n = movegen_plays(&b, &lt, (roll_t){6, 1}, buf);
    assert_int_equal(n, 1);
    assert_int_equal(movegen_play(buf, 0)->outcome.kind, OUT_NONE);
    assert_int_equal(movegen_play(buf, 0)->steps[0].to, 6);
}

static void capacity_is_enough(void **state)
{
    (void)state;
    /* many free checkers and 1-1: every combination of four single steps */
    rules_t r = tr("backgammon");
    board_t b = tb("backgammon", "24 23 22 21 20 19 18 17 16 15 14 13 12 11 10",
                   "24 23 22 21 20 19 18 17 16 off:6", BOARD_WHITE);
    int n = movegen_plays(&b, &r, (roll_t){1, 1}, buf);
    assert_true(n > 100);
    assert_true(n < MOVEGEN_MAX_PLAYS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(step_reasons),     cmocka_unit_test(start_position),
        cmocka_unit_test(nothing_to_play),  cmocka_unit_test(immediate_and_whole_roll_wins),
        cmocka_unit_test(capacity_is_enough),
    };
    return cmocka_run_group_tests(tests, buf_setup, buf_teardown);
}
