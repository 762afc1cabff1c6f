// muster.turn through the runtime: a structure declared as a Lua table and run from C++,
// the context steps receive, hooks and variants, windows with payloads, time, the deferred
// queue, the end of the battle, and exact error texts (structure fields, failing steps).
#include <gtest/gtest.h>

#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

struct session {
  muster::kernel k{42};
  muster::runtime rt{k};
  session() { k.log.clear(); }
};

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

// A small Fantasy-Warriors-like ruleset: steps record what they are told in `seen`.
constexpr const char* small_ruleset = R"(
seen = {}
local function note(ctx)
  seen[#seen + 1] = table.concat({ctx.turn, ctx.phase or '-', ctx.side or '-', ctx.at}, '|')
end
muster.turn.set_structure {
  sides = {'red', 'blue'},
  pre_battle = {
    {id = 'scouting', fn = note},
    {id = 'time', fn = function(ctx) muster.turn.set_time(6) end},
  },
  turn = {
    mode = 'phases_then_sides',
    phases = {
      {id = 'shooting', name = 'Phase Two: Shooting', steps = {{id = 'volleys', fn = note}}},
      {id = 'movement', per_side = 'each', steps = {{id = 'moves', fn = note}},
       order = function(ctx) if ctx.turn == 1 then return {'blue', 'red'} end
                             return {'red', 'blue'} end},
    },
  },
  time = {steps = {'day 1', 'day 2', 'day 3', 'day 4', 'day 5', 'day 6',
                   'night 1', 'night 2', 'night 3', 'night 4', 'night 5', 'night 6'}, start = 1},
  windows = {'dispel'},
}
)";

TEST(turn, runs_a_structure_declared_in_lua) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  EXPECT_EQ(s.rt.eval("muster.turn.get_time()"), "1, \"day 1\"");
  s.k.turn.run_pre_battle();
  EXPECT_EQ(s.rt.eval("muster.turn.get_time()"), "6, \"day 6\"");
  EXPECT_EQ(s.k.turn.run(2), 2);
  EXPECT_EQ(s.rt.eval("seen"),
            "{\"0|-|-|scouting\", \"1|shooting|-|volleys\", \"1|movement|blue|moves\", "
            "\"1|movement|red|moves\", \"2|shooting|-|volleys\", \"2|movement|red|moves\", "
            "\"2|movement|blue|moves\"}");
  EXPECT_EQ(s.rt.eval("muster.turn.get_turn()"), "2, nil, nil");
  EXPECT_EQ(s.rt.eval("muster.turn.get_time()"), "8, \"night 2\"");
  EXPECT_EQ(s.k.log.fmt_lines(),
            "#1 t0 - pre_battle_start\n"
            "#2 t0 - step id=scouting\n"
            "#3 t0 - step id=time\n"
            "#4 t0 - pre_battle_end\n"
            "#5 t1 - turn_start time=\"day 6\"\n"
            "#6 t1 shooting phase_start\n"
            "#7 t1 shooting step id=volleys\n"
            "#8 t1 shooting phase_end\n"
            "#9 t1 movement phase_start side=blue\n"
            "#10 t1 movement step id=moves side=blue\n"
            "#11 t1 movement phase_end side=blue\n"
            "#12 t1 movement phase_start side=red\n"
            "#13 t1 movement step id=moves side=red\n"
            "#14 t1 movement phase_end side=red\n"
            "#15 t1 - time_advance from=\"day 6\" to=\"night 1\"\n"
            "#16 t1 - turn_end\n"
            "#17 t2 - turn_start time=\"night 1\"\n"
            "#18 t2 shooting phase_start\n"
            "#19 t2 shooting step id=volleys\n"
            "#20 t2 shooting phase_end\n"
            "#21 t2 movement phase_start side=red\n"
            "#22 t2 movement step id=moves side=red\n"
            "#23 t2 movement phase_end side=red\n"
            "#24 t2 movement phase_start side=blue\n"
            "#25 t2 movement step id=moves side=blue\n"
            "#26 t2 movement phase_end side=blue\n"
            "#27 t2 - time_advance from=\"night 1\" to=\"night 2\"\n"
            "#28 t2 - turn_end\n");
  EXPECT_EQ(s.k.turn.structure().phases[0].name, "Phase Two: Shooting");
}

