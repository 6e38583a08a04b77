/*
 * game.h - one game from teka to result: the rules that live between plays
 * (rules.md B1, B6.6, B7.3-7.5, B10, D-1, D-14, D-15, D-17, D-19, D-20).
 *
 *   - who starts (lowest single die, or backgammon's highest with the
 *     opening dice as the first roll);
 *   - the one-die rule: declaring, the series of single-die rolls;
 *   - giving up: the janband / janblotta history and the after-the-roll test;
 *   - the draw rule and the reply rolls (WP variants);
 *   - the doubling cube (backgammon): double, take, drop;
 *   - the result and its points (outcome points x cube).
 * The game never rolls dice itself: rolls come in as values, so the tutor,
 * the tests and the engine's users decide where randomness comes from.
 *
 * Ownership: game_t is a plain value; plays passed in are read, not kept.
 */
#ifndef BRADE_GAME_H
#define BRADE_GAME_H

#include <stdbool.h>

#include "engine/movegen.h"

typedef enum {
    GAME_PLAYING,
    GAME_DRAW_REPLY,   /* draw rule: the other side has one roll to finish too */
    GAME_REPLY_ROLLS,  /* reply rolls: the other side rolls to make a (higher) vackert spel */
    GAME_CUBE_OFFERED, /* backgammon: a double waits for take or drop */
    GAME_OVER
} game_phase_t;

typedef struct game {
    rules_t rules;
    board_t board;        /* side[0] is on roll */
    game_phase_t phase;
    int starter;          /* colour that started the game */
    int one_die_left[2];  /* by colour: single-die rolls still owed in a series (0 = none) */
    bool one_die_first[2];/* by colour: the next single-die roll is the first of its series */
    bool janband[2];      /* by colour: has had a band in its third or fourth quarter */
    bool janblotta[2];    /* by colour: has had the janblotta out */
    int cube;             /* cube value (1 = centred and undoubled) */
    int cube_owner;       /* colour owning the cube, -1 = centred */
    bool crawford;        /* the Crawford game of a match: nobody may double (set by the caller) */
    int replies_left;     /* GAME_REPLY_ROLLS: rolls left */
    outcome_t pending;    /* the win a reply may overturn */
    int pending_winner;
    outcome_t result;     /* GAME_OVER: how it ended */
    int winner;           /* GAME_OVER: winning colour, -1 for a draw */
    int points;           /* GAME_OVER: points to the winner (outcome x cube) */
} game_t;

/* Who starts after teka: the colour, or -1 when the dice are equal (roll
 * again).  `white_die`, `black_die` are the two single dice. */
int game_teka(const rules_t *r, int white_die, int black_die);

/* Starts a game from the start position with `starter` on roll. */
void game_new(game_t *g, const rules_t *r, int starter);
/* Starts from a given position (side[0] on roll); history flags are
 * derived from the position (a band now in Q3/Q4 counts as one had). */
void game_from_board(game_t *g, const rules_t *r, const board_t *b);

/* --- the one-die rule --- */
/* True when the side on roll may declare a single-die roll now: the rule is
 * on, no series is running, nothing is borne off, and some single checker
 * moved 1..6 points would complete a vackert spel. */
bool game_one_die_eligible(const game_t *g);
/* Declares it (false if not eligible). */
bool game_declare_one_die(game_t *g);
/* How many dice the side on roll rolls now: 1 during a series, else 2. */
int game_dice_to_roll(const game_t *g);
/* The single-die rolls each side will still owe once the side on roll
 * has played `die` of its running series: owed[0] its own (The Board's
 * add-on: the first die sets how many follow), owed[1] the other side's.
 * Only during a series (game_dice_to_roll is 1). */
void game_series_owed(const game_t *g, int die, int owed[2]);
/* A single die met outside a game (a course position, the tutor's board,
 * `analyse --roll 4`): nothing says which roll of its series it is, so it
 * is taken as the first.  True, with owed = {game_series_after_first, 0},
 * when `roll` is one die under a ruleset with the rule; else false. */
bool game_lone_die_series(const rules_t *r, roll_t roll, int owed[2]);
/* The series a roll of the game is played in, for the analysis: a single
 * die of the side on roll's series (owed as game_series_owed), or both
 * dice of the side on roll while the other side owes single dice (owed =
 * {0, the other side's}).  Returns owed, or NULL when no series runs for
 * either side. */
const int *game_series_of_roll(const game_t *g, roll_t roll, int owed[2]);

/* --- giving up --- */
/* True when the side on roll may give up now.  With `legal` (the plays for
 * the roll just made) the after-the-roll test applies: some legal play must
 * keep the conditions. */
bool game_may_resign(const game_t *g, const movegen_buf_t *legal, int nlegal);
/* What the board alone says of giving up for its side[0]: no band in its
 * third or fourth quarter and the janblotta not out.  The history (a
 * janband or janblotta out earlier in the game) is the game's to add. */
bool game_resign_clean(const board_t *b);
/* Why the board alone keeps its side[0] from giving up: 0 when nothing
 * does, the point (13..24) of a band in its third or fourth quarter, or -1
 * when its janblotta is out. */
int game_resign_blocker(const board_t *b);
/* After a roll: some of its n legal plays keeps the conditions. */
bool game_plays_keep_resign(const movegen_buf_t *legal, int nlegal);
/* The side on roll gives up: the other side wins. */
void game_resign(game_t *g);

/* --- the cube (backgammon) --- */
bool game_may_double(const game_t *g);
void game_double(game_t *g);  /* side on roll offers; phase becomes GAME_CUBE_OFFERED */
void game_take(game_t *g);    /* the other side takes: cube doubles, it owns the cube */
void game_drop(game_t *g);    /* the other side drops: the doubler wins the old value */

/* --- plays --- */
/* Plays `p` (one of the legal plays of the side on roll) and passes the
 * turn, handling wins, the draw rule and reply rolls.  `roll_len` is the
 * number of dice rolled (1 during a one-die series). */
void game_play(game_t *g, const play_t *p, int roll_len, int first_die);

#endif
