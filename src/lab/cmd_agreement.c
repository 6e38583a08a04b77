/*
 * cmd_agreement.c - `brade-lab selfplay --agreement`: a search's choice of play
 * judged by rollouts (lab/agreement.h does the work; this reads the
 * flags, keeps the record file and prints).
 *
 *   brade-lab selfplay [--rules R] --agreement K [--rollouts N] [--plies P] [--seed S]
 *                  [--top M] [--confirm G [--passes P]] [--player-plies Q] [--luck on|off]
 *                  [--dice-seed D] [--phase race|contact] [--a-net FILE] [--threads T]
 *                  [--save FILE] [--json]
 *
 * K fixed positions (seeded self-play, one roll each); the P-ply ranking's
 * best M plays (4 unless given, 2 to 8; more give other choosers judged
 * against the record more of their plays rolled out) are rolled out N
 * games each with the same dice, and the
 * search's choice is scored against the rollout's best.  --confirm G rolls
 * out again, G games a pass, every play the paired difference cannot yet
 * separate from the best, until it is separable or P passes are made (1
 * unless given).  --player-plies Q makes the rollout's players search Q
 * plies (0 unless given: a stronger judge at many times the cost).
 * --luck on takes each roll's luck (by the 0-ply net) out of every game's
 * result, as `analyse --luck on` does: for players that search a ply it
 * buys five to nine times the precision for the same time; the record's
 * header then says `luck on` (a line records without it do not have).
 * --dice-seed D rolls the positions out with the dice of seed D instead
 * of S (the positions stay S's): a second judge of the same positions
 * whose luck is its own, to measure how often two judges agree; the
 * header then says `dice-seed D` (after `luck on`, before the net).
 * --phase race takes the K positions from the races of those games alone
 * (every checker of both sides past the other's: nobody can hit again),
 * --phase contact from the rest: a set of its own, each game giving one
 * position of the phase or none; the header then says `phase race` (after
 * `dice-seed`, before the net).
 * --a-net FILE makes the search and the rollouts use other nets (the
 * positions stay those of the shipped net's self-play).
 *
 * --save FILE keeps every judged position in FILE (written atomically
 * after each; a line on stderr says so), and when FILE exists the run goes
 * on from the positions it holds, provided the same settings made them
 * (else it is refused and left alone): a run of hours is made in pieces by
 * running the same command again, or with a larger K, and it prints what
 * one run prints.  Ctrl-C keeps the positions finished.
 *
 *   brade-lab selfplay --rejudge FILE [--plies P] [--a-net FILE] [--lookahead on|off]
 *                  [--choices FILE] [--fill|--fill-anew NET|shipped] [--threads T] [--json]
 *
 * judges another chooser (another depth, another net) against the rollouts
 * a --save FILE holds: its positions are ranked again, and each choice is
 * scored against the recorded rollouts of the plays (one the record did not
 * roll out counts as a miss and is named).  The rollouts took an hour a
 * hundred positions; this takes seconds to minutes, and every chooser so
 * measured meets the same judge.  --lookahead off takes the exact one-roll
 * lookahead from the chooser's evaluator: at 0 plies that is the judge's
 * own player, so its score shows how far the judge favours its players
 * (on gives it one; without the flag the evaluator keeps its own default,
 * as the record's search did: on in bräde, off in backgammon).
 * --choices FILE scores an outside chooser instead (GNU Backgammon's
 * plays, say): a line a judged position, in the record's order,
 * "ID ROLL PLAY" with PLAY in brade's notation; a line that names another
 * position or a play that is not legal there is refused with path:line.
 * --fill NET (the net that made the record, `shipped` when that is the
 * shipped one) first rolls out every choice the record did not, with the
 * record's players, dice and passes (agreement_fill), writes those
 * positions back into FILE and then judges: the choice is judged instead
 * of counted a miss.  A net whose weights are not the record's, or
 * rollouts that do not come out as recorded, are refused; --fill-anew
 * takes the second (the record's net in another build, whose float
 * rounding sends the games elsewhere): such a position is judged afresh,
 * every play rolled out again, and FILE says so in no way but its numbers,
 * so the listing names each.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lab/agreement.h"
#include "analysis/evalnet.h"
#include "lab/agreement_cli.h"
#include "front/args.h"
#include "lab/lab.h"
#include "front/interrupt.h"
#include "front/netfile.h"
#include "front/savefile.h"
#include "content/readfile.h"
#include "engine/posid.h"


static bool parse(int argc, char **argv, ag_args_t *a)
{
    memset(a, 0, sizeof *a);
    agreement_default_opts(&a->o);
    a->lookahead = -1;
    a->rules = "lyckans-talisman";
    a->seed = 1;
    a->dice_seed = -1;
    a->phase = EVALNET_ANY_PHASE;
    a->threads = 2;
    bool passes_given = false, plies_given = false;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (strcmp(f, "--json") == 0) {
            a->json = true;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "brade: %s needs a value (see brade help)\n", f);
            return false;
        }
        const char *v = argv[++i];
        bool ok = true;
        a->judge_flags += strcmp(f, "--plies") != 0 && strcmp(f, "--a-net") != 0 && strcmp(f, "--threads") != 0 &&
                          strcmp(f, "--rejudge") != 0 && strcmp(f, "--lookahead") != 0 &&
                          strcmp(f, "--choices") != 0 && strcmp(f, "--fill") != 0 &&
                          strcmp(f, "--fill-anew") != 0;
        if (strcmp(f, "--rules") == 0)
            a->rules = v;
        else if (strcmp(f, "--rejudge") == 0)
            a->rejudge = v;
        else if (strcmp(f, "--lookahead") == 0) {
            bool on = false;
            ok = args_on_off(f, v, &on);
            a->lookahead = on;
        }
        else if (strcmp(f, "--a-net") == 0)
            a->net = v;
        else if (strcmp(f, "--choices") == 0)
            a->choices = v;
        else if (strcmp(f, "--fill") == 0 || strcmp(f, "--fill-anew") == 0) {
            a->fill = v;
            a->fill_anew = strcmp(f, "--fill-anew") == 0;
        }
        else if (strcmp(f, "--save") == 0)
            a->save = v;
        else if (strcmp(f, "--agreement") == 0)
            ok = args_int(f, v, 1, 100000, &a->positions);
        else if (strcmp(f, "--rollouts") == 0)
            ok = args_int(f, v, 2, 10000000L, &a->o.games);
        else if (strcmp(f, "--top") == 0)
            ok = args_int(f, v, 2, AGREE_MAX, &a->o.top);
        else if (strcmp(f, "--confirm") == 0) {
            ok = args_int(f, v, 0, 10000000L, &a->o.confirm);
            if (ok && a->o.confirm == 1) {
                fprintf(stderr, "brade: --confirm needs 2 games or more (0: no further pass)\n");
                return false;
            }
        } else if (strcmp(f, "--passes") == 0) {
            ok = args_int(f, v, 1, 100, &a->o.passes);
            passes_given = true;
        } else if (strcmp(f, "--plies") == 0) {
            ok = args_int(f, v, 0, SEARCH_MAX_PLIES, &a->o.plies);
            plies_given = true;
        }
        else if (strcmp(f, "--player-plies") == 0)
            ok = args_int(f, v, 0, SEARCH_MAX_PLIES, &a->o.ro.plies);
        else if (strcmp(f, "--luck") == 0)
            ok = args_on_off(f, v, &a->o.ro.luck);
        else if (strcmp(f, "--seed") == 0)
            ok = args_number(f, v, 0, 2147483647L, &a->seed);
        else if (strcmp(f, "--dice-seed") == 0)
            ok = args_number(f, v, 0, 2147483647L, &a->dice_seed);
        else if (strcmp(f, "--phase") == 0)
            ok = args_phase(f, v, &a->phase);
        else if (strcmp(f, "--threads") == 0)
            ok = args_int(f, v, 1, 16, &a->threads);
        else {
            fprintf(stderr, "brade: unknown option %s for selfplay --agreement (see brade help)\n", f);
            return false;
        }
        if (!ok)
            return false;
    }
    if (a->rejudge && a->judge_flags > 0) {
        fprintf(stderr, "brade: --rejudge reads the judge's settings from its file; only --plies, --a-net, "
                        "--lookahead, --choices, --fill, --fill-anew, --threads and --json go with it\n");
        return false;
    }
    if (a->choices && (!a->rejudge || a->net || a->lookahead >= 0 || plies_given)) {
        fprintf(stderr, "brade: --choices goes with --rejudge alone (its plays are the choices: no --plies, "
                        "--a-net or --lookahead)\n");
        return false;
    }
    if (a->fill && !a->rejudge) {
        fprintf(stderr, "brade: --fill goes with --rejudge FILE (it rolls out the choices FILE did not)\n");
        return false;
    }
    if (a->lookahead >= 0 && !a->rejudge) {
        fprintf(stderr, "brade: --lookahead goes with --rejudge (the chooser's evaluator)\n");
        return false;
    }
    if (passes_given && a->o.confirm == 0) {
        fprintf(stderr, "brade: --passes goes with --confirm G (the games of each further pass)\n");
        return false;
    }
    a->o.ro.seed = agcli_dice_seed(a);
    a->o.ro.threads = a->threads;
    return true;
}

/* The record file's header: what made its positions' judgements. */
static size_t header(const ag_args_t *a, const rules_t *r, const evalnet_t *n, char *buf, size_t size)
{
    char rname[256];
    rules_format(r, rname, sizeof rname);
    /* "luck on" only when on and "dice-seed D" only when given, so records
     * made without them keep their header */
    char dice[96] = "";
    if (a->dice_seed >= 0)
        snprintf(dice, sizeof dice, "dice-seed %ld\n", a->dice_seed);
    if (a->phase != EVALNET_ANY_PHASE) /* "phase P" only when given, as "dice-seed" */
        snprintf(dice + strlen(dice), sizeof dice - strlen(dice), "phase %s\n", evalnet_phase_name(a->phase));
    int w = snprintf(buf, size,
                     "brade-agreement 1\nrules %s\nseed %ld\nplies %d\ntop %d\nrollouts %d\nconfirm %d\n"
                     "passes %d\nplayer-plies %d\n%s%snet %ld games, weights %016llx\n",
                     rname, a->seed, a->o.plies, a->o.top, a->o.games, a->o.confirm,
                     a->o.confirm > 0 ? a->o.passes : 0, a->o.ro.plies, a->o.ro.luck ? "luck on\n" : "", dice,
                     n ? n->games : 0L, n ? (unsigned long long)evalnet_fingerprint(n) : 0ULL);
    return w > 0 ? (size_t)w : 0;
}

