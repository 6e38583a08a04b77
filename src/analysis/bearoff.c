/*
 * bearoff.c - the one-sided bear-off database (see bearoff.h).
 *
 * A position is c[0..5], the checkers 1..6 pips from off.  Its index is
 * the combinatorial rank of the six bar positions in the stars-and-bars
 * picture of 15 checkers over the six points and "off", so the 54,264
 * positions number 0..54263 with no gaps.
 *
 * Building: positions are taken in order of rising pip count, so every
 * position a roll can lead to is done before the position itself.  For
 * each, the best play of each roll is the one whose final position needs
 * the fewest rolls on average.  Trying every order of four steps of a
 * double would be slow, so the best final position reachable with k more
 * steps of die d is kept per position (best[pos][d][k]), built from the
 * positions below it: a double is then one step and a look-up, a
 * non-double two look-ups.
 */
#include "analysis/bearoff.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { N = BEAROFF_POSITIONS, R = BEAROFF_MAX_ROLLS, DEPTH = 3 };

typedef struct {
    float value;
    int final;
} best_t;

static float (*dist)[R];   /* rolls to bear off all */
static float (*dist1)[R];  /* rolls to bear off the first (all 15 on the board) */
static uint8_t (*pos_of)[6];
static bool built, failed;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int binom[22][8];

static int rank_of(const int c[6])
{
    int r = 0, stars = 0;
    for (int k = 0; k < 6; k++) {
        stars += c[k];
        r += binom[stars + k][k + 1];
    }
    return r;
}

/* The positions one step of die d leads to from c (at most 6). */
static int steps(const int c[6], int d, int out[6])
{
    int n = 0, high = -1;
    for (int i = 5; i >= 0; i--)
        if (c[i]) {
            high = i;
            break;
        }
    for (int i = 0; i <= high; i++) {
        if (!c[i])
            continue;
        int p = i + 1;
        int to = p - d; /* pips from off after the step; <= 0: borne off */
        if (to < 0 && i != high)
            continue;   /* a higher die bears off only from the highest point */
        int x[6];
        memcpy(x, c, sizeof x);
        x[i]--;
        if (to > 0)
            x[to - 1]++;
        out[n++] = rank_of(x);
    }
    return n;
}

typedef struct builder {
    int (*succ)[6][7];            /* [pos][d-1]: count, then the positions one step of d leads to */
    best_t (*best)[6][DEPTH + 1]; /* [pos][d-1][k]: best final with k more steps of d */
    float *leaf;                  /* the value of ending at a position */
    uint8_t *top;                 /* the highest roll count with a chance, per position */
} builder_t;

static void decode(int pos, int c[6])
{
    for (int k = 0; k < 6; k++)
        c[k] = pos_of[pos][k];
}

/* The positions one step of die d leads to from pos (a table look-up). */
static int succ(const builder_t *B, int pos, int d, const int **next)
{
    const int *row = B->succ[pos][d - 1];
    *next = row + 1;
    return row[0];
}

/* The best final position from pos with the roll (a, b). */
static int best_final(const builder_t *B, int pos, int a, int b)
{
    const int *next;
    float bv = 1e30f;
    int bf = pos;
    if (a == b) {
        int n = succ(B, pos, a, &next);
        for (int i = 0; i < n; i++) {
            const best_t *x = &B->best[next[i]][a - 1][DEPTH];
            if (x->value < bv)
                bv = x->value, bf = x->final;
        }
        return bf;
    }
    for (int o = 0; o < 2; o++) {
        int d1 = o ? b : a, d2 = o ? a : b;
        int n = succ(B, pos, d1, &next);
        for (int i = 0; i < n; i++) {
            const best_t *x = &B->best[next[i]][d2 - 1][1];
            if (x->value < bv)
                bv = x->value, bf = x->final;
        }
    }
    return bf;
}

