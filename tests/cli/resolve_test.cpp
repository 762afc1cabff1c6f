// `muster resolve` as a user runs it: the built binary in a child process. The Threat example
// of FANTASY WARRIORS (p.20) replayed with --dice and the Dwarves' choice to counter-threaten,
// JSON and --explain output, exit status 2 with one line "muster: resolve: <field>: <why>"
// for bad input, 1 with file:line for a script's own failure, and seeded determinism.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "run_muster.hpp"

using json = nlohmann::json;
using muster_cli::muster;
using muster_cli::outcome;
using muster_cli::fixtures;
using muster_cli::slurp;

namespace {

const std::string threat_json = fixtures + "threat.json";

std::size_t lines(const std::string& text) {
  std::size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// Runs `muster <args>` and expects bad input: status 2, nothing on standard output, and one
// line of at most 400 bytes on standard error that starts with `line`.
void expect_one_short_line(const std::string& args, const std::string& stdin_text, const std::string& line) {
  const outcome o = muster(args, stdin_text);
  const std::string what = args.substr(0, 200) + "\n" + o.err.substr(0, 500);
  EXPECT_EQ(o.status, 2) << what;
  EXPECT_EQ(o.out, "") << what;
  EXPECT_EQ(lines(o.err), 1u) << what;
  EXPECT_LT(o.err.size(), 400u) << what;
  EXPECT_TRUE(o.err.starts_with(line)) << what;
}

std::string modifier_ids(const json& test) {
  std::string out;
  for (const auto& m : test["modifiers"]) out += (out.empty() ? "" : " ") + m["id"].get<std::string>();
  return out;
}

}  // namespace

TEST(cli_resolve, replays_the_threat_example_with_dice_and_the_dwarves_choice) {
  const outcome o = muster("resolve threat --dice 4,5 --input '" + threat_json + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.err, "");
  const json r = json::parse(o.out);
  EXPECT_EQ(r["procedure"], "threat");
  EXPECT_EQ(r["outcome"], "ok/bloodlust");
  // The Dwarves: 4, +1 veteran, -1 Orc musician, -1 Orc worth, +1 standard, +1 leader = 5: OK.
  EXPECT_EQ(r["test"]["unit"], "Dwarf infantry");
  EXPECT_EQ(r["test"]["dice"][0]["faces"], json({4}));
  EXPECT_EQ(r["test"]["dice"][0]["dice"], "1D6");
  EXPECT_EQ(modifier_ids(r["test"]), "quality enemy_musicians enemy_worth standard leader");
  EXPECT_EQ(r["test"]["modifiers"][0]["value"], 1);
  EXPECT_EQ(r["test"]["modifiers"][0]["source"], "fantasy_warriors p.20");
  EXPECT_EQ(r["test"]["score"], 5);
  EXPECT_EQ(r["test"]["reaction"], "ok");
  // They choose to counter-threaten (the input's "choices"), and the Orcs test: 5 +1 +1 = 7.
  EXPECT_EQ(r["counter_threat"], true);
  EXPECT_EQ(r["counter_threat_chosen_by"], "script");
  EXPECT_EQ(r["counter_test"]["dice"][0]["faces"], json({5}));
  EXPECT_EQ(modifier_ids(r["counter_test"]), "musicians leader");
  EXPECT_EQ(r["counter_test"]["score"], 7);
  EXPECT_EQ(r["counter_test"]["reaction"], "bloodlust");
}

TEST(cli_resolve, choose_on_the_command_line_replaces_the_inputs_answers) {
  const std::string input = slurp(threat_json);
  const outcome o = muster("resolve threat --dice 4,5 --input - --choose defender=no", input);
  ASSERT_EQ(o.status, 0) << o.err;
  const json r = json::parse(o.out);
  EXPECT_EQ(r["counter_threat"], false);
  EXPECT_EQ(r["counter_threat_chosen_by"], "script");
  EXPECT_EQ(r["outcome"], "ok");
  EXPECT_EQ(r.count("counter_test"), 0u);
  EXPECT_EQ(o.err, "muster: resolve: note: 1 --dice face(s) left unused\n");
}

TEST(cli_resolve, without_an_answer_the_policy_first_declines) {
  json input = json::parse(slurp(threat_json));
  input.erase("choices");
  const outcome o = muster("resolve threat --dice 4 --input -", input.dump());
  ASSERT_EQ(o.status, 0) << o.err;
  const json r = json::parse(o.out);
  EXPECT_EQ(r["counter_threat"], false);
  EXPECT_EQ(r["counter_threat_chosen_by"], "policy:first");
  const outcome p = muster("resolve threat --dice 4,5 --input - --policy defender=last", input.dump());
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(json::parse(p.out)["counter_threat_chosen_by"], "policy:last");
}

TEST(cli_resolve, explain_prints_the_same_result_as_text) {
  const outcome o = muster("resolve threat --dice 4,5 --input '" + threat_json + "' --explain");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(o.out.starts_with(
      "threat: ok/bloodlust\n"
      "  test (threat_test): ok\n"
      "    threat test, Dwarf infantry: 1D6 rolled 4 = 4\n"
      "    +1 veteran (quality throw) (fantasy_warriors p.20)\n"
      "    -1 each musician in the threatening unit (fantasy_warriors p.20)\n"
      "    -1 the threatening unit has greater (or equal) total worth (fantasy_warriors p.20)\n"
      "    +1 your unit has a standard bearer (fantasy_warriors p.20)\n"
      "    +1 your unit has a leader (fantasy_warriors p.20)\n"))
      << o.out;
  EXPECT_NE(o.out.find("    score: 5\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("  counter_threat: true\n  counter_threat_chosen_by: script\n"
                       "  counter_test (threat_test): bloodlust\n"
                       "    threat test, Orc infantry: 1D6 rolled 5 = 5\n"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("    score: 7\n"), std::string::npos) << o.out;
}

TEST(cli_resolve, bad_input_exits_2_with_one_line_naming_the_field) {
  const std::string in = "--input '" + threat_json + "'";
  const struct {
    std::string args;
    std::string stdin_text;
    std::string line;
  } cases[] = {
      {"resolve threet " + in, "", "muster: resolve: procedure: unknown procedure \"threet\" (did you mean \"threat\"?)"},
      {"resolve threat --input -", R"({"threatener": {"figures": 10, "quality": "average", "type": "tribal"}})",
       "muster: resolve: target: table expected, got nil"},
      {"resolve threat_test --input -",
       R"({"unit": {"figures": "ten", "quality": "elite", "type": "tribal"}, "threatener": {"figures": 1, "quality": "poor", "type": "tribal"}})",
       "muster: resolve: unit.figures: integer expected, got \"ten\""},
      {"resolve threat_test --input -",
       R"({"unit": {"figures": 10, "quality": "elitee", "type": "tribal"}, "threatener": {"figures": 1, "quality": "poor", "type": "tribal"}})",
       "muster: resolve: unit.quality: \"elitee\" is not one of elite, veteran, average, poor, unpredictable"},
      {"resolve threat --input -", [] {
         json far = json::parse(slurp(threat_json));
         far["distance"] = 14;  // beyond the 12in a threat reaches
         return far.dump();
       }(),
       "muster: resolve: threatener: the target is 14in away, beyond 12in"},
      {"resolve threat --input -", "{\"target\": ", "muster: resolve: input: not valid JSON: parse error at line 1"},
      {"resolve threat --input -", "[]", "muster: resolve: input: a JSON object expected, got array"},
      {"resolve threat --input -", R"({"target": {"profiles": [null]}})",
       "muster: resolve: target.profiles[1]: null is not allowed in an array (Lua arrays have no holes)"},
      {"resolve threat --input no/such/file.json", "", "muster: resolve: --input: cannot read 'no/such/file.json'"},
      {"resolve threat --dice 4 " + in, "",
       "muster: resolve: --dice: scripted dice ran out: \"threat test, Orc infantry\" needs 1D6, 0 faces left"},
      {"resolve threat --dice 4,7 " + in, "",
       "muster: resolve: --dice: scripted dice: face 7 is impossible on a D6 (\"threat test, Orc infantry\")"},
      {"resolve threat --dice 4,x " + in, "", "muster: resolve: --dice: 'x' is not a face (want 6,5,3,...)"},
      {"resolve threat --dice 4,5 --choose defender=maybe " + in, "",
       "muster: resolve: choices.defender: choice 'counter_threaten' for defender (script): answer \"maybe\" is not an option (want one of \"no\", \"yes\")"},
      {"resolve threat --dice 4,5 --policy defender=bold " + in, "",
       "muster: resolve: choices.defender: choice: unknown policy 'bold' (known: first, last, random)"},
      {"resolve threat --choose defender " + in, "", "muster: resolve: --choose: 'defender': want SIDE=VALUE"},
  };
  for (const auto& c : cases) {
    const outcome o = muster(c.args, c.stdin_text);
    EXPECT_EQ(o.status, 2) << c.args << "\n" << o.err;
    EXPECT_EQ(o.out, "") << c.args;
    EXPECT_EQ(lines(o.err), 1u) << c.args << "\n" << o.err;
    EXPECT_TRUE(o.err.starts_with(c.line)) << c.args << "\n" << o.err;
  }
}

// Found by the resolve fuzzer, and reported by users for 100 KB values (docs/fuzzing.md): what
// an error echoes of the input is cut to 80 bytes and "…".
TEST(cli_resolve, a_long_value_is_echoed_cut_in_one_line) {
  const std::string long_quality = R"({"unit": {"figures": 10, "quality": ")" + std::string(100000, 'e') +
                                   R"(", "type": "tribal"}, "threatener": {"figures": 1, "quality": "poor", "type": "tribal"}})";
  expect_one_short_line("resolve threat_test --input -", long_quality,
                        "muster: resolve: unit.quality: \"" + std::string(80, 'e') +
                            "…\" is not one of elite, veteran, average, poor, unpredictable\n");
  expect_one_short_line("resolve threat_test --input -", "{\"unit\": \"" + std::string(100000, 'u') + "\n\"}",
                        "muster: resolve: input: not valid JSON: parse error at line 2, column 0: syntax error while "
                        "parsing value - invalid string: control character U+000A (LF) must be escaped to \\u000A or "
                        "\\n; last read: '…" + std::string(72, 'u') + "<U+000A>'\n");
  expect_one_short_line("resolve threat_test --policy \"defender=" + std::string(1000, 'p') + "\" --input '" +
                            threat_json + "'",
                        "", "muster: resolve: choices.defender: choice: unknown policy '" + std::string(80, 'p') +
                                "…' (known: first, last, random)\n");
  expect_one_short_line("resolve threat_test --policy \"" + std::string(1000, 's') + "=bold\" --input '" +
                            threat_json + "'",
                        "", "muster: resolve: choices." + std::string(80, 's') +
                                "…: choice: unknown policy 'bold' (known: first, last, random)\n");
}

