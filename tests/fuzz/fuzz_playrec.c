/*
 * fuzz_playrec.c - a game record as `brade review` and `play --resume` read
 * it: the parser, the replay without analysis (as --mat does), the .mat
 * export, and taking the game up again.  Promises: every error line and
 * column lies inside the text, every event's line too; a replay that fails
 * says why at a line of the text; a game taken up plays the record's
 * events (its record starts with them), and one refused names a line of
 * the text.
 */
#include "fuzz_common.h"

#include "tutor/play.h"
#include "tutor/play_resume.h"
#include "tutor/playrec.h"
#include "tutor/review.h"

/* Lines in the text (a last line without its newline counts). */
static int lines_of(const uint8_t *d, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += d[i] == '\n';
    return k + (n > 0 && d[n - 1] != '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return 0;
    const char *text = (const char *)data;
    int nlines = lines_of(data, size);
    playrec_t rec;
    int line = 0, col = 0;
    char msg[256];
    if (!playrec_parse_at(text, size, &rec, &line, &col, msg, sizeof msg)) {
        FUZZ_CHECK(line >= 0 && line <= nlines + 1 && col >= 1 && msg[0]);
        return 0;
    }
    for (int i = 0; i < rec.nev; i++)
        FUZZ_CHECK(rec.ev[i].line >= 1 && rec.ev[i].line <= nlines);
    /* engines of the strongest levels roll out: too slow to fuzz */
    play_seat_t s[2];
    bool fast = play_seat_parse(rec.seat[0], &s[0]) && play_seat_parse(rec.seat[1], &s[1]) &&
                (s[0].kind == SEAT_HUMAN || s[0].level <= 1) && (s[1].kind == SEAT_HUMAN || s[1].level <= 1);
    review_opts_t o;
    review_default_opts(&o);
    o.replay_only = true;
    review_t rv;
    bool ok = review_run(&rec, &o, NULL, &rv);
    if (!ok) {
        FUZZ_CHECK(rv.error[0] && rv.error_line >= 0 && rv.error_line <= nlines);
    } else {
        strbuf_t mat;
        strbuf_init(&mat);
        char why[256] = "";
        (void)playrec_mat(&rec, rv.results, rv.nresults, &mat, why, sizeof why);
        strbuf_free(&mat);
    }
    review_free(&rv);
    if (ok && fast && rec.nev <= 40) { /* the engine's turns are played again */
        play_opts_t base;
        play_default_opts(&base);
        play_game_t *g = play_resume(&rec, &base, &line, msg, sizeof msg);
        if (!g) {
            FUZZ_CHECK(msg[0] && line >= 0 && line <= nlines);
        } else {
            playrec_t again;
            int l2, c2;
            char m2[256];
            FUZZ_CHECK(playrec_parse_at(strbuf_str(&g->record), g->record.len, &again, &l2, &c2, m2, sizeof m2));
            FUZZ_CHECK(again.nev >= rec.nev);
            for (int i = 0; i < rec.nev; i++)
                FUZZ_CHECK(again.ev[i].kind == rec.ev[i].kind);
            playrec_free(&again);
            play_free(g);
        }
    }
    playrec_free(&rec);
    return 0;
}
