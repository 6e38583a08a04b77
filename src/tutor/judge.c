/*
 * judge.c - judging the learner's replies to the open question, kind by
 * kind (see tutor.h: tutor_answer).
 */
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "engine/verdict.h"
#include "tutor/question.h"
#include "tutor/words.h"

/* Why play p misses a defence goal: the other side's rolls that punish it,
 * and one of his plays that does (one clause, after "yours"). */
static void why_not_defended(const tutor_t *t, goal_t g, const play_t *p, strbuf_t *out)
{
    lang_t L = t->lang;
    const position_t *pos = t->qpos;
    goal_t threat = goal_defence_threat(g);
    const char *what = threat == GOAL_SPRANGJAN ? "sprängjan" : "jan";
    movegen_buf_t *scratch = movegen_buf_new();
    uint32_t set = 0;
    if (!scratch || !goal_threat_rolls(threat, p, &pos->rules, scratch, &set) || set == 0) {
        movegen_buf_free(scratch); /* out of memory (or no threat): the plain clause */
        strbuf_add(out, T(L, "yours does not do that", "ditt gör inte det"));
        return;
    }
    int him = 1 - t->qpos->board.turn;
    strbuf_addf(out, T(L, "after yours %s can make you %s with %d of 36 rolls (",
                       "efter ditt kan %s göra dig %s med %d av 36 slag ("),
                words_colour(L, him, L != LANG_SV), what, goal_rolls_weight(set));
    words_rolls(L, set, out);
    strbuf_add(out, ")");
    /* his play with the highest such roll, in his own numbering */
    int i = GOAL_ROLLS - 1;
    while (!(set & (1u << i)))
        i--;
    roll_t roll = goal_roll_at(i);
    board_t his = p->after;
    board_swap(&his);
    int n = movegen_plays(&his, &pos->rules, roll, scratch);
    for (int k = 0; k < n; k++) {
        const play_t *q = movegen_play(scratch, k);
        if (!goal_play_meets(threat, &his, &pos->rules, roll, q))
            continue;
        char r[8], note[128], won[160];
        words_roll(roll, r, sizeof r);
        notation_play(q, his.geom, note, sizeof note);
        explain_outcome(L, &q->outcome, won, sizeof won);
        strbuf_addf(out, T(L, ", for example %s: %s in his numbering, which wins %s",
                              ", till exempel %s: %s i hans numrering, som vinner %s"),
                    r, note, won);
        break;
    }
    movegen_buf_free(scratch);
}

/* Why legal play p does not meet goal g (one clause, after "yours"). */
static void why_not(const tutor_t *t, goal_t g, const play_t *p, strbuf_t *out)
{
    lang_t L = t->lang;
    char won[160];
    int jb = board_janblotta_count(&p->after, 0);
    switch (g) {
    case GOAL_WIN:
    case GOAL_HEMSPEL:
    case GOAL_PATTERN:
    case GOAL_JAN:
    case GOAL_SPRANGJAN:
    case GOAL_MUNK:
    case GOAL_WIN_MOST:
        if (p->outcome.kind == OUT_NONE)
            strbuf_add(out, T(L, "yours does not win the game", "ditt vinner inte partiet"));
        else {
            explain_outcome(L, &p->outcome, won, sizeof won);
            strbuf_addf(out, T(L, "yours wins %s", "ditt vinner %s"), won);
        }
        break;
    case GOAL_ENTER:
        strbuf_addf(out,
                    T(L, "yours leaves %d %s on the bar", "ditt lämnar %d %s på ribban"),
                    p->after.side[0][BOARD_BAR], words_checkers(L, p->after.side[0][BOARD_BAR]));
        break;
    case GOAL_HIT:
        strbuf_add(out, T(L, "yours hits no blot", "ditt slår ingen blotta"));
        break;
    case GOAL_BLAST:
        strbuf_add(out, T(L, "yours blasts no band", "ditt spränger inget band"));
        break;
    case GOAL_BEAR_OFF:
        strbuf_add(out, T(L, "yours bears nothing off", "ditt spelar inte hem någon bricka"));
        break;
    case GOAL_REDUCE:
        strbuf_add(out, T(L, "yours bears nothing off with a higher die",
                          "ditt spelar inte hem med högre tärning"));
        break;
    case GOAL_KEEP_JANBLOTTA_IN:
        strbuf_addf(out,
                    T(L, "after yours the janblotta count is %d: the janblotta is out",
                      "efter ditt är janblottetalet %d: janblottan är ute"),
                    jb);
        break;
    case GOAL_JANBLOTTA_OUT:
        strbuf_addf(out,
                    T(L, "after yours the janblotta count is only %d",
                      "efter ditt är janblottetalet bara %d"),
                    jb);
        break;
    case GOAL_NO_SPRANGJAN:
    case GOAL_NO_JAN:
        why_not_defended(t, g, p, out);
        break;
    default:
        strbuf_add(out, T(L, "yours does not do that", "ditt gör inte det"));
        break;
    }
}

