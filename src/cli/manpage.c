/*
 * manpage.c - `brade help --man` and `brade help --completion bash|zsh`:
 * the manual page and the shell completions, generated from the command
 * tables (the shell commands of main.c, the tutor's of repl_cmds.c), the
 * rulesets and their options, so neither can drift from the program.  The
 * build runs them and installs what they print (src/cli/meson.build).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cmd.h"
#include "cli/repl.h"

/* Writes s for roff: backslashes doubled, '-' as \-, a leading '.' or '\''
 * escaped. */
static void roff(const char *s)
{
    if (*s == '.' || *s == '\'')
        fputs("\\&", stdout);
    for (; *s; s++) {
        if (*s == '\\')
            fputs("\\e", stdout);
        else if (*s == '-')
            fputs("\\-", stdout);
        else
            putchar(*s);
    }
}

int help_man(void)
{
    int n, nr;
    const command_t *t = cmd_table(&n);
    const repl_command_t *rc = repl_commands(&nr);
    puts(".TH BRADE 1 \"2026\" \"brade\" \"User Commands\"");
    puts(".SH NAME\nbrade \\- a rules tutor, puzzle trainer and opponent for br\\(:ade "
         "(Swedish Tables)");
    puts(".SH SYNOPSIS\n.B brade\n.br\n.B brade\n.I FILE\n.br\n.B brade\n.I COMMAND\n[\n.I ARGS\n]");
    puts(".SH DESCRIPTION");
    puts("With no command, \\fBbrade\\fR starts the tutor: a course of lessons and puzzles on the "
         "rules of br\\(:ade, games against the engine with the tutor watching, and the analysis "
         "of plays, in English or Swedish.  Typed and piped input take the same path, so "
         "\\fBbrade\\fR \\fIFILE\\fR runs a file of the tutor's commands.  Every explanation names "
         "the ruleset it applies.");
    puts(".SH COMMANDS");
    for (int i = 0; i < n; i++) {
        printf(".TP\n.B brade ");
        roff(t[i].usage);
        printf("\n");
        roff(t[i].help);
        printf(".\n");
    }
    puts(".SH POSITION FLAGS");
    puts("\\fB\\-\\-rules\\fR \\fINAME\\fR[\\fB+\\fR\\fIoption\\fB=\\fR\\fIvalue\\fR...] "
         "\\fB\\-\\-option\\fR \\fINAME\\fB=\\fR\\fIVALUE\\fR \\fB\\-\\-white\\fR \\fISPEC\\fR "
         "\\fB\\-\\-black\\fR \\fISPEC\\fR \\fB\\-\\-to\\-move\\fR white|black, or "
         "\\fB\\-\\-position\\-id\\fR \\fIID\\fR.  A side \\fISPEC\\fR lists that side's checkers "
         "in its own numbering: \\fIP\\fR, \\fIP\\fB:\\fIN\\fR, \\fBbar:\\fIN\\fR, \\fBoff:\\fIN\\fR.");
    puts(".SH TUTOR COMMANDS");
    puts("Typed at the \\fBbrade>\\fR prompt (a unique prefix will do; any other line is an answer "
         "to the open question, or a play in a game):");
    for (int i = 0; i < nr; i++) {
        printf(".TP\n.B ");
        roff(rc[i].name);
        if (rc[i].args && *rc[i].args) {
            printf(" ");
            roff(rc[i].args);
        }
        printf("\n");
        roff(rc[i].help_en);
        printf(".\n");
    }
    puts(".SH RULESETS");
    for (int i = 0; i < rules_preset_count(); i++) {
        printf(".TP\n.B ");
        roff(rules_preset_at(i)->name);
        printf("\n");
        roff(rules_preset_summary(i));
        printf(".\n");
    }
    puts("A ruleset may change single options: \\fBhelmfrid+bearoff=exact\\-only\\fR.  "
         "\\fBbrade rules \\-\\-options\\fR lists them all.");
    puts(".SH FILES");
    puts(".TP\n.I $XDG_STATE_HOME/brade/\n(or \\fI~/.local/state/brade/\\fR) the learner's "
         "progress record, the tutor's history and \\fIgames/\\fR, the records of games played.");
    puts(".TP\n.I $XDG_CONFIG_HOME/brade/config\n(or \\fI~/.config/brade/config\\fR) the lasting "
         "choices, lines of \\fIkey\\fB = \\fIvalue\\fR: \\fBlanguage\\fR en|sv, \\fBrules\\fR a ruleset, "
         "\\fBtutor\\fR off|warn, \\fBwarn\\fR doubtful|bad|very\\-bad, \\fBcolour\\fR auto|on|off, \\fBboard\\fR "
         "turning|fixed.  Flags win over it; \\fBset language\\fR, \\fBset rules\\fR and \\fBset "
         "board\\fR in the tutor write it.");
    puts(".TP\n.I share/brade/\nthe course (\\fIlessons/\\fR, \\fIpuzzles/\\fR) and the glossary "
         "(\\fIdocs/glossary.md\\fR), found beside the program's \\fIbin/\\fR directory or where "
         "it was installed.");
    puts(".SH ENVIRONMENT");
    puts(".TP\n.B BRADE_COURSE\na course directory to use instead of the installed one.");
    puts(".TP\n.B NO_COLOR\nno colour in the output.");
    puts(".TP\n.B XDG_STATE_HOME\nwhere the state directory is.");
    puts(".TP\n.B XDG_CONFIG_HOME\nwhere the config file is.");
    puts(".SH EXIT STATUS\n0 on success; 1 when a command or a script line failed; 2 for a usage "
         "error or input that is not valid.");
    puts(".SH SEE ALSO\n.BR gnubg (6).  The project's \\fIREADME.md\\fR and \\fIdocs/\\fR: the rules "
         "of each tradition, the analysis, authoring lessons and puzzles, playing and reviewing "
         "games.");
    return 0;
}

