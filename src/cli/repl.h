/*
 * repl.h - the interactive tutor: `brade` with no command, `brade FILE`,
 * `brade < FILE`.
 *
 * One table of REPL commands (repl_cmds.c) drives dispatch, `help` and tab
 * completion.  A line is a command when its first word is a command's name
 * or alias, or a unique prefix of one that is not also a readable answer to
 * the open question; any other line is the learner's answer.  Typed and
 * piped input go through the same code: piped input just has no prompt, no
 * colour, no readline and no history.  --echo prints each input line
 * (after "> ") before its output, which is how transcripts are recorded.
 * A line longer than REPL_MAX_LINE bytes is skipped with a word, so no
 * input can make the REPL's memory grow; piped input that is not text (a
 * NUL byte) ends the session.  Ctrl-C stops the command it interrupts
 * (front/interrupt.h).
 *
 * Ownership: a repl_t owns the course, the progress record and the tutor
 * session; repl_free() releases them.  Output goes to stdout.
 */
#ifndef BRADE_CLI_REPL_H
#define BRADE_CLI_REPL_H

#include <stdbool.h>
#include <stdio.h>

#include "front/config.h"
#include "cli/play_view.h"
#include "draw/render.h"
#include "content/course.h"
#include "tutor/progress.h"
#include "tutor/review.h"
#include "tutor/tutor.h"

/* The longest input line the REPL runs, in bytes. */
#define REPL_MAX_LINE 65536

typedef struct repl {
    course_t course;
    char course_dir[4096];
    bool have_course; /* course_dir was found */
    progress_t progress;
    tutor_t tutor;
    render_opts_t ro;
    bool interactive; /* a terminal: readline, prompts, history */
    bool echo;        /* --echo: print "> line" before the output */
    int width;        /* wrap width */
    bool quit;
    int failures; /* commands that failed (the exit status of a script) */
    char state_dir[4096];
    bool have_state;
    char *theme;  /* the puzzle theme chosen with `puzzles THEME` (owned), or NULL */
    strbuf_t out; /* scratch for the tutor's replies */
    play_view_t game; /* a game under way (`play`); game.g is NULL when none */
    int games_started;
    config_t cfg;         /* the config file as read at start (config.h) */
    char last_game[4096]; /* the record of the last game played here, for `review` */
    review_t rv;          /* the last review, to step through (owned when rv_have) */
    rules_t rv_rules;
    bool rv_have;
    int rv_at;            /* the decision shown, or -1 */
    char **gterms;        /* the glossary's Swedish terms, read for completion (owned) */
    int ngterms;          /* -1: not read yet */
} repl_t;

/* `review next|prev|go N|show PLAY`: one decision of the last review at a
 * time (repl_review.c); repl_review_drop forgets the review. */
int repl_review_step(repl_t *r, int argc, char **argv, const char *rest);
void repl_review_drop(repl_t *r);

/* How a command's arguments are completed. */
typedef enum {
    COMPLETE_NONE,
    COMPLETE_LESSON,
    COMPLETE_PUZZLE,
    COMPLETE_THEME,
    COMPLETE_SET,
    COMPLETE_SETUP,
    COMPLETE_RULES,
    COMPLETE_COMMAND,
    COMPLETE_GLOSSARY
} repl_complete_t;

/* A command's handler: argv[0] is the command name; `rest` is the raw text
 * after it (trimmed).  Returns 0, or non-zero when the command failed. */
typedef int (*repl_fn)(repl_t *r, int argc, char **argv, const char *rest);

typedef struct repl_command {
    const char *name;
    const char *alias; /* another full name for it, or NULL */
    const char *args;  /* usage after the name ("ID", "[THEME]") */
    const char *help_en, *help_sv;
    repl_fn run;
    repl_complete_t complete;
} repl_command_t;

/* The REPL's command table (repl_cmds.c). */
const repl_command_t *repl_commands(int *count);

/* Runs the tutor: flags --course DIR, --lang en|sv, --echo, and an optional
 * FILE of commands (else stdin).  Returns the exit status. */
int repl_main(int argc, char **argv);

