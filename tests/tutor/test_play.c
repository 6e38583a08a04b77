/* test_play.c - games (tutor/play.h), their records (playrec.h) and their
 * review (review.h): whole games run to their end and replay from the
 * record; the same seed gives the same game; manual dice and teka under
 * each start rule; illegal plays answered with the rule; the tutor's
 * warning before a bad play; giving up where the ruleset allows it; a
 * review of an engine's game at the engine's own depth finds nothing to
 * blame; damaged records fail with their line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "analysis/trust.h"

#include "analysis/rollrank.h"
#include "analysis/search.h"
#include "engine/posid.h"
#include "engine/notation.h"
#include "tutor/decision.h"
#include "tutor/play.h"
#include "tutor/playrec.h"
#include "tutor/review.h"

static play_opts_t engines(const char *rules, uint64_t seed, int level)
{
    play_opts_t o;
    play_default_opts(&o);
    o.rules = tr(rules);
    o.seat[BOARD_WHITE] = (play_seat_t){SEAT_ENGINE, level};
    o.seat[BOARD_BLACK] = (play_seat_t){SEAT_ENGINE, level};
    o.seed = seed;
    return o;
}

/* Plays a whole engine game; returns its record (malloc'd). */
static char *engine_game(const char *rules, uint64_t seed, int level, game_t *end)
{
    play_opts_t o = engines(rules, seed, level);
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = play_new(&o, &out);
    assert_non_null(g);
    for (int guard = 0; g->state == PS_ENGINE && guard < 2000; guard++)
        play_engine(g, &out);
    assert_int_equal(g->state, PS_OVER);
    assert_non_null(strstr(strbuf_str(&out), rules));
    if (end)
        *end = g->game;
    char *rec = strdup(strbuf_str(&g->record));
    play_free(g);
    strbuf_free(&out);
    return rec;
}

/* Reads record text (asserted to read) and replays it with review_run at
 * `plies`, every side when `all`; returns review_run's answer.  The caller
 * frees pr and rv. */
static bool replay(const char *rec, int plies, bool all, playrec_t *pr, review_t *rv)
{
    int line;
    char msg[256];
    assert_true(playrec_parse(rec, strlen(rec), pr, &line, msg, sizeof msg));
    review_opts_t ro;
    review_default_opts(&ro);
    ro.plies = plies;
    ro.all = all;
    return review_run(pr, &ro, NULL, rv);
}

static void whole_games_replay_from_their_record(void **state)
{
    (void)state;
    const char *names[] = {"lyckans-talisman", "helmfrid", "vasa", "theboard", "backgammon"};
    int raced = 0;
    for (int i = 0; i < 5; i++) {
        game_t end;
        char *rec = engine_game(names[i], 11 + (uint64_t)i, 1, &end);
        assert_non_null(strstr(rec, "\nresult "));
        playrec_t pr;
        review_t rv;
        assert_true(replay(rec, 0, true, &pr, &rv));
        assert_true(rv.finished);
        /* the replay ends where the game ended */
        assert_int_equal(rv.game.winner, end.winner);
        assert_int_equal(rv.game.result.kind, end.result.kind);
        assert_int_equal(rv.game.points, end.points);
        assert_memory_equal(&rv.game.board, &end.board, sizeof end.board);
        /* a 0-ply engine reviewed at 0-ply made the best play every time,
         * but where the review rolls the plays out instead (races under
         * vasa and theboard, rollrank.h) */
        assert_true(rv.side[0].decisions + rv.side[1].decisions > 5);
        double lost[2] = {0, 0};
        int rolled = 0;
        for (int k = 0; k < rv.nitems; k++) {
            const review_item_t *it = &rv.items[k];
            bool race = rollrank_race_wanted(&it->before, &pr.rules, EVAL_DEFAULT);
            assert_int_equal(it->d.rolled_games != 0, race);
            /* its give-up decisions too, but for the 0.02 the engine
             * plays on through (play.c) */
            if (it->kind == REVIEW_GIVE_UP)
                assert_true(it->d.lost <= 0.02 + 1e-9);
            else if (!race)
                assert_true(it->d.lost == 0.0);
            /* a race's loss says how sure the rollout is of it */
            if (race && it->d.lost >= 0.0005)
                assert_non_null(strstr(it->d.words, "on the same dice"));
            lost[it->colour] += it->d.lost;
            rolled += race;
        }
        for (int c = 0; c < 2; c++)
            assert_true(rv.side[c].lost == lost[c]);
        /* the race rule is vasa's and theboard's alone */
        if (strcmp(names[i], "vasa") == 0 || strcmp(names[i], "theboard") == 0)
            raced += rolled;
        else
            assert_int_equal(rolled, 0);
        review_free(&rv);
        playrec_free(&pr);
        free(rec);
    }
    assert_true(raced > 0); /* and the games reach races */
}

static void same_seed_same_game(void **state)
{
    (void)state;
    char *a = engine_game("lyckans-talisman", 5, 0, NULL);
    char *b = engine_game("lyckans-talisman", 5, 0, NULL);
    char *c = engine_game("lyckans-talisman", 6, 0, NULL);
    assert_string_equal(a, b);
    assert_true(strcmp(a, c) != 0);
    free(a);
    free(b);
    free(c);
}

