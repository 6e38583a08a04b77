/*
 * position.c - rulesets and positions in course files (see read.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/read.h"
#include "content/strbuf.h"
#include "engine/posid.h"

/* ---------------------------------------------------------------- rules */

/* The option index whose name matches `name` ('_' = '-', any case), or -1. */
static int option_index(const char *name)
{
    for (int i = 0; i < rules_option_count(); i++) {
        const char *o = rules_option_name(i);
        size_t k = 0;
        for (; o[k] && name[k]; k++) {
            char a = (char)tolower((unsigned char)name[k]), b = o[k];
            if (a == '_')
                a = '-';
            if (a != b)
                break;
        }
        if (!o[k] && !name[k])
            return i;
    }
    return -1;
}

/* The option name closest to `name`, for "did you mean". */
static const char *closest_option(const char *name)
{
    const char *best = NULL;
    int bd = 3;
    for (int i = 0; i < rules_option_count(); i++) {
        int d = yamlload_distance(name, rules_option_name(i));
        if (d < bd) {
            bd = d;
            best = rules_option_name(i);
        }
    }
    return best;
}

/* The preset names, comma-separated, for messages. */
static void preset_list(strbuf_t *sb)
{
    for (int i = 0; i < rules_preset_count(); i++)
        strbuf_addf(sb, "%s%s", i ? ", " : "", rules_preset_at(i)->name);
}

/* Reports a rules_parse() failure on the `rules` scalar. */
static void rules_spec_error(reader_t *R, yaml_node_t *n, const char *spec, const rules_error_t *e)
{
    strbuf_t sb;
    strbuf_init(&sb);
    char part[128];
    snprintf(part, sizeof part, "%.*s", e->length, spec + e->offset);
    switch (e->code) {
    case RULES_ERR_PRESET: {
        preset_list(&sb);
        const char *best = NULL;
        int bd = 4;
        for (int i = 0; i < rules_preset_count(); i++) {
            int d = yamlload_distance(part, rules_preset_at(i)->name);
            if (d < bd) {
                bd = d;
                best = rules_preset_at(i)->name;
            }
        }
        if (best)
            yamlload_error_in(&R->y, n, e->offset, e->length,
                              "unknown ruleset '%s' (did you mean '%s'?)", part, best);
        else
            yamlload_error_in(&R->y, n, e->offset, e->length, "unknown ruleset '%s' (known: %s)",
                              part, strbuf_str(&sb));
        break;
    }
    case RULES_ERR_OPTION: {
        const char *best = closest_option(part);
        if (best)
            yamlload_error_in(&R->y, n, e->offset, e->length,
                              "unknown rules option '%s' (did you mean '%s'?)", part, best);
        else
            yamlload_error_in(&R->y, n, e->offset, e->length,
                              "unknown rules option '%s' (see 'brade rules --options')", part);
        break;
    }
    case RULES_ERR_VALUE:
        yamlload_error_in(&R->y, n, e->offset, e->length, "bad value '%s' for a rules option",
                          part);
        break;
    default:
        yamlload_error_in(&R->y, n, e->offset, e->length > 0 ? e->length : 1,
                          "expected 'preset' or 'preset+option=value' here");
        break;
    }
    strbuf_free(&sb);
}

