// The cost of the sandbox's execution policy (docs/decisions/0001): the same trusted
// workload with the JIT on (jit_policy::bundled_only) and off, with and without the
// instruction budget's count hook. Read the ratios against the "jit/hook" row.
#include <benchmark/benchmark.h>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

void run(benchmark::State& state, muster::jit_policy jit, bool budget, const char* kind) {
  const auto iterations = state.range(0);
  for (auto _ : state) {
    muster::kernel k(1);
    k.dice.set_mode(muster::roll_mode::sample);
    k.log.set_enabled(false);
    muster::runtime_options o;
    o.root = MUSTER_SOURCE_DIR "/bench/fixtures";
    o.jit = jit;
    o.instruction_budget = budget ? 4'000'000'000ULL : 0;
    muster::runtime rt(k, o);
    rt.load_ruleset("workload", {{"iterations", std::to_string(iterations)}, {"kind", kind}});
  }
  state.SetItemsProcessed(state.iterations() * iterations);
}

void modifiers_jit_hook(benchmark::State& s) { run(s, muster::jit_policy::bundled_only, true, "modifiers"); }
void modifiers_jit_nohook(benchmark::State& s) { run(s, muster::jit_policy::bundled_only, false, "modifiers"); }
void modifiers_interp_hook(benchmark::State& s) { run(s, muster::jit_policy::off, true, "modifiers"); }
void modifiers_interp_nohook(benchmark::State& s) { run(s, muster::jit_policy::off, false, "modifiers"); }
void lookup_jit_hook(benchmark::State& s) { run(s, muster::jit_policy::bundled_only, true, "lookup"); }
void lookup_jit_nohook(benchmark::State& s) { run(s, muster::jit_policy::bundled_only, false, "lookup"); }
void lookup_interp_hook(benchmark::State& s) { run(s, muster::jit_policy::off, true, "lookup"); }
void lookup_interp_nohook(benchmark::State& s) { run(s, muster::jit_policy::off, false, "lookup"); }
void dice_jit_hook(benchmark::State& s) { run(s, muster::jit_policy::bundled_only, true, "dice"); }
void dice_interp_hook(benchmark::State& s) { run(s, muster::jit_policy::off, true, "dice"); }

BENCHMARK(modifiers_jit_hook)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(modifiers_jit_nohook)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(modifiers_interp_hook)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(modifiers_interp_nohook)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(lookup_jit_hook)->Arg(2000000)->Unit(benchmark::kMillisecond);
BENCHMARK(lookup_jit_nohook)->Arg(2000000)->Unit(benchmark::kMillisecond);
BENCHMARK(lookup_interp_hook)->Arg(2000000)->Unit(benchmark::kMillisecond);
BENCHMARK(lookup_interp_nohook)->Arg(2000000)->Unit(benchmark::kMillisecond);
BENCHMARK(dice_jit_hook)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(dice_interp_hook)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
