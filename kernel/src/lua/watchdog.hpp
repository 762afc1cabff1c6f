// The time budget's watchdog: one thread for the process that notices a top-level call past
// its deadline and tells its runtime, from outside the Lua state (docs/decisions/0004). A
// runtime enrolls a slot; each top-level call arms it (two atomic stores, no lock, no
// system call) and disarms it at the end. The thread sleeps until the earliest armed
// deadline, or one time budget after its last look, so it wakes only when a call could have
// run out. Only kernel/src/lua/ includes this.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>

namespace muster::detail {

class watchdog {
 public:
  using clock = std::chrono::steady_clock;

  /// One runtime's place in the watch. Its budget is fixed at enrollment.
  struct slot {
    clock::duration budget{};
    /// Called on the watchdog thread, with the watch locked, when the armed call `call` has
    /// passed its deadline; at most once per call. Must not block or throw.
    std::function<void(std::uint64_t call)> expire;

    std::atomic<clock::rep> deadline{0};  ///< 0: no call armed
    std::atomic<std::uint64_t> call{0};   ///< the armed (or last) call's number
    std::atomic<std::uint64_t> expired{~std::uint64_t{0}};  ///< the last call found past its deadline
    int pauses = 0;         ///< pause() calls not yet resumed (the Lua thread's own)
    clock::rep left = -1;   ///< while paused: the time that was left, -1 when no call was armed

    /// Arms the slot for a new top-level call; returns its number.
    std::uint64_t arm() noexcept {
      const std::uint64_t n = call.fetch_add(1) + 1;
      deadline.store((clock::now() + budget).time_since_epoch().count());
      return n;
    }
    void disarm() noexcept { deadline.store(0); }
    /// Stops the armed call's clock (the host waits for a person); nested pauses count, and
    /// only the outermost resume starts the clock again with the time that was left. Called
    /// from the call's own thread only.
    void pause() noexcept {
      if (pauses++ > 0) return;
      const clock::rep d = deadline.exchange(0);
      // A deadline already passed stays passed: nothing left, not "no call armed".
      left = d == 0 ? -1 : std::max<clock::rep>(0, d - clock::now().time_since_epoch().count());
    }
    void resume() noexcept {
      if (pauses == 0 || --pauses > 0) return;
      if (left >= 0) deadline.store(clock::now().time_since_epoch().count() + left);
    }
    /// Whether the current call has run past its deadline.
    bool ran_out() const noexcept { return expired.load(std::memory_order_relaxed) == call.load(std::memory_order_relaxed); }
  };

  /// The process's watchdog (its thread starts with the first enrollment).
  static watchdog& instance();

  /// Adds `s` to the watch (its budget > 0); withdraw before `s` is destroyed. After
  /// withdraw returns, `expire` is not running and will not run again.
  void enroll(slot& s);
  void withdraw(slot& s) noexcept;

 private:
  struct state;
  watchdog();
  state* state_;
};

}  // namespace muster::detail
