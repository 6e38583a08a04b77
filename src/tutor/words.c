/*
 * words.c - names and answer parsing for the tutor (see words.h).
 */
#include "tutor/words.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"

static const char *const GOAL_EN[GOAL_COUNT] = {
    "any legal play",
    "a play that wins the game now",
    "the winning play worth the most",
    "a play that wins by hemspel (bearing off the last checker)",
    "a play that wins by a vackert spel",
    "a play that makes the opponent jan",
    "a play that makes the opponent sprängjan",
    "a play that wins with munk",
    "a play that enters every checker from the bar",
    "a play that hits a blot",
    "a play that blasts a band",
    "a play that bears a checker off",
    "a play that bears off with a higher die than needed",
    "a play that leaves part of the roll unplayed (fåta)",
    "no legal move at all (the whole roll is forfeited)",
    "a play that keeps the janblotta in (janblotta count 6 or less)",
    "a play that puts the janblotta out (janblotta count 7 or more)",
    "a play after which no roll of the opponent makes you sprängjan",
    "a play after which no roll of the opponent makes you jan (or sprängjan)",
    "the best play (the one that wins the most points on average)",
};
static const char *const GOAL_SV[GOAL_COUNT] = {
    "vilket tillåtet drag som helst",
    "ett drag som vinner partiet nu",
    "det vinnande drag som ger mest",
    "ett drag som vinner hemspel (spelar hem sista brickan)",
    "ett drag som vinner ett vackert spel",
    "ett drag som gör motspelaren jan",
    "ett drag som gör motspelaren sprängjan",
    "ett drag som vinner med munk",
    "ett drag som spelar in alla brickor från ribban",
    "ett drag som slår en blotta",
    "ett drag som spränger ett band",
    "ett drag som spelar hem en bricka",
    "ett drag som spelar hem med högre tärning än det behövs",
    "ett drag som lämnar en del av slaget ospelad (fåta)",
    "inget tillåtet drag alls (hela slaget fåtas)",
    "ett drag som inte tar ut janblottan (janblottetal 6 eller mindre)",
    "ett drag som tar ut janblottan (janblottetal 7 eller mer)",
    "ett drag efter vilket inget slag av motspelaren gör dig sprängjan",
    "ett drag efter vilket inget slag av motspelaren gör dig jan (eller sprängjan)",
    "det bästa draget (det som i genomsnitt vinner flest poäng)",
};

/* A goal as a phrase ("a play that ..."). */
const char *words_goal(lang_t lang, goal_t g)
{
    if ((unsigned)g >= GOAL_COUNT)
        return "?";
    return T(lang, GOAL_EN[g], GOAL_SV[g]);
}

static const char *const COUNT_EN[COUNT_KIND_COUNT] = {
    "the pip count",
    "the number of free entry points (first-quarter points that are empty or hold an opposing "
    "blot)",
    "the janblotta count (checkers on the bar + own first-quarter points + own blots outside the "
    "first quarter)",
    "the number of new blots until the janblotta is out",
    "the jan excess (checkers on the bar + own first-quarter points - 6)",
    "the number of first-quarter points holding own checkers",
    "the number of checkers on the bar",
    "the number of checkers borne off",
    "the number of blots",
    "the longest run of bands (the prime the opponent faces)",
    "the number of legal plays of the roll",
};
static const char *const COUNT_SV[COUNT_KIND_COUNT] = {
    "antalet ögon kvar (summan för alla brickor)",
    "antalet lediga tungor att spela in på (tungor i första kvarteret som är tomma eller har en "
    "blotta av motspelaren)",
    "janblottetalet (brickor på ribban + egna tungor i första kvarteret + egna blottor utanför "
    "första kvarteret)",
    "antalet nya blottor tills janblottan är ute",
    "janöverskottet (brickor på ribban + egna tungor i första kvarteret - 6)",
    "antalet tungor i första kvarteret med egna brickor",
    "antalet brickor på ribban",
    "antalet hemspelade brickor",
    "antalet blottor",
    "den längsta raden av band (spärren motspelaren möter)",
    "antalet tillåtna drag för slaget",
};

/* What a count measures. */
const char *words_count(lang_t lang, count_t c)
{
    if ((unsigned)c >= COUNT_KIND_COUNT)
        return "?";
    return T(lang, COUNT_EN[c], COUNT_SV[c]);
}

