/*
 * progress_file.c - the learner's record on disk: reading what can be
 * read, keeping damage aside, the lock, the re-read-and-merge before each
 * save, and the atomic write (see progress.h).
 */
#include "tutor/progress.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "content/readfile.h"

/* Out of memory: abort with a message. */
static void oom(void)
{
    fputs("brade: out of memory\n", stderr);
    abort();
}

/* `name` in the directory of the record (malloc'd). */
static char *sibling(const progress_t *p, const char *suffix)
{
    size_t len = strlen(p->path) + strlen(suffix) + 1;
    char *s = malloc(len);
    if (!s)
        oom();
    snprintf(s, len, "%s%s", p->path, suffix);
    return s;
}

/* Takes the record's lock (progress.lock beside it); returns its fd, or
 * -1 when there is no lock to be had (a read-only directory: then nothing
 * can be saved anyway) or another window holds it for over 3 seconds. */
static int lock_take(const progress_t *p)
{
    char *path = sibling(p, ".lock");
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    free(path);
    if (fd < 0)
        return -1;
    for (int tries = 0; tries < 300; tries++) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0)
            return fd;
        if (errno != EWOULDBLOCK && errno != EINTR)
            break;
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    close(fd);
    return -1;
}

/* Releases the lock. */
static void lock_drop(int fd)
{
    if (fd >= 0) {
        flock(fd, LOCK_UN);
        close(fd);
    }
}

/* Removes temporary files that killed saves left behind: every
 * `progress.tmp.PID` when we hold the lock (saves write them only under
 * it), else only those whose process is gone. */
static void clean_temps(const progress_t *p, bool locked)
{
    char *dir = strdup(p->path);
    if (!dir)
        oom();
    char *slash = strrchr(dir, '/');
    const char *base = slash ? slash + 1 : dir;
    if (slash)
        *slash = '\0';
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%s.tmp.", base);
    DIR *d = opendir(slash ? (*dir ? dir : "/") : ".");
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
                continue;
            const char *num = e->d_name + strlen(prefix);
            char *end;
            long pid = strtol(num, &end, 10);
            if (!*num || *end || pid <= 0)
                continue;
            if (pid == (long)getpid())
                continue;
            if (!locked && !(kill((pid_t)pid, 0) != 0 && errno == ESRCH))
                continue;
            size_t len = strlen(dir) + strlen(e->d_name) + 2;
            char *path = malloc(len);
            if (!path)
                oom();
            snprintf(path, len, "%s/%s", slash ? dir : ".", e->d_name);
            unlink(path);
            free(path);
        }
        closedir(d);
    }
    free(dir);
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

/* Empties the items and ratings of p (keeps path, journal and flags): what
 * is read next, with the journal replayed on it, is the whole record. */
static void clear_items(progress_t *p)
{
    for (int i = 0; i < p->n; i++)
        free(p->items[i].id);
    p->n = 0;
    for (int i = 0; i < p->nratings; i++) {
        free(p->ratings[i].theme);
        free(p->ratings[i].history);
    }
    p->nratings = 0;
    strset_free(&p->index);
}

/* Writes text to the record atomically: temp file, fsync, rename, fsync
 * of the directory.  On failure, `step` names what failed (errno set). */
