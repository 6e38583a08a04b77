/*
 * play.c - a whole game with the tutor watching (see play.h).
 */
#include "tutor/play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dice.h"
#include "analysis/giveup.h"
#include "analysis/onedie.h"
#include "analysis/rollrank.h"
#include "analysis/search.h"
#include "engine/notation.h"
#include "engine/posid.h"
#include "engine/verdict.h"
#include "tutor/decision.h"
#include "tutor/explain_analysis.h"
#include "tutor/explain_forfeit.h"
#include "tutor/play_internal.h"
#include "tutor/playrec.h"
#include "tutor/words.h"

bool play_seat_parse(const char *text, play_seat_t *out)
{
    if (strcmp(text, "human") == 0) {
        *out = (play_seat_t){SEAT_HUMAN, 0};
        return true;
    }
    if (strncmp(text, "engine", 6) != 0)
        return false;
    out->kind = SEAT_ENGINE;
    out->level = PLAY_DEFAULT_LEVEL;
    if (text[6] == '\0')
        return true;
    if (text[6] != ':' || text[7] < '0' || text[7] >= '0' + PLAY_LEVELS || text[8] != '\0')
        return false;
    out->level = text[7] - '0';
    return true;
}

void play_seat_format(const play_seat_t *s, char *buf, size_t size)
{
    if (s->kind == SEAT_HUMAN)
        snprintf(buf, size, "human");
    else
        snprintf(buf, size, "engine:%d", s->level);
}

void play_seat_words(lang_t lang, const play_seat_t *s, char *buf, size_t size)
{
    if (lang != LANG_SV)
        play_seat_format(s, buf, size);
    else if (s->kind == SEAT_HUMAN)
        snprintf(buf, size, "människa");
    else
        snprintf(buf, size, "motorn på nivå %d", s->level);
}

void play_default_opts(play_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->rules = *rules_preset("lyckans-talisman");
    o->seat[BOARD_WHITE] = (play_seat_t){SEAT_HUMAN, 0};
    o->seat[BOARD_BLACK] = (play_seat_t){SEAT_ENGINE, PLAY_DEFAULT_LEVEL};
    o->seed = 1;
    o->tutor = PLAY_TUTOR_WARN;
    o->warn_at = GRADE_BAD;
    grade_default(&o->thresholds);
    o->lang = LANG_EN;
    o->person_as = -1;
}

int play_draw_colour(play_opts_t *o)
{
    if (o->person_as < 0)
        return -1;
    int c = o->person_as;
    if (c > 1) {
        uint64_t s = dice_stream(o->seed, 0x636f6c);
        c = dice_below(&s, 2);
    }
    int level = PLAY_DEFAULT_LEVEL; /* the engine seat's, as given */
    for (int k = 1; k >= 0; k--)
        if (o->seat[k].kind == SEAT_ENGINE)
            level = o->seat[k].level;
    o->seat[c] = (play_seat_t){SEAT_HUMAN, 0};
    o->seat[1 - c] = (play_seat_t){SEAT_ENGINE, level};
    o->person_as = c;
    return c;
}

const char *play_colour_name(lang_t lang, int c, bool capital)
{
    if (c == BOARD_WHITE)
        return capital ? T(lang, "White", "Vit") : T(lang, "white", "vit");
    return capital ? T(lang, "Black", "Svart") : T(lang, "black", "svart");
}

int play_on_roll(const play_game_t *g)
{
    return g->game.board.turn;
}

int play_person(const play_game_t *g)
{
    bool w = g->o.seat[BOARD_WHITE].kind == SEAT_HUMAN, b = g->o.seat[BOARD_BLACK].kind == SEAT_HUMAN;
    return w == b ? -1 : w ? BOARD_WHITE : BOARD_BLACK;
}

static int die(play_game_t *g)
{
    return 1 + dice_below(&g->dice_rng, 6);
}

static void finish_record(play_game_t *g)
{
    playrec_result(&g->record, &g->game);
}


/* How far below giving up's cost the engine's own value of playing on
 * must be before colour c gives up (see play_resigns_t); a negative
 * number: never. */
static double resign_margin(const play_game_t *g, int c)
{
    const play_seat_t *me = &g->o.seat[c], *them = &g->o.seat[1 - c];
    /* a person, or an engine two levels down or more (one level down is
     * close to the engine's own play: measured, playing on there gains
     * nothing) */
    bool weaker = them->kind == SEAT_HUMAN || (them->kind == SEAT_ENGINE && them->level <= me->level - 2);
    switch (g->o.engine_resigns) {
    case PLAY_RESIGNS_NEVER:
        return -1;
    case PLAY_RESIGNS_EQUAL:
        return PLAY_RESIGN_MARGIN;
    case PLAY_RESIGNS_AUTO:
        break;
    }
    return weaker ? -1 : PLAY_RESIGN_MARGIN;
}

