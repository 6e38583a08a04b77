/*
 * report.c - the learner's progress as both front ends show it (see
 * report.h): the REPL's `progress` prints the text and writes the chart,
 * the page shows both.
 */
#include "draw/report.h"

#include <stdlib.h>
#include <string.h>

#include "draw/diagram.h"
#include "draw/render.h"
#include "front/paths.h"
#include "tutor/words.h"

/* The learner's ratings, overall and per theme, weakest theme first, and
 * which theme to practise. */
static void ratings_text(const progress_t *p, lang_t L, strbuf_t *out)
{
    const progress_rating_t *all = progress_rating(p, PROGRESS_RATING_ALL);
    if (!all)
        return;
    strbuf_addf(out, "%s\n",
           T(L,
             "Your ratings (Glicko-2, as Lichess rates puzzle solvers: a puzzle of difficulty 1 to 5\n"
             "is rated 1100 to 1900; the rating is within ± of the figure shown with 95% certainty):",
             "Dina värdetal (Glicko-2, som Lichess värderar problemlösare: ett problem med svårighet\n"
             "1 till 5 har värdetal 1100 till 1900; värdetalet ligger inom ± med 95 % säkerhet):"));
    const progress_rating_t *order[64];
    int n = 0;
    for (int i = 0; i < p->nratings && n < 64; i++)
        if (p->ratings[i].attempts > 0 && strcmp(p->ratings[i].theme, PROGRESS_RATING_ALL) != 0)
            order[n++] = &p->ratings[i];
    for (int i = 1; i < n; i++) /* weakest first */
        for (int k = i; k > 0 && order[k]->g.rating < order[k - 1]->g.rating; k--) {
            const progress_rating_t *x = order[k];
            order[k] = order[k - 1];
            order[k - 1] = x;
        }
    for (int i = -1; i < n; i++) {
        const progress_rating_t *pr = i < 0 ? all : order[i];
        const char *name = i < 0 ? T(L, "all puzzles", "alla problem") : words_theme(L, pr->theme);
        int pad = 18 - render_width(name);
        strbuf_addf(out, "  %s%*s %4.0f ± %3.0f  (%d %s)\n", name, pad > 0 ? pad : 0, "", pr->g.rating,
               2.0 * pr->g.deviation, pr->attempts,
               pr->attempts == 1 ? T(L, "attempt", "försök") : T(L, "attempts", "försök"));
    }
    /* weak: well below the overall rating, on enough attempts to say so */
    if (n > 0 && order[0]->attempts >= 3 && order[0]->g.rating < all->g.rating - 100.0)
        strbuf_addf(out, T(L, "Weakest theme: %s, %.0f below your overall rating ('puzzles %s' practises it).\n",
                 "Svagaste temat: %s, %.0f under ditt samlade värdetal ('puzzles %s' övar det).\n"),
               words_theme(L, order[0]->theme), all->g.rating - order[0]->g.rating, order[0]->theme);
    else
        strbuf_addf(out, "%s\n", T(L, "No theme stands out as weak yet.", "Inget tema sticker ut som svagt än."));
}

/* The themes rated, most attempts first (ties: the order first rated),
 * into out[0..max); returns how many there are in all. */
static int themes_by_attempts(const progress_t *p, const progress_rating_t **out, int max)
{
    int n = 0;
    for (int i = 0; i < p->nratings; i++) {
        const progress_rating_t *x = &p->ratings[i];
        if (x->attempts <= 0 || strcmp(x->theme, PROGRESS_RATING_ALL) == 0)
            continue;
        /* insert x after every kept theme with at least its attempts */
        int k = n < max ? n : max;
        while (k > 0 && out[k - 1]->attempts < x->attempts)
            k--;
        if (k < max) {
            int last = n < max ? n : max - 1;
            memmove(&out[k + 1], &out[k], (size_t)(last - k) * sizeof *out);
            out[k] = x;
        }
        n++;
    }
    return n;
}

