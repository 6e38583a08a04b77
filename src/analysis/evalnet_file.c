/*
 * evalnet_file.c - the trained evaluator's weights file (text, version 1)
 * and the nets compiled into the program (see evalnet.h).
 *
 *   brade-net 1
 *   rules lyckans-talisman
 *   encoding brade            (or bg)
 *   classes 12
 *   hidden 80
 *   inputs 260
 *   games 400000              (training games played)
 *   seed 1
 *   alpha 0.1
 *   lambda 0.7
 *   noise 0
 *   command brade-lab train ...   (the rest of the line)
 *   net contact               (then every weight: w1, b1, w2, b2)
 *   ...
 *   net race
 *   ...
 *   prune 32 40000 1          (optional: pruning nets' hidden units, games taught, seed)
 *   prune contact             (then their weights, as above)
 *   ...
 *   prune race
 *   ...
 *   end 0123456789abcdef      (FNV-1a 64 of every byte before this line)
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/evalnet.h"
#include "analysis/evalnet_blobs.h"
#include "analysis/numparse.h"
#include "analysis/textout.h"

static const char *const PHASE_NAMES[EVALNET_PHASES] = {"contact", "race"};

/* FNV-1a 64 over len bytes at p, going on from the hash h. */
static uint64_t fnv1a_from(uint64_t h, const void *p, size_t len)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < len; i++) {
        h ^= b[i];
        h *= 1099511628211ULL;
    }
    return h;
}

/* The weights files' checksum: FNV-1a 64 of len bytes of text, from a
 * basis one digit short of the standard one (14695981039346656037); every
 * file written carries it, so it stays. */
static uint64_t fnv1a(const char *s, size_t len)
{
    return fnv1a_from(1469598103934665603ULL, s, len);
}

uint64_t evalnet_fingerprint(const evalnet_t *n)
{
    uint64_t h = 0xcbf29ce484222325ULL; /* the standard FNV-1a 64 basis */
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        const nn_t *t = n->net[ph];
        if (!t)
            continue;
        size_t in = (size_t)t->inputs, hid = (size_t)t->hidden, cl = (size_t)t->classes;
        h = fnv1a_from(h, t->w1, in * hid * sizeof *t->w1);
        h = fnv1a_from(h, t->b1, hid * sizeof *t->b1);
        h = fnv1a_from(h, t->w2, hid * cl * sizeof *t->w2);
        h = fnv1a_from(h, t->b2, cl * sizeof *t->b2);
    }
    return h;
}

/* ---- writing ---- */

/* Each phase's net: a "KIND PHASE" line, then its weights eight a line. */
static void put_nets(textout_t *o, const char *kind, nn_t *const nets[EVALNET_PHASES])
{
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        textout_put(o, "%s %s\n", kind, PHASE_NAMES[ph]);
        nn_t *net = nets[ph];
        long count = nn_weight_count(net);
        for (long i = 0; i < count; i++)
            textout_put(o, "%.9g%c", (double)*nn_weight_at(net, i), i % 8 == 7 || i == count - 1 ? '\n' : ' ');
    }
}

char *evalnet_format(const evalnet_t *n, size_t *len)
{
    textout_t o;
    textout_init(&o, 1 << 16);
    textout_put(&o, "brade-net %d\n", EVALNET_VERSION);
    textout_put(&o, "rules %s\n", n->rules);
    textout_put(&o, "encoding %s\n", n->encoding == ENC_BG ? "bg" : "brade");
    textout_put(&o, "classes %d\nhidden %d\ninputs %d\n", n->classes, n->hidden,
        evalnet_inputs(n->encoding));
    textout_put(&o, "games %ld\nseed %llu\n", n->games, (unsigned long long)n->seed);
    textout_put(&o, "alpha %.9g\nlambda %.9g\nnoise %.9g\n", n->alpha, n->lambda, n->noise);
    textout_put(&o, "command %s\n", n->command[0] ? n->command : "-");
    put_nets(&o, "net", n->net);
    if (n->prune[0]) {
        textout_put(&o, "prune %d %ld %llu\n", n->prune[0]->hidden, n->prune_games,
            (unsigned long long)n->prune_seed);
        put_nets(&o, "prune", n->prune);
    }
    if (!o.failed)
        textout_put(&o, "end %016llx\n", (unsigned long long)fnv1a(o.s, o.len));
    return textout_take(&o, len);
}

