/*
 * mistakes.c - a learner's bad plays as best-play puzzles (see mistakes.h).
 */
#include "tutor/mistakes.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/rollout.h"
#include "analysis/search.h"
#include "content/yamlout.h"
#include "engine/notation.h"
#include "tutor/words.h"

enum { MISTAKE_GAMES = 648, MISTAKE_PLIES = 2, MISTAKE_MAX = 8 /* BEST_MAX_RESULTS */ };
/* A give-up or one-die decision becomes a puzzle only when it gave away
 * at least what `brade check` needs to call it (content/giveup_q.c
 * GIVEUP_MARGIN, content/onedie_q.c ONEDIE_MARGIN: both 0.10). */
#define MISTAKE_DECISION_MARGIN 0.10

void mistakes_default_opts(mistakes_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->games = MISTAKE_GAMES;
    o->source = "a game";
    o->day = "";
}

const char *mistakes_file_header(void)
{
    return "# Your own puzzles: positions from your games where your play, or your\n"
           "# decision to give up or play on or to declare the one-die rule, was bad\n"
           "# or very bad, made by 'review' (brade's tutor) and checked by a rollout\n"
           "# (a play, the one-die rule) or a search (giving up). The format is the\n"
           "# course's (docs/authoring.md); 'brade check FILE' checks every one\n"
           "# again. Delete an item to drop it.\n"
           "themes: [mine]\n"
           "puzzles:\n";
}

/* A puzzle id from the position and the roll (FNV-1a), so the same
 * position and roll is one puzzle however often it is met. */
static void puzzle_id(const board_t *b, roll_t roll, char *buf, size_t size)
{
    uint32_t h = 2166136261u;
    const unsigned char *p = (const unsigned char *)b;
    for (size_t i = 0; i < sizeof *b; i++)
        h = (h ^ p[i]) * 16777619u;
    int lo = roll.a < roll.b ? roll.a : roll.b, hi = roll.a < roll.b ? roll.b : roll.a;
    h = (h ^ (uint32_t)(lo * 7 + hi)) * 16777619u;
    snprintf(buf, size, "mine-%08x", h);
}

/* A number as the YAML states it (and the loader then reads it). */
static double stated(double x) { return round(x * 1000.0) / 1000.0; }

/* A puzzle item's lines up to its question: id, title, difficulty,
 * themes (mine and `theme`), source, rules and the position, with the
 * roll when the decision came after one. */
static void item_head(const playrec_t *rec, const review_item_t *it, const mistakes_opts_t *o, const char *id,
                      const char *theme, strbuf_t *out)
{
    const board_t *b = &it->before;
    char w[128], bl[128], name[256], src[512];
    board_format_side(b, b->turn == BOARD_WHITE ? 0 : 1, w, sizeof w);
    board_format_side(b, b->turn == BOARD_WHITE ? 1 : 0, bl, sizeof bl);
    rules_format(&rec->rules, name, sizeof name);
    strbuf_addf(out, "  - id: %s\n", id);
    strbuf_addf(out, "    title: {en: \"From your game of %s\", sv: \"Ur ditt parti %s\"}\n", o->day, o->day);
    strbuf_addf(out, "    difficulty: %d\n", it->d.grade == GRADE_VERY_BAD ? 2 : 3);
    strbuf_addf(out, "    themes: [mine, %s]\n    source: {en: ", theme);
    snprintf(src, sizeof src, "Your game %s, line %d", o->source, it->line);
    yamlout_str(out, src);
    strbuf_add(out, ", sv: ");
    snprintf(src, sizeof src, "Ditt parti %s, rad %d", o->source, it->line);
    yamlout_str(out, src);
    strbuf_add(out, "}\n");
    strbuf_addf(out, "    rules: %s\n", name);
    strbuf_addf(out, "    position:\n      white: \"%s\"\n      black: \"%s\"\n      to-move: %s\n", w, bl,
                b->turn == BOARD_WHITE ? "white" : "black");
    if (it->roll.a) {
        char roll[8];
        words_roll(it->roll, roll, sizeof roll);
        strbuf_addf(out, "      roll: %s\n", roll);
    }
}

typedef struct rolled {
    const play_t *play;
    char text[128];
    double equity, ci;
    bool accepted;
} rolled_t;

/* Rolls out the top plays (down to the learner's, at most MISTAKE_MAX) of
 * it's position; returns how many are in r[] (best first), 0 when the
 * learner's play is within the best one's interval (not a clear mistake),
 * -1 when out of memory or stopped. */
