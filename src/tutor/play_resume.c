/*
 * play_resume.c - a game taken up again from its record (see
 * play_resume.h).
 */
#include "tutor/play_resume.h"

#include <stdio.h>
#include <string.h>

/* True when the replay's event a is the record's event b. */
static bool same_event(const playrec_ev_t *a, const playrec_ev_t *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case EV_TEKA:
        return a->roll.a == b->roll.a && a->roll.b == b->roll.b;
    case EV_TURN:
        return a->colour == b->colour && a->roll.a == b->roll.a && a->roll.b == b->roll.b &&
               strcmp(a->play, b->play) == 0;
    case EV_RESIGN:
        return a->colour == b->colour && a->roll.a == b->roll.a && a->roll.b == b->roll.b;
    case EV_GAME:
        return a->roll.a == b->roll.a;
    case EV_RESULT:
        return strcmp(a->play, b->play) == 0;
    default:
        return a->colour == b->colour;
    }
}

/* Plays the record's event e into g: a person's by its word, an engine's
 * turn by letting the engine play that one roll (the comparison afterwards
 * checks it chose the same).  Dice come from the record whenever the game
 * wants them. */
static void feed(play_game_t *g, const playrec_ev_t *e, strbuf_t *sink)
{
    bool person = e->colour >= 0 && e->colour <= 1 && g->o.seat[e->colour].kind == SEAT_HUMAN;
    switch (e->kind) {
    case EV_TEKA:
        if (g->state == PS_TEKA)
            play_dice(g, (const int[2]){e->roll.a, e->roll.b}, 2, sink);
        break;
    case EV_TURN:
    case EV_RESIGN:
        if (g->state == PS_ROLL && (e->kind == EV_TURN || e->roll.a > 0)) {
            /* the roll: the record's dice, or 'roll' from the stream */
            int d[2] = {e->roll.a, e->roll.b};
            if (g->o.manual_dice)
                play_dice(g, d, e->roll.b ? 2 : 1, sink);
            else
                play_dice(g, NULL, 0, sink);
        }
        if (!person && g->state == PS_ENGINE)
            play_engine(g, sink); /* one roll, and the next turn begun */
        else if (person && g->state == PS_HUMAN)
            (void)(e->kind == EV_RESIGN ? play_resign(g, sink)
                                        : play_move(g, strcmp(e->play, "-") == 0 ? "pass" : e->play, sink));
        else if (person && g->state == PS_ROLL && e->kind == EV_RESIGN)
            (void)play_resign(g, sink);
        break;
    case EV_ONE_DIE:
        if (person)
            (void)play_one_die(g, sink);
        break;
    case EV_DOUBLE:
        if (person)
            (void)play_double(g, sink);
        break;
    case EV_TAKE:
        if (person)
            (void)play_take(g, sink);
        break;
    case EV_DROP:
        if (person)
            (void)play_drop(g, sink);
        break;
    default: /* GAME, START, RESULT, and an engine's decisions before its
                roll: the game writes them itself */
        break;
    }
}

/* Takes up a game from its record (see play_resume.h). */
play_game_t *play_resume(const playrec_t *rec, const play_opts_t *base, int *line, char *msg, size_t msg_size)
{
    *line = 0;
    play_opts_t o = *base;
    o.rules = rec->rules;
    o.seed = rec->seed;
    o.manual_dice = rec->manual_dice;
    o.match_length = rec->match_length;
    o.from_position = rec->from_position;
    o.start = rec->start;
    o.person_as = -1;
    for (int c = 0; c < 2; c++)
        if (!play_seat_parse(rec->seat[c], &o.seat[c])) {
            snprintf(msg, msg_size, "a player is 'human' or 'engine:LEVEL', not '%s'", rec->seat[c]);
            return NULL;
        }
    /* no warnings while the record is played in: they would hold a play */
    o.tutor = PLAY_TUTOR_OFF;
    strbuf_t sink;
    strbuf_init(&sink);
    play_game_t *g = play_new(&o, &sink);
    if (!g) {
        strbuf_free(&sink);
        snprintf(msg, msg_size, "out of memory");
        return NULL;
    }
    for (int i = 0; i < rec->nev; i++) {
        feed(g, &rec->ev[i], &sink);
        strbuf_clear(&sink);
    }
    strbuf_free(&sink);
    /* the replay's events must be the record's, one for one */
    playrec_t again;
    int l, col;
    char why[160];
    bool ok = playrec_parse_at(strbuf_str(&g->record), g->record.len, &again, &l, &col, why, sizeof why);
    int k = 0;
    for (; ok && k < rec->nev && k < again.nev; k++)
        if (!same_event(&again.ev[k], &rec->ev[k]))
            break;
    if (!ok || k < rec->nev) {
        *line = k < rec->nev ? rec->ev[k].line : 0;
        snprintf(msg, msg_size,
                 k < rec->nev ? "it does not play again the same way from here (the record may have been edited, "
                                "or made by another version of brade)"
                              : "the record cannot be played again");
        if (ok)
            playrec_free(&again);
        play_free(g);
        return NULL;
    }
    playrec_free(&again);
    /* the replay's record is the record from here on: the file's events
     * (its comments aside), and any the engine has made since (a decision
     * before its roll); nothing before this point can be taken back */
    g->undo.have = false;
    g->o.tutor = base->tutor;
    return g;
}
