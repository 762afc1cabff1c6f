// `muster sweep`: see sweep.hpp.
#include "sweep.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "battle.hpp"
#include "battler.hpp"
#include "files.hpp"
#include "lua_text.hpp"
#include "modules.hpp"
#include "muster/error.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"
#include "repl.hpp"

namespace muster::cli {
namespace {

using json = nlohmann::json;

// Sums over battles of one configuration: integers only, so shards add exactly.
struct tally {
  std::int64_t battles = 0, wins_a = 0, wins_b = 0, draws = 0;
  std::int64_t score = 0, score_sq = 0;  // side A's victory score
  void add(const tally& o) {
    battles += o.battles, wins_a += o.wins_a, wins_b += o.wins_b, draws += o.draws;
    score += o.score, score_sq += o.score_sq;
  }
};

// The paired differences (compared configuration minus base) of side A's score, seed by seed.
struct paired {
  std::int64_t battles = 0, sum = 0, sum_sq = 0;
  void add(const paired& o) { battles += o.battles, sum += o.sum, sum_sq += o.sum_sq; }
};

// The seed indices of shard "K/N" of `battles`: [(K-1)B/N, KB/N).
std::pair<std::uint64_t, std::uint64_t> shard_range(const std::string& shard, std::uint64_t battles) {
  if (shard.empty()) return {0, battles};
  unsigned k = 0, n = 0;
  char slash = 0;
  std::istringstream in(shard);
  if (!(in >> k >> slash >> n) || slash != '/' || !in.eof() || n == 0 || k == 0 || k > n)
    throw input_error("--shard", fmt::format("'{}': K/N with 1 <= K <= N expected (3/8)", shard));
  return {(k - 1) * battles / n, k * battles / n};
}

// The report's JSON (the sums, the setup they belong to).
struct report {
  json setup;
  std::string side_a, side_b;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;  // seed indices covered
  tally base, compare;
  paired diff;
  bool compared = false;
};

json tally_json(const tally& t) {
  return {{"battles", t.battles}, {"wins_a", t.wins_a}, {"wins_b", t.wins_b}, {"draws", t.draws},
          {"score", t.score}, {"score_sq", t.score_sq}};
}

tally tally_of(const json& j) {
  tally t;
  t.battles = j.at("battles"), t.wins_a = j.at("wins_a"), t.wins_b = j.at("wins_b"), t.draws = j.at("draws");
  t.score = j.at("score"), t.score_sq = j.at("score_sq");
  return t;
}

json report_json(const report& r) {
  json j = {{"schema", "muster.sweep/1"}, {"setup", r.setup}, {"sides", {r.side_a, r.side_b}}, {"base", tally_json(r.base)}};
  j["ranges"] = json::array();
  for (const auto& [lo, hi] : r.ranges) j["ranges"].push_back({lo, hi});
  if (r.compared) {
    j["compare"] = tally_json(r.compare);
    j["paired"] = {{"battles", r.diff.battles}, {"sum", r.diff.sum}, {"sum_sq", r.diff.sum_sq}};
  }
  return j;
}

// Wilson's 95% interval of a proportion, in percent.
std::string rate(std::int64_t k, std::int64_t n) {
  if (n == 0) return "-";
  const double z = 1.959963984540054, p = static_cast<double>(k) / static_cast<double>(n), nn = static_cast<double>(n);
  const double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / (1 + z * z / nn);
  return fmt::format("{:5.1f}%  [{:.1f}%, {:.1f}%]", 100 * p, 100 * (centre - half), 100 * (centre + half));
}

// A mean with its normal 95% interval, from a sum and a sum of squares.
std::string mean(std::int64_t sum, std::int64_t sum_sq, std::int64_t n) {
  if (n == 0) return "-";
  const double nn = static_cast<double>(n), m = static_cast<double>(sum) / nn;
  const double var = n > 1 ? std::max(0.0, (static_cast<double>(sum_sq) - nn * m * m) / (nn - 1)) : 0.0;
  const double half = 1.959963984540054 * std::sqrt(var / nn);
  return fmt::format("{:+.2f}  [{:+.2f}, {:+.2f}]", m, m - half, m + half);
}

void print_tally(const report& r, const tally& t, const std::string& title) {
  fmt::print("{} ({} battles)\n", title, t.battles);
  fmt::print("  {:<24} {}\n", r.side_a + " wins", rate(t.wins_a, t.battles));
  fmt::print("  {:<24} {}\n", r.side_b + " wins", rate(t.wins_b, t.battles));
  fmt::print("  {:<24} {}\n", "draws", rate(t.draws, t.battles));
  fmt::print("  {:<24} {}\n", r.side_a + " victory score", mean(t.score, t.score_sq, t.battles));
}

void print_report(const report& r) {
  const json& s = r.setup;
  std::string where = s.value("scenario", std::string());
  if (s.contains("armies") && !s["armies"].empty())
    where = s["armies"][0].get<std::string>() + " v " + s["armies"][1].get<std::string>() + (where.empty() ? "" : " on " + where);
  fmt::print("sweep: {}, {} turns, bot v bot, seed {}\n", where, s.value("turns", 8), s.value("seed", std::uint64_t{1}));
  print_tally(r, r.base, "rules as loaded");
  if (!r.compared) return;
  std::string with = s.value("compare", std::string());
  for (const auto& opt : s.value("compare_options", json::array())) with += " " + opt.get<std::string>();
  print_tally(r, r.compare, "with " + with);
  fmt::print("difference, same seeds ({} battles)\n", r.diff.battles);
  fmt::print("  {:<24} {}\n", r.side_a + " victory score", mean(r.diff.sum, r.diff.sum_sq, r.diff.battles));
}

}  // namespace

std::pair<CLI::App*, CLI::App*> add_sweep_command(CLI::App& app, sweep_options& o) {
  auto* cmd = app.add_subcommand("sweep", "Play many battles bot against bot: win rates and mean victory scores");
  cmd->add_option("armies", o.armies, "Two army files, set out on an open field (or on --scenario's table)")->expected(0, 2);
  cmd->add_option("--scenario", o.scenario, "A scenario file: the table, its terrain, and its armies placed");
  cmd->add_option("--battles", o.battles, "How many battles (default 100)")->check(CLI::Range(1, 10'000'000));
  cmd->add_option("--seed", o.seed, "Base seed: battle i is seeded from (seed, i) (default 1)");
  cmd->add_option("--turns", o.turns, "Restricted Turns (default 8)")->check(CLI::Range(1, 100));
  cmd->add_option("--ruleset", o.ruleset, "Ruleset (default fantasy_warriors)");
  cmd->add_option("--variant", o.variants, "Variant name or path (repeatable)");
  cmd->add_option("--option", o.options, "Module option NAME=VALUE, or MODULE.NAME=VALUE (repeatable)");
  cmd->add_option("--compare-variant", o.compare_variant, "Also play every seed with this variant added; report the difference");
  cmd->add_option("--compare-option", o.compare_options,
                  "An option of the compared configuration only, e.g. weather.weather=storm (repeatable)");
  cmd->add_option("--shard", o.shard, "K/N: play only the K-th of N disjoint parts of the seeds (merge the JSON after)");
  cmd->add_option("--jobs", o.jobs, "Threads (default: one per core)")->check(CLI::Range(0, 256));
  cmd->add_option("--json", o.json_file, "Write the sums as JSON (muster sweep merge adds them)");
  auto* merge = cmd->add_subcommand("merge", "Add up the JSON of a sweep's shards");
  merge->add_option("files", o.merge_files, "The shards' JSON files")->required();
  merge->add_option("--json", o.json_file, "Write the merged sums as JSON");
  return {cmd, merge};
}

int run_sweep(const sweep_options& o) {
  if (o.armies.size() == 1) throw input_error("armies", "two army files, or none with --scenario");
  if (o.armies.empty() && o.scenario.empty())
    throw input_error("armies", "give two army files, or --scenario FILE (examples/scenarios/greystones.lua)");
  const auto range = shard_range(o.shard, o.battles);
  const std::uint64_t lo = range.first, hi = range.second;  // named, not bound: a lambda captures them
  const std::string setup = battle_setup(o.scenario, o.armies, o.turns);
  std::vector<std::string> with = o.variants;
  if (!o.compare_variant.empty()) with.push_back(o.compare_variant);
  const unsigned threads = std::max(1u, o.jobs ? o.jobs : std::thread::hardware_concurrency());
  report r;
  r.setup = {{"scenario", o.scenario}, {"armies", o.armies}, {"turns", o.turns}, {"seed", o.seed}, {"battles", o.battles},
             {"ruleset", o.ruleset}, {"variants", o.variants}, {"options", o.options}, {"compare", o.compare_variant},
             {"compare_options", o.compare_options}};
  r.ranges.push_back({lo, hi});
  r.compared = !o.compare_variant.empty();
  std::atomic<std::uint64_t> next{lo};
  std::atomic<bool> stop{false};
  std::mutex m;
  std::exception_ptr failure;
  std::uint64_t failed_at = UINT64_MAX;
  std::vector<std::string> with_options = o.options;
  with_options.insert(with_options.end(), o.compare_options.begin(), o.compare_options.end());
  if (!o.compare_options.empty() && !r.compared)
    throw input_error("--compare-option", "goes with --compare-variant (the configuration it changes)");
  // The first thread's battlers are made here: a bad module, option or setup fails before any
  // battle, as itself.
  auto make = [&](bool compared) {
    return compared ? std::make_unique<battler>(o.ruleset, with, with_options, setup)
                    : std::make_unique<battler>(o.ruleset, o.variants, o.options, setup);
  };
  std::unique_ptr<battler> first_base = make(false), first_compare = r.compared ? make(true) : nullptr;
  auto work = [&](bool first) {
    tally base, cmp;
    paired diff;
    try {
      std::unique_ptr<battler> own_b = first ? std::move(first_base) : make(false);
      std::unique_ptr<battler> c = first ? std::move(first_compare) : (r.compared ? make(true) : nullptr);
      battler& b = *own_b;
      for (;;) {
        const std::uint64_t i = next++;
        if (i >= hi || stop) break;
        try {
          const battle_outcome x = b.play(o.seed, i);
          if (first && r.side_a.empty()) {
            std::lock_guard lock(m);
            std::tie(r.side_a, r.side_b) = b.sides();
          }
          auto count = [&](tally& t, const battle_outcome& out) {
            ++t.battles;
            t.score += out.score_a, t.score_sq += out.score_a * out.score_a;
            if (out.winner == "-") ++t.draws;
            else if (out.winner == b.sides().first) ++t.wins_a;
            else ++t.wins_b;
          };
          count(base, x);
          if (c) {
            const battle_outcome y = c->play(o.seed, i);
            count(cmp, y);
            const std::int64_t d = y.score_a - x.score_a;
            ++diff.battles, diff.sum += d, diff.sum_sq += d * d;
          }
        } catch (...) {
          std::lock_guard lock(m);
          if (i < failed_at) failed_at = i, failure = std::current_exception();
          stop = true;
        }
      }
    } catch (...) {
      std::lock_guard lock(m);
      if (!failure) failure = std::current_exception(), failed_at = lo;
      stop = true;
    }
    std::lock_guard lock(m);
    r.base.add(base), r.compare.add(cmp), r.diff.add(diff);
  };
  std::vector<std::thread> others;
  const unsigned n = static_cast<unsigned>(std::min<std::uint64_t>(threads, hi - lo));
  for (unsigned t = 1; t < n; ++t) others.emplace_back(work, false);
  work(true);
  for (auto& t : others) t.join();
  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      throw input_error("battle", fmt::format("{} of seed {}: {}", failed_at, o.seed, one_line(e.what())));
    }
  }
  if (r.side_a.empty()) {  // every battle ran on another thread
    auto b = make(false);
    b->play(o.seed, lo);
    std::tie(r.side_a, r.side_b) = b->sides();
  }
  print_report(r);
  if (!o.json_file.empty()) write_file_text(o.json_file, report_json(r).dump(2) + "\n");
  return 0;
}

