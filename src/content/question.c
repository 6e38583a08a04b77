/*
 * question.c - questions in course files: reading them, computing the
 * answers the engine decides and verifying the answers authors state.
 */
#include <stdio.h>
#include <string.h>

#include "content/best.h"
#include "content/read.h"
#include "content/strbuf.h"
#include "engine/notation.h"
#include "engine/verdict.h"

static const char *const KIND_NAMES[QK_KIND_COUNT] = {"none",  "play",   "legal",  "rolls",
                                                      "outcome", "count", "choice", "give-up",
                                                      "one-die"};

/* The machine name of a question kind. */
const char *question_kind_name(qkind_t k)
{
    return (unsigned)k < QK_KIND_COUNT ? KIND_NAMES[k] : "?";
}

/* Which plays a play question accepts (see course.h). */
int question_accepted(const question_t *q, const position_t *pos, const movegen_buf_t *buf, int n, bool *ok)
{
    if (q->naccept == 0)
        return goal_select(q->goal, &pos->board, &pos->rules, pos->roll, buf, n, ok);
    int count = 0;
    for (int i = 0; i < n; i++) {
        ok[i] = false;
        for (int j = 0; j < q->naccept && !ok[i]; j++)
            ok[i] = board_equal(&movegen_play(buf, i)->after, &q->accept[j]);
        count += ok[i];
    }
    return count;
}

#define V(k) (1u << (k))
static const yamlload_key_t Q_KEYS[] = {
    {"kind", YK_REQUIRED, 0},
    {"prompt", 0, 0},
    {"hints", 0, 0},
    {"explanation", 0, 0},
    {"goal", 0, V(QK_PLAY) | V(QK_ROLLS)},
    {"accept", 0, V(QK_PLAY)},
    {"rollout", 0, V(QK_PLAY)},
    {"forced", 0, V(QK_ROLLS)},
    {"play", 0, V(QK_LEGAL) | V(QK_OUTCOME)},
    {"ask", 0, V(QK_OUTCOME)},
    {"what", YK_REQUIRED, V(QK_COUNT)},
    {"side", 0, V(QK_COUNT)},
    {"choices", YK_REQUIRED, V(QK_CHOICE)},
    {"answer", 0, V(QK_LEGAL) | V(QK_ROLLS) | V(QK_OUTCOME) | V(QK_COUNT) | V(QK_CHOICE) | V(QK_GIVE_UP) |
                    V(QK_ONE_DIE)},
    {"plies", 0, V(QK_GIVE_UP)},
};
enum {
    QF_KIND,
    QF_PROMPT,
    QF_HINTS,
    QF_EXPLANATION,
    QF_GOAL,
    QF_ACCEPT,
    QF_ROLLOUT,
    QF_FORCED,
    QF_PLAY,
    QF_ASK,
    QF_WHAT,
    QF_SIDE,
    QF_CHOICES,
    QF_ANSWER,
    QF_PLIES,
    QF_COUNT
};
#undef V

/* The words for a verdict, through the caller's explainer when there is one. */
static void verdict_words(reader_t *R, const position_t *pos, const verdict_t *v, const char *text,
                          char *buf, size_t size)
{
    if (R->explain)
        R->explain(&pos->board, &pos->rules, v, R->buf, text, buf, size);
    else
        snprintf(buf, size, "verdict %d, reason %d", (int)v->kind, (int)v->reason);
}

/* A roll as "6-2", higher die first. */
static void roll_text(roll_t r, char *buf, size_t size)
{
    if (r.b)
        snprintf(buf, size, "%d-%d", r.a > r.b ? r.a : r.b, r.a > r.b ? r.b : r.a);
    else
        snprintf(buf, size, "%d", r.a);
}

/* Judges `text` as a play of the position's roll (plays already generated
 * into R->buf, n of them).  Reports what is wrong at node `at` and returns
 * the play index, or -1. */
