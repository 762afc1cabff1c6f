// One full FANTASY WARRIORS combat round, 10 Orcs v 10 Dwarves (bench/fixtures/
// combat_round.json): both sides' hit and kill throws, kills to specials, saving throws and
// the Combat Tests that follow. Resolved (1) through the Lua ruleset in sample and explain
// mode, with the JIT on (bundled code, as `muster resolve` runs it) and off (interpreter),
// (2) through runtime::resolve, JSON in and out, as the command line does, and (3) by a plain
// C++ round written here for the purpose. Counters are rounds per second (items/s): read the
// ratios against cpp_round. Before the timings, the C++ round is checked to give the same
// losses and reactions as the ruleset, round by round, from the same seed. The ruleset is
// read from MUSTER_ROOT when set (e.g. a worktree of a commit), else from the source tree.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "muster/dice.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

constexpr int lua_rounds_per_call = 100;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

const std::string& round_input() {
  static const std::string text = slurp(MUSTER_SOURCE_DIR "/bench/fixtures/combat_round.json");
  return text;
}

// ---------------------------------------------------------------------------------------
// The plain C++ round: the same rules for this scenario (one unit a side, hand weapons,
// first-option choices), its numbers typed in here. Dice through the kernel's roller in
// sample mode, thrown in the ruleset's order so that one seed gives both the same round.
// ---------------------------------------------------------------------------------------

enum armour { none, light, medium, heavy, extra_heavy };
enum figure_kind { leader, champion, musician, standard_bearer, individual };

// Weapon v armour, the hand-weapon row (page 32): the lowest killing score.
constexpr std::array<int, 5> hand_v_armour = {3, 3, 4, 5, 6};

struct character {
  std::string name;
  bool hero = false;
  int worth = 1;
  int save = 0;
};

struct unit {
  std::string name;
  int figures = 0;
  int quality_rank = 2;  // elite 4, veteran 3, average 2, poor 1
  int quality_mod = 0;   // the quality throw's modifier
  bool disciplined = false;
  int strength = 0, resilience = 0, worth = 1;
  armour arm = none;
  bool shield = false;
  bool attack_orders = false, hold_orders = false;
  int save = 0;  // 0: none; else a 2D total must exceed it
  bool has_leader = false, has_champion = false, has_standard = false;
  int musicians = 0;
  int ranks = 1;
  std::vector<character> characters;
};

struct figure {
  figure_kind kind;
  int save;
  int index = -1;  // the character's
  int kills = 0;
  bool dead = false;
};

struct roster {
  int warriors = 0;
  std::vector<figure> figs;
  std::vector<int> strikes;  // in the order allocated: a figure's index, or -1 for a warrior
  int losses = 0;
};

struct round_result {
  int losses[2] = {0, 0};
  const char* reaction[2] = {"-", "-"};
};

const muster::dice_expr d6 = muster::parse_dice("1d6");
const muster::dice_expr two_d6 = muster::parse_dice("2d6");

int count(muster::roller& dice, int n, int target, int modifier, bool naturals) {
  muster::count_spec s;
  s.count = n;
  s.target = target;
  s.modifier = modifier;
  s.natural_max = naturals;
  s.natural_min = naturals;
  return dice.roll_count("pool", s).successes;
}

bool doomed(const figure& f) { return f.kills > 0 && f.save == 0; }

// Kills to specials (page 33), then the warriors, then the specials still untouched; each
// kill is one strike, saved against later in the order allocated.
void allocate(muster::roller& dice, const unit& u, roster& r, int kills) {
  if (kills == 0) return;
  if (kills > u.figures) std::abort();  // this scenario throws at most 8 kill dice
  const bool standard_open = kills >= u.figures - 1;  // the kills would leave no one else
  auto six_candidate = [&]() -> int {
    for (std::size_t i = 0; i < r.figs.size(); ++i)
      if (!doomed(r.figs[i]) && (r.figs[i].kind != standard_bearer || standard_open))
        return static_cast<int>(i);  // policy "first"
    return -1;
  };
  int used = 0;
  if (six_candidate() >= 0) {
    const int sixes = count(dice, (kills + 2) / 3, 6, 0, false);  // 1D per 3 kills, 6s
    for (int i = 0; i < sixes; ++i) {
      const int f = six_candidate();
      if (f < 0) break;
      ++r.figs[static_cast<std::size_t>(f)].kills;
      r.strikes.push_back(f);
      ++used;
    }
  }
  int rest = kills - used;
  const int n = std::min(rest, r.warriors);
  for (int i = 0; i < n; ++i) r.strikes.push_back(-1);
  rest -= n;
  while (rest > 0) {
    int untouched = 0;
    for (const auto& f : r.figs)
      if (f.kind != individual && f.kind != standard_bearer && f.kills == 0) ++untouched;
    int pick = -1;
    for (std::size_t i = 0; i < r.figs.size() && pick < 0; ++i) {
      const figure& f = r.figs[i];
      if (f.kind != individual && f.kills == 0 && (f.kind != standard_bearer || untouched == 0))
        pick = static_cast<int>(i);
    }
    if (pick < 0) break;
    ++r.figs[static_cast<std::size_t>(pick)].kills;
    r.strikes.push_back(pick);
    --rest;
  }
}

