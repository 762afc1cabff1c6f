// Tests for muster::sequencer (turn.hpp): the three reference turn models (Fantasy Warriors,
// North Down Warlords, Fantasy Warlord) as exact event logs, hooks and their order, variant
// edits, interrupt windows, the time dial, the deferred queue, stopping, and failures.
#include "muster/turn.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "muster/error.hpp"
#include "muster/log.hpp"

namespace {

using muster::event_log;
using muster::field;
using muster::hook;
using muster::phase_decl;
using muster::relation;
using muster::sequencer;
using muster::side_mode;
using muster::step_decl;
using muster::turn_context;
using muster::turn_mode;
using muster::turn_structure;
using muster::window_context;
using muster::window_handler;

void noop(const turn_context&) {}
void noop_window(const window_context&) {}

// The last event as text, without its "#<seq> " prefix.
std::string last_event(const event_log& log) {
  const std::string text = event_log::fmt_text(log.events().back());
  return text.substr(text.find(' ') + 1);
}

step_decl step(std::string id, muster::step_fn fn = noop) {
  return step_decl{std::move(id), std::move(fn), "ruleset"};
}

phase_decl phase(std::string id, side_mode sides, std::vector<step_decl> steps) {
  phase_decl p;
  p.id = std::move(id);
  p.name = p.id;
  p.sides = sides;
  p.steps = std::move(steps);
  return p;
}

std::vector<std::string> fw_time() {
  return {"day 1",   "day 2",   "day 3",   "day 4",   "day 5",   "day 6",
          "night 1", "night 2", "night 3", "night 4", "night 5", "night 6"};
}

// A minimal structure: phases a (steps a1, a2) and b (step b1), sides red and blue.
turn_structure small() {
  turn_structure s;
  s.phases.push_back(phase("a", side_mode::simultaneous, {step("a1"), step("a2")}));
  s.phases.push_back(phase("b", side_mode::simultaneous, {step("b1")}));
  s.sides = {"red", "blue"};
  s.windows = {"dispel", "charge_reaction"};
  return s;
}

template <typename Fn>
std::string error_of(Fn&& fn) {
  try {
    fn();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

// --------------------------------------------------------------------- reference models

TEST(turn, runs_a_fantasy_warriors_like_battle) {
  event_log log;
  sequencer seq(log);
  turn_structure s;
  for (const char* id : {"scouting", "time", "terrain", "deployment", "supplies",
                         "boasts_and_omens", "orders"})
    s.pre_battle.push_back(step(id));
  // Establishing the time: the ruleset's step sets the dial (here: Day 6).
  s.pre_battle[1].fn = [&](const turn_context&) { seq.set_time(5); };
  s.phases = {phase("threat", side_mode::simultaneous, {step("threat_tests")}),
              phase("shooting", side_mode::simultaneous, {step("volleys")}),
              phase("movement", side_mode::each, {step("moves")}),
              phase("combat", side_mode::simultaneous, {step("melee")}),
              phase("new_orders", side_mode::simultaneous, {step("change_orders")}),
              phase("influence", side_mode::simultaneous, {step("influence_tests")}),
              phase("command_test", side_mode::simultaneous, {step("command_tests")})};
  // Movement by initiative: the ruleset decides; blue wins turn 1, red turn 2.
  s.phases[2].order = [](const turn_context& c) {
    EXPECT_EQ(c.phase, "movement");
    return c.turn == 1 ? std::vector<std::string>{"blue", "red"}
                       : std::vector<std::string>{"red", "blue"};
  };
  s.sides = {"red", "blue"};
  s.time_steps = fw_time();
  seq.set_structure(std::move(s));
  seq.run_pre_battle();
  EXPECT_EQ(seq.run(2), 2);
  EXPECT_EQ(seq.turn(), 2);
  EXPECT_EQ(seq.time().index, 7u);
  EXPECT_EQ(seq.time().name, "night 2");

  std::string want =
      "#1 t0 - pre_battle_start\n"
      "#2 t0 - step id=scouting\n"
      "#3 t0 - step id=time\n"
      "#4 t0 - step id=terrain\n"
      "#5 t0 - step id=deployment\n"
      "#6 t0 - step id=supplies\n"
      "#7 t0 - step id=boasts_and_omens\n"
      "#8 t0 - step id=orders\n"
      "#9 t0 - pre_battle_end\n";
  int n = 10;
  auto line = [&](int turn, const std::string& phase_id, const std::string& rest) {
    want += "#" + std::to_string(n++) + " t" + std::to_string(turn) + " " + phase_id + " " +
            rest + "\n";
  };
  auto simple = [&](int turn, const std::string& phase_id, const std::string& step_id) {
    line(turn, phase_id, "phase_start");
    line(turn, phase_id, "step id=" + step_id);
    line(turn, phase_id, "phase_end");
  };
  auto per_side = [&](int turn, const std::string& phase_id, const std::string& step_id,
                      const std::string& side) {
    line(turn, phase_id, "phase_start side=" + side);
    line(turn, phase_id, "step id=" + step_id + " side=" + side);
    line(turn, phase_id, "phase_end side=" + side);
  };
  const char* times[] = {"day 6", "night 1", "night 2"};
  for (int t = 1; t <= 2; ++t) {
    line(t, "-", std::string("turn_start time=\"") + times[t - 1] + "\"");
    simple(t, "threat", "threat_tests");
    simple(t, "shooting", "volleys");
    per_side(t, "movement", "moves", t == 1 ? "blue" : "red");
    per_side(t, "movement", "moves", t == 1 ? "red" : "blue");
    simple(t, "combat", "melee");
    simple(t, "new_orders", "change_orders");
    simple(t, "influence", "influence_tests");
    simple(t, "command_test", "command_tests");
    line(t, "-", std::string("time_advance from=\"") + times[t - 1] + "\" to=\"" + times[t] +
                     "\"");
    line(t, "-", "turn_end");
  }
  EXPECT_EQ(log.fmt_lines(), want);
  // Spot-check the generated expectation against hand-written lines.
  EXPECT_NE(want.find("#20 t1 movement phase_start side=red\n"), std::string::npos);
  EXPECT_NE(want.find("#35 t1 - time_advance from=\"day 6\" to=\"night 1\"\n"),
            std::string::npos);
}

TEST(turn, runs_a_north_down_warlords_like_battle_with_interrupts) {
  event_log log;
  sequencer seq(log);
  turn_structure s;
  s.mode = turn_mode::sides_then_phases;
  s.phases = {phase("first_movement", side_mode::simultaneous, {step("charges")}),
              phase("shooting", side_mode::simultaneous, {}),
              phase("combat", side_mode::simultaneous, {}),
              phase("shaken_tests", side_mode::simultaneous, {}),
              phase("second_movement", side_mode::simultaneous, {}),
              phase("rallying", side_mode::simultaneous, {})};
  // The active side's charge opens the defenders' reaction window; only red charges.
  s.phases[0].steps[0].fn = [&](const turn_context& c) {
    if (c.side != "red") return;
    std::vector<field> payload{{"charger", std::string("knights")}};
    seq.open_window("charge_reaction", "blue", payload);
  };
  s.sides = {"red", "blue"};
  s.windows = {"charge_reaction", "dispel", "saved_spell"};
  seq.set_structure(std::move(s));
  std::vector<std::string> seen;
  seq.add_window_handler(window_handler{"fire_at_chargers", "charge_reaction", "ruleset", 0,
                                        [&](const window_context& w) {
                                          seen.push_back(std::string(w.side) + " fires");
                                        }});
  seq.add_window_handler(window_handler{"", "charge_reaction", "ruleset", -1,
                                        [&](const window_context& w) {
                                          seen.push_back(std::string(w.side) + " evades?");
                                        }});
  EXPECT_EQ(seq.run(2), 2);
  EXPECT_EQ(seen, (std::vector<std::string>{"blue evades?", "blue fires", "blue evades?",
                                            "blue fires"}));
  std::string want;
  int n = 1;
  auto line = [&](int turn, const std::string& phase_id, const std::string& rest) {
    want += "#" + std::to_string(n++) + " t" + std::to_string(turn) + " " + phase_id + " " +
            rest + "\n";
  };
  for (int t = 1; t <= 2; ++t) {
    line(t, "-", "turn_start");
    for (const char* side : {"red", "blue"}) {
      const std::string sd = side;
      line(t, "first_movement", "phase_start side=" + sd);
      line(t, "first_movement", "step id=charges side=" + sd);
      if (sd == "red") {
        line(t, "first_movement", "window_open window=charge_reaction side=blue depth=1");
        line(t, "first_movement",
             "handler window=charge_reaction id=ruleset.charge_reaction source=ruleset");
        line(t, "first_movement",
             "handler window=charge_reaction id=fire_at_chargers source=ruleset");
        line(t, "first_movement", "window_close window=charge_reaction depth=1");
      }
      line(t, "first_movement", "phase_end side=" + sd);
      for (const char* p : {"shooting", "combat", "shaken_tests", "second_movement",
                            "rallying"}) {
        line(t, p, "phase_start side=" + sd);
        line(t, p, "phase_end side=" + sd);
      }
    }
    line(t, "-", "turn_end");
  }
  EXPECT_EQ(log.fmt_lines(), want);
  EXPECT_NE(want.find("#5 t1 first_movement handler window=charge_reaction "
                      "id=ruleset.charge_reaction source=ruleset\n"),
            std::string::npos);
  EXPECT_EQ(seq.time().name, "");  // no time dial declared
}

TEST(turn, runs_a_fantasy_warlord_like_battle_with_deferred_moves) {
  event_log log;
  sequencer seq(log);
  turn_structure s;
  const char* ids[] = {"compulsory_moves", "order_test",  "issue_orders", "reveal_orders",
                       "charge_reactions", "normal_moves", "automatic_moves", "missile_fire",
                       "charging_home",    "combat",       "post_combat_morale"};
  for (const char* id : ids) s.phases.push_back(phase(id, side_mode::simultaneous, {}));
  // Phase 1 carries out what phase 11 of the previous turn queued.
  s.phases.front().steps.push_back(step("carry_out", [&](const turn_context&) {
    for (const muster::deferred_item& d : seq.deferred())
      log.add("moved", {{"unit", std::get<std::string>(d.fields.at(0).value)},
                        {"move", d.kind}});
  }));
  // Phase 11: a failed combat test routs a unit next turn.
  s.phases.back().steps.push_back(step("combat_tests", [&](const turn_context& c) {
    seq.add_deferred("rout", {{"unit", std::string(c.turn == 1 ? "orcs" : "elves")}});
    EXPECT_EQ(seq.queued().size(), 1u);
  }));
  s.sides = {"red", "blue"};
  seq.set_structure(std::move(s));
  // Pre-battle (none declared) may queue for turn 1 too.
  seq.add_deferred("retire", {{"unit", std::string("scouts")}});
  EXPECT_EQ(seq.run(2), 2);
  EXPECT_TRUE(seq.deferred().empty());
  ASSERT_EQ(seq.queued().size(), 1u);  // turn 2's rout waits for turn 3
  EXPECT_EQ(seq.queued()[0].kind, "rout");

  std::string want = "#1 t0 - deferred item=retire unit=scouts\n";
  int n = 2;
  auto line = [&](int turn, const std::string& phase_id, const std::string& rest) {
    want += "#" + std::to_string(n++) + " t" + std::to_string(turn) + " " + phase_id + " " +
            rest + "\n";
  };
  for (int t = 1; t <= 2; ++t) {
    line(t, "-", "turn_start");
    for (const char* id : ids) {
      const std::string p = id;
      line(t, p, "phase_start");
      if (p == "compulsory_moves") {
        line(t, p, "step id=carry_out");
        line(t, p, t == 1 ? "moved unit=scouts move=retire" : "moved unit=orcs move=rout");
      }
      if (p == "post_combat_morale") {
        line(t, p, "step id=combat_tests");
        line(t, p, t == 1 ? "deferred item=rout unit=orcs" : "deferred item=rout unit=elves");
      }
      line(t, p, "phase_end");
    }
    line(t, "-", "turn_end");
  }
  EXPECT_EQ(log.fmt_lines(), want);
}

// --------------------------------------------------------------------- hooks and variants

TEST(turn, runs_hooks_by_priority_then_registration) {
  event_log log;
  sequencer seq(log);
  seq.set_structure(small());
  std::vector<std::string> order;
  auto rec = [&](std::string tag) {
    return [&order, tag](const turn_context& c) {
      order.push_back(tag + "@" + std::string(c.at));
    };
  };
  seq.add_hook(hook{"", relation::after, "a1", "ruleset", 0, rec("after_a1")});
  seq.add_hook(hook{"late", relation::before, "a1", "ruleset", 5, rec("late")});
  seq.add_hook(hook{"", relation::before, "a1", "ruleset", 0, rec("first")});
  seq.add_hook(hook{"", relation::before, "a1", "ruleset", 0, rec("second")});
  seq.add_hook(hook{"early", relation::before, "a1", "house", -3, rec("early")});
  seq.add_hook(hook{"", relation::before, "a", "ruleset", 0, rec("phase_a")});
  seq.add_hook(hook{"", relation::after, "turn", "ruleset", 0, rec("end")});
  seq.add_hook(hook{"", relation::before, "turn", "ruleset", 0, rec("start")});
  seq.run_turn();
  EXPECT_EQ(order, (std::vector<std::string>{"start@turn", "phase_a@a", "early@a1", "first@a1",
                                             "second@a1", "late@a1", "after_a1@a1",
                                             "end@turn"}));
  const std::string lines = log.fmt_lines();
  EXPECT_NE(lines.find("#4 t1 a hook id=ruleset.before.a when=before at=a source=ruleset\n"),
            std::string::npos)
      << lines;
  EXPECT_NE(lines.find("#5 t1 a hook id=early when=before at=a1 source=house\n"),
            std::string::npos)
      << lines;
  EXPECT_NE(lines.find("#7 t1 a hook id=\"ruleset.before.a1#2\" when=before at=a1 "
                       "source=ruleset\n"),
            std::string::npos)
      << lines;
  std::vector<std::string> ids;
  for (const hook& h : seq.hooks_at("a1")) ids.push_back(h.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"early", "ruleset.before.a1", "ruleset.before.a1#2",
                                           "late", "ruleset.after.a1"}));
}

TEST(turn, lets_a_variant_add_replace_and_remove_hooks_and_steps) {
  event_log log;
  sequencer seq(log);
  seq.set_structure(small());
  std::vector<std::string> order;
  auto rec = [&](std::string tag) {
    return [&order, tag](const turn_context&) { order.push_back(tag); };
  };
  seq.set_step("a1", rec("a1"), "ruleset");
  seq.set_step("a2", rec("a2"), "ruleset");
  seq.set_step("b1", rec("b1"), "ruleset");
  seq.add_hook(hook{"h1", relation::before, "a2", "ruleset", 0, rec("h1")});
  seq.add_hook(hook{"h2", relation::before, "a2", "ruleset", 0, rec("h2")});
  seq.add_hook(hook{"h3", relation::before, "a2", "ruleset", 0, rec("h3")});
  seq.add_hook(hook{"on_b1", relation::after, "b1", "ruleset", 0, rec("on_b1")});

  // The variant: replaces h1 (keeps its place), removes h2, replaces step a2, adds steps.
  seq.set_hook("h1", rec("h1_v"), "house");
  seq.del_hook("h2");
  seq.set_step("a2", rec("a2_v"), "house");
  seq.add_step("a", step_decl{"a0", rec("a0"), "house"}, relation::before);
  seq.add_step("a", step_decl{"a1b", rec("a1b"), "house"}, relation::after, "a1");
  seq.add_step("b", step_decl{"b2", rec("b2"), "house"});
  seq.del_step("b1");  // takes its hook on_b1 with it
  seq.run_turn();
  EXPECT_EQ(order, (std::vector<std::string>{"a0", "a1", "a1b", "h1_v", "h3", "a2_v", "b2"}));
  EXPECT_EQ(seq.hooks_at("b1").size(), 0u);
  EXPECT_EQ(seq.structure().phases[0].steps[3].source, "house");

  EXPECT_EQ(error_of([&] { seq.del_hook("h2"); }), "turn: del_hook: unknown hook 'h2'");
  EXPECT_EQ(error_of([&] { seq.set_hook("nope", noop, "x"); }),
            "turn: set_hook: unknown hook 'nope'");
  EXPECT_EQ(error_of([&] { seq.set_step("b1", noop); }), "turn: set_step: unknown step 'b1'");
  EXPECT_EQ(error_of([&] { seq.del_step("b1"); }), "turn: del_step: unknown step 'b1'");
  EXPECT_EQ(error_of([&] { seq.add_step("a", step("a1")); }), "turn: add_step: id 'a1' is taken");
  EXPECT_EQ(error_of([&] { seq.add_step("a", step("b")); }), "turn: add_step: id 'b' is taken");
  EXPECT_EQ(error_of([&] { seq.add_step("zz", step("q")); }),
            "turn: add_step: unknown phase 'zz'");
  EXPECT_EQ(error_of([&] { seq.add_step("a", step("q"), relation::after, "b2"); }),
            "turn: add_step: no step 'b2' in 'a'");
  EXPECT_EQ(error_of([&] { seq.add_hook(hook{"h1", relation::before, "a1", "x", 0, noop}); }),
            "turn: add_hook: id 'h1' is taken");
  EXPECT_EQ(error_of([&] { seq.add_hook(hook{"", relation::before, "shootin", "x", 0, noop}); }),
            "turn: add_hook: unknown point 'shootin'");
  EXPECT_EQ(error_of([&] { seq.add_hook(hook{"", relation::before, "a1", "x", 0, {}}); }),
            "turn: add_hook at 'a1': empty function");
}

TEST(turn, lets_a_callback_replace_hooks_and_steps_while_running) {
  event_log log;
  sequencer seq(log);
  seq.set_structure(small());
  std::vector<std::string> order;
  seq.set_step("a1", [&](const turn_context&) {
    order.push_back("a1");
    seq.set_step("a1", [&](const turn_context&) { order.push_back("a1_replaced"); });
    seq.del_hook("after_a1");
  });
  seq.add_hook(hook{"after_a1", relation::after, "a1", "ruleset", 0,
                    [&](const turn_context&) { order.push_back("after_a1"); }});
  seq.set_step("a2", [&](const turn_context&) {
    EXPECT_EQ(error_of([&] { seq.add_step("a", step("x")); }),
              "turn: cannot add a step while a turn runs");
    EXPECT_EQ(error_of([&] { seq.del_step("b1"); }),
              "turn: cannot delete a step while a turn runs");
    EXPECT_EQ(error_of([&] { seq.set_structure(small()); }),
              "turn: cannot set the structure while a turn runs");
    EXPECT_EQ(error_of([&] { seq.run_turn(); }), "turn: run_turn called while a turn runs");
  });
  seq.run(2);
  EXPECT_EQ(order, (std::vector<std::string>{"a1", "a1_replaced"}));
}

// --------------------------------------------------------------------- windows

TEST(turn, nests_windows_and_shares_the_payload) {
  event_log log;
  sequencer seq(log);
  seq.set_structure(small());
  // A dispel chain: blue dispels red's spell; red may counter-dispel, once.
  seq.add_window_handler(window_handler{"dispel_back", "dispel", "ruleset", 0,
                                        [&](const window_context& w) {
                                          EXPECT_EQ(seq.current().phase, "a");
                                          w.payload.push_back({std::string(w.side) + "_tried",
                                                               std::int64_t{w.depth}});
                                          if (w.depth == 1)
                                            seq.open_window("dispel", "red", w.payload);
                                        }});
  std::vector<field> out;
  seq.set_step("a1", [&](const turn_context&) {
    std::vector<field> payload{{"spell", std::string("fireball")}};
    seq.open_window("dispel", "blue", payload);
    out = payload;
  });
  seq.run_turn();
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[1].name, "blue_tried");
  EXPECT_EQ(std::get<std::int64_t>(out[1].value), 1);
  EXPECT_EQ(out[2].name, "red_tried");
  EXPECT_EQ(std::get<std::int64_t>(out[2].value), 2);
  const std::string lines = log.fmt_lines();
  const std::string want =
      "#4 t1 a window_open window=dispel side=blue depth=1\n"
      "#5 t1 a handler window=dispel id=dispel_back source=ruleset\n"
      "#6 t1 a window_open window=dispel side=red depth=2\n"
      "#7 t1 a handler window=dispel id=dispel_back source=ruleset\n"
      "#8 t1 a window_close window=dispel depth=2\n"
      "#9 t1 a window_close window=dispel depth=1\n";
  EXPECT_NE(lines.find(want), std::string::npos) << lines;
  // Between turns a window opens too (a spell cast at any time), with no side restriction.
  std::vector<field> p;
  seq.del_window_handler("dispel_back");
  seq.open_window("charge_reaction", "", p);
  EXPECT_EQ(last_event(log), "t1 - window_close window=charge_reaction depth=1");
}

