/*
 * board.c - positions: side specs, checks, swaps and the bräde predicates.
 * See board.h for the representation and the ownership rule.
 */
#include "engine/board.h"

#include <stdio.h>
#include <string.h>

/* Clears b (no checkers anywhere) and sets geometry and side on roll. */
void board_clear(board_t *b, geometry_t geom, int turn)
{
    memset(b, 0, sizeof *b);
    b->geom = (uint8_t)geom;
    b->turn = (uint8_t)turn;
}

/* The start position: bräde has all 15 on point 1; backgammon the usual
 * 2-5-3-5 set-up (internal numbering: bg 24 = internal 1, bg 13 = 12,
 * bg 8 = 17, bg 6 = 19). */
void board_start(board_t *b, geometry_t geom, int turn)
{
    board_clear(b, geom, turn);
    for (int s = 0; s < 2; s++) {
        if (geom == GEOM_BRADE) {
            b->side[s][1] = 15;
        } else {
            b->side[s][1] = 2;
            b->side[s][12] = 5;
            b->side[s][17] = 3;
            b->side[s][19] = 5;
        }
    }
}

/* Reads a decimal number at *p; returns -1 when there is none. */
static int read_num(const char **p)
{
    const char *s = *p;
    int v = 0, n = 0;
    while (*s >= '0' && *s <= '9' && n < 4) {
        v = v * 10 + (*s - '0');
        s++;
        n++;
    }
    if (n == 0 || (*s >= '0' && *s <= '9'))
        return -1;
    *p = s;
    return v;
}

static board_err_t fail(board_error_t *err, board_err_t code, int point, int count, int off, int len)
{
    if (err) {
        err->code = code;
        err->side = -1;
        err->point = point;
        err->count = count;
        err->offset = off;
        err->length = len;
    }
    return code;
}

/* Parses one side spec (see board.h) and says in *off_given_out whether it
 * wrote off:N.  Tokens are separated by blanks or commas; "bar" and "off"
 * are case-insensitive. */
static board_err_t parse_side(const char *spec, geometry_t geom, uint8_t counts[BOARD_SLOTS],
                              board_error_t *err, bool *off_given_out)
{
    bool seen[BOARD_SLOTS] = {false};
    int total = 0;
    bool off_given = false;
    const char *p = spec;

    memset(counts, 0, BOARD_SLOTS);
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        const char *tok = p;
        size_t toklen = strcspn(tok, " ,\t");
        int off = (int)(tok - spec), len = (int)toklen;
        int slot, n = 1;
        if (toklen >= 3 && (strncmp(tok, "bar", 3) == 0 || strncmp(tok, "BAR", 3) == 0 ||
                            strncmp(tok, "Bar", 3) == 0)) {
            slot = BOARD_BAR;
            p = tok + 3;
        } else if (toklen >= 3 && (strncmp(tok, "off", 3) == 0 || strncmp(tok, "OFF", 3) == 0 ||
                                   strncmp(tok, "Off", 3) == 0)) {
            slot = BOARD_OFF;
            p = tok + 3;
        } else {
            int pt = read_num(&p);
            if (pt < 0)
                return fail(err, BOARD_ERR_SYNTAX, -1, -1, off, len);
            if (pt < 1 || pt > 24)
                return fail(err, BOARD_ERR_POINT, pt, -1, off, len);
            slot = geom == GEOM_BACKGAMMON ? 25 - pt : pt;
        }
        if (*p == ':') {
            p++;
            n = read_num(&p);
            if (n < 0)
                return fail(err, BOARD_ERR_SYNTAX, -1, -1, off, len);
        } else if (slot == BOARD_BAR || slot == BOARD_OFF) {
            return fail(err, BOARD_ERR_SYNTAX, -1, -1, off, len);
        }
        if (*p != '\0' && *p != ' ' && *p != ',' && *p != '\t')
            return fail(err, BOARD_ERR_SYNTAX, -1, -1, off, len);
        int shown = (slot == BOARD_BAR || slot == BOARD_OFF) ? -1
                    : geom == GEOM_BACKGAMMON ? 25 - slot : slot;
        if (seen[slot])
            return fail(err, BOARD_ERR_DUPLICATE, shown, -1, off, len);
        seen[slot] = true;
        bool zero_ok = slot == BOARD_BAR || slot == BOARD_OFF;
        if (n > 15 || (n == 0 && !zero_ok))
            return fail(err, BOARD_ERR_COUNT, shown, n, off, len);
        counts[slot] = (uint8_t)n;
        total += n;
        if (slot == BOARD_OFF)
            off_given = true;
    }
    if (!off_given && total <= 15) {
        counts[BOARD_OFF] = (uint8_t)(15 - total);
        total = 15;
    }
    if (total != 15)
        return fail(err, BOARD_ERR_COUNT, -1, total, -1, 0);
    *off_given_out = off_given;
    return BOARD_OK;
}

