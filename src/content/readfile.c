/*
 * readfile.c - reading a whole regular file (see readfile.h).
 */
#include "content/readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads a regular file of at most max bytes (see readfile.h). */
char *readfile_regular(const char *path, size_t max, size_t *len)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
        close(fd);
        errno = e;
        return NULL;
    }
    size_t cap = 8192, n = 0;
    char *text = malloc(cap);
    if (!text) {
        fputs("brade: out of memory\n", stderr);
        abort();
    }
    for (;;) {
        if (n + 1 == cap) {
            if (n > max)
                break;
            cap *= 2;
            char *t = realloc(text, cap);
            if (!t) {
                fputs("brade: out of memory\n", stderr);
                abort();
            }
            text = t;
        }
        ssize_t got = read(fd, text + n, cap - n - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(text);
            close(fd);
            errno = e;
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n > max) {
        free(text);
        errno = EFBIG;
        return NULL;
    }
    text[n] = '\0';
    *len = n;
    return text;
}
