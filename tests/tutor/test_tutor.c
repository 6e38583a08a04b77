/*
 * test_tutor.c - the tutor session: judging every question kind (right,
 * wrong, weak and unreadable answers), graded hints, the solution, what is
 * recorded, the review schedule, lessons, rules; and the words module's
 * answer parsers (cmocka).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "content/load.h"
#include "tutor/tutor.h"
#include "tutor/words.h"

static size_t explain_en(const board_t *b, const rules_t *r, const verdict_t *v,
                         const movegen_buf_t *legal, const char *text, char *buf, size_t size)
{
    return explain_verdict(LANG_EN, b, r, v, legal, text, buf, size);
}

#define C7                                                                                         \
    "    white: \"bar:1 1:2 3 6 15:2 17 18:2 20:2 21:3\"\n"                                        \
    "    black: \"bar:2 2 4 14:2 16:3 17:3 20:3\"\n    to-move: white\n"

static const char *PUZZLES =
    "themes: [t]\n"
    "puzzles:\n"
    "- id: author\n  title: t\n  difficulty: 1\n"
    "  position: {white: \"21 24:2 off:12\", black: \"19:5 20:5 21:5\", to-move: white, roll: 6-2}\n"
    "  question:\n    kind: play\n    accept: [\"21/off 24/off\"]\n"
    "    hints: [first, second]\n    explanation: {en: Five beat four., sv: Fem slår fyra.}\n"
    "- id: goal\n  title: t\n  difficulty: 1\n  themes: [s]\n"
    "  position:\n" C7 "    roll: 5-2\n"
    "  question: {kind: play, goal: sprangjan}\n"
    "- id: legal\n  title: t\n  difficulty: 1\n"
    "  position:\n" C7 "    roll: 3-1\n"
    "  question: {kind: legal, play: bar/3}\n"
    "- id: rolls\n  title: t\n  difficulty: 1\n  themes: [s]\n"
    "  position:\n" C7 "  question: {kind: rolls, goal: sprangjan}\n"
    "- id: outcome\n  title: t\n  difficulty: 1\n"
    "  position: {white: \"20 off:14\", black: \"11 14:3 15:3 16:3 17:3 18:2\", to-move: white, roll: 5-3}\n"
    "  question: {kind: outcome, play: \"20/23*/off\"}\n"
    "- id: count\n  title: t\n  difficulty: 1\n"
    "  position: {white: \"1 9 15 20:3 21:3 22:2 23:2 24:2\", black: \"1:6 2 4 5 6 7 14:2 15:2\", to-move: black}\n"
    "  question: {kind: count, what: blots-to-janblotta}\n"
    "- id: choice\n  title: t\n  difficulty: 1\n"
    "  question: {kind: choice, choices: [a, b, c], answer: 2}\n"
    "- id: hard\n  title: t\n  difficulty: 5\n  themes: [h]\n"
    "  question: {kind: choice, choices: [a, b], answer: 1}\n";

static const char *LESSON = "id: les\ntitle: t\nsteps:\n"
                            "- text: one\n  position: start\n"
                            "- text: two\n  question: {kind: count, what: pips}\n"
                            "- text: three\n";

typedef struct fixture {
    course_t c;
    progress_t p;
    tutor_t t;
    strbuf_t out;
} fixture_t;

static int setup(void **state)
{
    static fixture_t f;
    memset(&f, 0, sizeof f);
    diag_list_t d;
    course_loader_t L;
    course_init(&f.c);
    diag_list_init(&d);
    if (!course_loader_init(&L, &f.c, &d, explain_en))
        return -1;
    course_load_text(&L, "p.yaml", PUZZLES, strlen(PUZZLES));
    course_load_text(&L, "l.yaml", LESSON, strlen(LESSON));
    course_loader_done(&L);
    for (int i = 0; i < d.n; i++)
        print_error("%s:%d:%d %s\n", d.items[i].path, d.items[i].line, d.items[i].col,
                    d.items[i].msg);
    int errors = d.errors;
    diag_list_free(&d);
    if (errors)
        return -1;
    strbuf_t msg;
    strbuf_init(&msg);
    progress_open(&f.p, NULL, false, &msg);
    strbuf_free(&msg);
    if (!tutor_init(&f.t, &f.c, &f.p, LANG_EN, 20000))
        return -1;
    strbuf_init(&f.out);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    fixture_t *f = *state;
    tutor_done(&f->t);
    progress_free(&f->p);
    course_free(&f->c);
    strbuf_free(&f->out);
    return 0;
}

