// Lua binding of muster.measure (muster/measure.hpp): lengths as plain numbers in inches,
// units as strings ("in", "\"", "cm", "mm"), bands as { {name=, max=}, ... }. Only
// translates: checks every argument, calls the pure functions, pushes results. No rules.
#include <string>
#include <vector>

#include "lua/bindings.hpp"
#include "lua/stack.hpp"
#include "muster/measure.hpp"

namespace muster::lua {
namespace {

/// [-0, +0, -] The unit named by the string at arg, or `fallback` when arg is absent.
length_unit opt_unit(lua_State* L, int arg, length_unit fallback) {
  if (lua_isnoneornil(L, arg)) return fallback;
  return parse_unit(check_string(L, arg));
}

/// [-0, +0, -] The tolerance at arg (a number >= 0), or length_tolerance when absent.
double opt_tolerance(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return length_tolerance;
  return check_number(L, arg);
}

/// [-0, +0, m] Reads the band list at arg: an array of {name = string, max = number}.
std::vector<range_band> check_bands_arg(lua_State* L, int arg) {
  check_table(L, arg);
  std::vector<range_band> bands;
  const int n = static_cast<int>(lua_objlen(L, arg));
  bands.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, arg, i);  // stack: ..., bands[i]
    const std::string path = fmt::format("bands[{}]", i);
    if (lua_type(L, -1) != LUA_TTABLE) {
      const std::string got = type_name(L, -1);
      lua_pop(L, 1);
      fail("field '{}': table expected, got {}", path, got);
    }
    const field_reader band(L, -1, path);
    range_band b{band.string("name"), band.number("max")};
    lua_pop(L, 1);
    bands.push_back(std::move(b));
  }
  return bands;
}

// muster.measure.parse(text: string, default_unit?: string) -> inches: number
int l_measure_parse(lua_State* L) {
  const std::string_view text = check_string(L, 1);
  if (lua_isnoneornil(L, 2)) {
    lua_pushnumber(L, parse_length(text));
  } else {
    lua_pushnumber(L, parse_length(text, parse_unit(check_string(L, 2))));
  }
  return 1;
}

// muster.measure.fmt(inches: number, unit?: string = "in", decimals?: integer = 2) -> string
int l_measure_fmt(lua_State* L) {
  const double length = check_number(L, 1);
  const length_unit unit = opt_unit(L, 2, length_unit::in);
  const std::int64_t decimals = lua_isnoneornil(L, 3) ? 2 : check_integer(L, 3);
  if (decimals < 0 || decimals > 9) fail("decimals must be 0..9, got {}", decimals);
  push_string(L, fmt_length(length, unit, static_cast<int>(decimals)));
  return 1;
}

// muster.measure.get_length(value: number, from: string, to?: string = "in") -> number
int l_measure_get_length(lua_State* L) {
  const double value = check_number(L, 1);
  const length_unit from = parse_unit(check_string(L, 2));
  const length_unit to = opt_unit(L, 3, length_unit::in);
  lua_pushnumber(L, from_inches(to_inches(value, from), to));
  return 1;
}

// muster.measure.check_equal(a: number, b: number, tolerance?: number = 1e-9) -> boolean
int l_measure_check_equal(lua_State* L) {
  const double a = check_number(L, 1);
  const double b = check_number(L, 2);
  const double tolerance = opt_tolerance(L, 3);
  lua_pushboolean(L, equal_length(a, b, tolerance) ? 1 : 0);
  return 1;
}

// muster.measure.check_within(d: number, limit: number, tolerance?: number = 1e-9) -> boolean
int l_measure_check_within(lua_State* L) {
  const double d = check_number(L, 1);
  const double limit = check_number(L, 2);
  const double tolerance = opt_tolerance(L, 3);
  lua_pushboolean(L, within(d, limit, tolerance) ? 1 : 0);
  return 1;
}

// muster.measure.check_compare(a: number, b: number, tolerance?: number = 1e-9) -> -1|0|1
int l_measure_check_compare(lua_State* L) {
  const double a = check_number(L, 1);
  const double b = check_number(L, 2);
  const double tolerance = opt_tolerance(L, 3);
  lua_pushinteger(L, compare_length(a, b, tolerance));
  return 1;
}

// muster.measure.check_band(d: number, bands: {name: string, max: number}[])
//   -> name: string, index: integer | nil (beyond the last band)
int l_measure_check_band(lua_State* L) {
  const double d = check_number(L, 1);
  const std::vector<range_band> bands = check_bands_arg(L, 2);
  const std::optional<std::size_t> i = find_band(d, bands);
  if (!i) {
    lua_pushnil(L);
    return 1;
  }
  push_string(L, bands[*i].name);
  lua_pushinteger(L, static_cast<lua_Integer>(*i + 1));
  return 2;
}

}  // namespace

void open_measure(lua_State* L, int muster_table) {
  muster_table = abs_index(L, muster_table);
  static const function_entry entries[] = {
      {"parse", guard<l_measure_parse>},
      {"fmt", guard<l_measure_fmt>},
      {"get_length", guard<l_measure_get_length>},
      {"check_equal", guard<l_measure_check_equal>},
      {"check_within", guard<l_measure_check_within>},
      {"check_compare", guard<l_measure_check_compare>},
      {"check_band", guard<l_measure_check_band>},
  };
  lua_newtable(L);  // stack: muster.measure
  register_functions(L, -1, entries, nullptr, "muster.measure");
  set_field(L, -1, "tolerance", length_tolerance);
  set_field(L, -1, "cm_per_inch", cm_per_inch);
  lua_setfield(L, muster_table, "measure");
}

}  // namespace muster::lua
