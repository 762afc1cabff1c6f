// What the kernel's services hold for a script, against a meter (muster/budget.hpp): the
// battle state and the event log count what they keep by a fixed model, give it back when it
// goes, and refuse a change the meter cannot hold without making it. A test meter stands in
// for the runtime's memory budget.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "muster/budget.hpp"
#include "muster/kernel.hpp"
#include "muster/log.hpp"
#include "muster/state.hpp"

namespace {

/// A meter with a memory limit, as the runtime's: hold() throws budget_error past it.
class limited_meter : public muster::work_meter {
 public:
  explicit limited_meter(std::size_t limit) : limit_(limit) {}
  void hold(std::int64_t bytes) override {
    if (bytes < 0) {
      held_ -= static_cast<std::size_t>(-bytes);
      return;
    }
    if (held_ + static_cast<std::size_t>(bytes) > limit_) throw muster::budget_error("memory budget exhausted (test)");
    held_ += static_cast<std::size_t>(bytes);
  }
  std::size_t held() const { return held_; }

 private:
  std::size_t limit_;
  std::size_t held_ = 0;
};

muster::battle_state small_battle() {
  muster::battle_state s;
  muster::side red;
  red.id = "red";
  s.add_side(red);
  muster::unit u;
  u.id = "orcs";
  u.side = "red";
  u.figures.resize(3);
  s.add_unit(u);
  return s;
}

// The same state, however it was reached, holds the same bytes: made change by change, or
// loaded from its save.
TEST(held_memory, the_state_counts_what_it_holds_the_same_however_it_was_made) {
  muster::battle_state s = small_battle();
  const std::size_t start = s.bytes();
  EXPECT_GT(start, 0u);
  s.set_prop("orcs", "banner", std::string(1000, 'b'));
  EXPECT_GE(s.bytes(), start + 1000);
  s.set_prop("orcs", "banner", std::string(10, 'b'));  // replaced: the long text is given back
  EXPECT_LT(s.bytes(), start + 1000);
  s.set_counter("orcs", "kills", 3);
  s.set_marker("orcs", "order", "charge");
  s.add_figure("orcs", muster::figure{});
  const std::string fig = s.get_unit("orcs").figures.front().id;
  s.set_equipment(fig, {"spear", "shield"});
  s.set_name("orcs", "Orc spearmen");
  s.add_secret("red", "orders", "hold the hill");
  s.set_clock(2, "movement");
  muster::battle_state loaded;
  loaded.load_json(s.save_json());
  EXPECT_EQ(loaded.bytes(), s.bytes());
  // Taking everything away gives everything back.
  s.del_prop("orcs", "banner");
  s.del_counter("orcs", "kills");
  s.del_marker("orcs", "order");
  s.del_figure(fig);
  muster::battle_state reloaded;
  reloaded.load_json(s.save_json());
  EXPECT_EQ(reloaded.bytes(), s.bytes());
  s.del_unit("orcs");
  EXPECT_LT(s.bytes(), start);
}

TEST(held_memory, a_change_the_meter_cannot_hold_is_refused_and_changes_nothing) {
  muster::battle_state s = small_battle();
  limited_meter meter(s.bytes() + 10'000);
  s.set_meter(&meter);
  EXPECT_EQ(meter.held(), s.bytes());
  const std::string page(4000, 'x');
  s.set_prop("orcs", "a", page);
  s.set_prop("orcs", "b", page);
  const std::string before = s.save_json();
  EXPECT_THROW(s.set_prop("orcs", "c", page), muster::budget_error);
  EXPECT_EQ(s.save_json(), before);
  EXPECT_EQ(meter.held(), s.bytes());
  muster::side blue;
  blue.props = {{"motto", page}};
  EXPECT_THROW(s.add_side(blue), muster::budget_error);
  EXPECT_EQ(s.save_json(), before);  // not even the generated id's counter moved
  // What is freed can be used again.
  s.del_prop("orcs", "a");
  s.set_prop("orcs", "c", page);
  EXPECT_EQ(meter.held(), s.bytes());
  // Loading a save that does not fit changes nothing either.
  muster::battle_state big = small_battle();
  for (const char* name : {"p1", "p2", "p3", "p4"}) big.set_prop("orcs", name, page);
  const std::string now = s.save_json();
  EXPECT_THROW(s.load_json(big.save_json()), muster::budget_error);
  EXPECT_EQ(s.save_json(), now);
  // A smaller one fits (with room for the document parsed, held while the state is built
  // from it), and the meter follows it down.
  s.del_prop("orcs", "b");
  s.del_prop("orcs", "c");
  s.load_json(small_battle().save_json());
  EXPECT_EQ(meter.held(), s.bytes());
  s.set_meter(nullptr);
  EXPECT_EQ(meter.held(), 0u);
}

TEST(held_memory, the_log_counts_its_events_and_refuses_one_it_cannot_hold) {
  muster::event_log log;
  limited_meter meter(10'000);
  log.set_meter(&meter);
  log.add("note", {{"text", std::string(3000, 'x')}});
  log.add("note", {{"text", std::string(3000, 'y')}});
  EXPECT_EQ(meter.held(), log.bytes());
  EXPECT_GT(log.bytes(), 6000u);
  EXPECT_THROW(log.add("note", {{"text", std::string(5000, 'z')}}), muster::budget_error);
  EXPECT_EQ(log.size(), 2u);
  log.clear();
  EXPECT_EQ(meter.held(), 0u);
  log.add("note", {{"text", std::string(5000, 'z')}});
  EXPECT_EQ(log.size(), 1u);
}

TEST(held_memory, a_kernel_counts_its_state_and_log_against_the_meter_it_is_given) {
  muster::kernel k;
  k.state.load_json(small_battle().save_json());
  k.log.add("note", {{"text", std::string("hello")}});
  limited_meter roomy(1 << 20);
  k.set_meter(&roomy);
  EXPECT_EQ(roomy.held(), k.state.bytes() + k.log.bytes());
  // A meter that cannot hold what the kernel keeps is refused, and the first one stays.
  limited_meter tiny(16);
  EXPECT_THROW(k.set_meter(&tiny), muster::budget_error);
  EXPECT_EQ(tiny.held(), 0u);
  EXPECT_EQ(k.meter(), &roomy);
  EXPECT_EQ(roomy.held(), k.state.bytes() + k.log.bytes());
  k.set_meter(nullptr);
  EXPECT_EQ(roomy.held(), 0u);
}

}  // namespace