/* After the roll the engine may still give up where some play keeps the
 * right (single games: in a match a game given up adds a game), and does
 * where the roll's best play, 0-ply, is worth less than giving up costs
 * (by more than 0.02); a roll with no legal play included.  True when it
 * gave up. */
static bool engine_gives_up_after_roll(play_game_t *g, strbuf_t *out)
{
    game_t *gm = &g->game;
    int c = play_on_roll(g);
    giveup_eval_t ge;
    double margin = resign_margin(g, c);
    if (g->o.seat[c].kind == SEAT_HUMAN || g->o.match_length > 0 || g->ndice != 2 || margin < 0 ||
        !game_may_resign(gm, g->legal, g->nlegal) || !giveup_after_roll(g->sc, &gm->board, g->roll, 0, &ge) ||
        !(ge.play_on < -(double)ge.cost - margin))
        return false;
    char roll[8];
    words_roll(g->roll, roll, sizeof roll);
    if (ge.rolls[0].best_play.nsteps == 0)
        strbuf_addf(out,
                    T(g->o.lang,
                      "%s rolls %s and cannot move, and gives up: the position is worth %+.2f points a "
                      "game, worse than the %d giving up costs (%s).\n",
                      "%s slår %s och kan inte flytta, och ger upp: ställningen är värd %+.2f poäng per "
                      "parti, sämre än de %d det kostar att ge upp (%s).\n"),
                    play_colour_name(g->o.lang, c, true), roll, ge.play_on, ge.cost, gm->rules.name);
    else
        strbuf_addf(out,
                    T(g->o.lang,
                      "%s gives up after rolling %s: its best play is worth %+.2f points a game, "
                      "worse than the %d giving up costs (%s).\n",
                      "%s ger upp efter att ha slagit %s: dess bästa drag är värt %+.2f poäng per "
                      "parti, sämre än de %d det kostar att ge upp (%s).\n"),
                    play_colour_name(g->o.lang, c, true), roll, ge.play_on, ge.cost, gm->rules.name);
    playrec_resign(&g->record, c, &g->roll);
    game_resign(gm);
    play_start_turn(g, out);
    return true;
}

/* A person's roll with no legal play, where giving up is allowed after it
 * and the tutor finds playing on (the turn passing) gives away its --warn
 * class (single games): the turn waits for 'resign' or 'pass' instead of
 * passing at once.  True when it waits. */
static bool person_may_give_up_instead(play_game_t *g, strbuf_t *out)
{
    int c = play_on_roll(g);
    if (g->o.seat[c].kind != SEAT_HUMAN || g->o.tutor != PLAY_TUTOR_WARN || g->o.match_length > 0 ||
        g->ndice != 2 || !game_may_resign(&g->game, g->legal, g->nlegal))
        return false;
    decision_t d;
    if (!decision_judge_giveup(g->sc, &g->game.board, &g->roll, false, search_default_plies(&g->game.rules),
                               &g->o.thresholds, g->o.lang, &d) ||
        d.grade < g->o.warn_at)
        return false;
    char dice[16];
    playrec_dice_text(g->roll, dice, sizeof dice);
    strbuf_addf(out, T(g->o.lang, "%s rolls %s and cannot move.\nTutor: %s\n", "%s slår %s och kan inte flytta.\nProgrammet: %s\n"),
                play_colour_name(g->o.lang, c, true), dice, d.words);
    strbuf_addf(out, "%s",
                T(g->o.lang, "Type 'resign' to give up, or 'pass' to let the turn go.\n",
                  "Skriv 'resign' för att ge upp, eller 'pass' för att låta turen gå.\n"));
    g->state = PS_HUMAN;
    return true;
}

/* The roll is known: the legal plays, then whose move it is. */
static void set_roll(play_game_t *g, int a, int b, strbuf_t *out)
{
    if (b > a) { /* the higher die first, as the board and the notation show it */
        int t = a;
        a = b;
        b = t;
    }
    g->roll = (roll_t){a, b};
    g->rolls++;
    g->nlegal = movegen_plays(&g->game.board, &g->game.rules, g->roll, g->legal);
    g->warned = -1;
    int c = play_on_roll(g);
    char dice[16];
    playrec_dice_text(g->roll, dice, sizeof dice);
    if (movegen_no_play(g->legal, g->nlegal)) {
        /* no legal play: the turn passes, unless the engine gives up, or
         * a person is told giving up is better and may choose */
        if (engine_gives_up_after_roll(g, out) || person_may_give_up_instead(g, out))
            return;
        strbuf_addf(out, T(g->o.lang, "%s rolls %s and cannot move.\n", "%s slår %s och kan inte flytta.\n"),
                    play_colour_name(g->o.lang, c, true), dice);
        playrec_turn(&g->record, c, g->roll, "-");
        snprintf(g->last, sizeof g->last, "%s %s: -", play_colour_name(g->o.lang, c, false), dice);
        game_play(&g->game, movegen_play(g->legal, 0), g->ndice, a);
        g->turns++;
        play_start_turn(g, out);
        return;
    }
    g->state = g->o.seat[c].kind == SEAT_HUMAN ? PS_HUMAN : PS_ENGINE;
}

