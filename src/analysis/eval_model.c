/*
 * eval_model.c - the model over the features: a softmax over six result
 * classes and logistic splits for munk and vackert spel; the hand-set
 * starting weights.
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "analysis/eval_model.h"

static double dot(const double *w, const double *x)
{
    double s = 0;
    for (int i = 0; i < EVAL_FEATURES; i++)
        s += w[i] * x[i];
    return s;
}

static double sigmoid(double z)
{
    if (z > 30)
        return 1.0;
    if (z < -30)
        return 0.0;
    return 1.0 / (1.0 + exp(-z));
}

void eval_model_classes(const eval_weights_t *w, const double *x, double p[EVAL_CLASSES])
{
    double z[EVAL_CLASSES], mx = -1e300, sum = 0;
    for (int c = 0; c < EVAL_CLASSES; c++) {
        z[c] = dot(w->cls[c], x);
        if (z[c] > mx)
            mx = z[c];
    }
    for (int c = 0; c < EVAL_CLASSES; c++) {
        p[c] = exp(z[c] - mx);
        sum += p[c];
    }
    for (int c = 0; c < EVAL_CLASSES; c++)
        p[c] /= sum;
}

void eval_model_apply(const eval_weights_t *w, const eval_features_t *f, const rules_t *r,
                      eval_t *out)
{
    double p[EVAL_CLASSES];
    eval_model_classes(w, f->x, p);
    if (!r->jan) {
        p[C_WIN] += p[C_WIN_JAN] + p[C_WIN_SPJ];
        p[C_LOSE] += p[C_LOSE_JAN] + p[C_LOSE_SPJ];
        p[C_WIN_JAN] = p[C_WIN_SPJ] = p[C_LOSE_JAN] = p[C_LOSE_SPJ] = 0;
    }
    eval_zero(out);
    for (int s = 0; s < 2; s++) {
        double normal = p[s == 0 ? C_WIN : C_LOSE];
        double munk = r->munk == MUNK_NONE ? 0.0 : sigmoid(dot(w->munk[s], f->x));
        double pat = r->patterns && f->near_pattern[s] != OUT_NONE
                         ? sigmoid(dot(w->pattern[s], f->x)) : 0.0;
        double *to = s == 0 ? out->win : out->lose;
        to[OUT_HEMSPEL] = normal * (1 - pat);
        if (pat > 0)
            to[f->near_pattern[s]] = normal * pat;
        to[OUT_JAN] = p[s == 0 ? C_WIN_JAN : C_LOSE_JAN];
        to[OUT_SPRANGJAN] = p[s == 0 ? C_WIN_SPJ : C_LOSE_SPJ];
        if (s == 0)
            out->win_munk = normal * munk;
        else
            out->lose_munk = normal * munk;
    }
    out->equity = eval_equity_of(out, r);
}

/* ---- the hand-set weights ---- */

static void set(eval_weights_t *w, int cls, int feature, double v)
{
    w->cls[cls][feature] = v;
}

/* Mirrors a class's weights for the other side: class `to` gets the
 * weights of `from` with the two sides' features exchanged. */
static void mirror(double *to, const double *from)
{
    for (int i = 0; i < G_COUNT; i++)
        to[i] = from[i];
    for (int f = 0; f < F_COUNT; f++) {
        to[eval_side_feature(0, f)] = from[eval_side_feature(1, f)];
        to[eval_side_feature(1, f)] = from[eval_side_feature(0, f)];
    }
}

/*
 * The starting point, set by reasoning rather than data:
 *   - win vs lose (the reference class C_LOSE is all zero): the race
 *     estimate in a race, the pip lead in contact, the side on roll's half
 *     roll, minus what each side stands to lose to shots and entry trouble;
 *   - jan: the loser's janblotta count past 6, its sum of bar and first
 *     quarter points, its blots exposed while JB is high, and the winner's
 *     bands on the loser's entry points;
 *   - sprängjan: the loser's band whose blast would complete the jan,
 *     doubled while the winner has the right to blast now;
 *   - munk: the loser on the bar with its entry points taken;
 *   - vackert spel: closeness to a pattern.
 */
static void hand_weights(eval_weights_t *w)
{
    memset(w, 0, sizeof *w);
    int me = 0, you = 1;
#define S(s, f) eval_side_feature(s, f)
    set(w, C_WIN, G_BIAS, 0.15);
    set(w, C_WIN, G_RACE_LOGIT, 1.0);
    set(w, C_WIN, G_CONTACT_PIPDIFF, 2.5);
    set(w, C_WIN, S(me, F_PIPLOSS), -2.0);
    set(w, C_WIN, S(you, F_PIPLOSS), 2.0);
    set(w, C_WIN, S(me, F_ENTRY_TROUBLE), -0.8);
    set(w, C_WIN, S(you, F_ENTRY_TROUBLE), 0.8);
    set(w, C_WIN, S(me, F_BLOCKADE), 1.0);
    set(w, C_WIN, S(you, F_BLOCKADE), -1.0);

    set(w, C_WIN_JAN, G_BIAS, -5.0);
    set(w, C_WIN_JAN, S(you, F_JB_OVER), 1.2);
    set(w, C_WIN_JAN, S(you, F_JB6), 0.8);
    set(w, C_WIN_JAN, S(you, F_JANSUM), 3.0);
    set(w, C_WIN_JAN, S(you, F_EXPOSED_JB), 2.0);
    set(w, C_WIN_JAN, S(me, F_BANDS_Q3), 2.0);

    set(w, C_WIN_SPJ, G_BIAS, -7.0);
    set(w, C_WIN_SPJ, S(you, F_SPJ), 2.5);
    set(w, C_WIN_SPJ, S(you, F_SPJ_NOW), 3.0);
    set(w, C_WIN_SPJ, S(you, F_JANSUM), 2.0);

    mirror(w->cls[C_LOSE_JAN], w->cls[C_WIN_JAN]);
    mirror(w->cls[C_LOSE_SPJ], w->cls[C_WIN_SPJ]);

    for (int s = 0; s < 2; s++) {
        w->munk[s][G_BIAS] = -3.0;
        w->munk[s][S(1 - s, F_BAR)] = 1.0;
        w->munk[s][S(1 - s, F_ENTRY_TROUBLE)] = 1.5;
        w->pattern[s][G_BIAS] = -4.0;
        w->pattern[s][S(s, F_PATTERN_NEAR)] = 3.0;
        w->pattern[s][S(s, F_PATTERN_READY)] = 1.5;
    }
#undef S
}

static eval_weights_t hand;
static pthread_once_t hand_once = PTHREAD_ONCE_INIT;

static void hand_init(void)
{
    hand_weights(&hand);
}

const eval_weights_t *eval_weights_hand(void)
{
    pthread_once(&hand_once, hand_init);
    return &hand;
}