/* A play: the verdict first, then the goal or the accepted plays. */
static tutor_result_t answer_play(tutor_t *t, const char *text, strbuf_t *out)
{
    const question_t *q = t->q;
    const position_t *pos = t->qpos;
    lang_t L = t->lang;
    int n = movegen_plays(&pos->board, &pos->rules, pos->roll, t->buf);
    if (n < 0)
        return TR_UNREAD;
    verdict_t v;
    verdict_judge(&pos->board, &pos->rules, pos->roll, text, t->buf, n, &v);
    char words[2048];
    if (v.kind == VERDICT_NOT_ENOUGH) {
        /* what the play misses and which rule demands more, not the play
         * that does it: that is the answer (the last hint shows it) */
        char rname[256];
        rules_format(&pos->rules, rname, sizeof rname);
        /* the rule the commonest short plays break, by name; the play that
         * uses more is not shown (it is the answer) */
        if (explain_short_rule(L, &pos->rules, &v, words, sizeof words)) {
            strbuf_addf(out, T(L, "Not right. %s [rules: %s]\n", "Inte rätt. %s [regler: %s]\n"), words, rname);
            return TR_WRONG;
        }
        if (pos->rules.move_criterion == CRIT_MAX_PIPS)
            strbuf_addf(out,
                        T(L, "Not right. Not enough: yours moves %d pips, and the roll can be played for %d. "
                             "The rules make you use as much of the roll as you can, so find a play that uses "
                             "more of it. [rules: %s]\n",
                          "Inte rätt. För lite: ditt drag flyttar %d ögon, och slaget kan spelas för %d. "
                          "Reglerna kräver att du utnyttjar så stor del av slaget som möjligt, så hitta ett drag "
                          "som använder mer av det. [regler: %s]\n"),
                        v.your_pips, v.best_pips, rname);
        else
            strbuf_addf(out,
                        T(L, "Not right. Not enough: yours uses %d %s, and %d can be used. The rules make you "
                             "use as many dice as you can, so find a play that uses more. [rules: %s]\n",
                          "Inte rätt. För lite: ditt drag använder %d %s, och %d går att använda. Reglerna "
                          "kräver att du använder så många tärningar som möjligt, så hitta ett drag som "
                          "använder fler. [regler: %s]\n"),
                        v.your_dice, v.your_dice == 1 ? T(L, "die", "tärning") : T(L, "dice", "tärningar"),
                        v.best_dice, rname);
        return TR_WRONG;
    }
    if (v.kind != VERDICT_LEGAL) {
        explain_verdict(L, &pos->board, &pos->rules, &v, t->buf, text, words, sizeof words);
        if (v.kind == VERDICT_UNPARSEABLE) {
            strbuf_addf(out, "%s\n", words);
            return TR_UNREAD;
        }
        strbuf_addf(out, T(L, "Not right. %s\n", "Inte rätt. %s\n"), words);
        return TR_WRONG;
    }
    bool ok[MOVEGEN_MAX_PLAYS];
    int nok = tutorq_accepted(t, n, ok);
    if (q->goal == GOAL_BEST)
        return tutorq_best_answer(t, n, v.play, ok, out);
    const play_t *mine = movegen_play(t->buf, v.play);
    /* rules.md D-15: the order written decides jan or sprängjan.  Where
     * the question is after the result, the play as written must earn it. */
    if (v.written_jan && ok[v.play] && goal_asks_kind(q->goal)) {
        explain_verdict(L, &pos->board, &pos->rules, &v, t->buf, text, words, sizeof words);
        strbuf_addf(out, T(L, "Not quite. %s Try again.\n", "Inte riktigt. %s Försök igen.\n"), words);
        return TR_WEAK;
    }
    if (ok[v.play]) {
        char note[128], won[160];
        notation_play(mine, pos->board.geom, note, sizeof note);
        strbuf_addf(out, T(L, "Right: %s.", "Rätt: %s."),
                    mine->nsteps ? note : T(L, "no move", "inget drag"));
        if (v.written_jan) {
            char hit[32];
            explain_outcome(L, &v.written, won, sizeof won);
            notation_format(&v.played[v.jan_at], 1, pos->board.geom, hit, sizeof hit);
            strbuf_addf(out,
                        T(L, " As you wrote it, it wins %s: the hit %s makes the jan (written %s, "
                             "a blast makes it, and it is sprängjan).",
                          " Som du skrev det vinner det %s: slaget %s gör janen (skrivet %s gör en "
                          "sprängning det, och det är sprängjan)."),
                        won, hit, note);
        } else if (mine->outcome.kind != OUT_NONE && !tutorq_next_asks_outcome(t)) {
            explain_outcome(L, &mine->outcome, won, sizeof won);
            strbuf_addf(out, T(L, " It wins: %s.", " Det vinner: %s."), won);
        }
        if (v.ignored_moves)
            strbuf_add(out,
                       T(L, " (The game ended there; the rest of what you typed is not played.)",
                         " (Partiet tog slut där; resten av det du skrev spelas inte.)"));
        if (nok > 1) {
            strbuf_add(out, T(L, "\nAlso right: ", "\nOckså rätt: "));
            tutorq_list_plays(t, n, ok, v.play, 6, out);
            strbuf_add(out, ".");
        } else if (n > 1) {
            strbuf_add(out,
                       T(L, " It is the only right answer.", " Det är det enda rätta svaret."));
        } else if (mine->outcome.kind == OUT_SPRANGJAN &&
                   goal_play_meets(GOAL_HIT, &pos->board, &pos->rules, pos->roll, mine)) {
            /* one play, but the order of its steps matters (rules.md D-15) */
            strbuf_add(out, T(L, " Written in this order, the blast is the step that makes the jan.",
                              " Skrivet i den här ordningen är det sprängningen som gör janen."));
        } else {
            strbuf_add(out,
                       T(L, " It is the only legal play.", " Det är det enda tillåtna draget."));
        }
        strbuf_add(out, "\n");
        return TR_RIGHT;
    }
    /* legal, but not what the question is after */
    strbuf_add(out, T(L, "That is legal", "Det är tillåtet"));
    if (q->goal != GOAL_LEGAL) {
        strbuf_addf(out,
                    T(L, ", but the question asks for %s, and ", ", men frågan gäller %s, och "),
                    words_goal(L, q->goal));
        why_not(t, q->goal, mine, out);
        strbuf_add(out, ".");
        /* what the expected plays achieve, without naming them */
        int first = -1;
        for (int i = 0; i < n && first < 0; i++)
            if (ok[i])
                first = i;
        const play_t *best = movegen_play(t->buf, first);
        if (best->outcome.kind != OUT_NONE) {
            char won[160];
            explain_outcome(L, &best->outcome, won, sizeof won);
            strbuf_addf(
                out, T(L, " There is a play that wins %s.", " Det finns ett drag som vinner %s."),
                won);
        } else {
            if (L == LANG_SV)
                strbuf_addf(out, " %d drag gör det.", nok);
            else
                strbuf_addf(out, " %d play%s do%s it.", nok, nok != 1 ? "s" : "",
                            nok == 1 ? "es" : "");
        }
    } else {
        strbuf_add(out, T(L, ", but it is not the play this question is after.",
                          ", men det är inte draget som frågan söker."));
    }
    strbuf_add(out, T(L, " Try again, or type 'hint'.\n", " Försök igen, eller skriv 'hint'.\n"));
    return TR_WEAK;
}

