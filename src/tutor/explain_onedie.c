/*
 * explain_onedie.c - the one-die decision in words (see explain_onedie.h).
 */
#include "tutor/explain_onedie.h"

#include <stdio.h>

#include "tutor/words.h"

static const char *const FACE_EN[] = {"a 1", "a 2", "a 3", "a 4", "a 5", "a 6"};
static const char *const FACE_SV[] = {"en etta", "en tvåa", "en trea", "en fyra", "en femma", "en sexa"};

void explain_onedie_faces(lang_t L, int face_mask, strbuf_t *out)
{
    int n = 0, total = 0;
    for (int d = 0; d < 6; d++)
        total += (face_mask >> d) & 1;
    for (int d = 0; d < 6; d++) {
        if (!((face_mask >> d) & 1))
            continue;
        if (n > 0)
            strbuf_add(out, n == total - 1 ? T(L, " or ", " eller ") : ", ");
        strbuf_add(out, L == LANG_SV ? FACE_SV[d] : FACE_EN[d]);
        n++;
    }
}

void explain_onedie(lang_t L, const onedie_eval_t *e, const rules_t *r, strbuf_t *out)
{
    char s[1024], rname[256];
    rules_format(r, rname, sizeof rname);
    strbuf_t faces;
    strbuf_init(&faces);
    explain_onedie_faces(L, e->face_mask, &faces);
    snprintf(s, sizeof s,
             T(L, "Under %s one die may be rolled now: %s makes a vackert spel at once (%d of the 6 faces). ",
               "Med %s får en tärning slås nu: %s ger vackert spel direkt (%d av tärningens 6 sidor). "),
             rname, strbuf_str(&faces), e->faces);
    strbuf_free(&faces);
    words_add_decimal(L, out, s);
    if (r->one_die_rule == ONE_DIE_N_BY_FIRST_DIE)
        strbuf_add(out, T(L,
                          "Any other face must be played, and one die is rolled again as many more times as "
                          "the first showed, even after the pattern is gone. ",
                          "Varje annan sida måste spelas, och en tärning slås sedan lika många gånger till "
                          "som den första visade, även när det vackra spelet inte längre går att göra. "));
    else
        strbuf_add(out, T(L,
                          "Any other face must be played, and the next two rolls are one die too, even after "
                          "the pattern is gone. ",
                          "Varje annan sida måste spelas, och de två följande slagen görs också med en "
                          "tärning, även när det vackra spelet inte längre går att göra. "));
    snprintf(s, sizeof s,
             T(L,
               "Played out %d games each with the same dice: declaring is worth %+.2f points a game "
               "(a vackert spel in %.0f%% of them), rolling both dice %+.2f (%.0f%%). ",
               "Utspelat %d partier vardera med samma tärningar: att begära entärningsregeln är värt "
               "%+.2f poäng per parti (vackert spel i %.0f %% av dem), att slå båda tärningarna %+.2f "
               "(%.0f %%). "),
             e->games, e->declare, 100 * e->p_pattern_declare, e->roll, 100 * e->p_pattern_roll);
    words_add_decimal(L, out, s);
    double half = 1.96 * e->diff_se;
    if (!e->separable)
        snprintf(s, sizeof s,
                 T(L, "The difference, %+.2f ± %.2f, is too small for these games to call.",
                   "Skillnaden, %+.2f ± %.2f, är för liten för att de här partierna ska avgöra den."),
                 e->diff, half);
    else if (e->declare_better)
        snprintf(s, sizeof s, T(L, "Declare it: it gains %.2f ± %.2f points a game.",
                                "Begär den: det vinner %.2f ± %.2f poäng per parti."),
                 e->diff, half);
    else
        snprintf(s, sizeof s, T(L, "Roll both dice: declaring costs %.2f ± %.2f points a game.",
                                "Slå båda tärningarna: att begära den kostar %.2f ± %.2f poäng per parti."),
                 -e->diff, half);
    words_add_decimal(L, out, s);
}
