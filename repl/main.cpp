// The `muster` command line: subcommands over one kernel and its Lua runtime. Parses
// arguments, loads modules, runs scripts, resolves procedures and prints the event log or the
// result; decides nothing itself. Every failure is one line on stderr and a non-zero exit
// status: 2 for bad input (`muster: <command>: <field>: <why>`), 1 for anything else.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "muster/error.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include <unistd.h>

#include "army.hpp"
#include "battle.hpp"
#include "replay.hpp"
#include "sweep.hpp"
#include "choices.hpp"
#include "files.hpp"
#include "modules.hpp"
#include "odds.hpp"
#include "odds_matrix.hpp"
#include "repl.hpp"
#include "rules.hpp"

namespace {

using muster::cli::load_modules;
using muster::cli::merge_choices;

struct run_args {
  std::string file;
  std::uint64_t seed = 1;
  std::string ruleset = "fantasy_warriors";
  std::vector<std::string> variants;
  std::vector<std::string> options;
  std::string log_file;
  bool show_log = false;
  bool jsonl = false;
};

int cmd_run(const run_args& a) {
  muster::kernel k(a.seed);
  muster::runtime rt(k);
  load_modules(rt, a.ruleset, a.variants, a.options);
  muster::cli::install_helpers(rt);  // the REPL's helpers (unit, combat, shoot...)
  rt.run_file(a.file);
  const std::string log = a.jsonl ? k.log.fmt_jsonl() : k.log.fmt_lines();
  if (!a.log_file.empty()) muster::cli::write_file_text(a.log_file, log);
  if (a.show_log) std::fputs(log.c_str(), stdout);
  return 0;
}

// Bad input to `muster resolve`: printed "muster: resolve: <field>: <why>", exit status 2.
struct resolve_input_error {
  std::string field;
  std::string why;
};

// Scripted dice from --dice that remember whether they were at fault, so running out of
// faces (or an impossible face) reads as bad input rather than as a script failure.
class replay_dice final : public muster::dice_source {
 public:
  explicit replay_dice(std::vector<int> faces) : faces_(std::move(faces)) {}
  void roll(const muster::dice_request& request, std::span<int> faces) override {
    try {
      faces_.roll(request, faces);
    } catch (const std::exception& e) {
      failure_ = e.what();
      throw;
    }
  }
  std::size_t remaining() const noexcept { return faces_.remaining(); }
  const std::string& failure() const noexcept { return failure_; }

 private:
  muster::scripted_source faces_;
  std::string failure_;
};

// "6,5,3" or "6 5 3" -> faces.
std::vector<int> parse_faces(const std::string& text) {
  std::vector<int> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = std::min(text.find_first_of(", ", at), text.size());
    if (end > at) {
      const std::string item = text.substr(at, end - at);
      int face = 0;
      const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), face);
      if (ec != std::errc() || ptr != item.data() + item.size() || face < 1)
        throw resolve_input_error{"--dice", fmt::format("'{}' is not a face (want 6,5,3,...)", item)};
      out.push_back(face);
    }
    at = end + 1;
  }
  if (out.empty()) throw resolve_input_error{"--dice", "no faces given"};
  return out;
}

std::string read_input(const std::string& source) {
  if (source.empty()) return "{}";
  if (source == "-")
    return muster::cli::read_stream_text(std::cin, "standard input");
  try {
    return muster::cli::read_file_text(source);
  } catch (const muster::error& e) {
    throw resolve_input_error{"--input", e.what()};
  }
}

struct resolve_args {
  std::string procedure;
  std::string ruleset = "fantasy_warriors";
  std::vector<std::string> variants;
  std::vector<std::string> options;
  std::uint64_t seed = 1;
  std::string dice;
  std::string input;
  std::vector<std::string> choose;
  std::vector<std::string> policies;
  bool explain = false;
};

