// Private to the dice service: the branch stack behind roller::enumerate and the exact
// outcome lists of each dice operation (dice_enumerate.cpp). Included by dice*.cpp only.
#pragma once

#include <compare>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "muster/dice.hpp"

namespace muster {

/// What identifies a dice operation for branching: equal keys have equal outcome lists, and a
/// repeated run must meet the same keys in the same order. A sum with `under` set is a test
/// (roller::roll_above): it branches only on whether the total beats `target`, or, `times`
/// throws of it (roller::count_above), on how many do. A count with `tally` set branches only
/// on its successes (count_spec::tally).
struct dice_branch_key {
  roll_op op;
  int count;
  int sides;
  int modifier;
  int target;
  bool under;
  bool natural_max;
  bool natural_min;
  bool tally = false;
  int times = 1;
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
/// outcomes or costs too much to compute. Probabilities are normalised to sum to 1. The work
/// is charged to held's meter, and the list's memory added to `held` (budget_error when a
/// budget runs out).
dice_outcomes build_dice_outcomes(const dice_branch_key& key, std::size_t max_outcomes, held_memory& held);

/// Kahan-compensated accumulator: run probabilities differ by many orders of magnitude.
struct compensated_sum {
  double sum = 0.0;
  double carry = 0.0;
  void add(double x) {
    const double y = x - carry;
    const double t = sum + y;
    carry = (t - sum) - y;
    sum = t;
  }
};

struct roller::enumeration {
  struct level {
    dice_branch_key key;
    std::shared_ptr<const dice_outcomes> outcomes;
    std::size_t index = 0;
  };

  /// `meter` is charged the work of the enumeration itself and holds its memory (the outcome
  /// lists, explored merge points, outcome texts), given back when it ends.
  enumeration(std::size_t limit, work_meter& m) : max_runs(limit), meter(m), memory(m) {}

  /// A merge point on the current path whose continuation is being explored: its key, how
  /// many dice operations come before it, the probability of the operations between the
  /// enclosing point (or the start) and it, and the outcome distribution found below it so
  /// far (indexed by outcome id).
  struct open_point {
    std::string key;
    std::size_t depth = 0;
    double p_from_parent = 1.0;
    std::vector<compensated_sum> acc;
  };
  /// A merge point fully explored: its outcome distribution, as (outcome id, probability).
  using distribution = std::vector<std::pair<std::size_t, double>>;

  /// Set when the enumeration stops for its budget (runs or outcomes beyond max_runs).
  bool over_budget = false;

  /// Returns the values of the outcome the current run takes at its next dice operation,
  /// pushing a new level when the run goes deeper than any before; multiplies p.
  const int* branch(const dice_branch_key& key);
  /// Starts a run from the bottom of the stack.
  void start_run() noexcept {
    depth = 0;
    p = 1.0;
    points_met = 0;
    stopped = false;
    stopped_at = nullptr;
  }
  /// Checks that the run went at least as deep as the stack (repeatability).
  void finish_run() const;
  /// Moves to the next combination depth-first, closing the merge points whose continuation
  /// has been explored; false when all are done.
  bool advance();

  /// roller::merge in enumerate mode: matches a point of the replayed prefix, opens a new
  /// one, or stops the run at one already explored (sets `stopped` and returns true).
  bool merge(std::string_view key);
  /// roller::merge_replayed in enumerate mode.
  bool merge_replayed();
  /// Adds a finished run's outcome to the innermost open point (or the result).
  void credit(const std::string& outcome);
  /// Adds a run stopped at an explored point: that point's distribution, weighted.
  void credit_stop();
  /// The outcome distribution of the whole enumeration, sorted by outcome.
  std::vector<outcome_odds> result();

  /// Adds p to acc[id], growing acc (its memory counted).
  void add_at(std::vector<compensated_sum>& acc, std::size_t id, double q);
  /// The id of outcome text `outcome`, interned.
  std::size_t outcome_id(const std::string& outcome);
  /// The product of the branch probabilities of the current path's levels [from, to).
  double path_p(std::size_t from, std::size_t to) const noexcept;
  /// Closes the innermost open point: its distribution is known; credits it to its parent.
  void close_point();
  /// The accumulator credits go to now: the innermost open point's, else the result's.
  std::vector<compensated_sum>& target_acc() noexcept { return open.empty() ? root : open.back().acc; }
  std::size_t target_depth() const noexcept { return open.empty() ? 0 : open.back().depth; }

  std::vector<open_point> open;
  std::map<std::string, distribution, std::less<>> done;
  std::size_t done_entries = 0;                ///< pairs held in `done` (the memory budget)
  std::vector<compensated_sum> root;           ///< the result, by outcome id
  std::map<std::string, std::size_t, std::less<>> ids;
  std::vector<std::string> names;              ///< outcome texts by id
  std::size_t points_met = 0;                  ///< merge points met by the current run
  bool stopped = false;                        ///< the current run stopped at an explored point
  const distribution* stopped_at = nullptr;
  std::size_t stopped_depth = 0;
  std::size_t merged_runs = 0;

  std::vector<level> stack;
  std::map<dice_branch_key, std::shared_ptr<const dice_outcomes>> cache;
  std::size_t depth = 0;
  double p = 1.0;
  std::size_t max_runs;
  work_meter& meter;
  held_memory memory;
};

}  // namespace muster
