// runtime::resolve and runtime::call_ruleset: JSON in, the ruleset's procedure, JSON out.
// The threat example of FANTASY WARRIORS (p.20) replayed from C++, the conversion rules both
// ways (integers stay integers, null, holes, NaN, cycles), the choices member, and the
// errors: input_error with the field for bad input, script_error with file:line otherwise.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

using json = nlohmann::json;

const json orcs = {{"name", "Orc infantry"}, {"figures", 10},   {"quality", "average"},
                   {"type", "tribal"},       {"strength", 1},   {"armour", "medium"},
                   {"shield", true},         {"leader", true},  {"musicians", 1},
                   {"bad_light", "day"},     {"orders", "attack"}};
const json dwarves = {{"name", "Dwarf infantry"}, {"figures", 8},      {"quality", "veteran"},
                      {"type", "disciplined"},    {"armour", "heavy"}, {"leader", true},
                      {"standard", true},         {"orders", "hold"}};

json threat_input() {
  return {{"threatener", orcs}, {"target", dwarves}, {"time", "night"}, {"distance", 8}};
}

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

// The field of the input_error f throws, or what else happened.
template <typename F>
std::string field_of(F&& f) {
  try {
    f();
  } catch (const muster::input_error& e) {
    return e.field();
  } catch (const std::exception& e) {
    return std::string("not an input_error: ") + e.what();
  }
  return "no error";
}

struct resolve : ::testing::Test {
  muster::kernel k{1};
  muster::runtime rt{k};
  resolve() { rt.load_ruleset("fantasy_warriors"); }
  void dice(std::vector<int> faces) {
    k.dice.set_source(std::make_unique<muster::scripted_source>(std::move(faces)));
  }
  // ruleset.echo(...) returns its arguments: the conversion seen from both sides.
  void add_echo() { rt.run("ruleset.echo = function(...) return ... end", "echo"); }
};

TEST_F(resolve, replays_the_threat_example_of_page_20) {
  dice({4, 5});
  json input = threat_input();
  input["choices"] = {{"defender", {"yes"}}};
  const json r = json::parse(rt.resolve("threat", input.dump()));
  EXPECT_EQ(r["procedure"], "threat");
  EXPECT_EQ(r["outcome"], "ok/bloodlust");
  EXPECT_EQ(r["test"]["score"], 5);
  EXPECT_EQ(r["test"]["reaction"], "ok");
  EXPECT_EQ(r["counter_threat"], true);
  EXPECT_EQ(r["counter_threat_chosen_by"], "script");
  EXPECT_EQ(r["counter_test"]["score"], 7);
  EXPECT_EQ(r["counter_test"]["reaction"], "bloodlust");
  // Explain mode (the kernel's default): every throw with its faces.
  ASSERT_EQ(r["test"]["dice"].size(), 1u);
  EXPECT_EQ(r["test"]["dice"][0]["faces"], json({4}));
  EXPECT_EQ(r["test"]["dice"][0]["label"], "threat test, Dwarf infantry");
  EXPECT_EQ(r["counter_test"]["dice"][0]["faces"], json({5}));
  const json& m = r["test"]["modifiers"];
  ASSERT_EQ(m.size(), 5u);
  EXPECT_EQ(m[1], json({{"id", "enemy_musicians"}, {"value", -1},
                        {"reason", "each musician in the threatening unit"},
                        {"source", "fantasy_warriors p.20"}}));
  // The "choices" member went to the chooser, not to the ruleset's field check.
  EXPECT_EQ(k.choices.controller("defender"), "script (0 left)");
}

TEST_F(resolve, an_unanswered_choice_is_the_documented_policy_first) {
  dice({4});
  const json r = json::parse(rt.resolve("threat", threat_input().dump()));
  EXPECT_EQ(r["counter_threat"], false);  // "first" of {"no", "yes"}
  EXPECT_EQ(r["counter_threat_chosen_by"], "policy:first");
  EXPECT_EQ(r["outcome"], "ok");
}

