/*
 * progress.c - the learner's record (see progress.h).
 */
#include "tutor/progress.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const int INTERVALS[PROGRESS_BOXES] = {0, 1, 2, 4, 8, 16, 32, 64};

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

/* Frees the record. */
void progress_free(progress_t *p)
{
    for (int i = 0; i < p->n; i++)
        free(p->items[i].id);
    free(p->items);
    free(p->path);
    memset(p, 0, sizeof *p);
}

/* The record of an item, or NULL (writable). */
static progress_item_t *find(progress_t *p, const char *id, bool lesson)
{
    for (int i = 0; i < p->n; i++)
        if (p->items[i].lesson == lesson && strcmp(p->items[i].id, id) == 0)
            return &p->items[i];
    return NULL;
}

/* The record of an item, or NULL. */
const progress_item_t *progress_get(const progress_t *p, const char *id, bool lesson)
{
    for (int i = 0; i < p->n; i++)
        if (p->items[i].lesson == lesson && strcmp(p->items[i].id, id) == 0)
            return &p->items[i];
    return NULL;
}

/* The record of an item, made when missing. */
static progress_item_t *add(progress_t *p, const char *id, bool lesson)
{
    progress_item_t *it = find(p, id, lesson);
    if (it)
        return it;
    if (p->n == p->cap) {
        int cap = p->cap ? 2 * p->cap : 32;
        progress_item_t *items = realloc(p->items, (size_t)cap * sizeof *items);
        if (!items)
            oom();
        p->items = items;
        p->cap = cap;
    }
    it = &p->items[p->n++];
    memset(it, 0, sizeof *it);
    it->id = dup_s(id);
    it->lesson = lesson;
    it->done = it->last = it->due = -1;
    return it;
}

/* Records a completed lesson. */
void progress_lesson_done(progress_t *p, const char *id, long day) { add(p, id, true)->done = day; }

/* Records an attempt and moves the puzzle between boxes (see progress.h). */
void progress_puzzle_result(progress_t *p, const char *id, bool solved, bool hints, long day)
{
    progress_item_t *it = add(p, id, false);
    it->last = day;
    it->last_failed = !solved;
    if (solved) {
        it->solved++;
        if (!hints && it->box < PROGRESS_BOXES - 1)
            it->box++;
        if (it->box == 0)
            it->box = 1;
    } else {
        it->failed++;
        it->box = 0;
    }
    it->due = day + progress_interval(it->box);
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

/* A day number as YYYY-MM-DD. */
static void day_text(long day, char *buf, size_t size)
{
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
    strbuf_add(out, "brade-progress 1\n");
    for (int i = 0; i < p->n; i++) {
        const progress_item_t *it = &p->items[i];
        char a[64], b[64];
        if (it->lesson) {
            if (it->done < 0)
                continue;
            day_text(it->done, a, sizeof a);
            strbuf_addf(out, "lesson %s done=%s\n", it->id, a);
        } else {
            day_text(it->last, a, sizeof a);
            day_text(it->due, b, sizeof b);
            strbuf_addf(out, "puzzle %s result=%s solved=%d failed=%d last=%s due=%s box=%d\n",
                        it->id, it->last_failed ? "failed" : "solved", it->solved, it->failed, a, b,
                        it->box);
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

/* A count 0..99999 from text, or -1. */
static int count_of(const char *s)
{
    if (!s || !*s || strlen(s) > 5 || strspn(s, "0123456789") != strlen(s))
        return -1;
    return atoi(s);
}

/* Reads a record; any line that does not read makes it corrupt. */
bool progress_parse(progress_t *p, const char *text, char *why, size_t why_size)
{
    int line = 0;
    const char *s = text;
    bool header = false;
    while (*s) {
        line++;
        size_t len = strcspn(s, "\n");
        char buf[512];
        if (len >= sizeof buf) {
            snprintf(why, why_size, "line %d is too long", line);
            return false;
        }
        memcpy(buf, s, len);
        buf[len] = '\0';
        s += len + (s[len] == '\n');
        if (!header) {
            if (strcmp(buf, "brade-progress 1") != 0) {
                snprintf(why, why_size, "line 1 is not 'brade-progress 1'");
                return false;
            }
            header = true;
            continue;
        }
        char *words[16], *save = NULL;
        int n = 0;
        for (char *w = strtok_r(buf, " ", &save); w && n < 16; w = strtok_r(NULL, " ", &save))
            words[n++] = w;
        if (n == 0)
            continue;
        bool lesson = strcmp(words[0], "lesson") == 0;
        if ((!lesson && strcmp(words[0], "puzzle") != 0) || n < 3 || !valid_id(words[1]) ||
            n != (lesson ? 3 : 8)) {
            snprintf(why, why_size, "line %d cannot be read", line);
            return false;
        }
        if (lesson) {
            long day = parse_day(field(words, n, "done") ? field(words, n, "done") : "");
            if (day < 0) {
                snprintf(why, why_size, "line %d: a lesson needs done=YYYY-MM-DD", line);
                return false;
            }
            progress_lesson_done(p, words[1], day);
            continue;
        }
        const char *result = field(words, n, "result");
        int solved = count_of(field(words, n, "solved")),
            failed = count_of(field(words, n, "failed"));
        int box = count_of(field(words, n, "box"));
        long last = parse_day(field(words, n, "last") ? field(words, n, "last") : "");
        long due = parse_day(field(words, n, "due") ? field(words, n, "due") : "");
        if (!result || (strcmp(result, "solved") != 0 && strcmp(result, "failed") != 0) ||
            solved < 0 || failed < 0 || box < 0 || box >= PROGRESS_BOXES || last < 0 || due < 0) {
            snprintf(why, why_size,
                     "line %d: a puzzle needs result=, solved=, failed=, last=, "
                     "due= and box= with valid values",
                     line);
            return false;
        }
        progress_item_t *it = add(p, words[1], false);
        it->solved = solved;
        it->failed = failed;
        it->last = last;
        it->due = due;
        it->box = box;
        it->last_failed = strcmp(result, "failed") == 0;
    }
    if (!header) {
        snprintf(why, why_size, "the file is empty");
        return false;
    }
    return true;
}

/* Reads a whole file; NULL with errno set on failure. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    if (!text)
        oom();
    size_t got;
    while ((got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            if (cap > (16u << 20)) {
                /* no real record is this large */
                free(text);
                fclose(f);
                errno = EFBIG;
                return NULL;
            }
            cap *= 2;
            char *t = realloc(text, cap);
            if (!t)
                oom();
            text = t;
        }
    }
    bool err = ferror(f);
    fclose(f);
    if (err) {
        free(text);
        errno = EIO;
        return NULL;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        /* a NUL byte: not a text file */
        text[0] = '\x01';
        text[1] = '\0';
    }
    return text;
}

