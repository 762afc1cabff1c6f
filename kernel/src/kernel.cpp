// Composes one battle's services and wires them: explained rolls and choices go to the event
// log; the state's audit clock follows the sequencer's; the "random" choice policy draws from
// the kernel's own dice so it stays seeded.
#include "muster/kernel.hpp"

namespace muster {

kernel::kernel(std::uint64_t seed) : dice(seed), turn(log), choices(log) {
  dice.set_mode(roll_mode::explain);
  dice.set_observer([this](const roll_record& r) {
    log.add_fields("roll", "label", r.label, "op", op_name(r.op), "dice",
                   fmt::format("{}D{}", r.count, r.sides), "faces", r.faces, "result", r.result);
  });
  log.set_clock_listener([this](std::int64_t turn_number, std::string_view phase) {
    state.set_clock(turn_number, std::string(phase));
  });
  choices.set_draw([this](std::int64_t n) -> std::int64_t {
    if (n <= 1) return 1;
    return dice.roll_sum("random choice", dice_expr{1, static_cast<int>(n), 0});
  });
}

void kernel::set_meter(work_meter* m) {
  work_meter* const next = m ? m : &no_meter_;
  state.set_meter(next);
  try {
    log.set_meter(next);
  } catch (...) {
    state.set_meter(meter());  // gives them back: holding less never throws
    throw;
  }
  meter_ = m;
  dice.set_meter(meter());
}

}  // namespace muster
