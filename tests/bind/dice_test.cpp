// muster.dice through the public runtime: values as rendered by runtime::eval, the three modes
// as Lua sees them, and exact error texts with file:line. Each test has a fresh kernel
// (seed 42) and runtime; scripted sources make the faces known.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "muster/dice.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const muster::script_error& e) {
    return e.what();
  }
  return "no error";
}

struct dice_fixture : ::testing::Test {
  muster::kernel k{42};
  muster::runtime rt{k};

  void script(std::vector<int> faces) {
    k.dice.set_source(std::make_unique<muster::scripted_source>(std::move(faces)));
  }
  /// Runs `local r = <expr>` as chunk "eval": a statement, because a tail call
  /// (`return f()`, what eval makes of an expression) leaves a C function no caller line.
  std::string eval_error(const std::string& expr) {
    return error_of([&] { rt.run("local r = " + expr, "eval"); });
  }
  std::string run_error(const std::string& code, const std::string& chunk) {
    return error_of([&] { rt.run(code, chunk); });
  }
};

using dice = dice_fixture;

// --- rolling ----------------------------------------------------------------------------------

TEST_F(dice, roll_returns_total_and_faces) {
  script({6, 5, 3, 2, 2});
  EXPECT_EQ(rt.eval("muster.dice.roll('3d6', 'hit throw')"), "14, {6, 5, 3}");
  EXPECT_EQ(rt.eval("muster.dice.roll('2D6-1')"), "3, {2, 2}");
  ASSERT_EQ(k.dice.records().size(), 2u);  // the kernel explains by default
  EXPECT_EQ(k.dice.records()[0].label, "hit throw");
  EXPECT_EQ(k.dice.records()[1].label, "2D6-1");  // the label defaults to the expression
  EXPECT_EQ(k.dice.records()[1].faces, (std::vector<int>{2, 2}));
}

TEST_F(dice, roll_sum_highest_lowest) {
  script({4, 2, 1, 6, 3, 5, 5});
  EXPECT_EQ(rt.eval("muster.dice.roll_sum('2D6+1', 'save')"), "7");
  EXPECT_EQ(rt.eval("muster.dice.roll_highest('3D6', 'best')"), "6");
  EXPECT_EQ(rt.eval("muster.dice.roll_lowest('D6+2')"), "7");
  EXPECT_EQ(rt.eval("muster.dice.roll_sum('0D6+3')"), "3");
  EXPECT_EQ(rt.eval("muster.dice.roll_sum('d6')"), "5");
}

TEST_F(dice, seeded_rolls_are_reproducible) {
  const std::string code = "local t = {} for i = 1, 20 do t[i] = muster.dice.roll_sum('D20') end "
                           "return t";
  const std::string first = rt.eval(code);
  muster::kernel k2{42};
  muster::runtime rt2{k2};
  EXPECT_EQ(rt2.eval(code), first);
  muster::kernel k3{43};
  muster::runtime rt3{k3};
  EXPECT_NE(rt3.eval(code), first);
}

TEST_F(dice, roll_count_reports_successes_naturals_and_faces) {
  script({6, 5, 3, 3, 2, 1, 5, 3});
  EXPECT_EQ(rt.eval("muster.dice.roll_count{n = 6, target = 4, modifier = -1, natural_max = true, "
                    "natural_min = true, label = 'hit throw, Orc archers'}"),
            "{faces = {6, 5, 3, 3, 2, 1}, natural_max = 1, natural_min = 1, successes = 2}");
  EXPECT_EQ(rt.eval("muster.dice.roll_count{n = 2, target = 6, modifier = 1, label = 'kill'}"),
            "{faces = {5, 3}, successes = 1}");
  EXPECT_EQ(k.dice.records().back().result, 1);
}

TEST_F(dice, roll_count_under_with_other_die) {
  script({1, 10, 4, 7});
  EXPECT_EQ(rt.eval("muster.dice.roll_count{n = 4, sides = 10, target = 4, under = true, "
                    "natural_max = true, natural_min = true, label = 'faith'}"),
            "{faces = {1, 10, 4, 7}, natural_max = 1, natural_min = 1, successes = 2}");
}

TEST_F(dice, parse_and_get_mode) {
  EXPECT_EQ(rt.eval("muster.dice.parse('3d10-2')"), "{count = 3, modifier = -2, sides = 10}");
  EXPECT_EQ(rt.eval("muster.dice.get_mode()"), "\"explain\"");
  k.dice.set_mode(muster::roll_mode::sample);
  EXPECT_EQ(rt.eval("muster.dice.get_mode()"), "\"sample\"");
}

