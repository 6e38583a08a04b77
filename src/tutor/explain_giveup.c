/*
 * explain_giveup.c - the decision to give up in words (see
 * explain_giveup.h).
 */
#include "tutor/explain_giveup.h"

#include <stdio.h>

#include "content/goal.h"
#include "engine/notation.h"
#include "tutor/words.h"

/* The breach rolls as a roll set (see explain_giveup.h). */
uint32_t explain_giveup_breach_set(const giveup_eval_t *e)
{
    uint32_t set = 0;
    for (int k = 0; k < DICE_ROLLS; k++)
        if (e->rolls[k].weight && !e->rolls[k].keeps)
            set |= 1u << goal_roll_index(e->rolls[k].roll);
    return set;
}

/* The decision in words (see explain_giveup.h). */
void explain_giveup(lang_t L, const giveup_eval_t *e, const board_t *b, const rules_t *r, strbuf_t *out)
{
    bool after_roll = e->after_roll;
    char s[1024], rname[256];
    rules_format(r, rname, sizeof rname);
    if (L == LANG_SV)
        snprintf(s, sizeof s, "Att ge upp kostar %d poäng med %s. ", e->cost, rname);
    else
        snprintf(s, sizeof s, "Giving up costs %d %s under %s. ", e->cost, e->cost == 1 ? "point" : "points",
                 rname);
    words_add_decimal(L, out, s);
    if (after_roll) {
        char play[128], roll[8];
        notation_play(&e->rolls[0].best_play, b->geom, play, sizeof play);
        words_roll(e->rolls[0].roll, roll, sizeof roll);
        if (e->rolls[0].best_play.nsteps == 0)
            snprintf(s, sizeof s,
                     T(L,
                       "%s cannot be played, and the position after it is worth %+.2f points a game by the "
                       "engine's estimate (%d-ply). ",
                       "%s kan inte spelas, och ställningen efter det är värd %+.2f poäng per parti enligt "
                       "programmets uppskattning (%d drag framåt). "),
                     roll, e->play_on, e->plies);
        else
            snprintf(
                s, sizeof s,
                T(L,
                  "The best play of %s, %s, is worth %+.2f points a game by the engine's estimate (%d-ply). ",
                  "Det bästa draget med %s, %s, är värt %+.2f poäng per parti enligt programmets "
                  "uppskattning (%d drag framåt). "),
                roll, play, e->play_on, e->plies);
        words_add_decimal(L, out, s);
    } else {
        snprintf(
            s, sizeof s,
            T(L, "Rolling and playing on is worth %+.2f points a game by the engine's estimate. ",
              "Att slå och spela vidare är värt %+.2f poäng per parti enligt programmets uppskattning. "),
            e->play_on);
        words_add_decimal(L, out, s);
        if (e->breach == 0) {
            strbuf_add(out, T(L,
                              "No roll takes away the right to give up: after every roll some play keeps it, "
                              "so nothing is gained by giving up before the roll. ",
                              "Inget slag tar bort rätten att ge upp: efter varje slag finns ett drag som "
                              "behåller den, så inget vinns på att ge upp före slaget. "));
        } else {
            strbuf_t rolls;
            strbuf_init(&rolls);
            words_rolls(L, explain_giveup_breach_set(e), &rolls);
            if (e->breach == 36)
                snprintf(s, sizeof s,
                         T(L,
                           "Every roll forces a play that ends the right to give up (%s), and they are worth "
                           "%+.2f on average. ",
                           "Varje slag tvingar fram ett drag som tar bort rätten att ge upp (%s), och de är "
                           "i genomsnitt värda %+.2f. "),
                         strbuf_str(&rolls), e->breach_mean);
            else
                snprintf(s, sizeof s,
                         T(L,
                           "After %d of the 36 rolls (%s) every play ends the right to give up, and those "
                           "are worth %+.2f on average; after the other %d some play keeps it, so none of "
                           "them costs more than %d (%+.2f on average). ",
                           "Efter %d av de 36 slagen (%s) tar varje drag bort rätten att ge upp, och de är i "
                           "genomsnitt värda %+.2f; efter de övriga %d finns ett drag som behåller den, så "
                           "inget av dem kostar mer än %d (%+.2f i genomsnitt). "),
                         e->breach, strbuf_str(&rolls), e->breach_mean, 36 - e->breach, e->cost,
                         e->keep_mean);
            strbuf_free(&rolls);
            words_add_decimal(L, out, s);
        }
    }
    if (e->give_up)
        strbuf_add(out, T(L, "Give up: playing on loses more.", "Ge upp: att spela vidare förlorar mer."));
    else if (!after_roll && e->breach == 0)
        strbuf_add(out,
                   T(L, "Roll first, and decide after the roll.", "Slå först, och bestäm efter slaget."));
    else
        strbuf_add(out, T(L, "Play on: it is worth more than giving up.",
                          "Spela vidare: det är värt mer än att ge upp."));
}
