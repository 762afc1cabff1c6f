// The sandbox's Lua patterns: string.find, match, gmatch and gsub with the Lua 5.1 pattern
// language (classes, sets, the quantifiers * + - ?, anchors, captures, %b, %f, back
// references), written for Muster so that every step of a match is charged to the calling
// script's budgets (docs/decisions/0004): a pattern that backtracks for minutes is stopped by
// the deadline or the instruction count like a loop of Lua. Only kernel/src/lua/ includes this.
#pragma once

#include "lua/lua.hpp"

namespace muster::lua {

/// Replaces find, match, gmatch and gsub in the string library table at `string_table`
/// (a sandbox copy) with the budgeted ones. [-0, +0, m]
void open_patterns(lua_State* L, int string_table);

}  // namespace muster::lua
