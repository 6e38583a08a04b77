/*
 * movegen.c - step legality and the enumeration of legal plays.
 *
 * The algorithm is rules.md D5 with the decisions of D6:
 *   1. depth-first over every order of the dice, each step checked in the
 *      position it is played in (intermediate landings, blasting rights and
 *      the prime limit are all re-evaluated after every step);
 *   2. a sequence ends when no remaining die can be played, or at a step that
 *      wins at once (the last checker off; jan or a vackert spel where the
 *      ruleset makes them immediate);
 *   3. sequences are merged by the position they report;
 *   4. the move criterion (max pips, or max dice then faces) keeps the
 *      maximal ones, the maximum being taken over the sequences as cut;
 *      immediate wins the ruleset allows are kept regardless;
 *   5. wins judged after the whole roll (vackert spel, jan under Lyckans
 *      Talisman) are read off the final position, and jan is classified by
 *      the step that first made it (a blast makes it sprängjan).
 * Doubles use a transposition table so that the orders of the same steps are
 * searched once.
 */
#include "engine/movegen.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

enum { DEDUP_SIZE = 8192, TT_SIZE = 1 << 15 };

struct movegen_buf {
    int count;
    int max_crit;
    int max_pips;
    bool overflow;
    uint32_t gen;
    play_t plays[MOVEGEN_MAX_PLAYS];
    int crit[MOVEGEN_MAX_PLAYS];
    uint8_t keep[MOVEGEN_MAX_PLAYS]; /* KEEP_* */
    uint64_t key[MOVEGEN_MAX_PLAYS];
    uint32_t dstamp[DEDUP_SIZE];
    uint16_t dslot[DEDUP_SIZE];
    uint32_t tstamp[TT_SIZE];
    uint64_t tkey[TT_SIZE];
};

enum { KEEP_ALWAYS = 1, KEEP_SPECIAL = 2 };

movegen_buf_t *movegen_buf_new(void)
{
    return calloc(1, sizeof(movegen_buf_t));
}

void movegen_buf_free(movegen_buf_t *buf)
{
    free(buf);
}

const play_t *movegen_play(const movegen_buf_t *buf, int i)
{
    assert(i >= 0 && i < buf->count);
    return &buf->plays[i];
}

bool movegen_no_play(const movegen_buf_t *buf, int n)
{
    return n == 1 && movegen_play(buf, 0)->nsteps == 0;
}

int movegen_max_pips(const movegen_buf_t *buf)
{
    return buf->max_pips;
}

/* ---- single steps ---- */

/* The length of the prime the other side would face (a run of the mover's
 * bands in the other side's numbering) through the mover's point `to`, after
 * a checker moves there from `from`: the point it leaves counts with one
 * checker fewer. */
static int prime_with(const board_t *b, int from, int to)
{
    int q = board_under(b->geom, to);
    int run = 1;
    for (int k = q - 1; k >= 1; k--) {
        int p = board_under(b->geom, k);
        if (b->side[0][p] - (p == from) < 2)
            break;
        run++;
    }
    for (int k = q + 1; k <= 24; k++) {
        int p = board_under(b->geom, k);
        if (b->side[0][p] - (p == from) < 2)
            break;
        run++;
    }
    return run;
}

/* The opponent's six-stack under my point `to` is vulnerable (double-six rule). */
static bool stack_vulnerable(const board_t *b, const rules_t *r, int to)
{
    if (r->double_six == DOUBLE_SIX_OFF || board_under(b->geom, to) != 7)
        return false;
    int n = b->side[1][7];
    return r->double_six == DOUBLE_SIX_WP ? n >= 2 : n == 6;
}

/* May a checker on `from` be borne off to `to` (>= 25) when all are home
 * and the rearmost is on `rear`?  The one bear-off decision, used by
 * movegen_check_step() and the generator's fast path. */
static bool bearoff_ok(bearoff_t mode, int from, int to, int rear)
{
    switch (mode) {
    case BEAROFF_STANDARD:
        return to == 25 || from == rear;
    case BEAROFF_REARMOST_ONLY:
        return from == rear;
    case BEAROFF_EXACT_ONLY:
        return to == 25;
    case BEAROFF_ANY_OVERSHOOT:
        return true;
    }
    return false;
}

