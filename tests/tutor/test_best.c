/*
 * test_best.c - best-play questions (content/best.c, tutor/judge_best.c):
 * the loader's rollout gives the numbers an independent rollout_play call
 * gives, the same twice over, and the block it prints loads cleanly; a
 * stated claim the numbers contradict is refused without rolling out; the
 * tutor quotes the stated numbers (cmocka).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/rollout.h"
#include "content/load.h"
#include "engine/posid.h"
#include "tutor/question.h"

static size_t explain_en(const board_t *b, const rules_t *r, const verdict_t *v,
                         const movegen_buf_t *legal, const char *text, char *buf, size_t size)
{
    return explain_verdict(LANG_EN, b, r, v, legal, text, buf, size);
}

/* tests/golden/best's position: bar/5 5/6 is best, bar/5 14/15 next. */
#define HEAD                                                                                       \
    "rules: lyckans-talisman\nthemes: [b]\npuzzles:\n- id: p\n  title: t\n  difficulty: 3\n"     \
    "  position: {id: W/wWAGUD/AQIHMA, roll: 5-1}\n"                                               \
    "  question:\n    kind: play\n    goal: best\n    accept: bar/5 5/6\n"                         \
    "    rollout:\n      games: 216\n      seed: 3\n      truncate: 4\n      rivals: 1\n"

/* Loads `yaml`, rolling out when asked; the caller frees c and d. */
static void load(const char *yaml, bool rollouts, course_t *c, diag_list_t *d)
{
    course_loader_t L;
    course_init(c);
    diag_list_init(d);
    assert_true(course_loader_init(&L, c, d, explain_en));
    L.rollouts = rollouts;
    course_load_text(&L, "t.yaml", yaml, strlen(yaml));
    course_loader_done(&L);
}

/* The note with the block to paste, or NULL. */
static const char *block_note(const diag_list_t *d)
{
    for (int i = 0; i < d->n; i++)
        if (d->items[i].sev == DIAG_NOTE && strstr(d->items[i].msg, "results:"))
            return d->items[i].msg;
    return NULL;
}

/* The equity stated for `play` in a printed block. */
static double block_equity(const char *block, const char *play)
{
    char key[64];
    snprintf(key, sizeof key, "{play: \"%s\", equity: ", play);
    const char *p = strstr(block, key);
    assert_non_null(p);
    return strtod(p + strlen(key), NULL);
}

/* The loader's rollout is the analysis floor's rollout of the same play
 * with the same options, and it is reproducible. */
static void test_rollout_matches_analysis(void **state)
{
    (void)state;
    course_t c, c2;
    diag_list_t d, d2;
    load(HEAD, true, &c, &d);
    load(HEAD, true, &c2, &d2);
    const char *block = block_note(&d);
    assert_non_null(block);
    assert_non_null(block_note(&d2));
    assert_string_equal(block, block_note(&d2)); /* same seed, same numbers */
    assert_int_equal(d.errors, 1);               /* only: results not stated */

    /* the same rollout through the analysis floor directly */
    board_t b;
    assert_true(posid_brade_read("W/wWAGUD/AQIHMA", &b));
    rules_t r;
    rules_error_t re;
    assert_true(rules_parse("lyckans-talisman", &r, &re));
    movegen_buf_t *buf = movegen_buf_new();
    assert_non_null(buf);
    int n = movegen_plays(&b, &r, (roll_t){5, 1}, buf);
    assert_int_equal(n, 3);
    rollout_opts_t o;
    rollout_default_opts(&o);
    o.games = 216;
    o.seed = 3;
    o.truncate = 4;
    o.threads = 1; /* the loader uses 2: the result must not depend on it */
    const char *names[] = {"bar/5 5/6", "bar/5 14/15"};
    for (int k = 0; k < 2; k++) {
        verdict_t v;
        verdict_judge(&b, &r, (roll_t){5, 1}, names[k], buf, n, &v);
        assert_int_equal(v.kind, VERDICT_LEGAL);
        rollout_result_t res;
        assert_int_equal(rollout_play(movegen_play(buf, v.play), &r, &o, &res), 0);
        double stated = block_equity(block, names[k]);
        assert_true(stated > res.equity - 0.0006 && stated < res.equity + 0.0006);
    }
    /* the best is the accepted play, by more than its interval */
    assert_true(block_equity(block, names[0]) > block_equity(block, names[1]) + 0.1);

    /* the printed block, pasted in, loads without an error and is verified */
    const char *res = strstr(block, "results:");
    char *yaml = malloc(strlen(HEAD) + strlen(res) + 16);
    assert_non_null(yaml);
    sprintf(yaml, "%s      %s\n", HEAD, res);
    course_t c3;
    diag_list_t d3;
    load(yaml, true, &c3, &d3);
    if (d3.errors)
        diag_print_all(stderr, &d3, false);
    assert_int_equal(d3.errors, 0);
    assert_int_equal(c3.npuzzles, 1);
    const best_claim_t *bc = &c3.puzzles[0].q.best;
    assert_true(bc->verified);
    assert_int_equal(bc->nresults, 2);
    assert_true(bc->results[0].accepted);
    assert_false(bc->results[1].accepted);
    assert_true(bc->results[0].equity > bc->results[1].equity);

    free(yaml);
    movegen_buf_free(buf);
    diag_list_free(&d);
    diag_list_free(&d2);
    diag_list_free(&d3);
    course_free(&c);
    course_free(&c2);
    course_free(&c3);
}