TEST(turn, refuses_windows_nested_beyond_the_limit) {
  event_log log;
  sequencer seq(log);
  turn_structure s = small();
  s.max_window_depth = 3;
  seq.set_structure(std::move(s));
  int calls = 0;
  seq.add_window_handler(window_handler{"echo", "dispel", "ruleset", 0,
                                        [&](const window_context& w) {
                                          ++calls;
                                          seq.open_window("dispel", w.side, w.payload);
                                        }});
  std::vector<field> payload;
  const std::string err = error_of([&] { seq.open_window("dispel", "red", payload); });
  EXPECT_EQ(err,
            "handler 'echo' of window 'dispel' (pre-battle): "
            "handler 'echo' of window 'dispel' (pre-battle): "
            "handler 'echo' of window 'dispel' (pre-battle): "
            "turn: window 'dispel' nested too deep (4 > 3): dispel > dispel > dispel > dispel");
  EXPECT_EQ(calls, 3);
  // The stack unwound: a fresh opening starts at depth 1 again.
  seq.del_window_handler("echo");
  seq.open_window("dispel", "red", payload);
  EXPECT_EQ(last_event(log), "t0 - window_close window=dispel depth=1");
  EXPECT_EQ(error_of([&] { seq.open_window("dispell", "red", payload); }),
            "turn: unknown window 'dispell'");
  EXPECT_EQ(error_of([&] { seq.open_window("dispel", "green", payload); }),
            "turn: window 'dispel': unknown side 'green'");
  EXPECT_EQ(error_of([&] {
              seq.add_window_handler(window_handler{"", "dispell", "x", 0, noop_window});
            }),
            "turn: add_window_handler: unknown window 'dispell'");
}

