/*
 * repl_cmds.c - the REPL's command table and its handlers.  The table is
 * the one place a command is declared: dispatch, `help` and completion all
 * read it (repl.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/savefile.h"
#include "cli/cmd.h"
#include "front/config.h"
#include "front/paths.h"
#include "cli/repl_glossary.h"
#include "cli/repl.h"
#include "tutor/words.h"

#define L_(r) ((r)->ro.lang)

/* Runs a scripting command (the `brade COMMAND` table) with the words
 * after the REPL command's name. */
static int forward(const char *name, int argc, char **argv)
{
    int n;
    const command_t *t = cmd_table(&n);
    fflush(stdout);
    for (int i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0) {
            int rc = t[i].run(argc - 1, argv + 1);
            fflush(stdout);
            fflush(stderr);
            return rc;
        }
    return 1;
}

/* ------------------------------------------------------------ puzzles */

/* One puzzle in a list: id, difficulty, title, state, then its themes. */
static void print_puzzle_line(repl_t *r, int i)
{
    lang_t L = L_(r);
    const puzzle_t *p = &r->course.puzzles[i];
    const progress_item_t *it = progress_get(&r->progress, p->id, false);
    char state[96] = "";
    if (it && it->last >= 0) {
        char day[16];
        paths_format_day(it->due, day, sizeof day);
        if (it->last_failed)
            snprintf(state, sizeof state, T(L, "failed, due %s", "misslyckat, åter %s"), day);
        else
            snprintf(state, sizeof state, T(L, "solved, due %s", "löst, åter %s"), day);
    } else {
        snprintf(state, sizeof state, "%s", T(L, "new", "nytt"));
    }
    strbuf_t th;
    strbuf_init(&th);
    for (int k = 0; k < p->nthemes; k++)
        strbuf_addf(&th, "%s%s", k ? "," : "", words_theme(L, p->themes[k]));
    bool here = r->tutor.mode == TUTOR_PUZZLE && r->tutor.puzzle == i;
    const char *title = text_pick(&p->title, L);
    int pad = 30 - render_width(title);
    printf("%s%-22s %d/5  %s%*s %s\n", here ? "* " : "  ", p->id, p->difficulty, title,
           pad > 0 ? pad : 0, "", state);
    printf("  %-22s       %s%s%s\n", "", render_dim(&r->ro), strbuf_str(&th), render_reset(&r->ro));
    strbuf_free(&th);
}

