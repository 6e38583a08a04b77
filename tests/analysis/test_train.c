/* test_train.c - TD(lambda) training with exploration: the lambda-returns
 * worked out by hand, the cut at a random play (Watkins), which plays
 * self-play marks as random, a training run whose every play is random
 * teaching nothing, and the equity-weighted step (--equity-weight): its
 * gradient against finite differences of its loss, and the class values
 * it weighs by. */
#include <math.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/dice.h"
#include "analysis/evalnet.h"
#include "lab/selfplay.h"
#include "lab/train.h"

enum { K = 12 }; /* bräde's result classes */

/* The other side's view, written out here rather than taken from
 * evalnet_flip: the first half of the classes are the side on roll's wins. */
static void flipped(const float *p, float *out)
{
    for (int k = 0; k < K; k++)
        out[k] = p[(k + K / 2) % K];
}

/* Three outputs of a made-up game, each a different distribution. */
static void outputs(float v[3][NN_MAX_CLASSES])
{
    for (int t = 0; t < 3; t++) {
        float sum = 0;
        for (int k = 0; k < K; k++)
            sum += v[t][k] = (float)(1 + (k * (t + 2)) % 7);
        for (int k = 0; k < K; k++)
            v[t][k] /= sum;
    }
}

static evalnet_t *brade_net(void)
{
    rules_t r = tr("lyckans-talisman");
    evalnet_t *n = evalnet_new(&r, 4, 5);
    assert_non_null(n);
    assert_int_equal(n->classes, K);
    return n;
}

static void assert_close(const float *a, const float *b)
{
    for (int k = 0; k < K; k++)
        assert_true(fabsf(a[k] - b[k]) < 1e-6f);
}

/* Without a cut: the last target is the result, each earlier one
 * (1 - lambda) * the next output + lambda * the next target, turned. */
static void targets_by_hand(void **state)
{
    (void)state;
    evalnet_t *n = brade_net();
    float v[3][NN_MAX_CLASSES], out[3][NN_MAX_CLASSES];
    outputs(out);
    memcpy(v, out, sizeof v);
    const float lambda = 0.25f;
    train_lambda_targets(n, v, 3, NULL, 4, lambda);

    float want2[NN_MAX_CLASSES] = {0}, mix[NN_MAX_CLASSES], want1[NN_MAX_CLASSES],
          want0[NN_MAX_CLASSES];
    want2[4] = 1.0f;
    for (int k = 0; k < K; k++)
        mix[k] = (1 - lambda) * out[2][k] + lambda * want2[k];
    flipped(mix, want1);
    for (int k = 0; k < K; k++)
        mix[k] = (1 - lambda) * out[1][k] + lambda * want1[k];
    flipped(mix, want0);
    assert_close(v[2], want2);
    assert_close(v[1], want1);
    assert_close(v[0], want0);

    /* the same with an all-false cut array */
    bool none[3] = {false, false, false};
    memcpy(v, out, sizeof v);
    train_lambda_targets(n, v, 3, none, 4, lambda);
    assert_close(v[0], want0);
    evalnet_free(n);
}

/* A random play from position 1: positions 0 and 1 learn position 1's
 * own value, whatever the game's result; position 2 still learns the
 * result. */
static void cut_at_a_random_play(void **state)
{
    (void)state;
    evalnet_t *n = brade_net();
    float v[3][NN_MAX_CLASSES], out[3][NN_MAX_CLASSES], want0[NN_MAX_CLASSES];
    outputs(out);
    bool cut[3] = {false, true, false};
    for (int last = 0; last < K; last += 5) {
        memcpy(v, out, sizeof v);
        train_lambda_targets(n, v, 3, cut, last, 0.7f);
        for (int k = 0; k < K; k++)
            assert_true(v[2][k] == (k == last ? 1.0f : 0.0f));
        assert_close(v[1], out[1]);
        flipped(out[1], want0);
        assert_close(v[0], want0);
    }
    /* a random last play: no position learns the result */
    bool cut_last[3] = {false, false, true};
    memcpy(v, out, sizeof v);
    train_lambda_targets(n, v, 3, cut_last, 0, 0.7f);
    assert_close(v[2], out[2]);
    float want1[NN_MAX_CLASSES];
    flipped(out[2], want1); /* (1 - lambda) * out2 + lambda * out2, turned */
    assert_close(v[1], want1);
    evalnet_free(n);
}