board_err_t board_parse_side(const char *spec, geometry_t geom, uint8_t counts[BOARD_SLOTS],
                             board_error_t *err)
{
    bool off_given;
    return parse_side(spec, geom, counts, err, &off_given);
}

/* Checkers left to the default off (see board.h). */
int board_spec_implied_off(const char *spec, geometry_t geom)
{
    uint8_t counts[BOARD_SLOTS];
    board_error_t e;
    bool off_given;
    if (parse_side(spec, geom, counts, &e, &off_given) != BOARD_OK || off_given)
        return 0;
    return counts[BOARD_OFF];
}

/* Appends text to buf at *used, keeping buf NUL-terminated and counting the
 * length that would have been needed. */
static void put(char *buf, size_t size, size_t *used, const char *text)
{
    size_t n = strlen(text);
    if (*used < size) {
        size_t room = size - *used - 1;
        size_t k = n < room ? n : room;
        memcpy(buf + *used, text, k);
        buf[*used + k] = '\0';
    }
    *used += n;
}

/* Canonical spec of side s: P:N by rising P (the side's own numbering, or
 * backgammon numbering), then bar:N and off:N when nonzero. */
size_t board_format_side(const board_t *b, int s, char *buf, size_t size)
{
    size_t used = 0;
    char tok[16];
    if (size)
        buf[0] = '\0';
    for (int k = 1; k <= 24; k++) {
        int slot = b->geom == GEOM_BACKGAMMON ? 25 - k : k;
        int n = b->side[s][slot];
        if (!n)
            continue;
        snprintf(tok, sizeof tok, "%s%d:%d", used ? " " : "", k, n);
        put(buf, size, &used, tok);
    }
    if (b->side[s][BOARD_BAR]) {
        snprintf(tok, sizeof tok, "%sbar:%d", used ? " " : "", b->side[s][BOARD_BAR]);
        put(buf, size, &used, tok);
    }
    if (b->side[s][BOARD_OFF]) {
        snprintf(tok, sizeof tok, "%soff:%d", used ? " " : "", b->side[s][BOARD_OFF]);
        put(buf, size, &used, tok);
    }
    return used;
}

/* Builds a board from colour specs (see board.h). */
board_err_t board_from_specs(board_t *b, geometry_t geom, const char *white, const char *black,
                             int turn, board_error_t *err)
{
    uint8_t c[2][BOARD_SLOTS];
    const char *spec[2] = {white, black};
    for (int col = 0; col < 2; col++) {
        board_err_t e = board_parse_side(spec[col], geom, c[col], err);
        if (e != BOARD_OK) {
            if (err)
                err->side = col;
            return e;
        }
    }
    board_clear(b, geom, turn);
    memcpy(b->side[0], c[turn], BOARD_SLOTS);
    memcpy(b->side[1], c[1 - turn], BOARD_SLOTS);
    return board_check_basic(b, err);
}

/* 15 a side, no shared point, not both finished. */
board_err_t board_check_basic(const board_t *b, board_error_t *err)
{
    for (int s = 0; s < 2; s++) {
        int total = 0;
        for (int i = 0; i < BOARD_SLOTS; i++)
            total += b->side[s][i];
        if (total != 15) {
            fail(err, BOARD_ERR_COUNT, -1, total, -1, 0);
            if (err)
                err->side = s == 0 ? b->turn : 1 - b->turn;
            return BOARD_ERR_COUNT;
        }
    }
    for (int p = 1; p <= 24; p++) {
        if (b->side[0][p] && board_opp_at(b, p)) {
            int wp = b->turn == BOARD_WHITE ? p : board_under(b->geom, p);
            if (b->geom == GEOM_BACKGAMMON)
                wp = 25 - wp;
            fail(err, BOARD_ERR_SHARED, wp, -1, -1, 0);
            if (err)
                err->side = BOARD_WHITE;
            return BOARD_ERR_SHARED;
        }
    }
    if (b->side[0][BOARD_OFF] == 15 && b->side[1][BOARD_OFF] == 15)
        return fail(err, BOARD_ERR_BOTH_DONE, -1, -1, -1, 0);
    return BOARD_OK;
}

