/* test_giveup.c - the decision to give up (analysis/giveup.h): the rolls
 * that take the right away are exactly the rolls that force the janblotta
 * out (content/goal.c computes those on its own, and the puzzles state
 * them), the option to give up after the roll is counted, and the
 * decision after one roll is that roll's best play against the cost. */
#include <math.h>

#include "../unit/test_util.h"

#include "analysis/giveup.h"
#include "content/goal.h"

static search_ctx_t *ctx(const char *rules)
{
    rules_t r = tr(rules);
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    assert_non_null(sc);
    return sc;
}

/* The breach rolls as a goal roll set. */
static uint32_t breach_set(const giveup_eval_t *e)
{
    uint32_t set = 0;
    for (int k = 0; k < DICE_ROLLS; k++)
        if (!e->rolls[k].keeps)
            set |= 1u << goal_roll_index(e->rolls[k].roll);
    return set;
}

/* Positions of puzzles/10-giving-up.yaml (white to roll, count 6). */
static const char *W[] = {"1:10 2 5 6 7 8", "1:10 5 7 8 9 10", "1:10 3 5 6 7 8"};
static const char *B[] = {"4 7 11 12:2 15:2 21:2 22:2 23:2 24:2", "1:4 5 8 9 16:2 18:2 23:2 24:2",
                          "1:2 4 6 8 9 11 21:2 22:2 23:2 24:2"};

static void breach_rolls_are_the_forced_janblotta_rolls(void **state)
{
    (void)state;
    search_ctx_t *sc = ctx("lyckans-talisman");
    movegen_buf_t *buf = movegen_buf_new();
    assert_non_null(buf);
    rules_t r = tr("lyckans-talisman");
    for (int i = 0; i < 3; i++) {
        board_t b = tb("lyckans-talisman", W[i], B[i], BOARD_WHITE);
        assert_true(giveup_allowed(&b, &r));
        giveup_eval_t e;
        assert_true(giveup_before_roll(sc, &b, 0, &e));
        uint32_t forced;
        assert_true(goal_rolls(GOAL_JANBLOTTA_OUT, true, &b, &r, buf, &forced));
        assert_int_equal(breach_set(&e), forced);
        assert_int_equal(e.breach, goal_rolls_weight(forced));
        assert_int_equal(e.cost, 1);
        /* the value: after a roll that keeps the right, no worse than the
         * cost; the mean is made of the parts */
        double sum = 0;
        for (int k = 0; k < DICE_ROLLS; k++) {
            const giveup_roll_t *g = &e.rolls[k];
            sum += g->weight * (g->keeps ? fmax(g->best, -1.0) : g->best);
        }
        assert_true(fabs(sum / 36 - e.play_on) < 1e-9);
        assert_true(fabs(e.breach * e.breach_mean + (36 - e.breach) * e.keep_mean - sum) < 1e-9);
        assert_true(e.give_up == (e.play_on < -1.0));
        /* a roll that forces the janblotta out leaves no decision after it */
        for (int k = 0; k < DICE_ROLLS; k++) {
            giveup_eval_t a;
            assert_true(giveup_after_roll(sc, &b, e.rolls[k].roll, 0, &a));
            assert_int_equal(a.rolls[0].keeps, e.rolls[k].keeps);
            assert_true(fabs(a.play_on - e.rolls[k].best) < 1e-9);
        }
    }
    movegen_buf_free(buf);
    search_ctx_free(sc);
}

/* Count 5: no roll can force the janblotta out, so rolling first is worth
 * at least what giving up costs, however bad the position. */
static void no_breach_means_roll_first(void **state)
{
    (void)state;
    search_ctx_t *sc = ctx("lyckans-talisman");
    board_t b = tb("lyckans-talisman", "1:11 2 5 7 8", B[0], BOARD_WHITE);
    giveup_eval_t e;
    assert_true(giveup_before_roll(sc, &b, 0, &e));
    assert_int_equal(e.breach, 0);
    assert_true(e.play_on >= -1.0 - 1e-12);
    assert_false(e.give_up);
    search_ctx_free(sc);
}

/* Who may give up, by the board: not with a band in the third or fourth
 * quarter, not with the janblotta out, never under The Board; the cost is
 * the scoring table's (Ny 2: 4). */
static void allowed_and_cost(void **state)
{
    (void)state;
    rules_t lt = tr("lyckans-talisman"), board = tr("theboard");
    board_t ok = tb("lyckans-talisman", "1:10 2 4 9 11 12", "1:15", BOARD_WHITE);
    assert_true(giveup_allowed(&ok, &lt));
    assert_false(giveup_allowed(&ok, &board));
    board_t band = tb("lyckans-talisman", "1:12 2 14:2", "1:15", BOARD_WHITE);
    assert_false(giveup_allowed(&band, &lt));
    board_t out = tb("lyckans-talisman", "1:9 2 3 5 7 9 11", "1:15", BOARD_WHITE);
    assert_false(giveup_allowed(&out, &lt));
    search_ctx_t *sc = ctx("lyckans-talisman+scoring=ny2");
    board_t b = tb("lyckans-talisman", W[0], B[0], BOARD_WHITE);
    giveup_eval_t e;
    assert_true(giveup_after_roll(sc, &b, (roll_t){6, 5}, 0, &e));
    assert_int_equal(e.cost, 4);
    assert_true(e.give_up == (e.play_on < -4.0));
    search_ctx_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(breach_rolls_are_the_forced_janblotta_rolls),
        cmocka_unit_test(no_breach_means_roll_first),
        cmocka_unit_test(allowed_and_cost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
