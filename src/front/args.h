/*
 * args.h - the position flags shared by the scripting commands
 * (moves, judge, analyse): --rules, --option, --white, --black, --to-move,
 * --position-id, --roll, --json, --play.
 *
 * Ownership: pos_args_t holds pointers into argv (not copied) plus values.
 */
#ifndef BRADE_CLI_ARGS_H
#define BRADE_CLI_ARGS_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/rules.h"
#include "tutor/explain.h"

/* The most further flags a command may ask args_parse_position for. */
enum { ARGS_EXTRA_MAX = 20 };

typedef struct pos_args {
    rules_t rules;
    board_t board;
    roll_t roll;
    bool have_roll;
    bool json;
    bool from_gnubg_id; /* --position-id with backgammon: on roll reported as white */
    const char *play;   /* --play TEXT */
    const char *white, *black; /* --white and --black as given, or NULL */
    const char *extra[ARGS_EXTRA_MAX]; /* other --flag values the command asked for */
} pos_args_t;

/* Says on `err` when --white or --black leaves checkers to the default
 * "off: 15 minus the rest" without saying off:N (a spec of 14 checkers is
 * more often a typo than a checker borne off).  judge, analyse and diagram
 * call it; `brade moves`, whose output is a contract (engine-cli.md), and
 * the counting commands (perft, posid, bench) do not. */
void args_note_implied_off(const pos_args_t *a, FILE *err);

/* Parses argv for a scripting command.  `need_roll`: --roll is required.
 * `extra_flags`: NULL-terminated list of further flags taking a value
 * (stored in a->extra in the same order).  On error prints a message naming
 * the problem to `err` and returns false. */
bool args_parse_position(int argc, char **argv, bool need_roll, const char *const *extra_flags,
                         pos_args_t *a, FILE *err);

/* Parses "A-B" (or "A" for one die). */
bool args_parse_roll(const char *s, roll_t *roll);
/* Reads s as a whole number in [lo, hi] into *out; false (printing
 * nothing, *out untouched) when it is not one: for a caller with its own
 * message. */
bool args_whole(const char *s, long lo, long hi, long *out);
/* Reads flag's value s as a whole number in [lo, hi] into *out; false after
 * printing "brade: FLAG must be a whole number from LO to HI". */
bool args_number(const char *flag, const char *s, long lo, long hi, long *out);
/* The same into an int (lo and hi within int's range). */
bool args_int(const char *flag, const char *s, long lo, long hi, int *out);
/* Reads s as a number in [lo, hi]; false after printing "brade: FLAG must
 * be a number from LO to HI". */
bool args_real(const char *flag, const char *s, double lo, double hi, double *out);
/* Reads flag's value s, "on" or "off", into *out; false after printing
 * "brade: FLAG must be on or off". */
bool args_on_off(const char *flag, const char *s, bool *out);
/* Reads flag's value s, "race", "contact" or "any", into *phase
 * (evalnet_phase_parse); false after printing "brade: FLAG takes race,
 * contact or any, not 'S'". */
bool args_phase(const char *flag, const char *s, int *phase);
/* The command line "brade-lab CMD ARG..." into buf (the lab's commands), for the header of a file
 * the command made; a line too long for buf ends in " ..." so a reader
 * knows it was cut (size > 4). */
void args_join(const char *cmd, int argc, char **argv, char *buf, size_t size);

/* Reads a --lang value: "en" or "sv".  False for anything else. */
bool args_lang(const char *s, lang_t *out);

/* Colour names. */
const char *args_colour(int c);

#endif
