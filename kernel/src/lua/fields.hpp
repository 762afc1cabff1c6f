// Stack helpers shared by the log, turn and choice bindings: muster::field lists (event
// fields, window payloads, deferred items, choice context) as Lua tables with SORTED keys,
// and calling pinned Lua callbacks from C++ (the sequencer's steps, hooks, handlers, the
// chooser's policies). Every read is raw (no metamethods), so C++ never raises a Lua error
// outside a protected call; every table C++ builds for a callback is built under lua::call.
#pragma once

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lua/host.hpp"
#include "lua/runtime_impl.hpp"
#include "lua/stack.hpp"
#include "muster/log.hpp"

namespace muster::lua {

/// Largest magnitude a Lua number may have to be read as an integer (2^53: exact doubles).
inline constexpr double max_exact_integer = 9007199254740992.0;

/// Returns whether d is an integral number Lua holds exactly.
inline bool is_exact_integer(double d) {
  return std::isfinite(d) && d == std::floor(d) && std::fabs(d) <= max_exact_integer;
}

/// [-0, +0, -] Reads a list of integers (a sequence 1..n, nothing else) at index; `what`
/// names it in errors ("field 'faces'").
inline std::vector<std::int64_t> check_integer_list(lua_State* L, int index,
                                                    const std::string& what) {
  index = abs_index(L, index);
  const auto n = static_cast<std::size_t>(lua_objlen(L, index));
  std::size_t keys = 0;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {  // stack: key, value
    ++keys;
    lua_pop(L, 1);
  }
  if (keys != n) fail("{}: a table value must be a list of integers", what);
  std::vector<std::int64_t> out;
  out.reserve(n);
  for (std::size_t i = 1; i <= n; ++i) {
    lua_rawgeti(L, index, static_cast<int>(i));
    const bool ok = lua_type(L, -1) == LUA_TNUMBER && is_exact_integer(lua_tonumber(L, -1));
    const double d = ok ? lua_tonumber(L, -1) : 0.0;
    const std::string got = ok ? std::string() : type_name(L, -1);
    lua_pop(L, 1);
    if (!ok) fail("{}[{}]: integer expected, got {}", what, i, got);
    out.push_back(static_cast<std::int64_t>(d));
  }
  return out;
}

/// [-0, +0, -] Reads a field value: boolean, number (integral -> integer, else real; finite
/// only), string, or a list of integers.
inline field_value check_field_value(lua_State* L, int index, const std::string& what) {
  switch (lua_type(L, index)) {
    case LUA_TBOOLEAN:
      return field_value(lua_toboolean(L, index) != 0);
    case LUA_TNUMBER: {
      const double d = lua_tonumber(L, index);
      if (!std::isfinite(d)) fail("{}: not a finite number", what);
      if (is_exact_integer(d)) return field_value(static_cast<std::int64_t>(d));
      return field_value(d);
    }
    case LUA_TSTRING: {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      return field_value(std::string(s, n));
    }
    case LUA_TTABLE:
      return field_value(check_integer_list(L, index, what));
    default:
      fail("{}: boolean, number, string or list of integers expected, got {}", what,
           type_name(L, index));
  }
}

/// [-0, +0, -] Reads a table of name = value as fields sorted by name (LuaJIT's pairs order
/// differs between processes; sorting keeps logs byte-identical). `path` prefixes the field
/// names in errors ("payload" -> "field 'payload.unit': ..."); names must be strings. Pushes
/// nothing but the traversal (no allocation), so it is safe outside a protected call; on a
/// throw the caller restores the stack top.
inline std::vector<field> check_fields(lua_State* L, int index, const std::string& path) {
  index = abs_index(L, index);
  std::vector<field> out;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {  // stack: key, value
    if (lua_type(L, -2) != LUA_TSTRING)
      fail("{}: keys must be strings, got a {} key", path.empty() ? "fields" : path,
           type_name(L, -2));
    std::size_t n = 0;
    const char* s = lua_tolstring(L, -2, &n);
    std::string key(s, n);
    const std::string what =
        path.empty() ? fmt::format("field '{}'", key) : fmt::format("field '{}.{}'", path, key);
    field_value value = check_field_value(L, -1, what);
    out.push_back(field{std::move(key), std::move(value)});
    lua_pop(L, 1);
  }
  std::sort(out.begin(), out.end(), [](const field& a, const field& b) { return a.name < b.name; });
  return out;
}

/// [-0, +1, m] Pushes a field value (integers as Lua numbers, lists as sequences).
inline void push_field_value(lua_State* L, const field_value& v) {
  std::visit(
      [L](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>) {
          lua_pushboolean(L, x ? 1 : 0);
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          lua_pushnumber(L, static_cast<lua_Number>(x));
        } else if constexpr (std::is_same_v<T, double>) {
          lua_pushnumber(L, x);
        } else if constexpr (std::is_same_v<T, std::string>) {
          lua_pushlstring(L, x.data(), x.size());
        } else {
          lua_createtable(L, static_cast<int>(x.size()), 0);
          for (std::size_t i = 0; i < x.size(); ++i) {
            lua_pushnumber(L, static_cast<lua_Number>(x[i]));
            lua_rawseti(L, -2, static_cast<int>(i + 1));
          }
        }
      },
      v);
}

