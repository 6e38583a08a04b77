/*
 * best.c - best-play questions: reading the rollout block, rolling out
 * again, and checking the claim (see best.h).
 */
#include "content/best.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/rollout.h"
#include "engine/game.h"
#include "analysis/search.h"
#include "content/strbuf.h"
#include "engine/notation.h"
#include "engine/verdict.h"

/* Stated numbers are written to three decimals. */
#define BEST_TOLERANCE 0.0015

static const yamlload_key_t RO_KEYS[] = {{"games", 0, 0},  {"seed", 0, 0},   {"truncate", 0, 0},
                                         {"plies", 0, 0},  {"rivals", 0, 0}, {"results", 0, 0}};
enum { RO_GAMES, RO_SEED, RO_TRUNCATE, RO_PLIES, RO_RIVALS, RO_RESULTS, RO_COUNT };

static const yamlload_key_t RES_KEYS[] = {
    {"play", YK_REQUIRED, 0}, {"equity", YK_REQUIRED, 0}, {"ci", YK_REQUIRED, 0}};

/* The result for the play leading to `after` (see best.h). */
const best_result_t *best_find(const best_claim_t *c, const board_t *after)
{
    for (int i = 0; i < c->nresults; i++)
        if (board_equal(&c->results[i].after, after))
            return &c->results[i];
    return NULL;
}

/* A number like 1.144 or -0.05 in [lo, hi]. */
static bool read_number(reader_t *R, yaml_node_t *n, const char *what, double lo, double hi,
                        double *out)
{
    if (n->type == YAML_SCALAR_NODE) {
        const char *s = (const char *)n->data.scalar.value;
        char *end;
        double v = strtod(s, &end);
        if (*s && *end == '\0' && isfinite(v) && v >= lo && v <= hi) {
            *out = v;
            return true;
        }
        yamlload_error(&R->y, n, "'%s' must be a number from %g to %g, not '%s'", what, lo, hi, s);
        return false;
    }
    yamlload_error(&R->y, n, "'%s' must be a number, not %s", what, yamlload_kind(n));
    return false;
}

/* True when `after` is one of the question's accepted results. */
static bool is_accepted(const question_t *q, const board_t *after)
{
    for (int j = 0; j < q->naccept; j++)
        if (board_equal(&q->accept[j], after))
            return true;
    return false;
}

/* Sorts results best first (stable: ties keep their order). */
static void sort_results(best_result_t *r, int n)
{
    for (int i = 1; i < n; i++) {
        best_result_t x = r[i];
        int j = i;
        for (; j > 0 && r[j - 1].equity < x.equity; j--)
            r[j] = r[j - 1];
        r[j] = x;
    }
}

/* The results the file states: each play legal, named once. */
static bool read_results(reader_t *R, yaml_node_t *list, const position_t *pos, int n,
                         const question_t *q, best_result_t *out, yaml_node_t **nodes, int *count)
{
    int c = yamlload_list(&R->y, list, "results");
    if (c < 0)
        return false;
    if (c == 0 || c > BEST_MAX_RESULTS) {
        yamlload_error(&R->y, list, "'results' needs 1 to %d plays, not %d", BEST_MAX_RESULTS, c);
        return false;
    }
    bool ok = true;
    *count = 0;
    for (int i = 0; i < c; i++) {
        yaml_node_t *it = yamlload_item(&R->y, list, i);
        yamlload_found_t f[3];
        if (!yamlload_map(&R->y, it, "a rollout result", RES_KEYS, 3, true, f) || !f[0].value ||
            !f[1].value || !f[2].value) {
            ok = false;
            continue;
        }
        best_result_t r = {0};
        double lo = -100, hi = 100;
        if (!yamlload_string(&R->y, f[0].value, "play", false, &r.play_text) ||
            !read_number(R, f[1].value, "equity", lo, hi, &r.equity) ||
            !read_number(R, f[2].value, "ci", 0, hi, &r.ci)) {
            ok = false;
            continue;
        }
        verdict_t v;
        verdict_judge(&pos->board, &pos->rules, pos->roll, r.play_text, R->buf, n, &v);
        if (v.kind != VERDICT_LEGAL) {
            char words[1024] = "";
            if (R->explain && v.kind != VERDICT_UNPARSEABLE)
                R->explain(&pos->board, &pos->rules, &v, R->buf, r.play_text, words, sizeof words);
            yamlload_error(&R->y, f[0].value, "'%s' is not a legal play of this roll%s%s",
                           r.play_text, words[0] ? ": " : "", words);
            ok = false;
            continue;
        }
        r.after = movegen_play(R->buf, v.play)->after;
        r.accepted = is_accepted(q, &r.after);
        bool dup = false;
        for (int j = 0; j < *count; j++)
            dup |= board_equal(&out[j].after, &r.after);
        if (dup) {
            yamlload_error(&R->y, f[0].value, "'%s' has a result already", r.play_text);
            ok = false;
            continue;
        }
        nodes[*count] = it;
        out[(*count)++] = r;
    }
    return ok;
}

