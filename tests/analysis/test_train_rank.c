/* test_train_rank.c - teaching a net how a roll's plays rank, from
 * rollouts on the same dice (lab/train_rank.h): a judged position
 * becomes a group of its rolled-out plays, weighted by its noise; a fit
 * moves the net's differences towards the rollouts' and nothing else (a
 * group's level teaches nothing), the same seed giving the same net. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test_util.h"

#include "analysis/eval.h"
#include "lab/train_rank.h"
#include "engine/notation.h"

/* Judges position i of seed 3's set under lyckans-talisman, 12 games a
 * play, no further passes. */
static void judge(int i, agreement_result_t *res)
{
    rules_t r = tr("lyckans-talisman");
    static board_t pos[3];
    static roll_t rolls[3];
    static bool made;
    if (!made)
        assert_int_equal(agreement_positions(&r, 3, 3, EVALNET_ANY_PHASE, 1, pos, rolls), 3);
    made = true;
    agreement_opts_t o;
    agreement_default_opts(&o);
    o.plies = 0;
    o.games = 12;
    o.ro.seed = 3;
    o.ro.threads = 1;
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    assert_non_null(sc);
    assert_int_equal(agreement_position(sc, &r, i, &pos[i], rolls[i], &o, res), 0);
    search_ctx_free(sc);
}

/* A judged position becomes a group: its plays found by their notation,
 * the rollouts' means, a weight from the paired differences' variance;
 * a play that is not legal there, or a single play, is no group. */
static void groups_from_records(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    for (int i = 0; i < 3; i++) {
        agreement_result_t res;
        judge(i, &res);
        train_rank_group_t g;
        assert_int_equal(train_rank_group(&r, &res, &g), 0);
        assert_int_equal(g.m, res.last.m);
        double var = 0;
        int pairs = 0;
        for (int k = 0; k < g.m; k++) {
            char note[AGREEMENT_NOTE];
            notation_play(&g.play[k], GEOM_BRADE, note, sizeof note);
            assert_string_equal(note, res.notes[k]);
            assert_true(g.mean[k] == res.last.mean[k]);
            for (int j = 0; j < k; j++, pairs++)
                var += res.last.cov[k][k] + res.last.cov[j][j] - 2 * res.last.cov[k][j];
        }
        assert_true(fabs(g.weight - 1.0 / (var / pairs + TRAIN_RANK_VAR_FLOOR)) < 1e-9 * g.weight);
        assert_true(g.weight > 0 && g.weight <= 1.0 / TRAIN_RANK_VAR_FLOOR);
        agreement_result_t bad = res;
        snprintf(bad.notes[1], sizeof bad.notes[1], "24/23 24/22");
        assert_int_equal(train_rank_group(&r, &bad, &g), 1);
        bad = res;
        bad.last.m = 1;
        assert_int_equal(train_rank_group(&r, &bad, &g), 2);
    }
}

/* Groups of up to four plays of each of the first three positions, whose
 * means are the net n's own values with `shift` added to play 0's and
 * `level` to every play's. */
static int net_groups(const evalnet_t *n, const rules_t *r, double shift, double level, train_rank_group_t *g)
{
    eval_ctx_t *c = eval_ctx_new(r, EVAL_NET);
    assert_non_null(c);
    assert_true(eval_ctx_set_net(c, n));
    int count = 0;
    for (int i = 0; i < 3; i++) {
        agreement_result_t res;
        judge(i, &res);
        assert_int_equal(train_rank_group(r, &res, &g[count]), 0);
        for (int k = 0; k < g[count].m; k++) {
            eval_t e;
            eval_play(c, &g[count].play[k], &e);
            g[count].mean[k] = e.equity + level + (k == 0 ? shift : 0);
        }
        count++;
    }
    eval_ctx_free(c);
    return count;
}

