/*
 * play.h - a whole game against the engine, between two people at one
 * keyboard, or between two engines, with the tutor watching: a state
 * machine that takes dice and answers as values (no terminal, no files),
 * so the shell command, the REPL and the tests drive the same game.
 *
 * The engine decides everything the rules decide (game.h): teka and who
 * starts, the one-die rule's series, giving up and whether it is allowed,
 * the draw rule and reply rolls, the result and its points; every
 * explanation names the ruleset.  Dice come from a seeded stream (game g
 * of seed s is always the same dice), or from the caller (manual dice, for
 * a game on a real board).  Engine choices that are random (the beginner
 * level's mistakes) use a second stream, so a game's dice do not depend on
 * who plays it.
 *
 * A match (o.match_length games, bräde rulesets) is scored by match.h:
 * the ruleset's points and tie-break marks, a given-up game adding one
 * where the ruleset says so, the early decision; the loser of a game
 * starts the next (a drawn game: teka again).  A backgammon match is to
 * o.match_length points, with the cube and the Crawford game; every game
 * starts with teka.
 *
 * Every step is written to the game record (playrec.h), which review.h
 * reads back.
 *
 * Ownership: play_new returns a game the caller frees with play_free; it
 * owns its search context, movegen buffer and record.  Messages go into
 * the caller's strbuf.
 */
#ifndef BRADE_TUTOR_PLAY_H
#define BRADE_TUTOR_PLAY_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "analysis/cube.h"
#include "analysis/grade.h"
#include "analysis/search.h"
#include "content/strbuf.h"
#include "engine/game.h"
#include "engine/match.h"
#include "tutor/explain.h"

typedef enum { SEAT_HUMAN = 0, SEAT_ENGINE = 1 } seat_kind_t;

/* Engine levels: 0 beginner (0-ply, and now and then the second or third
 * best play), 1 0-ply, 2 1-ply (the default), 3 2-ply (in a race under
 * vasa or theboard, the search's best four rolled out: rollrank.h). */
enum { PLAY_LEVELS = 4, PLAY_DEFAULT_LEVEL = 2 };

typedef struct play_seat {
    seat_kind_t kind;
    int level; /* engine only */
} play_seat_t;

/* Reads "human", "engine" or "engine:LEVEL"; false when it is neither. */
bool play_seat_parse(const char *text, play_seat_t *out);
/* Writes it back ("human", "engine:2"). */
void play_seat_format(const play_seat_t *s, char *buf, size_t size);
/* The seat as a learner reads it: in English as the record writes it
 * ("human", "engine:2"), in Swedish in words ("människa", "motorn på nivå
 * 2"). */
void play_seat_words(lang_t lang, const play_seat_t *s, char *buf, size_t size);

/* What the tutor does before a person's play is final. */
typedef enum { PLAY_TUTOR_OFF = 0, PLAY_TUTOR_WARN } play_tutor_t;

/* When the engine gives up a single game where the rules allow it.  Its
 * values assume an opponent as strong as itself; against a weaker one it
 * wins more of the games those values call lost (a newcomer's report: 5 of
 * 7 games given up against a weaker program were won when played on).
 * AUTO: against a person, or an engine two levels or more below it, it
 * plays every game out; against an equal or stronger engine it gives up where playing
 * on is worth less than giving up costs (by PLAY_RESIGN_MARGIN).  EQUAL:
 * that last always; NEVER: every game played out (docs/play.md "The
 * engine gives up against whom it faces", with the measurement). */
typedef enum { PLAY_RESIGNS_AUTO = 0, PLAY_RESIGNS_EQUAL, PLAY_RESIGNS_NEVER } play_resigns_t;
#define PLAY_RESIGN_MARGIN 0.02

typedef struct play_opts {
    rules_t rules;
    play_seat_t seat[2];          /* by colour (BOARD_WHITE, BOARD_BLACK) */
    uint64_t seed;
    bool manual_dice;             /* the caller gives every roll (play_dice) */
    play_tutor_t tutor;
    grade_t warn_at;              /* the tutor warns from this class up */
    grade_thresholds_t thresholds;
    lang_t lang;
    int match_length;             /* 0: one game; else a match of this many games (odd; bräde)
                                     or to this many points (backgammon) */
    bool from_position;           /* start from `start` (its side on roll rolls first), no teka */
    int person_as;                /* -1, or the colour a person plays against the engine;
                                     2: drawn from the seed (play_draw_colour) */
    board_t start;
    play_resigns_t engine_resigns; /* when the engine gives up (below) */
} play_opts_t;

