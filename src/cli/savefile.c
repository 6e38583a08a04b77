/*
 * savefile.c - atomic whole-file writes (see savefile.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/savefile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool savefile_write(const char *path, const char *text, size_t len)
{
    /* never rename over something that is not a plain file (/dev/null, a
     * directory, a FIFO) */
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        return false;
    }
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 32);
    if (!tmp) {
        errno = ENOMEM;
        return false;
    }
    snprintf(tmp, pl + 32, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(text, 1, len, f) == len;
    if (f)
        ok = (fflush(f) == 0) && (fsync(fileno(f)) == 0) && ok;
    if (f && fclose(f) != 0)
        ok = false;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok) {
        int e = errno;
        remove(tmp);
        errno = e;
    }
    free(tmp);
    return ok;
}
