/*
 * main.c - the `brade` program: one command table drives dispatch and help.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"

static int cmd_help(int argc, char **argv);

static const command_t COMMANDS[] = {
    {"moves", "moves [--rules R] --white SPEC --black SPEC --to-move white|black --roll A-B [--json]",
     "list every legal play for a roll", cmd_moves},
    {"judge", "judge [position flags] --roll A-B --play TEXT [--json]",
     "say whether a play is legal, and why", cmd_judge},
    {"rules", "rules [NAME | --options]", "list the rulesets, one ruleset's options, or all options",
     cmd_rules},
    {"bench", "bench [--rules R] [--queries FILE [--repeat N]] [--weights NET] | bench --play [--rules R]", "speed figures and a behaviour signature",
     cmd_bench},
    {"perft", "perft [position flags] [--depth N]", "count plays over all rolls to depth N",
     cmd_perft},
    {"posid", "posid [position flags]", "print the position id (gnubg id for backgammon)", cmd_posid},
    {"check", "check [--course DIR] [--no-rollouts] [FILES...]",
     "validate lesson and puzzle files (all bundled ones when none are named); best-play "
     "claims are rolled out again",
     cmd_check},
    {"tutor", "tutor [--course DIR] [--lang en|sv] [--echo] [FILE]",
     "the interactive tutor (what plain 'brade' starts); FILE or piped input runs commands", cmd_tutor},
    {"analyse", "analyse [position flags] [--roll A-B|A | --cube centred|mine|theirs] [--json] [--plies N] [--rollouts N --seed S --luck on|off --player-plies Q --rollout-top K] [--race-rollouts on|off] [--their-series N] [--play TEXT] [--svg FILE]",
     "exact facts of a position, or the plays of a roll ranked with equities", cmd_analyse},
    {"play", "play [--rules R] [--seed S] [--white human|engine[:L]] [--black human|engine[:L]] [--as white|black|random] [--dice auto|manual] [--tutor off|warn] [--match N] [--engine-resigns auto|equal|never] [--record FILE]",
     "a game against the engine (or two people, or two engines), the tutor watching", cmd_play},
    {"serve", "serve [--port N] [--listen ADDR] [--course DIR] [--lang en|sv] [--no-open]",
     "the tutor in a web page: lessons, puzzles and the board you click (prints the address to open)", cmd_serve},
    {"review", "review FILE [--all] [--plies N] [--json] [--puzzles FILE] [--mat FILE]",
     "a saved game analysed: every decision against the best play, with why", cmd_review},
    {"diagram", "diagram [position flags] [--roll A-B] [--play TEXT] [--view mover|white] [--lang en|sv] [--caption TEXT] --svg FILE | --puzzle ID | --lesson ID --step N [--answer] [--course DIR]",
     "a position drawn as SVG for print: both numberings, the roll as dice, a play as arrows; or a course item as its author's diagram: asks", cmd_diagram},
    {"worksheet", "worksheet [--course DIR] [--theme T] [--ids ID,...] [--count N] [--lang en|sv] [--title TEXT] --out FILE",
     "a printable page of puzzles (HTML with diagrams), the answers on the last page", cmd_worksheet},
    {"help", "help [--man | --completion bash|zsh]",
     "this list; the manual page, or shell completions (both made from these tables)", cmd_help},
};

const command_t *cmd_table(int *count)
{
    *count = (int)(sizeof COMMANDS / sizeof COMMANDS[0]);
    return COMMANDS;
}

/* One command's help: what it does and its usage, and the position flags
 * where it takes them; 0. */
static int command_usage(const command_t *c)
{
    printf("%s - %s\n\nusage: brade %s\n", c->name, c->help, c->usage);
    if (strstr(c->usage, "position flags"))
        printf("\nPosition flags: --rules NAME[+option=value...] --option NAME=VALUE\n"
               "  --white SPEC --black SPEC --to-move white|black, or --position-id ID.\n"
               "A side SPEC lists that side's checkers in its own numbering: P, P:N, bar:N, off:N.\n");
    printf("\nThe manual page: brade help --man | man -l -\n");
    return 0;
}

static int cmd_help(int argc, char **argv)
{
    if (argc >= 1 && strcmp(argv[0], "--man") == 0)
        return help_man();
    if (argc >= 2 && strcmp(argv[0], "--completion") == 0)
        return help_completion(argv[1]);
    int n;
    const command_t *t = cmd_table(&n);
    if (argc == 1) /* `brade help analyse`: that command's line (newcomer F13) */
        for (int i = 0; i < n; i++)
            if (strcmp(argv[0], t[i].name) == 0)
                return command_usage(&t[i]);
    if (argc >= 1) {
        fprintf(stderr, "brade: help takes a command's name, or --man, or --completion bash|zsh; "
                        "'%s' is none of them\n", argv[0]);
        return 2;
    }
    printf("brade - a rules tutor and puzzle trainer for bräde\n\nusage: brade COMMAND [ARGS]\n\n");
    for (int i = 0; i < n; i++)
        printf("  %-8s %s\n  %-8s   brade %s\n", t[i].name, t[i].help, "", t[i].usage);
    printf("\nPosition flags: --rules NAME[+option=value...] --option NAME=VALUE\n"
           "  --white SPEC --black SPEC --to-move white|black, or --position-id ID.\n"
           "A side SPEC lists that side's checkers in its own numbering: P, P:N, bar:N, off:N.\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cmd_tutor(0, NULL); /* plain `brade` is the tutor */
    int n;
    const command_t *t = cmd_table(&n);
    for (int i = 0; i < n; i++)
        if (strcmp(argv[1], t[i].name) == 0) {
            /* `brade analyse --help` (or -h) is `brade help analyse` */
            for (int k = 2; k < argc && t[i].run != cmd_help; k++)
                if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0)
                    return command_usage(&t[i]);
            return t[i].run(argc - 2, argv + 2);
        }
    /* the lab's commands moved to a program of their own */
    if (strcmp(argv[1], "selfplay") == 0 || strcmp(argv[1], "train") == 0) {
        fprintf(stderr, "brade: '%s' is the lab's: brade-lab %s ... (brade-lab help)\n", argv[1], argv[1]);
        return 2;
    }
    /* `brade FILE` and `brade --course DIR ...` run the tutor too */
    if (argv[1][0] == '-' || access(argv[1], R_OK) == 0)
        return cmd_tutor(argc - 1, argv + 1);
    fprintf(stderr, "brade: unknown command '%s' (try 'brade help')\n", argv[1]);
    return 2;
}
