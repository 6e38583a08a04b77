/*
 * match.c - match scoring and the early decision (see match.h).
 */
#include "engine/match.h"

#include <string.h>

void match_new(match_t *m, const rules_t *r, int length)
{
    memset(m, 0, sizeof *m);
    m->rules = *r;
    m->to_points = r->doubling_cube;
    m->length = length;
    m->winner = -1;
}

int match_away(const match_t *m, int colour)
{
    int a = m->length - m->points[colour];
    return a > 0 ? a : 0;
}

/* A backgammon game: its points, the winner at `length`, the Crawford
 * game after a player first comes within one point. */
static void record_points(match_t *m, int winner, int points)
{
    m->played++;
    m->crawford = false;
    if (winner < 0)
        return;
    m->points[winner] += points;
    if (m->points[winner] >= m->length) {
        m->over = true;
        m->winner = winner;
        return;
    }
    if (!m->crawford_done && m->points[winner] == m->length - 1) {
        m->crawford = true;
        m->crawford_done = true;
    }
}

bool match_may_resign(const match_t *m, int colour)
{
    if (!m->rules.allow_resign)
        return false;
    int cap = m->rules.resign_cap < 0 ? m->length : m->rules.resign_cap;
    return cap == 0 || m->resigned[colour] < cap;
}

int match_games_left(const match_t *m)
{
    if (m->to_points)
        return m->over ? 0 : 1; /* at least one more, as long as nobody has won */
    int left = m->length + m->extra - m->played;
    return left > 0 ? left : 0;
}

/* Compares colour a against b on points, then marks: >0 a ahead. */
static int compare(const match_t *m, int a, int b)
{
    if (m->points[a] != m->points[b])
        return m->points[a] - m->points[b];
    if (m->rules.match_tiebreak == TIEBREAK_NONE)
        return 0;
    return m->marks[a] - m->marks[b];
}

void match_record(match_t *m, int winner, const outcome_t *o, int points)
{
    if (m->to_points) {
        record_points(m, winner, points);
        return;
    }
    m->played++;
    if (winner >= 0) {
        m->points[winner] += o->points;
        if (o->tiebreak > 0)
            m->marks[winner] += o->tiebreak;
        else if (o->tiebreak < 0)
            m->marks[1 - winner] -= o->tiebreak;
        if (o->kind == OUT_RESIGN) {
            m->resigned[1 - winner]++;
            if (m->rules.resign_extends_match)
                m->extra++;
        }
    }
    if (match_games_left(m) == 0) {
        m->over = true;
        int c = compare(m, 0, 1);
        m->winner = c > 0 ? 0 : c < 0 ? 1 : -1;
        return;
    }
    match_decided(m);
}

bool match_decided(match_t *m)
{
    if (m->over)
        return true;
    if (!m->rules.match_early_decision)
        return false;
    int c = compare(m, 0, 1);
    if (c == 0)
        return false;
    int lead = c > 0 ? 0 : 1, trail = 1 - lead;
    /* the trailer's best without sprängjan: jan in every remaining game */
    outcome_t jan = {OUT_JAN, 0, 1, 0, 0};
    outcome_score(&jan, &m->rules);
    match_t best = *m;
    int left = match_games_left(m);
    best.points[trail] += left * jan.points;
    best.marks[trail] += left * (jan.tiebreak > 0 ? jan.tiebreak : 0);
    if (compare(&best, trail, lead) >= 0)
        return false;
    m->over = true;
    m->winner = lead;
    return true;
}
