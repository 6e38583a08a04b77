/*
 * args.c - parsing the scripting commands' position flags (see args.h).
 */
#include "front/args.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/evalnet.h"
#include "engine/posid.h"

const char *args_colour(int c)
{
    return c == BOARD_WHITE ? "white" : "black";
}

bool args_parse_roll(const char *s, roll_t *roll)
{
    if (s[0] < '1' || s[0] > '6')
        return false;
    roll->a = s[0] - '0';
    roll->b = 0;
    if (s[1] == '\0')
        return true;
    if ((s[1] != '-' && s[1] != ',' && s[1] != ' ') || s[2] < '1' || s[2] > '6' || s[3] != '\0')
        return false;
    roll->b = s[2] - '0';
    return true;
}

static const char *BOARD_ERRORS[] = {
    "ok",
    "cannot read the token",
    "a point must be 1..24",
    "wrong number of checkers (each side has exactly 15, counting the bar and those borne off)",
    "the same point is named twice",
    "both colours on one point",
    "a band where the rules forbid one",
    "a prime longer than the rules allow",
    "both sides have borne off all their checkers",
};

/* Notes checkers left to the default off (see args.h). */
void args_note_implied_off(const pos_args_t *a, FILE *err)
{
    const char *spec[2] = {a->white, a->black};
    for (int c = 0; c < 2; c++) {
        int n = spec[c] ? board_spec_implied_off(spec[c], a->rules.geometry) : 0;
        if (n > 0)
            fprintf(err,
                    "brade: note: --%s names %d checker%s and no off:N, so %d %s counted as borne off (write "
                    "off:%d to say so)\n",
                    c == 0 ? "white" : "black", 15 - n, 15 - n == 1 ? "" : "s", n, n == 1 ? "is" : "are", n);
    }
}

/* Prints a board error with the spec and a caret under the offending token. */
static void report_board(FILE *err, const board_error_t *e, const char *white, const char *black)
{
    const char *spec = e->side == BOARD_WHITE ? white : e->side == BOARD_BLACK ? black : NULL;
    fprintf(err, "brade: bad position: ");
    if (e->side >= 0)
        fprintf(err, "%s: ", args_colour(e->side));
    fprintf(err, "%s", BOARD_ERRORS[e->code]);
    if (e->code == BOARD_ERR_BAND_BANNED)
        fprintf(err, " (%d checkers on its %d point; from point 2 to point 11 a side may have only one checker per point)",
                e->count, e->point);
    else if (e->code == BOARD_ERR_PRIME)
        fprintf(err, " (%d bands in a row; at most 5 are allowed)", e->count);
    else if (e->code == BOARD_ERR_SHARED)
        fprintf(err, " (white's point %d)", e->point);
    else if (e->code == BOARD_ERR_COUNT && e->count >= 0)
        fprintf(err, " (%d)", e->count);
    else if (e->code == BOARD_ERR_POINT)
        fprintf(err, " (%d)", e->point);
    fprintf(err, "\n");
    if (spec && e->offset >= 0) {
        fprintf(err, "  %s\n  %*s", spec, e->offset, "");
        for (int i = 0; i < (e->length > 0 ? e->length : 1); i++)
            fputc('^', err);
        fputc('\n', err);
    }
}