TEST(turn, steps_phase_by_phase_from_lua) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  EXPECT_EQ(s.rt.eval("muster.turn.get_next_phase()"), "\"shooting\", false");
  EXPECT_EQ(s.rt.eval("muster.turn.run_phase()"), "true");
  EXPECT_EQ(s.rt.eval("muster.turn.get_next_phase()"), "\"movement\", true");
  EXPECT_EQ(s.rt.eval("muster.turn.run_phase(), muster.turn.run_phase()"), "true, true");  // blue, then red
  EXPECT_EQ(s.rt.eval("muster.turn.get_next_phase()"), "\"shooting\", false");
  EXPECT_EQ(s.rt.eval("seen"), "{\"1|shooting|-|volleys\", \"1|movement|blue|moves\", \"1|movement|red|moves\"}");
  EXPECT_EQ(s.rt.eval("muster.turn.get_turn()"), "1, nil, nil");
  s.rt.run("muster.turn.set_step('volleys', function() muster.turn.set_over('routed') end)", "ruleset");
  EXPECT_EQ(s.rt.eval("muster.turn.run_phase()"), "false");
  EXPECT_EQ(s.rt.eval("muster.turn.get_next_phase()"), "nil, false");
}

TEST(turn, runs_hooks_and_variant_edits_from_lua) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  s.rt.run(R"(
    local function tag(name) return function(ctx) seen[#seen + 1] = name end end
    muster.turn.add_hook('before', 'volleys', tag('b0'))
    muster.turn.add_hook('before', 'volleys', tag('early'), {priority = -1, source = 'house'})
    muster.turn.add_hook('after', 'volleys', tag('after'), {id = 'count_volleys'})
    muster.turn.add_hook('before', 'turn', tag('start'))
    -- the variant: replace a hook, a step; add a step; remove a step
    muster.turn.set_hook('count_volleys', tag('after_v'), 'house')
    muster.turn.set_step('volleys', tag('volleys_v'), 'house')
    muster.turn.add_step('shooting', 'aim', tag('aim'), {before = 'volleys', source = 'house'})
    muster.turn.del_step('moves')
  )",
           "variant");
  EXPECT_EQ(s.rt.eval("muster.turn.get_hooks('volleys')"),
            "{{at = \"volleys\", id = \"house.before.volleys\", priority = -1, source = "
            "\"house\", when = \"before\"}, {at = \"volleys\", id = \"ruleset.before.volleys\", "
            "priority = 0, source = \"ruleset\", when = \"before\"}, {at = \"volleys\", id = "
            "\"count_volleys\", priority = 0, source = \"house\", when = \"after\"}}");
  s.k.turn.run_turn();
  EXPECT_EQ(s.rt.eval("seen"),
            "{\"start\", \"aim\", \"early\", \"b0\", \"volleys_v\", \"after_v\"}");
  s.rt.run("muster.turn.del_hook('count_volleys')", "variant");
  EXPECT_EQ(s.rt.eval("#muster.turn.get_hooks('volleys')"), "2");
}

TEST(turn, checks_windows_with_payloads_from_lua) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  s.rt.run(R"(
    muster.turn.add_window_handler('dispel', function(w)
      w.payload.tries = (w.payload.tries or 0) + 1
      w.payload['by_' .. (w.side or 'any')] = w.depth
      if w.depth == 1 then
        w.payload = muster.turn.check_window('dispel', 'red', w.payload)
      end
    end, {id = 'dispel_back'})
    muster.turn.set_step('volleys', function(ctx)
      result = muster.turn.check_window('dispel', 'blue', {spell = 'fireball'})
    end)
  )",
           "ruleset2");
  s.k.turn.run_turn();
  EXPECT_EQ(s.rt.eval("result"), "{by_blue = 1, by_red = 2, spell = \"fireball\", tries = 2}");
  EXPECT_EQ(s.rt.eval("muster.turn.check_window('dispel')"), "{by_any = 1, by_red = 2, tries = 2}");
  const std::string lines = s.k.log.fmt_lines();
  EXPECT_NE(lines.find("t1 shooting window_open window=dispel side=blue depth=1\n"),
            std::string::npos)
      << lines;
  EXPECT_NE(lines.find("t1 shooting window_open window=dispel side=red depth=2\n"),
            std::string::npos)
      << lines;
}

