/*
 * test_progress.c - the learner's record: the file format, the Leitner
 * schedule, atomic saving, damage read around and kept aside, two windows
 * on one record, stale temporary files, and year-9999 dates (cmocka).
 */
#include <math.h>
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

/* Files in dir whose name starts with `prefix`. */
static int count_files(const char *prefix)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d)) != NULL)
        files += e->d_name[0] != '.' && strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return files;
}

static void test_round_trip(void **state)
{
    (void)state;
    const char *text =
        "brade-progress 6\n"
        "lesson moving done=2026-11-21\n"
        "lesson hitting at=3 earned=1,2\n"
        "lesson race done=2026-11-20 at=2\n"
        "puzzle c7 result=failed solved=2 failed=1 last=2026-11-20 due=2026-11-20 box=0 shown=2026-11-20\n"
        "puzzle c5 result=solved solved=1 failed=0 last=2026-02-28 due=2026-03-02 box=2\n"
        "question moving/12 result=solved solved=1 failed=1 last=2026-11-20 due=2026-11-21 box=1\n";
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[160];
    assert_int_equal(progress_parse(&p, text, why, sizeof why), 0);
    assert_int_equal(p.n, 6);
    /* a lesson question is a puzzle-like record under "LESSON/STEP" */
    char qid[96];
    progress_question_id(qid, sizeof qid, "moving", 11);
    assert_string_equal(qid, "moving/12");
    const progress_item_t *mq = progress_get(&p, qid, false);
    assert_non_null(mq);
    assert_true(progress_is_question(mq));
    assert_false(progress_is_question(progress_get(&p, "c7", false)));
    assert_int_equal(mq->box, 1);
    assert_int_equal(mq->failed, 1);
    assert_int_equal(progress_get(&p, "hitting", true)->at, 2);
    assert_int_equal(progress_get(&p, "hitting", true)->done, -1);
    assert_int_equal(progress_get(&p, "hitting", true)->earned, 3u);
    assert_int_equal(progress_get(&p, "moving", true)->earned, 0u);
    assert_int_equal(progress_get(&p, "race", true)->at, 1);
    assert_int_equal(progress_get(&p, "moving", true)->at, -1);
    const progress_item_t *c7 = progress_get(&p, "c7", false);
    assert_non_null(c7);
    assert_true(c7->last_failed);
    assert_int_equal(c7->solved, 2);
    /* format 6: the day its answer was shown */
    assert_true(progress_shown_on(&p, "c7", c7->last));
    assert_false(progress_shown_on(&p, "c5", progress_get(&p, "c5", false)->last));
    assert_int_equal(progress_get(&p, "c5", false)->due - progress_get(&p, "c5", false)->last, 2);
    assert_null(progress_get(&p, "c7", true));
    strbuf_t out;
    strbuf_init(&out);
    progress_format(&p, &out);
    assert_string_equal(strbuf_str(&out), text);
    strbuf_free(&out);
    progress_free(&p);
}

/* A format 1 record (before at=) reads as it is and is written as 2; a
 * lesson's place survives the journal replay of a save. */
static void test_format_1_and_places(void **state)
{
    (void)state;
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[160];
    assert_int_equal(progress_parse(&p, "brade-progress 1\nlesson moving done=2026-11-21\n", why, sizeof why), 0);
    progress_lesson_at(&p, "hitting", 4, 0);
    strbuf_t out;
    strbuf_init(&out);
    progress_format(&p, &out);
    assert_string_equal(strbuf_str(&out), "brade-progress 6\nlesson moving done=2026-11-21\nlesson hitting at=5\n");
    progress_t q;
    memset(&q, 0, sizeof q);
    char journaled[] = "x";
    q.path = journaled; /* a record with a file keeps a journal */
    progress_lesson_at(&q, "hitting", 2, (1u << 0) | (1u << 2) | (1u << 31));
    progress_replay(&p, &q);
    assert_int_equal(progress_get(&p, "hitting", true)->at, 2);
    /* the steps earned survive the replay and are written 1-based */
    assert_int_equal(progress_get(&p, "hitting", true)->earned, (1u << 0) | (1u << 2) | (1u << 31));
    strbuf_clear(&out);
    progress_format(&p, &out);
    assert_non_null(strstr(strbuf_str(&out), "lesson hitting at=3 earned=1,3,32\n"));
    /* completing the lesson clears them: studied again, it asks again */
    progress_lesson_done(&p, "hitting", 20000);
    assert_int_equal(progress_get(&p, "hitting", true)->earned, 0u);
    strbuf_clear(&out);
    progress_format(&p, &out);
    assert_null(strstr(strbuf_str(&out), "earned="));
    q.path = NULL;
    progress_free(&q);
    strbuf_free(&out);
    progress_free(&p);
}