/* An item's ruleset: `rules` replaces, `options` overrides (see read.h). */
bool read_rules(reader_t *R, yaml_node_t *rules, yaml_node_t *options, const rules_t *inherit,
                rules_t *out)
{
    bool ok = true;
    *out = *inherit;
    if (rules) {
        const char *spec;
        if (!yamlload_string(&R->y, rules, "rules", false, &spec))
            ok = false;
        else {
            rules_error_t e;
            rules_t r;
            if (rules_parse(spec, &r, &e))
                *out = r;
            else {
                rules_spec_error(R, rules, spec, &e);
                ok = false;
            }
        }
    }
    if (!options)
        return ok;
    if (options->type != YAML_MAPPING_NODE) {
        yamlload_error(&R->y, options, "'options' must be a map of option: value, not %s",
                       yamlload_kind(options));
        return false;
    }
    yaml_document_t *doc = &R->y.doc;
    for (yaml_node_pair_t *p = options->data.mapping.pairs.start;
         p < options->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        yaml_node_t *v = yaml_document_get_node(doc, p->value);
        if (!k || !v)
            continue;
        if (k->type != YAML_SCALAR_NODE) {
            yamlload_error(&R->y, k, "an option name must be a plain word, not %s",
                           yamlload_kind(k));
            ok = false;
            continue;
        }
        const char *name = (const char *)k->data.scalar.value;
        int idx = option_index(name);
        if (idx < 0) {
            const char *best = closest_option(name);
            if (best)
                yamlload_error(&R->y, k, "unknown rules option '%s' (did you mean '%s'?)", name,
                               best);
            else
                yamlload_error(&R->y, k, "unknown rules option '%s' (see 'brade rules --options')",
                               name);
            ok = false;
            continue;
        }
        if (v->type != YAML_SCALAR_NODE) {
            yamlload_error(&R->y, v, "the value of option '%s' must be a word, not %s", name,
                           yamlload_kind(v));
            ok = false;
            continue;
        }
        const char *value = (const char *)v->data.scalar.value;
        /* YAML authors write true/false for on/off options */
        if (v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
            if (strcmp(value, "true") == 0 || strcmp(value, "yes") == 0)
                value = "on";
            else if (strcmp(value, "false") == 0 || strcmp(value, "no") == 0)
                value = "off";
        }
        if (rules_set(out, rules_option_name(idx), value) != RULES_OK) {
            char vals[256];
            rules_option_values(idx, vals, sizeof vals);
            yamlload_error(&R->y, v, "bad value '%s' for option '%s' (one of: %s)",
                           (const char *)v->data.scalar.value, rules_option_name(idx), vals);
            ok = false;
        }
    }
    return ok;
}

/* ------------------------------------------------------------- positions */

/* Reads "6-2", "62", "6,2", or "6" (one die). */
bool read_roll_text(const char *s, roll_t *out)
{
    while (*s == ' ')
        s++;
    if (s[0] < '1' || s[0] > '6')
        return false;
    out->a = s[0] - '0';
    out->b = 0;
    const char *p = s + 1;
    if (*p == '-' || *p == ',' || *p == ' ')
        p++;
    if (*p >= '1' && *p <= '6') {
        out->b = *p - '0';
        p++;
    } else if (p != s + 1) {
        return false;
    }
    while (*p == ' ')
        p++;
    return *p == '\0';
}

/* The colour as authors write it. */
static const char *colour_name(int c) { return c == BOARD_WHITE ? "white" : "black"; }

/* Offset and length of the token for `point` (the side's own or
 * backgammon numbering, as written) in a side spec; -1 if not there. */
static int find_token(const char *spec, int point, int *len)
{
    const char *p = spec;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        if (!*p)
            return -1;
        size_t n = strcspn(p, " ,\t");
        if (isdigit((unsigned char)*p) && atoi(p) == point) {
            *len = (int)n;
            return (int)(p - spec);
        }
        p += n;
    }
}

/* The words for a board error (English, for authors). */
static void board_error_text(const board_error_t *e, const rules_t *r, strbuf_t *sb)
{
    const char *col = e->side >= 0 ? colour_name(e->side) : "";
    switch (e->code) {
    case BOARD_OK:
        break;
    case BOARD_ERR_SYNTAX:
        strbuf_addf(sb, "%s: cannot read this token (write P, P:N, bar:N or off:N)", col);
        break;
    case BOARD_ERR_POINT:
        strbuf_addf(sb, "%s: a point must be 1..24, not %d", col, e->point);
        break;
    case BOARD_ERR_COUNT:
        if (e->offset >= 0)
            strbuf_addf(sb, "%s: a count must be 1..15 (bar and off may be 0), not %d", col,
                        e->count);
        else
            strbuf_addf(sb,
                        "%s has %d checkers; each side has exactly 15, counting the bar and "
                        "those borne off",
                        col, e->count);
        break;
    case BOARD_ERR_DUPLICATE:
        strbuf_addf(sb, "%s: the same point is named twice", col);
        break;
    case BOARD_ERR_SHARED:
        strbuf_addf(sb, "both colours have checkers on white's point %d", e->point);
        break;
    case BOARD_ERR_BAND_BANNED:
        strbuf_addf(sb,
                    "%s has a band (%d checkers) on its point %d, which %s forbids: from point 2 "
                    "to point 11 a side has at most one checker per point",
                    col, e->count, e->point, r->name);
        break;
    case BOARD_ERR_PRIME:
        strbuf_addf(sb, "%s has %d bands in a row; %s allows at most %d", col, e->count, r->name,
                    r->max_prime);
        break;
    case BOARD_ERR_BOTH_DONE:
        strbuf_addf(sb, "both sides have borne off all 15 checkers");
        break;
    }
}

