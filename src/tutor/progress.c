/*
 * progress.c - the learner's record (see progress.h).
 */
#include "tutor/progress.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int INTERVALS[PROGRESS_BOXES] = {0, 1, 2, 4, 8, 16, 32, 64};

/* The index's tag for ratings' themes (items use 0 and 1: lesson or not). */
enum { RATING_TAG = 2 };

/* Days a Leitner box waits: 0, 1, 2, 4, ... 64. */
int progress_interval(int box)
{
    if (box < 0)
        box = 0;
    if (box >= PROGRESS_BOXES)
        box = PROGRESS_BOXES - 1;
    return INTERVALS[box];
}

/* Out of memory: abort with a message. */
static void oom(void)
{
    fputs("brade: out of memory\n", stderr);
    abort();
}

/* strdup that aborts when out of memory. */
static char *dup_s(const char *s)
{
    char *d = strdup(s);
    if (!d)
        oom();
    return d;
}

/* The array `items` (n used of *cap, each `size` bytes) with room for one
 * more: doubled when full, `first` elements the first time.  Aborts when
 * out of memory; returns the (possibly moved) array. */
static void *room_for_one(void *items, int n, int *cap, int first, size_t size)
{
    if (n < *cap)
        return items;
    int grown = *cap ? 2 * *cap : first;
    void *a = realloc(items, (size_t)grown * size);
    if (!a)
        oom();
    *cap = grown;
    return a;
}

/* Frees the record. */
void progress_free(progress_t *p)
{
    for (int i = 0; i < p->n; i++)
        free(p->items[i].id);
    free(p->items);
    for (int i = 0; i < p->nratings; i++) {
        free(p->ratings[i].theme);
        free(p->ratings[i].history);
    }
    free(p->ratings);
    free(p->path);
    strset_free(&p->index);
    progress_journal_clear(p);
    free(p->journal);
    memset(p, 0, sizeof *p);
}

/* Forgets the unsaved events (see progress.h). */
void progress_journal_clear(progress_t *p)
{
    for (int i = 0; i < p->njournal; i++)
        free(p->journal[i].id);
    p->njournal = 0;
}

/* The record of an item, or NULL (writable). */
static progress_item_t *find(progress_t *p, const char *id, bool lesson)
{
    int i = strset_get(&p->index, lesson, id);
    return i < 0 ? NULL : &p->items[i];
}

/* The record of an item, or NULL. */
const progress_item_t *progress_get(const progress_t *p, const char *id, bool lesson)
{
    int i = strset_get(&p->index, lesson, id);
    return i < 0 ? NULL : &p->items[i];
}

/* The record of an item, made when missing. */
static progress_item_t *add(progress_t *p, const char *id, bool lesson)
{
    progress_item_t *it = find(p, id, lesson);
    if (it)
        return it;
    p->items = room_for_one(p->items, p->n, &p->cap, 32, sizeof *p->items);
    it = &p->items[p->n++];
    memset(it, 0, sizeof *it);
    it->id = dup_s(id);
    it->lesson = lesson;
    it->done = it->last = it->due = -1;
    it->at = -1;
    it->earned = 0;
    it->shown = -1;
    strset_put(&p->index, lesson, it->id, p->n - 1);
    return it;
}

/* The record of an item, made when missing (see progress.h). */
progress_item_t *progress_item(progress_t *p, const char *id, bool lesson)
{
    return add(p, id, lesson);
}

/* Adds an event to the journal of a record that is saved to a file. */
static void journal(progress_t *p, const char *id, bool lesson, bool solved, bool hints, long day, int at,
                    uint32_t earned)
{
    if (!p->path)
        return;
    p->journal = room_for_one(p->journal, p->njournal, &p->capjournal, 16, sizeof *p->journal);
    p->journal[p->njournal++] =
        (progress_event_t){dup_s(id), lesson, solved, hints, day, at, earned, false, false, 0, 0, 0};
}

