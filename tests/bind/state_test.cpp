// muster.state through the runtime: every bound function, the tables it returns, per-model
// state, control transfer, secrets per side with the audit (including a tampered save), fmt/
// parse round trips, the state hash, and exact error texts with file:line. Each test gets a
// fresh kernel.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

struct session {
  session() : k(42), rt(k) {
    rt.run(R"(
      S = muster.state
      S.add_side{id = 'red', name = 'Red Horde'}
      S.add_side{id = 'blue', name = 'Blue League'}
      S.add_command{id = 'red_left', side = 'red', name = 'Left wing'}
      S.add_command{id = 'blue_centre', side = 'blue'}
    )",
           "setup");
  }
  muster::kernel k;
  muster::runtime rt;
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

/// The error text of running code as chunk "eval".
std::string run_error(session& s, const std::string& code) {
  return error_of([&] { s.rt.run(code, "eval"); });
}

}  // namespace

TEST(state, adds_a_unit_and_returns_a_plain_copy) {
  session s;
  EXPECT_EQ(s.rt.eval(R"(S.add_unit{id = 'orc_archers', side = 'red', command = 'red_left',
      name = 'Orc archers', x = 10, y = 5.5, facing = 90, ranks = 1, files = 2,
      base_width = 1, base_depth = 1, props = {WS = 3, move = 4.5, elite = false,
      armour = 'light'}, counters = {volleys = 2}, markers = {disorganised = true,
      order = 'hold'}, figures = {{id = 'boss', wounds = 1, equipment = {'bow'}}, {}}})"),
            "\"orc_archers\"");
  EXPECT_EQ(s.rt.eval("S.get_unit('orc_archers')"),
            "{base_depth = 1, base_width = 1, command = \"red_left\", counters = {volleys = 2}, "
            "facing = 90, figures = {{counters = {}, equipment = {\"bow\"}, id = \"boss\", "
            "markers = {}, props = {}, unit = \"orc_archers\", wounds = 1}, {counters = {}, "
            "equipment = {}, id = \"figure-1\", markers = {}, props = {}, unit = "
            "\"orc_archers\", wounds = 0}}, files = 2, id = \"orc_archers\", markers = "
            "{disorganised = true, order = \"hold\"}, name = \"Orc archers\", props = {WS = 3, "
            "armour = \"light\", elite = false, move = 4.5}, ranks = 1, side = \"red\", x = 10, "
            "y = 5.5}");
  // a copy: changing it changes nothing in the state
  EXPECT_EQ(s.rt.eval("local u = S.get_unit('orc_archers') u.side = 'blue' u.figures = nil "
                      "return S.get_unit('orc_archers').side, #S.get_unit('orc_archers').figures"),
            "\"red\", 2");
  // the C++ side sees the same state
  EXPECT_EQ(s.k.state.get_unit("orc_archers").figures[0].equipment.at(0), "bow");
}

