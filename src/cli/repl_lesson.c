/*
 * repl_lesson.c - the REPL's lesson commands: `lessons`, `lesson` (which
 * resumes where the learner stopped), `next`, `back`, `show`, and `drill`
 * (the lessons' questions asked again by the review schedule) (see repl.h;
 * the command table is in repl_cmds.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/paths.h"
#include "cli/repl.h"
#include "front/drill.h"
#include "tutor/words.h"

#define L_(r) ((r)->ro.lang)

/* ------------------------------------------------------------ lessons */

/* `lessons`: every lesson, with the date it was completed. */
int repl_cmd_lessons(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    lang_t L = L_(r);
    if (!r->course.nlessons) {
        printf("%s\n", T(L, "No lessons are loaded.", "Inga lektioner är inlästa."));
        return 0;
    }
    bool open = r->tutor.mode == TUTOR_LESSON;
    printf("%s\n", open ? T(L, "Lessons (type 'lesson ID' to open one; * marks the one open, at its step):",
                            "Lektioner (skriv 'lesson ID' för att öppna en; * visar den som är öppen, vid sitt steg):")
                        : T(L, "Lessons (type 'lesson ID' to open one):",
                            "Lektioner (skriv 'lesson ID' för att öppna en):"));
    for (int i = 0; i < r->course.nlessons; i++) {
        const lesson_t *ls = &r->course.lessons[i];
        const progress_item_t *it = progress_get(&r->progress, ls->id, true);
        char done[64] = "";
        if (it && it->done >= 0) {
            char day[16];
            paths_format_day(it->done, day, sizeof day);
            snprintf(done, sizeof done, T(L, "  [done %s]", "  [klar %s]"), day);
        }
        bool here = r->tutor.mode == TUTOR_LESSON && r->tutor.lesson == i;
        char at[48] = "";
        if (here)
            snprintf(at, sizeof at, T(L, ", at step %d", ", vid steg %d"), r->tutor.step + 1);
        printf("%s%2d. %-18s %s (%d %s%s)%s\n", here ? "* " : "  ", i + 1, ls->id,
               text_pick(&ls->title, L), ls->nsteps,
               ls->nsteps == 1 ? T(L, "step", "steg") : T(L, "steps", "steg"), at, done);
    }
    return 0;
}

/* s folded for matching: lower case, å ä ö é as a a o e, spaces as '-'
 * ("Sprängjan" and "sprangjan" alike). */
static void fold(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && n + 1 < size; p++) {
        unsigned char c = *p;
        if (c == 0xC3 && p[1]) {
            unsigned char d = *++p;
            c = (d == 0xA5 || d == 0xA4 || d == 0x85 || d == 0x84) ? 'a'
                : (d == 0xB6 || d == 0x96)                         ? 'o'
                : (d == 0xA9 || d == 0x89)                         ? 'e'
                                                                   : '?';
        } else if (c >= 'A' && c <= 'Z') {
            c = (unsigned char)(c - 'A' + 'a');
        } else if (c == ' ') {
            c = '-';
        }
        out[n++] = (char)c;
    }
    out[n] = '\0';
}

/* A lesson by id or number, or by its id or title written with å, ä, ö
 * or capitals ("lesson sprängjan", newcomer F13); -1 (reported) when
 * there is none. */
static int find_lesson(repl_t *r, const char *key)
{
    int i = course_find_lesson(&r->course, key);
    char *end;
    long k = strtol(key, &end, 10);
    if (i < 0 && *end == '\0' && k >= 1 && k <= r->course.nlessons)
        i = (int)k - 1;
    char want[256], have[256];
    fold(key, want, sizeof want);
    for (int j = 0; i < 0 && j < r->course.nlessons; j++) {
        const lesson_t *ls = &r->course.lessons[j];
        const char *names[3] = {ls->id, text_pick(&ls->title, LANG_EN), text_pick(&ls->title, LANG_SV)};
        for (int m = 0; m < 3 && i < 0; m++) {
            fold(names[m], have, sizeof have);
            if (strcmp(want, have) == 0)
                i = j;
        }
    }
    if (i < 0)
        printf(T(L_(r), "There is no lesson '%s'; 'lessons' lists them.\n",
                 "Det finns ingen lektion '%s'; 'lessons' visar dem.\n"),
               key);
    return i;
}