TEST(turn, calls_functions_registered_inside_coroutines) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  s.rt.run(R"(
    local co = coroutine.create(function()
      muster.turn.add_hook('before', 'volleys', function(ctx) seen[#seen + 1] = 'hook' end)
      muster.turn.add_window_handler('dispel', function(w) seen[#seen + 1] = 'handler' end)
      coroutine.yield()
    end)
    assert(coroutine.resume(co))
    muster.turn.set_step('volleys', function(ctx)
      coroutine.wrap(function() muster.turn.check_window('dispel', 'red') end)()
    end)
  )",
           "co");
  s.k.turn.run_turn();
  EXPECT_EQ(s.rt.eval("seen[1], seen[2]"), "\"hook\", \"handler\"");
}

TEST(turn, reports_nested_window_overflow_through_lua) {
  session s;
  s.rt.run(R"(
muster.turn.set_structure {
  sides = {'red', 'blue'},
  turn = {phases = {{id = 'magic'}}},
  windows = {'dispel'},
  max_window_depth = 2,
}
muster.turn.add_window_handler('dispel', function(w)
  muster.turn.check_window('dispel', w.side)
end, {id = 'echo'})
)",
           "nest");
  EXPECT_EQ(error_of([&] { s.rt.run("muster.turn.check_window('dispel', 'red')", "eval"); }),
            "eval:1: muster.turn.check_window: handler 'echo' of window 'dispel' (pre-battle): "
            "nest:9: muster.turn.check_window: handler 'echo' of window 'dispel' (pre-battle): "
            "nest:9: muster.turn.check_window: turn: window 'dispel' nested too deep (3 > 2): "
            "dispel > dispel > dispel");
  // The window stack unwound: depth 1 works again once the echo is gone.
  s.rt.run("muster.turn.del_window_handler('echo')", "eval");
  EXPECT_EQ(s.rt.eval("muster.turn.check_window('dispel', 'red', {x = 1})"), "{x = 1}");
}

TEST(turn, names_the_failing_step_and_keeps_the_turn_consistent) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  s.rt.run(R"(
muster.turn.set_step('moves', function(ctx)
  if ctx.side == 'red' then error('no unit orcs') end
end)
)",
           "broken");
  EXPECT_EQ(error_of([&] { s.k.turn.run_turn(); }),
            "step 'moves' (turn 1, movement, side red): broken:3: no unit orcs");
  EXPECT_EQ(s.rt.eval("muster.turn.get_turn()"), "0, nil, nil");
  EXPECT_EQ(s.rt.eval("muster.turn.get_time()"), "1, \"day 1\"");
  try {
    s.k.turn.run_turn();
  } catch (const muster::step_error& e) {
    try {
      std::rethrow_exception(e.cause());
    } catch (const muster::script_error& cause) {
      EXPECT_EQ(cause.file(), "broken");
      EXPECT_EQ(cause.line(), 3);
      EXPECT_NE(cause.traceback().find("stack traceback"), std::string::npos);
    }
  }
}

