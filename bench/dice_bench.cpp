// Dice throughput, all in one run so the ratios can be read: a plain C++ loop (rng + Lemire
// mapping inlined, summing faces), the roller in sample mode (single dice, 10D6 count), and
// Lua loops calling muster.dice (interpreted: eval'd code is untrusted, so no JIT).
// Counters are dice per second (items/s).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "muster/dice.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

constexpr int lua_loop = 10000;  // dice calls per Lua eval

void cpp_baseline_d6(benchmark::State& state) {
  muster::rng g(1);
  std::int64_t sum = 0;
  for (auto _ : state) {
    sum += g.die(6);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(cpp_baseline_d6);

void cpp_baseline_count_10d6(benchmark::State& state) {
  muster::rng g(1);
  std::int64_t hits = 0;
  for (auto _ : state) {
    for (int i = 0; i < 10; ++i) hits += g.die(6) >= 4 ? 1 : 0;
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(state.iterations() * 10);
}
BENCHMARK(cpp_baseline_count_10d6);

void roller_single_d6(benchmark::State& state) {
  muster::roller r(1);
  const muster::dice_expr d6{1, 6, 0};
  std::int64_t sum = 0;
  for (auto _ : state) {
    sum += r.roll_sum("d6", d6);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(roller_single_d6);

void roller_count_10d6(benchmark::State& state) {
  muster::roller r(1);
  const muster::count_spec spec{.count = 10, .sides = 6, .target = 4, .natural_max = true,
                                .natural_min = true};
  std::int64_t hits = 0;
  for (auto _ : state) {
    hits += r.roll_count("10D6", spec).successes;
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(state.iterations() * 10);
}
BENCHMARK(roller_count_10d6);

void roller_explain_count_10d6(benchmark::State& state) {
  muster::roller r(1);
  r.set_mode(muster::roll_mode::explain);
  const muster::count_spec spec{.count = 10, .sides = 6, .target = 4};
  std::int64_t hits = 0;
  for (auto _ : state) {
    hits += r.roll_count("10D6", spec).successes;
    benchmark::DoNotOptimize(hits);
    if (r.records().size() > 4096) r.clear_records();
  }
  state.SetItemsProcessed(state.iterations() * 10);
}
BENCHMARK(roller_explain_count_10d6);

/// A kernel in sample mode with a runtime that defines the Lua loops.
struct lua_setup {
  muster::kernel k{1};
  muster::runtime rt{k};
  lua_setup() {
    k.dice.set_mode(muster::roll_mode::sample);
    rt.run(
        "function bench_single(n)\n"
        "  local roll_sum = muster.dice.roll_sum\n"
        "  local s = 0\n"
        "  for i = 1, n do s = s + roll_sum('D6', 'd6') end\n"
        "  return s\n"
        "end\n"
        "function bench_count(n)\n"
        "  local roll_count = muster.dice.roll_count\n"
        "  local spec = {n = 10, target = 4, natural_max = true, natural_min = true, label = 'c'}\n"
        "  local s = 0\n"
        "  for i = 1, n do s = s + roll_count(spec).successes end\n"
        "  return s\n"
        "end\n",
        "bench");
  }
};

void lua_single_d6(benchmark::State& state) {
  lua_setup s;
  const std::string code = "bench_single(" + std::to_string(lua_loop) + ")";
  for (auto _ : state) benchmark::DoNotOptimize(s.rt.eval(code));
  state.SetItemsProcessed(state.iterations() * lua_loop);
}
BENCHMARK(lua_single_d6);

void lua_count_10d6(benchmark::State& state) {
  lua_setup s;
  const std::string code = "bench_count(" + std::to_string(lua_loop) + ")";
  for (auto _ : state) benchmark::DoNotOptimize(s.rt.eval(code));
  state.SetItemsProcessed(state.iterations() * lua_loop * 10);
}
BENCHMARK(lua_count_10d6);

void enumerate_two_stage_6d6(benchmark::State& state) {
  // Exact odds of a hit throw then a kill throw on the hits (7 + 7*... runs per call).
  muster::roller r(1);
  const muster::count_spec hit{.count = 6, .sides = 6, .target = 4, .modifier = -1,
                               .natural_max = true, .natural_min = true};
  std::size_t runs = 0;
  for (auto _ : state) {
    const auto odds = r.enumerate([&] {
      ++runs;
      const int hits = r.roll_count("hit", hit).successes;
      muster::count_spec kill{.count = hits, .sides = 6, .target = 6, .modifier = 1,
                              .natural_max = true, .natural_min = true};
      return std::to_string(r.roll_count("kill", kill).successes);
    });
    benchmark::DoNotOptimize(odds.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(runs));  // runs/s
}
BENCHMARK(enumerate_two_stage_6d6);

}  // namespace

BENCHMARK_MAIN();
