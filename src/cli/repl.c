/*
 * repl.c - the tutor's read-eval-print loop (see repl.h): input (readline
 * or plain lines), dispatch, completion, history, and laying out lessons
 * and puzzles on the screen.
 */
#include "front/args.h"
#include "front/interrupt.h"
#include "cli/repl.h"
#include "cli/review_puzzles.h"
#include "cli/repl_glossary.h"

#include <ctype.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "cli/cmd.h"
#include "front/config.h"
#include "front/course_env.h"
#include "front/paths.h"
#include "engine/notation.h"
#include "tutor/words.h"

/* The REPL being run, for readline's completion callbacks. */
static repl_t *active;

/* ------------------------------------------------------------- output */

/* The course and the learner's own puzzles (see repl.h). */
void repl_load_course(repl_t *r, bool reload)
{
    if (reload) {
        tutor_free_mode(&r->tutor, &r->tutor.rules);
        course_free(&r->course);
    }
    course_init(&r->course);
    diag_list_t d;
    diag_list_init(&d);
    course_env_load_learner(r->have_course ? r->course_dir : NULL, r->have_state ? r->state_dir : NULL,
                            &r->course, &d);
    if (d.errors) {
        diag_print_all(stderr, &d, render_colour_wanted(stderr));
        fprintf(stderr,
                "brade: %d error%s in the course files; those items are left out "
                "(run 'brade check')\n",
                d.errors, d.errors == 1 ? "" : "s");
    }
    diag_list_free(&d);
}

/* Prints the tutor's reply in r->out, wrapped, and empties it. */
void repl_flush(repl_t *r)
{
    if (!r->out.len)
        return;
    strbuf_t w;
    strbuf_init(&w);
    render_lines(strbuf_str(&r->out), r->width, &w);
    fputs(strbuf_str(&w), stdout);
    strbuf_free(&w);
    strbuf_clear(&r->out);
}

/* Prints author prose wrapped to the screen width. */
void repl_prose(repl_t *r, const char *text)
{
    strbuf_t w;
    strbuf_init(&w);
    render_prose(text, r->width, &w);
    fputs(strbuf_str(&w), stdout);
    strbuf_free(&w);
}

/* Draws the tutor's board, or says there is none. */
void repl_draw_board(repl_t *r)
{
    tutor_t *t = &r->tutor;
    if (!t->have_pos) {
        printf("%s\n", T(r->ro.lang, "There is no position on the board.",
                         "Det finns ingen ställning på brädet."));
        return;
    }
    strbuf_t b;
    strbuf_init(&b);
    render_opts_t ro = r->ro;
    ro.hide_pips = tutor_hides_pips(t);
    render_board(&t->board, &t->rules, t->roll, t->have_roll, &ro, &b);
    fputs(strbuf_str(&b), stdout);
    strbuf_free(&b);
}

/* A heading line in bold. */
static void heading(repl_t *r, const char *text)
{
    printf("%s%s%s\n", render_bold(&r->ro), text, render_reset(&r->ro));
}