/* `puzzles [THEME]`: the themes and puzzles; a THEME also narrows `puzzle`. */
static int do_puzzles(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    lang_t L = L_(r);
    const char *themes[256];
    int nt = course_themes(&r->course, themes, 256);
    if (nt > 256)
        nt = 256;
    if (argc >= 2) {
        /* a Swedish theme name is read as its id */
        const char *want = words_theme_id(argv[1]) ? words_theme_id(argv[1]) : argv[1];
        bool known = false;
        for (int i = 0; i < nt; i++)
            known |= strcmp(themes[i], want) == 0;
        if (!known) {
            printf(T(L, "There is no theme '%s'.", "Det finns inget tema '%s'."), argv[1]);
            printf(T(L, " Themes:", " Teman:"));
            for (int i = 0; i < nt; i++)
                printf(" %s", words_theme(L, themes[i]));
            printf("\n");
            return 1;
        }
        free(r->theme);
        r->theme = strdup(want);
    } else {
        free(r->theme);
        r->theme = NULL;
    }
    if (!r->course.npuzzles) {
        printf("%s\n", T(L, "No puzzles are loaded.", "Inga problem är inlästa."));
        return 0;
    }
    if (!r->theme) {
        printf("%s", T(L, "Themes:", "Teman:"));
        for (int i = 0; i < nt; i++) {
            int c = 0;
            for (int k = 0; k < r->course.npuzzles; k++)
                c += course_puzzle_has_theme(&r->course.puzzles[k], themes[i]);
            printf(" %s (%d)%s", words_theme(L, themes[i]), c, i + 1 < nt ? "," : "");
        }
        printf("\n");
    }
    /* the hand-made puzzles in full; of the mined ones (thousands), a
     * theme's first MINED_SHOWN and how many there are per ruleset */
    enum { MINED_SHOWN = 20 };
    int shown = 0, mined = 0, listed = 0;
    const char *rulesets[16];
    int per[16], nrs = 0;
    for (int i = 0; i < r->course.npuzzles; i++) {
        const puzzle_t *p = &r->course.puzzles[i];
        if (r->theme && !course_puzzle_has_theme(p, r->theme))
            continue;
        shown++;
        if (p->mined) {
            mined++;
            int k = 0;
            while (k < nrs && strcmp(rulesets[k], p->pos.rules.name) != 0)
                k++;
            if (k == nrs && nrs < 16) {
                rulesets[nrs] = p->pos.rules.name;
                per[nrs++] = 0;
            }
            if (k < nrs)
                per[k]++;
            if (!r->theme || listed >= MINED_SHOWN)
                continue;
            listed++;
        }
        print_puzzle_line(r, i);
    }
    if (mined) {
        printf(T(L, "%s%d mined puzzles (", "%s%d utvunna problem ("), r->theme ? "" : T(L, "And ", "Och "), mined);
        for (int k = 0; k < nrs; k++)
            printf("%s%s %d", k ? ", " : "", rulesets[k], per[k]);
        printf("%s", T(L, ")", ")"));
        if (r->theme && mined > listed)
            printf(T(L, ", %d of them listed above", ", %d av dem visade ovan"), listed);
        else if (!r->theme)
            printf("%s", T(L, ": 'puzzles THEME' lists a theme's", ": 'puzzles TEMA' visar ett temas"));
        printf(".\n");
    }
    if (r->theme)
        printf(T(L, "%d %s on %s; 'puzzle' picks the next one due among them.\n",
                 "%d %s om %s; 'puzzle' väljer nästa som står på tur bland dem.\n"),
               shown, shown == 1 ? T(L, "puzzle", "problem") : T(L, "puzzles", "problem"),
               words_theme(L, r->theme));
    else
        printf("%s\n", T(L, "'puzzle ID' opens one; 'puzzle' picks the next one due.",
                         "'puzzle ID' öppnar ett; 'puzzle' väljer nästa som står på tur."));
    return 0;
}

/* Opens the puzzle the schedule picks, saying why. */
int repl_pick_and_open(repl_t *r, int avoid)
{
    lang_t L = L_(r);
    tutor_pick_t why;
    int i = tutor_pick_puzzle(&r->tutor, r->theme, avoid, &why);
    if (i < 0) {
        printf("%s\n", T(L, "No puzzles are loaded.", "Inga problem är inlästa."));
        return 1;
    }
    const progress_item_t *it = progress_get(&r->progress, r->course.puzzles[i].id, false);
    char day[16] = "";
    if (it)
        paths_format_day(it->due, day, sizeof day);
    switch (why) {
    case PICK_FAILED_DUE:
        printf("%s\n", T(L, "(A puzzle you missed before, back for another try.)",
                         "(Ett problem du missade förut, tillbaka för ett nytt försök.)"));
        break;
    case PICK_NEW:
        printf("%s\n", T(L, "(A new puzzle.)", "(Ett nytt problem.)"));
        break;
    case PICK_NEW_AHEAD:
        printf(T(L, "(A new puzzle above your level: it is rated %.0f, your level in its themes is %.0f.\n"
                    "Nothing new at your level is left%s, so the easiest of the rest comes first.)\n",
                 "(Ett nytt problem över din nivå: det har värdetal %.0f, din nivå i dess teman är %.0f.\n"
                 "Inget nytt på din nivå finns kvar%s, så det lättaste av resten kommer först.)\n"),
               glicko_puzzle_rating(r->course.puzzles[i].difficulty), tutor_level(&r->tutor, i),
               r->theme ? T(L, " on this theme", " om det här temat") : "");
        break;
    case PICK_FAILED_TODAY:
        printf(
            "%s\n",
            T(L, "(A puzzle you missed earlier today: nothing new is left, so try it again.)",
              "(Ett problem du missade tidigare i dag: inget nytt finns kvar, så försök igen.)"));
        break;
    case PICK_REVIEW_DUE:
        printf("%s\n", T(L, "(A puzzle you solved before, due for review.)",
                         "(Ett problem du löst förut, dags för repetition.)"));
        break;
    case PICK_EARLY:
        printf(T(L, "(Nothing is due today; this one is due on %s.)\n",
                 "(Inget står på tur i dag; det här står på tur %s.)\n"),
               day);
        break;
    case PICK_NONE:
        break;
    }
    tutor_open_puzzle(&r->tutor, i);
    repl_show_current(r, true);
    return 0;
}