/* --dice-seed D when given, else --seed (see agreement_cli.h). */
uint64_t agcli_dice_seed(const ag_args_t *a)
{
    return (uint64_t)(a->dice_seed >= 0 ? a->dice_seed : a->seed);
}

bool agcli_save(const ag_run_t *g)
{
    textout_t o;
    textout_init(&o, 4096);
    textout_put(&o, "%s", g->head);
    for (int i = 0; i < g->done; i++) {
        agreement_record_put(&o, &g->res[i], g->r->geometry);
        textout_put(&o, "\n");
    }
    size_t len;
    char *text = textout_take(&o, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot write it: out of memory\n", g->a->save);
        return false;
    }
    bool ok = savefile_write(g->a->save, text, len);
    free(text);
    if (!ok)
        fprintf(stderr, "%s: cannot write it: %s\n", g->a->save, savefile_strerror(errno));
    return ok;
}

/* Reads the --save file when it exists: 1 when there is none, 0 with the
 * positions it holds in g (those beyond K ignored), -1 after a message
 * (the file is then left alone).  Each must be position i of pos/rolls,
 * the set self-play picks; with pos NULL (a record another net made,
 * judged again) only its order is checked and the positions stand as
 * recorded. */
int agcli_resume(ag_run_t *g, const board_t *pos, const roll_t *rolls, int k)
{
    const char *path = g->a->save;
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 1;
    size_t len;
    char *text = readfile_regular(path, 1L << 28, &len);
    if (!text) {
        perror(path);
        return -1;
    }
    size_t hl = strlen(g->head);
    /* the header must be the one this command writes, line by line */
    int line = 1, rc = 0;
    for (size_t at = 0; at < hl; line++) {
        size_t e = strcspn(g->head + at, "\n") + 1;
        if (at + e > len || memcmp(text + at, g->head + at, e) != 0) {
            int f = at < len ? (int)strcspn(text + at, "\n") : 0;
            fprintf(stderr, "%s:%d: cannot go on from it: it has '%.*s', this command makes '%.*s'; run with the "
                            "settings that made it, or give another file\n",
                    path, line, f, at < len ? text + at : "", (int)e - 1, g->head + at);
            fprintf(stderr, "%s: not gone on from, and left as it is\n", path);
            free(text);
            return -1;
        }
        at += e;
    }
    char *p = text + hl, msg[256];
    while (*p && rc == 0) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        if (g->done < k) {
            agreement_result_t *res = &g->res[g->done];
            if (!agreement_record_parse(p, g->r->geometry, res, msg, sizeof msg)) {
                fprintf(stderr, "%s:%d: %s\n", path, line, msg);
                rc = -1;
            } else {
                char want[POSID_SIZE], got[POSID_SIZE];
                posid_write(g->r->geometry, pos ? &pos[g->done] : &res->pos, want);
                posid_write(g->r->geometry, &res->pos, got);
                if (!pos && res->index != g->done) {
                    fprintf(stderr, "%s:%d: this is position %d of the set, where position %d comes next\n", path,
                            line, res->index + 1, g->done + 1);
                    rc = -1;
                } else if (!pos) {
                    g->done++; /* the position as recorded */
                } else if (res->index != g->done || strcmp(want, got) != 0 || res->roll.a != rolls[g->done].a ||
                           res->roll.b != rolls[g->done].b) {
                    fprintf(stderr, "%s:%d: this is not position %d of the set (%s %d-%d): the self-play that picks "
                                    "the positions has changed since the file was made; give another file\n",
                            path, line, g->done, want, rolls[g->done].a, rolls[g->done].b);
                    rc = -1;
                } else {
                    res->pos = pos[g->done]; /* the position as self-play left it */
                    g->done++;
                }
            }
        }
        line++;
        p = nl ? nl + 1 : p + strlen(p);
    }
    free(text);
    if (rc < 0)
        fprintf(stderr, g->unjudged ? "%s: not judged again\n" : "%s: not gone on from, and left as it is\n", path);
    return rc;
}

