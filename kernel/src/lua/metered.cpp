// The sandbox's library functions whose work grows with their arguments (string.rep, sub,
// format..., table.concat, insert, remove, sort, unpack...), wrapped so that the work counts
// against the calling script's budgets (docs/decisions/0004): each charges what it will do
// before it does it (a copy's bytes, a shift's elements, a sort's comparisons) and what its
// results hold after, and goes through the runtime's protected call, so a comparator that
// recurses through C is stopped like any other nesting. table.foreach walks in the sandbox's
// fixed order (LuaJIT's walks its hash order) and table.maxn counts its steps.
#include "lua/metered.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "lua/stack.hpp"

namespace muster::lua {
namespace {

// What a wrapped function costs before it runs, from its arguments.
enum class before : int {
  nothing,  // only what its results hold
  repeat,   // string.rep(s, n, sep): n copies
  insert,   // table.insert(t, pos, v): the elements moved up (none when appending)
  remove,   // table.remove(t, pos): the elements moved down (none for the last)
  sort,     // table.sort(t): n log n comparisons
  span,     // unpack(t, i, j), table.concat(t, sep, i, j), table.move(a, f, e, ...): j - i + 1
};

// Bytes per unit of work when a C function copies (about a VM instruction's time).
constexpr std::uint64_t bytes_per_unit = 16;

std::uint64_t length_of(lua_State* L, int index) {
  return lua_type(L, index) == LUA_TSTRING || lua_type(L, index) == LUA_TTABLE ? lua_objlen(L, index) : 0;
}

double number_or(lua_State* L, int index, double fallback) {
  return lua_type(L, index) == LUA_TNUMBER ? lua_tonumber(L, index) : fallback;
}

// The units `kind` costs for the arguments 1..n on the stack (never raises: the function
// itself checks its arguments).
std::uint64_t cost_before(lua_State* L, before kind) {
  switch (kind) {
    case before::nothing: return 1;
    case before::repeat: {
      const double n = std::max(0.0, number_or(L, 2, 0));
      const double bytes = static_cast<double>(length_of(L, 1) + length_of(L, 3)) * n;
      return 1 + static_cast<std::uint64_t>(std::min(bytes / bytes_per_unit, 1e15));
    }
    case before::insert:
    case before::remove: {
      const auto n = static_cast<double>(length_of(L, 1));
      const bool positioned = kind == before::insert ? lua_gettop(L) >= 3 : lua_gettop(L) >= 2;
      const double pos = positioned ? number_or(L, 2, n) : n + (kind == before::insert ? 1 : 0);
      return 1 + static_cast<std::uint64_t>(std::max(0.0, std::min(n - pos + 1, 1e15)));
    }
    case before::sort: {
      const auto n = static_cast<double>(length_of(L, 1));
      return 1 + static_cast<std::uint64_t>(n * std::log2(n + 1));
    }
    case before::span: {
      // unpack(t, i, j) and concat(t, sep, i, j) take the span at 2-3 and 3-4; move(a, f, e).
      const int first = lua_type(L, 2) == LUA_TNUMBER ? 2 : 3;
      const double i = number_or(L, first, 1);
      const double j = number_or(L, first + 1, static_cast<double>(length_of(L, 1)));
      return 1 + static_cast<std::uint64_t>(std::max(0.0, std::min(j - i + 1, 1e15)));
    }
  }
  return 1;
}

// A wrapped library function. Upvalues 1-2: guard<>'s (none); 3: the original; 4: its cost
// kind. Charges the cost, calls the original through the runtime, charges the bytes of the
// strings it returned.
// table.insert(t, pos, v) with a position that is not a whole number from 1 to #t + 1 is an
// error, as in later Lua versions: LuaJIT would cut 1e15 or nan to a 32-bit integer and move
// elements a billion times in one call. table.remove(t, pos) with a position beyond any
// 32-bit integer is an error for the same reason (within that range LuaJIT removes nothing
// outside 1..#t).
void check_position(lua_State* L, before kind) {
  if (kind == before::insert && lua_gettop(L) >= 3) {
    const double pos = lua_type(L, 2) == LUA_TNUMBER ? lua_tonumber(L, 2) : 0;
    const auto n = static_cast<double>(length_of(L, 1));
    if (lua_type(L, 2) == LUA_TNUMBER && !(pos >= 1 && pos <= n + 1 && pos == std::floor(pos)))
      fail("bad argument #2 to 'insert' (position out of bounds)");
  }
  if (kind == before::remove && lua_gettop(L) >= 2 && lua_type(L, 2) == LUA_TNUMBER) {
    const double pos = lua_tonumber(L, 2);
    if (!(std::fabs(pos) < 2147483648.0)) fail("bad argument #2 to 'remove' (position out of bounds)");
  }
}

int l_metered(lua_State* L) {
  const auto kind = static_cast<before>(lua_tointeger(L, lua_upvalueindex(4)));
  check_position(L, kind);
  charge(L, cost_before(L, kind));
  const int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(3));
  lua_insert(L, 1);
  call(L, n, LUA_MULTRET);
  std::uint64_t bytes = 0;
  for (int i = 1; i <= lua_gettop(L); ++i)
    if (lua_type(L, i) == LUA_TSTRING) bytes += lua_objlen(L, i);
  charge(L, bytes / bytes_per_unit);
  return lua_gettop(L);
}

// Index of a table key in the sandbox's order: numbers, then strings, then booleans.
struct key_rank {
  int rank;
  double number;
  std::string text;
  bool flag;
};

// table.foreach(t, f): f(k, v) for each key in the sandbox's fixed order (LuaJIT's walks the
// hash order, which changes from run to run); stops at the first non-nil result, returned.
int l_foreach(lua_State* L) {
  check_table(L, 1);
  if (lua_type(L, 2) != LUA_TFUNCTION) throw arg_error(2, fmt::format("function expected, got {}", type_name(L, 2)));
  std::vector<key_rank> keys;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    switch (lua_type(L, -1)) {
      case LUA_TNUMBER: keys.push_back({0, lua_tonumber(L, -1), {}, false}); break;
      case LUA_TSTRING: {
        std::size_t n = 0;
        const char* s = lua_tolstring(L, -1, &n);
        keys.push_back({1, 0, std::string(s, n), false});
        break;
      }
      case LUA_TBOOLEAN: keys.push_back({2, 0, {}, lua_toboolean(L, -1) != 0}); break;
      default: fail("table.foreach: a key of type '{}' has no reproducible order", type_name(L, -1));
    }
  }
  charge(L, 1 + keys.size() * 4);
  std::sort(keys.begin(), keys.end(), [](const key_rank& a, const key_rank& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.rank == 0) return a.number < b.number;
    if (a.rank == 1) return a.text < b.text;
    return !a.flag && b.flag;
  });
  for (const key_rank& k : keys) {
    lua_pushvalue(L, 2);
    if (k.rank == 0) lua_pushnumber(L, k.number);
    else if (k.rank == 1) lua_pushlstring(L, k.text.data(), k.text.size());
    else lua_pushboolean(L, k.flag ? 1 : 0);
    lua_pushvalue(L, -1);
    lua_rawget(L, 1);
    if (lua_isnil(L, -1)) {  // removed during the walk
      lua_pop(L, 3);
      continue;
    }
    call(L, 2, 1);
    if (!lua_isnil(L, -1)) return 1;
    lua_pop(L, 1);
  }
  return 0;
}