/* A roll as text. */
void words_roll(roll_t r, char *buf, size_t size)
{
    if (r.b)
        snprintf(buf, size, "%d-%d", r.a > r.b ? r.a : r.b, r.a > r.b ? r.b : r.a);
    else
        snprintf(buf, size, "%d", r.a);
}

/* A set of rolls as text. */
void words_rolls(lang_t lang, uint32_t set, strbuf_t *out)
{
    int k = 0;
    for (int i = GOAL_ROLLS - 1; i >= 0; i--)
        if (set & (1u << i)) {
            roll_t r = goal_roll_at(i);
            strbuf_addf(out, "%s%d-%d", k++ ? " " : "", r.a, r.b);
        }
    if (!k)
        strbuf_add(out, T(lang, "none", "inga"));
}

/* The plural as n asks (see words.h). */
const char *words_checkers(lang_t lang, int n)
{
    return n == 1 ? T(lang, "checker", "bricka") : T(lang, "checkers", "brickor");
}

/* Theme ids and their Swedish names (the ids are the files' words). */
static const char *const THEMES[][2] = {
    {"backgammon", "backgammon"}, {"barrier", "spärr"},         {"bear-off", "hemspel"},
    {"best-play", "bästa-drag"},  {"blasting", "sprängning"},   {"blocking", "spärra"},
    {"defence", "försvar"},
    {"entering", "inspel"},       {"forced", "tvingat"},        {"giving-up", "ge-upp"},
    {"hitting", "slå"},           {"jan", "jan"},               {"janblotta", "janblotta"},
    {"matches", "matcher"},       {"mine", "mina-misstag"},     {"moving", "flytta"},
    {"munk", "munk"},             {"one-die", "entärningsregeln"},
    {"opening", "öppning"},       {"pip-count", "ögonräkning"},
    {"pips-rule", "ögonregeln"},
    {"race", "kapplöpning"},      {"rulesets", "regelverk"},    {"safety", "säkerhet"},
    {"sprangjan", "sprängjan"},   {"strategy", "strategi"},     {"vackert", "vackert-spel"},
    {"variants", "varianter"},
};

const char *words_theme(lang_t lang, const char *id)
{
    if (lang != LANG_SV)
        return id;
    for (size_t i = 0; i < sizeof THEMES / sizeof THEMES[0]; i++)
        if (strcmp(THEMES[i][0], id) == 0)
            return THEMES[i][1];
    return id;
}

const char *words_theme_id(const char *name)
{
    for (size_t i = 0; i < sizeof THEMES / sizeof THEMES[0]; i++)
        if (strcmp(THEMES[i][0], name) == 0 || strcmp(THEMES[i][1], name) == 0)
            return THEMES[i][0];
    return NULL;
}

/* The presets' summaries in Swedish, in rules_preset_at() order. */
static const char *const SUMMARIES_SV[] = {
    "Lyckans Talismans husregler (standard): sprängning vid inspel när fler är slagna än som kan "
    "spelas in, ögonregeln, vinster räknas när hela slaget är spelat",
    "Sten Helmfrids regler (2006): som Lyckans Talismans, men jan vinner direkt, även med den "
    "lägre tärningen; skiljepoäng",
    "Vasamuseets brädspelsvänners tävlingsregler (2003): bara den bakersta brickan går hem med för "
    "högt slag, vinnande förflyttningar avslutar partiet direkt, poäng 1/2/4/6",
    "The Boards klassiska regler: spärrar på högst fem band, sprängning vid inspel bara när ingen "
    "tunga är ledig, så många tärningar som möjligt, varken munk eller att ge upp (texten säger "
    "inget: vår tolkning)",
    "vanlig backgammon (seeds/002), med dubbleringskub, gammon och backgammon",
};

const char *words_ruleset_summary(lang_t lang, int i)
{
    if (lang == LANG_SV && i >= 0 && (size_t)i < sizeof SUMMARIES_SV / sizeof SUMMARIES_SV[0])
        return SUMMARIES_SV[i];
    return rules_preset_summary(i);
}

/* See words.h. */
void words_decimal_comma(lang_t lang, char *s, size_t from)
{
    if (lang != LANG_SV || !s)
        return;
    size_t len = strlen(s);
    for (size_t i = from + 1; i + 1 < len; i++)
        if (s[i] == '.' && s[i - 1] >= '0' && s[i - 1] <= '9' && s[i + 1] >= '0' && s[i + 1] <= '9')
            s[i] = ',';
}