/* The rule a refused bear-off breaks, per bear-off reading. */
static const reason_t BEAROFF_REASON[] = {
    [BEAROFF_STANDARD] = RSN_BEAROFF_OVERSHOOT,
    [BEAROFF_REARMOST_ONLY] = RSN_BEAROFF_NOT_REARMOST,
    [BEAROFF_EXACT_ONLY] = RSN_BEAROFF_EXACT_ONLY,
    [BEAROFF_ANY_OVERSHOOT] = RSN_OK,
};

reason_t movegen_check_step(const board_t *b, const rules_t *r, int from, int die, step_t *out,
                            step_info_t *info)
{
    const uint8_t *me = b->side[0];
    step_t st = {(uint8_t)from, 0, (uint8_t)die, 0, 0};
    step_info_t inf = {0, -1, me[BOARD_BAR], 0, -1, 0};
    reason_t why = RSN_OK;
    int to = from + die;

    assert(die >= 1 && die <= 6 && from >= 0 && from <= 24);
    inf.to = to > 25 ? 25 : to;
    if (from == BOARD_BAR && me[BOARD_BAR] == 0) {
        why = RSN_NOTHING_ON_BAR;
        goto done;
    }
    if (from != BOARD_BAR && me[from] == 0) {
        why = RSN_NO_CHECKER;
        goto done;
    }
    if (from != BOARD_BAR && me[BOARD_BAR] > 0) {
        why = RSN_BAR_FIRST;
        goto done;
    }
    if (from == BOARD_BAR)
        st.flags |= STEP_ENTER;

    if (to >= 25) {
        st.to = BOARD_OFF;
        st.flags |= STEP_OFF;
        if (to > 25)
            st.flags |= STEP_REDUCED;
        if (!board_all_in_q4(b, 0)) {
            why = RSN_BEAROFF_NOT_HOME;
            goto done;
        }
        int rear = board_rearmost(b, 0);
        inf.rearmost = rear;
        if (!bearoff_ok(r->bearoff, from, to, rear))
            why = BEAROFF_REASON[r->bearoff];
        goto done;
    }

    st.to = (uint8_t)to;
    int opp = board_opp_at(b, to);
    int own = me[to];
    if (opp >= 2) {
        bool blastable = false, as_hit = false;
        inf.count = opp;
        if (stack_vulnerable(b, r, to)) {
            blastable = true;
            as_hit = r->double_six == DOUBLE_SIX_TB;
        } else if (r->geometry == GEOM_BRADE) {
            if (r->barrier || r->barrier_entry_blast) {
                inf.run = board_band_run(b, 0, to);
                if (inf.run >= r->barrier_min_run &&
                    (from == BOARD_BAR ? r->barrier_entry_blast : r->barrier))
                    blastable = true;
            }
            if (from == BOARD_BAR) {
                inf.free_points = board_free_entry(b, 0);
                if (r->entry_blast == ENTRY_BLAST_B && me[BOARD_BAR] > inf.free_points)
                    blastable = true;
                if (r->entry_blast == ENTRY_BLAST_A && inf.free_points == 0)
                    blastable = true;
            }
            if (blastable && r->last_checker_no_blast && board_last_checker(b, 0)) {
                why = RSN_LAST_CHECKER_NO_BLAST;
                goto done;
            }
        }
        if (!blastable) {
            why = from == BOARD_BAR && r->entry_blast != ENTRY_BLAST_NONE ? RSN_ENTRY_NOT_BLASTABLE
                                                                          : RSN_OPP_BAND;
            goto done;
        }
        st.flags |= as_hit ? STEP_HIT : STEP_BLAST;
        st.taken = (uint8_t)opp;
    } else if (opp == 1) {
        st.flags |= STEP_HIT;
        st.taken = 1;
    }
    if (own > 0) {
        inf.count = own;
        if (r->band_ban) {
            if (from == BOARD_BAR) {
                why = to == 1 ? RSN_HOME_RESTACK : RSN_ENTER_OWN;
                goto done;
            }
            if (to >= 2 && to <= 11) {
                why = RSN_BAND_BAN;
                goto done;
            }
        }
        if (r->five_blot && me[1] > 10) {
            why = RSN_FIVE_BLOT;
            goto done;
        }
        if (own == 1 && r->max_prime > 0 && b->side[1][BOARD_OFF] != 14) {
            inf.run = prime_with(b, from, to);
            if (inf.run > r->max_prime) {
                why = RSN_PRIME_TOO_LONG;
                goto done;
            }
        }
    }
done:
    if (out)
        *out = st;
    if (info)
        *info = inf;
    return why;
}

