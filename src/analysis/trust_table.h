/*
 * trust_table.h - made by `python3 lab/bench/brade/trust.py --write
 * src/analysis/trust_table.h`; do not edit by hand (trust.py --check, in
 * the slow suite, fails when the shipped nets no longer give this table).
 * Per ruleset preset, the depth measured, then per margin band (upper
 * edges TRUST_EDGES, the last band open) the pairs of plays measured and
 * the share of them long rollouts reverse.
 */
#define TRUST_BANDS 6
static const double TRUST_EDGES[TRUST_BANDS - 1] = {0.01, 0.02, 0.04, 0.08, 0.16};
static const trust_row_t TRUST_ROWS[] = {
    {"backgammon", 1, {181, 117, 203, 286, 309, 603}, {0.217, 0.235, 0.164, 0.089, 0.021, 0.004}},
    {"helmfrid", 2, {134, 90, 144, 153, 138, 179}, {0.377, 0.296, 0.111, 0.061, 0.027, 0.013}},
    {"lyckans-talisman", 2, {118, 83, 138, 160, 152, 197}, {0.296, 0.288, 0.210, 0.116, 0.019, 0.001}},
    {"theboard", 2, {143, 78, 135, 129, 145, 225}, {0.382, 0.337, 0.155, 0.059, 0.016, 0.007}},
    {"vasa", 2, {67, 66, 105, 125, 118, 363}, {0.389, 0.440, 0.251, 0.177, 0.043, 0.011}},
};
