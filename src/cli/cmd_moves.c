/*
 * cmd_moves.c - `brade moves`, `brade judge`, `brade rules`, `brade posid`:
 * the engine from the shell (docs/engine.md).
 */
#include <stdio.h>
#include <string.h>

#include "front/args.h"
#include "cli/cmd.h"
#include "engine/notation.h"
#include "engine/posid.h"
#include "engine/verdict.h"
#include "tutor/explain.h"

/* Side specs of a play's result, by colour. */
static void result_specs(const board_t *after, char *white, char *black, size_t size)
{
    int ws = after->turn == BOARD_WHITE ? 0 : 1;
    board_format_side(after, ws, white, size);
    board_format_side(after, 1 - ws, black, size);
}

static void print_outcome_json(const outcome_t *o)
{
    if (o->kind == OUT_NONE)
        printf("null");
    else
        printf("{\"kind\": \"%s\", \"munk\": %s, \"points\": %d}", outcome_kind_name(o->kind),
               o->munk ? "true" : "false", o->points);
}

static void print_play_json(const pos_args_t *a, const play_t *p, const char *indent, bool inline_start)
{
    char note[256], white[128], black[128];
    notation_play(p, a->board.geom, note, sizeof note);
    result_specs(&p->after, white, black, sizeof white);
    printf("%s{\n%s  \"notation\": \"%s\",\n%s  \"white\": \"%s\",\n%s  \"black\": \"%s\",\n",
           inline_start ? "" : indent, indent, note, indent, white, indent, black);
    if (a->rules.geometry == GEOM_BACKGAMMON) {
        char id[POSID_SIZE];
        board_t next = p->after;
        board_swap(&next);
        posid_gnubg(&next, id);
        printf("%s  \"position_id\": \"%s\",\n", indent, id);
    }
    printf("%s  \"outcome\": ", indent);
    print_outcome_json(&p->outcome);
    printf("\n%s}", indent);
}

static void print_roll_json(roll_t r)
{
    if (r.b)
        printf("[%d, %d]", r.a, r.b);
    else
        printf("[%d]", r.a);
}

/* Generates the plays; prints an error and returns -1 on overflow. */
static int generate(const pos_args_t *a, movegen_buf_t *buf)
{
    int n = movegen_plays(&a->board, &a->rules, a->roll, buf);
    if (n < 0)
        fprintf(stderr, "brade: too many plays for the buffer (internal limit %d)\n", MOVEGEN_MAX_PLAYS);
    return n;
}

int cmd_moves(int argc, char **argv)
{
    pos_args_t a;
    if (!args_parse_position(argc, argv, true, NULL, &a, stderr))
        return 2;
    movegen_buf_t *buf = movegen_buf_new();
    if (!buf) {
        fprintf(stderr, "brade: out of memory\n");
        return 1;
    }
    int n = generate(&a, buf);
    if (n < 0) {
        movegen_buf_free(buf);
        return 1;
    }
    char rname[256];
    rules_format(&a.rules, rname, sizeof rname);
    if (a.json) {
        printf("{\n  \"rules\": \"%s\",\n  \"to_move\": \"%s\",\n  \"roll\": ", rname,
               args_colour(a.board.turn));
        print_roll_json(a.roll);
        printf(",\n  \"plays\": [\n");
        for (int i = 0; i < n; i++) {
            print_play_json(&a, movegen_play(buf, i), "    ", false);
            printf("%s\n", i + 1 < n ? "," : "");
        }
        printf("  ]\n}\n");
    } else {
        printf("%s: %s to move, roll ", rname, args_colour(a.board.turn));
        if (a.roll.b)
            printf("%d-%d", a.roll.a, a.roll.b);
        else
            printf("%d", a.roll.a);
        printf(": %d legal play%s\n", n, n == 1 ? "" : "s");
        for (int i = 0; i < n; i++) {
            const play_t *p = movegen_play(buf, i);
            char note[256], white[128], black[128], out[128];
            notation_play(p, a.board.geom, note, sizeof note);
            result_specs(&p->after, white, black, sizeof white);
            printf("%3d. %-24s white %s | black %s", i + 1, p->nsteps ? note : "(no move)", white, black);
            if (p->outcome.kind != OUT_NONE) {
                explain_outcome(LANG_EN, &p->outcome, out, sizeof out);
                printf(" | wins: %s", out);
            }
            printf("\n");
        }
    }
    movegen_buf_free(buf);
    return 0;
}