TEST(state, reads_every_kind_of_entity) {
  session s;
  s.rt.run(R"(
    S.add_unit{id = 'spears', side = 'blue', figures = 2}
    S.add_individual{id = 'wizard', side = 'blue', command = 'blue_centre', unit = 'spears',
                     name = 'Zoltan', wounds = 1, equipment = {'staff'}, x = 3, y = 4}
    S.add_terrain{id = 'old_wood', kind = 'wood', props = {cover = 'soft'},
                  polygon = {{x = 0, y = 0}, {x = 6, y = 0}, {x = 6, y = 4}}}
  )",
           "eval");
  EXPECT_EQ(s.rt.eval("S.get_side('red')"),
            "{counters = {}, id = \"red\", markers = {}, name = \"Red Horde\", props = {}}");
  EXPECT_EQ(s.rt.eval("S.get_command('red_left')"),
            "{counters = {}, id = \"red_left\", markers = {}, name = \"Left wing\", props = {}, "
            "side = \"red\"}");
  EXPECT_EQ(s.rt.eval("S.get_individual('wizard')"),
            "{base_depth = 0, base_width = 0, command = \"blue_centre\", counters = {}, "
            "equipment = {\"staff\"}, facing = 0, files = 1, id = \"wizard\", markers = {}, "
            "name = \"Zoltan\", props = {}, ranks = 1, side = \"blue\", unit = \"spears\", "
            "wounds = 1, x = 3, y = 4}");
  EXPECT_EQ(s.rt.eval("S.get_terrain('old_wood')"),
            "{counters = {}, id = \"old_wood\", kind = \"wood\", markers = {}, polygon = {{x = "
            "0, y = 0}, {x = 6, y = 0}, {x = 6, y = 4}}, props = {cover = \"soft\"}}");
  EXPECT_EQ(s.rt.eval("S.get_figure('figure-2')"),
            "{counters = {}, equipment = {}, id = \"figure-2\", markers = {}, props = {}, unit = "
            "\"spears\", wounds = 0}");
  EXPECT_EQ(s.rt.eval("S.get_kind('spears'), S.get_kind('figure-1'), S.get_kind('old_wood'), "
                      "S.get_kind('nothing')"),
            "\"unit\", \"figure\", \"terrain\", nil");
}

TEST(state, generates_ids_and_lists_sorted_by_id) {
  session s;
  EXPECT_EQ(s.rt.eval("S.add_unit{side = 'red'}, S.add_unit{side = 'blue'}, "
                      "S.add_unit{id = 'a_wolves', side = 'red', command = 'red_left'}"),
            "\"unit-1\", \"unit-2\", \"a_wolves\"");
  const std::string ids = R"(
    local out = {}
    for i, x in ipairs(%s) do out[i] = x.id end
    return out)";
  const auto list = [&](const std::string& call) {
    std::string code = ids;
    code.replace(code.find("%s"), 2, call);
    return s.rt.eval(code);
  };
  EXPECT_EQ(list("S.get_units()"), "{\"a_wolves\", \"unit-1\", \"unit-2\"}");
  EXPECT_EQ(list("S.get_units{side = 'red'}"), "{\"a_wolves\", \"unit-1\"}");
  EXPECT_EQ(list("S.get_units{side = 'red', command = 'red_left'}"), "{\"a_wolves\"}");
  EXPECT_EQ(list("S.get_sides()"), "{\"blue\", \"red\"}");
  EXPECT_EQ(list("S.get_commands{side = 'blue'}"), "{\"blue_centre\"}");
  EXPECT_EQ(list("S.get_individuals()"), "{}");
  EXPECT_EQ(list("S.get_terrains()"), "{}");
  EXPECT_EQ(run_error(s, "S.get_units{side = 'green'}"),
            "eval:1: muster.state.get_units: no side 'green'");
  EXPECT_EQ(run_error(s, "S.get_units{sied = 'red'}"),
            "eval:1: muster.state.get_units: unknown field 'sied'");
}

TEST(state, names_unknown_ids_and_duplicates) {
  session s;
  EXPECT_EQ(run_error(s, "S.get_unit('orks')"), "eval:1: muster.state.get_unit: no unit 'orks'");
  EXPECT_EQ(run_error(s, "S.del_unit('orks')"), "eval:1: muster.state.del_unit: no unit 'orks'");
  EXPECT_EQ(run_error(s, "S.set_counter('orks', 'volleys', 1)"),
            "eval:1: muster.state.set_counter: no entity 'orks'");
  EXPECT_EQ(run_error(s, "S.add_unit{id = 'red', side = 'red'}"),
            "eval:1: muster.state.add_unit: unit 'red': id: duplicate id 'red' (already a "
            "side)");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', figures = {{id = 'x'}, {id = 'x'}}}"),
            "eval:1: muster.state.add_unit: new unit: figures[1].id: duplicate id 'x'");
  EXPECT_EQ(run_error(s, "S.add_side{id = 'red army'}"),
            "eval:1: muster.state.add_side: side 'red army': id: bad id 'red army' (want 1-64 "
            "characters of A-Z a-z 0-9 _ . : -)");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', command = 'blue_centre'}"),
            "eval:1: muster.state.add_unit: new unit: command: command 'blue_centre' belongs to "
            "side 'blue', not 'red'");
  EXPECT_EQ(s.rt.eval("#S.get_units()"), "0");  // nothing above left a unit behind
}

