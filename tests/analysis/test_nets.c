/* test_nets.c - the trained evaluator: the network's gradient against
 * finite differences, the forward pass against a plain one, the weights
 * file (round trip, damage, versions, pruning nets), encodings and result
 * classes, the bear-off database against values worked out by hand,
 * training's determinism (threads, resuming, pruning nets), the position
 * cache and the pruned search. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/bearoff.h"
#include "analysis/dice.h"
#include "analysis/eval_model.h"
#include "analysis/evalnet.h"
#include "analysis/search.h"
#include "lab/train.h"

static double cross_entropy(const nn_t *n, const nn_input_t *x, const float *t)
{
    nn_act_t a;
    nn_forward(n, x, &a);
    double l = 0;
    for (int k = 0; k < n->classes; k++)
        if (t[k] > 0)
            l -= (double)t[k] * log((double)a.p[k]);
    return l;
}

/* The step nn_train_step takes is -rate times the gradient of the cross
 * entropy: checked against central differences on weights of every layer. */
static void gradient_matches_finite_differences(void **state)
{
    (void)state;
    nn_t *n = nn_new(20, 7, 4);
    assert_non_null(n);
    nn_init_random(n, 3);
    for (int j = 0; j < 7; j++)
        n->b1[j] = 0.1f * (float)j - 0.3f;
    nn_input_t x = {0};
    nn_input_add(&x, 2, 1.0f);
    nn_input_add(&x, 5, 0.5f);
    nn_input_add(&x, 11, -1.5f);
    nn_input_add(&x, 19, 2.0f);
    float t[4] = {0.1f, 0.6f, 0.0f, 0.3f};
    nn_t *m = nn_new(20, 7, 4);
    long probes[] = {2 * 7 + 3, 11 * 7 + 6, 19 * 7, 140 + 4, 147 + 9, 147 + 27, 175 + 2};
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        long w = probes[i];
        nn_copy(m, n);
        float *p = nn_weight_at(m, w);
        float keep = *p, h = 1e-2f;
        *p = keep + h;
        double up = cross_entropy(m, &x, t);
        *p = keep - h;
        double down = cross_entropy(m, &x, t);
        *p = keep;
        double grad = (up - down) / (2.0 * (double)h);
        nn_act_t a;
        nn_forward(m, &x, &a);
        float rate = 1e-3f;
        nn_train_step(m, &x, &a, t, rate);
        double step = (double)(*nn_weight_at(m, w) - keep) / -(double)rate;
        assert_true(fabs(step - grad) < 2e-3 + 0.02 * fabs(grad));
    }
    /* a weight of an input that is zero does not move */
    nn_copy(m, n);
    nn_act_t a;
    nn_forward(m, &x, &a);
    nn_train_step(m, &x, &a, t, 0.5f);
    assert_true(*nn_weight_at(m, 3 * 7 + 1) == *nn_weight_at(n, 3 * 7 + 1));
    /* and repeated steps learn the target */
    double before = cross_entropy(m, &x, t);
    for (int k = 0; k < 300; k++) {
        nn_forward(m, &x, &a);
        nn_train_step(m, &x, &a, t, 0.2f);
    }
    assert_true(cross_entropy(m, &x, t) < before - 0.05);
    nn_free(m);
    nn_free(n);
}

/* The sigmoid as nn.c computes it eight lanes at a time, one value here:
 * z clamped to [-30, 30], e^-z as 2^n times a degree-6 polynomial. */