int read_legal_play(reader_t *R, const position_t *pos, int n, yaml_node_t *at, const char *text,
                    verdict_t *v)
{
    verdict_judge(&pos->board, &pos->rules, pos->roll, text, R->buf, n, v);
    if (v->kind == VERDICT_LEGAL)
        return v->play;
    if (v->kind == VERDICT_UNPARSEABLE) {
        yamlload_error_in(&R->y, at, v->typed.err_offset, v->typed.err_length,
                          "cannot read the play '%s' (write %s)", text, notation_forms());
        return -1;
    }
    char words[1024], roll[8];
    verdict_words(R, pos, v, text, words, sizeof words);
    roll_text(pos->roll, roll, sizeof roll);
    yamlload_error(&R->y, at, "'%s' is not a legal play of %s here: %s", text, roll, words);
    return -1;
}

/* Generates the plays of the position's roll; reports and returns -1 on
 * a missing roll or an engine overflow. */
int read_gen_plays(reader_t *R, const position_t *pos, yaml_node_t *q, const char *kind)
{
    if (!pos->have_roll) {
        yamlload_error(&R->y, q, "a '%s' question needs a roll: add 'roll: A-B' to the position",
                       kind);
        return -1;
    }
    int n = movegen_plays(&pos->board, &pos->rules, pos->roll, R->buf);
    if (n < 0)
        yamlload_error(&R->y, q, "the engine's play buffer overflowed on this position");
    return n;
}

/* --- play ---------------------------------------------------------- */

/* A `play` question: the goal, and the accepted plays checked against it. */
static bool read_play_q(reader_t *R, yaml_node_t *qn, yamlload_found_t *f, const position_t *pos,
                        question_t *q)
{
    q->goal = GOAL_LEGAL;
    if (f[QF_GOAL].value) {
        const char *names[GOAL_COUNT];
        for (int i = 0; i < GOAL_COUNT; i++)
            names[i] = goal_name((goal_t)i);
        int g = yamlload_enum(&R->y, f[QF_GOAL].value, "goal", names, GOAL_COUNT);
        if (g < 0)
            return false;
        q->goal = (goal_t)g;
    }
    int n = read_gen_plays(R, pos, qn, "play");
    if (n < 0)
        return false;
    bool best = q->goal == GOAL_BEST;
    if (f[QF_ROLLOUT].value && !best) {
        yamlload_error(&R->y, f[QF_ROLLOUT].value,
                       "'rollout' belongs to a best-play question ('goal: best')");
        return false;
    }
    if (best && !f[QF_ACCEPT].value) {
        yamlload_error(&R->y, f[QF_GOAL].value,
                       "a best-play question needs 'accept': the play you claim is best");
        return false;
    }
    bool *meets = arena_array(&R->course->arena, (size_t)n, sizeof *meets);
    int nmeet = best ? n : goal_select(q->goal, &pos->board, &pos->rules, pos->roll, R->buf, n, meets);
    for (int i = 0; best && i < n; i++)
        meets[i] = true; /* any legal play may be claimed; the rollout judges */
    char roll[8];
    roll_text(pos->roll, roll, sizeof roll);
    if (nmeet == 0) {
        yamlload_error(&R->y, f[QF_GOAL].value ? f[QF_GOAL].value : qn,
                       "no legal play of %s meets the goal '%s' here", roll, goal_name(q->goal));
        return false;
    }
    if (!f[QF_ACCEPT].value)
        return true;

    yaml_node_t *an = f[QF_ACCEPT].value;
    int count = an->type == YAML_SCALAR_NODE ? 1 : yamlload_list(&R->y, an, "accept");
    if (count < 0)
        return false;
    if (count == 0) {
        yamlload_error(&R->y, an,
                       "'accept' lists no play; leave it out to accept every play "
                       "that meets the goal");
        return false;
    }
    q->accept = arena_array(&R->course->arena, (size_t)count, sizeof *q->accept);
    q->accept_text = arena_array(&R->course->arena, (size_t)count, sizeof *q->accept_text);
    int *index = arena_array(&R->course->arena, (size_t)count, sizeof *index);
    yaml_node_t **nodes = arena_array(&R->course->arena, (size_t)count, sizeof *nodes);
    bool ok = true;
    for (int i = 0; i < count; i++) {
        yaml_node_t *it = an->type == YAML_SCALAR_NODE ? an : yamlload_item(&R->y, an, i);
        const char *text;
        if (!yamlload_string(&R->y, it, "accept", true, &text)) {
            ok = false;
            continue;
        }
        verdict_t v;
        int k = read_legal_play(R, pos, n, it, text, &v);
        if (k < 0) {
            ok = false;
            continue;
        }
        const play_t *p = movegen_play(R->buf, k);
        bool dup = false;
        for (int j = 0; j < q->naccept; j++)
            if (index[j] == k) {
                yamlload_error(&R->y, it, "'%s' is the same play as '%s'", text, q->accept_text[j]);
                yamlload_note(&R->y, nodes[j], "'%s' is listed here", q->accept_text[j]);
                dup = true;
            }
        if (dup) {
            ok = false;
            continue;
        }
        if (!meets[k]) {
            yamlload_error(&R->y, it, "'%s' is legal but does not meet the goal '%s'", text,
                           goal_name(q->goal));
            ok = false;
            continue;
        }
        if (v.written_jan && goal_asks_kind(q->goal)) {
            char hit[32], order[128];
            notation_format(&v.played[v.jan_at], 1, pos->board.geom, hit, sizeof hit);
            notation_play(p, pos->board.geom, order, sizeof order);
            yamlload_error(&R->y, it,
                           "'%s' as written makes the jan with the hit %s, so it is only a jan "
                           "(docs/rules.md D-15); write the blast last: '%s'",
                           text, hit, order);
            ok = false;
            continue;
        }
        index[q->naccept] = k;
        nodes[q->naccept] = it;
        q->accept[q->naccept] = p->after;
        q->accept_text[q->naccept] = text;
        q->naccept++;
    }
    if (!ok)
        return false;
    if (best)
        return best_read(R, qn, f[QF_ROLLOUT].value, nodes, pos, n, q);
    if (q->goal != GOAL_LEGAL && q->naccept < nmeet) {
        /* a claimed set must be the whole set the goal decides */
        strbuf_t sb;
        strbuf_init(&sb);
        int listed = 0;
        for (int k = 0; k < n; k++) {
            if (!meets[k])
                continue;
            bool in = false;
            for (int j = 0; j < q->naccept; j++)
                in |= index[j] == k;
            if (in)
                continue;
            char note[128];
            notation_play(movegen_play(R->buf, k), pos->board.geom, note, sizeof note);
            if (listed++ < 8)
                strbuf_addf(&sb, "%s'%s'", listed > 1 ? ", " : "", note);
        }
        if (listed > 8)
            strbuf_addf(&sb, " and %d more", listed - 8);
        yamlload_error(&R->y, f[QF_ACCEPT].key,
                       "'accept' leaves out plays that also meet the goal '%s': %s (list them all, "
                       "or leave 'accept' out to accept every play that meets the goal)",
                       goal_name(q->goal), strbuf_str(&sb));
        strbuf_free(&sb);
        return false;
    }
    return true;
}

