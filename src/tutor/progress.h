/*
 * progress.h - what a learner has done: lessons completed, puzzles and
 * lesson questions solved and failed with dates, and when each is due again.
 *
 * The record is a small text file (`progress` in the state directory),
 * one line per item:
 *
 *     brade-progress 5
 *     lesson moving done=2026-11-21
 *     lesson bearing-off at=4 earned=1,3
 *     puzzle c7-sprangjan result=solved solved=2 failed=1 last=2026-11-21 due=2026-11-25 box=3
 *     question whole-roll/2 result=failed solved=0 failed=1 last=2026-11-21 due=2026-11-21 box=0
 *     rating janblotta r=1563.21 rd=112.40 vol=0.060001 n=7 last=2026-11-21
 *     history janblotta day=2026-11-20 r=1520.00 rd=140.10
 *     history janblotta day=2026-11-21 r=1563.21 rd=112.40
 *
 * It is written atomically: a temporary file in the same directory is
 * written, flushed to disk (fsync) and renamed over the old one, so a crash
 * or a full disk leaves either the old record or the new one, never half.
 * Temporary files a killed save left behind are removed at the next open.
 *
 * Nothing is lost to damage: the reader takes every line it can read and
 * counts the others (CR LF line ends and a last line without its newline
 * are read as they are meant).  When some line cannot be read, the whole
 * old file is kept aside under a new name (progress.corrupt-DATE[-N]), the
 * readable items are loaded and saved at once, and the learner is told
 * which line and where the old file went.  A record written by a newer
 * brade (another format number) is left alone and nothing is saved.
 * Format 2 added `at=STEP` (where the learner was in a lesson: `lesson`
 * resumes there); format 3 added `earned=STEP,...` (the steps of a lesson
 * not yet completed whose questions were answered right without the answer
 * shown: they count towards completing it another day); format 4 added
 * `question LESSON/STEP` (a lesson's question in the review schedule, kept
 * as a puzzle is: the spaced repetition of the lesson material) and
 * `rating THEME` (the learner's Glicko-2 rating in a puzzle theme, or
 * overall under "all": tutor/glicko.h); format 5 added `history THEME`
 * (the rating as it stood at the end of each day it changed, for a chart
 * of progress over time; each follows its theme's `rating` line); format
 * 6 added `shown=DAY` to a puzzle or question line (the last day its
 * answer was shown: that day a right answer is practice).  Older
 * formats are read as they are and written as PROGRESS_FORMAT, and a brade
 * that reads only an older format leaves a newer file alone.
 *
 * Two tutors on one state directory (two terminal windows) keep both
 * windows' results: every open and save holds a lock (flock on
 * `progress.lock`), and a save reads the file again and replays onto it the
 * events of this session not yet saved (the journal), so a save never
 * writes back an old copy over the other window's results.
 *
 * The review schedule is a Leitner scheme: a solved puzzle moves up a box
 * and is due again after 1, 2, 4, 8, 16, 32 or 64 days; a failed one goes
 * back to box 0 and is due the same day (box k waits 2^(k-1) days).  Solving with hints keeps the box.
 * A lesson question is scheduled the same way from its first counted
 * answer in the lesson on; its record is a puzzle-like item whose id is
 * "LESSON/STEP" (step 1-based), which no puzzle id can be.
 * Records of ids the course no longer has are kept as they are.
 *
 * Ownership: a progress_t owns its records and its path; progress_free()
 * releases them.  Days are day numbers (days since 1970-01-01).
 */
#ifndef BRADE_PROGRESS_H
#define BRADE_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "content/strbuf.h"
#include "content/strset.h"
#include "tutor/glicko.h"

typedef struct progress_item {
    char *id;
    bool lesson;
    long done;          /* lesson: day completed, -1 never */
    int at;             /* lesson: the step (0-based) the learner was last on, -1 none */
    uint32_t earned;    /* lesson not completed: bit k set when step k's question was earned */
    int solved, failed; /* puzzle: attempts by result */
    long last, due;     /* puzzle: last attempt, next due (-1 never tried) */
    int box;            /* puzzle: Leitner box 0..PROGRESS_BOXES-1 */
    bool last_failed;   /* puzzle: the last attempt failed */
    long shown;         /* puzzle or lesson question: the last day its answer was shown
                           (solution, the last hint, a reply that gave it away), -1
                           never; that day a right answer is practice, not earned */
} progress_item_t;

/* The format number progress_format writes (the newest this brade reads). */
enum { PROGRESS_FORMAT = 6 };

/* A rating as it stood at the end of a day. */
typedef struct progress_point {
    long day;
    double rating, deviation;
} progress_point_t;

/* The learner's rating in one puzzle theme, or overall (PROGRESS_RATING_ALL,
 * a name no theme may take), with its history: one point a day it
 * changed, oldest first. */
#define PROGRESS_RATING_ALL "all"
typedef struct progress_rating {
    char *theme;
    glicko_t g;
    int attempts;
    long last; /* the day of the last rated attempt */
    progress_point_t *history;
    int nhistory, caphistory;
} progress_rating_t;