/* Yes or no about a play, with the engine's verdict. */
static tutor_result_t answer_legal(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    int said = words_yes_no(text);
    if (said < 0) {
        strbuf_add(out, T(L, "Answer yes or no.\n", "Svara ja eller nej.\n"));
        return TR_UNREAD;
    }
    const position_t *pos = t->qpos;
    int n = movegen_plays(&pos->board, &pos->rules, pos->roll, t->buf);
    verdict_t v;
    verdict_judge(&pos->board, &pos->rules, pos->roll, t->q->play_text, t->buf, n, &v);
    char words[2048];
    explain_verdict(L, &pos->board, &pos->rules, &v, t->buf, t->q->play_text, words, sizeof words);
    bool right = (said == 1) == t->q->legal;
    strbuf_addf(out, "%s %s\n", right ? T(L, "Right.", "Rätt.") : T(L, "No.", "Nej."), words);
    return right ? TR_RIGHT : TR_WRONG;
}

/* Give up or play on: the analysis's numbers either way. */
static tutor_result_t answer_give_up(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    int said = words_yes_no(text);
    if (said < 0) {
        strbuf_add(out, T(L, "Answer yes (give up) or no (play on).\n",
                          "Svara ja (ge upp) eller nej (spela vidare).\n"));
        return TR_UNREAD;
    }
    bool right = (said == 1) == t->q->give_up;
    strbuf_add(out, right ? T(L, "Right. ", "Rätt. ") : T(L, "No. ", "Nej. "));
    if (!tutorq_giveup_words(t, out))
        strbuf_add(out, T(L, "(The analysis ran out of memory.)", "(Analysen fick slut på minne.)"));
    strbuf_add(out, "\n");
    return right ? TR_RIGHT : TR_WRONG;
}