// table.maxn(t): the largest positive number key, 0 without one; each key walked is charged.
int l_maxn(lua_State* L) {
  check_table(L, 1);
  double most = 0;
  std::uint64_t steps = 0;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) > most) most = lua_tonumber(L, -1);
    if (++steps % 4096 == 0) charge(L, 4096);
  }
  charge(L, 1 + steps % 4096);
  lua_pushnumber(L, most);
  return 1;
}

void wrap(lua_State* L, int table, const char* name, before kind) {
  lua_getfield(L, table, name);  // stack: original
  if (lua_type(L, -1) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    return;
  }
  lua_pushnil(L);
  lua_pushnil(L);
  lua_pushvalue(L, -3);
  lua_pushinteger(L, static_cast<int>(kind));
  lua_pushcclosure(L, guard<l_metered>, 4);  // stack: original, wrapper
  lua_setfield(L, table, name);
  lua_pop(L, 1);
}

}  // namespace

void open_metered(lua_State* L, int base) {
  base = abs_index(L, base);
  lua_getfield(L, base, "string");
  const int str = lua_gettop(L);
  wrap(L, str, "rep", before::repeat);
  for (const char* name : {"sub", "upper", "lower", "reverse", "format", "char", "byte"}) wrap(L, str, name, before::nothing);
  lua_getfield(L, base, "table");
  const int tab = lua_gettop(L);
  wrap(L, tab, "concat", before::span);
  wrap(L, tab, "insert", before::insert);
  wrap(L, tab, "remove", before::remove);
  wrap(L, tab, "sort", before::sort);
  wrap(L, tab, "move", before::span);
  lua_pushcfunction(L, guard<l_foreach>);
  lua_setfield(L, tab, "foreach");
  lua_pushcfunction(L, guard<l_maxn>);
  lua_setfield(L, tab, "maxn");
  lua_pop(L, 2);
  wrap(L, base, "unpack", before::span);
}

}  // namespace muster::lua
