/*
 * trust.c - the measured trust of the engine's margins (see trust.h).
 */
#include "analysis/trust.h"

#include <string.h>

#include "analysis/evalnet.h"

typedef struct trust_row {
    const char *rules;
    int plies;
    int pairs[6];
    double share[6];
} trust_row_t;

#include "analysis/trust_table.h"

_Static_assert(TRUST_BANDS == 6, "trust_row_t holds six bands");

bool trust_lookup(const char *preset, int plies, double margin, trust_t *out)
{
    memset(out, 0, sizeof *out);
    if (!preset || margin < 0)
        return false;
    for (size_t i = 0; i < sizeof TRUST_ROWS / sizeof TRUST_ROWS[0]; i++) {
        const trust_row_t *row = &TRUST_ROWS[i];
        if (strcmp(row->rules, preset) != 0 || row->plies != plies)
            continue;
        int b = 0;
        while (b < TRUST_BANDS - 1 && margin >= TRUST_EDGES[b])
            b++;
        if (row->pairs[b] == 0)
            return false;
        out->share = row->share[b];
        out->pairs = row->pairs[b];
        out->lo = b > 0 ? TRUST_EDGES[b - 1] : 0.0;
        out->hi = b < TRUST_BANDS - 1 ? TRUST_EDGES[b] : -1.0;
        out->rules = row->rules;
        out->plies = row->plies;
        return true;
    }
    return false;
}

bool trust_margin(const eval_ctx_t *e, int plies, double margin, trust_t *out)
{
    memset(out, 0, sizeof *out);
    if (!e || e->kind != EVAL_NET)
        return false;
    /* the preset itself, no option changed */
    char spec[512];
    rules_format(&e->rules, spec, sizeof spec);
    if (strcmp(spec, e->rules.name) != 0)
        return false;
    /* its shipped net, not a weights file */
    if (e->net != evalnet_builtin(&e->rules))
        return false;
    return trust_lookup(e->rules.name, plies, margin, out);
}

bool trust_plays(const eval_ctx_t *e, int plies, const play_t *best, double best_eq, const play_t *other,
                 double other_eq, trust_t *out)
{
    memset(out, 0, sizeof *out);
    if (best->outcome.kind != OUT_NONE && other->outcome.kind != OUT_NONE)
        return false;
    double margin = best_eq - other_eq;
    return trust_margin(e, plies, margin < 0 ? 0 : margin, out);
}
