/*
 * review_puzzles.c - a reviewed game's mistakes into the learner's own
 * puzzle file (see review_puzzles.h).
 */
#include "cli/review_puzzles.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/course_env.h"
#include "front/interrupt.h"
#include "front/paths.h"
#include "front/progress_line.h"
#include "draw/render.h"
#include "front/savefile.h"
#include "content/readfile.h"
#include "tutor/mistakes.h"
#include "tutor/words.h"

void review_puzzles_path(const char *dir, char *buf, size_t size)
{
    course_env_mine_path(dir, buf, size);
}

static void rollout_progress(void *ud, int done, int total)
{
    progress_line_show(ud, "rolling out your mistakes", done, total);
}

/* The file's last path part (the record's name in a source line). */
static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

int review_puzzles(const playrec_t *rec, const review_t *rv, const char *record, const char *file,
                   lang_t lang)
{
    size_t len = 0;
    char *old = readfile_regular(file, 16 << 20, &len);
    if (!old && errno != ENOENT) {
        fprintf(stderr, "brade: cannot read %s: %s\n", file, strerror(errno));
        return 1;
    }
    char day[16];
    paths_format_day(paths_today(), day, sizeof day);
    mistakes_opts_t mo;
    mistakes_default_opts(&mo);
    mo.source = base_name(record);
    mo.day = day;
    mo.known = old;
    mo.stop = interrupt_flag();
    progress_line_t pl;
    progress_line_start(&pl);
    mo.progress = rollout_progress;
    mo.ud = &pl;
    strbuf_t items;
    strbuf_init(&items);
    mistakes_result_t res;
    bool ok = mistakes_make(rec, rv, &mo, &items, &res);
    progress_line_end(&pl);
    int rc = 0;
    if (res.made) {
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
            fprintf(stderr, "brade: cannot write %s: %s\n", file, savefile_strerror(errno));
            rc = 1;
        }
        strbuf_free(&all);
    }
    if (!ok && rc == 0) {
        fprintf(stderr, "brade: the rollouts were stopped; %d puzzle%s made before that\n", res.made,
                res.made == 1 ? " was" : "s were");
        rc = 1;
    }
    if (rc == 0) {
        strbuf_t said, wrapped;
        strbuf_init(&said);
        strbuf_init(&wrapped);
        if (!res.candidates && res.series)
            ; /* only the single dice below */
        else if (!res.candidates)
            strbuf_addf(
                &said, "%s\n",
                T(lang, "No bad play or decision to make a puzzle of.",
                  "Inget dåligt drag eller beslut att göra ett problem av."));
        else
            strbuf_addf(
                &said,
                T(lang,
                  "Your bad plays and decisions: %d; new puzzles: %d (theme 'mine'; 'puzzles mine' lists them), already "
                  "among your puzzles: %d, too close to the best play for a rollout to tell: %d.\n",
                  "Dina dåliga drag och beslut: %d; nya problem: %d (tema 'mine'; 'puzzles mine' visar dem), redan "
                  "bland dina problem: %d, för nära det bästa draget för att en utspelning ska skilja dem: "
                  "%d.\n"),
                res.candidates, res.made, res.known, res.unclear);
        if (res.series)
            strbuf_addf(&said,
                        T(lang,
                          "Not made puzzles: %d bad play%s of a one-die series (a puzzle cannot carry the "
                          "series still running).\n",
                          "Inte gjorda till problem: %d dåliga drag%s i en entärningsserie (ett "
                          "problem kan inte bära den pågående serien).\n"),
                        res.series, lang == LANG_SV || res.series == 1 ? "" : "s");
        render_lines(strbuf_str(&said), 80, &wrapped);
        fputs(strbuf_str(&wrapped), stdout);
        strbuf_free(&said);
        strbuf_free(&wrapped);
    }
    strbuf_free(&items);
    free(old);
    return rc;
}
