// Exact odds for the dice service: roller::enumerate (re-execution over a branch stack),
// roller::sample (Monte Carlo frequencies) and the outcome list of each dice operation.
// Only +, -, *, / on doubles in a fixed order (no pow, log or lgamma), so the same outcome
// lists and probabilities come out on every machine.
#include "dice_enumerate.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "muster/error.hpp"

namespace muster {

namespace {

/// What a dice operation looks like in messages: "count 3D6", "sum 2D6+1".
std::string describe(const dice_branch_key& key) {
  return fmt::format("{} {}", op_name(key.op),
                     fmt_dice(dice_expr{key.count, key.sides, key.modifier}));
}

/// x^n by repeated multiplication (deterministic, unlike std::pow).
double ipow(double x, int n) {
  double r = 1.0;
  for (int i = 0; i < n; ++i) r *= x;
  return r;
}

[[noreturn]] void too_many(const dice_branch_key& key, std::size_t limit) {
  fail("enumeration: {} has more than {} outcomes (raise max_runs or sample instead)",
       describe(key), limit);
}

/// Divides every probability by their sum (compensated, in order), so that a list of 10^5
/// small terms still sums to 1 within a few ulps.
void normalise(dice_outcomes& out) {
  compensated_sum total;
  for (const double p : out.p) total.add(p);
  for (double& p : out.p) p /= total.sum;
}

/// Appends one outcome when its probability is not zero (underflow drops impossible tails).
void add_outcome(dice_outcomes& out, double p, std::initializer_list<int> values) {
  if (!(p > 0.0)) return;
  out.p.push_back(p);
  out.values.insert(out.values.end(), values.begin(), values.end());
}

/// Compositions (k_1..k_m) of n dice over m categories with weights w (out of their sum) and
/// their multinomial probabilities, as products of conditional binomials
/// Binom(n - k_1 - ... - k_{j-1}, q_j) with q_j = w_j / (w_j + ... + w_m). The binomial
/// rows come from Pascal-style recurrences, so no term overflows and tiny ones underflow to
/// 0 (and are skipped). Calls visit(used, p) for each composition with p > 0, where `used`
/// lists the categories with k_j > 0 as (j, k_j), j ascending; once no dice are left the
/// remaining categories take 0 with probability 1, so a composition costs only its prefix.
class multinomial {
 public:
  using part = std::pair<std::size_t, int>;

  /// The tables' memory and work are charged to `meter` (and their memory given back when
  /// the multinomial goes).
  multinomial(int n, std::vector<int> weights, work_meter& meter)
      : n_(n), weights_(std::move(weights)), held_(meter), work_(meter) {
    const std::size_t m = weights_.size();
    int rest = 0;
    for (const int w : weights_) rest += w;
    const std::size_t entries = row_start(n_ + 1) * (m > 0 ? m - 1 : 0);
    work_.add(static_cast<std::uint32_t>(std::min<std::size_t>(entries, 1u << 30)));
    work_.flush();
    held_.add(entries * sizeof(double));
    tables_.resize(m > 0 ? m - 1 : 0);
    for (std::size_t j = 0; j + 1 < m; ++j) {
      const double q = static_cast<double>(weights_[j]) / static_cast<double>(rest);
      rest -= weights_[j];
      build_table(tables_[j], q);
    }
  }

  /// Number of compositions, C(n + m - 1, m - 1), saturated above `cap`.
  static double compositions(int n, std::size_t m, double cap) {
    double c = 1.0;
    for (std::size_t i = 1; i < m; ++i) {
      c = c * static_cast<double>(n + static_cast<int>(i)) / static_cast<double>(i);
      if (c > cap) return c;
    }
    return c;
  }

  template <typename Visit>
  void each(Visit&& visit) {
    if (weights_.empty()) return;
    walk(0, n_, 1.0, visit);
    work_.flush();
  }

