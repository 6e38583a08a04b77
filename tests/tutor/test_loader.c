/*
 * test_loader.c - every diagnostic the course loader can give, with its
 * line and column, and the answers it computes (cmocka).
 *
 * Each case is a small file; the test loads it and expects exactly the
 * errors listed (line, column, a piece of the message), no more.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "content/load.h"
#include "content/yamlout.h"

#include <yaml.h>
#include "tutor/explain.h"

static size_t explain_en(const board_t *b, const rules_t *r, const verdict_t *v,
                         const movegen_buf_t *legal, const char *text, char *buf, size_t size)
{
    return explain_verdict(LANG_EN, b, r, v, legal, text, buf, size);
}

/* A puzzle file's first five lines; what a case adds starts on line 6. */
#define HEAD "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  themes: [x]\n"
/* C1 (rules.md): White 21 24:2, off 12; Black N1; 6-2. */
#define C1                                                                                         \
    "  position: {white: \"21 24:2 off:12\", black: \"19:5 20:5 21:5\", to-move: white, roll: 6-2}\n"
/* C7 (rules.md) without a roll. */
#define C7                                                                                         \
    "  position:\n    white: \"bar:1 1:2 3 6 15:2 17 18:2 20:2 21:3\"\n"                           \
    "    black: \"bar:2 2 4 14:2 16:3 17:3 20:3\"\n    to-move: white\n"
#define Q_COUNT "  question: {kind: count, what: pips}\n"

typedef struct expect {
    int line, col;
    const char *msg;
} expect_t;

typedef struct lcase {
    const char *name;
    const char *yaml;
    expect_t errors[4];
} lcase_t;