/* Rolls out the accepted plays and the best `rivals` others by search.
 * Returns the number of results, or -1 when out of memory. */
static int roll_out(reader_t *R, const position_t *pos, int n, const question_t *q,
                    const best_claim_t *c, best_result_t *out)
{
    search_ctx_t *sc = search_ctx_new(&pos->rules, EVAL_DEFAULT);
    search_play_t *ranked = malloc(sizeof *ranked * MOVEGEN_MAX_PLAYS);
    if (!sc || !ranked) {
        search_ctx_free(sc);
        free(ranked);
        return -1;
    }
    search_opts_t so;
    search_default_opts(c->plies, &so);
    int nr = search_rank(sc, &pos->board, pos->roll, &so, ranked);
    rollout_opts_t ro;
    rollout_default_opts(&ro);
    ro.games = c->games;
    ro.seed = (uint64_t)c->seed;
    ro.truncate = c->truncate;
    ro.stop = R->loader->stop;
    /* a single die is the first of a one-die series: the games play the
     * series on (rollout.h series_owed) */
    int owed[2];
    if (game_lone_die_series(&pos->rules, pos->roll, owed))
        ro.series_owed[0] = owed[0];
    /* accepted plays in the order written, then rivals in search order;
     * play[i] is the play out[i] is about */
    const play_t *play[BEST_MAX_RESULTS];
    int k = 0, rivals = 0;
    for (int j = 0; j < q->naccept; j++)
        for (int i = 0; i < n; i++)
            if (board_equal(&movegen_play(R->buf, i)->after, &q->accept[j])) {
                play[k] = movegen_play(R->buf, i);
                out[k].after = play[k]->after;
                out[k].accepted = true;
                out[k++].play_text = q->accept_text[j];
                break;
            }
    for (int i = 0; i < nr && rivals < c->rivals; i++) {
        if (is_accepted(q, &ranked[i].play.after))
            continue;
        char note[128];
        notation_play(&ranked[i].play, pos->board.geom, note, sizeof note);
        play[k] = &ranked[i].play;
        out[k].after = ranked[i].play.after;
        out[k].accepted = false;
        out[k++].play_text = arena_strdup(&R->course->arena, note);
        rivals++;
    }
    int ok = k;
    for (int i = 0; i < k; i++) {
        rollout_result_t res;
        if (rollout_play(play[i], &pos->rules, &ro, &res) != 0) {
            ok = -1;
            break;
        }
        if (res.stopped) {
            ok = -2;
            break;
        }
        out[i].equity = res.equity;
        out[i].ci = res.ci95;
    }
    search_ctx_free(sc);
    free(ranked);
    return ok;
}

/* The YAML of a results list, indented `col` spaces. */
static void results_yaml(const best_result_t *r, int n, int col, strbuf_t *sb)
{
    strbuf_addf(sb, "%*sresults:\n", col, "");
    for (int i = 0; i < n; i++)
        strbuf_addf(sb, "%*s  - {play: \"%s\", equity: %.3f, ci: %.3f}\n", col, "",
                    r[i].play_text, r[i].equity, r[i].ci);
}

/* The stated results (nodes[] where each was written) against the computed
 * ones: every difference is reported at its line.  True when they agree
 * (same plays, the numbers within rounding). */
static bool compare_results(reader_t *R, const best_result_t *st, yaml_node_t *const *nodes, int ns,
                            const best_result_t *co, int nc, yaml_node_t *at)
{
    bool same = true;
    for (int i = 0; i < ns; i++) {
        const best_result_t *c = NULL;
        for (int j = 0; j < nc && !c; j++)
            if (board_equal(&st[i].after, &co[j].after))
                c = &co[j];
        if (!c) {
            yamlload_error(&R->y, nodes[i], "'%s' is not one of the plays the rollout takes",
                           st[i].play_text);
            same = false;
        } else if (fabs(st[i].equity - c->equity) > BEST_TOLERANCE ||
                   fabs(st[i].ci - c->ci) > BEST_TOLERANCE) {
            yamlload_error(&R->y, nodes[i],
                           "the result stated for '%s' is %+.3f ± %.3f; the rollout gives %+.3f "
                           "± %.3f",
                           st[i].play_text, st[i].equity, st[i].ci, c->equity, c->ci);
            same = false;
        }
    }
    for (int j = 0; j < nc && ns; j++) {
        bool found = false;
        for (int i = 0; i < ns && !found; i++)
            found = board_equal(&st[i].after, &co[j].after);
        if (!found) {
            yamlload_error(&R->y, at, "the rollout takes '%s' too, and 'results' leaves it out",
                           co[j].play_text);
            same = false;
        }
    }
    return same && ns == nc;
}

