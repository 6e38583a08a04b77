/*
 * cmd_diagram.c - pictures for print:
 *
 *   brade diagram [position flags] [--roll A-B] [--play TEXT]
 *                 [--view mover|white] [--lang en|sv] [--caption TEXT] --svg FILE
 *   brade diagram --puzzle ID | --lesson ID --step N  [--answer]
 *                 [--course DIR] [--lang en|sv] --svg FILE
 *   brade worksheet [--course DIR] [--theme T] [--ids ID,ID,...] [--count N]
 *                   [--lang en|sv] [--title TEXT] --out FILE
 *
 * `diagram` draws one position as SVG (diagram.h): the roll as dice and a
 * legal play as arrows (a play that is not legal is refused with the
 * engine's verdict); or a course item's position as its author's
 * `diagram:` asks (view, caption, arrows; the arrows of an item that asks
 * for a play only with --answer).  `worksheet` makes a printable HTML page of course
 * puzzles for a club evening: each puzzle's diagram and question, and the
 * answers with their explanations on a page of their own at the end.
 * FILE `-` writes to standard output; a file is written atomically.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/args.h"
#include "cli/cmd.h"
#include "front/course_env.h"
#include "draw/diagram.h"
#include "draw/worksheet.h"
#include "front/paths.h"
#include "draw/render.h"
#include "front/savefile.h"
#include "engine/verdict.h"
#include "tutor/progress.h"
#include "tutor/tutor.h"
#include "tutor/words.h"

/* Writes text to path ("-": standard output); false after a message. */
static bool write_out(const char *path, const strbuf_t *text)
{
    const char *s = strbuf_str(text);
    size_t n = strlen(s);
    if (strcmp(path, "-") == 0)
        return fwrite(s, 1, n, stdout) == n && fflush(stdout) == 0;
    if (!savefile_write(path, s, n)) {
        fprintf(stderr, "brade: cannot write %s: %s\n", path, savefile_strerror(errno));
        return false;
    }
    return true;
}

/* Reads --lang's value (English when absent); false after a message. */
static bool parse_lang(const char *s, lang_t *out)
{
    *out = LANG_EN;
    if (s && !args_lang(s, out)) {
        fprintf(stderr, "brade: --lang must be en or sv\n");
        return false;
    }
    return true;
}

/* Loads the course of --course DIR (or the bundled one) into c, which the
 * caller frees, with the learner's own puzzles (mine.yaml, made by a
 * review) as the tutor loads them, so that one can be drawn or put on a
 * worksheet; a file's errors are printed and its items left out (`what`
 * names them).  False after a message when there is no course. */
static bool open_course(const char *flag_dir, const char *what, course_t *c)
{
    char dir[4096], state[4096], why[256];
    if (!paths_course_dir(flag_dir, dir, sizeof dir)) {
        fprintf(stderr, "brade: no course found (looked in %s)\n", dir);
        return false;
    }
    bool have_state = paths_state_dir(state, sizeof state, why, sizeof why);
    course_init(c);
    diag_list_t d;
    diag_list_init(&d);
    course_env_load_learner(dir, have_state ? state : NULL, c, &d);
    if (d.errors) {
        diag_print_all(stderr, &d, render_colour_wanted(stderr));
        fprintf(stderr, "brade: %d error%s in the course files; those %s are left out\n", d.errors,
                d.errors == 1 ? "" : "s", what);
    }
    diag_list_free(&d);
    return true;
}

/* The flags of `diagram` for a course item. */
typedef struct item_args {
    const char *course, *puzzle, *lesson, *step, *svg, *lang;
    bool answer;
} item_args_t;

/* True when argv asks for a course item (--puzzle or --lesson). */
static bool wants_item(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--puzzle") == 0 || strcmp(argv[i], "--lesson") == 0)
            return true;
    return false;
}

/* Reads the item flags; false after a message. */
static bool item_parse(int argc, char **argv, item_args_t *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        if (strcmp(f, "--answer") == 0) {
            a->answer = true;
            continue;
        }
        const char **slot = strcmp(f, "--course") == 0   ? &a->course
                            : strcmp(f, "--puzzle") == 0 ? &a->puzzle
                            : strcmp(f, "--lesson") == 0 ? &a->lesson
                            : strcmp(f, "--step") == 0   ? &a->step
                            : strcmp(f, "--svg") == 0    ? &a->svg
                            : strcmp(f, "--lang") == 0   ? &a->lang
                                                         : NULL;
        if (!slot) {
            fprintf(stderr,
                    "brade: diagram: %s does not go with a course item (--puzzle ID or --lesson ID --step N, "
                    "with --answer --course --lang --svg); its author's 'diagram:' sets the rest\n",
                    f);
            return false;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "brade: %s needs a value\n", f);
            return false;
        }
        *slot = argv[++i];
    }
    if (a->puzzle && a->lesson) {
        fprintf(stderr, "brade: diagram: --puzzle or --lesson, not both\n");
        return false;
    }
    if (a->lesson ? !a->step : a->step != NULL) {
        fprintf(stderr, "brade: diagram: --lesson ID needs --step N (and --step goes with --lesson)\n");
        return false;
    }
    if (!a->svg) {
        fprintf(stderr, "brade: diagram needs --svg FILE (- for standard output)\n");
        return false;
    }
    return true;
}

