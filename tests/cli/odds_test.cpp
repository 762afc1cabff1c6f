// `muster odds` as a designer runs it: exact odds against hand calculations, Monte Carlo whose
// 95% intervals cover the exact answer at about the stated rate over many seeds, a variant's
// known effect recovered on common random numbers with the right sign and size, the same
// seeded answer whatever the number of threads, and bad input refused in one line.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <string>

#include "run_muster.hpp"

using json = nlohmann::json;
using muster_cli::muster;
using muster_cli::outcome;
using muster_cli::fixtures;
using muster_cli::occurrences;
using muster_cli::slurp;

namespace {

const std::string threat_test = "--input '" + fixtures + "odds_threat_test.json'";
const std::string shoot = "--input '" + fixtures + "odds_shoot.json'";
const std::string drums = "'" MUSTER_SOURCE_DIR "/tests/fixtures/variants/drums_a.lua'";

json run_json(const std::string& args) {
  const outcome o = muster("odds " + args + " --json");
  EXPECT_EQ(o.status, 0) << o.err;
  return json::parse(o.out);
}

const json& field(const json& doc, const std::string& name) {
  for (const auto& f : doc["fields"])
    if (f["name"] == name) return f;
  throw std::runtime_error("no field " + name);
}

const json& value(const json& f, const std::string& v) {
  for (const auto& x : f["values"])
    if (x["value"] == v) return x;
  throw std::runtime_error("no value " + v);
}

}  // namespace

// Two bowmen at short range against unarmoured-enough Orcs with no save: each die hits on 4+
// (1/2) and each hit kills on 4+ (1/2), so kills ~ Binomial(2, 1/4): 9/16, 6/16, 1/16.
// Found with the resolve fuzzer's --choose case: odds rewrite the input too, and refuse one
// nested deeper than resolve takes before anything walks it recursively.
TEST(cli_odds, deeply_nested_input_is_refused_in_one_line) {
  const std::string deep = "{\"target\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  const outcome o = muster("odds threat_test --input -", deep);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: input: nested deeper than 100 levels\n");
}

TEST(cli_odds, exact_shooting_odds_match_the_binomial) {
  const json doc = run_json("shoot " + shoot);
  EXPECT_EQ(doc["method"], "exact");
  const json& kills = field(doc, "kills");
  EXPECT_NEAR(value(kills, "0")["p"].get<double>(), 9.0 / 16, 1e-12);
  EXPECT_NEAR(value(kills, "1")["p"].get<double>(), 6.0 / 16, 1e-12);
  EXPECT_NEAR(value(kills, "2")["p"].get<double>(), 1.0 / 16, 1e-12);
  EXPECT_NEAR(kills["mean"]["value"].get<double>(), 0.5, 1e-12);
  EXPECT_NEAR(kills["at_least"][0]["p"].get<double>(), 7.0 / 16, 1e-12);
  EXPECT_EQ(kills["at_least"][0]["at_least"], 1);
}

// 1D6 for tribal Orcs: 1-2 ROUT, 3-4 SHAKEN, 5-6 OK. The war drums' +1 moves one face from
// ROUT to SHAKEN and one from SHAKEN to OK: OK +1/6, ROUT -1/6, SHAKEN unchanged.
TEST(cli_odds, an_exact_comparison_gives_the_variants_effect) {
  const json doc = run_json("threat_test " + threat_test + " --compare-variant " + drums);
  EXPECT_EQ(doc["method"], "exact");
  EXPECT_EQ(doc["configurations"], json::array({"core", "drums_a"}));
  const json& r = field(doc, "reaction");
  EXPECT_NEAR(value(r, "ok")["p"].get<double>(), 2.0 / 6, 1e-12);
  EXPECT_NEAR(value(r, "ok")["p_other"].get<double>(), 3.0 / 6, 1e-12);
  EXPECT_NEAR(value(r, "ok")["difference"]["value"].get<double>(), 1.0 / 6, 1e-12);
  EXPECT_NEAR(value(r, "rout")["difference"]["value"].get<double>(), -1.0 / 6, 1e-12);
  EXPECT_EQ(value(r, "shaken")["difference"]["distinguishable"], false);
  EXPECT_EQ(value(r, "ok")["difference"]["distinguishable"], true);
}