/* Appends a sentence with decimal commas (see words.h). */
void words_add_decimal(lang_t lang, strbuf_t *out, const char *s)
{
    size_t from = out->len;
    strbuf_add(out, s);
    words_decimal_comma(lang, out->s, from);
}

/* The plural as n asks (see words.h). */
const char *words_free_points(lang_t lang, int n)
{
    return n == 1 ? T(lang, "free point", "ledig tunga") : T(lang, "free points", "lediga tungor");
}

/* A puzzle's themes before it is answered (see words.h). */
void words_puzzle_themes(lang_t lang, const puzzle_t *p, strbuf_t *out)
{
    bool best = p->q.kind == QK_PLAY && p->q.goal == GOAL_BEST;
    int n = 0;
    for (int i = 0; i < p->nthemes; i++) {
        if (best && strcmp(p->themes[i], "best-play") != 0 && strcmp(p->themes[i], "mine") != 0)
            continue;
        strbuf_addf(out, "%s%s", n++ ? ", " : "", words_theme(lang, p->themes[i]));
    }
}

/* A grade's name in the language (see words.h). */
const char *words_grade(lang_t lang, grade_t g)
{
    static const char *const EN[] = {"fine", "doubtful", "bad", "very bad"};
    static const char *const SV[] = {"bra", "tveksamt", "dåligt", "mycket dåligt"};
    return (unsigned)g < 4 ? T(lang, EN[g], SV[g]) : "?";
}

/* A colour's name in the language. */
const char *words_colour(lang_t lang, int colour, bool cap)
{
    if (colour == BOARD_WHITE)
        return cap ? T(lang, "White", "Vit") : T(lang, "white", "vit");
    return cap ? T(lang, "Black", "Svart") : T(lang, "black", "svart");
}

/* Lower-cases ASCII and folds å, ä, ö (and their capitals) to a, a, o. */
static void fold(const char *in, char *out, size_t size, int *map)
{
    size_t o = 0;
    for (size_t i = 0; in[i] && o + 1 < size;) {
        unsigned char c = (unsigned char)in[i];
        if (c == 0xC3 && in[i + 1]) {
            unsigned char d = (unsigned char)in[i + 1];
            char f = (d == 0xA5 || d == 0xA4 || d == 0x85 || d == 0x84) ? 'a'
                     : (d == 0xB6 || d == 0x96)                         ? 'o'
                     : (d == 0xA9 || d == 0x89)                         ? 'e'
                                                                        : '?';
            if (map)
                map[o] = (int)i;
            out[o++] = f;
            i += 2;
            continue;
        }
        if (map)
            map[o] = (int)i;
        out[o++] = (char)tolower(c);
        i++;
    }
    out[o] = '\0';
    if (map)
        map[o] = -1;
}

/* Which of two word lists the answer is (folded, trimmed of spaces and a
 * final '.' or '!'): 1 the first, 0 the second, -1 neither. */
static int two_way(const char *text, const char *const *one, size_t n1, const char *const *zero, size_t n0)
{
    char f[64];
    fold(text, f, sizeof f, NULL);
    char *s = f;
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '.' || s[n - 1] == '!'))
        s[--n] = '\0';
    for (size_t i = 0; i < n1; i++)
        if (strcmp(s, one[i]) == 0)
            return 1;
    for (size_t i = 0; i < n0; i++)
        if (strcmp(s, zero[i]) == 0)
            return 0;
    return -1;
}

/* Reads yes or no (see words.h). */
int words_yes_no(const char *text)
{
    static const char *const YES[] = {"yes", "y", "ja", "j", "legal", "tillatet", "true",
                                      "give up", "ge upp"};
    static const char *const NO[] = {"no",        "n",     "nej",          "illegal", "otillatet",
                                     "inte tillatet", "not legal", "false", "play on", "spela vidare"};
    return two_way(text, YES, sizeof YES / sizeof YES[0], NO, sizeof NO / sizeof NO[0]);
}

