// The turn sequencer: runs a ruleset's pre-battle steps and battle turns as declared in a
// turn_structure (phases, steps, sides, time dial, interrupt windows), with hooks before and
// after any phase or step, interrupt windows opened from inside steps, a time dial and a
// per-turn deferred queue. It keeps the turn number and time and logs every transition to the
// event_log. It knows no game: every step is a ruleset callback. No Lua here (bind_turn.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "muster/error.hpp"
#include "muster/log.hpp"

namespace muster {

/// Where a callback runs; handed to every step, hook and side-order function. The views stay
/// valid only during the call.
struct turn_context {
  std::int64_t turn = 0;   ///< the turn in progress; 0 in pre-battle
  std::string_view phase;  ///< the phase id; "" in pre-battle and outside phases
  std::string_view side;   ///< the side acting; "" when the sides act simultaneously
  std::string_view at;     ///< the step or phase id the callback belongs to ("turn" for the
                           ///< whole turn, "pre_battle" for the pre-battle sequence)
};

/// A step or hook. Throwing aborts the turn (see sequencer::run_turn).
using step_fn = std::function<void(const turn_context&)>;
/// Returns the sides in the order they play: a permutation of turn_structure::sides.
using order_fn = std::function<std::vector<std::string>(const turn_context&)>;

/// How the sides share one phase when turns run phases_then_sides.
enum class side_mode {
  simultaneous,  ///< the phase runs once, side ""
  each,          ///< the phase runs once per side, in the order of the order function
};

/// How a turn is laid out.
enum class turn_mode {
  phases_then_sides,  ///< every phase in order; both sides finish it before the next
  sides_then_phases,  ///< IGOUGO: the first side plays every phase, then the next side
};

/// Before or after a point (hooks, step insertion).
enum class relation { before, after };

/// One step of the pre-battle sequence or of a phase. `fn` may be empty only until a
/// set_step() fills it; running an empty step throws.
struct step_decl {
  std::string id;                   ///< unique across the whole structure (phases and steps)
  step_fn fn;
  std::string source = "ruleset";   ///< who supplied fn: "ruleset" or a variant's name
};

/// One phase of the battle turn.
struct phase_decl {
  std::string id;    ///< unique; an identifier, not "turn" or "pre_battle"
  std::string name;  ///< for people ("Phase Two: Shooting"); may be empty
  side_mode sides = side_mode::simultaneous;  ///< ignored in sides_then_phases mode
  std::vector<step_decl> steps;               ///< run in order; may be empty
  order_fn order;  ///< sides' order for this phase (mode each); empty: turn_structure::order
};

/// A ruleset's whole sequence of play, declared as data.
struct turn_structure {
  std::vector<step_decl> pre_battle;  ///< run once by run_pre_battle(), side ""
  turn_mode mode = turn_mode::phases_then_sides;
  std::vector<phase_decl> phases;     ///< at least one
  std::vector<std::string> sides;     ///< at least one, unique identifiers; the fixed order
  /// Sides' order: once per turn in sides_then_phases mode (context phase ""), and for each
  /// per-side phase without its own order. Empty: `sides` as declared.
  order_fn order;
  std::vector<std::string> time_steps;  ///< the time dial, cyclic; empty: no time dial
  std::size_t time_start = 0;           ///< 0-based index into time_steps
  std::vector<std::string> windows;     ///< the interrupt windows open_window accepts
  int max_window_depth = 8;             ///< windows nested deeper than this throw; 1..64
};

/// A hook: runs before or after a phase, a step, the whole turn ("turn") or the pre-battle
/// sequence ("pre_battle"). Hooks at one point run by ascending priority, then in
/// registration order; replacing one keeps its place.
struct hook {
  std::string id;  ///< unique among hooks; empty: "<source>.<before|after>.<at>", with "#2",
                   ///< "#3"... appended while that is taken
  relation when = relation::before;
  std::string at;
  std::string source = "ruleset";
  std::int64_t priority = 0;
  step_fn fn;
};

/// What a window handler is told.
struct window_context {
  std::int64_t turn = 0;
  std::string_view phase;
  std::string_view window;       ///< the window's name ("dispel")
  std::string_view side;         ///< the side that may respond; "" = any side
  int depth = 1;                 ///< 1 for a window opened by a step, 2 inside a handler...
  std::vector<field>& payload;   ///< shared by the handlers of one opening; they may edit it
};

using window_fn = std::function<void(const window_context&)>;

/// A handler of an interrupt window. Handlers of one window run by ascending priority, then
/// in registration order.
struct window_handler {
  std::string id;  ///< unique among handlers; empty: "<source>.<window>" (+ "#2"...)
  std::string window;
  std::string source = "ruleset";
  std::int64_t priority = 0;
  window_fn fn;
};

/// An item queued for the next turn (a compulsory move): a kind and data fields.
struct deferred_item {
  std::string kind;
  std::vector<field> fields;
};

/// The position of the time dial.
struct time_point {
  std::size_t index = 0;  ///< 0-based index into turn_structure::time_steps
  std::string_view name;  ///< "" when there is no time dial
};

/// A failure inside a step, hook, handler or side-order function. what() reads
/// "<where>: <cause's what()>", where = "step 'volleys' (turn 2, shooting, side red)";
/// cause() keeps the original exception (e.g. a muster::script_error with its traceback).
class step_error : public error {
 public:
  step_error(std::string where, const std::string& message, std::exception_ptr cause)
      : error(where + ": " + message), where_(std::move(where)), cause_(std::move(cause)) {}
  const std::string& where() const noexcept { return where_; }
  std::exception_ptr cause() const noexcept { return cause_; }

