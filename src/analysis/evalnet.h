/*
 * evalnet.h - the trained evaluator: a pair of neural nets (contact and
 * race) per ruleset, learned by TD(lambda) self-play (train.c).
 *
 * Inputs (evalnet_encode): each side's checkers point by point, as
 * TD-Gammon had them (for each point: at least 1, 2, 3, and half the
 * checkers beyond 3; the bar and borne-off counts), then numbers the
 * analysis already computes exactly: for bräde every feature of the linear
 * model (janblotta count, free entry points, shots, blasting rights,
 * sprängjan exposure, pattern closeness...; eval_model.h), for backgammon
 * pip counts, shots and pips lost to them, home points and primes.
 *
 * Outputs: a distribution over the ruleset's result classes, seen from the
 * side on roll: in bräde, for the winner (me, then you) hemspel, hemspel
 * with munk, vackert spel, vackert spel with munk, jan, sprängjan; in
 * backgammon single, gammon, backgammon.  The equity is computed from them
 * in the ruleset's own scoring table, so one net serves a preset and every
 * scoring option of it.  A vackert spel is attributed to the pattern the
 * side is closest to (only Traditional scoring values patterns apart).
 *
 * Weights file (text, version 1): a header of `key value` lines (rules,
 * encoding, classes, hidden, games, seed, command...), then per net its
 * weights, then `end` and an FNV-1a checksum of everything before it.
 * The shipped files live in src/analysis/nets/ and are compiled in.
 *
 * Ownership: evalnet_new / evalnet_parse give a net the caller frees with
 * evalnet_free; evalnet_builtin returns a shared, read-only net that lives
 * as long as the program (parsed once, thread-safe).  evalnet_format
 * returns a malloc'd string the caller frees.  No I/O here.
 */
#ifndef BRADE_ANALYSIS_EVALNET_H
#define BRADE_ANALYSIS_EVALNET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/eval.h"
#include "analysis/nn.h"

enum { EVALNET_CONTACT = 0, EVALNET_RACE = 1, EVALNET_PHASES = 2 };
/* No phase in particular: positions of either (a pick's filter). */
enum { EVALNET_ANY_PHASE = -1 };
enum { EVALNET_VERSION = 1, EVALNET_RULES_MAX = 128 };

/* Encodings: the input layout a net was trained with. */
typedef enum { ENC_BRADE = 1, ENC_BG = 2 } evalnet_enc_t;

/* Bräde classes, per winner (add EVALNET_BRADE_SIDE for the other side). */
enum { BC_HEM, BC_HEM_MUNK, BC_PAT, BC_PAT_MUNK, BC_JAN, BC_SPJ, EVALNET_BRADE_SIDE };
/* Backgammon classes, per winner. */
enum { GC_SINGLE, GC_GAMMON, GC_BACKGAMMON, EVALNET_BG_SIDE };

typedef struct evalnet {
    char rules[EVALNET_RULES_MAX]; /* the ruleset it was trained under: a preset, or a
                                      preset with options ("vasa+extra-patterns=kejsar") */
    evalnet_enc_t encoding;
    int classes;            /* 2 x classes per winner */
    int hidden;
    nn_t *net[EVALNET_PHASES];
    /* Pruning nets (optional): small nets over the point-by-point inputs
     * alone, taught to agree with `net` (train_prune), that a search uses
     * to screen the plays inside its tree before the full nets look at
     * the best few, as gnubg's pruning nets do.  NULL when the file has
     * none. */
    nn_t *prune[EVALNET_PHASES];
    long prune_games;       /* the games they were taught on */
    uint64_t prune_seed;    /* ... and the seed of those games */
    /* how it was made (kept in the file) */
    long games;             /* training games played so far */
    uint64_t seed;
    double alpha, lambda, noise;
    char command[1024];     /* the command line that made it (cut with " ..." if longer) */
} evalnet_t;

