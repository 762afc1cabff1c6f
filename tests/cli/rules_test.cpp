// `muster rules show|diff|check` as a club member runs them: the rules in force with their
// owners, every kind of collision between two variants with its exact one-line message, the
// same two variants in both command-line orders, manifests that declare an order, a
// stranger's variant checked before a game, and one that tries to reach past its patches.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "run_muster.hpp"

using muster_cli::muster;
using muster_cli::outcome;

namespace {

const std::string fx = "tests/fixtures/variants/";

std::string show(const std::string& a, const std::string& b, const std::string& extra = "--only-changed") {
  return "rules show --variant " + fx + a + ".lua --variant " + fx + b + ".lua " + extra;
}

// The conflict message of loading a and b, after checking both orders give the same one.
std::string conflict(const std::string& a, const std::string& b) {
  const outcome ab = muster(show(a, b));
  const outcome ba = muster(show(b, a));
  EXPECT_EQ(ab.status, 1);
  EXPECT_EQ(ab.err, ba.err) << "the order on the command line changed the outcome";
  EXPECT_EQ(ab.out, "");
  return ab.err;
}

}  // namespace

TEST(cli_rules, show_lists_every_entry_with_value_reason_page_and_owner) {
  const outcome o = muster("rules show");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("modules: fantasy_warriors@0.1.0\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("list threat_test (p.20): the Threat Test: added to the quality throw\n"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("    leader                 +1     your unit has a leader (p.20) [fantasy_warriors@0.1.0]\n"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("table missile_weapons (p.22)"), std::string::npos) << o.out;
}

TEST(cli_rules, only_changed_shows_what_a_variant_changed_and_nothing_else) {
  const outcome o = muster("rules show --only-changed --variant " + fx + "drums_a.lua");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out,
            "modules: fantasy_warriors@0.1.0, drums_a@1.0.0\n\n"
            "list threat_test (p.20): the Threat Test: added to the quality throw\n"
            "  * war_drums              +1     war drums (p.3) [drums_a@1.0.0]\n");
  const outcome removed = muster("rules show --only-changed --variant " + fx + "no_leader.lua");
  EXPECT_NE(removed.out.find("  - leader                 removed [no_leader@1.0.0, " + fx + "no_leader.lua:5]"),
            std::string::npos)
      << removed.out;
}

TEST(cli_rules, json_carries_each_change_with_its_file_and_line) {
  const outcome o = muster("rules show --json --only-changed --variant " + fx + "leader_two.lua");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  const auto& e = j["lists"][0]["entries"][0];
  EXPECT_EQ(j["lists"][0]["name"], "threat_test");
  EXPECT_EQ(e["id"], "leader");
  EXPECT_EQ(e["value"], 2);
  EXPECT_EQ(e["owner"], "leader_two@1.0.0");
  EXPECT_EQ(e["history"][1]["op"], "replace");
  EXPECT_EQ(e["history"][1]["at"], fx + "leader_two.lua:5");
  EXPECT_EQ(e["history"][0]["by"], "fantasy_warriors@0.1.0");
}