TEST_F(dice, sample_mode_records_nothing) {
  k.dice.set_mode(muster::roll_mode::sample);
  rt.eval("muster.dice.roll_sum('2D6', 'quiet')");
  EXPECT_TRUE(k.dice.records().empty());
}

// --- errors -----------------------------------------------------------------------------------

TEST_F(dice, bad_expressions_name_the_call_site) {
  EXPECT_EQ(eval_error("muster.dice.roll('3x6')"),
            "eval:1: muster.dice.roll: bad expression '3x6' (want NdX, NdX+M or NdX-M)");
  EXPECT_EQ(run_error("local x = 1\nlocal t = muster.dice.roll_sum('2d1', 'save')", "rules"),
            "rules:2: muster.dice.roll_sum: bad expression '2d1' (sides 1 out of range 2..1000)");
  EXPECT_EQ(eval_error("muster.dice.roll_highest('0D6')"),
            "eval:1: muster.dice.roll_highest: \"0D6\": count 0 out of range 1..1000");
  EXPECT_EQ(eval_error("muster.dice.roll(3)"),
            "eval:1: muster.dice.roll: bad argument #1 (string expected, got number)");
  EXPECT_EQ(eval_error("muster.dice.roll('D6', 7)"),
            "eval:1: muster.dice.roll: bad argument #2 (string expected, got number)");
  EXPECT_EQ(eval_error("muster.dice.parse('D6 + 1')"),
            "eval:1: muster.dice.parse: bad expression 'D6 + 1' (want NdX, NdX+M or NdX-M)");
}

// Found by the dice fuzzer (tests/fuzz/regressions/dice/): a number beyond int64 was cast to
// an integer (undefined behaviour) before it was checked.
TEST_F(dice, a_number_beyond_any_integer_is_refused) {
  EXPECT_EQ(eval_error("muster.dice.roll_above('2d6', 1e300)"),
            "eval:1: muster.dice.roll_above: bad argument #2 (integer expected, got 1e+300)");
  EXPECT_EQ(eval_error("muster.dice.tally(-2^63 * 2, 4)"),
            "eval:1: muster.dice.tally: bad argument #1 (integer expected, got -1.8446744073709552e+19)");
  EXPECT_EQ(eval_error("muster.dice.roll_count{n = 2^70, target = 4, label = 'x'}"),
            "eval:1: muster.dice.roll_count: field 'n': integer expected, got 1.1805916207174113e+21");
}

TEST_F(dice, roll_count_checks_its_fields) {
  EXPECT_EQ(eval_error("muster.dice.roll_count{n = 2, label = 'x'}"),
            "eval:1: muster.dice.roll_count: field 'target': integer expected, got nil");
  EXPECT_EQ(eval_error("muster.dice.roll_count{n = 2, target = 4}"),
            "eval:1: muster.dice.roll_count: field 'label': string expected, got nil");
  EXPECT_EQ(eval_error("muster.dice.roll_count{n = 2.5, target = 4, label = 'x'}"),
            "eval:1: muster.dice.roll_count: field 'n': integer expected, got 2.5");
  EXPECT_EQ(eval_error("muster.dice.roll_count{n = 2, target = 4, label = 'x', under = 1}"),
            "eval:1: muster.dice.roll_count: field 'under': boolean expected, got number");
  EXPECT_EQ(eval_error("muster.dice.roll_count{n = 2, target = 4, label = 'x', natural6 = true, "
                       "mod = 1}"),
            "eval:1: muster.dice.roll_count: unknown field 'mod' (want n, sides, target, "
            "modifier, under, natural_max, natural_min, label)");
  EXPECT_EQ(eval_error("muster.dice.roll_count{n = -1, target = 4, label = 'hit'}"),
            "eval:1: muster.dice.roll_count: \"hit\": count -1 out of range 0..1000");
  EXPECT_EQ(eval_error("muster.dice.roll_count{n = 1e12, target = 4, label = 'hit'}"),
            "eval:1: muster.dice.roll_count: field 'n': 1000000000000 out of range");
  EXPECT_EQ(eval_error("muster.dice.roll_count(4)"),
            "eval:1: muster.dice.roll_count: bad argument #1 (table expected, got number)");
}

