/*
 * rules.c - the presets and the option table (rules.md D4).
 *
 * Every option that changes legality or the result of a game is a row of
 * OPTIONS: its name, help line, storage and value names.  Parsing, printing,
 * `brade rules` and the tutor's "how this ruleset differs" all read the
 * table, so nothing else knows the option list.
 */
#include "engine/rules.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Lyckans Talisman's house rules (seeds/000): the default. */
#define LT_BASE                                                                                   \
    .geometry = GEOM_BRADE, .band_ban = true, .max_prime = 0, .barrier = true,                   \
    .barrier_min_run = 6, .entry_blast = ENTRY_BLAST_B, .barrier_entry_blast = true,             \
    .last_checker_no_blast = true, .move_criterion = CRIT_MAX_PIPS, .bearoff = BEAROFF_STANDARD, \
    .vackert_completion = COMPLETE_WHOLE_ROLL, .jan_legality = JANLEGAL_MAXIMAL,                 \
    .jan_timing = JANTIME_END_OF_ROLL, .one_die_rule = ONE_DIE_THREE_ROLLS, .extra_patterns = 0, \
    .munk = MUNK_SINGLE, .dubbeljan = false, .jan = true, .patterns = true,                      \
    .scoring = SCORING_WW, .allow_resign = true, .double_six = DOUBLE_SIX_OFF,                   \
    .five_blot = false, .draw_rule = false, .reply_rolls = false, .doubling_cube = false,        \
    .start_rule = START_LOWEST, .next_starter = NEXT_LOSER, .match_tiebreak = TIEBREAK_PLUSMINUS, \
    .resign_extends_match = true, .resign_cap = 0, .match_early_decision = true

/* The presets below start from LT_BASE and override a few fields; the
 * later initialiser wins, which is exactly what is meant here. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
#endif
static const rules_t PRESETS[] = {
    {.name = "lyckans-talisman", LT_BASE},
    {.name = "helmfrid", LT_BASE, .jan_legality = JANLEGAL_ANY, .jan_timing = JANTIME_AT_STEP,
     .scoring = SCORING_HELMFRID, .match_tiebreak = TIEBREAK_SKILJEPOANG, .resign_cap = -1},
    {.name = "vasa", LT_BASE, .jan_legality = JANLEGAL_ANY, .jan_timing = JANTIME_AT_STEP,
     .bearoff = BEAROFF_REARMOST_ONLY, .vackert_completion = COMPLETE_IMMEDIATE,
     .one_die_rule = ONE_DIE_OFF, .scoring = SCORING_VASA, .match_tiebreak = TIEBREAK_NONE,
     .resign_cap = -1},
    {.name = "theboard", LT_BASE, .max_prime = 5, .barrier = false, .entry_blast = ENTRY_BLAST_A,
     .barrier_entry_blast = false, .move_criterion = CRIT_MAX_DICE_THEN_FACES,
     .bearoff = BEAROFF_ANY_OVERSHOOT, .jan_timing = JANTIME_AT_STEP, .one_die_rule = ONE_DIE_OFF,
     .munk = MUNK_NONE, .allow_resign = false, .match_tiebreak = TIEBREAK_NONE,
     .resign_extends_match = false, .match_early_decision = false},
    {.name = "backgammon", LT_BASE, .geometry = GEOM_BACKGAMMON, .band_ban = false, .barrier = false,
     .entry_blast = ENTRY_BLAST_NONE, .barrier_entry_blast = false, .last_checker_no_blast = false,
     .move_criterion = CRIT_MAX_DICE_THEN_FACES, .one_die_rule = ONE_DIE_OFF, .munk = MUNK_NONE,
     .jan = false, .patterns = false, .scoring = SCORING_BACKGAMMON, .allow_resign = false,
     .doubling_cube = true, .start_rule = START_HIGHEST, .next_starter = NEXT_TEKA,
     .match_tiebreak = TIEBREAK_NONE, .resign_extends_match = false,
     .match_early_decision = false},
};
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

static const char *const SUMMARIES[] = {
    "Lyckans Talisman's house rules (the default): entry blasting when more are hit than can "
    "enter, pips rule, whole-roll wins",
    "Sten Helmfrid's rules (2006): as Lyckans Talisman, but jan wins at once, even with the "
    "smaller die; skiljepoäng",
    "the Vasa Museum club's competition rules (2003): only the rearmost checker bears off, "
    "winning moves end the game at once, scoring 1/2/4/6",
    "The Board's classic rules: primes of at most five, entry blasting only when no point is "
    "free, use as many dice as possible, no munk and no giving up (the text is silent: our "
    "reading)",
    "standard backgammon (seeds/002), with the doubling cube, gammon and backgammon",
};

int rules_preset_count(void) { return (int)(sizeof PRESETS / sizeof PRESETS[0]); }
const rules_t *rules_preset_at(int i) { return &PRESETS[i]; }
const char *rules_preset_summary(int i) { return SUMMARIES[i]; }

const rules_t *rules_preset(const char *name)
{
    for (int i = 0; i < rules_preset_count(); i++)
        if (strcmp(PRESETS[i].name, name) == 0)
            return &PRESETS[i];
    return NULL;
}

/* ---- the option table ---- */

