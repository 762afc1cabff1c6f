// Private to the dice service: the branch stack behind roller::enumerate and the exact
// outcome lists of each dice operation (dice_enumerate.cpp). Included by dice*.cpp only.
#pragma once

#include <compare>
#include <cstddef>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

#include "muster/dice.hpp"

namespace muster {

/// What identifies a dice operation for branching: equal keys have equal outcome lists, and a
/// repeated run must meet the same keys in the same order.
struct dice_branch_key {
  roll_op op;
  int count;
  int sides;
  int modifier;
  int target;
  bool under;
  bool natural_max;
  bool natural_min;
  auto operator<=>(const dice_branch_key&) const = default;
};

/// The outcomes of one operation: outcome i has probability p[i] > 0 and the values
/// values[i*stride .. i*stride+stride): total (roll: then the faces, highest first), the
/// result (sum/highest/lowest), or successes, natural_max, natural_min (count).
struct dice_outcomes {
  std::size_t stride = 1;
  std::vector<double> p;
  std::vector<int> values;
  std::size_t size() const noexcept { return p.size(); }
};

/// Builds the outcome list of `key`; throws muster::error when it has more than max_outcomes
/// outcomes or costs too much to compute. Probabilities are normalised to sum to 1.
dice_outcomes build_dice_outcomes(const dice_branch_key& key, std::size_t max_outcomes);

struct roller::enumeration {
  struct level {
    dice_branch_key key;
    std::shared_ptr<const dice_outcomes> outcomes;
    std::size_t index = 0;
  };

  explicit enumeration(std::size_t limit) : max_runs(limit) {}

  /// Set when the enumeration stops for its budget (runs or outcomes beyond max_runs).
  bool over_budget = false;

  /// Returns the values of the outcome the current run takes at its next dice operation,
  /// pushing a new level when the run goes deeper than any before; multiplies p.
  const int* branch(const dice_branch_key& key);
  /// Starts a run from the bottom of the stack.
  void start_run() noexcept {
    depth = 0;
    p = 1.0;
  }
  /// Checks that the run went at least as deep as the stack (repeatability).
  void finish_run() const;
  /// Moves to the next combination depth-first; false when all are done.
  bool advance() noexcept;

  std::vector<level> stack;
  std::map<dice_branch_key, std::shared_ptr<const dice_outcomes>> cache;
  std::size_t depth = 0;
  double p = 1.0;
  std::size_t max_runs;
};

}  // namespace muster
