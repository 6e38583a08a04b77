/*
 * repl_play.c - games in the REPL: `play` and the words of a game (see
 * repl.h and play_view.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "front/gamefile.h"
#include "front/interrupt.h"
#include "front/paths.h"

#include "cli/repl.h"
#include "cli/review_puzzles.h"
#include "front/game_stats.h"
#include "tutor/words.h"

bool repl_in_game(const repl_t *r)
{
    return r->game.g != NULL;
}

void repl_game_end(repl_t *r)
{
    if (!r->game.g)
        return;
    play_view_end(&r->game);
    if (r->game.saved)
        snprintf(r->last_game, sizeof r->last_game, "%s", r->game.record_path);
}

/* The learner's figures of a review of one of their own records (the
 * games folder), kept for statistics across games (front/game_stats.h):
 * the one side the review judged, a person's. */
static void record_stats(repl_t *r, char **args, int n)
{
    const char *path = NULL;
    for (int i = 0; i < n; i++) {
        if (strcmp(args[i], "--plies") == 0 || strcmp(args[i], "--lang") == 0 || strcmp(args[i], "--puzzles") == 0)
            i++;
        else if (args[i][0] != '-')
            path = args[i];
    }
    game_stat_t s;
    memset(&s, 0, sizeof s);
    if (!path || !game_stats_own_record(r->state_dir, path, s.name, sizeof s.name))
        return;
    int side = -1, sides = 0;
    for (int c = 0; c < 2; c++)
        if (r->rv.side[c].reviewed) {
            side = c;
            sides++;
        }
    if (sides != 1)
        return; /* two people, or the engine's game: not one learner's figures */
    game_stats_fill(&s, &r->rv, side, r->rv_rules.name);
    char err[4600];
    if (!game_stats_add(r->state_dir, &s, err, sizeof err))
        fprintf(stderr, "brade: %s\n", err);
}

int repl_cmd_review(repl_t *r, int argc, char **argv, const char *rest)
{
    if (argc >= 2 && (strcmp(argv[1], "next") == 0 || strcmp(argv[1], "prev") == 0 || strcmp(argv[1], "go") == 0 ||
                      strcmp(argv[1], "show") == 0))
        return repl_review_step(r, argc, argv, rest);
    bool named = false, all = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--plies") == 0 || strcmp(argv[i], "--lang") == 0)
            i++;
        else if (strcmp(argv[i], "--all") == 0)
            all = true;
        else if (argv[i][0] != '-')
            named = true;
    }
    char **args = malloc(sizeof *args * (size_t)(argc + 6));
    if (!args)
        return 1;
    int n = 0;
    static char lang_flag[] = "--lang", en[] = "en", sv[] = "sv";
    for (int i = 1; i < argc; i++)
        args[n++] = argv[i];
    if (!named && repl_in_game(r)) {
        /* the game under way is saved, and so can be reviewed, when it ends */
        printf("%s\n", T(r->ro.lang,
                         "A game is under way: it can be reviewed once it ends, or after 'play end' leaves "
                         "it ('hint' helps with this turn).",
                         "Ett parti pågår: det kan granskas när det är slut, eller efter att 'play end' "
                         "lämnat det ('hint' hjälper med detta drag)."));
        free(args);
        return 1;
    }
    if (!named) {
        /* none played in this session: the newest record the play mode
         * saved, so a learner who comes back another day finds it */
        if (!r->last_game[0] && r->have_state &&
            paths_newest_game(r->state_dir, r->last_game, sizeof r->last_game))
            printf(T(r->ro.lang, "Your last game: %s\n", "Ditt senaste parti: %s\n"), r->last_game);
        if (!r->last_game[0]) {
            printf("%s\n", T(r->ro.lang, "No game has been played yet: play one, or name a record (review FILE).",
                             "Inget parti har spelats än: spela ett, eller ange ett protokoll (review FIL)."));
            free(args);
            return 1;
        }
        args[n++] = r->last_game;
    }
    args[n++] = lang_flag;
    args[n++] = r->ro.lang == LANG_SV ? sv : en;
    /* the learner's bad plays become puzzles of their own (not the
     * engine's, which --all reviews too) */
    static char puzzles_flag[] = "--puzzles";
    char mine[4200];
    if (r->have_state && !all) {
        review_puzzles_path(r->state_dir, mine, sizeof mine);
        args[n++] = puzzles_flag;
        args[n++] = mine;
    }
    fflush(stdout);
    repl_review_drop(r);
    int rc = cmd_review_keep(n, args, &r->rv, &r->rv_rules);
    if (rc == 0 && r->have_state && !all)
        record_stats(r, args, n);
    if (rc == 0) {
        r->rv_have = true;
        if (r->rv.nitems > 0)
            printf(T(r->ro.lang,
                     "Step through it on the boards: 'review next', 'review prev', 'review go N' (N from 1 to %d).\n",
                     "Stega igenom det på brädena: 'review next', 'review prev', 'review go N' (N från 1 till %d).\n"),
                   r->rv.nitems);
    }
    fflush(stdout);
    fflush(stderr);
    free(args);
    if (rc == 0 && r->have_state && !all && !repl_in_game(r))
        repl_load_course(r, true);
    return rc == 0 ? 0 : 1;
}

void repl_game_line(repl_t *r, const char *line)
{
    /* Ctrl-C while the engine thinks stops it; its turn waits ('go') */
    interrupt_begin();
    r->game.stop = interrupt_flag();
    int rc = play_view_line(&r->game, line);
    interrupt_end();
    if (rc != 0)
        r->failures++;
    if (!play_view_active(&r->game))
        repl_game_end(r);
}

