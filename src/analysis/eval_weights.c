/*
 * eval_weights.c - the shipped (fitted) weights of the bräde evaluator.
 *
 * Until a fitted table is written here by `brade selfplay --fit` (see
 * docs/analysis.md), the hand-set weights are shipped.
 */
#include "analysis/eval_model.h"

const eval_weights_t *eval_weights_fitted(void)
{
    return eval_weights_hand();
}