static const char *const VERDICT_NAMES[] = {"legal", "illegal", "not-enough", "unparseable"};

/* Prints a string as a JSON string literal. */
static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20)
            printf("\\u%04x", ch);
        else
            putchar(ch);
    }
    putchar('"');
}

int cmd_judge(int argc, char **argv)
{
    pos_args_t a;
    if (!args_parse_position(argc, argv, true, NULL, &a, stderr))
        return 2;
    args_note_implied_off(&a, stderr);
    if (!a.play) {
        fprintf(stderr, "brade: judge needs --play TEXT (e.g. --play '20/23 21/off')\n");
        return 2;
    }
    movegen_buf_t *buf = movegen_buf_new();
    if (!buf)
        return 1;
    int n = generate(&a, buf);
    if (n < 0) {
        movegen_buf_free(buf);
        return 1;
    }
    verdict_t v;
    verdict_judge(&a.board, &a.rules, a.roll, a.play, buf, n, &v);
    char text[2048], rname[256];
    explain_verdict(LANG_EN, &a.board, &a.rules, &v, buf, a.play, text, sizeof text);
    rules_format(&a.rules, rname, sizeof rname);
    if (a.json) {
        printf("{\n  \"rules\": \"%s\",\n  \"verdict\": \"%s\",\n", rname, VERDICT_NAMES[v.kind]);
        if (v.kind == VERDICT_ILLEGAL) {
            const typed_move_t *m = &v.typed.moves[v.move_index];
            printf("  \"reason\": \"%s\",\n  \"step\": ", explain_reason_code(v.reason));
            char step[64];
            snprintf(step, sizeof step, "%.*s", m->length, a.play + m->offset);
            json_string(step);
            printf(",\n  \"die\": %d,\n", v.step.die);
        }
        if (v.kind == VERDICT_UNPARSEABLE)
            printf("  \"offset\": %d,\n  \"length\": %d,\n", v.typed.err_offset, v.typed.err_length);
        if (v.kind == VERDICT_NOT_ENOUGH)
            printf("  \"your_pips\": %d,\n  \"best_pips\": %d,\n  \"your_dice\": %d,\n  \"best_dice\": %d,\n",
                   v.your_pips, v.best_pips, v.your_dice, v.best_dice);
        if (v.kind == VERDICT_LEGAL || v.kind == VERDICT_NOT_ENOUGH) {
            printf("  \"%s\": ", v.kind == VERDICT_LEGAL ? "play" : "example");
            print_play_json(&a, movegen_play(buf, v.play), "  ", true);
            printf(",\n");
        }
        printf("  \"explanation\": ");
        json_string(text);
        printf("\n}\n");
    } else {
        printf("%s\n", text);
    }
    movegen_buf_free(buf);
    return v.kind == VERDICT_LEGAL ? 0 : 1;
}

int cmd_rules(int argc, char **argv)
{
    bool options = argc > 0 && strcmp(argv[0], "--options") == 0;
    if (argc > 0 && !options) {
        /* brade rules NAME: every option of that ruleset */
        rules_t r;
        rules_error_t re;
        if (!rules_parse(argv[0], &r, &re)) {
            fprintf(stderr, "brade: unknown ruleset or option in '%s'\n", argv[0]);
            return 2;
        }
        for (int i = 0; i < rules_option_count(); i++)
            printf("%-22s %s\n", rules_option_name(i), rules_option_get(&r, i));
        return 0;
    }
    if (options) {
        for (int i = 0; i < rules_option_count(); i++) {
            char vals[256];
            rules_option_values(i, vals, sizeof vals);
            printf("%-22s %s\n%-22s   %s\n", rules_option_name(i), vals, "", rules_option_help(i));
        }
        return 0;
    }
    for (int i = 0; i < rules_preset_count(); i++)
        printf("%-17s %s\n", rules_preset_at(i)->name, rules_preset_summary(i));
    return 0;
}

int cmd_posid(int argc, char **argv)
{
    pos_args_t a;
    if (!args_parse_position(argc, argv, false, NULL, &a, stderr))
        return 2;
    char id[POSID_SIZE];
    posid_write(a.rules.geometry, &a.board, id);
    printf("%s\n", id);
    return 0;
}
