/*
 * nn.h - a small neural network: one hidden layer of sigmoid units and a
 * softmax over result classes, with sparse inputs.
 *
 *   hidden h = sigmoid(b1 + sum_i x_i W1[i])      (H units)
 *   logits z = b2 + W2 h                            (K classes)
 *   output p = softmax(z)
 *
 * Board encodings are mostly zeros, so an input vector is given as its
 * non-zero entries (index, value) and the first layer adds one row of W1
 * per entry.  Training is plain stochastic gradient descent on the cross
 * entropy between p and a target distribution (the gradient at the logits
 * is p - target), which is what TD(lambda) with a softmax output needs.
 *
 * Numbers are float: weights round-trip exactly through the text format
 * (%.9g), and the arithmetic is done in a fixed order, so the same weights
 * and input always give the same output bit for bit.
 *
 * Ownership: an nn_t owns its weight arrays (nn_new / nn_free); nn_copy
 * writes into a net of the same shape.  An nn_act_t is scratch space the
 * caller owns (one per thread).  Nothing here does I/O.
 */
#ifndef BRADE_ANALYSIS_NN_H
#define BRADE_ANALYSIS_NN_H

#include <stdint.h>

enum { NN_MAX_HIDDEN = 512, NN_MAX_CLASSES = 16, NN_MAX_INPUTS = 1024 };

typedef struct nn {
    int inputs, hidden, classes;
    float *w1; /* [inputs][hidden] */
    float *b1; /* [hidden] */
    float *w2; /* [hidden][classes] (transposed: the output layer adds rows too) */
    float *b2; /* [classes] */
} nn_t;

/* A sparse input vector: n entries (index, value), indexes ascending. */
typedef struct nn_input {
    int n;
    uint16_t idx[NN_MAX_INPUTS];
    float val[NN_MAX_INPUTS];
} nn_input_t;

/* One forward pass's values, kept for the gradient step. */
typedef struct nn_act {
    float h[NN_MAX_HIDDEN];
    float p[NN_MAX_CLASSES];
} nn_act_t;

/* A net of the given shape with all weights zero.  NULL when out of
 * memory or the shape is out of range. */
nn_t *nn_new(int inputs, int hidden, int classes);
void nn_free(nn_t *n);
/* Copies the weights of src into dst (same shape). */
void nn_copy(nn_t *dst, const nn_t *src);
/* Number of weights (w1, b1, w2, b2 in that order), and the i-th. */
long nn_weight_count(const nn_t *n);
float *nn_weight_at(nn_t *n, long i);

/* A wider net that starts out computing nearly what src computes (Net2Net's
 * widening): the first src->hidden units are src's; each new one copies
 * the input weights of a seeded random old unit (with a little noise, so
 * the two can learn apart), and every copied unit's output weights are
 * shared equally among its copies.  NULL when hidden is below src's, out
 * of range, or out of memory. */
nn_t *nn_widen(const nn_t *src, int hidden, uint64_t seed);

/* One net that computes the average of the logits of k nets of the same
 * inputs and classes (an ensemble whose softmax is the normalised
 * geometric mean of theirs): their hidden units side by side, each output
 * weight divided by k, the output biases averaged.  NULL when the shapes
 * differ, the hidden units come to more than NN_MAX_HIDDEN, or out of
 * memory.  The k nets stay the caller's. */
nn_t *nn_join(const nn_t *const *nets, int k);

/* Small random starting weights from a seed. */
void nn_init_random(nn_t *n, uint64_t seed);

/* Appends one input entry (value 0 is skipped). */
static inline void nn_input_add(nn_input_t *x, int i, float v)
{
    if (v != 0.0f) {
        x->idx[x->n] = (uint16_t)i;
        x->val[x->n] = v;
        x->n++;
    }
}

/* The forward pass: fills a->h and a->p. */
void nn_forward(const nn_t *n, const nn_input_t *x, nn_act_t *a);

/* The cross entropy of the output p against target[] (K classes), and its
 * gradient at the logits, p - target, into dz[K]. */
double nn_ce_grad(const float *p, const float *target, int K, float *dz);

/* One gradient step on the cross entropy of the output against target[]
 * (a distribution over the classes): a must be the forward pass of x with
 * the current weights.  Returns the cross entropy before the step. */
double nn_train_step(nn_t *n, const nn_input_t *x, const nn_act_t *a, const float *target,
                     float rate);

/* One gradient step given the loss's gradient at the logits, dz[K] (for
 * a loss other than the cross entropy: train_rank.c's, on differences of
 * equity); a must be the forward pass of x with the current weights. */
void nn_step_logits(nn_t *n, const nn_input_t *x, const nn_act_t *a, const float *dz, float rate);

#endif
