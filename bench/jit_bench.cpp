// The cost of the sandbox's execution modes (docs/decisions/0004): the same trusted workload
// in fast mode (JIT on, time budget only), counted mode (interpreter, the instruction
// budget's count hook) and the interpreter without any budget hook. Read the ratios against
// the "fast" row.
#include <benchmark/benchmark.h>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

void run(benchmark::State& state, muster::execution mode, bool count, const char* kind) {
  const auto iterations = state.range(0);
  for (auto _ : state) {
    muster::kernel k(1);
    k.dice.set_mode(muster::roll_mode::sample);
    k.log.set_enabled(false);
    muster::runtime_options o;
    o.root = MUSTER_SOURCE_DIR "/bench/fixtures";
    o.mode = mode;
    o.instruction_budget = count ? 4'000'000'000ULL : 0;
    muster::runtime rt(k, o);
    rt.load_ruleset("workload", {{"iterations", std::to_string(iterations)}, {"kind", kind}});
  }
  state.SetItemsProcessed(state.iterations() * iterations);
}

using muster::execution;
void modifiers_fast(benchmark::State& s) { run(s, execution::fast, false, "modifiers"); }
void modifiers_counted(benchmark::State& s) { run(s, execution::counted, true, "modifiers"); }
void modifiers_interpreted(benchmark::State& s) { run(s, execution::counted, false, "modifiers"); }
void lookup_fast(benchmark::State& s) { run(s, execution::fast, false, "lookup"); }
void lookup_counted(benchmark::State& s) { run(s, execution::counted, true, "lookup"); }
void lookup_interpreted(benchmark::State& s) { run(s, execution::counted, false, "lookup"); }
void dice_fast(benchmark::State& s) { run(s, execution::fast, false, "dice"); }
void dice_counted(benchmark::State& s) { run(s, execution::counted, true, "dice"); }

BENCHMARK(modifiers_fast)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(modifiers_counted)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(modifiers_interpreted)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(lookup_fast)->Arg(2000000)->Unit(benchmark::kMillisecond);
BENCHMARK(lookup_counted)->Arg(2000000)->Unit(benchmark::kMillisecond);
BENCHMARK(lookup_interpreted)->Arg(2000000)->Unit(benchmark::kMillisecond);
BENCHMARK(dice_fast)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(dice_counted)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