/* The learner's puzzle ratings over time as a chart (see report.h). */
bool report_progress_chart(const progress_t *p, lang_t L, strbuf_t *svg)
{
    const progress_rating_t *all = progress_rating(p, PROGRESS_RATING_ALL);
    if (!all || all->nhistory == 0)
        return false;
    const progress_rating_t *themes[DIAGRAM_MAX_SERIES - 1] = {0};
    int total = themes_by_attempts(p, themes, DIAGRAM_MAX_SERIES - 1);
    int shown = total < DIAGRAM_MAX_SERIES - 1 ? total : DIAGRAM_MAX_SERIES - 1;
    diagram_series_t s[DIAGRAM_MAX_SERIES];
    s[0] = (diagram_series_t){T(L, "all puzzles", "alla problem"), all->history, all->nhistory, true};
    for (int i = 0; i < shown; i++)
        s[i + 1] = (diagram_series_t){words_theme(L, themes[i]->theme), themes[i]->history,
                                      themes[i]->nhistory, false};
    /* the puzzles' levels: difficulty 1 to 5 is rated 1100 to 1900 */
    static const double LEVELS[] = {1100.0, 1300.0, 1500.0, 1700.0, 1900.0};
    char note[320];
    int n =
        snprintf(note, sizeof note, "%s",
                 T(L, "A point a day you practised. Grey: overall ± 95%. Dotted: puzzles of difficulty 1-5.",
                   "En punkt per dag du övat. Grått: samlat ± 95 %. Prickat: problem med svårighet 1-5."));
    if (total > shown && n > 0 && (size_t)n < sizeof note)
        snprintf(note + n, sizeof note - (size_t)n, T(L, " %d more in 'progress'.", " %d till i 'progress'."),
                 total - shown);
    diagram_lines_svg(T(L, "Your puzzle ratings over time", "Dina problemvärdetal över tiden"), note, s,
                      shown + 1, LEVELS, 5, svg);
    return true;
}

/* What the learner has done (see report.h). */
void report_progress_text(const tutor_t *t, strbuf_t *out)
{
    lang_t L = t->lang;
    const course_t *c = t->course;
    const progress_t *p = t->progress;
    long today = t->today;
    int done = 0;
    for (int i = 0; i < c->nlessons; i++) {
        const progress_item_t *it = progress_get(p, c->lessons[i].id, true);
        done += it && it->done >= 0;
    }
    int solved = 0, failed = 0, fresh = 0, due = 0;
    long next_due = -1;
    for (int i = 0; i < c->npuzzles; i++) {
        const progress_item_t *it = progress_get(p, c->puzzles[i].id, false);
        if (!it || it->last < 0) {
            fresh++;
            continue;
        }
        if (it->last_failed)
            failed++;
        else
            solved++;
        if (it->due <= today)
            due++;
        else if (next_due < 0 || it->due < next_due)
            next_due = it->due;
    }
    strbuf_addf(out, T(L, "Lessons completed: %d of %d.\n", "Avklarade lektioner: %d av %d.\n"), done, c->nlessons);
    for (int i = 0; i < c->nlessons; i++) {
        const progress_item_t *it = progress_get(p, c->lessons[i].id, true);
        if (it && it->done >= 0) {
            char day[16];
            paths_format_day(it->done, day, sizeof day);
            strbuf_addf(out, "  %-18s %s\n", c->lessons[i].id, day);
        }
    }
    strbuf_addf(out, T(L, "Puzzles: %d solved, %d failed at the last try, %d not tried yet (of %d).\n",
             "Problem: %d lösta, %d missade senast, %d inte försökta än (av %d).\n"),
           solved, failed, fresh, c->npuzzles);
    for (int i = 0; i < c->npuzzles; i++) {
        const progress_item_t *it = progress_get(p, c->puzzles[i].id, false);
        if (!it || it->last < 0)
            continue;
        char last[16], d2[16];
        paths_format_day(it->last, last, sizeof last);
        paths_format_day(it->due, d2, sizeof d2);
        strbuf_addf(out, T(L, "  %-22s %s on %s (solved %d, failed %d), due %s\n",
                 "  %-22s %s %s (löst %d, missat %d), åter %s\n"),
               c->puzzles[i].id, it->last_failed ? T(L, "failed", "missat") : T(L, "solved", "löst"), last,
               it->solved, it->failed, d2);
    }
    strbuf_addf(out, T(L, "Due for review today: %d.", "Att repetera i dag: %d."), due);
    if (next_due >= 0) {
        char d[16];
        paths_format_day(next_due, d, sizeof d);
        strbuf_addf(out, T(L, " The next one after that is due on %s.", " Nästa därefter står på tur %s."), d);
    }
    strbuf_add(out, "\n");
    int scheduled, qdue;
    tutor_drill_counts(t, &scheduled, &qdue);
    strbuf_addf(out, T(L, "Lesson questions in the review schedule: %d, due today: %d ('drill' asks them).\n",
             "Lektionsfrågor i repetitionsschemat: %d, på tur i dag: %d ('drill' ställer dem).\n"),
           scheduled, qdue);
    ratings_text(p, L, out);
    if (!p->path)
        strbuf_addf(out, "%s\n", T(L, "(Progress is not saved: there is no state directory.)",
                         "(Framstegen sparas inte: det finns ingen tillståndskatalog.)"));
}