/* Fills pos's best[][][] from the positions below it. */
static void fill_best(builder_t *B, int pos)
{
    const int *next;
    for (int d = 1; d <= 6; d++) {
        B->best[pos][d - 1][0] = (best_t){B->leaf[pos], pos};
        int n = succ(B, pos, d, &next);
        for (int k = 1; k <= DEPTH; k++) {
            best_t b = {B->leaf[pos], pos}; /* nothing left to move: stays */
            if (n > 0)
                b.value = 1e30f;
            for (int i = 0; i < n; i++) {
                const best_t *x = &B->best[next[i]][d - 1][k - 1];
                if (x->value < b.value)
                    b = *x;
            }
            B->best[pos][d - 1][k] = b;
        }
    }
}

static float mean_of(const float p[R])
{
    float m = 0;
    for (int k = 1; k < R; k++)
        m += (float)k * p[k];
    return m;
}

/* One pass over the positions in order of rising pips.  first_off: the
 * first-checker table (only positions with 15 on the board count; any
 * other final ends the wait). */
static void build_pass(builder_t *B, const int *order, bool first_off, float (*out)[R])
{
    for (int oi = 0; oi < N; oi++) {
        int pos = order[oi], c[6], total = 0;
        decode(pos, c);
        for (int k = 0; k < 6; k++)
            total += c[k];
        float *p = out[pos];
        memset(p, 0, sizeof(float) * R);
        bool done = first_off ? total < 15 : total == 0;
        if (done) {
            p[0] = 1.0f;
        } else {
            for (int a = 1; a <= 6; a++)
                for (int b = a; b <= 6; b++) {
                    float w = (a == b ? 1.0f : 2.0f) / 36.0f;
                    int f = best_final(B, pos, a, b);
                    const float *q = out[f];
                    int top = B->top[f] + 1 < R ? B->top[f] + 1 : R - 1;
                    for (int k = 0; k < top; k++)
                        p[k + 1] += w * q[k];
                }
        }
        B->leaf[pos] = done ? 0.0f : mean_of(p);
        int top = R - 1;
        while (top > 0 && p[top] == 0.0f)
            top--;
        B->top[pos] = (uint8_t)top;
        fill_best(B, pos);
    }
}