static float plain_sigmoid(float z)
{
    float x = -z;
    x = x < -30.0f ? -30.0f : x > 30.0f ? 30.0f : x;
    float n = (x * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
    float r = (x - n * 0.693359375f) - n * -2.12194440e-4f;
    float p = r * (1.0f / 720) + (1.0f / 120);
    p = p * r + (1.0f / 24);
    p = p * r + (1.0f / 6);
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    int32_t e = ((int32_t)n + 127) * (1 << 23);
    float two_n;
    memcpy(&two_n, &e, sizeof two_n);
    return 1.0f / (1.0f + p * two_n);
}

/* The forward pass written plainly: b1 and then the entries in input
 * order per hidden unit, b2 and then the hidden units in order per class,
 * the same float operations as nn_forward in its blocks and registers. */
static void plain_forward(const nn_t *n, const nn_input_t *x, float *p)
{
    float h[NN_MAX_HIDDEN], z[NN_MAX_CLASSES];
    for (int j = 0; j < n->hidden; j++) {
        float acc = n->b1[j];
        for (int e = 0; e < x->n; e++) {
            float prod = x->val[e] * n->w1[(size_t)x->idx[e] * (size_t)n->hidden + (size_t)j];
            acc += prod;
        }
        h[j] = plain_sigmoid(acc);
    }
    for (int k = 0; k < n->classes; k++) {
        float acc = n->b2[k];
        for (int j = 0; j < n->hidden; j++) {
            float prod = h[j] * n->w2[(size_t)j * (size_t)n->classes + (size_t)k];
            acc += prod;
        }
        z[k] = acc;
    }
    float mx = z[0], sum = 0.0f;
    for (int k = 1; k < n->classes; k++)
        if (z[k] > mx)
            mx = z[k];
    for (int k = 0; k < n->classes; k++) {
        p[k] = expf(z[k] - mx);
        sum += p[k];
    }
    for (int k = 0; k < n->classes; k++)
        p[k] /= sum;
}

/* nn_forward (blocks of hidden units in vector registers, AVX2 where the
 * processor has it) gives the plain pass's numbers bit for bit, for shapes
 * on and off the block size, with 6 and 12 classes. */
static void forward_matches_plain(void **state)
{
    (void)state;
    const int shapes[][2] = {{80, 12}, {128, 6}, {7, 4}, {33, 6}, {32, 12}, {16, 2}};
    uint64_t rng = 99;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        nn_t *n = nn_new(300, shapes[i][0], shapes[i][1]);
        assert_non_null(n);
        nn_init_random(n, 11 + i);
        for (int j = 0; j < n->hidden; j++)
            n->b1[j] = 0.01f * (float)(j % 7) - 0.03f;
        for (int k = 0; k < n->classes; k++)
            n->b2[k] = 0.1f * (float)k;
        for (int t = 0; t < 50; t++) {
            nn_input_t x = {0};
            for (int idx = 0; idx < 300; idx++)
                if (dice_below(&rng, 4) == 0)
                    nn_input_add(&x, idx, dice_below(&rng, 3) == 0 ? (float)dice_unit(&rng) * 3.0f : 1.0f);
            nn_act_t a;
            float p[NN_MAX_CLASSES];
            nn_forward(n, &x, &a);
            plain_forward(n, &x, p);
            assert_memory_equal(a.p, p, sizeof(float) * (size_t)n->classes);
        }
        nn_free(n);
    }
}

/* The hidden units' sigmoid is the logistic function to within a float's
 * rounding (2e-7 relative, 1e-7 absolute here) from -40 to 40, and exactly
 * 0 <= h <= 1: one input of value 1 whose weights are the z to try. */
static void sigmoid_is_accurate(void **state)
{
    (void)state;
    enum { H = 500 };
    nn_t *n = nn_new(1, H, 2);
    assert_non_null(n);
    for (int j = 0; j < H; j++)
        n->w1[j] = -40.0f + 80.0f * (float)j / (float)(H - 1) + 0.0137f * (float)(j % 3);
    nn_input_t x = {0};
    nn_input_add(&x, 0, 1.0f);
    nn_act_t a;
    nn_forward(n, &x, &a);
    double worst = 0;
    for (int j = 0; j < H; j++) {
        double z = (double)n->w1[j], want = 1.0 / (1.0 + exp(-z));
        double err = fabs((double)a.h[j] - want);
        assert_true(a.h[j] >= 0.0f && a.h[j] <= 1.0f);
        assert_true(err <= 1e-7 + 2e-7 * want);
        worst = err > worst ? err : worst;
    }
    assert_true(worst > 0); /* the polynomial is not exact: the test compares something */
    nn_free(n);
}

/* A widened net keeps the narrow one's units as they were and starts out
 * giving nearly its outputs; the copies' noise comes from the seed; a
 * net is never narrowed, and evalnet_widen drops the pruning nets. */
