/*
 * session.c - the tutor's state: lessons, puzzles, the board, the review
 * schedule, and the board commands (see tutor.h).  Judging answers is in
 * judge.c.
 */
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "engine/verdict.h"
#include "tutor/question.h"
#include "tutor/tutor.h"
#include "tutor/words.h"

/* A session on the course, in free mode (see tutor.h). */
bool tutor_init(tutor_t *t, const course_t *c, progress_t *p, lang_t lang, long today)
{
    memset(t, 0, sizeof *t);
    t->course = c;
    t->progress = p;
    t->lang = lang;
    t->today = today;
    t->earned_lesson = -1; /* no lesson's answers loaded yet */
    t->buf = movegen_buf_new();
    if (!t->buf)
        return false;
    tutor_free_mode(t, NULL);
    return true;
}

/* Frees the session's engine buffer. */
void tutor_done(tutor_t *t)
{
    movegen_buf_free(t->buf);
    t->buf = NULL;
}

/* Forgets the open question. */
static void close_question(tutor_t *t)
{
    t->q = NULL;
    t->qpos = NULL;
    t->hints = 0;
    t->attempted = t->answered = t->recorded = t->revealed = t->seen_today = t->practised = false;
}

/* A question just opened whose answer the record says was shown today
 * (another visit, another window): nothing it gets right today is earned. */
static void recall_shown(tutor_t *t)
{
    char id[96];
    if (t->progress && tutorq_id(t, id, sizeof id) && progress_shown_on(t->progress, id, t->today))
        t->revealed = t->seen_today = true;
}

/* Shows a position from the course on the board. */
static void show(tutor_t *t, const position_t *pos)
{
    t->have_pos = pos->present;
    if (!pos->present)
        return;
    t->board = pos->board;
    t->rules = pos->rules;
    t->roll = pos->roll;
    t->have_roll = pos->have_roll;
}

/* The start position, no lesson or puzzle (see tutor.h). */
void tutor_free_mode(tutor_t *t, const rules_t *rules)
{
    close_question(t);
    t->mode = TUTOR_FREE;
    t->rules = rules ? *rules : *rules_preset("lyckans-talisman");
    board_start(&t->board, t->rules.geometry, BOARD_WHITE);
    t->have_pos = true;
    t->have_roll = false;
}

/* A position of one's own on the board (see tutor.h). */
void tutor_set_position(tutor_t *t, const board_t *b, const rules_t *r, roll_t roll, bool have_roll)
{
    close_question(t);
    t->mode = TUTOR_FREE;
    t->board = *b;
    t->rules = *r;
    t->roll = roll;
    t->have_roll = have_roll;
    t->have_pos = true;
}

/* Another ruleset for the board, if the position allows it. */
bool tutor_set_rules(tutor_t *t, const rules_t *r, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->have_pos) {
        t->rules = *r;
        return true;
    }
    if (r->geometry != t->board.geom) {
        strbuf_addf(out,
                    T(L, "%s is played on a different board; the position is reset to its start.\n",
                      "%s spelas på ett annat bräde; ställningen återställs till utgångsläget.\n"),
                    r->name);
        tutor_free_mode(t, r);
        return true;
    }
    board_error_t e;
    if (movegen_check_position(&t->board, r, &e) != BOARD_OK) {
        strbuf_addf(
            out,
            T(L,
              "This position is not possible under %s (%s has a band on its point %d, or a "
              "prime that is too long); the ruleset is unchanged.\n",
              "Ställningen är inte möjlig med %s (%s har ett band på sin tunga %d, eller en "
              "för lång spärr); reglerna är oförändrade.\n"),
            r->name, words_colour(L, e.side, false), e.point);
        return false;
    }
    if (t->have_roll && !t->roll.b && r->one_die_rule == ONE_DIE_OFF) {
        /* a single die is the one-die rule's, which these rules lack */
        strbuf_addf(out,
                    T(L, "The single die on the board is taken away: %s has no one-die rule.\n",
                      "Den ensamma tärningen på brädet tas bort: %s har ingen entärningsregel.\n"),
                    r->name);
        t->roll = (roll_t){0, 0};
        t->have_roll = false;
    }
    t->rules = *r;
    return true;
}

/* ---------------------------------------------------------------- lessons */