TEST_F(dice, source_errors_name_the_roll) {
  script({4, 4, 4});
  EXPECT_EQ(run_error("\nmuster.dice.roll_count{n = 8, target = 4, label = 'hit throw, Orc "
                      "archers'}",
                      "shooting"),
            "shooting:2: muster.dice.roll_count: scripted dice ran out: \"hit throw, Orc "
            "archers\" needs 8D6, 3 faces left");
  EXPECT_EQ(eval_error("muster.dice.roll('1D2')"),
            "eval:1: muster.dice.roll: scripted dice: face 4 is impossible on a D2 (\"1D2\")");
}

TEST_F(dice, interactive_source_from_lua) {
  std::vector<std::string> asked;
  k.dice.set_source(std::make_unique<muster::interactive_source>(
      [&](const muster::dice_request& q) {
        asked.push_back(fmt::format("{}: {}D{}", q.label, q.count, q.sides));
        return std::vector<int>(static_cast<std::size_t>(q.count), 3);
      }));
  EXPECT_EQ(rt.eval("muster.dice.roll('2D6', 'morale')"), "6, {3, 3}");
  EXPECT_EQ(asked, (std::vector<std::string>{"morale: 2D6"}));
  EXPECT_EQ(eval_error("muster.dice.roll('D2', 'scatter')"),
            "eval:1: muster.dice.roll: interactive dice: face 3 is impossible on a D2 "
            "(\"scatter\")");
}

// --- exact odds and sampling ------------------------------------------------------------------

TEST_F(dice, roll_exact_gives_exact_odds_sorted) {
  EXPECT_EQ(rt.eval("local odds = muster.dice.roll_exact(function() "
                    "  return muster.dice.roll_sum('2D6', 'x') end) "
                    "local t = {} for i, o in ipairs(odds) do t[i] = o.outcome .. '=' .. "
                    "  math.floor(o.p * 36 + 0.5) end return table.concat(t, ' ')"),
            "\"2=1 3=2 4=3 5=4 6=5 7=6 8=5 9=4 10=3 11=2 12=1\"");
  EXPECT_EQ(rt.eval("muster.dice.roll_exact(function() return muster.dice.roll_sum('D2') end)"),
            "{{outcome = 1, p = 0.5}, {outcome = 2, p = 0.5}}");
  EXPECT_TRUE(k.dice.records().empty());  // hypothetical rolls are not explained
  EXPECT_EQ(rt.eval("muster.dice.get_mode()"), "\"explain\"");
}

TEST_F(dice, roll_exact_orders_numbers_strings_booleans) {
  EXPECT_EQ(rt.eval("muster.dice.roll_exact(function() "
                    "  local f = muster.dice.roll_sum('D6') "
                    "  if f == 1 then return -2.5 elseif f == 2 then return 10 "
                    "  elseif f == 3 then return 'b' elseif f == 4 then return 'a' "
                    "  elseif f == 5 then return true else return false end end)"),
            "{{outcome = -2.5, p = 0.16666666666667}, {outcome = 10, p = 0.16666666666667}, "
            "{outcome = \"a\", p = 0.16666666666667}, {outcome = \"b\", p = 0.16666666666667}, "
            "{outcome = false, p = 0.16666666666667}, {outcome = true, p = 0.16666666666667}}");
}

TEST_F(dice, one_resolution_runs_in_three_modes) {
  // Written once: a hit throw, then a kill throw for every hit (Fantasy Warriors shooting).
  rt.run(
      "function shoot(n)\n"
      "  local d = muster.dice\n"
      "  local hits = d.roll_count{n = n, target = 4, modifier = -1, natural_max = true,\n"
      "                            natural_min = true, label = 'hit throw'}\n"
      "  local kills = d.roll_count{n = hits.successes, target = 6, modifier = 1,\n"
      "                             natural_max = true, natural_min = true, label = 'kill throw'}\n"
      "  return kills.successes\n"
      "end",
      "shooting");
  script({6, 5, 3, 3, 2, 1, 5, 3});
  EXPECT_EQ(rt.eval("shoot(6)"), "1");  // explain: the rulebook's example
  ASSERT_EQ(k.dice.records().size(), 2u);
  EXPECT_EQ(muster::fmt_record(k.dice.records()[1]), "kill throw: 2D6 count [5,3] -> 1");
  // enumerate: P(0 kills) = (8/9)^6
  EXPECT_EQ(rt.eval("muster.dice.roll_exact(function() return shoot(6) end)[1].p"),
            fmt::format("{:.14g}", std::pow(8.0 / 9.0, 6)));
  // sample: frequencies from the kernel's seeded dice
  k.dice.set_seed(7);
  EXPECT_EQ(rt.eval("local f = muster.dice.roll_many(function() return shoot(6) end, 20000) "
                    "return math.abs(f[1].p - (8/9)^6) < 0.02, f[1].outcome"),
            "true, 0");
}

