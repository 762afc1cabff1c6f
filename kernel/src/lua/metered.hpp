// The sandbox's library functions whose work grows with their arguments, wrapped so that the
// work counts against the calling script's budgets (metered.cpp, docs/decisions/0004). Only
// kernel/src/lua/ includes this.
#pragma once

#include "lua/lua.hpp"

namespace muster::lua {

/// Wraps string.rep, sub, upper, lower, reverse, format, char, byte, table.concat, insert,
/// remove, sort, move and unpack in the sandbox base at `base` (its private copies), and
/// replaces table.foreach (fixed order) and table.maxn (charged). [-0, +0, m]
void open_metered(lua_State* L, int base);

}  // namespace muster::lua
