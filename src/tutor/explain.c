/*
 * explain.c - the sentence table for reasons, verdicts and outcomes.
 */
#include "tutor/explain.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "tutor/explain_analysis.h"
#include "tutor/words.h"

/* Appends formatted text at *used (snprintf semantics over the whole call:
 * never writes past size, always NUL-terminates, counts what was needed). */
void explain_appendf(char *buf, size_t size, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *dst = *used < size ? buf + *used : NULL;
    size_t room = *used < size ? size - *used : 0;
    int n = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used += (size_t)n;
}

#define add explain_appendf

static const char *const CODES[RSN_REASON_COUNT] = {
    "ok",           "bar-first",       "nothing-on-bar",   "no-checker",        "no-die",
    "backwards",    "opponent-band",   "entry-not-blastable", "last-checker-no-blast",
    "band-ban",     "home-restack",    "enter-own",        "five-blot",         "prime-too-long",
    "bearoff-not-home", "bearoff-not-rearmost", "bearoff-overshoot", "bearoff-exact-only",
    "game-over"};

const char *explain_reason_code(reason_t why)
{
    return (unsigned)why < RSN_REASON_COUNT ? CODES[why] : "?";
}

/* A point as the learner numbers it. */
static int shown(const board_t *b, int p)
{
    return b->geom == GEOM_BACKGAMMON ? 25 - p : p;
}