/* `puzzle [ID]`: opens a puzzle (no ID: the one the schedule picks). */
static int do_puzzle(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (argc < 2)
        return repl_pick_and_open(r, r->tutor.mode == TUTOR_PUZZLE ? r->tutor.puzzle : -1);
    int i = course_find_puzzle(&r->course, argv[1]);
    if (i < 0) {
        printf(T(L_(r), "There is no puzzle '%s'; 'puzzles' lists them.\n",
                 "Det finns inget problem '%s'; 'puzzles' visar dem.\n"),
               argv[1]);
        return 1;
    }
    tutor_open_puzzle(&r->tutor, i);
    repl_show_current(r, true);
    return 0;
}

/* ----------------------------------------------------------- questions */

/* `hint`: the next hint grade. */
static int do_hint(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argv;
    tutor_t *t = &r->tutor;
    /* `hint PLAY` with no question open: the analysis's ranking against
     * that play */
    if (argc > 1 && !t->q) {
        bool ok = tutor_analysis_hint(t, rest, &r->out);
        repl_flush(r);
        return ok ? 0 : 1;
    }
    /* in an open play question, PLAY is judged as an answer (it counts as
     * a try: answers are earned), and the next hint follows a wrong one */
    if (argc > 1 && t->q->kind == QK_PLAY) {
        tutor_result_t res = tutor_answer(t, rest, &r->out);
        if (res == TR_RIGHT || res == TR_UNREAD || t->answered) {
            repl_flush(r);
            return res == TR_RIGHT ? 0 : 1;
        }
    }
    bool ok = tutor_hint(t, &r->out);
    repl_flush(r);
    return ok ? 0 : 1;
}

/* `solution`: the answer and its explanation. */
static int do_solution(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    bool ok = tutor_solution(&r->tutor, &r->out);
    repl_flush(r);
    return ok ? 0 : 1;
}

/* `answer TEXT` answers; `answer` alone shows the answer. */
static int do_answer(repl_t *r, int argc, char **argv, const char *rest)
{
    if (argc < 2)
        return do_solution(r, argc, argv, rest);
    tutor_result_t res = tutor_answer(&r->tutor, rest, &r->out);
    repl_flush(r);
    return res == TR_NO_QUESTION ? 1 : 0;
}

/* ------------------------------------------------------------- board */

/* `board`: draws the board. */
static int do_board(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    repl_draw_board(r);
    return 0;
}

/* `moves`: the legal plays of the board's roll; with flags, `brade moves`. */
static int do_moves(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (argc > 1 && strncmp(argv[1], "--", 2) == 0) {
        if (tutor_answer_pending(&r->tutor, "moves", &r->out)) { /* the open question's position, by flags */
            repl_flush(r);
            return 1;
        }
        return forward("moves", argc, argv) == 0 ? 0 : 1;
    }
    bool ok = tutor_moves(&r->tutor, &r->out);
    repl_flush(r);
    return ok ? 0 : 1;
}

