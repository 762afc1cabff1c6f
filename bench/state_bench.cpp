// The battle state's two ways to identify itself, on a state the size of a large battle (40
// units of 10 figures with tags, heroes, terrain, a written order per unit):
// hash() walks the containers, save_json() builds the JSON document and prints it. A replay
// log takes one of them after every phase (docs/decisions/0005 §3.6). Counters are states
// per second (items/s); the ratio of the two is what hash() saves.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "muster/state.hpp"

namespace {

/// Two sides of 20 units each, 10 figures a unit, 4 individuals, 10 terrain features and a
/// secret per unit: about 130 KB of JSON (reported as json_bytes).
muster::battle_state battle() {
  muster::battle_state s;
  s.set_module({"fantasy_warriors", "1.0.0", "00112233aabbccdd", "season=winter"});
  s.set_clock(3, "movement");
  for (const char* side : {"red", "blue"}) {
    muster::side x;
    x.id = side;
    x.name = side;
    s.add_side(x);
    s.set_counter(side, "magic_points", 6);
    muster::command c;
    c.id = std::string(side) + "_centre";
    c.side = side;
    s.add_command(c);
  }
  for (int i = 0; i < 40; ++i) {
    const std::string side = i % 2 == 0 ? "red" : "blue";
    muster::unit u;
    u.side = side;
    u.command = side + "_centre";
    u.name = "Unit " + std::to_string(i);
    u.place = {1.5 * i, 6.25 + i % 7, 90.0 * (i % 4), 2, 5, 0.8, 0.8};
    u.props = {{"WS", std::int64_t{3}},
               {"move", 4.5},
               {"armour", std::string("light")},
               {"elite", i % 3 == 0}};
    u.counters = {{"volleys", 2}, {"reaction", 1}};
    u.markers = {{"order", "attack"}, {"disorganised", ""}};
    for (int f = 0; f < 10; ++f) {
      muster::figure fig;
      fig.wounds = f % 2;
      fig.equipment = {"spear", "shield"};
      if (f == 0) fig.counters = {{"reload", 1}};
      u.figures.push_back(fig);
    }
    const std::string id = s.add_unit(u);
    s.add_secret(side, "orders:" + id, "wheel_right+fire");
  }
  for (int i = 0; i < 4; ++i) {
    muster::individual hero;
    hero.side = i % 2 == 0 ? "red" : "blue";
    hero.name = "Hero " + std::to_string(i);
    hero.place = {3.0 * i, 2, 0, 1, 1, 1, 1};
    hero.equipment = {"sword", "magic_ring"};
    s.add_individual(hero);
  }
  for (int i = 0; i < 10; ++i) {
    muster::terrain t;
    t.kind = i % 2 == 0 ? "wood" : "hill";
    const double x = 6.0 * i;
    t.polygon = {{x, 20}, {x + 4, 20}, {x + 5, 23}, {x + 2, 26}, {x - 1, 23}};
    s.add_terrain(t);
  }
  return s;
}

void state_hash(benchmark::State& state) {
  const muster::battle_state s = battle();
  std::uint64_t h = 0;
  for (auto _ : state) {
    h ^= s.hash();
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(state_hash)->Unit(benchmark::kMicrosecond);

void state_save_json(benchmark::State& state) {
  const muster::battle_state s = battle();
  std::size_t n = 0;
  for (auto _ : state) {
    n += s.save_json().size();
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["json_bytes"] = static_cast<double>(s.save_json().size());
}
BENCHMARK(state_save_json)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
