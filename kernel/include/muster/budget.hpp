// Work and memory a service spends on a script's behalf, charged to the budgets of the runtime
// that asked (docs/decisions/0004). A service that may loop long or hold much memory within one
// call (an enumeration, a large geometry query) charges the kernel's meter as it goes; the
// meter throws budget_error when a budget has run out, and the runtime reports it as the
// script's budget failure (the script cannot catch it). Without a runtime the meter does
// nothing. No Lua here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "muster/error.hpp"

namespace muster {

/// A budget ran out while a service worked for a script: instructions, time, memory or output.
/// what() is the budget's one-line message, e.g. "time budget exhausted (10 s)".
class budget_error : public error {
 public:
  using error::error;
};

/// Where services charge their work. The runtime installs its own (kernel::meter); the default
/// counts nothing and never throws.
class work_meter {
 public:
  virtual ~work_meter() = default;
  /// Charges `units` of work, each about one VM instruction's worth (a comparison, a step of a
  /// loop, 16 bytes copied). Throws budget_error when the instruction or time budget is out.
  virtual void charge(std::uint64_t units) { (void)units; }
  /// Counts `bytes` more (or, negative, fewer) held for the script against the memory budget.
  /// Throws budget_error, counting nothing, when the budget cannot hold them; giving bytes
  /// back (negative) never throws.
  virtual void hold(std::int64_t bytes) { (void)bytes; }

  /// The meter that counts nothing (a service with no runtime charges this one).
  static work_meter& none() noexcept {
    static work_meter idle;
    return idle;
  }
};

/// Bytes a service holds on a script's behalf, counted against the meter's memory budget for
/// as long as this lives: add() before allocating (it throws budget_error, adding nothing,
/// when the budget cannot hold them), and the destructor gives everything back.
class held_memory {
 public:
  explicit held_memory(work_meter& meter) : meter_(&meter) {}
  held_memory(const held_memory&) = delete;
  held_memory& operator=(const held_memory&) = delete;
  ~held_memory() { release(held_); }
  void add(std::size_t bytes) {
    meter_->hold(static_cast<std::int64_t>(bytes));
    held_ += bytes;
  }
  /// Gives back `bytes` of those held (at most all of them).
  void release(std::size_t bytes) noexcept {
    bytes = bytes < held_ ? bytes : held_;
    if (bytes == 0) return;
    held_ -= bytes;
    meter_->hold(-static_cast<std::int64_t>(bytes));
  }
  std::size_t bytes() const noexcept { return held_; }
  work_meter& meter() const noexcept { return *meter_; }

 private:
  work_meter* meter_;
  std::size_t held_ = 0;
};

/// Charges work in steps: call tick() once per unit of a loop; every `every` ticks it
/// charges them together, so a tight loop pays the meter's cost rarely.
class work_ticker {
 public:
  explicit work_ticker(work_meter& meter, std::uint32_t every = 4096) : meter_(meter), every_(every) {}
  void tick() {
    if (++count_ >= every_) flush();
  }
  /// Counts `units` at once (a step that costs more than one).
  void add(std::uint32_t units) {
    count_ += units;
    if (count_ >= every_) flush();
  }
  void flush() {
    if (count_ == 0) return;
    const std::uint64_t n = count_;
    count_ = 0;
    meter_.charge(n);
  }

 private:
  work_meter& meter_;
  std::uint32_t every_;
  std::uint64_t count_ = 0;
};

}  // namespace muster