/* `brade diagram --puzzle ID | --lesson ID --step N`: the item's position
 * drawn as its author's `diagram:` asks. */
static int diagram_item(int argc, char **argv)
{
    item_args_t a;
    lang_t L;
    if (!item_parse(argc, argv, &a) || !parse_lang(a.lang, &L))
        return 2;
    course_t c;
    if (!open_course(a.course, "items", &c))
        return 1;
    const position_t *pos = NULL;
    const diagram_spec_t *spec = NULL;
    bool asks = false;
    int rc = 2;
    if (a.puzzle) {
        int i = course_find_puzzle(&c, a.puzzle);
        if (i < 0)
            fprintf(stderr, "brade: diagram: there is no puzzle '%s' in the course\n", a.puzzle);
        else if (!c.puzzles[i].pos.present)
            fprintf(stderr, "brade: diagram: the puzzle '%s' shows no position\n", a.puzzle);
        else {
            pos = &c.puzzles[i].pos;
            spec = &c.puzzles[i].diagram;
            asks = c.puzzles[i].q.kind == QK_PLAY;
        }
    } else {
        int i = course_find_lesson(&c, a.lesson);
        long step;
        if (i < 0)
            fprintf(stderr, "brade: diagram: there is no lesson '%s' in the course\n", a.lesson);
        else if (args_number("--step", a.step, 1, c.lessons[i].nsteps, &step)) {
            const lesson_step_t *st = &c.lessons[i].steps[step - 1];
            if (!st->pos.present)
                fprintf(stderr, "brade: diagram: step %ld of lesson '%s' shows no position\n", step,
                        a.lesson);
            else {
                pos = &st->pos;
                spec = &st->diagram;
                asks = st->q.kind == QK_PLAY;
            }
        }
    }
    if (pos) {
        if (a.answer && !asks)
            fprintf(stderr, "brade: diagram: this item does not ask for a play, so its arrows (if any) are "
                            "drawn anyway; --answer changes nothing\n");
        diagram_opts_t o;
        diagram_opts_for(pos, spec, asks, a.answer, L, &o);
        strbuf_t svg;
        strbuf_init(&svg);
        diagram_svg(&pos->board, &pos->rules, &o, &svg);
        rc = write_out(a.svg, &svg) ? 0 : 1;
        strbuf_free(&svg);
    }
    course_free(&c);
    return rc;
}

/* `brade diagram` (see above). */
int cmd_diagram(int argc, char **argv)
{
    if (wants_item(argc, argv))
        return diagram_item(argc, argv);
    static const char *const EXTRA[] = {"--svg", "--view", "--lang", "--caption", NULL};
    pos_args_t a;
    if (!args_parse_position(argc, argv, false, EXTRA, &a, stderr))
        return 2;
    args_note_implied_off(&a, stderr);
    const char *out_path = a.extra[0], *view = a.extra[1];
    diagram_opts_t o = {0};
    if (!parse_lang(a.extra[2], &o.lang))
        return 2;
    if (!out_path) {
        fprintf(stderr, "brade: diagram needs --svg FILE (- for standard output)\n");
        return 2;
    }
    if (view && strcmp(view, "white") != 0 && strcmp(view, "mover") != 0) {
        fprintf(stderr, "brade: --view must be mover (the side on roll, the "
                        "default) or white\n");
        return 2;
    }
    o.fixed = view && strcmp(view, "white") == 0;
    o.caption = a.extra[3];
    o.have_roll = a.have_roll;
    o.roll = a.roll;
    movegen_buf_t *buf = NULL;
    play_t play;
    if (a.play) {
        if (!a.have_roll) {
            fprintf(stderr, "brade: --play needs --roll A-B\n");
            return 2;
        }
        buf = movegen_buf_new();
        if (!buf) {
            fprintf(stderr, "brade: out of memory\n");
            return 1;
        }
        int n = movegen_plays(&a.board, &a.rules, a.roll, buf);
        verdict_t v;
        verdict_judge(&a.board, &a.rules, a.roll, a.play, buf, n, &v);
        if (v.kind != VERDICT_LEGAL) {
            char text[1024];
            explain_verdict(o.lang, &a.board, &a.rules, &v, buf, a.play, text, sizeof text);
            fprintf(stderr, "brade: --play: %s\n", text);
            movegen_buf_free(buf);
            return 2;
        }
        play = *movegen_play(buf, v.play);
        o.play = &play;
    }
    strbuf_t svg;
    strbuf_init(&svg);
    diagram_svg(&a.board, &a.rules, &o, &svg);
    bool ok = write_out(out_path, &svg);
    strbuf_free(&svg);
    movegen_buf_free(buf);
    return ok ? 0 : 1;
}