static play_game_t *manual(const char *rules, strbuf_t *out)
{
    play_opts_t o;
    play_default_opts(&o);
    o.rules = tr(rules);
    o.manual_dice = true;
    o.tutor = PLAY_TUTOR_OFF;
    play_game_t *g = play_new(&o, out);
    assert_non_null(g);
    assert_int_equal(g->state, PS_TEKA);
    return g;
}

/* A manual-dice game in which white won teka (2 against 5) and rolled
 * a-b: white, a person, is to play. */
static play_game_t *white_to_play(const char *rules, int a, int b, strbuf_t *out)
{
    play_game_t *g = manual(rules, out);
    assert_true(play_dice(g, (int[]){2, 5}, 2, out));
    assert_true(play_dice(g, (int[]){a, b}, 2, out));
    assert_int_equal(g->state, PS_HUMAN);
    return g;
}

/* Teka: equal dice are rolled again; the lowest starts in bräde and rolls
 * afresh, the highest in backgammon with the teka dice as its roll. */
static void manual_dice_and_teka(void **state)
{
    (void)state;
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = manual("lyckans-talisman", &out);
    int d[2] = {3, 3};
    assert_true(play_dice(g, d, 2, &out));
    assert_int_equal(g->state, PS_TEKA);
    int one[1] = {4};
    assert_false(play_dice(g, one, 1, &out)); /* teka needs two */
    d[0] = 5, d[1] = 2;
    assert_true(play_dice(g, d, 2, &out));
    assert_int_equal(g->state, PS_ROLL);
    assert_int_equal(play_on_roll(g), BOARD_BLACK); /* black's 2 is the lowest */
    d[0] = 7;
    assert_false(play_dice(g, d, 2, &out)); /* a die shows 1 to 6 */
    d[0] = 6, d[1] = 4;
    assert_true(play_dice(g, d, 2, &out));
    assert_int_equal(g->state, PS_ENGINE);
    play_engine(g, &out);
    assert_int_equal(g->state, PS_ROLL);
    assert_int_equal(play_on_roll(g), BOARD_WHITE);
    d[0] = 1, d[1] = 2; /* shown and played high die first */
    assert_true(play_dice(g, d, 2, &out));
    assert_int_equal(g->state, PS_HUMAN);
    assert_int_equal(g->roll.a, 2);
    assert_int_equal(g->roll.b, 1);
    assert_non_null(strstr(strbuf_str(&g->record), "teka 3 3\nteka 5 2\nblack 6-4 "));
    play_free(g);

    g = manual("backgammon", &out);
    d[0] = 2, d[1] = 5;
    assert_true(play_dice(g, d, 2, &out));
    /* black's 5 is the highest: black (the engine) plays 5-2 at once */
    assert_non_null(strstr(strbuf_str(&out), "black starts"));
    assert_non_null(strstr(strbuf_str(&g->record), "teka 2 5\n"));
    assert_int_equal(g->state, PS_ENGINE);
    play_engine(g, &out);
    assert_non_null(strstr(strbuf_str(&g->record), "\nblack 5-2 "));
    play_free(g);
    strbuf_free(&out);
}

/* A person's play: an illegal one is answered with the rule and the
 * ruleset and nothing moves; a legal one is made. */
static void illegal_and_legal_plays(void **state)
{
    (void)state;
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = white_to_play("lyckans-talisman", 6, 4, &out);
    strbuf_clear(&out);
    board_t before = g->game.board;
    assert_int_equal(play_move(g, "1/3 1/4", &out), PA_ILLEGAL);
    assert_non_null(strstr(strbuf_str(&out), "lyckans-talisman"));
    assert_memory_equal(&before, &g->game.board, sizeof before);
    assert_int_equal(play_move(g, "1/7 7/11", &out), PA_PLAYED);
    assert_int_equal(g->turns, 1);
    assert_int_equal(g->state, PS_ROLL); /* black's dice, by hand */
    assert_int_equal(play_move(g, "1/7 7/11", &out), PA_NOT_NOW);
    play_free(g);
    strbuf_free(&out);
}

/* The tutor warns before a play that gives away at least `warn_at`, and
 * makes it when it is typed again; the best play goes through at once.
 * (Thresholds of a thousandth: every play but the best is "doubtful".  The
 * roll is 5-5, whose second play the tutor's search puts 0.1 behind.) */
