/*
 * cmd.h - the command table of the learner's program: every `brade`
 * command, its help line and its handler.  main.c dispatches from it,
 * `brade help` prints it, and the REPL completes from it.  The lab's
 * commands (training, self-play matches, agreement) are brade-lab's
 * (lab/lab.h).
 */
#ifndef BRADE_CLI_CMD_H
#define BRADE_CLI_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "tutor/review.h"

#include "engine/rules.h"
#include "front/command.h"

int cmd_moves(int argc, char **argv);
int cmd_judge(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_posid(int argc, char **argv);
int cmd_analyse(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_tutor(int argc, char **argv);
int cmd_play(int argc, char **argv);
/* `--resume FILE` among a game's flags (brade play and the REPL's play):
 * FILE, with the other flags copied to args[0..*n); NULL when absent.
 * *bad (said on err) when flags other than --tutor, --warn, --lang came
 * with it: the rest is the record's. */
const char *cmd_play_resume_flag(int argc, char **argv, char **args, int *n, bool *bad, FILE *err);
int cmd_review(int argc, char **argv);
/* The same; when it succeeds and `keep` is not NULL, the review is handed
 * to the caller (*keep, freed with review_free; *rules its ruleset) to
 * step through, instead of freed. */
int cmd_review_keep(int argc, char **argv, review_t *keep, rules_t *rules);
/* `brade serve`: the tutor in a web page (cmd_serve.c, web/web.h). */
int cmd_serve(int argc, char **argv);
int cmd_diagram(int argc, char **argv);
int cmd_worksheet(int argc, char **argv);
/* `brade help --man` and `--completion bash|zsh` (manpage.c). */
int help_man(void);
int help_completion(const char *shell);
/* `brade bench --play` (bench_play.c). */
int bench_play(const rules_t *r);

const command_t *cmd_table(int *count);

#endif
