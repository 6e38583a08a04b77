/* test_agreement.c - a search's choice judged by rollouts (agreement.h):
 * the positions' set, the passes that go on only while plays are in
 * contention, the record lines a run is saved and resumed by, and a
 * recorded position judged again for another chooser; sets of race or
 * contact positions alone. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/test_util.h"

#include "lab/agreement.h"
#include "analysis/evalnet.h"
#include "engine/movegen.h"
#include "engine/notation.h"

/* A small judge: 12 games a play, then further passes of `confirm`. */
static void small_opts(agreement_opts_t *o, int confirm, int passes)
{
    agreement_default_opts(o);
    o->plies = 1;
    o->games = 12;
    o->confirm = confirm;
    o->passes = passes;
    o->ro.seed = 3;
    o->ro.threads = 1;
}

/* Judges position i of seed 3's set under lyckans-talisman. */
static void judge(int i, const agreement_opts_t *o, agreement_result_t *res)
{
    rules_t r = tr("lyckans-talisman");
    static board_t pos[4]; /* made once: self-play is the slow part */
    static roll_t rolls[4];
    static bool made;
    if (!made)
        assert_int_equal(agreement_positions(&r, 4, 3, EVALNET_ANY_PHASE, 2, pos, rolls), 4);
    made = true;
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    assert_non_null(sc);
    assert_int_equal(agreement_position(sc, &r, i, &pos[i], rolls[i], o, res), 0);
    search_ctx_free(sc);
    assert_int_equal(res->index, i);
    assert_true(res->nplays >= 2 && res->first.m == (res->nplays < o->top ? res->nplays : o->top));
}

/* res's record line, into line (size bytes); returns its length. */
static size_t record(const agreement_result_t *res, char *line, size_t size)
{
    textout_t o;
    textout_init(&o, 64);
    agreement_record_put(&o, res, GEOM_BRADE);
    size_t n;
    char *text = textout_take(&o, &n);
    assert_non_null(text);
    assert_int_equal(strlen(text), n);
    assert_true(n < size);
    memcpy(line, text, n + 1);
    free(text);
    return n;
}

/* A larger set begins with the smaller one: a run can be extended. */
static void positions_extend(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    board_t a[3], b[6];
    roll_t ra[3], rb[6];
    assert_int_equal(agreement_positions(&r, 3, 7, EVALNET_ANY_PHASE, 1, a, ra), 3);
    assert_int_equal(agreement_positions(&r, 6, 7, EVALNET_ANY_PHASE, 2, b, rb), 6);
    for (int i = 0; i < 3; i++) {
        assert_memory_equal(&a[i], &b[i], sizeof a[i]);
        assert_int_equal(ra[i].a, rb[i].a);
        assert_int_equal(ra[i].b, rb[i].b);
    }
}

/* --phase: a race set holds races alone and a contact set no race, each
 * with a roll of two plays or more; a larger race set begins with the
 * smaller; and the names read back. */
