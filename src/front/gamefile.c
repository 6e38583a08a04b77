/*
 * gamefile.c - where a game's record goes (see gamefile.h).
 */
#include "front/gamefile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

#include "front/paths.h"

/* The next free games/DATE-N.txt (see gamefile.h). */
bool gamefile_new_path(char *path, size_t size, char *why, size_t why_size)
{
    char dir[4096];
    if (!paths_state_dir(dir, sizeof dir, why, why_size))
        return false;
    char games[4150];
    snprintf(games, sizeof games, "%s/games", dir);
    if (mkdir(games, 0700) != 0 && errno != EEXIST) {
        snprintf(why, why_size, "%s: %s", games, strerror(errno));
        return false;
    }
    char day[16];
    paths_format_day(paths_today(), day, sizeof day);
    struct stat st;
    for (int i = 1; i < 100000; i++) {
        snprintf(path, size, "%s/%s-%d.txt", games, day, i);
        if (stat(path, &st) != 0)
            break;
    }
    return true;
}

/* A new game's seed (see gamefile.h). */
uint64_t gamefile_seed(int started)
{
    uint64_t base = getenv("BRADE_TODAY") ? (uint64_t)paths_today() * 1000u : (uint64_t)time(NULL);
    return (base + (uint64_t)started) % 2147483648u;
}