TEST_F(resolve, choices_name_a_policy_per_side) {
  dice({4, 5});
  json input = threat_input();
  input["choices"] = {{"defender", "last"}};
  const json r = json::parse(rt.resolve("threat", input.dump()));
  EXPECT_EQ(r["counter_threat_chosen_by"], "policy:last");
  EXPECT_EQ(r["counter_threat"], true);
}

TEST_F(resolve, bad_choices_are_input_errors_naming_the_side) {
  json input = threat_input();
  input["choices"] = {{"defender", "nope"}};
  EXPECT_EQ(error_of([&] { rt.resolve("threat", input.dump()); }),
            "choices.defender: choice: unknown policy 'nope' (known: first, last, random)");
  input["choices"] = {{"defender", {"yes", 1.5}}};
  EXPECT_EQ(error_of([&] { rt.resolve("threat", input.dump()); }),
            "choices.defender[2]: a string or an integer expected, got number");
  input["choices"] = {{"defender", 3}};
  EXPECT_EQ(error_of([&] { rt.resolve("threat", input.dump()); }),
            "choices.defender: an array of answers or a policy name expected, got number");
  input["choices"] = json::array();
  EXPECT_EQ(field_of([&] { rt.resolve("threat", input.dump()); }), "choices");
}

TEST_F(resolve, a_refused_or_missing_scripted_answer_is_an_input_error) {
  // Pins the chooser's wording that resolve() recognises (kernel/src/choice.cpp).
  dice({4, 5});
  json input = threat_input();
  input["choices"] = {{"defender", {"maybe"}}};
  EXPECT_EQ(error_of([&] { rt.resolve("threat", input.dump()); }),
            "choices.defender: choice 'counter_threaten' for defender (script): answer \"maybe\" "
            "is not an option (want one of \"no\", \"yes\")");
  dice({4, 5});
  input["choices"] = {{"defender", json::array()}};
  EXPECT_EQ(error_of([&] { rt.resolve("threat", input.dump()); }),
            "choices.defender: choice 'counter_threaten' for defender: scripted answers ran out");
}

TEST_F(resolve, the_rulesets_input_errors_become_input_error_with_the_field) {
  try {
    rt.resolve("threat_tset", "{}");
    FAIL() << "no error";
  } catch (const muster::input_error& e) {
    EXPECT_EQ(e.field(), "procedure");
    EXPECT_EQ(e.why(), "unknown procedure \"threat_tset\" (did you mean \"threat_test\"?)");
  }
  json input = threat_input();
  input["target"]["quality"] = "elitee";
  EXPECT_EQ(error_of([&] { rt.resolve("threat", input.dump()); }),
            "target.quality: \"elitee\" is not one of elite, veteran, average, poor, unpredictable");
  input = threat_input();
  input["distance"] = 14;
  EXPECT_EQ(error_of([&] { rt.resolve("threat", input.dump()); }),
            "threatener: the target is 14in away, beyond 12in");
  input = threat_input();
  input["target"]["figures"] = "eight";
  EXPECT_EQ(field_of([&] { rt.resolve("threat", input.dump()); }), "target.figures");
  input = threat_input();
  input.erase("target");
  EXPECT_EQ(field_of([&] { rt.resolve("threat", input.dump()); }), "target");
  input = threat_input();
  input["weather"] = "rain";
  EXPECT_EQ(field_of([&] { rt.resolve("threat", input.dump()); }), "input.weather");
}

TEST_F(resolve, json_that_lua_cannot_hold_is_refused_with_its_path) {
  EXPECT_EQ(error_of([&] { rt.resolve("threat", "{\"target\": "); }).substr(0, 38),
            "input: not valid JSON: parse error at ");
  EXPECT_EQ(error_of([&] { rt.resolve("threat", "[1, 2]"); }),
            "input: a JSON object expected, got array");
  EXPECT_EQ(error_of([&] { rt.resolve("threat", "{\"a\": {\"b\": [1, null]}}"); }),
            "a.b[2]: null is not allowed in an array (Lua arrays have no holes)");
  EXPECT_EQ(error_of([&] { rt.resolve("threat", "{\"n\": 9007199254740993}"); }),
            "n: integer 9007199254740993 is too large (at most 2^53 in magnitude)");
  EXPECT_EQ(error_of([&] { rt.resolve("threat", "{\"n\": -9007199254740993}"); }),
            "n: integer -9007199254740993 is too large (at most 2^53 in magnitude)");
  EXPECT_EQ(error_of([&] { rt.resolve("threat", "{\"n\": 1e400}"); }),
            "input: not valid JSON: number overflow parsing '1e400'");
}