/* Opens puzzle `id` afresh (the record is kept). */
static void open_puzzle(fixture_t *f, const char *id)
{
    int i = course_find_puzzle(&f->c, id);
    assert_true(i >= 0);
    tutor_open_puzzle(&f->t, i);
}

/* Answers and checks the result and a piece of the reply. */
static void expect(fixture_t *f, const char *text, tutor_result_t want, const char *piece)
{
    strbuf_clear(&f->out);
    tutor_result_t got = tutor_answer(&f->t, text, &f->out);
    if (got != want || (piece && !strstr(strbuf_str(&f->out), piece))) {
        print_error("answer '%s': result %d (want %d), reply:\n%s\n", text, got, want,
                    strbuf_str(&f->out));
        fail();
    }
}

static const progress_item_t *rec(fixture_t *f, const char *id)
{
    return progress_get(&f->p, id, false);
}

/* Gives the tutor an empty record of its own (in memory), and takes it
 * back (the fixture's record and day again). */
static void fresh_record(fixture_t *f, progress_t *fresh)
{
    strbuf_t msg;
    strbuf_init(&msg);
    progress_open(fresh, NULL, false, &msg);
    strbuf_free(&msg);
    f->t.progress = fresh;
}

static void drop_record(fixture_t *f, progress_t *fresh)
{
    f->t.today = 20000;
    f->t.progress = &f->p;
    progress_free(fresh);
}

static void test_play_author_set(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "author");
    expect(f, "21/of", TR_UNREAD, "Cannot read");
    assert_null(rec(f, "author")); /* a typo is not an attempt */
    expect(f, "21/23 23/off", TR_WRONG, "Not enough");
    assert_true(rec(f, "author")->last_failed);
    expect(f, "21/23 24/off", TR_WRONG, "rearmost");
    expect(f, "24/off 21/off", TR_RIGHT, "Right: 21/off 24/off.");
    assert_non_null(strstr(strbuf_str(&f->out), "Five beat four."));
    assert_non_null(strstr(strbuf_str(&f->out), "It is the only legal play."));
    /* the first answer decided: still failed, one attempt */
    assert_true(rec(f, "author")->last_failed);
    assert_int_equal(rec(f, "author")->failed, 1);
    assert_int_equal(rec(f, "author")->solved, 0);
}

static void test_play_goal_weak(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "goal");
    expect(f, "bar/2# 15/20", TR_WEAK, "does not win the game");
    assert_non_null(strstr(strbuf_str(&f->out), "There is a play that wins sprängjan, 4 points"));
    expect(f, "bar/5# 5/7", TR_RIGHT, "It wins: sprängjan, 4 points.");
    assert_non_null(strstr(strbuf_str(&f->out), "Also right: bar/5# 15/17"));
}

static void test_hints_then_answer(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "author");
    strbuf_clear(&f->out);
    assert_true(tutor_hint(&f->t, &f->out));
    assert_string_equal(strbuf_str(&f->out), "Hint 1 of 3: first\n");
    strbuf_clear(&f->out);
    tutor_hint(&f->t, &f->out);
    assert_string_equal(strbuf_str(&f->out), "Hint 2 of 3: second\n");
    strbuf_clear(&f->out);
    tutor_hint(&f->t, &f->out);
    assert_non_null(
        strstr(strbuf_str(&f->out), "Hint 3 of 3, the answer: The play is 21/off 24/off."));
    assert_non_null(strstr(strbuf_str(&f->out), "Five beat four."));
    /* seeing the answer counts as a miss */
    assert_int_equal(rec(f, "author")->failed, 2);
}

static void test_generated_nudge(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "goal");
    strbuf_clear(&f->out);
    tutor_hint(&f->t, &f->out);
    assert_string_equal(strbuf_str(&f->out),
                        "Hint 1 of 2: Look for a play that makes the opponent sprängjan.\n");
}

