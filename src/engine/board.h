/*
 * board.h - positions for bräde and backgammon, seen from the side on roll.
 *
 * A board_t holds both sides' checkers, each side in its OWN numbering:
 *   slot 0        the bar (hit checkers waiting to enter)
 *   slots 1..24   points, 1 = where the side starts, 24 = its last point
 *   slot 25       borne off
 * side[0] is the side on roll ("me"), side[1] the other side ("you").
 * Because each side is stored in its own numbering, every rule is written
 * once for "me" and board_swap() turns the board to the other side.
 *
 * Which of the opponent's points lies under my point p depends on the
 * geometry: in bräde both sides travel the same way and my p is your
 * ((p + 11) mod 24) + 1; in backgammon they travel opposite ways and my p is
 * your 25 - p.  board_under() does the lookup.
 *
 * The variant rules need no extra state: how many checkers have left home
 * (five-blot rule) is 15 minus those still there, capped at 5, because home
 * can only be re-entered once it has been empty; a six-stack on point 7
 * (double-six rule) is the only way two checkers can stand there; and a side
 * with all 15 at home has not yet moved.
 *
 * Ownership: board_t is a plain value (54 bytes), copied freely; nothing in
 * this module allocates.  Functions that write text write into a buffer the
 * caller owns and never write past its size.
 */
#ifndef BRADE_BOARD_H
#define BRADE_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { BOARD_BAR = 0, BOARD_OFF = 25, BOARD_SLOTS = 26, BOARD_CHECKERS = 15 };
enum { BOARD_WHITE = 0, BOARD_BLACK = 1 };
typedef enum { GEOM_BRADE = 0, GEOM_BACKGAMMON = 1 } geometry_t;

typedef struct board {
    uint8_t side[2][BOARD_SLOTS]; /* [0] side on roll, [1] opponent; own numbering */
    uint8_t turn;                 /* colour of side[0]: BOARD_WHITE or BOARD_BLACK */
    uint8_t geom;                 /* geometry_t */
} board_t;

/* The opponent's point under my point p (1..24), per geometry. */
static inline int board_under(int geom, int p)
{
    return geom == GEOM_BRADE ? (p <= 12 ? p + 12 : p - 12) : 25 - p;
}

/* Errors found in positions and side specs (user errors: values, not crashes). */
typedef enum {
    BOARD_OK = 0,
    BOARD_ERR_SYNTAX,      /* a token that is not P, P:N, bar:N, off:N */
    BOARD_ERR_POINT,       /* point outside 1..24 */
    BOARD_ERR_COUNT,       /* N outside 1..15, or a total other than 15 */
    BOARD_ERR_DUPLICATE,   /* the same point (or bar/off) named twice */
    BOARD_ERR_SHARED,      /* both colours on one point */
    BOARD_ERR_BAND_BANNED, /* an own band on points 2..11, or a restacked home */
    BOARD_ERR_PRIME,       /* a prime longer than the ruleset allows */
    BOARD_ERR_BOTH_DONE    /* both sides have borne everything off */
} board_err_t;

/* Detail of a board error: what went wrong and where (byte offset in the spec). */
typedef struct board_error {
    board_err_t code;
    int side;   /* BOARD_WHITE / BOARD_BLACK, or -1 */
    int point;  /* the point concerned, or -1 */
    int count;  /* the count concerned, or -1 */
    int offset; /* byte offset of the offending token in the spec text, or -1 */
    int length; /* its length in bytes */
} board_error_t;

/* Clears b and sets the geometry and the side on roll. */
void board_clear(board_t *b, geometry_t geom, int turn);

/* The start position of the geometry with `turn` on roll. */
void board_start(board_t *b, geometry_t geom, int turn);

/* Parses a side spec ("1:2 3 6 bar:1 off:4") into counts[26] (own numbering).
 * Points given in the spec are in the side's own numbering, except that in
 * backgammon geometry they are backgammon numbers (24..1 towards home), which
 * are converted.  Off defaults to 15 minus the rest.  Returns BOARD_OK or an
 * error with its offset filled in. */
board_err_t board_parse_side(const char *spec, geometry_t geom, uint8_t counts[BOARD_SLOTS],
                             board_error_t *err);

/* The checkers a side spec leaves to the default "off: 15 minus the rest"
 * (a spec naming 14 checkers and no off:N, often a typo); 0 when the spec
 * says off:N, names all 15, or cannot be read. */
int board_spec_implied_off(const char *spec, geometry_t geom);

/* Writes the canonical spec of side s (0 = on roll, 1 = opponent) of b into
 * buf (always NUL-terminated).  Returns the length it needed. */
size_t board_format_side(const board_t *b, int s, char *buf, size_t size);

/* Builds a board from two colour specs and the colour on roll; checks it with
 * board_check_basic().  Returns BOARD_OK or the first error. */
board_err_t board_from_specs(board_t *b, geometry_t geom, const char *white, const char *black,
                             int turn, board_error_t *err);

/* Checks what holds in every geometry: 15 checkers a side, no point held by
 * both colours, not both sides finished. */
board_err_t board_check_basic(const board_t *b, board_error_t *err);

/* Turns the board to the other side (the opponent comes on roll). */
void board_swap(board_t *b);

/* Counts of side s (0/1) on colour-independent terms. */
int board_pips(const board_t *b, int s);
int board_on_board(const board_t *b, int s); /* checkers on points 1..24 */
int board_rearmost(const board_t *b, int s); /* lowest occupied point 1..24, 0 if bar, 25 if none */
bool board_all_in_q4(const board_t *b, int s);

/* Opponent's count on my point p (1..24). */
static inline int board_opp_at(const board_t *b, int p)
{
    return b->side[1][board_under(b->geom, p)];
}

/* --- bräde predicates, for side s in its own numbering (rules.md A6) --- */

/* Free entry points: d in 1..6 where s has no checker and the other side has at most one. */
int board_free_entry(const board_t *b, int s);
/* Points of s's first quarter (1..6) occupied by s's own checkers. */
int board_own_q1(const board_t *b, int s);
/* Jan excess: bar + own Q1 points - 6 (jan when > 0; 2 = dubbeljan...). */
int board_jan_excess(const board_t *b, int s);
static inline bool board_is_jan(const board_t *b, int s) { return board_jan_excess(b, s) > 0; }
/* Janblotta count JB (A6.8): bar + own Q1 points + own blots outside Q1. */
int board_janblotta_count(const board_t *b, int s);
/* Length of the run of the other side's bands through s's point p (p in s's
 * numbering, 1..24); 0 if the other side has no band there. */
int board_band_run(const board_t *b, int s, int p);
/* Longest run of s's own bands as the other side meets them (the prime length
 * the other side faces), measured in the other side's numbering. */
int board_longest_prime(const board_t *b, int s);
/* True when s has exactly one checker left (14 borne off). */
static inline bool board_last_checker(const board_t *b, int s) { return b->side[s][BOARD_OFF] == 14; }

/* A stable one-line form for hashing/equality of positions. */
uint64_t board_hash(const board_t *b);
bool board_equal(const board_t *a, const board_t *b);

/* Consistency check for assertions (programmer errors): counts sum to 15,
 * no shared point.  Returns true when consistent. */
bool board_consistent(const board_t *b);

#endif