TEST(cli_rules, schema_names_every_list_its_ids_and_what_a_condition_may_read) {
  const outcome o = muster("rules show --schema");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("list threat_test"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("  ids: enemy_musicians, enemy_herald, enemy_worth, bad_light"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("  ctx.unit: "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("table weapon_v_armour"), std::string::npos) << o.out;
}

TEST(cli_rules, replace_against_replace_names_both_variants_and_both_lines) {
  EXPECT_EQ(conflict("leader_two", "leader_three"),
            "muster: " + fx + "leader_two.lua:5: variant conflict on threat_test.leader: leader_three@1.0.0 (" + fx +
                "leader_three.lua:5) replaced it and leader_two@1.0.0 (" + fx +
                "leader_two.lua:5) replaces it; to build on leader_three, declare after = {\"leader_three\"} or "
                "overrides = {\"threat_test.leader\"} in leader_two's manifest\n");
}

TEST(cli_rules, remove_against_replace_is_a_conflict) {
  EXPECT_EQ(conflict("no_leader", "leader_two"),
            "muster: " + fx + "no_leader.lua:5: variant conflict on threat_test.leader: leader_two@1.0.0 (" + fx +
                "leader_two.lua:5) replaced it and no_leader@1.0.0 (" + fx +
                "no_leader.lua:5) removes it; to build on leader_two, declare after = {\"leader_two\"} or "
                "overrides = {\"threat_test.leader\"} in no_leader's manifest\n");
}

TEST(cli_rules, two_adds_of_one_id_are_a_conflict) {
  EXPECT_EQ(conflict("drums_a", "drums_b"),
            "muster: " + fx + "drums_b.lua:5: variant conflict on threat_test.war_drums: drums_a@1.0.0 (" + fx +
                "drums_a.lua:5) added it and drums_b@1.0.0 (" + fx +
                "drums_b.lua:5) adds it; to build on drums_a, declare after = {\"drums_a\"} or "
                "overrides = {\"threat_test.war_drums\"} in drums_b's manifest\n");
}

TEST(cli_rules, patching_a_row_another_variant_patched_is_a_conflict) {
  EXPECT_EQ(conflict("bows_a", "bows_b"),
            "muster: " + fx + "bows_b.lua:5: variant conflict on missile_weapons.bow: bows_a@1.0.0 (" + fx +
                "bows_a.lua:5) patched it and bows_b@1.0.0 (" + fx +
                "bows_b.lua:5) patches it; to build on bows_a, declare after = {\"bows_a\"} or "
                "overrides = {\"missile_weapons.bow\"} in bows_b's manifest\n");
}

TEST(cli_rules, a_declared_order_or_override_combines_the_same_in_both_orders) {
  for (const char* later : {"leader_four", "leader_five"}) {
    const outcome ab = muster(show("leader_two", later, ""));
    const outcome ba = muster(show(later, "leader_two", ""));
    ASSERT_EQ(ab.status, 0) << ab.err;
    EXPECT_EQ(ab.out, ba.out);
    EXPECT_NE(ab.out.find("modules: fantasy_warriors@0.1.0, leader_two@1.0.0, " + std::string(later) + "@1.0.0\n"),
              std::string::npos)
        << ab.out;
    EXPECT_NE(ab.out.find(std::string("[") + later + "@1.0.0]"), std::string::npos) << ab.out;
  }
  const outcome cycle = muster(show("cycle_a", "cycle_b"));
  EXPECT_EQ(cycle.status, 1);
  EXPECT_EQ(cycle.err, "muster: variants wait for each other in a cycle: cycle_a after {cycle_b}, cycle_b after {cycle_a}\n");
}

TEST(cli_rules, diff_shows_what_a_configuration_changes) {
  const outcome same = muster("rules diff core core");
  EXPECT_EQ(same.status, 0) << same.err;
  EXPECT_EQ(same.out, "--- core\n+++ core\nno differences\n");
  const outcome o = muster("rules diff core " + fx + "drums_a.lua+" + fx + "leader_two.lua");
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_EQ(o.out, "--- core\n+++ " + fx + "drums_a.lua+" + fx + "leader_two.lua\nlist threat_test\n"
                   "  ~ leader: 1 your unit has a leader (p.20) [fantasy_warriors@0.1.0]  ->  2 a leader counts double "
                   "(p.1) [leader_two@1.0.0]\n"
                   "  + war_drums: 1 war drums (p.3) [drums_a@1.0.0]\n");
}

TEST(cli_rules, check_finds_a_broken_condition_without_a_game) {
  const outcome o = muster("rules check " + fx + "broken_condition.lua");
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_NE(o.out.find("  error: threat_test.cowards when: " + fx +
                       "broken_condition.lua:6: attempt to index field 'courage' (a nil value)\n"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("  ok: combat_hit.fury when: "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(": 1 error(s), 0 warning(s)\n"), std::string::npos) << o.out;
}

TEST(cli_rules, check_passes_a_sound_variant_and_names_a_bad_target_with_a_hint) {
  const outcome good = muster("rules check " + fx + "drums_a.lua");
  EXPECT_EQ(good.status, 0) << good.out << good.err;
  const outcome bad = muster("rules check " + fx + "bad_target.lua");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("does not load\n  error: load: " + fx +
                         "bad_target.lua:5: no modifier list \"threat_tset\" (did you mean 'threat_test'?)\n"),
            std::string::npos)
      << bad.out;
}

TEST(cli_rules, a_variant_cannot_reach_past_its_patch_functions) {
  // escape.lua looks for the ruleset table, writes into a rule area and into its own handle,
  // tries to replace a ruleset procedure, to patch the shared registry module for every other
  // file, to declare rule data as the ruleset and to start the ruleset's registry again; it
  // reports what it managed as a reason.
  const outcome o = muster("rules show --only-changed --variant " + fx + "escape.lua");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("ruleset=false module=false handle=false replace=false lib=false define=false init=false"), std::string::npos) << o.out;
}

TEST(cli_rules, an_option_for_a_module_not_loaded_is_refused) {
  const outcome o = muster("rules show --option wether.season=winter");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err,
            "muster: --option 'wether.season=winter': no loaded module 'wether' (the ruleset fantasy_warriors and "
            "the variants given)\n");
}

TEST(cli_rules, check_names_a_field_a_condition_may_not_read) {
  const outcome o = muster("rules check " + fx + "misread.lua");
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.out.find("  error: threat_test.fear when: " + fx +
                       "misread.lua:5: reads ctx.enemy, which threat_test does not give (it gives: options, terrible, "
                       "threatener, time, unit)\n"),
            std::string::npos)
      << o.out;
}