// --------------------------------------------------------------------- time, stop, failure

TEST(turn, wraps_the_time_dial_from_the_last_step_to_the_first) {
  event_log log;
  sequencer seq(log);
  turn_structure s = small();
  s.time_steps = fw_time();
  s.time_start = 10;  // night 5
  seq.set_structure(std::move(s));
  EXPECT_EQ(seq.time().name, "night 5");
  seq.run(2);
  EXPECT_EQ(seq.time().index, 0u);
  EXPECT_EQ(seq.time().name, "day 1");
  const std::string lines = log.fmt_lines();
  EXPECT_NE(lines.find("t2 - time_advance from=\"night 6\" to=\"day 1\"\n"), std::string::npos)
      << lines;
  seq.run(12);
  EXPECT_EQ(seq.time().index, 0u);
  EXPECT_EQ(seq.turn(), 14);
  seq.set_time(11);
  EXPECT_EQ(seq.time().name, "night 6");
  EXPECT_EQ(error_of([&] { seq.set_time(12); }),
            "turn: set_time: index 12 out of range (12 time steps)");
}

TEST(turn, stops_when_a_step_declares_the_battle_over) {
  event_log log;
  sequencer seq(log);
  seq.set_structure(small());
  std::vector<std::string> order;
  seq.set_step("a1", [&](const turn_context& c) {
    order.push_back("a1");
    if (c.turn == 2) seq.set_over("red army routed");
  });
  seq.set_step("a2", [&](const turn_context&) { order.push_back("a2"); });
  seq.add_hook(hook{"", relation::after, "a1", "ruleset", 0,
                    [&](const turn_context&) { order.push_back("after_a1"); }});
  EXPECT_EQ(seq.run(5), 2);
  EXPECT_TRUE(seq.over());
  EXPECT_EQ(seq.over_reason(), "red army routed");
  EXPECT_EQ(seq.turn(), 2);
  EXPECT_EQ(order, (std::vector<std::string>{"a1", "after_a1", "a2", "a1"}));
  const std::string tail =
      "t2 a step id=a1\n"
      "#14 t2 a battle_over reason=\"red army routed\"\n"
      "#15 t2 a phase_end\n"
      "#16 t2 - turn_end\n";
  const std::string lines = log.fmt_lines();
  EXPECT_EQ(lines.substr(lines.size() - tail.size()), tail);
  EXPECT_EQ(error_of([&] { seq.run_turn(); }), "turn: the battle is over (red army routed)");
  EXPECT_EQ(seq.run(3), 0);
}

