// Lua binding of the dice service: muster.dice.* over the kernel's roller. Translates only:
// checks arguments, calls muster::roller, pushes plain numbers and tables. The odds functions
// call back into Lua only through lua::call. No rules here; see docs/dice.md.
#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "lua/bindings.hpp"
#include "lua/host.hpp"
#include "lua/stack.hpp"
#include "muster/dice.hpp"

namespace muster::lua {

namespace {

// ---- helpers ---------------------------------------------------------------------------------

/// Narrows a checked Lua integer to int; the service range-checks the value itself.
int to_int(std::int64_t v, std::string_view what) {
  if (v < INT_MIN || v > INT_MAX) fail("{} {} out of range", what, v);
  return static_cast<int>(v);
}

/// [-0, +0, -] The expression at arg 1 and the label at arg 2 (default: the expression).
struct expr_args {
  dice_expr expr;
  std::string_view label;
};
expr_args check_expr_args(lua_State* L) {
  const std::string_view text = check_string(L, 1);
  std::string_view label = text;
  if (!lua_isnoneornil(L, 2)) label = check_string(L, 2);
  return expr_args{parse_dice(text), label};
}

/// [-0, +1, m] Pushes faces as a 1-based array.
void push_faces(lua_State* L, std::span<const int> faces) {
  lua_createtable(L, static_cast<int>(faces.size()), 0);
  int i = 0;
  for (const int face : faces) {
    lua_pushinteger(L, face);
    lua_rawseti(L, -2, ++i);
  }
}

// Outcome keys: the Lua value a run returns, encoded so that the byte order of the keys is
// the order outcomes are returned in: numbers ascending, then strings, then false, true
// (the sandbox's pairs order). Numbers are their IEEE bits made sortable, in hex.
constexpr char number_tag = '1';
constexpr char string_tag = '2';
constexpr char boolean_tag = '3';

/// [-0, +0, -] Encodes the value at index as an outcome key; on a value that cannot be an
/// outcome returns "" and sets `why` (no throw, so the caller can pop first).
std::string outcome_key(lua_State* L, int index, std::string& why) {
  switch (lua_type(L, index)) {
    case LUA_TNUMBER: {
      double d = lua_tonumber(L, index);
      if (std::isnan(d)) {
        why = "outcome is NaN (want a string, number or boolean)";
        return {};
      }
      if (d == 0) d = 0;  // -0 and 0 are one outcome
      auto bits = std::bit_cast<std::uint64_t>(d);
      bits = (bits >> 63) != 0 ? ~bits : bits | (std::uint64_t{1} << 63);
      return fmt::format("{}{:016x}", number_tag, bits);
    }
    case LUA_TSTRING: {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      std::string key(1, string_tag);
      key.append(s, n);
      return key;
    }
    case LUA_TBOOLEAN:
      return std::string{boolean_tag, lua_toboolean(L, index) ? '1' : '0'};
    default:
      why = fmt::format("outcome is a {} (want a string, number or boolean)",
                        type_name(L, index));
      return {};
  }
}

/// [-0, +1, m] Pushes the Lua value an outcome key encodes.
void push_outcome(lua_State* L, const std::string& key) {
  if (key[0] == number_tag) {
    auto bits = static_cast<std::uint64_t>(std::stoull(key.substr(1), nullptr, 16));
    bits = (bits >> 63) != 0 ? bits & ~(std::uint64_t{1} << 63) : ~bits;
    lua_pushnumber(L, std::bit_cast<double>(bits));
  } else if (key[0] == string_tag) {
    lua_pushlstring(L, key.data() + 1, key.size() - 1);
  } else {
    lua_pushboolean(L, key[1] == '1' ? 1 : 0);
  }
}

/// [-0, +1, m] Pushes {{outcome = v, p = p}, ...} in the given (key) order.
void push_odds(lua_State* L, const std::vector<outcome_odds>& odds) {
  lua_createtable(L, static_cast<int>(odds.size()), 0);
  int i = 0;
  for (const outcome_odds& o : odds) {
    lua_createtable(L, 0, 2);
    push_outcome(L, o.outcome);
    lua_setfield(L, -2, "outcome");
    set_field(L, -1, "p", o.p);
    lua_rawseti(L, -2, ++i);
  }
}

/// [-0, +0, -] Checks that arg is a function.
void check_function(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TFUNCTION)
    throw arg_error(arg, fmt::format("function expected, got {}", type_name(L, arg)));
}

/// A run of the Lua function at stack index 1: calls it with no arguments and returns its
/// first result as an outcome key. Errors inside it arrive as script_error (file:line kept).
std::string run_lua_outcome(lua_State* L) {
  lua_pushvalue(L, 1);
  call(L, 0, 1);  // stack: ..., outcome
  std::string why;
  std::string key = outcome_key(L, -1, why);
  lua_pop(L, 1);
  if (!why.empty()) throw error(why);
  return key;
}

/// The fields roll_count reads; any other key is an error (a typo would otherwise be ignored).
constexpr std::string_view count_fields[] = {"label",       "modifier",    "n",     "natural_max",
                                             "natural_min", "sides",       "target", "under"};

/// The fields of roll_exact's options.
constexpr std::string_view exact_fields[] = {"max_runs"};

/// [-0, +0, -] Throws naming the unknown string keys of the table at index, sorted.
void check_known_fields(lua_State* L, int index, std::span<const std::string_view> known,
                        std::string_view want) {
  index = abs_index(L, index);
  std::vector<std::string> unknown;
  lua_pushnil(L);  // stack: nil
  while (lua_next(L, index) != 0) {  // stack: key, value
    bool ok = false;
    if (lua_type(L, -2) == LUA_TSTRING) {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, -2, &n);
      const std::string_view name(s, n);
      for (const std::string_view k : known) ok = ok || k == name;
      if (!ok) unknown.emplace_back(name);
    } else {
      unknown.emplace_back(fmt::format("[{}]", type_name(L, -2)));
    }
    lua_pop(L, 1);  // stack: key
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    fail("unknown field '{}' (want {})", unknown.front(), want);
  }
}