static int confirm(search_ctx_t *sc, const rules_t *rules, const review_item_t *it, const mistakes_opts_t *o,
                   search_play_t *ranked, rolled_t *r, int *rivals)
{
    search_opts_t so;
    search_default_opts(MISTAKE_PLIES, &so);
    int n = search_rank(sc, &it->before, it->roll, &so, ranked);
    if (n < 2)
        return 0;
    /* the learner's play ranked by its value as deep as the best (as the
     * review graded it), not where a move filter left it */
    int mine = search_rank_deepen(sc, &so, ranked, n, &it->d.mine_after);
    int k = mine >= 0 && mine < MISTAKE_MAX ? mine + 1 : 3;
    if (k < 3)
        k = 3;
    if (k > n)
        k = n;
    rollout_opts_t ro;
    rollout_default_opts(&ro);
    ro.games = o->games;
    ro.seed = 1;
    ro.stop = o->stop;
    for (int i = 0; i < k; i++) {
        rollout_result_t res;
        if (rollout_play(&ranked[i].play, rules, &ro, &res) != 0 || res.stopped)
            return -1;
        r[i].play = &ranked[i].play;
        notation_play(&ranked[i].play, it->before.geom, r[i].text, sizeof r[i].text);
        r[i].equity = stated(res.equity);
        r[i].ci = stated(res.ci95);
    }
    /* best first (a stable insertion sort: ties keep the search's order) */
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && r[j].equity > r[j - 1].equity; j--) {
            rolled_t t = r[j];
            r[j] = r[j - 1];
            r[j - 1] = t;
        }
    int accepted = 0;
    bool mine_accepted = false;
    for (int i = 0; i < k; i++) {
        r[i].accepted = i == 0 || r[0].equity - r[i].equity <= r[0].ci;
        accepted += r[i].accepted;
        if (r[i].accepted && board_equal(&r[i].play->after, &it->d.mine_after))
            mine_accepted = true;
    }
    if (mine_accepted)
        return 0;
    *rivals = k - accepted;
    return k;
}

/* One puzzle item for mistake `it`, its plays rolled out in r[0..k). */
static void item_yaml(const playrec_t *rec, const review_item_t *it, const mistakes_opts_t *o, const char *id,
                      const rolled_t *r, int k, int rivals, strbuf_t *out)
{
    char roll[8];
    words_roll(it->roll, roll, sizeof roll);
    bool very = it->d.grade == GRADE_VERY_BAD;
    item_head(rec, it, o, id, "best-play", out);
    strbuf_add(out, "    question:\n      kind: play\n      goal: best\n      accept: [");
    for (int i = 0, a = 0; i < k; i++)
        if (r[i].accepted) {
            strbuf_add(out, a++ ? ", " : "");
            yamlout_str(out, r[i].text);
        }
    strbuf_addf(
        out,
        "]\n      rollout:\n        games: %d\n        seed: 1\n        plies: %d\n        rivals: %d\n"
        "        results:\n",
        o->games, MISTAKE_PLIES, rivals);
    for (int i = 0; i < k; i++)
        strbuf_addf(out, "          - {play: \"%s\", equity: %.3f, ci: %.3f}\n", r[i].text, r[i].equity,
                    r[i].ci);
    strbuf_add(out, "      prompt:\n        en: ");
    char p[512];
    snprintf(p, sizeof p, "In your game you rolled %s here and played %s, a %s play. Find the best play.",
             roll, it->d.mine_text, very ? "very bad" : "bad");
    yamlout_str(out, p);
    strbuf_add(out, "\n        sv: ");
    snprintf(p, sizeof p, "I ditt parti slog du %s här och spelade %s, ett %s drag. Hitta det bästa draget.",
             roll, it->d.mine_text, very ? "mycket dåligt" : "dåligt");
    yamlout_str(out, p);
    strbuf_add(out, "\n");
}

/* A give-up decision that becomes a puzzle (see mistakes.h). */
static bool giveup_mistake(const review_item_t *it)
{
    return it->kind == REVIEW_GIVE_UP && it->d.grade >= GRADE_BAD && it->d.lost >= MISTAKE_DECISION_MARGIN;
}

/* A give-up puzzle's id: "mine-give-up-" and the position's and roll's
 * hash, apart from the best-play puzzles' "mine-" ids (a search for one
 * never finds the other). */
static void giveup_id(const review_item_t *it, char *buf, size_t size)
{
    char h[32];
    puzzle_id(&it->before, it->roll, h, sizeof h);
    snprintf(buf, size, "mine-give-up-%s", h + strlen("mine-"));
}