/* Shows the open lesson step or puzzle: heading, prose, board, question. */
void repl_show_current(repl_t *r, bool full)
{
    tutor_t *t = &r->tutor;
    lang_t L = r->ro.lang;
    char h[512];
    if (t->mode == TUTOR_LESSON) {
        const lesson_t *ls = &r->course.lessons[t->lesson];
        const lesson_step_t *st = &ls->steps[t->step];
        snprintf(h, sizeof h,
                 T(L, "== %s (lesson %d of %d, step %d of %d) ==",
                   "== %s (lektion %d av %d, steg %d av %d) =="),
                 text_pick(&ls->title, L), t->lesson + 1, r->course.nlessons, t->step + 1,
                 ls->nsteps);
        heading(r, h);
        if (!text_empty(&st->title))
            heading(r, text_pick(&st->title, L));
        if (!text_empty(&st->text))
            repl_prose(r, text_pick(&st->text, L));
        /* the board when the step brings it or asks about it (a choice needs none) */
        if (st->pos.present && (full || tutor_step_shows_board(t))) {
            printf("\n");
            repl_draw_board(r);
        }
    } else if (t->mode == TUTOR_DRILL) {
        /* the question alone: the step's prose would give the answer away */
        repl_drill_heading(r, h, sizeof h);
        heading(r, h);
        if (t->have_pos && t->q->kind != QK_CHOICE) {
            printf("\n");
            repl_draw_board(r);
        }
    } else if (t->mode == TUTOR_PUZZLE) {
        const puzzle_t *p = &r->course.puzzles[t->puzzle];
        strbuf_t th;
        strbuf_init(&th);
        words_puzzle_themes(L, p, &th);
        snprintf(h, sizeof h, T(L, "== Puzzle %s: %s ==", "== Problem %s: %s =="), p->id,
                 text_pick(&p->title, L));
        heading(r, h);
        printf(T(L, "Difficulty %d of 5. Themes: %s.\n", "Svårighet %d av 5. Teman: %s.\n"),
               p->difficulty, strbuf_str(&th));
        strbuf_free(&th);
        if (!text_empty(&p->source))
            printf(T(L, "Source: %s\n", "Källa: %s\n"), text_pick(&p->source, L));
        if (p->pos.present) {
            printf("\n");
            repl_draw_board(r);
        }
    } else {
        repl_draw_board(r);
        return;
    }
    if (t->q) {
        printf("\n");
        tutor_prompt(t, &r->out);
        repl_flush(r);
    } else if (t->mode == TUTOR_LESSON) {
        const lesson_t *ls = &r->course.lessons[t->lesson];
        printf("%s\n", t->step + 1 < ls->nsteps
                           ? T(L, "(Type 'next' to go on.)", "(Skriv 'next' för att gå vidare.)")
                           : T(L, "(Type 'next' to finish the lesson.)",
                               "(Skriv 'next' för att avsluta lektionen.)"));
    }
}

/* ----------------------------------------------------------- dispatch */

/* Splits a line into words: blanks separate, '...' and "..." quote. */
static int split(const char *line, char *buf, size_t size, char **argv, int max)
{
    int argc = 0;
    size_t o = 0;
    const char *p = line;
    while (*p && argc < max) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        argv[argc++] = buf + o;
        while (*p && *p != ' ' && *p != '\t' && o + 1 < size) {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                while (*p && *p != q && o + 1 < size)
                    buf[o++] = *p++;
                if (*p == q)
                    p++;
            } else {
                buf[o++] = *p++;
            }
        }
        buf[o++] = '\0';
        if (o >= size)
            break;
    }
    return argc;
}

/* The command named by `word`: exact name or alias, else a unique prefix
 * (unless `prefix_ok` is false).  *ambiguous is set when several match. */
const repl_command_t *repl_lookup(const char *word, bool prefix_ok, bool *ambiguous)
{
    int n;
    const repl_command_t *t = repl_commands(&n);
    *ambiguous = false;
    for (int i = 0; i < n; i++)
        if (strcmp(word, t[i].name) == 0 || (t[i].alias && strcmp(word, t[i].alias) == 0))
            return &t[i];
    if (!prefix_ok || !*word)
        return NULL;
    const repl_command_t *found = NULL;
    size_t len = strlen(word);
    for (int i = 0; i < n; i++) {
        bool m = strncmp(word, t[i].name, len) == 0 ||
                 (t[i].alias && strncmp(word, t[i].alias, len) == 0);
        if (!m)
            continue;
        if (found && found != &t[i]) {
            *ambiguous = true;
            return NULL;
        }
        found = &t[i];
    }
    return found;
}

/* True when `text` reads as an answer to the open question (so that a
 * prefix like "n" is taken as "no", not as `next`). */
static bool readable_answer(const repl_t *r, const char *text)
{
    const question_t *q = r->tutor.q;
    if (!q)
        return false;
    typed_play_t tp;
    uint32_t set;
    int off, len, v;
    said_outcome_t so;
    switch (q->kind) {
    case QK_PLAY:
        return notation_parse(text, r->tutor.qpos->board.geom, &tp) == PARSE_OK;
    case QK_LEGAL:
    case QK_GIVE_UP:
        return words_yes_no(text) >= 0;
    case QK_ONE_DIE:
        return words_one_die(text) >= 0;
    case QK_ROLLS:
        return words_rolls_parse(text, &set, &off, &len);
    case QK_OUTCOME:
        return words_outcome_parse(text, &so);
    case QK_COUNT:
    case QK_CHOICE:
        return words_int(text, &v);
    default:
        return false;
    }
}