/* What chose the plays judged: "2-ply", or "the choices" of --choices. */
static const char *chooser(const ag_args_t *a, char *buf, size_t size)
{
    if (a->choices)
        return "the choices";
    snprintf(buf, size, "%d-ply", a->o.plies);
    return buf;
}

/* The listing line of one judged position (the text form); `unjudged`:
 * NULL, or (--rejudge) the choice the record did not roll out. */
void agcli_print_line(const ag_args_t *a, const agreement_result_t *res, const char *unjudged)
{
    bool last = a->o.confirm > 0;
    int b1 = agreement_best(res, false), b2 = agreement_best(res, last);
    char who[32];
    printf("%3d. roll %d-%d  %s: %-22s rollout: %-22s ", res->index + 1, res->roll.a, res->roll.b,
           a->choices ? "chosen" : chooser(a, who, sizeof who), unjudged ? unjudged : res->notes[0], res->notes[b2]);
    /* whether the judge separates its best is the judge's, so it is said
     * of a choice the record did not roll out too */
    const char *sep = agree_separable(last ? &res->last : &res->first) ? "" : " [not separable]";
    if (unjudged)
        printf("differ (not rolled out in the record)%s\n", sep);
    else
        printf("%s%s%s\n", b2 == 0 ? "agree" : "differ",
               b1 == b2 ? "" : b2 == 0 ? " (after confirming; the first pass differed)" : " (after confirming)", sep);
    fflush(stdout);
}