/* The side on roll rolls: from the stream, or wait for the caller. */
void play_roll_now(play_game_t *g, strbuf_t *out)
{
    if (g->o.manual_dice) {
        g->state = PS_ROLL;
        return;
    }
    int a = die(g), b = g->ndice == 2 ? die(g) : 0;
    set_roll(g, a, b, out);
}

/* Games a choice when the engine weighs the one-die rule (a race: a
 * fraction of a second for both). */
enum { PLAY_ONEDIE_GAMES = 648 };

/* The engine's decisions before its roll, as a club player's: it gives
 * up where the rules allow it and its expected loss from here (1-ply) is
 * more than giving up costs (single games only); it declares the one-die
 * rule where declaring rolls out better than rolling both dice (the
 * series played out, analysis/onedie.h).  True when it gave up (the turn
 * is over). */
static bool engine_decides(play_game_t *g, strbuf_t *out)
{
    game_t *gm = &g->game;
    lang_t lang = g->o.lang;
    int c = play_on_roll(g);
    search_opts_t so;
    search_default_opts(0, &so);
    /* in a match a game given up adds a game, and points are not what a
     * match is won by: there the engine plays every game out */
    double margin = resign_margin(g, c);
    bool may_resign =
        gm->rules.allow_resign && g->o.match_length == 0 && margin >= 0 && game_may_resign(gm, NULL, 0);
    bool one_die = game_one_die_eligible(gm);
    if (!may_resign && !one_die)
        return false;
    giveup_eval_t ge;
    if (may_resign && giveup_before_roll(g->sc, &gm->board, 0, &ge)) {
        /* rolling keeps the right after most rolls (analysis/giveup.h), so
         * it gives up now only where the rolls that take it away cost more */
        if (ge.play_on < -(double)ge.cost - margin) {
            strbuf_addf(out,
                        T(lang,
                          "%s gives up: from here it expects to lose %.2f points a game, more than "
                          "the %d giving up costs (%s).\n",
                          "%s ger upp: härifrån väntar den sig att förlora %.2f poäng per parti, mer "
                          "än de %d det kostar att ge upp (%s).\n"),
                        play_colour_name(lang, c, true), -ge.play_on, ge.cost, gm->rules.name);
            playrec_resign(&g->record, c, NULL);
            game_resign(gm);
            play_start_turn(g, out);
            return true;
        }
    }
    if (one_die) {
        /* both choices rolled out with the same dice (analysis/onedie.h) */
        rollout_opts_t ro;
        onedie_default_opts(&ro);
        ro.games = PLAY_ONEDIE_GAMES;
        onedie_eval_t od;
        if (onedie_value(&gm->board, &gm->rules, &ro, &od) == 0 && od.declare_better) {
            game_declare_one_die(gm);
            playrec_one_die(&g->record, c);
            char msg[512];
            snprintf(msg, sizeof msg,
                     T(lang,
                       "%s declares the one-die rule: %d of the six faces %s its vackert spel; rolled out, "
                       "declaring is worth %+.2f points a game against %+.2f for both dice (%s).\n",
                       "%s begär entärningsregeln: %d av tärningens sex sidor %sger den vackert spel; "
                       "utspelat är det värt %+.2f poäng per parti mot %+.2f med båda tärningarna (%s).\n"),
                     play_colour_name(lang, c, true), od.faces,
                     lang == LANG_SV ? "" : od.faces == 1 ? "makes" : "make", od.declare, od.roll, gm->rules.name);
            words_add_decimal(lang, out, msg);
        }
    }
    return false;
}

/* A new turn: the game may be over (the result, and in a match the next
 * game); else a person who may declare the one-die rule or double is
 * asked first, the engine makes its decisions before the roll, and the
 * side on roll rolls. */
