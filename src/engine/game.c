/*
 * game.c - the flow of one game (see game.h).
 */
#include "engine/game.h"

#include <assert.h>
#include <string.h>

int game_teka(const rules_t *r, int white_die, int black_die)
{
    if (white_die == black_die)
        return -1;
    bool white_low = white_die < black_die;
    if (r->start_rule == START_LOWEST)
        return white_low ? BOARD_WHITE : BOARD_BLACK;
    return white_low ? BOARD_BLACK : BOARD_WHITE;
}

/* Colour of side s (0 = on roll). */
static int colour(const game_t *g, int s)
{
    return s == 0 ? g->board.turn : 1 - g->board.turn;
}

/* Updates the give-up history of both sides from the position at rest. */
static void note_history(game_t *g)
{
    for (int s = 0; s < 2; s++) {
        int c = colour(g, s);
        for (int p = 13; p <= 24; p++)
            if (g->board.side[s][p] >= 2)
                g->janband[c] = true;
        if (board_janblotta_count(&g->board, s) >= 7)
            g->janblotta[c] = true;
    }
}

void game_from_board(game_t *g, const rules_t *r, const board_t *b)
{
    memset(g, 0, sizeof *g);
    g->rules = *r;
    g->board = *b;
    g->phase = GAME_PLAYING;
    g->starter = b->turn;
    g->cube = 1;
    g->cube_owner = -1;
    g->winner = -1;
    note_history(g);
}

void game_new(game_t *g, const rules_t *r, int starter)
{
    board_t b;
    board_start(&b, r->geometry, starter);
    game_from_board(g, r, &b);
}

/* True when some single checker of side 0 moved d (1..6) points completes a
 * pattern (the one-die rule's eligibility). */
static bool one_step_completes(const game_t *g)
{
    const board_t *b = &g->board;
    if (b->side[0][BOARD_OFF] || b->side[0][BOARD_BAR])
        return false;
    for (int p = 1; p <= 24; p++) {
        if (!b->side[0][p])
            continue;
        for (int d = 1; d <= 6 && p + d <= 24; d++) {
            board_t t = *b;
            t.side[0][p]--;
            t.side[0][p + d]++;
            if (outcome_pattern(&t, 0, &g->rules) != OUT_NONE)
                return true;
        }
    }
    return false;
}

bool game_one_die_eligible(const game_t *g)
{
    return g->phase == GAME_PLAYING && g->rules.one_die_rule != ONE_DIE_OFF &&
           g->one_die_left[g->board.turn] == 0 && one_step_completes(g);
}

bool game_declare_one_die(game_t *g)
{
    if (!game_one_die_eligible(g))
        return false;
    /* three rolls in all, or (The Board) this one plus as many as it shows */
    g->one_die_left[g->board.turn] = g->rules.one_die_rule == ONE_DIE_THREE_ROLLS ? 3 : 1;
    g->one_die_first[g->board.turn] = true;
    return true;
}

int game_dice_to_roll(const game_t *g)
{
    return g->one_die_left[g->board.turn] > 0 ? 1 : 2;
}

/* The single-die rolls a series owes after its first die `die` under r
 * (rules.md 6.6, C17): two more under Lyckans Talisman and Helmfrid, `die`
 * more under The Board's add-on, none without the rule. */
static int game_series_after_first(const rules_t *r, int die)
{
    return r->one_die_rule == ONE_DIE_THREE_ROLLS ? 2 : r->one_die_rule == ONE_DIE_N_BY_FIRST_DIE ? die : 0;
}

void game_series_owed(const game_t *g, int die, int owed[2])
{
    int me = g->board.turn;
    assert(g->one_die_left[me] > 0 && die >= 1 && die <= 6);
    owed[0] = g->one_die_first[me] ? game_series_after_first(&g->rules, die) : g->one_die_left[me] - 1;
    owed[1] = g->one_die_left[1 - me];
}

const int *game_series_of_roll(const game_t *g, roll_t roll, int owed[2])
{
    int me = g->board.turn;
    if (!roll.b && g->one_die_left[me] > 0) {
        game_series_owed(g, roll.a, owed);
        return owed;
    }
    if (roll.b && g->one_die_left[1 - me] > 0) {
        owed[0] = 0;
        owed[1] = g->one_die_left[1 - me];
        return owed;
    }
    return NULL;
}

bool game_lone_die_series(const rules_t *r, roll_t roll, int owed[2])
{
    bool lone = roll.a && !roll.b && r->one_die_rule != ONE_DIE_OFF;
    owed[0] = lone ? game_series_after_first(r, roll.a) : 0;
    owed[1] = 0;
    return lone;
}

/* What keeps side 0 from giving up, by the board (see game.h). */
int game_resign_blocker(const board_t *b)
{
    for (int p = 13; p <= 24; p++)
        if (b->side[0][p] >= 2)
            return p;
    return board_janblotta_count(b, 0) < 7 ? 0 : -1;
}

/* The give-up conditions on a position for side 0 (see game.h). */
bool game_resign_clean(const board_t *b)
{
    return game_resign_blocker(b) == 0;
}