TEST_F(dice, roll_exact_sees_enumerate_mode_and_sorted_faces) {
  EXPECT_EQ(rt.eval("muster.dice.roll_exact(function() "
                    "  local total, faces = muster.dice.roll('2D6', 'pair') "
                    "  assert(faces[1] >= faces[2]) "
                    "  local c = muster.dice.roll_count{n = 1, target = 4, label = 'c'} "
                    "  assert(c.faces == nil) "
                    "  return muster.dice.get_mode() .. (faces[1] == faces[2] and ' double' or '') "
                    "end)"),
            "{{outcome = \"enumerate\", p = 0.83333333333333}, {outcome = \"enumerate double\", p "
            "= 0.16666666666667}}");
}

TEST_F(dice, roll_many_is_deterministic_given_the_seed) {
  const std::string code =
      "muster.dice.roll_many(function() return muster.dice.roll_sum('D3') end, 300)";
  k.dice.set_seed(5);
  const std::string first = rt.eval(code);
  k.dice.set_seed(5);
  EXPECT_EQ(rt.eval(code), first);
  EXPECT_EQ(rt.eval("local f = " + code +
                    " return #f, f[1].outcome, f[3].outcome, f[1].p + f[2].p + f[3].p"),
            "3, 1, 3, 1");
  EXPECT_EQ(rt.eval("muster.dice.roll_many(function() return muster.dice.get_mode() end, 2)"),
            "{{outcome = \"sample\", p = 1}}");
}

TEST_F(dice, odds_errors_keep_their_file_and_line) {
  EXPECT_EQ(run_error("local odds = muster.dice.roll_exact(function()\n"
                      "  local f = muster.dice.roll_sum('D6')\n"
                      "  if f == 4 then error('no fours') end\n"
                      "  return f\n"
                      "end)",
                      "odds"),
            "odds:3: no fours");
  EXPECT_EQ(run_error("muster.dice.roll_many(function()\n"
                      "  local f = muster.dice.roll_sum('D6x')\n"
                      "  return f\n"
                      "end, 10)",
                      "odds"),
            "odds:2: muster.dice.roll_sum: bad expression 'D6x' (want NdX, NdX+M or NdX-M)");
  EXPECT_EQ(run_error("\nmuster.dice.roll_exact(function() return {} end)", "odds"),
            "odds:2: muster.dice.roll_exact: outcome is a table (want a string, number or "
            "boolean)");
  EXPECT_EQ(run_error("muster.dice.roll_exact(function() return 0/0 end)", "odds"),
            "odds:1: muster.dice.roll_exact: outcome is NaN (want a string, number or boolean)");
  EXPECT_EQ(rt.eval("muster.dice.get_mode()"), "\"explain\"");  // restored after errors
}

TEST_F(dice, odds_functions_check_arguments_and_limits) {
  EXPECT_EQ(eval_error("muster.dice.roll_exact('2D6')"),
            "eval:1: muster.dice.roll_exact: bad argument #1 (function expected, got string)");
  EXPECT_EQ(eval_error("muster.dice.roll_exact(function() return 1 end, {max_run = 5})"),
            "eval:1: muster.dice.roll_exact: unknown field 'max_run' (want max_runs)");
  EXPECT_EQ(eval_error("muster.dice.roll_exact(function() return 1 end, {max_runs = 0})"),
            "eval:1: muster.dice.roll_exact: field 'max_runs': 0 is not a positive integer");
  EXPECT_EQ(eval_error("muster.dice.roll_exact(function() "
                       "return muster.dice.roll_sum('D6') + muster.dice.roll_sum('D6') end, "
                       "{max_runs = 35})"),
            "eval:1: muster.dice.roll_exact: enumeration needs more than 35 runs (raise "
            "max_runs or sample instead)");
  EXPECT_EQ(eval_error("muster.dice.roll_many(function() return 1 end, 0)"),
            "eval:1: muster.dice.roll_many: bad argument #2 (runs must be at least 1, got 0)");
  EXPECT_EQ(run_error("muster.dice.roll_exact(function()\n"
                      "  return #muster.dice.roll_exact(function() return 1 end)\n"
                      "end)",
                      "nested"),
            "nested:2: muster.dice.roll_exact: cannot enumerate while enumerating");
}

