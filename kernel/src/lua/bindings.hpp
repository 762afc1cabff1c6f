// One opener per kernel service binding (bind_<svc>.cpp). Each creates the table
// muster.<svc> inside the `muster` table at stack index `muster_table` and leaves the stack
// as it found it [-0, +0, m]. open_all (bindings.cpp) calls them in a fixed order.
#pragma once

#include "lua/lua.hpp"

namespace muster {
struct kernel;
class roller;
class battle_state;
class sequencer;
class event_log;
class chooser;
}  // namespace muster

namespace muster::lua {

void open_dice(lua_State* L, int muster_table, roller& dice);
void open_measure(lua_State* L, int muster_table);
void open_geometry(lua_State* L, int muster_table);
void open_state(lua_State* L, int muster_table, battle_state& state);
void open_turn(lua_State* L, int muster_table, sequencer& turn);
void open_log(lua_State* L, int muster_table, event_log& log);
void open_choice(lua_State* L, int muster_table, chooser& choices);
/// muster.script: where a running function is (file, line) and Lua data files under the root.
void open_script(lua_State* L, int muster_table);
/// muster.data: plain-data helpers (copy, unknown_key).
void open_data(lua_State* L, int muster_table);

/// Opens every service of k into the muster table.
void open_all(lua_State* L, int muster_table, kernel& k);
/// Drops every reference the kernel's services hold into L (step functions, hooks,
/// policies); the runtime calls it before lua_close.
void close_all(kernel& k);

}  // namespace muster::lua