/* Some play keeps the give-up conditions (see game.h). */
bool game_plays_keep_resign(const movegen_buf_t *legal, int nlegal)
{
    for (int i = 0; i < nlegal; i++)
        if (game_resign_clean(&movegen_play(legal, i)->after))
            return true;
    return false;
}

bool game_may_resign(const game_t *g, const movegen_buf_t *legal, int nlegal)
{
    int c = g->board.turn;
    if (!g->rules.allow_resign || g->phase != GAME_PLAYING || g->janband[c] || g->janblotta[c] ||
        !game_resign_clean(&g->board))
        return false;
    return !legal || game_plays_keep_resign(legal, nlegal);
}

static void finish(game_t *g, int winner, const outcome_t *o)
{
    g->phase = GAME_OVER;
    g->winner = winner;
    g->result = *o;
    g->points = winner < 0 ? 0 : o->points * g->cube;
}

void game_resign(game_t *g)
{
    outcome_t o = {OUT_RESIGN, 0, 0, 0, 0};
    outcome_score(&o, &g->rules);
    finish(g, 1 - g->board.turn, &o);
}

bool game_may_double(const game_t *g)
{
    return g->rules.doubling_cube && !g->crawford && g->phase == GAME_PLAYING &&
           (g->cube_owner < 0 || g->cube_owner == g->board.turn) && g->cube < 64;
}

void game_double(game_t *g)
{
    assert(game_may_double(g));
    g->phase = GAME_CUBE_OFFERED;
}

void game_take(game_t *g)
{
    assert(g->phase == GAME_CUBE_OFFERED);
    g->cube *= 2;
    g->cube_owner = 1 - g->board.turn;
    g->phase = GAME_PLAYING;
}

void game_drop(game_t *g)
{
    assert(g->phase == GAME_CUBE_OFFERED);
    outcome_t o = {OUT_DROP, 0, 0, 1, 0};
    finish(g, g->board.turn, &o);
}

/* Pattern rank for the reply rolls: uppspel > trappspel > dubbelt > enkelt. */
static int pattern_rank(outcome_kind_t k)
{
    switch (k) {
    case OUT_ENKELT_KRONSPEL: return 1;
    case OUT_DUBBELT_KRONSPEL: return 2;
    case OUT_TRAPPSPEL: return 3;
    case OUT_UPPSPEL: return 4;
    case OUT_KEJSARSPEL: return 5;
    default: return outcome_is_pattern(k) ? 1 : 0;
    }
}

void game_play(game_t *g, const play_t *p, int roll_len, int first_die)
{
    int mover = g->board.turn;
    assert(g->phase == GAME_PLAYING || g->phase == GAME_DRAW_REPLY || g->phase == GAME_REPLY_ROLLS);
    g->board = p->after;

    /* the one-die series */
    if (roll_len == 1 && g->one_die_left[mover] > 0) {
        if (g->one_die_first[mover] && g->rules.one_die_rule == ONE_DIE_N_BY_FIRST_DIE)
            g->one_die_left[mover] = first_die + 1;
        g->one_die_first[mover] = false;
        g->one_die_left[mover]--;
    }

    if (g->phase == GAME_DRAW_REPLY) {
        if (g->board.side[0][BOARD_OFF] == 15) {
            outcome_t draw = {OUT_DRAW, 0, 0, 0, 0};
            finish(g, -1, &draw);
        } else {
            finish(g, g->pending_winner, &g->pending);
        }
        return;
    }
    if (g->phase == GAME_REPLY_ROLLS) {
        outcome_kind_t k = outcome_pattern(&g->board, 0, &g->rules);
        if (k != OUT_NONE && pattern_rank(k) > pattern_rank(g->pending.kind)) {
            outcome_t o = {k, outcome_munk(&g->board, 0, k, &g->rules), 0, 0, 0};
            outcome_score(&o, &g->rules);
            finish(g, mover, &o);
            return;
        }
        if (--g->replies_left == 0) {
            finish(g, g->pending_winner, &g->pending);
            return;
        }
        return; /* the replying side rolls again */
    }

    if (p->outcome.kind != OUT_NONE) {
        int loser_left = 15 - g->board.side[1][BOARD_OFF];
        if (g->rules.draw_rule && p->outcome.kind == OUT_HEMSPEL && mover == g->starter &&
            loser_left <= 4) {
            g->pending = p->outcome;
            g->pending_winner = mover;
            g->phase = GAME_DRAW_REPLY;
            board_swap(&g->board);
            return;
        }
        if (g->rules.reply_rolls && (p->outcome.kind == OUT_HEMSPEL || outcome_is_pattern(p->outcome.kind))) {
            g->pending = p->outcome;
            g->pending_winner = mover;
            g->phase = GAME_REPLY_ROLLS;
            g->replies_left = 3;
            board_swap(&g->board);
            return;
        }
        finish(g, mover, &p->outcome);
        return;
    }
    board_swap(&g->board);
    note_history(g);
}