/* --- legal --------------------------------------------------------- */

/* A `legal` question: the play, and its verdict (a stated answer checked). */
static bool read_legal_q(reader_t *R, yaml_node_t *qn, yamlload_found_t *f, const position_t *pos,
                         question_t *q)
{
    if (!f[QF_PLAY].value) {
        yamlload_error(&R->y, qn, "a 'legal' question needs 'play' (the play to judge)");
        return false;
    }
    if (!yamlload_string(&R->y, f[QF_PLAY].value, "play", true, &q->play_text))
        return false;
    int n = read_gen_plays(R, pos, qn, "legal");
    if (n < 0)
        return false;
    verdict_t v;
    verdict_judge(&pos->board, &pos->rules, pos->roll, q->play_text, R->buf, n, &v);
    if (v.kind == VERDICT_UNPARSEABLE) {
        yamlload_error_in(&R->y, f[QF_PLAY].value, v.typed.err_offset, v.typed.err_length,
                          "cannot read the play '%s' (write %s)", q->play_text, notation_forms());
        return false;
    }
    q->legal = v.kind == VERDICT_LEGAL;
    if (f[QF_ANSWER].value) {
        bool said;
        if (!yamlload_bool(&R->y, f[QF_ANSWER].value, "answer", &said))
            return false;
        if (said != q->legal) {
            char words[1024];
            verdict_words(R, pos, &v, q->play_text, words, sizeof words);
            yamlload_error(&R->y, f[QF_ANSWER].value,
                           "the answer says '%s', but the engine says: %s",
                           said ? "legal" : "not legal", words);
            return false;
        }
    }
    return true;
}