static void widening_keeps_the_values(void **state)
{
    (void)state;
    nn_t *n = nn_new(300, 24, 6);
    assert_non_null(n);
    nn_init_random(n, 3);
    for (int j = 0; j < n->hidden; j++)
        n->b1[j] = 0.02f * (float)(j % 5) - 0.04f;
    nn_t *w = nn_widen(n, 40, 7), *w2 = nn_widen(n, 40, 7), *w3 = nn_widen(n, 40, 8);
    assert_non_null(w);
    assert_int_equal(w->hidden, 40);
    assert_memory_equal(w->w1, w2->w1, sizeof(float) * 300 * 40);
    assert_true(memcmp(w->w1, w3->w1, sizeof(float) * 300 * 40) != 0);
    for (int i = 0; i < 300; i++)
        assert_memory_equal(&w->w1[i * 40], &n->w1[i * 24], sizeof(float) * 24);
    assert_null(nn_widen(n, 16, 7));
    uint64_t rng = 5;
    double worst = 0;
    for (int t = 0; t < 100; t++) {
        nn_input_t x = {0};
        for (int idx = 0; idx < 300; idx++)
            if (dice_below(&rng, 10) == 0)
                nn_input_add(&x, idx, 1.0f);
        nn_act_t a, b;
        nn_forward(n, &x, &a);
        nn_forward(w, &x, &b);
        for (int k = 0; k < 6; k++) {
            double d = fabs((double)a.p[k] - (double)b.p[k]);
            worst = d > worst ? d : worst;
        }
    }
    assert_true(worst < 0.01);
    assert_true(worst > 0.0); /* the copies' noise is there */
    nn_free(w);
    nn_free(w2);
    nn_free(w3);
    nn_free(n);
    rules_t r = tr("backgammon");
    evalnet_t *e = evalnet_new(&r, 16, 5);
    assert_non_null(e);
    assert_true(evalnet_prune_new(e, 4, 1));
    assert_false(evalnet_widen(e, 8, 1));
    assert_int_equal(e->hidden, 16);
    assert_true(evalnet_widen(e, 32, 1));
    assert_int_equal(e->hidden, 32);
    assert_int_equal(e->net[EVALNET_RACE]->hidden, 32);
    assert_null(e->prune[0]);
    evalnet_free(e);
}

static evalnet_t *small_net(const char *rules, int hidden)
{
    rules_t r = tr(rules);
    evalnet_t *n = evalnet_new(&r, hidden, 5);
    assert_non_null(n);
    return n;
}

static void file_round_trip_and_damage(void **state)
{
    (void)state;
    evalnet_t *n = small_net("lyckans-talisman", 6);
    n->games = 1234;
    snprintf(n->command, sizeof n->command, "brade-lab train --rules lyckans-talisman --hidden 6");
    size_t len;
    char *text = evalnet_format(n, &len);
    assert_non_null(text);
    evalnet_error_t err;
    evalnet_t *m = evalnet_parse(text, len, &err);
    assert_non_null(m);
    assert_string_equal(m->rules, "lyckans-talisman");
    assert_int_equal(m->hidden, 6);
    assert_int_equal(m->games, 1234);
    assert_string_equal(m->command, n->command);
    for (int ph = 0; ph < EVALNET_PHASES; ph++)
        for (long i = 0; i < nn_weight_count(n->net[ph]); i++)
            assert_true(*nn_weight_at(n->net[ph], i) == *nn_weight_at(m->net[ph], i));
    size_t len2;
    char *again = evalnet_format(m, &len2);
    assert_int_equal(len, len2);
    assert_memory_equal(text, again, len);
    free(again);
    evalnet_free(m);

    /* one changed digit in the weights: the checksum says so */
    char *bad = malloc(len + 1);
    memcpy(bad, text, len + 1);
    char *w = strstr(bad, "net race\n") + 9;
    *w = *w == '1' ? '2' : '1';
    assert_null(evalnet_parse(bad, len, &err));
    assert_non_null(strstr(err.msg, "checksum"));
    /* cut short: says where */
    assert_null(evalnet_parse(text, len / 2, &err));
    assert_true(err.line > 10);
    /* another version */
    memcpy(bad, text, len + 1);
    bad[10] = '7';
    assert_null(evalnet_parse(bad, len, &err));
    assert_int_equal(err.line, 1);
    assert_non_null(strstr(err.msg, "version"));
    free(bad);
    free(text);
    evalnet_free(n);
}