bool args_parse_position(int argc, char **argv, bool need_roll, const char *const *extra_flags,
                         pos_args_t *a, FILE *err)
{
    const char *rules = "lyckans-talisman", *white = NULL, *black = NULL, *to_move = NULL;
    const char *posid = NULL, *roll = NULL;
    const char *options[16];
    int noptions = 0;
    memset(a, 0, sizeof *a);
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (strcmp(f, "--json") == 0) {
            a->json = true;
            continue;
        }
        const char **slot = NULL;
        if (strcmp(f, "--rules") == 0)
            slot = &rules;
        else if (strcmp(f, "--white") == 0)
            slot = &white;
        else if (strcmp(f, "--black") == 0)
            slot = &black;
        else if (strcmp(f, "--to-move") == 0)
            slot = &to_move;
        else if (strcmp(f, "--position-id") == 0 || strcmp(f, "--position") == 0)
            slot = &posid;
        else if (strcmp(f, "--roll") == 0)
            slot = &roll;
        else if (strcmp(f, "--play") == 0)
            slot = &a->play;
        else if (strcmp(f, "--option") == 0 && noptions < 16)
            slot = &options[noptions++];
        for (int k = 0; !slot && extra_flags && extra_flags[k]; k++) {
            assert(k < ARGS_EXTRA_MAX);
            if (strcmp(f, extra_flags[k]) == 0)
                slot = &a->extra[k];
        }
        if (!slot) {
            fprintf(err, "brade: unknown flag '%s'\n", f);
            return false;
        }
        if (i + 1 >= argc) {
            fprintf(err, "brade: %s needs a value\n", f);
            return false;
        }
        *slot = argv[++i];
    }
    rules_error_t re;
    if (!rules_parse(rules, &a->rules, &re)) {
        if (re.code == RULES_ERR_PRESET) {
            fprintf(err, "brade: unknown ruleset '%.*s'; known:", re.length, rules);
            for (int i = 0; i < rules_preset_count(); i++)
                fprintf(err, " %s", rules_preset_at(i)->name);
            fprintf(err, "\n");
        } else {
            fprintf(err, "brade: bad rules '%s': %s '%.*s'\n", rules,
                    re.code == RULES_ERR_OPTION ? "unknown option" :
                    re.code == RULES_ERR_VALUE ? "bad value" : "expected option=value at",
                    re.length, rules + re.offset);
        }
        return false;
    }
    for (int i = 0; i < noptions; i++) {
        char name[64];
        const char *eq = strchr(options[i], '=');
        size_t n = eq ? (size_t)(eq - options[i]) : 0;
        if (!eq || n >= sizeof name) {
            fprintf(err, "brade: --option wants NAME=VALUE, got '%s'\n", options[i]);
            return false;
        }
        memcpy(name, options[i], n);
        name[n] = '\0';
        int rc = rules_set(&a->rules, name, eq + 1);
        if (rc != RULES_OK) {
            fprintf(err, "brade: --option %s: %s\n", options[i],
                    rc == RULES_ERR_OPTION ? "no such option (see 'brade rules --options')" : "bad value");
            return false;
        }
    }
    geometry_t geom = a->rules.geometry;
    if (posid) {
        if (white || black) {
            fprintf(err, "brade: give either --position-id or --white/--black, not both\n");
            return false;
        }
        bool ok = posid_read(geom, posid, &a->board);
        if (!ok) {
            fprintf(err, "brade: '%s' is not a valid %s position id\n", posid,
                    geom == GEOM_BACKGAMMON ? "GNU Backgammon" : "bräde");
            return false;
        }
        a->from_gnubg_id = geom == GEOM_BACKGAMMON;
        if (to_move && geom != GEOM_BACKGAMMON) {
            fprintf(err, "brade: the position id already says who is on roll; drop --to-move\n");
            return false;
        }
    } else {
        if (!white || !black) {
            fprintf(err, "brade: the position needs --white SPEC and --black SPEC (or --position-id)\n");
            return false;
        }
        int turn;
        if (!to_move || (strcmp(to_move, "white") != 0 && strcmp(to_move, "black") != 0)) {
            fprintf(err, "brade: --to-move must be 'white' or 'black'\n");
            return false;
        }
        turn = strcmp(to_move, "white") == 0 ? BOARD_WHITE : BOARD_BLACK;
        a->white = white;
        a->black = black;
        board_error_t be;
        if (board_from_specs(&a->board, geom, white, black, turn, &be) != BOARD_OK) {
            report_board(err, &be, white, black);
            return false;
        }
    }
    board_error_t be;
    if (movegen_check_position(&a->board, &a->rules, &be) != BOARD_OK) {
        report_board(err, &be, white ? white : "", black ? black : "");
        return false;
    }
    if (a->board.side[1][BOARD_OFF] == 15 || a->board.side[0][BOARD_OFF] == 15) {
        fprintf(err, "brade: the game is over: %s has borne off all 15 checkers\n",
                args_colour(a->board.side[0][BOARD_OFF] == 15 ? a->board.turn : 1 - a->board.turn));
        return false;
    }
    if (roll) {
        if (!args_parse_roll(roll, &a->roll)) {
            fprintf(err, "brade: bad roll '%s' (write two dice 1..6 as A-B, e.g. 6-2; one die, e.g. 4, under the one-die rule)\n", roll);
            return false;
        }
        if (a->roll.b == 0 && a->rules.one_die_rule == ONE_DIE_OFF) {
            fprintf(err, "brade: a single-die roll needs the one-die rule, which %s does not have\n",
                    a->rules.name);
            return false;
        }
        a->have_roll = true;
    } else if (need_roll) {
        fprintf(err, "brade: --roll A-B is required\n");
        return false;
    }
    return true;
}

/* A whole number in [lo, hi], silently (see args.h). */
bool args_whole(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno == ERANGE || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* A whole number in [lo, hi], or the message (see args.h). */
bool args_number(const char *flag, const char *s, long lo, long hi, long *out)
{
    if (!args_whole(s, lo, hi, out)) {
        fprintf(stderr, "brade: %s must be a whole number from %ld to %ld\n", flag, lo, hi);
        return false;
    }
    return true;
}

/* args_number into an int (see args.h). */
bool args_int(const char *flag, const char *s, long lo, long hi, int *out)
{
    long v;
    if (!args_number(flag, s, lo, hi, &v))
        return false;
    *out = (int)v;
    return true;
}

/* A number in [lo, hi] (see args.h). */
bool args_real(const char *flag, const char *s, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= lo && v <= hi)) {
        fprintf(stderr, "brade: %s must be a number from %g to %g\n", flag, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

/* "on" or "off" into *out (see args.h). */
bool args_on_off(const char *flag, const char *s, bool *out)
{
    if (strcmp(s, "on") != 0 && strcmp(s, "off") != 0) {
        fprintf(stderr, "brade: %s must be on or off\n", flag);
        return false;
    }
    *out = strcmp(s, "on") == 0;
    return true;
}

bool args_phase(const char *flag, const char *s, int *phase)
{
    if (!evalnet_phase_parse(s, phase)) {
        fprintf(stderr, "brade: %s takes race, contact or any, not '%s'\n", flag, s);
        return false;
    }
    return true;
}

/* "brade-lab CMD ARGS..." into buf (see args.h). */
void args_join(const char *cmd, int argc, char **argv, char *buf, size_t size)
{
    assert(size > 4);
    size_t len = (size_t)snprintf(buf, size, "brade-lab %s", cmd);
    for (int i = 0; i < argc && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, " %s", argv[i]);
    if (len >= size)
        memcpy(buf + size - 5, " ...", 5);
}

/* "en" or "sv" (see args.h). */
bool args_lang(const char *s, lang_t *out)
{
    if (strcmp(s, "en") == 0)
        *out = LANG_EN;
    else if (strcmp(s, "sv") == 0)
        *out = LANG_SV;
    else
        return false;
    return true;
}