/* Hands a line to the tutor as an answer and prints the reply. */
static void answer(repl_t *r, const char *text)
{
    tutor_result_t res = tutor_answer(&r->tutor, text, &r->out);
    const char *c = res == TR_RIGHT                       ? render_green(&r->ro)
                    : (res == TR_WRONG || res == TR_WEAK) ? render_red(&r->ro)
                                                          : "";
    if (*c && r->out.len) {
        /* colour the first word of the verdict */
        size_t w = strcspn(strbuf_str(&r->out), " :.");
        strbuf_t col;
        strbuf_init(&col);
        strbuf_addf(&col, "%s%.*s%s%s", c, (int)w, r->out.s, render_reset(&r->ro), r->out.s + w);
        strbuf_clear(&r->out);
        strbuf_add(&r->out, strbuf_str(&col));
        strbuf_free(&col);
    }
    repl_flush(r);
    if (res == TR_RIGHT && r->tutor.mode == TUTOR_LESSON)
        printf("%s\n",
               T(r->ro.lang, "(Type 'next' to go on.)", "(Skriv 'next' för att gå vidare.)"));
    else if (res == TR_RIGHT && r->tutor.mode == TUTOR_PUZZLE)
        printf("%s\n", T(r->ro.lang, "(Type 'next' for the next puzzle.)",
                         "(Skriv 'next' för nästa problem.)"));
    else if (res == TR_RIGHT && r->tutor.mode == TUTOR_DRILL)
        printf("%s\n", T(r->ro.lang, "(Type 'next' for the next lesson question due.)",
                         "(Skriv 'next' för nästa lektionsfråga som står på tur.)"));
}

/* Runs one input line: a command, or an answer to the open question. */
void repl_line(repl_t *r, const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t len = strlen(line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r' ||
                   line[len - 1] == '\n'))
        len--;
    char *text = malloc(len + 1);
    char *buf = malloc(len + 1);
    if (!text || !buf) {
        free(text);
        free(buf);
        return;
    }
    memcpy(text, line, len);
    text[len] = '\0';
    if (r->echo)
        printf("> %s\n", text);
    if (!len || text[0] == '#') {
        free(text);
        free(buf);
        return;
    }
    char *argv[64];
    int argc = split(text, buf, len + 1, argv, 64);
    const char *rest = text + strcspn(text, " \t");
    while (*rest == ' ' || *rest == '\t')
        rest++;
    bool ambiguous = false;
    /* during a game, the game's words (but not a scripting command's
     * flags: `moves --white ...`) and every line that is not one of the
     * REPL's own commands go to the game */
    if (repl_in_game(r) && argc &&
        ((play_view_word(argv[0]) && !(argc > 1 && strncmp(argv[1], "--", 2) == 0)) ||
         !repl_lookup(argv[0], false, &ambiguous))) {
        repl_game_line(r, text);
        fflush(stdout);
        free(text);
        free(buf);
        return;
    }
    ambiguous = false;
    /* exact names always; prefixes unless the line reads as an answer.
     * Only "play on" ("give up or play on?"), "roll" and "one-die"
     * ("declare the one-die rule or roll both dice?") are both commands'
     * names and answers: while such a question is open they are answers. */
    const repl_command_t *c = argc ? repl_lookup(argv[0], false, &ambiguous) : NULL;
    if (c && r->tutor.q && r->tutor.q->kind == QK_GIVE_UP && argc > 1 && words_yes_no(text) >= 0)
        c = NULL;
    if (c && r->tutor.q && r->tutor.q->kind == QK_ONE_DIE && words_one_die(text) >= 0)
        c = NULL;
    if (!c && argc && !readable_answer(r, text)) {
        c = repl_lookup(argv[0], true, &ambiguous);
        /* a prefix followed by a play ("move 1/7 1/6") is not that command
         * run with its arguments ignored */
        typed_play_t tp;
        if (c && argc > 1 && notation_parse(rest, GEOM_BRADE, &tp) == PARSE_OK) {
            printf(T(r->ro.lang,
                     "'%s' is not a command (did you mean '%s'?). To play, type the play alone: %s\n",
                     "'%s' är inget kommando (menade du '%s'?). För att spela, skriv bara draget: %s\n"),
                   argv[0], c->name, rest);
            r->failures++;
            fflush(stdout);
            free(text);
            free(buf);
            return;
        }
    }
    /* while a play is asked for, a word that is no command is called an
     * unknown command, not a play that cannot be read (the other kinds of
     * question say what answer they want) */
    bool word = argc == 1 && strspn(argv[0], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") ==
                                 strlen(argv[0]);
    if (!c && word && r->tutor.q && r->tutor.q->kind == QK_PLAY && !ambiguous &&
        !readable_answer(r, text)) {
        printf(T(r->ro.lang,
                 "Unknown command '%s'. Type 'help' for the commands, or answer the question.\n",
                 "Okänt kommando '%s'. Skriv 'help' för kommandona, eller svara på frågan.\n"),
               argv[0]);
        r->failures++;
        fflush(stdout);
        free(text);
        free(buf);
        return;
    }
    if (c) {
        interrupt_begin();
        int rc = c->run(r, argc, argv, rest);
        fflush(stdout);
        if (interrupt_end()) {
            printf("%s\n", T(r->ro.lang, "Stopped (Ctrl-C).", "Avbrutet (Ctrl-C)."));
            rc = 1;
        }
        if (rc != 0)
            r->failures++;
    } else if (r->tutor.q && !ambiguous) {
        answer(r, text);
    } else if (ambiguous) {
        int n;
        const repl_command_t *t = repl_commands(&n);
        printf(T(r->ro.lang, "'%s' could be:", "'%s' kan vara:"), argv[0]);
        for (int i = 0; i < n; i++)
            if (strncmp(argv[0], t[i].name, strlen(argv[0])) == 0)
                printf(" %s", t[i].name);
        printf("\n");
        r->failures++;
    } else {
        printf(T(r->ro.lang, "Unknown command '%s'. Type 'help' for the list of commands.\n",
                 "Okänt kommando '%s'. Skriv 'help' för en lista över kommandona.\n"),
               argc ? argv[0] : text);
        r->failures++;
    }
    fflush(stdout);
    free(text);
    free(buf);
}