int cmd_resolve(const resolve_args& a) {
  muster::kernel k(a.seed);
  muster::runtime rt(k);
  load_modules(rt, a.ruleset, a.variants, a.options);
  replay_dice* replay = nullptr;
  if (!a.dice.empty()) {
    auto source = std::make_unique<replay_dice>(parse_faces(a.dice));
    replay = source.get();
    k.dice.set_source(std::move(source));
  }
  const std::string input = merge_choices(read_input(a.input), a.choose, a.policies);
  std::string result;
  try {
    result = rt.resolve(a.procedure, input);
  } catch (const muster::script_error& e) {
    if (replay && !replay->failure().empty()) throw resolve_input_error{"--dice", replay->failure()};
    throw;
  }
  if (replay && replay->remaining() > 0)
    std::fprintf(stderr, "muster: resolve: note: %zu --dice face(s) left unused\n", replay->remaining());
  if (a.explain) {
    const auto text = nlohmann::json::parse(rt.call_ruleset("explain", "[" + result + "]"));
    if (!text.is_string()) muster::fail("ruleset '{}': explain must return a string", a.ruleset);
    std::fputs(text.get_ref<const std::string&>().c_str(), stdout);
  } else {
    std::fputs(result.c_str(), stdout);
    std::fputc('\n', stdout);
  }
  return 0;
}

// `muster odds`: the engine's request, filled in by the flags, and what only the command line
// has (the input file, policies, the second configuration's changes, the output forms).
struct odds_args {
  muster::cli::odds_request request;
  std::string input, svg, matrix, measure;
  std::vector<std::string> policies, compare_variants, compare_options;
  double precision_points = 0.5;
  double time_budget_seconds = 10;
  bool exact = false, monte_carlo = false, json = false, csv = false;
};

// `muster odds --matrix FILE`: the matrix file with --policy merged into its shared input,
// each cell on the engine's request, the table as text, CSV or JSON, and the heat map.
int cmd_odds_matrix(odds_args& a) {
  std::string text;
  if (a.matrix == "-") {
    text = muster::cli::read_stream_text(std::cin, "standard input");
  } else {
    try {
      text = muster::cli::read_file_text(a.matrix);
    } catch (const muster::error& e) {
      throw resolve_input_error{"--matrix", e.what()};
    }
  }
  auto matrix = muster::cli::parse_matrix(text);
  matrix.input_json = merge_choices(matrix.input_json, {}, a.policies);
  if (a.measure.empty() && matrix.measure.empty())
    throw resolve_input_error{"matrix.measure", "missing: say what the cells show, e.g. \"winner=attacker\", "
                                                "\"mean:kills\" or \"at_least:kills=2\" (or give --measure)"};
  const auto measure = a.measure.empty() ? muster::cli::parse_measure(matrix.measure, "matrix.measure")
                                         : muster::cli::parse_measure(a.measure, "--measure");
  muster::cli::matrix_progress progress;
  if (isatty(STDERR_FILENO)) {
    progress = [](std::size_t cell, std::size_t cells, std::uint64_t done, std::uint64_t target) {
      std::fprintf(stderr, "\r\x1b[Kodds: cell %zu / %zu", cell + 1, cells);
      if (target > 0 && done < target)
        std::fprintf(stderr, ", %llu / %llu trials", static_cast<unsigned long long>(done),
                     static_cast<unsigned long long>(target));
      std::fflush(stderr);
    };
  }
  const auto report = muster::cli::compute_matrix(a.request, matrix, measure, progress);
  if (isatty(STDERR_FILENO)) std::fputs("\r\x1b[K", stderr);
  if (!report.measure_seen) {
    std::string seen;
    for (const auto& v : report.values_seen) seen += (seen.empty() ? "" : ", ") + (v == "-" ? "(none)" : v);
    std::fprintf(stderr, "muster: odds: note: %s: no cell reaches it (values seen: %s)\n", measure.text.c_str(),
                 seen.c_str());
  }
  if (!a.svg.empty()) muster::cli::write_file_text(a.svg, muster::cli::matrix_svg(report));
  const std::string out = a.json  ? muster::cli::matrix_json(report) + "\n"
                          : a.csv ? muster::cli::matrix_csv(report)
                                  : muster::cli::matrix_text(report);
  std::fputs(out.c_str(), stdout);
  return 0;
}