/* Where a result was stated (`at` when it was not). */
static yaml_node_t *stated_node(const best_result_t *st, yaml_node_t *const *nodes, int ns,
                                const board_t *after, yaml_node_t *at)
{
    for (int i = 0; i < ns; i++)
        if (board_equal(&st[i].after, after))
            return nodes[i];
    return at;
}

/* The node an accepted play was written at (the accept list's first
 * otherwise). */
static yaml_node_t *accept_node(const question_t *q, yaml_node_t *const *nodes, const board_t *after)
{
    for (int j = 0; j < q->naccept; j++)
        if (board_equal(&q->accept[j], after))
            return nodes[j];
    return nodes[0];
}

/* The claim against results sorted best first: the best is accepted, the
 * accepted are within its interval, the others outside. */
static bool check_claim(reader_t *R, const question_t *q, yaml_node_t *const *nodes,
                        const best_result_t *st, yaml_node_t *const *st_nodes, int ns,
                        yaml_node_t *at, const best_claim_t *c, const char *source)
{
    const best_result_t *r = c->results, *best = &c->results[0];
    bool ok = true;
    for (int j = 0; j < q->naccept; j++)
        if (!best_find(c, &q->accept[j])) {
            yamlload_error(&R->y, nodes[j], "the accepted play '%s' has no rollout result",
                           q->accept_text[j]);
            ok = false;
        }
    if (!ok)
        return false;
    if (!best->accepted) {
        const best_result_t *a = NULL;
        for (int i = 0; i < c->nresults && !a; i++)
            if (r[i].accepted)
                a = &r[i];
        if (!a) /* every accepted play has a result, so one is accepted */
            return false;
        yamlload_error(&R->y, accept_node(q, nodes, &a->after),
                       "%s prefers '%s' (%+.3f ± %.3f) to the accepted '%s' (%+.3f ± %.3f)",
                       source, best->play_text, best->equity, best->ci, a->play_text, a->equity,
                       a->ci);
        return false;
    }
    for (int i = 1; i < c->nresults; i++) {
        double gap = best->equity - r[i].equity;
        if (r[i].accepted && gap > best->ci) {
            yamlload_error(&R->y, accept_node(q, nodes, &r[i].after),
                           "'%s' is accepted, but %s puts it %.3f below the best play '%s', "
                           "outside its 95%% interval (±%.3f): drop it from 'accept'",
                           r[i].play_text, source, gap, best->play_text, best->ci);
            ok = false;
        } else if (!r[i].accepted && gap <= best->ci) {
            yamlload_error(&R->y, stated_node(st, st_nodes, ns, &r[i].after, at),
                           "%s cannot tell '%s' (%+.3f) from the best play '%s' (%+.3f ± %.3f): "
                           "accept it too, roll out more games, or choose a clearer position",
                           source, r[i].play_text, r[i].equity, best->play_text, best->equity,
                           best->ci);
            ok = false;
        }
    }
    return ok;
}