void movegen_apply_step(board_t *b, const step_t *s)
{
    assert(b->side[0][s->from] > 0);
    b->side[0][s->from]--;
    b->side[0][s->to]++;
    if (s->taken) {
        int q = board_under(b->geom, s->to);
        b->side[1][BOARD_BAR] = (uint8_t)(b->side[1][BOARD_BAR] + b->side[1][q]);
        b->side[1][q] = 0;
    }
}

int movegen_step_pips(const step_t *s)
{
    return (s->flags & STEP_OFF) ? 25 - s->from : s->die;
}

int movegen_roll_dice(roll_t roll, int rem[4])
{
    if (roll.b == 0) {
        rem[0] = roll.a;
        return 1;
    }
    if (roll.a == roll.b) {
        rem[0] = rem[1] = rem[2] = rem[3] = roll.a;
        return 4;
    }
    rem[0] = roll.a > roll.b ? roll.a : roll.b;
    rem[1] = roll.a > roll.b ? roll.b : roll.a;
    return 2;
}

void movegen_jan_outcome(const board_t *after, const rules_t *r, bool by_blast, outcome_t *o)
{
    memset(o, 0, sizeof *o);
    o->kind = by_blast ? OUT_SPRANGJAN : OUT_JAN;
    o->jan_excess = board_jan_excess(after, 1);
    outcome_score(o, r);
}

/* ---- positions ---- */

board_err_t movegen_check_position(const board_t *b, const rules_t *r, board_error_t *err)
{
    board_err_t e = board_check_basic(b, err);
    if (e != BOARD_OK)
        return e;
    for (int s = 0; s < 2; s++) {
        int colour = s == 0 ? b->turn : 1 - b->turn;
        if (r->band_ban) {
            for (int p = 2; p <= 11; p++) {
                if (b->side[s][p] < 2)
                    continue;
                if (p == 7 && r->double_six != DOUBLE_SIX_OFF && b->side[s][7] <= 6)
                    continue;
                if (err)
                    *err = (board_error_t){BOARD_ERR_BAND_BANNED, colour, p, b->side[s][p], -1, 0};
                return BOARD_ERR_BAND_BANNED;
            }
        }
        if (r->max_prime > 0 && b->side[1 - s][BOARD_OFF] != 14 &&
            board_longest_prime(b, s) > r->max_prime) {
            if (err)
                *err = (board_error_t){BOARD_ERR_PRIME, colour, -1, board_longest_prime(b, s), -1, 0};
            return BOARD_ERR_PRIME;
        }
    }
    return BOARD_OK;
}

/* ---- enumeration ---- */

typedef struct ctx {
    const rules_t *r;
    movegen_buf_t *buf;
    step_t seq[MOVEGEN_MAX_STEPS];
    int nseq;
    int pips;
    int faces;
    int jan_step;       /* index of the step that first made the opponent jan, or -1 */
    bool jan_blast;
    bool jan_cut;       /* jan ends the sequence at its step (legal even if not maximal) */
    bool jan_truncate;  /* jan must be maximal, but the game ends at its step (The Board) */
    bool jan_possible;  /* the ruleset has jan and the opponent is not jan already */
    bool doubles;
    bool plain_stacking; /* landing on own checkers is always legal (backgammon) */
    bool order_free;     /* two steps by different checkers commute (no band rules, no blasting) */
    bool prune_second;   /* inside the low-die-first pass of a root step that commutes */
    uint64_t root_key;   /* key of the start position (plays' keys are relative to it) */
    board_t jan_board;
    uint64_t jan_key;
} ctx_t;