/* --- rolls --------------------------------------------------------- */

/* Reads a stated set of rolls: a list of "A-B" strings, or one string of
 * them separated by blanks or commas, or "none". */
static bool read_roll_set(reader_t *R, yaml_node_t *n, uint32_t *out)
{
    *out = 0;
    int count = n->type == YAML_SCALAR_NODE ? 1 : yamlload_list(&R->y, n, "answer");
    if (count < 0)
        return false;
    bool ok = true;
    for (int i = 0; i < count; i++) {
        yaml_node_t *it = n->type == YAML_SCALAR_NODE ? n : yamlload_item(&R->y, n, i);
        const char *text;
        if (!yamlload_string(&R->y, it, "answer", true, &text)) {
            ok = false;
            continue;
        }
        if (strcmp(text, "none") == 0 && count == 1)
            return true;
        const char *p = text;
        for (;;) {
            while (*p == ' ' || *p == ',')
                p++;
            if (!*p)
                break;
            size_t len = strcspn(p, " ,");
            char tok[16];
            roll_t r;
            snprintf(tok, sizeof tok, "%.*s", (int)len, p);
            int idx = len < sizeof tok && read_roll_text(tok, &r) && r.b ? goal_roll_index(r) : -1;
            if (idx < 0) {
                yamlload_error_in(&R->y, it, (int)(p - text), (int)len,
                                  "'%s' is not a roll (write two dice as A-B, like 6-2)", tok);
                ok = false;
            } else if (*out & (1u << idx)) {
                yamlload_error_in(&R->y, it, (int)(p - text), (int)len,
                                  "the roll %s is named twice", tok);
                ok = false;
            } else {
                *out |= 1u << idx;
            }
            p += len;
        }
    }
    return ok;
}

/* A set of rolls as text, highest first. */
static void roll_list(uint32_t set, strbuf_t *sb)
{
    int k = 0;
    for (int i = GOAL_ROLLS - 1; i >= 0; i--)
        if (set & (1u << i)) {
            roll_t r = goal_roll_at(i);
            strbuf_addf(sb, "%s%d-%d", k++ ? " " : "", r.a, r.b);
        }
    if (!k)
        strbuf_add(sb, "none");
}

/* A `rolls` question: the engine's set (a stated set checked). */
static bool read_rolls_q(reader_t *R, yaml_node_t *qn, yamlload_found_t *f, const position_t *pos,
                         bool own_roll, question_t *q)
{
    if (!f[QF_GOAL].value) {
        yamlload_error(&R->y, qn, "a 'rolls' question needs 'goal' (what the rolls should do)");
        return false;
    }
    const char *names[GOAL_COUNT];
    int nn = 0;
    int map[GOAL_COUNT];
    for (int i = 0; i < GOAL_COUNT; i++)
        if (goal_for_rolls((goal_t)i)) {
            map[nn] = i;
            names[nn++] = goal_name((goal_t)i);
        }
    int g = yamlload_enum(&R->y, f[QF_GOAL].value, "goal for rolls", names, nn);
    if (g < 0)
        return false;
    q->goal = (goal_t)map[g];
    if (f[QF_FORCED].value && !yamlload_bool(&R->y, f[QF_FORCED].value, "forced", &q->forced))
        return false;
    if (own_roll && pos->have_roll) {
        yamlload_error(&R->y, qn,
                       "a 'rolls' question asks about every roll; drop 'roll' from "
                       "its position");
        return false;
    }
    position_t p = *pos;
    if (!goal_rolls(q->goal, q->forced, &p.board, &p.rules, R->buf, &q->rolls)) {
        yamlload_error(&R->y, qn, "the engine's play buffer overflowed on this position");
        return false;
    }
    if (f[QF_ANSWER].value) {
        uint32_t said;
        if (!read_roll_set(R, f[QF_ANSWER].value, &said))
            return false;
        if (said != q->rolls) {
            strbuf_t sb;
            strbuf_init(&sb);
            strbuf_addf(&sb, "the engine's rolls for '%s'%s are: ", goal_name(q->goal),
                        q->forced ? " (forced)" : "");
            roll_list(q->rolls, &sb);
            if (q->rolls & ~said) {
                strbuf_add(&sb, "; missing: ");
                roll_list(q->rolls & ~said, &sb);
            }
            if (said & ~q->rolls) {
                strbuf_add(&sb, "; not in the set: ");
                roll_list(said & ~q->rolls, &sb);
            }
            yamlload_error(&R->y, f[QF_ANSWER].value, "%s", strbuf_str(&sb));
            strbuf_free(&sb);
            return false;
        }
    }
    return true;
}