void play_start_turn(play_game_t *g, strbuf_t *out)
{
    if (g->game.phase == GAME_OVER) {
        g->state = PS_OVER;
        finish_record(g);
        play_result_text(g, out);
        if (g->o.match_length > 0)
            play_next_game(g, out);
        return;
    }
    int c = play_on_roll(g);
    g->ndice = game_dice_to_roll(&g->game);
    if (g->o.seat[c].kind == SEAT_HUMAN && game_one_die_eligible(&g->game)) {
        strbuf_addf(out,
                    T(g->o.lang,
                      "%s may declare the one-die rule now: one checker moved by one die would "
                      "make a vackert spel (%s). Type 'one-die' to declare it, or 'roll'.\n",
                      "%s får begära entärningsregeln nu: en bricka flyttad med en tärning skulle "
                      "ge ett vackert spel (%s). Skriv 'one-die' för att begära den, eller 'roll'.\n"),
                    play_colour_name(g->o.lang, c, true), g->game.rules.name);
        g->state = PS_ROLL;
        return;
    }
    g->cube_warned = -1;
    if (g->o.seat[c].kind == SEAT_HUMAN && game_may_double(&g->game)) {
        strbuf_t cube;
        strbuf_init(&cube);
        play_cube_text(g, &cube);
        strbuf_addf(out,
                    T(g->o.lang, "%s may double before rolling (%s). Type 'double', or 'roll'.\n",
                      "%s får dubbla före slaget (%s). Skriv 'double', eller 'roll'.\n"),
                    play_colour_name(g->o.lang, c, true), strbuf_str(&cube));
        strbuf_free(&cube);
        g->state = PS_ROLL;
        return;
    }
    if (g->o.seat[c].kind == SEAT_ENGINE && g->ndice == 2 && engine_decides(g, out))
        return;
    if (g->o.seat[c].kind == SEAT_ENGINE && play_cube_engine(g, out))
        return;
    g->ndice = game_dice_to_roll(&g->game);
    int left = g->game.one_die_left[c];
    if (g->ndice == 1 && left > 0 && !g->game.one_die_first[c])
        strbuf_addf(out,
                    T(g->o.lang, "%s rolls one die again: the one-die series has %d roll%s left, this one included (%s).\n",
                      "%s slår en tärning igen: entärningsserien har %d slag kvar, detta inräknat (%s).\n"),
                    play_colour_name(g->o.lang, c, true), left, left == 1 ? "" : "s", g->game.rules.name);
    play_roll_now(g, out);
}

/* Teka is decided: the game starts. */
static void teka_done(play_game_t *g, int wd, int bd, strbuf_t *out)
{
    int starter = game_teka(&g->game.rules, wd, bd);
    playrec_teka(&g->record, wd, bd);
    strbuf_addf(out, T(g->o.lang, "Teka: white rolls %d, black rolls %d", "Teka: vit slår %d, svart slår %d"),
                wd, bd);
    if (starter < 0) {
        strbuf_addf(out, "%s", T(g->o.lang, ": equal, roll again.\n", ": lika, slå om.\n"));
        return;
    }
    bool highest = g->game.rules.start_rule == START_HIGHEST;
    strbuf_addf(out, T(g->o.lang, ": %s starts (the %s die starts under %s)", ": %s börjar (%s tärning börjar enligt %s)"),
                play_colour_name(g->o.lang, starter, false),
                highest ? T(g->o.lang, "highest", "högsta") : T(g->o.lang, "lowest", "lägsta"),
                g->game.rules.name);
    play_new_game(g, starter);
    g->ndice = 2;
    if (highest) {
        /* backgammon: the teka dice are the first roll */
        strbuf_addf(out, "%s", T(g->o.lang, ", with those two dice as its first roll.\n",
                                 ", med de två tärningarna som första slag.\n"));
        set_roll(g, wd, bd, out);
        return;
    }
    strbuf_addf(out, "%s", ".\n");
    play_start_turn(g, out);
}

void play_teka_auto(play_game_t *g, strbuf_t *out)
{
    for (;;) {
        int wd = die(g), bd = die(g);
        teka_done(g, wd, bd, out);
        if (wd != bd)
            return;
    }
}

play_game_t *play_new(const play_opts_t *o, strbuf_t *out)
{
    play_game_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->o = *o;
    g->legal = movegen_buf_new();
    g->sc = search_ctx_new(&o->rules, EVAL_DEFAULT);
    if (!g->legal || !g->sc) {
        play_free(g);
        return NULL;
    }
    strbuf_init(&g->record);
    g->dice_rng = dice_stream(o->seed, 0x64696365);
    g->engine_rng = dice_stream(o->seed, 0x656e67);
    g->hint_rolls = -1;
    g->warned = -1;
    g->cube_warned = -1;
    g->giveup_warned = -1;
    g->onedie_warned = -1;
    g->game_no = 1;
    game_new(&g->game, &o->rules, BOARD_WHITE);
    if (o->match_length > 0)
        match_new(&g->match, &o->rules, o->match_length);
    if (g->match.to_points)
        cube_met_init(&g->met);
    playrec_header(&g->record, o);
    if (o->from_position) {
        game_from_board(&g->game, &o->rules, &o->start);
        strbuf_addf(out, T(o->lang, "From the position on the board: %s is on roll.\n",
                           "Från ställningen på brädet: %s står på tur.\n"),
                    play_colour_name(o->lang, o->start.turn, false));
        play_start_turn(g, out);
    } else if (o->manual_dice) {
        g->state = PS_TEKA;
    } else {
        play_teka_auto(g, out);
    }
    return g;
}

void play_free(play_game_t *g)
{
    if (!g)
        return;
    movegen_buf_free(g->legal);
    search_ctx_free(g->sc);
    strbuf_free(&g->record);
    free(g);
}