static const lcase_t CASES[] = {
    /* --- YAML and file shape --- */
    {"syntax", "puzzles: [\n", {{2, 1, "YAML syntax"}}},
    {"tab indent", "puzzles:\n\t- id: p\n", {{2, 1, "YAML syntax"}}},
    /* reader errors carry only a byte offset: the place is counted */
    {"bad utf-8 on line 3", "puzzles:\n  - id: p\n    title: \"a\xc3\xa5 \xff b\"\n", {{3, 16, "invalid leading UTF-8"}}},
    {"control character on line 2", "puzzles:\n  - id: \"p\x01\"\n", {{2, 11, "control characters"}}},
    {"empty file", "", {{0, 0, "the file is empty"}}},
    {"two documents", "id: a\n---\nid: b\n", {{3, 1, "a second YAML document"}}},
    {"root not a map", "- a\n- b\n", {{1, 1, "a course file is a map"}}},
    {"neither kind", "title: x\n", {{1, 1, "neither 'steps' nor 'puzzles'"}}},
    {"puzzles not a list", "puzzles: 3\n", {{1, 10, "'puzzles' must be a list"}}},
    {"no puzzles", "puzzles: []\n", {{1, 10, "'puzzles' lists no puzzle"}}},
    {"puzzle not a map", "puzzles:\n- just text\n", {{2, 3, "a puzzle must be a map"}}},
    /* --- keys --- */
    {"unknown key, suggestion",
     HEAD "  positon: start\n" Q_COUNT,
     {{6, 3, "unknown key 'positon' in a puzzle (did you mean 'position'?)"},
      {7, 13, "needs a position"}}},
    {"unknown key, list",
     HEAD "  colour: red\n  position: start\n" Q_COUNT,
     {{6, 3, "unknown key 'colour' in a puzzle (known keys: id, title"}}},
    {"duplicate key",
     HEAD "  difficulty: 2\n  position: start\n" Q_COUNT,
     {{6, 3, "duplicate key 'difficulty' in a puzzle"}}},
    {"missing required",
     "puzzles:\n- id: p\n  difficulty: 1\n  themes: [x]\n  position: start\n" Q_COUNT,
     {{2, 3, "a puzzle needs 'title'"}}},
    {"complex key",
     HEAD "  ? [a, b]\n  : 1\n  position: start\n" Q_COUNT,
     {{6, 5, "a key in a puzzle must be a plain word"}}},
    {"merge of a string",
     HEAD "  <<: text\n  position: start\n" Q_COUNT,
     {{6, 7, "a merge ('<<') takes a map or a list of maps"}}},
    {"merge list of strings",
     HEAD "  <<: [a]\n  position: start\n" Q_COUNT,
     {{6, 8, "a merge ('<<') takes maps, not a string"}}},
    {"key of another kind",
     HEAD "  position: start\n  question: {kind: count, what: pips, choices: [a, b]}\n",
     {{7, 39, "'choices' does not belong in a 'count' question (its keys: kind, prompt, hints, explanation, what, side, answer)"}}},
    {"kind's required key",
     HEAD "  position: start\n  question: {kind: count}\n",
     {{7, 13, "a 'count' question needs 'what'"}}},
    /* --- scalars --- */
    {"not a string",
     "puzzles:\n- id: p\n  title: [a]\n  difficulty: 1\n  themes: [x]\n  position: start\n" Q_COUNT,
     {{3, 10, "'title' must be a text (a string, or a map with 'en' and 'sv'), not a list"}}},
    {"duplicate text key",
     HEAD "  title: u\n  position: start\n" Q_COUNT,
     {{6, 3, "duplicate key 'title' in a puzzle"}}},
    {"empty string",
     "puzzles:\n- id: p\n  title: ''\n  difficulty: 1\n  themes: [x]\n  position: start\n" Q_COUNT,
     {{3, 10, "'title' is empty"}}},
    {"not a number",
     "puzzles:\n- id: p\n  title: t\n  difficulty: hard\n  themes: [x]\n  position: start\n" Q_COUNT,
     {{4, 15, "'difficulty' must be a whole number from 1 to 5, not 'hard'"}}},
    {"number out of range",
     "puzzles:\n- id: p\n  title: t\n  difficulty: 6\n  themes: [x]\n  position: start\n" Q_COUNT,
     {{4, 15, "must be a whole number from 1 to 5, not '6'"}}},
    {"number as a list",
     "puzzles:\n- id: p\n  title: t\n  difficulty: [1]\n  themes: [x]\n  position: start\n" Q_COUNT,
     {{4, 15, "must be a whole number from 1 to 5, not a list"}}},
    {"not a boolean",
     HEAD C7 "  question: {kind: rolls, goal: enter, forced: maybe}\n",
     {{10, 48, "'forced' must be true or false, not 'maybe'"}}},
    {"enum with suggestion",
     HEAD "  position: start\n  question: {kind: cuont, what: pips}\n",
     {{7, 20, "unknown question kind 'cuont' (did you mean 'count'?)"}}},
    {"enum with list",
     HEAD "  position: start\n  question: {kind: essay}\n",
     {{7, 20, "unknown question kind 'essay' (one of: play, legal, rolls"}}},
    {"bad id",
     "puzzles:\n- id: My_Puzzle\n  title: t\n  difficulty: 1\n  themes: [x]\n  position: start\n" Q_COUNT,
     {{2, 7, "'id' may hold only lower-case letters"}}},
    {"id too long",
     "puzzles:\n- id: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n  title: t\n  difficulty: 1\n"
     "  themes: [x]\n  position: start\n" Q_COUNT,
     {{2, 7, "'id' is longer than 64 characters"}}},
    {"text with no language",
     HEAD "  position: start\n  question: {kind: count, what: pips, prompt: {}}\n",
     {{7, 47, "the text 'prompt' needs 'en' or 'sv'"}}},
    {"text with another language",
     HEAD "  position: start\n  question: {kind: count, what: pips, prompt: {fr: x}}\n",
     {{7, 48, "unknown key 'fr' in the text 'prompt'"}, {7, 47, "needs 'en' or 'sv'"}}},
    {"text as a list",
     HEAD "  position: start\n  question: {kind: count, what: pips, explanation: [x]}\n",
     {{7, 52, "'explanation' must be a text (a string, or a map with 'en' and 'sv'), not a list"}}},
    {"hints not a list",
     HEAD "  position: start\n  question: {kind: count, what: pips, hints: x}\n",
     {{7, 46, "'hints' must be a list"}}},
    {"too many hints",
     HEAD
     "  position: start\n  question: {kind: count, what: pips, hints: [a, b, c, d, e, f, g]}\n",
     {{7, 46, "at most 6 hints, not 7"}}},
    {"theme twice",
     "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  themes: [x, x]\n  position: start\n" Q_COUNT,
     {{5, 15, "the theme 'x' is named twice"}}},
    {"theme all",
     "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  themes: [x, all]\n  position: start\n" Q_COUNT,
     {{5, 15, "'all' is not a theme"}}},
    {"no themes",
     "puzzles:\n- id: p\n  title: t\n  difficulty: 1\n  position: start\n" Q_COUNT,
     {{2, 3, "a puzzle needs 'themes'"}}},
    /* --- rules --- */
    {"unknown ruleset",
     HEAD "  rules: helmfird\n  position: start\n" Q_COUNT,
     {{6, 10, "unknown ruleset 'helmfird' (did you mean 'helmfrid'?)"}}},
    {"unknown ruleset, list",
     HEAD "  rules: chess\n  position: start\n" Q_COUNT,
     {{6, 10, "unknown ruleset 'chess' (known: lyckans-talisman"}}},
    {"unknown option in a spec",
     HEAD "  rules: helmfrid+bearof=exact-only\n  position: start\n" Q_COUNT,
     {{6, 19, "unknown rules option 'bearof' (did you mean 'bearoff'?)"}}},
    {"bad value in a spec",
     HEAD "  rules: helmfrid+bearoff=sometimes\n  position: start\n" Q_COUNT,
     {{6, 27, "bad value 'sometimes' for a rules option"}}},
    {"options not a map",
     HEAD "  options: [munk]\n  position: start\n" Q_COUNT,
     {{6, 12, "'options' must be a map of option: value"}}},
    {"unknown option",
     HEAD "  options: {munkk: none}\n  position: start\n" Q_COUNT,
     {{6, 13, "unknown rules option 'munkk' (did you mean 'munk'?)"}}},
    {"bad option value",
     HEAD "  options: {munk: lots}\n  position: start\n" Q_COUNT,
     {{6, 19, "bad value 'lots' for option 'munk' (one of: none|single|per-checker)"}}},
    {"option value a list",
     HEAD "  options: {munk: [a]}\n  position: start\n" Q_COUNT,
     {{6, 19, "the value of option 'munk' must be a word"}}},
    /* --- positions --- */
    {"position not a map", HEAD "  position: [1]\n" Q_COUNT, {{6, 13, "a position must be a map"}}},
    {"bad position id",
     HEAD "  position: Wxyz\n" Q_COUNT,
     {{6, 13, "'Wxyz' is not a valid bräde position id"}}},
    {"two forms",
     HEAD "  position: {start: true, id: W4AAAAAAAAAAAAA}\n" Q_COUNT,
     {{6, 13, "a position gives its checkers one way"}}},
    {"no form",
     HEAD "  position: {to-move: white}\n" Q_COUNT,
     {{6, 13, "a position needs 'white' and 'black' (side specs), 'id' or 'start'"}}},
    {"start false",
     HEAD "  position: {start: false}\n" Q_COUNT,
     {{6, 21, "'start: false' says nothing"}}},
    {"id with to-move",
     HEAD "  position: {id: W/38AAAD/fwAAAA, to-move: black}\n" Q_COUNT,
     {{6, 35, "a bräde position id already says who is on roll"}}},
    {"white without black",
     HEAD "  position: {white: \"1:15\", to-move: white}\n" Q_COUNT,
     {{6, 13, "a position needs both 'white' and 'black'"}}},
    {"no to-move",
     HEAD "  position: {white: \"1:15\", black: \"1:15\"}\n" Q_COUNT,
     {{6, 13, "a position needs 'to-move: white' or 'to-move: black'"}}},
    {"bad side",
     HEAD "  position: {white: \"1:15\", black: \"1:15\", to-move: red}\n" Q_COUNT,
     {{6, 53, "unknown side ('to-move') 'red'"}}},
    {"spec token",
     HEAD "  position: {white: \"1:15 x\", black: \"1:15\", to-move: white}\n" Q_COUNT,
     {{6, 27, "white: cannot read this token"}}},
    {"spec point",
     HEAD "  position: {white: \"1:14 25\", black: \"1:15\", to-move: white}\n" Q_COUNT,
     {{6, 27, "white: a point must be 1..24, not 25"}}},
    {"spec count",
     HEAD "  position: {white: \"1:15\", black: \"1:16\", to-move: white}\n" Q_COUNT,
     {{6, 37, "black: a count must be 1..15"}}},
    {"both specs wrong",
     HEAD "  position: {white: \"1:15 0\", black: \"1:16\", to-move: white}\n" Q_COUNT,
     {{6, 27, "white: a point must be 1..24, not 0"}, {6, 39, "black: a count must be 1..15"}}},
    {"total not 15",
     HEAD "  position: {white: \"1:14 off:2\", black: \"1:15\", to-move: white}\n" Q_COUNT,
     {{6, 21, "white has 16 checkers; each side has exactly 15"}}},
    {"duplicate point",
     HEAD "  position: {white: \"1:13 13 13\", black: \"1:15\", to-move: white}\n" Q_COUNT,
     {{6, 30, "white: the same point is named twice"}}},
    {"shared point",
     HEAD "  position: {white: \"1:14 13\", black: \"1:15\", to-move: white}\n" Q_COUNT,
     {{6, 27, "both colours have checkers on white's point 13"}}},
    {"band on 5",
     HEAD "  position: {white: \"1:13 5:2\", black: \"1:15\", to-move: white}\n" Q_COUNT,
     {{6, 27, "white has a band (2 checkers) on its point 5, which lyckans-talisman forbids"}}},
    {"black band on 8",
     HEAD "  position: {white: \"1:15\", black: \"1:12 8:3\", to-move: white}\n" Q_COUNT,
     {{6, 42, "black has a band (3 checkers) on its point 8"}}},
    {"prime too long",
     HEAD "  rules: theboard\n  position: {white: \"1:3 13:2 14:2 15:2 16:2 17:2 18:2\", "
          "black: \"19:15\", to-move: white}\n" Q_COUNT,
     {{7, 21, "white has 6 bands in a row; theboard allows at most 5"}}},
    {"game over",
     HEAD "  position: {white: \"off:15\", black: \"1:15\", to-move: white}\n" Q_COUNT,
     {{6, 13, "the game is over: white has borne off all 15 checkers"}}},
    {"both done",
     HEAD "  position: {white: \"off:15\", black: \"off:15\", to-move: white}\n" Q_COUNT,
     {{6, 13, "both sides have borne off all 15 checkers"}}},
    {"bad roll",
     HEAD "  position: {start: true, roll: 7-1}\n" Q_COUNT,
     {{6, 33, "'roll' must be two dice 1..6 written A-B, like 6-2, not '7-1'"}}},
    {"single die",
     HEAD "  rules: vasa\n  position: {start: true, roll: 5}\n" Q_COUNT,
     {{7, 33, "a single-die roll needs the one-die rule, which vasa does not have"}}},
    /* --- questions --- */
    {"question needs a position",
     HEAD "  question: {kind: count, what: pips}\n",
     {{6, 13, "a 'count' question needs a position"}}},
    {"play needs a roll",
     HEAD "  position: start\n  question: {kind: play}\n",
     {{7, 13, "a 'play' question needs a roll"}}},
    {"unreadable play",
     HEAD C1 "  question: {kind: legal, play: \"21/of\"}\n",
     {{7, 34, "cannot read the play '21/of'"}}},
    {"illegal accepted play",
     HEAD C1 "  question: {kind: play, accept: [\"21/23 24/off\"]}\n",
     {{7, 35, "'21/23 24/off' is not a legal play of 6-2 here: Illegal: 24/off: a die higher"}}},
    {"accept lists nothing",
     HEAD C1 "  question: {kind: play, accept: []}\n",
     {{7, 34, "'accept' lists no play"}}},
    {"same play twice",
     HEAD C1 "  question: {kind: play, accept: [\"21/off 24/off\", \"24/off 21/off\"]}\n",
     {{7, 52, "'24/off 21/off' is the same play as '21/off 24/off'"}}},
    {"goal nobody meets",
     HEAD C1 "  question: {kind: play, goal: hit}\n",
     {{7, 32, "no legal play of 6-2 meets the goal 'hit' here"}}},
    {"accepted play misses the goal",
     HEAD
     "  position: {white: \"20 off:14\", black: \"11 14:3 15:3 16:3 17:3 18:2\", to-move: white, roll: 5-3}\n"
     "  question: {kind: play, goal: munk, accept: [\"20/off\"]}\n",
     {{7, 47, "'20/off' is legal but does not meet the goal 'munk'"}}},
    {"legal needs play",
     HEAD C1 "  question: {kind: legal}\n",
     {{7, 13, "a 'legal' question needs 'play'"}}},
    {"legal answer wrong",
     HEAD C1 "  question: {kind: legal, play: \"21/off 24/off\", answer: no}\n",
     {{7, 58, "the answer says 'not legal', but the engine says: Legal"}}},
    {"rolls needs goal",
     HEAD C7 "  question: {kind: rolls}\n",
     {{10, 13, "a 'rolls' question needs 'goal'"}}},
    {"rolls goal legal",
     HEAD C7 "  question: {kind: rolls, goal: legal}\n",
     {{10, 33, "unknown goal for rolls 'legal'"}}},
    {"rolls with a roll",
     HEAD C1 "  question: {kind: rolls, goal: hit}\n",
     {{7, 13, "a 'rolls' question asks about every roll; drop 'roll'"}}},
    {"not a roll",
     HEAD C7 "  question: {kind: rolls, goal: sprangjan, answer: \"4-1 7-2\"}\n",
     {{10, 57, "'7-2' is not a roll"}}},
    {"roll named twice",
     HEAD C7 "  question: {kind: rolls, goal: sprangjan, answer: [4-1, 1-4]}\n",
     {{10, 58, "the roll 1-4 is named twice"}}},
    {"rolls answer wrong",
     HEAD C7 "  question: {kind: rolls, goal: sprangjan, answer: [4-1]}\n",
     {{10, 52, "missing: 6-5 6-4 5-5 5-4 5-3 5-2 5-1 4-4 4-3 4-2"}}},
    {"outcome of several plays",
     HEAD C1 "  rules: theboard\n  question: {kind: outcome}\n",
     {{8, 13, "6-2 has 4 legal plays here; say which one"}}},
    {"outcome ask empty",
     HEAD C1 "  question: {kind: outcome, ask: []}\n",
     {{7, 34, "'ask' names nothing"}}},
    {"outcome ask unknown",
     HEAD C1 "  question: {kind: outcome, ask: [score]}\n",
     {{7, 35, "unknown part to ask 'score'"}}},
    {"outcome answer wrong",
     HEAD C1 "  question: {kind: outcome, answer: {win: hemspel, munk: true, points: 3}}\n",
     {{7, 43, "ends in 'none', not 'hemspel'"},
      {7, 58, "the engine says this is no munk"},
      {7, 72, "scores this play 0 points under lyckans-talisman, not 3"}}},
    {"count plays of the opponent",
     HEAD C1 "  question: {kind: count, what: plays, side: opponent}\n",
     {{7, 46, "'plays' counts the plays of the side on roll"}}},
    {"count answer wrong",
     HEAD "  position: start\n  question: {kind: count, what: pips, answer: 359}\n",
     {{7, 47, "the engine counts 360 for 'pips', not 359"}}},
    {"count what unknown",
     HEAD "  position: start\n  question: {kind: count, what: blotz}\n",
     {{7, 33, "unknown count ('what') 'blotz' (did you mean 'blots'?)"}}},
    {"choice too few",
     HEAD "  question: {kind: choice, choices: [a], answer: 1}\n",
     {{6, 37, "'choices' needs 2 to 9 choices, not 1"}}},
    {"choice needs answer",
     HEAD "  question: {kind: choice, choices: [a, b]}\n",
     {{6, 13, "a 'choice' question needs 'answer'"}}},
    {"choice answer out of range",
     HEAD "  question: {kind: choice, choices: [a, b], answer: [1, 3]}\n",
     {{6, 57, "'answer' must be a whole number from 1 to 2, not '3'"}}},
    {"choice answer empty",
     HEAD "  question: {kind: choice, choices: [a, b], answer: []}\n",
     {{6, 53, "'answer' names no choice"}}},
    /* --- diagram: --- */
    {"diagram unknown key",
     HEAD C1 Q_COUNT "  diagram: {view: white, colour: red}\n",
     {{8, 26, "unknown key 'colour' in a diagram"}}},
    {"diagram view unknown",
     HEAD C1 Q_COUNT "  diagram: {view: left}\n",
     {{8, 19, "unknown view 'left' (one of: mover, white)"}}},
    {"diagram arrows illegal",
     HEAD C1 Q_COUNT "  diagram: {arrows: \"21/23\"}\n",
     {{8, 21, "'21/23' is not a legal play of 6-2 here: Not enough"}}},
    {"diagram arrows without a roll",
     HEAD C7 Q_COUNT "  diagram: {arrows: \"1/5\"}\n",
     {{11, 21, "arrows draw a play of the roll, and the position has none"}}},
    {"diagram without a position",
     HEAD "  question: {kind: choice, choices: [a, b], answer: 1}\n  diagram: {view: white}\n",
     {{7, 12, "a diagram draws the item's position, and there is none"}}},
    {"diagram arrows not an accepted answer",
     HEAD "  position: {start: true, to-move: white, roll: 6-2}\n  question: {kind: play, accept: [\"1/7 1/3\"]}\n"
          "  diagram: {arrows: \"1/9\"}\n",
     {{8, 21, "'1/9' is not an answer the question accepts"}}},
    {"diagram arrows not meeting the goal",
     HEAD C7 "    roll: 4-1\n  question: {kind: play, goal: hit}\n  diagram: {arrows: \"bar/4 17/18\"}\n",
     {{12, 21, "'bar/4 17/18' is not an answer the question accepts"}}},
    {"diagram arrows on a legal question",
     HEAD C1 "  question: {kind: legal, play: \"21/off 24/off\"}\n  diagram: {arrows: \"21/off 24/off\"}\n",
     {{8, 21, "a 'legal' question's diagram draws no arrows"}}},
    {"diagram arrows not the outcome's play",
     HEAD "  position: {start: true, to-move: white, roll: 6-2}\n  question: {kind: outcome, play: \"1/7 1/3\"}\n"
          "  diagram: {arrows: \"1/9\"}\n",
     {{8, 21, "the arrows must draw the play the question asks about, '1/7 1/3'"}}},
    /* --- lessons --- */
    {"lesson without steps",
     "id: l\ntitle: t\nsteps: []\n",
     {{3, 8, "a lesson needs at least one step"}}},
    {"step with nothing",
     "id: l\ntitle: t\nsteps:\n- title: x\n",
     {{4, 3, "a lesson step needs 'text' or 'question'"}}},
    {"lesson missing title", "id: l\nsteps:\n- text: x\n", {{1, 1, "a lesson needs 'title'"}}},
    {"carried position impossible",
     "id: l\ntitle: t\nsteps:\n- text: x\n  position: {white: \"1:3 13:2 14:2 15:2 16:2 17:2 18:2\", black: \"19:15\", to-move: white}\n"
     "- text: y\n  rules: theboard\n",
     {{7, 3, "the position carried over from the step before is not possible under theboard"}}},
    {"carried position, other board",
     "id: l\ntitle: t\nsteps:\n- text: x\n  position: start\n- text: y\n  rules: backgammon\n",
     {{7, 3, "the position carried over from the step before is on another kind of board"}}},
};