/* --- outcome ------------------------------------------------------- */

static const yamlload_key_t OUT_KEYS[] = {{"win", 0, 0}, {"munk", 0, 0}, {"points", 0, 0}};

/* An `outcome` question: the play, its result (a stated result checked). */
static bool read_outcome_q(reader_t *R, yaml_node_t *qn, yamlload_found_t *f, const position_t *pos,
                           question_t *q)
{
    int n = read_gen_plays(R, pos, qn, "outcome");
    if (n < 0)
        return false;
    int k;
    char roll[8];
    roll_text(pos->roll, roll, sizeof roll);
    verdict_t v;
    v.written_jan = false;
    if (f[QF_PLAY].value) {
        if (!yamlload_string(&R->y, f[QF_PLAY].value, "play", true, &q->play_text))
            return false;
        k = read_legal_play(R, pos, n, f[QF_PLAY].value, q->play_text, &v);
        if (k < 0)
            return false;
    } else if (n == 1) {
        k = 0;
        char note[128];
        notation_play(movegen_play(R->buf, 0), pos->board.geom, note, sizeof note);
        q->play_text = arena_strdup(&R->course->arena, note);
    } else {
        yamlload_error(
            &R->y, qn,
            "%s has %d legal plays here; say which one the question is about with 'play'", roll, n);
        return false;
    }
    const play_t *p = movegen_play(R->buf, k);
    q->after = p->after;
    /* the play in the order written (rules.md D-15: a hit that makes the
     * jan makes only a jan, whatever another order would earn) */
    q->outcome = v.written_jan ? v.written : p->outcome;

    q->ask = ASK_WIN | ASK_POINTS | (pos->rules.munk != MUNK_NONE ? ASK_MUNK : 0);
    if (f[QF_ASK].value) {
        static const char *const PARTS[] = {"win", "munk", "points"};
        yaml_node_t *an = f[QF_ASK].value;
        int count = an->type == YAML_SCALAR_NODE ? 1 : yamlload_list(&R->y, an, "ask");
        if (count <= 0) {
            if (count == 0)
                yamlload_error(&R->y, an, "'ask' names nothing (win, munk, points)");
            return false;
        }
        q->ask = 0;
        for (int i = 0; i < count; i++) {
            yaml_node_t *it = an->type == YAML_SCALAR_NODE ? an : yamlload_item(&R->y, an, i);
            int part = yamlload_enum(&R->y, it, "part to ask", PARTS, 3);
            if (part < 0)
                return false;
            q->ask |= 1 << part;
        }
    }
    if (!f[QF_ANSWER].value)
        return true;
    yamlload_found_t af[3];
    if (!yamlload_map(&R->y, f[QF_ANSWER].value, "an outcome answer", OUT_KEYS, 3, false, af))
        return false;
    bool ok = true;
    char words[256];
    if (af[0].value) {
        const char *names[OUT_KIND_COUNT];
        names[0] = "none";
        for (int i = 1; i < OUT_KIND_COUNT; i++)
            names[i] = outcome_kind_name((outcome_kind_t)i);
        int kind = yamlload_enum(&R->y, af[0].value, "win", names, OUT_KIND_COUNT);
        if (kind < 0)
            ok = false;
        else if (kind != (int)q->outcome.kind) {
            yamlload_error(&R->y, af[0].value, "the engine says this play ends in '%s', not '%s'",
                           names[q->outcome.kind], names[kind]);
            ok = false;
        }
    }
    if (af[1].value) {
        bool munk;
        if (!yamlload_bool(&R->y, af[1].value, "munk", &munk))
            ok = false;
        else if (munk != (q->outcome.munk > 0)) {
            yamlload_error(&R->y, af[1].value, "the engine says this is %s munk",
                           q->outcome.munk ? "a win with" : "no");
            ok = false;
        }
    }
    if (af[2].value) {
        int pts;
        if (!yamlload_int(&R->y, af[2].value, "points", 0, 99, &pts))
            ok = false;
        else if (pts != q->outcome.points) {
            snprintf(words, sizeof words, "%d", q->outcome.points);
            yamlload_error(&R->y, af[2].value,
                           "the engine scores this play %s point%s under %s, "
                           "not %d",
                           words, q->outcome.points == 1 ? "" : "s", pos->rules.name, pts);
            ok = false;
        }
    }
    return ok;
}