bool saving_throw(muster::roller& dice, int save) { return dice.roll_sum("save", two_d6) > save; }

// One saving throw per strike, in order (every throw made, even for a figure already dead).
void save(muster::roller& dice, const unit& u, roster& r) {
  for (int s : r.strikes) {
    if (s < 0) {
      if (!(u.save && saving_throw(dice, u.save))) ++r.losses;
      continue;
    }
    figure& f = r.figs[static_cast<std::size_t>(s)];
    if (!(f.save && saving_throw(dice, f.save)) && !f.dead) {
      f.dead = true;
      if (f.kind != individual) ++r.losses;
    }
  }
}

const char* reaction(int score, bool disciplined) {
  // Reaction table (page 34): disciplined 10 / 3 / 1, tribal 7 / 4 / 2.
  const int bloodlust = disciplined ? 10 : 7, ok = disciplined ? 3 : 4, shaken = disciplined ? 1 : 2;
  if (score >= bloodlust) return "bloodlust";
  if (score >= ok) return "ok";
  if (score >= shaken) return "shaken";
  return "rout";
}

const char* combat_test(muster::roller& dice, const unit& u, const roster& r, int side_losses, int enemy_losses) {
  const int lost = r.losses;
  bool leader_alive = false, standard_alive = false, hero_alive = false;
  for (const auto& f : r.figs) {
    if (f.dead) continue;
    if (f.kind == leader) leader_alive = true;
    if (f.kind == standard_bearer) standard_alive = true;
    if (f.kind == individual && u.characters[static_cast<std::size_t>(f.index)].hero) hero_alive = true;
  }
  int score = dice.roll("quality", d6).total + u.quality_mod;
  const bool heavy = lost * 2 > u.figures, quarter = lost * 4 > u.figures;
  if (quarter && !heavy) score -= 1;
  if (side_losses > enemy_losses) score -= 1;
  if (heavy) score -= 3;
  if (u.hold_orders) score += 1;
  if (enemy_losses > side_losses) score += 1;
  if (hero_alive) score += 1;
  if (leader_alive) score += 1;
  if (standard_alive) score += 1;
  return reaction(score, u.disciplined);
}

roster make_roster(const unit& u) {
  roster r;
  r.warriors = u.figures - u.has_leader - u.has_champion - u.musicians - u.has_standard;
  if (u.has_leader) r.figs.push_back({leader, u.save});
  if (u.has_champion) r.figs.push_back({champion, u.save});
  for (int i = 0; i < u.musicians; ++i) r.figs.push_back({musician, u.save});
  if (u.has_standard) r.figs.push_back({standard_bearer, u.save});
  for (std::size_t i = 0; i < u.characters.size(); ++i)
    r.figs.push_back({individual, u.characters[i].save, static_cast<int>(i)});
  return r;
}

round_result cpp_round(muster::roller& dice, const std::array<unit, 2>& side) {
  int kills_suffered[2] = {0, 0};
  for (int s = 0; s < 2; ++s) {  // attacker, then defender (page 30)
    const unit& u = side[static_cast<std::size_t>(s)];
    const unit& e = side[static_cast<std::size_t>(1 - s)];
    const int width = (u.figures + u.ranks - 1) / u.ranks;
    int n = std::min(u.figures, width) * u.worth;  // hand weapons: the front rank
    for (const auto& c : u.characters) n += c.worth;
    if (u.has_champion) n += 1;
    if (u.attack_orders) n += n / 5;
    const int hit_mod = (u.quality_rank < e.quality_rank ? -1 : 0) +
                        (u.quality_rank > e.quality_rank ? 1 : 0) + (e.shield ? 0 : 1);
    const int hits = count(dice, n, 4, hit_mod, true);
    const int kill_mod = u.strength + e.resilience;
    const int kills = hits > 0 ? count(dice, hits, hand_v_armour[e.arm], kill_mod, true) : 0;
    kills_suffered[1 - s] += kills;
  }
  std::array<roster, 2> r = {make_roster(side[0]), make_roster(side[1])};
  for (int s : {1, 0}) {  // the defender's kills first, then the attacker's
    allocate(dice, side[static_cast<std::size_t>(s)], r[static_cast<std::size_t>(s)], kills_suffered[s]);
    save(dice, side[static_cast<std::size_t>(s)], r[static_cast<std::size_t>(s)]);
  }
  round_result out;
  for (int s = 0; s < 2; ++s) {
    const auto& mine = r[static_cast<std::size_t>(s)];
    out.losses[s] = mine.losses;
    if (mine.losses > 0 && mine.losses < side[static_cast<std::size_t>(s)].figures)
      out.reaction[s] = combat_test(dice, side[static_cast<std::size_t>(s)], mine, mine.losses,
                                    r[static_cast<std::size_t>(1 - s)].losses);
  }
  return out;
}

