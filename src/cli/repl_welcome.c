/*
 * repl_welcome.c - the greeting of a returning learner (see repl.h): what
 * was done, what is due today, where to go on.
 */
#include <stdio.h>

#include "cli/repl.h"
#include "tutor/words.h"

void repl_welcome_back(repl_t *r)
{
    lang_t L = r->ro.lang;
    if (r->progress.n == 0)
        return; /* a new learner: the general greeting says it all */
    int done = 0, next = -1, due = 0, tried = 0;
    for (int i = 0; i < r->course.nlessons; i++) {
        const progress_item_t *it = progress_get(&r->progress, r->course.lessons[i].id, true);
        if (it && it->done >= 0)
            done++;
        else if (next < 0)
            next = i;
    }
    for (int i = 0; i < r->course.npuzzles; i++) {
        const progress_item_t *it = progress_get(&r->progress, r->course.puzzles[i].id, false);
        if (it && it->last >= 0) {
            tried++;
            due += it->due <= r->tutor.today;
        }
    }
    printf(T(L, "Welcome back: %d of %d lessons done, %d %s tried.",
             "Välkommen tillbaka: %d av %d lektioner klara, %d %s försökta."),
           done, r->course.nlessons, tried, tried == 1 ? T(L, "puzzle", "problem") : T(L, "puzzles", "problem"));
    if (due)
        printf(T(L, " %d %s due for review today ('puzzle').", " %d %s att repetera i dag ('puzzle')."), due,
               due == 1 ? T(L, "puzzle is", "problem") : T(L, "puzzles are", "problem"));
    int scheduled, qdue;
    tutor_drill_counts(&r->tutor, &scheduled, &qdue);
    if (qdue)
        printf(T(L, " %d lesson %s due for review ('drill').", " %d %s att repetera ('drill')."), qdue,
               qdue == 1 ? T(L, "question is", "lektionsfråga") : T(L, "questions are", "lektionsfrågor"));
    if (next >= 0)
        printf(T(L, " Next lesson: '%s' ('lesson').", " Nästa lektion: '%s' ('lesson')."),
               text_pick(&r->course.lessons[next].title, L));
    printf("\n");
}
