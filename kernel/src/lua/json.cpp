// JSON <-> Lua conversion (see json.hpp). Paths of the values being converted are kept as a
// chain of stack frames and formatted only when an error names one, so a clean conversion
// builds no strings.
#include "lua/json.hpp"

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "lua/guard.hpp"
#include "lua/stack.hpp"
#include "muster/error.hpp"

namespace muster::lua {
namespace {

using json = nlohmann::json;

constexpr std::int64_t max_exact = std::int64_t{1} << 53;  // json_max_exact_integer

// One step of a path: a named field or a 1-based array position.
struct path_node {
  const path_node* parent = nullptr;
  std::string_view key;  // empty: `index` is the step
  std::size_t index = 0;
};

// "unit.profiles[2].figures", after "root." when `prefixed` (else relative, the root's own
// name only for the value itself or a leading index). A path longer than 12 steps (a cycle)
// keeps its first 10 and ends in "...".
std::string fmt_path(const path_node* node, const std::string& root, bool prefixed) {
  std::vector<const path_node*> steps;
  for (; node; node = node->parent) steps.push_back(node);
  if (steps.empty()) return root;
  std::string out = prefixed ? root : std::string();
  std::size_t shown = 0;
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    if (steps.size() > 12 && ++shown > 10) {
      out += "...";
      break;
    }
    const path_node& s = **it;
    if (s.key.empty()) {
      out += fmt::format("[{}]", s.index);
    } else {
      if (!out.empty()) out += '.';
      out += s.key;
    }
  }
  if (out.front() == '[') out = root + out;
  return out;
}

// "nan", "inf", "-inf" for messages.
std::string fmt_number(double d) {
  if (std::isnan(d)) return "nan";
  return d > 0 ? "inf" : "-inf";
}

struct json_reader {
  lua_State* L;
  const std::string& root;

  [[noreturn]] void bad(const path_node* at, const std::string& why) const {
    throw error(fmt::format("{}: {}", fmt_path(at, root, false), why));
  }

  void push(const json& v, const path_node* at, int depth) {
    if (depth > json_max_depth) bad(at, fmt::format("nested deeper than {} levels", json_max_depth));
    if (!lua_checkstack(L, 3)) bad(at, "nested too deeply for the Lua stack");
    switch (v.type()) {
      case json::value_t::null: lua_pushnil(L); return;
      case json::value_t::boolean: lua_pushboolean(L, v.get<bool>() ? 1 : 0); return;
      case json::value_t::number_integer: {
        const auto i = v.get<std::int64_t>();
        if (i > max_exact || i < -max_exact)
          bad(at, fmt::format("integer {} is too large (at most 2^53 in magnitude)", i));
        lua_pushnumber(L, static_cast<lua_Number>(i));
        return;
      }
      case json::value_t::number_unsigned: {
        const auto u = v.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(max_exact))
          bad(at, fmt::format("integer {} is too large (at most 2^53 in magnitude)", u));
        lua_pushnumber(L, static_cast<lua_Number>(u));
        return;
      }
      case json::value_t::number_float: {
        const double d = v.get<double>();
        if (!std::isfinite(d)) bad(at, fmt::format("{} is not a finite number", fmt_number(d)));
        lua_pushnumber(L, d);
        return;
      }
      case json::value_t::string: {
        const auto& s = v.get_ref<const std::string&>();
        lua_pushlstring(L, s.data(), s.size());
        return;
      }
      case json::value_t::array: {
        lua_createtable(L, static_cast<int>(v.size()), 0);
        std::size_t i = 0;
        for (const json& item : v) {
          ++i;
          const path_node here{at, {}, i};
          if (item.is_null()) bad(&here, "null is not allowed in an array (Lua arrays have no holes)");
          push(item, &here, depth + 1);
          lua_rawseti(L, -2, static_cast<int>(i));
        }
        return;
      }
      case json::value_t::object: {
        lua_createtable(L, 0, static_cast<int>(v.size()));
        for (const auto& [key, item] : v.items()) {
          if (item.is_null()) continue;  // absent, as nil is in Lua
          const path_node here{at, key, 0};
          lua_pushlstring(L, key.data(), key.size());
          push(item, &here, depth + 1);
          lua_rawset(L, -3);
        }
        return;
      }
      case json::value_t::binary:
      case json::value_t::discarded: break;
    }
    bad(at, "a value JSON text cannot hold");
  }
};

