/*
 * fuzz_playline.c - the words typed during a game, through play_view_line,
 * the path `brade play` and the tutor's play mode share.  The first two
 * bytes choose the ruleset, manual dice, the tutor's warnings, who plays
 * (two people, or a person against the level-0 engine on either side) and
 * a match; each further line is typed (`hint` left out: its rollouts are
 * too slow to fuzz).  Promises: after every line the game's own record
 * reads back; at the end it replays (review_run), and a game cut there is
 * taken up again (play_resume) with the same record.
 */
#include "fuzz_common.h"

#include "cli/play_view.h"
#include "tutor/play_resume.h"
#include "tutor/playrec.h"
#include "tutor/review.h"

/* Reads the record text, which must read; returns it parsed (freed by the
 * caller). */
static playrec_t must_parse(const strbuf_t *rec)
{
    playrec_t pr;
    int line, col;
    char msg[256];
    FUZZ_CHECK(playrec_parse_at(strbuf_str(rec), rec->len, &pr, &line, &col, msg, sizeof msg));
    return pr;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool quiet;
    if (!quiet) { /* the game's board and words: not the fuzzer's output */
        quiet = freopen("/dev/null", "w", stdout) != NULL;
    }
    if (size < 2 || size > 4096)
        return 0;
    play_opts_t o;
    play_default_opts(&o);
    o.rules = *rules_preset_at(data[0] % rules_preset_count());
    uint8_t f = data[1];
    o.manual_dice = f & 1;
    o.tutor = f & 2 ? PLAY_TUTOR_WARN : PLAY_TUTOR_OFF;
    int who = (f >> 2) % 3; /* 0: two people; 1: white a person; 2: black a person */
    o.seat[BOARD_WHITE] = (play_seat_t){who == 2 ? SEAT_ENGINE : SEAT_HUMAN, 0};
    o.seat[BOARD_BLACK] = (play_seat_t){who == 1 ? SEAT_ENGINE : SEAT_HUMAN, 0};
    o.seed = f >> 5;
    if (f & 0x10) {
        o.match_length = 3;
        if (play_match_problem(&o))
            o.match_length = 0;
    }
    render_opts_t ro = {LANG_EN, false, false, false, false, 0};
    play_view_t v;
    v.stop = NULL;
    /* a record path that cannot be written: the game goes on unsaved */
    if (!play_view_start(&v, &o, &ro, 80, "/dev/null"))
        return 0;
    char *text = fuzz_string(data + 2, size - 2);
    int lines = 0;
    for (char *s = text, *next; s && *s && lines < 80; s = next) {
        next = strchr(s, '\n');
        if (next)
            *next++ = '\0';
        if (strncmp(s, "hint", 4) == 0 || !play_view_active(&v))
            continue;
        lines++;
        play_view_line(&v, s);
        playrec_t pr = must_parse(&v.g->record);
        playrec_free(&pr);
    }
    free(text);
    playrec_t pr = must_parse(&v.g->record);
    review_opts_t rv_o;
    review_default_opts(&rv_o);
    rv_o.replay_only = true;
    review_t rv;
    FUZZ_CHECK(review_run(&pr, &rv_o, NULL, &rv));
    review_free(&rv);
    if (pr.nev <= 60) {
        int line;
        char msg[256];
        play_game_t *g = play_resume(&pr, &o, &line, msg, sizeof msg);
        FUZZ_CHECK(g != NULL);
        if (g) {
            playrec_t again = must_parse(&g->record);
            FUZZ_CHECK(again.nev >= pr.nev);
            playrec_free(&again);
            play_free(g);
        }
    }
    playrec_free(&pr);
    play_view_end(&v);
    return 0;
}
