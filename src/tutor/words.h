/*
 * words.h - the tutor's small words: picking English or Swedish, naming
 * goals, counts and rolls, and reading what a learner types for the
 * answer kinds that are not plays (yes/no, rolls, outcomes, numbers).
 *
 * Ownership: returned names are static strings; text is written into the
 * caller's strbuf.  Parsers only read their input.
 */
#ifndef BRADE_TUTOR_WORDS_H
#define BRADE_TUTOR_WORDS_H

#include <stdbool.h>
#include <stdint.h>

#include "content/course.h"
#include "content/goal.h"
#include "analysis/grade.h"
#include "content/strbuf.h"
#include "engine/outcome.h"
#include "tutor/explain.h"

/* The Swedish or the English form.  A macro, so that a format string
 * picked with it is still two literals the compiler checks. */
#define T(lang, en, sv) ((lang) == LANG_SV ? (sv) : (en))

/* "a play that wins the game now" style phrases for a goal. */
const char *words_goal(lang_t lang, goal_t g);
/* What a count measures ("your pip count", "the janblotta count"). */
const char *words_count(lang_t lang, count_t c);
/* "6-2" (higher die first), or "5" for one die. */
void words_roll(roll_t r, char *buf, size_t size);
/* The legal plays of `roll` in `b` (already generated into `plays`, n of
 * them) as the tutor lists them: a count, then each play with what it
 * wins, at most 40 and how many more; a forfeited roll in one sentence.
 * Shared by the tutor's `moves` and the play mode's. */
void words_legal_plays(lang_t lang, const board_t *b, roll_t roll, const movegen_buf_t *plays, int n,
                       strbuf_t *out);
/* The rolls of a set, highest first, separated by blanks ("none" when empty). */
void words_rolls(lang_t lang, uint32_t set, strbuf_t *out);
/* "checker" / "checkers" (bricka / brickor) as n asks: one word, never
 * "checker(s)" or "bricka/brickor". */
const char *words_checkers(lang_t lang, int n);
/* "free point" / "free points" (ledig tunga / lediga tungor) as n asks. */
const char *words_free_points(lang_t lang, int n);
/* Swedish writes a decimal comma: in Swedish, every '.' between two
 * digits of s from offset `from` on becomes ','; English is left alone.
 * For sentences, not for tables. */
void words_decimal_comma(lang_t lang, char *s, size_t from);
/* Appends the sentence s to out, with decimal commas in Swedish. */
void words_add_decimal(lang_t lang, strbuf_t *out, const char *s);
/* A puzzle theme's name for people: the id itself in English, the Swedish
 * name in Swedish ("entering" -> "inspel"); an unknown id is returned as
 * it is.  words_theme_id() reads either back to the id (NULL: neither). */
const char *words_theme(lang_t lang, const char *id);
const char *words_theme_id(const char *name);
/* A puzzle's themes as its header names them before it is answered, joined
 * by ", " into out: a best-play question's only "best-play" (and "mine"),
 * since "safety" or "hitting" would name the answer's idea. */
void words_puzzle_themes(lang_t lang, const puzzle_t *p, strbuf_t *out);
/* Preset i's one-line summary (rules_preset_summary) in the language. */
const char *words_ruleset_summary(lang_t lang, int i);
/* A grade in a word or two: "fine", "doubtful", "bad", "very bad" (bra,
 * tveksamt, dåligt, mycket dåligt); "?" for a value out of range. */
const char *words_grade(lang_t lang, grade_t g);
/* "white" / "black" (vit / svart); capitalised with `cap`. */
const char *words_colour(lang_t lang, int colour, bool cap);

/* Reads yes or no (also ja/nej, legal/illegal, tillåtet/otillåtet).
 * Returns 1 for yes, 0 for no, -1 when it is neither. */
int words_yes_no(const char *text);
/* A one-die question's answer: 1 declare (yes, "declare", "one die",
 * "begär", "en tärning"), 0 roll both dice (no, "roll", "both dice",
 * "slå", "båda tärningarna"), -1 neither. */
int words_one_die(const char *text);
/* Reads a whole number (an optional sign, digits, blanks around). */
bool words_int(const char *text, int *out);
/* Reads a set of rolls ("6-2 5-1, 44", or none/inga).  On failure the
 * offending token's offset and length are set. */
bool words_rolls_parse(const char *text, uint32_t *out, int *bad_off, int *bad_len);

/* What a learner said about an outcome. */
typedef struct said_outcome {
    int kind;                     /* outcome_kind_t, OUT_NONE for "no win", -1 unsaid */
    int munk;                     /* 1 munk, 0 no munk, -1 unsaid */
    int points;                   /* -1 unsaid */
    int unknown_off, unknown_len; /* a word that was not understood, or -1 */
} said_outcome_t;
/* Reads "sprängjan 4", "hemspel munk 2", "no win": names in English or
 * Swedish, with or without å/ä/ö.  Returns false when a word is not
 * understood (its place is in the result). */
bool words_outcome_parse(const char *text, said_outcome_t *out);

#endif