static void positions_of_a_phase(void **state)
{
    (void)state;
    rules_t r = tr("theboard");
    enum { K = 5 };
    board_t race[K], contact[K], few[2];
    roll_t rr[K], rc[K], rf[2];
    assert_int_equal(agreement_positions(&r, K, 13, EVALNET_RACE, 2, race, rr), K);
    assert_int_equal(agreement_positions(&r, K, 13, EVALNET_CONTACT, 1, contact, rc), K);
    assert_int_equal(agreement_positions(&r, 2, 13, EVALNET_RACE, 1, few, rf), 2);
    movegen_buf_t *buf = movegen_buf_new();
    assert_non_null(buf);
    for (int i = 0; i < K; i++) {
        assert_int_equal(evalnet_phase(&race[i]), EVALNET_RACE);
        assert_int_equal(evalnet_phase(&contact[i]), EVALNET_CONTACT);
        assert_true(movegen_plays(&race[i], &r, rr[i], buf) >= 2);
        assert_true(movegen_plays(&contact[i], &r, rc[i], buf) >= 2);
    }
    for (int i = 0; i < 2; i++) {
        assert_memory_equal(&few[i], &race[i], sizeof few[i]);
        assert_int_equal(rf[i].a, rr[i].a);
        assert_int_equal(rf[i].b, rr[i].b);
    }
    movegen_buf_free(buf);
    int ph = EVALNET_ANY_PHASE;
    assert_true(evalnet_phase_parse("race", &ph) && ph == EVALNET_RACE);
    assert_string_equal(evalnet_phase_name(ph), "race");
    assert_true(evalnet_phase_parse("contact", &ph) && ph == EVALNET_CONTACT);
    assert_string_equal(evalnet_phase_name(ph), "contact");
    assert_true(evalnet_phase_parse("any", &ph) && ph == EVALNET_ANY_PHASE);
    assert_string_equal(evalnet_phase_name(ph), "any");
    assert_false(evalnet_phase_parse("Race", &ph));
    assert_int_equal(ph, EVALNET_ANY_PHASE);
}

/* The set does not depend on how many threads play its games: one, two
 * and three give the same positions and rolls, in the same order. */
static void positions_any_threads(void **state)
{
    (void)state;
    rules_t r = tr("vasa");
    enum { K = 9 };
    board_t pos[3][K];
    roll_t rolls[3][K];
    for (int t = 0; t < 3; t++)
        assert_int_equal(agreement_positions(&r, K, 11, EVALNET_ANY_PHASE, t + 1, pos[t], rolls[t]), K);
    for (int t = 1; t < 3; t++)
        for (int i = 0; i < K; i++) {
            assert_memory_equal(&pos[0][i], &pos[t][i], sizeof pos[0][i]);
            assert_int_equal(rolls[0][i].a, rolls[t][i].a);
            assert_int_equal(rolls[0][i].b, rolls[t][i].b);
        }
    /* and the positions differ from one another: a set of one position
     * repeated would pass the comparison above */
    int distinct = 0;
    for (int i = 1; i < K; i++)
        distinct += memcmp(&pos[0][i], &pos[0][0], sizeof pos[0][0]) != 0;
    assert_true(distinct >= K - 2);
}

/* Further passes leave the first pass as it was, roll out only what is in
 * contention, and stop early only when the best is separable. */
static void passes_follow_contention(void **state)
{
    (void)state;
    agreement_opts_t o0, o3;
    small_opts(&o0, 0, 1);
    small_opts(&o3, 12, 3);
    int went_on = 0;
    for (int i = 0; i < 4; i++) {
        agreement_result_t plain, seq;
        judge(i, &o0, &plain);
        judge(i, &o3, &seq);
        assert_int_equal(plain.passes, 0);
        assert_memory_equal(&plain.first, &plain.last, sizeof plain.first);
        assert_memory_equal(&plain.first, &seq.first, sizeof plain.first);
        assert_int_equal(plain.zero, seq.zero);
        assert_true(seq.passes >= 0 && seq.passes <= 3);
        went_on += seq.passes > 0;
        if (seq.passes > 0)
            assert_false(agree_separable(&seq.first));
        else
            assert_true(agree_separable(&seq.first));
        if (seq.passes < 3)
            assert_true(agree_separable(&seq.last));
        int most = 0;
        for (int j = 0; j < seq.last.m; j++) {
            int more = seq.last.games[j] - 12;
            assert_true(more >= 0 && more % 12 == 0 && more / 12 <= seq.passes);
            most = more / 12 > most ? more / 12 : most;
        }
        /* every pass made rolled out two plays or more */
        assert_int_equal(most, seq.passes);
    }
    /* 12 games separate few positions' plays: the passes were exercised */
    assert_true(went_on >= 1);
}

/* A record line reads back to the same figures, bit for bit, so a run
 * resumed from its file tallies as one run does. */
