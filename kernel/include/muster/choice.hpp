// Player choices. Rules never bury a player's decision: they ask the chooser, which hands
// the request to the side's controller (interactive person, named policy, or scripted
// answers), validates the answer against the options, logs a "choice" event and returns the
// answer with who chose it. It owns controllers and policies; it decides nothing. No Lua here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "muster/log.hpp"

namespace muster {

/// An inclusive integer range of answers, min <= max.
struct int_range {
  std::int64_t min = 0;
  std::int64_t max = 0;
};

/// An answer: an option string, or an integer of a range.
using choice_answer = std::variant<std::string, std::int64_t>;

/// One question to one side. Exactly one of `options` (non-empty, unique) and `range`.
struct choice_request {
  std::string side;      ///< the side whose controller answers
  std::string question;  ///< a stable id, e.g. "which_special_dies", "volleys"
  std::string prompt;    ///< for people; may be empty
  std::vector<std::string> options;
  std::optional<int_range> range;
  std::vector<field> context;  ///< extra facts for controllers (unit, losses...)
  /// A hidden answer (a face-down order): the log records that the side chose, not what.
  bool secret = false;
  /// Options only suggest: any other text (1..200 printable bytes, no line break) answers too,
  /// and the asker checks it (a move planned freely: "wheel left 30, advance 3"). Policies
  /// still answer from the options. Not with a range.
  bool other = false;
};

/// A validated answer and who gave it: "player", "policy:<name>" or "script".
struct choice_result {
  choice_answer answer;
  std::string by;
};

/// Answers a request (a person at the REPL, or a policy). The chooser validates the result.
using answer_fn = std::function<choice_answer(const choice_request&)>;
/// Returns an integer in 1..n (n >= 1) from the kernel's seeded dice.
using draw_fn = std::function<std::int64_t(std::int64_t n)>;

/// A named policy, as listed by chooser::policies().
struct policy_info {
  std::string name;
  std::string doc;
  bool builtin = false;
};

/// Routes choice requests to the sides' controllers. Sides with no controller set use the
/// policy "first". Not thread-safe (one per kernel).
class chooser {
 public:
  /// Logs into `log`, which must outlive the chooser.
  explicit chooser(event_log& log);
  chooser(const chooser&) = delete;
  chooser& operator=(const chooser&) = delete;

  /// Sets where the built-in policy "random" draws from (the kernel wires its dice here).
  void set_draw(draw_fn draw) { draw_ = std::move(draw); }
  /// Sets the callback that asks a person (the REPL); empty removes it.
  void set_asker(answer_fn ask) { ask_ = std::move(ask); }

  /// Makes `side` interactive: its requests go to the asker, attributed "player".
  void set_interactive(std::string_view side);
  /// Makes `side` follow policy `name` (a built-in or one added by add_policy), attributed
  /// "policy:<name>". Throws on an unknown policy.
  void set_policy(std::string_view side, std::string_view name);
  /// Gives `side` a queue of answers, consumed one per request, attributed "script".
  void set_script(std::string_view side, std::vector<choice_answer> answers);
  /// Describes side's controller: "interactive", "policy:first", "script (2 left)".
  std::string controller(std::string_view side) const;

  /// Registers a named policy (a ruleset's "always_max_volleys"). Names are identifiers and
  /// unique; built-ins "first", "last", "random" cannot be replaced.
  void add_policy(std::string name, answer_fn fn, std::string doc);
  /// Removes a registered policy (a host's that referred to data it is about to drop); sides
  /// it controlled fall back to "first". Unknown names do nothing; built-ins cannot be removed.
  void del_policy(std::string_view name);
  /// Every policy, sorted by name.
  std::vector<policy_info> policies() const;

  /// Asks side's controller, validates the answer, logs a "choice" event
  /// (side, question, answer, by) and returns it. Throws muster::error, logging nothing, on
  /// a malformed request, an answer outside the options (a refused scripted answer stays
  /// queued), a missing asker, an exhausted script or a "random" without set_draw.
  choice_result get(const choice_request& request);

  /// Returns "" when `answer` is valid for `request`, else why not, e.g.
  /// `answer 7 is out of range 1..4` (an interactive asker can re-ask with it).
  static std::string check_answer(const choice_request& request, const choice_answer& answer);

  /// Drops ruleset policies and every side's controller (back to "first"); keeps the asker
  /// and draw. The Lua runtime calls it before closing its lua_State.
  void clear() noexcept;

 private:
  enum class kind { interactive, policy, script };
  struct controller_state {
    kind type = kind::policy;
    std::string policy = "first";
    std::deque<choice_answer> script;
  };
  struct policy_entry {
    answer_fn fn;  ///< empty for built-ins
    std::string doc;
  };

  choice_answer builtin(std::string_view name, const choice_request& r) const;

  event_log& log_;
  draw_fn draw_;
  answer_fn ask_;
  std::map<std::string, controller_state, std::less<>> controllers_;
  std::map<std::string, policy_entry, std::less<>> policies_;
};

}  // namespace muster