/* Declare the one-die rule or roll both dice: the rollouts' numbers
 * either way. */
static tutor_result_t answer_one_die(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    int said = words_one_die(text);
    if (said < 0) {
        strbuf_add(out, T(L, "Answer yes (declare the one-die rule) or no (roll both dice).\n",
                          "Svara ja (begär entärningsregeln) eller nej (slå båda tärningarna).\n"));
        return TR_UNREAD;
    }
    bool right = (said == 1) == t->q->one_die;
    strbuf_add(out, right ? T(L, "Right. ", "Rätt. ") : T(L, "No. ", "Nej. "));
    if (!tutorq_onedie_words(t, out))
        strbuf_add(out, T(L, "(The rollouts ran out of memory.)", "(Utspelningen fick slut på minne.)"));
    strbuf_add(out, "\n");
    return right ? TR_RIGHT : TR_WRONG;
}

/* One example of a play of `roll` meeting the goal, or why none does. */
static void roll_reason(tutor_t *t, roll_t roll, strbuf_t *out)
{
    const question_t *q = t->q;
    const position_t *pos = t->qpos;
    lang_t L = t->lang;
    int n = movegen_plays(&pos->board, &pos->rules, roll, t->buf);
    char r[8];
    words_roll(roll, r, sizeof r);
    int hit = -1, miss = -1;
    for (int i = 0; i < n; i++) {
        bool m = goal_play_meets(q->goal, &pos->board, &pos->rules, roll, movegen_play(t->buf, i));
        if (m && hit < 0)
            hit = i;
        if (!m && miss < 0)
            miss = i;
    }
    if (q->forced) {
        if (miss >= 0) {
            strbuf_addf(out, T(L, "with %s, %s can play ", "med %s kan %s spela "), r,
                        tutorq_who(t, false));
            tutorq_play_words(t, movegen_play(t->buf, miss), out);
            strbuf_add(out, T(L, ", which avoids it", ", vilket undviker det"));
        } else {
            strbuf_addf(out, T(L, "with %s every play does it", "med %s gör varje drag det"), r);
        }
        return;
    }
    if (hit >= 0) {
        strbuf_addf(out, T(L, "with %s: ", "med %s: "), r);
        tutorq_play_words(t, movegen_play(t->buf, hit), out);
    } else {
        strbuf_addf(out, T(L, "with %s no play does it", "med %s gör inget drag det"), r);
    }
}