/* Lyckans Talisman, white a person, black the engine at the default level,
 * seed 1, dice from the seed, the tutor warning from "bad" up, English. */
void play_default_opts(play_opts_t *o);

typedef enum {
    PS_TEKA,   /* manual dice: waiting for teka's two single dice */
    PS_ROLL,   /* before the roll: manual dice wanted, or a person may declare the
                  one-die rule or double first ('roll' goes on) */
    PS_HUMAN,  /* a person is to play the roll */
    PS_ENGINE, /* the engine is to play the roll: play_engine() */
    PS_CUBE,   /* backgammon: a person is to take or drop a double (play_take, play_drop) */
    PS_OVER
} play_state_t;

/* What `undo` restores: the game as it was before a person's last play. */
typedef struct play_snapshot {
    bool have;
    game_t game;
    roll_t roll;
    int ndice, turns, rolls, game_no;
    char last[160];
    uint64_t dice_rng, engine_rng;
    size_t record_len;
    match_t match;
} play_snapshot_t;

typedef struct play_game {
    play_opts_t o;
    game_t game;
    play_state_t state;
    roll_t roll;          /* the roll being played (b == 0: one die) */
    int ndice;            /* dice the side on roll rolls now: 1 or 2 */
    movegen_buf_t *legal; /* owned: the legal plays of the roll */
    int nlegal;
    int warned;           /* the legal play the tutor warned about, or -1 */
    int cube_warned;      /* the cube answer the tutor warned about this turn (PLAY_CUBE_*), or -1 */
    int giveup_warned;    /* where the tutor warned against giving up (rolls * 2, + 1 after
                             the roll), or -1: `resign` there again gives up */
    int onedie_warned;    /* where the tutor warned of a one-die choice (rolls * 2), or -1 */
    int turns;            /* plays made so far */
    int rolls;            /* rolls made so far (every game of a match) */
    char last[160];       /* "black 6-3: 1/7 7/10", the last play made */
    uint64_t dice_rng, engine_rng;
    search_ctx_t *sc;     /* owned: the engine and the tutor */
    strbuf_t record;      /* the game record so far (playrec.h) */
    match_t match;        /* o.match_length > 0: the match so far */
    cube_met_t met;       /* a backgammon match: the table its cube decisions use */
    int game_no;          /* 1 for the first game */
    play_snapshot_t undo; /* before the last play a person made */
    /* NULL, or a flag the front end sets on Ctrl-C (borrowed): the
     * engine's rollouts stop, and play_engine returns without playing, the
     * game still waiting in PS_ENGINE for the next call */
    const volatile sig_atomic_t *stop;
    /* the best play of the last hint, and the roll it was for (g->rolls
     * then; -1: none): a board that draws the hint as arrows */
    play_t hint_best;
    int hint_rolls;
} play_game_t;

/* A new game: teka is rolled at once unless the dice are manual.  NULL
 * when out of memory.  `out` gets what happened (teka, who starts). */
play_game_t *play_new(const play_opts_t *o, strbuf_t *out);
void play_free(play_game_t *g);

/* The colour on roll. */
int play_on_roll(const play_game_t *g);
/* The colour of the one person at the board against the engine; -1 when
 * both seats or neither are people. */
int play_person(const play_game_t *g);

/* Manual dice: teka's two single dice (white's, black's) in PS_TEKA, or
 * the roll (n dice, 1 or 2) in PS_ROLL.  False, with the reason in out,
 * when they do not fit the state. */
bool play_dice(play_game_t *g, const int *dice, int n, strbuf_t *out);

typedef enum {
    PA_PLAYED,   /* the play was made (and the game went on) */
    PA_ILLEGAL,  /* not a legal play: out says why, with the rule */
    PA_WARNED,   /* legal, but the tutor warns first: typing it again makes it */
    PA_NOT_NOW   /* no person is to play now */
} play_answer_t;

/* A person's play, as typed. */
play_answer_t play_move(play_game_t *g, const char *text, strbuf_t *out);
/* Takes back the last play a person made (and the engine's replies after
 * it): the same roll to play again, the record cut back (with a comment
 * saying what was taken back).  One step; false (out says why) when there
 * is nothing to take back. */