/* Position keys: an additive hash, sum over (side, slot) of count x ZKEY,
 * so a step updates it in O(1).  Equal keys are always confirmed with
 * board_equal() before two plays are merged. */
static const uint64_t ZKEY[2][BOARD_SLOTS] = {
    {0x86dc283cf0480ff9ull, 0x47eaa0992cb6916dull, 0xca118783593942a5ull, 0x1509bb0a9bf13331ull, 0x12e1bc7656670b15ull, 0xf5ec52ed01088475ull, 0x2909406c2e416789ull, 0x59ba1b0d5c906159ull, 0x2a095ee82bb29977ull, 0x5d32fe61985fb4e7ull, 0x59e2d15364c7a501ull, 0x9a1e40b458151a99ull, 0x1d8a4eace693ae2dull, 0x68b4aef73eaabe17ull, 0x13e783e7eb04b39bull, 0x142c836478068577ull, 0x260df25453fe2e85ull, 0x3b041641178854f3ull, 0x35c719c2add9ca89ull, 0x00a154d85ed8abcdull, 0x59ec8712e8e3574full, 0xc0290103855dbf55ull, 0xe7949b80dcb0b82full, 0x6e704245a4ff91e3ull, 0x37a788d106762833ull, 0xde1b1471320a88ebull},
    {0x2cd552a09ddbef13ull, 0x4350cc1721e52f21ull, 0xb600e6129ec04ecfull, 0x9ed89eddd6846325ull, 0xe34acb115ee347ddull, 0x627bf3225fac9cb7ull, 0xee889fe46f2c7a8dull, 0xa930d55d9545f0f3ull, 0x75927b0fe339d309ull, 0x43f2f1936e85df09ull, 0x050c86bd84e0164bull, 0x990d3cd8381df22full, 0xfcc1c0c8b0cdf20bull, 0xe07cb5793e7fb97bull, 0xb5c34e7e77ca4499ull, 0x78f6d82486ea0215ull, 0x7b7e8913655c1d15ull, 0x1dcd327f761e07cbull, 0xa92fa271dbc52933ull, 0x9672be1a7fed0bb9ull, 0x5cbe4f50bdbcda99ull, 0xc44a66f4cf25e347ull, 0x134b8db4b18fbdb1ull, 0x1e2ed6cb6470ff1full, 0x57e485b6761978ddull, 0x4f859933fdf0a45full},
};

static uint64_t pos_hash(const board_t *b)
{
    uint64_t h = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < BOARD_SLOTS; i++)
            h += (uint64_t)b->side[s][i] * ZKEY[s][i];
    return h;
}

/* The change of the key made by step st played on b (before applying it). */
static uint64_t step_delta(const board_t *b, const step_t *st)
{
    uint64_t d = ZKEY[0][st->to] - ZKEY[0][st->from];
    if (st->taken) {
        int q = board_under(b->geom, st->to);
        d += (uint64_t)st->taken * (ZKEY[1][BOARD_BAR] - ZKEY[1][q]);
    }
    return d;
}

static inline bool same_board(const board_t *a, const board_t *b)
{
    return memcmp(a->side, b->side, sizeof a->side) == 0;
}

/* Stores one terminal sequence (or merges it into the play with the same
 * reported position). */
