/*
 * review.c - a saved game replayed and analysed (see review.h).
 */
#include "tutor/review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/search.h"
#include "engine/verdict.h"
#include "tutor/play.h"

void review_default_opts(review_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->plies = -1;
    grade_default(&o->thresholds);
    o->lang = LANG_EN;
}

static bool add_item(review_t *r, const review_item_t *it)
{
    if (r->nitems % 64 == 0) {
        review_item_t *n = realloc(r->items, sizeof *n * (size_t)(r->nitems + 64));
        if (!n)
            return false;
        r->items = n;
    }
    r->items[r->nitems++] = *it;
    return true;
}

/* Appends a finished game's outcome to r->results (owned by r). */
static bool add_result(review_t *r, const playrec_outcome_t *o)
{
    if (r->nresults % 16 == 0) {
        playrec_outcome_t *n = realloc(r->results, sizeof *n * (size_t)(r->nresults + 16));
        if (!n)
            return false;
        r->results = n;
    }
    r->results[r->nresults++] = *o;
    return true;
}

static const char *cname(int c)
{
    return c == BOARD_WHITE ? "white" : "black";
}

double review_luck(search_ctx_t *sc, const board_t *b, const movegen_buf_t *legal, int n)
{
    search_opts_t so;
    search_default_opts(0, &so);
    so.prune = 0; /* every play of every roll: the average is exactly that of the bests */
    /* the static evaluator, as gnubg's 0-ply luck: the exact one-roll
     * lookahead would cost some 20 times as much for 21 rolls' plays */
    bool lookahead = sc->eval->lookahead;
    sc->eval->lookahead = false;
    eval_t avg, v;
    search_position(sc, b, 1, &so, &avg);
    double best = -1e300;
    for (int k = 0; k < n; k++) {
        search_play_value(sc, movegen_play(legal, k), 0, &so, &v);
        if (v.equity > best)
            best = v.equity;
    }
    sc->eval->lookahead = lookahead;
    return best - avg.equity;
}

/* A decision's item, as far as the record says it: its kind, line,
 * side, position and roll (a cube decision's roll is left 0). */
static void item_init(review_item_t *it, review_kind_t kind, const playrec_ev_t *e, const game_t *g)
{
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->line = e->line;
    it->colour = e->colour;
    it->before = g->board;
    if (kind == REVIEW_PLAY || kind == REVIEW_GIVE_UP)
        it->roll = e->roll;
}

/* Counts a judged decision with the side's plays. */
static void count_decision(review_side_t *side, const decision_t *d)
{
    side->decisions++;
    side->errors[d->grade]++;
    side->lost += d->lost;
}

/* A cube decision of e->colour judged (review.h): a double or a roll on
 * (REVIEW_DOUBLE), a take or a drop (REVIEW_TAKE); `acted`: doubled, or
 * took.  A roll on is kept only when doubling was right or close.  False
 * when out of memory. */