TEST(state, checks_argument_and_field_types) {
  session s;
  EXPECT_EQ(run_error(s, "S.get_unit(3)"),
            "eval:1: muster.state.get_unit: bad argument #1 (string expected, got number)");
  EXPECT_EQ(run_error(s, "S.add_unit('orcs')"),
            "eval:1: muster.state.add_unit: bad argument #1 (table expected, got string)");
  EXPECT_EQ(run_error(s, "S.add_unit{sdie = 'red'}"),
            "eval:1: muster.state.add_unit: unknown field 'sdie'");
  EXPECT_EQ(run_error(s, "S.add_unit{name = 'x'}"),
            "eval:1: muster.state.add_unit: field 'side': string expected, got nil");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', ranks = 1.5}"),
            "eval:1: muster.state.add_unit: field 'ranks': integer expected, got 1.5");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', figures = {{wounds = 'two'}}}"),
            "eval:1: muster.state.add_unit: field 'figures[0].wounds': number expected, got "
            "string");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', figures = {{}, {wound = 1}}}"),
            "eval:1: muster.state.add_unit: unknown field 'figures[1].wound'");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', props = {WS = {}}}"),
            "eval:1: muster.state.add_unit: field 'props.WS': boolean, number or string "
            "expected, got table");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', markers = {routed = false}}"),
            "eval:1: muster.state.add_unit: field 'markers.routed': true or string expected, "
            "got false");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', counters = {[1] = 2}}"),
            "eval:1: muster.state.add_unit: field 'counters': string keys expected, got a "
            "number key");
  EXPECT_EQ(run_error(s, "S.add_unit{side = 'red', figures = {{}, {}, {wounds = -1}}}"),
            "eval:1: muster.state.add_unit: new unit: figures[2].wounds: must be >= 0, got -1");
  EXPECT_EQ(run_error(s, "S.add_terrain{kind = 'hill', polygon = {{x = 0, y = 0}, {x = 1}}}"),
            "eval:1: muster.state.add_terrain: field 'polygon[1].y': number expected, got nil");
  EXPECT_EQ(run_error(s, "S.add_terrain{kind = 'hill', polygon = {{x = 0, y = 0}}}"),
            "eval:1: muster.state.add_terrain: new terrain: polygon: at least 3 points "
            "expected, got 1");
  EXPECT_EQ(run_error(s, "S.set_equipment('x', {'bow', 2})"),
            "eval:1: muster.state.set_equipment: bad argument #2 (items[1]: string expected, "
            "got number)");
  EXPECT_EQ(s.rt.eval("#S.get_units(), #S.get_terrains()"), "0, 0");
}

TEST(state, keeps_per_model_state) {
  session s;
  s.rt.run("S.add_unit{id = 'handgunners', side = 'red', figures = 3}", "eval");
  EXPECT_EQ(s.rt.eval(R"(
    S.set_wounds('figure-2', 1)
    S.set_equipment('figure-2', {'handgun', 'grenade', 'grenade'})
    S.set_counter('figure-2', 'reload', 1)
    local f = S.get_figure('figure-2')
    return f.wounds, f.equipment, S.get_counter('figure-2', 'reload'),
           S.get_figure('figure-1').wounds)"),
            "1, {\"handgun\", \"grenade\", \"grenade\"}, 1, 0");
  EXPECT_EQ(s.rt.eval("S.add_figure('handgunners', {id = 'sergeant', wounds = 0, "
                      "props = {type = 'champion'}}), S.add_figure('handgunners')"),
            "\"sergeant\", \"figure-4\"");
  EXPECT_EQ(s.rt.eval(R"(
    S.del_figure('figure-1')
    local out = {}
    for i, f in ipairs(S.get_unit('handgunners').figures) do out[i] = f.id end
    return out)"),
            "{\"figure-2\", \"figure-3\", \"sergeant\", \"figure-4\"}");
  EXPECT_EQ(run_error(s, "S.set_wounds('figure-2', -2)"),
            "eval:1: muster.state.set_wounds: figure 'figure-2': wounds: must be >= 0, got -2");
  EXPECT_EQ(run_error(s, "S.get_figure('figure-1')"),
            "eval:1: muster.state.get_figure: no figure 'figure-1'");
  EXPECT_EQ(run_error(s, "S.add_figure('nobody')"),
            "eval:1: muster.state.add_figure: no unit 'nobody'");
}