/* Reads and verifies a best-play question's rollout block (see best.h). */
bool best_read(reader_t *R, yaml_node_t *qn, yaml_node_t *rollout, yaml_node_t *const *accept_nodes,
               const position_t *pos, int n, question_t *q)
{
    best_claim_t *c = &q->best;
    memset(c, 0, sizeof *c);
    c->games = BEST_GAMES;
    c->seed = BEST_SEED;
    c->plies = BEST_PLIES;
    c->rivals = BEST_RIVALS;
    R->loader->best_claims++;
    if (n < 2) {
        yamlload_error(&R->y, qn, "a best-play question needs a roll with two or more legal plays");
        return false;
    }
    yamlload_found_t f[RO_COUNT];
    memset(f, 0, sizeof f);
    bool ok = true;
    if (rollout) {
        if (!yamlload_map(&R->y, rollout, "the rollout", RO_KEYS, RO_COUNT, true, f))
            return false;
        int seed = BEST_SEED;
        if (f[RO_GAMES].value)
            ok &= yamlload_int(&R->y, f[RO_GAMES].value, "games", 36, 1000000, &c->games);
        if (f[RO_SEED].value && yamlload_int(&R->y, f[RO_SEED].value, "seed", 0, 2147483647, &seed))
            c->seed = seed;
        else if (f[RO_SEED].value)
            ok = false;
        if (f[RO_TRUNCATE].value)
            ok &= yamlload_int(&R->y, f[RO_TRUNCATE].value, "truncate", 0, 10000, &c->truncate);
        if (f[RO_PLIES].value)
            ok &= yamlload_int(&R->y, f[RO_PLIES].value, "plies", 0, SEARCH_MAX_PLIES, &c->plies);
        if (f[RO_RIVALS].value)
            ok &= yamlload_int(&R->y, f[RO_RIVALS].value, "rivals", 0, BEST_MAX_RESULTS - 1,
                               &c->rivals);
    }
    if (ok && q->naccept + c->rivals > BEST_MAX_RESULTS) {
        yamlload_error(&R->y, f[RO_RIVALS].value ? f[RO_RIVALS].value : accept_nodes[0],
                       "at most %d plays are rolled out: %d accepted and %d rivals are too many",
                       BEST_MAX_RESULTS, q->naccept, c->rivals);
        ok = false;
    }
    best_result_t stated[BEST_MAX_RESULTS];
    yaml_node_t *stated_nodes[BEST_MAX_RESULTS];
    int nstated = 0;
    if (f[RO_RESULTS].value)
        ok &= read_results(R, f[RO_RESULTS].value, pos, n, q, stated, stated_nodes, &nstated);
    if (!ok)
        return false;
    yaml_node_t *at = f[RO_RESULTS].value ? f[RO_RESULTS].value : rollout ? rollout : qn;

    best_result_t *res = arena_array(&R->course->arena, BEST_MAX_RESULTS, sizeof *res);
    char source[96];
    bool roll = R->loader->rollouts && !R->loader->stopped;
    if (roll && R->loader->on_rollout)
        R->loader->on_rollout(R->loader->ud, R->y.path, R->loader->best_rolled);
    int k = roll ? roll_out(R, pos, n, q, c, res) : -3;
    if (k == -2)
        R->loader->stopped = true; /* Ctrl-C: the rest are checked as stated */
    if (k != -2 && k != -3) {
        if (k < 0) {
            yamlload_error(&R->y, qn, "out of memory while rolling out");
            return false;
        }
        sort_results(res, k);
        c->nresults = k;
        c->verified = true;
        R->loader->best_rolled++;
        R->loader->best_games += (long)k * c->games;
        if (!compare_results(R, stated, stated_nodes, nstated, res, k, at)) {
            /* the block to paste, at the indentation of the rollout's keys */
            bool whole = !rollout || rollout->data.mapping.style == YAML_FLOW_MAPPING_STYLE;
            int col = whole ? (qn->data.mapping.style == YAML_FLOW_MAPPING_STYLE
                                   ? 4
                                   : (int)qn->start_mark.column)
                            : (int)rollout->start_mark.column;
            strbuf_t sb;
            strbuf_init(&sb);
            if (whole) {
                /* the whole block, in block style */
                strbuf_addf(&sb, "%*srollout:\n", col, "");
                col += 2;
                strbuf_addf(&sb, "%*sgames: %d\n%*sseed: %ld\n", col, "", c->games, col, "",
                            c->seed);
                if (c->truncate)
                    strbuf_addf(&sb, "%*struncate: %d\n", col, "", c->truncate);
                if (c->plies != BEST_PLIES)
                    strbuf_addf(&sb, "%*splies: %d\n", col, "", c->plies);
                if (c->rivals != BEST_RIVALS)
                    strbuf_addf(&sb, "%*srivals: %d\n", col, "", c->rivals);
            }
            results_yaml(res, k, col, &sb);
            if (sb.len && strbuf_str(&sb)[sb.len - 1] == '\n')
                sb.s[--sb.len] = '\0'; /* diag_print ends the line */
            if (!nstated)
                yamlload_error(&R->y, at,
                               "the rollout's results are not stated (%d games a play, seed %ld)",
                               c->games, c->seed);
            diag_add(R->y.diags, DIAG_NOTE, R->y.path, NULL, 0, 0, 0, 1,
                     "the rollout gives (put this %s):\n%s",
                     whole ? (rollout ? "in place of 'rollout'" : "in the question")
                           : "under 'rollout'",
                     strbuf_str(&sb));
            strbuf_free(&sb);
            ok = false;
        }
        snprintf(source, sizeof source, "the rollout (%d games a play, seed %ld)", c->games,
                 c->seed);
    } else {
        if (!nstated) {
            yamlload_error(&R->y, at,
                           "a best-play question needs the rollout's 'results': run `brade check` "
                           "on this file to roll the plays out and print them");
            return false;
        }
        memcpy(res, stated, sizeof *res * (size_t)nstated);
        sort_results(res, nstated);
        c->nresults = nstated;
        snprintf(source, sizeof source, "the stated rollout");
    }
    c->results = res;
    return check_claim(R, q, accept_nodes, stated, stated_nodes, nstated, at, c, source) && ok;
}