TEST_F(resolve, conversion_keeps_integers_strings_and_nesting_both_ways) {
  add_echo();
  const json doc = {{"int", 3},
                    {"neg", -7},
                    {"big", 9007199254740992LL},
                    {"half", 0.5},
                    {"text", "héllo \"q\""},
                    {"flag", false},
                    {"list", {1, "two", {{"three", 3}}}},
                    {"nested", {{"a", {{"b", {{"c", json::array({true})}}}}}}}};
  const std::string out = rt.call_ruleset("echo", json::array({doc}).dump());
  EXPECT_EQ(json::parse(out), doc);
  EXPECT_NE(out.find("\"int\": 3,"), std::string::npos) << out;  // not 3.0
  EXPECT_NE(out.find("\"half\": 0.5"), std::string::npos) << out;
  // 2.0 read as a float comes back as the integer 2; null members are absent (nil).
  EXPECT_EQ(rt.call_ruleset("echo", R"([{"x": 2.0, "gone": null}])"), "{\n  \"x\": 2\n}");
  // An empty table is written as an empty array.
  EXPECT_EQ(rt.call_ruleset("echo", "[{}]"), "[]");
  EXPECT_EQ(rt.call_ruleset("echo", "[]"), "null");
  EXPECT_EQ(rt.call_ruleset("echo", "[\"a\", 2]"), "\"a\"");  // the first result only
}

TEST_F(resolve, results_json_cannot_hold_are_errors_naming_the_path) {
  rt.run(R"(
    ruleset.give = {
      fn = function() return { dice = { { label = "x", f = print } } } end,
      mixed = function() return { a = { 1, 2, name = "x" } } end,
      holes = function() return { a = { [1] = 1, [3] = 3 } } end,
      nan = function() return { v = 0 / 0 } end,
      inf = function() return { list = { 1, -1 / 0 } } end,
      float_key = function() return { a = { [1.5] = 1 } } end,
      bool_key = function() return { [true] = 1 } end,
      cycle = function() local t = {} t.t = t return { loop = t } end,
    }
    ruleset.make = function(name) return ruleset.give[name]() end
  )", "give");
  auto make = [&](const std::string& name) {
    return error_of([&] { rt.call_ruleset("make", "[\"" + name + "\"]"); });
  };
  EXPECT_EQ(make("fn"), "result.dice[1].f: a function cannot be written as JSON");
  EXPECT_EQ(make("mixed"), "result.a: a table with both array items and named fields cannot be written as JSON");
  EXPECT_EQ(make("holes"), "result.a: an array with holes cannot be written as JSON (2 items, highest index 3)");
  EXPECT_EQ(make("nan"), "result.v: nan is not a finite number");
  EXPECT_EQ(make("inf"), "result.list[2]: -inf is not a finite number");
  EXPECT_EQ(make("float_key"), "result.a: key 1.5 cannot be written as JSON (arrays are numbered 1..n)");
  EXPECT_EQ(make("bool_key"), "result: a key of type boolean cannot be written as JSON");
  EXPECT_EQ(make("cycle"), "result.loop.t.t.t.t.t.t.t.t.t...: nested deeper than 100 levels "
                           "(a table that contains itself?)");
  // The runtime is still usable after each failure.
  add_echo();
  EXPECT_EQ(rt.call_ruleset("echo", "[1]"), "1");
}