/* Loads `yaml` as "t.yaml"; returns the diagnostics (caller frees). */
static void load(const char *yaml, course_t *c, diag_list_t *d)
{
    course_loader_t L;
    course_init(c);
    diag_list_init(d);
    assert_true(course_loader_init(&L, c, d, explain_en));
    course_load_text(&L, "t.yaml", yaml, strlen(yaml));
    course_loader_done(&L);
}

/* True when the case gives exactly its expected errors (else says why). */
static bool case_ok(const lcase_t *k)
{
    course_t c;
    diag_list_t d;
    load(k->yaml, &c, &d);
    int want = 0;
    bool ok = true;
    for (int i = 0; i < 4 && k->errors[i].msg; i++) {
        want++;
        bool found = false;
        for (int j = 0; j < d.n && !found; j++)
            found = d.items[j].sev == DIAG_ERROR && d.items[j].line == k->errors[i].line &&
                    (k->errors[i].line == 0 || d.items[j].col == k->errors[i].col) &&
                    strstr(d.items[j].msg, k->errors[i].msg) != NULL;
        if (!found) {
            print_error("case '%s': no error %d:%d '%s'\n", k->name, k->errors[i].line,
                        k->errors[i].col, k->errors[i].msg);
            ok = false;
        }
    }
    if (d.errors != want) {
        print_error("case '%s': %d errors, expected %d\n", k->name, d.errors, want);
        ok = false;
    }
    if (!ok)
        diag_print_all(stderr, &d, false);
    /* a file with errors adds nothing to the course */
    if (c.npuzzles + c.nlessons != 0) {
        print_error("case '%s': an item with errors was added\n", k->name);
        ok = false;
    }
    diag_list_free(&d);
    course_free(&c);
    return ok;
}