/* Exchanges the two sides: the opponent comes on roll. */
void board_swap(board_t *b)
{
    uint8_t tmp[BOARD_SLOTS];
    memcpy(tmp, b->side[0], BOARD_SLOTS);
    memcpy(b->side[0], b->side[1], BOARD_SLOTS);
    memcpy(b->side[1], tmp, BOARD_SLOTS);
    b->turn = (uint8_t)(1 - b->turn);
}

/* Pip count: each checker counts 25 - p; the bar counts 25. */
int board_pips(const board_t *b, int s)
{
    int pips = 25 * b->side[s][BOARD_BAR];
    for (int p = 1; p <= 24; p++)
        pips += (25 - p) * b->side[s][p];
    return pips;
}

int board_on_board(const board_t *b, int s)
{
    int n = 0;
    for (int p = 1; p <= 24; p++)
        n += b->side[s][p];
    return n;
}

int board_rearmost(const board_t *b, int s)
{
    if (b->side[s][BOARD_BAR])
        return 0;
    for (int p = 1; p <= 24; p++)
        if (b->side[s][p])
            return p;
    return 25;
}

/* No checker on the bar or before point 19. */
bool board_all_in_q4(const board_t *b, int s)
{
    for (int p = 0; p <= 18; p++)
        if (b->side[s][p])
            return false;
    return true;
}

/* The other side's count on s's point p. */
static int other_at(const board_t *b, int s, int p)
{
    return b->side[1 - s][board_under(b->geom, p)];
}

int board_free_entry(const board_t *b, int s)
{
    int n = 0;
    for (int d = 1; d <= 6; d++)
        if (b->side[s][d] == 0 && other_at(b, s, d) <= 1)
            n++;
    return n;
}

int board_own_q1(const board_t *b, int s)
{
    int n = 0;
    for (int d = 1; d <= 6; d++)
        n += b->side[s][d] > 0;
    return n;
}

int board_jan_excess(const board_t *b, int s)
{
    return b->side[s][BOARD_BAR] + board_own_q1(b, s) - 6;
}

int board_janblotta_count(const board_t *b, int s)
{
    int n = b->side[s][BOARD_BAR] + board_own_q1(b, s);
    for (int p = 7; p <= 24; p++)
        n += b->side[s][p] == 1;
    return n;
}

/* Run of the other side's bands through s's point p, in s's numbering
 * (s's path is 1..24, no wrap). */
int board_band_run(const board_t *b, int s, int p)
{
    if (other_at(b, s, p) < 2)
        return 0;
    int lo = p, hi = p;
    while (lo > 1 && other_at(b, s, lo - 1) >= 2)
        lo--;
    while (hi < 24 && other_at(b, s, hi + 1) >= 2)
        hi++;
    return hi - lo + 1;
}

/* Longest run of s's bands in the other side's path (other's numbering). */
int board_longest_prime(const board_t *b, int s)
{
    int o = 1 - s, best = 0, run = 0;
    for (int p = 1; p <= 24; p++) {
        if (other_at(b, o, p) >= 2) {
            if (++run > best)
                best = run;
        } else {
            run = 0;
        }
    }
    return best;
}

/* FNV-1a over the whole value (the struct has no padding). */
uint64_t board_hash(const board_t *b)
{
    const uint8_t *p = (const uint8_t *)b;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < sizeof *b; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

bool board_equal(const board_t *a, const board_t *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

bool board_consistent(const board_t *b)
{
    /* a finished game (both sides off) is still a consistent board */
    board_error_t e;
    return board_check_basic(b, &e) == BOARD_OK || e.code == BOARD_ERR_BOTH_DONE;
}