/* Runs one input line (a command or an answer). */
void repl_line(repl_t *r, const char *line);

/* Prints the scratch buffer r->out (wrapped line by line) and empties it. */
void repl_flush(repl_t *r);
/* Prints prose wrapped to the width. */
void repl_prose(repl_t *r, const char *text);

/* Shows the open lesson step or puzzle: heading, text, board, question. */
void repl_show_current(repl_t *r, bool full);
/* Draws the board of the tutor's position. */
void repl_draw_board(repl_t *r);

/* `setup` and `export` (repl_setup.c). */
int repl_cmd_setup(repl_t *r, int argc, char **argv, const char *rest);
/* `play` and the words of a game (repl_play.c): while a game is under way
 * the REPL hands it every line that is not one of its own commands, and
 * `hint`, `board`, `dice`, `roll`, `resign`, `one-die` go to the game. */
int repl_cmd_play(repl_t *r, int argc, char **argv, const char *rest);
int repl_cmd_game(repl_t *r, int argc, char **argv, const char *rest);
/* `review [FILE] [--all] [--plies N] [--json]`: `brade review`, of the last
 * game played here when no FILE is named. */
int repl_cmd_review(repl_t *r, int argc, char **argv, const char *rest);
/* True while a game is under way. */
bool repl_in_game(const repl_t *r);
/* Hands a line to the game; ends it (saving the record) when it is over. */
void repl_game_line(repl_t *r, const char *line);
/* The command named by `word` (a unique prefix too when prefix_ok);
 * *ambiguous when a prefix names several.  NULL when none. */
const repl_command_t *repl_lookup(const char *word, bool prefix_ok, bool *ambiguous);
/* Tab completion (repl_complete.c): readline's hook, for the REPL r. */
char **repl_complete(const char *text, int start, int end);
void repl_complete_for(repl_t *r);

/* Greets a returning learner (repl_welcome.c): lessons done, puzzles due
 * today, the next lesson.  Nothing for a learner with no progress yet. */
void repl_welcome_back(repl_t *r);
/* Ends a game under way (saving its record). */
void repl_game_end(repl_t *r);
int repl_cmd_export(repl_t *r, int argc, char **argv, const char *rest);
/* Writes `svg` (then freed) to path atomically and says so ("`done`
 * PATH."), or why not; 0, or 1 on failure. */
int repl_write_picture(repl_t *r, const char *path, strbuf_t *svg, const char *done);
/* repl_progress.c: `progress [--svg FILE]`. */
int repl_cmd_progress(repl_t *r, int argc, char **argv, const char *rest);
/* repl_lesson.c: `lessons`, `lesson`, `next` (a lesson step or the next
 * puzzle), `back`, `show`. */
int repl_cmd_lessons(repl_t *r, int argc, char **argv, const char *rest);
int repl_cmd_lesson(repl_t *r, int argc, char **argv, const char *rest);
int repl_cmd_next(repl_t *r, int argc, char **argv, const char *rest);
int repl_cmd_back(repl_t *r, int argc, char **argv, const char *rest);
int repl_cmd_show(repl_t *r, int argc, char **argv, const char *rest);
/* Opens the puzzle the review schedule picks (not `avoid` when anything
 * else qualifies), or says why there is none (repl_cmds.c). */
int repl_pick_and_open(repl_t *r, int avoid);
/* `drill`: the lessons' questions by the review schedule (repl_lesson.c). */
int repl_cmd_drill(repl_t *r, int argc, char **argv, const char *rest);
/* Opens the lesson question the schedule picks (avoiding the one named
 * when another is due), or says when the next one will be. */
int repl_drill_pick(repl_t *r, int avoid_lesson, int avoid_step);
/* The heading of the open drill. */
void repl_drill_heading(repl_t *r, char *buf, size_t size);
/* Completion words for `setup`'s first argument. */
const char *const *repl_setup_words(void);

/* (Re)loads the course and the learner's own puzzles (state dir's
 * mine.yaml) into r->course, reporting problems on standard error; the
 * tutor leaves any lesson or puzzle first when `reload`. */
void repl_load_course(repl_t *r, bool reload);

#endif
