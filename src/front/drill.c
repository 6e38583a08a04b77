/*
 * drill.c - the next lesson question of the review schedule (see
 * drill.h).
 */
#include "front/drill.h"

#include "front/paths.h"
#include "tutor/words.h"

/* Opens the next drill, or says when one is due (see drill.h). */
bool drill_open_next(tutor_t *t, int avoid_lesson, int avoid_step, strbuf_t *out)
{
    lang_t L = t->lang;
    int l, k;
    long next_day;
    if (!tutor_pick_drill(t, avoid_lesson, avoid_step, &l, &k, &next_day)) {
        if (next_day < 0) {
            strbuf_addf(out, "%s\n",
                        T(L, "No lesson question is in the review schedule yet: the questions you answer in "
                             "the lessons come back here on later days ('lesson' opens one).",
                          "Ingen lektionsfråga finns i repetitionsschemat än: frågorna du besvarar i "
                          "lektionerna kommer tillbaka hit senare dagar ('lesson' öppnar en)."));
        } else {
            char day[16];
            paths_format_day(next_day, day, sizeof day);
            strbuf_addf(out,
                        T(L, "No lesson question is due today; the next one is due on %s.\n",
                          "Ingen lektionsfråga står på tur i dag; nästa står på tur %s.\n"),
                        day);
        }
        return false;
    }
    char id[96];
    progress_question_id(id, sizeof id, t->course->lessons[l].id, k);
    const progress_item_t *it = progress_get(t->progress, id, false);
    strbuf_addf(out, "%s\n",
                it && it->last_failed ? T(L, "(A lesson question you missed before, back for another try.)",
                                          "(En lektionsfråga du missade förut, tillbaka för ett nytt försök.)")
                                      : T(L, "(A lesson question due for review.)",
                                          "(En lektionsfråga som står på tur för repetition.)"));
    tutor_open_drill(t, l, k);
    return true;
}