static void test_solved_with_hints_keeps_box(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "choice");
    strbuf_clear(&f->out);
    tutor_hint(&f->t, &f->out);
    expect(f, "2", TR_RIGHT, "Right: b");
    const progress_item_t *it = rec(f, "choice");
    assert_false(it->last_failed);
    assert_int_equal(it->box, 1); /* moved up from nothing to the first box, not further */
    open_puzzle(f, "choice");
    expect(f, "2", TR_RIGHT, NULL);
    assert_int_equal(rec(f, "choice")->box, 2);
    assert_int_equal(rec(f, "choice")->due, 20000 + progress_interval(2));
}

static void test_legal(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "legal");
    expect(f, "perhaps", TR_UNREAD, "yes or no");
    expect(f, "ja", TR_WRONG, "you already have a checker there");
    expect(f, "nej", TR_RIGHT, "Right.");
}

static void test_rolls(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "rolls");
    expect(f, "4-1 9-9", TR_UNREAD, "'9-9' is not a roll");
    expect(f, "41 2-1", TR_WRONG, "with 2-1 no play does it");
    assert_non_null(strstr(strbuf_str(&f->out), "10 rolls are missing"));
    expect(f, "6-5 6-4 5-5 5-4 5-3 5-2 5-1 4-4 4-3 4-2 1-4", TR_RIGHT, "11 rolls, 20 of the 36");
}

static void test_outcome(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "outcome");
    expect(f, "a kronspel", TR_UNREAD, "I do not understand 'kronspel'");
    expect(f, "hemspel", TR_UNREAD, "how many points");
    expect(f, "jan", TR_WRONG, "this play wins hemspel (all borne off) with munk, 2 points");
    expect(f, "hemspel 2", TR_WRONG, NULL); /* munk is part of the answer */
    expect(f, "Hemspel med munk, 2 poäng", TR_RIGHT, "Right: hemspel");
}

static void test_count(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "count");
    expect(f, "one", TR_UNREAD, "Type a number");
    /* a wrong count is told which way it is off, not the number */
    expect(f, "2", TR_WRONG, "No, not 2: that is too many. Count again");
    assert_null(strstr(strbuf_str(&f->out), "it is 1"));
    assert_false(f->t.answered);
    /* after the first try, only "no": halving would find the count */
    expect(f, "0", TR_WRONG, "No, not 0. Count again");
    assert_null(strstr(strbuf_str(&f->out), "too few"));
    /* the step opened again the same day: still not a first try */
    open_puzzle(f, "count");
    expect(f, "3", TR_WRONG, "No, not 3. Count again");
    expect(f, "1", TR_RIGHT, "Right: 1 (bar 0 + own first-quarter points 5 + blots outside it 1 = 6");
    assert_true(rec(f, "count")->last_failed); /* the first try counts */
}

/* A wrong choice names itself, not the right one, and may be tried again. */
static void test_choice_retry(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "choice");
    expect(f, "1", TR_WRONG, "No, not 1)");
    assert_false(f->t.answered);
    expect(f, "2", TR_RIGHT, "Right: b");
    assert_true(rec(f, "choice")->last_failed);
}

/* A lesson is complete only when its questions were answered right on the
 * visit (a shown answer does not count); leaving one says it is skipped. */
static void test_lesson_must_answer(void **state)
{
    fixture_t *f = *state;
    int l = course_find_lesson(&f->c, "les");
    f->t.earned = 0; /* a fresh visit (the test before answered step 2) */
    tutor_open_lesson(&f->t, l, 1);
    assert_non_null(f->t.q);
    strbuf_clear(&f->out);
    assert_true(tutor_solution(&f->t, &f->out));
    strbuf_clear(&f->out);
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_MOVED);
    assert_non_null(strstr(strbuf_str(&f->out), "The question of step 2 is skipped"));
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_LESSON_OPEN);
    int miss[4];
    assert_int_equal(tutor_unanswered(&f->t, miss, 4), 1);
    assert_int_equal(miss[0], 1);
    const progress_item_t *before = progress_get(&f->p, "les", true);
    long done_before = before ? before->done : -1;
    /* back to it the same day (reopened, as with 'lesson ID N'): a right
     * answer is practice, and the lesson still waits for the step */
    tutor_open_lesson(&f->t, l, 1);
    expect(f, "360", TR_RIGHT, "Practice: this question's answer was shown");
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_MOVED);
    assert_int_equal(tutor_unanswered(&f->t, miss, 4), 1);
    /* the same in a second session (the mark is in the record) */
    tutor_t again;
    assert_true(tutor_init(&again, &f->c, &f->p, LANG_EN, f->t.today));
    tutor_open_lesson(&again, l, 1);
    strbuf_clear(&f->out);
    assert_int_equal(tutor_answer(&again, "360", &f->out), TR_RIGHT);
    assert_non_null(strstr(strbuf_str(&f->out), "Practice"));
    tutor_done(&again);
    /* another day: answered right, it is earned */
    f->t.today++;
    tutor_open_lesson(&f->t, l, 1);
    expect(f, "360", TR_RIGHT, "Right: 360");
    assert_null(strstr(strbuf_str(&f->out), "Practice"));
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_MOVED);
    assert_int_equal(tutor_unanswered(&f->t, miss, 4), 0);
    assert_true(done_before == -1 || progress_get(&f->p, "les", true)->done == done_before);
    f->t.today--;
}