TEST(turn, restores_turn_and_time_when_a_step_fails) {
  event_log log;
  sequencer seq(log);
  turn_structure s = small();
  s.time_steps = fw_time();
  s.phases[1].sides = side_mode::each;
  seq.set_structure(std::move(s));
  bool fail_now = false;
  seq.set_step("b1", [&](const turn_context& c) {
    seq.add_deferred("rout", {});
    if (fail_now && c.side == "blue") throw muster::error("no unit 'orcs'");
  });
  seq.run_turn();
  fail_now = true;
  const std::string err = error_of([&] { seq.run_turn(); });
  EXPECT_EQ(err, "step 'b1' (turn 2, b, side blue): no unit 'orcs'");
  EXPECT_EQ(seq.turn(), 1);
  EXPECT_EQ(seq.time().name, "day 2");
  EXPECT_EQ(seq.queued().size(), 2u);  // turn 1's queue, not the failed turn's additions
  EXPECT_EQ(seq.current().phase, "");
  EXPECT_EQ(log.turn(), 1);
  EXPECT_EQ(log.phase(), "");
  EXPECT_EQ(last_event(log),
            "t2 b turn_abort at=b1 error=\"step 'b1' (turn 2, b, side blue): no unit 'orcs'\"");
  try {
    seq.run_turn();
    FAIL() << "no error";
  } catch (const muster::step_error& e) {
    EXPECT_EQ(e.where(), "step 'b1' (turn 2, b, side blue)");
    EXPECT_THROW(std::rethrow_exception(e.cause()), muster::error);
  }
  fail_now = false;
  EXPECT_TRUE(seq.run_turn());
  EXPECT_EQ(seq.turn(), 2);
  EXPECT_EQ(seq.time().name, "day 3");
}

