// What bindings may ask of the runtime that owns their lua_State: the owning runtime, the
// one protected call (traceback, budgets, error conversion) and registry references that keep
// Lua functions alive for C++ (phase steps, hooks, policies). Implemented in runtime.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lua/lua.hpp"

namespace muster {
class runtime;
}

namespace muster::lua {

/// Returns the runtime that owns L (any coroutine of it).
runtime& owner(lua_State* L);

/// [-(nargs+1), +nresults, -] Calls the function below the nargs arguments on top of the
/// stack, under the sandbox budgets, with a traceback handler. On failure pops the function
/// and arguments and throws muster::script_error (file:line of the failing Lua code), or
/// muster::merge_stop for the end of an exact-odds run. This is the only way C++ calls into
/// Lua. Calls nest (a callback calling the kernel calling back...) at most `max_nested_calls`
/// deep: one more throws muster::error, so recursion through C ends before the C stack does.
void call(lua_State* L, int nargs, int nresults);

/// How deep calls between Lua and C may nest (call(), and every sandbox function that runs a
/// script's code: pcall, xpcall, coroutine.resume and wrap, require, tostring's __tostring).
inline constexpr int max_nested_calls = 200;

/// One more call from C into a script's code, for as long as it lives: a C function that calls
/// back into Lua holds one. Past max_nested_calls it raises a Lua error (not a C++ exception,
/// so any C function may hold one), so recursion through C ends before the C stack does.
class c_nesting {
 public:
  explicit c_nesting(lua_State* L);
  c_nesting(const c_nesting&) = delete;
  c_nesting& operator=(const c_nesting&) = delete;
  ~c_nesting();

 private:
  lua_State* L_;
};

/// Charges `units` of work a C function did for the script (about one VM instruction's worth
/// each) to the runtime's budgets, and checks its deadline. Throws muster::budget_error when a
/// budget has run out: call it only inside a guard<>-wrapped function.
void charge(lua_State* L, std::uint64_t units);

/// Counts `bytes` a script prints or logs against the output budget of the running call.
/// Throws muster::budget_error when it has run out: call it only inside a guard<>-wrapped
/// function.
void count_output(lua_State* L, std::size_t bytes);

/// The value `require` keeps for a module while it loads (a light userdata), so that a module
/// requiring itself, directly or through others, is an error and not a recursion.
inline char loading_marker = 0;
inline void push_loading(lua_State* L) { lua_pushlightuserdata(L, &loading_marker); }
inline bool is_loading(lua_State* L, int index) {
  return lua_type(L, index) == LUA_TLIGHTUSERDATA && lua_touserdata(L, index) == &loading_marker;
}

/// Bytes a C function holds for the script (a buffer it grows), counted against the memory
/// budget while it lives. update() throws muster::budget_error when the budget cannot hold
/// them; the destructor gives them back.
class held_bytes {
 public:
  explicit held_bytes(lua_State* L) : L_(L) {}
  held_bytes(const held_bytes&) = delete;
  held_bytes& operator=(const held_bytes&) = delete;
  ~held_bytes();
  /// Now `bytes` are held.
  void update(std::size_t bytes);

 private:
  lua_State* L_;
  std::size_t held_ = 0;
};

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