static const yamlload_key_t POS_KEYS[] = {
    {"white", 0, 0}, {"black", 0, 0}, {"to-move", 0, 0},
    {"id", 0, 0},    {"start", 0, 0}, {"roll", 0, 0},
};
enum { PK_WHITE, PK_BLACK, PK_TO_MOVE, PK_ID, PK_START, PK_ROLL, PK_COUNT };

/* Reads a position id (bräde id, or gnubg id under backgammon). */
static bool read_id(reader_t *R, yaml_node_t *n, const rules_t *rules, board_t *b)
{
    const char *id;
    if (!yamlload_string(&R->y, n, "id", false, &id))
        return false;
    bool bg = rules->geometry == GEOM_BACKGAMMON;
    bool ok = bg ? posid_gnubg_read(id, b) : posid_brade_read(id, b);
    if (!ok) {
        yamlload_error(&R->y, n, "'%s' is not a valid %s position id%s", id,
                       bg ? "GNU Backgammon" : "bräde",
                       bg ? "" : " (W or B, then 14 characters; 'brade posid' prints one)");
        return false;
    }
    return true;
}

/* Reports the board error e of a position written with white/black nodes. */
static void report_board(reader_t *R, const board_error_t *e, const rules_t *rules,
                         yaml_node_t *whole, yaml_node_t *wn, yaml_node_t *bn)
{
    strbuf_t sb;
    strbuf_init(&sb);
    board_error_text(e, rules, &sb);
    yaml_node_t *spec = e->side == BOARD_WHITE ? wn : e->side == BOARD_BLACK ? bn : NULL;
    int off = e->offset, len = e->length;
    if (spec && off < 0 && e->point > 0 && spec->type == YAML_SCALAR_NODE)
        off = find_token((const char *)spec->data.scalar.value, e->point, &len);
    if (spec && off >= 0)
        yamlload_error_in(&R->y, spec, off, len, "%s", strbuf_str(&sb));
    else
        yamlload_error(&R->y, spec ? spec : whole, "%s", strbuf_str(&sb));
    strbuf_free(&sb);
}

