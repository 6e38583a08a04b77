/*
 * config.c - the lasting choices (see config.h).
 */
#include "front/config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "front/savefile.h"
#include "content/readfile.h"
#include "content/strbuf.h"

enum { CONFIG_MAX = 64 * 1024 };

static const char *const KEYS[] = {"language", "rules", "tutor", "warn", "colour", "board", NULL};

bool config_path(char *buf, size_t size)
{
    const char *xdg = getenv("XDG_CONFIG_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, size, "%s/brade/config", xdg);
    else if (home && home[0] == '/')
        n = snprintf(buf, size, "%s/.config/brade/config", home);
    else
        return false;
    return n > 0 && (size_t)n < size;
}

/* Checks one value; NULL when fine, else what is allowed. */
static const char *check_value(const char *key, const char *v, config_t *c)
{
    if (strcmp(key, "language") == 0) {
        if (strcmp(v, "en") != 0 && strcmp(v, "sv") != 0)
            return "en or sv";
        if (c) {
            c->have_lang = true;
            c->lang = v[0] == 's' ? LANG_SV : LANG_EN;
        }
    } else if (strcmp(key, "rules") == 0) {
        rules_t r;
        rules_error_t e;
        if (!rules_parse(v, &r, &e))
            return "a ruleset (see brade rules)";
        if (c) {
            c->have_rules = true;
            c->rules = r;
        }
    } else if (strcmp(key, "tutor") == 0) {
        if (strcmp(v, "off") != 0 && strcmp(v, "warn") != 0)
            return "off or warn";
        if (c) {
            c->have_tutor = true;
            c->tutor_warn = v[0] == 'w';
        }
    } else if (strcmp(key, "warn") == 0) {
        if (strcmp(v, "doubtful") != 0 && strcmp(v, "bad") != 0 && strcmp(v, "very-bad") != 0)
            return "doubtful, bad or very-bad";
        if (c) {
            c->have_warn = true;
            c->warn_at = v[0] == 'd' ? GRADE_DOUBTFUL : v[0] == 'b' ? GRADE_BAD : GRADE_VERY_BAD;
        }
    } else if (strcmp(key, "board") == 0) {
        if (strcmp(v, "fixed") != 0 && strcmp(v, "turning") != 0)
            return "fixed or turning";
        if (c)
            c->board_fixed = v[0] == 'f';
    } else if (strcmp(key, "colour") == 0) {
        if (strcmp(v, "auto") != 0 && strcmp(v, "on") != 0 && strcmp(v, "off") != 0)
            return "auto, on or off";
        if (c)
            c->colour = strcmp(v, "on") == 0 ? 1 : strcmp(v, "off") == 0 ? 0 : -1;
    } else {
        return NULL;
    }
    return NULL;
}

/* Splits "key = value" (blanks around both); false for a blank or comment
 * line.  *bad is set when the line is neither that nor blank. */
static bool split(char *line, char **key, char **value, bool *bad)
{
    *bad = false;
    char *s = line + strspn(line, " \t");
    if (!*s || *s == '#')
        return false;
    char *eq = strchr(s, '=');
    if (!eq) {
        *bad = true;
        return false;
    }
    char *k_end = eq;
    while (k_end > s && (k_end[-1] == ' ' || k_end[-1] == '\t'))
        k_end--;
    *k_end = '\0';
    char *v = eq + 1 + strspn(eq + 1, " \t");
    size_t vl = strlen(v);
    while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t' || v[vl - 1] == '\r'))
        v[--vl] = '\0';
    *key = s;
    *value = v;
    return true;
}

void config_load(config_t *c, FILE *err)
{
    memset(c, 0, sizeof *c);
    c->colour = -1;
    char path[4200];
    if (!config_path(path, sizeof path))
        return;
    size_t len;
    char *text = readfile_regular(path, CONFIG_MAX, &len);
    if (!text) {
        if (errno != ENOENT && err)
            fprintf(err, "%s: %s (the settings there are not used)\n", path, strerror(errno));
        return;
    }
    int ln = 0;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        ln++;
        char *key, *value;
        bool bad;
        if (!split(line, &key, &value, &bad)) {
            if (bad && err)
                fprintf(err, "%s:%d: expected 'key = value' (ignored)\n", path, ln);
            continue;
        }
        int k = 0;
        while (KEYS[k] && strcmp(KEYS[k], key) != 0)
            k++;
        if (!KEYS[k]) {
            if (err)
                fprintf(err, "%s:%d: unknown setting '%s' (known: language, rules, tutor, warn, colour, board)\n",
                        path, ln, key);
            continue;
        }
        const char *want = check_value(key, value, c);
        if (want && err)
            fprintf(err, "%s:%d: %s is %s, not '%s' (ignored)\n", path, ln, key, want, value);
    }
    free(text);
}

void config_play_opts(const config_t *c, play_opts_t *o)
{
    if (c->have_lang)
        o->lang = c->lang;
    if (c->have_rules)
        o->rules = c->rules;
    if (c->have_tutor)
        o->tutor = c->tutor_warn ? PLAY_TUTOR_WARN : PLAY_TUTOR_OFF;
    if (c->have_warn)
        o->warn_at = c->warn_at;
}

/* mkdir -p of the directory part of path (mode 0700 for what is made). */
static bool make_parent(const char *path)
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return true;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST)
            return false;
        *p = '/';
    }
    return mkdir(dir, 0700) == 0 || errno == EEXIST;
}

bool config_set(const char *key, const char *value, char *path, size_t path_size)
{
    if (!config_path(path, path_size) || check_value(key, value, NULL)) {
        errno = EINVAL;
        return false;
    }
    size_t len = 0;
    char *text = readfile_regular(path, CONFIG_MAX, &len);
    if (!text && errno != ENOENT)
        return false;
    strbuf_t out;
    strbuf_init(&out);
    bool replaced = false;
    if (text) {
        /* keep every other line (comments too); replace this key's */
        for (char *line = text, *next; line && *line; line = next) {
            next = strchr(line, '\n');
            if (next)
                *next++ = '\0';
            char copy[1024];
            snprintf(copy, sizeof copy, "%s", line);
            char *k, *v;
            bool bad;
            if (split(copy, &k, &v, &bad) && strcmp(k, key) == 0) {
                if (!replaced)
                    strbuf_addf(&out, "%s = %s\n", key, value);
                replaced = true;
                continue;
            }
            strbuf_addf(&out, "%s\n", line);
        }
        free(text);
    } else {
        strbuf_addf(&out, "# brade's lasting choices (brade help --man, FILES)\n");
    }
    if (!replaced)
        strbuf_addf(&out, "%s = %s\n", key, value);
    bool ok = make_parent(path) && savefile_write(path, strbuf_str(&out), out.len);
    strbuf_free(&out);
    return ok;
}