/* --- count --------------------------------------------------------- */

/* A `count` question: the engine's number (a stated number checked). */
static bool read_count_q(reader_t *R, yaml_node_t *qn, yamlload_found_t *f, const position_t *pos,
                         question_t *q)
{
    const char *names[COUNT_KIND_COUNT];
    for (int i = 0; i < COUNT_KIND_COUNT; i++)
        names[i] = goal_count_name((count_t)i);
    int w = yamlload_enum(&R->y, f[QF_WHAT].value, "count ('what')", names, COUNT_KIND_COUNT);
    if (w < 0)
        return false;
    q->what = (count_t)w;
    q->side = 0;
    if (f[QF_SIDE].value) {
        static const char *const SIDES[] = {"to-move", "opponent", "white", "black"};
        int s = yamlload_enum(&R->y, f[QF_SIDE].value, "side", SIDES, 4);
        if (s < 0)
            return false;
        q->side = s < 2 ? s : ((s == 2 ? BOARD_WHITE : BOARD_BLACK) == pos->board.turn ? 0 : 1);
    }
    if (q->what == COUNT_PLAYS) {
        if (q->side != 0) {
            yamlload_error(&R->y, f[QF_SIDE].value, "'plays' counts the plays of the side on roll");
            return false;
        }
        if (read_gen_plays(R, pos, qn, "count: plays") < 0)
            return false;
    }
    q->count = goal_count(q->what, &pos->board, q->side, &pos->rules, pos->roll, R->buf);
    if (f[QF_ANSWER].value) {
        int said;
        if (!yamlload_int(&R->y, f[QF_ANSWER].value, "answer", -99, 999, &said))
            return false;
        if (said != q->count) {
            yamlload_error(&R->y, f[QF_ANSWER].value, "the engine counts %d for '%s', not %d",
                           q->count, goal_count_name(q->what), said);
            return false;
        }
    }
    return true;
}

/* --- choice -------------------------------------------------------- */

/* A `choice` question: the choices and the right ones. */
static bool read_choice_q(reader_t *R, yaml_node_t *qn, yamlload_found_t *f, question_t *q)
{
    yaml_node_t *cn = f[QF_CHOICES].value;
    int count = yamlload_list(&R->y, cn, "choices");
    if (count < 0)
        return false;
    if (count < 2 || count > LOAD_MAX_CHOICES) {
        yamlload_error(&R->y, cn, "'choices' needs 2 to %d choices, not %d", LOAD_MAX_CHOICES,
                       count);
        return false;
    }
    q->choices = arena_array(&R->course->arena, (size_t)count, sizeof *q->choices);
    bool ok = true;
    for (int i = 0; i < count; i++)
        ok &= yamlload_text(&R->y, yamlload_item(&R->y, cn, i), "choice", &q->choices[i]);
    q->nchoices = count;
    if (!f[QF_ANSWER].value) {
        yamlload_error(&R->y, qn,
                       "a 'choice' question needs 'answer' (the number of the right "
                       "choice, or a list of them)");
        return false;
    }
    yaml_node_t *an = f[QF_ANSWER].value;
    int na = an->type == YAML_SCALAR_NODE ? 1 : yamlload_list(&R->y, an, "answer");
    if (na <= 0) {
        if (na == 0)
            yamlload_error(&R->y, an, "'answer' names no choice");
        return false;
    }
    for (int i = 0; i < na; i++) {
        yaml_node_t *it = an->type == YAML_SCALAR_NODE ? an : yamlload_item(&R->y, an, i);
        int c;
        if (!yamlload_int(&R->y, it, "answer", 1, count, &c)) {
            ok = false;
            continue;
        }
        q->correct |= 1u << (c - 1);
    }
    (void)qn;
    return ok;
}