static void test_bad_records(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "",
        "brade-progress 7\n",
        "brade-progress 2\nlesson moving\n",
        "brade-progress 6\npuzzle c7 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1 shown=x\n",
        "brade-progress 6\npuzzle c7 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1 seen=1\n",
        "brade-progress 4\nquestion moving result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1\n",
        "brade-progress 4\nquestion moving/0 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1\n",
        "brade-progress 4\nquestion moving/01 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1\n",
        "brade-progress 4\nquestion moving/100 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1\n",
        "brade-progress 4\nquestion /3 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1\n",
        "brade-progress 4\nquestion Moving/3 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1\n",
        "brade-progress 4\nquestion moving/3 result=solved solved=1 failed=0 last=2026-11-20 box=1\n",
        "brade-progress 4\npuzzle moving/3 result=solved solved=1 failed=0 last=2026-11-20 due=2026-11-20 box=1\n",
        "brade-progress 4\nlesson moving/3 done=2026-11-20\n",
        "brade-progress 3\nlesson moving earned=1\n",
        "brade-progress 3\nlesson moving at=2 earned=0\n",
        "brade-progress 3\nlesson moving at=2 earned=33\n",
        "brade-progress 3\nlesson moving at=2 earned=1,,2\n",
        "brade-progress 3\nlesson moving at=2 earned=1,\n",
        "brade-progress 3\nlesson moving at=2 earned=x\n",
        "brade-progress 2\nlesson moving at=0\n",
        "brade-progress 2\nlesson moving at=x done=2026-01-01\n",
        "brade-progress 2\nlesson moving done=2026-01-01 extra=1\n",
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
        int bad = progress_parse(&p, BAD[i], why, sizeof why);
        if (bad == 0) {
            print_error("record %zu was accepted\n", i);
            fail();
        }
        assert_int_equal(p.n, 0); /* nothing in them reads */
        assert_true(why[0] != '\0');
        progress_free(&p);
    }
    /* a newer format is not ours to read (or to overwrite) */
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[160];
    assert_int_equal(progress_parse(&p, "brade-progress 7\nlesson a done=2026-01-01\n", why,
                                    sizeof why),
                     -1);
    assert_non_null(strstr(why, "newer"));
    progress_free(&p);
    /* one bad line costs that line only */
    memset(&p, 0, sizeof p);
    assert_int_equal(progress_parse(&p,
                                    "brade-progress 1\nlesson a done=2026-01-01\nnonsense\n"
                                    "lesson b done=2026-01-02\n",
                                    why, sizeof why),
                     1);
    assert_non_null(strstr(why, "line 3"));
    assert_int_equal(p.n, 2);
    assert_non_null(progress_get(&p, "b", true));
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
    assert_int_equal(count_files("progress.tmp."), 0);
    assert_int_equal(count_files("progress"), 2); /* the record and its lock */

    assert_true(progress_open(&p, dir, false, &msg));
    assert_int_equal(p.n, 2);
    assert_true(progress_get(&p, "c7", false)->last_failed);
    progress_free(&p);
    strbuf_free(&msg);
}

