/*
 * interrupt.h - Ctrl-C in the REPL: it stops the long work it interrupts
 * (rollouts, checks, benchmarks, analyses) and the REPL returns to the
 * prompt; at an idle prompt it drops the line being typed, as a shell does.
 *
 * The REPL brackets each command with interrupt_begin()/interrupt_end().
 * A shell command with long work of its own (training) brackets it with
 * interrupt_catch()/interrupt_release() instead: the same flag, set by a
 * handler of its own while the work runs.
 * While a command runs, SIGINT only sets a flag; long work polls it through
 * the pointer interrupt_flag() gives (rollouts and work queues take it as
 * their `stop`), finishes the step at hand and returns what it has.  The
 * flag is the one piece of process-wide state: a signal handler cannot
 * reach a context struct.
 *
 * Ownership: nothing to free; the flag lives for the process.
 */
#ifndef BRADE_CLI_INTERRUPT_H
#define BRADE_CLI_INTERRUPT_H

#include <signal.h>
#include <stdbool.h>

/* The flag long work polls (never NULL). */
const volatile sig_atomic_t *interrupt_flag(void);
/* A command starts: clear the flag, and let SIGINT set it. */
void interrupt_begin(void);
/* The command ended: returns true when Ctrl-C stopped it. */
bool interrupt_end(void);
/* True while a command runs (for the REPL's SIGINT handler). */
bool interrupt_busy(void);
/* Clears the flag (a shell command's loop, once the work it stopped has
 * answered). */
void interrupt_clear(void);
/* Sets the flag (the REPL's handler calls this while busy). */
void interrupt_raise(void);

/* A shell command's long work starts: the flag is cleared, and SIGINT sets
 * it (the old disposition is kept in *old).  Returns the flag to poll. */
const volatile sig_atomic_t *interrupt_catch(struct sigaction *old);
/* The work ended: SIGINT is as it was before interrupt_catch. */
void interrupt_release(const struct sigaction *old);

#endif