int run_sweep_merge(const sweep_options& o) {
  report total;
  bool first = true;
  for (const auto& file : o.merge_files) {
    json j;
    try {
      j = json::parse(read_file_text(file));
    } catch (const json::exception&) {
      throw input_error(file, "not a sweep's JSON (muster sweep --json FILE)");
    }
    if (!j.is_object() || j.value("schema", std::string()) != "muster.sweep/1")
      throw input_error(file, "not a sweep's JSON (schema muster.sweep/1)");
    report r;
    try {
      r.setup = j.at("setup");
      r.side_a = j.at("sides").at(0), r.side_b = j.at("sides").at(1);
      for (const auto& range : j.at("ranges")) r.ranges.push_back({range.at(0), range.at(1)});
      r.base = tally_of(j.at("base"));
      r.compared = j.contains("compare");
      if (r.compared) {
        r.compare = tally_of(j.at("compare"));
        r.diff = {j.at("paired").at("battles"), j.at("paired").at("sum"), j.at("paired").at("sum_sq")};
      }
    } catch (const json::exception& x) {
      throw input_error(file, fmt::format("a sweep's JSON with a field missing or of the wrong kind ({})", x.what()));
    }
    if (first) {
      total = r;
      first = false;
      continue;
    }
    if (r.setup != total.setup) throw input_error(file, "a sweep of another setup (scenario, armies, turns, seed, rules)");
    for (const auto& [lo, hi] : r.ranges)
      for (const auto& [a, b] : total.ranges)
        if (lo < b && a < hi)
          throw input_error(file, fmt::format("its battles {}..{} overlap battles already merged ({}..{})", lo, hi - 1, a, b - 1));
    total.ranges.insert(total.ranges.end(), r.ranges.begin(), r.ranges.end());
    total.base.add(r.base), total.compare.add(r.compare), total.diff.add(r.diff);
  }
  std::sort(total.ranges.begin(), total.ranges.end());
  print_report(total);
  if (!o.json_file.empty()) write_file_text(o.json_file, report_json(total).dump(2) + "\n");
  return 0;
}

}  // namespace muster::cli