 private:
  // table[r][k] = C(r, k) q^k (1-q)^(r-k) for 0 <= k <= r <= n, stored row after row.
  void build_table(std::vector<double>& table, double q) const {
    table.assign(static_cast<std::size_t>(n_ + 1) * static_cast<std::size_t>(n_ + 2) / 2, 0.0);
    table[0] = 1.0;
    for (int r = 1; r <= n_; ++r) {
      const std::size_t row = row_start(r);
      const std::size_t prev = row_start(r - 1);
      for (int k = 0; k <= r; ++k) {
        const double stay = k < r ? table[prev + static_cast<std::size_t>(k)] * (1.0 - q) : 0.0;
        const double move = k > 0 ? table[prev + static_cast<std::size_t>(k - 1)] * q : 0.0;
        table[row + static_cast<std::size_t>(k)] = stay + move;
      }
    }
  }
  static std::size_t row_start(int r) {
    return static_cast<std::size_t>(r) * static_cast<std::size_t>(r + 1) / 2;
  }

  template <typename Visit>
  void walk(std::size_t j, int left, double p, Visit& visit) {
    work_.tick();
    if (left == 0) {
      visit(std::as_const(used_), p);
      return;
    }
    if (j + 1 == weights_.size()) {
      used_.emplace_back(j, left);
      visit(std::as_const(used_), p);
      used_.pop_back();
      return;
    }
    const std::vector<double>& table = tables_[j];
    for (int k = left; k >= 0; --k) {
      const double pk = p * table[row_start(left) + static_cast<std::size_t>(k)];
      if (!(pk > 0.0)) continue;
      if (k > 0) used_.emplace_back(j, k);
      walk(j + 1, left - k, pk, visit);
      if (k > 0) used_.pop_back();
    }
  }