TEST(turn, defers_items_and_ends_the_battle_from_lua) {
  session s;
  s.rt.run(R"(
got = {}
muster.turn.set_structure {
  sides = {'red', 'blue'},
  turn = {phases = {
    {id = 'compulsory_moves', steps = {{id = 'carry_out', fn = function(ctx)
      for _, d in ipairs(muster.turn.get_deferred()) do
        got[#got + 1] = d.kind .. ':' .. d.fields.unit
        if d.fields.unit == 'elves' then muster.turn.set_over('elves fled') end
      end
    end}}},
    {id = 'post_combat_morale', steps = {{id = 'tests', fn = function(ctx)
      muster.turn.add_deferred('rout', {unit = ctx.turn == 1 and 'orcs' or 'elves'})
    end}}},
  }},
}
)",
           "fwl");
  EXPECT_EQ(s.k.turn.run(5), 3);
  EXPECT_EQ(s.rt.eval("got"), "{\"rout:orcs\", \"rout:elves\"}");
  EXPECT_EQ(s.rt.eval("muster.turn.get_over()"), "true, \"elves fled\"");
  EXPECT_EQ(s.k.log.events().back().kind, "turn_end");
}

TEST(turn, refuses_bad_structures_with_exact_messages) {
  session s;
  auto err = [&](const std::string& code) {
    return error_of([&] { s.rt.run("muster.turn.set_structure " + code, "eval"); });
  };
  EXPECT_EQ(err("{sides = {'red'}}"),
            "eval:1: muster.turn.set_structure: field 'turn': table expected, got nil");
  EXPECT_EQ(err("{sides = {'red'}, turn = {phses = {}}}"),
            "eval:1: muster.turn.set_structure: field 'turn.phses': unknown key (want mode, "
            "order, phases)");
  EXPECT_EQ(err("{sides = {'red'}, turn = {phases = {{id = 'a', per_side = 'both'}}}}"),
            "eval:1: muster.turn.set_structure: field 'turn.phases[1].per_side': bad value "
            "'both' (want simultaneous or each)");
  EXPECT_EQ(err("{sides = {'red'}, turn = {mode = 'igougo', phases = {{id = 'a'}}}}"),
            "eval:1: muster.turn.set_structure: field 'turn.mode': bad value 'igougo' (want "
            "phases_then_sides or sides_then_phases)");
  EXPECT_EQ(err("{sides = {'red'}, turn = {phases = {{id = 'a', steps = {{id = 'x', fn = 1}}}}}}"),
            "eval:1: muster.turn.set_structure: field 'turn.phases[1].steps[1].fn': function "
            "expected, got number");
  EXPECT_EQ(err("{sides = {'red'}, turn = {phases = {{id = 'a', steps = {7}}}}}"),
            "eval:1: muster.turn.set_structure: field 'turn.phases[1].steps[1]': step id or "
            "{id=, fn=} expected, got number");
  EXPECT_EQ(err("{sides = {'red', 3}, turn = {phases = {{id = 'a'}}}}"),
            "eval:1: muster.turn.set_structure: field 'sides[2]': string expected, got number");
  EXPECT_EQ(err("{sides = {'red'}, turn = {phases = {{id = 'a'}}}, time = {steps = {'d'}, "
                "start = 2}}"),
            "eval:1: muster.turn.set_structure: field 'time.start': 2 out of range 1..1");
  EXPECT_EQ(err("{sides = {'red'}, turn = {phases = {{id = 'a'}, {id = 'a'}}}}"),
            "eval:1: muster.turn.set_structure: turn structure: id 'a' used twice");
  EXPECT_EQ(err("{sides = {'red'}, turn = {phases = {{id = 'a'}}}, windws = {}}"),
            "eval:1: muster.turn.set_structure: field 'windws': unknown key (want pre_battle, "
            "turn, sides, time, windows, max_window_depth)");
}