static bool cube_item(review_t *out, search_ctx_t *sc, const game_t *g, const playrec_ev_t *e, review_kind_t kind,
                      bool acted, const review_opts_t *o, const cube_met_t *met)
{
    cubejudge_score_t score, *sp = NULL;
    if (met && out->match.to_points) {
        score.away[BOARD_WHITE] = match_away(&out->match, BOARD_WHITE);
        score.away[BOARD_BLACK] = match_away(&out->match, BOARD_BLACK);
        score.post = out->match.crawford_done && !out->match.crawford;
        sp = &score;
    }
    review_item_t it;
    item_init(&it, kind, e, g);
    it.acted = acted;
    cubejudge_eval(sc, g, o->plies, sp, met, &it.cube);
    const cube_decision_t *d = &it.cube.d;
    if (kind == REVIEW_DOUBLE) {
        if (!acted && cube_double_cost(d, false) < 0.0005 && cube_double_cost(d, true) >= REVIEW_CUBE_CLOSE)
            return true; /* rolling on was right and doubling not close: no decision to speak of */
        it.d.grade = cubejudge_double(&it.cube, acted, &o->thresholds, &g->rules, o->lang, &it.d.lost, it.d.words,
                                      sizeof it.d.words);
        snprintf(it.d.mine_text, sizeof it.d.mine_text, "%s", acted ? "double" : "no double");
        bool dbl = d->action == CUBE_DOUBLE_TAKE || d->action == CUBE_DOUBLE_PASS;
        snprintf(it.d.best_text, sizeof it.d.best_text, "%s", dbl ? "double" : "no double");
    } else {
        it.d.grade = cubejudge_take(&it.cube, acted, &o->thresholds, &g->rules, o->lang, &it.d.lost, it.d.words,
                                    sizeof it.d.words);
        snprintf(it.d.mine_text, sizeof it.d.mine_text, "%s", acted ? "take" : "drop");
        snprintf(it.d.best_text, sizeof it.d.best_text, "%s", d->take ? "take" : "drop");
    }
    it.d.is_best = it.d.lost < 0.0005;
    if (!add_item(out, &it))
        return false;
    review_side_t *side = &out->side[e->colour];
    side->cube_decisions++;
    side->cube_errors[it.d.grade]++;
    side->cube_lost += it.d.lost;
    return true;
}

/* A judged decision that is not a play, kept and counted with the side's
 * plays; one not acted on (playing on, rolling both dice) only where it
 * gave something away.  False when out of memory. */
static bool keep_decision(review_t *out, const review_item_t *it)
{
    if (!it->acted && it->d.is_best)
        return true;
    if (!add_item(out, it))
        return false;
    count_decision(&out->side[it->colour], &it->d);
    return true;
}

/* A decision to give up (gave_up) or to play on, judged
 * (decision_judge_giveup) and counted with the side's plays; playing on
 * only where it gave something away. */
static bool giveup_item(review_t *out, search_ctx_t *sc, const game_t *g, const playrec_ev_t *e, bool gave_up,
                        const review_opts_t *o)
{
    review_item_t it;
    item_init(&it, REVIEW_GIVE_UP, e, g);
    it.acted = gave_up;
    if (!decision_judge_giveup(sc, &g->board, e->roll.a ? &e->roll : NULL, gave_up, o->plies, &o->thresholds,
                               o->lang, &it.d))
        return false;
    return keep_decision(out, &it);
}

/* The one-die decision before a roll: declared (the record's `one-die`
 * line) or rolled both dice where it could have declared, judged
 * (decision_judge_onedie) and counted with the side's plays; rolling both
 * dice only where it gave something away.  False when out of memory. */
static bool onedie_item(review_t *out, const game_t *g, const playrec_ev_t *e, bool declared,
                        const review_opts_t *o)
{
    review_item_t it;
    item_init(&it, REVIEW_ONE_DIE, e, g);
    it.acted = declared;
    if (!decision_judge_onedie(&g->board, &g->rules, declared, &o->thresholds, o->lang, &it.d))
        return false;
    return keep_decision(out, &it);
}

