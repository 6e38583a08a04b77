/*
 * repl_complete.c - tab completion in the tutor (readline): command names,
 * then each command's arguments as its table entry says (lessons, puzzles,
 * themes, rulesets, glossary terms, `set` words...).
 */
#include <stdio.h>
#include <string.h>

#include <readline/readline.h>

#include "cli/repl.h"
#include "cli/repl_glossary.h"

/* The REPL whose course and glossary are completed (one per process). */
static repl_t *active;

void repl_complete_for(repl_t *r)
{
    active = r;
}


/* Candidate words for the argument being completed. */
static int candidates(repl_complete_t kind, const char **out, int max)
{
    repl_t *r = active;
    int n = 0;
    switch (kind) {
    case COMPLETE_LESSON:
        for (int i = 0; i < r->course.nlessons && n < max; i++)
            out[n++] = r->course.lessons[i].id;
        break;
    case COMPLETE_PUZZLE:
        for (int i = 0; i < r->course.npuzzles && n < max; i++)
            out[n++] = r->course.puzzles[i].id;
        break;
    case COMPLETE_THEME:
        n = course_themes(&r->course, out, max);
        if (n > max)
            n = max;
        break;
    case COMPLETE_SET: {
        static const char *const SET[] = {"rules", "language", "board"};
        for (int i = 0; i < 3; i++)
            out[n++] = SET[i];
        break;
    }
    case COMPLETE_SETUP: {
        for (const char *const *w = repl_setup_words(); *w && n < max; w++)
            out[n++] = *w;
        break;
    }
    case COMPLETE_RULES:
        for (int i = 0; i < rules_preset_count() && n < max; i++)
            out[n++] = rules_preset_at(i)->name;
        break;
    case COMPLETE_COMMAND: {
        int nc;
        const repl_command_t *t = repl_commands(&nc);
        for (int i = 0; i < nc && n < max; i++)
            out[n++] = t[i].name;
        break;
    }
    case COMPLETE_GLOSSARY:
        n = repl_glossary_terms(r, out, max);
        break;
    case COMPLETE_NONE:
        break;
    }
    return n;
}

static const char *gen_words[1024];
static int gen_count, gen_index;

/* Readline's generator: the next candidate starting with `text`. */
static char *generator(const char *text, int state)
{
    if (state == 0)
        gen_index = 0;
    size_t len = strlen(text);
    while (gen_index < gen_count) {
        const char *w = gen_words[gen_index++];
        if (strncmp(w, text, len) == 0)
            return strdup(w);
    }
    return NULL;
}

/* Readline's hook: commands for the first word, then by the command. */
char **repl_complete(const char *text, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1;
    const char *line = rl_line_buffer;
    int words_before = 0;
    char first[64] = "", second[64] = "";
    const char *p = line;
    while (p < line + start) {
        while (p < line + start && *p == ' ')
            p++;
        if (p >= line + start)
            break;
        size_t n = strcspn(p, " ");
        if (p + n > line + start)
            break;
        if (words_before == 0)
            snprintf(first, sizeof first, "%.*s", (int)n, p);
        else if (words_before == 1)
            snprintf(second, sizeof second, "%.*s", (int)n, p);
        words_before++;
        p += n;
    }
    repl_complete_t kind = COMPLETE_NONE;
    if (words_before == 0) {
        kind = COMPLETE_COMMAND;
    } else {
        bool amb;
        const repl_command_t *c = repl_lookup(first, true, &amb);
        if (c && words_before == 1)
            kind = c->complete;
        else if (c && c->complete == COMPLETE_SET && words_before == 2 &&
                 strcmp(second, "rules") == 0)
            kind = COMPLETE_RULES;
        else if (c && c->complete == COMPLETE_SET && words_before == 2 &&
                 (strcmp(second, "language") == 0 || strcmp(second, "board") == 0)) {
            bool lang = second[0] == 'l';
            gen_words[0] = lang ? "en" : "fixed";
            gen_words[1] = lang ? "sv" : "turning";
            gen_count = 2;
            return rl_completion_matches(text, generator);
        }
    }
    gen_count = candidates(kind, gen_words, (int)(sizeof gen_words / sizeof gen_words[0]));
    if (!gen_count)
        return NULL;
    return rl_completion_matches(text, generator);
}