static void test_no_question(void **state)
{
    fixture_t *f = *state;
    tutor_free_mode(&f->t, NULL);
    strbuf_clear(&f->out);
    assert_int_equal(tutor_answer(&f->t, "1/7", &f->out), TR_NO_QUESTION);
    assert_false(tutor_hint(&f->t, &f->out));
    assert_false(tutor_solution(&f->t, &f->out));
}

static void test_schedule(void **state)
{
    fixture_t *f = *state;
    progress_t fresh;
    fresh_record(f, &fresh);
    tutor_pick_t why;
    /* nothing tried: new ones in course order, avoiding the one just shown */
    assert_int_equal(tutor_pick_puzzle(&f->t, NULL, -1, &why), 0);
    assert_int_equal(why, PICK_NEW);
    assert_int_equal(tutor_pick_puzzle(&f->t, NULL, 0, &why), 1);
    assert_int_equal(tutor_pick_puzzle(&f->t, "s", -1, &why), course_find_puzzle(&f->c, "goal"));
    /* failed today: after the new ones */
    progress_puzzle_result(&fresh, "author", false, false, 20000);
    assert_int_equal(tutor_pick_puzzle(&f->t, NULL, -1, &why), 1);
    assert_int_equal(why, PICK_NEW);
    /* next day it comes first */
    f->t.today = 20001;
    assert_int_equal(tutor_pick_puzzle(&f->t, NULL, -1, &why), 0);
    assert_int_equal(why, PICK_FAILED_DUE);
    /* solved and due: before the new ones, after the failed */
    progress_puzzle_result(&fresh, "goal", true, false, 20000);
    assert_int_equal(tutor_pick_puzzle(&f->t, NULL, 0, &why), 1);
    assert_int_equal(why, PICK_REVIEW_DUE);
    /* all solved, none due: the one due soonest */
    for (int i = 0; i < f->c.npuzzles; i++)
        progress_puzzle_result(&fresh, f->c.puzzles[i].id, true, false, 20001);
    progress_puzzle_result(&fresh, "count", true, false, 20001); /* box 2: later */
    int k = tutor_pick_puzzle(&f->t, NULL, -1, &why);
    assert_int_equal(why, PICK_EARLY);
    assert_true(k != course_find_puzzle(&f->c, "count"));
    /* a theme with nothing in it */
    assert_int_equal(tutor_pick_puzzle(&f->t, "nosuch", -1, &why), -1);
    assert_int_equal(why, PICK_NONE);
    drop_record(f, &fresh);
}

static void test_lesson_navigation(void **state)
{
    fixture_t *f = *state;
    int l = course_find_lesson(&f->c, "les");
    tutor_open_lesson(&f->t, l, 0);
    assert_null(f->t.q);
    assert_int_equal(tutor_back(&f->t), NAV_AT_START);
    strbuf_clear(&f->out);
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_MOVED);
    assert_non_null(f->t.q); /* step two asks about the carried-over board */
    expect(f, "360", TR_RIGHT, "Right: 360");
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_MOVED);
    /* not completed yet, but the place is kept (the lesson resumes there) */
    assert_int_equal(progress_get(&f->p, "les", true)->done, -1);
    assert_int_equal(progress_get(&f->p, "les", true)->at, f->t.step);
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_LESSON_DONE);
    assert_int_equal(progress_get(&f->p, "les", true)->done, 20000);
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_AT_END);
    assert_int_equal(tutor_back(&f->t), NAV_MOVED);
    assert_int_equal(f->t.step, 1);
}

