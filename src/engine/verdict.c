/*
 * verdict.c - judging a typed play (see verdict.h).
 *
 * First every order of the typed moves and every way of covering them with
 * the dice is searched; a sequence whose every step is legal either lands on
 * a legal play (LEGAL), lands on the position of a legal play that ended the
 * game at that step (LEGAL, the rest is ignored), or ends elsewhere, which
 * can only be a play that uses too little of the roll (NOT_ENOUGH).  When no
 * order works, the moves are replayed in the order typed and the first step
 * that breaks a rule is reported (ILLEGAL).
 *
 * Special plays (kejsarspel, the double-six stack) are not made of ordinary
 * steps: their checkers go where no die alone could take them.  They match
 * only a typed play made of exactly their moves, and never a position that
 * ordinary steps happen to reach (kejsarspel's position is also what the
 * last checker's 19/24 alone leaves, which must not count as the win).
 */
#include "engine/verdict.h"

#include <string.h>

typedef struct vctx {
    const rules_t *r;
    const movegen_buf_t *legal;
    int nlegal;
    const typed_play_t *tp;
    int cur[NOTATION_MAX_MOVES];
    int nsteps, pips, faces;
    int found;   /* legal play index, or -1 */
    step_t path[MOVEGEN_MAX_STEPS + 2]; /* the steps of the sequence being tried */
    int path_move[MOVEGEN_MAX_STEPS + 2]; /* which typed move each step belongs to */
    step_t found_path[MOVEGEN_MAX_STEPS];  /* the path when `found` was set */
    int found_len;
    bool found_reordered;
    int ignored; /* typed moves left when the game ended */
    bool complete;
    int complete_pips, complete_dice, complete_faces;
    board_t complete_board; /* the position the typed moves reach (NOT_ENOUGH) */
} vctx_t;

/* rules.md D-15: which step of the order the learner wrote first makes the
 * opponent jan.  The engine credits a play with the better of the orders
 * that reach its position; when that is sprängjan but the written order
 * makes the jan with a hit, the play as written earns only a jan.  An order
 * the search had to change is not the learner's, so it is not held to. */
static void written_order(const board_t *b, const rules_t *r, const play_t *p, verdict_t *out)
{
    out->written_jan = false;
    out->jan_at = -1;
    if (p->outcome.kind != OUT_SPRANGJAN || out->reordered)
        return;
    board_t nb = *b;
    for (int i = 0; i < out->nplayed; i++) {
        movegen_apply_step(&nb, &out->played[i]);
        if (!board_is_jan(&nb, 1))
            continue;
        if (!(out->played[i].flags & STEP_BLAST)) {
            out->written_jan = true;
            out->jan_at = i;
            movegen_jan_outcome(&p->after, r, false, &out->written);
        }
        return;
    }
}

/* A play whose steps are not ordinary steps (kejsarspel, the stack). */
static bool special_play(const play_t *p)
{
    return p->nsteps > 0 && (p->steps[0].flags & (STEP_KEJSAR | STEP_STACK));
}

static int find_play(const vctx_t *c, const board_t *b, bool ended_only)
{
    for (int i = 0; i < c->nlegal; i++) {
        const play_t *p = movegen_play(c->legal, i);
        if ((ended_only && p->outcome.kind == OUT_NONE) || special_play(p))
            continue;
        if (board_equal(&p->after, b))
            return i;
    }
    return -1;
}

static int moves_left(const vctx_t *c)
{
    int n = 0;
    for (int i = 0; i < c->tp->n; i++)
        n += c->cur[i] != c->tp->moves[i].to;
    return n;
}