static void record(ctx_t *c, const board_t *final, uint64_t fkey, const outcome_t *cut_outcome, int keep)
{
    movegen_buf_t *buf = c->buf;
    const rules_t *r = c->r;
    const board_t *shown = final;
    uint64_t key = fkey;
    int nsteps = c->nseq;
    outcome_t out;
    memset(&out, 0, sizeof out);

    if (cut_outcome) {
        out = *cut_outcome;
        /* The last checker off after a jan made earlier in the same roll
         * (Lyckans Talisman, The Board: the jan was not an immediate win).
         * Under The Board the game ended at the jan step; under Lyckans
         * Talisman both wins stand at the end and the better one counts. */
        if (c->jan_step >= 0 && !c->jan_cut && out.kind == OUT_HEMSPEL) {
            outcome_t jan;
            if (c->jan_truncate) {
                shown = &c->jan_board;
                key = c->jan_key;
                nsteps = c->jan_step + 1;
                movegen_jan_outcome(shown, r, c->jan_blast, &out);
            } else {
                movegen_jan_outcome(final, r, c->jan_blast, &jan);
                if (outcome_rank(&jan) > outcome_rank(&out))
                    out = jan;
            }
        }
    } else if (c->nseq > 0) {
        if (c->jan_step >= 0) {
            if (c->jan_truncate) {
                shown = &c->jan_board;
                key = c->jan_key;
                nsteps = c->jan_step + 1;
            }
            movegen_jan_outcome(shown, r, c->jan_blast, &out);
            if (r->jan_legality == JANLEGAL_ANY)
                keep |= KEEP_ALWAYS;
        }
        if (r->patterns && r->vackert_completion == COMPLETE_WHOLE_ROLL) {
            outcome_t pat;
            memset(&pat, 0, sizeof pat);
            pat.kind = outcome_pattern(final, 0, r);
            if (pat.kind != OUT_NONE) {
                pat.munk = outcome_munk(final, 0, pat.kind, r);
                outcome_score(&pat, r);
                if (out.kind == OUT_NONE || outcome_rank(&pat) > outcome_rank(&out))
                    out = pat;
            }
        }
    }

    int crit = r->move_criterion == CRIT_MAX_PIPS ? c->pips : c->nseq * 64 + c->faces;
    uint32_t h = (uint32_t)key & (DEDUP_SIZE - 1);
    while (buf->dstamp[h] == buf->gen) {
        int i = buf->dslot[h];
        if (buf->key[i] == key && same_board(&buf->plays[i].after, shown)) {
            play_t *p = &buf->plays[i];
            buf->keep[i] |= (uint8_t)keep;
            /* The better win counts (rules.md D6.3: the player chooses the
             * order); the steps shown are those of the order that earns it. */
            bool better = out.kind != OUT_NONE &&
                          (p->outcome.kind == OUT_NONE || outcome_rank(&out) > outcome_rank(&p->outcome));
            if (better)
                p->outcome = out;
            if (crit > buf->crit[i] || (better && crit == buf->crit[i])) {
                buf->crit[i] = crit;
                memcpy(p->steps, c->seq, sizeof p->steps);
                p->nsteps = (uint8_t)nsteps;
                p->pips = (uint8_t)c->pips;
                p->dice = (uint8_t)c->nseq;
                p->faces = (uint8_t)c->faces;
            }
            return;
        }
        h = (h + 1) & (DEDUP_SIZE - 1);
    }
    if (buf->count >= MOVEGEN_MAX_PLAYS) {
        buf->overflow = true;
        return;
    }
    int i = buf->count++;
    play_t *p = &buf->plays[i];
    p->after = *shown;
    memcpy(p->steps, c->seq, sizeof p->steps);
    p->nsteps = (uint8_t)nsteps;
    p->pips = (uint8_t)c->pips;
    p->dice = (uint8_t)c->nseq;
    p->faces = (uint8_t)c->faces;
    p->outcome = out;
    buf->crit[i] = crit;
    buf->keep[i] = (uint8_t)keep;
    buf->key[i] = key;
    buf->dstamp[h] = buf->gen;
    buf->dslot[h] = (uint16_t)i;
}

/* Doubles: true if this (position, dice left, jan state) was searched already. */
static bool tt_seen(ctx_t *c, uint64_t bkey, int nrem)
{
    movegen_buf_t *buf = c->buf;
    uint64_t key = bkey ^ ((uint64_t)nrem * (uint64_t)0x94D049BB133111EBull) ^
                   ((uint64_t)(c->jan_step >= 0) << 40) ^ ((uint64_t)c->jan_blast << 41);
    if (c->jan_truncate && c->jan_step >= 0)
        key ^= c->jan_key * 31u;
    uint32_t h = (uint32_t)key & (TT_SIZE - 1);
    for (int probe = 0; probe < 64; probe++) {
        if (buf->tstamp[h] != buf->gen) {
            buf->tstamp[h] = buf->gen;
            buf->tkey[h] = key;
            return false;
        }
        if (buf->tkey[h] == key)
            return true;
        h = (h + 1) & (TT_SIZE - 1);
    }
    return false; /* table crowded: search again rather than guess */
}

