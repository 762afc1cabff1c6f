// `muster rules show|diff|check`: the rules in force after loading a ruleset and its
// variants, two configurations compared, and a stranger's variant checked before a game.
// Thin: the registry (scripts/lib/registry.lua) reports and checks; this prints.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace muster::cli {

/// What `muster rules show|diff|check` is started with.
struct rules_options {
  std::string ruleset = "fantasy_warriors";
  std::vector<std::string> variants;  ///< show: bundled names or paths
  std::vector<std::string> options;   ///< NAME=VALUE, or MODULE.NAME=VALUE
  std::vector<std::string> configs;   ///< diff: two configurations, "core" or "v1+v2"
  std::vector<std::string> files;     ///< check: variant files or folders
  bool only_changed = false;
  bool json = false;
  bool schema = false;
};

/// Adds `show`, `diff` and `check` to the `rules` subcommand; returns them in that order.
std::vector<CLI::App*> add_rules_commands(CLI::App& rules, rules_options& options);

/// `muster rules show`: every list and table as loaded (entries with value, reason, page,
/// owner), `--only-changed` what the variants changed, `--schema` the author's reference,
/// `--json` for tools. Returns 0; throws when a module fails to load.
int run_rules_show(const rules_options& options);

/// `muster rules diff A B`: what differs between two configurations (each "core" or
/// variants joined by '+'). Returns 0 when they are the same, 1 when they differ.
int run_rules_diff(const rules_options& options);

/// `muster rules check FILE...`: loads each variant in the sandbox, then runs every
/// condition and function it adds against the ruleset's samples. Prints one line per
/// finding. Returns 0 clean, 1 a rule a variant adds failed on a sample, 2 a variant does
/// not load (missing, a broken manifest or script, a patch of an unknown list or entry).
int run_rules_check(const rules_options& options);

}  // namespace muster::cli
