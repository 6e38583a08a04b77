/* test_records.c - a game record read back as it was written, and a
 * damaged one refused with a message that says what is wrong and where
 * (the reliability report's findings 8 and 9): a long record grows in
 * linear time; a byte-order mark, spaces after the first line and lone-CR
 * line ends are named; a seed out of range is refused; a result the plays
 * did not lead to is refused at its line; a game cut short is taken up
 * from its record, and an edited one is not. */
#include <stdio.h>
#include <stdlib.h>

#include "../unit/test_util.h"

#include "tutor/play.h"
#include "engine/notation.h"
#include "tutor/play_resume.h"
#include "tutor/playrec.h"
#include "tutor/review.h"

static const char HEAD[] = "brade-game 1\nrules lyckans-talisman\nseed 7\nwhite engine:0\nblack engine:0\ndice auto\n";

/* Reads text that must not read; returns the message (static). */
static const char *refused(const char *text, int want_line)
{
    static char msg[256];
    playrec_t pr;
    int line = 0;
    assert_false(playrec_parse(text, strlen(text), &pr, &line, msg, sizeof msg));
    assert_int_equal(line, want_line);
    return msg;
}

static void first_lines_named(void **state)
{
    (void)state;
    char buf[512];
    snprintf(buf, sizeof buf, "\xef\xbb\xbf%s", HEAD);
    assert_non_null(strstr(refused(buf, 1), "byte-order mark"));
    assert_non_null(strstr(refused("brade-game 1  \nrules helmfrid\n", 1), "spaces after"));
    /* lone CR line ends make the file one long line */
    strbuf_t cr;
    strbuf_init(&cr);
    for (int i = 0; i < 200; i++)
        strbuf_add(&cr, i ? "white 3-1 1/4 1/2\r" : "brade-game 1\r");
    assert_non_null(strstr(refused(strbuf_str(&cr), 1), "carriage return"));
    strbuf_free(&cr);
    assert_non_null(strstr(refused("hello\n", 1), "not a brade game record"));
}

static void seeds_in_range(void **state)
{
    (void)state;
    const char *bad[] = {"-1", "99999999999999999999999", "0x10", "", "+5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char buf[256];
        snprintf(buf, sizeof buf, "brade-game 1\nrules helmfrid\nseed %s\n", bad[i]);
        assert_non_null(strstr(refused(buf, 3), "seed"));
    }
    char ok[256];
    snprintf(ok, sizeof ok, "brade-game 1\nrules helmfrid\nseed 18446744073709551615\nwhite human\nblack human\n"
                            "dice auto\n");
    playrec_t pr;
    int line;
    char msg[256];
    assert_true(playrec_parse(ok, strlen(ok), &pr, &line, msg, sizeof msg));
    assert_true(pr.seed == 18446744073709551615ull);
    playrec_free(&pr);
}

/* 99 999 events (the most a record may hold) read in linear time: the
 * array doubles as it grows. */
static void long_records_grow_geometrically(void **state)
{
    (void)state;
    strbuf_t t;
    strbuf_init(&t);
    strbuf_add(&t, HEAD);
    for (int i = 0; i < 99999; i++)
        strbuf_add(&t, i % 2 ? "black 3-1 1/4 1/2\n" : "white 3-1 1/4 1/2\n");
    playrec_t pr;
    int line;
    char msg[256];
    assert_true(playrec_parse(strbuf_str(&t), t.len, &pr, &line, msg, sizeof msg));
    assert_int_equal(pr.nev, 99999);
    assert_true(pr.capev >= pr.nev && pr.capev < 2 * pr.nev);
    playrec_free(&pr);
    strbuf_free(&t);
}

/* A whole level-0 game, its result line edited: the replay refuses it at
 * that line, naming both results. */
static void a_result_must_follow_from_the_plays(void **state)
{
    (void)state;
    play_opts_t o;
    play_default_opts(&o);
    o.rules = tr("lyckans-talisman");
    o.seat[BOARD_WHITE] = (play_seat_t){SEAT_ENGINE, 0};
    o.seat[BOARD_BLACK] = (play_seat_t){SEAT_ENGINE, 0};
    o.seed = 5;
    strbuf_t out;
    strbuf_init(&out);
    play_game_t *g = play_new(&o, &out);
    assert_non_null(g);
    for (int guard = 0; g->state == PS_ENGINE && guard < 2000; guard++)
        play_engine(g, &out);
    assert_int_equal(g->state, PS_OVER);
    char *rec = strdup(strbuf_str(&g->record));
    play_free(g);
    strbuf_free(&out);
    char *res = strstr(rec, "\nresult ");
    assert_non_null(res);
    int want = 2;
    for (char *c = rec; c < res; c++)
        want += *c == '\n';
    /* the true record replays */
    playrec_t pr;
    int line;
    char msg[256];
    review_opts_t ro;
    review_default_opts(&ro);
    ro.plies = 0;
    review_t rv;
    assert_true(playrec_parse(rec, strlen(rec), &pr, &line, msg, sizeof msg));
    assert_true(review_run(&pr, &ro, NULL, &rv));
    review_free(&rv);
    playrec_free(&pr);
    /* the same record claiming another result does not */
    strbuf_t lie;
    strbuf_init(&lie);
    strbuf_addn(&lie, rec, (size_t)(res + 1 - rec));
    strbuf_add(&lie, "result black backgammon 99\n");
    assert_true(playrec_parse(strbuf_str(&lie), lie.len, &pr, &line, msg, sizeof msg));
    assert_false(review_run(&pr, &ro, NULL, &rv));
    assert_int_equal(rv.error_line, want);
    assert_non_null(strstr(rv.error, "black backgammon 99"));
    assert_non_null(strstr(rv.error, "but the plays end in"));
    review_free(&rv);
    playrec_free(&pr);
    strbuf_free(&lie);
    free(rec);
}