/* Lesson questions in the review schedule: recorded from the lesson
 * (once a day), asked again as drills when due, never on the day tried,
 * without moving the lesson's own place or earned answers. */
static void test_drill(void **state)
{
    fixture_t *f = *state;
    progress_t fresh;
    fresh_record(f, &fresh);
    int l = course_find_lesson(&f->c, "les"), dl, ds;
    long next;
    int scheduled, due;
    assert_false(tutor_pick_drill(&f->t, -1, -1, &dl, &ds, &next));
    assert_int_equal(next, -1); /* nothing scheduled yet */
    /* a step without a question cannot be drilled */
    assert_false(tutor_open_drill(&f->t, l, 0));
    /* missed in the lesson: scheduled, but not again today */
    f->t.earned = 0;
    tutor_open_lesson(&f->t, l, 1);
    expect(f, "300", TR_WRONG, NULL);
    const progress_item_t *it = progress_get(&fresh, "les/2", false);
    assert_non_null(it);
    assert_true(it->last_failed);
    tutor_drill_counts(&f->t, &scheduled, &due);
    assert_int_equal(scheduled, 1);
    assert_int_equal(due, 0);
    assert_false(tutor_pick_drill(&f->t, -1, -1, &dl, &ds, &next));
    assert_int_equal(next, f->t.today + 1);
    /* answered right on another visit the same day: still one attempt */
    tutor_open_lesson(&f->t, l, 1);
    expect(f, "360", TR_RIGHT, "Right: 360");
    assert_int_equal(progress_get(&fresh, "les/2", false)->solved, 0);
    assert_int_equal(progress_get(&fresh, "les/2", false)->failed, 1);
    int at = progress_get(&fresh, "les", true)->at;
    uint32_t earned = f->t.earned;
    /* the next day it is due, and a drill asks it alone */
    f->t.today++;
    tutor_drill_counts(&f->t, &scheduled, &due);
    assert_int_equal(due, 1);
    assert_true(tutor_pick_drill(&f->t, -1, -1, &dl, &ds, &next));
    assert_int_equal(dl, l);
    assert_int_equal(ds, 1);
    /* avoided only when something else is due */
    assert_true(tutor_pick_drill(&f->t, l, 1, &dl, &ds, &next));
    assert_true(tutor_open_drill(&f->t, dl, ds));
    assert_int_equal(f->t.mode, TUTOR_DRILL);
    assert_non_null(f->t.q);
    strbuf_clear(&f->out);
    assert_int_equal(tutor_next(&f->t, &f->out), NAV_NONE);
    expect(f, "360", TR_RIGHT, "Right: 360");
    assert_false(progress_get(&fresh, "les/2", false)->last_failed);
    assert_int_equal(progress_get(&fresh, "les/2", false)->box, 1);
    assert_int_equal(progress_get(&fresh, "les/2", false)->due, f->t.today + 1);
    /* the lesson's place and answers are untouched by the drill */
    assert_int_equal(progress_get(&fresh, "les", true)->at, at);
    assert_int_equal(f->t.earned, earned);
    /* a revealed answer in a drill counts as missed */
    f->t.today += 1;
    assert_true(tutor_open_drill(&f->t, l, 1));
    strbuf_clear(&f->out);
    assert_true(tutor_solution(&f->t, &f->out));
    assert_true(progress_get(&fresh, "les/2", false)->last_failed);
    assert_int_equal(progress_get(&fresh, "les/2", false)->box, 0);
    drop_record(f, &fresh);
}

/* Ratings: each attempt rates the learner overall and per theme; a new
 * puzzle far above his level waits (PICK_NEW_AHEAD) until he is ready. */