/* Without rolling out, the stated numbers still have to back the claim. */
static void test_stated_claim_checked(void **state)
{
    (void)state;
    static const struct {
        const char *results, *piece;
        int line;
    } CASES[] = {
        {"      - {play: \"bar/5 5/6\", equity: -0.5, ci: 0.02}\n"
         "      - {play: \"bar/5 14/15\", equity: -0.4, ci: 0.02}\n",
         "prefers 'bar/5 14/15'", 11},
        {"      - {play: \"bar/5 5/6\", equity: -0.5, ci: 0.05}\n"
         "      - {play: \"bar/5 14/15\", equity: -0.52, ci: 0.02}\n",
         "cannot tell 'bar/5 14/15'", 19},
        {"      - {play: \"bar/5 14/15\", equity: -0.4, ci: 0.02}\n", "has no rollout result", 11},
        {"      - {play: \"bar/5 5/6\", equity: -0.5, ci: 0.02}\n"
         "      - {play: \"bar/5/6\", equity: -0.6, ci: 0.02}\n",
         "has a result already", 19},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char yaml[2048];
        snprintf(yaml, sizeof yaml, "%s      results:\n%s", HEAD, CASES[i].results);
        course_t c;
        diag_list_t d;
        load(yaml, false, &c, &d);
        bool found = false;
        for (int k = 0; k < d.n; k++)
            found |= d.items[k].sev == DIAG_ERROR && d.items[k].line == CASES[i].line &&
                     strstr(d.items[k].msg, CASES[i].piece) != NULL;
        if (!found || d.errors != 1) {
            print_error("case %zu: want one error at line %d with '%s'\n", i, CASES[i].line,
                        CASES[i].piece);
            diag_print_all(stderr, &d, false);
            fail();
        }
        assert_int_equal(c.npuzzles, 0);
        diag_list_free(&d);
        course_free(&c);
    }
}

/* The tutor quotes the file's numbers: a rival's, then the best's. */
static void test_tutor_quotes_numbers(void **state)
{
    (void)state;
    const char *yaml = HEAD "      results:\n"
                            "        - {play: \"bar/5 5/6\", equity: -0.328, ci: 0.026}\n"
                            "        - {play: \"bar/5 14/15\", equity: -0.755, ci: 0.048}\n";
    course_t c;
    diag_list_t d;
    load(yaml, false, &c, &d);
    assert_int_equal(d.errors, 0);
    tutor_t t;
    assert_true(tutor_init(&t, &c, NULL, LANG_EN, 20000));
    tutor_open_puzzle(&t, 0);
    strbuf_t out;
    strbuf_init(&out);
    assert_int_equal(tutor_answer(&t, "bar/5 14/15", &out), TR_WEAK);
    assert_non_null(strstr(strbuf_str(&out), "yours makes -0.755 ± 0.048"));
    assert_non_null(strstr(strbuf_str(&out), "gives away 0.427 points"));
    strbuf_clear(&out);
    assert_int_equal(tutor_answer(&t, "bar/5 16/17", &out), TR_WEAK);
    assert_non_null(strstr(strbuf_str(&out), "not among the plays rolled out"));
    strbuf_clear(&out);
    assert_int_equal(tutor_answer(&t, "5/6 bar/5", &out), TR_RIGHT);
    assert_non_null(strstr(strbuf_str(&out), "-0.328 ± 0.026"));
    assert_non_null(strstr(strbuf_str(&out), "next best, bar/5 14/15"));
    strbuf_clear(&out);
    assert_true(tutor_solution(&t, &out));
    assert_non_null(strstr(strbuf_str(&out), "bar/5 14/15            -0.755 ± 0.048  -0.427"));
    strbuf_free(&out);
    tutor_done(&t);
    diag_list_free(&d);
    course_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rollout_matches_analysis),
        cmocka_unit_test(test_stated_claim_checked),
        cmocka_unit_test(test_tutor_quotes_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