TEST(state, moves_renames_transfers_and_removes) {
  session s;
  s.rt.run(R"(
    S.add_unit{id = 'orcs', side = 'red', command = 'red_left', x = 1, y = 2, figures = 2}
    S.add_individual{id = 'shaman', side = 'red', unit = 'orcs'}
  )",
           "eval");
  EXPECT_EQ(s.rt.eval("S.set_placement('orcs', {x = 12, facing = 180}) "
                      "local u = S.get_unit('orcs') return u.x, u.y, u.facing"),
            "12, 2, 180");
  EXPECT_EQ(run_error(s, "S.set_placement('orcs', {ranks = 0})"),
            "eval:1: muster.state.set_placement: unit 'orcs': ranks: must be >= 1, got 0");
  EXPECT_EQ(run_error(s, "S.set_placement('orcs', {x = 5, y = 'far'})"),
            "eval:1: muster.state.set_placement: field 'y': number expected, got string");
  EXPECT_EQ(run_error(s, "S.set_placement('orcs', {x = 5, z = 1})"),
            "eval:1: muster.state.set_placement: unknown field 'z'");
  EXPECT_EQ(s.rt.eval("S.get_unit('orcs').x"), "12");
  EXPECT_EQ(run_error(s, "S.set_placement('red', {x = 1})"),
            "eval:1: muster.state.set_placement: no unit or individual 'red'");
  EXPECT_EQ(s.rt.eval("S.set_name('orcs', 'Da Boyz') return S.get_unit('orcs').name"),
            "\"Da Boyz\"");
  EXPECT_EQ(run_error(s, "S.set_side('orcs', 'blue')"),
            "eval:1: muster.state.set_side: unit 'orcs' has attached individuals ('shaman'); "
            "detach them first");
  EXPECT_EQ(s.rt.eval(R"(
    S.set_attached('shaman')
    S.set_side('orcs', 'blue', 'blue_centre')
    local u = S.get_unit('orcs')
    return u.side, u.command, S.get_individual('shaman').unit)"),
            "\"blue\", \"blue_centre\", nil");
  EXPECT_EQ(run_error(s, "S.set_attached('shaman', 'orcs')"),
            "eval:1: muster.state.set_attached: individual 'shaman': unit: unit 'orcs' is of "
            "side 'blue', not 'red'");
  EXPECT_EQ(s.rt.eval("S.set_side('orcs', 'red') return S.get_unit('orcs').command"), "nil");
  EXPECT_EQ(s.rt.eval("S.set_attached('shaman', 'orcs') S.del_unit('orcs') "
                      "return S.get_kind('orcs'), S.get_kind('figure-1'), "
                      "S.get_individual('shaman').unit"),
            "nil, nil, nil");
  EXPECT_EQ(s.rt.eval("S.add_terrain{id = 'pit', kind = 'pit', polygon = {{x = 0, y = 0}, "
                      "{x = 1, y = 0}, {x = 0, y = 1}}} S.del_terrain('pit') S.del_individual"
                      "('shaman') return S.get_kind('pit'), S.get_kind('shaman')"),
            "nil, nil");
}