/* The index of a theme's rating, or -1 (the ratings share the items'
 * index under their own tag, so a record with many themes loads in linear
 * time). */
static int find_rating(const progress_t *p, const char *theme)
{
    return strset_get(&p->index, RATING_TAG, theme);
}

/* A count as the file holds it: 0..PROGRESS_COUNT_MAX. */
static int count_clamp(int n)
{
    return n < 0 ? 0 : n > PROGRESS_COUNT_MAX ? PROGRESS_COUNT_MAX : n;
}

/* A rating kept within what the file's reader takes back: the rating in
 * PROGRESS_RATING_MIN..MAX, its deviation in GLICKO_MIN_RD..GLICKO_START_RD,
 * its volatility in PROGRESS_VOL_MIN..MAX.  A learner who fails hundreds of
 * puzzles in a row reaches the floor and stays there; nothing is lost. */
static glicko_t rating_clamp(glicko_t g)
{
    g.rating = fmin(fmax(g.rating, PROGRESS_RATING_MIN), PROGRESS_RATING_MAX);
    g.deviation = fmin(fmax(g.deviation, GLICKO_MIN_RD), GLICKO_START_RD);
    g.volatility = fmin(fmax(g.volatility, PROGRESS_VOL_MIN), PROGRESS_VOL_MAX);
    return g;
}

/* The rating of a theme, made (a new learner's) when missing. */
static progress_rating_t *rating_of(progress_t *p, const char *theme)
{
    int i = find_rating(p, theme);
    if (i >= 0)
        return &p->ratings[i];
    p->ratings = room_for_one(p->ratings, p->nratings, &p->capratings, 8, sizeof *p->ratings);
    /* a theme first rated starts from the overall rating (its deviation a
     * new learner's): what is known of him is the best first guess */
    glicko_t start = glicko_start();
    int all = find_rating(p, PROGRESS_RATING_ALL);
    if (all >= 0)
        start.rating = p->ratings[all].g.rating;
    progress_rating_t *r = &p->ratings[p->nratings++];
    *r = (progress_rating_t){dup_s(theme), start, 0, -1, NULL, 0, 0};
    strset_put(&p->index, RATING_TAG, r->theme, p->nratings - 1);
    return r;
}

/* Sets the rating's point for `day` (a later one on the same day replaces
 * it), keeping the history in day order.  Points come in day order in play
 * and in a record this program wrote; the reader appends a hand-made
 * record's out-of-order days and sorts once (history_sort), so no record
 * makes this quadratic. */
static void set_point(progress_rating_t *r, long day, double rating, double deviation)
{
    int i = r->nhistory;
    while (i > 0 && r->history[i - 1].day > day)
        i--;
    if (i > 0 && r->history[i - 1].day == day) {
        r->history[i - 1] = (progress_point_t){day, rating, deviation};
        return;
    }
    r->history = room_for_one(r->history, r->nhistory, &r->caphistory, 8, sizeof *r->history);
    memmove(&r->history[i + 1], &r->history[i], (size_t)(r->nhistory - i) * sizeof *r->history);
    r->history[i] = (progress_point_t){day, rating, deviation};
    r->nhistory++;
}

/* One rated game applied (no journal). */
static void apply_rate(progress_t *p, const char *theme, double opp, double opp_rd, double score, long day)
{
    progress_rating_t *r = rating_of(p, theme);
    glicko_game_t game = {opp, opp_rd, score};
    r->g = rating_clamp(glicko_update(r->g, &game, 1, GLICKO_TAU));
    r->attempts = count_clamp(r->attempts + 1);
    r->last = day;
    set_point(r, day, r->g.rating, r->g.deviation);
}

/* Rates an attempt (see progress.h). */
void progress_rate(progress_t *p, const char *theme, double opp, double opp_rd, double score, long day)
{
    apply_rate(p, theme, opp, opp_rd, score, day);
    if (!p->path)
        return;
    journal(p, theme, false, false, false, day, -1, 0);
    progress_event_t *e = &p->journal[p->njournal - 1];
    e->rated = true;
    e->opp = opp;
    e->opp_rd = opp_rd;
    e->score = score;
}