// A structure of three phases, the middle one played per side (blue first), over the time
// dial; each step's run noted in `ran`.
turn_structure stepped(std::vector<std::string>& ran, turn_mode mode = turn_mode::phases_then_sides) {
  turn_structure s;
  auto note = [&ran](const turn_context& c) { ran.push_back(fmt::format("{}{}", c.at, c.side.empty() ? "" : ":" + std::string(c.side))); };
  s.phases = {phase("a", side_mode::simultaneous, {step("a1", note)}),
              phase("b", side_mode::each, {step("b1", note)}),
              phase("c", side_mode::simultaneous, {step("c1", note)})};
  s.phases[1].order = [](const turn_context&) { return std::vector<std::string>{"blue", "red"}; };
  s.sides = {"red", "blue"};
  s.mode = mode;
  s.time_steps = fw_time();
  return s;
}

TEST(turn, steps_phase_by_phase_and_logs_what_a_whole_turn_logs) {
  std::vector<std::string> ran, ran_whole;
  event_log stepped_log, whole_log;
  sequencer by_step(stepped_log), whole(whole_log);
  by_step.set_structure(stepped(ran));
  whole.set_structure(stepped(ran_whole));
  EXPECT_EQ(by_step.next_phase(), "a");
  EXPECT_FALSE(by_step.in_turn());
  EXPECT_TRUE(by_step.run_next_phase());  // turn 1 begins, phase a
  EXPECT_EQ(ran, (std::vector<std::string>{"a1"}));
  EXPECT_TRUE(by_step.in_turn());
  EXPECT_EQ(by_step.turn(), 1);
  EXPECT_EQ(by_step.next_phase(), "b");
  EXPECT_TRUE(by_step.run_next_phase());  // b for blue
  EXPECT_EQ(ran.back(), "b1:blue");
  EXPECT_EQ(by_step.next_phase(), "b");
  EXPECT_TRUE(by_step.run_next_phase());  // b for red
  EXPECT_EQ(ran.back(), "b1:red");
  EXPECT_EQ(by_step.next_phase(), "c");
  EXPECT_EQ(by_step.time().name, "day 1");
  EXPECT_TRUE(by_step.run_next_phase());  // c, and the turn ends
  EXPECT_FALSE(by_step.in_turn());
  EXPECT_EQ(by_step.time().name, "day 2");
  EXPECT_EQ(by_step.next_phase(), "a");
  // Half a turn by steps, then run_turn plays the rest of it.
  EXPECT_TRUE(by_step.run_next_phase());
  EXPECT_TRUE(by_step.run_turn());
  EXPECT_EQ(by_step.turn(), 2);
  EXPECT_FALSE(by_step.in_turn());
  whole.run(2);
  EXPECT_EQ(ran, ran_whole);
  EXPECT_EQ(stepped_log.fmt_lines(), whole_log.fmt_lines());
  EXPECT_NE(stepped_log.fmt_lines().find("t1 - turn_end\n"), std::string::npos);
}