TEST(state, props_counters_and_markers_on_any_entity) {
  session s;
  s.rt.run("S.add_unit{id = 'orcs', side = 'red'}", "eval");
  EXPECT_EQ(s.rt.eval(R"(
    S.set_prop('orcs', 'WS', 3)
    S.set_prop('orcs', 'move', 4.5)
    S.set_prop('orcs', 'elite', true)
    S.set_prop('red_left', 'style', 'cautious')
    return S.get_prop('orcs', 'WS'), S.get_prop('orcs', 'move'), S.get_prop('orcs', 'elite'),
           S.get_prop('red_left', 'style'), S.get_prop('orcs', 'BS'))"),
            "3, 4.5, true, \"cautious\", nil");
  EXPECT_EQ(s.k.state.get_prop("orcs", "WS"), muster::prop_value{std::int64_t{3}});
  EXPECT_EQ(s.k.state.get_prop("orcs", "move"), muster::prop_value{4.5});
  EXPECT_EQ(s.rt.eval("S.del_prop('orcs', 'WS') return S.get_prop('orcs', 'WS')"), "nil");
  EXPECT_EQ(s.rt.eval(R"(
    S.set_counter('red', 'magic_points', 10)
    local left = S.add_counter('red', 'magic_points', -4)
    return left, S.get_counter('red', 'magic_points'), S.get_counter('orcs', 'volleys'))"),
            "6, 6, 0");
  EXPECT_EQ(s.rt.eval("S.del_counter('red', 'magic_points') return S.get_side('red').counters"),
            "{}");
  EXPECT_EQ(s.rt.eval(R"(
    S.set_marker('orcs', 'disorganised')
    S.set_marker('orcs', 'order', 'attack')
    return S.get_marker('orcs', 'disorganised'), S.get_marker('orcs', 'order'),
           S.get_marker('orcs', 'routed'))"),
            "true, \"attack\", nil");
  EXPECT_EQ(s.rt.eval("S.del_marker('orcs', 'order') return S.get_unit('orcs').markers"),
            "{disorganised = true}");
  EXPECT_EQ(run_error(s, "S.add_counter('orcs', 'volleys', 0.5)"),
            "eval:1: muster.state.add_counter: bad argument #3 (integer expected, got 0.5)");
  EXPECT_EQ(run_error(s, "S.set_prop('orcs', 'WS', nil)"),
            "eval:1: muster.state.set_prop: bad argument #3 (boolean, number or string "
            "expected, got nil)");
  EXPECT_EQ(run_error(s, "S.set_marker('orcs', 'order', string.rep('x', 65))"),
            "eval:1: muster.state.set_marker: unit 'orcs': markers.order: too long (65 bytes, "
            "at most 64)");
  EXPECT_EQ(run_error(s, "S.set_counter('orcs', 'two words', 1)"),
            "eval:1: muster.state.set_counter: unit 'orcs': counters: bad counter name 'two "
            "words' (want 1-64 characters of A-Z a-z 0-9 _ . : -)");
}