typedef enum { OPT_ENUM, OPT_BOOL, OPT_SET } opt_kind_t;

typedef struct option {
    const char *name;
    const char *help;
    opt_kind_t kind;
    size_t offset;
    const char *values[8]; /* value names; for OPT_ENUM index = stored value */
    int stored[8];         /* stored value per name when not the index (max-prime, resign-cap) */
    bool use_stored;
} option_t;

#define OFF(f) offsetof(rules_t, f)
static const option_t OPTIONS[] = {
    {"entry-blast", "when entering checkers may blast bands in the first quarter: a = only when no "
                    "point is free, b = when more are on the bar than points are free",
     OPT_ENUM, OFF(entry_blast), {"none", "a", "b"}, {0}, false},
    {"bearoff", "which checker may be borne off: standard (any exact, rearmost with a higher "
                "die), rearmost-only, exact-only, any-overshoot",
     OPT_ENUM, OFF(bearoff), {"standard", "rearmost-only", "exact-only", "any-overshoot"}, {0}, false},
    {"move-criterion", "what a play must maximise: max-pips (pips actually moved) or "
                       "max-dice-then-faces (dice used, then their faces)",
     OPT_ENUM, OFF(move_criterion), {"max-pips", "max-dice-then-faces"}, {0}, false},
    {"vackert-completion", "a vackert spel counts after the whole roll (whole-roll) or the moment "
                           "it stands (immediate)",
     OPT_ENUM, OFF(vackert_completion), {"whole-roll", "immediate"}, {0}, false},
    {"jan-legality", "a jan may be made only within a maximal play (maximal) or by any legal "
                     "steps, even the smaller die alone (any)",
     OPT_ENUM, OFF(jan_legality), {"maximal", "any"}, {0}, false},
    {"jan-timing", "the game ends after the whole roll (end-of-roll) or at the jan step (at-step)",
     OPT_ENUM, OFF(jan_timing), {"end-of-roll", "at-step"}, {0}, false},
    {"max-prime", "the longest prime a side may build (none = no limit)", OPT_ENUM, OFF(max_prime),
     {"none", "5"}, {0, 5}, true},
    {"barrier", "six or more bands in a row may be blasted by any landing", OPT_BOOL, OFF(barrier),
     {"off", "on"}, {0}, false},
    {"barrier-entry-blast", "barrier bands in the first quarter may be blasted when entering",
     OPT_BOOL, OFF(barrier_entry_blast), {"off", "on"}, {0}, false},
    {"last-checker-no-blast", "a side with one checker left may never blast", OPT_BOOL,
     OFF(last_checker_no_blast), {"off", "on"}, {0}, false},
    {"one-die-rule", "playing for a vackert spel with one die: off, three-rolls, n-by-first-die",
     OPT_ENUM, OFF(one_die_rule), {"off", "three-rolls", "n-by-first-die"}, {0}, false},
    {"extra-patterns", "extra vackra spel (comma list): kejsar, 951, 54321, or none", OPT_SET,
     OFF(extra_patterns), {"none", "kejsar", "951", "54321"}, {0}, false},
    {"munk", "munk: none, single (one extra point), per-checker (dubbelmunk)", OPT_ENUM, OFF(munk),
     {"none", "single", "per-checker"}, {0}, false},
    {"dubbeljan", "each checker beyond the jan counts one more game", OPT_BOOL, OFF(dubbeljan),
     {"off", "on"}, {0}, false},
    {"scoring", "scoring table: ww, ny1, ny2, helmfrid, vasa, traditional, backgammon", OPT_ENUM,
     OFF(scoring), {"ww", "ny1", "ny2", "helmfrid", "vasa", "traditional", "backgammon"}, {0}, false},
    {"allow-resign", "a side may give up under the usual conditions", OPT_BOOL, OFF(allow_resign),
     {"off", "on"}, {0}, false},
    {"double-six", "double-six opening: six checkers may go to point 7 (wp or tb reading)", OPT_ENUM,
     OFF(double_six), {"off", "wp", "tb"}, {0}, false},
    {"five-blot", "no band anywhere until five checkers have left home", OPT_BOOL, OFF(five_blot),
     {"off", "on"}, {0}, false},
    {"draw-rule", "the second player gets one roll to draw when at most four are left", OPT_BOOL,
     OFF(draw_rule), {"off", "on"}, {0}, false},
    {"reply-rolls", "three reply rolls to answer a hemspel or vackert spel", OPT_BOOL,
     OFF(reply_rolls), {"off", "on"}, {0}, false},
    {"doubling-cube", "the doubling cube is in play", OPT_BOOL, OFF(doubling_cube), {"off", "on"},
     {0}, false},
    {"start-rule", "who starts game one: lowest (single die, lowest starts) or highest (backgammon)",
     OPT_ENUM, OFF(start_rule), {"lowest", "highest"}, {0}, false},
    {"next-starter", "who starts the next game: loser, teka (roll again), alternate", OPT_ENUM,
     OFF(next_starter), {"loser", "teka", "alternate"}, {0}, false},
    {"match-tiebreak", "tie-break in matches: none, plusminus (Ny 1), skiljepoang (Helmfrid)",
     OPT_ENUM, OFF(match_tiebreak), {"none", "plusminus", "skiljepoang"}, {0}, false},
    {"resign-extends-match", "each given-up game adds a game to the match", OPT_BOOL,
     OFF(resign_extends_match), {"off", "on"}, {0}, false},
    {"resign-cap", "how many games one player may give up in a match: none or match-length",
     OPT_ENUM, OFF(resign_cap), {"none", "match-length"}, {0, -1}, true},
    {"match-early-decision", "a match ends when the trailer cannot catch up", OPT_BOOL,
     OFF(match_early_decision), {"off", "on"}, {0}, false},
};
#undef OFF

