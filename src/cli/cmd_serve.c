/*
 * cmd_serve.c - `brade serve`: the tutor in a web page (web/web.h,
 * docs/web.md).  Reads the flags and hands over.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "web/web.h"

int cmd_serve(int argc, char **argv)
{
    web_opts_t o = {.port = 8642};
    for (int i = 0; i < argc; i++) {
        const char *f = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(f, "--no-open") == 0) {
            o.no_open = true;
            continue;
        }
        if (!v) {
            fprintf(stderr, "brade: %s needs a value (see brade help)\n", f);
            return 2;
        }
        i++;
        if (strcmp(f, "--port") == 0) {
            char *end;
            long n = strtol(v, &end, 10);
            if (!*v || *end || n < 0 || n > 65535) {
                fprintf(stderr, "brade: --port takes 0 (a free port) to 65535, not '%s'\n", v);
                return 2;
            }
            o.port = (int)n;
        } else if (strcmp(f, "--listen") == 0) {
            o.listen = v;
        } else if (strcmp(f, "--course") == 0) {
            o.course = v;
        } else if (strcmp(f, "--lang") == 0 && (strcmp(v, "en") == 0 || strcmp(v, "sv") == 0)) {
            o.lang = v;
        } else {
            fprintf(stderr, "brade: serve takes --port N, --listen ADDR, --course DIR, --lang en|sv, --no-open; not %s %s\n",
                    f, v);
            return 2;
        }
    }
    return web_serve(&o);
}