/* A one-die question's answer (see words.h). */
int words_one_die(const char *text)
{
    static const char *const DECLARE[] = {"yes", "y", "ja", "j", "declare", "declare it", "one die", "one-die",
                                          "begar", "begar den", "en tarning"};
    static const char *const ROLL[] = {"no", "n", "nej", "roll", "roll both", "roll both dice", "both dice",
                                       "two dice", "sla", "sla bada", "sla bada tarningarna", "bada tarningarna"};
    return two_way(text, DECLARE, sizeof DECLARE / sizeof DECLARE[0], ROLL, sizeof ROLL / sizeof ROLL[0]);
}

/* Reads a whole number. */
bool words_int(const char *text, int *out)
{
    while (*text == ' ')
        text++;
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text)
        return false;
    while (*end == ' ' || *end == '.')
        end++;
    if (*end || v < -9999 || v > 9999)
        return false;
    *out = (int)v;
    return true;
}

/* Reads a list of rolls (see words.h). */
bool words_rolls_parse(const char *text, uint32_t *out, int *bad_off, int *bad_len)
{
    *out = 0;
    const char *p = text;
    int words = 0;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == ';')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " ,;");
        int a = -1, b = -1;
        if (len == 3 && (p[1] == '-' || p[1] == '/' || p[1] == 'x'))
            a = p[0] - '0', b = p[2] - '0';
        else if (len == 2)
            a = p[0] - '0', b = p[1] - '0';
        if (a >= 1 && a <= 6 && b >= 1 && b <= 6) {
            *out |= 1u << goal_roll_index((roll_t){a, b});
        } else {
            char f[16];
            snprintf(f, sizeof f, "%.*s", (int)(len < 15 ? len : 15), p);
            fold(f, f, sizeof f, NULL);
            bool none = strcmp(f, "none") == 0 || strcmp(f, "inga") == 0 || strcmp(f, "-") == 0;
            if (!none || words > 0) {
                *bad_off = (int)(p - text);
                *bad_len = (int)len;
                return false;
            }
        }
        words++;
        p += len;
    }
    if (!words) {
        *bad_off = 0;
        *bad_len = 0;
        return false;
    }
    return true;
}

/* Outcome names as learners write them, folded (see fold()), one or more
 * words; the longest match wins. */
static const struct {
    const char *words;
    int kind;
} OUT_WORDS[] = {
    {"hemspel", OUT_HEMSPEL},
    {"bear off", OUT_HEMSPEL},
    {"bearing off", OUT_HEMSPEL},
    {"enkelt kronspel", OUT_ENKELT_KRONSPEL},
    {"enkelt-kronspel", OUT_ENKELT_KRONSPEL},
    {"single crown", OUT_ENKELT_KRONSPEL},
    {"dubbelt kronspel", OUT_DUBBELT_KRONSPEL},
    {"dubbelt-kronspel", OUT_DUBBELT_KRONSPEL},
    {"double crown", OUT_DUBBELT_KRONSPEL},
    {"trappspel", OUT_TRAPPSPEL},
    {"staircase", OUT_TRAPPSPEL},
    {"uppspel", OUT_UPPSPEL},
    {"tower", OUT_UPPSPEL},
    {"kejsarspel", OUT_KEJSARSPEL},
    {"nio-fem-ett", OUT_NIO_FEM_ETT},
    {"951", OUT_NIO_FEM_ETT},
    {"9-5-1", OUT_NIO_FEM_ETT},
    {"54321", OUT_FEM_FYRA_TRE_TVA_ETT},
    {"5-4-3-2-1", OUT_FEM_FYRA_TRE_TVA_ETT},
    {"fem-fyra-tre-tva-ett", OUT_FEM_FYRA_TRE_TVA_ETT},
    {"jan", OUT_JAN},
    {"sprangjan", OUT_SPRANGJAN},
    {"blast-jan", OUT_SPRANGJAN},
    {"blast jan", OUT_SPRANGJAN},
    {"none", OUT_NONE},
    {"nothing", OUT_NONE},
    {"no win", OUT_NONE},
    {"inget", OUT_NONE},
    {"ingen vinst", OUT_NONE},
    {"ingen", OUT_NONE},
    {"ingenting", OUT_NONE},
};

/* Length of the phrase `w` at s if it matches whole words there, else 0. */
static size_t phrase_at(const char *s, const char *w)
{
    size_t n = strlen(w);
    if (strncmp(s, w, n) != 0)
        return 0;
    char next = s[n];
    return (next == '\0' || next == ' ' || next == ',' || next == '.' || next == ';') ? n : 0;
}

