/* test_eval_cache.c - the evaluation caches a 2-ply ranking turns on
 * (eval_ctx_cache): the same numbers as without them, and never another
 * evaluator's answer. */
#include <math.h>
#include <stdlib.h>

#include "../unit/test_util.h"
#include "fixture_net.h"

#include "analysis/evalnet.h"
#include "analysis/search.h"
#include "engine/posid.h"

/* A theboard race with checkers borne off (from the seed-3 race judge):
 * its 2-ply ranking meets many positions where a roll may end the game. */
static const char *RACE_ID = "BAACw3QEAAQAAAA";

/* Each play the 2-ply ranking valued (with the caches on) is worth, to the
 * last bit, what a context without caches makes of it; the ending cache
 * answered, and the one without never did. */
static void ranking_same_without_caches(void **state)
{
    (void)state;
    rules_t r = tr("theboard");
    board_t b;
    assert_true(posid_read(r.geometry, RACE_ID, &b));
    search_ctx_t *c = search_ctx_new(&r, EVAL_DEFAULT);
    search_ctx_t *plain = search_ctx_new(&r, EVAL_DEFAULT);
    assert_non_null(c);
    assert_non_null(plain);
    assert_int_equal(c->eval->kind, EVAL_NET);
    search_opts_t o;
    search_default_opts(2, &o);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    int n = search_rank(c, &b, (roll_t){2, 5}, &o, sp);
    assert_true(n > 1);
    assert_true(c->eval->lookaheads > 0);
    assert_true(c->eval->ending_hits > 0);
    int checked = 0;
    for (int i = 0; i < n; i++) {
        if (sp[i].plies != 2 || sp[i].play.outcome.kind != OUT_NONE)
            continue;
        eval_t e;
        search_play_value(plain, &sp[i].play, 2, &o, &e);
        assert_memory_equal(&e, &sp[i].value, sizeof e);
        checked++;
    }
    assert_true(checked >= 2);
    assert_int_equal(plain->eval->ending_hits, 0);
    free(sp);
    search_ctx_free(plain);
    search_ctx_free(c);
}

/* Two white checkers left on 20 and 21 (13 off): some rolls bear both off,
 * others do not, so the lookahead's value depends on the evaluator. */
static const char *NEAR_W = "20 21 off:13", *NEAR_B = "11 14:3 15:3 16:3 17:3 18:2";

/* Answered from the cache the second time, with the same numbers; a net
 * put in the context's hands turns the cache off (it held the old net's
 * answers) and a new start answers with the new net's values. */
static void ending_cache_follows_the_net(void **state)
{
    (void)state;
    rules_t r = tr("vasa");
    board_t b = tb("vasa", NEAR_W, NEAR_B, BOARD_WHITE);
    assert_true(eval_may_end_now(&b, &r));
    eval_ctx_t *c = eval_ctx_new(&r, EVAL_DEFAULT);
    assert_non_null(c);
    eval_t shipped, again;
    eval_position(c, &b, &shipped);
    assert_int_equal(c->lookaheads, 1);

    eval_ctx_cache(c, true);
    eval_position(c, &b, &again); /* a miss: computed and kept */
    assert_int_equal(c->ending_hits, 0);
    eval_position(c, &b, &again); /* a hit */
    assert_int_equal(c->ending_hits, 1);
    assert_int_equal(c->lookaheads, 2);
    assert_memory_equal(&again, &shipped, sizeof again);

    evalnet_t *other = fixture_net("vasa-160.net");
    eval_ctx_t *fresh = eval_ctx_new(&r, EVAL_DEFAULT);
    assert_true(eval_ctx_set_net(fresh, other));
    eval_t want;
    eval_position(fresh, &b, &want);
    assert_true(fabs(want.equity - shipped.equity) > 1e-9); /* the nets differ here */

    assert_true(eval_ctx_set_net(c, other));
    eval_t got;
    eval_position(c, &b, &got);
    assert_int_equal(c->ending_hits, 1);
    assert_memory_equal(&got, &want, sizeof got);
    eval_ctx_cache(c, true);
    eval_position(c, &b, &got);
    eval_position(c, &b, &got);
    assert_int_equal(c->ending_hits, 2);
    assert_memory_equal(&got, &want, sizeof got);

    /* off, it is not asked */
    eval_ctx_cache(c, false);
    eval_position(c, &b, &got);
    assert_int_equal(c->ending_hits, 2);
    eval_ctx_free(fresh);
    eval_ctx_free(c);
    evalnet_free(other);
}

/* The linear model's context has the ending cache too, and a change of
 * weights turns it off. */
static void ending_cache_follows_the_weights(void **state)
{
    (void)state;
    rules_t r = tr("vasa");
    board_t b = tb("vasa", NEAR_W, NEAR_B, BOARD_WHITE);
    eval_ctx_t *c = eval_ctx_new(&r, EVAL_LINEAR);
    assert_non_null(c);
    eval_ctx_cache(c, true);
    eval_t e1, e2;
    eval_position(c, &b, &e1);
    eval_position(c, &b, &e2);
    assert_int_equal(c->ending_hits, 1);
    assert_memory_equal(&e1, &e2, sizeof e1);
    eval_ctx_set_weights(c, c->weights);
    eval_position(c, &b, &e2);
    assert_int_equal(c->ending_hits, 1);
    eval_ctx_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranking_same_without_caches),
        cmocka_unit_test(ending_cache_follows_the_net),
        cmocka_unit_test(ending_cache_follows_the_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
