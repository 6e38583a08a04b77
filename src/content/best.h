/*
 * best.h - "best play" questions (goal: best): the claim that the accepted
 * plays are the best of the roll, and the rollout that backs it.
 *
 * The rules cannot say which play is best; only the analysis floor can,
 * and its honest judge is the Monte Carlo rollout, which takes seconds.
 * So a best-play question carries its evidence in the file:
 *
 *     accept: "6/11 11/14*"
 *     rollout:
 *       games: 648          # per play (default 648)
 *       seed: 1             # the dice (default 1)
 *       truncate: 0         # plies before the evaluator's estimate counts (0 = to the end)
 *       plies: 2            # the search that picks the rivals (default 2)
 *       rivals: 2           # best other plays by that search, rolled out too (default 2)
 *       results:            # what the rollout gave, best first
 *         - {play: "6/11 11/14*", equity: 1.144, ci: 0.052}
 *         - ...
 *
 * Every load checks the claim against the stated results (the best result
 * is an accepted play, every accepted play is within the best's 95%
 * interval, every other play is outside it).  With the loader's `rollouts`
 * flag (`brade check`) the plays are rolled out again with the stated
 * seed, the results must match what the file states, and when they do not
 * (or are missing) the checker prints the block to paste.  The tutor
 * loads without rolling out and quotes the stated numbers.
 *
 * Ownership: results live in the course's arena.
 */
#ifndef BRADE_CONTENT_BEST_H
#define BRADE_CONTENT_BEST_H

#include "content/read.h"

/* Defaults of the rollout block. */
enum { BEST_GAMES = 648, BEST_SEED = 1, BEST_PLIES = 2, BEST_RIVALS = 2 };

/* Reads the `rollout` node (NULL when absent) of a best-play question whose
 * accepted plays q->accept[0..naccept) were written at accept_nodes[];
 * the roll's n legal plays are in R->buf.  Fills q->best; verifies the
 * claim, rolling out again when R->loader->rollouts.  Reports problems and
 * returns false on any. */
bool best_read(reader_t *R, yaml_node_t *qn, yaml_node_t *rollout, yaml_node_t *const *accept_nodes,
               const position_t *pos, int n, question_t *q);

/* The result for the play that leads to `after`, or NULL when that play
 * was not rolled out. */
const best_result_t *best_find(const best_claim_t *c, const board_t *after);

#endif
