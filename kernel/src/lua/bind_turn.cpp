// Lua binding of muster.turn: an empty table until the service's binding lands (the service's
// owner replaces this file).
#include "lua/bindings.hpp"
#include "muster/kernel.hpp"

namespace muster::lua {

void open_turn(lua_State* L, int muster_table, sequencer&) {
  lua_newtable(L);
  lua_setfield(L, muster_table, "turn");
}

}  // namespace muster::lua
