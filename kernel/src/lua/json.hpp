// JSON <-> Lua values, for callers that hand a ruleset plain data (`muster resolve`, the
// runtime's resolve/call_ruleset). Owns only the conversion rules; it runs no Lua code and
// reads tables raw (no metamethods). Both directions throw muster::error "<path>: <why>".
// push_json allocates Lua objects, so call it only inside the runtime's protected call.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "lua/lua.hpp"

namespace muster::lua {

/// Integers with a magnitude up to 2^53 cross exactly; beyond that a double would round.
inline constexpr double json_max_exact_integer = 9007199254740992.0;

/// Deepest nesting either direction accepts (a deeper Lua table is taken for a cycle).
inline constexpr int json_max_depth = 100;

/// [-0, +1, m] Pushes `value` as a Lua value: an object becomes a table with string keys (a
/// null member is left out, i.e. nil), an array a table 1..n, a number a Lua number, a string
/// a string, a boolean a boolean, a top-level null nil. Throws muster::error naming the path
/// (relative, as rulesets name input fields: "unit.profiles[2].figures"; `root` for the value
/// itself and before a leading index, "args[1].unit") for what Lua cannot hold
/// faithfully: null inside an array, an integer beyond +-2^53, a non-finite number, nesting
/// deeper than json_max_depth.
void push_json(lua_State* L, const nlohmann::json& value, const std::string& root);

/// [-0, +0, -] Reads the value at `index` as JSON: a table whose keys are exactly 1..n
/// becomes an array (an empty table is []), a table with string keys an object (keys sorted,
/// as nlohmann::json keeps them), a number with an integral value within +-2^53 a JSON
/// integer, another finite number a JSON float, strings and booleans as they are, nil null.
/// Throws muster::error "<path>: <why>" (after `root`: "result.dice[1].faces") for a function,
/// userdata or coroutine, a non-finite number, a table mixing items with named fields, holes
/// or other keys, and nesting deeper than json_max_depth (a cycle).
nlohmann::json to_json(lua_State* L, int index, const std::string& root);

}  // namespace muster::lua