/* The learner's rating in a theme (see progress.h). */
const progress_rating_t *progress_rating(const progress_t *p, const char *theme)
{
    int i = find_rating(p, theme);
    return i < 0 ? NULL : &p->ratings[i];
}

/* The record of a lesson completed on `day` (no journal). */
static void apply_lesson(progress_t *p, const char *id, long day)
{
    progress_item_t *it = add(p, id, true);
    it->done = day;
    it->earned = 0;
}

/* The record of a puzzle attempt (no journal; see progress.h). */
static void apply_result(progress_t *p, const char *id, bool solved, bool hints, long day)
{
    progress_item_t *it = add(p, id, false);
    it->last = day;
    it->last_failed = !solved;
    if (solved) {
        it->solved = count_clamp(it->solved + 1);
        if (!hints && it->box < PROGRESS_BOXES - 1)
            it->box++;
        if (it->box == 0)
            it->box = 1;
    } else {
        it->failed = count_clamp(it->failed + 1);
        it->box = 0;
    }
    it->due = day + progress_interval(it->box);
    if (it->due > PROGRESS_LAST_DAY)
        it->due = PROGRESS_LAST_DAY; /* the file holds four-digit years */
}

/* Records a completed lesson. */
void progress_lesson_done(progress_t *p, const char *id, long day)
{
    apply_lesson(p, id, day);
    journal(p, id, true, true, false, day, -1, 0);
}

/* Records where the learner is in a lesson (see progress.h). */
void progress_lesson_at(progress_t *p, const char *id, int step, uint32_t earned)
{
    progress_item_t *it = add(p, id, true);
    if (it->at == step && it->earned == earned)
        return;
    it->at = step;
    it->earned = earned;
    journal(p, id, true, false, false, -1, step, earned);
}

/* True for a lesson question's record (see progress.h). */
bool progress_is_question(const progress_item_t *it) { return !it->lesson && strchr(it->id, '/') != NULL; }

/* "LESSON/STEP", the id of a lesson question's record (see progress.h). */
void progress_question_id(char *buf, size_t size, const char *lesson, int step)
{
    snprintf(buf, size, "%s/%d", lesson, step + 1);
}

/* Records an attempt and moves the puzzle between boxes (see progress.h). */
void progress_puzzle_result(progress_t *p, const char *id, bool solved, bool hints, long day)
{
    apply_result(p, id, solved, hints, day);
    journal(p, id, false, solved, hints, day, -1, 0);
}

/* Notes the day an item's answer was shown (see progress.h). */
void progress_mark_shown(progress_t *p, const char *id, long day)
{
    add(p, id, false)->shown = day;
    journal(p, id, false, false, false, day, -1, 0);
    if (p->path)
        p->journal[p->njournal - 1].shown = true;
}

/* True when the item's answer was shown on `day` (see progress.h). */
bool progress_shown_on(const progress_t *p, const char *id, long day)
{
    const progress_item_t *it = progress_get(p, id, false);
    return it && it->shown >= 0 && it->shown == day;
}

/* Plays the journal of `from` onto `to` (see progress.h). */
void progress_replay(progress_t *to, const progress_t *from)
{
    for (int i = 0; i < from->njournal; i++) {
        const progress_event_t *e = &from->journal[i];
        if (e->rated)
            apply_rate(to, e->id, e->opp, e->opp_rd, e->score, e->day);
        else if (e->shown)
            add(to, e->id, false)->shown = e->day;
        else if (e->at >= 0) {
            progress_item_t *it = add(to, e->id, true);
            it->at = e->at;
            it->earned = e->earned;
        }
        else if (e->lesson)
            apply_lesson(to, e->id, e->day);
        else
            apply_result(to, e->id, e->solved, e->hints, e->day);
    }
}

/* ------------------------------------------------------------- the file */