/* `explain PLAY`: the verdict on a play in the board's position. */
static int do_explain(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc < 2) {
        printf("%s\n", T(L_(r), "Usage: explain PLAY (e.g. explain 13/17 19/21)",
                         "Användning: explain DRAG (t.ex. explain 13/17 19/21)"));
        return 1;
    }
    bool ok = tutor_explain_play(&r->tutor, rest, &r->out);
    repl_flush(r);
    return ok ? 0 : 1;
}

/* `rules`: the rules in force and the differences; with arguments, `brade rules`. */
static int do_rules_repl(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (argc > 1)
        return forward("rules", argc, argv) == 0 ? 0 : 1;
    tutor_rules_summary(&r->tutor, &r->out);
    repl_flush(r);
    return 0;
}

/* Writes a lasting choice to the config file and says where (or why not). */
static void remember(repl_t *r, const char *key, const char *value)
{
    char path[4200];
    if (config_set(key, value, path, sizeof path))
        printf(T(r->ro.lang, "(Remembered in %s.)\n", "(Sparat i %s.)\n"), path);
    else
        printf(T(r->ro.lang, "(Not remembered: %s.)\n", "(Inte sparat: %s.)\n"), savefile_strerror(errno));
}

/* `set rules NAME` and `set language en|sv`: both remembered (config.h). */
static int do_set(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    lang_t L = L_(r);
    if (argc >= 3 && (strcmp(argv[1], "language") == 0 || strcmp(argv[1], "lang") == 0 ||
                      strcmp(argv[1], "språk") == 0)) {
        if (strcmp(argv[2], "sv") == 0 || strcmp(argv[2], "svenska") == 0 ||
            strcmp(argv[2], "swedish") == 0)
            r->ro.lang = LANG_SV;
        else if (strcmp(argv[2], "en") == 0 || strcmp(argv[2], "english") == 0 ||
                 strcmp(argv[2], "engelska") == 0)
            r->ro.lang = LANG_EN;
        else {
            printf("%s\n", T(L, "Languages: en, sv.", "Språk: en, sv."));
            return 1;
        }
        r->tutor.lang = r->ro.lang;
        printf("%s\n", T(r->ro.lang, "Language: English.", "Språk: svenska."));
        remember(r, "language", r->ro.lang == LANG_SV ? "sv" : "en");
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "board") == 0) {
        if (strcmp(argv[2], "fixed") != 0 && strcmp(argv[2], "turning") != 0) {
            printf("%s\n", T(L, "set board fixed (always from white's side) or turning (from the side on roll).",
                             "set board fixed (alltid från vits sida) eller turning (från den som står på tur)."));
            return 1;
        }
        r->ro.fixed = argv[2][0] == 'f';
        if (r->game.g)
            r->game.ro.fixed = r->ro.fixed;
        printf("%s\n", r->ro.fixed ? T(L, "The board is drawn from white's side.", "Brädet ritas från vits sida.")
                                   : T(L, "The board is drawn from the side on roll.",
                                       "Brädet ritas från den som står på tur."));
        remember(r, "board", argv[2]);
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "rules") == 0) {
        rules_t rules;
        rules_error_t e;
        if (!rules_parse(argv[2], &rules, &e)) {
            printf(T(L, "Unknown ruleset or option in '%s'. Rulesets:",
                     "Okända regler eller inställning i '%s'. Regler:"),
                   argv[2]);
            for (int i = 0; i < rules_preset_count(); i++)
                printf(" %s", rules_preset_at(i)->name);
            printf("\n");
            return 1;
        }
        bool ok = tutor_set_rules(&r->tutor, &rules, &r->out);
        repl_flush(r);
        if (!ok)
            return 1;
        char name[256];
        rules_format(&r->tutor.rules, name, sizeof name);
        printf(T(L, "Rules: %s.\n", "Regler: %s.\n"), name);
        remember(r, "rules", name);
        r->cfg.rules = r->tutor.rules; /* the learner's ruleset: games use it */
        r->cfg.have_rules = true;
        if (r->tutor.q)
            printf(
                T(L,
                  "(The open question is still judged under %s, the rules it was written for.)\n",
                  "(Den öppna frågan bedöms fortfarande med %s, reglerna den skrevs för.)\n"),
                r->tutor.qpos->rules.name);
        return 0;
    }
    printf("%s\n", T(L, "Usage: set rules NAME[+option=value...] | set language en|sv | set board fixed|turning",
                     "Användning: set rules NAMN[+inställning=värde...] | set language en|sv | set board fixed|turning"));
    return 1;
}