TEST(cli_rules, two_variants_adding_one_procedure_are_a_conflict) {
  EXPECT_EQ(conflict("proc_a", "proc_b"),
            "muster: " + fx + "proc_b.lua:5: variant conflict on procedure rally: proc_a@1.0.0 (" + fx +
                "proc_a.lua:5) added it and proc_b@1.0.0 (" + fx + "proc_b.lua:5) adds it\n");
  // One alone adds it, and resolve runs it by name.
  const outcome o = muster("resolve rally --variant " + fx + "proc_a.lua --input -", "{}");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\"outcome\": \"proc_a\""), std::string::npos) << o.out;
  // rules show and diff name the procedure and its owner.
  const outcome shown = muster("rules show --only-changed --variant " + fx + "proc_a.lua");
  EXPECT_EQ(shown.out, "modules: fantasy_warriors@0.1.0, proc_a@1.0.0\n\nprocedures\n  * rally                  [proc_a@1.0.0]\n");
  const outcome diff = muster("rules diff core " + fx + "proc_a.lua");
  EXPECT_EQ(diff.status, 1);
  EXPECT_EQ(diff.out, "--- core\n+++ " + fx + "proc_a.lua\nprocedures\n  + rally: [proc_a@1.0.0]\n");
}

TEST(cli_rules, options_of_two_variants_never_collide) {
  // fields and roads both have an option `season`: each reads its own.
  const std::string both = "--variant fields --variant roads --option fields.season=summer --option roads.season=winter";
  const outcome field = muster("resolve field_effect " + both + " --input tests/cli/fixtures/house_rules/spring_lancers.json");
  ASSERT_EQ(field.status, 0) << field.err;
  EXPECT_NE(field.out.find("\"season\": \"summer\""), std::string::npos) << field.out;
  const outcome road = muster("resolve road_movement " + both + " --input -",
                              R"({"unit": {"name": "Orcs", "figures": 10, "quality": "average", "type": "tribal"},
                                  "road": "dirt", "on_road": "whole_move"})");
  ASSERT_EQ(road.status, 0) << road.err;
  EXPECT_NE(road.out.find("\"season\": \"winter\""), std::string::npos) << road.out;
}