/* Day numbers <-> YYYY-MM-DD (civil calendar). */
static long civil_days(long y, long m, long d)
{
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* A day number as YYYY-MM-DD (clamped to 1970-01-01 .. 9999-12-31). */
static void day_text(long day, char *buf, size_t size)
{
    if (day > PROGRESS_LAST_DAY)
        day = PROGRESS_LAST_DAY;
    if (day < 0)
        day = 0;
    long z = day + 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    long d = doy - (153 * mp + 2) / 5 + 1;
    long m = mp + (mp < 10 ? 3 : -9);
    snprintf(buf, size, "%04ld-%02ld-%02ld", yoe + era * 400 + (m <= 2), m, d);
}

/* YYYY-MM-DD to a day number, or -1 (impossible dates too). */
static long parse_day(const char *s)
{
    int y, m, d;
    char extra;
    if (sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &extra) != 3 || y < 1970 || m < 1 || m > 12 ||
        d < 1 || d > 31)
        return -1;
    long day = civil_days(y, m, d);
    char back[64];
    day_text(day, back, sizeof back);
    return strcmp(back, s) == 0 ? day : -1;
}

/* The record as text (see progress.h). */
void progress_format(const progress_t *p, strbuf_t *out)
{
    strbuf_addf(out, "brade-progress %d\n", PROGRESS_FORMAT);
    for (int i = 0; i < p->n; i++) {
        const progress_item_t *it = &p->items[i];
        char a[64], b[64];
        if (it->lesson) {
            if (it->done < 0 && it->at < 0)
                continue;
            strbuf_addf(out, "lesson %s", it->id);
            if (it->done >= 0) {
                day_text(it->done, a, sizeof a);
                strbuf_addf(out, " done=%s", a);
            }
            if (it->at >= 0)
                strbuf_addf(out, " at=%d", it->at + 1);
            if (it->earned && it->done < 0) {
                strbuf_add(out, " earned=");
                for (int k = 0, first = 1; k < 32; k++)
                    if (it->earned >> k & 1u) {
                        strbuf_addf(out, "%s%d", first ? "" : ",", k + 1);
                        first = 0;
                    }
            }
            strbuf_add(out, "\n");
        } else {
            if (it->last < 0)
                continue; /* never tried (only its answer looked at): nothing to keep */
            day_text(it->last, a, sizeof a);
            day_text(it->due, b, sizeof b);
            strbuf_addf(out, "%s %s result=%s solved=%d failed=%d last=%s due=%s box=%d",
                        progress_is_question(it) ? "question" : "puzzle", it->id,
                        it->last_failed ? "failed" : "solved", it->solved, it->failed, a, b, it->box);
            if (it->shown >= 0) {
                day_text(it->shown, a, sizeof a);
                strbuf_addf(out, " shown=%s", a);
            }
            strbuf_add(out, "\n");
        }
    }
    for (int i = 0; i < p->nratings; i++) {
        const progress_rating_t *r = &p->ratings[i];
        char a[64];
        day_text(r->last, a, sizeof a);
        strbuf_addf(out, "rating %s r=%.2f rd=%.2f vol=%.6f n=%d last=%s\n", r->theme, r->g.rating, r->g.deviation,
                    r->g.volatility, r->attempts, a);
        for (int k = 0; k < r->nhistory; k++) {
            day_text(r->history[k].day, a, sizeof a);
            strbuf_addf(out, "history %s day=%s r=%.2f rd=%.2f\n", r->theme, a, r->history[k].rating,
                        r->history[k].deviation);
        }
    }
}

/* True for an id as course files allow it. */
static bool valid_id(const char *s)
{
    if (!*s || strlen(s) > 64)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
            return false;
    return true;
}

/* The value of `key=` among the words of a line, or NULL. */
static const char *field(char *const *words, int n, const char *key)
{
    size_t k = strlen(key);
    for (int i = 2; i < n; i++)
        if (strncmp(words[i], key, k) == 0 && words[i][k] == '=')
            return words[i] + k + 1;
    return NULL;
}

