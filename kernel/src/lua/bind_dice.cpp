// Lua binding of muster.dice: an empty table until the service's binding lands (the service's
// owner replaces this file).
#include "lua/bindings.hpp"
#include "muster/kernel.hpp"

namespace muster::lua {

void open_dice(lua_State* L, int muster_table, roller&) {
  lua_newtable(L);
  lua_setfield(L, muster_table, "dice");
}

}  // namespace muster::lua