static void dfs(ctx_t *c, const board_t *b, uint64_t h, uint32_t occ, const int *rem, int nrem)
{
    const rules_t *r = c->r;
    bool any = false;
    int sources[25], nsrc = 0;

    int rear = 25;
    if (b->side[0][BOARD_BAR]) {
        sources[nsrc++] = 0;
        rear = 0;
    } else if (occ) {
        /* Backgammon-like doubles: every legal play can be played with its
         * steps in rising order of their start points, so only those orders
         * are searched (as GNU Backgammon does). */
        int first = c->doubles && c->order_free && c->nseq > 0 ? c->seq[c->nseq - 1].from : 1;
        rear = __builtin_ctz(occ);
        for (uint32_t m = occ & ~((1u << first) - 1u); m; m &= m - 1)
            sources[nsrc++] = __builtin_ctz(m);
    }
    bool home = b->side[0][BOARD_BAR] == 0 && rear >= 19;
    for (int i = 0; i < nrem; i++) {
        int d = rem[i];
        if (i > 0 && (c->doubles || rem[i] == rem[0]))
            break;
        int rest[4], nrest = 0;
        for (int j = 0; j < nrem; j++)
            if (j != i)
                rest[nrest++] = rem[j];
        for (int k = 0; k < nsrc; k++) {
            step_t st;
            int from = sources[k], to = from + d;
            /* Backgammon-like rules, second pass (low die first): a high-die
             * step by another checker, neither step bearing off or entering,
             * gives a result the first pass (high die first) already made.
             * (It is legal here exactly when it was there, so `any` holds.) */
            if (c->prune_second && to <= 24 && from != c->seq[0].to && board_opp_at(b, to) < 2) {
                any = true;
                continue;
            }
            /* Fast path: an ordinary landing on an empty point or a blot,
             * with no own checker there (or a ruleset without band rules),
             * is always legal; everything else goes through the full check. */
            int opp = to <= 24 ? board_opp_at(b, to) : 2;
            if (to <= 24 && opp < 2 && (b->side[0][to] == 0 || c->plain_stacking) &&
                (from == BOARD_BAR || b->side[0][BOARD_BAR] == 0)) {
                st.from = (uint8_t)from;
                st.to = (uint8_t)to;
                st.die = (uint8_t)d;
                st.flags = (uint8_t)((opp ? STEP_HIT : 0) | (from == BOARD_BAR ? STEP_ENTER : 0));
                st.taken = (uint8_t)opp;
                assert(movegen_check_step(b, r, from, d, NULL, NULL) == RSN_OK);
            } else if (to >= 25) {
                /* Bearing off, decided with the rearmost point known per node. */
                if (!home || !bearoff_ok(r->bearoff, from, to, rear)) {
                    assert(movegen_check_step(b, r, from, d, NULL, NULL) != RSN_OK);
                    continue;
                }
                st = (step_t){(uint8_t)from, BOARD_OFF, (uint8_t)d,
                              (uint8_t)(STEP_OFF | (to > 25 ? STEP_REDUCED : 0)), 0};
                assert(movegen_check_step(b, r, from, d, NULL, NULL) == RSN_OK);
            } else if (movegen_check_step(b, r, from, d, &st, NULL) != RSN_OK) {
                continue;
            }
            any = true;
            board_t nb = *b;
            uint64_t nh = h + step_delta(b, &st);
            movegen_apply_step(&nb, &st);
            int sp = movegen_step_pips(&st);
            c->seq[c->nseq++] = st;
            c->pips += sp;
            c->faces += d;

            outcome_t win;
            bool cut = false, made_jan = false;
            win.kind = OUT_NONE;
            if (nb.side[0][BOARD_OFF] == 15) {
                memset(&win, 0, sizeof win);
                win.kind = r->geometry == GEOM_BACKGAMMON ? outcome_bg_kind(&nb, 0) : OUT_HEMSPEL;
                win.munk = outcome_munk(&nb, 0, win.kind, r);
                outcome_score(&win, r);
                cut = true;
            } else {
                if (c->jan_possible && c->jan_step < 0 && board_is_jan(&nb, 1)) {
                    made_jan = true;
                    c->jan_step = c->nseq - 1;
                    c->jan_blast = (st.flags & STEP_BLAST) != 0;
                    c->seq[c->nseq - 1].flags |= STEP_JAN;
                    c->jan_board = nb;
                    c->jan_key = nh;
                    if (c->jan_cut) {
                        movegen_jan_outcome(&nb, r, c->jan_blast, &win);
                        cut = true;
                    }
                }
                if (!cut && r->patterns && r->vackert_completion == COMPLETE_IMMEDIATE) {
                    outcome_kind_t pk = outcome_pattern(&nb, 0, r);
                    if (pk != OUT_NONE) {
                        memset(&win, 0, sizeof win);
                        win.kind = pk;
                        win.munk = outcome_munk(&nb, 0, pk, r);
                        outcome_score(&win, r);
                        cut = true;
                    }
                }
            }
            if (cut) {
                /* The last checker off ends the game at once, but the play
                 * still answers to the move criterion: in backgammon and
                 * under The Board a one-die bear-off may not leave a die
                 * unused that a two-dice finish would use.  (Under max-pips
                 * the last checker off is always maximal.) */
                record(c, &nb, nh, &win, win.kind == OUT_HEMSPEL || win.kind == OUT_SINGLE ||
                                         win.kind == OUT_GAMMON || win.kind == OUT_BACKGAMMON
                                             ? 0 : KEEP_ALWAYS);
            } else if (nrest == 0) {
                record(c, &nb, nh, NULL, 0);
            } else if (!(c->doubles && !c->order_free && tt_seen(c, nh, nrest))) {
                c->prune_second = c->order_free && !c->doubles && c->nseq == 1 && i == 1 &&
                                  st.to <= 24 && from != BOARD_BAR;
                uint32_t nocc = occ;
                if (from != BOARD_BAR && nb.side[0][from] == 0)
                    nocc &= ~(1u << from);
                if (st.to <= 24)
                    nocc |= 1u << st.to;
                dfs(c, &nb, nh, nocc, rest, nrest);
                c->prune_second = false;
            }

            if (made_jan) {
                c->jan_step = -1;
                c->jan_blast = false;
            }
            c->faces -= d;
            c->pips -= sp;
            c->nseq--;
        }
    }
    if (!any)
        record(c, b, h, NULL, 0);
}