TEST(turn, steps_each_side_through_every_phase_in_sides_then_phases) {
  std::vector<std::string> ran, ran_whole;
  event_log stepped_log, whole_log;
  sequencer by_step(stepped_log), whole(whole_log);
  by_step.set_structure(stepped(ran, turn_mode::sides_then_phases));
  whole.set_structure(stepped(ran_whole, turn_mode::sides_then_phases));
  int steps = 0;
  do ++steps;
  while (by_step.run_next_phase() && by_step.in_turn());
  EXPECT_EQ(steps, 6);  // two sides, three phases each
  whole.run_turn();
  EXPECT_EQ(ran, ran_whole);
  EXPECT_EQ(stepped_log.fmt_lines(), whole_log.fmt_lines());
}

TEST(turn, a_failed_step_puts_the_sequencer_back_before_that_step) {
  std::vector<std::string> ran;
  event_log log;
  sequencer seq(log);
  seq.set_structure(stepped(ran));
  bool fail_now = true;
  seq.set_step("c1", [&](const turn_context&) {
    seq.add_deferred("rout", {});
    if (fail_now) throw muster::error("no unit 'orcs'");
  });
  seq.run_next_phase();
  seq.run_next_phase();
  seq.run_next_phase();
  EXPECT_EQ(error_of([&] { seq.run_next_phase(); }), "step 'c1' (turn 1, c): no unit 'orcs'");
  // Still in turn 1, before c: what the failed step queued is gone.
  EXPECT_TRUE(seq.in_turn());
  EXPECT_EQ(seq.next_phase(), "c");
  EXPECT_EQ(seq.turn(), 1);
  EXPECT_EQ(seq.queued().size(), 0u);
  EXPECT_EQ(seq.time().name, "day 1");
  // run_turn from here fails the same way and also leaves it before c.
  EXPECT_EQ(error_of([&] { seq.run_turn(); }), "step 'c1' (turn 1, c): no unit 'orcs'");
  EXPECT_EQ(seq.next_phase(), "c");
  fail_now = false;
  EXPECT_TRUE(seq.run_next_phase());
  EXPECT_FALSE(seq.in_turn());
  EXPECT_EQ(seq.queued().size(), 1u);
  EXPECT_EQ(seq.time().name, "day 2");
}

