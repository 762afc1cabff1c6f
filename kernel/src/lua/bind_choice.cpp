// Lua binding of muster.choice: an empty table until the service's binding lands (the service's
// owner replaces this file).
#include "lua/bindings.hpp"
#include "muster/kernel.hpp"

namespace muster::lua {

void open_choice(lua_State* L, int muster_table, chooser&) {
  lua_newtable(L);
  lua_setfield(L, muster_table, "choice");
}

}  // namespace muster::lua