/* `lesson [ID [STEP]]`: opens a lesson (no ID: the first not yet completed). */
int repl_cmd_lesson(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    lang_t L = L_(r);
    int idx, step = 0;
    if (argc < 2) {
        if (r->tutor.mode == TUTOR_LESSON) {
            repl_show_current(r, true);
            return 0;
        }
        /* the lesson the learner stopped in the middle of, else the first
         * one not yet completed */
        idx = -1;
        for (int i = 0; i < r->course.nlessons && idx < 0; i++) {
            const progress_item_t *it = progress_get(&r->progress, r->course.lessons[i].id, true);
            if (it && it->done < 0 && it->at > 0)
                idx = i;
        }
        for (int i = 0; i < r->course.nlessons && idx < 0; i++) {
            const progress_item_t *it = progress_get(&r->progress, r->course.lessons[i].id, true);
            if (!it || it->done < 0)
                idx = i;
        }
        if (idx < 0)
            idx = 0;
        if (!r->course.nlessons) {
            printf("%s\n", T(L, "No lessons are loaded.", "Inga lektioner är inlästa."));
            return 1;
        }
    } else {
        idx = find_lesson(r, argv[1]);
        if (idx < 0)
            return 1;
        if (argc > 2) {
            char *end;
            errno = 0;
            long v = strtol(argv[2], &end, 10);
            bool number = *argv[2] && !*end && errno == 0;
            step = number && v >= 1 && v <= r->course.lessons[idx].nsteps ? (int)v - 1 : -1;
            if (step < 0) {
                printf(
                    T(L, "Lesson '%s' has steps 1 to %d.\n", "Lektion '%s' har steg 1 till %d.\n"),
                    r->course.lessons[idx].id, r->course.lessons[idx].nsteps);
                return 1;
            }
        }
    }
    /* no step named: where the learner stopped, in a lesson not completed */
    const progress_item_t *it = progress_get(&r->progress, r->course.lessons[idx].id, true);
    bool resume = argc <= 2 && it && it->done < 0 && it->at > 0 && it->at < r->course.lessons[idx].nsteps &&
                  !(r->tutor.mode == TUTOR_LESSON && r->tutor.lesson == idx);
    if (resume)
        step = it->at;
    tutor_open_lesson(&r->tutor, idx, step);
    repl_show_current(r, true);
    if (resume)
        printf(T(L, "(Back at step %d, where you stopped; 'lesson %s 1' starts from the beginning.)\n",
                 "(Tillbaka vid steg %d, där du slutade; 'lesson %s 1' börjar från början.)\n"),
               step + 1, r->course.lessons[idx].id);
    return 0;
}


/* `back`: the step before in the open lesson. */
int repl_cmd_back(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    lang_t L = L_(r);
    switch (tutor_back(&r->tutor)) {
    case NAV_MOVED:
        repl_show_current(r, true);
        return 0;
    case NAV_AT_START:
        printf("%s\n",
               T(L, "This is the first step of the lesson.", "Det här är lektionens första steg."));
        return 0;
    default:
        printf("%s\n", T(L, "'back' goes back a step inside a lesson.",
                         "'back' går ett steg tillbaka i en lektion."));
        return 1;
    }
}

/* `show`: the open step or puzzle again, in full. */
int repl_cmd_show(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    repl_show_current(r, true);
    return 0;
}

