// `muster battle`: a whole battle played from deployment to victory by the ruleset's battle
// (scripts/rulesets/fantasy_warriors/battle.lua): the scenario laid out or two armies set out
// on an open field, each side played by a bot policy, a script of answers or a Lua script,
// turn by turn (or phase by phase when it is to stop at a phase: a save), each one call into
// Lua under its own budgets; the phases' lines printed, the pictures, the replay viewer and the
// event log written; a saved battle resumed (replay.hpp). Thin: every rule and decision lives
// in Lua. See docs/battle.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace muster {
struct kernel;
class runtime;
}

namespace muster::cli {

/// What `muster battle` is started with.
struct battle_options {
  std::vector<std::string> armies;    ///< two army files, or none (the scenario's armies)
  std::string scenario;               ///< a scenario file: its table and terrain, and its armies when none are given
  std::uint64_t seed = 1;
  int turns = 8;                      ///< Restricted Turns: the battle ends after this many
  std::vector<std::string> sides;     ///< SIDE=bot|first|last|random|POLICY|script:FILE
  std::string ruleset = "fantasy_warriors";
  std::vector<std::string> variants;
  std::vector<std::string> options;
  std::string log_file;               ///< the event log written here
  bool jsonl = false;                 ///< the log as JSON Lines
  std::string svg_every;              ///< "phase" or "turn": pictures of the table
  std::string svg_dir = "battle-svg"; ///< where the pictures go
  std::string html_file;              ///< the replay viewer written here (a picture every phase)
  bool quiet = false;                 ///< only the outcome
  int phases = 0;                     ///< stop once this many phases are played (0: to the end)
  std::string resume;                 ///< a log (a save) to set the battle up from and play on
  bool seed_given = false;            ///< --seed was given (a resumed battle takes the log's)
  bool turns_given = false;           ///< --turns was given (refused with --resume)
  bool ruleset_given = false;         ///< --ruleset was given (refused with --resume)
};

/// A battle's setup as Lua source, the table the ruleset's battle(lib, opts) takes: the
/// scenario (its text read here, so a club's file outside the Muster root plays too), the two
/// armies (or none), the turns, and `more` fields written as Lua ("controllers = {...}").
/// Shared by `battle`, `sweep` and `replay`. Throws when the scenario cannot be read.
std::string battle_setup(const std::string& scenario, const std::vector<std::string>& armies, int turns,
                         const std::string& more = {});

/// Runs Lua in a battle's session and returns its string result. An error the ruleset raises
/// as "input: <field>: <why>" (a bad scenario, a side not in the battle) becomes input_error,
/// so every command reports bad input alike (status 2).
std::string eval_battle(runtime& rt, const std::string& code);

/// The battle setup's field that keeps a picture of every phase, as the viewer needs (Lua
/// source, for `more` above).
inline constexpr const char* viewer_frames = "frames = \"phase\"";

/// Writes the replay viewer of the battle set up in `rt` with viewer_frames and played: one
/// self-contained HTML page stepping through its pictures (scripts/lib/viewer.lua). Returns the
/// line to tell ("wrote the replay viewer to b.html"). Shared by `battle` and `replay`. Throws
/// muster::error "cannot write '<file>'".
std::string write_viewer(runtime& rt, const std::string& file);

/// The battle's controllers from the command line (--side) as a Lua table's source, "{[...] =
/// ...}". Throws input_error for a bad --side.
std::string battle_controllers(const battle_options& options);
/// Registers the policy of each `--side SIDE=lua:FILE`: FILE (run in the sandbox) returns a
/// function(request) -> answer, registered under the file's stem (cautious.lua: "cautious").
/// Throws input_error for a file name that is not an identifier or a file that returns no
/// function, script_error for a broken file (its file:line).
void add_lua_policies(runtime& rt, const battle_options& options);
/// The battle's pictures (--svg-every, --html) as more fields of battle_setup's `more` (", frames
/// = ..."; "" for none).
std::string battle_frames(const battle_options& options);

/// Plays a battle set up in `rt` (repl.battle_start done) on to its end, or until
/// options.phases phases have been played in all (`played` of them already, a resumed
/// battle's): prints each turn's or phase's lines (unless quiet) and the outcome or where it
/// stopped, writes the pictures, the viewer and the log. Returns 0. When a turn or phase
/// fails, the log (a save up to the last whole phase) is still written before the error goes on.
int play_on(kernel& k, runtime& rt, const battle_options& options, int played);

/// Runs Lua in a session and returns its result as text (as eval_battle does) whatever its
/// length: an evaluation's rendering is cut past 64 KiB, so a long text (a picture, the
/// viewer's page) is taken in slices.
std::string eval_long(runtime& rt, const std::string& code);

/// Adds the `battle` subcommand to `app`, filling `options` when it is parsed.
CLI::App* add_battle_command(CLI::App& app, battle_options& options);

/// Plays the battle. Prints each turn's lines (unless quiet) and the outcome; returns 0.
/// Throws input_error for bad options (a side not in the battle, a bad script file) and what
/// the ruleset raises (a bad scenario or army names its file and line).
int run_battle(const battle_options& options);

}  // namespace muster::cli
