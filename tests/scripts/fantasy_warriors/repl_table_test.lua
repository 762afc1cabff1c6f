-- The REPL on a laid-out table (repl_table.lua, repl_phases.lua with tabletop.lua): the whole
-- phases with no distance, sight, cover or contact typed in measure them, and give what the
-- same phases give with the measured facts typed in; a declaration the table makes impossible
-- is refused; place() keeps facing and files and refuses one unit standing on another; losses
-- re-form a unit's ranks.
local t = require("testing")
local repl = require("repl")

local M = { ruleset = "fantasy_warriors" }

local function session()
  local env = {}
  repl.install(env, {})
  env.scenario("examples/scenarios/greystones.lua")
  return env
end

local function reactions(r)
  local out = {}
  for _, u in ipairs(r.units) do out[#out + 1] = string.format("%s:%s:%s", u.name, tostring(u.figures_after), tostring(u.reaction)) end
  return out
end

function M.test_the_scenario_makes_session_names()
  local s = session()
  t.eq(repl.is_handle(s.black_blades), true)
  t.eq({ s.black_blades.figures, s.black_blades.orders, s.black_blades.ranks }, { 13, "attack", 3 })
  t.eq(s.long_spears.side, "dwarves")
  t.eq(s.distance(s.black_blades, s.long_spears), 5)
  t.eq(s.distance("Gorbag", s.long_spears) > 0, true)
end

-- Phase One from positions: the distances 5 and 6in and clear lines measured; the same dice
-- with those facts typed in give the same tests.
function M.test_threat_phase_measured_is_threat_phase_typed()
  local s = session()
  muster.dice.set_faces { 3, 5, 2, 6 }
  local measured = s.threat_phase { time = "day 3", { s.black_blades, s.long_spears }, { s.spears_of_the_eye, s.oathbreakers_bane } }
  t.eq(measured.measured, { "Black Blades to Long Spears: 5in, a clear line", "Spears of the Eye to Oathbreakers' Bane: 6in, a clear line" })
  local typed_session = session()
  muster.dice.set_faces { 3, 5, 2, 6 }
  local typed = typed_session.threat_phase { time = "day 3", { typed_session.black_blades, typed_session.long_spears, distance = 5, visible = true },
    { typed_session.spears_of_the_eye, typed_session.oathbreakers_bane, distance = 6, visible = true } }
  t.eq(typed.measured, {})
  t.eq(reactions(measured), reactions(typed))
  local scores = function(r)
    local out = {}
    for i, x in ipairs(r.tests) do out[i] = x.score end
    return out
  end
  t.eq(scores(measured), scores(typed))
  t.eq(#measured.tests, 2)
end

-- Moved back to 12 1/8in, the Long Spears are out of the Black Blades' threat range; behind the
-- Darkwood, out of their sight.
function M.test_a_threat_the_table_makes_impossible()
  local s = session()
  s.place(s.long_spears, { x = 30, y = 32.125 })
  t.fails(function() s.threat_phase { { s.black_blades, s.long_spears } } end,
    "input: threats[1].threatener: Black Blades: the target is 12.125in away, beyond 12in")
  t.eq(s.long_spears.reaction, "ok")
end

-- Phase Two from positions: distances, sight and cover measured. The Long Spears moved into
-- the Darkwood's edge count soft cover for the figures whose bases' centres are in it.
function M.test_shooting_phase_measures_cover()
  local s = session()
  s.place(s.long_spears, { x = 11, y = 30, facing = 180, files = 5 })
  -- The figures in the wood, counted on the table before the shot (a loss changes them).
  local cover = ruleset.modules.tabletop.view(function(id) return repl.describe(repl.handle(id)) end):cover("long_spears")
  t.eq(cover.soft > 0 and cover.soft < 15, true)
  local r = s.shooting_phase { time = "day 3", { s.red_arrows, s.long_spears, volleys = 1 } }
  t.eq(#r.measured, 1)
  t.eq(r.measured[1]:match("^Red Arrows at Long Spears: [%d.]+in, a clear line, (%d+) figures in soft cover, 0 in hard$") ~= nil, true)
  t.eq(r.shots[1].target, "Long Spears")
  t.eq(r.measured[1]:match("(%d+) figures in soft cover"), tostring(cover.soft))
end

-- A line through the Darkwood hides the target: the shot is refused before any die.
function M.test_a_shot_through_a_wood_is_refused()
  local s = session()
  s.place(s.red_arrows, { x = 7, y = 12 })
  s.place(s.long_spears, { x = 8, y = 40, facing = 180 })
  local volleys = s.red_arrows.volleys
  t.fails(function() s.shooting_phase { { s.red_arrows, s.long_spears, volleys = 1 } } end, "a wood stands in the line")
  t.eq(s.red_arrows.volleys, volleys)
end

-- Phase Four: units apart do not fight; in contact, the figures touching are counted, fewer
-- when the fronts overlap only in part.
function M.test_combat_phase_counts_the_figures_in_contact()
  local s = session()
  t.fails_exactly(function() s.combat_phase { { s.black_blades, s.long_spears } } end,
    "input: combat_phase: [1]: Black Blades and Long Spears are 5in apart on the table: not in contact")
  -- Two files to the right: three of each front's five bases face each other; the Black
  -- Blades' rightmost front base touches the Long Spears' at a corner too.
  s.place(s.long_spears, { x = 31.6, y = 20 })
  local r = s.combat_phase { time = "day 3", { s.black_blades, s.long_spears } }
  t.eq(r.measured, { "figures in contact: Black Blades 4, Long Spears 4" })
  -- Typed in, the count is the player's.
  s = session()
  s.place(s.long_spears, { x = 30, y = 20 })
  r = s.combat_phase { time = "day 3", { s.black_blades, s.long_spears, attacker = { in_contact = 3 } } }
  t.eq(r.measured, { "figures in contact: Long Spears 5" })
end

function M.test_place_keeps_facing_and_refuses_overlap()
  local s = session()
  s.place(s.long_spears, { x = 30, y = 20 })
  local u = muster.state.get_unit("long_spears")
  t.eq({ u.facing, u.files, u.ranks }, { 180, 5, 3 })
  t.fails_exactly(function() s.place(s.long_spears, { x = 30, y = 19 }) end, "input: place: Long Spears would stand on Black Blades")
  u = muster.state.get_unit("long_spears")
  t.eq({ u.x, u.y }, { 30, 20 })
  s.place(s.long_spears, { x = 30, y = 20, files = 3 })
  t.eq({ s.long_spears.ranks, muster.state.get_unit("long_spears").ranks }, { 5, 5 })
end

-- Losses re-form a unit on the table: its files kept, its ranks those its figures fill.
function M.test_losses_reform_the_ranks()
  local s = session()
  s.black_blades.figures = 9
  t.eq({ s.black_blades.ranks, muster.state.get_unit("black_blades").ranks }, { 2, 2 })
  s.black_blades.figures = 3
  t.eq({ muster.state.get_unit("black_blades").files, muster.state.get_unit("black_blades").ranks }, { 3, 1 })
end

return M