size_t explain_reason(lang_t lang, const board_t *b, const rules_t *r, reason_t why,
                      const step_t *st, const step_info_t *info, char *buf, size_t size)
{
    size_t u = 0;
    bool sv = lang == LANG_SV;
    int to = info ? info->to : st->to;
    int from = st->from;
    int bar = info ? info->bar : b->side[0][BOARD_BAR];
    if (size)
        buf[0] = '\0';
    switch (why) {
    case RSN_OK:
        add(buf, size, &u, sv ? "förflyttningen är tillåten" : "the step is legal");
        break;
    case RSN_BAR_FIRST:
        add(buf, size, &u,
            sv ? "du har fortfarande %d %s på ribban: alla slagna brickor måste "
                 "spelas in innan någon annan bricka får flyttas"
               : "you still have %d %s on the bar: every hit checker must be entered "
                 "before any other checker may move",
            bar, words_checkers(sv ? LANG_SV : LANG_EN, bar));
        break;
    case RSN_NOTHING_ON_BAR:
        add(buf, size, &u, sv ? "du har ingen bricka på ribban" : "you have no checker on the bar");
        break;
    case RSN_NO_CHECKER:
        add(buf, size, &u, sv ? "du har ingen bricka på din tunga %d" : "you have no checker on your %d point",
            shown(b, from));
        break;
    case RSN_NO_DIE:
        if (st->die)
            add(buf, size, &u, sv ? "ingen tärning (som är kvar) visar %d" : "no die (left) shows a %d", st->die);
        else if (info && info->count > 6 && to != BOARD_OFF)
            add(buf, size, &u,
                sv ? "draget är %d steg, och det går inte att få ihop med tärningarna (som är kvar)"
                   : "that move is %d pips, which the dice (left) cannot add up to",
                info->count);
        else
            add(buf, size, &u,
                sv ? "tärningarna (som är kvar) räcker inte till det draget"
                   : "the dice (left) cannot make that move");
        break;
    case RSN_BACKWARDS:
        add(buf, size, &u, sv ? "brickorna flyttas bara framåt" : "checkers only move forwards");
        break;
    case RSN_OPP_BAND:
        add(buf, size, &u,
            sv ? "motspelaren har ett band (%d brickor) på din tunga %d: där får du varken "
                 "landa eller mellanlanda"
               : "your opponent has a band (%d checkers) on your %d point: you may neither "
                 "land nor stop there",
            info ? info->count : 2, shown(b, to));
        if (r->geometry == GEOM_BRADE && r->barrier && info && info->run > 1)
            add(buf, size, &u,
                sv ? " (det ingår i %d band i rad; först sex i rad får sprängas)"
                   : " (it is one of %d bands in a row; only six or more in a row may be blasted)",
                info->run);
        break;
    case RSN_ENTRY_NOT_BLASTABLE: {
        int fr = info ? info->free_points : 0;
        if (r->entry_blast == ENTRY_BLAST_A && sv)
            add(buf, size, &u,
                "det bandet får inte sprängas: du har %d %s att spela in på, och band får "
                "sprängas först när ingen tunga är ledig", fr, words_free_points(LANG_SV, fr));
        else if (r->entry_blast == ENTRY_BLAST_A)
            add(buf, size, &u,
                "that band is not blastable: there %s %d free point%s to enter on, and "
                "bands may be blasted only when no point is free",
                fr == 1 ? "is" : "are", fr, fr == 1 ? "" : "s");
        else
            add(buf, size, &u,
                sv ? "det bandet får inte sprängas: du har %d på ribban och %d %s att spela "
                     "in på; band får sprängas först när du har fler slagna brickor än lediga "
                     "tungor"
                   : "that band is not blastable: you have %d on the bar and %d %s to "
                     "enter on; bands may be blasted only when more checkers are on the bar "
                     "than there are free points",
                bar, fr, words_free_points(sv ? LANG_SV : LANG_EN, fr));
        break;
    }
    case RSN_LAST_CHECKER_NO_BLAST:
        add(buf, size, &u,
            sv ? "den som har spelat hem alla brickor utom en får aldrig spränga band"
               : "with only one checker left you may never blast a band");
        break;
    case RSN_BAND_BAN:
        add(buf, size, &u,
            sv ? "du får inte lägga band på din tunga %d: från din tunga 2 till din tunga 11 "
                 "får varje tunga bara ha en av dina brickor"
               : "you may not make a band on your %d point: from your 2 point to your 11 point "
                 "every point may hold only one checker of yours",
            to);
        break;
    case RSN_HOME_RESTACK:
        add(buf, size, &u,
            sv ? "du får inte spela in i hemmet så länge du har en bricka där: hembandet kan "
                 "aldrig byggas på igen"
               : "you may not enter on your home point while you still have a checker there: "
                 "the home band can never be added to");
        break;
    case RSN_ENTER_OWN:
        add(buf, size, &u,
            sv ? "du får inte spela in på din tunga %d: du har redan en bricka där, och i ditt "
                 "första kvarter får varje tunga bara ha en av dina brickor"
               : "you may not enter on your %d point: you already have a checker there, and in "
                 "your first quarter a point may hold only one checker of yours",
            to);
        break;
    case RSN_FIVE_BLOT:
        add(buf, size, &u,
            sv ? "femblottsregeln: inga band förrän fem brickor har tagits ut hemifrån (%d hittills)"
               : "five-blot rule: no band anywhere until five checkers have left home (%d so far)",
            15 - b->side[0][1]);
        break;
    case RSN_PRIME_TOO_LONG:
        add(buf, size, &u,
            sv ? "det skulle ge %d band i rad; högst fem i rad är tillåtet, även mitt i ett drag"
               : "that would make %d bands in a row; at most five in a row are allowed, even in "
                 "the middle of a move",
            info ? info->run : 6);
        break;
    case RSN_BEAROFF_NOT_HOME:
        if (b->geom == GEOM_BACKGAMMON)
            add(buf, size, &u,
                sv ? "du får plocka av först när alla dina brickor är i ditt bo (tunga 1-6)"
                   : "you may bear off only when all your checkers are in your home board (points 1-6)");
        else
            add(buf, size, &u,
                sv ? "du får spela hem brickor först när alla dina brickor är i ditt fjärde "
                     "kvarter (tunga 19-24)"
                   : "you may bear off only when all your checkers are in your fourth quarter "
                     "(points 19-24)");
        break;
    case RSN_BEAROFF_NOT_REARMOST:
        add(buf, size, &u,
            sv ? "bara den bakersta brickan (på din tunga %d) får spelas hem"
               : "only your rearmost checker (on your %d point) may be borne off",
            info ? shown(b, info->rearmost) : 0);
        break;
    case RSN_BEAROFF_OVERSHOOT:
        add(buf, size, &u,
            sv ? "en högre tärning än det behövs får bara spela hem den bakersta brickan (på "
                 "din tunga %d); från tunga %d behövs exakt %d"
               : "a die higher than needed may bear off only your rearmost checker (on your %d "
                 "point); from your %d point you need exactly %d",
            info ? shown(b, info->rearmost) : 0, shown(b, from), 25 - from);
        break;
    case RSN_BEAROFF_EXACT_ONLY:
        add(buf, size, &u,
            sv ? "här får brickor bara spelas hem med exakt rätt antal ögon: från tunga %d behövs %d"
               : "here checkers bear off only with the exact number: from your %d point you need a %d",
            shown(b, from), 25 - from);
        break;
    case RSN_GAME_OVER:
        add(buf, size, &u, sv ? "partiet är redan slut" : "the game is already over");
        break;
    case RSN_REASON_COUNT:
        break;
    }
    return u;
}

