/*
 * mine_file.c - a reviewed game's mistakes appended to the learner's own
 * puzzle file (see mine_file.h).
 */
#include "front/mine_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/readfile.h"
#include "front/paths.h"
#include "front/savefile.h"

bool mine_file_add(const char *file, const playrec_t *rec, const review_t *rv, mistakes_opts_t *o,
                   mistakes_result_t *res, char *err, size_t errsize)
{
    memset(res, 0, sizeof *res);
    if (errsize)
        err[0] = '\0';
    size_t len = 0;
    char *old = readfile_regular(file, 16 << 20, &len);
    if (!old && errno != ENOENT) {
        snprintf(err, errsize, "cannot read %s: %s", file, strerror(errno));
        return false;
    }
    char day[16];
    paths_format_day(paths_today(), day, sizeof day);
    o->day = day;
    o->known = old;
    strbuf_t items;
    strbuf_init(&items);
    bool ok = mistakes_make(rec, rv, o, &items, res);
    o->known = NULL;
    o->day = NULL;
    if (!ok)
        snprintf(err, errsize, "the rollouts were stopped; %d puzzle%s made before that", res->made,
                 res->made == 1 ? " was" : "s were");
    if (res->made) {
        strbuf_t all;
        strbuf_init(&all);
        if (old && len) {
            strbuf_addn(&all, old, len);
            if (old[len - 1] != '\n')
                strbuf_add(&all, "\n");
        } else {
            strbuf_add(&all, mistakes_file_header());
        }
        strbuf_add(&all, strbuf_str(&items));
        if (!savefile_write(file, strbuf_str(&all), all.len)) {
            snprintf(err, errsize, "cannot write %s: %s", file, savefile_strerror(errno));
            ok = false;
        }
        strbuf_free(&all);
    }
    strbuf_free(&items);
    free(old);
    return ok;
}
