/*
 * config.h - the lasting choices: $XDG_CONFIG_HOME/brade/config (or
 * ~/.config/brade/config), lines of `key = value`, '#' for comments:
 *
 *   language = sv          en or sv: the tutor's and the commands' words
 *   rules = helmfrid       the ruleset the tutor starts with
 *   tutor = warn           off or warn: the tutor during a game
 *   warn = bad             doubtful, bad or very-bad: from which class it warns
 *   colour = auto          auto, on or off
 *   board = turning        turning (from the side on roll) or fixed (from white's)
 *
 * Flags on the command line win over the file; the file wins over the
 * locale.  `set language` and `set rules` in the tutor write it, so the
 * choice is remembered.  A line that cannot be used is reported as
 * `path:line: message` and ignored, never fatal.
 *
 * Ownership: config_t is a plain value.
 */
#ifndef BRADE_CLI_CONFIG_H
#define BRADE_CLI_CONFIG_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/grade.h"
#include "engine/rules.h"
#include "tutor/explain.h"
#include "tutor/play.h"

typedef struct config {
    bool have_lang;
    lang_t lang;
    bool have_rules;
    rules_t rules;
    bool have_tutor;
    bool tutor_warn;
    bool have_warn;
    grade_t warn_at;
    int colour; /* -1 auto, 0 off, 1 on */
    bool board_fixed;
} config_t;

/* The file's path; false when neither XDG_CONFIG_HOME nor HOME is an
 * absolute path. */
bool config_path(char *buf, size_t size);
/* Reads the file (a missing one is no error); problems go to err (may be
 * NULL). */
void config_load(config_t *c, FILE *err);
/* A game's options from the file: language, rules, tutor, warn (where the
 * file gives them). */
void config_play_opts(const config_t *c, play_opts_t *o);
/* Sets key = value in the file, keeping its other lines; path gets the
 * file's path.  False (errno) when the value is not valid or the file
 * cannot be written. */
bool config_set(const char *key, const char *value, char *path, size_t path_size);

#endif