// The fixture's two units, as the C++ round reads them.
std::array<unit, 2> fixture_units() {
  unit orcs;
  orcs.name = "Orc infantry";
  orcs.figures = 10;
  orcs.strength = 1;
  orcs.arm = medium;
  orcs.shield = true;
  orcs.attack_orders = true;
  orcs.has_leader = orcs.has_standard = true;
  orcs.musicians = 1;
  orcs.ranks = 2;
  orcs.characters = {{"Gorbag", false, 2, 8}};
  unit dwarves;
  dwarves.name = "Dwarf infantry";
  dwarves.figures = 10;
  dwarves.quality_rank = 3;
  dwarves.quality_mod = 1;
  dwarves.disciplined = true;
  dwarves.arm = heavy;
  dwarves.shield = true;
  dwarves.hold_orders = true;
  dwarves.save = 10;
  dwarves.has_leader = dwarves.has_champion = dwarves.has_standard = true;
  dwarves.ranks = 2;
  dwarves.characters = {{"Grim", true, 2, 7}};
  return {orcs, dwarves};
}

std::string summary(const round_result& r) {
  return std::to_string(r.losses[0]) + "/" + std::to_string(r.losses[1]) + "/" + r.reaction[0] + "/" +
         r.reaction[1];
}

// ---------------------------------------------------------------------------------------
// The Lua side: a copy of the ruleset under a temporary root, with the bench's variant
// installed as a bundled variant, so the JIT policy treats the whole as shipped code.
// ---------------------------------------------------------------------------------------