/* Ctrl-C while a command runs stops its long work (front/interrupt.h); at
 * the prompt it drops the line being typed, as in a shell, instead of
 * ending the session (and losing the history); on an empty line it also
 * says how to leave. */
static void on_interrupt(int sig)
{
    (void)sig;
    if (interrupt_busy()) {
        interrupt_raise();
        return;
    }
    static const char leave[] = "\n(To leave brade, type 'quit' or press Ctrl-D.)";
    bool empty = rl_end == 0;
    if (empty && write(STDOUT_FILENO, leave, sizeof leave - 1) < 0)
        return;
    if (write(STDOUT_FILENO, "\n", 1) < 0)
        return;
    rl_on_new_line();
    rl_replace_line("", 0);
    rl_redisplay();
}

/* ------------------------------------------------------------- startup */

enum { LINE_OK, LINE_END, LINE_TOO_LONG, LINE_BINARY };

/* Reads one line of piped input into `line` (without its newline), keeping
 * at most REPL_MAX_LINE bytes: a longer line is read to its end and
 * dropped (LINE_TOO_LONG), so memory stays bounded whatever comes in
 * (`brade /dev/zero` included: a NUL byte gives LINE_BINARY).  LINE_END
 * at the end of the input. */
static int read_line(FILE *in, strbuf_t *line)
{
    strbuf_clear(line);
    bool any = false, too_long = false;
    int c;
    while ((c = getc(in)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (c == '\0')
            return LINE_BINARY;
        if (line->len >= REPL_MAX_LINE)
            too_long = true;
        else {
            char ch = (char)c;
            strbuf_addn(line, &ch, 1);
        }
    }
    if (!any)
        return LINE_END;
    return too_long ? LINE_TOO_LONG : LINE_OK;
}

/* The learner's language from the locale: Swedish when it starts with sv. */
static lang_t locale_lang(void)
{
    const char *vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return strncmp(v, "sv", 2) == 0 ? LANG_SV : LANG_EN;
    }
    return LANG_EN;
}