static void the_tutor_warns_first(void **state)
{
    (void)state;
    strbuf_t out;
    strbuf_init(&out);
    play_opts_t o;
    play_default_opts(&o);
    o.manual_dice = true;
    o.warn_at = GRADE_DOUBTFUL;
    o.thresholds = (grade_thresholds_t){.close = 0.001, .doubtful = 0.001, .bad = 0.002, .very_bad = 0.003};
    play_game_t *g = play_new(&o, &out);
    assert_true(play_dice(g, (int[]){2, 5}, 2, &out));
    assert_true(play_dice(g, (int[]){5, 5}, 2, &out));
    decision_t best, other;
    int oi = -1;
    for (int i = 0; i < g->nlegal; i++) {
        decision_t dd;
        assert_true(decision_judge(g->sc, &g->game.board, g->roll, NULL, movegen_play(g->legal, i),
                                   search_default_plies(&g->game.rules), &o.thresholds, LANG_EN, &dd));
        if (dd.is_best)
            best = dd;
        else if (dd.lost >= 0.003 && oi < 0)
            other = dd, oi = i;
    }
    assert_true(oi >= 0);
    strbuf_clear(&out);
    assert_int_equal(play_move(g, other.mine_text, &out), PA_WARNED);
    assert_non_null(strstr(strbuf_str(&out), "Tutor:"));
    assert_non_null(strstr(strbuf_str(&out), best.best_text));
    assert_non_null(strstr(strbuf_str(&out), "lyckans-talisman"));
    assert_int_equal(g->turns, 0);
    assert_int_equal(play_move(g, other.mine_text, &out), PA_PLAYED);
    assert_int_equal(g->turns, 1);
    play_free(g);
    /* the best play is made at once */
    g = play_new(&o, &out);
    assert_true(play_dice(g, (int[]){2, 5}, 2, &out));
    assert_true(play_dice(g, (int[]){5, 5}, 2, &out));
    assert_int_equal(play_move(g, best.best_text, &out), PA_PLAYED);
    play_free(g);
    strbuf_free(&out);
}

/* The tutor's words on a play say how sure the engine is of the gap,
 * exactly where the judges' share of such gaps reversed rounds to 1 in
 * 10 or more (trust.h), on every play of the first rolls tried. */
static void the_tutor_says_how_sure(void **state)
{
    (void)state;
    strbuf_t out;
    strbuf_init(&out);
    grade_thresholds_t th;
    grade_default(&th);
    static const int ROLLS[][2] = {{3, 1}, {4, 2}, {6, 5}, {6, 1}};
    int sure = 0, not_sure = 0;
    for (size_t k = 0; k < sizeof ROLLS / sizeof ROLLS[0]; k++) {
        play_game_t *g = white_to_play("lyckans-talisman", ROLLS[k][0], ROLLS[k][1], &out);
        for (int i = 0; i < g->nlegal; i++) {
            decision_t dd;
            assert_true(decision_judge(g->sc, &g->game.board, g->roll, NULL, movegen_play(g->legal, i),
                                       search_default_plies(&g->game.rules), &th, LANG_EN, &dd));
            trust_t t;
            bool says = !dd.is_best && dd.lost >= 0.0005 &&
                        trust_lookup("lyckans-talisman", 2, dd.lost, &t) && lround(10 * t.share) >= 1;
            assert_true((strstr(dd.words, "How sure:") != NULL) == says);
            sure += says;
            not_sure += !says;
        }
        play_free(g);
    }
    assert_true(sure > 0 && not_sure > 0);
    strbuf_free(&out);
}

/* Giving up: allowed at the start under Lyckans Talisman (the other side
 * wins the giving-up points), not at all under The Board. */
static void giving_up(void **state)
{
    (void)state;
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = white_to_play("lyckans-talisman", 6, 4, &out);
    /* the tutor watching: giving up after 6-4 at the start costs 1 point
     * where playing on is worth about +0.2, so it warns first, once */
    g->o.tutor = PLAY_TUTOR_WARN;
    strbuf_clear(&out);
    assert_int_equal(play_resign(g, &out), PA_WARNED);
    assert_non_null(strstr(strbuf_str(&out), "Tutor: A very bad decision: giving up gives away 1."));
    assert_non_null(strstr(strbuf_str(&out), "Type 'resign' again"));
    assert_int_equal(g->state, PS_HUMAN);
    assert_int_equal(play_resign(g, &out), PA_PLAYED);
    assert_int_equal(g->state, PS_OVER);
    assert_int_equal(g->game.winner, BOARD_BLACK);
    assert_int_equal(g->game.result.kind, OUT_RESIGN);
    /* the record keeps the roll, and the review judges the decision after it */
    assert_non_null(strstr(strbuf_str(&g->record), "white gives-up 6-4\nresult black resign"));
    playrec_t pr;
    review_t rv;
    assert_true(replay(strbuf_str(&g->record), 1, false, &pr, &rv));
    assert_int_equal(rv.nitems, 1);
    assert_int_equal(rv.items[0].kind, REVIEW_GIVE_UP);
    assert_int_equal(rv.items[0].roll.a, 6);
    assert_int_equal(rv.items[0].d.grade, GRADE_VERY_BAD);
    assert_true(rv.items[0].d.lost > 0.9 && rv.items[0].d.lost < 1.5);
    assert_string_equal(rv.items[0].d.best_text, "play on");
    assert_int_equal(rv.side[BOARD_WHITE].decisions, 1);
    review_free(&rv);
    playrec_free(&pr);
    play_free(g);
    /* played on where giving up was better: vasa, white's 5-5 has hit three
     * of black's checkers and black's 6-3 is worth about -1.8 where giving
     * up costs 1; the forced play is not a play decision, the give-up is */
    const char *on = "brade-game 1\nrules vasa\nseed 12\nwhite engine:0\nblack human\ndice auto\nteka 1 3\n"
                     "white 6-2 1/7 1/3\nblack 6-1 1/7 1/2\nwhite 6-2 3/9 1/3\nblack 5-2 7/12 1/3\n"
                     "white 5-5 1/6 3/8 6/11 7/12\nblack 3-1 3/6 6/7\nwhite 5-5 1/6 9/14* 14/19* 19/24*\n"
                     "black 6-3 bar/3 bar/6\n";
    assert_true(replay(on, 1, false, &pr, &rv));
    const review_item_t *last = &rv.items[rv.nitems - 1];
    assert_int_equal(last->kind, REVIEW_GIVE_UP);
    assert_int_equal(last->line, 15);
    assert_false(last->acted);
    assert_true(last->d.grade >= GRADE_BAD);
    assert_string_equal(last->d.best_text, "give up");
    assert_non_null(strstr(last->d.words, "playing on gives away"));
    review_free(&rv);
    playrec_free(&pr);
    /* before the roll (the tutor off): no roll in the record, judged before it */
    g = manual("lyckans-talisman", &out);
    assert_true(play_dice(g, (int[]){2, 5}, 2, &out));
    assert_int_equal(g->state, PS_ROLL);
    assert_int_equal(play_resign(g, &out), PA_PLAYED);
    assert_non_null(strstr(strbuf_str(&g->record), "white gives-up\nresult black resign"));
    assert_true(replay(strbuf_str(&g->record), 1, false, &pr, &rv));
    assert_int_equal(rv.nitems, 1);
    assert_int_equal(rv.items[0].kind, REVIEW_GIVE_UP);
    assert_int_equal(rv.items[0].roll.a, 0);
    assert_true(rv.items[0].d.lost > 0.5);
    review_free(&rv);
    playrec_free(&pr);
    play_free(g);
    g = white_to_play("theboard", 6, 4, &out);
    strbuf_clear(&out);
    assert_int_equal(play_resign(g, &out), PA_ILLEGAL);
    assert_non_null(strstr(strbuf_str(&out), "not part of theboard"));
    assert_int_equal(g->state, PS_HUMAN);
    play_free(g);
    strbuf_free(&out);
}

