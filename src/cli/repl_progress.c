/*
 * repl_progress.c - `progress`: what the learner has done and what is due,
 * his ratings per puzzle theme and his reviewed games (draw/report.h),
 * and `progress --svg FILE` the ratings over time as a chart,
 * `progress --games-svg FILE` the millipoints given away a decision.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/repl.h"
#include "draw/report.h"
#include "front/game_stats.h"
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
    game_stat_t *games = NULL;
    int ngames = r->have_state ? game_stats_read(r->state_dir, &games) : 0;
    if (argc == 1) {
        report_progress_text(&r->tutor, &sb);
        report_games_text(games, ngames, L, &sb);
        fputs(strbuf_str(&sb), stdout);
        strbuf_free(&sb);
        free(games);
        return 0;
    }
    if (argc != 3 || (strcmp(argv[1], "--svg") != 0 && strcmp(argv[1], "--games-svg") != 0)) {
        printf("%s\n",
               T(L,
                 "Write: progress (the record), progress --svg FILE (your ratings over time as a "
                 "picture), or progress --games-svg FILE (the millipoints you gave away a decision, over time).",
                 "Skriv: progress (det du gjort), progress --svg FIL (dina värdetal över tiden som "
                 "bild), eller progress --games-svg FIL (tusendels poäng du gav bort per beslut, över tiden)."));
        strbuf_free(&sb);
        free(games);
        return 1;
    }
    if (strcmp(argv[1], "--games-svg") == 0) {
        bool drawn = report_games_chart(games, ngames, L, &sb);
        free(games);
        if (!drawn) {
            printf("%s\n", T(L, "There is nothing to draw yet: review a game of yours first ('review').",
                             "Det finns inget att rita än: granska ett av dina partier först ('review')."));
            strbuf_free(&sb);
            return 1;
        }
        return repl_write_picture(r, argv[2], &sb, T(L, "The chart is in", "Diagrammet finns i"));
    }
    free(games);
    if (!report_progress_chart(&r->progress, L, &sb)) {
        printf("%s\n", T(L, "There is nothing to draw yet: your ratings start with your first puzzle.",
                         "Det finns inget att rita än: dina värdetal börjar med ditt första problem."));
        strbuf_free(&sb);
        return 1;
    }
    return repl_write_picture(r, argv[2], &sb, T(L, "The chart is in", "Diagrammet finns i"));
}