static void encoding_and_classes(void **state)
{
    (void)state;
    const char *names[] = {"lyckans-talisman", "vasa", "backgammon"};
    for (int i = 0; i < 3; i++) {
        rules_t r = tr(names[i]);
        evalnet_t *n = small_net(names[i], 5);
        board_t b;
        board_start(&b, r.geometry, BOARD_WHITE);
        nn_input_t x;
        outcome_kind_t near[2];
        assert_int_equal(evalnet_encode(n, &b, &r, &x, near), EVALNET_CONTACT);
        assert_true(x.n > 4 && x.n < evalnet_inputs(n->encoding));
        for (int k = 0; k < x.n; k++)
            assert_true(x.idx[k] < evalnet_inputs(n->encoding));
        evalnet_scratch_t s = {0};
        eval_t e;
        evalnet_eval(n, &b, &r, &s, &e);
        assert_true(fabs(eval_p_win(&e) + eval_p_lose(&e) - 1.0) < 1e-5);
        assert_true(fabs(e.equity - eval_equity_of(&e, &r)) < 1e-9);
        /* turning round twice is the identity; a loss is the other side's win */
        float p[NN_MAX_CLASSES], q[NN_MAX_CLASSES];
        for (int k = 0; k < n->classes; k++)
            p[k] = q[k] = (float)k;
        evalnet_flip(n, q);
        assert_true(q[0] == (float)(n->classes / 2));
        evalnet_flip(n, q);
        assert_memory_equal(p, q, sizeof(float) * (size_t)n->classes);
        outcome_t o = {r.geometry == GEOM_BACKGAMMON ? OUT_GAMMON : OUT_JAN, 0, 1, 2, 0};
        int won = evalnet_class_of(n, &o, true), lost = evalnet_class_of(n, &o, false);
        assert_int_equal(lost, won + n->classes / 2);
        evalnet_free(n);
    }
    /* bräde: munk and vackert spel land in their classes, and fold into
     * hemspel under a ruleset without them */
    evalnet_t *n = small_net("lyckans-talisman", 5);
    outcome_t o = {OUT_TRAPPSPEL, 1, 0, 2, 0};
    assert_int_equal(evalnet_class_of(n, &o, true), BC_PAT_MUNK);
    float p[12] = {0};
    p[BC_PAT_MUNK] = 0.5f;
    p[EVALNET_BRADE_SIDE + BC_JAN] = 0.5f;
    outcome_kind_t near[2] = {OUT_TRAPPSPEL, OUT_NONE};
    rules_t lt = tr("lyckans-talisman"), bg = tr("lyckans-talisman+munk=none");
    eval_t e;
    evalnet_to_eval(n, p, near, &lt, &e);
    assert_true(fabs(e.win[OUT_TRAPPSPEL] - 0.5) < 1e-6 && fabs(e.win_munk - 0.5) < 1e-6);
    assert_true(fabs(e.equity - (0.5 * 2 - 0.5 * 2)) < 1e-6);
    evalnet_to_eval(n, p, near, &bg, &e);
    assert_true(e.win_munk == 0.0 && fabs(e.win[OUT_TRAPPSPEL] - 0.5) < 1e-6);
    evalnet_free(n);
    /* race phases */
    board_t b = tb("lyckans-talisman", "13:5 20:5 24:5", "14:5 19:5 23:5", BOARD_WHITE);
    assert_int_equal(evalnet_phase(&b), EVALNET_RACE);
    b = tb("backgammon", "24:2 6:13", "6:15", BOARD_WHITE);
    assert_int_equal(evalnet_phase(&b), EVALNET_CONTACT);
}

/* Bear-off distributions worked out by hand. */
static void bearoff_by_hand(void **state)
{
    (void)state;
    /* one checker six pips from off: the 9 rolls 1-1, 2-1, 3-1, 4-1, 3-2
     * (5 pips or fewer) fail, and the next roll always finishes */
    board_t b = tb("backgammon", "6 off:14", "1 off:14", BOARD_WHITE);
    float p[BEAROFF_MAX_ROLLS];
    assert_true(bearoff_distribution(&b, 0, p));
    assert_true(fabs((double)p[1] - 27.0 / 36) < 1e-6 && fabs((double)p[2] - 9.0 / 36) < 1e-6 && p[3] == 0.0f);
    assert_true(fabs(bearoff_mean_rolls(&b, 0) - 1.25) < 1e-6);
    /* the side on roll wins at once 27 times in 36; else the other side's
     * last checker, one pip from off, always comes off */
    eval_t e;
    assert_true(bearoff_eval(&b, &e));
    assert_true(fabs(e.win[OUT_SINGLE] - 0.75) < 1e-6 && e.win[OUT_GAMMON] == 0.0);
    assert_true(fabs(e.equity - 0.5) < 1e-6);
    /* two checkers on the one point: any roll but... every roll takes both */
    b = tb("backgammon", "1:2 off:13", "6:15", BOARD_WHITE);
    assert_true(bearoff_distribution(&b, 0, p));
    assert_true(fabs((double)p[1] - 1.0) < 1e-6);
    assert_true(bearoff_eval(&b, &e));
    /* ...and the other side has all 15 on: a sure gammon */
    assert_true(fabs(e.win[OUT_GAMMON] - 1.0) < 1e-5);
    assert_true(fabs(e.equity - 2.0) < 1e-5);
    /* two checkers on the six point need at least two rolls unless a
     * double 3 or more: 3-3, 4-4, 5-5, 6-6 bear both off at once */
    b = tb("backgammon", "1:2 off:13", "1:2 off:13", BOARD_WHITE);
    b.side[0][24] = 0;
    b.side[0][19] = 2;
    assert_true(bearoff_distribution(&b, 0, p));
    assert_true(fabs((double)p[1] - 4.0 / 36) < 1e-6);
    /* not a bear-off: a checker outside home */
    b = tb("backgammon", "12 off:14", "1 off:14", BOARD_WHITE);
    assert_false(bearoff_applies(&b));
    assert_false(bearoff_eval(&b, &e));
    /* more checkers never need fewer rolls */
    board_t c = tb("backgammon", "2:3 3:3 4:3 5:3 6:3", "1 off:14", BOARD_WHITE);
    board_t d = tb("backgammon", "2:3 3:3 4:3 5:3 6:2 off:1", "1 off:14", BOARD_WHITE);
    assert_true(bearoff_mean_rolls(&d, 0) > 7.0);
    assert_true(bearoff_mean_rolls(&c, 0) > bearoff_mean_rolls(&d, 0));
}