bool review_run(const playrec_t *rec, const review_opts_t *given, const volatile sig_atomic_t *stop,
                review_t *out)
{
    memset(out, 0, sizeof *out);
    review_opts_t at = *given; /* the depth made explicit */
    if (at.plies < 0)
        at.plies = search_default_plies(&rec->rules);
    const review_opts_t *o = &at;
    out->plies = o->plies;
    for (int c = 0; c < 2; c++) {
        play_seat_t s;
        out->side[c].reviewed = !o->replay_only && (o->all || (play_seat_parse(rec->seat[c], &s) && s.kind == SEAT_HUMAN));
    }
    search_ctx_t *sc = search_ctx_new(&rec->rules, EVAL_DEFAULT);
    movegen_buf_t *legal = movegen_buf_new();
    cube_met_t *met = NULL;
    if (rec->rules.doubling_cube && rec->match_length > 0 && (met = malloc(sizeof *met)))
        cube_met_init(met);
    bool ok = sc && legal && (met || !(rec->rules.doubling_cube && rec->match_length > 0)), started = false;
    if (!ok)
        snprintf(out->error, sizeof out->error, "out of memory");
    game_t *g = &out->game;
    game_new(g, &rec->rules, BOARD_WHITE);
    if (rec->match_length > 0)
        match_new(&out->match, &rec->rules, rec->match_length);
    if (rec->from_position) {
        game_from_board(g, &rec->rules, &rec->start);
        started = true;
    }
    int last_winner = -1, turns = 0, done = 0;
    bool opening = false; /* backgammon: the first roll is teka's, with no cube before it */
    int last_starter = -1, last_starter_next = -1; /* who started the game, who starts the next in turn */
    for (int i = 0; i < rec->nev; i++)
        turns += rec->ev[i].kind == EV_TURN;
    for (int i = 0; ok && i < rec->nev; i++) {
        const playrec_ev_t *e = &rec->ev[i];
        out->error_line = e->line;
        out->error_col = 1;
        if (stop && *stop) {
            snprintf(out->error, sizeof out->error, "stopped");
            ok = false;
            break;
        }
        if (e->kind == EV_RESULT) {
            if (!started || g->phase != GAME_OVER) {
                snprintf(out->error, sizeof out->error, "the record gives a result, but the game has not ended");
                ok = false;
                break;
            }
            /* the result must be the one the plays led to: a record whose
             * result was edited would otherwise be scored as it says */
            strbuf_t said;
            strbuf_init(&said);
            playrec_result(&said, g);
            const char *want = strbuf_str(&said) + strlen("result ");
            size_t wl = strcspn(want, "\n");
            bool same = strlen(e->play) == wl && strncmp(e->play, want, wl) == 0;
            if (!same) {
                out->error_col = (int)strlen("result ") + 1;
                snprintf(out->error, sizeof out->error, "the record gives the result '%.60s', but the plays end in '%.*s'",
                         e->play, (int)wl, want);
            }
            strbuf_free(&said);
            if (!same) {
                ok = false;
                break;
            }
            out->games++;
            last_winner = g->winner;
            playrec_outcome_t oc = {
                .winner = g->winner, .points = g->points, .dropped = g->result.kind == OUT_DROP};
            if (rec->match_length > 0)
                match_record(&out->match, g->winner, &g->result, g->points);
            oc.match_won = rec->match_length > 0 && out->match.over;
            if (!add_result(out, &oc)) {
                snprintf(out->error, sizeof out->error, "out of memory");
                ok = false;
                break;
            }
            continue;
        }
        if (e->kind == EV_GAME) {
            if (rec->match_length > 0 && out->match.over) {
                snprintf(out->error, sizeof out->error, "the match was already decided");
                ok = false;
                break;
            }
            started = false;
            game_new(g, &rec->rules, BOARD_WHITE);
            last_starter_next = rec->rules.next_starter == NEXT_ALTERNATE ? 1 - last_starter : -1;
            continue;
        }
        if (e->kind == EV_START) {
            int want = rec->rules.next_starter == NEXT_ALTERNATE ? last_starter_next
                       : rec->rules.next_starter == NEXT_LOSER && last_winner >= 0 ? 1 - last_winner
                                                                                  : -1;
            if (started || out->games == 0 || last_winner < 0 || e->colour != want) {
                snprintf(out->error, sizeof out->error,
                         rec->rules.next_starter == NEXT_ALTERNATE
                             ? "under these rules the players take turns to start"
                             : rec->rules.next_starter == NEXT_TEKA
                                   ? "under these rules every game starts with teka"
                                   : "only the loser of the last game starts the next without teka");
                ok = false;
                break;
            }
            game_new(g, &rec->rules, e->colour);
            g->crawford = out->match.to_points && out->match.crawford;
            last_starter = e->colour;
            started = true;
            continue;
        }
        if (e->kind == EV_TEKA) {
            if (started) {
                snprintf(out->error, sizeof out->error, "teka after the game has started");
                ok = false;
                break;
            }
            int starter = game_teka(&rec->rules, e->roll.a, e->roll.b);
            if (starter >= 0) {
                game_new(g, &rec->rules, starter);
                g->crawford = out->match.to_points && out->match.crawford;
                last_starter = starter;
                started = true;
                opening = rec->rules.start_rule == START_HIGHEST;
            }
            continue;
        }
        if (!started) {
            snprintf(out->error, sizeof out->error, "the game has not started: teka comes first");
            ok = false;
            break;
        }
        if (g->phase == GAME_OVER) {
            snprintf(out->error, sizeof out->error, "the game is already over");
            ok = false;
            break;
        }
        if (e->kind == EV_TAKE || e->kind == EV_DROP) {
            if (g->phase != GAME_CUBE_OFFERED || e->colour != 1 - g->board.turn) {
                snprintf(out->error, sizeof out->error, "no double waits for %s's answer", cname(e->colour));
                ok = false;
                break;
            }
            if (out->side[e->colour].reviewed &&
                !cube_item(out, sc, g, e, REVIEW_TAKE, e->kind == EV_TAKE, o, met)) {
                snprintf(out->error, sizeof out->error, "out of memory");
                ok = false;
                break;
            }
            if (e->kind == EV_TAKE)
                game_take(g);
            else
                game_drop(g);
            continue;
        }
        if (g->phase == GAME_CUBE_OFFERED) {
            snprintf(out->error, sizeof out->error, "%s's double waits for an answer (takes or drops)",
                     cname(g->board.turn));
            ok = false;
            break;
        }
        if (e->colour != g->board.turn) {
            snprintf(out->error, sizeof out->error, "it is %s's turn, not %s's", cname(g->board.turn),
                     cname(e->colour));
            ok = false;
            break;
        }
        if (e->kind == EV_ONE_DIE) {
            if (!game_one_die_eligible(g)) {
                snprintf(out->error, sizeof out->error,
                         "%s may not declare the one-die rule here (%s)", cname(e->colour), rec->rules.name);
                ok = false;
                break;
            }
            if (out->side[e->colour].reviewed && !onedie_item(out, g, e, true, o)) {
                snprintf(out->error, sizeof out->error, "out of memory");
                ok = false;
                break;
            }
            game_declare_one_die(g);
            continue;
        }
        if (e->kind == EV_RESIGN) {
            /* judged as made, after its roll when the record names one;
             * single games only (in a match a game given up adds a game,
             * which a game's equity does not value), and not after one die
             * (no value fits the one-die series: play_hint) */
            if (out->side[e->colour].reviewed && rec->match_length == 0 && !(e->roll.a && !e->roll.b) &&
                !giveup_item(out, sc, g, e, true, o)) {
                snprintf(out->error, sizeof out->error, "out of memory");
                ok = false;
                break;
            }
            game_resign(g);
            continue;
        }
        bool cube_open = !opening && game_may_double(g);
        if (e->kind == EV_DOUBLE) {
            if (!cube_open) {
                snprintf(out->error, sizeof out->error, "%s may not double here (%s)", cname(e->colour),
                         opening ? "the first roll is teka's" : g->cube_owner >= 0 ? "the other side holds the cube"
                                                                                  : "the cube is dead");
                ok = false;
                break;
            }
            if (out->side[e->colour].reviewed && !cube_item(out, sc, g, e, REVIEW_DOUBLE, true, o, met)) {
                snprintf(out->error, sizeof out->error, "out of memory");
                ok = false;
                break;
            }
            game_double(g);
            continue;
        }
        opening = false;
        if (cube_open && e->roll.b && out->side[e->colour].reviewed && !cube_item(out, sc, g, e, REVIEW_DOUBLE, false, o, met)) {
            snprintf(out->error, sizeof out->error, "out of memory");
            ok = false;
            break;
        }
        int want = game_dice_to_roll(g);
        if ((e->roll.b ? 2 : 1) != want) {
            snprintf(out->error, sizeof out->error, "%s rolls %s now", cname(e->colour),
                     want == 1 ? "one die (the one-die rule)" : "two dice");
            ok = false;
            break;
        }
        /* both dice rolled where the one-die rule could have been declared */
        if (out->side[e->colour].reviewed && game_one_die_eligible(g) && !onedie_item(out, g, e, false, o)) {
            snprintf(out->error, sizeof out->error, "out of memory");
            ok = false;
            break;
        }
        int n = movegen_plays(&g->board, &rec->rules, e->roll, legal);
        int pick = -1;
        if (strcmp(e->play, "-") == 0) {
            if (movegen_no_play(legal, n))
                pick = 0;
            else
                snprintf(out->error, sizeof out->error, "'-' (no move), but %s can move with %d-%d",
                         cname(e->colour), e->roll.a, e->roll.b);
        } else {
            verdict_t v;
            verdict_judge(&g->board, &rec->rules, e->roll, e->play, legal, n, &v);
            if (v.kind == VERDICT_LEGAL) {
                pick = v.play;
            } else {
                char why[1024];
                explain_verdict(o->lang, &g->board, &rec->rules, &v, legal, e->play, why, sizeof why);
                snprintf(out->error, sizeof out->error, "%s is not a legal play: %s", e->play, why);
            }
        }
        if (pick < 0) {
            out->error_col = e->col;
            ok = false;
            break;
        }
        const play_t *p = movegen_play(legal, pick);
        review_side_t *side = &out->side[e->colour];
        double luck = 0;
        if (e->roll.b && n > 0 && !o->replay_only) {
            luck = review_luck(sc, &g->board, legal, n);
            side->luck += luck;
            side->rolls++;
        }
        double best_equity = 0; /* the best play's, when a play decision was judged */
        if (side->reviewed && n > 1) {
            /* a roll of a one-die series (a single die of the mover's, or
             * both dice while the other side owes single dice): rolled out
             * with the series */
            int owed[2];
            const int *series = game_series_of_roll(g, e->roll, owed);
            review_item_t it;
            item_init(&it, REVIEW_PLAY, e, g);
            it.luck = luck;
            if (!decision_judge(sc, &g->board, e->roll, series, p, o->plies, &o->thresholds,
                                o->lang, &it.d) ||
                !add_item(out, &it)) {
                snprintf(out->error, sizeof out->error, "out of memory");
                ok = false;
                break;
            }
            count_decision(side, &it.d);
            best_equity = it.d.best_value.equity;
        }
        /* played on where giving up was better: a decision of its own
         * (single games, two dice; decision_play_on_in_question).  Not
         * after a roll with no legal play: unless the tutor stops such a
         * turn, the play mode passes it at once, and a person has no say */
        if (side->reviewed && e->roll.b && rec->match_length == 0 && n > 0 && !movegen_no_play(legal, n) &&
            decision_play_on_in_question(n, best_equity) && game_may_resign(g, legal, n) &&
            !giveup_item(out, sc, g, e, false, o)) {
            snprintf(out->error, sizeof out->error, "out of memory");
            ok = false;
            break;
        }
        play_t copy = *p;
        game_play(g, &copy, e->roll.b ? 2 : 1, e->roll.a);
        if (o->progress)
            o->progress(o->ud, ++done, turns);
    }
    out->finished = ok && started && g->phase == GAME_OVER &&
                    (rec->match_length == 0 || out->match.over);
    if (ok)
        out->error_line = out->error_col = 0;
    search_ctx_free(sc);
    movegen_buf_free(legal);
    free(met);
    return ok;
}

void review_free(review_t *r)
{
    free(r->items);
    r->items = NULL;
    r->nitems = 0;
    free(r->results);
    r->results = NULL;
    r->nresults = 0;
}
