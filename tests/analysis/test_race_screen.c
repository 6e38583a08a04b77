/* test_race_screen.c - the race screen of search_position: in a bräde race
 * the replies are screened by their static values and only the kept ones
 * take the exact lookahead; in contact every reply is screened with it. */
#include <math.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/dice.h"
#include "analysis/evalnet.h"
#include "analysis/search.h"
#include "engine/posid.h"

/* A theboard race (the seed-3 race judge's) and a vasa contact position
 * with checkers on the bar (lab/docs/brade-judges.md's vasa 80). */
static const char *RACE_ID = "BAACw3QEAAQAAAA", *CONTACT_ID = "BJ4B52EA/AmTcAA";

/* A reply's value for the side that makes it: its static value, or with
 * the lookahead (eval_play). */
static double reply_value(eval_ctx_t *e, const play_t *p, bool full)
{
    eval_t v;
    if (full || p->outcome.kind != OUT_NONE) {
        eval_play(e, p, &v);
        return v.equity;
    }
    board_t next = p->after;
    board_swap(&next);
    eval_static(e, &next, &v);
    return -v.equity;
}

/* The 1-ply value of b worked out by hand, every reply screened (no
 * pruning nets): per roll the best reply by its full value, or (screen)
 * the better by full value of the two best by static value. */
static double by_hand(eval_ctx_t *e, const rules_t *r, const board_t *b, bool screen)
{
    movegen_buf_t *buf = movegen_buf_new();
    double total = 0;
    for (int k = 0; k < DICE_ROLLS; k++) {
        int w;
        roll_t roll = dice_roll(k, &w);
        int n = movegen_plays(b, r, roll, buf);
        assert_true(n > 0);
        double best = -1e300;
        if (!screen) {
            for (int i = 0; i < n; i++)
                best = fmax(best, reply_value(e, movegen_play(buf, i), true));
        } else {
            int top[2] = {-1, -1};
            double key[2] = {-1e300, -1e300};
            for (int i = 0; i < n; i++) { /* the first offered wins a tie, as topk_offer */
                double v = reply_value(e, movegen_play(buf, i), false);
                if (v > key[0]) {
                    top[1] = top[0], key[1] = key[0];
                    top[0] = i, key[0] = v;
                } else if (v > key[1]) {
                    top[1] = i, key[1] = v;
                }
            }
            for (int j = 0; j < 2; j++)
                if (top[j] >= 0)
                    best = fmax(best, reply_value(e, movegen_play(buf, top[j]), true));
        }
        total += best * w / 36.0;
    }
    movegen_buf_free(buf);
    return total;
}

/* In the race the search's 1-ply value is the screened one (never above
 * the value with every reply looked ahead, and here below it); in contact
 * it is the unscreened one. */
static void race_screen_in_races_only(void **state)
{
    (void)state;
    struct {
        const char *rules, *id;
        bool race;
    } cases[] = {{"theboard", RACE_ID, true}, {"vasa", CONTACT_ID, false}};
    for (int i = 0; i < 2; i++) {
        rules_t r = tr(cases[i].rules);
        board_t b;
        assert_true(posid_read(r.geometry, cases[i].id, &b));
        assert_int_equal(evalnet_phase(&b) == EVALNET_RACE, cases[i].race);
        search_ctx_t *c = search_ctx_new(&r, EVAL_DEFAULT);
        assert_int_equal(c->eval->kind, EVAL_NET);
        search_opts_t o;
        search_default_opts(1, &o);
        o.prune = 0; /* every reply screened: no pruning nets to copy */
        eval_t v;
        search_position(c, &b, 1, &o, &v);
        double screened = by_hand(c->eval, &r, &b, true), full = by_hand(c->eval, &r, &b, false);
        if (cases[i].race) {
            assert_true(fabs(v.equity - screened) < 1e-9);
            assert_true(screened <= full + 1e-12);
            assert_true(screened < full - 1e-6); /* the screen left a better reply out here */
        } else {
            assert_true(fabs(v.equity - full) < 1e-9);
        }
        search_ctx_free(c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(race_screen_in_races_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