/* Prints one tally's judgement of noise (the text form). */
static void print_noise(const char *what, bool choices, const agreement_tally_t *t)
{
    printf("%s: the rollout separates its best play (ahead of every other play by 1.96 standard errors of the paired "
           "difference) on %d of %d positions, and %s agree%s on %d of those; a perfect player would be "
           "expected to agree with this rollout on %.1f (the ceiling its noise allows) and to be within its 95%% "
           "interval on %.1f; the chance that %s%s "
           "play is the best of the plays rolled out, summed: %.1f\n",
           what, t->separable, t->positions, choices ? "the choices" : "the search", choices ? "" : "s",
           t->separable_agree, t->ceiling, t->within_ceiling, choices ? "the choices" : "the search",
           choices ? "' chosen" : "'s", t->p_search);
}

/* Prints one tally as JSON members with a suffix ("" or "_confirmed"). */
static void print_json(const char *sfx, const agreement_tally_t *t)
{
    double kk = t->positions > t->unjudged ? t->positions - t->unjudged : 1; /* the loss is the judged ones' */
    printf(",\n  \"agree%s\": %d,\n  \"within_ci%s\": %d,\n  \"mean_loss%s\": %.4f,\n"
           "  \"separable%s\": %d,\n  \"separable_agree%s\": %d,\n  \"ceiling%s\": %.2f,\n"
           "  \"within_ceiling%s\": %.2f,\n  \"p_search_best%s\": %.2f",
           sfx, t->agree, sfx, t->within, sfx, t->lost / kk, sfx, t->separable, sfx, t->separable_agree, sfx,
           t->ceiling, sfx, t->within_ceiling, sfx, t->p_search);
    printf(",\n  \"near%s\": [", sfx);
    for (int k = 0; k < AGREEMENT_NEAR; k++)
        printf("%s%d", k ? ", " : "", t->near[k]);
    printf("]");
}