TEST(turn, a_step_that_ends_the_battle_ends_the_turn) {
  std::vector<std::string> ran;
  event_log log;
  sequencer seq(log);
  seq.set_structure(stepped(ran));
  seq.set_step("a1", [&](const turn_context&) { seq.set_over("annihilated"); });
  EXPECT_FALSE(seq.run_next_phase());
  EXPECT_FALSE(seq.in_turn());
  EXPECT_EQ(seq.next_phase(), "");
  EXPECT_EQ(last_event(log), "t1 - turn_end");
  EXPECT_EQ(error_of([&] { seq.run_next_phase(); }), "turn: the battle is over (annihilated)");
}

TEST(turn, a_battle_ended_between_phases_ends_its_turn) {
  std::vector<std::string> ran;
  event_log log;
  sequencer seq(log);
  seq.set_structure(stepped(ran));
  seq.run_next_phase();
  EXPECT_TRUE(seq.in_turn());
  seq.set_over("conceded");
  EXPECT_FALSE(seq.in_turn());
  EXPECT_EQ(seq.next_phase(), "");
  EXPECT_EQ(last_event(log), "t1 - turn_end");
  EXPECT_EQ(seq.time().name, "day 1");  // the time does not advance
}

TEST(turn, restores_its_state_when_the_log_sink_throws) {
  event_log log;
  sequencer seq(log);
  seq.set_structure(small());
  log.set_sink([](const muster::event& e) {
    if (e.kind == "phase_start") throw std::runtime_error("disk full");
  });
  EXPECT_EQ(error_of([&] { seq.run_turn(); }), "disk full");  // the sink's own error, unwrapped
  EXPECT_EQ(seq.turn(), 0);
  EXPECT_EQ(seq.current().phase, "");
  EXPECT_EQ(log.turn(), 0);
  log.set_sink({});
  EXPECT_TRUE(seq.run_turn());
  EXPECT_EQ(seq.turn(), 1);
}

TEST(turn, names_the_failing_hook_handler_and_side_order) {
  event_log log;
  sequencer seq(log);
  turn_structure s = small();
  s.phases[0].sides = side_mode::each;
  seq.set_structure(s);
  seq.add_hook(hook{"boom", relation::before, "turn", "house", 0,
                    [](const turn_context&) { throw std::runtime_error("bad hook"); }});
  EXPECT_EQ(error_of([&] { seq.run_turn(); }), "hook 'boom' (turn 1): bad hook");
  seq.del_hook("boom");

  s.phases[0].order = [](const turn_context&) { return std::vector<std::string>{"red"}; };
  seq.set_structure(s);
  EXPECT_EQ(error_of([&] { seq.run_turn(); }),
            "turn: side order of 'a' returned [red] (want an order of [red, blue])");
  s.phases[0].order = [](const turn_context&) -> std::vector<std::string> {
    throw muster::error("no initiative");
  };
  seq.set_structure(s);
  EXPECT_EQ(error_of([&] { seq.run_turn(); }), "side order of 'a' (turn 1, a): no initiative");
  EXPECT_EQ(seq.turn(), 0);
}

TEST(turn, reports_where_callbacks_run) {
  event_log log;
  sequencer seq(log);
  turn_structure s = small();
  s.phases[1].sides = side_mode::each;
  seq.set_structure(std::move(s));
  std::vector<std::string> seen;
  auto rec = [&](const turn_context& c) {
    const turn_context now = seq.current();
    seen.push_back(fmt::format("{}|{}|{}|{}", c.turn, c.phase, c.side, c.at));
    EXPECT_EQ(now.phase, c.phase);
    EXPECT_EQ(now.side, c.side);
  };
  seq.set_step("a1", rec);
  seq.set_step("b1", rec);
  seq.add_hook(hook{"", relation::after, "b", "ruleset", 0, rec});
  seq.run_turn();
  EXPECT_EQ(seen, (std::vector<std::string>{"1|a||a1", "1|b|red|b1", "1|b|red|b",
                                            "1|b|blue|b1", "1|b|blue|b"}));
  EXPECT_EQ(seq.current().at, "");
}

