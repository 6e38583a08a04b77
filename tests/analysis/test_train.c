/* test_train.c - TD(lambda) training with exploration: the lambda-returns
 * worked out by hand, the cut at a random play (Watkins), which plays
 * self-play marks as random, and a training run whose every play is
 * random teaching nothing. */
#include <math.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/dice.h"
#include "analysis/evalnet.h"
#include "analysis/selfplay.h"
#include "analysis/train.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(targets_by_hand),
        cmocka_unit_test(cut_at_a_random_play),
        cmocka_unit_test(self_play_marks_random_plays),
        cmocka_unit_test(all_random_teaches_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