static void record_round_trip(void **state)
{
    (void)state;
    agreement_opts_t o;
    small_opts(&o, 12, 2);
    agreement_result_t res, back;
    judge(1, &o, &res);
    char line[4096], again[4096], msg[160];
    size_t n = record(&res, line, sizeof line);
    assert_true(n > 0);
    assert_true(agreement_record_parse(line, GEOM_BRADE, &back, msg, sizeof msg));
    assert_int_equal(record(&back, again, sizeof again), n);
    assert_string_equal(line, again);
    assert_memory_equal(&res.first, &back.first, sizeof res.first);
    assert_memory_equal(&res.last, &back.last, sizeof res.last);
    assert_int_equal(back.zero, res.zero);
    assert_int_equal(back.passes, res.passes);
    for (int j = 0; j < res.first.m; j++)
        assert_string_equal(back.notes[j], res.notes[j]);
    agreement_tally_t t1 = {0}, t2 = {0};
    agreement_tally_add(&t1, &res, true, 11);
    agreement_tally_add(&t2, &back, true, 11);
    assert_memory_equal(&t1, &t2, sizeof t1);
    assert_int_equal(t1.positions, 1);
    assert_true(t1.ceiling > 0 && t1.ceiling <= 1 && t1.p_search <= t1.ceiling + 1e-12);
}

