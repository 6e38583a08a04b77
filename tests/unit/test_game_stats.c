/* test_game_stats.c - the learner's reviewed games (front/game_stats.h) and
 * what `progress` says of them (draw/report.h): a line per game, replaced
 * when reviewed again, damaged lines skipped, figures per ruleset. */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "draw/report.h"
#include "front/game_stats.h"
#include "front/paths.h"

static game_stat_t stat(const char *name, const char *rules, int dec, int err, double lost)
{
    game_stat_t s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "%s", name);
    snprintf(s.rules, sizeof s.rules, "%s", rules);
    char day[11];
    memcpy(day, name, 10);
    day[10] = '\0';
    s.day = paths_parse_day(day);
    s.decisions = dec;
    s.errors = err;
    s.lost = lost;
    return s;
}

static void stats_kept_and_said(void **state)
{
    (void)state;
    char dir[] = "/tmp/brade-stats-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char err[512], path[600];
    game_stat_t *v;
    assert_int_equal(game_stats_read(dir, &v), 0);
    assert_null(v);
    game_stat_t a = stat("2026-11-26-1.txt", "lyckans-talisman", 40, 4, 0.800);
    game_stat_t b = stat("2026-11-25-2.txt", "lyckans-talisman", 20, 2, 0.200);
    game_stat_t c = stat("2026-11-27-1.txt", "vasa", 10, 0, 0.0);
    assert_true(game_stats_add(dir, &a, err, sizeof err));
    assert_true(game_stats_add(dir, &b, err, sizeof err));
    assert_true(game_stats_add(dir, &c, err, sizeof err));
    /* reviewed again: replaced, not added */
    a.errors = 3;
    assert_true(game_stats_add(dir, &a, err, sizeof err));
    /* a damaged line is skipped, the rest read */
    snprintf(path, sizeof path, "%s/reviews", dir);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs("nonsense line\n2026-11-28-1.txt rules=vasa day=2026-11-28 decisions=5 errors=9 lost=0.1\n", f);
    fclose(f);
    int n = game_stats_read(dir, &v);
    assert_int_equal(n, 3);
    assert_string_equal(v[0].name, "2026-11-25-2.txt"); /* oldest first */
    assert_string_equal(v[1].name, "2026-11-26-1.txt");
    assert_int_equal(v[1].errors, 3);
    strbuf_t sb;
    strbuf_init(&sb);
    report_games_text(v, n, LANG_EN, &sb);
    assert_non_null(strstr(strbuf_str(&sb), "Games reviewed: 3"));
    /* 5 errors in 2 games; 1.000 given away in 60 decisions: 16.7 */
    assert_non_null(strstr(strbuf_str(&sb), "lyckans-talisman: 2 games, 2.5 errors a game, 16.7 millipoints a decision."));
    assert_non_null(strstr(strbuf_str(&sb), "vasa: 1 game, 0.0 errors a game, 0.0 millipoints a decision."));
    strbuf_clear(&sb);
    report_games_text(v, n, LANG_SV, &sb);
    assert_non_null(strstr(strbuf_str(&sb), "lyckans-talisman: 2 partier, 2,5 fel per parti, 16,7 tusendels poäng per beslut."));
    strbuf_clear(&sb);
    assert_true(report_games_chart(v, n, LANG_EN, &sb));
    assert_non_null(strstr(strbuf_str(&sb), "<svg"));
    assert_non_null(strstr(strbuf_str(&sb), "lyckans-talisman 20")); /* the last day's figure: 0.8 in 40 decisions */
    strbuf_free(&sb);
    free(v);
    /* only the games folder's records are the learner's own */
    char name[32], own[700];
    snprintf(own, sizeof own, "%s/games/2026-11-26-1.txt", dir);
    assert_true(game_stats_own_record(dir, own, name, sizeof name));
    assert_string_equal(name, "2026-11-26-1.txt");
    assert_false(game_stats_own_record(dir, "/elsewhere/2026-11-26-1.txt", name, sizeof name));
    snprintf(own, sizeof own, "%s/games/friend.txt", dir);
    assert_false(game_stats_own_record(dir, own, name, sizeof name));
    unlink(path);
    snprintf(path, sizeof path, "%s/reviews.lock", dir);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stats_kept_and_said),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