// On common random numbers the Monte Carlo change has a tight interval around the exact one.
TEST(cli_odds, monte_carlo_recovers_the_change_with_its_sign_and_size) {
  const json doc = run_json("threat_test " + threat_test + " --compare-variant " + drums + " --monte-carlo");
  EXPECT_EQ(doc["method"], "monte carlo");
  const json& r = field(doc, "reaction");
  for (const auto& [v, exact] : {std::pair{"ok", 1.0 / 6}, std::pair{"rout", -1.0 / 6}}) {
    const json& d = value(r, v)["difference"];
    EXPECT_LE(d["lo"].get<double>(), exact) << v;
    EXPECT_GE(d["hi"].get<double>(), exact) << v;
    EXPECT_EQ(d["distinguishable"], true) << v;
    EXPECT_LT(d["hi"].get<double>() - d["lo"].get<double>(), 0.01) << v;
  }
  EXPECT_LE(doc["widest"].get<double>(), 0.005);
}

// Over 40 seeds, the 95% interval of P(1 kill) covers the exact 6/16 about 38 times; fewer
// than 34 would mean the intervals are too narrow (seeded: the count is the same every run).
TEST(cli_odds, monte_carlo_intervals_cover_the_exact_answer) {
  int covered = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    const json doc = run_json("shoot " + shoot + " --monte-carlo --precision 3 --threads 1 --seed " + std::to_string(seed));
    const json& one = value(field(doc, "kills"), "1");
    covered += one["lo"].get<double>() <= 6.0 / 16 && 6.0 / 16 <= one["hi"].get<double>();
  }
  EXPECT_GE(covered, 34);
}

TEST(cli_odds, the_number_of_threads_does_not_change_a_seeded_answer) {
  const std::string args = "shoot " + shoot + " --monte-carlo --precision 1 --seed 7 --json";
  const outcome one = muster("odds " + args + " --threads 1");
  const outcome two = muster("odds " + args + " --threads 2");
  const outcome three = muster("odds " + args + " --threads 3");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.out, three.out);
  const outcome other_seed = muster("odds shoot " + shoot + " --monte-carlo --precision 1 --seed 8 --json");
  EXPECT_NE(one.out, other_seed.out);
}

TEST(cli_odds, text_names_the_method_and_prints_intervals) {
  const outcome o = muster("odds shoot " + shoot + " --monte-carlo --precision 2");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("shoot: Monte Carlo, "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("95% intervals within ±"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("  at least 1 "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(" ± "), std::string::npos) << o.out;
  const outcome e = muster("odds shoot " + shoot);
  EXPECT_EQ(e.out.substr(0, e.out.find('\n')), "shoot: exact odds (enumerated)");
}

TEST(cli_odds, exact_that_cannot_enumerate_says_so) {
  const outcome o = muster("odds combat --input '" MUSTER_SOURCE_DIR "/bench/fixtures/combat_round.json' --exact --max-runs 500");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "muster: --exact: the dice do not enumerate within 500 runs "
                   "(give --max-runs more, or let Monte Carlo answer)\n");
}

TEST(cli_odds, bad_input_is_one_line_and_exit_2) {
  outcome o = muster("odds threat_test --input - ", "{\"unit\": {\"name\": \"Orcs\", \"figures\": 10, \"quality\": \"elitee\", "
                                                  "\"type\": \"tribal\"}, \"threatener\": {\"name\": \"Men\", \"figures\": 1, "
                                                  "\"quality\": \"average\", \"type\": \"tribal\"}}");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err.substr(0, 35), "muster: odds: unit.quality: \"elitee");
  o = muster("odds threat_test " + threat_test + " --precision 0");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: --precision: 0 is not a number of points between 0 and 50\n");
  o = muster("odds combat --input - ", "{\"choices\": {\"attacker\": [\"2\"]}}");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err.substr(0, 56), "muster: odds: choices.attacker: odds take a policy per s");
  o = muster("odds threat_test " + threat_test + " --compare-variant adventurers --variant adventurers");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: --compare-variant: 'adventurers' is loaded in both configurations\n");
  // The same variant by name and by path is the same variant.
  o = muster("odds threat_test " + threat_test + " --variant drums_a --compare-variant " + drums);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: --compare-variant: 'drums_a' is loaded in both configurations\n");
  o = muster("odds threat_test " + threat_test + " --max-trials 0");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: --max-trials: 0: Monte Carlo needs at least 1 trial\n");
  o = muster("odds threat_test " + threat_test + " --max-runs 0");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: --max-runs: 0: an enumeration needs at least 1 run\n");
  // A chart that cannot be written is an error, not a silent success.
  o = muster("odds threat_test " + threat_test + " --svg /dev/full");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "muster: cannot write '/dev/full'\n");
}

