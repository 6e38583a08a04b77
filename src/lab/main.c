/*
 * main.c - brade-lab, the evaluator's laboratory: training the nets,
 * self-play matches, the agreement records of long rollouts and their
 * rejudging, data making and fitting (docs/lab/).  One command table drives
 * dispatch and help, as brade's does; the learner's program (brade) holds
 * none of these commands.
 */
#include <stdio.h>
#include <string.h>

#include "lab/lab.h"

static int lab_help(int argc, char **argv);

static const command_t COMMANDS[] = {
    {"selfplay", "selfplay [--rules R] --games N --a SETTING --b SETTING [--seed S] | --agreement K [--top M] [--confirm G [--passes P]] [--player-plies Q] [--luck on|off] [--dice-seed D] [--phase race|contact] [--save FILE] | --rejudge FILE [--plies P] [--a-net NET] [--lookahead on|off] [--choices FILE] [--fill|--fill-anew NET|shipped] | --positions K [--one-die] | --fit FILE",
     "engine against engine: points per game with a 95% interval", cmd_selfplay},
    {"train", "train --rules R --out FILE [--games N] [--seed S] [--hidden H] [--alpha A] [--lookahead on|off] [--from NET] | --prune H [--prune-games N] | --join NET --join NET... | --make-data FILE [--positions K] [--data-games G [--player-plies Q] | --data-plies N] [--select S] [--sideways P] [--contested P [--contested-reply on|off]] [--phase race|contact] [--checkpoint-every C] | --fit-data FILE... [--epochs E] | --fit-ranks RECORD... [--exclude RECORD...]",
     "train the evaluator's nets by TD(lambda) self-play (resumes from FILE), teach them pruning nets, or teach them rollout results", cmd_train},
    {"mine", "mine [--rules R] --games N [--seed S] [--best on|off] [--max K] --out FILE",
     "puzzles mined from games: wins, defences, the janblotta kept in, best plays a rollout confirms", cmd_mine},
    {"help", "help", "this list", lab_help},
};

/* This list, with each command's usage. */
static int lab_help(int argc, char **argv)
{
    (void)argv;
    if (argc >= 1) {
        fprintf(stderr, "brade-lab: help takes no argument\n");
        return 2;
    }
    int n = (int)(sizeof COMMANDS / sizeof COMMANDS[0]);
    printf("brade-lab - the evaluator's laboratory of brade: training, self-play, agreement\n\n"
           "usage: brade-lab COMMAND [ARGS]\n\n");
    for (int i = 0; i < n; i++)
        printf("  %-8s %s\n  %-8s   brade-lab %s\n", COMMANDS[i].name, COMMANDS[i].help, "", COMMANDS[i].usage);
    printf("\nPosition flags as brade's (brade help).  The learner's program is brade.\n");
    return 0;
}

int main(int argc, char **argv)
{
    int n = (int)(sizeof COMMANDS / sizeof COMMANDS[0]);
    if (argc < 2) {
        lab_help(0, NULL);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return lab_help(0, NULL);
    for (int i = 0; i < n; i++)
        if (strcmp(argv[1], COMMANDS[i].name) == 0)
            return COMMANDS[i].run(argc - 2, argv + 2);
    fprintf(stderr, "brade-lab: unknown command '%s' (try 'brade-lab help')\n", argv[1]);
    return 2;
}