/* Opens step k of the current lesson. */
static void open_step(tutor_t *t, int k)
{
    const lesson_t *L = &t->course->lessons[t->lesson];
    close_question(t);
    t->step = k;
    if (t->progress) /* where the lesson resumes next time */
        progress_lesson_at(t->progress, L->id, k, t->earned);
    const lesson_step_t *st = &L->steps[k];
    show(t, &st->pos);
    if (!st->pos.present)
        t->have_pos = false;
    if (st->q.kind != QK_NONE) {
        t->q = &st->q;
        t->qpos = &st->pos;
        recall_shown(t);
    }
}

/* Opens a lesson at a step. */
void tutor_open_lesson(tutor_t *t, int lesson, int step)
{
    if (t->earned_lesson != lesson) { /* another lesson: its own answers, kept from earlier days */
        t->earned_lesson = lesson;
        const progress_item_t *it =
            t->progress ? progress_get(t->progress, t->course->lessons[lesson].id, true) : NULL;
        t->earned = it && it->done < 0 ? it->earned : 0;
    }
    t->mode = TUTOR_LESSON;
    t->lesson = lesson;
    t->lesson_finished = false;
    const lesson_t *L = &t->course->lessons[lesson];
    open_step(t, step < 0 ? 0 : step >= L->nsteps ? L->nsteps - 1 : step);
}

/* The next step; past the last, the lesson is recorded as completed. */
tutor_nav_t tutor_next(tutor_t *t, strbuf_t *msg)
{
    if (t->mode != TUTOR_LESSON)
        return NAV_NONE;
    const lesson_t *L = &t->course->lessons[t->lesson];
    lang_t lang = t->lang;
    if (t->step + 1 < L->nsteps) {
        if (t->q && !(t->earned >> t->step & 1u) && !t->practised)
            strbuf_addf(msg,
                        T(lang, "(The question of step %d is skipped; the lesson is complete once it is answered.)\n",
                          "(Frågan i steg %d hoppas över; lektionen är klar först när den är besvarad.)\n"),
                        t->step + 1);
        open_step(t, t->step + 1);
        return NAV_MOVED;
    }
    int missing[32];
    if (tutor_unanswered(t, missing, 32) > 0)
        return NAV_LESSON_OPEN;
    if (t->lesson_finished)
        return NAV_AT_END;
    t->lesson_finished = true;
    if (t->progress) {
        progress_lesson_done(t->progress, L->id, t->today);
        progress_save(t->progress, t->lang == LANG_SV, msg);
    }
    return NAV_LESSON_DONE;
}

/* The open lesson's unanswered questions (see tutor.h). */
int tutor_unanswered(const tutor_t *t, int *steps, int max)
{
    if (t->mode != TUTOR_LESSON)
        return 0;
    const lesson_t *L = &t->course->lessons[t->lesson];
    int n = 0;
    for (int k = 0; k < L->nsteps && k < 32; k++)
        if (L->steps[k].q.kind != QK_NONE && !(t->earned >> k & 1u)) {
            if (n < max)
                steps[n] = k;
            n++;
        }
    return n;
}

/* The step before. */
tutor_nav_t tutor_back(tutor_t *t)
{
    if (t->mode != TUTOR_LESSON)
        return NAV_NONE;
    if (t->step == 0)
        return NAV_AT_START;
    t->lesson_finished = false;
    open_step(t, t->step - 1);
    return NAV_MOVED;
}

/* ----------------------------------------------------------------- drills */

/* A lesson step as a drill (see tutor.h). */
bool tutor_open_drill(tutor_t *t, int lesson, int step)
{
    const lesson_t *L = &t->course->lessons[lesson];
    if (step < 0 || step >= L->nsteps || L->steps[step].q.kind == QK_NONE)
        return false;
    const lesson_step_t *st = &L->steps[step];
    close_question(t);
    t->mode = TUTOR_DRILL;
    t->lesson = lesson;
    t->step = step;
    show(t, &st->pos);
    if (!st->pos.present)
        t->have_pos = false;
    t->q = &st->q;
    t->qpos = &st->pos;
    recall_shown(t);
    return true;
}

/* The record of a lesson step's question when it is in the review
 * schedule (asked, and answered at least once), or NULL. */
static const progress_item_t *drill_record(const tutor_t *t, int lesson, int step)
{
    if (!t->progress || t->course->lessons[lesson].steps[step].q.kind == QK_NONE)
        return NULL;
    char id[96];
    progress_question_id(id, sizeof id, t->course->lessons[lesson].id, step);
    const progress_item_t *it = progress_get(t->progress, id, false);
    return it && it->last >= 0 ? it : NULL;
}