static void check_case(const lcase_t *k)
{
    if (!case_ok(k))
        fail();
}

static void test_every_error(void **state)
{
    (void)state;
    int bad = 0;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        bad += !case_ok(&CASES[i]);
    if (bad) {
        print_error("%d of %zu cases failed\n", bad, sizeof CASES / sizeof CASES[0]);
        fail();
    }
}

/* The merge key: a position reused with another roll; 'accept' must list
 * every play that meets the goal. */
static void test_accept_must_be_complete(void **state)
{
    (void)state;
    const char *yaml = HEAD "  position: &p\n"
                            "    white: \"bar:1 1:2 3 6 15:2 17 18:2 20:2 21:3\"\n"
                            "    black: \"bar:2 2 4 14:2 16:3 17:3 20:3\"\n"
                            "    to-move: white\n"
                            "    roll: 4-1\n"
                            "  question: {kind: play, goal: sprangjan, accept: [\"bar/4# 6/7\"]}\n";
    lcase_t k = {
        "accept incomplete",
        yaml,
        {{11, 43,
          "'accept' leaves out plays that also meet the goal 'sprangjan': 'bar/4# 15/16*'"}}};
    check_case(&k);
}

/* An id used twice: the second is refused, pointing at the first. */
static void test_same_id_twice(void **state)
{
    (void)state;
    const char *yaml =
        HEAD "  position: start\n" Q_COUNT
             "- id: p\n  title: t\n  difficulty: 1\n  themes: [x]\n  position: start\n" Q_COUNT;
    course_t c;
    diag_list_t d;
    load(yaml, &c, &d);
    assert_int_equal(d.errors, 1);
    assert_int_equal(d.n, 2);
    assert_int_equal(d.items[0].line, 8);
    assert_int_equal(d.items[0].col, 7);
    assert_non_null(strstr(d.items[0].msg, "a puzzle with the id 'p' already exists"));
    assert_int_equal(d.items[1].sev, DIAG_NOTE);
    assert_int_equal(d.items[1].line, 2);
    assert_int_equal(c.npuzzles, 1); /* the first one stays */
    diag_list_free(&d);
    course_free(&c);
}

