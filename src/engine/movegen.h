/*
 * movegen.h - legal steps and legal plays (rules.md A4, A6, B2-B5, D5, D6).
 *
 * A step moves one checker with one die.  movegen_check_step() says whether
 * a step is legal in a position and, if not, which rule forbids it (a
 * reason_t with the numbers an explanation needs); movegen_apply_step()
 * plays it.  movegen_plays() enumerates every legal play of a roll, one
 * entry per distinct result, with the maximality rules of the ruleset
 * applied exactly.
 *
 * Ownership: generation is pure.  It writes only into the movegen_buf_t the
 * caller passes (allocate it once with movegen_buf_new() or statically and
 * reuse it; it is large, ~0.6 MB); nothing is allocated while generating.
 * A buffer may be used by one thread at a time.
 */
#ifndef BRADE_MOVEGEN_H
#define BRADE_MOVEGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/outcome.h"
#include "engine/rules.h"

/* Why a step is not legal.  Stable codes: texts for people are keyed by
 * them in the floors above (never renumber; add at the end). */
typedef enum reason {
    RSN_OK = 0,
    RSN_BAR_FIRST,          /* a checker is still on the bar */
    RSN_NOTHING_ON_BAR,     /* "bar/..." but no checker is on the bar */
    RSN_NO_CHECKER,         /* no own checker on the from point */
    RSN_NO_DIE,             /* no die (left) shows that number */
    RSN_BACKWARDS,          /* the step does not go forwards */
    RSN_OPP_BAND,           /* the opponent has a band there (not blastable) */
    RSN_ENTRY_NOT_BLASTABLE,/* entering on a band while enough points are free */
    RSN_LAST_CHECKER_NO_BLAST, /* the last checker may never blast */
    RSN_BAND_BAN,           /* no band of your own on points 2..11 */
    RSN_HOME_RESTACK,       /* no entering on home while you have a checker there */
    RSN_ENTER_OWN,          /* no entering onto your own checker */
    RSN_FIVE_BLOT,          /* five-blot rule: no band before five have left home */
    RSN_PRIME_TOO_LONG,     /* The Board: a prime of more than five */
    RSN_BEAROFF_NOT_HOME,   /* bearing off before all are in the fourth quarter */
    RSN_BEAROFF_NOT_REARMOST, /* only the rearmost checker may be borne off (vasa) */
    RSN_BEAROFF_OVERSHOOT,  /* a higher die bears off only the rearmost checker */
    RSN_BEAROFF_EXACT_ONLY, /* no bearing off with a higher die */
    RSN_GAME_OVER,          /* the game ended at an earlier step */
    RSN_REASON_COUNT
} reason_t;

/* What a step did. */
enum {
    STEP_HIT = 1,      /* hit a blot */
    STEP_BLAST = 2,    /* blasted a band (all its checkers to the bar) */
    STEP_ENTER = 4,    /* entered from the bar */
    STEP_OFF = 8,      /* bore a checker off */
    STEP_REDUCED = 16, /* bore off with a higher die than needed */
    STEP_JAN = 32,     /* this step first made the opponent jan */
    STEP_STACK = 64,   /* part of the double-six opening stack */
    STEP_KEJSAR = 128  /* part of a kejsarspel */
};

typedef struct step {
    uint8_t from;  /* 0 = bar, 1..24 (mover's own numbering) */
    uint8_t to;    /* 1..24, 25 = off */
    uint8_t die;
    uint8_t flags; /* STEP_* */
    uint8_t taken; /* opponent checkers sent to the bar by this step */
} step_t;

/* Numbers that explain a step's verdict (filled by movegen_check_step). */
typedef struct step_info {
    int to;          /* where the step lands (25 = off) */
    int free_points; /* free entry points before the step */
    int bar;         /* own checkers on the bar before the step */
    int run;         /* length of the opponent's run of bands through `to` */
    int rearmost;    /* own rearmost point */
    int count;       /* checkers on `to` (own for band rules, the opponent's for bands) */
} step_info_t;

enum { MOVEGEN_MAX_STEPS = 6, MOVEGEN_MAX_PLAYS = 4096 };

/* A roll: two dice (a == b for doubles), or one die (b == 0) under the
 * one-die rule. */
typedef struct roll {
    int a, b;
} roll_t;

typedef struct play {
    board_t after;                  /* the position after the play; the mover is still side[0] */
    step_t steps[MOVEGEN_MAX_STEPS];
    uint8_t nsteps;
    uint8_t pips;                   /* pips actually moved (reductions lost) */
    uint8_t dice;                   /* dice used */
    uint8_t faces;                  /* sum of the faces of the dice used */
    outcome_t outcome;              /* kind OUT_NONE while the game goes on */
} play_t;

typedef struct movegen_buf movegen_buf_t;

/* Allocates / frees a generation buffer (the only allocation in this module). */
movegen_buf_t *movegen_buf_new(void);
void movegen_buf_free(movegen_buf_t *buf);

/* Enumerates the legal plays of `roll` for the side on roll of b under r.
 * Returns the number of plays (>= 1: when nothing can be played, one play
 * with no steps and the unchanged position); the plays are read with
 * movegen_play().  Returns -1 if the buffer overflowed (never expected:
 * the capacity exceeds the largest known play count). */
int movegen_plays(const board_t *b, const rules_t *r, roll_t roll, movegen_buf_t *buf);
const play_t *movegen_play(const movegen_buf_t *buf, int i);
/* True when the n plays movegen_plays() returned are the one with no steps:
 * nothing of the roll can be played. */
bool movegen_no_play(const movegen_buf_t *buf, int n);
/* The largest number of pips / criterion value any legal play reaches. */
int movegen_max_pips(const movegen_buf_t *buf);

/* Checks one step: checker on `from` (0 = bar) moved by `die`.  Fills *out
 * (the step with its effects) and *info (numbers for explanations; either may
 * be NULL).  Returns RSN_OK or the rule it breaks. */
reason_t movegen_check_step(const board_t *b, const rules_t *r, int from, int die, step_t *out,
                            step_info_t *info);
/* The dice of a roll as steps to play, highest first: two, four for
 * doubles, one under the one-die rule.  Returns how many (rem has room for 4). */
int movegen_roll_dice(roll_t roll, int rem[4]);
/* Pips a step moves: its die, or for a bear-off only what was left to 25. */
int movegen_step_pips(const step_t *s);

/* Plays a step that movegen_check_step() accepted. */
void movegen_apply_step(board_t *b, const step_t *s);

/* Checks that a position is possible under r: a band where the rules forbid
 * one (own bands on 2..11), a prime longer than allowed.  Returns BOARD_OK
 * or the error (side = colour concerned, point = point in its numbering). */
board_err_t movegen_check_position(const board_t *b, const rules_t *r, board_error_t *err);

/* The outcome reached when the mover has just made the opponent jan. */
void movegen_jan_outcome(const board_t *after, const rules_t *r, bool by_blast, outcome_t *o);

#endif
