/*
 * review_puzzles.c - a reviewed game's mistakes into the learner's own
 * puzzle file (see review_puzzles.h).
 */
#include "cli/review_puzzles.h"

#include <stdio.h>
#include <string.h>

#include "front/course_env.h"
#include "front/mine_file.h"
#include "front/interrupt.h"
#include "front/progress_line.h"
#include "draw/render.h"
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
    mistakes_opts_t mo;
    mistakes_default_opts(&mo);
    mo.source = base_name(record);
    mo.stop = interrupt_flag();
    progress_line_t pl;
    progress_line_start(&pl);
    mo.progress = rollout_progress;
    mo.ud = &pl;
    mistakes_result_t res;
    char err[4600];
    bool ok = mine_file_add(file, rec, rv, &mo, &res, err, sizeof err);
    progress_line_end(&pl);
    if (!ok) {
        fprintf(stderr, "brade: %s\n", err);
        return 1;
    }
    strbuf_t said, wrapped;
    strbuf_init(&said);
    strbuf_init(&wrapped);
    mistakes_result_words(lang, &res, T(lang, "'puzzles mine' lists them", "'puzzles mine' visar dem"), &said);
    render_lines(strbuf_str(&said), 80, &wrapped);
    fputs(strbuf_str(&wrapped), stdout);
    strbuf_free(&said);
    strbuf_free(&wrapped);
    return 0;
}