/* One `give-up` puzzle item for decision `it`: the right answer is the
 * review's, at the depth the review judged it (the plies the question
 * states, so `brade check` judges it the same way). */
static void giveup_yaml(const playrec_t *rec, const review_t *rv, const review_item_t *it,
                        const mistakes_opts_t *o, strbuf_t *out)
{
    char roll[8] = "", id[48], p[512];
    giveup_id(it, id, sizeof id);
    bool very = it->d.grade == GRADE_VERY_BAD, after = it->roll.a != 0;
    int plies = after ? rv->plies : (rv->plies > 0 ? rv->plies - 1 : 0);
    if (after)
        words_roll(it->roll, roll, sizeof roll);
    item_head(rec, it, o, id, "giving-up", out);
    strbuf_addf(out, "    question:\n      kind: give-up\n      answer: %s\n      plies: %d\n",
                strcmp(it->d.best_text, "give up") == 0 ? "yes" : "no", plies);
    strbuf_add(out, "      prompt:\n        en: ");
    const char *did_en = it->acted ? "gave up" : "played on";
    const char *did_sv = after ? (it->acted ? "gav upp" : "spelade vidare")
                               : (it->acted ? "gav du upp" : "spelade du vidare");
    if (after)
        snprintf(p, sizeof p, "In your game you rolled %s here and %s, a %s decision. Give up or play on?",
                 roll, did_en, very ? "very bad" : "bad");
    else
        snprintf(p, sizeof p, "In your game you %s here before the roll, a %s decision. Give up or play on?",
                 did_en, very ? "very bad" : "bad");
    yamlout_str(out, p);
    strbuf_add(out, "\n        sv: ");
    if (after)
        snprintf(p, sizeof p, "I ditt parti slog du %s här och %s, ett %s beslut. Ge upp eller spela vidare?",
                 roll, did_sv, very ? "mycket dåligt" : "dåligt");
    else
        snprintf(p, sizeof p, "I ditt parti %s här före slaget, ett %s beslut. Ge upp eller spela vidare?", did_sv,
                 very ? "mycket dåligt" : "dåligt");
    yamlout_str(out, p);
    strbuf_add(out, "\n");
}

/* A one-die decision that becomes a puzzle (see mistakes.h): `brade
 * check` teaches a one-die answer only with a gap of 0.10 or more that the
 * rollouts can tell from zero, and the review's rollouts are its own. */
static bool onedie_mistake(const review_item_t *it)
{
    return it->kind == REVIEW_ONE_DIE && it->d.grade >= GRADE_BAD && it->d.lost >= MISTAKE_DECISION_MARGIN;
}

/* A one-die puzzle: "mine-one-die-" and the position's hash. */
static void onedie_id(const review_item_t *it, char *buf, size_t size)
{
    char h[32];
    puzzle_id(&it->before, (roll_t){0, 0}, h, sizeof h);
    snprintf(buf, size, "mine-one-die-%s", h + strlen("mine-"));
}

/* One `one-die` puzzle item for decision `it`: the right answer is the
 * review's rollouts', which `brade check` plays again. */
static void onedie_yaml(const playrec_t *rec, const review_item_t *it, const mistakes_opts_t *o, strbuf_t *out)
{
    char id[48], p[512];
    onedie_id(it, id, sizeof id);
    bool very = it->d.grade == GRADE_VERY_BAD;
    item_head(rec, it, o, id, "one-die", out);
    strbuf_addf(out, "    question:\n      kind: one-die\n      answer: %s\n", it->acted ? "no" : "yes");
    strbuf_add(out, "      prompt:\n        en: ");
    snprintf(p, sizeof p,
             "In your game you %s here, a %s decision. Declare the one-die rule, or roll both dice?",
             it->acted ? "declared the one-die rule" : "rolled both dice", very ? "very bad" : "bad");
    yamlout_str(out, p);
    strbuf_add(out, "\n        sv: ");
    snprintf(p, sizeof p,
             "I ditt parti %s här, ett %s beslut. Begära entärningsregeln, eller slå båda tärningarna?",
             it->acted ? "begärde du entärningsregeln" : "slog du båda tärningarna", very ? "mycket dåligt" : "dåligt");
    yamlout_str(out, p);
    strbuf_add(out, "\n");
}

/* A bad play of a one-die series: a single die of the mover's, or both
 * dice the review rolled out with the other side's series.  A puzzle's
 * position cannot carry the series still running (`brade check` would
 * judge it without), so it is not made one. */