/* Depth-first over (move, die) choices; true when a legal play is found. */
static bool search(vctx_t *c, const board_t *b, const int *rem, int nrem)
{
    int left = moves_left(c);
    if (c->nsteps > 0) {
        int k = find_play(c, b, left > 0);
        if (k >= 0 && (left == 0 || movegen_play(c->legal, k)->outcome.kind != OUT_NONE)) {
            c->found = k;
            c->ignored = left;
            c->found_len = c->nsteps;
            for (int i = 0; i < c->nsteps; i++) {
                c->found_path[i] = c->path[i];
                if (i > 0 && c->path_move[i] < c->path_move[i - 1])
                    c->found_reordered = true;
            }
            return true;
        }
        if (c->nsteps >= MOVEGEN_MAX_STEPS)
            return false;
    }
    if (left == 0) {
        if (!c->complete || c->pips > c->complete_pips) {
            c->complete = true;
            c->complete_pips = c->pips;
            c->complete_dice = c->nsteps;
            c->complete_faces = c->faces;
            c->complete_board = *b;
        }
        return false;
    }
    if (c->nsteps == 0 && left == 0)
        return false;
    for (int i = 0; i < c->tp->n; i++) {
        int from = c->cur[i], target = c->tp->moves[i].to;
        if (from == target)
            continue;
        for (int j = 0; j < nrem; j++) {
            int d = rem[j];
            if (j > 0 && rem[j] == rem[j - 1])
                continue;
            if (target != BOARD_OFF && from + d > target)
                continue;
            step_t st;
            if (movegen_check_step(b, c->r, from, d, &st, NULL) != RSN_OK)
                continue;
            board_t nb = *b;
            movegen_apply_step(&nb, &st);
            int rest[4], nrest = 0;
            for (int k = 0; k < nrem; k++)
                if (k != j)
                    rest[nrest++] = rem[k];
            int sp = movegen_step_pips(&st);
            c->cur[i] = st.to;
            c->path[c->nsteps] = st;
            c->path_move[c->nsteps] = i;
            c->nsteps++;
            c->pips += sp;
            c->faces += d;
            bool ok = search(c, &nb, rest, nrest);
            c->faces -= d;
            c->pips -= sp;
            c->nsteps--;
            c->cur[i] = from;
            if (ok)
                return true;
        }
    }
    return false;
}

/* The special play whose moves are exactly the typed ones (in any
 * order), or -1. */
static int find_special(const typed_play_t *tp, const movegen_buf_t *legal, int nlegal)
{
    for (int i = 0; i < nlegal; i++) {
        const play_t *p = movegen_play(legal, i);
        if (!special_play(p) || p->nsteps != tp->n)
            continue;
        bool used[MOVEGEN_MAX_STEPS] = {false};
        int matched = 0;
        for (int m = 0; m < tp->n; m++)
            for (int s = 0; s < p->nsteps; s++)
                if (!used[s] && p->steps[s].from == tp->moves[m].from &&
                    p->steps[s].to == tp->moves[m].to) {
                    used[s] = true;
                    matched++;
                    break;
                }
        if (matched == tp->n)
            return i;
    }
    return -1;
}

/* True when some of the dice left add up to `need` exactly (or, bearing
 * off, to at least `need`). */
static bool reachable(const int *rem, int nrem, int need, bool off)
{
    for (int mask = 1; mask < (1 << nrem); mask++) {
        int sum = 0;
        for (int j = 0; j < nrem; j++)
            if (mask & (1 << j))
                sum += rem[j];
        if (sum == need || (off && sum > need))
            return true;
    }
    return false;
}

/* Replays the typed moves in the order written, each with the die that
 * fits best, and reports the first step that breaks a rule. */
static void first_failure(const board_t *b0, const rules_t *r, roll_t roll, verdict_t *out)
{
    board_t b = *b0;
    int rem[4], nrem = movegen_roll_dice(roll, rem);
    const typed_play_t *tp = &out->typed;
    for (int i = 0; i < tp->n; i++) {
        int from = tp->moves[i].from, target = tp->moves[i].to;
        if (!reachable(rem, nrem, target - from, target == BOARD_OFF)) {
            int need = target - from;
            out->kind = VERDICT_ILLEGAL;
            out->reason = RSN_NO_DIE;
            out->move_index = i;
            out->step = (step_t){(uint8_t)from, (uint8_t)target,
                                 (uint8_t)(need <= 6 && target != BOARD_OFF ? need : 0), 0, 0};
            out->info.count = need;
            return;
        }
        while (from != target) {
            int need = target - from, pick = -1;
            /* exact die, else (bearing off) the smallest higher die, else the
             * largest die that lands short of the target */
            for (int j = 0; j < nrem && pick < 0; j++)
                if (rem[j] == need)
                    pick = j;
            if (pick < 0 && target == BOARD_OFF)
                for (int j = nrem - 1; j >= 0 && pick < 0; j--)
                    if (rem[j] > need)
                        pick = j;
            if (pick < 0)
                for (int j = 0; j < nrem && pick < 0; j++)
                    if (rem[j] < need)
                        pick = j;
            if (pick < 0) {
                out->kind = VERDICT_ILLEGAL;
                out->reason = RSN_NO_DIE;
                out->move_index = i;
                out->step = (step_t){(uint8_t)from, (uint8_t)(target > 25 ? 25 : target),
                                     (uint8_t)(need > 6 ? 0 : need), 0, 0};
                return;
            }
            step_t st;
            step_info_t info;
            reason_t why = movegen_check_step(&b, r, from, rem[pick], &st, &info);
            if (why != RSN_OK && rem[pick] < need && target != BOARD_OFF) {
                /* A move over several dice: if another die gives an open
                 * stop, go that way; otherwise every stop is closed. */
                for (int j = 0; j < nrem && why != RSN_OK; j++) {
                    if (j == pick || rem[j] >= need || rem[j] == rem[pick])
                        continue;
                    step_t alt;
                    step_info_t alt_info;
                    if (movegen_check_step(&b, r, from, rem[j], &alt, &alt_info) == RSN_OK) {
                        why = RSN_OK;
                        st = alt;
                        pick = j;
                    } else if (out->closed_stops < 2) {
                        out->stops[out->closed_stops++] = alt.to;
                    }
                }
                if (why != RSN_OK && out->closed_stops < 2)
                    out->stops[out->closed_stops++] = st.to;
            }
            if (why != RSN_OK) {
                out->kind = VERDICT_ILLEGAL;
                out->reason = why;
                out->move_index = i;
                out->step = st;
                out->info = info;
                return;
            }
            out->closed_stops = 0;
            movegen_apply_step(&b, &st);
            from = st.to;
            for (int k = pick; k < nrem - 1; k++)
                rem[k] = rem[k + 1];
            nrem--;
        }
    }
    /* Every step went through in this order, yet no order gives a legal
     * play: it is too little of the roll. */
    out->kind = VERDICT_NOT_ENOUGH;
}