TEST_F(resolve, call_ruleset_errors) {
  muster::kernel k2;
  muster::runtime bare(k2);
  EXPECT_EQ(error_of([&] { bare.call_ruleset("resolve", "[]"); }),
            "no ruleset loaded (load one before calling 'resolve')");
  EXPECT_EQ(error_of([&] { rt.call_ruleset("nope", "[]"); }),
            "ruleset 'fantasy_warriors' has no function 'nope'");
  EXPECT_EQ(error_of([&] { rt.call_ruleset("explain", "{}"); }),
            "args: a JSON array of arguments expected, got object");
  EXPECT_EQ(error_of([&] { rt.call_ruleset("explain", "[[1, null]]"); }),
            "args[1][2]: null is not allowed in an array (Lua arrays have no holes)");
}

TEST_F(resolve, other_script_failures_keep_their_file_and_line) {
  rt.run("ruleset.variant_api({name = 'test', version = '1.0.0'}).replace_modifier('threat_test', 'leader', "
         "{ id = 'leader', reason = 'broken', value = function(c) return c.nope.x end })",
         "break");
  dice({4, 5});
  try {
    rt.resolve("threat", threat_input().dump());
    FAIL() << "no error";
  } catch (const muster::input_error& e) {
    FAIL() << "an input_error: " << e.what();
  } catch (const muster::script_error& e) {
    EXPECT_EQ(e.file(), "break");
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.message(), "attempt to index field 'nope' (a nil value)");
  }
}

TEST_F(resolve, sample_mode_records_no_dice) {
  k.dice.set_mode(muster::roll_mode::sample);
  dice({4});
  const json r = json::parse(rt.resolve("threat_test", json({{"unit", dwarves}, {"threatener", orcs}}).dump()));
  EXPECT_EQ(r["score"], 5);
  EXPECT_EQ(r["dice"], json::array());
}

TEST_F(resolve, explain_renders_a_result_as_text) {
  dice({4, 5});
  json input = threat_input();
  input["choices"] = {{"defender", {"yes"}}};
  const std::string result = rt.resolve("threat", input.dump());
  const std::string text = json::parse(rt.call_ruleset("explain", "[" + result + "]")).get<std::string>();
  EXPECT_TRUE(text.starts_with("threat: ok/bloodlust\n  test (threat_test): ok\n"
                               "    threat test, Dwarf infantry: 1D6 rolled 4 = 4\n"
                               "    +1 veteran (quality throw) (fantasy_warriors p.20)\n"
                               "    -1 each musician in the threatening unit (fantasy_warriors p.20)\n"))
      << text;
  EXPECT_NE(text.find("\n  counter_threat: true\n  counter_threat_chosen_by: script\n"
                      "  counter_test (threat_test): bloodlust\n"
                      "    threat test, Orc infantry: 1D6 rolled 5 = 5\n"),
            std::string::npos)
      << text;
}

}  // namespace

// runtime::prepare / run_prepared: the input converted once and shared by every run, each run
// one top-level call; the errors name what is wrong.
TEST_F(resolve, a_prepared_call_runs_many_times_on_one_converted_input) {
  const json input = {{"unit", orcs}, {"threatener", dwarves}};
  const int id = rt.prepare("odds_trial", json::array({"threat_test", input}).dump());
  dice({1, 6});
  const std::string first = rt.run_prepared(id);
  const std::string second = rt.run_prepared(id);
  EXPECT_EQ(first, "shaken");  // each run rolls its own die: 1, then 6
  EXPECT_EQ(second, "bloodlust");
  EXPECT_EQ(error_of([&] { rt.prepare("no_such_function", "[]"); }),
            "ruleset 'fantasy_warriors' has no function 'no_such_function'");
  EXPECT_EQ(field_of([&] { rt.prepare("odds_trial", "{}"); }), "args");
  EXPECT_EQ(error_of([&] { rt.run_prepared(id + 100); }), "no prepared call " + std::to_string(id + 100));
  rt.run("ruleset.number = function() return 3 end", "number");
  const int number = rt.prepare("number", "[]");
  EXPECT_EQ(error_of([&] { rt.run_prepared(number); }),
            "prepared call " + std::to_string(number) + ": the result is not a string");
  // Bad input raised by the ruleset is an input_error naming the field, as resolve's.
  const int bad = rt.prepare("odds_trial", json::array({"threat_test", {{"unit", 3}}}).dump());
  EXPECT_EQ(field_of([&] { rt.run_prepared(bad); }), "unit");
}