/* Reads what a learner says about an outcome (see words.h). */
bool words_outcome_parse(const char *text, said_outcome_t *out)
{
    char f[256];
    int map[257];
    fold(text, f, sizeof f, map);
    out->kind = out->munk = out->points = -1;
    out->unknown_off = out->unknown_len = -1;
    const char *p = f;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '.' || *p == ';' || *p == '+')
            p++;
        if (!*p)
            return true;
        size_t best = 0;
        int kind = -1;
        for (size_t i = 0; i < sizeof OUT_WORDS / sizeof OUT_WORDS[0]; i++) {
            size_t n = phrase_at(p, OUT_WORDS[i].words);
            if (n > best) {
                best = n;
                kind = OUT_WORDS[i].kind;
            }
        }
        static const char *const NO_MUNK[] = {"no munk",   "without munk", "ingen munk",
                                              "utan munk", "not munk",     "inte munk"};
        static const char *const MUNK[] = {"munk", "with munk", "med munk"};
        static const char *const FILLER[] = {"points", "point", "poang", "p",    "with",
                                             "med",    "and",   "och",   "wins", "vinner",
                                             "by",     "a",     "en",    "ett"};
        size_t n;
        bool matched = false;
        for (size_t i = 0; i < sizeof NO_MUNK / sizeof NO_MUNK[0] && !matched; i++)
            if ((n = phrase_at(p, NO_MUNK[i])) > best) {
                out->munk = 0;
                p += n;
                matched = true;
            }
        for (size_t i = 0; i < sizeof MUNK / sizeof MUNK[0] && !matched; i++)
            if ((n = phrase_at(p, MUNK[i])) > best) {
                out->munk = 1;
                p += n;
                matched = true;
            }
        if (matched)
            continue;
        if (best) {
            out->kind = kind;
            p += best;
            continue;
        }
        if (isdigit((unsigned char)*p)) {
            char *end;
            long v = strtol(p, &end, 10);
            if (*end == '\0' || *end == ' ' || *end == ',' || *end == '.') {
                out->points = v > 999 ? 999 : (int)v;
                p = end;
                continue;
            }
        }
        for (size_t i = 0; i < sizeof FILLER / sizeof FILLER[0] && !matched; i++)
            if ((n = phrase_at(p, FILLER[i])) > 0) {
                p += n;
                matched = true;
            }
        if (matched)
            continue;
        size_t len = strcspn(p, " ,.;");
        int o = (int)(p - f);
        out->unknown_off = map[o];
        int end = map[o + (int)len] >= 0 ? map[o + (int)len] : (int)strlen(text);
        out->unknown_len = end - out->unknown_off;
        return false;
    }
}

/* The legal plays, listed (see words.h). */
void words_legal_plays(lang_t L, const board_t *b, roll_t roll, const movegen_buf_t *plays, int n,
                       strbuf_t *out)
{
    char rt[8];
    words_roll(roll, rt, sizeof rt);
    if (movegen_no_play(plays, n)) {
        strbuf_addf(out,
                    T(L, "%s cannot play any of %s: the whole roll is forfeited.\n",
                      "%s kan inte spela något av %s: hela slaget fåtas.\n"),
                    words_colour(L, b->turn, true), rt);
        return;
    }
    if (L == LANG_SV)
        strbuf_addf(out, "%s ska spela %s: %d tillåtna drag.\n", words_colour(L, b->turn, true), rt, n);
    else
        strbuf_addf(out, "%s to play %s: %d legal play%s.\n", words_colour(L, b->turn, true), rt, n,
                    n == 1 ? "" : "s");
    enum { SHOW = 40 };
    for (int i = 0; i < n && i < SHOW; i++) {
        const play_t *p = movegen_play(plays, i);
        char note[128], won[160];
        notation_play(p, b->geom, note, sizeof note);
        strbuf_addf(out, "%3d. %s", i + 1, note);
        if (p->outcome.kind != OUT_NONE) {
            explain_outcome(L, &p->outcome, won, sizeof won);
            strbuf_addf(out, T(L, "  (wins: %s)", "  (vinner: %s)"), won);
        }
        strbuf_add(out, "\n");
    }
    if (n > SHOW)
        strbuf_addf(out, T(L, "... and %d more.\n", "... och %d till.\n"), n - SHOW);
}