/* `next`: the next lesson step (completing the lesson), or the next puzzle. */
int repl_cmd_next(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    lang_t L = L_(r);
    tutor_t *t = &r->tutor;
    if (t->mode == TUTOR_PUZZLE)
        return repl_pick_and_open(r, t->puzzle);
    if (t->mode == TUTOR_DRILL)
        return repl_drill_pick(r, t->lesson, t->step);
    if (t->mode != TUTOR_LESSON) {
        printf(
            "%s\n",
            T(L, "Nothing to go on to: open a lesson ('lessons') or a puzzle ('puzzle').",
              "Inget att gå vidare till: öppna en lektion ('lessons') eller ett problem ('puzzle')."));
        return 0;
    }
    tutor_nav_t nav = tutor_next(t, &r->out);
    repl_flush(r);
    const lesson_t *ls = &r->course.lessons[t->lesson];
    switch (nav) {
    case NAV_MOVED:
        repl_show_current(r, false);
        break;
    case NAV_LESSON_OPEN: {
        int miss[32];
        int n = tutor_unanswered(t, miss, 32);
        strbuf_addf(&r->out, T(L, "This is the end of lesson '%s', but the question%s of step%s",
                               "Här slutar lektionen '%s', men fråga%s i steg%s"),
                    text_pick(&ls->title, L), n == 1 ? T(L, "", "n") : T(L, "s", "rna"), n == 1 ? "" : T(L, "s", ""));
        for (int i = 0; i < n && i < 32; i++)
            strbuf_addf(&r->out, "%s%d", i == 0 ? " " : i + 1 == n ? T(L, " and ", " och ") : ", ", miss[i] + 1);
        strbuf_addf(&r->out,
                    T(L, " %s%s not answered yet (a shown answer does not count). Go back with 'lesson %s %d'; the "
                         "lesson is complete once %s.\n",
                      " %s inte besvarad%s än (ett visat svar räknas inte). Gå tillbaka med 'lesson %s %d'; "
                      "lektionen är klar när %s.\n"),
                    n == 1 ? T(L, "is", "är") : T(L, "are", "är"), L == LANG_SV && n > 1 ? "e" : "", ls->id,
                    miss[0] + 1,
                    n == 1 ? T(L, "it is answered", "den är besvarad") : T(L, "they are answered", "de är besvarade"));
        repl_flush(r);
        break;
    }
    case NAV_LESSON_DONE:
    case NAV_AT_END:
        printf(T(L, "Lesson '%s' is complete.", "Lektionen '%s' är klar."),
               text_pick(&ls->title, L));
        if (t->lesson + 1 < r->course.nlessons)
            printf(T(L, " Next: 'lesson %s' (%s).\n", " Nästa: 'lesson %s' (%s).\n"),
                   r->course.lessons[t->lesson + 1].id,
                   text_pick(&r->course.lessons[t->lesson + 1].title, L));
        else
            printf("%s\n", T(L, " That was the last lesson; try the puzzles ('puzzle').",
                             " Det var den sista lektionen; prova problemen ('puzzle')."));
        break;
    default:
        break;
    }
    return 0;
}

/* ------------------------------------------------------------- drills */

/* The heading of a drill: which lesson and step the question comes from. */
void repl_drill_heading(repl_t *r, char *buf, size_t size)
{
    lang_t L = L_(r);
    const tutor_t *t = &r->tutor;
    const lesson_t *ls = &r->course.lessons[t->lesson];
    snprintf(buf, size, T(L, "== Review: %s (lesson %d, step %d) ==", "== Repetition: %s (lektion %d, steg %d) =="),
             text_pick(&ls->title, L), t->lesson + 1, t->step + 1);
}

/* Opens the lesson question the schedule picks, or says when one will be
 * due (see repl.h). */
int repl_drill_pick(repl_t *r, int avoid_lesson, int avoid_step)
{
    strbuf_t sb;
    strbuf_init(&sb);
    bool opened = drill_open_next(&r->tutor, avoid_lesson, avoid_step, &sb);
    fputs(strbuf_str(&sb), stdout);
    strbuf_free(&sb);
    if (opened)
        repl_show_current(r, true);
    return 0;
}

/* `drill [LESSON STEP]`: a lesson question again, the one the schedule
 * picks or the one named. */
int repl_cmd_drill(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    lang_t L = L_(r);
    if (argc < 2)
        return repl_drill_pick(r, -1, -1);
    int idx = find_lesson(r, argv[1]);
    if (idx < 0)
        return 1;
    const lesson_t *ls = &r->course.lessons[idx];
    char *end = NULL;
    errno = 0;
    long v = argc > 2 ? strtol(argv[2], &end, 10) : 0;
    bool number = argc > 2 && *argv[2] && !*end && errno == 0 && v >= 1 && v <= ls->nsteps;
    int first = 0;
    while (first < ls->nsteps && ls->steps[first].q.kind == QK_NONE)
        first++;
    if (first == ls->nsteps) {
        printf(T(L, "Lesson '%s' asks no questions.\n", "Lektion '%s' ställer inga frågor.\n"), ls->id);
        return 1;
    }
    if (!number || !tutor_open_drill(&r->tutor, idx, (int)v - 1)) {
        printf(T(L, "Name a step of lesson '%s' that asks a question:", "Ange ett steg i lektion '%s' som ställer en fråga:"),
               ls->id);
        for (int k = 0; k < ls->nsteps; k++)
            if (ls->steps[k].q.kind != QK_NONE)
                printf(" %d", k + 1);
        printf(T(L, " (e.g. 'drill %s %d').\n", " (t.ex. 'drill %s %d').\n"), ls->id, first + 1);
        return 1;
    }
    repl_show_current(r, true);
    return 0;
}
