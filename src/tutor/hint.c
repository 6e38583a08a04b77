/*
 * hint.c - graded hints and the solution (see tutor.h: tutor_hint,
 * tutor_solution).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/rollrank.h"
#include "analysis/search.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/verdict.h"
#include "tutor/explain_analysis.h"
#include "tutor/question.h"
#include "tutor/words.h"

/* A nudge made from the question, when the author wrote no hints. */
static void nudge(const tutor_t *t, strbuf_t *out)
{
    const question_t *q = t->q;
    lang_t L = t->lang;
    switch (q->kind) {
    case QK_PLAY:
        if (q->goal == GOAL_BEST)
            tutorq_best_nudge(t, out);
        else if (q->goal != GOAL_LEGAL)
            strbuf_addf(out, T(L, "Look for %s.", "Leta efter %s."), words_goal(L, q->goal));
        else
            strbuf_add(out,
                       T(L, "Use as much of the roll as you can, and check every landing point.",
                         "Utnyttja så mycket av slaget som möjligt, och kontrollera varje "
                         "landningstunga."));
        break;
    case QK_LEGAL:
        strbuf_add(out,
                   T(L,
                     "Play it one die at a time: is every stop open, and is as much of the "
                     "roll used as the rules demand?",
                     "Spela det en tärning i taget: är varje mellanlandning öppen, och används "
                     "så mycket av slaget som reglerna kräver?"));
        break;
    case QK_ROLLS:
        if (q->forced)
            strbuf_addf(out,
                        T(L, "Go through the rolls one by one and ask: is every legal play %s?",
                          "Gå igenom slagen ett i taget och fråga: är varje tillåtet drag %s?"),
                        words_goal(L, q->goal));
        else
            strbuf_addf(out,
                        T(L, "Go through the rolls one by one and ask: is there %s?",
                          "Gå igenom slagen ett i taget och fråga: finns det %s?"),
                        words_goal(L, q->goal));
        break;
    case QK_OUTCOME:
        strbuf_addf(out,
                    T(L, "Make the play, then look at the bar (munk) and at how %s scores it.",
                      "Gör draget och titta sedan på ribban (munk) och på hur %s räknar poängen."),
                    t->qpos->rules.name);
        break;
    case QK_COUNT:
        strbuf_addf(out, T(L, "Count %s.", "Räkna %s."), words_count(L, q->what));
        break;
    case QK_CHOICE:
        strbuf_add(out, T(L, "Rule out the choices you are sure are wrong.",
                          "Stryk de val du är säker på är fel."));
        break;
    case QK_GIVE_UP:
        if (t->qpos->have_roll)
            strbuf_add(out, T(L,
                              "Find the best play of the roll and ask what it is worth: more or less "
                              "than giving up costs?",
                              "Hitta det bästa draget med slaget och fråga vad det är värt: mer eller "
                              "mindre än vad det kostar att ge upp?"));
        else
            strbuf_add(out, T(L,
                              "After most rolls you may still give up. Which rolls take that right "
                              "away, and how bad are they?",
                              "Efter de flesta slag får du fortfarande ge upp. Vilka slag tar bort den "
                              "rätten, och hur dåliga är de?"));
        break;
    case QK_ONE_DIE:
        strbuf_add(out, T(L,
                          "One die gives a clean shot at the pattern but moves less for three turns. "
                          "How many rolls does the other side need, and how often do two dice make it?",
                          "En tärning ger ett rent försök till spelet men flyttar mindre i tre slag. "
                          "Hur många slag behöver motspelaren, och hur ofta gör två tärningar det?"));
        break;
    default:
        break;
    }
}