/* The wrap width: the terminal's (40..100 columns), else 78. */
static int screen_width(bool interactive)
{
    if (interactive) {
        struct winsize ws;
        if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
            return ws.ws_col > 100 ? 100 : ws.ws_col - 1;
    }
    return 78;
}

/* Prints how to start the tutor. */
static void usage(void)
{
    fprintf(stderr, "usage: brade [--course DIR] [--lang en|sv] [--echo] [FILE]\n"
                    "  With no FILE the tutor reads commands from the terminal (or from\n"
                    "  standard input when it is not a terminal).\n");
}

/* The prompt: where the learner is. */
static void prompt_text(const repl_t *r, char *buf, size_t size)
{
    const tutor_t *t = &r->tutor;
    if (repl_in_game(r)) {
        char p[64];
        play_view_prompt(&r->game, p, sizeof p);
        snprintf(buf, size, "%s> ", p);
    } else if (t->mode == TUTOR_LESSON)
        snprintf(buf, size, "%s %d/%d> ", r->course.lessons[t->lesson].id, t->step + 1,
                 r->course.lessons[t->lesson].nsteps);
    else if (t->mode == TUTOR_PUZZLE)
        snprintf(buf, size, "%s> ", r->course.puzzles[t->puzzle].id);
    else if (t->mode == TUTOR_DRILL)
        snprintf(buf, size, "drill %s %d> ", r->course.lessons[t->lesson].id, t->step + 1);
    else
        snprintf(buf, size, "brade> ");
}

/* Frees what the REPL owns: tutor, record, course, buffers. */
static void repl_free_all(repl_t *r)
{
    repl_game_end(r);
    repl_review_drop(r);
    repl_glossary_free(r);
    tutor_done(&r->tutor);
    if (r->progress.njournal > 0) { /* places in lessons not yet saved */
        strbuf_t msg;
        strbuf_init(&msg);
        progress_save(&r->progress, r->ro.lang == LANG_SV, &msg);
        if (msg.len)
            fputs(strbuf_str(&msg), stderr);
        strbuf_free(&msg);
    }
    progress_free(&r->progress);
    course_free(&r->course);
    strbuf_free(&r->out);
    free(r->theme);
}

/* The `tutor` command of the scripting table: the REPL. */
int cmd_tutor(int argc, char **argv) { return repl_main(argc, argv); }

