/*
 * cmd_play.c - `brade play` (a game from the shell) and `brade review`
 * (a saved game analysed).
 *
 *   brade play [--rules R] [--seed S] [--white human|engine[:LEVEL]]
 *              [--black human|engine[:LEVEL]] [--dice auto|manual]
 *              [--tutor off|warn] [--warn doubtful|bad|very-bad] [--record FILE]
 *              [--match N] [--engine-resigns auto|equal|never] [--lang en|sv]
 *   brade review FILE [--all] [--plies N] [--json] [--lang en|sv] [--mat OUT]
 *
 * --mat OUT writes a backgammon game or match in GNU Backgammon's .mat
 * format instead of reviewing it.
 *
 * A person's words come from standard input, typed or piped (the same
 * path), so a whole game can be scripted; engine against engine needs no
 * input at all.  The record goes to FILE, or to the state directory.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "front/args.h"
#include "front/config.h"
#include "front/interrupt.h"
#include "cli/cmd.h"
#include "cli/play_view.h"
#include "front/progress_line.h"
#include "cli/review_puzzles.h"
#include "content/diag.h"
#include "front/savefile.h"
#include "content/readfile.h"
#include "tutor/review.h"
#include "tutor/words.h"

/* `--resume FILE` among a game's flags: FILE, with the flags that may go
 * with it (--tutor, --warn, --lang) left in args[0..*n); NULL when it is
 * not there.  *bad is set (said on err) when other flags came with it. */
const char *cmd_play_resume_flag(int argc, char **argv, char **args, int *n, bool *bad, FILE *err)
{
    const char *file = NULL;
    *n = 0;
    *bad = false;
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--resume") == 0 && i + 1 < argc)
            file = argv[++i];
        else
            args[(*n)++] = argv[i];
    if (!file)
        return NULL;
    for (int i = 0; i < *n; i += 2)
        if (strcmp(args[i], "--tutor") != 0 && strcmp(args[i], "--warn") != 0 && strcmp(args[i], "--lang") != 0) {
            fprintf(err, "brade: --resume takes the game's ruleset, players, seed and dice from its record; only "
                         "--tutor, --warn and --lang may go with it, not %s\n",
                    args[i]);
            *bad = true;
            break;
        }
    return file;
}

int cmd_play(int argc, char **argv)
{
    play_opts_t o;
    play_default_opts(&o);
    config_t cfg;
    config_load(&cfg, stderr);
    config_play_opts(&cfg, &o);
    const char *record = NULL;
    char **rest = malloc(sizeof *rest * (size_t)(argc + 1));
    if (!rest)
        return 1;
    int nrest;
    bool bad;
    const char *resume = cmd_play_resume_flag(argc, argv, rest, &nrest, &bad, stderr);
    bool parsed = !bad && play_view_parse(nrest, rest, false, &o, &record, stderr);
    free(rest);
    if (!parsed)
        return 2;
    render_opts_t ro = {o.lang, cfg.colour >= 0 ? cfg.colour == 1 : render_colour_wanted(stdout),
                        cfg.board_fixed, false, false, 0};
    /* Ctrl-C stops the engine's thinking (its turn then waits); at the
     * prompt it leaves the game, which is saved as it goes */
    struct sigaction old;
    const volatile sig_atomic_t *stop = interrupt_catch(&old);
    play_view_t v;
    v.stop = stop;
    bool started = resume ? play_view_resume(&v, resume, &o, &ro, 80) : play_view_start(&v, &o, &ro, 80, record);
    if (!started) {
        interrupt_release(&old);
        return 1;
    }
    bool tty = isatty(STDIN_FILENO);
    char line[4096];
    while (play_view_active(&v)) {
        /* Ctrl-C while the engine thought stopped it (its turn waits, and
         * advance said so); one at the prompt leaves */
        interrupt_clear();
        if (tty) {
            char p[64];
            play_view_prompt(&v, p, sizeof p);
            printf("%s> ", p);
        }
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            if (*stop)
                printf("\n");
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        const char *s = line + strspn(line, " \t");
        if (!*s || *s == '#')
            continue;
        if (strcmp(s, "quit") == 0)
            break;
        (void)play_view_line(&v, s); /* it says what was wrong; the game goes on */
    }
    bool over = !play_view_active(&v);
    if (!over)
        printf("%s\n", T(o.lang, "The game was left unfinished.", "Partiet lämnades oavslutat."));
    play_view_end(&v);
    interrupt_release(&old);
    return over ? 0 : 1;
}

