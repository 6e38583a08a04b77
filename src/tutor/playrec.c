/*
 * playrec.c - the game record, written and read (see playrec.h).
 */
#include "tutor/playrec.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/outcome.h"
#include "engine/posid.h"
#include "tutor/play.h"

static const char *colour_word(int c)
{
    return c == BOARD_WHITE ? "white" : "black";
}

void playrec_header(strbuf_t *sb, const play_opts_t *o)
{
    char rules[256], w[32], b[32];
    rules_format(&o->rules, rules, sizeof rules);
    play_seat_format(&o->seat[BOARD_WHITE], w, sizeof w);
    play_seat_format(&o->seat[BOARD_BLACK], b, sizeof b);
    strbuf_addf(sb, "brade-game %d\nrules %s\nseed %llu\nwhite %s\nblack %s\ndice %s\n", PLAYREC_VERSION,
                rules, (unsigned long long)o->seed, w, b, o->manual_dice ? "manual" : "auto");
    if (o->match_length > 0)
        strbuf_addf(sb, "match %d\n", o->match_length);
    if (o->from_position) {
        char id[POSID_SIZE];
        posid_write(o->rules.geometry, &o->start, id);
        strbuf_addf(sb, "position %s %s\n", id, colour_word(o->start.turn));
    }
}

void playrec_game(strbuf_t *sb, int number)
{
    strbuf_addf(sb, "game %d\n", number);
}

void playrec_start(strbuf_t *sb, int colour)
{
    strbuf_addf(sb, "start %s\n", colour_word(colour));
}

void playrec_teka(strbuf_t *sb, int white_die, int black_die)
{
    strbuf_addf(sb, "teka %d %d\n", white_die, black_die);
}

void playrec_dice_text(roll_t roll, char *buf, size_t size)
{
    if (roll.b)
        snprintf(buf, size, "%d-%d", roll.a, roll.b);
    else
        snprintf(buf, size, "%d", roll.a);
}

void playrec_turn(strbuf_t *sb, int colour, roll_t roll, const char *play)
{
    char dice[16];
    playrec_dice_text(roll, dice, sizeof dice);
    strbuf_addf(sb, "%s %s %s\n", colour_word(colour), dice, play);
}

void playrec_one_die(strbuf_t *sb, int colour)
{
    strbuf_addf(sb, "%s one-die\n", colour_word(colour));
}

void playrec_resign(strbuf_t *sb, int colour, const roll_t *after_roll)
{
    if (after_roll) {
        char dice[8];
        playrec_dice_text(*after_roll, dice, sizeof dice);
        strbuf_addf(sb, "%s gives-up %s\n", colour_word(colour), dice);
    } else {
        strbuf_addf(sb, "%s gives-up\n", colour_word(colour));
    }
}

void playrec_cube(strbuf_t *sb, int colour, playrec_ev_kind_t what)
{
    strbuf_addf(sb, "%s %s\n", colour_word(colour),
                what == EV_DOUBLE ? "doubles" : what == EV_TAKE ? "takes" : "drops");
}

void playrec_result(strbuf_t *sb, const game_t *g)
{
    if (g->winner < 0) {
        strbuf_addf(sb, "result draw\n");
        return;
    }
    strbuf_addf(sb, "result %s %s%s %d\n", colour_word(g->winner), outcome_kind_name(g->result.kind),
                g->result.munk ? " munk" : "", g->points);
}

/* ---- reading ---- */

static bool colour_of(const char *w, int *c)
{
    if (strcmp(w, "white") == 0)
        *c = BOARD_WHITE;
    else if (strcmp(w, "black") == 0)
        *c = BOARD_BLACK;
    else
        return false;
    return true;
}