/* Self-play marks exactly the plays its noise chose. */
static void self_play_marks_random_plays(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    movegen_buf_t *buf = movegen_buf_new();
    enum { MAX = 4000 };
    board_t *rec = malloc(MAX * sizeof *rec);
    bool *explored = malloc(MAX * sizeof *explored);
    assert_non_null(buf);
    assert_non_null(rec);
    assert_non_null(explored);
    const double noise[] = {0.0, 1.0, 0.3};
    for (int i = 0; i < 3; i++) {
        selfplay_spec_t spec;
        memset(&spec, 0, sizeof spec);
        spec.eval = EVAL_PIPS;
        spec.noise = noise[i];
        selfplay_player_t *p = selfplay_player_new(&spec, &r);
        assert_non_null(p);
        board_t start;
        board_start(&start, r.geometry, BOARD_WHITE);
        uint64_t rng = dice_stream(17, (uint64_t)i);
        int nrec = 0, plies = 0, marked = 0;
        outcome_t res;
        /* filled with the opposite of what noise 0 and 1 must write, so
         * an entry self-play left unwritten shows in the counts below */
        for (int t = 0; t < MAX; t++)
            explored[t] = i == 0;
        selfplay_game_from(&start, p, p, &r, &rng, buf, rec, explored, MAX, &nrec, &res, &plies);
        assert_true(nrec > 10);
        for (int t = 0; t < nrec; t++)
            marked += explored[t];
        if (i == 0)
            assert_int_equal(marked, 0);
        else if (i == 1)
            assert_int_equal(marked, nrec);
        else
            assert_true(marked > 0 && marked < nrec);
        selfplay_player_free(p);
    }
    free(rec);
    free(explored);
    movegen_buf_free(buf);
}

static bool no_save(void *ud, const evalnet_t *n)
{
    (void)ud;
    (void)n;
    return true;
}

/* The weights part of a net's text (from its first layer to before the
 * checksum), so nets whose headers differ compare by their weights. */
static char *weights_of(const evalnet_t *n)
{
    char *text = evalnet_format(n, NULL);
    char *from = strstr(text, "\nnet "), *end = strstr(text, "\nend ");
    assert_non_null(from);
    assert_non_null(end);
    *end = '\0';
    memmove(text, from, strlen(from) + 1);
    return text;
}

static char *weights_after(double noise, int threads)
{
    rules_t r = tr("lyckans-talisman");
    evalnet_t *n = brade_net();
    train_opts_t o;
    train_default_opts(&o);
    o.games = 8;
    o.threads = threads;
    o.round = 4;
    o.noise = noise;
    o.lookahead = false;
    o.report_every = 0;
    o.checkpoint_every = 0;
    train_hooks_t h = {NULL, NULL, no_save};
    assert_int_equal(train_run(n, &r, &o, &h), 0);
    assert_int_equal(n->games, 8);
    char *text = weights_of(n);
    evalnet_free(n);
    return text;
}

/* Every play random: every position is cut, so nothing is taught; some
 * exploration teaches something, the same with one thread or two. */
static void all_random_teaches_nothing(void **state)
{
    (void)state;
    char *before = weights_after(0.0, 1);
    evalnet_t *fresh = brade_net();
    char *untrained = weights_of(fresh);
    evalnet_free(fresh);
    assert_true(strcmp(before, untrained) != 0);
    char *all = weights_after(1.0, 2);
    assert_string_equal(all, untrained);
    char *some1 = weights_after(0.2, 1), *some2 = weights_after(0.2, 2);
    assert_string_equal(some1, some2);
    assert_true(strcmp(some1, untrained) != 0 && strcmp(some1, before) != 0);
    free(before);
    free(untrained);
    free(all);
    free(some1);
    free(some2);
}

/* The loss train_grad's gradient is of, at logits z (in double):
 * cross entropy plus c/2 (E(softmax z) - E(target))^2. */