TEST(turn, runs_pre_battle_once_and_before_the_first_turn) {
  event_log log;
  sequencer seq(log);
  turn_structure s = small();
  s.pre_battle = {step("scouting")};
  seq.set_structure(std::move(s));
  seq.run_pre_battle();
  EXPECT_EQ(error_of([&] { seq.run_pre_battle(); }),
            "turn: the pre-battle sequence has already run");
  sequencer late(log);
  late.set_structure(small());
  late.run_turn();
  EXPECT_EQ(error_of([&] { late.run_pre_battle(); }), "turn: the battle has started (turn 1)");
}

TEST(turn, refuses_to_run_a_step_without_a_function) {
  event_log log;
  sequencer seq(log);
  turn_structure s = small();
  s.phases[1].steps.push_back(step_decl{"b2", {}, "ruleset"});
  seq.set_structure(std::move(s));
  EXPECT_EQ(error_of([&] { seq.run_turn(); }),
            "turn: step 'b2' in 'b' has no function (set_step)");
  EXPECT_EQ(log.size(), 0u);  // nothing started
  EXPECT_EQ(seq.turn(), 0);
  sequencer none(log);
  EXPECT_EQ(error_of([&] { none.run_turn(); }), "turn: no structure (set_structure first)");
}

TEST(turn, refuses_bad_structures_and_changes_nothing) {
  event_log log;
  sequencer seq(log);
  auto bad = [&](auto edit) {
    turn_structure s = small();
    edit(s);
    return error_of([&] { seq.set_structure(std::move(s)); });
  };
  EXPECT_EQ(bad([](turn_structure& s) { s.phases.clear(); }), "turn structure: no phases");
  EXPECT_EQ(bad([](turn_structure& s) { s.sides.clear(); }), "turn structure: no sides");
  EXPECT_EQ(bad([](turn_structure& s) { s.sides = {"red", "red"}; }),
            "turn structure: side 'red' given twice");
  EXPECT_EQ(bad([](turn_structure& s) { s.phases[1].steps[0].id = "a1"; }),
            "turn structure: id 'a1' used twice");
  EXPECT_EQ(bad([](turn_structure& s) { s.phases[1].id = "turn"; }),
            "turn structure: phase id 'turn' is reserved");
  EXPECT_EQ(bad([](turn_structure& s) { s.pre_battle = {step("two words")}; }),
            "turn structure: pre-battle step id 'two words' is not an identifier");
  EXPECT_EQ(bad([](turn_structure& s) { s.time_start = 1; }),
            "turn structure: time_start 1 out of range (0 time steps)");
  EXPECT_EQ(bad([](turn_structure& s) {
              s.time_steps = fw_time();
              s.time_start = 12;
            }),
            "turn structure: time_start 12 out of range (12 time steps)");
  EXPECT_EQ(bad([](turn_structure& s) { s.windows = {"dispel", "dispel"}; }),
            "turn structure: window 'dispel' given twice");
  EXPECT_EQ(bad([](turn_structure& s) { s.max_window_depth = 0; }),
            "turn structure: max_window_depth 0 out of range 1..64");
  EXPECT_FALSE(seq.has_structure());

  seq.set_structure(small());
  seq.add_hook(hook{"h", relation::before, "b1", "ruleset", 0, noop});
  seq.add_window_handler(window_handler{"w", "dispel", "ruleset", 0, noop_window});
  EXPECT_EQ(bad([](turn_structure& s) { s.phases[1].steps.clear(); }),
            "turn structure: hook 'h' is at 'b1', which the structure lacks");
  EXPECT_EQ(bad([](turn_structure& s) { s.windows.clear(); }),
            "turn structure: handler 'w' is for window 'dispel', which the structure lacks");
  EXPECT_EQ(seq.structure().phases[1].steps.size(), 1u);
}

TEST(turn, refuses_bad_deferred_items) {
  event_log log;
  sequencer seq(log);
  EXPECT_EQ(error_of([&] { seq.add_deferred("two words", {}); }),
            "turn: add_deferred: kind 'two words' is not an identifier");
  EXPECT_EQ(error_of([&] { seq.add_deferred("rout", {{"item", std::int64_t{1}}}); }),
            "turn: add_deferred 'rout': field name 'item' is reserved");
  EXPECT_EQ(error_of([&] {
              seq.add_deferred("rout", {{"u", std::int64_t{1}}, {"u", std::int64_t{2}}});
            }),
            "turn: add_deferred 'rout': field 'u' given twice");
  EXPECT_TRUE(seq.queued().empty());
  EXPECT_EQ(log.size(), 0u);
}

TEST(turn, clear_drops_every_callback) {
  event_log log;
  sequencer seq(log);
  seq.set_structure(small());
  seq.add_hook(hook{"h", relation::before, "a1", "ruleset", 0, noop});
  seq.run_turn();
  seq.clear();
  EXPECT_FALSE(seq.has_structure());
  EXPECT_EQ(seq.turn(), 0);
  EXPECT_TRUE(seq.hooks_at("a1").empty());
  EXPECT_EQ(error_of([&] { seq.run_turn(); }), "turn: no structure (set_structure first)");
}

}  // namespace