 private:
  std::string where_;
  std::exception_ptr cause_;
};

/// Runs turns. Events it logs (kind: fields), each stamped with the clock it sets:
///   pre_battle_start, pre_battle_end; turn_start: [time]; turn_end;
///   phase_start/phase_end: [side]; step: id [side]; hook: id when at source [side];
///   window_open: window side depth; handler: window id source; window_close: window depth;
///   time_advance: from to; deferred: item ...fields; battle_over: reason;
///   turn_abort: at error.
/// Not thread-safe; callbacks may call back into the sequencer (open_window, set_over,
/// add_deferred, hooks and set_step), but structural edits are refused while it runs.
class sequencer {
 public:
  /// Logs into `log`, which must outlive the sequencer. Starts with no structure.
  explicit sequencer(event_log& log);
  sequencer(const sequencer&) = delete;
  sequencer& operator=(const sequencer&) = delete;

  /// Validates and installs a structure, then resets the turn to 0, the time to time_start,
  /// the over flag and the deferred queues. Throws muster::error naming the field at fault
  /// (nothing changes), also when an existing hook or handler would point nowhere.
  void set_structure(turn_structure s);
  /// Returns whether set_structure() has succeeded since the last clear().
  bool has_structure() const noexcept { return has_structure_; }
  const turn_structure& structure() const noexcept { return structure_; }

  /// Replaces the function of step `id` (a variant's version), recording `source`.
  void set_step(std::string_view id, step_fn fn, std::string_view source = "ruleset");
  /// Inserts a step into phase `in` (or "pre_battle"), before or after step `anchor` of that
  /// list; an empty anchor means first (before) or last (after). Refused while running.
  void add_step(std::string_view in, step_decl s, relation where = relation::after,
                std::string_view anchor = {});
  /// Removes step `id` and the hooks attached to it. Refused while running.
  void del_step(std::string_view id);

  /// Registers a hook; returns its id. Throws on an unknown point, duplicate id or empty fn.
  std::string add_hook(hook h);
  /// Replaces hook `id`'s function and source, keeping its place.
  void set_hook(std::string_view id, step_fn fn, std::string_view source);
  void del_hook(std::string_view id);
  /// The hooks at `at`, in the order they run (before hooks first).
  std::vector<hook> hooks_at(std::string_view at) const;

  /// Registers a handler of a declared window; returns its id.
  std::string add_window_handler(window_handler h);
  void set_window_handler(std::string_view id, window_fn fn, std::string_view source);
  void del_window_handler(std::string_view id);
  /// Opens window `name`: runs each of its handlers in order, telling them `side` may respond;
  /// they share and may edit `payload`. Handlers may open windows in turn; beyond
  /// max_window_depth it throws. Usable from any callback and between turns.
  void open_window(std::string_view name, std::string_view side, std::vector<field>& payload);