/* Plays the person's (white's) first legal play of each roll and lets the
 * engine reply, `plays` times or to the end. */
static void person_plays(play_game_t *g, int plays, strbuf_t *out)
{
    for (int k = 0; k < plays && g->state != PS_OVER; k++) {
        while (g->state == PS_ENGINE)
            play_engine(g, out);
        if (g->state == PS_ROLL)
            play_dice(g, NULL, 0, out);
        if (g->state != PS_HUMAN)
            continue;
        char text[160];
        notation_play(movegen_play(g->legal, 0), g->game.board.geom, text, sizeof text);
        if (!movegen_play(g->legal, 0)->nsteps)
            snprintf(text, sizeof text, "pass");
        play_move(g, text, out);
    }
}

/* A game cut short is taken up from its record where it stopped: the same
 * position, roll and plays made, and it goes on as the uninterrupted game
 * does (finding 1 of the reliability report).  An edited record is not
 * taken up, the message naming the line. */
static void a_game_resumes_from_its_record(void **state)
{
    (void)state;
    const char *names[] = {"lyckans-talisman", "helmfrid", "backgammon"};
    for (int r = 0; r < 3; r++) {
        play_opts_t o;
        play_default_opts(&o);
        o.rules = tr(names[r]);
        o.seat[BOARD_BLACK] = (play_seat_t){SEAT_ENGINE, 1};
        o.tutor = PLAY_TUTOR_OFF;
        o.seed = 21 + (uint64_t)r;
        strbuf_t out;
        strbuf_init(&out);
        play_game_t *g = play_new(&o, &out);
        assert_non_null(g);
        person_plays(g, 6, &out);
        char *cut = strdup(strbuf_str(&g->record));
        playrec_t pr;
        int line;
        char msg[256];
        assert_true(playrec_parse(cut, strlen(cut), &pr, &line, msg, sizeof msg));
        play_game_t *h = play_resume(&pr, &o, &line, msg, sizeof msg);
        if (!h) {
            print_error("%s: %d: %s\n", names[r], line, msg);
            fail();
        }
        assert_int_equal(h->state, g->state);
        assert_true(board_equal(&h->game.board, &g->game.board));
        assert_int_equal(h->turns, g->turns);
        assert_string_equal(strbuf_str(&h->record), cut);
        /* both go on the same way */
        person_plays(g, 8, &out);
        person_plays(h, 8, &out);
        assert_string_equal(strbuf_str(&h->record), strbuf_str(&g->record));
        play_free(h);
        playrec_free(&pr);
        /* the engine's reply changed by hand: not taken up, the line named */
        char *b = strstr(cut, "\nblack ");
        assert_non_null(b);
        int want = 2;
        for (char *c = cut; c < b; c++)
            want += *c == '\n';
        char *sp = strchr(b + 7, ' ');
        assert_non_null(sp);
        char *eol = strchr(sp + 1, '\n');
        strbuf_t edited;
        strbuf_init(&edited);
        strbuf_addn(&edited, cut, (size_t)(sp + 1 - cut));
        strbuf_add(&edited, strcmp(names[r], "backgammon") == 0 ? "24/23 24/23" : "1/2 1/2");
        strbuf_add(&edited, eol);
        if (playrec_parse(strbuf_str(&edited), edited.len, &pr, &line, msg, sizeof msg)) {
            assert_null(play_resume(&pr, &o, &line, msg, sizeof msg));
            assert_int_equal(line, want);
            assert_non_null(strstr(msg, "does not play again the same way"));
            playrec_free(&pr);
        }
        strbuf_free(&edited);
        free(cut);
        play_free(g);
        strbuf_free(&out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_lines_named),
        cmocka_unit_test(seeds_in_range),
        cmocka_unit_test(long_records_grow_geometrically),
        cmocka_unit_test(a_result_must_follow_from_the_plays),
        cmocka_unit_test(a_game_resumes_from_its_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