/* Starts the tutor (see repl.h): flags, course, record, then the loop. */
int repl_main(int argc, char **argv)
{
    const char *course_flag = NULL, *file = NULL, *lang_flag = NULL;
    bool echo = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--course") == 0 && i + 1 < argc)
            course_flag = argv[++i];
        else if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            lang_flag = argv[++i];
        else if (strcmp(argv[i], "--echo") == 0)
            echo = true;
        else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage();
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "brade: unknown flag '%s'\n", argv[i]);
            usage();
            return 2;
        } else if (!file)
            file = argv[i];
        else {
            usage();
            return 2;
        }
    }
    FILE *in = stdin;
    if (file && strcmp(file, "-") != 0) {
        in = fopen(file, "r");
        if (!in) {
            fprintf(stderr, "brade: cannot open '%s'\n", file);
            return 2;
        }
    }
    static repl_t R;
    repl_t *r = &R;
    memset(r, 0, sizeof *r);
    r->ngterms = -1; /* the glossary is read when first completed */
    r->rv_at = -1;
    strbuf_init(&r->out);
    r->interactive = in == stdin && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    r->echo = echo;
    /* the lasting choices: flags win over the config file, the file over
     * the locale */
    config_load(&r->cfg, stderr);
    const config_t *cfg = &r->cfg;
    r->ro.colour = cfg->colour >= 0 ? cfg->colour == 1 : r->interactive && render_colour_wanted(stdout);
    r->ro.lang = cfg->have_lang ? cfg->lang : locale_lang();
    r->ro.fixed = cfg->board_fixed;
    if (lang_flag) {
        if (!args_lang(lang_flag, &r->ro.lang)) {
            fprintf(stderr, "brade: --lang takes en or sv\n");
            return 2;
        }
    }
    r->width = screen_width(r->interactive);

    r->have_course = paths_course_dir(course_flag, r->course_dir, sizeof r->course_dir);
    if (!r->have_course)
        fprintf(stderr,
                "brade: no course found (looked in %s); lessons and puzzles are not "
                "available (use --course DIR)\n",
                r->course_dir);

    /* progress */
    char why[512];
    r->have_state = paths_state_dir(r->state_dir, sizeof r->state_dir, why, sizeof why);
    strbuf_t msg;
    strbuf_init(&msg);
    if (!r->have_state)
        fprintf(stderr, "brade: progress is not saved: %s\n", why);
    progress_open(&r->progress, r->have_state ? r->state_dir : NULL, r->ro.lang == LANG_SV, &msg);
    if (msg.len)
        fputs(strbuf_str(&msg), stderr);
    strbuf_free(&msg);

    repl_load_course(r, false);
    if (!tutor_init(&r->tutor, &r->course, &r->progress, r->ro.lang, paths_today())) {
        fprintf(stderr, "brade: out of memory\n");
        repl_free_all(r);
        return 1;
    }
    if (cfg->have_rules) {
        (void)tutor_set_rules(&r->tutor, &cfg->rules, &r->out);
        strbuf_clear(&r->out);
    }
    active = r;

    if (r->interactive) {
        char hist[4200] = "";
        if (r->have_state) {
            snprintf(hist, sizeof hist, "%.4096s/history", r->state_dir);
            read_history(hist);
        }
        stifle_history(1000);
        rl_readline_name = "brade";
        rl_attempted_completion_function = repl_complete;
        repl_complete_for(r);
        rl_catch_signals = 0;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_interrupt;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        printf(
            T(r->ro.lang,
              "brade: a tutor for bräde. %d %s and %d %s are loaded.\n"
              "Type 'lessons' to start learning, 'puzzle' for a puzzle, 'help' for all commands.\n",
              "brade: en lärare i bräde. %d %s och %d %s är inlästa.\n"
              "Skriv 'lessons' för att börja lära, 'puzzle' för ett problem, 'help' för alla kommandon.\n"),
            r->course.nlessons,
            r->course.nlessons == 1 ? T(r->ro.lang, "lesson", "lektion") : T(r->ro.lang, "lessons", "lektioner"),
            r->course.npuzzles,
            r->course.npuzzles == 1 ? T(r->ro.lang, "puzzle", "problem")
                                    : T(r->ro.lang, "puzzles", "problem"));
        repl_welcome_back(r);
        while (!r->quit) {
            char prompt[160];
            prompt_text(r, prompt, sizeof prompt);
            char *line = readline(prompt);
            if (!line) {
                printf("\n");
                break;
            }
            if (strlen(line) > REPL_MAX_LINE) {
                printf(T(r->ro.lang, "The line is longer than %d bytes; it is not run.\n",
                         "Raden är längre än %d byte; den körs inte.\n"),
                       REPL_MAX_LINE);
                free(line);
                continue;
            }
            if (*line)
                add_history(line);
            repl_line(r, line);
            free(line);
        }
        if (*hist) {
            write_history(hist);
            history_truncate_file(hist, 1000);
        }
    } else {
        strbuf_t line;
        strbuf_init(&line);
        long lineno = 0;
        for (;;) {
            int got = read_line(in, &line);
            if (got == LINE_END || r->quit)
                break;
            lineno++;
            if (got == LINE_TOO_LONG) {
                printf(T(r->ro.lang,
                         "Line %ld is longer than %d bytes; it is skipped.\n",
                         "Rad %ld är längre än %d byte; den hoppas över.\n"),
                       lineno, REPL_MAX_LINE);
                r->failures++;
                continue;
            }
            if (got == LINE_BINARY) {
                printf(T(r->ro.lang,
                         "Line %ld holds a NUL byte: the input is not text. The rest is not read.\n",
                         "Rad %ld innehåller en NUL-byte: indata är inte text. Resten läses inte.\n"),
                       lineno);
                r->failures++;
                break;
            }
            repl_line(r, strbuf_str(&line));
        }
        strbuf_free(&line);
    }
    if (in != stdin)
        fclose(in);
    int status = r->interactive ? 0 : r->failures ? 1 : 0;
    fflush(stdout);
    repl_free_all(r);
    active = NULL;
    return status;
}