/* A set of rolls: the wrong ones explained, the missing ones counted. */
static tutor_result_t answer_rolls(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    uint32_t said;
    int off, len;
    if (!words_rolls_parse(text, &said, &off, &len)) {
        if (len > 0)
            strbuf_addf(out, T(L, "'%.*s' is not a roll. ", "'%.*s' är inget slag. "), len,
                        text + off);
        strbuf_add(out, T(L, "List rolls like 6-2 5-5 4-1, or say 'none'.\n",
                          "Räkna upp slag som 6-2 5-5 4-1, eller säg 'inga'.\n"));
        return TR_UNREAD;
    }
    uint32_t truth = t->q->rolls;
    if (said == truth) {
        int k = __builtin_popcount(truth);
        if (L == LANG_SV)
            strbuf_addf(out, "Rätt: %d slag, %d av de 36: ", k, goal_rolls_weight(truth));
        else
            strbuf_addf(out, "Right: %d roll%s, %d of the 36: ", k, k == 1 ? "" : "s",
                        goal_rolls_weight(truth));
        words_rolls(L, truth, out);
        strbuf_add(out, ".\n");
        return TR_RIGHT;
    }
    uint32_t missing = truth & ~said, extra = said & ~truth;
    strbuf_add(out, T(L, "Not quite.", "Inte riktigt."));
    if (!tutorq_first_try(t)) {
        /* after the first try nothing more: one roll taken out at a time
         * would otherwise find the set */
        strbuf_add(out, T(L, " Try again, or type 'hint'.\n", " Försök igen, eller skriv 'hint'.\n"));
        return TR_WRONG;
    }
    int nsaid = __builtin_popcount(said), ntruth = __builtin_popcount(truth);
    if (extra && nsaid > ntruth) {
        /* more rolls than the set has (all 21, say): the count of those
         * that do not belong, not which they are */
        int k = __builtin_popcount(extra), m = __builtin_popcount(missing);
        if (L == LANG_SV)
            strbuf_addf(out, " Du nämner %d slag; %d av dem hör inte dit, och %d saknas.", nsaid, k, m);
        else
            strbuf_addf(out, " You name %d rolls; %d of them do not belong, and %d %s missing.", nsaid, k, m,
                        m == 1 ? "is" : "are");
        strbuf_add(out, T(L, " Try again, or type 'hint'.\n", " Försök igen, eller skriv 'hint'.\n"));
        return TR_WRONG;
    }
    if (extra) {
        strbuf_add(out, T(L, " Not in the set:", " Hör inte dit:"));
        for (int i = GOAL_ROLLS - 1; i >= 0; i--)
            if (extra & (1u << i)) {
                strbuf_add(out, "\n  ");
                roll_reason(t, goal_roll_at(i), out);
                strbuf_add(out, ".");
            }
    }
    if (missing) {
        int k = __builtin_popcount(missing);
        if (L == LANG_SV)
            strbuf_addf(out, "%s%d slag saknas.", extra ? "\n" : " ", k);
        else
            strbuf_addf(out, "%s%d roll%s missing.", extra ? "\n" : " ", k,
                        k == 1 ? " is" : "s are");
    }
    strbuf_add(out, T(L, " Try again, or type 'hint'.\n", " Försök igen, eller skriv 'hint'.\n"));
    return TR_WRONG;
}

