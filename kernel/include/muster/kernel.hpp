// The kernel: one battle's (or one simulation worker's) services, composed. It owns them and
// wires them together (rolls and choices go to the event log); it decides nothing itself.
// A muster::runtime runs Lua over one kernel. Not thread-safe: one kernel per thread.
#pragma once

#include "muster/budget.hpp"
#include "muster/choice.hpp"
#include "muster/dice.hpp"
#include "muster/log.hpp"
#include "muster/state.hpp"
#include "muster/turn.hpp"

namespace muster {

struct kernel {
  /// Seeds the dice with `seed` (a seeded source); see roller::set_source for others.
  explicit kernel(std::uint64_t seed = 0);
  kernel(const kernel&) = delete;
  kernel& operator=(const kernel&) = delete;

  event_log log;       ///< every roll, choice, phase and ruleset event, in order
  roller dice;         ///< the dice service; its source decides where faces come from
  battle_state state;  ///< sides, commands, units, figures, markers, terrain
  sequencer turn;      ///< pre-battle steps, phases, hooks, turn number and time
  chooser choices;     ///< the controllers that answer player choices, one per side

  /// Where the services charge work and memory spent for a script (budget.hpp). The runtime
  /// running over this kernel sets its own for its lifetime; the default charges nothing.
  /// The battle state and the event log hold what they keep against it. Throws
  /// budget_error, changing nothing, when `m` cannot hold what they keep already.
  work_meter* meter() noexcept { return meter_ ? meter_ : &no_meter_; }
  void set_meter(work_meter* m);

 private:
  work_meter no_meter_;
  work_meter* meter_ = nullptr;
};

}  // namespace muster