static void damaged_records(void **state)
{
    (void)state;
    char *rec = engine_game("lyckans-talisman", 3, 1, NULL);
    playrec_t pr;
    int line;
    char msg[256];
    const char *bad[] = {"brade-game 2\n", "brade-game 1\nrules nosuch\n",
                         "brade-game 1\nrules helmfrid\nseed 1\nwhite human\nblack engine\ndice auto\nteka 3\n",
                         "brade-game 1\nrules helmfrid\nseed 1\nwhite human\nblack engine:9\n",
                         "brade-game 1\nrules helmfrid\nseed 1\nwhite human\nblack engine\ndice auto\nwhite 7-1 1/8\n",
                         "brade-game 1\nteka 3 4\n",
                         "brade-game 1\nrules helmfrid\nseed 1\nwhite human\nblack engine\ndice auto\nteka 2 5\n"
                         "white gives-up 7-1\n",
                         "brade-game 1\nrules helmfrid\nseed 1\nwhite human\nblack engine\ndice auto\nteka 2 5\n"
                         "white gives-up 6-1 now\n"};
    const int bad_line[] = {1, 2, 7, 5, 7, 2, 8, 8};
    for (int i = 0; i < 8; i++) {
        assert_false(playrec_parse(bad[i], strlen(bad[i]), &pr, &line, msg, sizeof msg));
        assert_int_equal(line, bad_line[i]);
        assert_true(strlen(msg) > 10);
    }
    /* an illegal play in the middle of a good record: the review names its line */
    char *copy = strdup(rec);
    char *at = strstr(copy, "\nwhite ");
    at = strstr(at + 1, "\nwhite "); /* white's second turn */
    assert_non_null(at);
    int want = 1;
    for (char *c = copy; c <= at; c++)
        want += *c == '\n';
    /* white's second play becomes a bear-off, long before white may bear off */
    char *play = strchr(at + 7, ' ') + 1;
    char *nl = strchr(play, '\n');
    size_t keep = (size_t)(play - copy);
    char *edited = malloc(strlen(copy) + 16);
    memcpy(edited, copy, keep);
    strcpy(edited + keep, "24/off");
    strcat(edited, nl);
    review_t rv;
    assert_false(replay(edited, 0, false, &pr, &rv));
    assert_int_equal(rv.error_line, want);
    assert_non_null(strstr(rv.error, "24/off is not a legal play"));
    free(edited);
    review_free(&rv);
    playrec_free(&pr);
    /* turns out of order */
    free(copy);
    copy = strdup(rec);
    at = strstr(strstr(copy, "\nteka "), "\nblack ");
    at[1] = 'w', at[2] = 'h', at[3] = 'i', at[4] = 't', at[5] = 'e';
    assert_false(replay(copy, 0, false, &pr, &rv));
    assert_non_null(strstr(rv.error, "turn"));
    review_free(&rv);
    playrec_free(&pr);
    free(copy);
    free(rec);
}

/* A match: games until the match is decided, the loser starting the next;
 * the record replays to the same score. */
