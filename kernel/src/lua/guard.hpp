// The exception trampoline between C++ bindings and Lua, and the registration of binding
// tables. Every lua_CFunction a binding exposes is registered through register_functions(),
// which wraps it in guard<>: C++ exceptions become Lua errors "muster.svc.fn: message" at the
// caller's file:line. No C++ exception ever crosses a Lua frame.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "lua/host.hpp"
#include "lua/lua.hpp"
#include "muster/budget.hpp"
#include "muster/dice.hpp"
#include "muster/error.hpp"

namespace muster::lua {

/// Turns a relative stack index into an absolute one (LuaJIT has no lua_absindex).
inline int abs_index(lua_State* L, int index) {
  return (index > 0 || index <= LUA_REGISTRYINDEX) ? index : lua_gettop(L) + index + 1;
}

/// Thrown by check_* helpers for a bad argument; guard<> renders "bad argument #N (why)".
class arg_error : public error {
 public:
  arg_error(int arg, const std::string& why)
      : error(fmt::format("bad argument #{} ({})", arg, why)) {}
};

/// Upvalue slots every registered binding closure carries.
inline constexpr int service_upvalue = 1;  ///< lightuserdata: the service the binding serves
inline constexpr int name_upvalue = 2;     ///< string: "muster.dice.roll", for error messages

/// Returns the service pointer a binding was registered with.
template <typename Service>
Service& service(lua_State* L) {
  return *static_cast<Service*>(lua_touserdata(L, lua_upvalueindex(service_upvalue)));
}

/// [-0, +1, m] Pushes "chunk:line: " of the Lua code that called the running C function, or
/// of the nearest Lua frame above it when a tail call has replaced the caller's frame; ""
/// when no Lua frame has a line.
inline void push_where(lua_State* L) {
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return;
    }
  }
  lua_pushliteral(L, "");
}

/// Wraps fn: runs it, and turns a thrown muster::error or std::exception into a Lua error.
/// A script_error (a Lua callback that failed inside the service) keeps its own file:line.
/// Lua errors raised inside fn (luaL_check*) unwind through untouched: no catch (...) here,
/// because LuaJIT on x64 unwinds Lua errors as foreign C++ exceptions.
template <lua_CFunction fn>
int guard(lua_State* L) {
  std::string message;
  bool located = false;  // a script_error already names its file:line
  bool stopped = false;  // the end of an exact-odds run, met in a callback
  bool unnamed = false;  // a budget error
  try {
    return fn(L);
  } catch (const merge_stop&) {
    stopped = true;
  } catch (const script_error& e) {
    message = e.what();
    located = true;
  } catch (const budget_error& e) {
    message = e.what();
    unnamed = true;  // named by where the script is, not by the function that noticed
  } catch (const std::exception& e) {
    message = e.what();
  }
  if (stopped) {
    lua_pushlightuserdata(L, &merge_stop_marker);
    return lua_error(L);
  }
  if (unnamed) {
    push_where(L);
    lua_pushlstring(L, message.data(), message.size());
    lua_concat(L, 2);
    std::string().swap(message);
    return lua_error(L);
  }
  if (located) {
    lua_pushlstring(L, message.data(), message.size());
    std::string().swap(message);
    return lua_error(L);
  }
  // stack: anything; push "where: muster.svc.fn: message" and raise it.
  push_where(L);
  if (lua_type(L, lua_upvalueindex(name_upvalue)) == LUA_TSTRING) {
    lua_pushvalue(L, lua_upvalueindex(name_upvalue));
    lua_pushliteral(L, ": ");
    lua_pushlstring(L, message.data(), message.size());
    lua_concat(L, 4);
  } else {
    lua_pushlstring(L, message.data(), message.size());
    lua_concat(L, 2);
  }
  std::string().swap(message);  // free before lua_error unwinds
  return lua_error(L);
}

/// One Lua-visible function of a binding.
struct function_entry {
  const char* name;
  lua_CFunction fn;  ///< already wrapped: write guard<l_dice_roll>
};

/// Sets table[name] = closure(fn, service, "prefix.name") for every entry. The table is at
/// stack index table_index. [-0, +0, m]
template <std::size_t N>
void register_functions(lua_State* L, int table_index, const function_entry (&entries)[N],
                        void* service_ptr, std::string_view prefix) {
  table_index = abs_index(L, table_index);
  for (const function_entry& e : entries) {
    lua_pushlightuserdata(L, service_ptr);
    const std::string qualified = fmt::format("{}.{}", prefix, e.name);
    lua_pushlstring(L, qualified.data(), qualified.size());
    lua_pushcclosure(L, e.fn, 2);
    lua_setfield(L, table_index, e.name);
  }
}

}  // namespace muster::lua