bool play_dice(play_game_t *g, const int *dice, int n, strbuf_t *out)
{
    lang_t lang = g->o.lang;
    if (g->state != PS_TEKA && g->state != PS_ROLL) {
        strbuf_addf(out, "%s", T(lang, "No dice are wanted now.\n", "Inga tärningar behövs nu.\n"));
        return false;
    }
    if (g->state == PS_ROLL && play_cube_warn_roll(g, out))
        return true; /* the tutor's word first; the same again rolls */
    if (g->state == PS_ROLL && g->ndice == 2 && game_one_die_eligible(&g->game) && play_onedie_warn(g, false, out))
        return true;
    if (n == 0 && !g->o.manual_dice && g->state == PS_ROLL) {
        play_roll_now(g, out); /* 'roll': the dice come from the stream */
        return true;
    }
    int want = g->state == PS_TEKA ? 2 : g->ndice;
    if (n != want) {
        strbuf_addf(out,
                    g->state == PS_TEKA
                        ? T(lang, "Teka needs two single dice, white's and black's (say 'dice 3 5').\n",
                            "Teka behöver två tärningar, vits och svarts (till exempel 'dice 3 5').\n")
                    : want == 1 ? T(lang, "One die is rolled now (the one-die rule): say 'dice 4'.\n",
                                    "Nu slås en tärning (entärningsregeln): till exempel 'dice 4'.\n")
                                : T(lang, "Two dice are rolled now: say 'dice 6 3'.\n",
                                    "Nu slås två tärningar: till exempel 'dice 6 3'.\n"));
        return false;
    }
    for (int i = 0; i < n; i++)
        if (dice[i] < 1 || dice[i] > 6) {
            strbuf_addf(out, T(lang, "A die shows 1 to 6, not %d.\n", "En tärning visar 1 till 6, inte %d.\n"),
                        dice[i]);
            return false;
        }
    if (g->state == PS_TEKA)
        teka_done(g, dice[0], dice[1], out);
    else
        set_roll(g, dice[0], n == 2 ? dice[1] : 0, out);
    return true;
}

/* Makes legal play i of the roll and goes on. */
static void make(play_game_t *g, int i, strbuf_t *out)
{
    const play_t *p = movegen_play(g->legal, i);
    int c = play_on_roll(g);
    char note[128], dice[16];
    notation_play(p, g->game.board.geom, note, sizeof note);
    if (!p->nsteps)
        snprintf(note, sizeof note, "-");
    playrec_dice_text(g->roll, dice, sizeof dice);
    playrec_turn(&g->record, c, g->roll, note);
    strbuf_addf(out, T(g->o.lang, "%s plays %s: %s\n", "%s spelar %s: %s\n"), play_colour_name(g->o.lang, c, true),
                dice, note);
    snprintf(g->last, sizeof g->last, "%s %s: %s", play_colour_name(g->o.lang, c, false), dice, note);
    char forfeit[1024]; /* part of the roll unplayed: why, lest it look like a bug */
    if (explain_forfeit(g->o.lang, &g->game.rules, g->roll, p, forfeit, sizeof forfeit) > 0)
        strbuf_addf(out, "  %s\n", forfeit);
    game_play(&g->game, p, g->roll.b ? 2 : 1, g->roll.a);
    g->turns++;
    play_start_turn(g, out);
}

/* The fields of a game that undo saves and restores (play_snapshot_t has
 * each under the same name), listed once for both. */
#define UNDO_FIELDS(X) X(game) X(roll) X(ndice) X(turns) X(rolls) X(game_no) X(last) \
    X(dice_rng) X(engine_rng) X(match)

/* What undo restores: the game before the person's play. */
static void save_undo(play_game_t *g)
{
    play_snapshot_t *u = &g->undo;
    u->have = true;
#define SAVE(f) memcpy(&u->f, &g->f, sizeof u->f);
    UNDO_FIELDS(SAVE)
#undef SAVE
    u->record_len = g->record.len;
}

