/*
 * prompt.c - the open question in words (see tutor.h: tutor_prompt).
 */
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "engine/verdict.h"
#include "tutor/question.h"
#include "tutor/words.h"

/* The question in words, and how to answer it (see tutor.h). */
static void prompt(const tutor_t *t, bool paper, bool page, strbuf_t *out)
{
    const question_t *q = t->q;
    lang_t L = t->lang;
    if (!q)
        return;
    char roll[8] = "";
    if (t->qpos && t->qpos->have_roll)
        words_roll(t->qpos->roll, roll, sizeof roll);
    bool own = !text_empty(&q->prompt);
    if (own)
        strbuf_addf(out, "%s\n", text_pick(&q->prompt, L));
    switch (q->kind) {
    case QK_PLAY:
        if (!own) {
            strbuf_addf(out, T(L, "%s to play %s. ", "%s ska spela %s. "), tutorq_who(t, true),
                        roll);
            if (q->goal == GOAL_LEGAL && q->naccept == 0)
                strbuf_add(out, T(L, "Make a legal play.", "Gör ett tillåtet drag."));
            else if (q->goal == GOAL_LEGAL)
                strbuf_add(out, T(L, "What is the right play?", "Vilket är det rätta draget?"));
            else
                strbuf_addf(out, T(L, "Find %s.", "Hitta %s."), words_goal(L, q->goal));
            strbuf_add(out, "\n");
        }
        if (!paper)
            strbuf_add(out, T(L, "(Type the play, e.g. 13/17 19/21, or 'hint'.)\n",
                              "(Skriv draget, t.ex. 13/17 19/21, eller 'hint'.)\n"));
        break;
    case QK_LEGAL:
        if (!own)
            strbuf_addf(out,
                        T(L, "%s rolls %s. Is the play %s legal?\n",
                          "%s slår %s. Är draget %s tillåtet?\n"),
                        tutorq_who(t, true), roll, q->play_text);
        if (!paper)
            strbuf_add(out, T(L, "(Answer yes or no.)\n", "(Svara ja eller nej.)\n"));
        break;
    case QK_ROLLS:
        if (!own)
            strbuf_addf(out,
                        q->forced ? T(L, "Which rolls leave %s no choice but %s?\n",
                                      "Vilka slag lämnar %s inget annat val än %s?\n")
                                  : T(L, "Which rolls give %s %s?\n", "Vilka slag ger %s %s?\n"),
                        tutorq_who(t, false), words_goal(L, q->goal));
        if (!paper)
            strbuf_add(out, T(L, "(List the rolls, e.g. 6-2 5-5 4-1, or 'none'.)\n",
                              "(Räkna upp slagen, t.ex. 6-2 5-5 4-1, eller 'inga'.)\n"));
        break;
    case QK_OUTCOME:
        if (!own)
            strbuf_addf(out,
                        T(L, "%s rolls %s and plays %s. What happens?\n",
                          "%s slår %s och spelar %s. Vad händer?\n"),
                        tutorq_who(t, true), roll, q->play_text);
        {
            /* "(Say which win (or 'none'), munk or not, and the points, e.g. ...)" */
            const char *parts[3];
            int np = 0;
            if (q->ask & ASK_WIN)
                parts[np++] = T(L, "which win (or 'none')", "vilken vinst (eller 'ingen')");
            if (q->ask & ASK_MUNK)
                parts[np++] = T(L, "munk or not", "munk eller inte");
            if (q->ask & ASK_POINTS)
                parts[np++] = T(L, "the points", "poängen");
            strbuf_add(out, T(L, "(Say ", "(Säg "));
            for (int i = 0; i < np; i++)
                strbuf_addf(out, "%s%s",
                            i == 0       ? ""
                            : i + 1 < np ? ", "
                            : np > 2     ? T(L, ", and ", " och ")
                                         : T(L, " and ", " och "),
                            parts[i]);
            const char *eg = q->ask == ASK_WIN                              ? "hemspel"
                             : (q->ask & ASK_MUNK) && (q->ask & ASK_POINTS) ? "hemspel munk 2"
                             : (q->ask & ASK_MUNK)                          ? "hemspel munk"
                                                                            : "jan 2";
            strbuf_addf(out, T(L, ", e.g. '%s'.)\n", ", t.ex. '%s'.)\n"), eg);
        }
        break;
    case QK_COUNT:
        if (!own)
            strbuf_addf(
                out, T(L, "What is %s for %s?\n", "Vad är %s för %s?\n"), words_count(L, q->what),
                words_colour(L, q->side == 0 ? t->qpos->board.turn : 1 - t->qpos->board.turn,
                             false));
        if (!paper)
            strbuf_add(out, T(L, "(Type a number.)\n", "(Skriv ett tal.)\n"));
        break;
    case QK_GIVE_UP:
        if (!own) {
            if (t->qpos->have_roll)
                strbuf_addf(out,
                            T(L, "%s rolls %s. Should %s give up rather than play it?\n",
                              "%s slår %s. Bör %s ge upp i stället för att spela det?\n"),
                            tutorq_who(t, true), roll, tutorq_who(t, L != LANG_SV));
            else
                strbuf_addf(out,
                            T(L, "%s is to roll. Should %s give up before rolling?\n",
                              "%s står på tur att slå. Bör %s ge upp före slaget?\n"),
                            tutorq_who(t, true), tutorq_who(t, L != LANG_SV));
        }
        if (!paper)
            strbuf_add(out, T(L, "(Answer yes (give up) or no (play on).)\n",
                              "(Svara ja (ge upp) eller nej (spela vidare).)\n"));
        break;
    case QK_ONE_DIE:
        if (!own)
            strbuf_addf(out,
                        T(L, "%s may declare the one-die rule. Should %s, or roll both dice?\n",
                          "%s får begära entärningsregeln. Bör %s göra det, eller slå båda tärningarna?\n"),
                        tutorq_who(t, true), tutorq_who(t, L != LANG_SV));
        if (!paper)
            strbuf_add(out, T(L, "(Answer yes (declare it) or no (roll both dice).)\n",
                              "(Svara ja (begär den) eller nej (slå båda tärningarna).)\n"));
        break;
    case QK_CHOICE:
        for (int i = 0; i < q->nchoices && !page; i++) /* a page shows them as buttons */
            strbuf_addf(out, "  %d) %s\n", i + 1, text_pick(&q->choices[i], L));
        if (!paper)
            strbuf_add(out, T(L, "(Type the number of your choice.)\n", "(Skriv numret på ditt val.)\n"));
        break;
    default:
        break;
    }
}

/* The question in words, with how to answer it (see tutor.h); a lesson
 * question answered on an earlier visit says so. */
void tutor_prompt(const tutor_t *t, strbuf_t *out)
{
    prompt(t, false, false, out);
    if (t->q && t->mode == TUTOR_LESSON && t->step < 32 && t->earned_lesson == t->lesson &&
        (t->earned >> t->step & 1u))
        strbuf_add(out, T(t->lang, "(You have answered this one before; answer again, or type 'next'.)\n",
                          "(Den här har du redan besvarat; svara igen, eller skriv 'next'.)\n"));
}

/* The question for paper: no typing instructions (see tutor.h). */
void tutor_prompt_paper(const tutor_t *t, strbuf_t *out) { prompt(t, true, false, out); }

/* The question for a page (see tutor.h). */
void tutor_prompt_page(const tutor_t *t, strbuf_t *out) { prompt(t, true, true, out); }
