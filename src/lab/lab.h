/*
 * lab.h - the commands of brade-lab, the evaluator's laboratory: training
 * the nets, self-play matches, the agreement records of long rollouts and
 * their rejudging, data making and fitting.  lab/main.c dispatches from
 * its own table; none of these is a learner's command.
 *
 * Ownership: as each command says; nothing is kept between commands.
 */
#ifndef BRADE_LAB_LAB_H
#define BRADE_LAB_LAB_H

#include "front/command.h"

int cmd_selfplay(int argc, char **argv);
/* `selfplay --agreement` and `selfplay --rejudge` (cmd_agreement.c and
 * cmd_rejudge.c, which share lab/agreement_cli.h; cmd_selfplay hands them
 * over). */
int cmd_agreement(int argc, char **argv);
int cmd_train(int argc, char **argv);
/* `train --make-data` / `--fit-data` (cmd_train_data.c; cmd_train hands them over). */
int cmd_train_data(int argc, char **argv);
/* The flags every fit of `train` reads (--epochs, --alpha, --holdout) into
 * *ft: 1 when f is one of them and v is good, 0 when f is another flag,
 * -1 after a message about v (cmd_train_data.c). */
struct train_fit_opts;
int cmd_train_fit_flag(const char *f, const char *v, struct train_fit_opts *ft);
/* `mine`: puzzles mined from games (cmd_mine.c, lab/mine.h). */
int cmd_mine(int argc, char **argv);
/* `train --fit-ranks` (cmd_train_rank.c; cmd_train hands it over). */
int cmd_train_rank(int argc, char **argv);

#endif
