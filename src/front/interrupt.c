/*
 * interrupt.c - Ctrl-C stops the work it interrupts (see interrupt.h).
 */
#include "front/interrupt.h"

#include <string.h>

static volatile sig_atomic_t flag; /* Ctrl-C came while busy */
static volatile sig_atomic_t busy; /* a command is running */

/* The flag long work polls. */
const volatile sig_atomic_t *interrupt_flag(void) { return &flag; }

/* A command starts. */
void interrupt_begin(void)
{
    flag = 0;
    busy = 1;
}

/* The command ended; was it stopped? */
bool interrupt_end(void)
{
    busy = 0;
    bool stopped = flag != 0;
    flag = 0;
    return stopped;
}

/* True while a command runs. */
bool interrupt_busy(void) { return busy != 0; }

/* Sets the flag (async-signal-safe). */
void interrupt_raise(void) { flag = 1; }

void interrupt_clear(void) { flag = 0; }

/* A shell command's SIGINT handler: only the flag. */
static void on_sigint(int sig)
{
    (void)sig;
    flag = 1;
}

/* SIGINT sets the flag while a shell command's work runs (see interrupt.h). */
const volatile sig_atomic_t *interrupt_catch(struct sigaction *old)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    flag = 0;
    sigaction(SIGINT, &sa, old);
    return &flag;
}

/* SIGINT as it was (see interrupt.h). */
void interrupt_release(const struct sigaction *old) { sigaction(SIGINT, old, NULL); }
