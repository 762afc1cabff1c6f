-- Fantasy Warriors at the end of a phase: routs first (everyone attached leaves; a routing
-- warchief takes every individual), then annihilated units, then each character killed (a
-- warchief's death: heroes' vengeance), each loss placing Command Test counters on its army's
-- testers, the counters of one event carried into the next; each check on its own.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local function orcs(extra)
  local a = { name = "Orcs", individuals = { { name = "Shagrat", role = "hero" }, { name = "Grishnakh", role = "wizard", power = 8 },
                                             { name = "Radbug", role = "banner_bearer" } },
              testers = { { name = "Gorbag", role = "warchief", leadership = 5 },
                          { name = "Ugluk", role = "battle_leader", leadership = 3, units = { "Black Blades" } },
                          { name = "Snaga", role = "battle_leader", leadership = 3, units = { "Red Arrows" } } } }
  for k, v in pairs(extra or {}) do a[k] = v end
  return a
end

local function check(input) return ruleset.resolve("end_of_phase", input) end

function M.test_a_unit_routs_alone()
  local r = check({ phase = "threat", routed = { { side = "Orcs", unit = "Black Blades" } }, armies = { orcs() } })
  t.eq({ r.removed, r.routed[1].outcome, r.command_test_markers }, { { "Black Blades" }, "removed", {} })
  t.eq(r.sides[1].counters, {})
  t.eq(r.outcome, "1 removed")
end

-- A leaderless command whose every unit left the table is gone: no counter, no test.
function M.test_a_command_whose_units_all_left_is_gone()
  local r = check({ armies = { orcs() }, routed = { { side = "Orcs", unit = "Black Blades",
    attached = { { name = "Ugluk", role = "battle_leader" } } } } })
  t.eq(r.sides[1].commands_gone, { "command of Ugluk" })
  t.eq(r.sides[1].counters, { "Gorbag", "Snaga" })
  r = check({ armies = { orcs() }, killed = { { side = "Orcs", figure = { name = "Ugluk", role = "battle_leader" } } } })
  t.eq({ r.sides[1].commands_gone, r.sides[1].counters }, { nil, { "Gorbag", "command of Ugluk", "Snaga" } })
end

function M.test_an_annihilated_unit()
  local r = check({ annihilated = { { side = "Orcs", unit = "Red Arrows" } } })
  t.eq({ r.removed, r.annihilated }, { { "Red Arrows" }, { { side = "Orcs", unit = "Red Arrows", outcome = "removed" } } })
end

-- A unit routs with the warchief attached: he takes every individual of the army (p.40), and
-- every tester left gets a counter; the warchief is lost.
function M.test_a_routing_warchief_takes_every_individual()
  local r = check({ phase = "combat", armies = { orcs() },
    routed = { { side = "Orcs", unit = "Guard", attached = { { name = "Gorbag", role = "warchief" } } } } })
  t.eq(r.removed, { "Guard", "Gorbag", "Shagrat", "Grishnakh", "Radbug" })
  t.eq(r.sides[1].warchief_lost, true)
  t.eq(r.sides[1].counters, { "Ugluk", "Snaga" })
  local roles = {}
  for _, m in ipairs(r.command_test_markers) do roles[#roles + 1] = m.role .. " " .. m.event end
  t.eq(roles, { "warchief routed", "hero routed", "wizard routed" })
end

-- The book's order whatever the input's: routs, then annihilations, then deaths; the second
-- death's counters land on the testers the first left (the command of Ugluk is leaderless).
function M.test_the_order_and_counters_carried_from_event_to_event()
  local r = check({ phase = "shooting", armies = { orcs() },
    killed = { { side = "Orcs", unit = "Black Blades", figure = { name = "Ugluk", role = "battle_leader" } },
               { side = "Orcs", unit = "Red Arrows", figure = { name = "Snaga", role = "battle_leader" } } },
    annihilated = { { side = "Orcs", unit = "Wolves" } },
    routed = { { side = "Orcs", unit = "Goblins" } } })
  t.eq(r.removed, { "Goblins", "Wolves", "Ugluk", "Snaga" })
  local testers = {}
  for _, x in ipairs(r.sides[1].testers) do testers[#testers + 1] = x.name .. (x.counter and "*" or "") end
  t.eq(testers, { "Gorbag*", "command of Ugluk*", "command of Snaga*" })
  t.eq(#r.command_test_markers, 2)
end

-- The warchief killed: his hero rolls (2: he routs, no Command Test of his own), his wizard rolls
-- (5: a last spell allowed, none given: he routs), the banner bearer routs.
function M.test_a_warchief_killed()
  muster.dice.set_faces { 2, 5 }
  local r = check({ armies = { orcs() }, killed = { { side = "Orcs", figure = { name = "Gorbag", role = "warchief" } } } })
  local lost = r.killed[1].result
  t.eq({ lost.heroes[1].die, lost.heroes[1].result, lost.wizards[1].roll }, { 2, "routs", 5 })
  t.eq(r.removed, { "Gorbag", "Shagrat", "Grishnakh", "Radbug" })
  t.eq(r.sides[1].warchief_lost, true)
  t.eq(r.killed[1].outcome, lost.outcome)
end

function M.test_input_checks()
  t.fails_exactly(function() check({ routed = { { unit = "X" } } }) end, "input: routed[1].side: missing (the side the unit or figure belongs to)")
  t.fails_exactly(function() check({ killed = { { side = "Orcs" } } }) end, "input: killed[1].figure: missing (the figure killed {name, role})")
  t.fails_exactly(function() check({ phase = "lunch" }) end,
    "input: phase: \"lunch\" is not one of threat, shooting, movement, combat, new_orders, influence, command_test, magic")
  t.fails_exactly(function() check({ armies = { orcs(), orcs() } }) end, "input: armies[2].name: two armies named \"Orcs\"")
end

return M
