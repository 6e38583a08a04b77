/*
 * savefile.c - atomic whole-file writes (see savefile.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "front/savefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* errno's word for "the output is a symbolic link" (savefile_strerror). */
enum { SAVEFILE_ELINK = ELOOP };

/* Writes all of text to fd; false (errno set) when it cannot. */
static bool write_all(int fd, const char *text, size_t len)
{
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, text + off, len - off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        off += (size_t)w;
    }
    return true;
}

/* Writes a whole file atomically (see savefile.h).  The temporary file is
 * made by mkstemp beside the target: a name no one can guess and
 * O_CREAT|O_EXCL, so a link planted in the folder is never followed. */
bool savefile_write(const char *path, const char *text, size_t len)
{
    /* never rename over something that is not a plain file (/dev/null, a
     * directory, a FIFO), nor replace a link by a file */
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (exists && S_ISLNK(st.st_mode)) {
        errno = SAVEFILE_ELINK;
        return false;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        return false;
    }
    size_t pl = strlen(path);
    char *tmp = malloc(pl + sizeof ".tmp.XXXXXX");
    if (!tmp) {
        errno = ENOMEM;
        return false;
    }
    memcpy(tmp, path, pl);
    memcpy(tmp + pl, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        errno = e;
        return false;
    }
    /* the mode a new file would have had (mkstemp makes it 0600), or the
     * old file's */
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    bool ok = fchmod(fd, mode) == 0 && write_all(fd, text, len) && fsync(fd) == 0;
    if (close(fd) != 0)
        ok = false;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok) {
        int e = errno;
        unlink(tmp);
        errno = e;
    }
    free(tmp);
    return ok;
}

/* What went wrong, in words (see savefile.h). */
const char *savefile_strerror(int err)
{
    if (err == SAVEFILE_ELINK)
        return "it is a symbolic link; name the file it points to";
    return strerror(err);
}
