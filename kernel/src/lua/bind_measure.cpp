// Lua binding of muster.measure: an empty table until the service's binding lands (the service's
// owner replaces this file).
#include "lua/bindings.hpp"


namespace muster::lua {

void open_measure(lua_State* L, int muster_table) {
  lua_newtable(L);
  lua_setfield(L, muster_table, "measure");
}

}  // namespace muster::lua
