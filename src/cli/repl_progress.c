/*
 * repl_progress.c - `progress`: what the learner has done and what is due,
 * his ratings per puzzle theme (draw/report.h), and `progress --svg FILE`,
 * the ratings over time as a chart.
 */
#include <stdio.h>
#include <string.h>

#include "cli/repl.h"
#include "draw/report.h"
#include "tutor/words.h"

#define L_(r) ((r)->ro.lang)

/* `progress [--svg FILE]`: lessons completed, puzzles solved and failed,
 * what is due and the ratings; or the ratings over time as a picture. */
int repl_cmd_progress(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    lang_t L = L_(r);
    strbuf_t sb;
    strbuf_init(&sb);
    if (argc == 1) {
        report_progress_text(&r->tutor, &sb);
        fputs(strbuf_str(&sb), stdout);
        strbuf_free(&sb);
        return 0;
    }
    if (argc != 3 || strcmp(argv[1], "--svg") != 0) {
        printf("%s\n",
               T(L,
                 "Write: progress (the record), or progress --svg FILE (your ratings over time as a "
                 "picture).",
                 "Skriv: progress (det du gjort), eller progress --svg FIL (dina värdetal över tiden som "
                 "bild)."));
        strbuf_free(&sb);
        return 1;
    }
    if (!report_progress_chart(&r->progress, L, &sb)) {
        printf("%s\n", T(L, "There is nothing to draw yet: your ratings start with your first puzzle.",
                         "Det finns inget att rita än: dina värdetal börjar med ditt första problem."));
        strbuf_free(&sb);
        return 1;
    }
    return repl_write_picture(r, argv[2], &sb, T(L, "The chart is in", "Diagrammet finns i"));
}