/* "6-3" or "4". */
static bool dice_of(const char *w, roll_t *r)
{
    if (w[0] >= '1' && w[0] <= '6' && w[1] == '\0') {
        *r = (roll_t){w[0] - '0', 0};
        return true;
    }
    if (w[0] >= '1' && w[0] <= '6' && w[1] == '-' && w[2] >= '1' && w[2] <= '6' && w[3] == '\0') {
        *r = (roll_t){w[0] - '0', w[2] - '0'};
        return true;
    }
    return false;
}

/* Appends an event; the array doubles when full, so a long record costs
 * linear time (growing by a fixed step made it quadratic under allocators
 * that copy on realloc).  False when out of memory. */
#define CR_ONLY                                                                                    \
    "the lines end in a lone carriage return (CR), not a line feed: save the file with Unix (LF) or " \
    "Windows (CR LF) line ends"

/* Why a first line that is not "brade-game 1" is not: the things that
 * look right on screen and are not (a byte-order mark, spaces after it,
 * line ends of a lone CR) named, so the learner can mend the file. */
static const char *first_line_problem(const char *text, size_t len, const char *buf, size_t l)
{
    static const char bom[] = "\xef\xbb\xbf";
    if (len >= 3 && memcmp(text, bom, 3) == 0)
        return "the file starts with a byte-order mark (U+FEFF) before 'brade-game 1': save it as UTF-8 "
               "without one";
    if (l >= 12 && memcmp(buf, "brade-game 1", 12) == 0) {
        if (l > 12 && strspn(buf + 12, " \t") == l - 12)
            return "the first line has spaces after 'brade-game 1'";
    }
    return "not a brade game record (the first line must be 'brade-game 1')";
}

static bool add_ev(playrec_t *r, const playrec_ev_t *e)
{
    if (r->nev == r->capev) {
        int cap = r->capev ? 2 * r->capev : 64;
        playrec_ev_t *n = realloc(r->ev, sizeof *n * (size_t)cap);
        if (!n)
            return false;
        r->ev = n;
        r->capev = cap;
    }
    r->ev[r->nev++] = *e;
    return true;
}

enum { LINE_MAX_LEN = 1024, MAX_EVENTS = 100000 };

bool playrec_parse(const char *text, size_t len, playrec_t *out, int *line, char *msg, size_t msg_size)
{
    int col;
    return playrec_parse_at(text, len, out, line, &col, msg, msg_size);
}