/* ---- review ---- */

static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", *s);
        else
            putchar(*s);
    }
    putchar('"');
}

/* A record's problem on stderr, through diag.h as `brade check` reports a
 * course file's: "path:line:col: error: message", the line, a caret. */
static void record_error(const char *path, const char *text, size_t len, int line, int col, const char *msg)
{
    diag_list_t dl;
    diag_list_init(&dl);
    diag_add(&dl, DIAG_ERROR, path, text, len, line, col, 1, "%s", msg);
    diag_text_done(&dl, text);
    diag_print_all(stderr, &dl, isatty(STDERR_FILENO) && !getenv("NO_COLOR"));
    diag_list_free(&dl);
}

static void review_progress(void *ud, int done, int total)
{
    progress_line_show(ud, "reviewing: turn", done, total);
}

int cmd_review(int argc, char **argv)
{
    return cmd_review_keep(argc, argv, NULL, NULL);
}

int cmd_review_keep(int argc, char **argv, review_t *keep, rules_t *rules)
{
    review_opts_t o;
    review_default_opts(&o);
    const char *path = NULL, *mat = NULL, *puzzles = NULL;
    bool json = false;
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        long n;
        if (strcmp(f, "--all") == 0) {
            o.all = true;
        } else if (strcmp(f, "--json") == 0) {
            json = true;
        } else if (strcmp(f, "--mat") == 0 && i + 1 < argc) {
            mat = argv[++i];
        } else if (strcmp(f, "--puzzles") == 0 && i + 1 < argc) {
            puzzles = argv[++i];
        } else if (strcmp(f, "--plies") == 0 && i + 1 < argc) {
            if (!args_number(f, argv[++i], 0, 2, &n))
                return 2;
            o.plies = (int)n;
        } else if (strcmp(f, "--lang") == 0 && i + 1 < argc) {
            if (!args_lang(argv[++i], &o.lang)) {
                fprintf(stderr, "brade: --lang is en or sv\n");
                return 2;
            }
        } else if (f[0] == '-' && f[1]) {
            fprintf(stderr, "brade: unknown option %s for review (see brade help)\n", f);
            return 2;
        } else if (!path) {
            path = f;
        } else {
            fprintf(stderr, "brade: review reads one game record\n");
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "brade: review needs a game record (brade review FILE)\n");
        return 2;
    }
    size_t len;
    char *text = readfile_regular(path, PLAYREC_MAX_FILE, &len);
    if (!text) {
        perror(path);
        return 2;
    }
    playrec_t rec;
    int line, col;
    char msg[256];
    if (!playrec_parse_at(text, len, &rec, &line, &col, msg, sizeof msg)) {
        record_error(path, text, len, line, col, msg);
        free(text);
        return 2;
    }
    review_t rv;
    if (mat) {
        /* the game replayed (checked) without analysis, then written as .mat */
        review_opts_t quiet = o;
        quiet.all = false;
        quiet.replay_only = true;
        snprintf(rec.seat[0], sizeof rec.seat[0], "engine");
        snprintf(rec.seat[1], sizeof rec.seat[1], "engine");
        bool ok = review_run(&rec, &quiet, NULL, &rv);
        strbuf_t sb;
        strbuf_init(&sb);
        char why[256] = "";
        ok = ok && playrec_mat(&rec, rv.results, rv.nresults, &sb, why, sizeof why);
        if (!ok)
            record_error(path, text, len, rv.error_line, rv.error_col, rv.error[0] ? rv.error : why);
        else if (!savefile_write(mat, strbuf_str(&sb), sb.len)) {
            fprintf(stderr, "%s: cannot write: %s\n", mat, savefile_strerror(errno));
            ok = false;
        } else
            printf("%s: the %s in GNU Backgammon's .mat format (gnubg: import mat %s)\n", mat,
                   rec.match_length > 0 ? "match" : "game", mat);
        strbuf_free(&sb);
        review_free(&rv);
        playrec_free(&rec);
        free(text);
        return ok ? 0 : 2;
    }
    progress_line_t pl;
    progress_line_start(&pl);
    o.progress = review_progress;
    o.ud = &pl;
    /* Ctrl-C stops the review between turns (in the REPL too: the flag is
     * the one its handler sets) */
    bool in_repl = interrupt_busy();
    struct sigaction old;
    const volatile sig_atomic_t *stop = interrupt_catch(&old);
    bool ok = review_run(&rec, &o, stop, &rv);
    bool stopped = !ok && *stop;
    interrupt_release(&old);
    if (stopped && in_repl)
        interrupt_raise(); /* the REPL says "Stopped (Ctrl-C)." */
    progress_line_end(&pl);
    if (stopped) {
        if (!in_repl)
            fprintf(stderr, "brade: the review was stopped (Ctrl-C) at line %d of %s\n", rv.error_line, path);
        review_free(&rv);
        playrec_free(&rec);
        free(text);
        return 1;
    }
    if (!ok) {
        record_error(path, text, len, rv.error_line, rv.error_col, rv.error);
        review_free(&rv);
        playrec_free(&rec);
        free(text);
        return 2;
    }
    free(text);
    lang_t lang = o.lang;
    static const char *const GN[] = {"fine", "doubtful", "bad", "very-bad"};
    if (json) {
        printf("{\n  \"rules\": ");
        json_str(rec.rules.name);
        printf(",\n  \"plies\": %d,\n  \"finished\": %s,\n  \"decisions\": [", rv.plies,
               rv.finished ? "true" : "false");
        for (int i = 0; i < rv.nitems; i++) {
            const review_item_t *it = &rv.items[i];
            static const char *const KIND[] = {"play", "double", "take", "give-up", "one-die"};
            printf("%s\n    {\"line\": %d, \"kind\": \"%s\", \"colour\": \"%s\", ", i ? "," : "", it->line,
                   KIND[it->kind], it->colour == BOARD_WHITE ? "white" : "black");
            if (it->kind == REVIEW_PLAY) {
                char dice[8];
                playrec_dice_text(it->roll, dice, sizeof dice);
                printf("\"roll\": \"%s\", \"play\": ", dice);
                json_str(it->d.mine_text);
                printf(", \"best\": ");
                json_str(it->d.best_text);
                printf(", \"equity\": %.4f, \"best_equity\": %.4f, ", it->d.mine_value.equity,
                       it->d.best_value.equity);
            } else if (it->kind == REVIEW_GIVE_UP) {
                char dice[8];
                playrec_dice_text(it->roll, dice, sizeof dice);
                printf("\"roll\": ");
                if (it->roll.a)
                    json_str(dice);
                else
                    printf("null");
                printf(", \"action\": ");
                json_str(it->d.mine_text);
                printf(", \"best\": ");
                json_str(it->d.best_text);
                printf(", ");
            } else if (it->kind == REVIEW_ONE_DIE) {
                /* language-free words: declare, or roll both dice */
                bool best_declares = it->d.is_best == it->acted;
                printf("\"action\": \"%s\", \"best\": \"%s\", \"ci95\": %.4f, ", it->acted ? "declare" : "roll",
                       best_declares ? "declare" : "roll", it->d.rolled_ci95);
            } else {
                const cube_decision_t *cd = &it->cube.d;
                printf("\"action\": \"%s\", \"best\": \"%s\", \"cube\": %d, \"right\": \"%s\", "
                       "\"p_win\": %.4f, \"no_double\": %.4f, \"double_take\": %.4f, \"double_pass\": %.4f, "
                       "\"take_point\": %.4f, ",
                       it->d.mine_text, it->d.best_text, it->cube.cube, cube_action_name(cd->action), cd->p_win,
                       cd->nd, cd->dt, cd->dp, it->cube.take_point);
            }
            printf("\"lost\": %.4f, \"grade\": \"%s\", \"luck\": %.4f, \"why\": ", it->d.lost, GN[it->d.grade],
                   it->luck);
            json_str(it->d.words);
            printf("}");
        }
        printf("\n  ],\n  \"sides\": {");
        for (int c = 0; c < 2; c++) {
            const review_side_t *s = &rv.side[c];
            printf("%s\n    \"%s\": {\"reviewed\": %s, \"decisions\": %d, \"doubtful\": %d, \"bad\": %d, "
                   "\"very_bad\": %d, \"lost\": %.4f, \"luck\": %.4f, \"rolls\": %d",
                   c ? "," : "", c == BOARD_WHITE ? "white" : "black", s->reviewed ? "true" : "false",
                   s->decisions, s->errors[1], s->errors[2], s->errors[3], s->lost, s->luck, s->rolls);
            if (rec.rules.doubling_cube)
                printf(", \"cube\": {\"decisions\": %d, \"doubtful\": %d, \"bad\": %d, \"very_bad\": %d, "
                       "\"lost\": %.4f}",
                       s->cube_decisions, s->cube_errors[1], s->cube_errors[2], s->cube_errors[3], s->cube_lost);
            printf("}");
        }
        printf("\n  }");
        if (rec.match_length > 0)
            printf(",\n  \"match\": {\"to_points\": %s, \"length\": %d, \"played\": %d, \"white\": %d, \"black\": %d, "
                   "\"over\": %s, \"winner\": \"%s\"}",
                   rv.match.to_points ? "true" : "false", rv.match.length + rv.match.extra, rv.match.played,
                   rv.match.points[BOARD_WHITE], rv.match.points[BOARD_BLACK], rv.match.over ? "true" : "false",
                   !rv.match.over ? "" : rv.match.winner == BOARD_WHITE ? "white"
                                       : rv.match.winner == BOARD_BLACK ? "black" : "tie");
        printf("\n}\n");
    } else {
        /* the text, wrapped to 80 columns as the tutor's is */
        char *raw = NULL;
        size_t raw_len = 0;
        FILE *mf = open_memstream(&raw, &raw_len);
        if (!mf) {
            perror("brade");
            review_free(&rv);
            playrec_free(&rec);
            return 1;
        }
        if (rv.plies == 0)
            fprintf(mf, T(lang, "Review of %s (%s, each play against the best by the engine's judgement, not "
                                "looking ahead):\n",
                          "Granskning av %s (%s, varje drag mot det bästa enligt programmets bedömning, utan att "
                          "se framåt):\n"),
                    path, rec.rules.name);
        else
            fprintf(mf, T(lang, "Review of %s (%s, each play against the best the engine finds looking %s "
                                "ahead):\n",
                          "Granskning av %s (%s, varje drag mot det bästa programmet hittar %s framåt):\n"),
                    path, rec.rules.name,
                    rv.plies == 1   ? T(lang, "one roll", "ett slag")
                    : rv.plies == 2 ? T(lang, "two rolls", "två slag")
                                   : T(lang, "three rolls", "tre slag"));
        int shown = 0;
        for (int i = 0; i < rv.nitems; i++) {
            const review_item_t *it = &rv.items[i];
            if (it->d.grade == GRADE_FINE)
                continue;
            shown++;
            const char *who = it->colour == BOARD_WHITE ? T(lang, "white", "vit") : T(lang, "black", "svart");
            if (it->kind == REVIEW_PLAY)
            {
                char dice[8];
                playrec_dice_text(it->roll, dice, sizeof dice);
                fprintf(mf, T(lang, "line %d, %s %s: %s\n", "rad %d, %s %s: %s\n"), it->line, who, dice, it->d.words);
            } else if (it->kind == REVIEW_GIVE_UP && it->roll.a) {
                char dice[8];
                playrec_dice_text(it->roll, dice, sizeof dice);
                fprintf(mf,
                        it->acted ? T(lang, "line %d, %s gives up after %s: %s\n", "rad %d, %s ger upp efter %s: %s\n")
                                  : T(lang, "line %d, %s plays on after %s: %s\n",
                                      "rad %d, %s spelar vidare efter %s: %s\n"),
                        it->line, who, dice, it->d.words);
            } else if (it->kind == REVIEW_GIVE_UP)
                fprintf(mf, T(lang, "line %d, %s gives up before the roll: %s\n",
                              "rad %d, %s ger upp före slaget: %s\n"),
                        it->line, who, it->d.words);
            else if (it->kind == REVIEW_ONE_DIE)
                fprintf(mf,
                        it->acted ? T(lang, "line %d, %s declares the one-die rule: %s\n",
                                      "rad %d, %s begär entärningsregeln: %s\n")
                                  : T(lang, "line %d, %s rolls both dice: %s\n", "rad %d, %s slår båda tärningarna: %s\n"),
                        it->line, who, it->d.words);
            else
                fprintf(mf, T(lang, "line %d, %s %s: %s\n", "rad %d, %s %s: %s\n"), it->line, who,
                        it->kind == REVIEW_TAKE ? (it->acted ? T(lang, "takes", "tar emot") : T(lang, "drops", "passar"))
                        : it->acted ? T(lang, "doubles", "dubblar")
                                    : T(lang, "rolls without doubling", "slår utan att dubbla"),
                        it->d.words);
        }
        bool any = rv.side[0].reviewed || rv.side[1].reviewed;
        if (!any)
            fprintf(mf, "%s\n", T(lang, "Both sides were played by the engine; add --all to review its plays.",
                             "Båda sidor spelades av programmet; lägg till --all för att granska dess drag."));
        else if (!shown)
            fprintf(mf, "%s\n", T(lang, "No play gave away as much as a doubtful play.",
                             "Inget drag gav bort så mycket som ett tveksamt drag."));
        for (int c = 0; c < 2; c++) {
            const review_side_t *s = &rv.side[c];
            if (!s->reviewed)
                continue;
            fprintf(mf, T(lang, "%s: %d decision%s, %d doubtful, %d bad, %d very bad; %.3f points given away "
                           "in all, %.1f millipoints a decision.\n",
                     "%s: %d beslut%s, %d tveksamma, %d dåliga, %d mycket dåliga; %.3f poäng bortgivna "
                     "sammanlagt, %.1f tusendels poäng per beslut.\n"),
                   c == BOARD_WHITE ? T(lang, "White", "Vit") : T(lang, "Black", "Svart"), s->decisions,
                   s->decisions == 1 || lang == LANG_SV ? "" : "s",
                   s->errors[1], s->errors[2], s->errors[3], s->lost,
                   s->decisions ? 1000.0 * s->lost / s->decisions : 0.0);
            if (rec.rules.doubling_cube)
                fprintf(mf, T(lang, "%s's cube: %d decision%s, %d doubtful, %d bad, %d very bad; %.3f given away "
                                    "(a cube of 1).\n",
                              "%ss kub: %d beslut%s, %d tveksamma, %d dåliga, %d mycket dåliga; %.3f bortgivet "
                              "(kuben på 1).\n"),
                        c == BOARD_WHITE ? T(lang, "White", "Vit") : T(lang, "Black", "Svart"), s->cube_decisions,
                        s->cube_decisions == 1 || lang == LANG_SV ? "" : "s", s->cube_errors[1], s->cube_errors[2],
                        s->cube_errors[3], s->cube_lost);
        }
        fprintf(mf, T(lang, "Luck of the dice (each roll's best play against the average roll, 0-ply): "
                       "white %+.3f, black %+.3f.\n",
                 "Tärningstur (varje slags bästa drag mot ett genomsnittligt slag, 0 drag framåt): "
                 "vit %+.3f, svart %+.3f.\n"),
               rv.side[BOARD_WHITE].luck, rv.side[BOARD_BLACK].luck);
        if (rec.match_length > 0 && rv.match.to_points)
            fprintf(mf, T(lang, "Match to %d points, %d games played: white %d, black %d%s.\n",
                          "Match till %d poäng, %d partier spelade: vit %d, svart %d%s.\n"),
                    rv.match.length, rv.match.played, rv.match.points[BOARD_WHITE], rv.match.points[BOARD_BLACK],
                    !rv.match.over ? "" : rv.match.winner == BOARD_WHITE ? T(lang, ": white wins", ": vit vinner")
                                                                         : T(lang, ": black wins", ": svart vinner"));
        else if (rec.match_length > 0)
            fprintf(mf, T(lang, "Match of %d games, %d played: white %d, black %d%s.\n",
                     "Match på %d partier, %d spelade: vit %d, svart %d%s.\n"),
                   rv.match.length + rv.match.extra, rv.match.played, rv.match.points[BOARD_WHITE],
                   rv.match.points[BOARD_BLACK],
                   !rv.match.over ? "" : rv.match.winner == BOARD_WHITE ? T(lang, ": white wins", ": vit vinner")
                                   : rv.match.winner == BOARD_BLACK ? T(lang, ": black wins", ": svart vinner")
                                                                    : T(lang, ": tied", ": oavgjort"));
        if (!rv.finished)
            fprintf(mf, "%s\n", rec.match_length > 0
                                ? T(lang, "(The record stops before the end of the match.)",
                                    "(Protokollet slutar före matchens slut.)")
                                : T(lang, "(The record stops before the end of the game.)",
                                    "(Protokollet slutar före partiets slut.)"));
        fclose(mf);
        strbuf_t wrapped;
        strbuf_init(&wrapped);
        render_lines(raw, 80, &wrapped);
        fputs(strbuf_str(&wrapped), stdout);
        strbuf_free(&wrapped);
        free(raw);
    }
    int rc = puzzles ? review_puzzles(&rec, &rv, path, puzzles, lang) : 0;
    if (keep && rc == 0) {
        *keep = rv; /* the caller's now */
        *rules = rec.rules;
    } else {
        review_free(&rv);
    }
    playrec_free(&rec);
    return rc;
}