TEST(cli_resolve, a_scripts_own_failure_exits_1_with_its_file_and_line) {
  const outcome o = muster("resolve threat --dice 4,5 --variant '" + fixtures +
                           "broken_variant.lua' --input '" + threat_json + "'");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err, "muster: tests/cli/fixtures/broken_variant.lua:8: attempt to index field 'nope' (a nil value)\n");
  const outcome p = muster("resolve threat --option handgun_rage=x --input '" + threat_json + "'");
  EXPECT_EQ(p.status, 1);
  EXPECT_TRUE(p.err.starts_with("muster: ruleset 'fantasy_warriors': unknown option 'handgun_rage'")) << p.err;
  EXPECT_EQ(lines(p.err), 1u);
}

// Reported by users, found again by the resolve fuzzer: --choose rewrote deeply nested input
// with a recursive dump and the stack ran out (a segmentation fault).
TEST(cli_resolve, deeply_nested_input_is_refused_in_one_line) {
  const std::string deep = "{\"target\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  expect_one_short_line("resolve threat --choose defender=yes --input -", deep,
                        "muster: resolve: input: nested deeper than 100 levels\n");
  expect_one_short_line("resolve threat --input -", deep, "muster: resolve: target");
}

TEST(cli_resolve, the_seed_decides_the_dice_and_the_same_seed_repeats) {
  const std::string args = "resolve threat --input '" + threat_json + "' --seed ";
  const outcome a = muster(args + "11");
  const outcome b = muster(args + "11");
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  bool differs = false;
  for (int seed = 1; seed <= 10 && !differs; ++seed) differs = muster(args + std::to_string(seed)).out != a.out;
  EXPECT_TRUE(differs);
}

