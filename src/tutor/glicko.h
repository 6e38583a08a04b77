/*
 * glicko.h - Glicko-2 ratings (Glickman, "Example of the Glicko-2 system",
 * 2012), the way Lichess rates its puzzle solvers: a rating, its deviation
 * (how uncertain it is) and a volatility, moved after each attempt as if
 * the learner had played a game against the puzzle.
 *
 * The tutor rates the learner once overall and once per puzzle theme.  A
 * puzzle's own rating is fixed by its author's difficulty (one learner's
 * attempts cannot rate a puzzle; Lichess rates its puzzles by thousands of
 * solvers): glicko_puzzle_rating().  Each attempt is its own rating period,
 * as on Lichess: a solve scores 1, a solve after hints 0.5, a miss (or a
 * shown answer) 0.
 *
 * Ownership: plain values, nothing allocated.
 */
#ifndef BRADE_TUTOR_GLICKO_H
#define BRADE_TUTOR_GLICKO_H

typedef struct glicko {
    double rating;     /* on the familiar scale, 1500 to start */
    double deviation;  /* RD: 350 to start, never below GLICKO_MIN_RD */
    double volatility; /* sigma: 0.06 to start */
} glicko_t;

/* One game of a rating period: the opponent and the score (1 win, 0.5
 * draw, 0 loss). */
typedef struct glicko_game {
    double rating, deviation, score;
} glicko_game_t;

#define GLICKO_START_RATING 1500.0
#define GLICKO_START_RD 350.0
#define GLICKO_START_VOL 0.06
/* Lichess keeps a puzzle solver's RD from falling below about 50, so a
 * rating keeps moving with the learner. */
#define GLICKO_MIN_RD 50.0

/* A new learner's rating. */
glicko_t glicko_start(void);

/* The rating after one rating period of n games (n = 0: only the
 * deviation grows, as for a period without games).  `tau` constrains the
 * volatility's change (Glickman suggests 0.3 to 1.2; brade uses
 * GLICKO_TAU).  The deviation is clamped to [GLICKO_MIN_RD, 350]. */
#define GLICKO_TAU 0.5
glicko_t glicko_update(glicko_t g, const glicko_game_t *games, int n, double tau);
/* The same without the floor under the deviation (Glickman's arithmetic
 * exactly, for checking against his worked example). */
glicko_t glicko_update_raw(glicko_t g, const glicko_game_t *games, int n, double tau);

/* The expected score of `g` against an opponent. */
double glicko_expect(glicko_t g, double rating, double deviation);

/* A puzzle's rating from its difficulty 1..5: 1100, 1300, 1500, 1700,
 * 1900, with deviation GLICKO_PUZZLE_RD. */
double glicko_puzzle_rating(int difficulty);
#define GLICKO_PUZZLE_RD 80.0

#endif