// ---- bindings --------------------------------------------------------------------------------

// muster.dice.roll(expr: string, label?: string) -> total: integer, faces: integer[]
int l_dice_roll(lua_State* L) {
  const expr_args a = check_expr_args(L);
  const roll_result r = service<roller>(L).roll(a.label, a.expr);
  lua_pushinteger(L, r.total);
  push_faces(L, r.faces);
  return 2;
}

// muster.dice.roll_sum(expr: string, label?: string) -> total: integer
int l_dice_roll_sum(lua_State* L) {
  const expr_args a = check_expr_args(L);
  lua_pushinteger(L, service<roller>(L).roll_sum(a.label, a.expr));
  return 1;
}

// muster.dice.roll_above(expr: string, threshold: integer, label?: string)
//   -> passed: boolean, total: integer|nil   (a saving throw: the total beats threshold;
//   exact odds branch only on passed, and give no total)
int l_dice_roll_above(lua_State* L) {
  const std::string_view expr = check_string(L, 1);
  const std::int64_t threshold = check_integer(L, 2);
  if (threshold < -1000000 || threshold > 1000000)
    throw arg_error(2, fmt::format("threshold must be in -1000000..1000000, got {}", threshold));
  const std::string_view label = lua_isnoneornil(L, 3) ? expr : check_string(L, 3);
  const above_result r = service<roller>(L).roll_above(label, parse_dice(expr), static_cast<int>(threshold));
  lua_pushboolean(L, r.passed ? 1 : 0);
  if (r.total) lua_pushinteger(L, *r.total); else lua_pushnil(L);
  return 2;
}

// muster.dice.roll_highest(expr: string, label?: string) -> integer
int l_dice_roll_highest(lua_State* L) {
  const expr_args a = check_expr_args(L);
  lua_pushinteger(L, service<roller>(L).roll_highest(a.label, a.expr));
  return 1;
}

// muster.dice.roll_lowest(expr: string, label?: string) -> integer
int l_dice_roll_lowest(lua_State* L) {
  const expr_args a = check_expr_args(L);
  lua_pushinteger(L, service<roller>(L).roll_lowest(a.label, a.expr));
  return 1;
}

// muster.dice.roll_count{n: integer, sides?: integer, target: integer, modifier?: integer,
//   under?: boolean, natural_max?: boolean, natural_min?: boolean, label: string}
//   -> {successes: integer, natural_max?: integer, natural_min?: integer, faces?: integer[]}
int l_dice_roll_count(lua_State* L) {
  check_table(L, 1);
  check_known_fields(L, 1, count_fields,
                     "n, sides, target, modifier, under, natural_max, natural_min, label");
  const field_reader f(L, 1);
  count_spec spec;
  spec.count = to_int(f.integer("n"), "field 'n':");
  spec.sides = to_int(f.integer("sides", 6), "field 'sides':");
  spec.target = to_int(f.integer("target"), "field 'target':");
  spec.modifier = to_int(f.integer("modifier", 0), "field 'modifier':");
  spec.under = f.boolean("under", false);
  spec.natural_max = f.boolean("natural_max", false);
  spec.natural_min = f.boolean("natural_min", false);
  lua_getfield(L, 1, "label");  // stack: spec, label (kept: the view must outlive the roll)
  if (lua_type(L, -1) != LUA_TSTRING)
    fail("field 'label': string expected, got {}", type_name(L, -1));
  std::size_t n = 0;
  const char* s = lua_tolstring(L, -1, &n);
  roller& dice = service<roller>(L);
  const count_result r = dice.roll_count(std::string_view(s, n), spec);
  lua_createtable(L, 0, 4);
  set_field(L, -1, "successes", r.successes);
  if (spec.natural_max) set_field(L, -1, "natural_max", r.natural_max);
  if (spec.natural_min) set_field(L, -1, "natural_min", r.natural_min);
  if (dice.mode() != roll_mode::enumerate) {
    push_faces(L, dice.last_faces());
    lua_setfield(L, -2, "faces");
  }
  return 1;
}

