/* test_join.c - nets joined into one (nn_join, evalnet_join): the joined
 * net's softmax is the normalised geometric mean of its parts', the
 * average of their logits, for nets of any widths; nets that do not fit
 * together are refused. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/dice.h"
#include "analysis/evalnet.h"

/* A net with random weights and hidden biases that are not all zero. */
static nn_t *random_net(int inputs, int hidden, int classes, uint64_t seed)
{
    nn_t *n = nn_new(inputs, hidden, classes);
    assert_non_null(n);
    nn_init_random(n, seed);
    for (int j = 0; j < hidden; j++)
        n->b1[j] = 0.03f * (float)(j % 7) - 0.09f;
    for (int c = 0; c < classes; c++)
        n->b2[c] = 0.1f * (float)c - 0.2f;
    return n;
}

static void join_averages_logits(void **state)
{
    (void)state;
    nn_t *a = random_net(120, 24, 6, 1), *b = random_net(120, 40, 6, 2), *c = random_net(120, 9, 6, 3);
    const nn_t *two[] = {a, b}, *three[] = {a, b, c};
    nn_t *ab = nn_join(two, 2), *abc = nn_join(three, 3);
    assert_non_null(ab);
    assert_non_null(abc);
    assert_int_equal(ab->hidden, 64);
    assert_int_equal(abc->hidden, 73);
    /* the parts' input weights side by side */
    for (int i = 0; i < 120; i++) {
        assert_memory_equal(&ab->w1[i * 64], &a->w1[i * 24], sizeof(float) * 24);
        assert_memory_equal(&ab->w1[i * 64 + 24], &b->w1[i * 40], sizeof(float) * 40);
    }
    uint64_t rng = 11;
    double worst = 0;
    for (int t = 0; t < 200; t++) {
        nn_input_t x = {0};
        for (int i = 0; i < 120; i++)
            if (dice_below(&rng, 8) == 0)
                nn_input_add(&x, i, (float)(1 + dice_below(&rng, 3)) * 0.5f);
        nn_act_t pa, pb, pc, pab, pabc;
        nn_forward(a, &x, &pa);
        nn_forward(b, &x, &pb);
        nn_forward(c, &x, &pc);
        nn_forward(ab, &x, &pab);
        nn_forward(abc, &x, &pabc);
        /* softmax of the mean logit: proportional to the geometric mean */
        double g2[6], g3[6], s2 = 0, s3 = 0;
        for (int k = 0; k < 6; k++) {
            g2[k] = sqrt((double)pa.p[k] * (double)pb.p[k]);
            g3[k] = cbrt((double)pa.p[k] * (double)pb.p[k] * (double)pc.p[k]);
            s2 += g2[k];
            s3 += g3[k];
        }
        for (int k = 0; k < 6; k++) {
            double d2 = fabs(g2[k] / s2 - (double)pab.p[k]), d3 = fabs(g3[k] / s3 - (double)pabc.p[k]);
            worst = fmax(worst, fmax(d2, d3));
        }
    }
    assert_true(worst < 1e-5);
    /* one net joined alone is itself */
    const nn_t *one[] = {a};
    nn_t *solo = nn_join(one, 1);
    assert_non_null(solo);
    assert_memory_equal(solo->w2, a->w2, sizeof(float) * 24 * 6);
    /* nets that do not fit together */
    nn_t *other_inputs = random_net(100, 8, 6, 4), *other_classes = random_net(120, 8, 4, 5),
         *wide = random_net(120, NN_MAX_HIDDEN - 30, 6, 6);
    const nn_t *bad1[] = {a, other_inputs}, *bad2[] = {a, other_classes}, *bad3[] = {wide, b};
    assert_null(nn_join(bad1, 2));
    assert_null(nn_join(bad2, 2));
    assert_null(nn_join(bad3, 2));
    assert_null(nn_join(two, 0));
    nn_free(other_inputs);
    nn_free(other_classes);
    nn_free(wide);
    nn_free(solo);
    nn_free(ab);
    nn_free(abc);
    nn_free(a);
    nn_free(b);
    nn_free(c);
}

/* Two bräde nets joined: both phases, the first's header and pruning
 * nets, a weights file like any net's; nets of other rulesets refused. */
static void evalnet_join_keeps_the_first(void **state)
{
    (void)state;
    rules_t r = tr("vasa"), bg = tr("backgammon");
    evalnet_t *a = evalnet_new(&r, 16, 1), *b = evalnet_new(&r, 24, 2), *g = evalnet_new(&bg, 16, 3);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(g);
    assert_true(evalnet_prune_new(a, 4, 1));
    a->games = 1234;
    const evalnet_t *parts[] = {a, b}, *mixed[] = {a, g};
    evalnet_t *j = evalnet_join(parts, 2);
    assert_non_null(j);
    assert_int_equal(j->hidden, 40);
    assert_int_equal(j->games, 1234);
    assert_string_equal(j->rules, a->rules);
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        assert_int_equal(j->net[ph]->hidden, 40);
        assert_non_null(j->prune[ph]);
        assert_ptr_not_equal(j->prune[ph], a->prune[ph]);
        assert_memory_equal(j->prune[ph]->w2, a->prune[ph]->w2, sizeof(float) * 4 * (size_t)a->classes);
    }
    assert_null(evalnet_join(mixed, 2));
    /* a net like any other: its weights file reads back, valuing the same */
    size_t len;
    char *text = evalnet_format(j, &len);
    assert_non_null(text);
    evalnet_error_t err;
    evalnet_t *back = evalnet_parse(text, len, &err);
    assert_non_null(back);
    assert_int_equal(back->hidden, 40);
    assert_true(evalnet_fingerprint(back) == evalnet_fingerprint(j));
    board_t start;
    board_start(&start, r.geometry, 0);
    evalnet_scratch_t s = {0};
    eval_t ej, eback;
    evalnet_eval(j, &start, &r, &s, &ej);
    evalnet_eval(back, &start, &r, &s, &eback);
    assert_true(ej.equity == eback.equity);
    evalnet_free(back);
    free(text);
    evalnet_free(j);
    evalnet_free(a);
    evalnet_free(b);
    evalnet_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(join_averages_logits),
        cmocka_unit_test(evalnet_join_keeps_the_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
