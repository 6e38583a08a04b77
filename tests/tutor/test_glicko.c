/*
 * test_glicko.c - Glicko-2 against Glickman's worked example, and the
 * tutor's use of it: a period without games, the direction of each
 * result, where the deviation settles, the puzzle ratings (cmocka).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tutor/glicko.h"

/* Glickman's example: 1500 / 200 / 0.06 against 1400/30 (won),
 * 1550/100 (lost) and 1700/300 (lost), tau 0.5: 1464.06, 151.52, 0.05999. */
static void test_glickman_example(void **state)
{
    (void)state;
    glicko_t g = {1500.0, 200.0, 0.06};
    glicko_game_t games[] = {{1400.0, 30.0, 1.0}, {1550.0, 100.0, 0.0}, {1700.0, 300.0, 0.0}};
    glicko_t r = glicko_update_raw(g, games, 3, 0.5);
    assert_true(fabs(r.rating - 1464.06) < 0.01);
    assert_true(fabs(r.deviation - 151.52) < 0.01);
    assert_true(fabs(r.volatility - 0.05999) < 0.00001);
}

/* A period without games only widens the deviation. */
static void test_no_games(void **state)
{
    (void)state;
    glicko_t g = {1600.0, 100.0, 0.06};
    glicko_t r = glicko_update_raw(g, NULL, 0, GLICKO_TAU);
    assert_true(r.rating == 1600.0);
    assert_true(r.deviation > 100.0 && r.deviation < 101.0);
}

/* Wins raise, losses lower, hints halfway; the deviation settles a little
 * above its floor (each attempt adds the volatility back). */
static void test_direction_and_floor(void **state)
{
    (void)state;
    glicko_t g = glicko_start();
    glicko_game_t win = {glicko_puzzle_rating(3), GLICKO_PUZZLE_RD, 1.0};
    glicko_game_t loss = {glicko_puzzle_rating(3), GLICKO_PUZZLE_RD, 0.0};
    glicko_game_t half = {glicko_puzzle_rating(3), GLICKO_PUZZLE_RD, 0.5};
    assert_true(glicko_update(g, &win, 1, GLICKO_TAU).rating > g.rating);
    assert_true(glicko_update(g, &loss, 1, GLICKO_TAU).rating < g.rating);
    /* 0.5 against an equal opponent leaves the rating where it is */
    assert_true(fabs(glicko_update(g, &half, 1, GLICKO_TAU).rating - g.rating) < 1e-6);
    /* an easy puzzle solved moves the rating less than a hard one */
    glicko_game_t easy = {glicko_puzzle_rating(1), GLICKO_PUZZLE_RD, 1.0};
    glicko_game_t hard = {glicko_puzzle_rating(5), GLICKO_PUZZLE_RD, 1.0};
    assert_true(glicko_update(g, &easy, 1, GLICKO_TAU).rating < glicko_update(g, &hard, 1, GLICKO_TAU).rating);
    for (int i = 0; i < 200; i++)
        g = glicko_update(g, i % 2 ? &win : &loss, 1, GLICKO_TAU);
    assert_true(g.deviation >= GLICKO_MIN_RD && g.deviation < 100.0); /* settled: each attempt adds volatility */
    assert_true(fabs(g.rating - 1500.0) < 150.0);
    /* expected scores: even against an equal, more against a weaker one */
    glicko_t s = glicko_start();
    assert_true(fabs(glicko_expect(s, 1500.0, 80.0) - 0.5) < 1e-9);
    assert_true(glicko_expect(s, 1100.0, 80.0) > 0.6);
}

static void test_puzzle_ratings(void **state)
{
    (void)state;
    assert_true(glicko_puzzle_rating(1) == 1100.0);
    assert_true(glicko_puzzle_rating(3) == 1500.0);
    assert_true(glicko_puzzle_rating(5) == 1900.0);
    assert_true(glicko_puzzle_rating(0) == 1100.0);
    assert_true(glicko_puzzle_rating(9) == 1900.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_glickman_example),
        cmocka_unit_test(test_no_games),
        cmocka_unit_test(test_direction_and_floor),
        cmocka_unit_test(test_puzzle_ratings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
