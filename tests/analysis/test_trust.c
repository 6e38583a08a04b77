/* test_trust.c - how far the engine's margins can be trusted (src/analysis/
 * trust.c): the bands of the measured table, and which evaluators and
 * rulesets the figures belong to. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test_util.h"

#include "analysis/eval.h"
#include "analysis/evalnet.h"
#include "analysis/trust.h"

static const char *const MEASURED[] = {"lyckans-talisman", "helmfrid", "vasa", "theboard", "backgammon"};

/* Margins fall in the band whose lower edge they reach; the last band is
 * open; every preset is measured at the tutor's depth and no other. */
static void bands(void **state)
{
    (void)state;
    trust_t t;
    for (size_t i = 0; i < sizeof MEASURED / sizeof MEASURED[0]; i++) {
        rules_t r = tr(MEASURED[i]);
        int plies = r.geometry == GEOM_BACKGAMMON ? 1 : 2;
        assert_true(trust_lookup(MEASURED[i], plies, 0.0, &t));
        assert_string_equal(t.rules, MEASURED[i]);
        assert_int_equal(t.plies, plies);
        assert_true(t.lo == 0.0 && t.hi == 0.01 && t.pairs > 0);
        assert_true(trust_lookup(MEASURED[i], plies, 0.01, &t));
        assert_true(t.lo == 0.01 && t.hi == 0.02);
        assert_true(trust_lookup(MEASURED[i], plies, 0.0999, &t));
        assert_true(t.lo == 0.08 && t.hi == 0.16);
        assert_true(trust_lookup(MEASURED[i], plies, 5.0, &t));
        assert_true(t.lo == 0.16 && t.hi < 0);
        double last = t.share;
        assert_true(trust_lookup(MEASURED[i], plies, 0.005, &t));
        /* what the judges measured: a margin under 0.01 is reversed far
         * more often than one above 0.16 */
        assert_true(t.share > 0.1 && last < 0.05 && t.share > 4 * last);
        assert_false(trust_lookup(MEASURED[i], plies + 1, 0.005, &t));
        assert_false(trust_lookup(MEASURED[i], 0, 0.005, &t));
        assert_null(t.rules);
    }
    assert_false(trust_lookup("vasa", 2, -0.01, &t));
    assert_false(trust_lookup("no-such-rules", 2, 0.01, &t));
    assert_false(trust_lookup(NULL, 2, 0.01, &t));
}

/* trust_margin of a 0.03 margin `plies` deep, by an evaluator of `kind`
 * for the ruleset `spec`, with `net` in place of its own when not NULL. */
static bool margin_of(const char *spec, eval_kind_t kind, const evalnet_t *net, int plies, trust_t *t)
{
    rules_t r = tr(spec);
    eval_ctx_t *e = eval_ctx_new(&r, kind);
    assert_non_null(e);
    if (net)
        assert_true(eval_ctx_set_net(e, net));
    bool ok = trust_margin(e, plies, 0.03, t);
    eval_ctx_free(e);
    return ok;
}

/* The figures are the shipped nets' on the presets: not a ruleset with an
 * option, not the linear model, not another net. */
static void which_evaluator(void **state)
{
    (void)state;
    trust_t t;
    assert_true(margin_of("vasa", EVAL_NET, NULL, 2, &t));
    assert_string_equal(t.rules, "vasa");
    assert_true(t.lo == 0.02 && t.hi == 0.04);
    assert_false(margin_of("vasa", EVAL_NET, NULL, 1, &t));
    assert_false(margin_of("vasa", EVAL_LINEAR, NULL, 2, &t));
    assert_false(margin_of("vasa+bearoff=exact-only", EVAL_NET, NULL, 2, &t));
    /* helmfrid's net serving vasa is not vasa's shipped net */
    rules_t hf = tr("helmfrid");
    assert_false(margin_of("vasa", EVAL_NET, evalnet_builtin(&hf), 2, &t));
    assert_false(trust_margin(NULL, 2, 0.03, &t));
}

/* Two plays that both end the game have exact values: nothing to be sure
 * of.  One that ends it against one valued by the net is a margin like
 * any other. */
static void plays_that_end_the_game(void **state)
{
    (void)state;
    trust_t t;
    rules_t vasa = tr("vasa");
    eval_ctx_t *e = eval_ctx_new(&vasa, EVAL_NET);
    assert_non_null(e);
    play_t a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    assert_true(trust_plays(e, 2, &a, 0.30, &b, 0.295, &t));
    assert_true(t.lo == 0.0 && t.hi == 0.01);
    a.outcome.kind = OUT_JAN;
    assert_true(trust_plays(e, 2, &a, 4.0, &b, 3.9, &t));
    assert_true(t.lo == 0.08 && t.hi == 0.16);
    b.outcome.kind = OUT_JAN;
    assert_false(trust_plays(e, 2, &a, 4.0, &b, 4.0, &t));
    /* a play the search valued above the best (a filter-cut one) is a
     * margin of nothing */
    b.outcome.kind = OUT_NONE;
    assert_true(trust_plays(e, 2, &a, 0.1, &b, 0.2, &t));
    assert_true(t.lo == 0.0);
    eval_ctx_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bands),
        cmocka_unit_test(which_evaluator),
        cmocka_unit_test(plays_that_end_the_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