/// [-0, +1, m] Pushes fields as a new table name = value.
inline void push_fields(lua_State* L, const std::vector<field>& fields) {
  lua_createtable(L, 0, static_cast<int>(fields.size()));
  for (const field& f : fields) {
    push_field_value(L, f.value);
    lua_setfield(L, -2, f.name.c_str());
  }
}

/// [-0, +1, m] Pushes a string, or nil when it is empty.
inline void push_string_or_nil(lua_State* L, std::string_view s) {
  if (s.empty())
    lua_pushnil(L);
  else
    lua_pushlstring(L, s.data(), s.size());
}

/// The main thread of the runtime that owns L: the one lua::call runs on, so every callback
/// C++ keeps is pinned and pushed there (a coroutine's stack may be gone when C++ calls).
inline lua_State* main_thread(lua_State* L) { return runtime::impl::of(L).L; }

/// A Lua function kept for C++ (shared so a std::function holding it stays copyable).
using pinned = std::shared_ptr<const ref>;

/// [-0, +0, m] Pins the function at index on the main thread.
inline pinned pin_function(lua_State* L, int index) {
  index = abs_index(L, index);
  lua_State* main = main_thread(L);
  lua_pushvalue(L, index);
  if (main != L) lua_xmove(L, main, 1);
  auto out = std::make_shared<const ref>(main, -1);
  lua_pop(main, 1);
  return out;
}

/// Restores a stack's top however a callback call ends (success or throw).
struct stack_restore {
  lua_State* L;
  int top;
  explicit stack_restore(lua_State* state) : L(state), top(lua_gettop(state)) {}
  ~stack_restore() { lua_settop(L, top); }
  stack_restore(const stack_restore&) = delete;
  stack_restore& operator=(const stack_restore&) = delete;
};

/// Makes room for `n` more values on the main thread's stack before C++ pushes there.
inline void reserve_stack(lua_State* L, int n) {
  if (!lua_checkstack(L, n)) fail("Lua stack overflow");
}

namespace detail_fields {
template <typename T, void (*Push)(lua_State*, const T&)>
int build_argument(lua_State* L) {
  Push(L, *static_cast<const T*>(lua_touserdata(L, 1)));
  return 1;
}
}  // namespace detail_fields

/// [-0, +1, -] Pushes the argument Push(L, value) builds, built inside lua::call so a memory
/// failure becomes a muster::script_error instead of an unprotected Lua error. Push must not
/// throw C++ exceptions.
template <typename T, void (*Push)(lua_State*, const T&)>
void push_protected(lua_State* L, const T& value) {
  reserve_stack(L, 3);
  lua_pushcfunction(L, (&detail_fields::build_argument<T, Push>));
  lua_pushlightuserdata(L, const_cast<T*>(&value));
  call(L, 1, 1);
}

}  // namespace muster::lua
