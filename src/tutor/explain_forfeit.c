/*
 * explain_forfeit.c - why part of a roll goes unplayed (see
 * explain_forfeit.h).
 */
#include "tutor/explain_forfeit.h"

#include <stdio.h>
#include <string.h>

#include "engine/notation.h"

#define add explain_appendf

/* The rule that stops a step, as a clause after the step's notation that
 * fits any side ("would land on a band of the other side"); NULL for the
 * reasons that never stop the rest of a legal play (no checker, no die). */
static const char *clause(lang_t lang, const board_t *b, reason_t why)
{
    bool sv = lang == LANG_SV, bg = b->geom == GEOM_BACKGAMMON;
    switch (why) {
    case RSN_OPP_BAND:
        return bg ? (sv ? "skulle landa på en tunga som motspelaren har täckt"
                        : "would land on a point the other side has made")
                  : (sv ? "skulle landa på ett av motspelarens band" : "would land on a band of the other side");
    case RSN_ENTRY_NOT_BLASTABLE:
        return sv ? "skulle spränga ett band som ännu inte får sprängas"
                  : "would blast a band that may not be blasted yet";
    case RSN_LAST_CHECKER_NO_BLAST:
        return sv ? "skulle spränga med den sista brickan, vilket aldrig är tillåtet"
                  : "would blast with the last checker, which is never allowed";
    case RSN_BAND_BAN:
        return sv ? "skulle lägga band mellan tunga 2 och tunga 11, där varje tunga bara får ha en bricka"
                  : "would make a band between points 2 and 11, where a point holds one checker at most";
    case RSN_HOME_RESTACK:
        return sv ? "skulle spela in i hemmet medan en bricka ännu står där"
                  : "would enter on the home point while a checker is still there";
    case RSN_ENTER_OWN:
        return sv ? "skulle spela in på en egen bricka i första kvarteret"
                  : "would enter on a checker of its own in the first quarter";
    case RSN_FIVE_BLOT:
        return sv ? "skulle lägga band innan fem brickor har tagits ut hemifrån"
                  : "would make a band before five checkers have left home";
    case RSN_PRIME_TOO_LONG:
        return sv ? "skulle ge fler än fem band i rad" : "would make more than five bands in a row";
    case RSN_BEAROFF_NOT_HOME:
        return bg ? (sv ? "skulle plocka av innan alla brickor är i boet"
                        : "would bear off before every checker is in the home board")
                  : (sv ? "skulle spela hem innan alla brickor är i fjärde kvarteret"
                        : "would bear off before every checker is in the fourth quarter");
    case RSN_BEAROFF_NOT_REARMOST:
        return sv ? "skulle spela hem en bricka som inte är den bakersta"
                  : "would bear off a checker that is not the rearmost";
    case RSN_BEAROFF_OVERSHOOT:
        return sv ? "skulle spela hem med en högre tärning än det behövs, vilket bara den bakersta brickan får"
                  : "would bear off with a higher die than it needs, which only the rearmost checker may";
    case RSN_BEAROFF_EXACT_ONLY:
        return sv ? "skulle spela hem utan exakt rätt antal ögon" : "would bear off without the exact number";
    default:
        return NULL;
    }
}

/* "The 2", "The last 6", "The last three 6s" / Swedish, for n dice left of
 * face d (of a double when `doubles`), to start a sentence. */
static void dice_left(lang_t lang, int d, int n, bool doubles, char *buf, size_t size)
{
    static const char *const SV_CAP[7] = {"", "Ettan", "Tvåan", "Trean", "Fyran", "Femman", "Sexan"};
    static const char *const SV_ONE[7] = {"", "ettan", "tvåan", "trean", "fyran", "femman", "sexan"};
    static const char *const SV_MANY[7] = {"", "ettorna", "tvåorna", "treorna", "fyrorna", "femmorna", "sexorna"};
    static const char *const SV_N[5] = {"", "en", "två", "tre", "fyra"};
    static const char *const EN_N[5] = {"", "one", "two", "three", "four"};
    if (d < 1 || d > 6 || n < 1 || n > 4)
        snprintf(buf, size, "?");
    else if (lang == LANG_SV && !doubles)
        snprintf(buf, size, "%s", SV_CAP[d]);
    else if (lang == LANG_SV && n == 1)
        snprintf(buf, size, "Den sista %s", SV_ONE[d]);
    else if (lang == LANG_SV)
        snprintf(buf, size, "De %s sista %s", SV_N[n], SV_MANY[d]);
    else if (!doubles)
        snprintf(buf, size, "The %d", d);
    else if (n == 1)
        snprintf(buf, size, "The last %d", d);
    else
        snprintf(buf, size, "The last %s %ds", EN_N[n], d);
}