static bool series_mistake(const review_item_t *it)
{
    return it->kind == REVIEW_PLAY && it->d.grade >= GRADE_BAD && (it->roll.b == 0 || it->d.rolled_series);
}

/* A bad play that becomes a best-play puzzle. */
static bool play_mistake(const review_item_t *it)
{
    return it->kind == REVIEW_PLAY && it->d.grade >= GRADE_BAD && !series_mistake(it);
}

bool mistakes_make(const playrec_t *rec, const review_t *rv, const mistakes_opts_t *o, strbuf_t *out,
                   mistakes_result_t *res)
{
    memset(res, 0, sizeof *res);
    /* plays, and decisions to give up or play on: a cube decision is not a
     * question of the course */
    for (int i = 0; i < rv->nitems; i++) {
        const review_item_t *it = &rv->items[i];
        res->series += series_mistake(it);
        res->candidates += play_mistake(it) || onedie_mistake(it) || giveup_mistake(it);
    }
    if (!res->candidates)
        return true;
    search_ctx_t *sc = search_ctx_new(&rec->rules, EVAL_DEFAULT);
    search_play_t *ranked = malloc(sizeof *ranked * MOVEGEN_MAX_PLAYS);
    bool ok = sc && ranked;
    int done = 0;
    for (int i = 0; ok && i < rv->nitems; i++) {
        const review_item_t *it = &rv->items[i];
        bool gu = giveup_mistake(it), od = onedie_mistake(it);
        if (gu || od) {
            /* the review judged it (giving up by search, the one-die rule by
             * rollouts); `brade check` judges it again */
            char id[48];
            (gu ? giveup_id : onedie_id)(it, id, sizeof id);
            if (o->progress)
                o->progress(o->ud, done++, res->candidates);
            if (o->known && strstr(o->known, id)) {
                res->known++;
                continue;
            }
            if (gu)
                giveup_yaml(rec, rv, it, o, out);
            else
                onedie_yaml(rec, it, o, out);
            res->made++;
            continue;
        }
        if (!play_mistake(it))
            continue;
        char id[32];
        puzzle_id(&it->before, it->roll, id, sizeof id);
        bool seen = o->known && strstr(o->known, id);
        for (int j = 0; j < i && !seen; j++) /* the same position twice in one game */
            seen = play_mistake(&rv->items[j]) && board_equal(&rv->items[j].before, &it->before) &&
                   rv->items[j].roll.a == it->roll.a && rv->items[j].roll.b == it->roll.b;
        if (o->progress)
            o->progress(o->ud, done++, res->candidates);
        if (seen) {
            res->known++;
            continue;
        }
        rolled_t r[MISTAKE_MAX];
        int rivals = 0;
        int k = confirm(sc, &rec->rules, it, o, ranked, r, &rivals);
        if (k < 0) {
            ok = false;
            break;
        }
        if (k == 0) {
            res->unclear++;
            continue;
        }
        item_yaml(rec, it, o, id, r, k, rivals, out);
        res->made++;
    }
    if (o->progress && ok)
        o->progress(o->ud, done, res->candidates);
    free(ranked);
    search_ctx_free(sc);
    return ok;
}

/* What a run made, in words (see mistakes.h). */
void mistakes_result_words(lang_t lang, const mistakes_result_t *res, const char *where, strbuf_t *out)
{
    if (!res->candidates && !res->series)
        strbuf_addf(out, "%s\n",
                    T(lang, "No bad play or decision to make a puzzle of.",
                      "Inget dåligt drag eller beslut att göra ett problem av."));
    else if (res->candidates)
        strbuf_addf(out,
                    T(lang,
                      "Your bad plays and decisions: %d; new puzzles: %d (theme 'mine'; %s), already among your "
                      "puzzles: %d, too close to the best play for a rollout to tell: %d.\n",
                      "Dina dåliga drag och beslut: %d; nya problem: %d (tema 'mine'; %s), redan bland dina "
                      "problem: %d, för nära det bästa draget för att en utspelning ska skilja dem: %d.\n"),
                    res->candidates, res->made, where, res->known, res->unclear);
    if (res->series)
        strbuf_addf(out,
                    T(lang,
                      "Not made puzzles: %d bad play%s of a one-die series (a puzzle cannot carry the series still "
                      "running).\n",
                      "Inte gjorda till problem: %d dåliga drag%s i en entärningsserie (ett problem kan inte bära "
                      "den pågående serien).\n"),
                    res->series, lang == LANG_SV || res->series == 1 ? "" : "s");
}