/* Reads and checks a position (see read.h). */
bool read_position(reader_t *R, yaml_node_t *n, const rules_t *rules, position_t *out)
{
    memset(out, 0, sizeof *out);
    out->rules = *rules;
    out->loc = yamlload_loc(&R->y, n);
    geometry_t geom = rules->geometry;
    yamlload_found_t f[PK_COUNT];
    memset(f, 0, sizeof f);

    if (n->type == YAML_SCALAR_NODE) {
        /* position: start | position: ID */
        if (strcmp((const char *)n->data.scalar.value, "start") == 0)
            board_start(&out->board, geom, BOARD_WHITE);
        else if (!read_id(R, n, rules, &out->board))
            return false;
    } else {
        if (!yamlload_map(&R->y, n, "a position", POS_KEYS, PK_COUNT, false, f))
            return false;
        int forms = (f[PK_WHITE].key || f[PK_BLACK].key) + (f[PK_ID].key != NULL) +
                    (f[PK_START].key != NULL);
        if (forms != 1) {
            yamlload_error(&R->y, n,
                           forms ? "a position gives its checkers one way: 'white' and 'black', "
                                   "or 'id', or 'start'"
                                 : "a position needs 'white' and 'black' (side specs), 'id' or "
                                   "'start'");
            return false;
        }
        int turn = BOARD_WHITE;
        if (f[PK_TO_MOVE].value) {
            static const char *const SIDES[] = {"white", "black"};
            turn = yamlload_enum(&R->y, f[PK_TO_MOVE].value, "side ('to-move')", SIDES, 2);
            if (turn < 0)
                return false;
        }
        if (f[PK_START].key) {
            bool yes;
            if (!yamlload_bool(&R->y, f[PK_START].value, "start", &yes))
                return false;
            if (!yes) {
                yamlload_error(&R->y, f[PK_START].value,
                               "'start: false' says nothing; give 'white' and 'black' instead");
                return false;
            }
            board_start(&out->board, geom, turn);
        } else if (f[PK_ID].key) {
            if (!read_id(R, f[PK_ID].value, rules, &out->board))
                return false;
            if (f[PK_TO_MOVE].key && geom != GEOM_BACKGAMMON) {
                yamlload_error(&R->y, f[PK_TO_MOVE].key,
                               "a bräde position id already says who is on roll; drop 'to-move'");
                return false;
            }
            if (f[PK_TO_MOVE].key)
                out->board.turn = (uint8_t)turn;
        } else {
            if (!f[PK_WHITE].key || !f[PK_BLACK].key) {
                yamlload_error(&R->y, n, "a position needs both 'white' and 'black'");
                return false;
            }
            if (!f[PK_TO_MOVE].key) {
                yamlload_error(&R->y, n, "a position needs 'to-move: white' or 'to-move: black'");
                return false;
            }
            const char *w, *b;
            bool okw = yamlload_string(&R->y, f[PK_WHITE].value, "white", true, &w);
            bool okb = yamlload_string(&R->y, f[PK_BLACK].value, "black", true, &b);
            if (!okw || !okb)
                return false;
            /* each side on its own first, so both sides' mistakes are reported */
            bool sides_ok = true;
            for (int c = 0; c < 2; c++) {
                uint8_t counts[BOARD_SLOTS];
                board_error_t e;
                if (board_parse_side(c == 0 ? w : b, geom, counts, &e) != BOARD_OK) {
                    e.side = c;
                    report_board(R, &e, rules, n, f[PK_WHITE].value, f[PK_BLACK].value);
                    sides_ok = false;
                }
            }
            if (!sides_ok)
                return false;
            board_error_t e;
            if (board_from_specs(&out->board, geom, w, b, turn, &e) != BOARD_OK) {
                report_board(R, &e, rules, n, f[PK_WHITE].value, f[PK_BLACK].value);
                return false;
            }
        }
    }
    board_error_t e;
    if (movegen_check_position(&out->board, rules, &e) != BOARD_OK) {
        report_board(R, &e, rules, n, f[PK_WHITE].value, f[PK_BLACK].value);
        return false;
    }
    for (int s = 0; s < 2; s++)
        if (out->board.side[s][BOARD_OFF] == 15) {
            int c = s == 0 ? out->board.turn : 1 - out->board.turn;
            yamlload_error(&R->y, n, "the game is over: %s has borne off all 15 checkers",
                           colour_name(c));
            return false;
        }
    if (f[PK_ROLL].value) {
        const char *text;
        if (!yamlload_string(&R->y, f[PK_ROLL].value, "roll", false, &text))
            return false;
        if (!read_roll_text(text, &out->roll)) {
            yamlload_error(&R->y, f[PK_ROLL].value,
                           "'roll' must be two dice 1..6 written A-B, like 6-2, not '%s'", text);
            return false;
        }
        if (out->roll.b == 0 && rules->one_die_rule == ONE_DIE_OFF) {
            yamlload_error(&R->y, f[PK_ROLL].value,
                           "a single-die roll needs the one-die rule, which %s does not have",
                           rules->name);
            return false;
        }
        out->have_roll = true;
    }
    out->present = true;
    return true;
}
