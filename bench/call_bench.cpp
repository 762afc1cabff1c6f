// The cost of crossing from Lua into the kernel: a Lua loop calling a trivial bound function
// (muster.dice.get_mode) against a Lua loop calling a Lua function, an empty Lua loop, and a
// plain C++ loop calling an out-of-line function. Lua runs interpreted (eval'd code is
// untrusted, so no JIT). Counters are calls per second (items/s).
#include <benchmark/benchmark.h>

#include <string>

#include "muster/dice.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

constexpr int loop = 100000;  // calls per Lua eval

struct lua_setup {
  muster::kernel k{1};
  muster::runtime rt{k};
  lua_setup() {
    rt.run(
        "function call_kernel(n)\n"
        "  local get_mode = muster.dice.get_mode\n"
        "  local m\n"
        "  for i = 1, n do m = get_mode() end\n"
        "  return m\n"
        "end\n"
        "local function lua_fn() return 'sample' end\n"
        "function call_lua(n)\n"
        "  local m\n"
        "  for i = 1, n do m = lua_fn() end\n"
        "  return m\n"
        "end\n"
        "function empty_loop(n)\n"
        "  local m = 0\n"
        "  for i = 1, n do m = i end\n"
        "  return m\n"
        "end\n",
        "bench");
  }
};

void run_lua(benchmark::State& state, const char* fn) {
  lua_setup s;
  const std::string code = std::string(fn) + "(" + std::to_string(loop) + ")";
  for (auto _ : state) benchmark::DoNotOptimize(s.rt.eval(code));
  state.SetItemsProcessed(state.iterations() * loop);
}

void lua_calls_kernel(benchmark::State& state) { run_lua(state, "call_kernel"); }
BENCHMARK(lua_calls_kernel);

void lua_calls_lua(benchmark::State& state) { run_lua(state, "call_lua"); }
BENCHMARK(lua_calls_lua);

void lua_empty_loop(benchmark::State& state) { run_lua(state, "empty_loop"); }
BENCHMARK(lua_empty_loop);

// One top-level call from C++ (runtime::run_prepared of a function that returns at once),
// with and without the time budget's watchdog armed around it (docs/decisions/0004).
void top_level_call(benchmark::State& state, std::chrono::milliseconds budget) {
  muster::kernel k{1};
  muster::runtime_options o;
  o.root = MUSTER_SOURCE_DIR "/bench/fixtures";
  o.mode = muster::execution::fast;
  o.time_budget = budget;
  muster::runtime rt{k, o};
  rt.load_ruleset("echo");
  const int call = rt.prepare("echo", "[]");
  for (auto _ : state) benchmark::DoNotOptimize(rt.run_prepared(call));
  state.SetItemsProcessed(state.iterations());
}
void top_level_call_timed(benchmark::State& s) { top_level_call(s, std::chrono::milliseconds(60'000)); }
void top_level_call_untimed(benchmark::State& s) { top_level_call(s, std::chrono::milliseconds(0)); }
BENCHMARK(top_level_call_timed);
BENCHMARK(top_level_call_untimed);

[[gnu::noinline]] int trivial(int i) {
  benchmark::ClobberMemory();
  return i;
}

void cpp_calls_function(benchmark::State& state) {
  int m = 0;
  for (auto _ : state) {
    m = trivial(m);
    benchmark::DoNotOptimize(m);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(cpp_calls_function);

}  // namespace

BENCHMARK_MAIN();
