/*
 * web_http.c - the HTTP side of `brade serve` (see web.h): libmicrohttpd
 * serves the page's files and the JSON API under the access rules of
 * ../shared/web-contract.md and docs/web.md: a random token per start (in
 * the address, then a cookie), the Host header checked against DNS
 * rebinding, the Origin of a state-changing request against cross-site
 * use, files only from the page's own folder, a strict
 * Content-Security-Policy, bounded headers, bodies and connections.
 */
#define _XOPEN_SOURCE 700
#include "web/web.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "front/config.h"
#include "front/paths.h"
#include "web/web_session.h"

enum { BODY_MAX = 64 * 1024, FILE_MAX = 4 << 20 };

/* The server: the course and the sessions, each with its tutor. */
typedef struct web {
    char token[65];
    char root[PATH_MAX];   /* the page's folder, resolved */
    char hosts[4][300];    /* the Host values served */
    int nhosts;
    web_home_t home;
    web_sessions_t *sessions;
} web_t;

/* A request's body as it arrives. */
typedef struct upload {
    char *data;
    size_t len;
    bool too_big;
} upload_t;

static const char CSP[] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/* Queues a response with the headers every answer has. */
static enum MHD_Result answer(struct MHD_Connection *c, unsigned code, const char *type, const void *data,
                              size_t len, const char *cookie)
{
    char *copy = malloc(len ? len : 1); /* libmicrohttpd frees it with the response */
    if (!copy)
        return MHD_NO;
    memcpy(copy, data, len);
    struct MHD_Response *r = MHD_create_response_from_buffer(len, copy, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(copy);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Content-Security-Policy", CSP);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    if (cookie)
        MHD_add_response_header(r, "Set-Cookie", cookie);
    enum MHD_Result ok = MHD_queue_response(c, code, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result plain(struct MHD_Connection *c, unsigned code, const char *msg)
{
    return answer(c, code, "text/plain; charset=utf-8", msg, strlen(msg), NULL);
}

/* True when the request carries the token, in the query or the cookie. */
static bool has_token(const web_t *w, struct MHD_Connection *c, bool *from_query)
{
    const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
    const char *k = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, "brade_token");
    *from_query = q && strcmp(q, w->token) == 0;
    return *from_query || (k && strcmp(k, w->token) == 0);
}

/* True when the Host header names the address served. */
static bool host_ok(const web_t *w, struct MHD_Connection *c)
{
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    if (!h)
        return false;
    for (int i = 0; i < w->nhosts; i++)
        if (strcmp(h, w->hosts[i]) == 0)
            return true;
    return false;
}

/* True when a state-changing request's Origin (if any) is the page's own. */
static bool origin_ok(const web_t *w, struct MHD_Connection *c)
{
    const char *o = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (!o)
        return true; /* not sent by a browser's cross-site request */
    for (int i = 0; i < w->nhosts; i++) {
        char want[320];
        snprintf(want, sizeof want, "http://%s", w->hosts[i]);
        if (strcmp(o, want) == 0)
            return true;
    }
    return false;
}

/* The content type of a file by its name. */
static const char *type_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot)
        return "application/octet-stream";
    if (strcmp(dot, ".html") == 0)
        return "text/html; charset=utf-8";
    if (strcmp(dot, ".js") == 0)
        return "text/javascript; charset=utf-8";
    if (strcmp(dot, ".css") == 0)
        return "text/css; charset=utf-8";
    if (strcmp(dot, ".svg") == 0)
        return "image/svg+xml";
    if (strcmp(dot, ".png") == 0)
        return "image/png";
    return "application/octet-stream";
}

/* A file of the page's own folder, or 404: no "..", no hidden names, no
 * link that leads out of the folder. */