TEST(state, secrets_are_per_side_until_revealed) {
  session s;
  s.k.state.set_clock(2, "orders");  // what the sequencer reports
  EXPECT_EQ(s.rt.eval("S.get_clock()"), "{phase = \"orders\", turn = 2}");
  EXPECT_EQ(s.rt.eval("S.add_secret('red', 'orders:orcs', 'attack')"), "\"secret-1\"");
  const std::string commitment =
      muster::secret_commitment("secret-1", "red", "orders:orcs", "attack");
  EXPECT_EQ(s.rt.eval("S.get_secret('secret-1', 'red')"),
            "{commitment = \"" + commitment +
                "\", committed = {phase = \"orders\", turn = 2}, id = \"secret-1\", label = "
                "\"orders:orcs\", side = \"red\", value = \"attack\"}");
  EXPECT_EQ(run_error(s, "S.get_secret('secret-1', 'blue')"),
            "eval:1: muster.state.get_secret: secret 'secret-1' of side 'red' is hidden from "
            "side 'blue'");
  EXPECT_EQ(s.rt.eval("S.get_secrets('blue')"),
            "{{committed = {phase = \"orders\", turn = 2}, hidden = true, id = \"secret-1\", "
            "label = \"orders:orcs\", side = \"red\"}}");
  EXPECT_EQ(s.rt.eval("S.get_audit()"),
            "{{commitment = \"" + commitment +
                "\", committed = {phase = \"orders\", turn = 2}, label = \"orders:orcs\", "
                "secret = \"secret-1\", side = \"red\"}}");
  s.k.state.set_clock(2, "movement");
  EXPECT_EQ(s.rt.eval("S.set_revealed('secret-1') return S.get_secret('secret-1', 'blue').value"),
            "\"attack\"");
  EXPECT_EQ(s.rt.eval("local a = S.get_audit()[1] return a.revealed, a.match"),
            "{phase = \"movement\", turn = 2}, true");
  EXPECT_EQ(run_error(s, "S.set_revealed('secret-1')"),
            "eval:1: muster.state.set_revealed: secret 'secret-1' is already revealed (turn 2, "
            "phase 'movement')");
  EXPECT_EQ(run_error(s, "S.add_secret('green', 'x', 'y')"),
            "eval:1: muster.state.add_secret: no side 'green'");
  EXPECT_EQ(run_error(s, "S.get_secret('secret-9', 'red')"),
            "eval:1: muster.state.get_secret: no secret 'secret-9'");
}

TEST(state, audit_catches_a_value_changed_in_a_save) {
  session s;
  EXPECT_EQ(s.rt.eval(R"(
    local id = S.add_secret('red', 'orders:orcs', 'attack')
    local saved = S.fmt()
    local tampered, n = saved:gsub('"value": "attack"', '"value": "oppose"')
    S.parse(tampered)
    S.set_revealed(id)
    local a = S.get_audit()[1]
    return n, S.get_secret(id, 'blue').value, a.match)"),
            "1, \"oppose\", false");
}

TEST(state, fmt_and_parse_round_trip_byte_for_byte) {
  session s;
  s.rt.run(R"(
    S.add_unit{id = 'orcs', side = 'red', x = 1 / 3, props = {WS = 3, move = 4.5},
               figures = {{wounds = 1, equipment = {'bow'}}}, markers = {order = 'hold'}}
    S.add_terrain{kind = 'hill', polygon = {{x = 0, y = 0}, {x = 5, y = 0}, {x = 2.5, y = 4}}}
    S.add_secret('blue', 'orders:spears', 'charge')
  )",
           "eval");
  EXPECT_EQ(s.rt.eval("local a = S.fmt() S.parse(a) return S.fmt() == a, #a > 0"),
            "true, true");
  EXPECT_EQ(s.rt.eval("#S.fmt()"), std::to_string(s.k.state.save_json().size()));
  // red's view hides blue's face-down order
  EXPECT_EQ(s.rt.eval("S.fmt('red'):find('charge', 1, true), "
                      "S.fmt('blue'):find('charge', 1, true) ~= nil"),
            "nil, true");
  const std::string before = s.k.state.save_json();
  EXPECT_EQ(run_error(s, "S.parse(S.fmt('red'))"),
            "eval:1: muster.state.parse: state: view: a per-side view cannot be loaded (save the "
            "full state instead)");
  EXPECT_EQ(run_error(s, "S.parse('{\"schema\": \"muster.state/1\", \"sides\": [{\"id\": "
                         "\"red\"}], \"units\": [{\"id\": \"x\", \"side\": \"blue\"}]}')"),
            "eval:1: muster.state.parse: state: units[0].side: no side 'blue'");
  EXPECT_EQ(run_error(s, "S.parse('{')"),
            "eval:1: muster.state.parse: state: invalid JSON: at line 1, column 2: syntax error "
            "while parsing object key - unexpected end of input; expected string literal");
  EXPECT_EQ(run_error(s, "S.fmt('green')"), "eval:1: muster.state.fmt: no side 'green'");
  EXPECT_EQ(s.k.state.save_json(), before);
}