static void test_good_file_answers(void **state)
{
    (void)state;
    const char *yaml =
        "rules: lyckans-talisman\n"
        "themes: [t]\n"
        "puzzles:\n"
        "- id: c7\n  title: {en: Sprängjan, sv: Sprängjan}\n  difficulty: 3\n"
        "  position: &c7\n"
        "    white: \"bar:1 1:2 3 6 15:2 17 18:2 20:2 21:3\"\n"
        "    black: \"bar:2 2 4 14:2 16:3 17:3 20:3\"\n"
        "    to-move: white\n"
        "  question: {kind: rolls, goal: sprangjan}\n"
        "- id: c7-62\n  title: t\n  difficulty: 1\n"
        "  position: {<<: *c7, roll: 6-2}\n"
        "  question: {kind: outcome, play: \"bar/2# 1/7\", answer: {win: none}}\n"
        "- id: c5\n  title: t\n  difficulty: 4\n  themes: [janblotta, jan]\n"
        "  position: {white: \"1 9 15 20:3 21:3 22:2 23:2 24:2\", black: \"1:6 2 4 5 6 7 14:2 15:2\", to-move: black}\n"
        "  question: {kind: rolls, goal: janblotta-out, forced: true}\n"
        "- id: c2\n  title: t\n  difficulty: 2\n"
        "  position: {white: \"20 off:14\", black: \"11 14:3 15:3 16:3 17:3 18:2\", to-move: white, roll: 5-3}\n"
        "  question: {kind: play, goal: win-most, accept: \"20/23*/off\"}\n"
        "- id: bg\n  title: t\n  difficulty: 1\n  rules: backgammon\n"
        "  position: {white: \"6:2 5:2 off:11\", black: \"24:15\", to-move: white, roll: 6-5}\n"
        "  question: {kind: count, what: pips, answer: 22}\n";
    course_t c;
    diag_list_t d;
    load(yaml, &c, &d);
    for (int j = 0; j < d.n; j++)
        print_error("%d:%d %s\n", d.items[j].line, d.items[j].col, d.items[j].msg);
    assert_int_equal(d.errors, 0);
    assert_int_equal(c.npuzzles, 5);

    /* C7: every roll with a 4 or a 5 makes sprängjan: 20 of the 36 */
    const puzzle_t *p = &c.puzzles[course_find_puzzle(&c, "c7")];
    assert_int_equal(goal_rolls_weight(p->q.rolls), 20);
    for (int i = 0; i < GOAL_ROLLS; i++) {
        roll_t r = goal_roll_at(i);
        bool has45 = r.a == 4 || r.a == 5 || r.b == 4 || r.b == 5;
        assert_int_equal((p->q.rolls >> i) & 1u, has45);
    }
    assert_string_equal(text_pick(&p->title, 1), "Sprängjan");
    assert_string_equal(p->themes[0], "t"); /* the file's themes */

    /* the merged position keeps the checkers and takes the roll */
    p = &c.puzzles[course_find_puzzle(&c, "c7-62")];
    assert_true(p->pos.have_roll);
    assert_int_equal(p->pos.roll.a, 6);
    assert_int_equal(p->pos.board.side[0][BOARD_BAR], 1);
    assert_int_equal(p->q.outcome.kind, OUT_NONE);

    /* C5: the 20 permutations without a six that are not doubles */
    p = &c.puzzles[course_find_puzzle(&c, "c5")];
    assert_int_equal(goal_rolls_weight(p->q.rolls), 20);
    for (int i = 0; i < GOAL_ROLLS; i++) {
        roll_t r = goal_roll_at(i);
        assert_int_equal((p->q.rolls >> i) & 1u, r.a != 6 && r.a != r.b);
    }

    /* C2: the munk play is the one accepted */
    p = &c.puzzles[course_find_puzzle(&c, "c2")];
    assert_int_equal(p->q.naccept, 1);
    assert_int_equal(p->q.accept[0].side[1][BOARD_BAR], 1);

    p = &c.puzzles[course_find_puzzle(&c, "bg")];
    assert_int_equal(p->q.count, 22);
    assert_int_equal(p->pos.rules.geometry, GEOM_BACKGAMMON);
    diag_list_free(&d);
    course_free(&c);
}

