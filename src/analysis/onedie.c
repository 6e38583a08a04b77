/*
 * onedie.c - the one-die rule as a decision (see onedie.h).
 */
#include "analysis/onedie.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/agree.h"
#include "engine/game.h"

void onedie_default_opts(rollout_opts_t *o)
{
    rollout_default_opts(o);
}

bool onedie_eligible(const board_t *b, const rules_t *r)
{
    game_t g;
    game_from_board(&g, r, b);
    return game_one_die_eligible(&g);
}

/* The faces whose single die makes a vackert spel now, as a bit mask. */
static int winning_faces(const board_t *b, const rules_t *r, movegen_buf_t *buf)
{
    int mask = 0;
    for (int d = 1; d <= 6; d++) {
        int n = movegen_plays(b, r, (roll_t){d, 0}, buf);
        for (int i = 0; i < n; i++)
            if (outcome_is_pattern(movegen_play(buf, i)->outcome.kind))
                mask |= 1 << (d - 1);
    }
    return mask;
}

/* P(the side on roll wins by a vackert spel) in a rollout's mean. */
static double pattern_wins(const eval_t *e)
{
    double p = 0;
    for (int k = 0; k < OUT_KIND_COUNT; k++)
        if (outcome_is_pattern((outcome_kind_t)k))
            p += e->win[k];
    return p;
}

int onedie_value(const board_t *b, const rules_t *r, const rollout_opts_t *o, onedie_eval_t *out)
{
    memset(out, 0, sizeof *out);
    if (!onedie_eligible(b, r))
        return -2;
    int n = o->games < 2 ? 2 : o->games;
    movegen_buf_t *buf = movegen_buf_new();
    double *x = malloc(sizeof *x * 2 * (size_t)n);
    if (!buf || !x) {
        movegen_buf_free(buf);
        free(x);
        return -1;
    }
    out->face_mask = winning_faces(b, r, buf);
    for (int d = 0; d < 6; d++)
        out->faces += (out->face_mask >> d) & 1;
    movegen_buf_free(buf);
    rollout_opts_t ro = *o;
    ro.games = n;
    rollout_result_t res[2];
    int rc = 0;
    for (int c = 0; c < 2 && rc == 0; c++) {
        ro.one_die = c == 1;
        ro.game_equity = x + (size_t)c * (size_t)n;
        rc = rollout_position(b, r, &ro, &res[c]);
        if (rc == 0 && res[c].stopped)
            rc = -3;
    }
    if (rc == 0) {
        agree_pass_t p = {n, {x, x + n}};
        agree_stats_t st;
        agree_combine(&p, 1, 2, &st);
        out->games = n;
        out->roll = res[0].equity;
        out->roll_se = res[0].se;
        out->declare = res[1].equity;
        out->declare_se = res[1].se;
        out->diff = out->declare - out->roll;
        out->diff_se = agree_diff_se(&st, 1, 0);
        out->declare_better = out->diff > 0;
        out->separable = fabs(out->diff) > 1.96 * out->diff_se;
        out->p_pattern_roll = pattern_wins(&res[0].mean);
        out->p_pattern_declare = pattern_wins(&res[1].mean);
    }
    free(x);
    return rc;
}