/* Which win, munk, points: each part asked is judged. */
static tutor_result_t answer_outcome(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    const question_t *q = t->q;
    said_outcome_t s;
    if (!words_outcome_parse(text, &s)) {
        strbuf_addf(out, T(L, "I do not understand '%.*s'. ", "Jag förstår inte '%.*s'. "),
                    s.unknown_len, text + s.unknown_off);
        strbuf_add(
            out, T(L,
                   "Say which win (hemspel, enkelt kronspel, ..., jan, sprängjan, or none), "
                   "munk or no munk, and the points.\n",
                   "Säg vilken vinst (hemspel, enkelt kronspel, ..., jan, sprängjan, eller ingen), "
                   "munk eller ingen munk, och poängen.\n"));
        return TR_UNREAD;
    }
    bool no_win = q->outcome.kind == OUT_NONE;
    /* "none" answers every part when there is no win, and a wrong win is
     * wrong whatever else is missing */
    bool wrong_kind = (q->ask & ASK_WIN) && s.kind >= 0 && s.kind != (int)q->outcome.kind;
    bool missing =
        !wrong_kind && (((q->ask & ASK_WIN) && s.kind < 0) ||
                        (!no_win && s.kind != OUT_NONE && (q->ask & ASK_POINTS) && s.points < 0));
    if (missing) {
        strbuf_add(out, T(L, "Say which win (or 'none')", "Säg vilken vinst (eller 'ingen')"));
        if (q->ask & ASK_POINTS)
            strbuf_add(out, T(L, " and how many points", " och hur många poäng"));
        strbuf_add(out, T(L, ", e.g. 'jan 2'.\n", ", t.ex. 'jan 2'.\n"));
        return TR_UNREAD;
    }
    bool right = true;
    if ((q->ask & ASK_WIN) && s.kind != (int)q->outcome.kind)
        right = false;
    if ((q->ask & ASK_MUNK) && s.munk >= 0 && s.munk != (q->outcome.munk > 0))
        right = false;
    if ((q->ask & ASK_MUNK) && s.munk < 0 && q->outcome.munk > 0)
        right = false; /* munk is part of the answer when there is one */
    int pts = no_win ? 0 : q->outcome.points;
    if ((q->ask & ASK_POINTS) && s.points >= 0 && s.points != pts)
        right = false;
    char won[160];
    explain_outcome(L, &q->outcome, won, sizeof won);
    if (right)
        strbuf_addf(out,
                    no_win ? T(L, "Right: nobody wins yet.\n", "Rätt: ingen vinner än.\n")
                           : T(L, "Right: %s.\n", "Rätt: %s.\n"),
                    won);
    else
        strbuf_addf(out,
                    no_win ? T(L, "No: nobody wins with this play.\n",
                               "Nej: ingen vinner med det här draget.\n")
                           : T(L, "No: this play wins %s.\n", "Nej: draget vinner %s.\n"),
                    won);
    return right ? TR_RIGHT : TR_WRONG;
}

/* A number, with how it is made up. */
static tutor_result_t answer_count(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    int said;
    if (!words_int(text, &said)) {
        strbuf_add(out, T(L, "Type a number.\n", "Skriv ett tal.\n"));
        return TR_UNREAD;
    }
    if (said != t->q->count) {
        /* not the number: which way it is off, the first time only (more
         * would let the count be found by halving), and another try */
        if (!tutorq_first_try(t))
            strbuf_addf(out, T(L, "No, not %d. Count again, or type 'hint'.\n",
                               "Nej, inte %d. Räkna igen, eller skriv 'hint'.\n"),
                        said);
        else
            strbuf_addf(out,
                        said > t->q->count ? T(L, "No, not %d: that is too many. Count again, or type 'hint'.\n",
                                               "Nej, inte %d: det är för många. Räkna igen, eller skriv 'hint'.\n")
                                           : T(L, "No, not %d: that is too few. Count again, or type 'hint'.\n",
                                               "Nej, inte %d: det är för få. Räkna igen, eller skriv 'hint'.\n"),
                        said);
        return TR_WRONG;
    }
    strbuf_addf(out, T(L, "Right: %d", "Rätt: %d"), t->q->count);
    tutorq_count_breakdown(t, out);
    strbuf_add(out, ".\n");
    return TR_RIGHT;
}