  int n_;
  std::vector<int> weights_;
  held_memory held_;
  work_ticker work_;
  std::vector<std::vector<double>> tables_;
  std::vector<part> used_;
};

/// Counts the memory of an outcome list of `outcomes` outcomes of `stride` values before it
/// is built (against `held`, kept for as long as the enumeration keeps the list).
void hold_outcomes(held_memory& held, double outcomes, std::size_t stride) {
  held.add(static_cast<std::size_t>(outcomes) * (stride * sizeof(int) + sizeof(double)));
}

/// roll: sorted multisets of faces (highest first) with total = sum + modifier.
dice_outcomes roll_outcomes(const dice_branch_key& key, std::size_t limit, held_memory& held) {
  dice_outcomes out;
  out.stride = static_cast<std::size_t>(key.count) + 1;
  const auto sides = static_cast<std::size_t>(key.sides);
  const double outcomes = multinomial::compositions(key.count, sides, static_cast<double>(limit));
  if (outcomes > static_cast<double>(limit)) too_many(key, limit);
  hold_outcomes(held, outcomes, out.stride);
  // Category j is face sides - j, so compositions come out highest faces first.
  work_ticker work(held.meter());
  multinomial m(key.count, std::vector<int>(sides, 1), held.meter());
  std::vector<int> row(out.stride);
  m.each([&](const std::vector<multinomial::part>& used, double p) {
    work.add(static_cast<std::uint32_t>(1 + out.stride / 16));
    std::size_t at = 1;
    int total = key.modifier;
    for (const auto& [j, k] : used) {
      const int face = key.sides - static_cast<int>(j);
      for (int i = 0; i < k; ++i) row[at++] = face;
      total += face * k;
    }
    row[0] = total;
    out.p.push_back(p);
    out.values.insert(out.values.end(), row.begin(), row.end());
  });
  work.flush();
  return out;
}

/// sum: the distinct totals, by convolving one die at a time (direct sums, no prefix-sum
/// cancellation, so small tail probabilities stay accurate).
dice_outcomes sum_outcomes(const dice_branch_key& key, std::size_t limit, held_memory& held) {
  const auto n = static_cast<double>(key.count);
  const auto x = static_cast<double>(key.sides);
  if (n * (x - 1) + 1 > static_cast<double>(limit)) too_many(key, limit);
  if (n * n * x * x / 2 > 2e9)
    fail("enumeration: {} is too costly to convolve exactly (sample instead)", describe(key));
  const double outcomes = n * (x - 1) + 1;
  hold_outcomes(held, outcomes, 1);
  held_memory scratch(held.meter());  // dist and next
  scratch.add(2 * static_cast<std::size_t>(outcomes) * sizeof(double));
  work_meter& meter = held.meter();
  std::vector<double> dist{1.0};  // dist[i]: P(sum of dice so far == dice so far + i)
  std::vector<double> next;
  const double per_face = 1.0 / x;
  for (int d = 0; d < key.count; ++d) {
    meter.charge((dist.size() + static_cast<std::size_t>(key.sides)) *
                 std::min(dist.size(), static_cast<std::size_t>(key.sides)));
    next.assign(dist.size() + static_cast<std::size_t>(key.sides) - 1, 0.0);
    for (std::size_t i = 0; i < next.size(); ++i) {
      double s = 0.0;
      const std::size_t lo = i + 1 >= static_cast<std::size_t>(key.sides)
                                 ? i + 1 - static_cast<std::size_t>(key.sides)
                                 : 0;
      const std::size_t hi = std::min(i, dist.size() - 1);
      for (std::size_t k = lo; k <= hi; ++k) s += dist[k];
      next[i] = s * per_face;
    }
    dist.swap(next);
  }
  dice_outcomes out;
  for (std::size_t i = 0; i < dist.size(); ++i)
    add_outcome(out, dist[i], {key.count + static_cast<int>(i) + key.modifier});
  return out;
}

/// A test of a sum (sum with `under` set): how many of key.times throws beat key.target. One
/// throw: two outcomes, 1 and 0, each with the summed probability of its totals (an
/// impossible one dropped); several: the binomial of the passes, from the same probability
/// by Pascal's recurrence (no pow), most passes first.
dice_outcomes test_outcomes(const dice_branch_key& key, std::size_t limit, held_memory& held) {
  held_memory totals_memory(held.meter());  // the totals go once the test is counted
  const dice_outcomes totals = sum_outcomes(key, limit, totals_memory);
  compensated_sum above, rest;
  for (std::size_t i = 0; i < totals.size(); ++i) (totals.values[i] > key.target ? above : rest).add(totals.p[i]);
  dice_outcomes out;
  if (key.times == 1) {
    add_outcome(out, rest.sum, {0});
    add_outcome(out, above.sum, {1});
    return out;
  }
  if (static_cast<std::size_t>(key.times) + 1 > limit) too_many(key, limit);
  hold_outcomes(held, key.times + 1, 1);
  held.meter().charge(static_cast<std::uint64_t>(key.times) * static_cast<std::uint64_t>(key.times));
  std::vector<double> row{1.0}, next;  // row[k]: P(k passes) after the throws so far
  for (int t = 0; t < key.times; ++t) {
    next.assign(row.size() + 1, 0.0);
    for (std::size_t k = 0; k < row.size(); ++k) {
      next[k] += row[k] * rest.sum;
      next[k + 1] += row[k] * above.sum;
    }
    row.swap(next);
  }
  for (std::size_t k = row.size(); k-- > 0;) add_outcome(out, row[k], {static_cast<int>(k)});
  return out;
}

/// highest / lowest: P(max = k) = (k/X)^n - ((k-1)/X)^n, and the mirror image for min.
dice_outcomes extreme_outcomes(const dice_branch_key& key, held_memory& held) {
  hold_outcomes(held, key.sides, 1);
  held.meter().charge(static_cast<std::uint64_t>(key.sides) * static_cast<std::uint64_t>(key.count));
  dice_outcomes out;
  const auto x = static_cast<double>(key.sides);
  for (int k = 1; k <= key.sides; ++k) {
    double p = 0.0;
    if (key.op == roll_op::highest)
      p = ipow(k / x, key.count) - ipow((k - 1) / x, key.count);
    else
      p = ipow((key.sides - k + 1) / x, key.count) - ipow((key.sides - k) / x, key.count);
    add_outcome(out, p, {k + key.modifier});
  }
  return out;
}

/// count with `tally`: the binomial of the successes alone (n + 1 outcomes at most), the
/// naturals deciding their faces as in count_outcomes and reported as 0.
dice_outcomes tally_outcomes(const dice_branch_key& key, held_memory& held) {
  hold_outcomes(held, key.count + 1, 3);
  int passing = 0;
  for (int face = 1; face <= key.sides; ++face) {
    bool pass = false;
    if (key.natural_max && face == key.sides) pass = !key.under;
    else if (key.natural_min && face == 1) pass = key.under;
    else pass = key.under ? face + key.modifier <= key.target : face + key.modifier >= key.target;
    passing += pass ? 1 : 0;
  }
  std::vector<int> weights;
  if (passing > 0) weights.push_back(passing);
  if (passing < key.sides) weights.push_back(key.sides - passing);
  dice_outcomes out;
  out.stride = 3;
  multinomial m(key.count, weights, held.meter());
  m.each([&](const std::vector<multinomial::part>& used, double p) {
    int successes = 0;
    for (const auto& [j, k] : used)
      if (j == 0 && passing > 0) successes = k;
    add_outcome(out, p, {successes, 0, 0});
  });
  return out;
}

/// count: the multinomial over the categories the spec distinguishes: tracked natural max,
/// tracked natural 1, other faces that succeed, other faces that fail.
dice_outcomes count_outcomes(const dice_branch_key& key, std::size_t limit, held_memory& held) {
  if (key.tally) return tally_outcomes(key, held);
  enum kind { nat_max, nat_min, pass, miss };
  std::vector<int> weights;
  std::vector<kind> kinds;
  auto add = [&](kind k, int w) {
    if (w > 0) {
      weights.push_back(w);
      kinds.push_back(k);
    }
  };
  int passing = 0;
  int failing = 0;
  for (int face = 1; face <= key.sides; ++face) {
    if ((key.natural_max && face == key.sides) || (key.natural_min && face == 1)) continue;
    const int value = face + key.modifier;
    ((key.under ? value <= key.target : value >= key.target) ? passing : failing) += 1;
  }
  add(nat_max, key.natural_max ? 1 : 0);
  add(nat_min, key.natural_min ? 1 : 0);
  add(pass, passing);
  add(miss, failing);
  const double outcomes = multinomial::compositions(key.count, weights.size(), static_cast<double>(limit));
  if (outcomes > static_cast<double>(limit)) too_many(key, limit);
  hold_outcomes(held, outcomes, 3);
  dice_outcomes out;
  out.stride = 3;
  multinomial m(key.count, weights, held.meter());
  m.each([&](const std::vector<multinomial::part>& used, double p) {
    int successes = 0;
    int maxes = 0;
    int mins = 0;
    for (const auto& [j, k] : used) {
      switch (kinds[j]) {
        case nat_max:
          maxes = k;
          if (!key.under) successes += k;
          break;
        case nat_min:
          mins = k;
          if (key.under) successes += k;
          break;
        case pass: successes += k; break;
        case miss: break;
      }
    }
    add_outcome(out, p, {successes, maxes, mins});
  });
  return out;
}

}  // namespace

dice_outcomes build_dice_outcomes(const dice_branch_key& key, std::size_t max_outcomes, held_memory& held) {
  dice_outcomes out;
  if (key.count == 0) {
    // Zero dice: one certain outcome (roll: total = modifier; sum likewise; count: nothing).
    out.stride = key.op == roll_op::count ? 3 : 1;
    out.p.push_back(1.0);
    if (key.op == roll_op::count)
      out.values = {0, 0, 0};
    else
      out.values = {key.under ? (key.modifier > key.target ? key.times : 0) : key.modifier};
    return out;
  }
  if (key.times == 0) {  // count_above with no throws: nothing passes
    out.p.push_back(1.0);
    out.values = {0};
    return out;
  }
  switch (key.op) {
    case roll_op::roll: out = roll_outcomes(key, max_outcomes, held); break;
    case roll_op::sum:
      out = key.under ? test_outcomes(key, max_outcomes, held) : sum_outcomes(key, max_outcomes, held);
      break;
    case roll_op::highest:
    case roll_op::lowest: out = extreme_outcomes(key, held); break;
    case roll_op::count: out = count_outcomes(key, max_outcomes, held); break;
  }
  if (out.size() > max_outcomes) too_many(key, max_outcomes);
  held.meter().charge(out.size());
  normalise(out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The branch stack

namespace {

/// The most (outcome, probability) pairs the explored merge points may hold (about 64 MB).
constexpr std::size_t max_merge_entries = std::size_t{1} << 22;
/// The longest merge key.
constexpr std::size_t max_merge_key = 4096;
/// What a map entry or a vector's string costs beyond its text (counted against the memory
/// budget with it): about a node and a string header.
constexpr std::size_t entry_overhead = 96;

[[noreturn]] void stop_run() { throw merge_stop(); }

}  // namespace

const int* roller::enumeration::branch(const dice_branch_key& key) {
  if (stopped) stop_run();  // a script caught the stop and threw again: keep stopping
  if (depth < stack.size()) {
    const level& l = stack[depth];
    if (l.key != key)
      fail("enumeration: the run is not repeatable: dice operation {} was {} in an earlier run "
           "and is {} now (a run must depend only on its dice)",
           depth + 1, describe(l.key), describe(key));
  } else {
    auto cached = cache.find(key);
    if (cached == cache.end()) {
      std::shared_ptr<const dice_outcomes> outcomes;
      try {
        outcomes = std::make_shared<const dice_outcomes>(build_dice_outcomes(key, max_runs, memory));
      } catch (const error&) {
        over_budget = true;  // too many outcomes, or too costly to list
        throw;
      }
      cached = cache.emplace(key, std::move(outcomes)).first;
    }
    stack.push_back(level{key, cached->second, 0});
  }
  const level& l = stack[depth++];
  p *= l.outcomes->p[l.index];
  return l.outcomes->values.data() + l.index * l.outcomes->stride;
}

void roller::enumeration::finish_run() const {
  if (depth < stack.size())
    fail("enumeration: the run is not repeatable: it stopped after {} dice operations where "
         "an earlier run made at least {} (a run must depend only on its dice)",
         depth, stack.size());
}

bool roller::enumeration::advance() {
  while (!stack.empty()) {
    // Level `stack.size() - 1` changes next: every point after it has been explored.
    while (!open.empty() && open.back().depth >= stack.size()) close_point();
    level& top = stack.back();
    if (++top.index < top.outcomes->size()) return true;
    stack.pop_back();
  }
  while (!open.empty()) close_point();
  return false;
}

double roller::enumeration::path_p(std::size_t from, std::size_t to) const noexcept {
  double q = 1.0;
  for (std::size_t i = from; i < to; ++i) q *= stack[i].outcomes->p[stack[i].index];
  return q;
}

std::size_t roller::enumeration::outcome_id(const std::string& outcome) {
  meter.charge(1 + outcome.size() / 16);
  const auto found = ids.find(outcome);
  if (found != ids.end()) return found->second;
  memory.add(2 * outcome.size() + entry_overhead);  // in names and in ids
  names.push_back(outcome);
  return ids.emplace(outcome, names.size() - 1).first->second;
}

bool roller::enumeration::merge(std::string_view key) {
  if (stopped) stop_run();
  if (points_met < open.size()) {  // replaying the prefix: the same points, in order
    const open_point& o = open[points_met];
    if (o.key != key || o.depth != depth)
      fail("enumeration: the run is not repeatable: merge point {} was \"{}\" after {} dice "
           "operations in an earlier run and is \"{}\" after {} now",
           points_met + 1, cut_echo(o.key), o.depth, cut_echo(key), depth);
    ++points_met;
    return false;
  }
  if (depth < stack.size())
    fail("enumeration: the run is not repeatable: a new merge point after {} dice operations "
         "where an earlier run made at least {}", depth, stack.size());
  meter.charge(1 + open.size() + key.size() / 16);
  for (const open_point& o : open)
    if (o.key == key) fail("enumeration: merge key \"{}\" met twice in one run", cut_echo(key));
  const auto found = done.find(key);
  if (found != done.end()) {
    stopped = true;
    stopped_at = &found->second;
    stopped_depth = depth;
    return true;
  }
  memory.add(key.size() + entry_overhead);  // kept in `done` once explored
  open.push_back(open_point{std::string(key), depth, path_p(target_depth(), depth), {}});
  ++points_met;
  return false;
}

bool roller::enumeration::merge_replayed() {
  if (stopped) stop_run();
  if (points_met >= open.size()) return false;
  const open_point& o = open[points_met];
  if (o.depth != depth)
    fail("enumeration: the run is not repeatable: merge point {} came after {} dice operations "
         "in an earlier run and after {} now", points_met + 1, o.depth, depth);
  ++points_met;
  return true;
}

void roller::enumeration::add_at(std::vector<compensated_sum>& acc, std::size_t id, double q) {
  if (acc.size() <= id) {
    memory.add((id + 1 - acc.size()) * sizeof(compensated_sum));
    acc.resize(id + 1);
  }
  acc[id].add(q);
}

void roller::enumeration::credit(const std::string& outcome) {
  const std::size_t id = outcome_id(outcome);
  meter.charge(1 + depth - target_depth());
  add_at(target_acc(), id, path_p(target_depth(), depth));
}

void roller::enumeration::credit_stop() {
  ++merged_runs;
  meter.charge(1 + stopped_depth - target_depth() + stopped_at->size());
  const double q = path_p(target_depth(), stopped_depth);
  auto& acc = target_acc();
  for (const auto& [id, q_id] : *stopped_at) add_at(acc, id, q * q_id);
}

void roller::enumeration::close_point() {
  open_point& o = open.back();
  meter.charge(1 + o.acc.size());
  std::size_t entries = 0;
  for (const compensated_sum& c : o.acc) entries += c.sum > 0.0 ? 1 : 0;
  done_entries += entries;
  if (done_entries > max_merge_entries) {
    over_budget = true;
    fail("enumeration: its merge points hold more than {} outcomes (sample instead)",
         max_merge_entries);
  }
  memory.add(entries * sizeof(distribution::value_type));
  distribution d;
  d.reserve(entries);
  for (std::size_t id = 0; id < o.acc.size(); ++id)
    if (o.acc[id].sum > 0.0) d.emplace_back(id, o.acc[id].sum);
  const double p_from_parent = o.p_from_parent;
  std::string key = std::move(o.key);
  memory.release(o.acc.size() * sizeof(compensated_sum));
  open.pop_back();
  auto& parent = target_acc();
  for (const auto& [id, q_id] : d) add_at(parent, id, p_from_parent * q_id);
  done.emplace(std::move(key), std::move(d));
}

std::vector<outcome_odds> roller::enumeration::result() {
  compensated_sum total;
  std::vector<outcome_odds> out;
  for (const auto& [outcome, id] : ids) {  // sorted by outcome
    if (id >= root.size() || !(root[id].sum > 0.0)) continue;
    total.add(root[id].sum);
    out.push_back(outcome_odds{outcome, root[id].sum});
  }
  if (std::fabs(total.sum - 1.0) > 1e-12)
    fail("enumeration: probabilities sum to {:.17g}, not 1 (a kernel bug)", total.sum);
  return out;
}

// ---------------------------------------------------------------------------------------------
// roller::enumerate and roller::sample

std::vector<outcome_odds> roller::enumerate(const std::function<std::string()>& run_once,
                                            std::size_t max_runs) {
  check_analysis_free("enumerate");
  if (max_runs == 0) fail("max_runs must be at least 1");
  enumeration e(max_runs, *meter_);
  // Leaves the roller as it was, also when run_once or a dice operation throws.
  struct restore {
    roller& r;
    roll_mode mode;
    const enumeration& e;
    ~restore() {
      r.mode_ = mode;
      r.enumeration_ = nullptr;
      r.last_faces_ = {};
      r.over_budget_ = e.over_budget;
    }
  } restore_on_exit{*this, mode_, e};
  mode_ = roll_mode::enumerate;
  enumeration_ = &e;

  stats_ = {};
  std::size_t runs = 0;
  do {
    if (runs == max_runs) {
      e.over_budget = true;
      fail("enumeration needs more than {} runs (raise max_runs or sample instead)", max_runs);
    }
    ++runs;
    stats_.runs = runs;
    e.start_run();
    std::string outcome;
    try {
      outcome = run_once();
    } catch (...) {
      if (!e.stopped) throw;  // a stop at a merge point unwinds the run; anything else is real
    }
    try {
      if (e.stopped) {
        e.credit_stop();  // whatever the run returned after a caught stop does not count
      } else {
        e.finish_run();
        e.credit(outcome);
      }
      stats_.merged_runs = e.merged_runs;
      if (!e.advance()) break;
    } catch (const budget_error&) {
      e.over_budget = true;  // the enumeration's own memory or work: a caller may sample instead
      throw;
    }
  } while (true);
  stats_.merge_points = e.done.size();
  return e.result();
}

bool roller::merge_replayed() {
  return mode_ == roll_mode::enumerate && enumeration_->merge_replayed();
}

bool roller::merge_stops(std::string_view key) {
  if (key.empty()) fail("dice merge: the key is empty");
  if (key.size() > max_merge_key)
    fail("dice merge: the key has {} bytes (at most {})", key.size(), max_merge_key);
  return mode_ == roll_mode::enumerate && enumeration_->merge(key);
}

void roller::merge(std::string_view key) {
  if (merge_stops(key)) throw merge_stop();
}

std::vector<outcome_odds> roller::sample(const std::function<std::string()>& run_once,
                                         std::size_t runs) {
  check_analysis_free("sample");
  if (runs == 0) fail("runs must be at least 1");
  struct restore {
    roller& r;
    roll_mode mode;
    ~restore() {
      r.mode_ = mode;
      r.sampling_ = false;
    }
  } restore_on_exit{*this, mode_};
  mode_ = roll_mode::sample;
  sampling_ = true;

  std::map<std::string, std::size_t> counts;
  held_memory memory(*meter_);  // the outcome texts
  for (std::size_t i = 0; i < runs; ++i) {
    std::string outcome = run_once();
    meter_->charge(1 + outcome.size() / 16);
    const auto found = counts.find(outcome);
    if (found != counts.end()) {
      ++found->second;
      continue;
    }
    memory.add(outcome.size() + entry_overhead);
    counts.emplace(std::move(outcome), 1);
  }

  std::vector<outcome_odds> result;
  result.reserve(counts.size());
  for (const auto& [outcome, n] : counts)
    result.push_back(outcome_odds{outcome, static_cast<double>(n) / static_cast<double>(runs)});
  return result;
}

}  // namespace muster
