/*
 * read.h - the readers behind course_load_text() (internal to content/).
 *
 * One reader_t per file: the YAML document, the course being filled and
 * the engine buffer used to verify answers.  position.c reads rulesets and
 * positions, question.c questions (and computes their answers), lesson.c
 * and puzzle.c the two kinds of file.
 *
 * Ownership: everything read goes into the course's arena.
 */
#ifndef BRADE_READ_H
#define BRADE_READ_H

#include "content/course.h"
#include "content/load.h"
#include "content/yamlload.h"
#include "engine/verdict.h"

typedef struct reader {
    yamlload_t y;
    course_t *course;
    movegen_buf_t *buf;
    content_explain_fn explain;
    course_loader_t *loader;
} reader_t;

/* Records a lesson or puzzle id (node n); reports it when the same kind of
 * item used it before.  Returns false for a repeat. */
bool read_unique_id(reader_t *R, yaml_node_t *n, const char *id, bool lesson);

/* The ruleset of an item: `rules` (a spec like "helmfrid+bearoff=exact-only")
 * replaces the inherited ruleset, `options` (a map of option: value) then
 * overrides single options.  Either node may be NULL.  On error *out keeps
 * what could be applied and false is returned. */
bool read_rules(reader_t *R, yaml_node_t *rules, yaml_node_t *options, const rules_t *inherit,
                rules_t *out);

/* A position under `rules`: "start", a position id, or a map with white,
 * black, to-move (or id, or start) and roll.  Checked with the engine. */
bool read_position(reader_t *R, yaml_node_t *n, const rules_t *rules, position_t *out);

/* A question about position `pos` (which may be absent for choices).
 * `own_roll`: the roll was written for this item (not inherited).  The
 * answer is computed and any stated answer verified. */
bool read_question(reader_t *R, yaml_node_t *n, const position_t *pos, bool own_roll,
                   question_t *out);

/* Generates the plays of the position's roll into R->buf; reports (at
 * node q: "a 'KIND' question needs a roll") and returns -1 on a missing
 * roll or an engine overflow. */
int read_gen_plays(reader_t *R, const position_t *pos, yaml_node_t *q, const char *kind);
/* Judges `text` as a play of the position's roll (n plays in R->buf):
 * its index, or -1 after reporting at node `at` what is wrong. */
int read_legal_play(reader_t *R, const position_t *pos, int n, yaml_node_t *at, const char *text,
                    verdict_t *v);

/* An item's `diagram:` (diagram_spec.c): view, caption and arrows, the
 * arrows checked legal in `pos` and, for a play question `q`, accepted as
 * its answer.  `pos` may lack a position (then `diagram` is refused). */
bool read_diagram(reader_t *R, yaml_node_t *n, const position_t *pos, const question_t *q,
                  diagram_spec_t *out);

/* A list of hints: texts, at most LOAD_MAX_HINTS. */
bool read_hints(reader_t *R, yaml_node_t *n, text_t **out, int *count);

/* A `give-up` question (content/giveup_q.c): the stated answer (`answer`,
 * required) checked against the analysis at `plies` (may be NULL). */
bool read_giveup_q(reader_t *R, yaml_node_t *qn, yaml_node_t *answer, yaml_node_t *plies,
                   const position_t *pos, question_t *q);

/* A `one-die` question (content/onedie_q.c): the stated answer (`answer`,
 * required) checked against rollouts of both choices. */
bool read_onedie_q(reader_t *R, yaml_node_t *qn, yaml_node_t *answer, const position_t *pos, question_t *q);

/* The two kinds of file; the root is a map already known to be one. */
void read_lesson_file(reader_t *R, yaml_node_t *root);
void read_puzzle_file(reader_t *R, yaml_node_t *root);

/* Parses a roll "6-2" (or "6" under the one-die rule); false if malformed. */
bool read_roll_text(const char *s, roll_t *out);

#endif
