// Lua binding of muster.data: work on plain data a script would otherwise do with pairs,
// done here in one call. copy(v) is the deep copy every procedure that must not change its
// input makes; in Lua it walks each table with the sandbox's sorted pairs (a sort and a
// closure per table, a C call per key), here it walks the table once. The order it copies
// in cannot be seen: a script walks the copy with the same sorted pairs.
#include <cstdint>

#include "lua/bindings.hpp"
#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "lua/sandbox.hpp"
#include "lua/stack.hpp"
#include "muster/error.hpp"

namespace muster::lua {
namespace {

/// Tables nested deeper than this are refused: plain data is never this deep, and a table
/// that holds itself would otherwise copy until the memory budget stops it.
constexpr int max_depth = 100;

// [-0, +1, e] Pushes a deep copy of the value at `source` (an absolute index): tables are
// copied (keys as they are, values copied, metatables left behind), anything else is pushed
// as it is. The array part is copied first, in order, so the copy's length is the source's.
void push_copy(lua_State* L, int source, int depth) {
  if (lua_type(L, source) != LUA_TTABLE) {
    lua_pushvalue(L, source);
    return;
  }
  if (depth > max_depth)
    fail("muster.data.copy: tables nested deeper than {} (a table that holds itself?)", max_depth);
  if (!lua_checkstack(L, 4)) fail("muster.data.copy: out of stack");
  const auto length = static_cast<int>(lua_objlen(L, source));
  lua_createtable(L, length, 0);
  const int copy = lua_gettop(L);
  std::uint64_t entries = 0;
  for (int i = 1; i <= length; ++i) {
    lua_rawgeti(L, source, i);  // stack: copy, value
    push_copy(L, lua_gettop(L), depth + 1);
    lua_rawseti(L, copy, i);
    lua_pop(L, 1);
    ++entries;
  }
  lua_pushnil(L);
  while (lua_next(L, source) != 0) {  // stack: copy, key, value
    const bool in_array = lua_type(L, -2) == LUA_TNUMBER && [&] {
      const lua_Number k = lua_tonumber(L, -2);
      return k >= 1 && k <= length && k == static_cast<lua_Number>(static_cast<int>(k));
    }();
    if (!in_array) {
      lua_pushvalue(L, -2);                     // stack: copy, key, value, key
      push_copy(L, lua_gettop(L) - 1, depth + 1);  // stack: copy, key, value, key, value'
      lua_rawset(L, copy);
      ++entries;
    }
    lua_pop(L, 1);
  }
  charge(L, 4 * entries + 1);
}

// muster.data.copy(value) -> a deep copy of value (tables copied, metatables left behind,
//   keys shared; anything else returned as it is)
int l_data_copy(lua_State* L) {
  if (lua_isnone(L, 1)) throw arg_error(1, "value expected");
  lua_settop(L, 1);
  push_copy(L, 1, 1);
  return 1;
}

// muster.data.unknown_key(t, known) -> the first key of t (in the order pairs walks) that
//   known does not map to a true value, or nil: a check of a table's fields against the
//   fields a procedure knows, in one call and without a snapshot of t's keys
int l_data_unknown_key(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  lua_settop(L, 2);
  int first = 0;  // stack index of the first unknown key so far
  std::uint64_t entries = 0;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {  // stack: t, known, [first], key, value
    lua_pop(L, 1);
    ++entries;
    lua_pushvalue(L, -1);
    lua_rawget(L, 2);
    const bool known = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
    if (known) continue;
    if (first == 0) {
      lua_pushvalue(L, -1);  // stack: t, known, key, key'
      lua_insert(L, 3);      // stack: t, known, first, key
      first = 3;
    } else if (key_before(L, -1, first, "muster.data.unknown_key")) {
      lua_pushvalue(L, -1);
      lua_replace(L, first);
    }
  }
  charge(L, 2 * entries + 1);
  if (first == 0) lua_pushnil(L);
  return 1;
}

}  // namespace

void open_data(lua_State* L, int muster_table) {
  static const function_entry entries[] = {
      {"copy", guard<l_data_copy>},
      {"unknown_key", guard<l_data_unknown_key>},
  };
  muster_table = abs_index(L, muster_table);
  lua_newtable(L);  // stack: muster.data
  register_functions(L, -1, entries, nullptr, "muster.data");
  lua_setfield(L, muster_table, "data");
}

}  // namespace muster::lua
