/*
 * judge_best.c - best-play questions in the tutor: judging a legal play
 * against the question's rollout, the rollout table of the solution, and
 * a nudge made from what tells the best play from the next (see
 * question.h).  The numbers quoted are the ones the file states and
 * `brade check` rolled out again (content/best.h); a play the rollout did
 * not take is measured by a search at the question's depth.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/contrast.h"
#include "analysis/grade.h"
#include "analysis/search.h"
#include "content/best.h"
#include "engine/notation.h"
#include "tutor/explain_analysis.h"
#include "tutor/question.h"
#include "tutor/words.h"

/* "Rolled out under lyckans-talisman (648 games a play, seed 1)" */
static void source_words(const tutor_t *t, strbuf_t *out)
{
    const best_claim_t *c = &t->q->best;
    lang_t L = t->lang;
    strbuf_addf(out, T(L, "Rolled out under %s (%d games a play", "Utspelat enligt %s (%d partier per drag"),
                t->qpos->rules.name, c->games);
    if (c->truncate)
        strbuf_addf(out, T(L, ", each game stopped after %d plays and judged by the engine there",
                           ", varje parti avbrutet efter %d drag och bedömt av programmet där"),
                    c->truncate);
    strbuf_addf(out, T(L, ", seed %ld)", ", frö %ld)"), c->seed);
}

/* The first time in a session that rollout figures are shown, what they
 * mean, in plain words (a learner has not met "± 0.084" or "648 games a
 * play, seed 1" before). */
static void rollout_gloss(tutor_t *t, strbuf_t *out)
{
    if (t->told_rollout)
        return;
    t->told_rollout = true;
    const best_claim_t *c = &t->q->best;
    lang_t L = t->lang;
    strbuf_addf(out,
                T(L, "(What the numbers mean: from the position after each play the engine played the game to "
                     "the end %d times, every play meeting the same dice; seed %ld fixes those dice, so anyone "
                     "can repeat the count. A play's number is the points it won a game on average: +1.000 is "
                     "a one-point game won, -1.000 one lost. The ± is chance's margin: 95 times in 100 the "
                     "play's true value lies that close, so plays nearer each other than that are not told "
                     "apart.)\n",
                  "(Vad talen betyder: från ställningen efter varje drag spelade programmet partiet till slut "
                  "%d gånger, med samma tärningar för varje drag; frö %ld bestämmer tärningarna, så vem som "
                  "helst kan räkna om. Ett drags tal är poängen det vann per parti i genomsnitt: +1,000 är ett "
                  "enpoängsparti vunnet, -1,000 ett förlorat. ± är slumpens marginal: 95 gånger av 100 ligger "
                  "dragets sanna värde så nära, så drag som ligger närmare varandra än så skiljs inte åt.)\n"),
                c->games, c->seed);
}

/* The legal play (of t->buf, n plays) that leads to `after`, or NULL. */
static const play_t *play_to(const tutor_t *t, int n, const board_t *after)
{
    for (int i = 0; i < n; i++)
        if (board_equal(&movegen_play(t->buf, i)->after, after))
            return movegen_play(t->buf, i);
    return NULL;
}

/* The best result that is not accepted (the next best to an accepted
 * play), or NULL. */
static const best_result_t *best_rival(const best_claim_t *c)
{
    for (int i = 0; i < c->nresults; i++)
        if (!c->results[i].accepted)
            return &c->results[i];
    return NULL;
}

/* Two plays' values by one search at the question's depth, for a play the
 * rollout did not take (and the best, to compare like with like). */
static bool searched(const tutor_t *t, const play_t *a, eval_t *va, const play_t *b, eval_t *vb)
{
    search_ctx_t *sc = search_ctx_new(&t->qpos->rules, EVAL_DEFAULT);
    if (!sc)
        return false;
    search_opts_t so;
    search_default_opts(t->q->best.plies, &so);
    search_play_value(sc, a, t->q->best.plies, &so, va);
    search_play_value(sc, b, t->q->best.plies, &so, vb);
    search_ctx_free(sc);
    return true;
}

/* Why play a beats play b, in words, after `lead` ("Why: "); nothing when
 * only the numbers tell them apart.  The equities are the claim's (ea,
 * eb); the chance of each result, which the claim does not state, comes
 * from a search at the question's depth.  Uses t->buf (overwritten). */