/* The day of `key=` among the words of a line, or -1 (missing or not a
 * date). */
static long day_field(char *const *words, int n, const char *key)
{
    const char *v = field(words, n, key);
    return parse_day(v ? v : "");
}

/* A count 0..PROGRESS_COUNT_MAX (99999) from text, or -1. */
static int count_of(const char *s)
{
    if (!s || !*s || strlen(s) > 5 || strspn(s, "0123456789") != strlen(s))
        return -1;
    return atoi(s);
}

/* True for a lesson question's id: a lesson id, '/', a step 1..99. */
static bool valid_question_id(const char *s)
{
    const char *slash = strchr(s, '/');
    if (!slash || slash == s || (size_t)(slash - s) > 64)
        return false;
    char lesson[65];
    memcpy(lesson, s, (size_t)(slash - s));
    lesson[slash - s] = '\0';
    int step = count_of(slash + 1);
    return valid_id(lesson) && step >= 1 && step <= 99 && slash[1] != '0';
}

/* Reads "1,3,12" (steps 1 to 32) into bits; false when it is not that. */
static bool steps_of(const char *s, uint32_t *out)
{
    *out = 0;
    while (*s) {
        int k = 0, digits = 0;
        while (*s >= '0' && *s <= '9' && digits < 3) {
            k = k * 10 + (*s++ - '0');
            digits++;
        }
        if (!digits || k < 1 || k > 32 || (*s && *s != ','))
            return false;
        *out |= 1u << (k - 1);
        if (*s == ',' && !*++s)
            return false;
    }
    return *out != 0;
}

/* A real number from text within [lo, hi], or NAN. */
static double real_of(const char *s, double lo, double hi)
{
    if (!s || !*s)
        return (double)NAN;
    char *end;
    double v = strtod(s, &end);
    if (*end || !(v >= lo && v <= hi))
        return (double)NAN;
    return v;
}

/* Reads "rating THEME r= rd= vol= n= last=" into p; false when it is not
 * that. */
static bool parse_rating(progress_t *p, char *const *words, int n)
{
    if (n != 7 || !valid_id(words[1]))
        return false;
    double r = real_of(field(words, n, "r"), PROGRESS_RATING_MIN, PROGRESS_RATING_MAX);
    double rd = real_of(field(words, n, "rd"), 1.0, GLICKO_START_RD);
    double vol = real_of(field(words, n, "vol"), PROGRESS_VOL_MIN, PROGRESS_VOL_MAX);
    int count = count_of(field(words, n, "n"));
    long last = day_field(words, n, "last");
    if (isnan(r) || isnan(rd) || isnan(vol) || count < 0 || last < 0)
        return false;
    progress_rating_t *pr = rating_of(p, words[1]);
    pr->g = (glicko_t){r, rd, vol};
    pr->attempts = count;
    pr->last = last;
    /* the rating as it stood on its last day: the whole history a format-4
     * record has, and the same as its last history line in a newer one */
    set_point(pr, last, r, rd);
    return true;
}

/* Reads "history THEME day= r= rd=" into p: a point of a theme whose
 * rating line came before; false when it is not that. */
static bool parse_history(progress_t *p, char *const *words, int n)
{
    int i = n == 5 ? find_rating(p, words[1]) : -1;
    if (i < 0)
        return false;
    double r = real_of(field(words, n, "r"), PROGRESS_RATING_MIN, PROGRESS_RATING_MAX);
    double rd = real_of(field(words, n, "rd"), 1.0, GLICKO_START_RD);
    long day = day_field(words, n, "day");
    if (isnan(r) || isnan(rd) || day < 0)
        return false;
    progress_rating_t *pr = &p->ratings[i];
    if (pr->nhistory > 0 && pr->history[pr->nhistory - 1].day > day) {
        /* out of order (a hand-made record): appended now, sorted once at
         * the end of the record */
        pr->history = room_for_one(pr->history, pr->nhistory, &pr->caphistory, 8, sizeof *pr->history);
        pr->history[pr->nhistory++] = (progress_point_t){day, r, rd};
        return true;
    }
    set_point(pr, day, r, rd);
    return true;
}

