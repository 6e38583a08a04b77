/*
 * agreement_cli.h - what `brade-lab selfplay --agreement` (cmd_agreement.c) and
 * `--rejudge` (cmd_rejudge.c) share: the flags, the judged positions with
 * their record file, and the listing.  Ownership: an ag_run_t owns
 * nothing it points to; its caller allocates res, unjudged and choice for
 * as many positions as it will judge and frees them.
 */
#ifndef BRADE_CLI_AGREEMENT_CLI_H
#define BRADE_CLI_AGREEMENT_CLI_H

#include <stdbool.h>

#include "lab/agreement.h"

/* The flags of either command. */
typedef struct ag_args {
    const char *rules, *net, *save, *rejudge, *choices;
    const char *fill; /* --rejudge --fill NET: the record's net, or "shipped" */
    bool fill_anew;   /* --fill-anew: positions that do not roll out as recorded are judged afresh */
    int positions, threads;
    long seed;
    long dice_seed; /* --dice-seed: the rollouts' dice, -1 when from seed */
    int phase;      /* --phase: EVALNET_RACE or EVALNET_CONTACT positions only (EVALNET_ANY_PHASE: all) */
    bool json;
    int lookahead; /* --rejudge --lookahead on (1) / off (0) for the chooser's evaluator; -1: its default,
                    * which is what the record's own search had */
    int judge_flags; /* flags that set the judge, which --rejudge reads from its file */
    agreement_opts_t o;
} ag_args_t;

/* The judged positions so far, and the record file they are kept in. */
typedef struct ag_run {
    const ag_args_t *a;
    const rules_t *r;
    char head[1024];
    agreement_result_t *res; /* [0..done) */
    int done;
    bool *unjudged;          /* --rejudge: [i] when res[i]'s choice was not rolled out (else NULL) */
    char (*choice)[AGREEMENT_NOTE]; /* --rejudge: [i] the choice's notation when unjudged[i] (else NULL) */
} ag_run_t;

/* The seed of the judge's dice: a->dice_seed when given (>= 0), else
 * a->seed, whose positions are judged either way. */
uint64_t agcli_dice_seed(const ag_args_t *a);

/* Reads the record file g->a->save when it exists: 1 when there is none,
 * 0 with the positions it holds in g (those beyond K ignored), -1 after a
 * message (the file is then left alone).  Each must be position i of
 * pos/rolls, the set self-play picks; with pos NULL (a record another net
 * made, judged again) only its order is checked and the positions stand
 * as recorded. */
int agcli_resume(ag_run_t *g, const board_t *pos, const roll_t *rolls, int k);

/* Writes g's header and every judged position to g->a->save
 * (atomically); false after a message. */
bool agcli_save(const ag_run_t *g);

/* The listing line of one judged position (the text form); `unjudged`:
 * NULL, or (--rejudge) the choice the record did not roll out. */
void agcli_print_line(const ag_args_t *a, const agreement_result_t *res, const char *unjudged);

/* The summary of every judged position, text or JSON as g->a says;
 * false after a message when out of memory (nothing printed then). */
bool agcli_print_summary(const ag_run_t *g);

/* `brade-lab selfplay --rejudge FILE ...` (cmd_rejudge.c): another chooser
 * against FILE's rollouts.  Returns the exit status. */
int agcli_rejudge(ag_args_t *a);

#endif