/* A fresh net for ruleset r with random starting weights. */
evalnet_t *evalnet_new(const rules_t *r, int hidden, uint64_t seed);

/* Names r (as rules_format writes it: the preset, then any options that
 * differ from it) as the ruleset n is trained under.  False, n unchanged,
 * when the name does not fit. */
bool evalnet_set_rules(evalnet_t *n, const rules_t *r);

/* Whether n was trained under exactly r: the same preset with the same
 * options. */
bool evalnet_trained_for(const evalnet_t *n, const rules_t *r);
void evalnet_free(evalnet_t *n);
/* Widens both nets of n to `hidden` units (nn_widen: nearly the same
 * values to start with) and drops its pruning nets, taught on the narrower
 * ones.  False (n unchanged) when hidden is below n's or out of range, or
 * out of memory. */
bool evalnet_widen(evalnet_t *n, int hidden, uint64_t seed);

/* A new net that values every position by the average of the logits of
 * k nets for the same ruleset (nn_join, phase by phase): an ensemble in
 * one net of their hidden units side by side.  Its header (rules, games,
 * seed...) and pruning nets are copies of the first's, whose play order
 * they were taught.  NULL when the nets differ in ruleset, encoding or
 * classes, their units come to more than NN_MAX_HIDDEN, or out of memory;
 * the k nets stay the caller's. */
evalnet_t *evalnet_join(const evalnet_t *const *nets, int k);

/* The number of inputs an encoding has. */
int evalnet_inputs(evalnet_enc_t enc);
/* The encoding and class count a ruleset needs. */
evalnet_enc_t evalnet_encoding_for(const rules_t *r);
int evalnet_classes_for(const rules_t *r);

/* Which net evaluates b: EVALNET_RACE when no checker can meet one of the
 * other side any more, else EVALNET_CONTACT. */
int evalnet_phase(const board_t *b);

/* "contact", "race" or "any" for a phase (EVALNET_CONTACT, EVALNET_RACE,
 * EVALNET_ANY_PHASE); and back, false (phase unchanged) for any other
 * word. */
const char *evalnet_phase_name(int phase);
bool evalnet_phase_parse(const char *word, int *phase);

/* The indices of the positions of b[0..n) that are of `phase`, in order,
 * into at[] (room for n); returns how many.  With EVALNET_ANY_PHASE every
 * one: at[i] = i. */
int evalnet_of_phase(const board_t *b, int n, int phase, int *at);

/* Encodes b (side on roll) into x; returns the phase.  *near gets the
 * pattern each side is closest to (bräde; OUT_NONE otherwise). */
int evalnet_encode(const evalnet_t *n, const board_t *b, const rules_t *r, nn_input_t *x,
                   outcome_kind_t near[2]);

/* The class of a finished game for the side on roll (mover_won: it won). */
int evalnet_class_of(const evalnet_t *n, const outcome_t *o, bool mover_won);
/* Turns a class distribution to the other side's view (in place). */
void evalnet_flip(const evalnet_t *n, float *p);

/* Fills out (probabilities and equity under r) from a class distribution. */
void evalnet_to_eval(const evalnet_t *n, const float *p, const outcome_kind_t near[2],
                     const rules_t *r, eval_t *out);

/* The other way: the class distribution of an evaluation (a search's
 * value, say), its probabilities clipped to 0 and summing to 1.  Exact for
 * backgammon; in bräde an evaluation knows only how much of each side's
 * wins come with munk, not whether with hemspel or a pattern, so the munk
 * share is split between the two in proportion to their sizes. */
void evalnet_from_eval(const evalnet_t *n, const eval_t *e, float p[NN_MAX_CLASSES]);

/* The exact class distribution of b where one is known without the net
 * (backgammon bear-offs, from the bear-off database).  False otherwise. */
bool evalnet_exact(const evalnet_t *n, const board_t *b, float p[NN_MAX_CLASSES]);