/* The day a recorded question may be drilled: when due, and never again on
 * the day it was last tried. */
static long drill_day(const progress_item_t *it)
{
    return it->due > it->last ? it->due : it->last + 1;
}

/* The next lesson question due (see tutor.h). */
bool tutor_pick_drill(const tutor_t *t, int avoid_lesson, int avoid_step, int *lesson, int *step,
                      long *next_day)
{
    const course_t *c = t->course;
    *next_day = -1;
    for (int pass = 0; pass < 2; pass++) {
        int best_l = -1, best_s = -1;
        bool best_failed = false;
        long best_due = 0;
        for (int l = 0; l < c->nlessons; l++)
            for (int k = 0; k < c->lessons[l].nsteps; k++) {
                const progress_item_t *it = drill_record(t, l, k);
                if (!it)
                    continue;
                long day = drill_day(it);
                if (day > t->today) {
                    if (*next_day < 0 || day < *next_day)
                        *next_day = day;
                    continue;
                }
                if (pass == 0 && l == avoid_lesson && k == avoid_step)
                    continue;
                bool better = best_l < 0 || (it->last_failed && !best_failed) ||
                              (it->last_failed == best_failed && it->due < best_due);
                if (better) {
                    best_l = l, best_s = k;
                    best_failed = it->last_failed;
                    best_due = it->due;
                }
            }
        if (best_l >= 0) {
            *lesson = best_l;
            *step = best_s;
            return true;
        }
    }
    return false;
}

/* Lesson questions scheduled and due (see tutor.h). */
void tutor_drill_counts(const tutor_t *t, int *scheduled, int *due)
{
    *scheduled = *due = 0;
    const course_t *c = t->course;
    for (int l = 0; l < c->nlessons; l++)
        for (int k = 0; k < c->lessons[l].nsteps; k++) {
            const progress_item_t *it = drill_record(t, l, k);
            if (!it)
                continue;
            (*scheduled)++;
            *due += drill_day(it) <= t->today;
        }
}

/* ---------------------------------------------------------------- puzzles */

/* Opens a puzzle: its position on the board, its question open. */
void tutor_open_puzzle(tutor_t *t, int puzzle)
{
    const puzzle_t *P = &t->course->puzzles[puzzle];
    close_question(t);
    t->mode = TUTOR_PUZZLE;
    t->puzzle = puzzle;
    if (P->pos.present)
        show(t, &P->pos);
    else
        t->have_pos = false;
    t->q = &P->q;
    t->qpos = &P->pos;
    recall_shown(t);
}

/* A rating of the learner's, or his overall one, or a new learner's. */
static double rating_in(const tutor_t *t, const char *theme)
{
    const progress_rating_t *r = t->progress ? progress_rating(t->progress, theme) : NULL;
    if (!r && t->progress)
        r = progress_rating(t->progress, PROGRESS_RATING_ALL);
    return r ? r->g.rating : GLICKO_START_RATING;
}

/* The learner's level for a puzzle (see tutor.h). */
double tutor_level(const tutor_t *t, int puzzle)
{
    const puzzle_t *p = &t->course->puzzles[puzzle];
    if (p->nthemes == 0)
        return rating_in(t, PROGRESS_RATING_ALL);
    double sum = 0.0;
    for (int i = 0; i < p->nthemes; i++)
        sum += rating_in(t, p->themes[i]);
    return sum / p->nthemes;
}

