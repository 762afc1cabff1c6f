// `muster repl`: the interactive Lua prompt over one kernel and its runtime, and the session
// set-up `muster run` shares with it (the helpers of scripts/lib/repl.lua and the ruleset's
// `repl` table). Owns the line editor (libedit), the table's dice (automatic, typed in,
// queued), the undo stack, :save/:load/:reload. Thin: read, runtime::eval, print; every
// rule and every unit lives in Lua and in the battle state, never here.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace muster {
class runtime;
}

namespace muster::cli {

/// What `muster repl` is started with.
struct repl_options {
  std::string ruleset = "fantasy_warriors";
  std::vector<std::string> variants;  ///< bundled names or paths, applied in order
  std::vector<std::string> options;   ///< NAME=VALUE, or VARIANT.NAME=VALUE
  std::uint64_t seed = 1;
  std::string file;                   ///< a script to run first, instead of the sample units
  std::string scenario;               ///< a scenario file laid out first (the table and both armies)
  bool json = false;                  ///< results as JSON (for tools)
  std::string colour = "auto";        ///< auto (colour when stdout is a terminal), always, never
  std::string dice = "auto";          ///< the dice at start: auto, manual, or faces "6,5,3"
  std::string history;                ///< history file; default $MUSTER_HISTORY, else ~/.muster_history
  std::uint64_t budget = 0;           ///< instruction budget per line; 0: the runtime's default
  double time_budget = 0;             ///< seconds one line may take; 0: the runtime's default
  /// Where lines come from instead of standard input (tests and fuzzing): read as from a
  /// pipe, never as a terminal. Not owned; must outlive run_repl.
  std::istream* input = nullptr;
};

/// Adds the `repl` subcommand to `app`, filling `options` when it is parsed. Returns it, so
/// main() can tell whether it was chosen.
CLI::App* add_repl_command(CLI::App& app, repl_options& options);

/// Runs the REPL until :quit or the end of standard input. Returns the exit status: 0, or 1
/// when standard input is not a terminal and a line failed (so scripts piped in can tell).
/// Throws muster::error / script_error when the ruleset, a variant or the start file fails.
int run_repl(const repl_options& options);

/// Gives the session of `rt` what the REPL has: `repl = require("repl")` and, when the loaded
/// ruleset has a `repl` table, its helpers (unit, combat, shoot...) as session globals.
/// `muster run` calls it after loading modules. Throws script_error.
void install_helpers(runtime& rt, bool colour = false, bool json = false);

}  // namespace muster::cli