int rules_option_count(void) { return (int)(sizeof OPTIONS / sizeof OPTIONS[0]); }
const char *rules_option_name(int i) { return OPTIONS[i].name; }
const char *rules_option_help(int i) { return OPTIONS[i].help; }

/* Compares names ignoring case and treating '_' as '-'; n = length of a. */
static bool same_name(const char *a, size_t n, const char *b)
{
    for (size_t i = 0; i < n; i++, b++) {
        if (*b == '\0')
            return false;
        int x = tolower((unsigned char)a[i]), y = tolower((unsigned char)*b);
        if (x == '_')
            x = '-';
        if (y == '_')
            y = '-';
        if (x != y)
            return false;
    }
    return *b == '\0';
}

static int nvalues(const option_t *o)
{
    int n = 0;
    while (n < 8 && o->values[n])
        n++;
    return n;
}

size_t rules_option_values(int i, char *buf, size_t size)
{
    size_t used = 0;
    const option_t *o = &OPTIONS[i];
    if (size)
        buf[0] = '\0';
    for (int k = 0; k < nvalues(o); k++) {
        int n = snprintf(buf + (used < size ? used : size ? size - 1 : 0),
                         used < size ? size - used : 0, "%s%s", k ? "|" : "", o->values[k]);
        used += (size_t)(n > 0 ? n : 0);
    }
    return used;
}

static int *ifield(rules_t *r, const option_t *o) { return (int *)(void *)((char *)r + o->offset); }
static const int *cifield(const rules_t *r, const option_t *o)
{
    return (const int *)(const void *)((const char *)r + o->offset);
}
static bool *bfield(rules_t *r, const option_t *o) { return (bool *)(void *)((char *)r + o->offset); }

