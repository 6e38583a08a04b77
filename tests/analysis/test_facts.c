/* test_facts.c - exact facts over the 36 rolls, on hand-checked positions
 * (rules.md C5, C7, one-roll endings, a direct shot). */
#include "../unit/test_util.h"

#include "analysis/dice.h"
#include "analysis/facts.h"
#include "../unit/test_genbuf.h"


static void roll_table(void **state)
{
    (void)state;
    int total = 0, doubles = 0;
    bool seen[7][7] = {{false}};
    for (int k = 0; k < DICE_ROLLS; k++) {
        int w;
        roll_t r = dice_roll(k, &w);
        assert_true(r.a >= r.b && r.b >= 1 && r.a <= 6);
        assert_false(seen[r.a][r.b]);
        seen[r.a][r.b] = true;
        assert_int_equal(w, r.a == r.b ? 1 : 2);
        total += w;
        doubles += r.a == r.b;
    }
    assert_int_equal(total, 36);
    assert_int_equal(doubles, 6);
}

/* C5: black to roll; the 20 rolls without a six that are not doubles force
 * the janblotta out, the other 16 do not. */
static void c5_janblotta(void **state)
{
    (void)state;
    const char *names[] = {"lyckans-talisman", "helmfrid", "vasa"};
    for (int i = 0; i < 3; i++) {
        rules_t r = tr(names[i]);
        board_t b = tb(names[i], "1:1 9:1 15:1 20:3 21:3 22:2 23:2 24:2",
                       "1:6 2:1 4:1 5:1 6:1 7:1 14:2 15:2", BOARD_BLACK);
        facts_t f;
        facts_position(&b, &r, buf, &f);
        assert_int_equal(f.janblotta[0], 6);
        assert_int_equal(f.jb_forced, 20);
        assert_int_equal(f.wins.any, 0);
        assert_int_equal(f.no_move, 0);
        /* the forcing rolls are exactly the non-doubles without a six */
        for (int k = 0; k < DICE_ROLLS; k++) {
            int w;
            roll_t roll = dice_roll(k, &w);
            int n = movegen_plays(&b, &r, roll, buf);
            bool all_out = true;
            for (int j = 0; j < n; j++)
                if (board_janblotta_count(&movegen_play(buf, j)->after, 0) < 7)
                    all_out = false;
            assert_int_equal(all_out, roll.a != roll.b && roll.a != 6);
        }
    }
}

/* C7: white on the bar; a 4 or a 5 makes sprängjan (20/36); 1, 3, 6 only
 * cannot enter (9/36). */
static void c7_sprangjan(void **state)
{
    (void)state;
    const char *names[] = {"lyckans-talisman", "helmfrid", "vasa"};
    for (int i = 0; i < 3; i++) {
        rules_t r = tr(names[i]);
        board_t b = tb(names[i], "1:2 3 6 15:2 17 18:2 20:2 21:3 bar:1",
                       "2 4 14:2 16:3 17:3 20:3 bar:2", BOARD_WHITE);
        facts_t f;
        facts_position(&b, &r, buf, &f);
        assert_int_equal(f.wins.by_kind[OUT_SPRANGJAN], 20);
        assert_int_equal(f.wins.by_kind[OUT_JAN], 0);
        assert_int_equal(f.wins.any, 20);
        assert_int_equal(f.no_move, 9);
        assert_int_equal(f.enter, 27);
        assert_int_equal(f.enter_all, 27);
        assert_int_equal(f.blast, 27);
        assert_int_equal(f.free_entry[0], 0);
        assert_int_equal(f.bar[0], 1);
        assert_int_equal(facts_sprangjan_rolls(&b, &r, buf), 20);
    }
}

/* The last checker on 22 (14 off), a black blot on white's 23: every roll
 * wins; the 11 rolls with a 1 can hit on the way and win with munk. */
static void one_roll_ending(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    board_t b = tb("lyckans-talisman", "22 off:14", "11 14:3 15:3 16:3 17:3 18:2", BOARD_WHITE);
    facts_wins_t w;
    facts_wins(&b, &r, buf, &w);
    assert_int_equal(w.any, 36);
    assert_int_equal(w.by_kind[OUT_HEMSPEL], 36);
    assert_int_equal(w.munk, 11);
    assert_int_equal(w.best_points, 11 * 2 + 25 * 1);
    /* C2: the last checker on 20: 1-1, 2-1, 3-1 cannot bear it off (5 rolls);
     * munk needs 20/23* first (a 3 with a die of 2 or more): 9 rolls */
    board_t c2 = tb("lyckans-talisman", "20 off:14", "11 14:3 15:3 16:3 17:3 18:2", BOARD_WHITE);
    facts_wins(&c2, &r, buf, &w);
    assert_int_equal(w.any, 31);
    assert_int_equal(w.munk, 9);
    /* exact-only bearing off: only the exact 5, 3-2, 4-1 and from 23/24 with 2 or 1 */
    rules_t ex = tr("lyckans-talisman+bearoff=exact-only");
    facts_wins(&c2, &ex, buf, &w);
    assert_true(w.any < 31);
}

/* One white blot six pips in front of one black checker, nothing in
 * between: the classic 17 of 36 shots. */
static void direct_six_shot(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    board_t b = tb("lyckans-talisman", "1:14 20", "2 12:14", BOARD_WHITE);
    facts_shots_t s;
    facts_shots_now(&b, &r, buf, &s);
    assert_int_equal(s.hit, 17);
    assert_int_equal(s.any, 17);
    assert_int_equal(s.jan, 0);
    assert_int_equal(s.blast, 0);
    /* a white band between them at 17 (black's 5) blocks 4-1... and 5-1 lands
     * on it: only the direct 6s, 4-2 via black's 4 or 6, 3-3 via 5 (blocked)
     * and 2-2 via 4 and 6 remain */
    board_t c = tb("lyckans-talisman", "1:12 17:2 20", "2 12:14", BOARD_WHITE);
    facts_shots_now(&c, &r, buf, &s);
    assert_int_equal(s.hit, 11 + 2 + 2 + 1);
    /* backgammon: the same shape, 17 shots */
    rules_t bg = tr("backgammon");
    board_t g = tb("backgammon", "24:2 13:5 8:3 6:4 5", "24:2 13:4 8:3 6:5 11", BOARD_WHITE);
    facts_shots_now(&g, &bg, buf, &s);
    assert_true(s.hit > 0 && s.hit < 36);
    assert_int_equal(s.jan, 0);
}

/* Shots after a play equal the shots "now" of the position after it. */
static void shots_after(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    board_t b = tb("lyckans-talisman", "1:14 16", "2 12:14", BOARD_WHITE);
    int n = movegen_plays(&b, &r, (roll_t){6, 0 + 3}, buf);
    assert_true(n > 0);
    movegen_buf_t *other = movegen_buf_new();
    for (int i = 0; i < n; i++) {
        play_t p = *movegen_play(buf, i);
        facts_shots_t a, c;
        facts_shots_after(&p.after, &r, other, &a);
        facts_shots_now(&p.after, &r, other, &c);
        assert_memory_equal(&a, &c, sizeof a);
        assert_true(a.any >= a.hit && a.any <= 36);
    }
    movegen_buf_free(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(roll_table),     cmocka_unit_test(c5_janblotta),
        cmocka_unit_test(c7_sprangjan),   cmocka_unit_test(one_roll_ending),
        cmocka_unit_test(direct_six_shot), cmocka_unit_test(shots_after),
    };
    return cmocka_run_group_tests(tests, buf_setup, buf_teardown);
}
