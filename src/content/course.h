/*
 * course.h - lessons and puzzles as values: what a course file means once
 * it has been read and checked.
 *
 * A course is the lessons of `lessons/` and the puzzles of
 * `puzzles/` (YAML files; docs/authoring.md describes them).  Every position
 * in it has passed the engine's position check under its ruleset, and every
 * answer the engine can decide has been computed or verified as the file
 * was loaded (content/load.c, content/goal.c): a course that loads without
 * errors is a course that is right.
 *
 * Texts are bilingual: a text has an English and a Swedish form, either of
 * which may be missing; a plain string in the file is the language-neutral
 * form (stored as English, used for both).  `lang` arguments are 0 for
 * English and 1 for Swedish (the values of tutor/explain.h's lang_t).
 *
 * Ownership: a course_t owns everything it points to (an arena plus the
 * lesson and puzzle arrays); course_free() releases it all.  Strings in it
 * are never freed on their own.
 */
#ifndef BRADE_COURSE_H
#define BRADE_COURSE_H

#include <stdbool.h>
#include <stdint.h>

#include "content/arena.h"
#include "content/diag.h"
#include "content/goal.h"
#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/outcome.h"
#include "engine/rules.h"

/* A text in English and/or Swedish (NULL where absent). */
typedef struct text {
    const char *en, *sv;
} text_t;

/* The form of t for `lang` (0 en, 1 sv), falling back to the other
 * language; "" when t has no text at all. */
const char *text_pick(const text_t *t, int lang);
static inline bool text_empty(const text_t *t) { return !t->en && !t->sv; }

/* Where something was written (1-based). */
typedef struct srcloc {
    const char *path;
    int line, col;
} srcloc_t;

/* A position as a file gives it: checkers, side on roll, the roll, rules. */
typedef struct position {
    bool present;
    board_t board; /* side[0] is on roll */
    rules_t rules; /* the ruleset that applies (file, item and options) */
    roll_t roll;
    bool have_roll;
    srcloc_t loc;
} position_t;

/* How the author wants an item's position drawn on paper (`diagram:`,
 * docs/authoring.md): from which side, under which caption, and a play of
 * the roll drawn as arrows.  When the item asks for a play the arrows are
 * its answer: they are drawn only where the answer is shown. */
typedef struct diagram_spec {
    bool present;
    bool fixed;              /* view: white (else the side to play's) */
    text_t caption;          /* empty: the default caption */
    const char *arrows_text; /* as written, or NULL */
    play_t arrows;           /* the legal play it names (when arrows_text) */
    srcloc_t loc;
} diagram_spec_t;

typedef enum {
    QK_NONE = 0,
    QK_PLAY,    /* play this roll; accepted: legal plays meeting a goal, or the author's set */
    QK_LEGAL,   /* is this play legal? yes / no, the engine decides and says why */
    QK_ROLLS,   /* which rolls do X? the engine computes the set */
    QK_OUTCOME, /* what happens after this play: which win, munk, points */
    QK_COUNT,   /* a number about the position (pips, free points, JB, ...) */
    QK_CHOICE,  /* multiple choice: the only kind whose answer the author gives */
    QK_GIVE_UP, /* give up or play on? the analysis decides, by a clear margin */
    QK_ONE_DIE, /* declare the one-die rule or roll both dice? rollouts decide */
    QK_KIND_COUNT
} qkind_t;

/* The machine name of a question kind ("play", "legal", ...). */
const char *question_kind_name(qkind_t k);

/* GOAL_BEST: one rolled-out play of the question's roll (content/best.c). */
typedef struct best_result {
    const char *play_text; /* as the file states it */
    board_t after;         /* the position after the play */
    double equity;         /* rollout mean equity for the side that plays it */
    double ci;             /* half-width of its 95% confidence interval */
    bool accepted;         /* one of the question's accepted plays */
} best_result_t;

/* GOAL_BEST: how the claim is verified and what the rollout gave.  The
 * plays rolled out are the accepted ones and the best `rivals` others by a
 * `plies`-ply search; each plays `games` games from the same seeded dice. */
typedef struct best_claim {
    int games, truncate, plies, rivals;
    long seed;
    best_result_t *results; /* best first */
    int nresults;
    bool verified; /* rolled out again by this load (brade check) */
} best_claim_t;

enum { BEST_MAX_RESULTS = 8 };

