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

/* nn_forward reads the output weights 16 at a time: the last row's read
 * runs up to 16 floats past its end into this padding. */
enum { NN_W2_PAD = 16 };

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
    n->w2 = calloc(h * k + NN_W2_PAD, sizeof(float));
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

nn_t *nn_widen(const nn_t *src, int hidden, uint64_t seed)
{
    if (hidden < src->hidden)
        return NULL;
    nn_t *n = nn_new(src->inputs, hidden, src->classes);
    if (!n)
        return NULL;
    int oh = src->hidden, ins = src->inputs, k = src->classes;
    uint64_t s = dice_stream(seed, 0x77696465);
    /* which old unit each new one copies, and how many copies each has */
    int from[NN_MAX_HIDDEN], copies[NN_MAX_HIDDEN] = {0};
    for (int j = 0; j < hidden; j++) {
        from[j] = j < oh ? j : dice_below(&s, oh);
        copies[from[j]]++;
    }
    for (int i = 0; i < ins; i++)
        for (int j = 0; j < hidden; j++) {
            float w = src->w1[(size_t)i * (size_t)oh + (size_t)from[j]];
            /* a copy's input weights get a little noise, or it would learn
             * exactly what its original learns */
            n->w1[(size_t)i * (size_t)hidden + (size_t)j] = j < oh ? w : w + uniform(&s, 0.01);
        }
    for (int j = 0; j < hidden; j++) {
        n->b1[j] = src->b1[from[j]];
        for (int c = 0; c < k; c++)
            n->w2[(size_t)j * (size_t)k + (size_t)c] =
                src->w2[(size_t)from[j] * (size_t)k + (size_t)c] / (float)copies[from[j]];
    }
    memcpy(n->b2, src->b2, (size_t)k * sizeof(float));
    return n;
}

nn_t *nn_join(const nn_t *const *nets, int k)
{
    if (k < 1)
        return NULL;
    int hidden = 0, ins = nets[0]->inputs, cl = nets[0]->classes;
    for (int q = 0; q < k; q++) {
        if (nets[q]->inputs != ins || nets[q]->classes != cl)
            return NULL;
        hidden += nets[q]->hidden;
    }
    if (hidden > NN_MAX_HIDDEN)
        return NULL;
    nn_t *n = nn_new(ins, hidden, cl);
    if (!n)
        return NULL;
    int at = 0; /* the first joined unit of net q */
    for (int q = 0; q < k; q++) {
        const nn_t *s = nets[q];
        int h = s->hidden;
        for (int i = 0; i < ins; i++)
            memcpy(&n->w1[(size_t)i * (size_t)hidden + (size_t)at], &s->w1[(size_t)i * (size_t)h],
                   (size_t)h * sizeof(float));
        memcpy(&n->b1[at], s->b1, (size_t)h * sizeof(float));
        for (int j = 0; j < h; j++)
            for (int c = 0; c < cl; c++)
                n->w2[(size_t)(at + j) * (size_t)cl + (size_t)c] =
                    s->w2[(size_t)j * (size_t)cl + (size_t)c] / (float)k;
        for (int c = 0; c < cl; c++)
            n->b2[c] += s->b2[c] / (float)k;
        at += h;
    }
    return n;
}

/* The forward pass is compiled twice where the compiler can (GCC on
 * x86-64): for AVX2 and for the baseline, the loader picking one by the
 * processor.  Both add and multiply element by element in the same order
 * (C11 mode contracts nothing into fused multiply-adds), so the results are
 * the same bit for bit on every machine; AVX2 does eight hidden units an
 * instruction instead of four. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define NN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define NN_CLONES
#endif

enum { NN_BLOCK = 32 };
/* Eight floats (GCC and clang vector extensions: one AVX2 register, or two
 * SSE ones). */
typedef float nn_vec_t __attribute__((vector_size(32)));

typedef int32_t nn_ivec_t __attribute__((vector_size(32)));

/* The logistic function of eight values at once, in place: 1 / (1 + e^-z), with e^x
 * as 2^n e^r (n the nearest integer to x / ln 2, |r| <= ln 2 / 2, e^r a
 * degree-6 Taylor polynomial: relative error under 2e-7, the size of a
 * float's rounding).  z is clamped to [-30, 30] first, where the sigmoid
 * is 0 or 1 to within 1e-13.  Element-wise adds, multiplies, one division
 * and exact conversions only, in a fixed order, so the AVX2 and baseline
 * builds agree bit for bit.  It replaces a call of expf per hidden unit,
 * which was an eighth of a 2-ply search's time. */
static inline void sigmoid8(nn_vec_t *v)
{
    nn_vec_t z = *v;
    const nn_vec_t lo = {-30, -30, -30, -30, -30, -30, -30, -30};
    const nn_vec_t hi = {30, 30, 30, 30, 30, 30, 30, 30};
    const nn_vec_t one = {1, 1, 1, 1, 1, 1, 1, 1};
    /* 1.5 * 2^23: adding it and taking it away again rounds to an integer */
    const float magic = 12582912.0f;
    nn_vec_t x = -z;
    /* lane-wise selects: a comparison gives all ones or all zeros a lane */
    nn_ivec_t m = x < lo;
    x = (nn_vec_t)((m & (nn_ivec_t)lo) | (~m & (nn_ivec_t)x));
    m = x > hi;
    x = (nn_vec_t)((m & (nn_ivec_t)hi) | (~m & (nn_ivec_t)x));
    nn_vec_t n = (x * 1.44269504088896341f + magic) - magic;
    /* ln 2 in two parts, the first with few enough bits that n * it is exact */
    nn_vec_t r = (x - n * 0.693359375f) - n * -2.12194440e-4f;
    nn_vec_t p = r * (1.0f / 720) + (1.0f / 120);
    p = p * r + (1.0f / 24);
    p = p * r + (1.0f / 6);
    p = p * r + 0.5f;
    p = p * r + 1.0f;
    p = p * r + 1.0f;
    /* 2^n: n (-44..44) put straight into the exponent bits */
    nn_ivec_t e = (__builtin_convertvector(n, nn_ivec_t) + 127) << 23;
    nn_vec_t two_n;
    memcpy(&two_n, &e, sizeof two_n);
    *v = one / (one + p * two_n);
}