/* --- common -------------------------------------------------------- */

/* A list of hint texts (see read.h). */
bool read_hints(reader_t *R, yaml_node_t *n, text_t **out, int *count)
{
    int c = yamlload_list(&R->y, n, "hints");
    if (c < 0)
        return false;
    if (c > LOAD_MAX_HINTS) {
        yamlload_error(&R->y, n, "at most %d hints, not %d (grade them: a nudge, then the idea)",
                       LOAD_MAX_HINTS, c);
        return false;
    }
    *out = arena_array(&R->course->arena, (size_t)c, sizeof **out);
    bool ok = true;
    for (int i = 0; i < c; i++)
        ok &= yamlload_text(&R->y, yamlload_item(&R->y, n, i), "hint", &(*out)[i]);
    *count = c;
    return ok;
}

/* Reads a question of any kind and computes its answer (see read.h). */
bool read_question(reader_t *R, yaml_node_t *n, const position_t *pos, bool own_roll, question_t *q)
{
    memset(q, 0, sizeof *q);
    q->loc = yamlload_loc(&R->y, n);
    yamlload_found_t f[QF_COUNT];
    if (!yamlload_map(&R->y, n, "a question", Q_KEYS, QF_COUNT, true, f))
        return false;
    if (!f[QF_KIND].value)
        return false;
    int kind =
        yamlload_enum(&R->y, f[QF_KIND].value, "question kind", KIND_NAMES + 1, QK_KIND_COUNT - 1);
    if (kind < 0)
        return false;
    q->kind = (qkind_t)(kind + 1);
    char vname[32];
    snprintf(vname, sizeof vname, "a '%s'", question_kind_name(q->kind));
    int before = R->y.diags->errors;
    yamlload_variant(&R->y, n, "question", Q_KEYS, QF_COUNT, 1u << q->kind, vname, f);

    bool ok = R->y.diags->errors == before;
    if (f[QF_PROMPT].value)
        ok &= yamlload_text(&R->y, f[QF_PROMPT].value, "prompt", &q->prompt);
    if (f[QF_HINTS].value)
        ok &= read_hints(R, f[QF_HINTS].value, &q->hints, &q->nhints);
    if (f[QF_EXPLANATION].value)
        ok &= yamlload_text(&R->y, f[QF_EXPLANATION].value, "explanation", &q->explanation);
    /* required keys of the kind were reported by yamlload_variant */
    if ((q->kind == QK_COUNT && !f[QF_WHAT].value) ||
        (q->kind == QK_CHOICE && !f[QF_CHOICES].value))
        return false;
    if (q->kind != QK_CHOICE && (!pos || !pos->present)) {
        yamlload_error(&R->y, n, "a '%s' question needs a position", question_kind_name(q->kind));
        return false;
    }
    switch (q->kind) {
    case QK_PLAY:
        ok &= read_play_q(R, n, f, pos, q);
        break;
    case QK_LEGAL:
        ok &= read_legal_q(R, n, f, pos, q);
        break;
    case QK_ROLLS:
        ok &= read_rolls_q(R, n, f, pos, own_roll, q);
        break;
    case QK_OUTCOME:
        ok &= read_outcome_q(R, n, f, pos, q);
        break;
    case QK_COUNT:
        ok &= read_count_q(R, n, f, pos, q);
        break;
    case QK_CHOICE:
        ok &= read_choice_q(R, n, f, q);
        break;
    case QK_GIVE_UP:
        ok &= read_giveup_q(R, n, f[QF_ANSWER].value, f[QF_PLIES].value, pos, q);
        break;
    case QK_ONE_DIE:
        ok &= read_onedie_q(R, n, f[QF_ANSWER].value, pos, q);
        break;
    default:
        break;
    }
    return ok;
}