static void test_ratings(void **state)
{
    fixture_t *f = *state;
    progress_t fresh;
    fresh_record(f, &fresh);
    tutor_pick_t why;
    int hard = course_find_puzzle(&f->c, "hard");
    assert_int_equal(tutor_pick_puzzle(&f->t, "h", -1, &why), hard);
    assert_int_equal(why, PICK_NEW_AHEAD); /* 1900 against a new learner's 1500 */
    /* a clean solve rates higher than one after a hint */
    open_puzzle(f, "choice");
    expect(f, "2", TR_RIGHT, NULL);
    double clean = progress_rating(&fresh, "t")->g.rating;
    assert_int_equal(progress_rating(&fresh, "t")->attempts, 1);
    assert_int_equal(progress_rating(&fresh, PROGRESS_RATING_ALL)->attempts, 1);
    progress_t other;
    fresh_record(f, &other);
    open_puzzle(f, "choice");
    strbuf_clear(&f->out);
    assert_true(tutor_hint(&f->t, &f->out));
    expect(f, "2", TR_RIGHT, NULL);
    assert_true(progress_rating(&other, "t")->g.rating < clean);
    progress_free(&other);
    f->t.progress = &fresh;
    /* winning at the hard level makes the hard puzzle one he is ready for */
    for (int i = 0; i < 12 && tutor_level(&f->t, hard) + TUTOR_READY_MARGIN < 1900.0; i++)
        progress_rate(&fresh, "h", 1900.0, GLICKO_PUZZLE_RD, 1.0, 20000);
    assert_true(tutor_level(&f->t, hard) + TUTOR_READY_MARGIN >= 1900.0);
    assert_int_equal(tutor_pick_puzzle(&f->t, "h", -1, &why), hard);
    assert_int_equal(why, PICK_NEW);
    drop_record(f, &fresh);
}

static void test_set_rules(void **state)
{
    fixture_t *f = *state;
    board_t b;
    rules_t lt = *rules_preset("lyckans-talisman");
    assert_int_equal(board_from_specs(&b, GEOM_BRADE, "1:3 13:2 14:2 15:2 16:2 17:2 18:2", "19:15",
                                      BOARD_WHITE, NULL),
                     BOARD_OK);
    tutor_set_position(&f->t, &b, &lt, (roll_t){0, 0}, false);
    strbuf_clear(&f->out);
    /* six bands in a row: impossible under The Board */
    assert_false(tutor_set_rules(&f->t, rules_preset("theboard"), &f->out));
    assert_string_equal(f->t.rules.name, "lyckans-talisman");
    assert_true(tutor_set_rules(&f->t, rules_preset("helmfrid"), &f->out));
    assert_string_equal(f->t.rules.name, "helmfrid");
    /* another board: back to its start */
    assert_true(tutor_set_rules(&f->t, rules_preset("backgammon"), &f->out));
    assert_int_equal(f->t.board.geom, GEOM_BACKGAMMON);
    tutor_free_mode(&f->t, NULL);
}

static void test_moves_and_explain(void **state)
{
    fixture_t *f = *state;
    open_puzzle(f, "goal");
    /* while the question is open they would give the answer away */
    strbuf_clear(&f->out);
    assert_false(tutor_moves(&f->t, &f->out));
    assert_non_null(strstr(strbuf_str(&f->out), "'moves' waits until the question is answered"));
    strbuf_clear(&f->out);
    assert_false(tutor_explain_play(&f->t, "bar/3", &f->out));
    assert_non_null(strstr(strbuf_str(&f->out), "'explain' waits"));
    assert_false(f->t.answered);
    /* once the answer is shown they work */
    strbuf_clear(&f->out);
    assert_true(tutor_solution(&f->t, &f->out));
    strbuf_clear(&f->out);
    assert_true(tutor_moves(&f->t, &f->out));
    assert_non_null(strstr(strbuf_str(&f->out), "White to play 5-2: 11 legal plays."));
    assert_non_null(strstr(strbuf_str(&f->out), "bar/5# 5/7  (wins: sprängjan, 4 points)"));
    strbuf_clear(&f->out);
    assert_true(tutor_explain_play(&f->t, "bar/3", &f->out));
    assert_non_null(strstr(strbuf_str(&f->out), "Illegal: bar/3"));
}

/* --- words --- */

