/* test_rules.c - presets (rules.md D4), overrides, the option table, scoring (B8). */
#include "test_util.h"

#include "engine/outcome.h"

static void presets_match_d4(void **state)
{
    (void)state;
    const rules_t *lt = rules_preset("lyckans-talisman"), *h = rules_preset("helmfrid"),
                  *v = rules_preset("vasa"), *tbc = rules_preset("theboard"), *bg = rules_preset("backgammon");
    assert_non_null(lt);
    assert_int_equal(lt->entry_blast, ENTRY_BLAST_B);
    assert_int_equal(lt->jan_legality, JANLEGAL_MAXIMAL);
    assert_int_equal(lt->bearoff, BEAROFF_STANDARD);
    assert_int_equal(h->jan_legality, JANLEGAL_ANY);
    assert_int_equal(h->jan_timing, JANTIME_AT_STEP);
    assert_int_equal(v->bearoff, BEAROFF_REARMOST_ONLY);
    assert_int_equal(v->vackert_completion, COMPLETE_IMMEDIATE);
    assert_int_equal(v->one_die_rule, ONE_DIE_OFF);
    assert_int_equal(tbc->entry_blast, ENTRY_BLAST_A);
    assert_int_equal(tbc->max_prime, 5);
    assert_int_equal(tbc->move_criterion, CRIT_MAX_DICE_THEN_FACES);
    assert_int_equal(tbc->munk, MUNK_NONE);
    assert_int_equal(bg->geometry, GEOM_BACKGAMMON);
    assert_true(bg->doubling_cube);
    assert_null(rules_preset("chess"));
    assert_int_equal(rules_preset_count(), 5);
}

static void overrides(void **state)
{
    (void)state;
    rules_t r;
    rules_error_t e;
    assert_true(rules_parse("helmfrid+bearoff=exact-only", &r, &e));
    assert_int_equal(r.bearoff, BEAROFF_EXACT_ONLY);
    assert_int_equal(r.jan_legality, JANLEGAL_ANY);
    char buf[128];
    rules_format(&r, buf, sizeof buf);
    assert_string_equal(buf, "helmfrid+bearoff=exact-only");
    assert_true(rules_parse("theboard+Entry_Blast=B+max-prime=none", &r, &e));
    assert_int_equal(r.entry_blast, ENTRY_BLAST_B);
    assert_int_equal(r.max_prime, 0);
    assert_true(rules_parse("vasa+extra-patterns=kejsar,951", &r, &e));
    assert_int_equal(r.extra_patterns, XPAT_KEJSAR | XPAT_951);
    assert_false(rules_parse("vasa+bearoff=sideways", &r, &e));
    assert_int_equal(e.code, RULES_ERR_VALUE);
    assert_int_equal(e.offset, 13);
    assert_false(rules_parse("vasa+colour=red", &r, &e));
    assert_int_equal(e.code, RULES_ERR_OPTION);
    assert_false(rules_parse("vasa+bearoff", &r, &e));
    assert_int_equal(e.code, RULES_ERR_SYNTAX);
    assert_false(rules_parse("nonsense", &r, &e));
    assert_int_equal(e.code, RULES_ERR_PRESET);
    /* every option prints a value its own parser accepts */
    for (int i = 0; i < rules_option_count(); i++) {
        rules_t c = *rules_preset("lyckans-talisman");
        assert_int_equal(rules_set(&c, rules_option_name(i), rules_option_get(&c, i)), RULES_OK);
    }
}

static int points(const char *rules, outcome_kind_t k, int munk, int excess)
{
    rules_t r = tr(rules);
    outcome_t o = {k, munk, excess, 0, 0};
    outcome_score(&o, &r);
    return o.points;
}

static void scoring_tables(void **state)
{
    (void)state;
    /* W&W (Lyckans Talisman) */
    assert_int_equal(points("lyckans-talisman", OUT_HEMSPEL, 0, 0), 1);
    assert_int_equal(points("lyckans-talisman", OUT_HEMSPEL, 1, 0), 2);
    assert_int_equal(points("lyckans-talisman", OUT_UPPSPEL, 0, 0), 1);
    assert_int_equal(points("lyckans-talisman", OUT_JAN, 0, 1), 2);
    assert_int_equal(points("lyckans-talisman", OUT_SPRANGJAN, 0, 1), 4);
    /* Ny 2 */
    assert_int_equal(points("lyckans-talisman+scoring=ny2", OUT_HEMSPEL, 0, 0), 3);
    assert_int_equal(points("lyckans-talisman+scoring=ny2", OUT_TRAPPSPEL, 1, 0), 5);
    assert_int_equal(points("lyckans-talisman+scoring=ny2", OUT_RESIGN, 0, 0), 4);
    assert_int_equal(points("lyckans-talisman+scoring=ny2", OUT_JAN, 0, 1), 7);
    assert_int_equal(points("lyckans-talisman+scoring=ny2", OUT_SPRANGJAN, 0, 1), 11);
    /* Vasa 1/2/4/6, munk +1 */
    assert_int_equal(points("vasa", OUT_HEMSPEL, 0, 0), 1);
    assert_int_equal(points("vasa", OUT_ENKELT_KRONSPEL, 0, 0), 2);
    assert_int_equal(points("vasa", OUT_ENKELT_KRONSPEL, 2, 0), 3);
    assert_int_equal(points("vasa", OUT_JAN, 0, 1), 4);
    assert_int_equal(points("vasa", OUT_SPRANGJAN, 0, 1), 6);
    /* dubbelmunk and dubbeljan (C30b, C6b) */
    assert_int_equal(points("lyckans-talisman+munk=per-checker", OUT_HEMSPEL, 2, 0), 3);
    assert_int_equal(points("lyckans-talisman+dubbeljan=on", OUT_JAN, 0, 2), 3);
    assert_int_equal(points("lyckans-talisman", OUT_JAN, 0, 2), 2);
    /* Helmfrid skiljepoäng */
    rules_t h = tr("helmfrid");
    outcome_t o = {OUT_HEMSPEL, 1, 0, 0, 0};
    outcome_score(&o, &h);
    assert_int_equal(o.points, 2);
    assert_int_equal(o.tiebreak, -1);
    /* backgammon */
    assert_int_equal(points("backgammon", OUT_GAMMON, 0, 0), 2);
    assert_int_equal(points("backgammon", OUT_BACKGAMMON, 0, 0), 3);
}

static void patterns(void **state)
{
    (void)state;
    rules_t lt = tr("lyckans-talisman");
    struct { const char *spec; outcome_kind_t k; } cases[] = {
        {"20:3 21:3 22:3 23:3 24:3", OUT_ENKELT_KRONSPEL}, {"22:5 23:5 24:5", OUT_DUBBELT_KRONSPEL},
        {"22:3 23:5 24:7", OUT_TRAPPSPEL},                 {"24:15", OUT_UPPSPEL},
        {"22:1 23:5 24:9", OUT_NONE},                      {"22:3 23:5 24:6 off:1", OUT_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        board_t b = tb("lyckans-talisman", cases[i].spec, "1:15", BOARD_WHITE);
        assert_int_equal(outcome_pattern(&b, 0, &lt), cases[i].k);
    }
    rules_t x = tr("lyckans-talisman+extra-patterns=951");
    board_t b = tb("lyckans-talisman", "22:1 23:5 24:9", "1:15", BOARD_WHITE);
    assert_int_equal(outcome_pattern(&b, 0, &x), OUT_NIO_FEM_ETT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(presets_match_d4),
        cmocka_unit_test(overrides),
        cmocka_unit_test(scoring_tables),
        cmocka_unit_test(patterns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