/* Adds position i of g to the first-pass (last = false) or last-pass
 * tally t: as a miss when --rejudge's choice was not rolled out.  The
 * Monte Carlo seed is the position's own, so a position tallied alone
 * gives what it adds to the summary. */
static void tally_one(const ag_run_t *g, int i, bool last, agreement_tally_t *t)
{
    const agreement_result_t *res = &g->res[i];
    uint64_t mc_seed = (uint64_t)g->a->seed * 1000003u + (uint64_t)res->index;
    if (g->unjudged && g->unjudged[i])
        agreement_tally_unjudged(t, res, last, mc_seed);
    else
        agreement_tally_add(t, res, last, mc_seed);
}

/* Each position of g tallied alone, once: first[i] by the first pass and,
 * when g was made with --confirm, last[i] by the last (else last is left
 * alone).  A position no further pass reached has the same stats in both,
 * so its first tally is copied rather than drawn again.  The summary and
 * the JSON rows both read these, so the ceilings' 20,000 draws are made
 * once a position and a pass. */
static void tally_each(const ag_run_t *g, agreement_tally_t *first, agreement_tally_t *last)
{
    for (int i = 0; i < g->done; i++) {
        const agreement_result_t *res = &g->res[i];
        first[i] = (agreement_tally_t){0};
        tally_one(g, i, false, &first[i]);
        if (g->a->o.confirm <= 0)
            continue;
        if (res->passes == 0 && memcmp(&res->first, &res->last, sizeof res->first) == 0)
            last[i] = first[i];
        else {
            last[i] = (agreement_tally_t){0};
            tally_one(g, i, true, &last[i]);
        }
    }
}

/* The JSON member "judged": one object a position, as the judge of the
 * last pass (the first when there was no further pass) scores it: its id
 * and roll, the choice, the rollout's best, whether they are the same,
 * whether the choice is within the best's 95% interval, the equity it
 * gives up (null when the record did not roll it out) and whether the
 * rollout separates its best.  rows[i] is position i's own tally
 * (tally_each), the one the summary sums, so the rows add up to it. */
static void print_json_rows(const ag_run_t *g, const agreement_tally_t *rows)
{
    bool last = g->a->o.confirm > 0;
    printf(",\n  \"judged\": [");
    for (int i = 0; i < g->done; i++) {
        const agreement_result_t *res = &g->res[i];
        bool out = g->unjudged && g->unjudged[i];
        const agreement_tally_t *one = &rows[i];
        char id[POSID_SIZE];
        posid_write(g->r->geometry, &res->pos, id);
        printf("%s\n    {\"index\": %d, \"id\": \"%s\", \"roll\": \"%d-%d\", \"choice\": \"%s\", "
               "\"best\": \"%s\", \"agree\": %s, \"within_ci\": %s, ",
               i ? "," : "", res->index, id, res->roll.a, res->roll.b, out ? g->choice[i] : res->notes[0],
               res->notes[agreement_best(res, last)], one->agree ? "true" : "false", one->within ? "true" : "false");
        if (out)
            printf("\"loss\": null, ");
        else
            printf("\"loss\": %.4f, ", one->lost);
        printf("\"separable\": %s, \"rolled_out\": %s}", one->separable ? "true" : "false", out ? "false" : "true");
    }
    printf("\n  ]");
}