static enum MHD_Result serve_file(web_t *w, struct MHD_Connection *c, const char *url, const char *cookie)
{
    if (strcmp(url, "/") == 0)
        url = "/index.html";
    if (url[0] != '/' || strstr(url, "..") || strstr(url, "/.") || strchr(url, '\\') || strlen(url) > 200)
        return plain(c, 404, "not found\n");
    char path[PATH_MAX + 256], real[PATH_MAX];
    snprintf(path, sizeof path, "%s%s", w->root, url);
    if (!realpath(path, real) || strncmp(real, w->root, strlen(w->root)) != 0 || real[strlen(w->root)] != '/')
        return plain(c, 404, "not found\n");
    int fd = open(real, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > FILE_MAX) {
        if (fd >= 0)
            close(fd);
        return plain(c, 404, "not found\n");
    }
    char *buf = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    while (buf && got < (size_t)st.st_size) {
        ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fd);
    if (!buf || got != (size_t)st.st_size) {
        free(buf);
        return plain(c, 500, "cannot read the file\n");
    }
    enum MHD_Result ok = answer(c, 200, type_of(real), buf, got, cookie);
    free(buf);
    return ok;
}

/* An API call: the body parsed, the tutor asked under the lock. */
static enum MHD_Result serve_api(web_t *w, struct MHD_Connection *c, const char *route, upload_t *up)
{
    json_t *body = NULL;
    if (up && up->len) {
        json_error_t e;
        body = json_loadb(up->data, up->len, 0, &e);
        if (!body || !json_is_object(body)) {
            json_decref(body);
            char msg[300];
            snprintf(msg, sizeof msg, "{\"error\": \"the body is not a JSON object (line %d, column %d)\"}", e.line,
                     e.column);
            return answer(c, 400, "application/json", msg, strlen(msg), NULL);
        }
    }
    int status;
    char id[WEB_SESSION_ID + 1], cookie[120];
    const char *sid = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, "brade_session");
    json_t *res = web_sessions_call(w->sessions, sid, route, body, &status, id);
    json_decref(body);
    char *text = json_dumps(res, JSON_COMPACT);
    json_decref(res);
    if (!text)
        return plain(c, 500, "out of memory\n");
    if (id[0])
        snprintf(cookie, sizeof cookie, "brade_session=%s; Path=/; HttpOnly; SameSite=Strict", id);
    enum MHD_Result ok =
        answer(c, (unsigned)status, "application/json", text, strlen(text), id[0] ? cookie : NULL);
    free(text);
    return ok;
}

/* libmicrohttpd's request handler. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *data, size_t *size, void **con_cls)
{
    (void)version;
    web_t *w = cls;
    bool post = strcmp(method, "POST") == 0;
    if (!post && strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return plain(c, 405, "GET or POST\n");
    if (post) { /* gather the body first, refusing a large one */
        upload_t *up = *con_cls;
        if (!up) {
            up = calloc(1, sizeof *up);
            if (!up)
                return MHD_NO;
            *con_cls = up;
            return MHD_YES;
        }
        if (*size) {
            if (up->len + *size > BODY_MAX)
                up->too_big = true;
            else {
                char *n = realloc(up->data, up->len + *size);
                if (!n)
                    return MHD_NO;
                memcpy(n + up->len, data, *size);
                up->data = n;
                up->len += *size;
            }
            *size = 0;
            return MHD_YES;
        }
    }
    upload_t *up = post ? *con_cls : NULL;
    if (!host_ok(w, c))
        return plain(c, 403, "forbidden: the Host header is not the address served\n");
    bool from_query;
    if (!has_token(w, c, &from_query))
        return plain(c, 403, "forbidden: open the address brade serve printed (it holds the token)\n");
    if (post && !origin_ok(w, c))
        return plain(c, 403, "forbidden: a request from another site\n");
    if (up && up->too_big)
        return plain(c, 413, "the body is too large\n");
    if (strncmp(url, "/api/", 5) == 0) {
        if (!post && strcmp(url, "/api/state") != 0 && strcmp(url, "/api/job") != 0)
            return plain(c, 405, "API calls are POST\n");
        return serve_api(w, c, url + 5, up);
    }
    char cookie[160];
    snprintf(cookie, sizeof cookie, "brade_token=%s; Path=/; HttpOnly; SameSite=Strict", w->token);
    return serve_file(w, c, url, from_query ? cookie : NULL);
}

