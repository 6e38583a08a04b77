/*
 * play_view.h - a game (tutor/play.h) at the terminal: the board after
 * every play with the last play named, what the game waits for, and the
 * words a player types during a game.  `brade play` and the REPL's `play`
 * both go through it, so a game reads the same typed or piped.
 *
 * Words during a game: a play ("13/7 8/5"), hint, resign (give up),
 * one-die, roll, dice A B (manual dice; also "A B" or "A-B" alone when
 * dice are wanted), double, take, drop (or pass), board, record, help.
 *
 * The record is written (atomically) to the state directory's
 * games/DATE-N.txt, or to the file named by the caller, after every line a
 * person types and at the end: a kill, a closed terminal or Ctrl-C loses
 * at most the play being made, and play_view_resume takes the game up
 * again from the file.  Ctrl-C (the caller's `stop` flag) stops the
 * engine's thinking; its turn then waits for the next line ('go').
 *
 * Ownership: a play_view_t owns its game; play_view_end frees it.
 */
#ifndef BRADE_CLI_PLAY_VIEW_H
#define BRADE_CLI_PLAY_VIEW_H

#include <signal.h>
#include <stdbool.h>

#include "draw/render.h"
#include "tutor/play.h"

typedef struct play_view {
    play_game_t *g;
    render_opts_t ro;
    int width;
    char record_path[4096]; /* where the record goes ("": the state directory); once
                               saved, where it went */
    bool saved;             /* the record was saved at the end and where said */
    bool stored;            /* the record was written as it goes ... */
    size_t stored_len;      /* ... this long */
    bool store_failed;      /* writing it failed (said once) */
    int shown_turn;         /* the roll whose board was last drawn for a person */
    const volatile sig_atomic_t *stop; /* NULL, or the Ctrl-C flag (borrowed) */
} play_view_t;

/* Reads a game's flags (--rules R, --seed S, --white/--black
 * human|engine[:LEVEL], --as white|black|random (the person's colour
 * against the engine; random: drawn from the seed), --dice auto|manual, --tutor off|warn, --warn
 * doubtful|bad|very-bad, --record FILE, --lang en|sv) over the defaults already in *o; `rules_word`
 * lets a bare word name the ruleset (the REPL's `play vasa`).  False with
 * a message on `err` when a flag is wrong. */
bool play_view_parse(int argc, char **argv, bool rules_word, play_opts_t *o, const char **record,
                     FILE *err);

/* Starts a game and runs it up to the first thing a person must do.
 * False (with a message) when out of memory.  v->stop is the caller's:
 * set it (NULL, or the Ctrl-C flag) before; the rest of *v is made here. */
bool play_view_start(play_view_t *v, const play_opts_t *o, const render_opts_t *ro, int width,
                     const char *record_path);
/* Takes up the game recorded in `path` (a game cut short) with base's
 * words and tutor, and runs it up to the first thing a person must do;
 * its record goes on in the same file.  False (with a message naming the
 * line) when the file cannot be read or the game cannot be taken up. */
bool play_view_resume(play_view_t *v, const char *path, const play_opts_t *base, const render_opts_t *ro,
                      int width);
/* One line typed during the game.  Returns 0, or 1 when the line was not
 * accepted (an illegal play, a word that does not fit now). */
int play_view_line(play_view_t *v, const char *line);
/* True when `word` is one of the game's words (for the REPL's dispatch). */
bool play_view_word(const char *word);
/* True while the game goes on. */
bool play_view_active(const play_view_t *v);
/* What the prompt shows ("white 6-3", "dice", "double/roll", "take/drop"). */
void play_view_prompt(const play_view_t *v, char *buf, size_t size);
/* Ends the game (saving its record if it was not saved) and frees it. */
void play_view_end(play_view_t *v);

#endif
