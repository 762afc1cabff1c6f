// Fuzz target: dice expressions, through muster::parse_dice and through the Lua binding
// muster.dice.* in a runtime. The input is one line, "OP EXPR [N...]": OP one of the binding's
// functions (roll, roll_sum, roll_above, count_above, roll_highest, roll_lowest, roll_count,
// tally, parse, roll_exact, roll_many), EXPR the expression (or a label), N numbers passed
// as arguments. Any expression parses or fails with one muster::error line; one that parses
// formats back to itself and rolls within its range; every call ends with a result or one
// script_error line. Counts of runs are kept small so each input ends quickly.
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include "fuzz_support.hpp"

using muster::fuzz::crash;
using muster::fuzz::expect_documented;

namespace {

// The words of the first line.
std::vector<std::string> words_of(std::string_view text) {
  text = text.substr(0, text.find('\n'));
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = std::min(text.find(' ', at), text.size());
    if (end > at) out.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// A Lua string literal holding `s` exactly (a long bracket; s has no newline).
std::string literal(std::string_view s) {
  std::string level;
  while (s.find("]" + level + "]") != std::string_view::npos || s.ends_with("]" + level)) level += '=';
  return "[" + level + "[" + std::string(s) + "]" + level + "]";
}

// A word as a Lua number (its value, never its text), else the word as a string.
std::string argument(const std::string& w) {
  double d = 0;
  const auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), d);
  if (ec != std::errc() || ptr != w.data() + w.size()) return literal(w);
  if (std::isnan(d)) return "(0/0)";
  if (std::isinf(d)) return d > 0 ? "math.huge" : "-math.huge";
  return fmt::format("{}", d);
}

// The C++ service: parse, format, parse again, roll.
void check_expression(const std::string& text) {
  muster::dice_expr e;
  bool parsed = false;
  expect_documented(
      [&] {
        e = muster::parse_dice(text);
        parsed = true;
      },
      text);
  if (!parsed) return;
  if (e.count < 0 || e.count > muster::max_dice || e.sides < 2 || e.sides > muster::max_sides ||
      e.modifier < -muster::max_modifier || e.modifier > muster::max_modifier)
    crash("parse_dice accepted an expression outside the limits", text);
  const std::string canonical = muster::fmt_dice(e);
  muster::dice_expr again;
  try {
    again = muster::parse_dice(canonical);
  } catch (const std::exception& x) {
    crash("fmt_dice wrote what parse_dice refuses", canonical + ": " + x.what());
  }
  if (!(again == e)) crash("parse_dice(fmt_dice(e)) != e", text + " -> " + canonical);
  muster::roller dice(1);
  expect_documented([&] {
    const auto r = dice.roll("fuzz", e);
    if (r.total < e.count + e.modifier || r.total > e.count * e.sides + e.modifier)
      crash("a roll outside its range", text);
  });
}

struct lua_session {
  muster::kernel k{1};
  muster::runtime rt{k};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static lua_session* lua = new lua_session;  // one runtime for every input (never freed)
  const std::vector<std::string> w = words_of(std::string_view(reinterpret_cast<const char*>(data), size));
  if (w.empty()) return 0;
  const std::string& op = w[0];
  const std::string expr = w.size() > 1 ? w[1] : "";
  check_expression(expr);

  std::vector<std::string> args;  // the rest, as Lua values; counts of runs kept small
  for (std::size_t i = 2; i < w.size() && i < 8; ++i) args.push_back(argument(w[i]));
  const auto arg = [&](std::size_t i, const char* fallback) { return i < args.size() ? args[i] : std::string(fallback); };
  const std::string x = literal(expr);
  std::string call;
  if (op == "roll" || op == "roll_sum" || op == "roll_highest" || op == "roll_lowest" || op == "parse")
    call = fmt::format("muster.dice.{}({}{})", op, x, args.empty() ? "" : ", " + args[0]);
  else if (op == "roll_above")
    call = fmt::format("muster.dice.roll_above({}, {})", x, arg(0, "7"));
  else if (op == "count_above")
    call = fmt::format("muster.dice.count_above({}, {}, {})", arg(0, "3"), x, arg(1, "7"));
  else if (op == "roll_count")
    call = fmt::format("muster.dice.roll_count{{n = {}, sides = {}, target = {}, modifier = {}, natural_max = true, "
                       "natural_min = true, label = {}}}",
                       arg(0, "5"), arg(1, "6"), arg(2, "4"), arg(3, "0"), x);
  else if (op == "tally")
    call = fmt::format("muster.dice.tally({}, {}, {}, true, {}, {})", arg(0, "5"), arg(1, "4"), arg(2, "0"), x,
                       arg(3, "6"));
  else if (op == "roll_exact")
    call = fmt::format("muster.dice.roll_exact(function() return muster.dice.roll_sum({}) end, {{max_runs = 1000}})", x);
  else if (op == "roll_many")
    call = fmt::format("muster.dice.roll_many(function() return muster.dice.roll_sum({}) end, 50)", x);
  else
    return 0;
  lua->k.dice.set_seed(1);
  lua->k.log.clear();
  expect_documented([&] { lua->rt.eval(call, "fuzz"); }, expr);
  return 0;
}