/* The name of the kept-aside file the message gives ("kept as X;"). */
static void aside_of(const char *msg, char *aside, size_t size)
{
    const char *kept = strstr(msg, "kept as ");
    assert_non_null(kept);
    kept += strlen("kept as ");
    snprintf(aside, size, "%.*s", (int)strcspn(kept, ";\n"), kept);
    if (aside[strlen(aside) - 1] == '.')
        aside[strlen(aside) - 1] = '\0';
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
    /* the damaged text is where the message says, untouched */
    char aside[512];
    aside_of(strbuf_str(&msg), aside, sizeof aside);
    assert_non_null(strstr(aside, "/progress.corrupt-"));
    assert_string_equal(read_file(aside), damaged);
    /* and the new record can be saved */
    progress_lesson_done(&p, "a", 20000);
    assert_true(progress_save(&p, false, &msg));
    progress_free(&p);
    strbuf_free(&msg);
}

/* A damaged line, CR LF ends and a cut-short last line: what reads is
 * kept and saved at once, the old file is kept aside, the learner told. */
static void test_damage_costs_only_the_damaged_lines(void **state)
{
    (void)state;
    const char *text = "brade-progress 1\r\n"
                       "lesson moving done=2026-11-21\r\n"
                       "\x7f\x01garbage here\r\n"
                       "puzzle c5 result=solved solved=1 failed=0 last=2026-02-28 "
                       "due=2026-03-02 box=2\r\n"
                       "puzzle c6 result=solved solved=1 fai";
    write_file("progress", text);
    progress_t p;
    strbuf_t msg;
    strbuf_init(&msg);
    assert_true(progress_open(&p, dir, false, &msg));
    assert_int_equal(p.n, 2);
    assert_non_null(progress_get(&p, "moving", true));
    assert_int_equal(progress_get(&p, "c5", false)->box, 2);
    const char *m = strbuf_str(&msg);
    assert_non_null(strstr(m, "line 3"));
    assert_non_null(strstr(m, "2 lines could not be read"));
    assert_non_null(strstr(m, "2 items were read from it and saved again"));
    char aside[512];
    aside_of(m, aside, sizeof aside);
    assert_string_equal(read_file(aside), text);
    /* the file is whole again: a second open is quiet */
    progress_free(&p);
    strbuf_clear(&msg);
    assert_true(progress_open(&p, dir, false, &msg));
    assert_int_equal(msg.len, 0);
    assert_int_equal(p.n, 2);
    progress_free(&p);
    strbuf_free(&msg);
}

/* A record of a newer format is left alone and nothing is saved. */
static void test_newer_format_is_left_alone(void **state)
{
    (void)state;
    const char *text = "brade-progress 7\nsomething new\n";
    write_file("progress", text);
    progress_t p;
    strbuf_t msg;
    strbuf_init(&msg);
    assert_false(progress_open(&p, dir, false, &msg));
    assert_non_null(strstr(strbuf_str(&msg), "newer brade"));
    progress_lesson_done(&p, "a", 20000);
    assert_true(progress_save(&p, false, &msg)); /* quietly not saved */
    char path[512];
    snprintf(path, sizeof path, "%s/progress", dir);
    assert_string_equal(read_file(path), text);
    progress_free(&p);
    strbuf_free(&msg);
}

/* Two windows on one state directory: each save reads the file again and
 * replays its own results onto it, so neither loses the other's. */
static void test_two_windows_keep_both(void **state)
{
    (void)state;
    progress_t a, b;
    strbuf_t msg;
    strbuf_init(&msg);
    assert_true(progress_open(&a, dir, false, &msg));
    assert_true(progress_open(&b, dir, false, &msg));
    progress_puzzle_result(&a, "play-author", false, false, 20000);
    assert_true(progress_save(&a, false, &msg));
    progress_puzzle_result(&b, "play-goal", false, false, 20000);
    assert_true(progress_save(&b, false, &msg));
    /* the same puzzle solved in both windows: both attempts count */
    progress_puzzle_result(&a, "legal-no", true, false, 20001);
    assert_true(progress_save(&a, false, &msg));
    progress_puzzle_result(&b, "legal-no", true, false, 20002);
    assert_true(progress_save(&b, false, &msg));
    assert_int_equal(msg.len, 0);
    /* a's memory learnt b's results at its save */
    assert_non_null(progress_get(&a, "play-goal", false));
    progress_free(&a);
    progress_free(&b);
    progress_t c;
    assert_true(progress_open(&c, dir, false, &msg));
    assert_int_equal(c.n, 3);
    assert_non_null(progress_get(&c, "play-author", false));
    assert_non_null(progress_get(&c, "play-goal", false));
    const progress_item_t *it = progress_get(&c, "legal-no", false);
    assert_int_equal(it->solved, 2);
    assert_int_equal(it->box, 2);
    assert_int_equal(it->last, 20002);
    progress_free(&c);
    strbuf_free(&msg);
}