/* ---------------------------------------------------------- the rest */

/* `quit`: ends the session after this line. */
static int do_quit(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    r->quit = true;
    return 0;
}

/* A scripting command run from the REPL (check, judge, posid, ...).  While
 * a question is open, those that rank or judge plays (judge, analyse) wait:
 * given the question's position by its flags they would answer it. */
static int do_script(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    if ((strcmp(argv[0], "judge") == 0 || strcmp(argv[0], "analyse") == 0) &&
        tutor_answer_pending(&r->tutor, argv[0], &r->out)) {
        repl_flush(r);
        return 1;
    }
    return forward(argv[0], argc, argv) == 0 ? 0 : 1;
}

/* `check`: as `brade check`, but best-play rollouts (a minute or more for
 * the bundled course) are played again only when asked with --rollouts. */
static int do_check(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)r, (void)rest;
    char **args = malloc(sizeof *args * (size_t)(argc + 1));
    if (!args)
        return 1;
    int n = 0;
    bool asked = false;
    args[n++] = argv[0];
    for (int i = 1; i < argc; i++)
        asked |= strcmp(argv[i], "--rollouts") == 0 || strcmp(argv[i], "--no-rollouts") == 0;
    static char no[] = "--no-rollouts";
    if (!asked)
        args[n++] = no;
    for (int i = 1; i < argc; i++)
        args[n++] = argv[i];
    int rc = forward(argv[0], n, args);
    free(args);
    return rc == 0 ? 0 : 1;
}

static int do_help_repl(repl_t *r, int argc, char **argv, const char *rest);

