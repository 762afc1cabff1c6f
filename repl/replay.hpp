// `muster replay LOG`: a battle's event log played again and checked. The log holds the
// modules (with their content hashes), the battle's setup, every roll and every choice, and the
// state's hash after every phase; the replay loads the same modules, sets the same battle up,
// takes each die from the log (its label and size checked) and each side's answers from it (its
// question checked), and compares the state's hash after every phase. The first difference is
// named with its turn and phase, so a tampered log, or rules changed since, are caught where
// they first change the battle; the replayed battle can be written as the replay viewer (the
// same page as `muster battle --html`). See docs/battle.md.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace muster::cli {

/// What `muster replay` is started with.
struct replay_options {
  std::string log_file;  ///< a log written by `muster battle --log FILE --jsonl`
  std::string html_file; ///< the replay viewer written here when the replay gives the same battle
  bool quiet = false;    ///< only the verdict
};

/// Adds the `replay` subcommand to `app`, filling `options` when it is parsed.
CLI::App* add_replay_command(CLI::App& app, replay_options& options);

/// Replays the log. Prints the battle's lines (unless quiet) and the verdict; returns 0 when
/// the replay gives the same battle, 1 at the first difference ("turn 3, movement: the state
/// hash is 9f..., the log says 41..."). Throws input_error for a log that cannot be read as a
/// battle's JSON Lines log (named by its line). With html_file, writes the replay viewer of the
/// battle (write_viewer) after a verdict of the same battle; one that differs writes none.
int run_replay(const replay_options& options);

struct battle_options;

/// `muster battle --resume LOG`: sets the battle of a log (a save, written by muster battle
/// --log FILE --jsonl, stopped by --phases or cut short) up again, plays its whole phases again
/// with its dice and answers, checked as a replay checks them, then hands the sides to the
/// options' controllers and plays on (play_on) with the dice seeded by the log's seed (or
/// --seed): with the same seed and controllers the battle goes on as it would have without the
/// stop. Throws input_error for options the log gives (armies, scenario, modules), muster::error
/// "resume: ..." when the log's modules changed or the battle parts from the log.
int run_resume(const battle_options& options);

}  // namespace muster::cli