TEST(state, get_hash_is_the_kernel_hash_in_hex) {
  session s;
  s.rt.run(R"(
    S.add_unit{id = 'orcs', side = 'red', x = 10, y = 5, props = {WS = 3},
               figures = {{wounds = 1}, {}}}
    S.add_terrain{id = 'hill', kind = 'hill',
                  polygon = {{x = 0, y = 0}, {x = 5, y = 0}, {x = 2.5, y = 4}}}
    S.add_secret('red', 'orders:orcs', 'charge')
  )",
           "eval");
  const std::string hex = fmt::format("\"{:016x}\"", s.k.state.hash());
  EXPECT_EQ(s.rt.eval("S.get_hash()"), hex);
  EXPECT_EQ(s.rt.eval("local h = S.get_hash() return #h, h:find('^[0-9a-f]+$') ~= nil"),
            "16, true");
  // the same state saved and parsed back, or built again, has the same hash
  EXPECT_EQ(s.rt.eval("local h = S.get_hash() S.parse(S.fmt()) return S.get_hash() == h"),
            "true");
  muster::kernel other(7);
  muster::runtime rt(other);
  other.state.load_json(s.k.state.save_json());
  EXPECT_EQ(rt.eval("muster.state.get_hash()"), hex);
  // every change a script can make shows
  EXPECT_EQ(s.rt.eval(R"(
    local seen, n = {}, 0
    local function note() local h = S.get_hash() if not seen[h] then seen[h] = true n = n + 1 end end
    note()
    S.set_placement('orcs', {x = 10.5}) note()
    S.set_prop('orcs', 'WS', 4) note()
    S.set_counter('orcs', 'volleys', 1) note()
    S.set_marker('orcs', 'disorganised') note()
    S.set_wounds(S.get_unit('orcs').figures[2].id, 1) note()
    S.set_revealed('secret-1') note()
    S.set_placement('orcs', {x = 10}) note()
    return n)"),
            "8");
}

TEST(state, reads_a_unit_with_its_figures_counted) {
  session s;
  s.rt.run("S.add_unit{id = 'a', side = 'red', name = 'A', figures = 3, props = {move = 4}} "
           "S.add_unit{id = 'b', side = 'blue', name = 'B', figures = 2}", "eval");
  // The same unit, its figures as their number.
  EXPECT_EQ(s.rt.eval("S.get_unit('a', {figures = 'count'})"),
            "{base_depth = 0, base_width = 0, counters = {}, facing = 0, figures = 3, files = 1, id = \"a\", "
            "markers = {}, name = \"A\", props = {move = 4}, ranks = 1, side = \"red\", x = 0, y = 0}");
  EXPECT_EQ(s.rt.eval("local n = {} for i, u in ipairs(S.get_units(nil, {figures = 'count'})) do n[i] = u.figures end "
                      "return n[1], n[2], #S.get_units()[1].figures"),
            "3, 2, 3");
  EXPECT_EQ(s.rt.eval("S.get_units({side = 'blue'}, {figures = 'count'})[1].figures"), "2");
  EXPECT_NE(run_error(s, "S.get_unit('a', {figures = 'all'})").find("bad argument #2 (field 'figures': \"count\" expected)"),
            std::string::npos);
  EXPECT_NE(run_error(s, "S.get_unit('a', {figure = 'count'})").find("bad argument #2 (unknown field (known: figures, tags))"),
            std::string::npos);
  EXPECT_NE(run_error(s, "S.get_units(nil, 'count')").find("bad argument #2 (table expected ({figures = \"count\", tags = false}))"),
            std::string::npos);
}