void verdict_judge(const board_t *b, const rules_t *r, roll_t roll, const char *text,
                   const movegen_buf_t *legal, int nlegal, verdict_t *out)
{
    memset(out, 0, sizeof *out);
    out->play = -1;
    out->move_index = -1;
    if (notation_parse(text, b->geom, &out->typed) != PARSE_OK) {
        out->kind = VERDICT_UNPARSEABLE;
        return;
    }
    vctx_t c;
    memset(&c, 0, sizeof c);
    c.r = r;
    c.legal = legal;
    c.nlegal = nlegal;
    c.tp = &out->typed;
    c.found = -1;
    for (int i = 0; i < out->typed.n; i++)
        c.cur[i] = out->typed.moves[i].from;

    /* The empty play is legal exactly when nothing can be played. */
    if (out->typed.n == 0) {
        int k = find_play(&c, b, false);
        if (k >= 0 && movegen_play(legal, k)->nsteps == 0) {
            out->kind = VERDICT_LEGAL;
            out->play = k;
            return;
        }
    }

    int special = find_special(&out->typed, legal, nlegal);
    if (special >= 0) {
        const play_t *p = movegen_play(legal, special);
        out->kind = VERDICT_LEGAL;
        out->play = special;
        memcpy(out->played, p->steps, sizeof(step_t) * p->nsteps);
        out->nplayed = p->nsteps;
        return;
    }

    int rem[4], nrem = movegen_roll_dice(roll, rem);
    if (out->typed.n > 0 && search(&c, b, rem, nrem)) {
        out->kind = VERDICT_LEGAL;
        out->play = c.found;
        out->ignored_moves = c.ignored;
        /* the steps as they were played, and whether the typed order had to change */
        memcpy(out->played, c.found_path, sizeof out->played);
        out->nplayed = c.found_len;
        out->reordered = c.found_reordered;
        written_order(b, r, movegen_play(legal, c.found), out);
        return;
    }

    /* Best legal play, as the example of what more is possible. */
    int best = 0;
    for (int i = 1; i < nlegal; i++)
        if (movegen_play(legal, i)->pips > movegen_play(legal, best)->pips ||
            (movegen_play(legal, i)->pips == movegen_play(legal, best)->pips &&
             movegen_play(legal, i)->dice > movegen_play(legal, best)->dice))
            best = i;
    out->best_pips = movegen_play(legal, best)->pips;
    out->best_dice = movegen_play(legal, best)->dice;

    if (c.complete || out->typed.n == 0) {
        out->kind = VERDICT_NOT_ENOUGH;
        out->play = best;
        out->your_pips = c.complete ? c.complete_pips : 0;
        out->your_dice = c.complete ? c.complete_dice : 0;
        out->reached = c.complete ? c.complete_board : *b;
        return;
    }
    first_failure(b, r, roll, out);
    if (out->kind == VERDICT_NOT_ENOUGH) {
        out->play = best;
        out->your_pips = 0;
        out->your_dice = 0;
    }
}
