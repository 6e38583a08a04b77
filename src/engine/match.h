/*
 * match.h - matches of an odd number of games (rules.md B9, C31-C36).
 *
 * Points come from the ruleset's scoring table; ties are broken by the
 * table's marks (Ny 1's plus and minus, Helmfrid's skiljepoäng); a given-up
 * game extends the match by one game (Lyckans Talisman, Helmfrid), with
 * Helmfrid's cap on how many each player may give up; the match ends early
 * when the trailer could not win even by making the leader jan in every
 * remaining game (the leader can always avoid sprängjan).
 *
 * A backgammon match (rules with the doubling cube) is played to `length`
 * points instead: each game scores its points times the cube, the first to
 * reach the length wins, and the game after a player first comes within
 * one point of it is the Crawford game, in which nobody may double.
 *
 * Ownership: match_t is a plain value.
 */
#ifndef BRADE_MATCH_H
#define BRADE_MATCH_H

#include <stdbool.h>

#include "engine/outcome.h"
#include "engine/rules.h"

typedef struct match {
    rules_t rules;
    bool to_points;   /* backgammon: a match to `length` points */
    bool crawford;    /* to_points: the game now to be played is the Crawford game */
    bool crawford_done; /* to_points: the Crawford game has come (or is now) */
    int length;       /* games, odd; or points (to_points) */
    int played;       /* games finished */
    int extra;        /* games added by give-ups */
    int points[2];    /* by colour */
    int marks[2];     /* tie-break marks by colour */
    int resigned[2];  /* games each colour gave up */
    bool over;
    int winner;       /* colour, or -1 (a tie with no tie-break) */
} match_t;

/* Starts a match of `length` games (odd), or to `length` points when r
 * has the doubling cube. */
void match_new(match_t *m, const rules_t *r, int length);
/* True if `colour` may give up a game now (the cap). */
bool match_may_resign(const match_t *m, int colour);
/* Records a finished game won by `winner` (-1 for a draw) with outcome o
 * (points already scored by the ruleset) and `points` to the winner (o's
 * points times the cube; the cube is 1 in bräde). */
void match_record(match_t *m, int winner, const outcome_t *o, int points);
/* to_points: how far each colour is from winning ("3-away"); 0 when won. */
int match_away(const match_t *m, int colour);
/* Games still to play. */
int match_games_left(const match_t *m);
/* True when the trailer can no longer win (see above); sets over/winner. */
bool match_decided(match_t *m);

#endif