static void test_words_parsers(void **state)
{
    (void)state;
    assert_int_equal(words_yes_no(" Yes. "), 1);
    assert_int_equal(words_yes_no("Ja"), 1);
    assert_int_equal(words_yes_no("otillåtet"), 0);
    assert_int_equal(words_yes_no("NEJ"), 0);
    assert_int_equal(words_yes_no("perhaps"), -1);
    uint32_t set;
    int off, len;
    assert_true(words_rolls_parse("6-2, 44;5/1 13", &set, &off, &len));
    assert_int_equal(
        set, (1u << goal_roll_index((roll_t){6, 2})) | (1u << goal_roll_index((roll_t){4, 4})) |
                 (1u << goal_roll_index((roll_t){5, 1})) | (1u << goal_roll_index((roll_t){3, 1})));
    assert_true(words_rolls_parse("inga", &set, &off, &len));
    assert_int_equal(set, 0);
    assert_false(words_rolls_parse("6-2 none", &set, &off, &len));
    assert_int_equal(off, 4);
    assert_false(words_rolls_parse("", &set, &off, &len));
    said_outcome_t s;
    assert_true(words_outcome_parse("Sprängjan, 4 poäng", &s));
    assert_int_equal(s.kind, OUT_SPRANGJAN);
    assert_int_equal(s.points, 4);
    assert_int_equal(s.munk, -1);
    assert_true(words_outcome_parse("enkelt kronspel with munk", &s));
    assert_int_equal(s.kind, OUT_ENKELT_KRONSPEL);
    assert_int_equal(s.munk, 1);
    assert_true(words_outcome_parse("ingen munk, jan", &s));
    assert_int_equal(s.kind, OUT_JAN);
    assert_int_equal(s.munk, 0);
    assert_true(words_outcome_parse("ingen", &s));
    assert_int_equal(s.kind, OUT_NONE);
    assert_false(words_outcome_parse("double kronspel", &s));
    assert_int_equal(s.unknown_off, 0);
    assert_int_equal(s.unknown_len, 6);
    int v;
    assert_true(words_int(" -3 ", &v));
    assert_int_equal(v, -3);
    assert_false(words_int("3 4", &v));
    for (int i = 0; i < GOAL_ROLLS; i++)
        assert_int_equal(goal_roll_index(goal_roll_at(i)), i);
    assert_int_equal(goal_rolls_weight((1u << GOAL_ROLLS) - 1), 36);
}

/* The defence goals look one turn ahead: after each play, the other side's
 * 21 rolls are tried (puzzles/09-sprangjan.yaml, defend-play-out). */
static void test_defence_goals(void **state)
{
    (void)state;
    const rules_t *r = rules_preset("lyckans-talisman");
    board_t b;
    assert_int_equal(board_from_specs(&b, GEOM_BRADE, "1:2 3 4 5 6 15:3 17:3 18:3",
                                      "bar:2 1:3 4 8 9 11 12 14 19 21:3", BOARD_WHITE, NULL),
                     BOARD_OK);
    movegen_buf_t *buf = movegen_buf_new(), *scratch = movegen_buf_new();
    assert_non_null(buf);
    assert_non_null(scratch);
    roll_t roll = {5, 3};
    int n = movegen_plays(&b, r, roll, buf);
    assert_true(n > 20);
    bool no_sj[MOVEGEN_MAX_PLAYS], no_jan[MOVEGEN_MAX_PLAYS];
    assert_int_equal(goal_select(GOAL_NO_SPRANGJAN, &b, r, roll, buf, n, no_sj), 1);
    goal_select(GOAL_NO_JAN, &b, r, roll, buf, n, no_jan);
    int one_out = -1;
    for (int i = 0; i < n; i++) {
        const play_t *p = movegen_play(buf, i);
        char note[64];
        notation_play(p, b.geom, note, sizeof note);
        uint32_t sj, jan;
        assert_true(goal_threat_rolls(GOAL_SPRANGJAN, p, r, scratch, &sj));
        assert_true(goal_threat_rolls(GOAL_JAN, p, r, scratch, &jan));
        assert_int_equal(sj & ~jan, 0);               /* every sprängjan is a jan */
        assert_int_equal(no_sj[i], sj == 0);           /* the goal is the threat set */
        assert_int_equal(no_jan[i], jan == 0);
        assert_true(!no_jan[i] || no_sj[i]);
        assert_int_equal(goal_play_meets(GOAL_NO_SPRANGJAN, &b, r, roll, p), no_sj[i]);
        if (no_sj[i])
            assert_string_equal(note, "6/11 5/8"); /* two checkers out: 3 + 3 = 6 */
        if (strcmp(note, "6/11 4/7*") == 0)
            one_out = i;
    }
    /* one checker out and a hit: he blasts two bands with 6-5, 6-3 or 5-3 */
    assert_true(one_out >= 0);
    uint32_t set;
    assert_true(goal_threat_rolls(GOAL_SPRANGJAN, movegen_play(buf, one_out), r, scratch, &set));
    assert_int_equal(set, (1u << goal_roll_index((roll_t){6, 5})) |
                              (1u << goal_roll_index((roll_t){6, 3})) |
                              (1u << goal_roll_index((roll_t){5, 3})));
    /* a play that ends the game leaves him no turn */
    assert_int_equal(board_from_specs(&b, GEOM_BRADE, "24 off:14", "1:15", BOARD_WHITE, NULL),
                     BOARD_OK);
    n = movegen_plays(&b, r, (roll_t){2, 1}, buf);
    assert_int_equal(n, 1);
    assert_true(goal_threat_rolls(GOAL_JAN, movegen_play(buf, 0), r, scratch, &set));
    assert_int_equal(set, 0);
    assert_int_equal(goal_parse("no-sprangjan"), GOAL_NO_SPRANGJAN);
    assert_false(goal_for_rolls(GOAL_NO_JAN));
    movegen_buf_free(buf);
    movegen_buf_free(scratch);
}

