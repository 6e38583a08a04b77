/*
 * steps.c - a play made one click at a time (see steps.h).
 */
#include "tutor/steps.h"

#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "engine/verdict.h"

/* Starts a play (see steps.h). */
void steps_start(steps_state_t *s, const board_t *b, roll_t roll)
{
    memset(s, 0, sizeof *s);
    s->board = *b;
    s->start = *b;
    s->roll = roll;
    s->nleft = movegen_roll_dice(roll, s->left);
}

/* Removes die value d from the dice left (the first such). */
static void use_die(steps_state_t *s, int d)
{
    for (int i = 0; i < s->nleft; i++)
        if (s->left[i] == d) {
            memmove(&s->left[i], &s->left[i + 1], sizeof *s->left * (size_t)(s->nleft - i - 1));
            s->nleft--;
            return;
        }
}

/* Tries dice `seq[0..n)` in a row from `from`: every step legal and the
 * last landing on `to`.  On success applies them to s; else fills the
 * first refusal (reason, step, info, the board it was refused on). */
static bool try_seq(steps_state_t *s, const rules_t *r, int from, int to, const int *seq, int n, reason_t *why,
                    step_t *st, step_info_t *info, board_t *at)
{
    steps_state_t t = *s;
    int p = from;
    for (int k = 0; k < n; k++) {
        step_t one;
        step_info_t inf;
        reason_t rs = movegen_check_step(&t.board, r, p, seq[k], &one, &inf);
        if (rs != RSN_OK) {
            *why = rs, *st = one, *info = inf, *at = t.board;
            return false;
        }
        if (t.nmade >= STEPS_MAX)
            return false;
        movegen_apply_step(&t.board, &one);
        t.made[t.nmade++] = one;
        use_die(&t, seq[k]);
        p = one.to;
        if (p == 25 && k + 1 < n)
            return false; /* borne off before the last die */
    }
    if (p != to)
        return false;
    *s = t;
    return true;
}

/* Moves a checker (see steps.h). */
bool steps_move(steps_state_t *s, const rules_t *r, lang_t lang, int from, int to, int *dice, char *why,
                size_t why_size)
{
    *dice = 0;
    int dist = to - from;
    reason_t first = RSN_OK;
    step_t fst;
    step_info_t finf;
    board_t fat = s->board;
    bool have_first = false;
    memset(&fst, 0, sizeof fst);
    memset(&finf, 0, sizeof finf);
    /* one die: the exact one, or (bearing off) the smallest larger one */
    for (int pass = 0; pass < 2; pass++)
        for (int i = s->nleft - 1; i >= 0; i--) {
            int d = s->left[i];
            if (pass == 0 ? d != dist : !(to == 25 && d > dist))
                continue;
            reason_t rs;
            step_t st;
            step_info_t inf;
            board_t at;
            if (try_seq(s, r, from, to, &d, 1, &rs, &st, &inf, &at)) {
                *dice = 1;
                goto made;
            }
            if (!have_first && rs != RSN_OK)
                first = rs, fst = st, finf = inf, fat = at, have_first = true;
            break;
        }
    /* several dice in a row: the larger first, then the other order; the
     * dice of a double one after another */
    if (s->nleft >= 2) {
        int seqs[4][4], lens[4], n = 0;
        if (s->left[0] == s->left[s->nleft - 1]) {
            for (int k = 2; k <= s->nleft; k++) {
                lens[n] = k;
                for (int j = 0; j < k; j++)
                    seqs[n][j] = s->left[0];
                n++;
            }
        } else {
            seqs[0][0] = s->left[0], seqs[0][1] = s->left[1], lens[0] = 2;
            seqs[1][0] = s->left[1], seqs[1][1] = s->left[0], lens[1] = 2;
            n = 2;
        }
        for (int k = 0; k < n; k++) {
            int sum = 0;
            for (int j = 0; j < lens[k]; j++)
                sum += seqs[k][j];
            if (sum != dist && !(to == 25 && sum > dist))
                continue;
            reason_t rs = RSN_OK;
            step_t st;
            step_info_t inf;
            board_t at;
            if (try_seq(s, r, from, to, seqs[k], lens[k], &rs, &st, &inf, &at)) {
                *dice = lens[k];
                goto made;
            }
            if (!have_first && rs != RSN_OK)
                first = rs, fst = st, finf = inf, fat = at, have_first = true;
        }
    }
    if (have_first) {
        size_t u = explain_reason(lang, &fat, r, first, &fst, &finf, why, why_size);
        if (u < why_size)
            snprintf(why + u, why_size - u, " [%s: %s]", lang == LANG_SV ? "regler" : "rules", r->name);
    } else if (s->nleft == 0) {
        snprintf(why, why_size, "%s", lang == LANG_SV ? "Tärningarna är redan använda." : "The dice are used up.");
    } else {
        snprintf(why, why_size,
                 lang == LANG_SV ? "Ingen tärning, och inga tärningar i följd, tar brickan från %d till %d."
                                 : "No die, nor dice in a row, take that checker from %d to %d.",
                 from, to);
    }
    return false;
made:;
    /* the text so far, as typed: each step from/to */
    size_t len = strlen(s->text);
    int start = s->nmade - *dice;
    char note[64];
    notation_format(&s->made[start], *dice, s->board.geom, note, sizeof note);
    snprintf(s->text + len, sizeof s->text - len, "%s%s", len ? " " : "", note);
    if (s->moves < STEPS_MAX)
        s->move_end[s->moves++] = s->nmade;
    return true;
}

/* Takes back the last move (see steps.h): the moves before it made again
 * from the start, so the board, dice and text are exactly theirs. */
bool steps_back(steps_state_t *s, const rules_t *r)
{
    if (s->moves == 0)
        return false;
    steps_state_t t;
    steps_start(&t, &s->start, s->roll);
    for (int m = 0; m + 1 < s->moves; m++) {
        int first = m ? s->move_end[m - 1] : 0;
        int from = s->made[first].from, to = s->made[s->move_end[m] - 1].to;
        int dice;
        char why[256];
        if (!steps_move(&t, r, LANG_EN, from, to, &dice, why, sizeof why))
            return false; /* cannot happen: the same moves on the same board */
    }
    *s = t;
    return true;
}

/* Whether the play under way is complete (see steps.h). */
bool steps_complete(const steps_state_t *s, const rules_t *r)
{
    for (int i = 0; i < s->nleft; i++)
        for (int p = 0; p <= 24; p++)
            if ((p == 0 || s->board.side[0][p] > 0) &&
                movegen_check_step(&s->board, r, p, s->left[i], NULL, NULL) == RSN_OK)
                return false;
    return true;
}

/* Where a checker may go next (see steps.h). */
int steps_targets(const steps_state_t *s, const rules_t *r, const board_t *start, roll_t roll,
                  const movegen_buf_t *legal, int nlegal, int from, int out[25])
{
    int n = 0;
    if (from < 0 || from > 24 || s->board.side[0][from] == 0)
        return 0;
    for (int to = 1; to <= 25; to++) {
        steps_state_t t = *s;
        int dice;
        char why[512];
        if (!steps_move(&t, r, LANG_EN, from, to, &dice, why, sizeof why))
            continue;
        if (steps_complete(&t, r)) {
            verdict_t v;
            verdict_judge(start, r, roll, t.text, legal, nlegal, &v);
            if (v.kind != VERDICT_LEGAL)
                continue;
        }
        out[n++] = to;
    }
    return n;
}