const char *rules_option_get(const rules_t *r, int i)
{
    const option_t *o = &OPTIONS[i];
    if (o->kind == OPT_BOOL)
        return *(const bool *)(const void *)((const char *)r + o->offset) ? "on" : "off";
    int v = *cifield(r, o);
    if (o->kind == OPT_SET) {
        static const char *const sets[8] = {"none",       "kejsar",     "951",       "kejsar,951",
                                            "54321",      "kejsar,54321", "951,54321",
                                            "kejsar,951,54321"};
        return sets[v & 7];
    }
    for (int k = 0; k < nvalues(o); k++)
        if ((o->use_stored ? o->stored[k] : k) == v)
            return o->values[k];
    return "?";
}

/* Sets a value given as (value, vlen) for option o. */
static int set_value(rules_t *r, const option_t *o, const char *value, size_t vlen)
{
    if (o->kind == OPT_SET) {
        int bits = 0;
        size_t i = 0;
        while (i < vlen) {
            size_t j = i;
            while (j < vlen && value[j] != ',')
                j++;
            int k;
            for (k = 0; k < nvalues(o); k++)
                if (same_name(value + i, j - i, o->values[k]))
                    break;
            if (k == nvalues(o))
                return RULES_ERR_VALUE;
            if (k > 0)
                bits |= 1 << (k - 1);
            i = j + 1;
        }
        *ifield(r, o) = bits;
        return RULES_OK;
    }
    for (int k = 0; k < nvalues(o); k++) {
        bool match = same_name(value, vlen, o->values[k]);
        if (o->kind == OPT_BOOL && !match)
            match = (k == 1 && (same_name(value, vlen, "true") || same_name(value, vlen, "yes"))) ||
                    (k == 0 && (same_name(value, vlen, "false") || same_name(value, vlen, "no")));
        if (!match)
            continue;
        if (o->kind == OPT_BOOL)
            *bfield(r, o) = k == 1;
        else
            *ifield(r, o) = o->use_stored ? o->stored[k] : k;
        return RULES_OK;
    }
    return RULES_ERR_VALUE;
}

int rules_set(rules_t *r, const char *option, const char *value)
{
    for (int i = 0; i < rules_option_count(); i++)
        if (same_name(option, strlen(option), OPTIONS[i].name))
            return set_value(r, &OPTIONS[i], value, strlen(value));
    return RULES_ERR_OPTION;
}

bool rules_parse(const char *spec, rules_t *out, rules_error_t *err)
{
    size_t n = strcspn(spec, "+");
    const rules_t *base = NULL;
    for (int i = 0; i < rules_preset_count(); i++)
        if (same_name(spec, n, PRESETS[i].name))
            base = &PRESETS[i];
    if (!base) {
        if (err)
            *err = (rules_error_t){RULES_ERR_PRESET, 0, (int)n};
        return false;
    }
    *out = *base;
    const char *p = spec + n;
    while (*p == '+') {
        p++;
        size_t len = strcspn(p, "+");
        const char *eq = memchr(p, '=', len);
        int off = (int)(p - spec);
        if (!eq) {
            if (err)
                *err = (rules_error_t){RULES_ERR_SYNTAX, off, (int)len};
            return false;
        }
        size_t nlen = (size_t)(eq - p);
        int i;
        for (i = 0; i < rules_option_count(); i++)
            if (same_name(p, nlen, OPTIONS[i].name))
                break;
        if (i == rules_option_count()) {
            if (err)
                *err = (rules_error_t){RULES_ERR_OPTION, off, (int)nlen};
            return false;
        }
        if (set_value(out, &OPTIONS[i], eq + 1, len - nlen - 1) != RULES_OK) {
            if (err)
                *err = (rules_error_t){RULES_ERR_VALUE, off + (int)nlen + 1, (int)(len - nlen - 1)};
            return false;
        }
        p += len;
    }
    if (err)
        *err = (rules_error_t){RULES_OK, 0, 0};
    return true;
}

size_t rules_format(const rules_t *r, char *buf, size_t size)
{
    const rules_t *base = rules_preset(r->name);
    size_t used = (size_t)snprintf(buf, size, "%s", r->name);
    for (int i = 0; base && i < rules_option_count(); i++) {
        const char *v = rules_option_get(r, i);
        if (strcmp(v, rules_option_get(base, i)) == 0)
            continue;
        int k = snprintf(buf + (used < size ? used : size ? size - 1 : 0),
                         used < size ? size - used : 0, "+%s=%s", OPTIONS[i].name, v);
        used += (size_t)(k > 0 ? k : 0);
    }
    return used;
}