struct bench_root {
  fs::path path = fs::temp_directory_path() / ("muster-resolve-bench-" + std::to_string(::getpid()));
  bench_root() {
    const fs::path source = muster::runtime_options::default_root() / "scripts";  // MUSTER_ROOT
    const fs::path ruleset = path / "scripts" / "rulesets" / "fantasy_warriors";
    fs::create_directories(ruleset / "variants");
    fs::copy(source / "rulesets" / "fantasy_warriors", ruleset,
             fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    fs::copy(source / "lib", path / "scripts" / "lib", fs::copy_options::recursive);
    fs::copy_file(MUSTER_SOURCE_DIR "/bench/fixtures/resolve_bench_variant.lua",
                  ruleset / "variants" / "resolve_bench.lua", fs::copy_options::overwrite_existing);
  }
  ~bench_root() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  bench_root(const bench_root&) = delete;
  bench_root& operator=(const bench_root&) = delete;
};

const bench_root& root() {
  static const bench_root r;
  return r;
}

struct lua_round {
  muster::kernel k;
  muster::runtime rt;
  lua_round(std::uint64_t seed, muster::execution run, muster::roll_mode mode)
      : k(seed), rt(k, [&] {
          muster::runtime_options o;
          o.root = root().path;
          o.mode = run;
          return o;
        }()) {
    k.dice.set_mode(mode);
    k.log.set_enabled(mode == muster::roll_mode::explain);
    rt.load_ruleset("fantasy_warriors");
    rt.load_variant("resolve_bench");
  }
};

void lua_rounds(benchmark::State& state, muster::execution run, muster::roll_mode mode) {
  lua_round l(1, run, mode);
  const std::string args = "{\"input\": " + round_input() + ", \"n\": " + std::to_string(lua_rounds_per_call) + "}";
  for (auto _ : state) {
    benchmark::DoNotOptimize(l.rt.resolve("bench_rounds", args));
    l.k.log.clear();  // explain mode keeps every roll and choice: a battle's log, not a bench's
    l.k.dice.clear_records();
  }
  state.SetItemsProcessed(state.iterations() * lua_rounds_per_call);
  state.counters["jit"] = l.rt.jit_enabled() ? 1 : 0;
}

void lua_fast_sample(benchmark::State& s) { lua_rounds(s, muster::execution::fast, muster::roll_mode::sample); }
void lua_fast_explain(benchmark::State& s) { lua_rounds(s, muster::execution::fast, muster::roll_mode::explain); }
void lua_counted_sample(benchmark::State& s) { lua_rounds(s, muster::execution::counted, muster::roll_mode::sample); }
void lua_counted_explain(benchmark::State& s) { lua_rounds(s, muster::execution::counted, muster::roll_mode::explain); }
BENCHMARK(lua_fast_sample);
BENCHMARK(lua_fast_explain);
BENCHMARK(lua_counted_sample);
BENCHMARK(lua_counted_explain);

// The round as an odds trial plays it (muster odds combat, docs/decisions/0003): the input
// with combat_tests = true, prepared once (checks, declarations, each throw's modifiers),
// then played per round without a result, the odds key its only output.
const std::string& trial_args() {
  static const std::string text = [] {
    json input = json::parse(round_input());
    input["combat_tests"] = true;
    return json::array({"combat", input}).dump();
  }();
  return text;
}

void lua_trials(benchmark::State& state, muster::execution run) {
  lua_round l(1, run, muster::roll_mode::sample);
  const int call = l.rt.prepare("odds_trial", trial_args());
  for (auto _ : state) benchmark::DoNotOptimize(l.rt.run_prepared(call));
  state.SetItemsProcessed(state.iterations());
  state.counters["jit"] = l.rt.jit_enabled() ? 1 : 0;
}
void lua_trial_fast(benchmark::State& s) { lua_trials(s, muster::execution::fast); }
void lua_trial_counted(benchmark::State& s) { lua_trials(s, muster::execution::counted); }
BENCHMARK(lua_trial_fast);
BENCHMARK(lua_trial_counted);

// As `muster resolve` does it: JSON in, the ruleset, JSON out; then each Combat Test the
// round calls for, from the round's JSON.
void resolve_json(benchmark::State& state, muster::roll_mode mode) {
  muster::kernel k(1);
  muster::runtime rt(k);
  k.dice.set_mode(mode);
  k.log.set_enabled(mode == muster::roll_mode::explain);
  rt.load_ruleset("fantasy_warriors");
  for (auto _ : state) {
    const json r = json::parse(rt.resolve("combat", round_input()));
    for (const auto& u : r["units"])
      if (u["takes_combat_test"].get<bool>()) benchmark::DoNotOptimize(rt.resolve("combat_test", u["combat_test"].dump()));
    k.log.clear();
    k.dice.clear_records();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["jit"] = rt.jit_enabled() ? 1 : 0;
}
void resolve_json_sample(benchmark::State& s) { resolve_json(s, muster::roll_mode::sample); }
void resolve_json_explain(benchmark::State& s) { resolve_json(s, muster::roll_mode::explain); }
BENCHMARK(resolve_json_sample)->Unit(benchmark::kMicrosecond);
BENCHMARK(resolve_json_explain)->Unit(benchmark::kMicrosecond);

void cpp_round(benchmark::State& state) {
  muster::roller dice(1);
  const auto side = fixture_units();
  int losses = 0;
  for (auto _ : state) {
    const round_result r = cpp_round(dice, side);
    losses += r.losses[0] + r.losses[1];
    benchmark::DoNotOptimize(losses);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(cpp_round);

// The odds key of a C++ round, as the trial gives it: winner|losses|losses|reactions.
std::string trial_key(const round_result& r) {
  const char* winner = r.losses[1] > r.losses[0] ? "attacker" : r.losses[0] > r.losses[1] ? "defender" : "-";
  return std::string(winner) + "|" + std::to_string(r.losses[0]) + "|" + std::to_string(r.losses[1]) + "|" +
         r.reaction[0] + "|" + r.reaction[1];
}

// The C++ round must be the ruleset's round: same seed, same losses and reactions, for
// `rounds` rounds in a row (the dice stream runs on from round to round in each), both as
// `resolve` plays it (a full result) and as an odds trial does (a prepared plan, no result).
bool same_rounds(int rounds) {
  lua_round full(42, muster::execution::fast, muster::roll_mode::sample);
  lua_round lean(42, muster::execution::fast, muster::roll_mode::sample);
  const int call = lean.rt.prepare("odds_trial", trial_args());
  muster::roller dice(42);
  const auto side = fixture_units();
  const std::string args = "{\"input\": " + round_input() + "}";
  for (int i = 0; i < rounds; ++i) {
    const std::string lua = json::parse(full.rt.resolve("bench_round", args))["summary"].get<std::string>();
    const std::string trial = lean.rt.run_prepared(call);
    const round_result r = cpp_round(dice, side);
    const std::string cpp = summary(r);
    if (lua != cpp || trial != trial_key(r)) {
      std::fprintf(stderr, "resolve_bench: round %d: the ruleset gives %s (trial %s), the C++ round %s (%s)\n", i + 1,
                   lua.c_str(), trial.c_str(), cpp.c_str(), trial_key(r).c_str());
      return false;
    }
  }
  std::fprintf(stderr, "resolve_bench: the C++ round matches the ruleset and its odds trial on %d rounds (seed 42)\n",
               rounds);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (!same_rounds(2000)) return 1;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