static void test_lesson_steps(void **state)
{
    (void)state;
    const char *yaml = "id: l\ntitle: {en: Moving, sv: Att flytta}\nrules: helmfrid\nsteps:\n"
                       "- text: {en: Hello}\n"
                       "  position: {start: true, roll: 6-2}\n"
                       "  diagram: {view: white, caption: {en: Two ways, sv: Två sätt}, arrows: 1/7 1/3}\n"
                       "- text: again, carried over\n"
                       "  question: {kind: count, what: plays, answer: 2}\n"
                       "- text: other rules\n"
                       "  options: {bearoff: exact-only}\n"
                       "- question: {kind: choice, choices: [a, b], answer: [1, 2]}\n";
    course_t c;
    diag_list_t d;
    load(yaml, &c, &d);
    for (int j = 0; j < d.n; j++)
        print_error("%d:%d %s\n", d.items[j].line, d.items[j].col, d.items[j].msg);
    assert_int_equal(d.errors, 0);
    assert_int_equal(c.nlessons, 1);
    const lesson_t *ls = &c.lessons[0];
    assert_string_equal(ls->rules.name, "helmfrid");
    assert_int_equal(ls->nsteps, 4);
    assert_true(ls->steps[0].own_position);
    /* the author's diagram: view, caption, the arrows as the legal play */
    const diagram_spec_t *dg = &ls->steps[0].diagram;
    assert_true(dg->present);
    assert_true(dg->fixed);
    assert_string_equal(text_pick(&dg->caption, 1), "Två sätt");
    assert_string_equal(dg->arrows_text, "1/7 1/3");
    assert_int_equal(dg->arrows.nsteps, 2);
    assert_int_equal(dg->arrows.after.side[0][7], 1);
    assert_false(ls->steps[1].diagram.present);
    assert_false(ls->steps[1].own_position);
    assert_true(ls->steps[1].pos.present);
    assert_int_equal(ls->steps[1].q.count, 2);
    assert_int_equal(ls->steps[2].pos.rules.bearoff, BEAROFF_EXACT_ONLY);
    assert_string_equal(ls->steps[2].pos.rules.name, "helmfrid");
    assert_int_equal(ls->steps[3].q.correct, 3u);
    /* a plain string serves both languages */
    assert_string_equal(text_pick(&ls->steps[1].text, 1), "again, carried over");
    assert_string_equal(text_pick(&ls->title, 1), "Att flytta");
    diag_list_free(&d);
    course_free(&c);
}