/* The next puzzle by the review schedule (see tutor.h). */
int tutor_pick_puzzle(const tutor_t *t, const char *theme, int avoid, tutor_pick_t *why)
{
    const course_t *c = t->course;
    enum { CLASSES = PICK_NONE };
    int best[CLASSES];
    long best_due[CLASSES];
    /* two passes: the second lets `avoid` in when nothing else qualifies */
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < CLASSES; k++)
            best[k] = -1, best_due[k] = 0;
        for (int i = 0; i < c->npuzzles; i++) {
            const puzzle_t *p = &c->puzzles[i];
            if ((pass == 0 && i == avoid) || (theme && !course_puzzle_has_theme(p, theme)))
                continue;
            const progress_item_t *it =
                t->progress ? progress_get(t->progress, p->id, false) : NULL;
            tutor_pick_t cls;
            long due = 0;
            if (!it || it->last < 0) {
                double rating = glicko_puzzle_rating(p->difficulty);
                cls = rating <= tutor_level(t, i) + TUTOR_READY_MARGIN ? PICK_NEW : PICK_NEW_AHEAD;
                due = (long)rating; /* the easiest of those ahead first */
            } else {
                due = it->due;
                if (due > t->today)
                    cls = PICK_EARLY;
                else if (it->last_failed)
                    cls = it->last < t->today ? PICK_FAILED_DUE : PICK_FAILED_TODAY;
                else
                    cls = PICK_REVIEW_DUE;
            }
            /* new ones in course order; the others by due date, then last try */
            bool better = best[cls] < 0 || (cls != PICK_NEW && due < best_due[cls]);
            if (better) {
                best[cls] = i;
                best_due[cls] = due;
            }
        }
        for (int k = 0; k < CLASSES; k++)
            if (best[k] >= 0) {
                *why = (tutor_pick_t)k;
                return best[k];
            }
    }
    *why = PICK_NONE;
    return -1;
}

/* ------------------------------------------------------------- the board */

/* True (and said) when a side has borne everything off or the position is
 * one the rules forbid: there is nothing to play then. */
static bool game_over(const tutor_t *t, strbuf_t *out)
{
    lang_t L = t->lang;
    for (int s = 0; s < 2; s++)
        if (t->board.side[s][BOARD_OFF] == 15) {
            strbuf_addf(out,
                        T(L, "The game is over: %s has borne off all 15 checkers.\n",
                          "Partiet är slut: %s har spelat hem alla 15 brickor.\n"),
                        words_colour(L, s == 0 ? t->board.turn : 1 - t->board.turn, false));
            return true;
        }
    board_error_t e;
    if (movegen_check_position(&t->board, &t->rules, &e) != BOARD_OK) {
        strbuf_addf(out,
                    T(L, "This position is not possible under %s; fix it with 'setup' first.\n",
                      "Ställningen är inte möjlig med %s; rätta den med 'setup' först.\n"),
                    t->rules.name);
        return true;
    }
    return false;
}

/* True (with the reason in out) while a question is open and not yet
 * answered: `moves`, `explain` and the scripting commands would give its
 * answer away, so they wait until it is answered or its solution shown
 * (answers must be earned). */
bool tutor_answer_pending(const tutor_t *t, const char *what, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->q || t->answered)
        return false;
    strbuf_addf(out,
                T(L, "'%s' waits until the question is answered: it would give the answer away. Try an answer, "
                     "ask for a 'hint' (they go step by step), or type 'solution' to see the answer (%s).\n",
                  "'%s' får vänta tills frågan är besvarad: den skulle avslöja svaret. Pröva ett svar, be om "
                  "en 'hint' (tipsen går steg för steg) eller skriv 'solution' för att se svaret (%s).\n"),
                what,
                t->mode == TUTOR_PUZZLE  ? T(L, "the puzzle then counts as not solved", "problemet räknas då som olöst")
                : t->mode == TUTOR_DRILL ? T(L, "the question then counts as missed", "frågan räknas då som missad")
                                         : T(L, "the step then counts as not answered", "steget räknas då som obesvarat"));
    return true;
}

/* Whether the lesson step shows its board unasked (see tutor.h). */
bool tutor_step_shows_board(const tutor_t *t)
{
    if (t->mode != TUTOR_LESSON)
        return t->have_pos;
    const lesson_step_t *st = &t->course->lessons[t->lesson].steps[t->step];
    bool about_board = st->q.kind != QK_NONE && st->q.kind != QK_CHOICE;
    return st->pos.present && (st->own_position || about_board);
}

/* Sets the open question aside for the board (see tutor.h). */
bool tutor_set_aside(tutor_t *t, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->q || t->answered || t->mode == TUTOR_FREE)
        return false;
    if (!t->recorded)
        tutorq_record(t, false, out);
    t->revealed = true;
    tutorq_mark_shown(t, out);
    strbuf_add(out, T(L, "(The open question is set aside, as if its answer had been shown: it counts as not "
                         "answered today.)\n",
                      "(Den öppna frågan läggs undan som om svaret hade visats: den räknas som obesvarad i dag.)\n"));
    return true;
}