/* The double-six opening stack: six checkers from home to point 7. */
static void add_stack_play(ctx_t *c, const board_t *b)
{
    if (b->side[0][BOARD_BAR] || b->side[0][1] != 15 || board_opp_at(b, 7) != 0)
        return;
    board_t nb = *b;
    nb.side[0][1] = 9;
    nb.side[0][7] = 6;
    for (int i = 0; i < 6; i++)
        c->seq[i] = (step_t){1, 7, 6, STEP_STACK, 0};
    c->nseq = 6;
    c->pips = c->faces = 36;
    record(c, &nb, pos_hash(&nb) - c->root_key, NULL, KEEP_SPECIAL);
    c->nseq = c->pips = c->faces = 0;
}

/* Kejsarspel (WP variant): seven on 23 and 24, the last checker on p and a
 * roll of {23-p, 24-p}: it is laid across both stacks (shown on 24). */
static void add_kejsar_play(ctx_t *c, const board_t *b, roll_t roll)
{
    const uint8_t *me = b->side[0];
    if (me[23] != 7 || me[24] != 7 || me[BOARD_OFF] || me[BOARD_BAR])
        return;
    int p = 0;
    for (int q = 1; q <= 22; q++)
        if (me[q])
            p = q;
    if (p < 17 || me[p] != 1)
        return;
    int lo = 23 - p, hi = 24 - p;
    if (!((roll.a == lo && roll.b == hi) || (roll.a == hi && roll.b == lo)))
        return;
    board_t nb = *b;
    nb.side[0][p] = 0;
    nb.side[0][24] = 8;
    c->seq[0] = (step_t){(uint8_t)p, 23, (uint8_t)lo, STEP_KEJSAR, 0};
    c->seq[1] = (step_t){(uint8_t)p, 24, (uint8_t)hi, STEP_KEJSAR, 0};
    c->nseq = 2;
    c->pips = c->faces = lo + hi;
    outcome_t win;
    memset(&win, 0, sizeof win);
    win.kind = OUT_KEJSARSPEL;
    win.munk = outcome_munk(&nb, 0, OUT_KEJSARSPEL, c->r);
    outcome_score(&win, c->r);
    record(c, &nb, pos_hash(&nb) - c->root_key, &win, KEEP_SPECIAL);
    c->nseq = c->pips = c->faces = 0;
}

