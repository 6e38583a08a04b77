/*
 * mine_tag.c - the themes of a mined puzzle by predicate (see mine_tag.h).
 */
#include "lab/mine_tag.h"

#include <string.h>

#include "analysis/evalnet.h"

/* Adds a theme once. */
static void tag(const char **out, int *n, const char *t)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(out[i], t) == 0)
            return;
    if (*n < MINE_TAGS_MAX)
        out[(*n)++] = t;
}

/* Whether the contrast names kind k among its reasons. */
static bool says(const contrast_t *c, contrast_kind_t k)
{
    return c && (c->main == k || c->second == k || c->third == k);
}

int mine_tags(const board_t *b, const rules_t *r, const play_t *best, goal_t goal, const contrast_t *why,
              const char **out)
{
    (void)r;
    int n = 0;
    if (goal == GOAL_BEST)
        tag(out, &n, "best-play");
    if (goal == GOAL_NO_JAN || goal == GOAL_NO_SPRANGJAN)
        tag(out, &n, "defence");
    if (goal == GOAL_KEEP_JANBLOTTA_IN)
        tag(out, &n, "janblotta");
    if (b->side[0][BOARD_BAR] > 0)
        tag(out, &n, "entering");
    bool hits = false, blasts = false, off = false;
    for (int i = 0; i < best->nsteps; i++) {
        hits |= best->steps[i].taken > 0 && !(best->steps[i].flags & STEP_BLAST);
        blasts |= (best->steps[i].flags & STEP_BLAST) != 0;
        off |= best->steps[i].to == BOARD_OFF;
    }
    if (hits)
        tag(out, &n, "hitting");
    if (blasts)
        tag(out, &n, "blasting");
    outcome_kind_t k = best->outcome.kind;
    if (k == OUT_JAN)
        tag(out, &n, "jan");
    else if (k == OUT_SPRANGJAN)
        tag(out, &n, "sprangjan");
    else if (k >= OUT_ENKELT_KRONSPEL && k <= OUT_FEM_FYRA_TRE_TVA_ETT)
        tag(out, &n, "vackert");
    if (best->outcome.munk)
        tag(out, &n, "munk");
    if (k == OUT_HEMSPEL || off)
        tag(out, &n, "bear-off");
    if (evalnet_phase(b) == EVALNET_RACE)
        tag(out, &n, "race");
    if (says(why, CONTRAST_SHOTS) || says(why, CONTRAST_JAN_SHOTS))
        tag(out, &n, "safety");
    if (says(why, CONTRAST_JANBLOTTA) || says(why, CONTRAST_JB_LOWER) || says(why, CONTRAST_FORCES_JB))
        tag(out, &n, "janblotta");
    if (says(why, CONTRAST_BANDS))
        tag(out, &n, "blocking");
    return n;
}