// Found by the resolve fuzzer: a --choose side that is not UTF-8 went into the JSON input and
// failed with the JSON library's own message.
TEST(cli_resolve, a_choose_item_that_is_not_utf8_is_refused_in_one_line) {
  expect_one_short_line("resolve threat --choose \"$(printf 'defender\\377=yes')\" --input -", "{}",
                        "muster: resolve: --choose: byte 0xff after 'defender' is not UTF-8\n");
}

// Found by an independent attack: values given on the command line came back in their errors
// with raw newlines and terminal escapes, and a 100 KB option name came back whole.
TEST(cli_resolve, every_command_line_error_is_one_escaped_short_line) {
  const outcome dice = muster("resolve threat --dice \"$(printf '6\\n7\\033[31m')\" --input '" + threat_json + "'");
  EXPECT_EQ(dice.status, 2);
  EXPECT_EQ(lines(dice.err), 1u) << dice.err;
  EXPECT_EQ(dice.err.find('\033'), std::string::npos) << dice.err;
  EXPECT_NE(dice.err.find("6\\n7\\e[31m"), std::string::npos) << dice.err;
  const outcome option = muster("resolve threat --option \"$(printf '\\033]0;pwn\\007=1')\" --input '" + threat_json + "'");
  EXPECT_NE(option.status, 0);
  EXPECT_EQ(lines(option.err), 1u) << option.err;
  EXPECT_EQ(option.err.find('\033'), std::string::npos) << option.err;
  EXPECT_EQ(option.err.find('\007'), std::string::npos) << option.err;
  const outcome big = muster("resolve threat --option \"" + std::string(100000, 'a') + "=1\" --input '" + threat_json + "'");
  EXPECT_NE(big.status, 0);
  EXPECT_EQ(lines(big.err), 1u);
  EXPECT_LT(big.err.size(), 1100u) << big.err.size();
  const outcome parse = muster("resolve threat --seed \"$(printf '1\\n\\033[2J')\" --input '" + threat_json + "'");
  EXPECT_NE(parse.status, 0);
  EXPECT_EQ(parse.err.find('\033'), std::string::npos) << parse.err;
  EXPECT_TRUE(parse.err.starts_with("muster: ")) << parse.err;
}

// Found by an independent attack: an input that never ends (/dev/zero) was read until memory
// ran out.
TEST(cli_resolve, an_endless_input_file_is_refused_at_its_limit) {
  expect_one_short_line("resolve threat --input /dev/zero", "",
                        "muster: resolve: --input: '/dev/zero' is larger than an input file may be (64 MiB)\n");
  const outcome run = muster("run /dev/zero");
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err, "muster: '/dev/zero' is larger than a script file may be (16 MiB)\n");
}

// A name is printed as given by results and --explain: control characters are refused.
TEST(cli_resolve, a_unit_name_with_control_characters_is_refused) {
  expect_one_short_line("resolve threat_test --input -",
                        R"({"unit": {"name": "Orcs\u001b[31mRED\nX", "figures": 10, "quality": "average", "type": "tribal"},
                            "threatener": {"figures": 1, "quality": "poor", "type": "tribal"}})",
                        "muster: resolve: unit.name: a control character (byte 5, \\x1b) is not allowed in a name\n");
}
