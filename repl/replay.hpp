// `muster replay LOG`: a battle's event log played again and checked. The log holds the
// modules (with their content hashes), the battle's setup, every roll and every choice, and the
// state's hash after every phase; the replay loads the same modules, sets the same battle up,
// takes each die from the log (its label and size checked) and each side's answers from it (its
// question checked), and compares the state's hash after every phase. The first difference is
// named with its turn and phase, so a tampered log, or rules changed since, are caught where
// they first change the battle; the replayed battle can be written as the replay viewer (the
// same page as `muster battle --html`). See docs/battle.md.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "muster/choice.hpp"
#include "muster/dice.hpp"
#include "muster/kernel.hpp"
#include "muster/log.hpp"
#include "muster/runtime.hpp"

namespace CLI {
class App;
}

namespace muster::cli {

/// A battle's event log (written by muster battle --log FILE --jsonl), read to play the
/// battle again: its setup, its modules, its rolls, its answers and its state hashes, each
/// given out in order and checked against what the battle asks for. The first difference is
/// kept (parted()), worded with its turn, phase and the event's seq. Used by `muster replay`,
/// `muster battle --resume` and the REPL's :resume.
class battle_log {
 public:
  /// Reads the log. Throws input_error naming the file and line of what is not a battle's
  /// JSON Lines log.
  explicit battle_log(const std::string& file);
  ~battle_log();
  battle_log(const battle_log&) = delete;
  battle_log& operator=(const battle_log&) = delete;

  const std::string& file() const noexcept;
  const std::vector<std::string>& sides() const noexcept;
  /// The state hashes not yet compared: at first, the whole phases the log holds.
  std::size_t phases() const noexcept;
  /// The battle's seed as its setup event recorded it, if it did. Throws input_error for a
  /// seed that is not a number.
  std::optional<std::uint64_t> seed() const;
  const std::string& ruleset() const noexcept;              ///< as load_modules takes it
  const std::vector<std::string>& variants() const noexcept; ///< as load_modules takes them
  const std::vector<std::string>& options() const noexcept;  ///< NAME=VALUE, MODULE.NAME=VALUE
  /// The battle's setup as Lua source for repl.battle_start: every side answered from the log
  /// (the policy "replay", add_replay_policy), with `more` fields (", frames = ...").
  std::string setup(const std::string& more) const;
  /// "" when every module of `loaded` is the one the log was made with, else what differs.
  std::string changed_module(const std::vector<loaded_module>& loaded) const;
  /// A save ends at a phase's end: drops the rolls and answers after the last whole phase (a
  /// log cut short).
  void cut_to_whole_phases();

  /// The next roll of the log for `request` into `faces` (its label, dice and faces
  /// checked); false when the log has none left. A difference throws (and is kept).
  bool take_roll(const dice_request& request, std::span<int> faces);
  /// Throws: the battle throws where the log has no roll left.
  [[noreturn]] void no_roll_left(const dice_request& request);
  /// The side's next logged answer (its question and its fit checked).
  choice_answer answer(const choice_request& request);
  /// The sides of the log's next roll when it is a "random choice" drawn for the side's next
  /// answer (the policy `random`), else nothing.
  std::optional<int> pending_draw(const choice_request& request) const;
  /// Compares a state_hash event of the battle with the log's next hash (after hand_over,
  /// nothing more is compared).
  void compare(const event& e);
  /// From now on the battle is played on, not from the log.
  void hand_over() noexcept;
  /// What the log holds that the battle never used (rolls, answers, phases), or "".
  std::string leftovers() const;

  const std::optional<std::string>& parted() const noexcept;
  void set_parted(std::string why);  ///< keeps the first only
  std::size_t checked() const noexcept;   ///< state hashes that matched
  std::size_t answered() const noexcept;  ///< answers given from the log

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// What replay_phases played.
struct replayed {
  std::string lines;  ///< the battle's lines, as said
  int phases = 0;     ///< whole phases played again
};

/// Sets the log's battle up in `rt` (repl.battle_start with the log's setup and `more`
/// fields) and plays its whole phases again, phase by phase, until the log's phases are played,
/// the battle is over or it parts from the log; then notes what the log holds that the battle
/// never used. A difference is in log.parted(). The dice, the answers and the hashes must be
/// wired to the log (add_replay_policy, log.take_roll, log.compare).
replayed replay_phases(runtime& rt, battle_log& log, const std::string& more);

/// Registers the policy "replay" on k.choices: the log's answers, in order (log.answer), each
/// after the dice a `random` side drew for it, thrown again through k.dice. The log must
/// outlive the policy (chooser::del_policy).
void add_replay_policy(kernel& k, battle_log& log);

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