/* ---- reading ---- */

typedef struct in {
    const char *p, *end;
    int line;
    evalnet_error_t *err;
} in_t;

static bool fail(in_t *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(in_t *in, const char *fmt, ...)
{
    if (in->err) {
        in->err->line = in->line;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(in->err->msg, sizeof in->err->msg, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* The next line as [*s, *e), without its newline.  False at the end. */
static bool next_line(in_t *in, const char **s, const char **e)
{
    if (in->p >= in->end)
        return false;
    in->line++;
    *s = in->p;
    const char *nl = memchr(in->p, '\n', (size_t)(in->end - in->p));
    *e = nl ? nl : in->end;
    in->p = nl ? nl + 1 : in->end;
    if (*e > *s && (*e)[-1] == '\r')
        (*e)--;
    return true;
}

/* Reads "key value" into key (NUL-terminated) and value (a pointer into the
 * line, NUL-terminated copy in val). */
static bool key_value(in_t *in, const char *key, char *val, size_t size)
{
    const char *s, *e;
    if (!next_line(in, &s, &e))
        return fail(in, "the file ends before '%s'", key);
    size_t kl = strlen(key);
    if ((size_t)(e - s) <= kl || strncmp(s, key, kl) != 0 || s[kl] != ' ')
        return fail(in, "expected '%s VALUE'", key);
    size_t vl = (size_t)(e - s) - kl - 1;
    if (vl >= size)
        return fail(in, "the value of '%s' is too long", key);
    memcpy(val, s + kl + 1, vl);
    val[vl] = '\0';
    return true;
}

static bool key_long(in_t *in, const char *key, long lo, long hi, long *out)
{
    char v[64], *end;
    if (!key_value(in, key, v, sizeof v))
        return false;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || *end || end == v || x < lo || x > hi)
        return fail(in, "'%s' must be a whole number from %ld to %ld", key, lo, hi);
    *out = x;
    return true;
}

static bool key_double(in_t *in, const char *key, double *out)
{
    char v[64], *end;
    if (!key_value(in, key, v, sizeof v))
        return false;
    errno = 0;
    *out = strtod(v, &end);
    if (errno || *end || end == v)
        return fail(in, "'%s' must be a number", key);
    return true;
}

static bool read_weights(in_t *in, nn_t *net)
{
    long count = nn_weight_count(net), i = 0;
    while (i < count) {
        const char *s, *e;
        if (!next_line(in, &s, &e))
            return fail(in, "the file ends after %ld of %ld weights", i, count);
        char buf[512];
        size_t l = (size_t)(e - s);
        if (l >= sizeof buf)
            return fail(in, "a line of weights is too long");
        memcpy(buf, s, l);
        buf[l] = '\0';
        const char *p = buf;
        for (;;) {
            while (*p == ' ')
                p++;
            if (!*p)
                break;
            if (i >= count)
                return fail(in, "more weights than the net has (%ld)", count);
            const char *end;
            float v;
            if (!numparse_float(p, &end, &v) || (*end && *end != ' '))
                return fail(in, "not a number: '%.20s'", p);
            *nn_weight_at(net, i++) = v;
            p = end;
        }
    }
    return true;
}

/* Each phase's net as put_nets writes it, made in nets[] with the shape
 * given (the caller frees them, also on failure). */
static bool read_nets(in_t *in, const char *kind, nn_t *nets[EVALNET_PHASES], int inputs,
                      int hidden, int classes)
{
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        char want[32];
        snprintf(want, sizeof want, "%s %s", kind, PHASE_NAMES[ph]);
        const char *s, *e;
        if (!next_line(in, &s, &e) || (size_t)(e - s) != strlen(want) ||
            strncmp(s, want, strlen(want)) != 0)
            return fail(in, "expected '%s'", want);
        nets[ph] = nn_new(inputs, hidden, classes);
        if (!nets[ph])
            return fail(in, "out of memory");
        if (!read_weights(in, nets[ph]))
            return false;
    }
    return true;
}

/* The optional pruning nets: "prune HIDDEN GAMES SEED", then per phase
 * "prune PHASE" and its weights. */
static bool read_prune(in_t *in, evalnet_t *n)
{
    const char *s, *e;
    (void)next_line(in, &s, &e);
    char buf[64];
    size_t l = (size_t)(e - s);
    if (l >= sizeof buf)
        return fail(in, "expected 'prune HIDDEN GAMES SEED'");
    memcpy(buf, s, l);
    buf[l] = '\0';
    int hidden;
    long games;
    unsigned long long seed;
    char extra;
    if (sscanf(buf, "prune %d %ld %llu %c", &hidden, &games, &seed, &extra) != 3 || hidden < 1 ||
        hidden > NN_MAX_HIDDEN || games < 0)
        return fail(in, "expected 'prune HIDDEN GAMES SEED' (1 to %d hidden units)",
                    NN_MAX_HIDDEN);
    n->prune_games = games;
    n->prune_seed = seed;
    return read_nets(in, "prune", n->prune, evalnet_prune_inputs(), hidden, n->classes);
}

evalnet_t *evalnet_parse(const char *text, size_t len, evalnet_error_t *err)
{
    in_t in = {text, text + len, 0, err};
    if (err)
        err->line = 0, err->msg[0] = '\0';
    char v[256];
    long version = 0, classes = 0, hidden = 0, inputs = 0, games = 0;
    evalnet_t *n = calloc(1, sizeof *n);
    if (!n) {
        fail(&in, "out of memory");
        return NULL;
    }
    bool ok = key_long(&in, "brade-net", 0, 1000, &version);
    if (ok && version != EVALNET_VERSION)
        ok = fail(&in, "weights file version %ld; this program reads version %d", version,
                  EVALNET_VERSION);
    ok = ok && key_value(&in, "rules", n->rules, sizeof n->rules);
    ok = ok && key_value(&in, "encoding", v, sizeof v);
    if (ok) {
        if (strcmp(v, "bg") == 0)
            n->encoding = ENC_BG;
        else if (strcmp(v, "brade") == 0)
            n->encoding = ENC_BRADE;
        else
            ok = fail(&in, "unknown encoding '%s' (bg or brade)", v);
    }
    ok = ok && key_long(&in, "classes", 2, NN_MAX_CLASSES, &classes);
    ok = ok && key_long(&in, "hidden", 1, NN_MAX_HIDDEN, &hidden);
    ok = ok && key_long(&in, "inputs", 1, NN_MAX_INPUTS, &inputs);
    if (ok) {
        int want_c = 2 * (n->encoding == ENC_BG ? EVALNET_BG_SIDE : EVALNET_BRADE_SIDE);
        if (classes != want_c)
            ok = fail(&in, "%ld classes; the %s encoding has %d", classes, v, want_c);
        else if (inputs != evalnet_inputs(n->encoding))
            ok = fail(&in, "%ld inputs; this program's %s encoding has %d", inputs, v,
                      evalnet_inputs(n->encoding));
    }
    n->classes = (int)classes;
    n->hidden = (int)hidden;
    ok = ok && key_long(&in, "games", 0, 2000000000L, &games);
    n->games = games;
    if (ok && key_value(&in, "seed", v, sizeof v)) {
        char *end;
        n->seed = strtoull(v, &end, 10);
        if (*end || end == v)
            ok = fail(&in, "'seed' must be a whole number");
    } else {
        ok = false;
    }
    ok = ok && key_double(&in, "alpha", &n->alpha) && key_double(&in, "lambda", &n->lambda) &&
         key_double(&in, "noise", &n->noise);
    ok = ok && key_value(&in, "command", n->command, sizeof n->command);
    ok = ok && read_nets(&in, "net", n->net, (int)inputs, (int)hidden, (int)classes);
    if (ok && in.end - in.p > 6 && strncmp(in.p, "prune ", 6) == 0)
        ok = read_prune(&in, n);
    if (ok) {
        size_t body = (size_t)(in.p - text);
        const char *s, *e;
        if (!next_line(&in, &s, &e) || e - s != 20 || strncmp(s, "end ", 4) != 0) {
            ok = fail(&in, "expected 'end CHECKSUM' after the weights");
        } else {
            char hex[17];
            memcpy(hex, s + 4, 16);
            hex[16] = '\0';
            char *end;
            unsigned long long sum = strtoull(hex, &end, 16);
            if (*end || sum != fnv1a(text, body))
                ok = fail(&in, "the checksum does not match: the file is damaged or was edited");
        }
    }
    if (!ok) {
        evalnet_free(n);
        return NULL;
    }
    return n;
}

/* ---- the nets compiled in ---- */

static evalnet_t *parsed[EVALNET_BLOBS_MAX];
static bool tried[EVALNET_BLOBS_MAX];
static pthread_mutex_t builtin_lock = PTHREAD_MUTEX_INITIALIZER;

int evalnet_options_served(const char *name, const rules_t *r)
{
    rules_t t;
    if (!rules_parse(name, &t, NULL) || strcmp(t.name, r->name) != 0)
        return -1;
    const rules_t *base = rules_preset(t.name);
    int set = 0;
    for (int i = 0; base && i < rules_option_count(); i++) {
        const char *v = rules_option_get(&t, i);
        if (strcmp(v, rules_option_get(base, i)) == 0)
            continue;
        if (strcmp(v, rules_option_get(r, i)) != 0)
            return -1;
        set++;
    }
    return set;
}

/* Which compiled-in net serves r (-1 for none): of the nets that serve r
 * (evalnet_options_served), the one trained under the most of r's
 * options, so a net trained under an option serves every ruleset with
 * that option, and the preset's net the rest. */
static int builtin_index(const rules_t *r)
{
    int best = -1, most = -1;
    for (int i = 0; i < evalnet_blob_count && i < EVALNET_BLOBS_MAX; i++) {
        int k = evalnet_options_served(evalnet_blobs[i].rules, r);
        if (k > most) {
            most = k;
            best = i;
        }
    }
    return best;
}

/* The compiled-in net for r (builtin_index), parsed the first time it is
 * asked for; a damaged one, which the build's own check rules out, counts
 * as none. */
const evalnet_t *evalnet_builtin(const rules_t *r)
{
    int best = builtin_index(r);
    if (best < 0)
        return NULL;
    pthread_mutex_lock(&builtin_lock);
    if (!tried[best]) {
        parsed[best] = evalnet_parse((const char *)evalnet_blobs[best].data, evalnet_blobs[best].size, NULL);
        tried[best] = true;
    }
    const evalnet_t *n = parsed[best];
    pthread_mutex_unlock(&builtin_lock);
    return n && n->encoding == evalnet_encoding_for(r) ? n : NULL;
}

/* A fresh parse of builtin_index(r)'s text (see evalnet.h). */
evalnet_t *evalnet_builtin_reread(const rules_t *r, size_t *bytes)
{
    int i = builtin_index(r);
    if (i < 0)
        return NULL;
    *bytes = evalnet_blobs[i].size;
    return evalnet_parse((const char *)evalnet_blobs[i].data, evalnet_blobs[i].size, NULL);
}

int evalnet_builtin_count(void)
{
    return evalnet_blob_count;
}

const char *evalnet_builtin_name(int i)
{
    return i >= 0 && i < evalnet_blob_count ? evalnet_blobs[i].rules : NULL;
}