/* "; within 0.01 of the best on 82, 0.02 on 89, 0.04 on 94" */
static void print_near(const agreement_tally_t *t)
{
    for (int k = 0; k < AGREEMENT_NEAR; k++)
        printf(k ? ", %.2f on %d" : "; within %.2f of the best on %d", AGREEMENT_NEAR_AT[k], t->near[k]);
}

/* The summary of every judged position. */
bool agcli_print_summary(const ag_run_t *g)
{
    const ag_args_t *a = g->a;
    agreement_tally_t first = {0}, conf = {0};
    int confirmed = 0, passes = 0, most = 0;
    size_t n = g->done > 0 ? (size_t)g->done : 1;
    agreement_tally_t *each = malloc(sizeof *each * 2 * n), *each_last = each + n;
    if (!each) {
        fprintf(stderr, "brade: out of memory\n");
        return false;
    }
    tally_each(g, each, each_last);
    if (a->o.confirm <= 0)
        each_last = each; /* no further pass: the first is the last */
    for (int i = 0; i < g->done; i++) {
        const agreement_result_t *res = &g->res[i];
        agreement_tally_sum(&first, &each[i]);
        agreement_tally_sum(&conf, &each_last[i]);
        confirmed += res->passes > 0;
        passes += res->passes;
        most = res->passes > most ? res->passes : most;
    }
    char rname[256];
    rules_format(g->r, rname, sizeof rname);
    double kk = g->done ? g->done : 1, jj = g->done > first.unjudged ? g->done - first.unjudged : 1;
    char who[32];
    if (a->json) {
        printf("{");
        if (g->unjudged)
            printf("\n  \"rejudged\": true,\n  \"unjudged\": %d,", first.unjudged);
        if (a->choices)
            printf("\n  \"choices\": true,"); /* the plays are --choices FILE's */
        char plies[16] = "null"; /* --choices: no depth chose them */
        if (!a->choices)
            snprintf(plies, sizeof plies, "%d", a->o.plies);
        printf("\n  \"rules\": \"%s\",\n  \"positions\": %d,\n  \"plies\": %s,\n  \"rollouts\": %d,\n"
               "  \"player_plies\": %d,\n  \"luck\": %s,\n  \"agree_0ply\": %d,\n  \"near_at\": [",
               rname, g->done, plies, a->o.games, a->o.ro.plies, a->o.ro.luck ? "true" : "false", first.agree0);
        for (int k = 0; k < AGREEMENT_NEAR; k++)
            printf("%s%.2f", k ? ", " : "", AGREEMENT_NEAR_AT[k]);
        printf("]");
        print_json("", &first);
        if (a->o.confirm > 0) {
            printf(",\n  \"confirm\": %d,\n  \"passes\": %d,\n  \"confirmed_positions\": %d,\n"
                   "  \"passes_made\": %d",
                   a->o.confirm, a->o.passes, confirmed, passes);
            print_json("_confirmed", &conf);
        }
        print_json_rows(g, each_last);
        printf("\n}\n");
        free(each);
        return true;
    }
    printf("%s: %s agree%s with %d-game rollouts%s on %d of %d positions (%.0f%%); "
           "within the rollout's 95%% interval on %d; 0-ply agrees on %d; mean equity given up %.4f",
           rname, chooser(a, who, sizeof who), a->choices ? "" : "s", a->o.games,
           a->o.ro.luck ? " (luck taken out)" : "", first.agree, g->done, 100.0 * first.agree / kk, first.within,
           first.agree0, first.lost / jj);
    print_near(&first);
    printf("\n");
    if (first.unjudged > 0)
        printf("the choice was not among the plays the record rolled out on %d position%s: counted as differing, "
               "and left out of the equity given up\n",
               first.unjudged, first.unjudged == 1 ? "" : "s");
    print_noise("first pass", a->choices, &first);
    if (a->o.confirm > 0) {
        printf("confirmed: on %d positions the first pass left plays the paired difference could not separate "
               "from the best, and those were rolled out again, %d games a pass, at most %d pass%s (%d pass%s in "
               "all, %d at most on one position); then %s agree%s on %d of %d (%.0f%%), within the interval "
               "on %d, mean equity given up %.4f",
               confirmed, a->o.confirm, a->o.passes, a->o.passes == 1 ? "" : "es", passes, passes == 1 ? "" : "es",
               most, chooser(a, who, sizeof who), a->choices ? "" : "s", conf.agree, g->done,
               100.0 * conf.agree / kk, conf.within, conf.lost / jj);
        print_near(&conf);
        printf("\n");
        print_noise("confirmed", a->choices, &conf);
    }
    free(each);
    return true;
}

