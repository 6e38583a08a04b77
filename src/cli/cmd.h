/*
 * cmd.h - the command table: every `brade` command, its help line and its
 * handler.  main.c dispatches from it, `brade help` prints it, and the REPL
 * completes from it.
 */
#ifndef BRADE_CLI_CMD_H
#define BRADE_CLI_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/rules.h"

typedef int (*cmd_fn)(int argc, char **argv);

typedef struct command {
    const char *name;
    const char *usage;
    const char *help;
    cmd_fn run;
} command_t;

int cmd_moves(int argc, char **argv);
int cmd_judge(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_posid(int argc, char **argv);
int cmd_analyse(int argc, char **argv);
int cmd_selfplay(int argc, char **argv);
/* `selfplay --agreement` and `selfplay --rejudge` (cmd_agreement.c and
 * cmd_rejudge.c, which share cli/agreement_cli.h;
 * cmd_selfplay hands them over). */
int cmd_agreement(int argc, char **argv);
int cmd_train(int argc, char **argv);
/* `train --make-data` / `--fit-data` (cmd_train_data.c; cmd_train hands them over). */
int cmd_train_data(int argc, char **argv);
/* The flags every fit of `train` reads (--epochs, --alpha, --holdout) into
 * *ft: 1 when f is one of them and v is good, 0 when f is another flag,
 * -1 after a message about v (cmd_train_data.c). */
struct train_fit_opts;
int cmd_train_fit_flag(const char *f, const char *v, struct train_fit_opts *ft);
/* `train --fit-ranks` (cmd_train_rank.c; cmd_train hands it over). */
int cmd_train_rank(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_tutor(int argc, char **argv);
int cmd_play(int argc, char **argv);
/* `--resume FILE` among a game's flags (brade play and the REPL's play):
 * FILE, with the other flags copied to args[0..*n); NULL when absent.
 * *bad (said on err) when flags other than --tutor, --warn, --lang came
 * with it: the rest is the record's. */
const char *cmd_play_resume_flag(int argc, char **argv, char **args, int *n, bool *bad, FILE *err);
int cmd_review(int argc, char **argv);
int cmd_diagram(int argc, char **argv);
int cmd_worksheet(int argc, char **argv);
/* `brade help --man` and `--completion bash|zsh` (manpage.c). */
int help_man(void);
int help_completion(const char *shell);
/* `brade bench --play` (bench_play.c). */
int bench_play(const rules_t *r);

const command_t *cmd_table(int *count);

#endif
