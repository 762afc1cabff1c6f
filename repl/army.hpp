// `muster army check|points FILE`: checks an army file against its army list and the
// ruleset's rules, and prints its points. Thin: reads the file, hands it to the ruleset's
// army_check / army_points / army_fmt (scripts/rulesets/<r>/armies.lua) and prints what they
// return; every rule, cost and message lives in Lua. See docs/armies.md.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace muster {
class runtime;
}

namespace muster::cli {

/// What `muster army` is started with.
struct army_options {
  std::string action;                       ///< "check" or "points"
  std::string file;                         ///< the army file, as the user named it
  std::string ruleset = "fantasy_warriors";
  std::vector<std::string> variants;        ///< bundled names or paths, applied in order
  std::vector<std::string> options;         ///< NAME=VALUE, or VARIANT.NAME=VALUE
};

/// The ruleset's report on the army file `file` whose bytes are `text`: army_check's (action
/// "check") or army_points' ("points") result as JSON text (valid, errors, summary...).
/// Throws muster::input_error "<file>: line N: byte 0xNN is not UTF-8 ..." for text that is not
/// UTF-8 (army files are Lua text; the ruleset gets them as JSON strings), and what
/// runtime::call_ruleset throws.
std::string army_report(runtime& rt, const std::string& action, const std::string& file, const std::string& text);

/// Adds the `army` subcommand (with `check FILE` and `points FILE`) to `app`, filling
/// `options` when it is parsed. Returns it, so main() can tell whether it was chosen.
CLI::App* add_army_command(CLI::App& app, army_options& options);

/// Runs `muster army check|points`. Violations go to standard error, one line each
/// ("file:line: message [rule, p.N]"), then "<file>: N violations"; `points` prints the
/// per-line breakdown and the total on standard output, `check` prints "<file>: valid: ..."
/// when the army is valid. Returns the exit status: 0 valid, 1 invalid, 2 when the file
/// cannot be read. Throws muster::error / script_error when the ruleset or a variant fails.
int run_army(const army_options& options);

}  // namespace muster::cli