/* True when the play command names a ruleset (its first word not a flag,
 * or --rules). */
static bool named_rules(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--rules") == 0 || (i == 1 && argv[i][0] != '-'))
            return true;
    return false;
}

/* `play [RULES] [--white ...] [--black ...] [--seed S] [--dice manual]
 * [--tutor off|warn] [--record FILE]`: a game against the engine, under
 * the REPL's ruleset unless one is named; `play end` leaves it. */
int repl_cmd_play(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    lang_t lang = r->ro.lang;
    if (argc == 2 && strcmp(argv[1], "end") == 0) {
        if (!repl_in_game(r)) {
            printf("%s\n", T(lang, "No game is under way.", "Inget parti pågår."));
            return 1;
        }
        printf("%s\n", T(lang, "The game is left unfinished.", "Partiet lämnas oavslutat."));
        repl_game_end(r);
        return 0;
    }
    if (repl_in_game(r)) {
        printf("%s\n", T(lang, "A game is under way: finish it, or leave it with 'play end'.",
                         "Ett parti pågår: spela klart det, eller lämna det med 'play end'."));
        return 1;
    }
    play_opts_t o;
    play_default_opts(&o);
    /* the learner's ruleset (`set rules`, remembered), not the one a lesson
     * step last showed; a ruleset named in the command wins */
    config_play_opts(&r->cfg, &o);
    o.lang = lang;
    const char *record = NULL;
    /* --here: play on from the position on the tutor's board */
    bool here = false;
    int n = 0;
    char **args = malloc(sizeof *args * (size_t)(argc + 1));
    if (!args)
        return 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--here") == 0)
            here = true;
        else
            args[n++] = argv[i];
    }
    /* --resume FILE: a game cut short, taken up where its record stops */
    char **left = malloc(sizeof *left * (size_t)(n + 1));
    int nleft = 0;
    bool bad = false;
    const char *resume = left ? cmd_play_resume_flag(n, args, left, &nleft, &bad, stdout) : NULL;
    bool ok = left && !bad && !(resume && here) &&
              play_view_parse(resume ? nleft : n, resume ? left : args, !resume, &o, &record, stdout);
    if (resume && here)
        printf("%s\n", T(lang, "--resume goes on from the record, not from the board (--here).",
                         "--resume fortsätter från protokollet, inte från brädet (--here)."));
    free(left);
    free(args);
    if (!ok)
        return 1;
    if (resume) {
        r->game.stop = interrupt_flag();
        if (!play_view_resume(&r->game, resume, &o, &r->ro, r->width))
            return 1;
        interrupt_clear();
        if (!play_view_active(&r->game))
            repl_game_end(r);
        return 0;
    }
    if (here) {
        const tutor_t *t = &r->tutor;
        if (!named_rules(argc, argv))
            o.rules = t->rules; /* the board's position is its ruleset's */
        if (!t->have_pos) {
            printf("%s\n", T(lang, "There is no position on the board to play from.",
                             "Det finns ingen ställning på brädet att spela från."));
            return 1;
        }
        if (t->board.geom != o.rules.geometry ||
            movegen_check_position(&t->board, &o.rules, NULL) != BOARD_OK ||
            t->board.side[0][BOARD_OFF] == 15 || t->board.side[1][BOARD_OFF] == 15) {
            printf(T(lang, "The position on the board cannot be played on under %s.\n",
                     "Ställningen på brädet kan inte spelas vidare enligt %s.\n"),
                   o.rules.name);
            return 1;
        }
        o.from_position = true;
        o.start = t->board;
        o.match_length = 0;
    }
    /* a new seed each game unless one is given (from the clock; from the
     * day and the games started when BRADE_TODAY fixes the day, as in the
     * tests) */
    bool seeded = false;
    for (int i = 1; i < argc; i++)
        seeded |= strcmp(argv[i], "--seed") == 0;
    if (!seeded) {
        o.seed = gamefile_seed(r->games_started);
    }
    r->games_started++;
    if (!here && !resume && !named_rules(argc, argv) && r->tutor.mode != TUTOR_FREE &&
        strcmp(r->tutor.rules.name, o.rules.name) != 0)
        printf(T(lang, "(The game is under your ruleset, %s; 'play %s' plays under the lesson's.)\n",
                 "(Partiet spelas med dina regler, %s; 'play %s' spelar med lektionens.)\n"),
               o.rules.name, r->tutor.rules.name);
    r->game.stop = interrupt_flag();
    if (!play_view_start(&r->game, &o, &r->ro, r->width, record))
        return 1;
    interrupt_clear(); /* a stopped engine turn said so itself */
    if (!play_view_active(&r->game))
        repl_game_end(r);
    return 0;
}

/* `dice`, `roll`, `resign`, `one-die` (and `hint`, `board` during a game). */
int repl_cmd_game(repl_t *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    if (!repl_in_game(r)) {
        printf(T(r->ro.lang, "'%s' is a word of a game: start one with 'play'.\n",
                 "'%s' hör till ett parti: börja ett med 'play'.\n"),
               argv[0]);
        return 1;
    }
    char line[512];
    snprintf(line, sizeof line, "%s%s%s", argv[0], *rest ? " " : "", rest);
    int rc = play_view_line(&r->game, line);
    if (!play_view_active(&r->game))
        repl_game_end(r);
    return rc;
}