size_t explain_forfeit(lang_t lang, const rules_t *r, roll_t roll, const play_t *p,
                       char *buf, size_t size)
{
    bool sv = lang == LANG_SV;
    size_t u = 0;
    if (size)
        buf[0] = '\0';
    int rem[4];
    int n = movegen_roll_dice(roll, rem);
    if (p->nsteps == 0 || p->dice >= n || p->outcome.kind != OUT_NONE)
        return 0;
    /* the dice left: the roll's less the ones the steps used */
    for (int i = 0; i < p->nsteps; i++)
        for (int k = 0; k < n; k++)
            if (rem[k] == p->steps[i].die) {
                rem[k] = rem[--n];
                break;
            }
    if (n == 0)
        return 0;
    const board_t *after = &p->after;
    bool doubles = roll.b != 0 && roll.a == roll.b;
    /* per face left, every checker that could take it and the rule that
     * stops it, grouped by rule */
    enum { SHOW = 3 };
    char said[2][RSN_REASON_COUNT][SHOW][24];
    int count[2][RSN_REASON_COUNT];
    int faces[2], nfaces = 0;
    memset(count, 0, sizeof count);
    for (int k = 0; k < n; k++) {
        bool seen = false;
        for (int f = 0; f < nfaces; f++)
            seen |= faces[f] == rem[k];
        if (!seen && nfaces < 2)
            faces[nfaces++] = rem[k];
    }
    for (int f = 0; f < nfaces; f++) {
        int d = faces[f];
        for (int from = 0; from <= 24; from++) {
            if (after->side[0][from] == 0 || (from != BOARD_BAR && after->side[0][BOARD_BAR] > 0))
                continue;
            step_t st;
            step_info_t info;
            reason_t why = movegen_check_step(after, r, from, d, &st, &info);
            if (why == RSN_OK)
                return 0; /* not a forfeit after all: say nothing rather than something wrong */
            if (!clause(lang, after, why))
                continue;
            step_t shown = {(uint8_t)from, (uint8_t)(from + d > 24 ? BOARD_OFF : from + d), (uint8_t)d, 0, 0};
            if (count[f][why] < SHOW)
                notation_format(&shown, 1, after->geom, said[f][why][count[f][why]], sizeof said[f][why][0]);
            count[f][why]++;
        }
    }
    for (int f = 0; f < nfaces; f++) {
        char who[64];
        int of_face = 0;
        for (int k = 0; k < n; k++)
            of_face += rem[k] == faces[f];
        dice_left(lang, faces[f], of_face, doubles, who, sizeof who);
        add(buf, size, &u, "%s%s", f ? " " : "", who);
        add(buf, size, &u, sv ? " kan inte spelas och fåtas"
                              : (of_face > 1 ? " cannot be played and are forfeited (fåtas)"
                                             : " cannot be played and is forfeited (fåtas)"));
        bool first = true;
        for (int why = 0; why < RSN_REASON_COUNT; why++) {
            int c = count[f][why];
            if (c == 0)
                continue;
            add(buf, size, &u, "%s", first ? ": " : "; ");
            first = false;
            int listed = c < SHOW ? c : SHOW;
            for (int i = 0; i < listed; i++)
                add(buf, size, &u, "%s%s", i == 0 ? "" : (i == listed - 1 && c == listed) ? (sv ? " och " : " and ") : ", ",
                    said[f][why][i]);
            if (c > listed)
                add(buf, size, &u, sv ? " och %d till" : " and %d more", c - listed);
            add(buf, size, &u, " %s", clause(lang, after, (reason_t)why));
        }
        add(buf, size, &u, ".");
    }
    if (u == 0)
        return 0;
    add(buf, size, &u, sv ? " [regler: %s]" : " [rules: %s]", r->name);
    return u;
}