/* The printed form: location, source line, caret under the token. */
static void test_printed_diagnostic(void **state)
{
    (void)state;
    course_t c;
    diag_list_t d;
    load(HEAD "  position: {white: \"1:14 25\", black: \"1:15\", to-move: white}\n" Q_COUNT, &c,
         &d);
    assert_int_equal(d.errors, 1);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    diag_print(f, &d.items[0], false);
    fclose(f);
    assert_string_equal(
        text, "t.yaml:6:27: error: white: a point must be 1..24, not 25\n"
              "    6 |   position: {white: \"1:14 25\", black: \"1:15\", to-move: white}\n"
              "      |                           ^~\n");
    free(text);
    diag_list_free(&d);
    course_free(&c);
}

static void test_file_errors(void **state)
{
    (void)state;
    course_t c;
    diag_list_t d;
    course_loader_t L;
    course_init(&c);
    diag_list_init(&d);
    assert_true(course_loader_init(&L, &c, &d, explain_en));
    assert_false(course_load_file(&L, "/nonexistent/brade.yaml"));
    assert_int_equal(course_load_dir(&L, "/nonexistent-dir"), -1);
    course_loader_done(&L);
    assert_int_equal(d.errors, 2);
    assert_non_null(strstr(d.items[0].msg, "cannot open"));
    assert_non_null(strstr(d.items[1].msg, "cannot read the directory"));
    diag_list_free(&d);
    course_free(&c);
}