TEST(turn, refuses_bad_calls_with_exact_messages) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  auto err = [&](const char* code) { return error_of([&] { s.rt.run(code, "eval"); }); };
  EXPECT_EQ(err("muster.turn.add_hook('during', 'volleys', print)"),
            "eval:1: muster.turn.add_hook: bad argument #1 ('before' or 'after' expected, got "
            "'during')");
  EXPECT_EQ(err("muster.turn.add_hook('before', 'volley', print)"),
            "eval:1: muster.turn.add_hook: turn: add_hook: unknown point 'volley'");
  EXPECT_EQ(err("muster.turn.add_hook('before', 'volleys', print, {prio = 1})"),
            "eval:1: muster.turn.add_hook: field 'opts.prio': unknown key (want id, source, "
            "priority)");
  EXPECT_EQ(err("muster.turn.set_step('volleys', 3)"),
            "eval:1: muster.turn.set_step: bad argument #2 (function expected, got number)");
  EXPECT_EQ(err("muster.turn.add_step('shooting', 'x', print, {before = 'a', after = 'b'})"),
            "eval:1: muster.turn.add_step: opts: give before or after, not both");
  EXPECT_EQ(err("muster.turn.set_time(13)"),
            "eval:1: muster.turn.set_time: bad argument #1 (time step 13 out of range 1..12)");
  EXPECT_EQ(err("muster.turn.check_window('dispell')"),
            "eval:1: muster.turn.check_window: turn: unknown window 'dispell'");
  EXPECT_EQ(err("muster.turn.check_window('dispel', 'red', {1})"),
            "eval:1: muster.turn.check_window: payload: keys must be strings, got a number key");
  EXPECT_EQ(err("muster.turn.add_deferred('rout', {item = 1})"),
            "eval:1: muster.turn.add_deferred: turn: add_deferred 'rout': field name 'item' is "
            "reserved");
  EXPECT_EQ(err("muster.turn.set_over('')"),
            "eval:1: muster.turn.set_over: turn: set_over: empty reason");
}

TEST(turn, refuses_a_bad_order_from_lua) {
  session s;
  s.rt.run(R"(
muster.turn.set_structure {
  sides = {'red', 'blue'},
  turn = {mode = 'sides_then_phases', order = function(ctx) return {'red', 'red'} end,
          phases = {{id = 'movement'}}},
}
)",
           "ndw");
  EXPECT_EQ(error_of([&] { s.k.turn.run_turn(); }),
            "turn: side order returned [red, red] (want an order of [red, blue])");
  s.rt.run("muster.turn.set_structure { sides = {'red'}, turn = {order = function() "
           "return 'red' end, phases = {{id = 'm', per_side = 'each'}}} }",
           "ndw2");
  EXPECT_EQ(error_of([&] { s.k.turn.run_turn(); }),
            "side order of 'm' (turn 1, m): the order function returned string (want a list of "
            "sides)");
}

TEST(turn, scripts_run_the_pre_battle_and_turns) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  EXPECT_EQ(s.rt.eval("muster.turn.run_pre_battle()"), "");
  EXPECT_EQ(s.rt.eval("muster.turn.run(2), muster.turn.get_turn(), muster.turn.get_time()"),
            "2, 2, 8, \"night 2\"");
  EXPECT_EQ(error_of([&] { s.rt.run("local n = muster.turn.run(0)", "script"); }),
            "script:1: muster.turn.run: bad argument #1 (turns 1..100000 expected, got 0)");
  EXPECT_EQ(error_of([&] { s.rt.run("local n = muster.turn.run_pre_battle()", "script"); }),
            "script:1: muster.turn.run_pre_battle: turn: the pre-battle sequence has already run");
  // A step cannot start another turn.
  s.rt.run("muster.turn.set_step('volleys', function() muster.turn.run(1) end)", "variant");
  const std::string nested = error_of([&] { s.rt.run("local n = muster.turn.run(1)", "script"); });
  EXPECT_NE(nested.find("while a turn runs"), std::string::npos) << nested;
}

TEST(turn, secrets_are_stamped_with_the_turn_and_phase_they_were_committed_in) {
  session s;
  s.rt.run(small_ruleset, "ruleset");
  s.rt.run(R"(
    muster.state.add_side{id = 'red'}
    muster.turn.set_step('volleys', function(ctx)
      if ctx.turn == 2 then muster.state.add_secret('red', 'orders', 'attack') end
    end))", "variant");
  s.rt.run("local n = muster.turn.run(2)", "script");
  EXPECT_EQ(s.rt.eval("muster.state.get_audit()[1].committed"),
            "{phase = \"shooting\", turn = 2}");
}

}  // namespace