play_answer_t play_move(play_game_t *g, const char *text, strbuf_t *out)
{
    if (g->state != PS_HUMAN) {
        strbuf_addf(out, "%s", T(g->o.lang, "It is not your turn to play.\n", "Det är inte din tur att spela.\n"));
        return PA_NOT_NOW;
    }
    if (movegen_no_play(g->legal, g->nlegal) && (strcmp(text, "-") == 0 || strcmp(text, "pass") == 0)) {
        save_undo(g);
        make(g, 0, out); /* a roll with no play, kept for a decision (person_may_give_up_instead) */
        return PA_PLAYED;
    }
    verdict_t v;
    verdict_judge(&g->game.board, &g->game.rules, g->roll, text, g->legal, g->nlegal, &v);
    if (v.kind != VERDICT_LEGAL) {
        char buf[2048];
        explain_verdict(g->o.lang, &g->game.board, &g->game.rules, &v, g->legal, text, buf, sizeof buf);
        strbuf_addf(out, "%s\n", buf);
        return PA_ILLEGAL;
    }
    /* the play's judgement, kept: its best value also screens the
     * decision to give up below */
    decision_t d;
    bool judged = false;
    int owed[2];
    if (g->o.tutor == PLAY_TUTOR_WARN && g->warned != v.play && g->nlegal > 1) {
        judged = decision_judge(g->sc, &g->game.board, g->roll, play_series_of(g, owed), movegen_play(g->legal, v.play),
                                search_default_plies(&g->game.rules), &g->o.thresholds, g->o.lang, &d);
        if (judged && d.grade >= g->o.warn_at) {
            strbuf_addf(out, T(g->o.lang, "Tutor: %s (%s)\n", "Programmet: %s (%s)\n"), d.words,
                        g->game.rules.name);
            strbuf_addf(out, "%s",
                        T(g->o.lang,
                          "Type the same play again to make it anyway, or another play ('hint' "
                          "lists the best).\n",
                          "Skriv samma drag igen för att spela det ändå, eller ett annat drag "
                          "('hint' visar de bästa).\n"));
            g->warned = v.play;
            return PA_WARNED;
        }
    }
    /* playing on where giving up gives away the --warn class (single
     * games, two dice), looked at where the review looks at it */
    if (g->o.tutor == PLAY_TUTOR_WARN && g->warned != v.play && g->o.match_length == 0 && g->roll.b &&
        decision_play_on_in_question(g->nlegal, judged ? d.best_value.equity : 0) &&
        game_may_resign(&g->game, g->legal, g->nlegal)) {
        decision_t gd;
        if (decision_judge_giveup(g->sc, &g->game.board, &g->roll, false, search_default_plies(&g->game.rules),
                                  &g->o.thresholds, g->o.lang, &gd) &&
            gd.grade >= g->o.warn_at) {
            strbuf_addf(out, T(g->o.lang, "Tutor: %s\n", "Programmet: %s\n"), gd.words);
            strbuf_addf(out, "%s",
                        T(g->o.lang, "Type the same play again to play on anyway, or 'resign'.\n",
                          "Skriv samma drag igen för att spela vidare ändå, eller 'resign'.\n"));
            g->warned = v.play;
            return PA_WARNED;
        }
    }
    save_undo(g);
    make(g, v.play, out);
    return PA_PLAYED;
}

bool play_undo(play_game_t *g, strbuf_t *out)
{
    lang_t lang = g->o.lang;
    play_snapshot_t *u = &g->undo;
    if (!u->have) {
        strbuf_addf(out, "%s", T(lang, "There is no play of yours to take back.\n",
                                 "Det finns inget drag av dig att ta tillbaka.\n"));
        return false;
    }
    /* the play taken back, from the record, for the comment */
    char taken[200] = "";
    const char *from = strbuf_str(&g->record) + u->record_len;
    size_t n = strcspn(from, "\n");
    snprintf(taken, sizeof taken, "%.*s", (int)(n < 190 ? n : 190), from);
    g->record.len = u->record_len;
    g->record.s[g->record.len] = '\0';
    strbuf_addf(&g->record, "# taken back: %s\n", taken);
#define RESTORE(f) memcpy(&g->f, &u->f, sizeof g->f);
    UNDO_FIELDS(RESTORE)
#undef RESTORE
    g->nlegal = movegen_plays(&g->game.board, &g->game.rules, g->roll, g->legal);
    g->warned = -1;
    g->state = PS_HUMAN;
    u->have = false;
    strbuf_addf(out, T(lang, "Taken back: %s. The same roll is yours to play again.\n",
                       "Tillbakatagit: %s. Samma slag är ditt att spela igen.\n"),
                taken);
    return true;
}

/* Where the tutor ranks plays by rollouts, the index in g->legal of the
 * play it would rank first: in a one-die series (a single die of the
 * mover's, or both dice while the other side owes single dice) the plays
 * rolled out with the series (levels 2 and 3), and at level 3 in a race
 * under vasa or theboard the search's best four rolled out (rollrank.h);
 * -1 elsewhere, or when out of memory (the caller then takes the search's
 * choice).  Level 2 rolls the series out because its 1-ply search values
 * every position as if both sides roll both dice, and the review judges
 * these rolls by the series. */
static int rolled_choice(play_game_t *g, const search_opts_t *so, int level)
{
    const board_t *b = &g->game.board;
    int pick = -1, owed[2];
    const int *series = play_series_of(g, owed);
    rollrank_by_t by = rollrank_wanted(b, g->roll, &g->game.rules, g->sc->eval->kind, series);
    if (g->nlegal < 2 || by == ROLLRANK_BY_SEARCH || (by == ROLLRANK_BY_RACE && level < 3))
        return pick;
    search_play_t *sp = malloc(sizeof *sp * MOVEGEN_MAX_PLAYS);
    rollrank_play_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
    int n = sp && rk ? search_rank(g->sc, b, g->roll, so, sp) : -1;
    if (n > 1) {
        rollout_opts_t ro;
        ro.stop = g->stop;
        if (rollrank_by(by, b, g->roll, &g->game.rules, series, sp, n, NULL, rk, &ro) == 0)
            for (int i = 0; i < g->nlegal; i++)
                if (board_equal(&movegen_play(g->legal, i)->after, &rk[0].sp.play.after))
                    pick = i;
    }
    free(rk);
    free(sp);
    return pick;
}

