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
  /// Throws budget_error, counting nothing, when the budget cannot hold them.
  virtual void hold(std::int64_t bytes) { (void)bytes; }
};

/// Charges work in steps: call tick() once per unit of a loop; every `every` ticks it
/// charges them together, so a tight loop pays the meter's cost rarely.
class work_ticker {
 public:
  explicit work_ticker(work_meter& meter, std::uint32_t every = 4096) : meter_(meter), every_(every) {}
  void tick() {
    if (++count_ >= every_) flush();
  }
  void flush() {
    if (count_ == 0) return;
    const std::uint32_t n = count_;
    count_ = 0;
    meter_.charge(n);
  }

 private:
  work_meter& meter_;
  std::uint32_t every_;
  std::uint32_t count_ = 0;
};

}  // namespace muster
