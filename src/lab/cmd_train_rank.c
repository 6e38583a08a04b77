/*
 * cmd_train_rank.c - `brade-lab train --fit-ranks`: teaching a net how the
 * plays of a roll rank, from records of `selfplay --agreement --save`
 * (lab/train_rank.h does the work; this reads the flags and files).
 *
 *   brade-lab train --rules R --out NET --fit-ranks FILE [--fit-ranks FILE...]
 *               [--exclude FILE...] [--epochs E] [--alpha A] [--holdout P] [--seed S]
 *
 * Every judged position of the FILEs (records of R, its plays rolled out
 * on the same dice) becomes a group whose differences NET is taught, E
 * passes (4 unless given) at rate A (0.002 unless given) in a seeded
 * order, a share P (0.1) held out and measured after each pass.  A
 * position (with its roll) that any --exclude record holds is left out:
 * the judges' records are named there, so that no position a net is
 * measured on is one it was taught.  The net is saved with the command in
 * its header and without its pruning nets (taught on the old weights).
 *
 * Ownership: everything read is freed before it returns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/train_rank.h"
#include "front/args.h"
#include "lab/lab.h"
#include "front/netfile.h"
#include "content/readfile.h"

enum { TR_MAX_FILES = 16 };

typedef struct rank_args {
    const char *rules, *out;
    const char *fit[TR_MAX_FILES], *exclude[TR_MAX_FILES];
    int nfit, nexclude;
    train_fit_opts_t ft;
} rank_args_t;

static bool parse(int argc, char **argv, rank_args_t *a)
{
    memset(a, 0, sizeof *a);
    train_fit_default_opts(&a->ft);
    a->rules = "lyckans-talisman";
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "brade: %s needs a value (see brade help)\n", f);
            return false;
        }
        const char *v = argv[++i];
        long seed;
        bool ok = true;
        int fit_flag;
        if (strcmp(f, "--rules") == 0)
            a->rules = v;
        else if (strcmp(f, "--out") == 0)
            a->out = v;
        else if (strcmp(f, "--fit-ranks") == 0 || strcmp(f, "--exclude") == 0) {
            bool fit = f[2] == 'f';
            int *cnt = fit ? &a->nfit : &a->nexclude;
            if (*cnt == TR_MAX_FILES) {
                fprintf(stderr, "brade: at most %d %s files\n", TR_MAX_FILES, f);
                return false;
            }
            (fit ? a->fit : a->exclude)[(*cnt)++] = v;
        } else if (strcmp(f, "--seed") == 0) {
            ok = args_number(f, v, 0, 2147483647L, &seed);
            a->ft.seed = (uint64_t)seed;
        } else if ((fit_flag = cmd_train_fit_flag(f, v, &a->ft)) != 0)
            ok = fit_flag > 0;
        else {
            fprintf(stderr, "brade: unknown option %s for train with --fit-ranks (see brade help)\n", f);
            return false;
        }
        if (!ok)
            return false;
    }
    if (!a->out) {
        fprintf(stderr, "brade: --fit-ranks needs --out NET (the net to teach, trained by self-play first)\n");
        return false;
    }
    return true;
}

/* A record file's judged positions, read: res[0..n). */
typedef struct records {
    agreement_result_t *res;
    int n, cap;
} records_t;

/* Reads FILE's judged positions into rec (appending); false after a
 * `path:line: message`.  The header's ruleset must be r's. */
static bool read_records(const char *path, const rules_t *r, records_t *rec)
{
    size_t len;
    char *text = readfile_regular(path, 1L << 30, &len);
    if (!text) {
        perror(path);
        return false;
    }
    bool ok = true, magic = false;
    int line = 0;
    for (char *p = text; *p && ok; line++) {
        size_t e = strcspn(p, "\n");
        char save = p[e];
        p[e] = '\0';
        if (line == 0)
            magic = strncmp(p, "brade-agreement ", 16) == 0;
        if (!magic) {
            fprintf(stderr, "%s:1: not a record of selfplay --agreement --save\n", path);
            ok = false;
        } else if (strncmp(p, "rules ", 6) == 0 && strcmp(p + 6, r->name) != 0) {
            fprintf(stderr, "%s:%d: a record of %s, not %s\n", path, line + 1, p + 6, r->name);
            ok = false;
        } else if (strncmp(p, "judged ", 7) == 0) {
            if (rec->n == rec->cap) {
                int cap = rec->cap ? 2 * rec->cap : 1024;
                agreement_result_t *m = realloc(rec->res, sizeof *m * (size_t)cap);
                if (!m) {
                    fprintf(stderr, "brade: out of memory\n");
                    ok = false;
                    break;
                }
                rec->res = m;
                rec->cap = cap;
            }
            char msg[160];
            if (!agreement_record_parse(p, r->geometry, &rec->res[rec->n], msg, sizeof msg)) {
                fprintf(stderr, "%s:%d: %s\n", path, line + 1, msg);
                ok = false;
            } else {
                rec->n++;
            }
        }
        p[e] = save;
        p += e + (save == '\n');
    }
    free(text);
    return ok;
}