static void a_match(void **state)
{
    (void)state;
    play_opts_t o = engines("lyckans-talisman", 4, 1);
    o.seat[BOARD_BLACK].level = 0;
    o.match_length = 5;
    assert_null(play_match_problem(&o));
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = play_new(&o, &out);
    for (int guard = 0; g->state == PS_ENGINE && guard < 20000; guard++)
        play_engine(g, &out);
    assert_int_equal(g->state, PS_OVER);
    assert_true(g->match.over);
    assert_true(g->match.played >= 3);
    assert_non_null(strstr(strbuf_str(&out), "Score after game 1 of 5"));
    assert_non_null(strstr(strbuf_str(&out), "wins the match"));
    const char *rec = strbuf_str(&g->record);
    assert_non_null(strstr(rec, "\nmatch 5\n"));
    assert_non_null(strstr(rec, "\ngame 2\nstart "));
    playrec_t pr;
    review_t rv;
    assert_true(replay(rec, 0, false, &pr, &rv));
    assert_true(rv.finished);
    assert_int_equal(rv.games, g->match.played);
    assert_memory_equal(rv.match.points, g->match.points, sizeof rv.match.points);
    assert_int_equal(rv.match.winner, g->match.winner);
    review_free(&rv);
    playrec_free(&pr);
    /* the wrong side starting a game: an error at its line */
    char *bad = strdup(rec);
    char *st = strstr(bad, "\nstart ") + 7;
    memcpy(st, st[0] == 'w' ? "black" : "white", 5);
    assert_false(replay(bad, 0, false, &pr, &rv));
    assert_non_null(strstr(rv.error, "loser of the last game"));
    review_free(&rv);
    playrec_free(&pr);
    free(bad);
    play_free(g);
    /* a backgammon match is to points (an even number too), up to 25;
     * none without the cube; a bräde match is an odd number of games */
    o.rules = tr("backgammon");
    o.match_length = 4;
    assert_null(play_match_problem(&o));
    o.match_length = 26;
    assert_non_null(play_match_problem(&o));
    o.rules = tr("backgammon+doubling-cube=off");
    o.match_length = 3;
    assert_non_null(play_match_problem(&o));
    o.rules = tr("vasa");
    o.match_length = 4;
    assert_non_null(play_match_problem(&o));
    strbuf_free(&out);
}

/* The luck of the 36 rolls averages to zero, in bräde and backgammon,
 * and a roll's luck is the best play's value less the position's 1-ply. */
static void luck_averages_to_zero(void **state)
{
    (void)state;
    const char *names[] = {"lyckans-talisman", "backgammon"};
    for (int i = 0; i < 2; i++) {
        rules_t r = tr(names[i]);
        search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
        movegen_buf_t *legal = movegen_buf_new();
        board_t b;
        board_start(&b, r.geometry, BOARD_WHITE);
        /* a few plies in, so the position is not symmetric */
        int steps[][2] = {{6, 4}, {5, 2}, {3, 1}};
        for (int k = 0; k < 3; k++) {
            int n = movegen_plays(&b, &r, (roll_t){steps[k][0], steps[k][1]}, legal);
            b = movegen_play(legal, n - 1)->after;
            board_swap(&b);
        }
        double sum = 0, lo = 1e9, hi = -1e9;
        for (int a = 1; a <= 6; a++)
            for (int c = 1; c <= 6; c++) {
                roll_t roll = {a > c ? a : c, a > c ? c : a};
                int n = movegen_plays(&b, &r, roll, legal);
                double l = review_luck(sc, &b, legal, n);
                sum += l;
                lo = l < lo ? l : lo;
                hi = l > hi ? l : hi;
            }
        assert_true(fabs(sum / 36) < 1e-9);
        assert_true(lo < 0 && hi > 0); /* some rolls are better than others */
        movegen_buf_free(legal);
        search_ctx_free(sc);
    }
}

/* From a position (rules.md C15/C16): the one-die rule is offered before
 * the roll; declared, a 5 wins the kronspel at once; a 3 leaves the
 * series running (one die again next turn).  The record starts from the
 * position and replays. */
