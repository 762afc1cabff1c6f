// `muster sweep`: many battles, bot against bot, on independent seed streams across the cores
// (battle i of a sweep seeded with rng::stream(seed, i)), and what a rules designer wants from
// them: each side's win rate, the draws and the mean victory score, with 95% intervals; with
// --compare-variant, the same seeds played again under a variant and the paired difference.
// A sweep's results are integer sums, so shards (--shard K/N: disjoint seed ranges) merge
// exactly (`muster sweep merge`). See docs/sweep.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace muster::cli {

/// What `muster sweep` is started with.
struct sweep_options {
  std::vector<std::string> armies;          ///< two army files, or none (the scenario's armies)
  std::string scenario;
  std::uint64_t battles = 100;
  std::uint64_t seed = 1;
  int turns = 8;
  std::string ruleset = "fantasy_warriors";
  std::vector<std::string> variants;
  std::vector<std::string> options;
  std::string compare_variant;              ///< a variant whose effect is measured on the same seeds
  std::vector<std::string> compare_options; ///< options for the compared configuration only
  std::string shard;                        ///< "K/N": the K-th of N disjoint parts of the seeds
  unsigned jobs = 0;                        ///< threads (0: one per core)
  std::string json_file;                    ///< the sums as JSON, for merge
  std::vector<std::string> merge_files;     ///< `muster sweep merge FILES...`
};

/// Adds `sweep` (and `sweep merge`) to `app`; returns {sweep, merge}.
std::pair<CLI::App*, CLI::App*> add_sweep_command(CLI::App& app, sweep_options& options);

/// Runs the sweep: prints the rates and means with their intervals; writes the JSON when
/// asked. Returns 0. Throws input_error for bad options and a battle's failure (named with
/// its index and seed).
int run_sweep(const sweep_options& options);

/// Merges sweep JSON files of one setup and disjoint seeds; prints as run_sweep does.
int run_sweep_merge(const sweep_options& options);

}  // namespace muster::cli