int movegen_plays(const board_t *b0, const rules_t *r, roll_t roll, movegen_buf_t *buf)
{
    assert(roll.a >= 1 && roll.a <= 6 && roll.b >= 0 && roll.b <= 6);
    board_t b = *b0;
    ctx_t c;
    memset(&c, 0, sizeof c);
    c.r = r;
    c.buf = buf;
    c.jan_step = -1;
    c.jan_cut = r->jan_timing == JANTIME_AT_STEP && r->jan_legality == JANLEGAL_ANY;
    c.jan_truncate = r->jan_timing == JANTIME_AT_STEP && r->jan_legality == JANLEGAL_MAXIMAL;
    c.jan_possible = r->jan && !board_is_jan(&b, 1);
    c.doubles = roll.b == roll.a;
    c.plain_stacking = !r->band_ban && !r->five_blot && r->max_prime == 0;
    c.order_free = c.plain_stacking && r->entry_blast == ENTRY_BLAST_NONE && !r->barrier &&
                   !r->barrier_entry_blast && r->double_six == DOUBLE_SIX_OFF && !r->jan && !r->patterns;

    buf->count = 0;
    buf->overflow = false;
    if (++buf->gen == 0) {
        memset(buf->dstamp, 0, sizeof buf->dstamp);
        memset(buf->tstamp, 0, sizeof buf->tstamp);
        buf->gen = 1;
    }

    bool first_roll = r->geometry == GEOM_BRADE && b.side[0][1] == 15;
    if (r->double_six == DOUBLE_SIX_TB && first_roll && c.doubles && roll.a == 6 &&
        b.side[1][7] == 6 && b.side[1][1] == 9) {
        /* The Board: an answering first 6-6 sends the opponent's stack home. */
        b.side[1][7] = 0;
        b.side[1][1] = 15;
    }

    int rem[4], nrem = movegen_roll_dice(roll, rem);
    /* Keys are relative to the start position: only differences matter
     * (the special plays below compute theirs against c.root_key). */
    uint32_t occ = 0;
    for (int p = 1; p <= 24; p++)
        if (b.side[0][p])
            occ |= 1u << p;
    dfs(&c, &b, 0, occ, rem, nrem);
    if (r->double_six != DOUBLE_SIX_OFF || (r->extra_patterns & XPAT_KEJSAR))
        c.root_key = pos_hash(&b);
    if (r->double_six != DOUBLE_SIX_OFF && first_roll && c.doubles && roll.a == 6)
        add_stack_play(&c, &b);
    if ((r->extra_patterns & XPAT_KEJSAR) && roll.b && !c.doubles)
        add_kejsar_play(&c, &b, roll);

    /* The move criterion: keep the maximal plays, plus the wins the ruleset
     * allows regardless; the special opening plays never set the bar. */
    int max = -1;
    for (int i = 0; i < buf->count; i++)
        if (!(buf->keep[i] & KEEP_SPECIAL) && buf->crit[i] > max)
            max = buf->crit[i];
    int n = 0, maxpips = 0;
    for (int i = 0; i < buf->count; i++) {
        if (buf->crit[i] != max && !buf->keep[i])
            continue;
        if (n != i) {
            buf->plays[n] = buf->plays[i];
            buf->crit[n] = buf->crit[i];
            buf->keep[n] = buf->keep[i];
            buf->key[n] = buf->key[i];
        }
        if (buf->plays[n].pips > maxpips && !(buf->keep[n] & KEEP_SPECIAL))
            maxpips = buf->plays[n].pips;
        n++;
    }
    buf->count = n;
    buf->max_crit = max;
    buf->max_pips = maxpips;
    return buf->overflow ? -1 : n;
}