static void one_die_from_a_position(void **state)
{
    (void)state;
    play_opts_t o;
    play_default_opts(&o);
    o.manual_dice = true;
    o.tutor = PLAY_TUTOR_OFF;
    o.rules = tr("lyckans-talisman+allow-resign=off"); /* black (the engine) would give up */
    assert_null(play_set_position(&o, "WAAB0dzf/fwAAAA", BOARD_WHITE));
    assert_non_null(play_set_position(&o, "Wnonsense", BOARD_WHITE));
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = play_new(&o, &out);
    assert_int_equal(g->state, PS_ROLL);
    assert_non_null(strstr(strbuf_str(&out), "one-die"));
    int five[1] = {5}, three[1] = {3};
    assert_false(play_dice(g, five, 1, &out)); /* two dice unless declared */
    assert_true(play_one_die(g, &out));
    assert_false(play_one_die(g, &out)); /* once */
    assert_true(play_dice(g, five, 1, &out));
    assert_int_equal(play_move(g, "19/24", &out), PA_PLAYED);
    assert_int_equal(g->state, PS_OVER);
    assert_int_equal(g->game.result.kind, OUT_ENKELT_KRONSPEL);
    const char *rec = strbuf_str(&g->record);
    assert_non_null(strstr(rec, "\nposition WAAB0dzf/fwAAAA white\nwhite one-die\nwhite 5 19/24\nresult white enkelt-kronspel 1\n"));
    assert_non_null(strstr(rec, "\nrules lyckans-talisman+allow-resign=off\n"));
    playrec_t pr;
    review_t rv;
    assert_true(replay(rec, 1, false, &pr, &rv));
    assert_true(rv.finished);
    assert_int_equal(rv.game.result.kind, OUT_ENKELT_KRONSPEL);
    review_free(&rv);
    playrec_free(&pr);
    play_free(g);
    /* a 3: no pattern, and the series goes on with one die */
    g = play_new(&o, &out);
    assert_true(play_one_die(g, &out));
    assert_true(play_dice(g, three, 1, &out));
    assert_int_equal(play_move(g, "19/22", &out), PA_PLAYED);
    assert_int_equal(g->state, PS_ROLL); /* black's dice */
    int two[2] = {6, 5};
    assert_true(play_dice(g, two, 2, &out));
    assert_int_equal(g->state, PS_ENGINE);
    play_engine(g, &out);
    assert_int_equal(g->state, PS_ROLL);
    assert_int_equal(g->ndice, 1); /* white's series goes on */
    assert_false(play_dice(g, two, 2, &out));
    assert_true(play_dice(g, three, 1, &out));
    play_free(g);
    strbuf_free(&out);
}

/* undo: a person's play (and the engine's reply) taken back, the same
 * roll to play again, the record cut back with a comment, and the new play
 * is what the record replays; one step only. */
static void undo_takes_back(void **state)
{
    (void)state;
    strbuf_t out;
    strbuf_init(&out);
    play_opts_t o;
    play_default_opts(&o);
    o.tutor = PLAY_TUTOR_OFF;
    o.seed = 3; /* white starts with 6-4 */
    play_game_t *g = play_new(&o, &out);
    assert_int_equal(g->state, PS_HUMAN);
    assert_false(play_undo(g, &out));
    board_t before = g->game.board;
    roll_t roll = g->roll;
    assert_int_equal(play_move(g, "1/7 1/5", &out), PA_PLAYED);
    assert_int_equal(g->state, PS_ENGINE);
    play_engine(g, &out);
    assert_int_equal(g->state, PS_HUMAN);
    assert_true(play_undo(g, &out));
    assert_memory_equal(&g->game.board, &before, sizeof before);
    assert_memory_equal(&g->roll, &roll, sizeof roll);
    assert_int_equal(g->state, PS_HUMAN);
    assert_false(play_undo(g, &out)); /* one step */
    assert_non_null(strstr(strbuf_str(&g->record), "# taken back: white 6-4 1/7 1/5\n"));
    assert_int_equal(play_move(g, "1/7 7/11", &out), PA_PLAYED);
    play_engine(g, &out);
    const char *rec = strbuf_str(&g->record);
    assert_non_null(strstr(rec, "\nwhite 6-4 1/7 7/11\nblack "));
    playrec_t pr;
    review_t rv;
    assert_true(replay(rec, 0, false, &pr, &rv));
    assert_memory_equal(&rv.game.board, &g->game.board, sizeof rv.game.board);
    review_free(&rv);
    playrec_free(&pr);
    play_free(g);
    strbuf_free(&out);
}

/* The engine's own decisions: from rules.md C15 with black (the engine)
 * on roll, it declares the one-die rule (a 5 of six faces against 4 rolls
 * of 36); and it gives up where the rules allow it and it expects to lose
 * more than giving up costs. */
static void engine_decisions(void **state)
{
    (void)state;
    play_opts_t o = engines("lyckans-talisman", 2, 2);
    assert_null(play_set_position(&o, "BAAB0dzf/fwAAAA", BOARD_BLACK));
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = play_new(&o, &out);
    for (int guard = 0; g->state == PS_ENGINE && guard < 2000; guard++)
        play_engine(g, &out);
    assert_int_equal(g->state, PS_OVER);
    const char *rec = strbuf_str(&g->record);
    assert_non_null(strstr(rec, "\nposition BAAB0dzf/fwAAAA black\nblack one-die\n"));
    assert_non_null(strstr(strbuf_str(&out), "1 of the six faces makes its vackert spel"));
    /* white, clean and far behind, gave up: that is only ever done when
     * the expected loss is more than the point it costs, before the roll
     * (counting that most rolls keep the right) or after it */
    if (strstr(rec, "white gives-up")) {
        assert_true(strstr(strbuf_str(&out), "more than the 1 giving up costs") ||
                    strstr(strbuf_str(&out), "worse than the 1 giving up costs"));
        assert_int_equal(g->game.result.kind, OUT_RESIGN);
    }
    play_free(g);
    /* never under The Board, which has no giving up */
    o.rules = tr("theboard");
    assert_null(play_set_position(&o, "BAAB0dzf/fwAAAA", BOARD_BLACK));
    g = play_new(&o, &out);
    for (int guard = 0; g->state == PS_ENGINE && guard < 2000; guard++)
        play_engine(g, &out);
    assert_null(strstr(strbuf_str(&g->record), "gives-up"));
    assert_null(strstr(strbuf_str(&g->record), "one-die")); /* no one-die rule there either */
    play_free(g);
    strbuf_free(&out);
}

