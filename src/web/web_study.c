/*
 * web_study.c - the page's drill, progress and glossary (see
 * web_internal.h): the same words and pictures as the REPL's `drill`,
 * `progress` and `glossary` (front/drill.h, draw/report.h,
 * content/glossary.h), as JSON.
 */
#include "web/web_internal.h"

#include <stdlib.h>
#include <string.h>

#include "content/glossary.h"
#include "draw/report.h"
#include "front/game_stats.h"
#include "front/drill.h"
#include "front/paths.h"

/* The next lesson question the schedule asks again, or when one is due
 * (see web_internal.h). */
json_t *web_drill(web_app_t *a, int *status)
{
    (void)status;
    tutor_t *t = &a->tutor;
    bool drilling = t->mode == TUTOR_DRILL;
    drill_open_next(t, drilling ? t->lesson : -1, drilling ? t->step : -1, &a->words);
    return web_view(a);
}

/* The progress record as the REPL's `progress` prints it, the counts the
 * page shows on their own, and the ratings over time (see web_internal.h). */
json_t *web_progress(web_app_t *a)
{
    const course_t *c = a->course;
    strbuf_t sb;
    strbuf_init(&sb);
    report_progress_text(&a->tutor, &sb);
    game_stat_t *games = NULL;
    int ngames = a->home->have_state ? game_stats_read(a->home->state_dir, &games) : 0;
    report_games_text(games, ngames, a->lang, &sb);
    json_t *res = json_pack("{s:s}", "text", strbuf_str(&sb));
    strbuf_clear(&sb);
    int done = 0, solved = 0, failed = 0;
    for (int i = 0; i < c->nlessons; i++) {
        const progress_item_t *it = progress_get(&a->progress, c->lessons[i].id, true);
        done += it && it->done >= 0;
    }
    for (int i = 0; i < c->npuzzles; i++) {
        const progress_item_t *it = progress_get(&a->progress, c->puzzles[i].id, false);
        if (it && it->last >= 0)
            *(it->last_failed ? &failed : &solved) += 1;
    }
    json_object_set_new(res, "lessons", json_pack("{s:i, s:i}", "done", done, "of", c->nlessons));
    json_object_set_new(res, "puzzles",
                        json_pack("{s:i, s:i, s:i}", "solved", solved, "failed", failed, "of", c->npuzzles));
    const progress_rating_t *all = progress_rating(&a->progress, PROGRESS_RATING_ALL);
    json_object_set_new(res, "rating", all ? json_pack("{s:f, s:f}", "rating", all->g.rating, "within",
                                                       2.0 * all->g.deviation)
                                           : json_null());
    json_object_set_new(res, "chart", report_progress_chart(&a->progress, a->lang, &sb)
                                          ? json_string(strbuf_str(&sb))
                                          : json_null());
    strbuf_clear(&sb);
    json_object_set_new(res, "games", json_integer(ngames));
    json_object_set_new(res, "games_chart", report_games_chart(games, ngames, a->lang, &sb)
                                                ? json_string(strbuf_str(&sb))
                                                : json_null());
    free(games);
    strbuf_free(&sb);
    return res;
}

/* The glossary's terms, or those that match {"word"} (see
 * web_internal.h). */
json_t *web_glossary(web_app_t *a, json_t *body, int *status)
{
    const char *word = body ? json_string_value(json_object_get(body, "word")) : NULL;
    FILE *f = paths_glossary_open(a->home->course_dir);
    if (!f)
        return web_fail(status, 404, "the glossary (docs/glossary.md) was not found");
    glossary_entry_t *e = calloc(GLOSSARY_MAX, sizeof *e);
    if (!e) {
        fclose(f);
        return web_fail(status, 500, "out of memory");
    }
    int n = glossary_read(f, e);
    fclose(f);
    bool sv = a->lang == LANG_SV;
    json_t *arr = json_array();
    for (int i = 0; i < n; i++)
        if (!word || glossary_matches(&e[i], word))
            json_array_append_new(arr, json_pack("{s:s, s:s, s:s, s:s}", "term", e[i].term, "say", e[i].say,
                                                 "english", e[i].english, "meaning",
                                                 sv && e[i].meaning_sv[0] ? e[i].meaning_sv : e[i].meaning));
    free(e);
    return json_pack("{s:o}", "terms", arr);
}
