// Lua binding of muster.data: work on plain data a script would otherwise do with pairs,
// done here in one call. copy(v) is the deep copy every procedure that must not change its
// input makes; in Lua it walks each table with the sandbox's sorted pairs (a sort and a
// closure per table, a C call per key), here it walks the table once. The order it copies
// in cannot be seen: a script walks the copy with the same sorted pairs.
#include <cstdint>

#include "lua/bindings.hpp"
#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "lua/stack.hpp"
#include "muster/error.hpp"

namespace muster::lua {
namespace {

/// Tables nested deeper than this are refused: plain data is never this deep, and a table
/// that holds itself would otherwise copy until the memory budget stops it.
constexpr int max_depth = 100;

// [-0, +1, m] Pushes a deep copy of the value at `source` (an absolute index): tables are
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

}  // namespace

void open_data(lua_State* L, int muster_table) {
  static const function_entry entries[] = {
      {"copy", guard<l_data_copy>},
  };
  muster_table = abs_index(L, muster_table);
  lua_newtable(L);  // stack: muster.data
  register_functions(L, -1, entries, nullptr, "muster.data");
  lua_setfield(L, muster_table, "data");
}

}  // namespace muster::lua