TEST(state, reads_a_unit_without_its_tags) {
  session s;
  s.rt.run("S.add_unit{id = 'a', side = 'red', name = 'A', figures = 3, props = {move = 4}, counters = {n = 1}}", "eval");
  EXPECT_EQ(s.rt.eval("S.get_unit('a', {figures = 'count', tags = false})"),
            "{base_depth = 0, base_width = 0, facing = 0, figures = 3, files = 1, id = \"a\", name = \"A\", ranks = 1, "
            "side = \"red\", x = 0, y = 0}");
  EXPECT_EQ(s.rt.eval("S.get_units(nil, {tags = true})[1].props.move"), "4");
  EXPECT_EQ(s.rt.eval("#S.get_units(nil, {tags = false})[1].figures"), "3");
  EXPECT_NE(run_error(s, "S.get_unit('a', {tags = 'no'})").find("bad argument #2 (field 'tags': boolean expected)"),
            std::string::npos);
}

TEST(state, a_revision_changes_with_its_entity_and_never_comes_back_for_other_content) {
  session s;
  s.rt.run("S.add_unit{id = 'a', side = 'red', name = 'A', figures = 2} "
           "S.add_unit{id = 'b', side = 'red', name = 'B'} "
           "function changed(what) local before = S.get_revision('a') what() return S.get_revision('a') ~= before end",
           "eval");
  EXPECT_EQ(s.rt.eval("changed(function() S.set_prop('a', 'move', 4) end)"), "true");
  EXPECT_EQ(s.rt.eval("changed(function() S.del_prop('a', 'move') end)"), "true");
  EXPECT_EQ(s.rt.eval("changed(function() S.del_prop('a', 'no_such') end)"), "false");
  EXPECT_EQ(s.rt.eval("changed(function() S.set_placement('a', {x = 3}) end)"), "true");
  EXPECT_EQ(s.rt.eval("changed(function() S.set_name('a', 'A2') end)"), "true");
  EXPECT_EQ(s.rt.eval("changed(function() S.add_counter('a', 'n', 1) end)"), "true");
  EXPECT_EQ(s.rt.eval("changed(function() S.set_marker('a', 'shaken') end)"), "true");
  // A figure's change is its unit's.
  EXPECT_EQ(s.rt.eval("changed(function() S.set_wounds(S.get_unit('a').figures[1].id, 1) end)"), "true");
  EXPECT_EQ(s.rt.eval("changed(function() S.add_figure('a') end)"), "true");
  EXPECT_EQ(s.rt.eval("changed(function() S.del_figure(S.get_unit('a').figures[1].id) end)"), "true");
  // Another unit's change, and reading, leave it be.
  EXPECT_EQ(s.rt.eval("changed(function() S.set_prop('b', 'move', 4) S.get_unit('a') end)"), "false");
  // A state saved and loaded back holds the same content under new revisions.
  EXPECT_EQ(s.rt.eval("changed(function() S.parse(S.fmt()) end)"), "true");
  // The whole state's: with any change, removals too; not with a read.
  s.rt.run("function state_changed(what) local before = S.get_revision() what() return S.get_revision() ~= before end",
           "eval");
  EXPECT_EQ(s.rt.eval("state_changed(function() S.set_prop('b', 'move', 5) end)"), "true");
  EXPECT_EQ(s.rt.eval("state_changed(function() S.get_units() S.get_unit('a') end)"), "false");
  EXPECT_EQ(s.rt.eval("state_changed(function() S.add_unit{id = 'c', side = 'red', name = 'C'} S.del_unit('c') end)"),
            "true");
  EXPECT_EQ(s.rt.eval("local before = S.get_revision() S.add_unit{id = 'c', side = 'red', name = 'C'} "
                      "local added = S.get_revision() S.del_unit('c') return added ~= before and S.get_revision() ~= added"),
            "true");
    // Gone: an error, as for any missing entity.
  s.rt.run("S.del_unit('b')", "eval");
  EXPECT_NE(run_error(s, "S.get_revision('b')").find("no entity 'b'"), std::string::npos);
}