static const char *const KIND_EN[OUT_KIND_COUNT] = {
    "no result",       "hemspel (all borne off)", "enkelt kronspel", "dubbelt kronspel",
    "trappspel",       "uppspel",                 "kejsarspel",      "the 9-5-1 pattern",
    "the 5-4-3-2-1 pattern", "jan",               "sprängjan",       "a game given up",
    "a draw",          "a single game",           "a gammon",        "a backgammon",
    "a refused double"};
static const char *const KIND_SV[OUT_KIND_COUNT] = {
    "inget resultat",  "hemspel",                 "enkelt kronspel", "dubbelt kronspel",
    "trappspel",       "uppspel",                 "kejsarspel",      "9-5-1",
    "5-4-3-2-1",       "jan",                     "sprängjan",       "uppgivet parti",
    "oavgjort",        "enkelt parti",            "gammon",          "backgammon",
    "nekad dubblering"};

size_t explain_outcome(lang_t lang, const outcome_t *o, char *buf, size_t size)
{
    size_t u = 0;
    bool sv = lang == LANG_SV;
    if (size)
        buf[0] = '\0';
    add(buf, size, &u, "%s", (sv ? KIND_SV : KIND_EN)[o->kind]);
    if (o->munk)
        add(buf, size, &u, sv ? " med munk" : " with munk");
    add(buf, size, &u, sv ? ", %d poäng" : ", %d point%s", o->points, !sv && o->points != 1 ? "s" : "");
    return u;
}

/* See explain.h. */
size_t explain_short_rule(lang_t lang, const rules_t *r, const verdict_t *v, char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    if (v->kind != VERDICT_NOT_ENOUGH)
        return 0;
    outcome_kind_t pat = r->patterns ? outcome_pattern(&v->reached, 0, r) : OUT_NONE;
    if (pat != OUT_NONE && r->vackert_completion == COMPLETE_WHOLE_ROLL)
        add(buf, size, &u,
            sv ? "Ditt drag skulle ge %s med en del av slaget, men ett vackert spel räknas först när "
                 "hela slaget är spelat, och reglerna kräver att du utnyttjar så stor del av slaget som "
                 "möjligt: resten måste också spelas, även om det förstör spelet."
               : "Yours would make %s with part of the roll, but a vackert spel counts only once the "
                 "whole roll has been played, and the rules make you use as much of the roll as you "
                 "can: the rest must be played too, even if it spoils the pattern.",
            explain_analysis_kind(lang, pat));
    else if (board_is_jan(&v->reached, 1) && r->jan_legality == JANLEGAL_MAXIMAL)
        add(buf, size, &u,
            sv ? "Ditt drag gör motspelaren jan med en del av slaget, men enligt de här reglerna räknas "
                 "en jan bara i ett drag som utnyttjar så stor del av slaget som möjligt: janen måste "
                 "vänta på ett fullt drag."
               : "Yours makes the opponent jan with part of the roll, but under these rules a jan "
                 "counts only in a play that uses as much of the roll as it can: the jan must wait "
                 "for a full play.");
    return u;
}

