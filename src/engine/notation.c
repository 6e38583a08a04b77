/*
 * notation.c - writing and reading plays (see notation.h).
 */
#include "engine/notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int ext_point(int p, geometry_t geom)
{
    return geom == GEOM_BACKGAMMON ? 25 - p : p;
}

size_t notation_format(const step_t *steps, int n, geometry_t geom, char *buf, size_t size)
{
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        const step_t *s = &steps[i];
        char from[8], to[8], tok[32];
        if (s->from == BOARD_BAR)
            snprintf(from, sizeof from, "bar");
        else
            snprintf(from, sizeof from, "%d", ext_point(s->from, geom));
        if (s->to == BOARD_OFF)
            snprintf(to, sizeof to, "off");
        else
            snprintf(to, sizeof to, "%d", ext_point(s->to, geom));
        int k = snprintf(tok, sizeof tok, "%s%s/%s%s", i ? " " : "", from, to,
                         (s->flags & STEP_BLAST) ? "#" : (s->flags & STEP_HIT) ? "*" : "");
        if (k < 0)
            continue;
        if (used + (size_t)k < size)
            memcpy(buf + used, tok, (size_t)k + 1);
        else if (size)
            buf[size - 1] = '\0';
        used += (size_t)k;
    }
    return used;
}

const char *notation_forms(void)
{
    return "steps like 13/17, bar/3, 20/off, one checker over several dice as 20/23/off or "
           "1/9, repeats as 13/17(2); '*' (hit) and '#' (blast) marks are optional; '-' for no move";
}

/* Reads a point token at *p: a number, "bar" or "off".  Returns the
 * internal point, -2 for a number out of range, -1 for no point at all. */
static int read_point(const char **pp, geometry_t geom, int *is_bar, int *is_off)
{
    const char *p = *pp;
    *is_bar = *is_off = 0;
    if (strncasecmp(p, "bar", 3) == 0) {
        *pp = p + 3;
        *is_bar = 1;
        return BOARD_BAR;
    }
    if (strncasecmp(p, "off", 3) == 0) {
        *pp = p + 3;
        *is_off = 1;
        return BOARD_OFF;
    }
    if (!isdigit((unsigned char)*p))
        return -1;
    int v = 0, n = 0;
    while (isdigit((unsigned char)*p) && n < 4) {
        v = v * 10 + (*p - '0');
        p++;
        n++;
    }
    *pp = p;
    if (v < 1 || v > 24)
        return -2;
    return ext_point(v, geom);
}

static parse_err_t fail(typed_play_t *out, parse_err_t e, const char *text, const char *at, size_t len)
{
    out->err = e;
    out->err_offset = (int)(at - text);
    out->err_length = (int)(len ? len : 1);
    return e;
}

parse_err_t notation_parse(const char *text, geometry_t geom, typed_play_t *out)
{
    memset(out, 0, sizeof *out);
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n')
            p++;
        if (*p == '\0')
            break;
        const char *tok = p;
        size_t toklen = strcspn(tok, " ,\t\n");
        if ((toklen == 1 && *tok == '-') || (toklen == 4 && strncasecmp(tok, "pass", 4) == 0)) {
            p += toklen;
            continue;
        }
        int points[8], npoints = 0;
        int marks_hit[8] = {0}, marks_blast[8] = {0};
        int repeat = 1;
        for (;;) {
            int is_bar, is_off;
            const char *at = p;
            int pt = read_point(&p, geom, &is_bar, &is_off);
            if (pt == -1)
                return fail(out, PARSE_ERR_TOKEN, text, tok, toklen);
            if (pt == -2)
                return fail(out, PARSE_ERR_POINT, text, at, (size_t)(p - at));
            if (npoints > 0 && is_bar)
                return fail(out, PARSE_ERR_DIRECTION, text, at, 3);
            if (npoints == 0 && is_off)
                return fail(out, PARSE_ERR_DIRECTION, text, at, 3);
            if (npoints > 0 && points[npoints - 1] == BOARD_OFF)
                return fail(out, PARSE_ERR_DIRECTION, text, at, (size_t)(p - at));
            if (npoints >= 8)
                return fail(out, PARSE_ERR_TOO_MANY, text, tok, toklen);
            points[npoints++] = pt;
            while (*p == '*' || *p == '#') {
                if (npoints > 1) {
                    if (*p == '*')
                        marks_hit[npoints - 1] = 1;
                    else
                        marks_blast[npoints - 1] = 1;
                }
                p++;
            }
            if (*p == '/') {
                p++;
                continue;
            }
            break;
        }
        if (*p == '(') {
            const char *at = p++;
            if (!isdigit((unsigned char)*p))
                return fail(out, PARSE_ERR_REPEAT, text, at, 1);
            repeat = *p++ - '0';
            if (*p != ')' || repeat < 1 || repeat > 6)
                return fail(out, PARSE_ERR_REPEAT, text, at, (size_t)(p - at + 1));
            p++;
        }
        if (*p != '\0' && *p != ' ' && *p != ',' && *p != '\t' && *p != '\n')
            return fail(out, PARSE_ERR_TOKEN, text, tok, toklen);
        if (npoints < 2)
            return fail(out, PARSE_ERR_TOKEN, text, tok, toklen);
        for (int r = 0; r < repeat; r++) {
            for (int i = 1; i < npoints; i++) {
                if (out->n >= NOTATION_MAX_MOVES)
                    return fail(out, PARSE_ERR_TOO_MANY, text, tok, toklen);
                typed_move_t *m = &out->moves[out->n++];
                m->from = points[i - 1];
                m->to = points[i];
                m->hit_mark = marks_hit[i];
                m->blast_mark = marks_blast[i];
                m->offset = (int)(tok - text);
                m->length = (int)toklen;
                if (m->to <= m->from)
                    return fail(out, PARSE_ERR_DIRECTION, text, tok, toklen);
            }
        }
    }
    return PARSE_OK;
}