int cmd_odds(odds_args& a) {
  auto& r = a.request;
  if (!a.matrix.empty() && !a.input.empty())
    throw resolve_input_error{"--matrix", "give --matrix or --input, not both"};
  if (a.matrix.empty() && a.input.empty())
    throw resolve_input_error{"--input", "missing: give --input FILE (- for standard input) or --matrix FILE"};
  if (a.json && a.csv) throw resolve_input_error{"--csv", "give --csv or --json, not both"};
  if (a.matrix.empty() && a.csv) throw resolve_input_error{"--csv", "only with --matrix (a table of cells)"};
  if (a.matrix.empty() && !a.measure.empty()) throw resolve_input_error{"--measure", "only with --matrix"};
  if (a.matrix.empty()) r.input_json = merge_choices(read_input(a.input), {}, a.policies);
  r.base.label = muster::cli::config_label(r.base.variants, r.base.options);
  if (!a.compare_variants.empty() || !a.compare_options.empty()) {
    muster::cli::odds_config other = r.base;
    for (const auto& v : a.compare_variants) {
      const std::string name = muster::cli::variant_name(v);
      for (const auto& have : other.variants)
        if (muster::cli::variant_name(have) == name)
          throw resolve_input_error{"--compare-variant", fmt::format("'{}' is loaded in both configurations", name)};
      other.variants.push_back(v);
    }
    for (const auto& o : a.compare_options) other.options.push_back(o);  // later items win
    other.label = muster::cli::config_label(other.variants, other.options);
    r.compare = other;
  }
  r.precision = a.precision_points / 100;
  r.time_budget = std::chrono::milliseconds(static_cast<std::int64_t>(a.time_budget_seconds * 1000));
  if (a.exact && a.monte_carlo) throw resolve_input_error{"--exact", "give --exact or --monte-carlo, not both"};
  r.method = a.exact ? muster::cli::odds_method::exact
             : a.monte_carlo ? muster::cli::odds_method::monte_carlo : muster::cli::odds_method::automatic;
  if (!a.matrix.empty()) return cmd_odds_matrix(a);
  if (isatty(STDERR_FILENO)) {
    r.progress = [](std::uint64_t done, std::uint64_t target) {
      std::fprintf(stderr, "\r\x1b[Kodds: %llu / %llu trials", static_cast<unsigned long long>(done),
                   static_cast<unsigned long long>(target));
      if (done == target) std::fputs("\r\x1b[K", stderr);
      std::fflush(stderr);
    };
  }
  const auto report = muster::cli::compute_odds(r);
  if (!a.svg.empty()) muster::cli::write_file_text(a.svg, muster::cli::odds_svg(report));
  const std::string text = a.json ? muster::cli::odds_json(report) + "\n" : muster::cli::odds_text(report);
  std::fputs(text.c_str(), stdout);
  return 0;
}

