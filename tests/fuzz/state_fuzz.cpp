// Fuzz target: a saved battle state, as the REPL's :load reads it (battle_state::load_json,
// kernel/src/state_json.cpp). Any text loads or fails with one muster::error line. A state
// that loads saves and loads back to the same state, bytes and hash, shows each side its
// own view, and takes the next steps the API offers on what was loaded (a generated id of
// each kind, each counter stepped up and down) without overflowing or failing other than with
// a muster::error; what the steps make saves and loads back too.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "muster/state.hpp"

#include "fuzz_support.hpp"

using muster::fuzz::crash;
using muster::fuzz::expect_documented;

namespace {

// The API's next steps on a loaded state; each may fail with a muster::error only.
void step(muster::battle_state& s) {
  expect_documented([&] { s.add_side({}); });
  std::string side_id, unit_id;
  for (const auto* x : s.sides()) side_id = x->id;
  for (const auto* x : s.units()) unit_id = x->id;
  if (!side_id.empty()) {
    expect_documented([&] { s.save_json(side_id); });
    expect_documented([&] { s.add_secret(side_id, "fuzz", "value"); });
    muster::command c;
    c.side = side_id;
    expect_documented([&] { s.add_command(c); });
    muster::unit u;
    u.side = side_id;
    expect_documented([&] { s.add_unit(u); });
    muster::individual i;
    i.side = side_id;
    expect_documented([&] { s.add_individual(i); });
  }
  if (!unit_id.empty()) expect_documented([&] { s.add_figure(unit_id, {}); });
  muster::terrain t;
  t.kind = "wood";
  t.polygon = {{0, 0}, {1, 0}, {0, 1}};
  expect_documented([&] { s.add_terrain(t); });
  // Counters of every side and unit, one step each way.
  std::vector<std::pair<std::string, std::string>> counters;
  for (const auto* x : s.sides())
    for (const auto& [name, value] : x->counters) counters.emplace_back(x->id, name);
  for (const auto* x : s.units())
    for (const auto& [name, value] : x->counters) counters.emplace_back(x->id, name);
  for (const auto& c : counters) {
    expect_documented([&] { s.add_counter(c.first, c.second, 1); });
    expect_documented([&] { s.add_counter(c.first, c.second, -1); });
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  muster::battle_state s;
  bool loaded = false;
  expect_documented(
      [&] {
        s.load_json(text);
        loaded = true;
      },
      text);
  if (!loaded) {
    if (!(s == muster::battle_state{})) crash("a failed load changed the state");
    return 0;
  }
  const std::string saved = s.save_json();
  muster::battle_state again;
  try {
    again.load_json(saved);
  } catch (const std::exception& e) {
    crash("a saved state does not load back", e.what());
  }
  if (!(again == s)) crash("save and load change the state", saved);
  if (again.save_json() != saved) crash("saving a loaded save gives other bytes", saved);
  if (again.hash() != s.hash()) crash("save and load change the state hash", saved);
  step(s);
  const std::string stepped = s.save_json();
  muster::battle_state after;
  try {
    after.load_json(stepped);
  } catch (const std::exception& e) {
    crash("a state changed through the API does not load back", e.what());
  }
  if (!(after == s)) crash("save and load change a state changed through the API", stepped);
  if (after.hash() != s.hash())
    crash("save and load change the hash of a state changed through the API", stepped);
  return 0;
}
