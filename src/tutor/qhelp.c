/*
 * qhelp.c - what the question code shares (see question.h).
 */
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "engine/verdict.h"
#include "analysis/giveup.h"
#include "analysis/onedie.h"
#include "tutor/explain_giveup.h"
#include "tutor/explain_onedie.h"
#include "tutor/question.h"
#include "tutor/words.h"

/* The question's side on roll, capitalised. */
const char *tutorq_who(const tutor_t *t, bool cap)
{
    return words_colour(t->lang, t->qpos->board.turn, cap);
}

/* Marks which legal plays (in t->buf, n of them) the question accepts. */
int tutorq_accepted(const tutor_t *t, int n, bool *ok)
{
    return question_accepted(t->q, t->qpos, t->buf, n, ok);
}

/* The open question's id in the record (see question.h). */
bool tutorq_id(const tutor_t *t, char *buf, size_t size)
{
    if (t->mode == TUTOR_FREE || !t->q)
        return false;
    if (t->mode == TUTOR_PUZZLE)
        snprintf(buf, size, "%s", t->course->puzzles[t->puzzle].id);
    else
        progress_question_id(buf, size, t->course->lessons[t->lesson].id, t->step);
    return true;
}

/* Records the first counted result of a puzzle, or of a lesson question
 * (its review schedule: see progress.h), and saves the record.  A lesson
 * question counts once a day, so stepping back and forth through a lesson,
 * or drilling a question by name again, cannot move it up the boxes (the
 * schedule itself never asks one again on the day it was tried).  A puzzle
 * whose answer was shown earlier today is practice: neither recorded nor
 * rated (a puzzle seen is a puzzle failed, and that was recorded then). */
void tutorq_record(tutor_t *t, bool solved, strbuf_t *out)
{
    if (t->recorded || t->mode == TUTOR_FREE || !t->q)
        return;
    t->recorded = true;
    if (!t->progress || (t->seen_today && t->mode == TUTOR_PUZZLE))
        return;
    char id[96];
    tutorq_id(t, id, sizeof id);
    if (t->mode != TUTOR_PUZZLE) {
        const progress_item_t *it = progress_get(t->progress, id, false);
        if (it && it->last == t->today)
            return;
    }
    progress_puzzle_result(t->progress, id, solved, t->hints > 0, t->today);
    if (t->mode == TUTOR_PUZZLE) { /* the learner's ratings: overall and in each theme */
        const puzzle_t *P = &t->course->puzzles[t->puzzle];
        double opp = glicko_puzzle_rating(P->difficulty), score = solved ? (t->hints > 0 ? 0.5 : 1.0) : 0.0;
        for (int i = 0; i < P->nthemes; i++) /* a new theme starts from the overall rating before this */
            progress_rate(t->progress, P->themes[i], opp, GLICKO_PUZZLE_RD, score, t->today);
        progress_rate(t->progress, PROGRESS_RATING_ALL, opp, GLICKO_PUZZLE_RD, score, t->today);
    }
    progress_save(t->progress, t->lang == LANG_SV, out);
}

/* Notes that the open question's answer was shown today (see question.h). */
void tutorq_mark_shown(tutor_t *t, strbuf_t *out)
{
    char id[96];
    if (!t->progress || !tutorq_id(t, id, sizeof id) || progress_shown_on(t->progress, id, t->today))
        return;
    progress_mark_shown(t->progress, id, t->today);
    progress_save(t->progress, t->lang == LANG_SV, out);
}

/* The first reply to the open question today (see question.h). */
bool tutorq_first_try(const tutor_t *t)
{
    if (t->attempted)
        return false;
    char id[96];
    if (!t->progress || !tutorq_id(t, id, sizeof id))
        return true;
    const progress_item_t *it = progress_get(t->progress, id, false);
    return !(it && it->last == t->today);
}

/* A drilled question earns its lesson step (see question.h). */
void tutorq_earn_drilled(tutor_t *t)
{
    const lesson_t *L = &t->course->lessons[t->lesson];
    progress_item_t *it = progress_item(t->progress, L->id, true);
    if (it->done >= 0 || (it->earned >> t->step & 1u))
        return; /* completed already, or earned */
    uint32_t earned = it->earned | 1u << t->step;
    progress_lesson_at(t->progress, L->id, it->at >= 0 ? it->at : t->step, earned);
    if (t->earned_lesson == t->lesson)
        t->earned = earned;
}

/* Why a right answer earns nothing now (see question.h). */
void tutorq_practice_note(const tutor_t *t, strbuf_t *out)
{
    lang_t L = t->lang;
    if (t->mode == TUTOR_PUZZLE)
        strbuf_add(out, T(L, "(Practice: you saw this puzzle's answer today, so it is neither counted nor rated; it "
                             "comes back on another day.)\n",
                          "(Övning: du har sett svaret på det här problemet i dag, så det räknas inte och påverkar "
                          "inte din rating; det kommer tillbaka en annan dag.)\n"));
    else if (t->mode == TUTOR_LESSON)
        strbuf_add(out, T(L, "(Practice: this question's answer was shown, or its first answer was wrong, today; it "
                             "counts towards the lesson when you answer it right on another day, here or in 'drill'.)\n",
                          "(Övning: svaret på den här frågan har visats, eller det första svaret var fel, i dag; "
                          "den räknas för lektionen när du svarar rätt en annan dag, här eller i 'drill'.)\n"));
}