void play_engine(play_game_t *g, strbuf_t *out)
{
    if (g->state != PS_ENGINE)
        return;
    int c = play_on_roll(g);
    int level = g->o.seat[c].level;
    if (engine_gives_up_after_roll(g, out))
        return;
    search_opts_t so;
    search_default_opts(level >= 3 ? 2 : level == 2 ? 1 : 0, &so);
    int pick = level >= 2 ? rolled_choice(g, &so, level) : -1;
    if (g->stop && *g->stop)
        return; /* Ctrl-C: the turn waits (play.h) */
    if (pick < 0)
        pick = search_choose(g->sc, &g->game.board, g->roll, g->legal, g->nlegal, &so);
    if (level == 0 && g->nlegal > 2) {
        /* the beginner: one play in four the second best, one in eight the third */
        int r = dice_below(&g->engine_rng, 8);
        int want = r < 2 ? 1 : r < 3 ? 2 : 0;
        if (want > 0) {
            search_play_t *rk = malloc(sizeof *rk * MOVEGEN_MAX_PLAYS);
            if (rk) {
                int n = search_rank(g->sc, &g->game.board, g->roll, &so, rk);
                if (n > want)
                    for (int i = 0; i < g->nlegal; i++)
                        if (board_equal(&movegen_play(g->legal, i)->after, &rk[want].play.after))
                            pick = i;
                free(rk);
            }
        }
    }
    make(g, pick, out);
}

play_answer_t play_resign(play_game_t *g, strbuf_t *out)
{
    lang_t lang = g->o.lang;
    int c = play_on_roll(g);
    if ((g->state != PS_HUMAN && g->state != PS_ROLL) || g->o.seat[c].kind != SEAT_HUMAN) {
        strbuf_addf(out, "%s", T(lang, "You can give up only on your own turn.\n",
                                 "Man kan bara ge upp när det är ens egen tur.\n"));
        return PA_NOT_NOW;
    }
    const movegen_buf_t *legal = g->state == PS_HUMAN ? g->legal : NULL;
    if (g->o.match_length > 0 && g->game.rules.allow_resign && !match_may_resign(&g->match, c)) {
        strbuf_addf(out, T(lang, "You have given up as many games as %s allows in a match.\n",
                           "Du har gett upp så många partier som %s tillåter i en match.\n"),
                    g->game.rules.name);
        return PA_ILLEGAL;
    }
    if (!game_may_resign(&g->game, legal, g->nlegal)) {
        const game_t *gm = &g->game;
        if (!gm->rules.allow_resign)
            strbuf_addf(out, T(lang, "Giving up is not part of %s.\n", "Att ge upp finns inte i %s.\n"),
                        gm->rules.name);
        else if (gm->phase != GAME_PLAYING)
            strbuf_addf(out, "%s", T(lang, "The game is being decided by its last rolls; it cannot be given up now.\n",
                                     "Partiet avgörs av de sista slagen; det kan inte ges upp nu.\n"));
        else if (gm->janband[c])
            strbuf_addf(out, T(lang, "You have had a band in your third or fourth quarter (a janband), so under %s you can no longer give up.\n",
                               "Du har haft ett band i din tredje eller fjärde kvadrant (ett janband), så enligt %s kan du inte längre ge upp.\n"),
                        gm->rules.name);
        else if (gm->janblotta[c])
            strbuf_addf(out, T(lang, "Your janblotta has been out, so under %s you can no longer give up.\n",
                               "Din janblotta har varit ute, så enligt %s kan du inte längre ge upp.\n"),
                        gm->rules.name);
        else
            strbuf_addf(out, T(lang, "Under %s you may give up after the roll only if some legal play keeps you free of a janband and the janblotta; none does with this roll.\n",
                               "Enligt %s får man ge upp efter slaget bara om något tillåtet drag håller en fri från janband och janblotta; inget gör det med detta slag.\n"),
                        gm->rules.name);
        return PA_ILLEGAL;
    }
    /* the tutor warns once where giving up gives away as much as a play it
     * would warn about (single games: in a match a game given up adds a
     * game, which a game's equity does not value) */
    int here = g->rolls * 2 + (g->state == PS_HUMAN);
    if (g->o.tutor == PLAY_TUTOR_WARN && g->o.match_length == 0 && g->giveup_warned != here &&
        !(g->state == PS_HUMAN && !g->roll.b) /* one die: no value fits the series (play_hint) */) {
        decision_t d;
        if (decision_judge_giveup(g->sc, &g->game.board, g->state == PS_HUMAN ? &g->roll : NULL, true,
                                  search_default_plies(&g->game.rules), &g->o.thresholds, lang, &d) &&
            d.grade >= g->o.warn_at) {
            strbuf_addf(out, T(lang, "Tutor: %s\n", "Programmet: %s\n"), d.words);
            strbuf_addf(out, "%s",
                        T(lang, "Type 'resign' again to give up anyway, or play on.\n",
                          "Skriv 'resign' igen för att ge upp ändå, eller spela vidare.\n"));
            g->giveup_warned = here;
            return PA_WARNED;
        }
    }
    /* in a match, once a game: what giving up costs there, and a second
     * word to do it (newcomer F11: it was taken at once) */
    if (g->o.match_length > 0 && g->o.tutor == PLAY_TUTOR_WARN && g->giveup_warned != here) {
        if (g->match.to_points)
            strbuf_addf(out, T(lang, "Giving up loses this game and its points in the match (%s).\n",
                               "Att ge upp förlorar det här partiet och dess poäng i matchen (%s).\n"),
                        g->game.rules.name);
        else
            strbuf_addf(out, T(lang, "Giving up loses this game, and under %s a game given up adds one more game "
                                     "to the match.\n",
                               "Att ge upp förlorar det här partiet, och enligt %s lägger ett uppgivet parti till "
                               "ett parti till matchen.\n"),
                        g->game.rules.name);
        strbuf_addf(out, "%s", T(lang, "Type 'resign' again to give up, or play on.\n",
                                 "Skriv 'resign' igen för att ge upp, eller spela vidare.\n"));
        g->giveup_warned = here;
        return PA_WARNED;
    }
    playrec_resign(&g->record, c, g->state == PS_HUMAN ? &g->roll : NULL);
    game_resign(&g->game);
    strbuf_addf(out, T(lang, "%s gives up.\n", "%s ger upp.\n"), play_colour_name(lang, c, true));
    play_start_turn(g, out);
    return PA_PLAYED;
}

