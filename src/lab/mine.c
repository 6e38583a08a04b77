/*
 * mine.c - puzzles mined from games (see mine.h).
 */
#include "lab/mine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/contrast.h"
#include "analysis/dice.h"
#include "analysis/rollout.h"
#include "analysis/search.h"
#include "content/goal.h"
#include "content/yamlout.h"
#include "engine/notation.h"
#include "engine/posid.h"
#include "lab/mine_tag.h"
#include "lab/selfplay.h"
#include "tutor/words.h"

enum { MAX_RECORD = 600, NPLAYERS = 5, NLADDER = 4, BEST_TOP = 3 };

/* The players of the games: a pair drawn for each game.  The last is the
 * nets with one play in six a random one (a learner's slip). */
static const char *const PLAYERS[NPLAYERS] = {"net", "net:1", "linear", "pips", "net"};
static const char *const PLAYER_NAMES[NPLAYERS] = {"net", "net:1", "linear", "pips", "net+noise"};
#define NOISE (1.0 / 6.0)
/* The weaker players whose misses make a puzzle's difficulty. */
static const char *const LADDER[NLADDER] = {"pips", "linear", "net", "net:1"};

/* A set of 64-bit hashes, open addressing (0 is never a hash: see hash). */
typedef struct hset {
    uint64_t *v;
    size_t cap, n;
} hset_t;

/* Adds h; true when it was not there.  False too when out of memory (the
 * caller then treats it as met before: nothing is kept twice). */
static bool hset_add(hset_t *s, uint64_t h)
{
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        uint64_t *v = calloc(cap, sizeof *v);
        if (!v)
            return false;
        for (size_t i = 0; i < s->cap; i++)
            if (s->v[i])
                for (size_t j = s->v[i] & (cap - 1);; j = (j + 1) & (cap - 1))
                    if (!v[j]) {
                        v[j] = s->v[i];
                        break;
                    }
        free(s->v);
        s->v = v;
        s->cap = cap;
    }
    for (size_t j = h & (s->cap - 1);; j = (j + 1) & (s->cap - 1)) {
        if (s->v[j] == h)
            return false;
        if (!s->v[j]) {
            s->v[j] = h;
            s->n++;
            return true;
        }
    }
}

static bool hset_has(const hset_t *s, uint64_t h)
{
    if (!s->cap)
        return false;
    for (size_t j = h & (s->cap - 1);; j = (j + 1) & (s->cap - 1)) {
        if (s->v[j] == h)
            return true;
        if (!s->v[j])
            return false;
    }
}

/* FNV-1a of the position id and the roll (lower die first; {0, 0}: the
 * board alone), never 0. */