/* A damaged record is refused with what is wrong. */
static void record_errors(void **state)
{
    (void)state;
    agreement_opts_t o;
    small_opts(&o, 0, 1);
    agreement_result_t res, back;
    judge(0, &o, &res);
    char line[4096], bad[4200], msg[160];
    record(&res, line, sizeof line);
    char firstm[16]; /* " first M ": the plays rolled out (fewer than 4 when the roll has fewer) */
    snprintf(firstm, sizeof firstm, " first %d ", res.first.m);
    struct {
        const char *find, *put, *said;
    } cases[] = {
        {"judged", "judge", "expected 'judged'"},
        {" plays ", " plays x", "legal plays"},
        {firstm, " first 9 ", "plays rolled out"},
        {" | ", " ; ", "notation is missing"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *at = strstr(line, cases[c].find);
        assert_non_null(at);
        snprintf(bad, sizeof bad, "%.*s%s%s", (int)(at - line), line, cases[c].put, at + strlen(cases[c].find));
        assert_false(agreement_record_parse(bad, GEOM_BRADE, &back, msg, sizeof msg));
        if (!strstr(msg, cases[c].said))
            fail_msg("case %zu: '%s' does not say '%s'", c, msg, cases[c].said);
    }
    /* cut short, and with text after the plays */
    snprintf(bad, sizeof bad, "%.*s", (int)(strstr(line, " last ") - line), line);
    assert_false(agreement_record_parse(bad, GEOM_BRADE, &back, msg, sizeof msg));
    assert_non_null(strstr(msg, "the line ends before"));
    snprintf(bad, sizeof bad, "%s |", line);
    assert_false(agreement_record_parse(bad, GEOM_BRADE, &back, msg, sizeof msg));
    snprintf(bad, sizeof bad, "%s", line);
    char *mean = strstr(bad, firstm);
    mean = strchr(mean + strlen(firstm), ' '); /* after the first play's games */
    for (int k = 0; k < res.first.m - 1; k++)
        mean = strchr(mean + 1, ' ');
    memcpy(mean + 1, "nan", 3);
    assert_false(agreement_record_parse(bad, GEOM_BRADE, &back, msg, sizeof msg));
    assert_non_null(strstr(msg, "not a number"));
    assert_true(agreement_record_parse(line, GEOM_BRADE, &back, msg, sizeof msg));
}

/* agreement_choose moves a play to the front of the notes and of both
 * stats blocks, rows and columns alike, and `zero` follows its play; the
 * tally then scores that play as the choice. */
static void choose_permutes(void **state)
{
    (void)state;
    agreement_opts_t o;
    small_opts(&o, 12, 2);
    agreement_result_t res, moved;
    /* the first of the set's positions with three plays rolled out or more
     * (which one depends on the shipped net's self-play) */
    int i = 0;
    do
        judge(i, &o, &res);
    while (res.last.m < 3 && ++i < 4);
    int m = res.last.m, b = agreement_best(&res, true);
    assert_true(m >= 3);
    int j = b == 0 ? m - 1 : b; /* a play not at the front */
    moved = res;
    moved.zero = j;
    agreement_choose(&moved, j);
    assert_int_equal(moved.zero, 0);
    /* old index of new index a: j first, then the others in order */
    for (int a = 0; a < m; a++) {
        int from = a == 0 ? j : a <= j ? a - 1 : a;
        assert_string_equal(moved.notes[a], res.notes[from]);
        assert_int_equal(moved.last.games[a], res.last.games[from]);
        assert_true(moved.first.mean[a] == res.first.mean[from]);
        assert_true(moved.last.mean[a] == res.last.mean[from]);
        for (int c = 0; c < m; c++) {
            int fc = c == 0 ? j : c <= j ? c - 1 : c;
            assert_true(moved.last.cov[a][c] == res.last.cov[from][fc]);
            assert_true(moved.first.cov[a][c] == res.first.cov[from][fc]);
        }
    }
    /* the paired errors are the same pairs' */
    assert_true(agree_diff_se(&moved.last, 0, 1) == agree_diff_se(&res.last, j, 0));
    agreement_tally_t t = {0};
    agreement_tally_add(&t, &moved, true, 5);
    assert_int_equal(t.agree, j == b);
    assert_int_equal(t.agree0, j == b);
    /* zero before and after the play moved */
    moved = res;
    moved.zero = 0;
    agreement_choose(&moved, j);
    assert_int_equal(moved.zero, 1);
    moved = res;
    moved.zero = m; /* not rolled out: stays out of reach */
    agreement_choose(&moved, j);
    assert_int_equal(moved.zero, m);
}

/* Judged again by the search that made it, a record is unchanged; at
 * another depth the choice is that depth's best play, moved to the front
 * when the record rolled it out. */
static void rejudge_same_and_other(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    agreement_opts_t o;
    small_opts(&o, 12, 2);
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    assert_non_null(sc);
    for (int i = 0; i < 4; i++) {
        agreement_result_t res, again;
        judge(i, &o, &res);
        again = res;
        char choice[AGREEMENT_NOTE];
        assert_int_equal(agreement_rejudge(sc, o.plies, NULL, &again, choice, sizeof choice), 0);
        assert_string_equal(choice, res.notes[0]);
        assert_memory_equal(&again, &res, sizeof res);
        /* 0-ply: the choice is the recorded 0-ply choice */
        again = res;
        int got = agreement_rejudge(sc, 0, NULL, &again, choice, sizeof choice);
        if (res.zero < res.first.m) {
            assert_int_equal(got, 0);
            assert_string_equal(choice, res.notes[res.zero]);
            assert_string_equal(again.notes[0], choice);
            assert_int_equal(again.zero, 0);
            /* the same record with that play's note replaced: the 0-ply
             * choice is no longer rolled out, and zero points just past
             * the rolled-out plays */
            agreement_result_t hidden = res;
            snprintf(hidden.notes[res.zero], AGREEMENT_NOTE, "%s", "1/25 1/25");
            assert_int_equal(agreement_rejudge(sc, 0, NULL, &hidden, choice, sizeof choice), 1);
            assert_int_equal(hidden.zero, hidden.first.m);
        } else {
            /* not rolled out: the record's own index past its plays stays */
            assert_int_equal(got, 1);
            assert_int_equal(again.zero, res.zero);
            assert_true(again.zero >= again.first.m && again.zero < again.nplays);
        }
        /* an outside chooser's play: each rolled-out play in turn is the
         * choice, at the front with its own figures, the 0-ply choice
         * beside it the same play as the record's */
        for (int j = 0; j < res.first.m; j++) {
            agreement_result_t given = res;
            char want[AGREEMENT_NOTE];
            memcpy(want, res.notes[j], sizeof want);
            assert_int_equal(agreement_rejudge(sc, o.plies, want, &given, choice, sizeof choice), 0);
            assert_string_equal(choice, want);
            assert_string_equal(given.notes[0], want);
            assert_true(given.last.mean[0] == res.last.mean[j] && given.first.mean[0] == res.first.mean[j]);
            if (res.zero < res.first.m)
                assert_string_equal(given.notes[given.zero], res.notes[res.zero]);
            else
                assert_int_equal(given.zero, res.zero);
        }
        /* a play that is no legal play of the position */
        agreement_result_t bad = res;
        assert_int_equal(agreement_rejudge(sc, o.plies, "1/25 1/25", &bad, choice, sizeof choice), 2);
        assert_string_equal(choice, "1/25 1/25");
        /* a choice not rolled out: a miss, the judge's own figures kept */
        agreement_tally_t judged = {0}, not = {0};
        agreement_tally_add(&judged, &res, true, 9);
        agreement_tally_unjudged(&not, &res, true, 9);
        assert_int_equal(not.positions, 1);
        assert_int_equal(not.unjudged, 1);
        assert_int_equal(not.agree + not.within + not.separable_agree, 0);
        assert_true(not.lost == 0 && not.p_search == 0);
        assert_int_equal(not.separable, judged.separable);
        assert_int_equal(not.agree0, judged.agree0);
        assert_true(not.ceiling == judged.ceiling);
        /* the margins: a choice d behind the best counts where d <= the
         * margin (the same play at every one), an unjudged one at none */
        int b = agreement_best(&res, true);
        double d = res.last.mean[b] - res.last.mean[0];
        for (int k = 0; k < AGREEMENT_NEAR; k++) {
            assert_int_equal(judged.near[k], d <= AGREEMENT_NEAR_AT[k]);
            assert_int_equal(not.near[k], 0);
            if (b == 0)
                assert_int_equal(judged.near[k], 1);
        }
        /* a choice 0.015 behind: past the first margin, within the others */
        agreement_result_t behind = res;
        double top = behind.last.mean[b];
        behind.last.mean[1] = top + 0.1;
        behind.last.mean[0] = top + 0.1 - 0.015;
        agreement_tally_t tb = {0};
        agreement_tally_add(&tb, &behind, true, 9);
        assert_int_equal(tb.agree, 0);
        assert_int_equal(tb.near[0], 0);
        assert_int_equal(tb.near[1], 1);
        assert_int_equal(tb.near[2], 1);
    }
    search_ctx_free(sc);
}

/* A choice the record did not roll out, rolled out beside its plays with
 * the record's dice and players: the recorded first pass comes out to the
 * last bit, the new play's is its own rollout with those dice, and the
 * choice is then judged instead of counted a miss.  A record whose
 * numbers its players do not give is refused, or judged afresh. */
static void fill_rolls_out_the_choice(void **state)
{
    (void)state;
    rules_t r = tr("lyckans-talisman");
    agreement_opts_t o;
    small_opts(&o, 12, 2);
    o.top = 2;
    search_ctx_t *sc = search_ctx_new(&r, EVAL_DEFAULT);
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    assert_non_null(sc);
    assert_non_null(sp);
    int filled_any = 0;
    for (int i = 0; i < 4; i++) {
        agreement_result_t res;
        judge(i, &o, &res);
        if (res.nplays <= 2)
            continue;
        /* the first legal play the record did not roll out */
        search_opts_t so;
        search_default_opts(0, &so);
        int n = search_rank(sc, &res.pos, res.roll, &so, sp), k = 0;
        char note[AGREEMENT_NOTE] = "";
        for (; k < n; k++) {
            notation_play(&sp[k].play, GEOM_BRADE, note, sizeof note);
            if (strcmp(note, res.notes[0]) != 0 && strcmp(note, res.notes[1]) != 0)
                break;
        }
        assert_true(k < n);
        agreement_result_t filled = res;
        assert_int_equal(agreement_fill(sc, &r, &filled, note, &o, false), 0);
        filled_any++;
        assert_int_equal(filled.first.m, 3);
        assert_int_equal(filled.last.m, 3);
        assert_string_equal(filled.notes[2], note);
        assert_int_equal(filled.index, res.index);
        assert_int_equal(filled.nplays, res.nplays);
        assert_true(filled.zero >= 0 && filled.zero < filled.nplays);
        for (int j = 0; j < 2; j++) {
            assert_string_equal(filled.notes[j], res.notes[j]);
            assert_int_equal(filled.first.games[j], res.first.games[j]);
            assert_true(filled.first.mean[j] == res.first.mean[j]);
            assert_true(filled.first.cov[j][j] == res.first.cov[j][j]);
        }
        /* the new play's first pass: its own rollout with the same dice */
        double x[12], sum = 0;
        rollout_opts_t ro = o.ro;
        ro.games = 12;
        ro.game_equity = x;
        rollout_result_t rr;
        assert_int_equal(rollout_play(&sp[k].play, &r, &ro, &rr), 0);
        for (int g = 0; g < 12; g++)
            sum += x[g];
        assert_int_equal(filled.first.games[2], 12);
        assert_true(fabs(filled.first.mean[2] - sum / 12) < 1e-12);
        /* judged now: an outside chooser who picks it meets its figures */
        agreement_result_t given = filled;
        char choice[AGREEMENT_NOTE];
        assert_int_equal(agreement_rejudge(sc, o.plies, note, &given, choice, sizeof choice), 0);
        assert_true(given.first.mean[0] == filled.first.mean[2]);
        /* and the record line reads back as it was written */
        char line[8192];
        record(&filled, line, sizeof line);
        agreement_result_t back;
        char msg[256];
        assert_true(agreement_record_parse(line, GEOM_BRADE, &back, msg, sizeof msg));
        assert_memory_equal(&back.first, &filled.first, sizeof back.first);
        /* numbers the players do not give: refused and left alone, or
         * with anew the position judged afresh (the true numbers back) */
        agreement_result_t forged = res;
        forged.first.mean[1] += 0.25;
        agreement_result_t before = forged;
        assert_int_equal(agreement_fill(sc, &r, &forged, note, &o, false), 3);
        assert_memory_equal(&forged, &before, sizeof forged);
        assert_int_equal(agreement_fill(sc, &r, &forged, note, &o, true), 4);
        assert_true(forged.first.mean[1] == res.first.mean[1]);
        assert_memory_equal(&forged.first, &filled.first, sizeof forged.first);
        /* a play that is not legal there; a record already full */
        agreement_result_t bad = res;
        assert_int_equal(agreement_fill(sc, &r, &bad, "1/25 1/25", &o, false), -1);
        bad.first.m = bad.last.m = AGREE_MAX;
        assert_int_equal(agreement_fill(sc, &r, &bad, note, &o, false), 2);
    }
    assert_true(filled_any >= 2);
    free(sp);
    search_ctx_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(positions_extend),
        cmocka_unit_test(positions_of_a_phase),
        cmocka_unit_test(positions_any_threads),
        cmocka_unit_test(passes_follow_contention),
        cmocka_unit_test(record_round_trip),
        cmocka_unit_test(record_errors),
        cmocka_unit_test(choose_permutes),
        cmocka_unit_test(rejudge_same_and_other),
        cmocka_unit_test(fill_rolls_out_the_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