/* Every string the program writes into YAML (yamlout_str) reads back as
 * text, whatever its bytes: valid UTF-8 unchanged, a stray byte as its
 * Latin-1 character (the reliability report's file name g\xe5me.txt). */
static void test_yamlout_reads_back(void **state)
{
    (void)state;
    static const struct {
        const char *in, *want; /* want NULL: the same as in */
    } cases[] = {
        {"plain", NULL},
        {"quote \" and \\ backslash", NULL},
        {"Your game g\xe5me.txt, line 14", "Your game g\xc3\xa5me.txt, line 14"},
        {"ctl\x01x.txt\ttab\nnewline\x7f", NULL},
        {"\xc2\x85 next line, \xef\xbb\xbf bom, \xef\xbf\xbf", NULL},
        {"s\xc3\xa5 \xf0\x9f\x8e\xb2 dice", NULL},
        {"lone \x80 cont, cut \xe2\x82, surrogate \xed\xa0\x80", "lone \xc2\x80 cont, cut \xc3\xa2\xc2\x82, surrogate \xc3\xad\xc2\xa0\xc2\x80"},
        {"#: - [ ] { } & * ! | > ' % @ `", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        strbuf_t y;
        strbuf_init(&y);
        strbuf_add(&y, "t: ");
        yamlout_str(&y, cases[i].in);
        strbuf_add(&y, "\n");
        yaml_parser_t parser;
        yaml_document_t doc;
        assert_true(yaml_parser_initialize(&parser));
        yaml_parser_set_input_string(&parser, (const unsigned char *)strbuf_str(&y), y.len);
        if (!yaml_parser_load(&parser, &doc)) {
            print_error("case %zu does not load: %s (%s)\n", i, parser.problem, strbuf_str(&y));
            fail();
        }
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        assert_non_null(root);
        yaml_node_t *v = yaml_document_get_node(&doc, root->data.mapping.pairs.start->value);
        const char *want = cases[i].want ? cases[i].want : cases[i].in;
        assert_int_equal(v->data.scalar.length, strlen(want));
        assert_memory_equal(v->data.scalar.value, want, strlen(want));
        yaml_document_delete(&doc);
        yaml_parser_delete(&parser);
        strbuf_free(&y);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_error),
        cmocka_unit_test(test_yamlout_reads_back),
        cmocka_unit_test(test_accept_must_be_complete),
        cmocka_unit_test(test_same_id_twice), cmocka_unit_test(test_good_file_answers),
        cmocka_unit_test(test_lesson_steps),  cmocka_unit_test(test_printed_diagnostic),
        cmocka_unit_test(test_file_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