static uint64_t hash(const board_t *b, roll_t roll)
{
    char id[POSID_SIZE];
    posid_write(b->geom, b, id);
    uint64_t h = 1469598103934665603u;
    for (const char *s = id; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    int lo = roll.a < roll.b ? roll.a : roll.b, hi = roll.a < roll.b ? roll.b : roll.a;
    h = (h ^ (uint64_t)(lo * 7 + hi + 1)) * 1099511628211u;
    return h ? h : 1;
}

typedef struct miner {
    const mine_opts_t *o;
    const rules_t *r;
    search_ctx_t *sc;
    selfplay_player_t *players[NPLAYERS], *ladder[NLADDER];
    movegen_buf_t *buf, *game_buf;
    search_play_t *sp;
    bool *meets;
    hset_t seen, known;
    strbuf_t *out;
    mine_stats_t *st;
    const char *short_name;
} miner_t;

/* A number as the YAML states it. */
static double stated(double x) { return round(x * 1000.0) / 1000.0; }

/* How many of the weaker players miss the answer: their play is not one
 * that `ok` marks (indices of the legal plays in m->buf). */
static int misses(miner_t *m, const board_t *b, roll_t roll, int n, const bool *ok)
{
    int k = 0;
    for (int i = 0; i < NLADDER; i++) {
        selfplay_player_t *p = m->ladder[i];
        int pick = search_choose(p->search, b, roll, m->buf, n, &p->opts);
        k += pick < 0 || pick >= n || !ok[pick];
    }
    return k;
}

/* The title (the roll and the task, never the answer) and the prompt of a
 * question with goal g. */
static void title_prompt(goal_t g, roll_t roll, strbuf_t *out)
{
    char rt[8];
    words_roll(roll, rt, sizeof rt);
    const char *en, *sv;
    switch (g) { /* the words before the roll, and after it */
    case GOAL_WIN_MOST:
        en = "Win with ", sv = "Vinn med ";
        break;
    case GOAL_NO_JAN:
        en = "No jan after ", sv = "Ingen jan efter ";
        break;
    case GOAL_NO_SPRANGJAN:
        en = "No sprängjan after ", sv = "Ingen sprängjan efter ";
        break;
    case GOAL_KEEP_JANBLOTTA_IN:
        en = "Keep the janblotta in: ", sv = "Håll janblottan inne: ";
        break;
    default:
        en = "A ", sv = "Ett ";
        break;
    }
    bool best = g == GOAL_BEST;
    char t[128];
    strbuf_add(out, "    title: {en: ");
    snprintf(t, sizeof t, "%s%s%s", en, rt, best ? " to play" : "");
    yamlout_str(out, t);
    strbuf_add(out, ", sv: ");
    snprintf(t, sizeof t, "%s%s%s", sv, rt, best ? " att spela" : "");
    yamlout_str(out, t);
    strbuf_add(out, "}\n");
}

/* The prompt lines of a question with goal g. */
static void prompt(goal_t g, const board_t *b, roll_t roll, strbuf_t *out)
{
    char rt[8], t[512];
    words_roll(roll, rt, sizeof rt);
    strbuf_add(out, "      prompt:\n        en: ");
    snprintf(t, sizeof t, "%s to play %s: find %s.", words_colour(LANG_EN, b->turn, true), rt,
             words_goal(LANG_EN, g));
    yamlout_str(out, t);
    strbuf_add(out, "\n        sv: ");
    snprintf(t, sizeof t, "%s ska spela %s: hitta %s.", words_colour(LANG_SV, b->turn, true), rt,
             words_goal(LANG_SV, g));
    yamlout_str(out, t);
    strbuf_add(out, "\n");
}

/* An item's lines up to its question. */
static void item_head(miner_t *m, const board_t *b, roll_t roll, goal_t g, int difficulty, const char **tags,
                      int ntags, const char *mover, const char *other, int game, int ply, const char *judge,
                      double margin)
{
    strbuf_t *out = m->out;
    char w[128], bl[128], rt[8], src[512];
    board_format_side(b, b->turn == BOARD_WHITE ? 0 : 1, w, sizeof w);
    board_format_side(b, b->turn == BOARD_WHITE ? 1 : 0, bl, sizeof bl);
    words_roll(roll, rt, sizeof rt);
    strbuf_addf(out, "  - id: mined-%s-%08x\n", m->short_name, (unsigned)(hash(b, roll) & 0xffffffffu));
    title_prompt(g, roll, out);
    strbuf_addf(out, "    difficulty: %d\n    themes: [", difficulty);
    for (int i = 0; i < ntags; i++)
        strbuf_addf(out, "%s%s", i ? ", " : "", tags[i]);
    strbuf_add(out, "]\n    source: {en: ");
    snprintf(src, sizeof src, "Mined from a game of %s (on roll here) against %s (seed %llu, game %d)", mover, other,
             (unsigned long long)m->o->seed, game);
    yamlout_str(out, src);
    strbuf_add(out, ", sv: ");
    snprintf(src, sizeof src, "Utvunnen ur ett parti mellan %s (på tur här) och %s (frö %llu, parti %d)", mover, other,
             (unsigned long long)m->o->seed, game);
    yamlout_str(out, src);
    strbuf_addf(out, "}\n    mined: {seed: %llu, game: %d, ply: %d, players: \"%s vs %s\", judge: ",
                (unsigned long long)m->o->seed, game, ply, mover, other);
    yamlout_str(out, judge);
    if (margin > 0)
        strbuf_addf(out, ", margin: %.3f", margin);
    strbuf_addf(out, "}\n    position:\n      white: \"%s\"\n      black: \"%s\"\n      to-move: %s\n      roll: %s\n",
                w, bl, b->turn == BOARD_WHITE ? "white" : "black", rt);
    m->st->made++;
    m->st->by_goal[g]++;
    m->st->by_difficulty[difficulty]++;
}

/* A goal question: the plays meeting g are marked in m->meets. */
static void goal_item(miner_t *m, const board_t *b, roll_t roll, int n, goal_t g, const char *mover,
                      const char *other, int game, int ply, const char *judge, double margin)
{
    int best = -1;
    for (int i = 0; i < n && best < 0; i++)
        if (m->meets[i])
            best = i;
    const char *tags[MINE_TAGS_MAX];
    int nt = mine_tags(b, m->r, movegen_play(m->buf, best), g, NULL, tags);
    int d = 1 + misses(m, b, roll, n, m->meets);
    item_head(m, b, roll, g, d, tags, nt, mover, other, game, ply, judge, margin);
    strbuf_addf(m->out, "    question:\n      kind: play\n      goal: %s\n", goal_name(g));
    prompt(g, b, roll, m->out);
    strbuf_add(m->out, "\n");
}

typedef struct rolled {
    int index; /* in m->buf */
    char text[128];
    double equity, ci;
} rolled_t;

/* A best-play question when the rollout separates the best (see mine.h);
 * the 2-ply ranking is in m->sp[0..k).  False when stopped. */
static bool best_item(miner_t *m, const board_t *b, roll_t roll, int n, int k, const char *mover,
                      const char *other, int game, int ply)
{
    mine_stats_t *st = m->st;
    st->best_tried++;
    int top = k < BEST_TOP ? k : BEST_TOP;
    rolled_t r[BEST_TOP];
    rollout_opts_t ro;
    rollout_default_opts(&ro);
    ro.games = MINE_GAMES;
    ro.seed = 1;
    ro.stop = m->o->stop;
    for (int i = 0; i < top; i++) {
        rollout_result_t res;
        if (rollout_play(&m->sp[i].play, m->r, &ro, &res) != 0 || res.stopped)
            return false;
        r[i].index = m->sp[i].index;
        notation_play(&m->sp[i].play, b->geom, r[i].text, sizeof r[i].text);
        r[i].equity = stated(res.equity);
        r[i].ci = stated(res.ci95);
    }
    for (int i = 1; i < top; i++) /* best first, ties in the search's order */
        for (int j = i; j > 0 && r[j].equity > r[j - 1].equity; j--) {
            rolled_t t = r[j];
            r[j] = r[j - 1];
            r[j - 1] = t;
        }
    double margin = r[0].equity - r[1].equity;
    if (margin <= r[0].ci || margin < MINE_BEST_MARGIN) {
        st->best_unclear++;
        return true;
    }
    /* the facts must say why: what the tutor will say at answer time */
    const search_play_t *a = NULL, *o = NULL;
    for (int i = 0; i < k; i++) {
        if (m->sp[i].index == r[0].index)
            a = &m->sp[i];
        if (m->sp[i].index == r[1].index)
            o = &m->sp[i];
    }
    contrast_t c;
    contrast_plays(b, m->r, &a->play, &a->value, &o->play, &o->value, m->sc->bufs[0], &c);
    if (c.main == CONTRAST_NONE || c.main == CONTRAST_PROBABILITY) {
        st->best_no_words++;
        return true;
    }
    for (int i = 0; i < n; i++)
        m->meets[i] = i == r[0].index;
    const char *tags[MINE_TAGS_MAX];
    int nt = mine_tags(b, m->r, &a->play, GOAL_BEST, &c, tags);
    int d = 1 + misses(m, b, roll, n, m->meets);
    char judge[128];
    snprintf(judge, sizeof judge, "rollout, %d games a play, seed 1, luck taken out", MINE_GAMES);
    item_head(m, b, roll, GOAL_BEST, d, tags, nt, mover, other, game, ply, judge, margin);
    strbuf_t *out = m->out;
    strbuf_add(out, "    question:\n      kind: play\n      goal: best\n      accept: [");
    yamlout_str(out, r[0].text);
    strbuf_addf(out,
                "]\n      rollout:\n        games: %d\n        seed: 1\n        plies: 2\n        rivals: %d\n"
                "        results:\n",
                MINE_GAMES, top - 1);
    for (int i = 0; i < top; i++)
        strbuf_addf(out, "          - {play: \"%s\", equity: %.3f, ci: %.3f}\n", r[i].text, r[i].equity, r[i].ci);
    prompt(GOAL_BEST, b, roll, out);
    strbuf_add(out, "\n");
    return true;
}

/* One position met in a game, with a roll of the miner's dice: a puzzle
 * when its answer is clear (see mine.h).  False when stopped. */
static bool consider(miner_t *m, const board_t *b, roll_t roll, const char *mover, const char *other, int game,
                     int ply)
{
    mine_stats_t *st = m->st;
    if (hset_has(&m->known, hash(b, (roll_t){0, 0}))) {
        st->known++;
        return true;
    }
    if (!hset_add(&m->seen, hash(b, roll))) {
        st->repeated++;
        return true;
    }
    int n = movegen_plays(b, m->r, roll, m->buf);
    if (n < 4)
        return true;
    st->positions++;
    /* a win now, worth the most */
    int wins = 0;
    for (int i = 0; i < n; i++) {
        outcome_kind_t k = movegen_play(m->buf, i)->outcome.kind;
        wins += k != OUT_NONE && k != OUT_DRAW;
    }
    if (wins > 0) {
        if (wins * 3 <= n && n - wins >= 3) {
            goal_select(GOAL_WIN_MOST, b, m->r, roll, m->buf, n, m->meets);
            goal_item(m, b, roll, n, GOAL_WIN_MOST, mover, other, game, ply, "the rules", 0);
        }
        return true;
    }
    search_opts_t so;
    int k = -1;
    /* a defence, or the janblotta kept in, where it is what the position is about */
    static const goal_t DEFENCE[] = {GOAL_NO_SPRANGJAN, GOAL_NO_JAN, GOAL_KEEP_JANBLOTTA_IN};
    for (size_t d = 0; m->r->jan && d < sizeof DEFENCE / sizeof DEFENCE[0]; d++) {
        int c = goal_select(DEFENCE[d], b, m->r, roll, m->buf, n, m->meets);
        if (c < 1 || c * 3 > n || n - c < 3)
            continue;
        if (k < 0) {
            search_default_opts(2, &so);
            k = search_rank(m->sc, b, roll, &so, m->sp);
        }
        if (k < 2 || !m->meets[m->sp[0].index])
            continue;
        int j = 1;
        while (j < k && m->meets[m->sp[j].index])
            j++;
        double margin = j < k ? m->sp[0].value.equity - m->sp[j].value.equity : 0;
        if (j >= k || margin < MINE_GOAL_MARGIN)
            continue;
        goal_item(m, b, roll, n, DEFENCE[d], mover, other, game, ply, "2-ply search", margin);
        return true;
    }
    if (!m->o->best)
        return true;
    /* the best play: a 1-ply screen, then the tutor's 2-ply, then rollouts */
    search_opts_t s1;
    search_default_opts(1, &s1);
    int k1 = search_rank(m->sc, b, roll, &s1, m->sp);
    if (k1 < 2 || m->sp[0].value.equity - m->sp[1].value.equity < MINE_BEST_SCREEN)
        return true;
    search_default_opts(2, &so);
    k = search_rank(m->sc, b, roll, &so, m->sp);
    if (k < 2 || m->sp[0].value.equity - m->sp[1].value.equity < MINE_BEST_SCREEN)
        return true;
    return best_item(m, b, roll, n, k, mover, other, game, ply);
}

/* The boards the course shows (its hand-made puzzles and lesson steps),
 * so none is mined again; mined puzzles are not among them, so that
 * mining again with the same seed makes the same file. */
static void known_boards(miner_t *m, const course_t *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->npuzzles; i++)
        if (c->puzzles[i].pos.present && !c->puzzles[i].mined)
            hset_add(&m->known, hash(&c->puzzles[i].pos.board, (roll_t){0, 0}));
    for (int l = 0; l < c->nlessons; l++)
        for (int s = 0; s < c->lessons[l].nsteps; s++)
            if (c->lessons[l].steps[s].pos.present)
                hset_add(&m->known, hash(&c->lessons[l].steps[s].pos.board, (roll_t){0, 0}));
}

