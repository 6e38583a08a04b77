/*
 * nn.c - the network's forward pass and gradient step (see nn.h).
 */
/* The loops over the hidden units are the evaluator's hot path: let GCC
 * vectorise them at any build type (its -O2 cost model leaves loops of
 * unknown length alone).  The arithmetic is element by element, so the
 * results do not change. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif
#include "analysis/nn.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dice.h"

nn_t *nn_new(int inputs, int hidden, int classes)
{
    if (inputs < 1 || inputs > NN_MAX_INPUTS || hidden < 1 || hidden > NN_MAX_HIDDEN ||
        classes < 2 || classes > NN_MAX_CLASSES)
        return NULL;
    nn_t *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->inputs = inputs;
    n->hidden = hidden;
    n->classes = classes;
    size_t i = (size_t)inputs, h = (size_t)hidden, k = (size_t)classes;
    n->w1 = calloc(i * h, sizeof(float));
    n->b1 = calloc(h, sizeof(float));
    n->w2 = calloc(h * k, sizeof(float));
    n->b2 = calloc(k, sizeof(float));
    if (!n->w1 || !n->b1 || !n->w2 || !n->b2) {
        nn_free(n);
        return NULL;
    }
    return n;
}

void nn_free(nn_t *n)
{
    if (!n)
        return;
    free(n->w1);
    free(n->b1);
    free(n->w2);
    free(n->b2);
    free(n);
}

void nn_copy(nn_t *dst, const nn_t *src)
{
    size_t i = (size_t)src->inputs, h = (size_t)src->hidden, k = (size_t)src->classes;
    memcpy(dst->w1, src->w1, i * h * sizeof(float));
    memcpy(dst->b1, src->b1, h * sizeof(float));
    memcpy(dst->w2, src->w2, h * k * sizeof(float));
    memcpy(dst->b2, src->b2, k * sizeof(float));
}

long nn_weight_count(const nn_t *n)
{
    long i = n->inputs, h = n->hidden, k = n->classes;
    return i * h + h + h * k + k;
}

float *nn_weight_at(nn_t *n, long i)
{
    long w1 = (long)n->inputs * n->hidden, h = n->hidden, w2 = h * n->classes;
    if (i < w1)
        return &n->w1[i];
    i -= w1;
    if (i < h)
        return &n->b1[i];
    i -= h;
    if (i < w2)
        return &n->w2[i];
    return &n->b2[i - w2];
}

/* Uniform in [-a, a) from the stream. */
static float uniform(uint64_t *s, double a)
{
    return (float)((2.0 * dice_unit(s) - 1.0) * a);
}

void nn_init_random(nn_t *n, uint64_t seed)
{
    uint64_t s = dice_stream(seed, 0x6e6e);
    long w1 = (long)n->inputs * n->hidden;
    for (long i = 0; i < w1; i++)
        n->w1[i] = uniform(&s, 0.15);
    for (int i = 0; i < n->hidden; i++)
        n->b1[i] = 0.0f;
    for (long i = 0; i < (long)n->hidden * n->classes; i++)
        n->w2[i] = uniform(&s, 0.2);
    for (int i = 0; i < n->classes; i++)
        n->b2[i] = 0.0f;
}

static float sigmoidf(float z)
{
    if (z > 30.0f)
        return 1.0f;
    if (z < -30.0f)
        return 0.0f;
    return 1.0f / (1.0f + expf(-z));
}

void nn_forward(const nn_t *n, const nn_input_t *x, nn_act_t *a)
{
    int H = n->hidden, K = n->classes;
    float acc[NN_MAX_HIDDEN];
    memcpy(acc, n->b1, (size_t)H * sizeof(float));
    for (int e = 0; e < x->n; e++) {
        const float *row = n->w1 + (size_t)x->idx[e] * (size_t)H;
        float v = x->val[e];
        if (v == 1.0f)
            for (int j = 0; j < H; j++)
                acc[j] += row[j];
        else
            for (int j = 0; j < H; j++)
                acc[j] += v * row[j];
    }
    for (int j = 0; j < H; j++)
        a->h[j] = sigmoidf(acc[j]);
    float z[NN_MAX_CLASSES];
    memcpy(z, n->b2, (size_t)K * sizeof(float));
    for (int j = 0; j < H; j++) {
        const float *row = n->w2 + (size_t)j * (size_t)K;
        float hj = a->h[j];
        for (int k = 0; k < K; k++)
            z[k] += hj * row[k];
    }
    float mx = z[0];
    for (int k = 1; k < K; k++)
        if (z[k] > mx)
            mx = z[k];
    float sum = 0.0f;
    for (int k = 0; k < K; k++) {
        a->p[k] = expf(z[k] - mx);
        sum += a->p[k];
    }
    for (int k = 0; k < K; k++)
        a->p[k] /= sum;
}

double nn_train_step(nn_t *n, const nn_input_t *x, const nn_act_t *a, const float *target,
                     float rate)
{
    int H = n->hidden, K = n->classes;
    float dz[NN_MAX_CLASSES];
    double loss = 0.0;
    for (int k = 0; k < K; k++) {
        dz[k] = a->p[k] - target[k];
        if (target[k] > 0.0f)
            loss -= (double)target[k] * log((double)(a->p[k] > 1e-12f ? a->p[k] : 1e-12f));
    }
    /* the hidden layer's gradient, with the output weights before the step */
    float dh[NN_MAX_HIDDEN];
    for (int j = 0; j < H; j++) {
        const float *row = n->w2 + (size_t)j * (size_t)K;
        float g = 0.0f;
        for (int k = 0; k < K; k++)
            g += row[k] * dz[k];
        dh[j] = g * a->h[j] * (1.0f - a->h[j]);
    }
    for (int j = 0; j < H; j++) {
        float *row = n->w2 + (size_t)j * (size_t)K;
        float hj = rate * a->h[j];
        for (int k = 0; k < K; k++)
            row[k] -= hj * dz[k];
    }
    for (int k = 0; k < K; k++)
        n->b2[k] -= rate * dz[k];
    for (int e = 0; e < x->n; e++) {
        float *row = n->w1 + (size_t)x->idx[e] * (size_t)H;
        float v = rate * x->val[e];
        for (int j = 0; j < H; j++)
            row[j] -= v * dh[j];
    }
    for (int j = 0; j < H; j++)
        n->b1[j] -= rate * dh[j];
    return loss;
}