/* ------------------------------------------------------------ worksheet */

typedef struct ws_args {
    const char *course, *theme, *ids, *out, *title;
    int count;
    lang_t lang;
} ws_args_t;

/* Reads the worksheet's flags; false after a message. */
static bool ws_parse(int argc, char **argv, ws_args_t *w)
{
    memset(w, 0, sizeof *w);
    w->count = 12;
    const char *lang = NULL;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        const char **slot = strcmp(f, "--course") == 0  ? &w->course
                            : strcmp(f, "--theme") == 0 ? &w->theme
                            : strcmp(f, "--ids") == 0   ? &w->ids
                            : strcmp(f, "--out") == 0   ? &w->out
                            : strcmp(f, "--title") == 0 ? &w->title
                            : strcmp(f, "--lang") == 0  ? &lang
                                                        : NULL;
        bool count = strcmp(f, "--count") == 0;
        if (!slot && !count) {
            fprintf(stderr,
                    "brade: worksheet: unknown flag %s (--course --theme --ids "
                    "--count --lang --title --out)\n",
                    f);
            return false;
        }
        if (!v) {
            fprintf(stderr, "brade: %s needs a value\n", f);
            return false;
        }
        long n;
        if (count && !args_number("--count", v, 1, 1000, &n))
            return false;
        if (count)
            w->count = (int)n;
        else
            *slot = v;
        i++;
    }
    if (!parse_lang(lang, &w->lang))
        return false;
    if (!w->out) {
        fprintf(stderr, "brade: worksheet needs --out FILE (an HTML page; - for "
                        "standard output)\n");
        return false;
    }
    return true;
}

/* True when id is one of the comma-separated list. */
static bool in_list(const char *list, const char *id)
{
    size_t n = strlen(id);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        if (k == n && strncmp(p, id, n) == 0)
            return true;
        p += k + (p[k] == ',');
    }
    return false;
}

/* Checks that every id in the list names a puzzle; false after a message. */
static bool ids_known(const course_t *c, const char *list)
{
    char id[256];
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        snprintf(id, sizeof id, "%.*s", (int)k, p);
        if (k && course_find_puzzle(c, id) < 0) {
            fprintf(stderr, "brade: --ids: there is no puzzle '%s' in the course\n", id);
            return false;
        }
        p += k + (p[k] == ',');
    }
    return true;
}

/* True when the worksheet's arguments take puzzle p (--ids, or --theme). */
static bool ws_wanted(const puzzle_t *p, const void *ud)
{
    const ws_args_t *w = ud;
    return w->ids ? in_list(w->ids, p->id) : !w->theme || course_puzzle_has_theme(p, w->theme);
}

/* `brade worksheet` (see above). */
int cmd_worksheet(int argc, char **argv)
{
    ws_args_t w;
    if (!ws_parse(argc, argv, &w))
        return 2;
    course_t c;
    if (!open_course(w.course, "puzzles", &c))
        return 1;
    int rc = 0;
    progress_t prog; /* in memory only: a worksheet records nothing */
    strbuf_t msg, html;
    strbuf_init(&msg);
    strbuf_init(&html);
    progress_open(&prog, NULL, w.lang == LANG_SV, &msg);
    tutor_t t;
    if (!tutor_init(&t, &c, &prog, w.lang, paths_today())) {
        fprintf(stderr, "brade: out of memory\n");
        rc = 1;
        goto done;
    }
    if (w.ids && !ids_known(&c, w.ids)) {
        rc = 2;
        goto done_tutor;
    }
    if (w.theme) {
        bool any = false;
        for (int i = 0; i < c.npuzzles && !any; i++)
            any = course_puzzle_has_theme(&c.puzzles[i], w.theme);
        if (!any) {
            fprintf(stderr,
                    "brade: --theme: no puzzle has the theme '%s' (brade tutor, "
                    "'puzzles', lists them)\n",
                    w.theme);
            rc = 2;
            goto done_tutor;
        }
    }
    int shown = worksheet_html(&c, &t, &(worksheet_opts_t){w.lang, w.title, w.theme, w.count, ws_wanted, &w}, &html);
    if (shown == 0) {
        fprintf(stderr, "brade: worksheet: no puzzle to put on it\n");
        rc = 1;
        goto done_tutor;
    }
    if (!write_out(w.out, &html))
        rc = 1;
    else if (strcmp(w.out, "-") != 0)
        fprintf(stderr, "brade: %d puzzle%s written to %s\n", shown, shown == 1 ? "" : "s", w.out);
done_tutor:
    tutor_done(&t);
done:
    progress_free(&prog);
    strbuf_free(&msg);
    strbuf_free(&html);
    course_free(&c);
    return rc;
}
