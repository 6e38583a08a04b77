/* test_mine.c - the themes of a mined puzzle are predicates (lab/mine_tag.h):
 * each named exactly when it holds. */
#include "test_util.h"

#include <stdio.h>

#include "engine/notation.h"
#include "lab/mine_tag.h"

/* The legal play of roll in b whose notation is text. */
static play_t named(const board_t *b, const rules_t *r, roll_t roll, const char *text)
{
    movegen_buf_t *buf = movegen_buf_new();
    assert_non_null(buf);
    int n = movegen_plays(b, r, roll, buf);
    play_t p;
    memset(&p, 0, sizeof p);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        char t[128];
        notation_play(movegen_play(buf, i), b->geom, t, sizeof t);
        if (strcmp(t, text) == 0) {
            p = *movegen_play(buf, i);
            found = true;
        }
    }
    movegen_buf_free(buf);
    if (!found)
        fail_msg("no play %s", text);
    return p;
}

static bool has(const char **tags, int n, const char *t)
{
    for (int i = 0; i < n; i++)
        if (strcmp(tags[i], t) == 0)
            return true;
    return false;
}

static void tags_are_predicates(void **state)
{
    (void)state;
    const char *tags[MINE_TAGS_MAX];
    rules_t lt = tr("lyckans-talisman");
    /* from the bar, hitting: entering and hitting, nothing else of the play */
    board_t b = tb("lyckans-talisman", "bar:1 1:13 20", "1:13 3 15", BOARD_WHITE);
    play_t p = named(&b, &lt, (roll_t){3, 2}, "bar/3* 20/22");
    int n = mine_tags(&b, &lt, &p, GOAL_BEST, NULL, tags);
    assert_string_equal(tags[0], "best-play");
    assert_true(has(tags, n, "entering") && has(tags, n, "hitting"));
    assert_false(has(tags, n, "race") || has(tags, n, "blasting") || has(tags, n, "bear-off"));
    /* a defence question names 'defence' first; the contrast's reasons add
     * safety, janblotta and blocking only when they are said */
    contrast_t c;
    memset(&c, 0, sizeof c);
    c.main = CONTRAST_SHOTS;
    c.second = CONTRAST_BANDS;
    n = mine_tags(&b, &lt, &p, GOAL_NO_JAN, &c, tags);
    assert_string_equal(tags[0], "defence");
    assert_true(has(tags, n, "safety") && has(tags, n, "blocking"));
    assert_false(has(tags, n, "janblotta") || has(tags, n, "best-play"));
    c.second = CONTRAST_JB_LOWER;
    n = mine_tags(&b, &lt, &p, GOAL_BEST, &c, tags);
    assert_true(has(tags, n, "janblotta") && !has(tags, n, "blocking"));
    /* a race, bearing off: race and bear-off, no entering */
    board_t r = tb("lyckans-talisman", "off:12 22 23 24", "off:10 20:5", BOARD_WHITE);
    play_t q = named(&r, &lt, (roll_t){3, 1}, "22/off 23/24");
    n = mine_tags(&r, &lt, &q, GOAL_BEST, NULL, tags);
    assert_true(has(tags, n, "race") && has(tags, n, "bear-off"));
    assert_false(has(tags, n, "entering") || has(tags, n, "hitting"));
    /* never more than MINE_TAGS_MAX, never one twice */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            assert_string_not_equal(tags[i], tags[j]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tags_are_predicates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
