-- Fantasy Warriors Phase Four in one call (page 30): the book's Combat example through the
-- phase, every combat fought before any Combat Test (simultaneous), several units a side,
-- annihilation, a warchief killed (individuals.lua: heroes' vengeance, everyone else routs) and
-- the input checked before the first die.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local orcs = { name = "Orcs", figures = 6, quality = "average", type = "tribal", strength = 1,
               armour = "medium", shield = true, champion = true, orders = "attack", disorganised = true }
local enemy = { name = "Enemy", figures = 8, quality = "average", type = "disciplined", armour = "medium", shield = true }

local function fighter(u, fields)
  local f = { unit = u }
  for k, v in pairs(fields or {}) do f[k] = v end
  return f
end

local function phase(combats, extra)
  local input = { combats = combats }
  for k, v in pairs(extra or {}) do input[k] = v end
  return ruleset.resolve("combat_phase", input)
end

local function unit(r, name)
  for _, u in ipairs(r.units) do if u.name == name then return u end end
end

function M.test_the_combat_example_through_the_phase()
  -- 8 dice: 6,6,4,4,4,3,3,3 (two hits), kills 5,4 (+1 STR: both kill on hand v medium); the
  -- Enemy's Combat Test: 4, -1 lost more, +1 HOLD = 4: OK.
  local dice = { 6, 6, 4, 4, 4, 3, 3, 3, 5, 4 }
  muster.dice.set_faces(t.copy(dice, { [11] = 4 }))
  local r = phase({ { attacker = fighter(orcs), defender = fighter(enemy, { in_contact = 0 }) } })
  local round = r.combats[1]
  muster.dice.set_faces(dice)
  local alone = ruleset.resolve("combat", { attacker = fighter(orcs), defender = fighter(enemy, { in_contact = 0 }) })
  t.eq({ round.winner, round.units[1].attacks[1].hits, round.units[1].attacks[1].kills }, { "attacker", 2, 2 })
  t.eq(round.units, alone.units)
  t.eq(#r.tests, 1)
  t.eq({ r.tests[1].unit, r.tests[1].score, r.tests[1].reaction }, { "Enemy", 4, "ok" })
  t.eq(t.modifier_ids(r.tests[1]), "greater_losses=-1 hold=1")
  t.eq({ unit(r, "Enemy").figures_after, unit(r, "Orcs").figures_after }, { 6, 6 })
  t.eq(r.outcome, "combat 1: attacker wins: the attacker killed 2, the defender 0 | Enemy ok")
end

-- Two combats: both rounds are fought before either Combat Test (the dice say so: the first
-- test throws the 9th die, not the 5th), the second with two units on the attacking side.
function M.test_every_combat_before_any_combat_test()
  local a = { name = "A1", figures = 2, quality = "average", type = "tribal" }
  local d = { name = "D1", figures = 5, quality = "average", type = "tribal" }
  local combats = {
    { attacker = fighter(a), defender = fighter(d, { in_contact = 0 }), attacker_side = "North", defender_side = "South" },
    { attacker = { fighter(t.copy(a, { name = "A2" })), fighter(t.copy(a, { name = "A3" }), { in_contact = 0 }) },
      defender = fighter(t.copy(d, { name = "D2" }), { in_contact = 0 }), attacker_side = "North", defender_side = "South" },
  }
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 1, 6 }
  local r = phase(combats)
  t.eq({ r.combats[1].sides.defender.losses, r.combats[2].sides.defender.losses }, { 2, 2 })
  -- D1: 1, over 25% -1, lost more -1, HOLD +1 = 0: rout; D2: 6 - 1 - 1 + 1 = 5: OK.
  t.eq({ r.tests[1].unit, r.tests[1].score, r.tests[1].reaction }, { "D1", 0, "rout" })
  t.eq({ r.tests[2].unit, r.tests[2].score, r.tests[2].reaction }, { "D2", 5, "ok" })
  t.eq(#r.combats[2].units, 3)
  t.eq({ unit(r, "D1").removed, unit(r, "D1").figures_after, unit(r, "D1").side }, { true, 3, "South" })
  t.eq(r.end_of_phase.routed, { { side = "South", unit = "D1", outcome = "removed" } })
  t.eq({ unit(r, "A3").figures_after, unit(r, "A3").losses }, { 2, 0 })
end

function M.test_an_annihilated_unit_is_removed_without_a_test()
  local a = { name = "Trolls", figures = 3, quality = "average", type = "stupid", strength = 2 }
  local d = { name = "Snotlings", figures = 2, quality = "poor", type = "tribal" }
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6 }
  local r = phase({ { attacker = fighter(a), defender = fighter(d, { in_contact = 0 }) } })
  t.eq(#r.tests, 0)
  t.eq({ unit(r, "Snotlings").figures_after, unit(r, "Snotlings").annihilated }, { 0, true })
  t.eq(r.end_of_phase.annihilated, { { side = "defender", unit = "Snotlings", outcome = "removed" } })
end

-- The warchief falls in combat (a 6 to specials, the Dwarf player's choice): at the end of the
-- phase his hero rolls for vengeance (5: he stays), his herald routs, the army's testers get
-- their counters and no new orders come any more.
function M.test_a_warchief_killed_in_combat()
  local dwarves = { name = "Dwarves", figures = 2, quality = "veteran", type = "disciplined" }
  local guard = { name = "Orc guard", figures = 5, quality = "average", type = "tribal",
                  individuals = { { name = "Gorbag", role = "warchief", quality = "veteran", type = "tribal", leadership = 5 } } }
  muster.dice.set_faces { 6, 6, 6, 6, 6, 4, 5 }
  local r = phase({ { attacker = fighter(dwarves), defender = fighter(guard, { in_contact = 0 }),
                      attacker_side = "Dwarves", defender_side = "Orcs" } },
                  { armies = { { name = "Orcs", individuals = { { name = "Shagrat", role = "hero" }, { name = "Radbug", role = "herald" } },
                                 testers = { { name = "Gorbag", role = "warchief", leadership = 5 },
                                             { name = "Ugluk", role = "battle_leader", leadership = 3, units = { "Orc guard" } } } } } })
  local guard_rep = r.combats[1].units[2]
  t.eq({ guard_rep.characters_killed, guard_rep.losses }, { { "Gorbag" }, 1 })
  t.eq(r.choices, { { side = "Dwarves", question = "special_killed", answer = "Gorbag", by = "policy:first", about = "Orc guard" } })
  t.eq({ r.tests[1].score, r.tests[1].reaction }, { 4, "ok" })  -- 4 - 1 lost more + 1 HOLD
  local e = r.end_of_phase
  t.eq(e.killed[1].figure, "Gorbag")
  local lost = e.killed[1].result
  t.eq({ lost.procedure, lost.heroes[1].die, lost.heroes[1].result }, { "individual_lost", 5, "vengeance" })
  t.eq(e.removed, { "Gorbag", "Radbug" })
  t.eq(e.sides[1].warchief_lost, true)
  t.eq(e.sides[1].counters, { "Ugluk" })
  t.eq(#e.command_test_markers, 1)
end

function M.test_every_input_is_checked_before_the_first_die()
  local a = { name = "A1", figures = 2, quality = "average", type = "tribal" }
  local d = { name = "D1", figures = 5, quality = "average", type = "tribal" }
  local before = muster.dice.operations()
  local function fails(combats, message)
    t.fails_exactly(function() phase(combats) end, message)
    t.eq(muster.dice.operations(), before, message)
  end
  fails({ { attacker = fighter(a), defender = fighter(d) }, { attacker = fighter(a), defender = fighter(t.copy(d, { name = "D2" })) } },
    "input: combats[2].attacker[1].unit.name: \"A1\" fights in combats[1] already: a unit is in one combat")
  fails({ { attacker = fighter(a), defender = fighter(d) }, { attacker = fighter(t.copy(a, { name = "A2" }), { fight_ranks = 2 }), defender = fighter(t.copy(d, { name = "D2" })) } },
    "input: combats[2].attacker[1].fight_ranks: 2 ranks asked but this unit may fight in 1 now")
  fails({}, "input: combats: missing (every combat, left to right: {attacker = fighter(s), defender = fighter(s), ...})")
end

-- Over seeds: every Combat Test reads the figures its unit began the phase with, each unit
-- ends with its start less its losses, and a unit is removed exactly when it routed or has no
-- figure left.
function M.test_the_phase_is_simultaneous_over_seeds()
  local a = { name = "A1", figures = 6, quality = "average", type = "tribal", strength = 1 }
  local d = { name = "D1", figures = 6, quality = "average", type = "tribal" }
  local combats = {
    { attacker = fighter(a), defender = fighter(d) },
    { attacker = fighter(t.copy(a, { name = "A2" })), defender = fighter(t.copy(d, { name = "D2", figures = 3 })) },
  }
  local start = { A1 = 6, D1 = 6, A2 = 6, D2 = 3 }
  local tested, removed = 0, 0
  for seed = 1, 30 do
    muster.dice.set_seed(seed)
    local r = phase(combats)
    for _, test in ipairs(r.tests) do
      t.eq(test.figures_at_start, start[test.unit], "seed " .. seed)
      tested = tested + 1
    end
    for _, u in ipairs(r.units) do
      t.eq(u.figures_after, start[u.name] - u.losses, "seed " .. seed .. " " .. u.name)
      t.eq(u.removed == true, u.reaction == "rout" or u.figures_after == 0, "seed " .. seed .. " " .. u.name)
      if u.removed then removed = removed + 1 end
    end
  end
  t.eq(tested > 0 and removed > 0, true)
end

return M