// muster.dice.tally(n: integer, target: integer, modifier?: integer, naturals?: boolean,
//   label?: string, sides?: integer) -> successes: integer
//   (roll_count without tables: n dice of `sides` (6), a success when face + modifier >=
//   target; with `naturals` the max face always succeeds and a 1 always fails. The same faces
//   as roll_count; exact odds branch on the successes alone)
int l_dice_tally(lua_State* L) {
  count_spec spec;
  spec.count = to_int(check_integer(L, 1), "n");
  spec.target = to_int(check_integer(L, 2), "target");
  spec.modifier = lua_isnoneornil(L, 3) ? 0 : to_int(check_integer(L, 3), "modifier");
  if (!lua_isnoneornil(L, 4)) {
    if (lua_type(L, 4) != LUA_TBOOLEAN)
      throw arg_error(4, fmt::format("boolean expected, got {}", type_name(L, 4)));
    spec.natural_max = spec.natural_min = lua_toboolean(L, 4) != 0;
  }
  const std::string_view label = lua_isnoneornil(L, 5) ? std::string_view("tally") : check_string(L, 5);
  spec.sides = lua_isnoneornil(L, 6) ? 6 : to_int(check_integer(L, 6), "sides");
  spec.tally = true;
  lua_pushinteger(L, service<roller>(L).roll_count(label, spec).successes);
  return 1;
}

// muster.dice.operations() -> integer   (dice operations made so far: compare two readings to
// learn whether some work threw dice)
int l_dice_operations(lua_State* L) {
  lua_pushnumber(L, static_cast<double>(service<roller>(L).operations()));
  return 1;
}

// muster.dice.parse(expr: string) -> {count: integer, sides: integer, modifier: integer}
int l_dice_parse(lua_State* L) {
  const dice_expr e = parse_dice(check_string(L, 1));
  lua_createtable(L, 0, 3);
  set_field(L, -1, "count", e.count);
  set_field(L, -1, "sides", e.sides);
  set_field(L, -1, "modifier", e.modifier);
  return 1;
}

// muster.dice.get_mode() -> "sample"|"explain"|"enumerate"
int l_dice_get_mode(lua_State* L) {
  push_string(L, mode_name(service<roller>(L).mode()));
  return 1;
}

// muster.dice.set_faces(faces: integer[])   (from now on dice come from this list, in order:
// a rulebook example replayed, or real dice typed in; running out is an error naming the roll)
int l_dice_set_faces(lua_State* L) {
  check_table(L, 1);
  const auto n = static_cast<int>(lua_objlen(L, 1));
  std::vector<int> faces;
  faces.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, 1, i);
    if (lua_type(L, -1) != LUA_TNUMBER) {
      const std::string got = type_name(L, -1);
      lua_pop(L, 1);
      throw arg_error(1, fmt::format("faces[{}]: integer expected, got {}", i, got));
    }
    const double d = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (d != std::floor(d) || d < 1 || d > 1000)
      throw arg_error(1, fmt::format("faces[{}]: {} is not a die face (1..1000)", i, d));
    faces.push_back(static_cast<int>(d));
  }
  service<roller>(L).set_source(std::make_unique<scripted_source>(std::move(faces)));
  return 0;
}

// muster.dice.set_seed(seed: integer)   (seeded dice again, from this seed; 0 <= seed < 2^53)
int l_dice_set_seed(lua_State* L) {
  const std::int64_t seed = check_integer(L, 1);
  if (seed < 0 || seed >= (std::int64_t{1} << 53))
    throw arg_error(1, fmt::format("seed must be in 0..2^53-1, got {}", seed));
  service<roller>(L).set_seed(static_cast<std::uint64_t>(seed));
  return 0;
}