/* The answer itself, without the explanation. */
static void answer_text(tutor_t *t, strbuf_t *out)
{
    const question_t *q = t->q;
    const position_t *pos = t->qpos;
    lang_t L = t->lang;
    switch (q->kind) {
    case QK_PLAY: {
        int n = movegen_plays(&pos->board, &pos->rules, pos->roll, t->buf);
        bool ok[MOVEGEN_MAX_PLAYS];
        int nok = tutorq_accepted(t, n, ok);
        strbuf_add(out, nok == 1 ? T(L, "The play is ", "Draget är ")
                                 : T(L, "Right plays: ", "Rätta drag: "));
        tutorq_list_plays(t, n, ok, -1, 8, out);
        strbuf_add(out, ".\n");
        if (q->goal == GOAL_BEST)
            tutorq_best_table(t, out);
        break;
    }
    case QK_LEGAL: {
        int n = movegen_plays(&pos->board, &pos->rules, pos->roll, t->buf);
        verdict_t v;
        verdict_judge(&pos->board, &pos->rules, pos->roll, q->play_text, t->buf, n, &v);
        char words[2048];
        explain_verdict(L, &pos->board, &pos->rules, &v, t->buf, q->play_text, words, sizeof words);
        strbuf_addf(out, "%s %s\n", q->legal ? T(L, "Yes.", "Ja.") : T(L, "No.", "Nej."), words);
        break;
    }
    case QK_ROLLS:
        strbuf_addf(out, T(L, "The rolls (%d of the 36): ", "Slagen (%d av de 36): "),
                    goal_rolls_weight(q->rolls));
        words_rolls(L, q->rolls, out);
        strbuf_add(out, ".\n");
        break;
    case QK_OUTCOME: {
        char won[160];
        explain_outcome(L, &q->outcome, won, sizeof won);
        if (q->outcome.kind == OUT_NONE)
            strbuf_add(out, T(L, "Nobody wins with this play; the game goes on.\n",
                              "Ingen vinner med draget; partiet fortsätter.\n"));
        else
            strbuf_addf(out, T(L, "This play wins %s.\n", "Draget vinner %s.\n"), won);
        break;
    }
    case QK_COUNT:
        strbuf_addf(out, T(L, "It is %d", "Det är %d"), q->count);
        tutorq_count_breakdown(t, out);
        strbuf_add(out, ".\n");
        break;
    case QK_GIVE_UP:
        strbuf_add(out, q->give_up ? T(L, "Give up. ", "Ge upp. ") : T(L, "Play on. ", "Spela vidare. "));
        if (!tutorq_giveup_words(t, out))
            strbuf_add(out, T(L, "(The analysis ran out of memory.)", "(Analysen fick slut på minne.)"));
        strbuf_add(out, "\n");
        break;
    case QK_ONE_DIE:
        strbuf_add(out, q->one_die ? T(L, "Declare it. ", "Begär den. ")
                                   : T(L, "Roll both dice. ", "Slå båda tärningarna. "));
        if (!tutorq_onedie_words(t, out))
            strbuf_add(out, T(L, "(The rollouts ran out of memory.)", "(Utspelningen fick slut på minne.)"));
        strbuf_add(out, "\n");
        break;
    case QK_CHOICE:
        for (int i = 0, k = 0; i < q->nchoices; i++)
            if ((q->correct >> i) & 1u)
                strbuf_addf(out, "%s%d) %s", k++ ? T(L, " or ", " eller ") : "", i + 1,
                            text_pick(&q->choices[i], L));
        strbuf_add(out, "\n");
        break;
    default:
        break;
    }
}

/* The answer and its explanation, recording nothing (see tutor.h). */
bool tutor_answer_key(tutor_t *t, strbuf_t *out)
{
    if (!t->q)
        return false;
    answer_text(t, out);
    tutorq_explanation(t, out);
    return true;
}

