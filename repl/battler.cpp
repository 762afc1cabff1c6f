// See battler.hpp.
#include "battler.hpp"

#include <chrono>
#include <memory>
#include <sstream>

#include "battle.hpp"
#include "lua_text.hpp"
#include "modules.hpp"
#include "repl.hpp"

namespace muster::cli {
namespace {

runtime_options fast() {
  runtime_options o;
  o.mode = execution::fast;
  o.time_budget = std::chrono::milliseconds(10'000);  // one turn of one battle
  return o;
}

}  // namespace

battler::battler(const std::string& ruleset, const std::vector<std::string>& variants,
                 const std::vector<std::string>& options, std::string setup)
    : rt_(k_, fast()), setup_(std::move(setup)) {
  load_modules(rt_, ruleset, variants, options);
  install_helpers(rt_);
  k_.log.set_enabled(false);
  k_.dice.set_mode(roll_mode::sample);
  auto source = std::make_unique<seeded_source>();
  source_ = source.get();
  k_.dice.set_source(std::move(source));
}

battle_outcome battler::play(std::uint64_t seed, std::uint64_t index) {
  source_->generator() = rng::stream(seed, index);
  eval_battle(rt_, "repl.battle_start(" + setup_ + ")");
  while (eval_battle(rt_, "repl.battle_outcome()").empty()) eval_battle(rt_, "repl.battle_turn()");
  std::istringstream line(eval_battle(rt_, "repl.battle_result()"));
  battle_outcome out;
  line >> out.winner >> out.score_a >> out.score_b >> out.turns;
  return out;
}

const std::pair<std::string, std::string>& battler::sides() {
  if (sides_.first.empty()) {
    std::istringstream s(unquote(rt_.eval("repl.battle.sides[1] .. ' ' .. repl.battle.sides[2]", "sweep")));
    s >> sides_.first >> sides_.second;
  }
  return sides_;
}

}  // namespace muster::cli
