/*
 * test_progress.c - the learner's record: the file format, the Leitner
 * schedule, atomic saving, and a damaged file kept aside (cmocka).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "tutor/progress.h"

static char dir[256];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/brade-progress-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char p[512];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
    return 0;
}

static void write_file(const char *name, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void test_round_trip(void **state)
{
    (void)state;
    const char *text =
        "brade-progress 1\n"
        "lesson moving done=2026-11-21\n"
        "puzzle c7 result=failed solved=2 failed=1 last=2026-11-20 due=2026-11-20 box=0\n"
        "puzzle c5 result=solved solved=1 failed=0 last=2026-02-28 due=2026-03-02 box=2\n";
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[160];
    assert_true(progress_parse(&p, text, why, sizeof why));
    assert_int_equal(p.n, 3);
    const progress_item_t *c7 = progress_get(&p, "c7", false);
    assert_non_null(c7);
    assert_true(c7->last_failed);
    assert_int_equal(c7->solved, 2);
    assert_int_equal(progress_get(&p, "c5", false)->due - progress_get(&p, "c5", false)->last, 2);
    assert_null(progress_get(&p, "c7", true));
    strbuf_t out;
    strbuf_init(&out);
    progress_format(&p, &out);
    assert_string_equal(strbuf_str(&out), text);
    strbuf_free(&out);
    progress_free(&p);
}

static void test_bad_records(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "",
        "brade-progress 2\n",
        "brade-progress 1\nlesson moving done=2026-02-30\n",
        "brade-progress 1\nlesson Moving done=2026-02-01\n",
        "brade-progress 1\npuzzle c7 result=won solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=0\n",
        "brade-progress 1\npuzzle c7 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=9\n",
        "brade-progress 1\npuzzle c7 result=solved solved=-1 failed=0 last=2026-11-20 due=2026-11-20 box=1\n",
        "brade-progress 1\npuzzle c7 result=solved solved=1 failed=0 last=2026-11-20 box=1\n",
        "brade-progress 1\ngarbage\n",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        progress_t p;
        memset(&p, 0, sizeof p);
        char why[160] = "";
        if (progress_parse(&p, BAD[i], why, sizeof why)) {
            print_error("record %zu was accepted\n", i);
            fail();
        }
        assert_true(why[0] != '\0');
        progress_free(&p);
    }
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[160];
    assert_false(progress_parse(&p, "brade-progress 1\nlesson a done=2026-01-01\nnonsense\n", why,
                                sizeof why));
    assert_non_null(strstr(why, "line 3"));
    progress_free(&p);
}

static void test_schedule(void **state)
{
    (void)state;
    progress_t p;
    memset(&p, 0, sizeof p);
    long day = 20000;
    progress_puzzle_result(&p, "x", true, false, day);
    const progress_item_t *it = progress_get(&p, "x", false);
    int expect_box = 1;
    assert_int_equal(it->box, 1);
    assert_int_equal(it->due, day + 1);
    /* each clean solve doubles the wait, up to 64 days */
    for (int k = 0; k < 10; k++) {
        progress_puzzle_result(&p, "x", true, false, day);
        if (expect_box < PROGRESS_BOXES - 1)
            expect_box++;
        assert_int_equal(it->box, expect_box);
        assert_int_equal(it->due, day + progress_interval(expect_box));
    }
    assert_int_equal(progress_interval(PROGRESS_BOXES - 1), 64);
    /* with hints: the box stays */
    progress_puzzle_result(&p, "x", true, true, day);
    assert_int_equal(it->box, expect_box);
    /* a miss: back to the start, due the same day */
    progress_puzzle_result(&p, "x", false, false, day);
    assert_int_equal(it->box, 0);
    assert_int_equal(it->due, day);
    assert_true(it->last_failed);
    assert_int_equal(it->solved, 12);
    assert_int_equal(it->failed, 1);
    progress_free(&p);
}

static void test_save_and_reopen(void **state)
{
    (void)state;
    progress_t p;
    strbuf_t msg;
    strbuf_init(&msg);
    assert_true(progress_open(&p, dir, false, &msg)); /* no file yet: empty */
    assert_int_equal(p.n, 0);
    progress_lesson_done(&p, "moving", 20000);
    progress_puzzle_result(&p, "c7", false, false, 20000);
    assert_true(progress_save(&p, false, &msg));
    assert_int_equal(msg.len, 0);
    progress_free(&p);

    char path[512];
    snprintf(path, sizeof path, "%s/progress", dir);
    const char *text = read_file(path);
    assert_non_null(text);
    assert_non_null(strstr(text, "lesson moving done=2024-10-04\n"));
    /* no temporary file is left behind */
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d)) != NULL)
        files += e->d_name[0] != '.';
    closedir(d);
    assert_int_equal(files, 1);

    assert_true(progress_open(&p, dir, false, &msg));
    assert_int_equal(p.n, 2);
    assert_true(progress_get(&p, "c7", false)->last_failed);
    progress_free(&p);
    strbuf_free(&msg);
}

static void test_corrupt_file_is_kept(void **state)
{
    (void)state;
    const char *damaged = "brade-progress 1\npuzzle c7 result=solved sol";
    write_file("progress", damaged);
    progress_t p;
    strbuf_t msg;
    strbuf_init(&msg);
    assert_true(progress_open(&p, dir, false, &msg));
    assert_int_equal(p.n, 0);
    assert_non_null(strstr(strbuf_str(&msg), "The progress file was damaged (line 2"));
    assert_non_null(strstr(strbuf_str(&msg), "It is kept as "));
    /* the damaged text is where the message says, untouched */
    const char *kept = strstr(strbuf_str(&msg), "kept as ") + strlen("kept as ");
    char aside[512];
    snprintf(aside, sizeof aside, "%.*s", (int)(strstr(kept, " and a new") - kept), kept);
    assert_non_null(strstr(aside, "/progress.corrupt-"));
    assert_string_equal(read_file(aside), damaged);
    /* and the new record can be saved */
    progress_lesson_done(&p, "a", 20000);
    assert_true(progress_save(&p, false, &msg));
    progress_free(&p);
    unlink(aside);
    strbuf_free(&msg);
}

static void test_save_failure_keeps_old(void **state)
{
    (void)state;
    progress_t p;
    strbuf_t msg;
    strbuf_init(&msg);
    char sub[512];
    snprintf(sub, sizeof sub, "%s/gone", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_true(progress_open(&p, sub, true, &msg));
    assert_int_equal(rmdir(sub), 0); /* the directory vanishes under us */
    progress_lesson_done(&p, "a", 20000);
    assert_false(progress_save(&p, false, &msg));
    assert_non_null(strstr(strbuf_str(&msg), "Could not save progress (open:"));
    progress_free(&p);
    strbuf_free(&msg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_records),
        cmocka_unit_test(test_schedule),
        cmocka_unit_test(test_save_and_reopen),
        cmocka_unit_test(test_corrupt_file_is_kept),
        cmocka_unit_test(test_save_failure_keeps_old),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