static void why(const tutor_t *t, play_t a, double ea, play_t b, double eb, const char *b_text,
                bool b_is_yours, const char *lead, strbuf_t *out)
{
    const position_t *pos = t->qpos;
    eval_t va, vb;
    if (!searched(t, &a, &va, &b, &vb)) {
        memset(&va, 0, sizeof va);
        memset(&vb, 0, sizeof vb);
    }
    va.equity = ea;
    vb.equity = eb;
    contrast_t c;
    contrast_plays(&pos->board, &pos->rules, &a, &va, &b, &vb, t->buf, &c);
    char text[1024];
    if (explain_analysis_why(t->lang, &c, b_text, b_is_yours, text, sizeof text) == 0)
        return;
    if (text[0] >= 'A' && text[0] <= 'Z')
        text[0] = (char)(text[0] - 'A' + 'a');
    strbuf_addf(out, " %s%s", lead, text);
}

static tutor_result_t best_answer(tutor_t *t, int n, int mine, const bool *ok, strbuf_t *out);

/* Judges legal play `mine` (index in t->buf, n plays) of a best-play
 * question; ok[] marks the accepted plays (see question.h).  The verdict's
 * numbers are written with a decimal comma in Swedish. */
tutor_result_t tutorq_best_answer(tutor_t *t, int n, int mine, const bool *ok, strbuf_t *out)
{
    size_t from = out->len;
    tutor_result_t res = best_answer(t, n, mine, ok, out);
    words_decimal_comma(t->lang, out->s, from);
    return res;
}

static tutor_result_t best_answer(tutor_t *t, int n, int mine, const bool *ok, strbuf_t *out)
{
    const question_t *q = t->q;
    const best_claim_t *c = &q->best;
    const position_t *pos = t->qpos;
    lang_t L = t->lang;
    play_t me = *movegen_play(t->buf, mine);
    char note[128];
    notation_play(&me, pos->board.geom, note, sizeof note);
    const best_result_t *top = &c->results[0];
    const play_t *top_play = play_to(t, n, &top->after);
    if (!top_play)
        return TR_UNREAD; /* the loader checked every result legal */
    play_t best = *top_play;
    if (ok[mine]) {
        const best_result_t *r = best_find(c, &me.after), *next = best_rival(c);
        strbuf_addf(out, T(L, "Right: %s. ", "Rätt: %s. "), note);
        source_words(t, out);
        if (r == top)
            strbuf_addf(out, T(L, ", it makes %+.3f ± %.3f points a game, the most of the plays tried",
                               ", ger det %+.3f ± %.3f poäng per parti, mest av de prövade dragen"),
                        r->equity, r->ci);
        else /* accepted, but not first: said as the table says it */
            strbuf_addf(out,
                        T(L, ", it makes %+.3f ± %.3f points a game, as good as the best play (%s, %+.3f) "
                             "within the rollout's margin",
                          ", ger det %+.3f ± %.3f poäng per parti, lika bra som det bästa draget (%s, %+.3f) "
                          "inom utspelets felmarginal"),
                        r->equity, r->ci, top->play_text, top->equity);
        if (next) {
            const play_t *np = play_to(t, n, &next->after);
            play_t other = np ? *np : me;
            strbuf_addf(out,
                        T(L, "; the next best, %s, makes %+.3f (%.3f less).",
                          "; det näst bästa, %s, ger %+.3f (%.3f mindre)."),
                        next->play_text, next->equity, r->equity - next->equity);
            if (np)
                why(t, me, r->equity, other, next->equity, next->play_text, false,
                    T(L, "Why: ", "Varför: "), out);
        } else {
            strbuf_add(out, ".");
        }
        strbuf_add(out, "\n");
        rollout_gloss(t, out);
        return TR_RIGHT;
    }
    strbuf_addf(out,
                T(L, "That is legal, but the question asks for %s, and yours is not it. ",
                  "Det är tillåtet, men frågan gäller %s, och ditt är inte det. "),
                words_goal(L, GOAL_BEST));
    const best_result_t *r = best_find(c, &me.after);
    double mine_eq, best_eq = top->equity;
    if (r) {
        source_words(t, out);
        strbuf_addf(out,
                    T(L, ", yours makes %+.3f ± %.3f points a game and the best play %+.3f ± %.3f.",
                      ", ger ditt %+.3f ± %.3f poäng per parti och det bästa draget %+.3f ± %.3f."),
                    r->equity, r->ci, top->equity, top->ci);
        mine_eq = r->equity;
    } else {
        eval_t vm, vb;
        if (!searched(t, &me, &vm, &best, &vb))
            return TR_UNREAD;
        strbuf_addf(out,
                    T(L, "Yours was not among the plays rolled out; the engine, looking %d plays ahead, "
                         "gives it %+.3f points a game against %+.3f for the best play.",
                      "Ditt var inte bland de utspelade dragen; en sökning %d drag djupt ger det "
                      "%+.3f poäng per parti mot %+.3f för det bästa draget."),
                    c->plies, vm.equity, vb.equity);
        mine_eq = vm.equity;
        best_eq = vb.equity;
    }
    double lost = best_eq - mine_eq;
    if (lost < 0)
        lost = 0;
    grade_thresholds_t th;
    grade_default(&th);
    char g[256];
    explain_analysis_grade(L, grade_classify(lost, &th, &pos->rules), false, lost, g, sizeof g);
    strbuf_addf(out, " %s.", g);
    why(t, best, best_eq, me, mine_eq, NULL, true,
        T(L, "Why the best play is better: ", "Varför det bästa draget är bättre: "), out);
    strbuf_add(out, T(L, " Try again, or type 'hint'.\n", " Försök igen, eller skriv 'hint'.\n"));
    if (r)
        rollout_gloss(t, out);
    return TR_WEAK;
}