/* A cache of the nets' outputs by position (evalnet_cache_*): a search
 * meets the same position again through plays made in another order, and
 * a hit gives the very numbers the net would (the class distribution is
 * kept, and turned into an eval_t the same way).  Direct-mapped, the whole
 * position kept as the key, so a hit is never another position's value. */
typedef struct evalnet_cache evalnet_cache_t;

/* Scratch for evaluation (one per thread). */
typedef struct evalnet_scratch {
    nn_input_t x;
    nn_act_t a;
    evalnet_cache_t *cache; /* owned; NULL until evalnet_cache_start */
    bool cache_on;          /* looked up and filled by evalnet_eval */
    long cache_hits;        /* evaluations answered from the cache */
} evalnet_scratch_t;

/* Starts using the cache of s, forgetting what it held (the weights may
 * have changed since: a net in training).  False (the cache stays off)
 * when out of memory. */
bool evalnet_cache_start(evalnet_scratch_t *s);
/* Stops using it (its memory is kept for the next start). */
void evalnet_cache_stop(evalnet_scratch_t *s);
/* Frees the cache's memory (the scratch itself is the caller's). */
void evalnet_cache_free(evalnet_scratch_t *s);

/* The static evaluation of b for its side on roll (exact where
 * evalnet_exact knows it, else the net of b's phase). */
void evalnet_eval(const evalnet_t *n, const board_t *b, const rules_t *r, evalnet_scratch_t *s,
                  eval_t *out);

/* The inputs of a pruning net (the point-by-point part of the encoding). */
int evalnet_prune_inputs(void);
/* Gives n pruning nets of `hidden` units with random starting weights
 * (replacing any it had).  False when out of memory or out of range. */
bool evalnet_prune_new(evalnet_t *n, int hidden, uint64_t seed);
/* Encodes b for a pruning net; returns the phase. */
int evalnet_prune_encode(const board_t *b, nn_input_t *x);
/* The pruning nets' rough equity of b for its side on roll (n must have
 * them): only for ordering plays, never shown. */
double evalnet_prune_equity(const evalnet_t *n, const board_t *b, const rules_t *r,
                            evalnet_scratch_t *s);

/* Errors from reading a weights file: line number and a message. */
typedef struct evalnet_error {
    int line;
    char msg[160];
} evalnet_error_t;

/* Reads a weights file's text (len bytes).  NULL with *err filled when it
 * is malformed, of another version, or its checksum does not match. */
evalnet_t *evalnet_parse(const char *text, size_t len, evalnet_error_t *err);
/* Writes the weights file's text; NULL when out of memory. */
char *evalnet_format(const evalnet_t *n, size_t *len);

/* A fingerprint of n's weights (FNV-1a over the main nets' numbers, both
 * phases; the pruning nets and the header left out): two nets that value
 * every position alike have the same one. */
uint64_t evalnet_fingerprint(const evalnet_t *n);

/* The shipped net for r, or NULL when none is shipped: a net trained under
 * some of r's options where one is shipped (the most of them), else the
 * preset's. */
const evalnet_t *evalnet_builtin(const rules_t *r);
/* A new reading of the shipped weights file evalnet_builtin(r) reads, the
 * caller's to free, with the file's size in *bytes: what the first use of
 * a ruleset costs (brade bench times it).  NULL when none is shipped. */
evalnet_t *evalnet_builtin_reread(const rules_t *r, size_t *bytes);
/* How many options a net trained under `name` (a preset, or a preset with
 * options, as a weights file names it) sets, when it serves r: the same
 * preset, and every option the name sets r has too (r may set more).  -1
 * when it does not serve r (another preset, an option r lacks or sets
 * otherwise, or a name that does not parse). */
int evalnet_options_served(const char *name, const rules_t *r);
/* The rulesets of the shipped nets (a preset, or a preset with options). */
int evalnet_builtin_count(void);
const char *evalnet_builtin_name(int i);

#endif