/* Level 3 in a vasa race plays what the tutor ranks first (the search's
 * best plays rolled out, rollrank.h), not the 2-ply search's own best:
 * here the two differ. */
static void level_3_rolls_races_out(void **state)
{
    (void)state;
    const char *id = "BAABg7wMAEPgCAA";
    roll_t roll = {1, 4};
    rules_t r = tr("vasa");
    board_t b;
    assert_true(posid_read(GEOM_BRADE, id, &b));
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    rollrank_play_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
    assert_true(sc && sp && rk);
    search_opts_t so;
    search_default_opts(2, &so);
    int n = search_rank(sc, &b, roll, &so, sp);
    assert_true(n > 1);
    rollout_opts_t ro = {.stop = NULL};
    assert_int_equal(rollrank_race(&b, roll, &r, sp, n, NULL, rk, &ro), 0);
    char searched[64], rolled[64], want[96];
    notation_play(&sp[0].play, b.geom, searched, sizeof searched);
    notation_play(&rk[0].sp.play, b.geom, rolled, sizeof rolled);
    assert_string_not_equal(searched, rolled);
    play_opts_t o = engines("vasa", 1, 3);
    o.manual_dice = true;
    assert_null(play_set_position(&o, id, b.turn));
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = play_new(&o, &out);
    assert_non_null(g);
    assert_true(play_dice(g, (int[]){roll.a, roll.b}, 2, &out));
    assert_int_equal(g->state, PS_ENGINE);
    play_engine(g, &out);
    snprintf(want, sizeof want, " %s\n", rolled);
    assert_non_null(strstr(strbuf_str(&g->record), want));
    play_free(g);
    strbuf_free(&out);
    free(rk);
    free(sp);
    search_ctx_free(sc);
}

/* The 1-ply search's first play of `roll` in b and the series rollouts'
 * (rollrank_series with `owed`), in notation; asserts they differ, which
 * is what makes the engine's choice between them tell. */
static void search_and_series_differ(const rules_t *r, const board_t *b, roll_t roll, const int owed[2],
                                     char searched[64], char rolled[64])
{
    search_ctx_t *sc = search_ctx_new(r, EVAL_DEFAULT);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    rollrank_play_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
    assert_true(sc && sp && rk);
    search_opts_t so;
    search_default_opts(1, &so);
    int n = search_rank(sc, b, roll, &so, sp);
    assert_true(n > 1);
    rollout_opts_t ro = {.stop = NULL};
    assert_int_equal(rollrank_series(b, roll, r, owed, sp, n, NULL, rk, &ro), 0);
    notation_play(&sp[0].play, b->geom, searched, 64);
    notation_play(&rk[0].sp.play, b->geom, rolled, 64);
    assert_string_not_equal(searched, rolled);
    free(rk);
    free(sp);
    search_ctx_free(sc);
}

/* The engine's single die of a one-die series, at levels 2 and 3: the
 * play the series rollouts rank first (rollrank_series), not its search's
 * own, which values the position as if both dice follow.  Here black
 * (the engine) declares, and with a 1 its 1-ply search moves 23/24 where
 * the series rolls 19/20 out about 0.2 points ahead.  Level 1 keeps its
 * 0-ply choice; level 2 still ranks a vasa race by its 1-ply search. */
static void levels_2_and_3_roll_single_dice_out(void **state)
{
    (void)state;
    const char *id = "BAADE+z4AAODrAw";
    rules_t r = tr("lyckans-talisman");
    board_t b;
    assert_true(posid_read(GEOM_BRADE, id, &b));
    roll_t one = {1, 0};
    int owed[2];
    assert_non_null(game_lone_die_series(&r, one, owed));
    char searched[64], rolled[64], want[96];
    search_and_series_differ(&r, &b, one, owed, searched, rolled);
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    assert_non_null(sc);
    search_opts_t so;
    search_default_opts(1, &so);
    strbuf_t out;
    strbuf_init(&out);
    /* level 1 plays its 0-ply choice */
    movegen_buf_t *buf = movegen_buf_new();
    assert_non_null(buf);
    search_opts_t zero;
    search_default_opts(0, &zero);
    int nl = movegen_plays(&b, &r, one, buf);
    char plain[64];
    notation_play(movegen_play(buf, search_choose(sc, &b, one, buf, nl, &zero)), b.geom, plain, sizeof plain);
    for (int level = 1; level <= 3; level++) {
        play_opts_t o = engines("lyckans-talisman", 1, level);
        o.manual_dice = true;
        assert_null(play_set_position(&o, id, BOARD_BLACK));
        play_game_t *g = play_new(&o, &out);
        assert_non_null(g);
        assert_int_equal(g->state, PS_ROLL);
        assert_int_equal(g->ndice, 1); /* it declared */
        assert_true(play_dice(g, (int[]){1}, 1, &out));
        assert_int_equal(g->state, PS_ENGINE);
        play_engine(g, &out);
        snprintf(want, sizeof want, "\nblack 1 %s\n", level >= 2 ? rolled : plain);
        assert_non_null(strstr(strbuf_str(&g->record), want));
        play_free(g);
    }
    /* a vasa race at level 2: the 1-ply search's choice, not the race
     * rollouts' (those are level 3's) */
    const char *race = "BAABg7wMAEPgCAA";
    roll_t r14 = {1, 4};
    rules_t v = tr("vasa");
    board_t rb;
    assert_true(posid_read(GEOM_BRADE, race, &rb));
    search_ctx_t *vc = search_ctx_new(&v, EVAL_DEFAULT);
    assert_non_null(vc);
    nl = movegen_plays(&rb, &v, r14, buf);
    int pick = search_choose(vc, &rb, r14, buf, nl, &so);
    notation_play(movegen_play(buf, pick), rb.geom, searched, sizeof searched);
    play_opts_t o = engines("vasa", 1, 2);
    o.manual_dice = true;
    assert_null(play_set_position(&o, race, rb.turn));
    play_game_t *g = play_new(&o, &out);
    assert_true(play_dice(g, (int[]){1, 4}, 2, &out));
    play_engine(g, &out);
    snprintf(want, sizeof want, " %s\n", searched);
    assert_non_null(strstr(strbuf_str(&g->record), want));
    play_free(g);
    movegen_buf_free(buf);
    search_ctx_free(vc);
    strbuf_free(&out);
    search_ctx_free(sc);
}