/* The next hint grade, the answer last (see tutor.h). */
bool tutor_analysis_hint(tutor_t *t, const char *yours, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->have_pos || !t->have_roll) {
        strbuf_add(out, T(L, "No question is open and no roll is on the board, so there is nothing to hint at.\n",
                          "Ingen fråga är öppen och inget slag är satt, så det finns inget att tipsa om.\n"));
        return false;
    }
    if (t->board.side[0][BOARD_OFF] == 15 || t->board.side[1][BOARD_OFF] == 15) {
        strbuf_add(out, T(L, "The game is over.\n", "Partiet är slut.\n"));
        return false;
    }
    int plies = search_default_plies(&t->rules);
    /* a single die is a one-die series' (the loader allows one only under
     * the rule); the board does not say which of its rolls, so the first */
    int owed[2];
    const int *series = game_lone_die_series(&t->rules, t->roll, owed) ? owed : NULL;
    char small[4096];
    size_t need = explain_analysis_hint(L, &t->board, &t->rules, t->roll, series, plies, 5, yours, NULL, NULL, small,
                                       sizeof small);
    if (need == 0) {
        strbuf_add(out, T(L, "The analysis could not run (out of memory).\n",
                          "Analysen kunde inte köras (minnet tog slut).\n"));
        return false;
    }
    if (need < sizeof small) {
        strbuf_add(out, small);
    } else {
        char *big = malloc(need + 1);
        if (!big)
            return false;
        explain_analysis_hint(L, &t->board, &t->rules, t->roll, series, plies, 5, yours, NULL, NULL, big, need + 1);
        strbuf_add(out, big);
        free(big);
    }
    if (need && small[0] && small[strlen(small) - 1] != '\n')
        strbuf_add(out, "\n");
    if (series)
        strbuf_add(out, T(L,
                          "(The board does not say where in the one-die series this die falls: it is taken as "
                          "the series' first.)\n",
                          "(Brädet säger inte var i entärningsserien tärningen kommer: den räknas som seriens "
                          "första.)\n"));
    if (!t->told_equity) {
        t->told_equity = true;
        const char *who = words_colour(L, t->board.turn, false);
        /* in a race under vasa or theboard the best plays were rolled out
         * (rollrank.h): their numbers are the games' averages */
        bool race = rollrank_race_wanted(&t->board, &t->rules, EVAL_DEFAULT);
        const char *ahead = plies >= 2 ? T(L, "two rolls ahead (the reply and your next roll)",
                                           "två slag framåt (svaret och ditt nästa slag)")
                                       : T(L, "one roll ahead (the reply)", "ett slag framåt (svaret)");
        char how[256];
        if (series)
            snprintf(how, sizeof how,
                     T(L, "by the average of %d games played out after each play, the one-die series played on",
                       "som medelvärdet av %d partier utspelade efter varje drag, med entärningsserien spelad vidare"),
                     ROLLRANK_SERIES_GAMES);
        else if (race)
            snprintf(how, sizeof how,
                     T(L, "by the average of %d games played out after each of the best plays (the others: by "
                          "its trained evaluator looking %s)",
                       "som medelvärdet av %d partier utspelade efter vart och ett av de bästa dragen (de "
                       "andra: bedömt av dess tränade värdering %s)"),
                     ROLLRANK_RACE_GAMES,
                     plies >= 2 ? T(L, "two rolls ahead", "två slag framåt") : T(L, "one roll ahead", "ett slag framåt"));
        else
            snprintf(how, sizeof how, T(L, "by its trained evaluator looking %s", "bedömt av dess tränade värdering %s"),
                     ahead);
        strbuf_addf(out,
                    T(L, "(What the numbers mean: \"equity\" is the points a game the engine expects for %s "
                         "after that play, +1.000 being a one-point game won, %s; "
                         "\"behind\" is how much less than the best play, and \"wins\" is "
                         "the chance of winning the game; a play \"looked at less deeply\" was set aside "
                         "as clearly worse before the last look, so its number is rougher.)\n",
                      "(Vad talen betyder: \"ekvitet\" är poängen per parti som programmet väntar sig för %s "
                      "efter draget, där +1,000 är ett enpoängsparti vunnet, %s; \"efter\" är hur "
                      "mycket sämre än det bästa draget, och "
                      "\"vinst\" är chansen att vinna partiet; ett drag \"sett mindre djupt\" lades "
                      "undan som klart sämre före den sista genomgången, så dess tal är grövre.)\n"),
                    who, how);
    }
    return true;
}

bool tutor_hint(tutor_t *t, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->q)
        return tutor_analysis_hint(t, NULL, out);
    int nh = t->q->nhints ? t->q->nhints : 1;
    int total = nh + 1;
    if (t->hints < nh) {
        strbuf_addf(out, T(L, "Hint %d of %d: ", "Tips %d av %d: "), t->hints + 1, total);
        if (t->q->nhints)
            strbuf_add(out, text_pick(&t->q->hints[t->hints], L));
        else
            nudge(t, out);
        strbuf_add(out, "\n");
        t->hints++;
        return true;
    }
    strbuf_addf(out, T(L, "Hint %d of %d, the answer: ", "Tips %d av %d, svaret: "), total, total);
    return tutor_solution(t, out);
}

/* The answer, recorded as a miss when not yet answered (see tutor.h). */
bool tutor_solution(tutor_t *t, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->q) {
        strbuf_add(out, T(L, "No question is open.\n", "Ingen fråga är öppen.\n"));
        return false;
    }
    if (t->hints < (t->q->nhints ? t->q->nhints : 1) + 1)
        t->hints = (t->q->nhints ? t->q->nhints : 1) + 1;
    answer_text(t, out);
    if (!t->recorded && !t->answered)
        tutorq_record(t, false, out);
    t->answered = true;
    t->revealed = true;
    tutorq_mark_shown(t, out); /* kept: seen today, whatever road leads back to it */
    tutorq_explanation(t, out);
    return true;
}
