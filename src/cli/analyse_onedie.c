/*
 * analyse_onedie.c - the one-die decision in `brade analyse` (see
 * analyse_onedie.h).
 */
#include "cli/analyse_onedie.h"

#include <stdio.h>

#include "tutor/explain_onedie.h"

int analyse_onedie(const board_t *b, const rules_t *r, const rollout_opts_t *ro, onedie_eval_t *e)
{
    rollout_opts_t o = *ro;
    if (o.games <= 0) {
        rollout_opts_t d;
        onedie_default_opts(&d);
        o.games = d.games;
    }
    int rc = onedie_value(b, r, &o, e);
    return rc == -2 ? 1 : rc; /* -2: the rule does not apply here */
}

void analyse_onedie_json(const onedie_eval_t *e)
{
    char faces[16];
    int n = 0;
    for (int d = 0; d < 6; d++)
        if ((e->face_mask >> d) & 1)
            faces[n++] = (char)('1' + d);
    faces[n] = 0;
    const char *decision = !e->separable ? "too close" : e->declare_better ? "declare" : "roll";
    printf(",\n  \"one_die\": {\"faces\": \"%s\", \"games\": %d, \"declare\": %.4f, \"declare_se\": %.4f, "
           "\"roll\": %.4f, \"roll_se\": %.4f, \"diff\": %.4f, \"diff_se\": %.4f, \"decision\": \"%s\", "
           "\"pattern_declare\": %.4f, \"pattern_roll\": %.4f}",
           faces, e->games, e->declare, e->declare_se, e->roll, e->roll_se, e->diff, e->diff_se, decision,
           e->p_pattern_declare, e->p_pattern_roll);
}

void analyse_onedie_text(lang_t lang, const onedie_eval_t *e, const rules_t *r)
{
    strbuf_t sb;
    strbuf_init(&sb);
    explain_onedie(lang, e, r, &sb);
    printf("%s %s\n", lang == LANG_SV ? "Entärningsregeln:" : "One-die rule:", strbuf_str(&sb));
    strbuf_free(&sb);
}
