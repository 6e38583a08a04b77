/*
 * rules.h - rulesets: named presets of plain options (rules.md D4).
 *
 * A rules_t is a value: copy a preset, then override single options
 * ("helmfrid, but with exact-only bearing off").  Option names and values
 * come from one table (rules.c), which drives parsing, printing and the
 * comparison of rulesets, so a new option is added in one place.
 *
 * Ownership: rules_t holds no pointers except `name`, which always points to
 * a static string.  Nothing here allocates.
 */
#ifndef BRADE_RULES_H
#define BRADE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"

typedef enum { ENTRY_BLAST_NONE, ENTRY_BLAST_A, ENTRY_BLAST_B } entry_blast_t;
typedef enum { CRIT_MAX_PIPS, CRIT_MAX_DICE_THEN_FACES } move_criterion_t;
typedef enum { BEAROFF_STANDARD, BEAROFF_REARMOST_ONLY, BEAROFF_EXACT_ONLY, BEAROFF_ANY_OVERSHOOT } bearoff_t;
typedef enum { COMPLETE_WHOLE_ROLL, COMPLETE_IMMEDIATE } vackert_completion_t;
typedef enum { JANLEGAL_MAXIMAL, JANLEGAL_ANY } jan_legality_t;
typedef enum { JANTIME_END_OF_ROLL, JANTIME_AT_STEP } jan_timing_t;
typedef enum { ONE_DIE_OFF, ONE_DIE_THREE_ROLLS, ONE_DIE_N_BY_FIRST_DIE } one_die_t;
typedef enum { MUNK_NONE, MUNK_SINGLE, MUNK_PER_CHECKER } munk_t;
typedef enum {
    SCORING_WW, SCORING_NY1, SCORING_NY2, SCORING_HELMFRID, SCORING_VASA, SCORING_TRADITIONAL,
    SCORING_BACKGAMMON
} scoring_t;
typedef enum { DOUBLE_SIX_OFF, DOUBLE_SIX_WP, DOUBLE_SIX_TB } double_six_t;
typedef enum { START_LOWEST, START_HIGHEST } start_rule_t;
typedef enum { NEXT_LOSER, NEXT_TEKA, NEXT_ALTERNATE } next_starter_t;
typedef enum { TIEBREAK_NONE, TIEBREAK_PLUSMINUS, TIEBREAK_SKILJEPOANG } tiebreak_t;

/* Extra patterns (WP variants), a bit set. */
enum { XPAT_KEJSAR = 1, XPAT_951 = 2, XPAT_54321 = 4 };

typedef struct rules {
    const char *name;               /* preset name (static string) */
    geometry_t geometry;
    bool band_ban;                  /* no own bands on 2..11, no restacking home */
    int max_prime;                  /* 0 = unlimited, else the longest prime allowed */
    bool barrier;                   /* 6+ bands in a row may be blasted */
    int barrier_min_run;            /* 6 */
    entry_blast_t entry_blast;
    bool barrier_entry_blast;       /* barrier bands in Q1 blastable when entering */
    bool last_checker_no_blast;
    move_criterion_t move_criterion;
    bearoff_t bearoff;
    vackert_completion_t vackert_completion;
    jan_legality_t jan_legality;
    jan_timing_t jan_timing;
    one_die_t one_die_rule;
    int extra_patterns;             /* XPAT_* bits */
    munk_t munk;
    bool dubbeljan;
    bool jan;                       /* jan / sprängjan exist (false in backgammon) */
    bool patterns;                  /* vackra spel exist (false in backgammon) */
    scoring_t scoring;
    bool allow_resign;
    double_six_t double_six;
    bool five_blot;
    bool draw_rule;
    bool reply_rolls;
    bool doubling_cube;
    start_rule_t start_rule;
    next_starter_t next_starter;
    tiebreak_t match_tiebreak;
    bool resign_extends_match;
    int resign_cap;                 /* 0 = none, -1 = the match length */
    bool match_early_decision;
} rules_t;

/* Number of presets and their names, in the order `brade rules` lists them. */
int rules_preset_count(void);
const rules_t *rules_preset_at(int i);
/* One-line description of preset i (which source it follows). */
const char *rules_preset_summary(int i);
/* Looks a preset up by name; NULL when unknown. */
const rules_t *rules_preset(const char *name);

/* Errors from parsing a ruleset spec, with the byte offset of the problem. */
typedef struct rules_error {
    enum { RULES_OK, RULES_ERR_PRESET, RULES_ERR_OPTION, RULES_ERR_VALUE, RULES_ERR_SYNTAX } code;
    int offset, length;
} rules_error_t;

/* Parses "preset[+option=value...]" into *out.  Returns true on success. */
bool rules_parse(const char *spec, rules_t *out, rules_error_t *err);
/* Sets one option by name ("bearoff", "exact-only"); '_' and '-' are the same
 * and case is ignored.  Returns RULES_OK, RULES_ERR_OPTION or RULES_ERR_VALUE. */
int rules_set(rules_t *r, const char *option, const char *value);

/* The option table, for help, completion, docs and comparisons. */
int rules_option_count(void);
const char *rules_option_name(int i);
const char *rules_option_help(int i);
/* The value names option i accepts, joined by '|' into buf. */
size_t rules_option_values(int i, char *buf, size_t size);
/* The value of option i in r, as its name. */
const char *rules_option_get(const rules_t *r, int i);

/* Writes "preset+opt=val..." for r relative to its preset (just the preset
 * name when nothing is overridden). */
size_t rules_format(const rules_t *r, char *buf, size_t size);

#endif