/* The rollout's table: every play tried, best first, with the equity each
 * gives away and its grade (see question.h); a play the question accepts
 * is "about as good", never graded, so the table and the list of right
 * plays above it say the same. */
void tutorq_best_table(tutor_t *t, strbuf_t *out)
{
    const best_claim_t *c = &t->q->best;
    lang_t L = t->lang;
    grade_thresholds_t th;
    grade_default(&th);
    source_words(t, out);
    strbuf_add(out, ":\n");
    for (int i = 0; i < c->nresults; i++) {
        const best_result_t *r = &c->results[i];
        double lost = c->results[0].equity - r->equity;
        strbuf_addf(out, "  %-22s %+.3f ± %.3f", r->play_text, r->equity, r->ci);
        if (i == 0)
            strbuf_add(out, T(L, "  best", "  bäst"));
        else if (r->accepted)
            strbuf_addf(out, T(L, "  -%.3f about as good", "  -%.3f ungefär lika bra"),
                        lost);
        else
            strbuf_addf(out, "  -%.3f %s", lost,
                        words_grade(L, grade_classify(lost, &th, &t->qpos->rules)));
        strbuf_add(out, "\n");
    }
    rollout_gloss(t, out);
}

/* A nudge for a best-play question with no hints of its own: what tells
 * the best play from the next best, without naming either (see
 * question.h). */
void tutorq_best_nudge(const tutor_t *t, strbuf_t *out)
{
    const best_claim_t *c = &t->q->best;
    const position_t *pos = t->qpos;
    lang_t L = t->lang;
    const best_result_t *next = best_rival(c);
    int n = movegen_plays(&pos->board, &pos->rules, pos->roll, t->buf);
    const play_t *a = play_to(t, n, &c->results[0].after);
    const play_t *b = next ? play_to(t, n, &next->after) : NULL;
    contrast_t k = {0};
    if (a && b) {
        play_t pa = *a, pb = *b;
        eval_t va, vb;
        memset(&va, 0, sizeof va);
        memset(&vb, 0, sizeof vb);
        contrast_plays(&pos->board, &pos->rules, &pa, &va, &pb, &vb, t->buf, &k);
    }
    switch (k.main) {
    case CONTRAST_JAN_SHOTS:
    case CONTRAST_SHOTS:
        strbuf_add(out, T(L, "Count the shots each candidate play leaves the other side.",
                          "Räkna skotten som varje tänkbart drag lämnar åt motspelaren."));
        break;
    case CONTRAST_JANBLOTTA:
    case CONTRAST_JB_LOWER:
        strbuf_add(out, T(L, "Watch your janblotta count after each play.",
                          "Håll ögonen på ditt janblottetal efter varje drag."));
        break;
    case CONTRAST_FORCES_JB:
        strbuf_add(out, T(L, "Which play keeps the barrier that forces the other side's janblotta out?",
                          "Vilket drag behåller spärren som tvingar ut motspelarens janblotta?"));
        break;
    case CONTRAST_THREAT:
        strbuf_add(out, T(L, "Which play threatens jan or sprängjan on your next roll?",
                          "Vilket drag hotar jan eller sprängjan på ditt nästa slag?"));
        break;
    case CONTRAST_TAKES:
        strbuf_add(out, T(L, "Which play sends the most checkers to the bar?",
                          "Vilket drag skickar flest brickor till ribban?"));
        break;
    case CONTRAST_BANDS:
        strbuf_add(out, T(L, "Which play makes or keeps a band the others give up?",
                          "Vilket drag lägger eller behåller ett band som de andra ger upp?"));
        break;
    case CONTRAST_BLOTS:
        strbuf_add(out, T(L, "Count the blots each candidate play leaves.",
                          "Räkna blottorna som varje tänkbart drag lämnar."));
        break;
    case CONTRAST_BEHIND:
        strbuf_add(out, T(L, "How many checkers does each play leave back?",
                          "Hur många brickor lämnar varje drag kvar bak?"));
        break;
    default:
        strbuf_addf(out, T(L, "Look for %s.", "Leta efter %s."), words_goal(L, GOAL_BEST));
        break;
    }
}