/* Temporary files of killed saves are removed at the next open. */
static void test_stale_temp_files_are_removed(void **state)
{
    (void)state;
    write_file("progress.tmp.2147483000", "brade-progress 1\n");
    write_file("progress.tmp.12", "brade-progress 1\n");
    write_file("progress.tmpfile", "not ours");
    progress_t p;
    strbuf_t msg;
    strbuf_init(&msg);
    assert_true(progress_open(&p, dir, false, &msg));
    assert_int_equal(count_files("progress.tmp."), 0);
    assert_int_equal(count_files("progress.tmpfile"), 1);
    progress_free(&p);
    strbuf_free(&msg);
}

/* Dates are clamped to 9999-12-31, so what is written reads back. */
static void test_year_9999(void **state)
{
    (void)state;
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[160];
    assert_int_equal(progress_parse(&p,
                                    "brade-progress 1\npuzzle b result=solved solved=1 failed=0 "
                                    "last=9999-12-01 due=9999-12-31 box=3\n",
                                    why, sizeof why),
                     0);
    progress_puzzle_result(&p, "b", true, false, PROGRESS_LAST_DAY - 3);
    assert_int_equal(progress_get(&p, "b", false)->due, PROGRESS_LAST_DAY);
    strbuf_t out;
    strbuf_init(&out);
    progress_format(&p, &out);
    assert_non_null(strstr(strbuf_str(&out), "due=9999-12-31"));
    progress_t q;
    memset(&q, 0, sizeof q);
    assert_int_equal(progress_parse(&q, strbuf_str(&out), why, sizeof why), 0);
    assert_int_equal(q.n, 1);
    strbuf_free(&out);
    progress_free(&p);
    progress_free(&q);
}