size_t explain_verdict(lang_t lang, const board_t *b, const rules_t *r, const verdict_t *v,
                       const movegen_buf_t *legal, const char *text, char *buf, size_t size)
{
    size_t u = 0;
    bool sv = lang == LANG_SV;
    char tmp[512], rname[256];
    rules_format(r, rname, sizeof rname);
    if (size)
        buf[0] = '\0';
    switch (v->kind) {
    case VERDICT_LEGAL: {
        const play_t *p = movegen_play(legal, v->play);
        if (v->nplayed > 0)
            notation_format(v->played, v->nplayed, b->geom, tmp, sizeof tmp);
        else
            notation_play(p, b->geom, tmp, sizeof tmp);
        add(buf, size, &u, sv ? "Tillåtet: %s" : "Legal: %s", p->nsteps ? tmp : (sv ? "inget drag" : "no move"));
        if (v->reordered)
            add(buf, size, &u, sv ? " (i den ordningen; som du skrev det går det inte)"
                                  : " (in that order; the order you wrote does not work)");
        if (v->written_jan) {
            char hit[32], best[128], more[128];
            explain_outcome(lang, &v->written, tmp, sizeof tmp);
            explain_outcome(lang, &p->outcome, more, sizeof more);
            notation_format(&v->played[v->jan_at], 1, b->geom, hit, sizeof hit);
            notation_play(p, b->geom, best, sizeof best);
            add(buf, size, &u,
                sv ? ", och som du skrev det vinner det bara %s: det är slaget %s som gör "
                     "motspelaren jan. Sprängjan kräver att en sprängning gör honom jan; skrivet %s "
                     "vinner samma drag %s"
                   : ", and as you wrote it, it wins only %s: the hit %s is the step that makes the "
                     "opponent jan. Sprängjan needs a blast to make him jan; written %s, the same play "
                     "wins %s",
                tmp, hit, best, more);
        } else if (p->outcome.kind != OUT_NONE) {
            explain_outcome(lang, &p->outcome, tmp, sizeof tmp);
            add(buf, size, &u, sv ? ", och det vinner: %s" : ", and it wins: %s", tmp);
        }
        if (v->ignored_moves)
            add(buf, size, &u,
                sv ? " (partiet tog slut där; resten spelas inte)"
                   : " (the game ended there; the rest is not played)");
        add(buf, size, &u, ".");
        break;
    }
    case VERDICT_ILLEGAL: {
        const typed_move_t *m = &v->typed.moves[v->move_index];
        explain_reason(lang, b, r, v->reason, &v->step, &v->info, tmp, sizeof tmp);
        add(buf, size, &u, sv ? "Inte tillåtet: %.*s: " : "Illegal: %.*s: ", m->length, text + m->offset);
        if (m->from == BOARD_BAR && v->closed_stops == 2) {
            /* entering on the sum of the dice (000: the dice may not be
             * added together to enter) */
            add(buf, size, &u,
                sv ? "en bricka spelas in på den tunga som en tärning visar, här din %d eller din %d, "
                     "och båda är stängda; tärningarna får inte slås ihop för att spela in direkt på "
                     "din %d."
                   : "a checker enters on the point one die shows, here your %d or your %d point, and "
                     "both are closed; the dice may not be added together to enter straight on your %d "
                     "point.",
                shown(b, v->stops[0]), shown(b, v->stops[1]), shown(b, m->to));
            break;
        }
        if (m->from == BOARD_BAR && v->step.from != BOARD_BAR)
            add(buf, size, &u,
                sv ? "en bricka spelas in på den tunga som en tärning visar (tärningarna slås aldrig "
                     "ihop för att spela in), och därefter går den vidare bara som en vanlig "
                     "förflyttning: "
                   : "a checker enters on the point one die shows (the dice are never added together "
                     "to enter), and after that it moves on only as an ordinary step: ");
        if (v->closed_stops == 2)
            add(buf, size, &u,
                sv ? "brickan måste mellanlanda på din tunga %d eller %d, och ingen av dem är öppen; "
                   : "the checker must stop on your %d or your %d point on the way, and neither is open; ",
                shown(b, v->stops[0]), shown(b, v->stops[1]));
        add(buf, size, &u, "%s.", tmp);
        break;
    }
    case VERDICT_NOT_ENOUGH: {
        const play_t *p = movegen_play(legal, v->play);
        if (explain_short_rule(lang, r, v, tmp, sizeof tmp)) {
            add(buf, size, &u, "%s ", tmp);
            notation_play(p, b->geom, tmp, sizeof tmp);
            if (r->move_criterion == CRIT_MAX_PIPS)
                add(buf, size, &u, sv ? "%d ögon går att flytta: %s; ditt drag flyttar %d."
                                      : "%d pips are possible: %s; yours moves %d.",
                    v->best_pips, tmp, v->your_pips);
            else
                add(buf, size, &u, sv ? "%d tärningar går att använda: %s; ditt drag använder %d."
                                      : "%d dice can be used: %s; yours uses %d.",
                    v->best_dice, tmp, v->your_dice);
            break;
        }
        notation_play(p, b->geom, tmp, sizeof tmp);
        if (r->move_criterion == CRIT_MAX_PIPS)
            add(buf, size, &u,
                sv ? "För lite: du måste utnyttja så stor del av slaget som möjligt. %d ögon går "
                     "att flytta: %s; ditt drag flyttar %d."
                   : "Not enough: you must use as much of the roll as you can. %d pips are "
                     "possible: %s; yours moves %d.",
                v->best_pips, tmp, v->your_pips);
        else
            add(buf, size, &u,
                sv ? "För lite: du måste använda så många tärningar som möjligt. %d går att "
                     "använda: %s; ditt drag använder %d."
                   : "Not enough: you must use as many dice as you can. %d can be used: %s; "
                     "yours uses %d.",
                v->best_dice, tmp, v->your_dice);
        break;
    }
    case VERDICT_UNPARSEABLE: {
        const typed_play_t *t = &v->typed;
        /* the commonest slips first, in words: a backgammon habit of moving
         * down the board, a point past 24, a move that goes nowhere */
        char span[64];
        snprintf(span, sizeof span, "%.*s", t->err_length < 63 ? t->err_length : 63, text + t->err_offset);
        int fa, fb;
        bool two = sscanf(span, "%d/%d", &fa, &fb) == 2;
        if (t->err == PARSE_ERR_TOO_MANY)
            add(buf, size, &u,
                sv ? "\"%s\" och det som följer är fler förflyttningar än något slag ger: ett slag är två "
                     "tärningar, fyra förflyttningar med en dubbel (en bricka som går över flera tärningar "
                     "räknas en gång för varje tärning). "
                   : "\"%s\" and what follows are more moves than any roll gives: a roll is two dice, "
                     "four moves with doubles (a checker moved over several dice counts once for each "
                     "die). ",
                span);
        else if (t->err == PARSE_ERR_POINT)
            add(buf, size, &u,
                sv ? "\"%s\": tungorna är numrerade 1 till 24 (och bar, off). "
                   : "\"%s\": the points are numbered 1 to 24 (and bar, off). ",
                span);
        else if (t->err == PARSE_ERR_DIRECTION && two && fa == fb)
            add(buf, size, &u, sv ? "\"%s\" flyttar ingenstans. " : "\"%s\" goes nowhere. ", span);
        else if (t->err == PARSE_ERR_DIRECTION && two && fa > fb && b->geom == GEOM_BRADE)
            add(buf, size, &u,
                sv ? "\"%s\" går baklänges: i bräde flyttar brickorna från din tunga 1 mot 24 "
                     "(din 24 är backgammons 1). "
                   : "\"%s\" goes backwards: in bräde checkers move from your point 1 towards "
                     "24 (your 24 is backgammon's 1 point). ",
                span);
        else if (t->err == PARSE_ERR_DIRECTION && two && fa < fb && b->geom == GEOM_BACKGAMMON)
            add(buf, size, &u,
                sv ? "\"%s\" går baklänges: i backgammon flyttar brickorna från din tunga 24 mot 1. "
                   : "\"%s\" goes backwards: in backgammon checkers move from your 24 point "
                     "towards 1. ",
                span);
        if (u > 0) { /* said in words already: the rule's sentence is enough */
            if (u < size && buf[u - 1] == ' ')
                buf[--u] = '\0';
            break;
        }
        add(buf, size, &u, sv ? "Kan inte läsa \"%.*s\" (tecken %d). Skriv drag som: %s."
                              : "Cannot read \"%.*s\" (at character %d). Write plays as %s.",
            t->err_length, text + t->err_offset, t->err_offset + 1,
            sv ? "13/17, bar/3, 20/off; en bricka över flera tärningar som 20/23/off eller 1/9; "
                 "upprepning som 13/17(2); '*' (slag) och '#' (sprängning) behövs inte; '-' för "
                 "inget drag"
               : notation_forms());
        break;
    }
    }
    add(buf, size, &u, sv ? " [regler: %s]" : " [rules: %s]", rname);
    return u;
}