/* No roll of a person's to play: says so.  True when there is one. */
static bool roll_waiting(const play_game_t *g, strbuf_t *out)
{
    if (g->state == PS_HUMAN)
        return true;
    strbuf_addf(out, "%s", T(g->o.lang, "There is no roll of yours to play now.\n",
                             "Du har inget slag att spela nu.\n"));
    return false;
}

bool play_moves(const play_game_t *g, strbuf_t *out)
{
    if (!roll_waiting(g, out))
        return false;
    words_legal_plays(g->o.lang, &g->game.board, g->roll, g->legal, g->nlegal, out);
    return true;
}

bool play_explain(const play_game_t *g, const char *text, strbuf_t *out)
{
    if (!roll_waiting(g, out))
        return false;
    verdict_t v;
    verdict_judge(&g->game.board, &g->game.rules, g->roll, text, g->legal, g->nlegal, &v);
    char buf[2048];
    explain_verdict(g->o.lang, &g->game.board, &g->game.rules, &v, g->legal, text, buf, sizeof buf);
    strbuf_addf(out, "%s\n", buf);
    return true;
}

void play_hint(play_game_t *g, const char *yours, strbuf_t *out)
{
    if (g->state == PS_CUBE || (g->state == PS_ROLL && play_may_double(g))) {
        play_cube_hint(g, out);
        return;
    }
    if (play_onedie_hint(g, out))
        return;
    if (!roll_waiting(g, out))
        return;
    char buf[4096];
    int owed[2];
    explain_analysis_hint(g->o.lang, &g->game.board, &g->game.rules, g->roll, play_series_of(g, owed),
                          search_default_plies(&g->game.rules), 5, yours && *yours ? yours : NULL, g->stop,
                          &g->hint_best, buf, sizeof buf);
    g->hint_rolls = g->stop && *g->stop ? -1 : g->rolls;
    if (g->stop && *g->stop)
        strbuf_add(out, T(g->o.lang, "The hint was stopped.\n", "Tipset avbröts.\n"));
    else
        strbuf_addf(out, "%s", buf);
}

const char *play_set_position(play_opts_t *o, const char *id, int colour)
{
    board_t b;
    bool ok = posid_read(o->rules.geometry, id, &b);
    if (!ok)
        return o->rules.geometry == GEOM_BACKGAMMON ? "not a gnubg Position ID" : "not a bräde position id (W or B and 14 more characters)";
    if (o->rules.geometry == GEOM_BACKGAMMON)
        b.turn = (uint8_t)colour;
    if (movegen_check_position(&b, &o->rules, NULL) != BOARD_OK)
        return "not a position of this ruleset";
    if (b.side[0][BOARD_OFF] == 15 || b.side[1][BOARD_OFF] == 15)
        return "the game is already over in that position";
    o->start = b;
    o->from_position = true;
    return NULL;
}
