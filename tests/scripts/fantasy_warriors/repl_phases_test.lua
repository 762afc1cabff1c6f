-- The REPL's whole-phase helpers (scripts/rulesets/fantasy_warriors/repl_phases.lua) through
-- the session library as `muster repl` installs it: threat_phase{...}, shooting_phase{...} and
-- combat_phase{...}, one line each, and the units in the battle state afterwards (figures,
-- specials, reactions, disorder, volleys) as the phase's result says.
local t = require("testing")
local repl = require("repl")

local M = { ruleset = "fantasy_warriors" }

local function session()
  local env = {}
  repl.install(env, {})
  return env
end

function M.test_threat_phase_sets_the_reactions()
  local s = session()
  local orcs = s.unit { "orc infantry", figures = 10, leader = true, musicians = 1, orders = "attack" }
  local dwarves = s.unit { "dwarf infantry", figures = 8, leader = true, standard = true }
  muster.choice.set_controller("dwarves", "script", { "Orc infantry" })
  muster.dice.set_faces { 4, 5 }
  local r = s.threat_phase { time = "night", { orcs, dwarves, distance = 8 } }
  t.eq(r.procedure, "threat_phase")
  t.eq({ r.tests[1].unit, r.tests[2].unit }, { "Dwarf infantry", "Orc infantry" })
  t.eq({ orcs.reaction, dwarves.reaction }, { r.units[1].reaction, r.units[2].reaction })
  t.eq(orcs.reaction, r.tests[2].reaction)
  t.eq(tostring(r):match("^threat phase: "), "threat phase: ")
  t.eq(repl.last.command, "threat_phase")
end

function M.test_shooting_phase_removes_the_casualties_and_spends_the_volleys()
  local s = session()
  local archers = s.unit { "orc archers", figures = 10 }
  local more = s.unit { "orc archers", name = "More archers", figures = 10 }
  local dwarves = s.unit { "dwarf infantry", figures = 10, leader = true, standard = true }
  local r = s.shooting_phase { { archers, dwarves, distance = 5, volleys = 3 }, { more, dwarves, distance = 5, volleys = 1 } }
  -- The units in the order they first appear in the line: archers, dwarves, more archers.
  t.eq({ r.units[1].name, r.units[2].name, r.units[3].name }, { "Orc archers", "Dwarf infantry", "More archers" })
  local d = r.units[2]
  t.eq(dwarves.figures, d.figures_after)
  t.eq(dwarves.figures, 10 - r.targets[1].losses)
  t.eq({ archers.volleys, more.volleys }, { 3, 5 })
  t.eq({ dwarves.reaction, dwarves.disorganised }, { d.reaction, d.disorganised })
  -- Killed specials leave the unit's description.
  local killed = {}
  for _, k in ipairs(r.targets[1].killed) do killed[k] = true end
  t.eq(dwarves.leader, not killed.leader)
  t.eq(dwarves.standard, not killed.standard_bearer)
end

function M.test_combat_phase_several_combats_one_line()
  local s = session()
  local orcs = s.unit { "orc infantry", figures = 10, leader = true, orders = "attack" }
  local dwarves = s.unit { "dwarf infantry", figures = 8, leader = true, standard = true }
  local goblins = s.unit { "orc infantry", name = "Goblins", figures = 12, side = "orcs" }
  local wolves = s.unit { "orc infantry", name = "Wolves", figures = 5, side = "orcs" }
  local axes = s.unit { "dwarf infantry", name = "Axes", figures = 10 }
  local r = s.combat_phase { { orcs, dwarves }, { { goblins, wolves }, axes, attacker = { {}, { in_contact = 0 } } } }
  t.eq(#r.combats, 2)
  t.eq(#r.combats[2].units, 3)
  for _, u in ipairs(r.units) do
    local h = ({ ["Orc infantry"] = orcs, ["Dwarf infantry"] = dwarves, Goblins = goblins, Wolves = wolves, Axes = axes })[u.name]
    t.eq({ h.figures, h.reaction, h.disorganised }, { u.figures_after, u.reaction, u.disorganised }, u.name)
  end
  t.eq(wolves.figures, 5)
end

function M.test_helper_input_errors()
  local s = session()
  local orcs = s.unit { "orc infantry", figures = 10 }
  t.fails_exactly(function() s.threat_phase { { orcs } } end, "input: threat_phase: [1]: {threatener, target, distance = ...} expected")
  t.fails_exactly(function() s.shooting_phase { { orcs, orcs, distance = 5 }, units = { { orcs, fog = true } } } end,
    "input: shooting_phase: units[1]: unknown field \"fog\" (known: alone, terrible, in_combat, ground)")
  t.fails_exactly(function() s.combat_phase { { orcs, orcs, attacker = { charge = true } } } end,
    "input: combat_phase: [1] attacker: unknown option \"charge\" (known: in_contact, rear_ranks, profiles_in_contact, against, target, fight_ranks, polearm, rider_profile, capture_standard)")
end

return M