TEST_F(dice, set_faces_replays_listed_dice_and_set_seed_returns_to_random) {
  rt.run("muster.dice.set_faces{6, 5, 3, 3, 2, 1, 4}", "script");
  EXPECT_EQ(rt.eval("muster.dice.roll_count{n = 6, target = 4, modifier = -1, natural_max = true, "
                    "natural_min = true, label = 'hit throw'}.successes"),
            "2");
  EXPECT_EQ(rt.eval("muster.dice.roll('1d6', 'last')"), "4, {4}");
  EXPECT_EQ(run_error("local t = muster.dice.roll('2d6', 'kill throw')", "script"),
            "script:1: muster.dice.roll: scripted dice ran out: \"kill throw\" needs 2D6, 0 faces left");
  EXPECT_EQ(eval_error("muster.dice.set_faces{6, 0}"),
            "eval:1: muster.dice.set_faces: bad argument #1 (faces[2]: 0 is not a die face (1..1000))");
  EXPECT_EQ(eval_error("muster.dice.set_faces{'6'}"),
            "eval:1: muster.dice.set_faces: bad argument #1 (faces[1]: integer expected, got string)");
  rt.run("muster.dice.set_seed(3)", "script");
  const std::string a = rt.eval("muster.dice.roll('10d6')");
  rt.run("muster.dice.set_seed(3)", "script");
  EXPECT_EQ(rt.eval("muster.dice.roll('10d6')"), a);
  EXPECT_EQ(eval_error("muster.dice.set_seed(-1)"),
            "eval:1: muster.dice.set_seed: bad argument #1 (seed must be in 0..2^53-1, got -1)");
}

}  // namespace

namespace {

// --- the odds trial's lean dice ----------------------------------------------------------------

TEST_F(dice, tally_and_count_above_throw_what_roll_count_and_roll_above_throw) {
  script({6, 5, 3, 3, 2, 1, 4, 6, 5, 3, 3, 2, 1, 4});
  EXPECT_EQ(rt.eval("muster.dice.tally(7, 4, 0, true, 'hit throw')"), "3");
  EXPECT_EQ(rt.eval("muster.dice.roll_count{n = 7, target = 4, natural_max = true, natural_min = true, "
                    "label = 'hit throw'}.successes"),
            "3");
  ASSERT_EQ(k.dice.records().size(), 2u);  // explained like roll_count: one record, every face
  EXPECT_EQ(k.dice.records()[0].faces, k.dice.records()[1].faces);
  script({6, 6, 1, 2, 5, 5});
  EXPECT_EQ(rt.eval("muster.dice.count_above(3, '2d6', 9, 'saving throw, Orc')"), "2");  // 12, 3, 10
  EXPECT_EQ(k.dice.records().size(), 5u);  // one record a throw
  EXPECT_EQ(k.dice.records()[4].label, "saving throw, Orc");
  EXPECT_EQ(rt.eval("muster.dice.operations()"), "5");
  EXPECT_EQ(eval_error("muster.dice.tally(3)"), "eval:1: muster.dice.tally: bad argument #2 (number expected, got no value)");
  EXPECT_EQ(eval_error("muster.dice.tally(3, 4, 0, 'yes')"),
            "eval:1: muster.dice.tally: bad argument #4 (boolean expected, got string)");
  EXPECT_EQ(eval_error("muster.dice.count_above(-1, '2d6', 8)"),
            "eval:1: muster.dice.count_above: bad argument #1 (times must be in 0..1000, got -1)");
}

TEST_F(dice, exact_odds_branch_on_a_tally_and_a_batch_of_saves_once) {
  EXPECT_EQ(rt.eval("#muster.dice.roll_exact(function() return muster.dice.tally(10, 4, 0, true) end)"), "11");
  EXPECT_EQ(rt.eval("muster.dice.roll_exact(function() return muster.dice.count_above(2, '2d6', 10) end)[3].p * 144"),
            "1");  // both pass: (3/36)^2
}

TEST_F(dice, a_run_stopped_at_a_merge_point_cannot_be_kept_going) {
  // The stop passes through the script's pcall; the run's answer is the merged one.
  EXPECT_EQ(rt.eval("#muster.dice.roll_exact(function()\n"
                    "  local n = 0\n"
                    "  for i = 1, 3 do\n"
                    "    if muster.dice.roll_above('2d6', 7) then n = n + 1 end\n"
                    "    local ok = pcall(muster.dice.merge, i .. ':' .. n)\n"
                    "    if not ok then return 'kept going' end\n"
                    "  end\n"
                    "  return n\n"
                    "end)"),
            "4");
}

}  // namespace