typedef struct { int saves; } hook_count_t;

static bool count_save(void *ud, const evalnet_t *n)
{
    (void)n;
    ((hook_count_t *)ud)->saves++;
    return true;
}

static char *train_text(const char *rules, int threads, long games, long stop_at)
{
    rules_t r = tr(rules);
    evalnet_t *n = small_net(rules, 8);
    train_opts_t o;
    train_default_opts(&o);
    o.threads = threads;
    o.round = 8;
    o.report_every = 0;
    o.checkpoint_every = 0;
    hook_count_t hc = {0};
    train_hooks_t h = {&hc, NULL, count_save};
    if (stop_at > 0) {
        o.games = stop_at;
        assert_int_equal(train_run(n, &r, &o, &h), 0);
        /* through the file, as a resumed run would */
        size_t len;
        char *t = evalnet_format(n, &len);
        evalnet_free(n);
        n = evalnet_parse(t, len, NULL);
        free(t);
        assert_non_null(n);
    }
    o.games = games;
    assert_int_equal(train_run(n, &r, &o, &h), 0);
    assert_int_equal(n->games, games);
    assert_true(hc.saves >= 1);
    char *text = evalnet_format(n, NULL);
    evalnet_free(n);
    return text;
}

/* Training gives the same net with one thread or two, and resumed from a
 * checkpoint or not; and it changes the weights. */
static void training_is_deterministic(void **state)
{
    (void)state;
    char *one = train_text("backgammon", 1, 32, 0);
    char *two = train_text("backgammon", 2, 32, 0);
    char *resumed = train_text("backgammon", 2, 32, 16);
    assert_string_equal(one, two);
    assert_string_equal(one, resumed);
    char *none = train_text("backgammon", 1, 8, 0);
    assert_true(strcmp(one, none) != 0);
    free(one);
    free(two);
    free(resumed);
    free(none);
    /* a few bräde games run through the same path */
    char *lt = train_text("lyckans-talisman", 2, 4, 0);
    assert_non_null(strstr(lt, "rules lyckans-talisman\n"));
    free(lt);
}

/* A context asked for the nets gets them where one is shipped, and the
 * linear evaluator where none is. */
static void shipped_nets(void **state)
{
    (void)state;
    for (int i = 0; i < rules_preset_count(); i++) {
        const rules_t *r = rules_preset_at(i);
        eval_ctx_t *c = eval_ctx_new(r, EVAL_NET);
        assert_non_null(c);
        const evalnet_t *n = evalnet_builtin(r);
        assert_int_equal(c->kind, n ? EVAL_NET : EVAL_LINEAR);
        if (n) {
            assert_string_equal(n->rules, r->name);
            assert_true(n->games > 0);
            board_t b;
            board_start(&b, r->geometry, BOARD_WHITE);
            eval_t e;
            eval_static(c, &b, &e);
            /* the start position is close to even for the side on roll */
            assert_true(eval_p_win(&e) > 0.35 && eval_p_win(&e) < 0.75);
        }
        eval_ctx_free(c);
    }
    /* every shipped net serves the ruleset it names, and is what it gets */
    for (int i = 0; i < evalnet_builtin_count(); i++) {
        rules_t r;
        assert_true(rules_parse(evalnet_builtin_name(i), &r, NULL));
        assert_true(evalnet_options_served(evalnet_builtin_name(i), &r) >= 0);
        assert_true(evalnet_trained_for(evalnet_builtin(&r), &r));
    }
}