NN_CLONES
void nn_forward(const nn_t *n, const nn_input_t *x, nn_act_t *a)
{
    int H = n->hidden, K = n->classes;
    /* The first layer a block of hidden units at a time, the block's sums
     * staying in registers while the input rows are added (v * row is
     * exact for v = 1).  Each unit adds b1 and then the entries in input
     * order, whatever the block size. */
    int j0 = 0;
    for (; j0 + NN_BLOCK <= H; j0 += NN_BLOCK) {
        nn_vec_t a0, a1, a2, a3;
        memcpy(&a0, n->b1 + j0, sizeof a0);
        memcpy(&a1, n->b1 + j0 + 8, sizeof a1);
        memcpy(&a2, n->b1 + j0 + 16, sizeof a2);
        memcpy(&a3, n->b1 + j0 + 24, sizeof a3);
        for (int e = 0; e < x->n; e++) {
            const float *row = n->w1 + (size_t)x->idx[e] * (size_t)H + (size_t)j0;
            float v = x->val[e];
            nn_vec_t r0, r1, r2, r3;
            memcpy(&r0, row, sizeof r0);
            memcpy(&r1, row + 8, sizeof r1);
            memcpy(&r2, row + 16, sizeof r2);
            memcpy(&r3, row + 24, sizeof r3);
            a0 += v * r0;
            a1 += v * r1;
            a2 += v * r2;
            a3 += v * r3;
        }
        sigmoid8(&a0);
        sigmoid8(&a1);
        sigmoid8(&a2);
        sigmoid8(&a3);
        memcpy(a->h + j0, &a0, sizeof a0);
        memcpy(a->h + j0 + 8, &a1, sizeof a1);
        memcpy(a->h + j0 + 16, &a2, sizeof a2);
        memcpy(a->h + j0 + 24, &a3, sizeof a3);
    }
    if (j0 < H) {
        int m = H - j0;
        float acc[NN_BLOCK] = {0};
        memcpy(acc, n->b1 + j0, (size_t)m * sizeof(float));
        for (int e = 0; e < x->n; e++) {
            const float *row = n->w1 + (size_t)x->idx[e] * (size_t)H + (size_t)j0;
            float v = x->val[e];
            for (int j = 0; j < m; j++)
                acc[j] += v * row[j];
        }
        /* the sigmoid of the lanes in use, eight at a time (those past m
         * in the last eight are zeros, computed and dropped) */
        for (int q = 0; q < m; q += 8) {
            nn_vec_t v;
            memcpy(&v, acc + q, sizeof v);
            sigmoid8(&v);
            memcpy(acc + q, &v, sizeof v);
        }
        memcpy(a->h + j0, acc, (size_t)m * sizeof(float));
    }
    /* The output layer with the sums in two registers: row j's K weights
     * are read eight at a time (w2 is padded for the reads past the last
     * row); the lanes past K add the next row's weights and are ignored.
     * Each class adds b2 and then the hidden units in order, as before. */
    float z[2 * 8];
    nn_vec_t z0 = {0}, z1 = {0};
    memcpy(&z0, n->b2, (size_t)(K < 8 ? K : 8) * sizeof(float));
    if (K > 8)
        memcpy(&z1, n->b2 + 8, (size_t)(K - 8) * sizeof(float));
    for (int j = 0; j < H; j++) {
        const float *row = n->w2 + (size_t)j * (size_t)K;
        float hj = a->h[j];
        nn_vec_t r0;
        memcpy(&r0, row, sizeof r0);
        z0 += hj * r0;
        if (K > 8) {
            nn_vec_t r1;
            memcpy(&r1, row + 8, sizeof r1);
            z1 += hj * r1;
        }
    }
    memcpy(z, &z0, sizeof z0);
    memcpy(z + 8, &z1, sizeof z1);
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

double nn_ce_grad(const float *p, const float *target, int K, float *dz)
{
    double loss = 0.0;
    for (int k = 0; k < K; k++) {
        dz[k] = p[k] - target[k];
        if (target[k] > 0.0f)
            loss -= (double)target[k] * log((double)(p[k] > 1e-12f ? p[k] : 1e-12f));
    }
    return loss;
}

double nn_train_step(nn_t *n, const nn_input_t *x, const nn_act_t *a, const float *target,
                     float rate)
{
    float dz[NN_MAX_CLASSES];
    double loss = nn_ce_grad(a->p, target, n->classes, dz);
    nn_step_logits(n, x, a, dz, rate);
    return loss;
}

void nn_step_logits(nn_t *n, const nn_input_t *x, const nn_act_t *a, const float *dz, float rate)
{
    int H = n->hidden, K = n->classes;
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
}
