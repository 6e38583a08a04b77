/*
 * test_steps.c - a play made one click at a time (tutor/steps.h): a move
 * by one die and by both, the text as typed, a refused step with its rule,
 * the play's end, a move taken back (board, dice and text as before it),
 * and where a checker may go (cmocka).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tutor/steps.h"

/* Lyckans Talisman's start, white to play 6-1. */
static void start(steps_state_t *s, const rules_t **r)
{
    *r = rules_preset("lyckans-talisman");
    board_t b;
    board_start(&b, (*r)->geometry, BOARD_WHITE);
    steps_start(s, &b, (roll_t){6, 1});
}

/* One die, then the other: the text as typed, the play complete. */
static void test_two_moves(void **state)
{
    (void)state;
    steps_state_t s;
    const rules_t *r;
    start(&s, &r);
    int dice;
    char why[512];
    assert_true(steps_move(&s, r, LANG_EN, 1, 7, &dice, why, sizeof why));
    assert_int_equal(dice, 1);
    assert_int_equal(s.nleft, 1);
    assert_false(steps_complete(&s, r));
    assert_true(steps_move(&s, r, LANG_EN, 1, 2, &dice, why, sizeof why));
    assert_string_equal(s.text, "1/7 1/2");
    assert_true(steps_complete(&s, r));
}

/* A move by both dice in a row is one move of two dice. */
static void test_both_dice(void **state)
{
    (void)state;
    steps_state_t s;
    const rules_t *r;
    start(&s, &r);
    int dice;
    char why[512];
    assert_true(steps_move(&s, r, LANG_EN, 1, 8, &dice, why, sizeof why));
    assert_int_equal(dice, 2);
    assert_int_equal(s.nleft, 0);
    assert_int_equal(s.moves, 1);
    assert_true(steps_complete(&s, r));
}

/* A step from a point without a checker of the mover's: refused with the
 * rule and the ruleset, nothing changed. */
static void test_refused(void **state)
{
    (void)state;
    steps_state_t s, before;
    const rules_t *r;
    start(&s, &r);
    before = s;
    int dice;
    char why[512];
    assert_false(steps_move(&s, r, LANG_EN, 5, 11, &dice, why, sizeof why));
    assert_non_null(strstr(why, "no checker on your 5 point"));
    assert_non_null(strstr(why, "lyckans-talisman"));
    assert_memory_equal(&s, &before, sizeof s);
}

/* Taking back a move: the board, the dice and the text as before it;
 * then the first too; then nothing is left to take back. */
static void test_back(void **state)
{
    (void)state;
    steps_state_t s, after_first;
    const rules_t *r;
    start(&s, &r);
    int dice;
    char why[512];
    assert_true(steps_move(&s, r, LANG_EN, 1, 7, &dice, why, sizeof why));
    after_first = s;
    assert_true(steps_move(&s, r, LANG_EN, 7, 8, &dice, why, sizeof why));
    assert_string_equal(s.text, "1/7 7/8");
    assert_true(steps_back(&s, r));
    assert_true(board_equal(&s.board, &after_first.board));
    assert_string_equal(s.text, "1/7");
    assert_int_equal(s.nleft, 1);
    assert_int_equal(s.left[0], 1);
    assert_true(steps_back(&s, r));
    assert_true(board_equal(&s.board, &s.start));
    assert_string_equal(s.text, "");
    assert_int_equal(s.nleft, 2);
    assert_false(steps_back(&s, r));
}

/* Where a checker may go: from the start with 6-1, the checkers on 1 go
 * to 2, 7 or 8; a point without one of the mover's goes nowhere; after
 * 1/7, the last die takes a checker from 1 to 2 or from 7 to 8. */
static void test_targets(void **state)
{
    (void)state;
    steps_state_t s;
    const rules_t *r;
    start(&s, &r);
    movegen_buf_t *legal = movegen_buf_new();
    assert_non_null(legal);
    int nl = movegen_plays(&s.start, r, s.roll, legal);
    int to[25];
    int n = steps_targets(&s, r, &s.start, s.roll, legal, nl, 1, to);
    assert_int_equal(n, 3);
    assert_int_equal(to[0], 2);
    assert_int_equal(to[1], 7);
    assert_int_equal(to[2], 8);
    assert_int_equal(steps_targets(&s, r, &s.start, s.roll, legal, nl, 5, to), 0);
    int dice;
    char why[512];
    assert_true(steps_move(&s, r, LANG_EN, 1, 7, &dice, why, sizeof why));
    n = steps_targets(&s, r, &s.start, s.roll, legal, nl, 7, to);
    assert_int_equal(n, 1);
    assert_int_equal(to[0], 8);
    movegen_buf_free(legal);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_moves), cmocka_unit_test(test_both_dice), cmocka_unit_test(test_refused),
        cmocka_unit_test(test_back),      cmocka_unit_test(test_targets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