  /// Runs the pre-battle steps once (turn 0). Throws if already run or a turn has started.
  void run_pre_battle();
  /// Runs one battle turn: turn_start, the phases, the end-of-turn time step, turn_end.
  /// Returns false when the battle is over (set_over) by its end. Throws when over already.
  /// On an exception from a callback the turn number, time, deferred queues and clock are
  /// restored to their values before the turn, a turn_abort event is logged, and a
  /// step_error naming the failing step propagates. A turn that run_next_phase() has begun is played
  /// to its end (and a failure puts it back where run_next_phase() left it).
  bool run_turn();
  /// Runs the next phase of the battle and stops (a person stepping phase by phase, a save
  /// between phases): when no turn is under way it begins one first (turn_start, the turn's
  /// before hooks), and after the turn's last phase it ends it (the after hooks, the time
  /// step, turn_end), so one call after another logs what run_turn() logs. A phase played per
  /// side is one step per side. Returns false when the battle is over. On an exception the
  /// sequencer is put back as it was before this step, as run_turn() does for a turn.
  bool run_next_phase();
  /// Whether a turn is under way: run_next_phase() has begun it and not yet ended it.
  bool in_turn() const noexcept { return cursor_.in_turn; }
  /// The id of the phase the next run_next_phase() plays ("" with no structure, or when over).
  std::string_view next_phase() const noexcept;
  /// Runs up to `turns` turns (>= 0), stopping early when the battle is over; returns how
  /// many ran (the rest of a turn run_next_phase() began counts as one).
  std::int64_t run(std::int64_t turns);

  /// The turn in progress, or the last one completed; 0 before the first.
  std::int64_t turn() const noexcept { return turn_; }
  /// Where the sequencer is now (phase, side, step); all empty between runs.
  turn_context current() const noexcept;
  /// The time dial's position.
  time_point time() const noexcept;
  /// Moves the time dial to `index` (0-based); throws when out of range or there is no dial.
  void set_time(std::size_t index);

  /// Ends the battle: the current step or hook finishes, nothing after it runs this turn,
  /// the time does not advance, and run() stops. Logs battle_over. Between two phases of a
  /// turn that run_next_phase() began, the turn ends at once (turn_end). Empty reason refused.
  void set_over(std::string_view reason);
  bool over() const noexcept { return over_; }
  const std::string& over_reason() const noexcept { return over_reason_; }

  /// Queues an item for the next turn (pre-battle: for turn 1) and logs it as `deferred`.
  /// The field name "item" is reserved.
  void add_deferred(std::string kind, std::vector<field> fields);
  /// The items queued for this turn during the previous one (or pre-battle), in order.
  /// Empty between turns: they are dropped when the turn ends.
  const std::vector<deferred_item>& deferred() const noexcept { return deferred_now_; }
  /// The items queued so far for the next turn.
  const std::vector<deferred_item>& queued() const noexcept { return deferred_next_; }

  /// Drops every callback, the structure, hooks, handlers and queues, and resets the turn:
  /// as newly constructed. The Lua runtime calls it before closing its lua_State; never call
  /// it from inside a callback.
  void clear() noexcept;

 private:
  struct run_state;
  /// Where a turn under way stands between run_next_phase() calls.
  struct cursor {
    bool in_turn = false;
    std::size_t phase = 0;            ///< the next phase (sides_then_phases: within the side)
    std::vector<std::string> order;   ///< the sides' order: this phase's, or the turn's
    std::size_t side = 0;             ///< the next side in `order`
    bool ordered = false;             ///< `order` is known for the current phase
  };
  run_state snapshot() const;
  /// Runs `work` as one run: on an exception the sequencer is put back as it was before it
  /// (abort_run) and the exception goes on.
  void run_guarded(const std::function<void()>& work);
  void abort_run(run_state& saved, std::string_view error) noexcept;
  void check_can_run(std::string_view what) const;
  void advance();  ///< one step's work, unguarded: begin a turn, one phase, end the turn
  void begin_turn();
  void end_turn();
  void run_point(relation when, std::string_view at, std::string_view side);
  void run_steps(const std::vector<step_decl>& steps, std::string_view side);
  void run_phase(const phase_decl& p, std::string_view side);
  std::vector<std::string> side_order(const order_fn& fn, std::string_view phase);
  std::string where(std::string_view what) const;
  bool point_exists(std::string_view at) const;
  step_decl* find_step(std::string_view id, std::vector<step_decl>** list);
  void set_clock(std::string_view phase);

  event_log& log_;
  turn_structure structure_;
  bool has_structure_ = false;
  std::vector<hook> hooks_;
  std::vector<window_handler> handlers_;
  std::int64_t turn_ = 0;
  std::size_t time_ = 0;
  bool pre_battle_done_ = false;
  bool running_ = false;
  cursor cursor_;
  bool over_ = false;
  std::string over_reason_;
  std::string phase_;
  std::string side_;
  std::string at_;
  std::vector<std::string> window_stack_;
  std::vector<deferred_item> deferred_now_;
  std::vector<deferred_item> deferred_next_;
};

}  // namespace muster