static void build(void)
{
    for (int n = 0; n < 22; n++) {
        binom[n][0] = 1;
        for (int k = 1; k < 8; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
    dist = malloc(sizeof *dist * N);
    dist1 = malloc(sizeof *dist1 * N);
    pos_of = malloc(sizeof *pos_of * N);
    builder_t B = {malloc(sizeof *B.succ * N), malloc(sizeof *B.best * N), malloc(sizeof *B.leaf * N),
                   malloc(N)};
    int *order = malloc(sizeof *order * N);
    if (!dist || !dist1 || !pos_of || !B.succ || !B.best || !B.leaf || !B.top || !order) {
        failed = true;
        goto out;
    }
    /* every position, and the order of rising pips (bucket sort) */
    int count[91] = {0}, start[92];
    int c[6];
    for (c[0] = 0; c[0] <= 15; c[0]++)
        for (c[1] = 0; c[0] + c[1] <= 15; c[1]++)
            for (c[2] = 0; c[0] + c[1] + c[2] <= 15; c[2]++)
                for (c[3] = 0; c[0] + c[1] + c[2] + c[3] <= 15; c[3]++)
                    for (c[4] = 0; c[0] + c[1] + c[2] + c[3] + c[4] <= 15; c[4]++)
                        for (c[5] = 0; c[0] + c[1] + c[2] + c[3] + c[4] + c[5] <= 15; c[5]++) {
                            int r = rank_of(c), pips = 0;
                            for (int k = 0; k < 6; k++) {
                                pos_of[r][k] = (uint8_t)c[k];
                                pips += (k + 1) * c[k];
                            }
                            count[pips]++;
                        }
    start[0] = 0;
    for (int p = 0; p <= 90; p++)
        start[p + 1] = start[p] + count[p];
    for (int r = 0; r < N; r++) {
        int pips = 0;
        for (int k = 0; k < 6; k++)
            pips += (k + 1) * pos_of[r][k];
        order[start[pips]++] = r;
    }
    for (int r = 0; r < N; r++) {
        decode(r, c);
        for (int d = 1; d <= 6; d++)
            B.succ[r][d - 1][0] = steps(c, d, &B.succ[r][d - 1][1]);
    }
    build_pass(&B, order, false, dist);
    build_pass(&B, order, true, dist1);
    built = true;
out:
    if (!built) {
        free(dist);
        free(dist1);
        free(pos_of);
        dist = dist1 = NULL;
    }
    free(B.succ);
    free(B.best);
    free(B.leaf);
    free(B.top);
    free(order);
}

static bool ready(void)
{
    pthread_once(&once, build);
    return built;
}

/* Side s's position index, or -1 when a checker is outside its home. */
static int index_of(const board_t *b, int s)
{
    const uint8_t *x = b->side[s];
    if (x[BOARD_BAR])
        return -1;
    for (int p = 1; p <= 18; p++)
        if (x[p])
            return -1;
    int c[6];
    for (int k = 0; k < 6; k++)
        c[k] = x[24 - k];
    return rank_of(c);
}

bool bearoff_applies(const board_t *b)
{
    if (b->geom != GEOM_BACKGAMMON || b->side[0][BOARD_OFF] == 15 || b->side[1][BOARD_OFF] == 15)
        return false;
    for (int s = 0; s < 2; s++) {
        const uint8_t *x = b->side[s];
        if (x[BOARD_BAR])
            return false;
        for (int p = 1; p <= 18; p++)
            if (x[p])
                return false;
    }
    return true;
}

bool bearoff_distribution(const board_t *b, int s, float p[BEAROFF_MAX_ROLLS])
{
    if (b->geom != GEOM_BACKGAMMON || !ready())
        return false;
    int i = index_of(b, s);
    if (i < 0)
        return false;
    memcpy(p, dist[i], sizeof(float) * R);
    return true;
}

double bearoff_mean_rolls(const board_t *b, int s)
{
    float p[R];
    return bearoff_distribution(b, s, p) ? (double)mean_of(p) : -1.0;
}

/* P(X >= k) for each k, from a distribution. */
static void tail(const float *p, double t[R + 1])
{
    t[R] = 0;
    for (int k = R - 1; k >= 0; k--)
        t[k] = t[k + 1] + (double)p[k];
}

bool bearoff_eval(const board_t *b, eval_t *out)
{
    if (!bearoff_applies(b) || !ready())
        return false;
    int me = index_of(b, 0), you = index_of(b, 1);
    const float *pm = dist[me], *py = dist[you];
    double ty[R + 1], ty1[R + 1], tm1[R + 1];
    tail(py, ty);
    tail(dist1[you], ty1);
    tail(dist1[me], tm1);
    double win = 0, wg = 0, lg = 0;
    bool you_none_off = b->side[1][BOARD_OFF] == 0, me_none_off = b->side[0][BOARD_OFF] == 0;
    for (int k = 1; k < R; k++) {
        /* I finish on my k-th roll: you have had k - 1 rolls */
        win += (double)pm[k] * ty[k];
        if (you_none_off)
            wg += (double)pm[k] * ty1[k];
        /* you finish on your k-th roll: I have had k */
        if (me_none_off)
            lg += (double)py[k] * tm1[k + 1];
    }
    eval_zero(out);
    out->win[OUT_GAMMON] = wg;
    out->win[OUT_SINGLE] = win - wg;
    out->lose[OUT_GAMMON] = lg;
    out->lose[OUT_SINGLE] = 1.0 - win - lg;
    out->equity = out->win[OUT_SINGLE] + 2.0 * wg - out->lose[OUT_SINGLE] - 2.0 * lg;
    return true;
}