/* The rulesets of the games, in the order first played. */
static int rulesets_of(const game_stat_t *g, int n, const char **names, int max)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < k && strcmp(names[j], g[i].rules) != 0)
            j++;
        if (j == k && k < max)
            names[k++] = g[i].rules;
    }
    return k;
}

/* Errors a game and millipoints a decision over games[from..n) of one
 * ruleset; how many games. */
static int figures(const game_stat_t *g, int n, const char *rules, int skip, double *errors, double *mp)
{
    int games = 0, dec = 0, err = 0;
    double lost = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(g[i].rules, rules) != 0 || skip-- > 0)
            continue;
        games++;
        dec += g[i].decisions;
        err += g[i].errors;
        lost += g[i].lost;
    }
    *errors = games ? (double)err / games : 0;
    *mp = dec ? 1000.0 * lost / dec : 0;
    return games;
}

/* The learner's reviewed games (see report.h). */
void report_games_text(const game_stat_t *g, int n, lang_t L, strbuf_t *out)
{
    enum { LAST = 5 };
    if (n == 0) /* a learner of the lessons alone hears nothing of games */
        return;
    strbuf_addf(out, T(L, "Games reviewed: %d (your errors a game, and millipoints given away a decision, as "
                          "GNU Backgammon counts them):\n",
                       "Granskade partier: %d (dina fel per parti, och tusendels poäng bort per beslut, som GNU "
                       "Backgammon räknar dem):\n"),
                n);
    const char *names[16];
    int k = rulesets_of(g, n, names, 16);
    for (int r = 0; r < k; r++) {
        double err, mp, lerr, lmp;
        int games = figures(g, n, names[r], 0, &err, &mp);
        char line[256];
        snprintf(line, sizeof line, T(L, "  %s: %d game%s, %.1f errors a game, %.1f millipoints a decision",
                                     "  %s: %d parti%s, %.1f fel per parti, %.1f tusendels poäng per beslut"),
                 names[r], games, games == 1 ? "" : T(L, "s", "er"), err, mp);
        words_decimal_comma(L, line, 0);
        strbuf_add(out, line);
        if (games > LAST) {
            figures(g, n, names[r], games - LAST, &lerr, &lmp);
            snprintf(line, sizeof line, T(L, "; the last %d: %.1f and %.1f", "; de senaste %d: %.1f och %.1f"), LAST,
                     lerr, lmp);
            words_decimal_comma(L, line, 0);
            strbuf_add(out, line);
        }
        strbuf_add(out, ".\n");
    }
}

/* Millipoints given away a decision over time, a line a ruleset (see
 * report.h). */
bool report_games_chart(const game_stat_t *g, int n, lang_t L, strbuf_t *svg)
{
    if (n == 0)
        return false;
    const char *names[DIAGRAM_MAX_SERIES];
    int k = rulesets_of(g, n, names, DIAGRAM_MAX_SERIES);
    diagram_series_t s[DIAGRAM_MAX_SERIES];
    progress_point_t *pts = calloc((size_t)n, sizeof *pts);
    if (!pts)
        return false;
    int used = 0;
    for (int r = 0; r < k; r++) {
        /* one point a day played: that day's games together */
        s[r] = (diagram_series_t){names[r], pts + used, 0, false};
        for (int i = 0; i < n; i++) {
            if (strcmp(g[i].rules, names[r]) != 0)
                continue;
            int dec = 0;
            double lost = 0;
            long day = g[i].day;
            for (int j = i; j < n && g[j].day == day; j++)
                if (strcmp(g[j].rules, names[r]) == 0) {
                    dec += g[j].decisions;
                    lost += g[j].lost;
                }
            if (s[r].n > 0 && s[r].points[s[r].n - 1].day == day)
                continue;
            pts[used++] = (progress_point_t){day, dec ? 1000.0 * lost / dec : 0, 0};
            s[r].n++;
        }
    }
    const diagram_axis_t axis = {10.0, 40.0, true, 20.0};
    diagram_lines_svg_axis(T(L, "Millipoints you gave away a decision, over time",
                             "Tusendels poäng du gav bort per beslut, över tiden"),
                           T(L, "Lower is better: a day's reviewed games make one point.",
                             "Lägre är bättre: en dags granskade partier blir en punkt."),
                           s, k, NULL, 0, &axis, svg);
    free(pts);
    return true;
}
