/*
 * repl_review.c - stepping through a reviewed game in the REPL (see
 * repl.h): after `review`, `review next`, `review prev`, `review go N`
 * show one decision at a time (the board it was made on, the roll, the
 * play made, the better play and the numbers, the tutor's words), and
 * `review show PLAY` the board after any play of that roll.
 *
 * Ownership: the review is the REPL's (r->rv), freed by repl_review_drop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/repl.h"
#include "engine/verdict.h"
#include "tutor/playrec.h"
#include "tutor/words.h"

#define L_(r) ((r)->ro.lang)

/* Forgets the review kept for stepping. */
void repl_review_drop(repl_t *r)
{
    if (r->rv_have)
        review_free(&r->rv);
    r->rv_have = false;
    r->rv_at = -1;
}

/* Shows decision r->rv_at. */
static void show_item(repl_t *r)
{
    lang_t L = L_(r);
    const review_item_t *it = &r->rv.items[r->rv_at];
    char dice[16] = "";
    if (it->kind == REVIEW_PLAY || (it->kind == REVIEW_GIVE_UP && it->roll.a))
        playrec_dice_text(it->roll, dice, sizeof dice);
    printf(T(L, "Decision %d of %d (record line %d): %s%s%s: %s, costs %.3f.\n",
             "Beslut %d av %d (protokollets rad %d): %s%s%s: %s, kostar %.3f.\n"),
           r->rv_at + 1, r->rv.nitems, it->line, words_colour(L, it->colour, false), dice[0] ? " " : "", dice,
           words_grade(L, it->d.grade), it->d.lost);
    strbuf_t sb;
    strbuf_init(&sb);
    render_board(&it->before, &r->rv_rules, it->roll, it->kind == REVIEW_PLAY, &r->ro, &sb);
    render_prose(it->d.words, r->width, &sb);
    fputs(strbuf_str(&sb), stdout);
    strbuf_free(&sb);
    if (it->kind == REVIEW_PLAY && it->d.is_best)
        printf(T(L, "(Played: %s, the best play.  'review show PLAY' draws the board after any play.)\n",
                 "(Spelat: %s, det bästa draget.  'review show DRAG' ritar brädet efter vilket drag som helst.)\n"),
               it->d.mine_text);
    else if (it->kind == REVIEW_PLAY)
        printf(T(L, "(Played: %s.  Better: %s.  'review show PLAY' draws the board after any play.)\n",
                 "(Spelat: %s.  Bättre: %s.  'review show DRAG' ritar brädet efter vilket drag som helst.)\n"),
               it->d.mine_text, it->d.best_text);
}

/* `review show PLAY`: the board after a play of the decision's roll. */
static int show_play(repl_t *r, const char *text)
{
    lang_t L = L_(r);
    const review_item_t *it = &r->rv.items[r->rv_at];
    if (it->kind != REVIEW_PLAY) {
        printf("%s\n", T(L, "This decision is not a play of a roll.", "Det här beslutet är inte ett drag av ett slag."));
        return 1;
    }
    movegen_buf_t *legal = movegen_buf_new();
    if (!legal)
        return 1;
    int n = movegen_plays(&it->before, &r->rv_rules, it->roll, legal);
    verdict_t v;
    verdict_judge(&it->before, &r->rv_rules, it->roll, text, legal, n, &v);
    int rc = 0;
    if (v.kind != VERDICT_LEGAL) {
        char why[1024];
        explain_verdict(L, &it->before, &r->rv_rules, &v, legal, text, why, sizeof why);
        printf("%s\n", why);
        rc = 1;
    } else {
        strbuf_t sb;
        strbuf_init(&sb);
        printf(T(L, "After %s:\n", "Efter %s:\n"), text);
        render_board(&movegen_play(legal, v.play)->after, &r->rv_rules, it->roll, false, &r->ro, &sb);
        fputs(strbuf_str(&sb), stdout);
        strbuf_free(&sb);
    }
    movegen_buf_free(legal);
    return rc;
}

/* `review next|prev|go N|show PLAY` (see repl.h). */
int repl_review_step(repl_t *r, int argc, char **argv, const char *rest)
{
    lang_t L = L_(r);
    if (!r->rv_have || r->rv.nitems == 0) {
        printf("%s\n", T(L, "No reviewed game to step through: 'review' reviews your last game first.",
                         "Inget granskat parti att stega igenom: 'review' granskar ditt senaste parti först."));
        return 1;
    }
    const char *w = argv[1];
    int at = r->rv_at;
    if (strcmp(w, "next") == 0) {
        at++;
    } else if (strcmp(w, "prev") == 0) {
        at--;
    } else if (strcmp(w, "go") == 0) {
        char *end;
        long n = argc >= 3 ? strtol(argv[2], &end, 10) : 0;
        if (argc < 3 || *end || n < 1 || n > r->rv.nitems) {
            printf(T(L, "Write: review go N, N from 1 to %d.\n", "Skriv: review go N, N från 1 till %d.\n"),
                   r->rv.nitems);
            return 1;
        }
        at = (int)n - 1;
    } else { /* show */
        if (r->rv_at < 0) {
            printf("%s\n", T(L, "Go to a decision first ('review next').", "Gå till ett beslut först ('review next')."));
            return 1;
        }
        const char *play = strstr(rest, "show") + 4;
        while (*play == ' ')
            play++;
        if (!*play) {
            printf("%s\n", T(L, "Write: review show PLAY (e.g. review show 1/7 1/4).",
                             "Skriv: review show DRAG (t.ex. review show 1/7 1/4)."));
            return 1;
        }
        return show_play(r, play);
    }
    if (at < 0 || at >= r->rv.nitems) {
        printf("%s\n", at < 0 ? T(L, "This is the first decision.", "Det här är första beslutet.")
                              : T(L, "That was the last decision.", "Det var det sista beslutet."));
        return 1;
    }
    r->rv_at = at;
    show_item(r);
    return 0;
}