static bool write_atomic(const progress_t *p, const strbuf_t *text, const char **step)
{
    size_t len = strlen(p->path) + 32;
    char *tmp = malloc(len);
    if (!tmp)
        oom();
    snprintf(tmp, len, "%s.tmp.%ld", p->path, (long)getpid());
    bool ok = false;
    *step = "open";
    /* our own pid's name, held under the lock: a file left by a killed
     * process of the same pid goes first, and a link planted there is
     * never followed */
    unlink(tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) {
        size_t off = 0;
        ok = true;
        *step = "write";
        while (off < text->len) {
            ssize_t w = write(fd, text->s + off, text->len - off);
            if (w < 0) {
                if (errno == EINTR)
                    continue;
                ok = false;
                break;
            }
            off += (size_t)w;
        }
        if (ok && fsync(fd) != 0) {
            *step = "sync";
            ok = false;
        }
        if (close(fd) != 0 && ok) {
            *step = "close";
            ok = false;
        }
        if (ok && rename(tmp, p->path) != 0) {
            *step = "rename";
            ok = false;
        }
    }
    int saved_errno = errno;
    if (!ok) {
        unlink(tmp);
    } else {
        /* make the rename itself durable */
        char *dir = strdup(p->path);
        if (!dir)
            oom();
        char *slash = strrchr(dir, '/');
        if (slash) {
            *slash = '\0';
            int dfd = open(*dir ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (dfd >= 0) {
                fsync(dfd);
                close(dfd);
            }
        }
        free(dir);
    }
    free(tmp);
    errno = saved_errno;
    return ok;
}

/* No real record is this large (100 000 items are 8 MB). */
enum { PROGRESS_MAX_FILE = 64 << 20 };

/* Reads the file into p (empty or not, p's items are replaced).  Returns
 * 0 when all of it read (or there is no file), the number of lines kept
 * aside, -1 when the file is a newer format or the file cannot be read
 * (why says which); `aside` gets where damage was kept ("" if it could
 * not be moved). */
static int read_record(progress_t *p, char *why, size_t why_size, char *aside, size_t aside_size)
{
    clear_items(p);
    aside[0] = '\0';
    size_t len;
    char *text = readfile_regular(p->path, PROGRESS_MAX_FILE, &len);
    if (!text) {
        if (errno == ENOENT)
            return 0;
        snprintf(why, why_size, "%s", strerror(errno));
        return -1;
    }
    /* a NUL byte: the line holding it cannot be read (it is not cut there) */
    for (size_t i = 0; i < len; i++)
        if (!text[i])
            text[i] = '\x01';
    int bad = progress_parse(p, text, why, why_size);
    free(text);
    if (bad < 0) {
        clear_items(p);
        return -1;
    }
    if (bad > 0 && !keep_aside(p->path, aside, aside_size))
        aside[0] = '\0';
    return bad;
}

/* Opens the record; damage is kept aside (see progress.h). */
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
    int lock = lock_take(p);
    clean_temps(p, lock >= 0);
    char why[160], aside[4200];
    int bad = read_record(p, why, sizeof why, aside, sizeof aside);
    bool ok = true;
    if (bad < 0) {
        strbuf_addf(
            msg,
            sv ? "Kan inte läsa framstegsfilen %s (%s); den lämnas orörd och inga framsteg "
                 "sparas den här gången.\n"
               : "Cannot read the progress file %s (%s); it is left alone and progress is not "
                 "saved this time.\n",
            p->path, why);
        p->read_only = true;
        ok = false;
    } else if (bad > 0 && !aside[0]) {
        strbuf_addf(
            msg,
            sv ? "Framstegsfilen %s är skadad (%s) och kan inte flyttas undan; den lämnas orörd "
                 "och inga framsteg sparas den här gången.\n"
               : "The progress file %s is damaged (%s) and cannot be moved aside; it is left "
                 "alone and progress is not saved this time.\n",
            p->path, why);
        p->read_only = true;
        ok = false;
    } else if (bad > 0) {
        /* save what was read at once, so the file is whole again */
        strbuf_t text;
        strbuf_init(&text);
        progress_format(p, &text);
        const char *step;
        bool saved = write_atomic(p, &text, &step);
        strbuf_free(&text);
        if (sv)
            strbuf_addf(msg,
                        "Framstegsfilen var skadad (%s; %d %s kunde inte läsas). Den gamla filen "
                        "är sparad som %s; %d %s lästes in%s.\n",
                        why, bad, bad == 1 ? "rad" : "rader", aside, p->n,
                        p->n == 1 ? "post" : "poster",
                        saved ? " och har sparats igen" : "");
        else
            strbuf_addf(msg,
                        "The progress file was damaged (%s; %d line%s could not be read). The old "
                        "file is kept as %s; %d item%s read from it%s.\n",
                        why, bad, bad == 1 ? "" : "s", aside, p->n, p->n == 1 ? " was" : "s were",
                        saved ? " and saved again" : "");
    }
    lock_drop(lock);
    return ok;
}

/* Saves: lock, read the file again, replay this session's unsaved
 * results onto it, write atomically, take the merged record as ours. */
bool progress_save(progress_t *p, bool sv, strbuf_t *msg)
{
    if (!p->path || p->read_only)
        return true;
    int lock = lock_take(p);
    progress_t disk;
    memset(&disk, 0, sizeof disk);
    disk.path = p->path;
    char why[160], aside[4200];
    int bad = read_record(&disk, why, sizeof why, aside, sizeof aside);
    if (bad < 0 || (bad > 0 && !aside[0])) {
        /* the file changed into something we must not merge with or
         * overwrite: keep this session's record in memory only */
        strbuf_addf(msg,
                    sv ? "Framstegsfilen %s kan inte läsas längre (%s); den lämnas orörd och "
                         "framstegen sparas inte.\n"
                       : "The progress file %s cannot be read any more (%s); it is left alone "
                         "and progress is not saved.\n",
                    p->path, why);
        p->read_only = true;
        disk.path = NULL;
        progress_free(&disk);
        lock_drop(lock);
        return false;
    }
    if (bad > 0)
        strbuf_addf(msg,
                    sv ? "Framstegsfilen var skadad (%s); den gamla filen är sparad som %s.\n"
                       : "The progress file was damaged (%s); the old file is kept as %s.\n",
                    why, aside);
    progress_replay(&disk, p);
    strbuf_t text;
    strbuf_init(&text);
    progress_format(&disk, &text);
    const char *step;
    bool ok = write_atomic(p, &text, &step);
    int saved_errno = errno;
    strbuf_free(&text);
    if (!ok) {
        strbuf_addf(msg,
                    sv ? "Kunde inte spara framstegen (%s: %s); den gamla filen är orörd.\n"
                       : "Could not save progress (%s: %s); the old file is untouched.\n",
                    step, strerror(saved_errno));
    } else {
        /* the merged record is ours now: both windows' results */
        for (int i = 0; i < disk.n; i++) {
            const progress_item_t *src = &disk.items[i];
            progress_item_t *it = progress_item(p, src->id, src->lesson);
            char *id = it->id;
            *it = *src;
            it->id = id;
        }
        progress_journal_clear(p);
    }
    disk.path = NULL;
    progress_free(&disk);
    lock_drop(lock);
    return ok;
}
