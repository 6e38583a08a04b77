/*
 * command.h - one command of a program's table: its name, usage line, help
 * line and handler.  Each program (brade: cli/main.c; brade-lab:
 * lab/main.c) has one table that drives its dispatch, its help and, for
 * brade, the man page and completions.
 *
 * Ownership: tables are static; nothing to free.
 */
#ifndef BRADE_FRONT_COMMAND_H
#define BRADE_FRONT_COMMAND_H

typedef int (*cmd_fn)(int argc, char **argv);

typedef struct command {
    const char *name;
    const char *usage;
    const char *help;
    cmd_fn run;
} command_t;

#endif
