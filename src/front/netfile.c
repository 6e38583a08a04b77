/*
 * netfile.c - weights files on disk (see netfile.h).
 */
#include "front/netfile.h"
#include "front/savefile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_NET_FILE = 64 << 20 };

evalnet_t *netfile_load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (len < cap)
            break;
        if (cap >= MAX_NET_FILE) {
            fprintf(stderr, "%s: larger than %d MB: not a weights file\n", path, MAX_NET_FILE >> 20);
            free(buf);
            fclose(f);
            return NULL;
        }
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    bool read_error = ferror(f);
    fclose(f);
    if (!buf || read_error) {
        fprintf(stderr, "%s: %s\n", path, buf ? "read error" : "out of memory");
        free(buf);
        return NULL;
    }
    evalnet_error_t err;
    evalnet_t *n = evalnet_parse(buf, len, &err);
    free(buf);
    if (!n)
        fprintf(stderr, "%s:%d: %s\n", path, err.line, err.msg);
    return n;
}

evalnet_t *netfile_load_for(const char *path, const rules_t *r)
{
    evalnet_t *n = netfile_load(path);
    if (n && n->encoding != evalnet_encoding_for(r)) {
        fprintf(stderr, "%s: a net for %s cannot evaluate %s positions\n", path, n->rules, r->name);
        evalnet_free(n);
        return NULL;
    }
    return n;
}

bool netfile_save(const char *path, const evalnet_t *n)
{
    size_t len;
    char *text = evalnet_format(n, &len);
    if (!text) {
        fprintf(stderr, "%s: out of memory\n", path);
        return false;
    }
    bool ok = savefile_write(path, text, len);
    if (!ok)
        fprintf(stderr, "%s: cannot write: %s\n", path, savefile_strerror(errno));
    free(text);
    return ok;
}
