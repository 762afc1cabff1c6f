// The odds lab: the outcome distribution of one rules procedure on one input, exact by
// enumeration when it fits a run budget, otherwise Monte Carlo until every reported
// probability's 95% interval is within the asked precision; and the difference between two
// configurations on common random numbers. Trial t always rolls the dice stream
// rng::stream(seed, t), so a seeded answer does not depend on the number of worker threads.
// Each worker has its own kernel and runtime per configuration. What a trial counts comes
// from the ruleset (ruleset.odds_trial / odds_fields, scripts/lib/odds.lua); nothing here
// knows a rule. See docs/odds.md and docs/decisions/0003-odds-engine.md.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace muster {
class runtime;  // muster/runtime.hpp
}

namespace muster::cli {

/// One configuration of the rules: a ruleset, its variants and options.
struct odds_config {
  std::string label;  ///< how the report names it ("core", "weather")
  std::string ruleset = "fantasy_warriors";
  std::vector<std::string> variants;
  std::vector<std::string> options;  ///< NAME=VALUE, or MODULE.NAME=VALUE
};

enum class odds_method { automatic, exact, monte_carlo };

struct odds_request {
  std::string procedure;
  std::string input_json = "{}";  ///< the procedure's input; "choices" may name policies only
  odds_config base;
  std::optional<odds_config> compare;  ///< the other configuration, on the same dice
  std::uint64_t seed = 1;
  double precision = 0.005;    ///< the largest 95% half-width allowed (0.005: ±0.5 points)
  odds_method method = odds_method::automatic;
  std::size_t max_runs = 10000;      ///< exact: the most runs an enumeration may take
  std::size_t max_trials = 2000000;  ///< Monte Carlo: the most trials
  unsigned threads = 0;              ///< workers; 0: one per hardware thread
  /// The time budget of one trial (each trial is one top-level call in fast mode,
  /// docs/decisions/0004): a trial past it fails the request, named with its index and seed.
  std::chrono::milliseconds time_budget{10'000};
  /// Called on the calling thread after each block of trials: (done, target).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
};

/// One value of a field: its probability in each configuration (lo..hi its 95% interval; equal
/// to p when exact) and, when comparing, the change (second minus first) with its interval.
struct value_odds {
  std::string value;  ///< as the ruleset gave it ("-": no value, e.g. no winner)
  double p[2] = {0, 0}, lo[2] = {0, 0}, hi[2] = {0, 0};
  double diff = 0, diff_lo = 0, diff_hi = 0;
  bool distinguishable = false;  ///< the difference's interval excludes 0 (exact: it is not 0)
};

/// A whole-number field's mean in each configuration, with intervals, and their difference.
struct mean_odds {
  double mean[2] = {0, 0}, lo[2] = {0, 0}, hi[2] = {0, 0};
  double diff = 0, diff_lo = 0, diff_hi = 0;
  bool distinguishable = false;
};

struct field_odds {
  std::string name;
  std::string kind;                ///< "category" or "count"
  std::vector<value_odds> values;  ///< counts numerically, "-" last; categories by name
  std::optional<mean_odds> mean;   ///< count fields
  std::vector<value_odds> tails;   ///< count fields: value = N for P(at least N), N >= 1
};

struct odds_report {
  std::string procedure;
  bool exact = false;        ///< enumerated; otherwise Monte Carlo
  bool compared = false;     ///< two configurations
  std::string exact_note;    ///< why it is not exact, when it fell back to Monte Carlo
  std::uint64_t trials = 0;  ///< Monte Carlo trials (0 when exact)
  std::uint64_t runs = 0;    ///< exact: runs of the enumerations (each configuration's added)
  std::uint64_t merged_runs = 0;  ///< exact: of them, runs stopped at a merge point explored
  std::uint64_t seed = 0;
  double precision = 0;
  double widest = 0;         ///< the widest 95% half-width reported (0 when exact)
  std::vector<std::string> labels;  ///< one per configuration
  std::vector<field_odds> fields;
};

/// Checks the request's limits, as compute_odds does first: throws input_error for --precision
/// outside 0..50 points, --max-runs or --max-trials 0.
void check_odds_request(const odds_request& request);

/// Computes the odds. Throws input_error for bad input (the procedure's, a scripted answer
/// in "choices": odds take policies only; --precision outside 0..50 points, --max-runs or
/// --max-trials 0), muster::error when --exact cannot enumerate within the budget or a trial
/// fails ("trial 812 (seed 1): ...").
odds_report compute_odds(const odds_request& request);

/// The procedure's outcome fields, in the order a trial's key holds them, as (name, kind)
/// pairs, kind "category" or "count", from the loaded ruleset (odds_fields). Throws as
/// runtime::call_ruleset (an unknown procedure is input_error "procedure").
std::vector<std::pair<std::string, std::string>> odds_outcome_fields(runtime& rt, const std::string& procedure);

/// A probability as the reports print it: "33.3%", "<0.1%" for a positive one below 0.05%.
std::string odds_percent(double p);

/// The report as text for people: one block per field, each value with its interval, the
/// mean and tails of counts, the difference column when comparing.
std::string odds_text(const odds_report& report);
/// The report as JSON text (indented by 2).
std::string odds_json(const odds_report& report);
/// The report as an SVG bar chart: a bar per value and configuration with its 95% interval as
/// a whisker, a block per field (count fields with their tails), a legend naming the
/// configurations.
std::string odds_svg(const odds_report& report);

}  // namespace muster::cli