int cmd_rules_list() {
  for (const auto& m : muster::runtime::available_modules(muster::runtime_options::default_root()))
    fmt::print("{:<8} {:<24} {:<8} {}\n", m.kind, m.name, m.version, m.path);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"muster: a scriptable rules kernel for tabletop miniature wargames"};
  app.require_subcommand(1);

  run_args run;
  auto* run_cmd = app.add_subcommand("run", "Run a Lua script non-interactively in the sandbox");
  run_cmd->add_option("file", run.file, "The script to run")->required();
  run_cmd->add_option("--seed", run.seed, "Seed of the dice (default 1)");
  run_cmd->add_option("--ruleset", run.ruleset, "Ruleset name or folder (default fantasy_warriors)");
  run_cmd->add_option("--variant", run.variants, "Variant name or path (repeatable)");
  run_cmd->add_option("--option", run.options,
                      "Module option NAME=VALUE, or MODULE.NAME=VALUE for a variant (repeatable)");
  run_cmd->add_option("--log", run.log_file, "Write the event log to this file");
  run_cmd->add_flag("--show-log", run.show_log, "Print the event log after the run");
  run_cmd->add_flag("--jsonl", run.jsonl, "Event log as JSON Lines instead of text");

  resolve_args res;
  auto* resolve_cmd = app.add_subcommand(
      "resolve", "Resolve one rules procedure on a JSON description and print the JSON result");
  resolve_cmd->add_option("procedure", res.procedure, "The procedure (e.g. threat, threat_test)")
      ->required();
  resolve_cmd->add_option("--ruleset", res.ruleset, "Ruleset (default fantasy_warriors)");
  resolve_cmd->add_option("--variant", res.variants, "Variant name or path (repeatable)");
  resolve_cmd->add_option("--option", res.options,
                          "Module option NAME=VALUE, or MODULE.NAME=VALUE for a variant (repeatable)");
  resolve_cmd->add_option("--seed", res.seed, "Seed of the dice (default 1)");
  resolve_cmd->add_option("--dice", res.dice, "Scripted dice faces in order, e.g. 6,5,3 (replay)");
  resolve_cmd->add_option("--input", res.input, "The JSON description: a file, or - for stdin");
  resolve_cmd->add_option("--choose", res.choose,
                          "Scripted answer SIDE=ANSWER for that side's next choice (repeatable)");
  resolve_cmd->add_option("--policy", res.policies, "Policy SIDE=NAME answering that side's choices");
  resolve_cmd->add_flag("--explain", res.explain, "Print the result as readable text instead of JSON");

  odds_args odds;
  auto* odds_cmd = app.add_subcommand(
      "odds", "The outcome distribution of one procedure: exact when it enumerates, else Monte Carlo to a precision");
  odds_cmd->add_option("procedure", odds.request.procedure, "The procedure (e.g. threat_test, combat)")->required();
  odds_cmd->add_option("--input", odds.input, "The JSON description: a file, or - for stdin (or give --matrix)");
  odds_cmd->add_option("--ruleset", odds.request.base.ruleset, "Ruleset")->capture_default_str();
  odds_cmd->add_option("--variant", odds.request.base.variants, "Variant name or path (repeatable)");
  odds_cmd->add_option("--option", odds.request.base.options, "Module option NAME=VALUE, or MODULE.NAME=VALUE (repeatable)");
  odds_cmd->add_option("--compare-variant", odds.compare_variants,
                       "Compare with this variant added, on the same dice (repeatable)");
  odds_cmd->add_option("--compare-option", odds.compare_options,
                       "Compare with this option changed, on the same dice (repeatable)");
  odds_cmd->add_option("--policy", odds.policies, "Policy SIDE=NAME answering that side's choices");
  odds_cmd->add_option("--seed", odds.request.seed, "Seed of the trials' dice streams")->capture_default_str();
  odds_cmd->add_option("--precision", odds.precision_points,
                       "Monte Carlo: the widest 95% interval allowed, in percentage points")->capture_default_str();
  odds_cmd->add_flag("--exact", odds.exact, "Enumerate or fail (no Monte Carlo)");
  odds_cmd->add_flag("--monte-carlo", odds.monte_carlo, "Monte Carlo even when enumeration would fit");
  odds_cmd->add_option("--max-runs", odds.request.max_runs, "Exact: the most runs an enumeration may take")
      ->capture_default_str();
  odds_cmd->add_option("--max-trials", odds.request.max_trials, "Monte Carlo: the most trials")->capture_default_str();
  odds_cmd->add_option("--threads", odds.request.threads, "Worker threads (0: one per core); results do not depend on it")
      ->capture_default_str();
  odds_cmd->add_option("--time-budget", odds.time_budget_seconds,
                       "Seconds one trial (or one run of an enumeration) may take")
      ->capture_default_str();
  odds_cmd->add_flag("--json", odds.json, "JSON for tools instead of text");
  odds_cmd->add_option("--svg", odds.svg,
                       "Also write a bar chart of the odds (both configurations side by side) to this SVG file; "
                       "with --matrix, a heat map of the measure");
  odds_cmd->add_option("--matrix", odds.matrix,
                       "A scenario matrix (JSON file, or - for stdin): the odds of every row x column matchup");
  odds_cmd->add_option("--measure", odds.measure,
                       "With --matrix: what a cell shows, FIELD=VALUE, mean:FIELD or at_least:FIELD=N (overrides the file's)");
  odds_cmd->add_flag("--csv", odds.csv, "With --matrix: CSV, one line per cell, instead of text");

  muster::cli::army_options army;
  auto* army_cmd = muster::cli::add_army_command(app, army);
  muster::cli::battle_options battle;
  auto* battle_cmd = muster::cli::add_battle_command(app, battle);
  muster::cli::replay_options replay;
  auto* replay_cmd = muster::cli::add_replay_command(app, replay);
  muster::cli::sweep_options sweep;
  const auto [sweep_cmd, sweep_merge_cmd] = muster::cli::add_sweep_command(app, sweep);

  muster::cli::repl_options repl;
  auto* repl_cmd = muster::cli::add_repl_command(app, repl);

  auto* rules_cmd = app.add_subcommand("rules", "Rulesets and variants");
  rules_cmd->require_subcommand(1);
  auto* list_cmd = rules_cmd->add_subcommand("list", "List the rulesets and variants with versions");
  muster::cli::rules_options rules;
  const auto rules_cmds = muster::cli::add_rules_commands(*rules_cmd, rules);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    // What the command line echoes is one line, escaped and cut, like every other error.
    std::fprintf(stderr, "muster: %s\nRun with --help for more information.\n", muster::one_line(e.what()).c_str());
    return e.get_exit_code();
  }
  // Which command bad input is reported under ("muster: odds: --precision: ...").
  const std::string command = app.get_subcommands().empty() ? "muster" : app.get_subcommands().front()->get_name();
  try {
    if (run_cmd->parsed()) return cmd_run(run);
    if (resolve_cmd->parsed()) return cmd_resolve(res);
    if (odds_cmd->parsed()) return cmd_odds(odds);
    if (list_cmd->parsed()) return cmd_rules_list();
    if (rules_cmds[0]->parsed()) return muster::cli::run_rules_show(rules);
    if (rules_cmds[1]->parsed()) return muster::cli::run_rules_diff(rules);
    if (rules_cmds[2]->parsed()) return muster::cli::run_rules_check(rules);
    if (repl_cmd->parsed()) return muster::cli::run_repl(repl);
    if (army_cmd->parsed()) return muster::cli::run_army(army);
    if (battle_cmd->parsed()) return muster::cli::run_battle(battle);
    if (replay_cmd->parsed()) return muster::cli::run_replay(replay);
    if (sweep_merge_cmd->parsed()) return muster::cli::run_sweep_merge(sweep);
    if (sweep_cmd->parsed()) return muster::cli::run_sweep(sweep);
  } catch (const resolve_input_error& e) {
    std::fprintf(stderr, "muster: %s: %s\n", command.c_str(), muster::one_line(e.field + ": " + e.why).c_str());
    return 2;
  } catch (const muster::input_error& e) {
    std::fprintf(stderr, "muster: %s: %s\n", command.c_str(), muster::one_line(e.what()).c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "muster: %s\n", muster::one_line(e.what()).c_str());
    return 1;
  }
  return 0;
}