static const repl_command_t COMMANDS[] = {
    {"help", "?", "[COMMAND]", "this list, or one command's help",
     "den här listan, eller hjälp om ett kommando", do_help_repl, COMPLETE_COMMAND},
    {"lessons", NULL, "", "list the lessons", "visa lektionerna", repl_cmd_lessons, COMPLETE_NONE},
    {"lesson", NULL, "[ID [STEP]]", "open a lesson (no ID: where you left off)",
     "öppna en lektion (utan ID: där du slutade)", repl_cmd_lesson, COMPLETE_LESSON},
    {"puzzles", NULL, "[THEME]",
     "list the puzzles, or those on one theme (then 'puzzle' keeps to it)",
     "visa problemen, eller de om ett tema (och 'puzzle' håller sig till det)", do_puzzles,
     COMPLETE_THEME},
    {"puzzle", NULL, "[ID]", "open a puzzle (no ID: the next one due for you)",
     "öppna ett problem (utan ID: nästa som står på tur)", do_puzzle, COMPLETE_PUZZLE},
    {"drill", NULL, "[LESSON STEP]",
     "a lesson question due for review, or the one named",
     "en lektionsfråga att repetera, eller den som anges", repl_cmd_drill, COMPLETE_LESSON},
    {"next", NULL, "", "the next lesson step, puzzle or lesson question due",
     "nästa steg i lektionen, nästa problem eller nästa lektionsfråga", repl_cmd_next, COMPLETE_NONE},
    {"back", NULL, "", "the step before", "steget innan", repl_cmd_back, COMPLETE_NONE},
    {"show", NULL, "", "show the step or puzzle again", "visa steget eller problemet igen", repl_cmd_show,
     COMPLETE_NONE},
    {"hint", NULL, "[PLAY]", "a graded hint (with PLAY: judge PLAY first, as a try); no question open: the best plays",
     "ett tips i steg (med DRAG: bedöm DRAG först, som ett försök); utan fråga: de bästa dragen", do_hint, COMPLETE_NONE},
    {"answer", NULL, "[TEXT]", "answer with TEXT; alone: show the answer",
     "svara med TEXT; ensamt: visa svaret", do_answer, COMPLETE_NONE},
    {"solution", NULL, "", "show the answer and why", "visa svaret och varför", do_solution,
     COMPLETE_NONE},
    {"board", NULL, "", "draw the board", "rita brädet", do_board, COMPLETE_NONE},
    {"moves", NULL, "", "the legal plays of the roll on the board",
     "de tillåtna dragen för slaget på brädet", do_moves, COMPLETE_NONE},
    {"explain", NULL, "PLAY", "whether a play is legal here, and why",
     "om ett drag är tillåtet här, och varför", do_explain, COMPLETE_NONE},
    {"glossary", NULL, "[WORD]", "the Swedish terms and their English words",
     "de svenska termerna och deras engelska motsvarighet", repl_cmd_glossary, COMPLETE_GLOSSARY},
    {"rules", NULL, "[NAME | --options]", "the rules in force and how the rulesets differ",
     "reglerna som gäller och hur regelverken skiljer sig", do_rules_repl, COMPLETE_RULES},
    {"set", NULL, "rules NAME | language en|sv | board fixed|turning", "change the rules, the language or the board's view",
     "byt regler eller språk", do_set, COMPLETE_SET},
    {"setup", NULL, "[start|clear|place|remove|white|black|to-move|roll|id ...]",
     "edit the position (for building puzzles); 'setup' alone explains",
     "ändra ställningen (för att bygga problem); 'setup' ensamt förklarar", repl_cmd_setup,
     COMPLETE_SETUP},
    {"export", NULL, "[ID | position | --svg FILE]", "print the position as YAML for a puzzle file, or draw it as SVG",
     "skriv ställningen som YAML för en problemfil, eller rita den som SVG", repl_cmd_export, COMPLETE_NONE},
    {"progress", NULL, "[--svg FILE | --games-svg FILE]",
     "lessons, puzzles, what is due, ratings, your reviewed games (--svg, --games-svg: charts over time)",
     "lektioner, problem, vad som står på tur, värdetal, dina granskade partier (--svg, --games-svg: diagram över "
     "tiden)", repl_cmd_progress,
     COMPLETE_NONE},
    {"play", NULL, "[RULES] [--here] [--match N] [--as white|black|random] [--white|--black P] | end",
     "a game against the engine, the tutor watching", "ett parti mot programmet, som kommenterar dina drag",
     repl_cmd_play, COMPLETE_RULES},
    {"review", NULL, "[FILE] [--all] [--plies N] | next | prev | go N | show PLAY",
     "a saved game analysed (no FILE: your last game), then stepped through",
     "ett sparat parti granskat (utan FIL: ditt senaste parti), sedan steg för steg",
     repl_cmd_review, COMPLETE_NONE},
    {"dice", NULL, "A [B]", "the dice you rolled (a game with --dice manual)",
     "tärningarna du slog (ett parti med --dice manual)", repl_cmd_game, COMPLETE_NONE},
    {"roll", NULL, "", "roll the dice (a game, when you may declare the one-die rule or double first)",
     "slå tärningarna (ett parti, när du först får begära entärningsregeln eller dubbla)", repl_cmd_game,
     COMPLETE_NONE},
    {"undo", NULL, "", "take back your last play in a game (the same roll again)",
     "ta tillbaka ditt senaste drag i ett parti (samma slag igen)", repl_cmd_game, COMPLETE_NONE},
    {"resign", NULL, "", "give up the game (where the rules allow it)",
     "ge upp partiet (där reglerna tillåter det)", repl_cmd_game, COMPLETE_NONE},
    {"one-die", NULL, "", "declare the one-die rule before your roll (a game)",
     "begär entärningsregeln före ditt slag (ett parti)", repl_cmd_game, COMPLETE_NONE},
    {"double", NULL, "", "offer a double before your roll (a backgammon game)",
     "dubbla före ditt slag (ett parti backgammon)", repl_cmd_game, COMPLETE_NONE},
    {"take", NULL, "", "take the double you were offered (a backgammon game)",
     "ta emot dubbleringen du fick (ett parti backgammon)", repl_cmd_game, COMPLETE_NONE},
    {"drop", "pass", "", "refuse the double: the game is lost at the cube's value (a backgammon game)",
     "passa på dubbleringen: partiet förloras till kubens värde (ett parti backgammon)", repl_cmd_game,
     COMPLETE_NONE},
    {"quit", "exit", "", "leave brade", "avsluta brade", do_quit, COMPLETE_NONE},
    {"check", NULL, "[FILES...]", "check course files (--rollouts: replay best-play rollouts)",
     "kontrollera kursfiler (--rollouts: gör om utspelen av bästa drag)", do_check,
     COMPLETE_NONE},
    {"judge", NULL, "FLAGS", "the scripting command 'brade judge'", "skriptkommandot 'brade judge'",
     do_script, COMPLETE_NONE},
    {"posid", NULL, "FLAGS", "the scripting command 'brade posid'", "skriptkommandot 'brade posid'",
     do_script, COMPLETE_NONE},
    {"perft", NULL, "FLAGS", "the scripting command 'brade perft'", "skriptkommandot 'brade perft'",
     do_script, COMPLETE_NONE},
    {"bench", NULL, "FLAGS", "the scripting command 'brade bench'", "skriptkommandot 'brade bench'",
     do_script, COMPLETE_NONE},
    {"analyse", NULL, "FLAGS", "the scripting command 'brade analyse' (Ctrl-C stops it)",
     "skriptkommandot 'brade analyse' (Ctrl-C avbryter)", do_script, COMPLETE_NONE},
};