/* True while the board must not show the pip counts: the open question
 * asks for one, or (in a lesson) the next step asks it of this very
 * position, which the footer would answer a step early. */
bool tutor_hides_pips(const tutor_t *t)
{
    if (t->q && !t->answered && t->q->kind == QK_COUNT && t->q->what == COUNT_PIPS)
        return true;
    if (t->mode != TUTOR_LESSON || !t->have_pos)
        return false;
    const lesson_t *L = &t->course->lessons[t->lesson];
    if (t->step + 1 >= L->nsteps)
        return false;
    const lesson_step_t *next = &L->steps[t->step + 1];
    return next->q.kind == QK_COUNT && next->q.what == COUNT_PIPS && next->pos.present &&
           board_equal(&next->pos.board, &t->board);
}

bool tutor_moves(tutor_t *t, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->have_pos) {
        strbuf_add(out, T(L, "There is no position on the board.\n",
                          "Det finns ingen ställning på brädet.\n"));
        return false;
    }
    if (!t->have_roll) {
        strbuf_add(out, T(L, "No roll is set for this position (try 'setup roll 6-2').\n",
                          "Inget slag är satt för ställningen (prova 'setup roll 6-2').\n"));
        return false;
    }
    if (game_over(t, out) || tutor_answer_pending(t, "moves", out))
        return false;
    int n = movegen_plays(&t->board, &t->rules, t->roll, t->buf);
    if (n < 0) {
        strbuf_add(out, "the engine's play buffer overflowed\n");
        return false;
    }
    words_legal_plays(L, &t->board, t->roll, t->buf, n, out);
    return true;
}

/* The engine's verdict on a play, in words. */
bool tutor_explain_play(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->have_pos || !t->have_roll) {
        strbuf_add(out,
                   T(L, "Explaining a play needs a position with a roll on the board.\n",
                     "För att förklara ett drag behövs en ställning med ett slag på brädet.\n"));
        return false;
    }
    if (game_over(t, out) || tutor_answer_pending(t, "explain", out))
        return false;
    int n = movegen_plays(&t->board, &t->rules, t->roll, t->buf);
    if (n < 0)
        return false;
    verdict_t v;
    verdict_judge(&t->board, &t->rules, t->roll, text, t->buf, n, &v);
    char words[2048];
    explain_verdict(L, &t->board, &t->rules, &v, t->buf, text, words, sizeof words);
    strbuf_addf(out, "%s\n", words);
    return true;
}

/* The ruleset in force and, option by option, how the others differ. */
void tutor_rules_summary(const tutor_t *t, strbuf_t *out)
{
    lang_t L = t->lang;
    char name[256];
    rules_format(&t->rules, name, sizeof name);
    int self = -1;
    for (int i = 0; i < rules_preset_count(); i++)
        if (strcmp(rules_preset_at(i)->name, t->rules.name) == 0)
            self = i;
    strbuf_addf(out, T(L, "Rules: %s\n", "Regler: %s\n"), name);
    if (self >= 0)
        strbuf_addf(out, "  %s\n", words_ruleset_summary(L, self));
    for (int i = 0; i < rules_preset_count(); i++) {
        const rules_t *o = rules_preset_at(i);
        if (i == self && strcmp(name, o->name) == 0)
            continue;
        strbuf_t diff;
        strbuf_init(&diff);
        int k = 0;
        for (int j = 0; j < rules_option_count(); j++) {
            const char *mine = rules_option_get(&t->rules, j), *theirs = rules_option_get(o, j);
            if (strcmp(mine, theirs) != 0)
                strbuf_addf(&diff, "%s%s %s (%s)", k++ ? ", " : "", rules_option_name(j), theirs,
                            mine);
        }
        if (k == 0)
            strbuf_addf(out, T(L, "  %s: the same options.\n", "  %s: samma inställningar.\n"),
                        o->name);
        else
            strbuf_addf(out, T(L, "  %s differs in %d: %s\n", "  %s skiljer sig i %d: %s\n"),
                        o->name, k, strbuf_str(&diff));
        strbuf_free(&diff);
    }
    strbuf_add(out, T(L,
                      "  (option, then its value in the other ruleset, then here in brackets; "
                      "'brade rules --options' explains each)\n",
                      "  (inställning, dess värde i de andra reglerna, och här inom parentes; "
                      "'brade rules --options' förklarar var och en)\n"));
}
