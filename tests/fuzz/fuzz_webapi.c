/*
 * fuzz_webapi.c - the page's requests as the server hands them to the
 * tutor (web_app_call): each input line is a call, its route then a JSON
 * body (parsed as the server parses it; a body that is not an object is
 * the server's 400 before the tutor).  Promises: every answer is a JSON
 * object with a known status; an error answer says why; the tutor keeps
 * answering afterwards (a `state` call at the end).  Games start at level
 * 0 (the engine's cheapest) and reviews at 0 plies, so a run stays short.
 */
#include "fuzz_common.h"

#include <jansson.h>

#include "web/web.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static web_home_t home;
    static web_app_t app;
    static bool open;
    if (!open) {
        char dir[] = "/tmp/brade-fuzz-webapi-XXXXXX";
        if (!mkdtemp(dir))
            abort();
        setenv("XDG_STATE_HOME", dir, 1);
        setenv("XDG_CONFIG_HOME", dir, 1);
        if (!web_home_open(&home, FUZZ_COURSE) || !web_app_open(&app, &home, LANG_EN))
            abort();
        open = true;
    }
    if (size > 4096)
        return 0;
    char *text = fuzz_string(data, size);
    int calls = 0;
    for (char *s = text, *next; s && *s && calls < 12; s = next) {
        next = strchr(s, '\n');
        if (next)
            *next++ = '\0';
        char route[32] = "";
        size_t n = strcspn(s, " ");
        if (n == 0 || n >= sizeof route)
            continue;
        memcpy(route, s, n);
        json_t *body = NULL;
        if (s[n]) {
            json_error_t e;
            body = json_loads(s + n + 1, 0, &e);
            if (!json_is_object(body)) {
                json_decref(body);
                continue; /* the server's 400, before the tutor */
            }
        }
        if (strcmp(route, "play") == 0 || strcmp(route, "review") == 0) {
            if (!body)
                body = json_object();
            json_object_set_new(body, route[0] == 'p' ? "level" : "plies", json_integer(0));
        }
        int status = 0;
        json_t *res = web_app_call(&app, route, body, &status);
        FUZZ_CHECK(json_is_object(res));
        FUZZ_CHECK(status == 200 || status == 400 || status == 404 || status == 500);
        if (status != 200)
            FUZZ_CHECK(json_is_string(json_object_get(res, "error")));
        json_decref(res);
        json_decref(body);
        calls++;
    }
    free(text);
    int status;
    json_t *res = web_app_call(&app, "state", NULL, &status);
    FUZZ_CHECK(status == 200 && json_is_object(res));
    json_decref(res);
    return 0;
}