/* Both dice while the other side owes single dice of its series: the
 * default engine (level 2) plays what the series rollouts of its best
 * plays rank first, not its 1-ply search's choice.  Under helmfrid white
 * (a person) declares, rolls a 3 and plays 21/24 (two single dice still
 * owed); black, the engine, rolls 6-2.  A person in black's seat is
 * warned about the search's play, in the words of the series. */
static void level_2_plays_on_in_the_other_sides_series(void **state)
{
    (void)state;
    rules_t r = tr("helmfrid");
    board_t after;
    assert_true(posid_read(GEOM_BRADE, "BJwmIWwwAAHi7Ow", &after)); /* black on roll after 21/24 */
    roll_t roll = {6, 2};
    const int owed[2] = {0, 2};
    char searched[64], rolled[64], want[96];
    search_and_series_differ(&r, &after, roll, owed, searched, rolled);
    strbuf_t out;
    strbuf_init(&out);
    play_opts_t o;
    play_default_opts(&o);
    o.rules = r;
    o.manual_dice = true;
    o.tutor = PLAY_TUTOR_OFF;
    o.seat[BOARD_WHITE] = (play_seat_t){SEAT_HUMAN, 0};
    o.seat[BOARD_BLACK] = (play_seat_t){SEAT_ENGINE, 2};
    assert_null(play_set_position(&o, "WAAB4dzcnCYhbDA", BOARD_WHITE));
    play_game_t *g = play_new(&o, &out);
    assert_non_null(g);
    assert_true(play_one_die(g, &out));
    assert_true(play_dice(g, (int[]){3}, 1, &out));
    assert_int_equal(play_move(g, "21/24", &out), PA_PLAYED);
    assert_memory_equal(&g->game.board, &after, sizeof after);
    assert_int_equal(g->game.one_die_left[BOARD_WHITE], 2);
    assert_true(play_dice(g, (int[]){6, 2}, 2, &out));
    assert_int_equal(g->state, PS_ENGINE);
    play_engine(g, &out);
    snprintf(want, sizeof want, "\nblack 6-2 %s\n", rolled);
    assert_non_null(strstr(strbuf_str(&g->record), want));
    play_free(g);
    /* a person in black's seat, the tutor on: the search's play is warned
     * about in the words of the other side's series */
    o.seat[BOARD_BLACK] = (play_seat_t){SEAT_HUMAN, 0};
    o.tutor = PLAY_TUTOR_WARN;
    g = play_new(&o, &out);
    assert_non_null(g);
    assert_true(play_one_die(g, &out));
    assert_true(play_dice(g, (int[]){3}, 1, &out));
    assert_int_equal(play_move(g, "21/24", &out), PA_PLAYED);
    assert_true(play_dice(g, (int[]){6, 2}, 2, &out));
    strbuf_t said;
    strbuf_init(&said);
    assert_int_equal(play_move(g, searched, &said), PA_WARNED);
    assert_non_null(strstr(strbuf_str(&said), "the other side's one-die series played as helmfrid"));
    strbuf_free(&said);
    play_free(g);
    strbuf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_games_replay_from_their_record),
        cmocka_unit_test(same_seed_same_game),
        cmocka_unit_test(manual_dice_and_teka),
        cmocka_unit_test(illegal_and_legal_plays),
        cmocka_unit_test(the_tutor_warns_first),
        cmocka_unit_test(the_tutor_says_how_sure),
        cmocka_unit_test(giving_up),
        cmocka_unit_test(damaged_records),
        cmocka_unit_test(a_match),
        cmocka_unit_test(luck_averages_to_zero),
        cmocka_unit_test(one_die_from_a_position),
        cmocka_unit_test(undo_takes_back),
        cmocka_unit_test(engine_decisions),
        cmocka_unit_test(level_3_rolls_races_out),
        cmocka_unit_test(levels_2_and_3_roll_single_dice_out),
        cmocka_unit_test(level_2_plays_on_in_the_other_sides_series),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