/* Which parts of an outcome a QK_OUTCOME question asks for (bit set). */
enum { ASK_WIN = 1, ASK_MUNK = 2, ASK_POINTS = 4 };

typedef struct question {
    qkind_t kind;
    srcloc_t loc;
    text_t prompt; /* empty: the tutor words a prompt from the kind */
    text_t *hints; /* graded hints, first the gentlest */
    int nhints;
    text_t explanation; /* shown once the question is answered or revealed */

    /* QK_PLAY and QK_ROLLS */
    goal_t goal;
    /* QK_PLAY: the author's accepted plays (results after the play), each
     * checked legal; naccept == 0 means "every legal play meeting goal". */
    board_t *accept;
    const char **accept_text;
    int naccept;
    best_claim_t best; /* QK_PLAY with GOAL_BEST */
    /* QK_ROLLS */
    bool forced;    /* every legal play must meet the goal (not just one) */
    uint32_t rolls; /* computed: goal_roll_bit() set of the 21 rolls */

    /* QK_LEGAL and QK_OUTCOME: the play in question, as written */
    const char *play_text;
    bool legal;        /* QK_LEGAL: computed verdict is LEGAL */
    board_t after;     /* QK_OUTCOME: the position after the play */
    outcome_t outcome; /* QK_OUTCOME: computed */
    int ask;           /* QK_OUTCOME: ASK_* bits */

    /* QK_COUNT */
    count_t what;
    int side;  /* 0 = the side on roll, 1 = the other side */
    int count; /* computed */

    /* QK_CHOICE */
    text_t *choices;
    int nchoices;
    uint32_t correct; /* bit i: choice i+1 is right */

    /* QK_GIVE_UP (before the roll, or after the position's roll) */
    bool give_up;     /* giving up is the better choice: stated, and checked
                         by the analysis when the loader's `decisions` is on */
    int giveup_plies; /* each play's depth (analysis/giveup.h) */

    /* QK_ONE_DIE (before the roll) */
    bool one_die;     /* declaring is the better choice: stated, and checked
                         by rollouts when the loader's `decisions` is on */
} question_t;

typedef struct lesson_step {
    srcloc_t loc;
    text_t title; /* optional heading */
    text_t text;
    position_t pos;    /* the board shown (inherited from the step before when not given) */
    bool own_position; /* the step gave its own position */
    question_t q;      /* q.kind == QK_NONE: no question */
    diagram_spec_t diagram;
} lesson_step_t;

typedef struct lesson {
    const char *id;
    const char *file;
    srcloc_t loc;
    text_t title, summary;
    rules_t rules; /* the ruleset the lesson teaches */
    lesson_step_t *steps;
    int nsteps;
} lesson_t;

typedef struct puzzle {
    const char *id;
    const char *file;
    srcloc_t loc;
    text_t title;
    text_t source; /* where the position comes from, if anywhere */
    const char **themes; /* at most PUZZLE_MAX_THEMES */
    int nthemes;
    int difficulty; /* 1 (easy) .. 5 (hard) */
    bool mined;     /* made by brade-lab mine (its `mined` mapping), not by hand */
    position_t pos;
    question_t q;
    diagram_spec_t diagram;
} puzzle_t;

typedef struct course {
    arena_t arena;
    lesson_t *lessons;
    int nlessons, cap_lessons;
    puzzle_t *puzzles;
    int npuzzles, cap_puzzles;
    int files; /* files read */
} course_t;

/* Marks which of the n legal plays of pos's roll (in buf) the play
 * question q accepts: the author's set, or else every play meeting its
 * goal.  Returns how many. */
int question_accepted(const question_t *q, const position_t *pos, const movegen_buf_t *buf, int n,
                      bool *ok);

void course_init(course_t *c);
void course_free(course_t *c);

/* Looks an item up by id; -1 if there is none. */
int course_find_lesson(const course_t *c, const char *id);
int course_find_puzzle(const course_t *c, const char *id);
/* True when puzzle p carries `theme`. */
bool course_puzzle_has_theme(const puzzle_t *p, const char *theme);
/* A puzzle (or a puzzle file) names at most this many themes. */
#define PUZZLE_MAX_THEMES 16

/* The distinct themes of the course's puzzles in order of first use, into
 * out[0..max); returns how many there are (may exceed max). */
int course_themes(const course_t *c, const char **out, int max);

#endif
