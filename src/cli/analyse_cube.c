/*
 * analyse_cube.c - the cube decision of a position (see analyse_cube.h).
 */
#include "cli/analyse_cube.h"

#include <stdio.h>
#include <string.h>

#include "tutor/cubejudge.h"

int analyse_cube(const board_t *b, const rules_t *r, const char *owner, int plies, lang_t lang, bool json,
                 search_ctx_t *sc)
{
    if (!r->doubling_cube) {
        fprintf(stderr, "brade: there is no doubling cube in %s\n", r->name);
        return 2;
    }
    game_t g;
    game_from_board(&g, r, b);
    if (strcmp(owner, "centred") == 0 || strcmp(owner, "centered") == 0)
        g.cube_owner = -1;
    else if (strcmp(owner, "mine") == 0)
        g.cube_owner = b->turn;
    else if (strcmp(owner, "theirs") == 0)
        g.cube_owner = 1 - b->turn;
    else {
        fprintf(stderr, "brade: --cube is centred, mine or theirs, not '%s'\n", owner);
        return 2;
    }
    cubejudge_t j;
    cubejudge_eval(sc, &g, plies, &j);
    const cube_decision_t *d = &j.d;
    if (json) {
        const eval_t *e = &j.e;
        printf("{\n  \"rules\": \"%s\",\n  \"plies\": %d,\n  \"owner\": \"%s\",\n", r->name, plies, owner);
        printf("  \"win\": %.4f,\n  \"win_gammon\": %.4f,\n  \"win_backgammon\": %.4f,\n", d->p_win,
               e->win[OUT_GAMMON] + e->win[OUT_BACKGAMMON], e->win[OUT_BACKGAMMON]);
        printf("  \"lose_gammon\": %.4f,\n  \"lose_backgammon\": %.4f,\n  \"cubeless\": %.4f,\n",
               e->lose[OUT_GAMMON] + e->lose[OUT_BACKGAMMON], e->lose[OUT_BACKGAMMON], e->equity);
        printf("  \"x\": %.2f,\n  \"no_double\": %.4f,\n  \"double_take\": %.4f,\n  \"double_pass\": %.4f,\n", d->x,
               d->nd, d->dt, d->dp);
        printf("  \"action\": \"%s\",\n  \"take\": %s,\n  \"take_point\": %.4f\n}\n", cube_action_name(d->action),
               d->take ? "true" : "false", j.take_point);
        return 0;
    }
    char s[640], v[640];
    cubejudge_summary(&j, lang, s, sizeof s);
    cubejudge_verdict(&j, lang, v, sizeof v);
    printf("%s\n%s\n", s, v);
    return 0;
}
