/*
 * playrec.h - the game record: a plain-text account of one game, written
 * while it is played (play.h) and read back by the review (review.h).
 *
 *   brade-game 1
 *   rules lyckans-talisman          (the ruleset with its options)
 *   seed 7
 *   white human                     (or engine:LEVEL)
 *   black engine:2
 *   dice auto                       (or manual)
 *   teka 3 5                        (white's die, black's; again after a tie)
 *   white 6-3 1/7 7/10              (colour, roll, play; "-" for no move)
 *   black 4 7/11                    (one die: the one-die rule)
 *   white one-die                   (white declares the one-die rule)
 *   black gives-up
 *   white doubles                   (backgammon: the cube; the other side
 *   black takes                      answers 'takes' or 'drops')
 *   result white jan 2              (winner, how, points; "munk" after how
 *                                    when it came with munk; or "result draw")
 *
 * A game from a given position has `position ID COLOUR` (a bräde id, or
 * in backgammon a gnubg Position ID, and the colour on roll) and no teka.
 * A match has `match N` after `dice`, and each game after the first begins
 * with `game K`, then `start COLOUR` (the loser of the last game starts)
 * or teka lines (after a draw).
 *
 * Blank lines and lines starting with '#' are comments.  The plays are
 * written in the engine's notation, so each reads back as itself.
 *
 * Ownership: writers append to the caller's strbuf; playrec_parse fills
 * a playrec_t whose event array the caller frees with playrec_free.
 */
#ifndef BRADE_TUTOR_PLAYREC_H
#define BRADE_TUTOR_PLAYREC_H

#include <stdbool.h>
#include <stddef.h>

#include "content/strbuf.h"
#include "engine/game.h"

typedef struct play_opts play_opts_t; /* play.h */

enum { PLAYREC_VERSION = 1 };
/* The largest record file read (100 000 events of a long line each). */
enum { PLAYREC_MAX_FILE = 16 << 20 };

/* --- writing --- */
void playrec_header(strbuf_t *sb, const play_opts_t *o);
void playrec_teka(strbuf_t *sb, int white_die, int black_die);
void playrec_turn(strbuf_t *sb, int colour, roll_t roll, const char *play);
void playrec_one_die(strbuf_t *sb, int colour);
/* "white gives-up" before the roll; "white gives-up 6-3" (or "... 4")
 * after it, so a review can judge the decision as it was made. */
void playrec_resign(strbuf_t *sb, int colour, const roll_t *after_roll);
void playrec_result(strbuf_t *sb, const game_t *g);
void playrec_game(strbuf_t *sb, int number);
void playrec_start(strbuf_t *sb, int colour);
/* "6-3", or "4" for one die. */
void playrec_dice_text(roll_t roll, char *buf, size_t size);

/* --- reading --- */
typedef enum {
    EV_TEKA, EV_TURN, EV_ONE_DIE, EV_RESIGN, EV_GAME, EV_START, EV_RESULT,
    EV_DOUBLE, EV_TAKE, EV_DROP
} playrec_ev_kind_t;

/* Writes a cube step: "white doubles", "black takes", "black drops"
 * (what: EV_DOUBLE, EV_TAKE or EV_DROP). */
void playrec_cube(strbuf_t *sb, int colour, playrec_ev_kind_t what);

typedef struct playrec_ev {
    playrec_ev_kind_t kind;
    int line;       /* where it is in the file */
    int col;        /* TURN: the column where the play starts; else 1 */
    int colour;     /* TURN, ONE_DIE, RESIGN, START, DOUBLE, TAKE, DROP */
    roll_t roll;    /* TURN (b == 0: one die); TEKA: white's die, black's;
                       RESIGN: the roll it came after (a == 0: before the roll) */
    char play[160]; /* TURN: the play as written; RESULT: the words after
                       'result' ("black jan 2") */
} playrec_ev_t;

typedef struct playrec {
    rules_t rules;
    unsigned long long seed;
    char seat[2][32];  /* "human", "engine:2" by colour */
    playrec_ev_t *ev;  /* owned */
    int nev, capev;    /* capev: room in ev (doubled when full) */
    bool manual_dice;  /* "dice manual" */
    int match_length;  /* 0: one game */
    bool from_position; /* the game starts from `start` (no teka) */
    board_t start;
    int results;       /* result lines read */
} playrec_t;

/* Reads a record.  False with *line and msg set (the first problem) when it
 * is not one; the events are read but not replayed (review.h does that). */
bool playrec_parse(const char *text, size_t len, playrec_t *out, int *line, char *msg,
                   size_t msg_size);
/* The same, with the column of the problem in *col (1 for the whole line). */
bool playrec_parse_at(const char *text, size_t len, playrec_t *out, int *line, int *col, char *msg,
                      size_t msg_size);
void playrec_free(playrec_t *r);

/* One finished game as the replay (review.h) found it, for .mat. */
typedef struct playrec_outcome {
    int winner;       /* colour */
    int points;       /* to the winner, the cube included */
    bool dropped;     /* the loser refused a double */
    bool match_won;   /* a match: this game decided it */
} playrec_outcome_t;

/* A backgammon game or match (from the start) in the Jellyfish .mat text
 * GNU Backgammon imports (`import mat FILE`): white on the left, black on
 * the right; a money game is a "0 point match"; each game opens with the
 * score (the sum of the games before it) and ends with the winner's
 * points in the winner's column.  `res`
 * holds the nres games that ended, in order; a last game without a result
 * is written as far as it went.  False with the reason in msg when the
 * record is not such a game. */
bool playrec_mat(const playrec_t *r, const playrec_outcome_t *res, int nres, strbuf_t *out, char *msg,
                 size_t msg_size);

#endif