bool playrec_parse_at(const char *text, size_t len, playrec_t *out, int *line, int *column, char *msg,
                      size_t msg_size)
{
    memset(out, 0, sizeof *out);
    int at = 1; /* the column a failure points at */
    const char *p = text, *end = text + len;
    int ln = 0;
    bool header[7] = {false};
    static const char *const KEYS[7] = {"rules", "seed", "white", "black", "dice", "match", "position"};
    bool ended = false; /* the last line read was a result */
#define FAIL(...)                                                                                  \
    do {                                                                                           \
        *line = ln;                                                                                \
        *column = at;                                                                              \
        snprintf(msg, msg_size, __VA_ARGS__);                                                      \
        playrec_free(out);                                                                         \
        return false;                                                                              \
    } while (0)
    while (p < end) {
        ln++;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        size_t l = (size_t)(e - p);
        if (l && p[l - 1] == '\r')
            l--;
        if (ln == 1 && memchr(p, '\r', l))
            FAIL("%s", CR_ONLY);
        if (l >= LINE_MAX_LEN)
            FAIL("a line longer than %d characters", LINE_MAX_LEN);
        char buf[LINE_MAX_LEN];
        memcpy(buf, p, l);
        buf[l] = '\0';
        p = nl ? nl + 1 : end;
        if (memchr(buf, '\0', l))
            FAIL("not text (a NUL byte)");
        if (ln == 1) {
            if (strcmp(buf, "brade-game 1") != 0)
                FAIL("%s", first_line_problem(text, len, buf, l));
            continue;
        }
        if (!buf[0] || buf[0] == '#')
            continue;
        char w1[64] = "", w2[64] = "";
        int rest = 0;
        sscanf(buf, "%63s %63s %n", w1, w2, &rest);
        if (ended && (out->match_length == 0 || strcmp(w1, "game") != 0))
            FAIL(out->match_length ? "after a result, the next game starts with 'game N'"
                                   : "nothing may follow the result of a single game");
        int k;
        for (k = 0; k < 7; k++)
            if (strcmp(w1, KEYS[k]) == 0)
                break;
        /* "white"/"black" name the players once; after that they begin turns */
        if (k < 7 && out->nev == 0 && !((k == 2 || k == 3) && header[k])) {
            if (header[k])
                FAIL("'%s' is given twice", KEYS[k]);
            header[k] = true;
            const char *v = buf + strlen(w1);
            while (*v == ' ')
                v++;
            at = (int)(v - buf) + 1;
            if (k == 0) {
                rules_error_t re;
                if (!rules_parse(v, &out->rules, &re))
                    FAIL("unknown ruleset '%s'", v);
            } else if (k == 1) {
                char *x;
                errno = 0;
                out->seed = strtoull(v, &x, 10);
                if (x == v || *x || *v < '0' || *v > '9' || errno == ERANGE)
                    FAIL("the seed must be a whole number from 0 to %llu", ULLONG_MAX);
            } else if (k == 2 || k == 3) {
                play_seat_t s;
                if (!play_seat_parse(v, &s))
                    FAIL("a player is 'human' or 'engine:LEVEL' (0 to %d), not '%s'", PLAY_LEVELS - 1, v);
                snprintf(out->seat[k - 2], sizeof out->seat[0], "%s", v);
            } else if (k == 6) {
                char id[32], col[16], extra;
                int colour;
                if (!header[0])
                    FAIL("'position' comes after 'rules'");
                if (sscanf(v, "%31s %15s %c", id, col, &extra) != 2 || !colour_of(col, &colour))
                    FAIL("expected 'position ID white|black'");
                play_opts_t po;
                play_default_opts(&po);
                po.rules = out->rules;
                const char *why = play_set_position(&po, id, colour);
                if (why)
                    FAIL("position %s: %s", id, why);
                if (po.start.turn != colour)
                    FAIL("position %s has %s on roll, not %s", id, colour_word(po.start.turn), col);
                out->from_position = true;
                out->start = po.start;
            } else if (k == 5) {
                char *x;
                long n = strtol(v, &x, 10);
                if (out->rules.doubling_cube && (x == v || *x || n < 1 || n > 25))
                    FAIL("a backgammon match is to 1 to 25 points, not '%s'", v);
                if (!out->rules.doubling_cube && (x == v || *x || n < 1 || n > 99 || n % 2 == 0))
                    FAIL("a match is an odd number of games from 1 to 99, not '%s'", v);
                out->match_length = (int)n;
            } else if (strcmp(v, "auto") != 0 && strcmp(v, "manual") != 0) {
                FAIL("dice are 'auto' or 'manual', not '%s'", v);
            } else {
                out->manual_dice = strcmp(v, "manual") == 0;
            }
            continue;
        }
        for (k = 0; out->nev == 0 && k < 5; k++) /* once, at the first event */
            if (!header[k])
                FAIL("the header has no '%s' line (rules, seed, white, black and dice come first)", KEYS[k]);
        if (out->nev >= MAX_EVENTS)
            FAIL("more than %d events", MAX_EVENTS);
        playrec_ev_t ev;
        memset(&ev, 0, sizeof ev);
        ev.line = ln;
        ev.col = 1;
        at = 1;
        const char *second = buf + strspn(buf, " ");
        second += strcspn(second, " ");
        second += strspn(second, " ");
        if (strcmp(w1, "teka") == 0) {
            int a, b;
            char extra;
            if (sscanf(buf, "teka %d %d %c", &a, &b, &extra) != 2 || a < 1 || a > 6 || b < 1 || b > 6)
            {
                at = (int)(second - buf) + 1;
                FAIL("teka is two dice: 'teka 3 5'");
            }
            ev.kind = EV_TEKA;
            ev.roll = (roll_t){a, b};
        } else if (strcmp(w1, "result") == 0) {
            ended = true;
            out->results++;
            ev.kind = EV_RESULT;
            /* what it says, checked against the replay (review.c) */
            snprintf(ev.play, sizeof ev.play, "%s", second);
        } else if (strcmp(w1, "game") == 0) {
            char *x;
            long n = strtol(w2, &x, 10);
            at = (int)(second - buf) + 1;
            if (!ended || x == w2 || *x || n != out->results + 1)
                FAIL("'game %d' comes after the result of game %d", out->results + 1, out->results);
            ended = false;
            ev.kind = EV_GAME;
            ev.roll.a = (int)n;
        } else if (strcmp(w1, "start") == 0) {
            at = (int)(second - buf) + 1;
            if (!colour_of(w2, &ev.colour))
                FAIL("'start' names white or black");
            ev.kind = EV_START;
        } else {
            if (!colour_of(w1, &ev.colour))
                FAIL("unknown line '%.40s' (a turn starts with white or black)", buf);
            if (strcmp(w2, "one-die") == 0) {
                ev.kind = EV_ONE_DIE;
            } else if (strcmp(w2, "gives-up") == 0) {
                /* the roll it came after, if any (records before stop 70
                 * have none: read as before the roll) */
                char w3[64] = "", extra[8] = "";
                const char *after = strstr(buf, "gives-up") + strlen("gives-up");
                after += strspn(after, " ");
                at = (int)(after - buf) + 1;
                int nw = sscanf(after, "%63s %7s", w3, extra);
                if (nw == 2)
                    FAIL("'gives-up' is followed at most by the roll it came after");
                if (nw == 1 && !dice_of(w3, &ev.roll))
                    FAIL("'%s' is not a roll (6-3, or one die: 4)", w3);
                ev.kind = EV_RESIGN;
            } else if (strcmp(w2, "doubles") == 0 || strcmp(w2, "takes") == 0 || strcmp(w2, "drops") == 0) {
                if (!out->rules.doubling_cube)
                    FAIL("'%s %s': there is no doubling cube in %s", w1, w2, out->rules.name);
                ev.kind = w2[0] == 'd' && w2[1] == 'o' ? EV_DOUBLE : w2[0] == 't' ? EV_TAKE : EV_DROP;
            } else {
                at = (int)(second - buf) + 1;
                if (!dice_of(w2, &ev.roll))
                    FAIL("'%s' is not a roll (6-3, or one die: 4)", w2);
                const char *pl = buf + rest;
                at = (int)(pl - buf) + 1;
                if (!*pl)
                    FAIL("the play is missing ('-' for no move)");
                ev.kind = EV_TURN;
                ev.col = at;
                snprintf(ev.play, sizeof ev.play, "%s", pl);
            }
        }
        if (!add_ev(out, &ev))
            FAIL("out of memory");
    }
    if (ln == 0)
        FAIL("the file is empty");
    for (int k = 0; k < 5; k++)
        if (!header[k])
            FAIL("the header has no '%s' line", KEYS[k]);
#undef FAIL
    return true;
}