/* Frees a request's body. */
static void done(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode t)
{
    (void)cls, (void)c, (void)t;
    upload_t *up = *con_cls;
    if (up) {
        free(up->data);
        free(up);
        *con_cls = NULL;
    }
}

/* 32 random bytes as hex. */
static bool make_token(char out[65])
{
    unsigned char b[32];
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    bool ok = fd >= 0 && read(fd, b, sizeof b) == (ssize_t)sizeof b;
    if (fd >= 0)
        close(fd);
    for (int i = 0; ok && i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    return ok;
}

/* Runs the server (see web.h). */
int web_serve(const web_opts_t *o)
{
    web_t *w = calloc(1, sizeof *w); /* large: not on the stack */
    if (!w)
        return 1;
    char dir[PATH_MAX];
    if (!paths_web_dir(dir, sizeof dir) || !realpath(dir, w->root)) {
        fprintf(stderr, "brade: the web page's files were not found (looked in %s)\n", dir);
        free(w);
        return 1;
    }
    if (!make_token(w->token)) {
        fprintf(stderr, "brade: cannot read /dev/urandom for the access token\n");
        free(w);
        return 1;
    }
    config_t cfg;
    config_load(&cfg, stderr);
    lang_t lang = cfg.have_lang ? cfg.lang : LANG_EN;
    if (o->lang)
        lang = strcmp(o->lang, "sv") == 0 ? LANG_SV : LANG_EN;
    const char *listen = o->listen ? o->listen : "127.0.0.1";
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)o->port);
    if (inet_pton(AF_INET, listen, &sa.sin_addr) != 1) {
        fprintf(stderr, "brade: --listen takes an IPv4 address (e.g. 127.0.0.1 or 0.0.0.0), not '%s'\n", listen);
        free(w);
        return 2;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (!web_home_open(&w->home, o->course) ||
        !(w->sessions = web_sessions_new(&w->home, lang, cores < 1 ? 1 : (int)cores))) {
        fprintf(stderr, "brade: out of memory\n");
        web_home_close(&w->home);
        free(w);
        return 1;
    }
    /* SIGINT and SIGTERM are waited for below; the server's threads never
     * see them */
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG, (uint16_t)o->port, NULL, NULL, handle, w,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa, MHD_OPTION_NOTIFY_COMPLETED, done, NULL,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)256, MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)128,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)15, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)4, MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "brade: cannot listen on %s:%d: %s\n", listen, o->port, strerror(errno));
        web_sessions_close(w->sessions);
        web_home_close(&w->home);
        free(w);
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    int port = info ? info->port : o->port;
    const char *names[] = {listen, "127.0.0.1", "localhost"};
    for (int i = 0; i < 3; i++)
        if (i == 0 || strcmp(listen, "127.0.0.1") == 0)
            snprintf(w->hosts[w->nhosts++], sizeof w->hosts[0], "%s:%d", names[i], port);
    char url[400];
    snprintf(url, sizeof url, "http://%s:%d/?token=%s", strcmp(listen, "0.0.0.0") == 0 ? "127.0.0.1" : listen,
             port, w->token);
    printf("brade serve: the tutor is at %s\n(Ctrl-C stops it; your progress is saved as you go.)\n", url);
    fflush(stdout);
    if (!o->no_open) {
        pid_t pid = fork();
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            if (null >= 0) {
                dup2(null, 1);
                dup2(null, 2);
            }
            execlp("xdg-open", "xdg-open", url, (char *)NULL);
            _exit(127);
        }
    }
    /* housekeeping once a second until a signal: jobs nobody asks after
     * are stopped */
    struct timespec second = {1, 0};
    while (sigtimedwait(&sigs, NULL, &second) < 0)
        web_sessions_tick(w->sessions);
    /* the jobs stopped, every session saved (its progress and its game's
     * record), then no more requests */
    web_sessions_quit(w->sessions);
    MHD_stop_daemon(d);
    web_sessions_close(w->sessions);
    web_home_close(&w->home);
    printf("brade serve: stopped.\n");
    free(w);
    return 0;
}