/* Which trained-under names serve which rulesets: the preset's net serves
 * the preset with any options; a net trained under an option serves every
 * ruleset of its preset with that option (and others besides), not one
 * without it, with it set otherwise, or of another preset. */
static void option_nets_serve(void **state)
{
    (void)state;
    rules_t plain = tr("lyckans-talisman"), exact = tr("lyckans-talisman+bearoff=exact-only"),
            more = tr("lyckans-talisman+munk=none+bearoff=exact-only"),
            other = tr("lyckans-talisman+bearoff=rearmost-only"), hf = tr("helmfrid+bearoff=exact-only");
    const char *pre = "lyckans-talisman", *opt = "lyckans-talisman+bearoff=exact-only";
    assert_int_equal(evalnet_options_served(pre, &plain), 0);
    assert_int_equal(evalnet_options_served(pre, &exact), 0);
    assert_int_equal(evalnet_options_served(pre, &more), 0);
    assert_int_equal(evalnet_options_served(opt, &exact), 1);
    assert_int_equal(evalnet_options_served(opt, &more), 1);
    assert_int_equal(evalnet_options_served(opt, &plain), -1);
    assert_int_equal(evalnet_options_served(opt, &other), -1);
    assert_int_equal(evalnet_options_served(opt, &hf), -1);
    assert_int_equal(evalnet_options_served(pre, &hf), -1);
    assert_int_equal(evalnet_options_served("lyckans-talisman+bearoff=exact-only+munk=none", &more), 2);
    assert_int_equal(evalnet_options_served("lyckans-talisman+munk=none", &exact), -1);
    assert_int_equal(evalnet_options_served("no-such-preset", &plain), -1);
    /* the preset's own net under any option the shipped nets do not name */
    const evalnet_t *n = evalnet_builtin(&other);
    assert_non_null(n);
    assert_string_equal(n->rules, "lyckans-talisman");
}

/* Positions from seeded random play, for the cache and pruning tests. */
static int random_positions(const rules_t *r, board_t *out, int count, uint64_t seed)
{
    movegen_buf_t *buf = movegen_buf_new();
    uint64_t rng = seed;
    int n = 0;
    while (n < count) {
        board_t b;
        board_start(&b, r->geometry, BOARD_WHITE);
        for (int ply = 0; ply < 200 && n < count; ply++) {
            roll_t roll = dice_order(dice_below(&rng, DICE_ORDERS));
            int np = movegen_plays(&b, r, roll, buf);
            if (np <= 0) {
                board_swap(&b);
                continue;
            }
            const play_t *p = movegen_play(buf, dice_below(&rng, np));
            if (p->outcome.kind != OUT_NONE)
                break;
            b = p->after;
            board_swap(&b);
            out[n++] = b;
        }
    }
    movegen_buf_free(buf);
    return n;
}

/* The cache answers a position with the very numbers the net gives it
 * (a miss, then a hit), many positions share its slots, a new start
 * forgets everything, and off it is not asked. */
static void cache_gives_the_same_numbers(void **state)
{
    (void)state;
    enum { N = 3000 };
    const char *names[] = {"backgammon", "lyckans-talisman"};
    board_t *pos = malloc(sizeof *pos * N);
    for (int i = 0; i < 2; i++) {
        rules_t r = tr(names[i]);
        const evalnet_t *n = evalnet_builtin(&r);
        assert_non_null(n);
        random_positions(&r, pos, N, 5 + (uint64_t)i);
        evalnet_scratch_t s = {0};
        eval_t *plain = malloc(sizeof *plain * N);
        for (int k = 0; k < N; k++)
            evalnet_eval(n, &pos[k], &r, &s, &plain[k]);
        assert_int_equal(s.cache_hits, 0);
        assert_true(evalnet_cache_start(&s));
        for (int round = 0; round < 2; round++)
            for (int k = 0; k < N; k++) {
                eval_t e;
                evalnet_eval(n, &pos[k], &r, &s, &e);
                assert_memory_equal(&e, &plain[k], sizeof e);
            }
        long hits = s.cache_hits;
        assert_true(hits > N / 2); /* the second round found most of them */
        assert_true(evalnet_cache_start(&s)); /* forgets */
        eval_t e;
        evalnet_eval(n, &pos[0], &r, &s, &e);
        assert_int_equal(s.cache_hits, hits);
        evalnet_cache_stop(&s);
        evalnet_eval(n, &pos[1], &r, &s, &e);
        evalnet_eval(n, &pos[1], &r, &s, &e);
        assert_int_equal(s.cache_hits, hits);
        assert_memory_equal(&e, &plain[1], sizeof e);
        evalnet_cache_free(&s);
        free(plain);
    }
    free(pos);
}

