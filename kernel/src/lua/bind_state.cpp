// Lua binding of muster.state: an empty table until the service's binding lands (the service's
// owner replaces this file).
#include "lua/bindings.hpp"
#include "muster/kernel.hpp"

namespace muster::lua {

void open_state(lua_State* L, int muster_table, battle_state&) {
  lua_newtable(L);
  lua_setfield(L, muster_table, "state");
}

}  // namespace muster::lua