/* A directory where the record should be: said plainly. */
static void test_directory_in_the_way(void **state)
{
    (void)state;
    char sub[512];
    snprintf(sub, sizeof sub, "%s/progress", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    progress_t p;
    strbuf_t msg;
    strbuf_init(&msg);
    assert_false(progress_open(&p, dir, false, &msg));
    assert_non_null(strstr(strbuf_str(&msg), "Is a directory"));
    progress_free(&p);
    strbuf_free(&msg);
    rmdir(sub);
}

/* Many items: every one is found (the index, not a scan). */
static void test_many_items(void **state)
{
    (void)state;
    strbuf_t text;
    strbuf_init(&text);
    strbuf_add(&text, "brade-progress 1\n");
    for (int i = 0; i < 20000; i++)
        strbuf_addf(&text, "lesson l%d done=2026-01-01\npuzzle l%d result=solved solved=1 "
                           "failed=0 last=2026-01-01 due=2026-01-02 box=1\n", i, i);
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[160];
    assert_int_equal(progress_parse(&p, strbuf_str(&text), why, sizeof why), 0);
    assert_int_equal(p.n, 40000);
    for (int i = 0; i < 20000; i += 997) {
        char id[16];
        snprintf(id, sizeof id, "l%d", i);
        assert_non_null(progress_get(&p, id, true));
        assert_int_equal(progress_get(&p, id, false)->box, 1);
    }
    strbuf_free(&text);
    progress_free(&p);
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
    char lock[600];
    snprintf(lock, sizeof lock, "%s/progress.lock", sub);
    unlink(lock);
    assert_int_equal(rmdir(sub), 0); /* the directory vanishes under us */
    progress_lesson_done(&p, "a", 20000);
    assert_false(progress_save(&p, false, &msg));
    assert_non_null(strstr(strbuf_str(&msg), "Could not save progress (open:"));
    progress_free(&p);
    strbuf_free(&msg);
}

/* Ratings: written and read back, bad lines refused, a new theme starting
 * from the overall rating, and two windows' attempts both counted (the
 * journal replays each game on the rating as the file has it). */
static void test_ratings(void **state)
{
    (void)state;
    progress_t p;
    memset(&p, 0, sizeof p);
    progress_rate(&p, PROGRESS_RATING_ALL, 1100.0, GLICKO_PUZZLE_RD, 0.0, 20000);
    double all = progress_rating(&p, PROGRESS_RATING_ALL)->g.rating;
    assert_true(all < 1500.0);
    progress_rate(&p, "munk", 1100.0, GLICKO_PUZZLE_RD, 1.0, 20001);
    const progress_rating_t *m = progress_rating(&p, "munk");
    assert_non_null(m);
    assert_true(m->g.rating > all); /* started at `all`, then won */
    assert_int_equal(m->attempts, 1);
    assert_null(progress_rating(&p, "jan"));
    strbuf_t out;
    strbuf_init(&out);
    progress_format(&p, &out);
    assert_non_null(strstr(strbuf_str(&out), "\nrating munk r="));
    assert_non_null(strstr(strbuf_str(&out), " n=1 last=2024-10-04\n"));
    progress_t q;
    memset(&q, 0, sizeof q);
    char why[160];
    assert_int_equal(progress_parse(&q, strbuf_str(&out), why, sizeof why), 0);
    assert_true(fabs(progress_rating(&q, "munk")->g.rating - m->g.rating) < 0.01);
    assert_true(fabs(progress_rating(&q, "munk")->g.deviation - m->g.deviation) < 0.01);
    progress_free(&q);
    const char *bad[] = {
        "brade-progress 4\nrating munk r=1500 rd=350 vol=0.06 n=1\n",
        "brade-progress 4\nrating munk r=x rd=350 vol=0.06 n=1 last=2026-11-20\n",
        "brade-progress 4\nrating munk r=1500 rd=0 vol=0.06 n=1 last=2026-11-20\n",
        "brade-progress 4\nrating munk r=1500 rd=351 vol=0.06 n=1 last=2026-11-20\n",
        "brade-progress 4\nrating munk r=1500 rd=350 vol=nan n=1 last=2026-11-20\n",
        "brade-progress 4\nrating munk r=-5 rd=350 vol=0.06 n=1 last=2026-11-20\n",
        "brade-progress 4\nrating Munk r=1500 rd=350 vol=0.06 n=1 last=2026-11-20\n",
        "brade-progress 4\nrating munk r=1500 rd=350 vol=0.06 n=-1 last=2026-11-20\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        memset(&q, 0, sizeof q);
        if (progress_parse(&q, bad[i], why, sizeof why) != 1 || q.nratings != 0) {
            print_error("rating record %zu was accepted\n", i);
            fail();
        }
        assert_non_null(strstr(why, "a rating needs"));
        progress_free(&q);
    }
    strbuf_free(&out);
    progress_free(&p);
    /* two windows on two days: both games count on the saved rating, and
     * both days are in its history */
    progress_t a, b;
    strbuf_t msg;
    strbuf_init(&msg);
    assert_true(progress_open(&a, dir, false, &msg));
    assert_true(progress_open(&b, dir, false, &msg));
    progress_rate(&a, "munk", 1500.0, GLICKO_PUZZLE_RD, 1.0, 20000);
    assert_true(progress_save(&a, false, &msg));
    progress_rate(&b, "munk", 1500.0, GLICKO_PUZZLE_RD, 1.0, 20001);
    assert_true(progress_save(&b, false, &msg));
    assert_int_equal(msg.len, 0);
    progress_free(&a);
    progress_free(&b);
    progress_t c;
    assert_true(progress_open(&c, dir, false, &msg));
    assert_int_equal(progress_rating(&c, "munk")->attempts, 2);
    assert_int_equal(progress_rating(&c, "munk")->nhistory, 2);
    assert_int_equal(progress_rating(&c, "munk")->history[1].day, 20001);
    assert_true(progress_rating(&c, "munk")->history[1].rating > progress_rating(&c, "munk")->history[0].rating);
    glicko_t g = glicko_start();
    glicko_game_t win = {1500.0, GLICKO_PUZZLE_RD, 1.0};
    g = glicko_update(g, &win, 1, GLICKO_TAU);
    g = glicko_update((glicko_t){round(g.rating * 100) / 100, round(g.deviation * 100) / 100,
                                 round(g.volatility * 1e6) / 1e6},
                      &win, 1, GLICKO_TAU);
    assert_true(fabs(progress_rating(&c, "munk")->g.rating - g.rating) < 0.02);
    progress_free(&c);
    strbuf_free(&msg);
}

/* The rating history: one point a day (the day's last rating), written
 * after its rating line and read back; a format-4 rating is one point on
 * its last day; a history line without its rating, or out of range, is
 * refused (two windows' days: test_ratings). */
static void test_history(void **state)
{
    (void)state;
    progress_t p;
    memset(&p, 0, sizeof p);
    progress_rate(&p, "munk", 1100.0, GLICKO_PUZZLE_RD, 0.0, 20000);
    progress_rate(&p, "munk", 1100.0, GLICKO_PUZZLE_RD, 1.0, 20000);
    double day1 = progress_rating(&p, "munk")->g.rating;
    progress_rate(&p, "munk", 1900.0, GLICKO_PUZZLE_RD, 1.0, 20003);
    const progress_rating_t *m = progress_rating(&p, "munk");
    assert_int_equal(m->nhistory, 2);
    assert_int_equal(m->history[0].day, 20000);
    assert_true(fabs(m->history[0].rating - day1) < 1e-9);
    assert_int_equal(m->history[1].day, 20003);
    assert_true(fabs(m->history[1].rating - m->g.rating) < 1e-9);
    assert_true(m->history[1].deviation < m->history[0].deviation);
    strbuf_t out;
    strbuf_init(&out);
    progress_format(&p, &out);
    const char *text = strbuf_str(&out);
    const char *r = strstr(text, "\nrating munk ");
    const char *h1 = strstr(text, "\nhistory munk day=2024-10-04 r=");
    const char *h2 = strstr(text, "\nhistory munk day=2024-10-07 r=");
    assert_non_null(r);
    assert_non_null(h1);
    assert_non_null(h2);
    assert_true(r < h1 && h1 < h2);
    progress_t q;
    memset(&q, 0, sizeof q);
    char why[200];
    assert_int_equal(progress_parse(&q, text, why, sizeof why), 0);
    const progress_rating_t *qm = progress_rating(&q, "munk");
    assert_int_equal(qm->nhistory, 2);
    assert_true(fabs(qm->history[0].rating - day1) < 0.01);
    strbuf_t again;
    strbuf_init(&again);
    progress_format(&q, &again);
    assert_string_equal(strbuf_str(&again), text);
    strbuf_free(&again);
    progress_free(&q);
    /* a format-4 rating: its standing on its last day is the history */
    memset(&q, 0, sizeof q);
    assert_int_equal(progress_parse(&q, "brade-progress 4\nrating jan r=1600 rd=90 vol=0.06 n=4 last=2026-11-20\n",
                                    why, sizeof why),
                     0);
    assert_int_equal(progress_rating(&q, "jan")->nhistory, 1);
    assert_true(fabs(progress_rating(&q, "jan")->history[0].rating - 1600.0) < 1e-9);
    progress_free(&q);
    const char *bad[] = {
        "brade-progress 5\nhistory munk day=2026-11-20 r=1500 rd=300\n",
        "brade-progress 5\nrating munk r=1500 rd=300 vol=0.06 n=1 last=2026-11-20\nhistory munk day=2026-11-32 r=1500 "
        "rd=300\n",
        "brade-progress 5\nrating munk r=1500 rd=300 vol=0.06 n=1 last=2026-11-20\nhistory munk day=2026-11-19 r=1500 "
        "rd=0\n",
        "brade-progress 5\nrating munk r=1500 rd=300 vol=0.06 n=1 last=2026-11-20\nhistory munk day=2026-11-19 "
        "r=1500\n",
        "brade-progress 5\nrating munk r=1500 rd=300 vol=0.06 n=1 last=2026-11-20\nhistory jan day=2026-11-19 r=1500 "
        "rd=300\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        memset(&q, 0, sizeof q);
        if (progress_parse(&q, bad[i], why, sizeof why) != 1) {
            print_error("history record %zu was accepted\n", i);
            fail();
        }
        assert_non_null(strstr(why, "a history line needs"));
        progress_free(&q);
    }
    strbuf_free(&out);
    progress_free(&p);
}

/* Finding 2 of the reliability report: every record the writer makes, the
 * reader takes back whole.  Random learners (long runs of failures against
 * hard puzzles drive a rating to the floor, runs of wins to the ceiling,
 * counts past what the file holds) are formatted, parsed and formatted
 * again. */
static void test_writer_and_reader_agree(void **state)
{
    (void)state;
    unsigned seed = 12345u;
#define RND() (seed = seed * 1103515245u + 12345u, (seed >> 8) & 0xffffu)
    const char *themes[] = {"all", "munk", "jan", "bear-off", "entering"};
    for (int trial = 0; trial < 40; trial++) {
        progress_t p;
        memset(&p, 0, sizeof p);
        long day = 20000 + (long)(RND() % 1000);
        int events = 200 + (int)(RND() % 1500);
        int streak = (int)(RND() % 3); /* 0: mixed, 1: always fails, 2: always wins */
        for (int e = 0; e < events; e++) {
            const char *t = themes[RND() % 5];
            double opp = streak == 1 ? 3500.0 : streak == 2 ? 100.0 : 500.0 + (double)(RND() % 2500);
            double score = streak == 1 ? 0.0 : streak == 2 ? 1.0 : (double)(RND() % 3) / 2.0;
            progress_rate(&p, t, opp, GLICKO_PUZZLE_RD, score, day);
            char id[16];
            snprintf(id, sizeof id, "p%u", RND() % 7);
            progress_puzzle_result(&p, id, score > 0.5, RND() % 2, day);
            if (RND() % 4 == 0)
                day += (long)(RND() % 3);
        }
        /* the counts a long life reaches */
        progress_item(&p, "old", false)->failed = PROGRESS_COUNT_MAX;
        progress_puzzle_result(&p, "old", false, false, day);
        assert_int_equal(progress_get(&p, "old", false)->failed, PROGRESS_COUNT_MAX);
        strbuf_t out, again;
        strbuf_init(&out);
        strbuf_init(&again);
        progress_format(&p, &out);
        progress_t q;
        memset(&q, 0, sizeof q);
        char why[200];
        int bad = progress_parse(&q, strbuf_str(&out), why, sizeof why);
        if (bad != 0) {
            print_error("trial %d: %s\n", trial, why);
            fail();
        }
        progress_format(&q, &again);
        assert_string_equal(strbuf_str(&again), strbuf_str(&out));
        for (int i = 0; i < p.nratings; i++) {
            assert_true(p.ratings[i].g.rating >= PROGRESS_RATING_MIN);
            assert_true(p.ratings[i].g.rating <= PROGRESS_RATING_MAX);
        }
        strbuf_free(&out);
        strbuf_free(&again);
        progress_free(&q);
        progress_free(&p);
    }
#undef RND
}

/* The report's record: an overall rating of 0.20, then one more failure.
 * The theme first rated starts from it and may not fall below 0. */
static void test_rating_at_the_floor_is_kept(void **state)
{
    (void)state;
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[200];
    assert_int_equal(progress_parse(&p, "brade-progress 5\nrating all r=0.20 rd=60.00 vol=0.059000 n=900 "
                                        "last=2026-11-20\n",
                                    why, sizeof why),
                     0);
    progress_rate(&p, "bear-off", 1200.0, GLICKO_PUZZLE_RD, 0.0, 20500);
    progress_rate(&p, PROGRESS_RATING_ALL, 1200.0, GLICKO_PUZZLE_RD, 0.0, 20500);
    assert_true(progress_rating(&p, "bear-off")->g.rating >= 0.0);
    assert_true(progress_rating(&p, PROGRESS_RATING_ALL)->g.rating >= 0.0);
    strbuf_t out;
    strbuf_init(&out);
    progress_format(&p, &out);
    assert_null(strstr(strbuf_str(&out), "r=-"));
    progress_t q;
    memset(&q, 0, sizeof q);
    assert_int_equal(progress_parse(&q, strbuf_str(&out), why, sizeof why), 0);
    assert_non_null(progress_rating(&q, "bear-off"));
    strbuf_free(&out);
    progress_free(&q);
    progress_free(&p);
}

/* Finding 7: 100 000 themes and 150 000 history lines in falling day order
 * load in linear (n log n) time; the old reader took over a minute on each.
 * The history comes back in day order, a later line of a day winning. */
static void test_large_records_load_fast(void **state)
{
    (void)state;
    strbuf_t text;
    strbuf_init(&text);
    strbuf_add(&text, "brade-progress 5\n");
    for (int i = 0; i < 100000; i++)
        strbuf_addf(&text, "rating t%d r=1500.00 rd=300.00 vol=0.060000 n=1 last=2026-11-20\n", i);
    strbuf_add(&text, "rating munk r=1500.00 rd=300.00 vol=0.060000 n=1 last=2026-11-20\n");
    for (int i = 0; i < 150000; i++) {
        char day[16];
        long d = 3000000 - i; /* falling days, all in the year range */
        int y = 1 + (int)(d / 400), m = 1 + (int)(d % 12), dd = 1 + (int)(d % 28);
        snprintf(day, sizeof day, "%04d-%02d-%02d", y, m, dd);
        strbuf_addf(&text, "history munk day=%s r=%d.00 rd=100.00\n", day, 1000 + i % 1000);
    }
    progress_t p;
    memset(&p, 0, sizeof p);
    char why[200];
    assert_int_equal(progress_parse(&p, strbuf_str(&text), why, sizeof why), 0);
    assert_int_equal(p.nratings, 100001);
    assert_non_null(progress_rating(&p, "t99999"));
    const progress_rating_t *m = progress_rating(&p, "munk");
    assert_true(m->nhistory > 1000);
    for (int k = 1; k < m->nhistory; k++)
        assert_true(m->history[k - 1].day < m->history[k].day);
    progress_free(&p);
    /* the same day twice, out of order: the later line wins */
    memset(&p, 0, sizeof p);
    assert_int_equal(progress_parse(&p,
                                    "brade-progress 5\nrating jan r=1500 rd=300 vol=0.06 n=1 last=2026-11-20\n"
                                    "history jan day=2026-11-10 r=1400 rd=200\n"
                                    "history jan day=2026-11-01 r=1300 rd=200\n"
                                    "history jan day=2026-11-10 r=1450 rd=200\n",
                                    why, sizeof why),
                     0);
    m = progress_rating(&p, "jan");
    assert_int_equal(m->nhistory, 3);
    assert_true(fabs(m->history[1].rating - 1450.0) < 1e-9);
    progress_free(&p);
    strbuf_free(&text);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, make_dir, remove_dir)
    const struct CMUnitTest tests[] = {
        T(test_round_trip),
        T(test_writer_and_reader_agree),
        T(test_rating_at_the_floor_is_kept),
        T(test_large_records_load_fast),
        T(test_bad_records),
        T(test_format_1_and_places),
        T(test_schedule),
        T(test_save_and_reopen),
        T(test_corrupt_file_is_kept),
        T(test_damage_costs_only_the_damaged_lines),
        T(test_newer_format_is_left_alone),
        T(test_two_windows_keep_both),
        T(test_stale_temp_files_are_removed),
        T(test_year_9999),
        T(test_directory_in_the_way),
        T(test_many_items),
        T(test_save_failure_keeps_old),
        T(test_ratings),
        T(test_history),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