static double weighted_loss(const double *z, const float *t, const float *u, double c)
{
    double mx = z[0], sum = 0, p[K], ep = 0, et = 0, ce = 0;
    for (int k = 1; k < K; k++)
        mx = z[k] > mx ? z[k] : mx;
    for (int k = 0; k < K; k++)
        sum += p[k] = exp(z[k] - mx);
    for (int k = 0; k < K; k++) {
        p[k] /= sum;
        ep += p[k] * (double)u[k];
        et += (double)t[k] * (double)u[k];
        if (t[k] > 0)
            ce -= (double)t[k] * log(p[k]);
    }
    return ce + c / 2 * (ep - et) * (ep - et);
}

/* train_grad's dz is the gradient of that loss at the logits, with the
 * equity weight and without it (then exactly p - target), and it returns
 * the cross entropy. */
static void grad_matches_finite_differences(void **state)
{
    (void)state;
    double z[K];
    float p[K], t[K], u[K], dz[K];
    double sum = 0, tsum = 0;
    for (int k = 0; k < K; k++) {
        z[k] = 0.3 * (double)((k * 7) % 5) - 0.5;
        sum += exp(z[k]);
        t[k] = (float)(1 + (k * 3) % 4);
        tsum += (double)t[k];
        u[k] = (float)(k < K / 2 ? (k + 1) : -(k - K / 2 + 1)) / (K / 2);
    }
    for (int k = 0; k < K; k++) {
        p[k] = (float)(exp(z[k]) / sum);
        t[k] /= (float)tsum;
    }
    const float cs[] = {0.0f, 1.0f, 8.0f};
    for (int i = 0; i < 3; i++) {
        double ce = train_grad(p, t, u, cs[i], K, dz);
        assert_true(fabs(ce - weighted_loss(z, t, u, 0)) < 1e-5);
        for (int k = 0; k < K; k++) {
            double zp[K], zm[K], h = 1e-5;
            memcpy(zp, z, sizeof zp);
            memcpy(zm, z, sizeof zm);
            zp[k] += h;
            zm[k] -= h;
            double num = (weighted_loss(zp, t, u, (double)cs[i]) - weighted_loss(zm, t, u, (double)cs[i])) / (2 * h);
            assert_true(fabs(num - (double)dz[k]) < 1e-4);
            if (cs[i] == 0.0f)
                assert_true(dz[k] == p[k] - t[k]);
        }
    }
}

/* Under vasa a sprängjan (6 points) is the largest class: 1; a jan (4)
 * 4/6, a hemspel (1) 1/6; the other side's wins the same, negative. */
static void class_values_in_points(void **state)
{
    (void)state;
    rules_t r = tr("vasa");
    evalnet_t *n = evalnet_new(&r, 4, 5);
    assert_non_null(n);
    const outcome_kind_t near[2] = {OUT_NONE, OUT_NONE};
    float u[NN_MAX_CLASSES];
    train_class_values(n, &r, near, u);
    assert_int_equal(eval_points(OUT_SPRANGJAN, false, &r), 6);
    assert_int_equal(eval_points(OUT_JAN, false, &r), 4);
    assert_true(fabsf(u[BC_SPJ] - 1.0f) < 1e-6f);
    assert_true(fabsf(u[BC_JAN] - 4.0f / 6.0f) < 1e-6f);
    assert_true(fabsf(u[BC_HEM] - (float)eval_points(OUT_HEMSPEL, false, &r) / 6.0f) < 1e-6f);
    for (int k = 0; k < EVALNET_BRADE_SIDE; k++) {
        assert_true(u[k] > 0.0f && u[k] <= 1.0f);
        assert_true(fabsf(u[k] + u[k + EVALNET_BRADE_SIDE]) < 1e-6f);
    }
    evalnet_free(n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(targets_by_hand),
        cmocka_unit_test(cut_at_a_random_play),
        cmocka_unit_test(self_play_marks_random_plays),
        cmocka_unit_test(all_random_teaches_nothing),
        cmocka_unit_test(grad_matches_finite_differences),
        cmocka_unit_test(class_values_in_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
