// The sandbox's replacements for unsafe or non-deterministic base functions, and the text
// rendering of Lua values (eval, REPL). Owned by runtime.cpp; nothing here opens files or
// reads the clock. pairs/next walk keys in one fixed order (numbers, then strings, then
// booleans), so a script's behaviour never depends on LuaJIT's per-process string hashing.
#pragma once

#include <string>

#include "lua/lua.hpp"

namespace muster::lua {

/// Sets the deterministic pairs, next, tostring and the wrapped string.format into the table
/// at index (the sandbox base). `format` must already be in base.string. [-0, +0, m]
void open_deterministic(lua_State* L, int base_table);

/// [-0, +0, m] Renders the value at index as text: strings quoted, tables with sorted keys
/// ("{1, 2, name = \"x\"}"), cycles as "<cycle>", depth beyond 8 as "{...}".
std::string render(lua_State* L, int index);

/// [-0, +1, m] Pushes the value at index converted by the sandbox's tostring (metamethod
/// __tostring honoured; tables, functions and userdata without one render as their type
/// name, never as an address).
void push_safe_tostring(lua_State* L, int index);

/// Whether key a comes before key b in the walk order of pairs (numbers ascending, then
/// strings in byte order, then false, true). Throws muster::error naming `who` for a key of
/// another type, as pairs does. a and b are stack indices.
bool key_before(lua_State* L, int a, int b, const char* who);

}  // namespace muster::lua