/* The author's explanation after a blank line, if there is one. */
void tutorq_explanation(const tutor_t *t, strbuf_t *out)
{
    if (!text_empty(&t->q->explanation))
        strbuf_addf(out, "\n%s\n", text_pick(&t->q->explanation, t->lang));
}

/* True in a lesson whose next step asks what a play of this position wins
 * (see question.h). */
bool tutorq_next_asks_outcome(const tutor_t *t)
{
    if (t->mode != TUTOR_LESSON)
        return false;
    const lesson_t *L = &t->course->lessons[t->lesson];
    if (t->step + 1 >= L->nsteps)
        return false;
    const lesson_step_t *next = &L->steps[t->step + 1];
    const position_t *pos = next->pos.present ? &next->pos : t->qpos;
    return next->q.kind == QK_OUTCOME && board_equal(&pos->board, &t->qpos->board);
}

/* "21/off 24/off (wins: hemspel, 1 point)"; the win left out where the
 * next step asks it */
void tutorq_play_words(const tutor_t *t, const play_t *p, strbuf_t *out)
{
    char note[128], won[160];
    notation_play(p, t->qpos->board.geom, note, sizeof note);
    strbuf_add(out, p->nsteps ? note : T(t->lang, "no move", "inget drag"));
    if (p->outcome.kind != OUT_NONE && !tutorq_next_asks_outcome(t)) {
        explain_outcome(t->lang, &p->outcome, won, sizeof won);
        strbuf_addf(out, T(t->lang, " (wins: %s)", " (vinner: %s)"), won);
    }
}

/* Lists the accepted plays other than `except` (up to `max`). */
void tutorq_list_plays(const tutor_t *t, int n, const bool *ok, int except, int max, strbuf_t *out)
{
    int shown = 0, total = 0;
    for (int i = 0; i < n; i++) {
        if (!ok[i] || i == except)
            continue;
        total++;
        if (shown >= max)
            continue;
        strbuf_add(out, shown++ ? "; " : "");
        tutorq_play_words(t, movegen_play(t->buf, i), out);
    }
    if (total > shown)
        strbuf_addf(out, T(t->lang, "; and %d more", "; och %d till"), total - shown);
}

/* How a count is made up, for the reply. */
void tutorq_count_breakdown(const tutor_t *t, strbuf_t *out)
{
    const question_t *q = t->q;
    const board_t *b = &t->qpos->board;
    int s = q->side;
    lang_t L = t->lang;
    int bar = b->side[s][BOARD_BAR], q1 = board_own_q1(b, s);
    int blots_out = 0;
    for (int p = 7; p <= 24; p++)
        blots_out += b->side[s][p] == 1;
    switch (q->what) {
    case COUNT_JANBLOTTA:
    case COUNT_BLOTS_TO_JANBLOTTA:
        strbuf_addf(out,
                    T(L, " (bar %d + own first-quarter points %d + blots outside it %d = %d",
                      " (ribban %d + egna tungor i första kvarteret %d + blottor utanför det %d = %d"),
                    bar, q1, blots_out, bar + q1 + blots_out);
        if (q->what == COUNT_BLOTS_TO_JANBLOTTA)
            strbuf_add(out, T(L, "; the janblotta is out at 7", "; janblottan är ute vid 7"));
        strbuf_add(out, ")");
        break;
    case COUNT_JAN_EXCESS:
        strbuf_addf(out,
                    T(L, " (bar %d + own first-quarter points %d - 6)",
                      " (ribban %d + egna tungor i första kvarteret %d - 6)"),
                    bar, q1);
        break;
    case COUNT_FREE_POINTS: {
        strbuf_add(out, T(L, " (free: ", " (lediga: "));
        int k = 0;
        for (int d = 1; d <= 6; d++)
            if (b->side[s][d] == 0 && b->side[1 - s][board_under(b->geom, d)] <= 1)
                strbuf_addf(out, "%s%d", k++ ? ", " : "", d);
        if (!k)
            strbuf_add(out, T(L, "none", "inga"));
        strbuf_add(out, ")");
        break;
    }
    default:
        break;
    }
}

/* A one-die question's decision in words (see question.h). */
bool tutorq_onedie_words(const tutor_t *t, strbuf_t *out)
{
    const position_t *pos = t->qpos;
    rollout_opts_t ro;
    onedie_default_opts(&ro);
    onedie_eval_t e;
    if (onedie_value(&pos->board, &pos->rules, &ro, &e) != 0)
        return false;
    explain_onedie(t->lang, &e, &pos->rules, out);
    return true;
}

/* A give-up question's decision in words (see question.h). */
bool tutorq_giveup_words(const tutor_t *t, strbuf_t *out)
{
    const position_t *pos = t->qpos;
    giveup_eval_t e;
    if (!giveup_position(&pos->board, &pos->rules, pos->have_roll ? &pos->roll : NULL, t->q->giveup_plies,
                         &e))
        return false;
    explain_giveup(t->lang, &e, &pos->board, &pos->rules, out);
    return true;
}
