/*
 * numparse.h - reading the decimal numbers of the analysis floor's text
 * files (the weights files) fast and exactly.
 *
 * A weights file holds some 200,000 numbers written "%.9g", and the
 * program reads a net's file the first time a ruleset is analysed, so the
 * reading is part of how long a learner's first hint takes.  strtof is
 * exact but slow (it handles every locale and form); numparse_float reads
 * the short forms a weights file holds with a few integer operations and
 * gives the float strtof gives, bit for bit, and hands anything else
 * (more than 19 digits, an exponent past 10^22, a value whose rounding
 * to float would be ambiguous, hex, inf, nan) to strtof.
 *
 * Ownership: nothing is kept; the text is only read.
 */
#ifndef BRADE_ANALYSIS_NUMPARSE_H
#define BRADE_ANALYSIS_NUMPARSE_H

#include <stdbool.h>

/* Reads a number at s into *out and sets *end after it, exactly as
 * strtof(s, end) would in the C locale (leading white space, which the
 * weights files never put before a number, goes to strtof).  False, with
 * *end == s, when there is no number at s; false, with *end after it, when
 * it is out of float's range (strtof's ERANGE). */
bool numparse_float(const char *s, const char **end, float *out);

#endif
