// Lua binding of muster.log: an empty table until the service's binding lands (the service's
// owner replaces this file).
#include "lua/bindings.hpp"
#include "muster/kernel.hpp"

namespace muster::lua {

void open_log(lua_State* L, int muster_table, event_log&) {
  lua_newtable(L);
  lua_setfield(L, muster_table, "log");
}

}  // namespace muster::lua