/* The net's value of play 0 less the mean of the group's, for each group. */
static void lead_of_play_0(const evalnet_t *n, const rules_t *r, const train_rank_group_t *g, int count,
                           double *lead)
{
    eval_ctx_t *c = eval_ctx_new(r, EVAL_NET);
    assert_non_null(c);
    assert_true(eval_ctx_set_net(c, n));
    for (int i = 0; i < count; i++) {
        double v[AGREE_MAX], mean = 0;
        for (int k = 0; k < g[i].m; k++) {
            eval_t e;
            eval_play(c, &g[i].play[k], &e);
            v[k] = e.equity;
            mean += v[k] / g[i].m;
        }
        lead[i] = v[0] - mean;
    }
    eval_ctx_free(c);
}

typedef struct seen {
    int calls, best_last;
    double err_first, err_last;
} seen_t;

static void note(void *ud, const train_rank_status_t *s)
{
    seen_t *z = ud;
    if (s->epoch == 0)
        z->err_first = s->holdout_error;
    z->err_last = s->holdout_error;
    z->best_last = s->holdout_best;
    z->calls++;
}

/* A fit moves the net's differences towards the rollouts': play 0, said
 * to be 0.5 better than the net thinks, gains on the others in every
 * group; the status comes before and after each pass; the same seed
 * gives the same net. */
static void fit_learns_the_differences(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    evalnet_t *n = evalnet_new(&r, 8, 3);
    train_rank_group_t g[3];
    int count = net_groups(n, &r, 0.5, 0, g);
    double before[3], after[3];
    lead_of_play_0(n, &r, g, count, before);
    train_fit_opts_t o = {.epochs = 30, .alpha = 0.5, .holdout = 0.0, .seed = 2};
    seen_t z = {0};
    assert_int_equal(train_rank_fit(n, &r, g, count, &o, note, &z), 0);
    assert_int_equal(z.calls, 31);
    lead_of_play_0(n, &r, g, count, after);
    for (int i = 0; i < count; i++)
        assert_true(after[i] > before[i] + 0.1);
    evalnet_t *m = evalnet_new(&r, 8, 3);
    assert_int_equal(train_rank_fit(m, &r, g, count, &o, NULL, NULL), 0);
    char *a = evalnet_format(n, NULL), *b = evalnet_format(m, NULL);
    assert_string_equal(a, b);
    free(a);
    free(b);
    /* all held out, the groups are measured, not taught: the net stays */
    evalnet_t *h = evalnet_new(&r, 8, 3);
    o.holdout = 1.0;
    o.epochs = 3;
    z = (seen_t){0};
    train_rank_fit(h, &r, g, count, &o, note, &z);
    assert_int_equal(z.calls, 4);
    assert_true(z.err_first > 0.1 && z.err_last == z.err_first);
    evalnet_free(h);
    evalnet_free(m);
    evalnet_free(n);
}

/* Rollouts that differ from the net by the same amount on every play
 * teach it nothing: the targets are the differences, and the net's own
 * differences already match them. */
static void a_group_level_teaches_nothing(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    evalnet_t *n = evalnet_new(&r, 8, 3);
    train_rank_group_t g[3];
    int count = net_groups(n, &r, 0, 0.75, g);
    double before[3], after[3];
    lead_of_play_0(n, &r, g, count, before);
    train_fit_opts_t o = {.epochs = 5, .alpha = 0.5, .holdout = 0.0, .seed = 2};
    seen_t z = {0};
    assert_int_equal(train_rank_fit(n, &r, g, count, &o, note, &z), 0);
    lead_of_play_0(n, &r, g, count, after);
    for (int i = 0; i < count; i++)
        assert_true(fabs(after[i] - before[i]) < 1e-6);
    /* the same level with play 0 shifted: now it moves */
    count = net_groups(n, &r, 0.5, 0.75, g);
    o.epochs = 30;
    assert_int_equal(train_rank_fit(n, &r, g, count, &o, NULL, NULL), 0);
    lead_of_play_0(n, &r, g, count, after);
    for (int i = 0; i < count; i++)
        assert_true(after[i] > before[i] + 0.1);
    evalnet_free(n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(groups_from_records),
        cmocka_unit_test(fit_learns_the_differences),
        cmocka_unit_test(a_group_level_teaches_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