/* One result of this session not yet saved. */
typedef struct progress_event {
    char *id;           /* the item's id, or a rating's theme */
    bool lesson;
    bool solved, hints; /* puzzle */
    long day;
    int at;             /* >= 0: a lesson's place (progress_lesson_at), not a result */
    uint32_t earned;    /* with `at`: the steps earned (progress_lesson_at) */
    bool rated;         /* a rating's game (progress_rate): against opp/opp_rd, scoring score */
    bool shown;         /* the answer of item `id` was shown on `day` (progress_mark_shown) */
    double opp, opp_rd, score;
} progress_event_t;

typedef struct progress {
    char *path; /* NULL: nothing is saved (no state directory) */
    progress_item_t *items;
    int n, cap;
    strset_t index; /* (lesson, id) -> index in items, (2, theme) -> index in
                     ratings: loading stays linear */
    bool read_only; /* the file must not be overwritten (unreadable, or newer) */
    progress_event_t *journal; /* results since the last save (only with a path) */
    int njournal, capjournal;
    progress_rating_t *ratings; /* by theme, in the order first rated */
    int nratings, capratings;
} progress_t;

enum { PROGRESS_BOXES = 8 };
/* What the file holds, and so what the writer keeps to: counts (solved=,
 * failed=, n=) up to 99999, a rating in [0, 4000], a volatility in
 * [1e-6, 1].  The writer clamps to these, the reader takes exactly these. */
enum { PROGRESS_COUNT_MAX = 99999 };
#define PROGRESS_RATING_MIN 0.0
#define PROGRESS_RATING_MAX 4000.0
#define PROGRESS_VOL_MIN 1e-6
#define PROGRESS_VOL_MAX 1.0
/* 9999-12-31 as a day number: dates are clamped to it, so the file always
 * holds four-digit years its reader takes. */
#define PROGRESS_LAST_DAY 2932896L

/* Opens the record in `dir` (NULL: a record kept only in memory).  A
 * missing file is an empty record.  Problems (a corrupt file, and where it
 * was kept) are described in `msg`, in English and Swedish by `sv`.
 * Returns false only when the record could not be read at all. */
bool progress_open(progress_t *p, const char *dir, bool sv, strbuf_t *msg);
void progress_free(progress_t *p);

/* Writes the record atomically.  Returns false with a reason in msg. */
bool progress_save(progress_t *p, bool sv, strbuf_t *msg);

/* Reads a record text into p (for tests and progress_open): every line
 * that reads is taken.  Returns the number of lines that could not be read
 * (0: all of it), with the first one's line number and reason in `why`;
 * or -1 when the text is a record of another format (then p is empty). */
int progress_parse(progress_t *p, const char *text, char *why, size_t why_size);
/* Writes the record text. */
void progress_format(const progress_t *p, strbuf_t *out);

/* The record of an item, or NULL. */
const progress_item_t *progress_get(const progress_t *p, const char *id, bool lesson);

void progress_lesson_done(progress_t *p, const char *id, long day);
/* Records the step (0-based) a learner is on in a lesson, so that the
 * lesson resumes there, and the steps whose questions he has earned
 * (bit k: step k); saved with the next save.  Completing the lesson clears
 * the earned steps (a lesson studied again asks again). */
void progress_lesson_at(progress_t *p, const char *id, int step, uint32_t earned);
/* Records a puzzle attempt: solved (with or without hints) or failed.  A
 * lesson question's attempt is recorded the same way under its id
 * (progress_question_id). */
void progress_puzzle_result(progress_t *p, const char *id, bool solved, bool hints, long day);
/* The record id of step `step` (0-based) of lesson `lesson`: "LESSON/STEP"
 * with the step counted from 1. */
void progress_question_id(char *buf, size_t size, const char *lesson, int step);
/* True when a puzzle-like record is a lesson question's. */
bool progress_is_question(const progress_item_t *it);

/* Rates an attempt in `theme` (a puzzle theme, or "all" for the overall
 * rating): one Glicko-2 period against an opponent of rating `opp` and
 * deviation `opp_rd` scoring `score` (1 solved, 0.5 solved after hints, 0
 * missed).  A theme rated for the first time starts from the overall
 * rating as it stands (rate the themes before "all"). */
void progress_rate(progress_t *p, const char *theme, double opp, double opp_rd, double score, long day);
/* The learner's rating in a theme, or NULL when never rated there. */
const progress_rating_t *progress_rating(const progress_t *p, const char *theme);

/* Notes that the answer of a puzzle or lesson question (id as
 * progress_puzzle_result takes it) was shown on `day`: a right answer that
 * day is practice (tutor.h).  Journaled like a result. */
void progress_mark_shown(progress_t *p, const char *id, long day);
/* True when the answer of that item was shown on `day`. */
bool progress_shown_on(const progress_t *p, const char *id, long day);

/* The record of an item, made (empty, never tried) when missing; no
 * journal entry: for merging records. */
progress_item_t *progress_item(progress_t *p, const char *id, bool lesson);
/* Applies the journal of `from` (its unsaved results) to `to`, as if the
 * results had been recorded there. */
void progress_replay(progress_t *to, const progress_t *from);
/* Forgets the journal (after a save). */
void progress_journal_clear(progress_t *p);
/* Days until a box comes due again. */
int progress_interval(int box);

#endif