/* The number of a choice. */
static tutor_result_t answer_choice(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    const question_t *q = t->q;
    int said;
    if (!words_int(text, &said) || said < 1 || said > q->nchoices) {
        strbuf_addf(out, T(L, "Type a number from 1 to %d.\n", "Skriv ett tal från 1 till %d.\n"),
                    q->nchoices);
        return TR_UNREAD;
    }
    bool right = (q->correct >> (said - 1)) & 1u;
    if (right)
        strbuf_addf(out, T(L, "Right: %s\n", "Rätt: %s\n"), text_pick(&q->choices[said - 1], L));
    else
        strbuf_addf(out, T(L, "No, not %d) %s. Try another, or type 'hint'.\n",
                           "Nej, inte %d) %s. Pröva ett annat, eller skriv 'hint'.\n"),
                    said, text_pick(&q->choices[said - 1], L));
    if (!right && tutorq_first_try(t) && (t->mode == TUTOR_LESSON || t->mode == TUTOR_DRILL)) {
        /* the first answer is the one that counts: guessing through the
         * choices earns nothing today */
        strbuf_add(out, T(L, "(With a choice, the first answer is the one that counts: this step is earned on "
                             "another day.)\n",
                          "(Med alternativ räknas det första svaret: det här steget tjänas in en annan dag.)\n"));
        t->revealed = true;
        tutorq_mark_shown(t, out);
    }
    return right ? TR_RIGHT : TR_WRONG;
}

/* Judges a reply to the open question (see tutor.h). */
tutor_result_t tutor_answer(tutor_t *t, const char *text, strbuf_t *out)
{
    lang_t L = t->lang;
    if (!t->q) {
        strbuf_add(out, T(L, "No question is open just now.\n", "Ingen fråga är öppen just nu.\n"));
        return TR_NO_QUESTION;
    }
    tutor_result_t r = TR_UNREAD;
    switch (t->q->kind) {
    case QK_PLAY:
        r = answer_play(t, text, out);
        break;
    case QK_LEGAL:
        r = answer_legal(t, text, out);
        break;
    case QK_ROLLS:
        r = answer_rolls(t, text, out);
        break;
    case QK_OUTCOME:
        r = answer_outcome(t, text, out);
        break;
    case QK_COUNT:
        r = answer_count(t, text, out);
        break;
    case QK_CHOICE:
        r = answer_choice(t, text, out);
        break;
    case QK_GIVE_UP:
        r = answer_give_up(t, text, out);
        break;
    case QK_ONE_DIE:
        r = answer_one_die(t, text, out);
        break;
    default:
        break;
    }
    if (r == TR_UNREAD || r == TR_NO_QUESTION)
        return r;
    t->attempted = true;
    tutorq_record(t, r == TR_RIGHT, out);
    if (r == TR_RIGHT && !t->revealed && t->mode == TUTOR_LESSON && t->step < 32) {
        t->earned |= 1u << t->step;
        if (t->progress) /* kept for another day */
            progress_lesson_at(t->progress, t->course->lessons[t->lesson].id, t->step, t->earned);
    }
    if (r == TR_RIGHT && !t->revealed && t->mode == TUTOR_DRILL && t->step < 32 && t->progress)
        tutorq_earn_drilled(t);
    if (r == TR_RIGHT && t->revealed && !t->answered) {
        tutorq_practice_note(t, out);
        t->practised = true;
    }
    /* a right answer, or a wrong one to a closed question (the reply gave
     * the answer away): the explanation follows, once */
    bool closed = t->q->kind == QK_LEGAL || t->q->kind == QK_OUTCOME || t->q->kind == QK_GIVE_UP ||
                  t->q->kind == QK_ONE_DIE;
    if ((r == TR_RIGHT || closed) && !t->answered) {
        t->answered = true;
        if (r != TR_RIGHT) { /* the reply gave the answer away */
            t->revealed = true;
            tutorq_mark_shown(t, out);
        }
        tutorq_explanation(t, out);
    }
    return r;
}
