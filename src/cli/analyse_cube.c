/*
 * analyse_cube.c - the cube decision of a position (see analyse_cube.h).
 */
#include "cli/analyse_cube.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tutor/cubejudge.h"

/* Reads "A,B[,crawford|post]" into s (by colour, the side on roll `me`)
 * and g's Crawford flag; false when it is not that. */
static bool read_away(const char *text, int me, cubejudge_score_t *s, game_t *g)
{
    int a, b, n = 0;
    char tail[16] = "";
    if (sscanf(text, "%d,%d%n", &a, &b, &n) != 2 || a < 1 || b < 1 || a >= CUBE_MET_MAX || b >= CUBE_MET_MAX)
        return false;
    if (text[n] == ',' && sscanf(text + n + 1, "%15s", tail) != 1)
        return false;
    if (text[n] && text[n] != ',')
        return false;
    bool crawford = strcmp(tail, "crawford") == 0, post = strcmp(tail, "post") == 0;
    if (tail[0] && !crawford && !post)
        return false;
    if ((crawford || post) && a != 1 && b != 1)
        return false; /* the Crawford game comes when somebody is 1-away */
    s->away[me] = a;
    s->away[1 - me] = b;
    s->post = post;
    g->crawford = crawford;
    return true;
}

int analyse_cube(const board_t *b, const rules_t *r, const char *owner, const char *away, int plies, lang_t lang,
                 bool json, search_ctx_t *sc)
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
    cubejudge_score_t score;
    cube_met_t *met = NULL;
    if (away) {
        if (!read_away(away, b->turn, &score, &g)) {
            fprintf(stderr, "brade: --away is A,B (points each side still needs, 1 to %d; the side on roll "
                            "first), with ,crawford or ,post when one of them is 1-away; not '%s'\n",
                    CUBE_MET_MAX - 1, away);
            return 2;
        }
        if (!(met = malloc(sizeof *met))) {
            fprintf(stderr, "brade: out of memory\n");
            return 1;
        }
        cube_met_init(met);
    }
    cubejudge_t j;
    cubejudge_eval(sc, &g, plies, away ? &score : NULL, met, &j);
    free(met);
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
        if (d->match)
            printf("  \"mwc_no_double\": %.4f,\n  \"mwc_double_take\": %.4f,\n  \"mwc_double_pass\": %.4f,\n",
                   d->mwc_nd, d->mwc_dt, d->mwc_dp);
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