struct lua_reader {
  lua_State* L;
  const std::string& root;
  // What the JSON being built holds (a value's fixed cost, each text's bytes), counted against
  // the memory budget while it is built, and its work charged: a table shared along many
  // paths is written once per path, so a small Lua value can make a huge JSON.
  held_bytes held{L};
  std::size_t bytes = 0;
  std::size_t counted = 0;

  void count(std::size_t more) {
    bytes += more;
    if (bytes - counted < (std::size_t{1} << 16)) return;
    charge(L, (bytes - counted) / 16);
    held.update(bytes);
    counted = bytes;
  }

  [[noreturn]] void bad(const path_node* at, const std::string& why) const {
    throw error(fmt::format("{}: {}", fmt_path(at, root, true), why));
  }

  static bool is_integral(double d) {
    return std::isfinite(d) && std::floor(d) == d && std::abs(d) <= json_max_exact_integer;
  }

  json read(int index, const path_node* at, int depth) {
    count(sizeof(json) + 16);
    switch (lua_type(L, index)) {
      case LUA_TNIL:
      case LUA_TNONE: return nullptr;
      case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0;
      case LUA_TNUMBER: {
        const double d = lua_tonumber(L, index);
        if (!std::isfinite(d)) bad(at, fmt::format("{} is not a finite number", fmt_number(d)));
        if (is_integral(d)) return static_cast<std::int64_t>(d);
        return d;
      }
      case LUA_TSTRING: {
        std::size_t n = 0;
        const char* s = lua_tolstring(L, index, &n);
        count(n);
        return std::string(s, n);
      }
      case LUA_TTABLE: return read_table(abs_index(L, index), at, depth);
      default: bad(at, fmt::format("a {} cannot be written as JSON", type_name(L, index)));
    }
  }

  json read_table(int t, const path_node* at, int depth) {
    if (depth >= json_max_depth)
      bad(at, fmt::format("nested deeper than {} levels (a table that contains itself?)", json_max_depth));
    if (!lua_checkstack(L, 4)) bad(at, "nested too deeply for the Lua stack");
    // First pass: which kind of table is it?
    std::size_t numbered = 0, named = 0;
    double highest = 0;
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {  // stack: key, value
      lua_pop(L, 1);
      switch (lua_type(L, -1)) {
        case LUA_TSTRING: ++named; break;
        case LUA_TNUMBER: {
          const double k = lua_tonumber(L, -1);
          if (!is_integral(k) || k < 1) {
            lua_pop(L, 1);
            bad(at, fmt::format("key {} cannot be written as JSON (arrays are numbered 1..n)", k));
          }
          ++numbered;
          if (k > highest) highest = k;
          break;
        }
        default: {
          const std::string kind = type_name(L, -1);
          lua_pop(L, 1);
          bad(at, fmt::format("a key of type {} cannot be written as JSON", kind));
        }
      }
    }
    if (numbered > 0 && named > 0)
      bad(at, "a table with both array items and named fields cannot be written as JSON");
    if (named == 0) {
      if (static_cast<double>(numbered) != highest)
        bad(at, fmt::format("an array with holes cannot be written as JSON ({} items, highest index {})",
                            numbered, highest));
      json out = json::array();
      for (std::size_t i = 1; i <= numbered; ++i) {
        const path_node here{at, {}, i};
        lua_rawgeti(L, t, static_cast<int>(i));
        out.push_back(read(-1, &here, depth + 1));
        lua_pop(L, 1);
      }
      return out;
    }
    json out = json::object();
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {  // stack: key, value
      std::size_t n = 0;
      const char* k = lua_tolstring(L, -2, &n);  // a string key: no conversion, no allocation
      const std::string_view key(k, n);
      count(n);
      const path_node here{at, key, 0};
      out[std::string(key)] = read(-1, &here, depth + 1);
      lua_pop(L, 1);
    }
    return out;
  }
};

}  // namespace

void push_json(lua_State* L, const nlohmann::json& value, const std::string& root) {
  json_reader{L, root}.push(value, nullptr, 0);
}

nlohmann::json to_json(lua_State* L, int index, const std::string& root) {
  return lua_reader{L, root}.read(index, nullptr, 0);
}

}  // namespace muster::lua