/* A history point with the place of its line, for a stable sort. */
typedef struct keyed_point {
    progress_point_t pt;
    int line;
} keyed_point_t;

/* Orders points by day, the earlier line first on the same day. */
static int keyed_cmp(const void *a, const void *b)
{
    const keyed_point_t *x = a, *y = b;
    if (x->pt.day != y->pt.day)
        return x->pt.day < y->pt.day ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

/* Puts a rating's history in day order, a later line replacing an earlier
 * one of the same day (as set_point does): n log n however the record is
 * ordered. */
static void history_sort(progress_rating_t *r)
{
    int n = r->nhistory;
    bool sorted = true;
    for (int k = 1; k < n && sorted; k++)
        sorted = r->history[k].day > r->history[k - 1].day;
    if (sorted)
        return;
    keyed_point_t *a = malloc((size_t)n * sizeof *a);
    if (!a)
        oom();
    for (int k = 0; k < n; k++)
        a[k] = (keyed_point_t){r->history[k], k};
    qsort(a, (size_t)n, sizeof *a, keyed_cmp);
    int out = 0;
    for (int k = 0; k < n; k++) {
        if (out > 0 && r->history[out - 1].day == a[k].pt.day)
            r->history[out - 1] = a[k].pt;
        else
            r->history[out++] = a[k].pt;
    }
    r->nhistory = out;
    free(a);
}

/* Notes an unreadable line: the first one's reason goes into why. */
static void bad_line(int *bad, char *why, size_t why_size, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void bad_line(int *bad, char *why, size_t why_size, const char *fmt, ...)
{
    if (*bad == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, why_size, fmt, ap);
        va_end(ap);
    }
    (*bad)++;
}

/* Reads a record, line by line (see progress.h). */
int progress_parse(progress_t *p, const char *text, char *why, size_t why_size)
{
    int line = 0, bad = 0;
    const char *s = text;
    bool header = false;
    if (why_size)
        why[0] = '\0';
    while (*s) {
        line++;
        size_t len = strcspn(s, "\n");
        bool complete = s[len] == '\n';
        const char *start = s;
        s += len + complete;
        if (len && start[len - 1] == '\r')
            len--; /* CR LF, as an editor on Windows writes */
        char buf[512];
        if (len >= sizeof buf) {
            bad_line(&bad, why, why_size, "line %d is too long", line);
            continue;
        }
        memcpy(buf, start, len);
        buf[len] = '\0';
        if (!header && line == 1) {
            /* "brade-progress N" with N past ours: a newer program's file,
             * left alone (N read as text: it may not fit an int) */
            const char *num = buf + strlen("brade-progress ");
            if (strncmp(buf, "brade-progress ", strlen("brade-progress ")) == 0 && *num &&
                strspn(num, "0123456789") == strlen(num) && (strlen(num) > 9 || atoi(num) > PROGRESS_FORMAT)) {
                snprintf(why, why_size, "it was written by a newer brade (format %.20s)", num);
                return -1;
            }
            char good[32];
            for (int v = 1; v <= PROGRESS_FORMAT && !header; v++) {
                snprintf(good, sizeof good, "brade-progress %d", v);
                header = strcmp(buf, good) == 0;
            }
            if (!header && strncmp(buf, "\xef\xbb\xbf", 3) == 0)
                bad_line(&bad, why, why_size, "line 1 starts with a byte-order mark (U+FEFF) before 'brade-progress'");
            else if (!header)
                bad_line(&bad, why, why_size, "line %d is not 'brade-progress %d'", line, PROGRESS_FORMAT);
            continue;
        }
        char *words[16], *save = NULL;
        int n = 0;
        for (char *w = strtok_r(buf, " \t", &save); w && n < 16; w = strtok_r(NULL, " \t", &save))
            words[n++] = w;
        if (n == 0)
            continue;
        if (!complete && !*s) {
            /* a last line without its newline: a save cut short, or an edit */
            bool lesson0 = strcmp(words[0], "lesson") == 0, rating0 = strcmp(words[0], "rating") == 0;
            bool history0 = strcmp(words[0], "history") == 0;
            if (lesson0 ? n < 3 || n > 5 : rating0 ? n != 7 : history0 ? n != 5 : n < 8 || n > 9) {
                bad_line(&bad, why, why_size, "line %d is cut short", line);
                continue;
            }
        }
        if (strcmp(words[0], "rating") == 0) {
            if (!parse_rating(p, words, n))
                bad_line(&bad, why, why_size,
                         "line %d: a rating needs a theme, r=, rd=, vol=, n= and last= with valid values", line);
            continue;
        }
        if (strcmp(words[0], "history") == 0) {
            if (!parse_history(p, words, n))
                bad_line(&bad, why, why_size,
                         "line %d: a history line needs a theme rated on a line before it, day=, r= and rd= "
                         "with valid values",
                         line);
            continue;
        }
        bool lesson = strcmp(words[0], "lesson") == 0, question = strcmp(words[0], "question") == 0;
        const char *shown_s = lesson ? NULL : field(words, n, "shown");
        if ((!lesson && !question && strcmp(words[0], "puzzle") != 0) || n < 3 ||
            !(question ? valid_question_id(words[1]) : valid_id(words[1])) ||
            (lesson ? n > 5 : n != 8 + (shown_s != NULL))) {
            bad_line(&bad, why, why_size, "line %d cannot be read", line);
            continue;
        }
        if (lesson) {
            /* done=YYYY-MM-DD, at=STEP, or both, with earned=STEP,... and
             * nothing else */
            const char *d = field(words, n, "done"), *a = field(words, n, "at"), *e = field(words, n, "earned");
            long day = d ? parse_day(d) : -1;
            int at = a ? count_of(a) : -1;
            uint32_t earned = 0;
            bool earned_ok = !e || steps_of(e, &earned);
            if ((d && day < 0) || (a && at < 1) || (!d && !a) || !earned_ok ||
                n != 2 + (d != NULL) + (a != NULL) + (e != NULL)) {
                bad_line(&bad, why, why_size,
                         "line %d: a lesson needs done=YYYY-MM-DD, at=STEP or both (and may have earned=STEP,...)",
                         line);
                continue;
            }
            progress_item_t *it = add(p, words[1], true);
            if (d)
                it->done = day;
            if (a)
                it->at = at - 1;
            it->earned = earned;
            continue;
        }
        const char *result = field(words, n, "result");
        int solved = count_of(field(words, n, "solved")),
            failed = count_of(field(words, n, "failed"));
        int box = count_of(field(words, n, "box"));
        long last = day_field(words, n, "last");
        long due = day_field(words, n, "due");
        long shown = shown_s ? parse_day(shown_s) : -1;
        if (!result || (strcmp(result, "solved") != 0 && strcmp(result, "failed") != 0) ||
            solved < 0 || failed < 0 || box < 0 || box >= PROGRESS_BOXES || last < 0 || due < 0 ||
            (shown_s && shown < 0)) {
            bad_line(&bad, why, why_size,
                     "line %d: a %s needs result=, solved=, failed=, last=, due= and box= "
                     "with valid values (and may have shown=)",
                     line, words[0]);
            continue;
        }
        progress_item_t *it = add(p, words[1], false);
        it->solved = solved;
        it->failed = failed;
        it->last = last;
        it->due = due;
        it->box = box;
        it->last_failed = strcmp(result, "failed") == 0;
        it->shown = shown;
    }
    for (int i = 0; i < p->nratings; i++)
        history_sort(&p->ratings[i]);
    if (line == 0) {
        snprintf(why, why_size, "the file is empty");
        bad = 1;
    }
    return bad;
}