void playrec_free(playrec_t *r)
{
    free(r->ev);
    r->ev = NULL;
    r->nev = r->capev = 0;
}

/* One move in .mat form: "63: 13/7 8/5" (hits marked as written). */
static void mat_move(const playrec_ev_t *e, char *buf, size_t size)
{
    if (strcmp(e->play, "-") == 0)
        snprintf(buf, size, "%d%d:", e->roll.a, e->roll.b);
    else
        snprintf(buf, size, "%d%d: %s", e->roll.a, e->roll.b, e->play);
}

/* The end of a game in .mat: the winner's "Wins N points" in the winner's
 * column.  A pending white entry (left) shares the line when white dropped
 * (the win is then black's next entry, as gnubg reads it). */
static void mat_result(strbuf_t *out, int *line, char *left, bool *have_left, const playrec_outcome_t *o)
{
    char wins[64];
    snprintf(wins, sizeof wins, "Wins %d point%s%s", o->points, o->points == 1 ? "" : "s",
             o->match_won ? " and the match" : "");
    if (*have_left && o->winner == BOARD_BLACK && o->dropped) {
        strbuf_addf(out, "%3d) %-28s %s\n", ++*line, left, wins);
        *have_left = false;
        return;
    }
    if (*have_left)
        strbuf_addf(out, "%3d) %s\n", ++*line, left);
    *have_left = false;
    strbuf_addf(out, "%*s%s\n", o->winner == BOARD_WHITE ? 6 : 34, "", wins);
}