/* Plays that cannot be read get the slip named: moving down the board (a
 * backgammon habit in bräde, and the reverse in backgammon), a point past
 * 24, a move to the same point; anything else the forms of the notation. */
static void test_unreadable_plays_named(void **state)
{
    (void)state;
    static const struct {
        const char *rules, *play, *want;
    } CASES[] = {
        {"lyckans-talisman", "24/18 13/8", "goes backwards: in bräde checkers move from your point 1 towards 24"},
        {"lyckans-talisman", "1/7 7/30", "\"30\": the points are numbered 1 to 24"},
        {"lyckans-talisman", "25/30", "\"25\": the points are numbered 1 to 24"},
        {"lyckans-talisman", "7/7", "\"7/7\" goes nowhere."},
        {"backgammon", "1/7", "goes backwards: in backgammon checkers move from your 24 point towards 1"},
        {"lyckans-talisman", "hello", "Cannot read \"hello\" (at character 1). Write plays as"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const rules_t *r = rules_preset(CASES[i].rules);
        board_t b;
        board_start(&b, r->geometry, BOARD_WHITE);
        movegen_buf_t *legal = movegen_buf_new();
        roll_t roll = {6, 5};
        int n = movegen_plays(&b, r, roll, legal);
        verdict_t v;
        verdict_judge(&b, r, roll, CASES[i].play, legal, n, &v);
        assert_int_equal(v.kind, VERDICT_UNPARSEABLE);
        char buf[1024];
        explain_en(&b, r, &v, legal, CASES[i].play, buf, sizeof buf);
        if (!strstr(buf, CASES[i].want))
            fail_msg("%s: %s", CASES[i].play, buf);
        assert_non_null(strstr(buf, "[rules: "));
        movegen_buf_free(legal);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unreadable_plays_named),
        cmocka_unit_test(test_play_author_set),
        cmocka_unit_test(test_play_goal_weak),
        cmocka_unit_test(test_hints_then_answer),
        cmocka_unit_test(test_generated_nudge),
        cmocka_unit_test(test_solved_with_hints_keeps_box),
        cmocka_unit_test(test_legal),
        cmocka_unit_test(test_rolls),
        cmocka_unit_test(test_outcome),
        cmocka_unit_test(test_count),
        cmocka_unit_test(test_choice_retry),
        cmocka_unit_test(test_no_question),
        cmocka_unit_test(test_schedule),
        cmocka_unit_test(test_lesson_navigation),
        cmocka_unit_test(test_lesson_must_answer),
        cmocka_unit_test(test_drill),
        cmocka_unit_test(test_ratings),
        cmocka_unit_test(test_set_rules),
        cmocka_unit_test(test_moves_and_explain),
        cmocka_unit_test(test_words_parsers),
        cmocka_unit_test(test_defence_goals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