// muster.dice.roll_exact(fn: fun(): string|number|boolean, opts?: {max_runs?: integer})
//   -> {outcome: string|number|boolean, p: number}[]
int l_dice_roll_exact(lua_State* L) {
  check_function(L, 1);
  std::int64_t max_runs = static_cast<std::int64_t>(roller::default_max_runs);
  if (!lua_isnoneornil(L, 2)) {
    check_table(L, 2);
    check_known_fields(L, 2, exact_fields, "max_runs");
    max_runs = field_reader(L, 2).integer("max_runs", max_runs);
    if (max_runs < 1) fail("field 'max_runs': {} is not a positive integer", max_runs);
  }
  lua_settop(L, 1);  // stack: fn
  const std::vector<outcome_odds> odds = service<roller>(L).enumerate(
      [L] { return run_lua_outcome(L); }, static_cast<std::size_t>(max_runs));
  push_odds(L, odds);
  return 1;
}

// muster.dice.merge(key: string)   (a merge point: the rest of the run depends only on key and
// the dice to come; exact odds explore what follows a key once. Nothing outside roll_exact)
int l_dice_merge(lua_State* L) {
  if (service<roller>(L).merge_stops(check_string(L, 1))) {
    lua_pushlightuserdata(L, &merge_stop_marker);  // ends the run: no message, no traceback
    return lua_error(L);
  }
  return 0;
}

// muster.dice.count_above(times: integer, expr: string, threshold: integer, label?: string)
//   -> passed: integer   (`times` saving throws at once: how many totals beat threshold; the
//   same dice as `times` calls of roll_above; exact odds branch once, on the number passed)
int l_dice_count_above(lua_State* L) {
  const std::int64_t times = check_integer(L, 1);
  if (times < 0 || times > max_dice)
    throw arg_error(1, fmt::format("times must be in 0..{}, got {}", max_dice, times));
  const std::string_view expr = check_string(L, 2);
  const std::int64_t threshold = check_integer(L, 3);
  if (threshold < -1000000 || threshold > 1000000)
    throw arg_error(3, fmt::format("threshold must be in -1000000..1000000, got {}", threshold));
  const std::string_view label = lua_isnoneornil(L, 4) ? expr : check_string(L, 4);
  lua_pushinteger(L, service<roller>(L).count_above(label, parse_dice(expr), static_cast<int>(threshold),
                                                     static_cast<int>(times)));
  return 1;
}

// muster.dice.merge_replayed() -> boolean   (the merge point reached is one the run replays:
// passed, its key known; skip building it)
int l_dice_merge_replayed(lua_State* L) {
  lua_pushboolean(L, service<roller>(L).merge_replayed() ? 1 : 0);
  return 1;
}

// muster.dice.roll_many(fn: fun(): string|number|boolean, runs: integer)
//   -> {outcome: string|number|boolean, p: number}[]
int l_dice_roll_many(lua_State* L) {
  check_function(L, 1);
  const std::int64_t runs = check_integer(L, 2);
  if (runs < 1) throw arg_error(2, fmt::format("runs must be at least 1, got {}", runs));
  lua_settop(L, 1);  // stack: fn
  const std::vector<outcome_odds> odds = service<roller>(L).sample(
      [L] { return run_lua_outcome(L); }, static_cast<std::size_t>(runs));
  push_odds(L, odds);
  return 1;
}

constexpr function_entry dice_functions[] = {
    {"roll", guard<l_dice_roll>},
    {"roll_sum", guard<l_dice_roll_sum>},
    {"roll_above", guard<l_dice_roll_above>},
    {"count_above", guard<l_dice_count_above>},
    {"roll_highest", guard<l_dice_roll_highest>},
    {"roll_lowest", guard<l_dice_roll_lowest>},
    {"roll_count", guard<l_dice_roll_count>},
    {"tally", guard<l_dice_tally>},
    {"operations", guard<l_dice_operations>},
    {"roll_exact", guard<l_dice_roll_exact>},
    {"roll_many", guard<l_dice_roll_many>},
    {"merge", guard<l_dice_merge>},
    {"merge_replayed", guard<l_dice_merge_replayed>},
    {"parse", guard<l_dice_parse>},
    {"get_mode", guard<l_dice_get_mode>},
    {"set_faces", guard<l_dice_set_faces>},
    {"set_seed", guard<l_dice_set_seed>},
};

}  // namespace

void open_dice(lua_State* L, int muster_table, roller& dice) {
  muster_table = abs_index(L, muster_table);
  lua_newtable(L);  // stack: dice
  register_functions(L, -1, dice_functions, &dice, "muster.dice");
  lua_setfield(L, muster_table, "dice");
}

}  // namespace muster::lua