/* Judges positions done..k-1, saving after each when asked.  Returns 0, 1
 * when stopped, -1 on failure (after a message). */
static int judge_rest(ag_run_t *g, const evalnet_t *net, const board_t *pos, const roll_t *rolls, int k)
{
    search_ctx_t *sc = search_ctx_new_with(g->r, EVAL_DEFAULT, net);
    if (!sc) {
        fprintf(stderr, "brade: out of memory\n");
        return -1;
    }
    struct sigaction old;
    agreement_opts_t o = g->a->o;
    o.ro.net = net;
    o.ro.stop = interrupt_catch(&old);
    int rc = 0;
    while (g->done < k) {
        time_t t0 = time(NULL);
        int got = agreement_position(sc, g->r, g->done, &pos[g->done], rolls[g->done], &o, &g->res[g->done]);
        if (got != 0) {
            if (got < 0)
                fprintf(stderr, "brade: out of memory\n");
            rc = got;
            break;
        }
        if (!g->a->json)
            agcli_print_line(g->a, &g->res[g->done], NULL);
        g->done++;
        if (g->a->save) {
            if (!agcli_save(g)) {
                rc = -1;
                break;
            }
            fprintf(stderr, "%s: position %d of %d judged in %.0f s, saved (the same command goes on from here)\n",
                    g->a->save, g->done, k, difftime(time(NULL), t0));
        }
    }
    interrupt_release(&old);
    search_ctx_free(sc);
    return rc;
}

/* `brade-lab selfplay --agreement ...` or `--rejudge FILE ...` (cmd_selfplay
 * hands both over). */
int cmd_agreement(int argc, char **argv)
{
    ag_args_t a;
    if (!parse(argc, argv, &a))
        return 2;
    if (a.rejudge)
        return agcli_rejudge(&a);
    rules_t r;
    rules_error_t re;
    if (!rules_parse(a.rules, &r, &re)) {
        fprintf(stderr, "brade: unknown ruleset '%s'\n", a.rules);
        return 2;
    }
    evalnet_t *own = NULL;
    if (a.net && !(own = netfile_load_for(a.net, &r)))
        return 2;
    const evalnet_t *n = own ? own : evalnet_builtin(&r);
    int k = a.positions;
    board_t *pos = malloc(sizeof *pos * (size_t)k);
    roll_t *rolls = malloc(sizeof *rolls * (size_t)k);
    ag_run_t g = {.a = &a, .r = &r, .res = malloc(sizeof *g.res * (size_t)k)};
    int rc = 1;
    if (!pos || !rolls || !g.res) {
        fprintf(stderr, "brade: out of memory\n");
        goto done;
    }
    k = agreement_positions(&r, k, (uint64_t)a.seed, a.phase, a.threads, pos, rolls);
    header(&a, &r, n, g.head, sizeof g.head);
    if (a.save) {
        int fresh = agcli_resume(&g, pos, rolls, k);
        if (fresh < 0) {
            rc = 2;
            goto done;
        }
        if (!fresh)
            fprintf(stderr, "%s: %d of %d positions judged already%s\n", a.save, g.done, k,
                    g.done < k ? "; going on" : "");
        if (!a.json)
            for (int i = 0; i < g.done; i++)
                agcli_print_line(&a, &g.res[i], NULL);
    }
    int got = judge_rest(&g, own, pos, rolls, k);
    if (got < 0)
        goto done;
    if (!agcli_print_summary(&g))
        goto done;
    if (got == 1)
        fprintf(stderr, "brade: stopped after %d of %d positions%s\n", g.done, k,
                a.save ? " (the same command goes on from there)" : "");
    rc = got == 1 ? 130 : 0;
done:
    free(pos);
    free(rolls);
    free(g.res);
    evalnet_free(own);
    return rc;
}