/* Pruning nets go through the file and back; a file without them still
 * reads; damage in their header is reported with its line. */
static void prune_file_round_trip(void **state)
{
    (void)state;
    evalnet_t *n = small_net("backgammon", 6);
    assert_true(evalnet_prune_new(n, 4, 9));
    n->prune_games = 77;
    n->prune_seed = 3;
    size_t len;
    char *text = evalnet_format(n, &len);
    assert_non_null(strstr(text, "\nprune 4 77 3\nprune contact\n"));
    evalnet_error_t err;
    evalnet_t *m = evalnet_parse(text, len, &err);
    assert_non_null(m);
    assert_int_equal(m->prune_games, 77);
    assert_int_equal(m->prune_seed, 3);
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        assert_non_null(m->prune[ph]);
        assert_int_equal(m->prune[ph]->inputs, evalnet_prune_inputs());
        for (long i = 0; i < nn_weight_count(n->prune[ph]); i++)
            assert_true(*nn_weight_at(n->prune[ph], i) == *nn_weight_at(m->prune[ph], i));
    }
    evalnet_free(m);
    char *bad = malloc(len + 1);
    memcpy(bad, text, len + 1);
    char *at = strstr(bad, "prune 4 77 3");
    at[6] = 'x';
    assert_null(evalnet_parse(bad, len, &err));
    assert_non_null(strstr(err.msg, "prune HIDDEN GAMES SEED"));
    int line = 1;
    for (const char *c = bad; c < at; c++)
        line += *c == '\n';
    assert_int_equal(err.line, line);
    /* a changed weight of theirs: the checksum covers them too */
    memcpy(bad, text, len + 1);
    at = strstr(bad, "prune race\n") + 11;
    *at = *at == '1' ? '2' : '1';
    assert_null(evalnet_parse(bad, len, &err));
    assert_non_null(strstr(err.msg, "checksum"));
    free(bad);
    free(text);
    evalnet_free(n);
}

/* Teaching pruning nets is deterministic, brings them closer to the full
 * net, and a search that screens through them at least as many replies as
 * a roll has gives the unpruned search's numbers. */