/* Moves a damaged record aside; the new name goes into `aside`. */
static bool keep_aside(const char *path, char *aside, size_t size)
{
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32] = "unknown";
    if (localtime_r(&now, &tm))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 0; k < 100; k++) {
        if (k == 0)
            snprintf(aside, size, "%s.corrupt-%s", path, stamp);
        else
            snprintf(aside, size, "%s.corrupt-%s-%d", path, stamp, k);
        struct stat st;
        if (lstat(aside, &st) == 0)
            continue;
        return rename(path, aside) == 0;
    }
    return false;
}

/* Opens the record; a damaged one is kept aside (see progress.h). */
bool progress_open(progress_t *p, const char *dir, bool sv, strbuf_t *msg)
{
    memset(p, 0, sizeof *p);
    if (!dir)
        return true;
    size_t len = strlen(dir) + sizeof "/progress";
    p->path = malloc(len);
    if (!p->path)
        oom();
    snprintf(p->path, len, "%s/progress", dir);
    char *text = slurp(p->path);
    if (!text) {
        if (errno == ENOENT)
            return true;
        strbuf_addf(
            msg,
            sv ? "Kan inte läsa framstegsfilen %s (%s); inga framsteg sparas den här gången.\n"
               : "Cannot read the progress file %s (%s); progress is not saved this time.\n",
            p->path, strerror(errno));
        p->read_only = true;
        return false;
    }
    char why[160];
    bool ok = progress_parse(p, text, why, sizeof why);
    free(text);
    if (ok)
        return true;
    /* damaged: start afresh, but keep the old file for the learner to see */
    for (int i = 0; i < p->n; i++)
        free(p->items[i].id);
    p->n = 0;
    char aside[4200];
    if (keep_aside(p->path, aside, sizeof aside)) {
        strbuf_addf(
            msg,
            sv ? "Framstegsfilen var skadad (%s). Den är sparad som %s och en ny har påbörjats.\n"
               : "The progress file was damaged (%s). It is kept as %s and a new one is "
                 "started.\n",
            why, aside);
        return true;
    }
    strbuf_addf(
        msg,
        sv ? "Framstegsfilen %s är skadad (%s) och kan inte flyttas undan; den lämnas orörd "
             "och inga framsteg sparas den här gången.\n"
           : "The progress file %s is damaged (%s) and cannot be moved aside; it is left "
             "alone and progress is not saved this time.\n",
        p->path, why);
    p->read_only = true;
    return false;
}

/* Writes the record atomically: temp file, fsync, rename, fsync dir. */
bool progress_save(progress_t *p, bool sv, strbuf_t *msg)
{
    if (!p->path || p->read_only)
        return true;
    strbuf_t text;
    strbuf_init(&text);
    progress_format(p, &text);
    size_t len = strlen(p->path) + 32;
    char *tmp = malloc(len);
    if (!tmp)
        oom();
    snprintf(tmp, len, "%s.tmp.%ld", p->path, (long)getpid());
    bool ok = false;
    const char *step = "open";
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
        size_t off = 0;
        ok = true;
        step = "write";
        while (off < text.len) {
            ssize_t w = write(fd, text.s + off, text.len - off);
            if (w < 0) {
                if (errno == EINTR)
                    continue;
                ok = false;
                break;
            }
            off += (size_t)w;
        }
        if (ok && fsync(fd) != 0) {
            step = "sync";
            ok = false;
        }
        if (close(fd) != 0 && ok) {
            step = "close";
            ok = false;
        }
        if (ok && rename(tmp, p->path) != 0) {
            step = "rename";
            ok = false;
        }
    }
    int saved_errno = errno;
    if (!ok) {
        unlink(tmp);
        strbuf_addf(msg,
                    sv ? "Kunde inte spara framstegen (%s: %s); den gamla filen är orörd.\n"
                       : "Could not save progress (%s: %s); the old file is untouched.\n",
                    step, strerror(saved_errno));
    } else {
        /* make the rename itself durable */
        char *dir = dup_s(p->path);
        char *slash = strrchr(dir, '/');
        if (slash) {
            *slash = '\0';
            int dfd = open(*dir ? dir : "/", O_RDONLY | O_DIRECTORY);
            if (dfd >= 0) {
                fsync(dfd);
                close(dfd);
            }
        }
        free(dir);
    }
    free(tmp);
    strbuf_free(&text);
    return ok;
}
