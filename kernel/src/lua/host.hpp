// What bindings may ask of the runtime that owns their lua_State: the owning runtime, the
// one protected call (traceback, budgets, error conversion) and registry references that keep
// Lua functions alive for C++ (phase steps, hooks, policies). Implemented in runtime.cpp.
#pragma once

#include "lua/lua.hpp"

namespace muster {
class runtime;
}

namespace muster::lua {

/// Returns the runtime that owns L (any coroutine of it).
runtime& owner(lua_State* L);

/// [-(nargs+1), +nresults, -] Calls the function below the nargs arguments on top of the
/// stack, under the sandbox budgets, with a traceback handler. On failure pops the function
/// and arguments and throws muster::script_error (file:line of the failing Lua code). This is
/// the only way C++ calls into Lua.
void call(lua_State* L, int nargs, int nresults);

/// The error value that ends an exact-odds run at a merge point already explored
/// (muster.dice.merge): a light userdata pointing here. It carries no message, so raising it
/// builds nothing; the protected call turns it back into muster::merge_stop, and the sandbox's
/// pcall, xpcall and coroutine.resume pass it on (a script cannot keep a stopped run going).
inline char merge_stop_marker = 0;

/// Whether the value at index is merge_stop_marker.
inline bool is_merge_stop(lua_State* L, int index) {
  return lua_type(L, index) == LUA_TLIGHTUSERDATA && lua_touserdata(L, index) == &merge_stop_marker;
}

/// A Lua value pinned in the registry (move-only). The owner must release it before the
/// runtime closes; runtime::~runtime clears the kernel's callbacks first for that reason.
class ref {
 public:
  ref() = default;
  /// [-0, +0, m] Pins the value at index.
  ref(lua_State* L, int index);
  ref(ref&& other) noexcept;
  ref& operator=(ref&& other) noexcept;
  ref(const ref&) = delete;
  ref& operator=(const ref&) = delete;
  ~ref();

  /// [-0, +1, -] Pushes the pinned value.
  void push() const;
  lua_State* state() const noexcept { return L_; }
  explicit operator bool() const noexcept { return L_ != nullptr; }

 private:
  void release() noexcept;
  lua_State* L_ = nullptr;
  int id_ = LUA_NOREF;
};

}  // namespace muster::lua