static void pruning_nets_and_search(void **state)
{
    (void)state;
    rules_t r = tr("backgammon");
    const evalnet_t *shipped = evalnet_builtin(&r);
    size_t len;
    char *text = evalnet_format(shipped, &len);
    evalnet_t *a = evalnet_parse(text, len, NULL), *b = evalnet_parse(text, len, NULL);
    free(text);
    assert_non_null(a);
    assert_non_null(b);
    train_prune_opts_t o;
    train_prune_default_opts(&o);
    o.hidden = 8;
    o.games = 200;
    o.report_every = 1000;
    assert_int_equal(train_prune(a, &r, &o, NULL), 0);
    assert_int_equal(train_prune(b, &r, &o, NULL), 0);
    assert_int_equal(a->prune_games, 200);
    for (long i = 0; i < nn_weight_count(a->prune[0]); i++)
        assert_true(*nn_weight_at(a->prune[0], i) == *nn_weight_at(b->prune[0], i));
    /* closer to the full net than the untaught starting weights */
    text = evalnet_format(shipped, &len);
    evalnet_t *fresh = evalnet_parse(text, len, NULL);
    free(text);
    assert_true(evalnet_prune_new(fresh, 8, 1));
    board_t pos[400];
    random_positions(&r, pos, 400, 17);
    evalnet_scratch_t s = {0};
    double err_taught = 0, err_fresh = 0;
    for (int k = 0; k < 400; k++) {
        eval_t e;
        evalnet_eval(shipped, &pos[k], &r, &s, &e);
        err_taught += fabs(evalnet_prune_equity(a, &pos[k], &r, &s) - e.equity);
        err_fresh += fabs(evalnet_prune_equity(fresh, &pos[k], &r, &s) - e.equity);
    }
    assert_true(err_taught < 0.9 * err_fresh); /* 0.44 against 0.54 a position */

    /* the search: with pruning wide enough to keep every reply, the same
     * numbers as without pruning nets */
    text = evalnet_format(shipped, &len);
    evalnet_t *none = evalnet_parse(text, len, NULL);
    free(text);
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        nn_free(none->prune[ph]);
        none->prune[ph] = NULL;
    }
    search_ctx_t *plain = search_ctx_new_with(&r, EVAL_NET, none);
    search_ctx_t *pruned = search_ctx_new_with(&r, EVAL_NET, a);
    assert_false(eval_can_prune(plain->eval));
    assert_true(eval_can_prune(pruned->eval));
    search_opts_t so;
    search_default_opts(1, &so);
    eval_t x, y;
    /* two checkers a side: no roll has more than 16 plays */
    board_t few = tb("backgammon", "24 13 off:13", "24 11 off:13", BOARD_WHITE);
    search_position(plain, &few, 1, &so, &x);
    so.prune = SEARCH_PRUNE_MAX;
    search_position(pruned, &few, 1, &so, &y);
    assert_memory_equal(&x, &y, sizeof x);
    /* the opening position: pruned to 5 replies a roll, the full net
     * evaluates far fewer positions, and the value stays close */
    board_t b0;
    board_start(&b0, GEOM_BACKGAMMON, BOARD_WHITE);
    search_default_opts(1, &so);
    long before_plain = plain->eval->evaluations, before_pruned = pruned->eval->evaluations;
    search_position(plain, &b0, 1, &so, &x);
    search_position(pruned, &b0, 1, &so, &y);
    long full_plain = plain->eval->evaluations - before_plain;
    long full_pruned = pruned->eval->evaluations - before_pruned;
    assert_true(full_pruned * 2 < full_plain);
    assert_true(fabs(x.equity - y.equity) < 0.05);
    /* off: the unpruned numbers */
    so.prune = 0;
    search_position(pruned, &b0, 1, &so, &y);
    assert_memory_equal(&x, &y, sizeof x);

    /* a 0-ply choice with prune_choice k: the full net's best among the k
     * best by the rough values (the first of equals); k = 0, or at least
     * as many as there are plays, or no pruning nets: the full net's best */
    int differ = 0;
    movegen_buf_t *buf = movegen_buf_new();
    assert_non_null(buf);
    search_default_opts(0, &so);
    for (int k = 0; k < 60; k++) {
        roll_t roll = {1 + k % 6, 1 + (k / 6) % 6};
        int np = movegen_plays(&pos[k], &r, roll, buf);
        if (np <= 0)
            continue;
        so.prune_choice = 0;
        int full = search_choose(pruned, &pos[k], roll, buf, np, &so);
        assert_int_equal(search_choose(plain, &pos[k], roll, buf, np, &so), full);
        so.prune_choice = np;
        if (np <= SEARCH_PRUNE_MAX) /* more is taken as SEARCH_PRUNE_MAX */
            assert_int_equal(search_choose(pruned, &pos[k], roll, buf, np, &so), full);
        so.prune_choice = 4;
        assert_int_equal(search_choose(plain, &pos[k], roll, buf, np, &so), full);
        int pick = search_choose(pruned, &pos[k], roll, buf, np, &so);
        /* the same pick worked out by hand */
        double rough[MOVEGEN_MAX_PLAYS];
        for (int i = 0; i < np; i++)
            rough[i] = eval_play_rough(pruned->eval, movegen_play(buf, i));
        int want = -1;
        double want_eq = -1e300;
        for (int i = 0; i < np; i++) {
            int better = 0; /* plays ranked before i by the rough values */
            for (int j = 0; j < np; j++)
                better += rough[j] > rough[i] || (rough[j] == rough[i] && j < i);
            if (better >= 4)
                continue;
            eval_t e;
            eval_play(pruned->eval, movegen_play(buf, i), &e);
            if (e.equity > want_eq) {
                want_eq = e.equity;
                want = i;
            }
        }
        assert_int_equal(pick, want);
        differ += pick != full;
    }
    assert_true(differ > 0); /* the pruning changes some of these choices */
    movegen_buf_free(buf);
    search_ctx_free(plain);
    search_ctx_free(pruned);
    evalnet_cache_free(&s);
    evalnet_free(fresh);
    evalnet_free(none);
    evalnet_free(a);
    evalnet_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gradient_matches_finite_differences),
        cmocka_unit_test(forward_matches_plain),
        cmocka_unit_test(sigmoid_is_accurate),
        cmocka_unit_test(widening_keeps_the_values),
        cmocka_unit_test(file_round_trip_and_damage),
        cmocka_unit_test(encoding_and_classes),
        cmocka_unit_test(bearoff_by_hand),
        cmocka_unit_test(training_is_deterministic),
        cmocka_unit_test(shipped_nets),
        cmocka_unit_test(option_nets_serve),
        cmocka_unit_test(cache_gives_the_same_numbers),
        cmocka_unit_test(prune_file_round_trip),
        cmocka_unit_test(pruning_nets_and_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