/* The --flags named in a usage string, space separated, into buf. */
static void flags_of(const char *usage, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const char *p = usage; (p = strstr(p, "--")) != NULL;) {
        size_t len = 2;
        while (p[len] && (p[len] == '-' || (p[len] >= 'a' && p[len] <= 'z')))
            len++;
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)len, p);
        if (len > 2 && !strstr(buf, word) && used + len + 2 < size) {
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? " " : "", word);
        }
        p += len;
    }
}

int help_completion(const char *shell)
{
    int n;
    const command_t *t = cmd_table(&n);
    char flags[1024];
    bool zsh = strcmp(shell, "zsh") == 0;
    if (!zsh && strcmp(shell, "bash") != 0) {
        fprintf(stderr, "brade: completion for bash or zsh\n");
        return 2;
    }
    if (zsh)
        printf("#compdef brade\n# zsh completion for brade, made by 'brade help --completion zsh'.\n"
               "autoload -U +X bashcompinit && bashcompinit\n");
    else
        printf("# bash completion for brade, made by 'brade help --completion bash'.\n");
    printf("_brade() {\n    local cur prev cmd\n    cur=\"${COMP_WORDS[COMP_CWORD]}\"\n"
           "    prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n    cmd=\"${COMP_WORDS[1]}\"\n");
    printf("    local rulesets=\"");
    for (int i = 0; i < rules_preset_count(); i++)
        printf("%s%s", i ? " " : "", rules_preset_at(i)->name);
    printf("\"\n    local options=\"");
    for (int i = 0; i < rules_option_count(); i++)
        printf("%s%s=", i ? " " : "", rules_option_name(i));
    printf("\"\n");
    printf("    if [ \"$COMP_CWORD\" -eq 1 ]; then\n        COMPREPLY=($(compgen -W \"");
    for (int i = 0; i < n; i++)
        printf("%s ", t[i].name);
    printf("--course --lang --echo\" -- \"$cur\") $(compgen -f -- \"$cur\"))\n        return\n    fi\n");
    printf("    case \"$prev\" in\n"
           "        --rules) COMPREPLY=($(compgen -W \"$rulesets\" -- \"$cur\")); return ;;\n"
           "        --option) COMPREPLY=($(compgen -W \"$options\" -- \"$cur\")); return ;;\n"
           "        --lang) COMPREPLY=($(compgen -W \"en sv\" -- \"$cur\")); return ;;\n"
           "        --to-move) COMPREPLY=($(compgen -W \"white black\" -- \"$cur\")); return ;;\n"
           "        --white|--black) [ \"$cmd\" = play ] && COMPREPLY=($(compgen -W \"human engine "
           "engine:0 engine:1 engine:2 engine:3\" -- \"$cur\")); return ;;\n"
           "        --dice) COMPREPLY=($(compgen -W \"auto manual\" -- \"$cur\")); return ;;\n"
           "        --tutor) COMPREPLY=($(compgen -W \"off warn\" -- \"$cur\")); return ;;\n"
           "        --warn) COMPREPLY=($(compgen -W \"doubtful bad very-bad\" -- \"$cur\")); return ;;\n"
           "        --course|--record|--out|--weights|--from|--mat|--queries) "
           "COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
           "    esac\n");
    printf("    case \"$cmd\" in\n");
    for (int i = 0; i < n; i++) {
        flags_of(t[i].usage, flags, sizeof flags);
        bool posflags = strstr(t[i].usage, "position flags") != NULL;
        printf("        %s) COMPREPLY=($(compgen -W \"%s%s%s\" -- \"$cur\")", t[i].name, flags,
               posflags ? " --rules --option --white --black --to-move --position-id" : "",
               strcmp(t[i].name, "rules") == 0 ? " $rulesets" : "");
        if (strcmp(t[i].name, "check") == 0 || strcmp(t[i].name, "review") == 0)
            printf(" $(compgen -f -- \"$cur\")");
        printf(") ;;\n");
    }
    printf("    esac\n}\ncomplete -F _brade brade\n");
    return 0;
}