/* A game's heading: its number and the score before it. */
static void mat_game(strbuf_t *out, int number, const int score[2])
{
    char w[32];
    snprintf(w, sizeof w, "white : %d", score[BOARD_WHITE]);
    strbuf_addf(out, "\n Game %d\n %-31sblack : %d\n", number, w, score[BOARD_BLACK]);
}

bool playrec_mat(const playrec_t *r, const playrec_outcome_t *res, int nres, strbuf_t *out, char *msg,
                 size_t msg_size)
{
    if (r->rules.geometry != GEOM_BACKGAMMON || r->from_position) {
        snprintf(msg, msg_size, "only backgammon games and matches from the start go to .mat");
        return false;
    }
    strbuf_addf(out, "; [Site \"brade\"]\n; [Variation \"Backgammon\"]\n");
    if (r->match_length > 0)
        strbuf_addf(out, "; [Crawford \"On\"]\n");
    strbuf_addf(out, "\n %d point match\n", r->match_length);
    int score[2] = {0, 0}; /* before the game being written */
    mat_game(out, 1, score);
    int line = 0, cube = 1, game = 0; /* game: the index of the game being written */
    char left[200] = "";
    bool have_left = false;
    for (int i = 0; i < r->nev; i++) {
        const playrec_ev_t *e = &r->ev[i];
        if (e->kind == EV_TEKA || e->kind == EV_START)
            continue;
        if (e->kind == EV_RESULT) {
            if (game >= nres) {
                snprintf(msg, msg_size, "line %d: the game did not end here", e->line);
                return false;
            }
            mat_result(out, &line, left, &have_left, &res[game]);
            score[res[game].winner] += res[game].points;
            continue;
        }
        if (e->kind == EV_GAME) {
            if (++game >= nres + 1) {
                snprintf(msg, msg_size, "line %d: the game before did not end", e->line);
                return false;
            }
            line = 0;
            cube = 1;
            mat_game(out, game + 1, score);
            continue;
        }
        char mv[200];
        if (e->kind == EV_DOUBLE) {
            snprintf(mv, sizeof mv, " Doubles => %d", cube * 2);
        } else if (e->kind == EV_TAKE) {
            cube *= 2;
            snprintf(mv, sizeof mv, " Takes");
        } else if (e->kind == EV_DROP) {
            snprintf(mv, sizeof mv, " Drops");
        } else if (e->kind == EV_TURN) {
            mat_move(e, mv, sizeof mv);
        } else {
            snprintf(msg, msg_size, "line %d: .mat has no word for this", e->line);
            return false;
        }
        if (e->colour == BOARD_WHITE) {
            if (have_left) /* white twice: close the line */
                strbuf_addf(out, "%3d) %s\n", ++line, left);
            snprintf(left, sizeof left, "%s", mv);
            have_left = true;
        } else {
            strbuf_addf(out, "%3d) %-28s %s\n", ++line, have_left ? left : "", mv);
            have_left = false;
        }
    }
    if (have_left)
        strbuf_addf(out, "%3d) %s\n", ++line, left);
    return true;
}