// docs/odds.md shows the real output of its comparison example.
TEST(cli_odds, the_user_guide_shows_the_real_output) {
  const outcome o = muster("odds threat_test " + threat_test + " --compare-variant " + drums + " --monte-carlo");
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string doc = slurp(MUSTER_SOURCE_DIR "/docs/odds.md");
  EXPECT_NE(doc.find(o.out), std::string::npos) << "docs/odds.md should show:\n" << o.out;
}

// --svg: a bar per value (and tail) per configuration, a whisker per bar for Monte Carlo, the
// configurations named in the legend; the file is one <svg> element with balanced texts.
TEST(cli_odds, svg_draws_a_bar_per_value_and_configuration) {
  const std::string file = ::testing::TempDir() + "odds_test.svg";
  outcome o = muster("odds threat_test " + threat_test + " --compare-variant " + drums +
                     " --monte-carlo --precision 2 --svg '" + file + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  std::string svg = slurp(file);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  EXPECT_EQ(occurrences(svg, "class=\"bar\""), 6u) << "3 reactions x 2 configurations";
  EXPECT_EQ(occurrences(svg, "<line "), 6u) << "a whisker per bar";
  EXPECT_NE(svg.find(">core</text>"), std::string::npos);
  EXPECT_NE(svg.find(">drums_a</text>"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "<title>drums_a: "), 3u) << svg;
  // Exact: no whiskers; count fields draw their tails too (0, 1, 2 and at least 1, 2; twice).
  o = muster("odds shoot " + shoot + " --svg '" + file + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  svg = slurp(file);
  EXPECT_EQ(occurrences(svg, "class=\"bar\""), 10u);
  EXPECT_EQ(occurrences(svg, "<line "), 0u);
  EXPECT_NE(svg.find(">at least 2</text>"), std::string::npos);
}

namespace {

// A trial is one top-level call with its own time budget (docs/decisions/0004): a house rule
// that never returns ends the request on the deadline, named by its own file and line, in
// the enumeration and in a Monte Carlo trial alike.
TEST(cli_odds, a_rule_that_never_returns_ends_on_the_time_budget) {
  const std::string forever = MUSTER_SOURCE_DIR "/tests/fixtures/variants/forever.lua";
  const auto start = std::chrono::steady_clock::now();
  outcome o = muster("odds threat_test " + threat_test + " --variant '" + forever + "' --time-budget 0.3");
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("forever.lua:7: time budget exhausted (300 ms)"), std::string::npos) << o.err;
  o = muster("odds threat_test " + threat_test + " --variant '" + forever + "' --time-budget 0.3 --monte-carlo --seed 5");
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("trial "), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("(seed 5)"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("forever.lua:7: time budget exhausted (300 ms)"), std::string::npos) << o.err;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  o = muster("odds threat_test " + threat_test + " --time-budget 0");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--time-budget"), std::string::npos) << o.err;
}

}  // namespace
