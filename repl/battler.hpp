// A runtime that plays whole battles bot against bot, as fast as it can: the engine of
// `muster sweep` (one battler per configuration and thread) and of bench/battle_bench.cpp.
// Its own kernel and runtime in fast mode, nothing logged, sample dice, the modules loaded and
// the REPL's library installed once, a battle set up per seed.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "muster/dice.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace muster::cli {

/// How one battle ended, in the battle's side order.
struct battle_outcome {
  std::string winner;  ///< a side, or "-"
  std::int64_t score_a = 0;
  std::int64_t score_b = 0;
  std::int64_t turns = 0;
};

class battler {
 public:
  /// Loads `ruleset` with `variants` and `options` (as load_modules takes them); `setup` is the
  /// battle's options as Lua source (battle_setup). Throws what loading throws.
  battler(const std::string& ruleset, const std::vector<std::string>& variants, const std::vector<std::string>& options,
          std::string setup);

  /// Plays the battle of seed stream (seed, index) to its end.
  battle_outcome play(std::uint64_t seed, std::uint64_t index);
  /// The battle's two sides, in its order (asked once, after the first battle).
  const std::pair<std::string, std::string>& sides();
  runtime& rt() noexcept { return rt_; }

 private:
  kernel k_;
  runtime rt_;
  seeded_source* source_ = nullptr;
  std::string setup_;
  std::pair<std::string, std::string> sides_;
};

}  // namespace muster::cli