/* The command table (see repl.h). */
const repl_command_t *repl_commands(int *count)
{
    *count = (int)(sizeof COMMANDS / sizeof COMMANDS[0]);
    return COMMANDS;
}

/* `help [COMMAND]`: the table, or one command. */
static int do_help_repl(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    lang_t L = L_(r);
    int n;
    const repl_command_t *t = repl_commands(&n);
    if (argc >= 2) {
        for (int i = 0; i < n; i++)
            if (strcmp(argv[1], t[i].name) == 0 ||
                (t[i].alias && strcmp(argv[1], t[i].alias) == 0)) {
                printf("%s%s%s\n  %s\n", t[i].name, *t[i].args ? " " : "", t[i].args,
                       T(L, t[i].help_en, t[i].help_sv));
                if (t[i].alias)
                    printf(T(L, "  (also '%s')\n", "  (även '%s')\n"), t[i].alias);
                return 0;
            }
        printf(T(L, "No command '%s'.\n", "Inget kommando '%s'.\n"), argv[1]);
        return 1;
    }
    printf("%s\n",
           T(L, "Commands (the start of a name is enough when it is unique: 'prog' = progress):",
             "Kommandon (början av ett namn räcker om den är entydig: 'prog' = progress):"));
    for (int i = 0; i < n; i++) {
        char usage[96];
        snprintf(usage, sizeof usage, "%s %s", t[i].name, t[i].args);
        /* a long usage gets a line of its own */
        if (strlen(usage) > 26)
            printf("  %s\n  %-26s %s\n", usage, "", T(L, t[i].help_en, t[i].help_sv));
        else
            printf("  %-26s %s\n", usage, T(L, t[i].help_en, t[i].help_sv));
    }
    printf("%s\n", T(L, "Anything else you type is your answer to the open question.",
                     "Allt annat du skriver är ditt svar på den öppna frågan."));
    return 0;
}
