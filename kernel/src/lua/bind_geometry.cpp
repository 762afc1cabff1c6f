// Lua binding of muster.geometry: an empty table until the service's binding lands (the service's
// owner replaces this file).
#include "lua/bindings.hpp"


namespace muster::lua {

void open_geometry(lua_State* L, int muster_table) {
  lua_newtable(L);
  lua_setfield(L, muster_table, "geometry");
}

}  // namespace muster::lua
