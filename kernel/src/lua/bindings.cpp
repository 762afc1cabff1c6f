// Opens every service binding into the sandbox's `muster` table, in a fixed order, and lets
// the runtime drop the kernel's references into Lua before it closes the state.
#include "lua/bindings.hpp"

#include "muster/kernel.hpp"

namespace muster::lua {

void open_all(lua_State* L, int muster_table, kernel& k) {
  open_dice(L, muster_table, k.dice);
  open_measure(L, muster_table);
  open_geometry(L, muster_table);
  open_state(L, muster_table, k.state);
  open_log(L, muster_table, k.log);
  open_turn(L, muster_table, k.turn);
  open_choice(L, muster_table, k.choices);
  open_script(L, muster_table);
  open_data(L, muster_table);
}

void close_all(kernel& k) {
  k.turn.clear();
  k.choices.clear();
}

}  // namespace muster::lua