bool play_undo(play_game_t *g, strbuf_t *out);
/* The engine plays the roll (PS_ENGINE); when g->stop was set while it
 * thought, it returns without playing (still PS_ENGINE). */
void play_engine(play_game_t *g, strbuf_t *out);
/* The person on roll gives up: PA_PLAYED when given up; PA_WARNED when
 * the tutor (on) says first what it costs (a bad decision, or any give-up
 * in a match), and the same word again gives up; PA_ILLEGAL (out says why)
 * when the ruleset does not allow it now; PA_NOT_NOW off the person's turn. */
play_answer_t play_resign(play_game_t *g, strbuf_t *out);
/* The person on roll declares the one-die rule for the coming roll
 * (before rolling, manual dice; or before the first roll of the turn);
 * false when not allowed (out says why). */
bool play_one_die(play_game_t *g, strbuf_t *out);
/* --- the doubling cube (backgammon money games; cube.h, cubejudge.h) ---
 * A person with access to the cube is asked before each roll (PS_ROLL):
 * 'double' or 'roll'.  The engine doubles, takes and drops by Janowski's
 * model over its evaluation (0-ply at levels 0 and 1, 1-ply at level 2,
 * 2-ply at level 3; the tutor 1-ply).  With the tutor on, a
 * cube decision that gives away as much as a warned play is warned about
 * first; the same answer again makes it. */
enum { PLAY_CUBE_DOUBLE = 0, PLAY_CUBE_ROLL, PLAY_CUBE_TAKE, PLAY_CUBE_DROP };
/* True when the person on roll may double now (before the roll). */
bool play_may_double(const play_game_t *g);
/* The person on roll doubles (PS_ROLL). */
play_answer_t play_double(play_game_t *g, strbuf_t *out);
/* The person doubled takes (PS_CUBE): the cube doubles and is theirs. */
play_answer_t play_take(play_game_t *g, strbuf_t *out);
/* The person doubled drops (PS_CUBE): the doubler wins the cube's value. */
play_answer_t play_drop(play_game_t *g, strbuf_t *out);
/* "Cube: 2, white's." (empty when the ruleset has no cube). */
void play_cube_text(const play_game_t *g, strbuf_t *out);

/* The legal plays of the roll being played, listed as the tutor's
 * `moves` lists them; false (with a sentence) when no roll of a person's
 * is waiting. */
bool play_moves(const play_game_t *g, strbuf_t *out);

/* Whether `text` is a legal play of the roll being played, and why, as
 * the tutor's `explain` says it, without playing it; false (with a
 * sentence) when no roll of a person's is waiting. */
bool play_explain(const play_game_t *g, const char *text, strbuf_t *out);

/* The best plays of the roll in words, as `hint` says them, with `yours`
 * (a play typed after `hint`, or NULL) judged among them, as the lessons'
 * `hint PLAY` does (newcomer F13); before the roll with the cube
 * available, or with a double to answer, the cube decision instead. */
void play_hint(play_game_t *g, const char *yours, strbuf_t *out);
/* The result in words ("White wins: jan, 2 points (lyckans-talisman)."). */
void play_result_text(const play_game_t *g, strbuf_t *out);
/* A match's score in words ("Score after game 3 of 5: white 4, black 2."). */
void play_score_text(const play_game_t *g, strbuf_t *out);
/* The match as it stands, one line to show with the board: "Match to 5
 * points: white 2, black 1 (the Crawford game)." or "Match of 5 games,
 * game 3: white 2, black 1."; nothing in a single game. */
void play_match_line(const play_game_t *g, strbuf_t *out);
/* Settles o->person_as: the person plays that colour (a draw from the
 * seed when 2) at the level the engine seat had, the engine the other.
 * Returns the colour, or -1 when person_as is -1 (seats as given). */
int play_draw_colour(play_opts_t *o);
/* Reads a position for o->start: a bräde id (W/B prefix) or, in
 * backgammon, a gnubg Position ID with `colour` on roll; checks it under
 * o->rules.  NULL when it is fine, else why not. */
const char *play_set_position(play_opts_t *o, const char *id, int colour);
/* Why a match cannot be played under o (a bräde match is an odd number of
 * games; a backgammon match 1 to 25 points), or NULL when it can. */
const char *play_match_problem(const play_opts_t *o);

#endif