/* A short name of the ruleset for ids. */
static const char *short_name(const rules_t *r)
{
    static const char *const N[][2] = {{"lyckans-talisman", "lt"}, {"helmfrid", "hf"}, {"vasa", "vasa"},
                                       {"theboard", "tb"},         {"backgammon", "bg"}};
    for (size_t i = 0; r->name && i < sizeof N / sizeof N[0]; i++)
        if (strcmp(r->name, N[i][0]) == 0)
            return N[i][1];
    return "x";
}

/* Frees what the miner holds. */
static void miner_free(miner_t *m)
{
    search_ctx_free(m->sc);
    for (int i = 0; i < NPLAYERS; i++)
        selfplay_player_free(m->players[i]);
    for (int i = 0; i < NLADDER; i++)
        selfplay_player_free(m->ladder[i]);
    movegen_buf_free(m->buf);
    movegen_buf_free(m->game_buf);
    free(m->sp);
    free(m->meets);
    free(m->seen.v);
    free(m->known.v);
}

bool mine_run(const mine_opts_t *o, strbuf_t *out, mine_stats_t *st)
{
    memset(st, 0, sizeof *st);
    miner_t m;
    memset(&m, 0, sizeof m);
    m.o = o;
    m.r = &o->rules;
    m.out = out;
    m.st = st;
    m.short_name = short_name(&o->rules);
    m.sc = search_ctx_new(&o->rules, EVAL_DEFAULT);
    m.buf = movegen_buf_new();
    m.game_buf = movegen_buf_new();
    m.sp = malloc(sizeof *m.sp * MOVEGEN_MAX_PLAYS);
    m.meets = malloc(sizeof *m.meets * MOVEGEN_MAX_PLAYS);
    bool ok = m.sc && m.buf && m.game_buf && m.sp && m.meets;
    for (int i = 0; ok && i < NPLAYERS; i++) {
        selfplay_spec_t s;
        ok = selfplay_parse_spec(PLAYERS[i], &s);
        if (i == NPLAYERS - 1)
            s.noise = NOISE;
        ok = ok && (m.players[i] = selfplay_player_new(&s, &o->rules)) != NULL;
    }
    for (int i = 0; ok && i < NLADDER; i++) {
        selfplay_spec_t s;
        ok = selfplay_parse_spec(LADDER[i], &s) && (m.ladder[i] = selfplay_player_new(&s, &o->rules)) != NULL;
    }
    board_t *rec = ok ? malloc(sizeof *rec * MAX_RECORD) : NULL;
    ok = ok && rec;
    if (ok)
        known_boards(&m, o->course);
    if (ok)
        strbuf_addf(out,
                    "# Puzzles mined from games (brade-lab mine --rules %s --games %d --seed %llu%s;\n"
                    "# docs/puzzles.md).  Made by a program: edit the program, not this file.\n"
                    "rules: %s\npuzzles:\n",
                    o->rules.name, o->games, (unsigned long long)o->seed, o->best ? "" : " --best off",
                    o->rules.name);
    for (int g = 1; ok && g <= o->games; g++) {
        if (o->stop && *o->stop) {
            ok = false;
            break;
        }
        uint64_t rng = dice_stream(o->seed, (uint64_t)g);
        int wi = dice_below(&rng, NPLAYERS), bi = dice_below(&rng, NPLAYERS);
        int nrec = 0, plies = 0;
        outcome_t res;
        selfplay_game(m.players[wi], m.players[bi], m.r, &rng, m.game_buf, rec, MAX_RECORD, &nrec, &res, &plies);
        uint64_t dice = dice_stream(o->seed ^ 0x6d696e65u, (uint64_t)g); /* the miner's own rolls */
        for (int i = 1; ok && i < nrec && (o->max <= 0 || st->made < o->max); i++) {
            roll_t roll = {dice_below(&dice, 6) + 1, dice_below(&dice, 6) + 1};
            const board_t *b = &rec[i];
            ok = consider(&m, b, roll, PLAYER_NAMES[b->turn == BOARD_WHITE ? wi : bi],
                          PLAYER_NAMES[b->turn == BOARD_WHITE ? bi : wi], g, i);
        }
        st->games = g;
        if (o->progress)
            o->progress(o->ud, g, o->games, st->made);
        if (o->max > 0 && st->made >= o->max)
            break;
    }
    free(rec);
    miner_free(&m);
    return ok;
}
