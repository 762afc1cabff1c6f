// Whole battles of FANTASY WARRIORS, bot v bot, on the sample scenario
// (examples/scenarios/greystones.lua): battles per second per core, as `muster sweep` plays
// them (fast mode, nothing logged, sample dice, one runtime reused), and where the time goes.
//
// A plain program, not Google Benchmark: a battle takes milliseconds and its length varies
// with the seed, so it plays a fixed run of seeds and reports the rate, then plays the same
// seeds again under LuaJIT's sampling profiler and splits the samples:
//   - movement and geometry: a sample whose Lua stack is in the table's code (tabletop*.lua,
//     movement_phase.lua, scenario.lua) or in a kernel geometry service called from there;
//   - sequencer: the battle's driver (battle.lua) itself, and the kernel's turn structure;
//   - rules: the procedures (everything else in the ruleset and the REPL library);
//   - and, across all three, the share the VM spent collecting garbage or in the JIT
//     compiler.
// The rate is the best of three runs of the same seeds. To compare two versions of the rules,
// run it with MUSTER_ROOT set to each (a worktree of the older commit) in one command.
//
//   build-bench/bench/muster_battle_bench [--battles N] [--seed S] [--profile FILE]
//
// --profile writes the folded stacks ("file:line;file:line count"), the input of
// flamegraph.pl or speedscope. The ruleset is read from MUSTER_ROOT when set, else from the
// source tree.
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "battle.hpp"
#include "battler.hpp"
#include "muster/runtime.hpp"

namespace {

using namespace muster;
using clock_type = std::chrono::steady_clock;

struct args {
  int battles = 40;
  std::uint64_t seed = 1;
  std::string profile_file;
};

args parse(int argc, char** argv) {
  args a;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--battles" && has_value) {
      a.battles = std::atoi(argv[++i]);
    } else if (arg == "--seed" && has_value) {
      a.seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--profile" && has_value) {
      a.profile_file = argv[++i];
    } else {
      fmt::print(stderr, "usage: muster_battle_bench [--battles N] [--seed S] [--profile FILE]\n");
      std::exit(2);
    }
  }
  if (a.battles < 1) a.battles = 1;
  return a;
}

double percent(std::uint64_t part, std::uint64_t whole) {
  return 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

// Which part of the work a sampled stack belongs to.
std::string_view part_of(const std::string& stack) {
  auto in = [&](std::string_view file) { return stack.find(file) != std::string::npos; };
  if (in("tabletop") || in("movement_phase.lua") || in("scenario.lua") || in("svg.lua")) return "movement and geometry";
  // The driver's own frames: the stack's innermost frame is in battle.lua.
  const auto last = stack.rfind(';');
  const std::string inner = last == std::string::npos ? stack : stack.substr(last + 1);
  if (inner.find("battle.lua") != std::string::npos || stack.empty()) return "sequencer";
  return "rules";
}

}  // namespace

int main(int argc, char** argv) {
  const args a = parse(argc, argv);
  cli::battler b("fantasy_warriors", {}, {},
                 cli::battle_setup(std::string(MUSTER_SOURCE_DIR) + "/examples/scenarios/greystones.lua", {}, 8));
  b.play(a.seed, 0);  // warm up: the modules compiled, the state's tables grown

  // The same seeds three times; the fastest run counts (a shared machine only slows one).
  int turns = 0;
  double seconds = 0;
  for (int run = 0; run < 3; ++run) {
    turns = 0;
    const auto start = clock_type::now();
    for (int i = 0; i < a.battles; ++i) turns += static_cast<int>(b.play(a.seed, static_cast<std::uint64_t>(i)).turns);
    const double took = std::chrono::duration<double>(clock_type::now() - start).count();
    if (run == 0 || took < seconds) seconds = took;
  }
  const double rate = a.battles / seconds;
  fmt::print("battle_bench: {} battles of greystones.lua (bot v bot, 8 turns at most), {} turns\n", a.battles, turns);
  fmt::print("  {:.1f} battles/s on one core ({:.2f} ms a battle, {:.2f} ms a turn)\n", rate,
             1000.0 * seconds / a.battles, 1000.0 * seconds / turns);

  // The same seeds again, sampled.
  b.rt().start_profile(1);
  const auto start2 = clock_type::now();
  for (int i = 0; i < a.battles; ++i) b.play(a.seed, static_cast<std::uint64_t>(i));
  const double seconds2 = std::chrono::duration<double>(clock_type::now() - start2).count();
  const auto lines = b.rt().stop_profile();
  std::map<std::string_view, std::uint64_t> parts;
  std::map<char, std::uint64_t> vm;
  std::uint64_t total = 0;
  for (const auto& l : lines) {
    parts[part_of(l.stack)] += l.samples;
    vm[l.vm] += l.samples;
    total += l.samples;
  }
  fmt::print("  profiled run: {:.1f} battles/s ({:.2f} of the first run), {} samples\n", a.battles / seconds2,
             (a.battles / seconds2) / rate, total);
  if (total == 0) return 0;
  for (const auto& [part, n] : parts) fmt::print("    {:<24}{:5.1f}%\n", part, percent(n, total));
  const std::map<char, std::string_view> names = {
      {'N', "compiled code"}, {'I', "interpreter"}, {'C', "C functions, services"}, {'G', "garbage collector"},
      {'J', "JIT compiler"}};
  for (const auto& [state, n] : vm) {
    const auto name = names.find(state);
    fmt::print("    VM: {:<20}{:5.1f}%\n", name == names.end() ? std::string_view("?") : name->second,
               percent(n, total));
  }
  if (!a.profile_file.empty()) {
    std::ofstream out(a.profile_file);
    for (const auto& l : lines) out << (l.stack.empty() ? "(host)" : l.stack) << ' ' << l.samples << '\n';
    fmt::print("  folded stacks written to {}\n", a.profile_file);
  }
  return 0;
}