/* True when x's position and roll are among ex's. */
static bool excluded(const agreement_result_t *x, const records_t *ex)
{
    for (int i = 0; i < ex->n; i++) {
        const agreement_result_t *y = &ex->res[i];
        if (memcmp(x->pos.side, y->pos.side, sizeof x->pos.side) == 0 && x->pos.turn == y->pos.turn &&
            x->roll.a == y->roll.a && x->roll.b == y->roll.b)
            return true;
    }
    return false;
}

static void progress(void *ud, const train_rank_status_t *s)
{
    (void)ud;
    char what[64];
    if (s->epoch)
        snprintf(what, sizeof what, "pass %d: loss %.4f a fitted roll", s->epoch, s->train_loss);
    else
        snprintf(what, sizeof what, "before");
    fprintf(stderr, "%s; held out: the net's plays off the rollouts' differences by %.4f, the rollout's best "
                    "play the net's best at 0-ply on %d of %d rolls\n",
            what, s->holdout_error, s->holdout_best, s->holdout_groups);
}

int cmd_train_rank(int argc, char **argv)
{
    rank_args_t a;
    if (!parse(argc, argv, &a))
        return 2;
    rules_t r;
    rules_error_t rerr;
    if (!rules_parse(a.rules, &r, &rerr) || strchr(a.rules, '+')) {
        fprintf(stderr, "brade: '%s' is not a preset (see brade rules)\n", a.rules);
        return 2;
    }
    records_t fit = {0}, ex = {0};
    train_rank_group_t *g = NULL;
    evalnet_t *n = NULL;
    int rc = 1;
    for (int i = 0; i < a.nfit; i++)
        if (!read_records(a.fit[i], &r, &fit))
            goto done;
    for (int i = 0; i < a.nexclude; i++)
        if (!read_records(a.exclude[i], &r, &ex))
            goto done;
    g = malloc(sizeof *g * (size_t)(fit.n > 0 ? fit.n : 1));
    if (!g) {
        fprintf(stderr, "brade: out of memory\n");
        goto done;
    }
    int count = 0, left = 0, few = 0;
    for (int i = 0; i < fit.n; i++) {
        if (excluded(&fit.res[i], &ex)) {
            left++;
            continue;
        }
        int k = train_rank_group(&r, &fit.res[i], &g[count]);
        if (k < 0) {
            fprintf(stderr, "brade: out of memory\n");
            goto done;
        }
        if (k == 1) {
            fprintf(stderr, "brade: judged position %d holds a play that is not legal under %s: a record of "
                            "another ruleset's options?\n", fit.res[i].index, r.name);
            rc = 2;
            goto done;
        }
        few += k == 2;
        count += k == 0;
    }
    if (count == 0) {
        fprintf(stderr, "brade: no roll left to teach (%d read, %d left out as the --exclude records', %d with "
                        "fewer than two plays rolled out)\n", fit.n, left, few);
        rc = 2;
        goto done;
    }
    n = netfile_load_for(a.out, &r);
    if (!n)
        goto done;
    if (strcmp(n->rules, r.name) != 0) {
        fprintf(stderr, "%s: a net for %s, not %s\n", a.out, n->rules, r.name);
        rc = 2;
        goto done;
    }
    fprintf(stderr, "teaching %s (%ld games of self-play) the plays of %d rolls (%d left out as the "
                    "--exclude records', %d with fewer than two plays rolled out)\n",
            a.out, n->games, count, left, few);
    if (train_rank_fit(n, &r, g, count, &a.ft, progress, NULL) != 0) {
        fprintf(stderr, "brade: out of memory\n");
        goto done;
    }
    if (n->prune[0])
        fprintf(stderr, "its pruning nets were taught on the old weights and are dropped; teach new ones "
                        "with --prune H\n");
    for (int ph = 0; ph < EVALNET_PHASES; ph++) {
        nn_free(n->prune[ph]);
        n->prune[ph] = NULL;
    }
    args_join("train", argc, argv, n->command, sizeof n->command);
    if (netfile_save(a.out, n)) {
        printf("%s: taught the plays of %d rolls, %d passes at learning rate %g\n", a.out, count, a.ft.epochs,
               a.ft.alpha);
        rc = 0;
    }
done:
    evalnet_free(n);
    free(g);
    free(fit.res);
    free(ex.res);
    return rc;
}
