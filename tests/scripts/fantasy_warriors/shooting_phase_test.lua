-- Fantasy Warriors Phase Two in one call (page 21): the book's Shooting example through the
-- phase, several shooters into one target with one Casualty Test on the summed losses, the
-- volleys declared before any die, simultaneity (every shooter shoots with the figures it began
-- with; the Casualty Test sees them too: a property over seeds), removal last, a character
-- killed and its Command Test counters, and the input checked before the first die.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

-- The Shooting example (page 23): 6 average Orc bowmen (STR +1) at long range, 1 volley,
-- against heavy-armoured Dwarves without shields.
local bowmen = { name = "Orc bowmen", figures = 6, quality = "average", type = "tribal", strength = 1, weapon = "bow" }
local dwarves = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy" }
local goblins = { name = "Goblins", figures = 10, quality = "poor", type = "tribal" }

local function phase(units, shots, extra)
  local input = { units = units, shots = shots }
  for k, v in pairs(extra or {}) do input[k] = v end
  return ruleset.resolve("shooting_phase", input)
end

local function unit(r, name)
  for _, u in ipairs(r.units) do if u.name == name then return u end end
end

function M.test_the_shooting_example_through_the_phase()
  muster.dice.set_faces { 6, 5, 3, 3, 2, 1, 5, 3 }
  local r = phase({ { unit = bowmen, side = "Orcs" }, { unit = dwarves, side = "Dwarves" } },
                  { { shooter = "Orc bowmen", target = "Dwarf infantry", distance = 12, volleys = 1 } })
  local s = r.shots[1]
  t.eq({ s.range, s.hits, s.automatic_hits, s.kills, s.losses }, { "long", 2, 1, 1, 1 })
  t.eq(s.kill_target, 6)
  -- The same dice through `shoot` give the same shot.
  muster.dice.set_faces { 6, 5, 3, 3, 2, 1, 5, 3 }
  local one = ruleset.resolve("shoot", { shooter = bowmen, target = dwarves, distance = 12, volleys = 1 })
  t.eq({ one.hits, one.kills, one.losses, one.modifiers }, { s.hits, s.kills, s.losses, s.modifiers })
  -- 1 of 10 is not over 25%: no Casualty Test; the unit loses its figure at the end.
  t.eq({ r.targets[1].losses, r.targets[1].casualty_test.tested }, { 1, false })
  t.eq({ unit(r, "Dwarf infantry").figures_after, unit(r, "Orc bowmen").volleys_left }, { 9, 5 })
  t.eq(r.outcome, "Dwarf infantry: 1 lost")
end

-- Two shooters at one target, 2 figures lost to each: neither is over 25% alone, the sum (4 of
-- 10) is: one Casualty Test, on the summed losses: 3 - 1 poor - 1 losses = 1: rout.
function M.test_several_shooters_one_casualty_test_on_the_summed_losses()
  local a = t.copy(bowmen, { name = "Left bows", figures = 2 })
  local b = t.copy(bowmen, { name = "Right bows", figures = 2 })
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 3 }
  local r = phase({ { unit = a, side = "Orcs" }, { unit = goblins, side = "Goblins" }, { unit = b, side = "Orcs" } },
                  { { shooter = "Left bows", target = "Goblins", distance = 5, volleys = 1 },
                    { shooter = "Right bows", target = "Goblins", distance = 5, volleys = 1 } })
  t.eq({ r.shots[1].losses, r.shots[2].losses }, { 2, 2 })
  t.eq(#r.targets, 1)
  local test = r.targets[1].casualty_test
  t.eq({ test.losses, test.figures_at_start, test.trigger }, { 4, 10, "4 of 10 (40%) lost to missiles: over 25%" })
  t.eq({ test.score, test.reaction }, { 1, "rout" })
  t.eq({ unit(r, "Goblins").figures_after, unit(r, "Goblins").reaction, unit(r, "Goblins").removed }, { 6, "rout", true })
  t.eq(r.end_of_phase.removed, { "Goblins" })
  -- One shot alone is no test at all.
  muster.dice.set_faces { 6, 6, 6, 6 }
  r = phase({ { unit = a, side = "Orcs" }, { unit = goblins, side = "Goblins" } },
            { { shooter = "Left bows", target = "Goblins", distance = 5, volleys = 1 } })
  t.eq(r.targets[1].casualty_test.tested, false)
end

-- The volleys are declared (asked of each shooter's side) before any die: a declaration that
-- cannot be made stops the phase with no die thrown, after the first shooter's question.
function M.test_volleys_are_declared_before_any_die()
  local a = t.copy(bowmen, { name = "Left bows" })
  local b = t.copy(bowmen, { name = "Right bows", volleys = 1 })
  local units = { { unit = a, side = "Orcs" }, { unit = dwarves, side = "Dwarves" }, { unit = b, side = "Orcs" } }
  muster.choice.set_controller("Orcs", "script", { 3 })
  local before = muster.dice.operations()
  t.fails_exactly(function() phase(units, { { shooter = "Left bows", target = "Dwarf infantry", distance = 12 },
                                            { shooter = "Right bows", target = "Dwarf infantry", distance = 12, volleys = 2 } }) end,
    "input: shots[2].volleys: 2 volleys declared but the unit has 1 volley counter")
  t.eq(muster.dice.operations(), before)
  -- Asked and answered: 3 volleys, recorded with who chose.
  muster.choice.set_controller("Orcs", "script", { 3 })
  local r = phase(units, { { shooter = "Left bows", target = "Dwarf infantry", distance = 12 } })
  t.eq({ r.declarations[1].volleys, r.declarations[1].volleys_chosen_by, r.declarations[1].volleys_left }, { 3, "script", 3 })
  t.eq(r.choices[1], { side = "Orcs", question = "volleys", answer = "3", by = "script", about = "Left bows" })
  t.eq(r.shots[1].hit_dice, 18)
end

-- Simultaneous: the Dwarves shoot back with every figure they began with, though the Orcs' shot
-- was thrown first; and every Casualty Test reads the figures the phase began with. Over seeds.
function M.test_no_casualty_is_removed_before_every_test_is_thrown()
  local orcs = t.copy(bowmen, { name = "Orc archers", figures = 12, armour = "none" })
  local crossbows = { name = "Dwarf crossbows", figures = 8, quality = "average", type = "disciplined", weapon = "crossbow", ranks = 1 }
  local units = { { unit = orcs, side = "Orcs" }, { unit = crossbows, side = "Dwarves" } }
  local shots = { { shooter = "Orc archers", target = "Dwarf crossbows", distance = 5, volleys = 4 },
                  { shooter = "Dwarf crossbows", target = "Orc archers", distance = 5, volleys = 2 } }
  local lost, tested = 0, 0
  for seed = 1, 40 do
    muster.dice.set_seed(seed)
    local r = phase(units, shots)
    t.eq(r.shots[2].figures_shooting, 8, "seed " .. seed)
    t.eq(r.shots[2].hit_dice, 16, "seed " .. seed)
    t.eq(r.shots[1].figures_at_start, 8, "seed " .. seed)
    for _, target in ipairs(r.targets) do
      t.eq(target.figures_at_start, target.unit == "Orc archers" and 12 or 8, "seed " .. seed)
      local test = target.casualty_test
      if test.tested then
        tested = tested + 1
        t.eq(test.figures_at_start, target.figures_at_start, "seed " .. seed)
      end
    end
    lost = lost + r.shots[1].losses
  end
  -- The property is not vacuous: the first shot did kill, and tests were taken.
  t.eq(lost > 0 and tested > 0, true)
end

-- A kill on the unit's battle leader (the shooting side's choice of the 6): he dies, the unit
-- loses no figure, and his army's testers get their counters (individual_lost).
function M.test_a_character_killed_places_command_test_counters()
  local archer = t.copy(bowmen, { name = "Sniper", figures = 1 })
  local led = t.copy(goblins, { individuals = { { name = "Grub", role = "battle_leader", quality = "average", type = "tribal", leadership = 2 } } })
  muster.dice.set_faces { 6, 6, 6 }
  local r = phase({ { unit = archer, side = "Orcs" }, { unit = led, side = "Goblins" } },
                  { { shooter = "Sniper", target = "Goblins", distance = 5, volleys = 1 } },
                  { armies = { { name = "Goblins", testers = { { name = "Skab", role = "warchief", leadership = 3 },
                                                               { name = "Grub", role = "battle_leader", leadership = 2, units = { "Goblins" } } } } } })
  t.eq(r.shots[1].specials, { { six = 1, figure = "Grub", chosen_by = "policy:first", killed = true } })
  t.eq(r.choices, { { side = "Orcs", question = "special_killed", answer = "Grub", by = "policy:first", about = "Goblins" } })
  t.eq({ r.shots[1].losses, r.shots[1].killed }, { 0, { "Grub" } })
  t.eq({ unit(r, "Goblins").figures_after, #unit(r, "Goblins").after.individuals }, { 10, 0 })
  local e = r.end_of_phase
  t.eq(e.killed[1].figure, "Grub")
  t.eq(e.command_test_markers, { { side = "Goblins", name = "Grub", role = "battle_leader", event = "killed", when = "phase_seven" } })
  t.eq(e.sides[1].counters, { "Skab", "command of Grub" })
  t.eq(e.sides[1].testers[2].name, "command of Grub")
end

function M.test_every_input_is_checked_before_the_first_die()
  local units = { { unit = bowmen, side = "Orcs" }, { unit = dwarves, side = "Dwarves" }, { unit = goblins, side = "Orcs" } }
  local before = muster.dice.operations()
  local function fails(shots, message)
    t.fails_exactly(function() phase(units, shots) end, message)
    t.eq(muster.dice.operations(), before, message)
  end
  fails({ { shooter = "Orc bowmen", target = "Dwarf infantry", distance = 19, volleys = 1 } },
    "input: shots[1].distance: 19in is beyond the bow's long range of 18in: it cannot shoot")
  fails({ { shooter = "Orc bowmen", target = "Dwarf infantry", distance = 5, volleys = 1 },
          { shooter = "Orc bowmen", target = "Dwarf infantry", distance = 5, volleys = 1 } },
    "input: shots[2].shooter: Orc bowmen already shoots at Dwarf infantry: a unit shoots at one target a phase")
  fails({ { shooter = "Goblins", target = "Dwarf infantry", distance = 5 } },
    "input: shots[1].shooter.weapon: hand is not a missile weapon (missile weapons: ballista, bow, crossbow, giant_crossbow, handgun, longbow)")
  fails({ { shooter = "Orc bowmen", target = "Goblins", distance = 5 } }, "input: shots[1].target: Goblins is on Orc bowmen's own side (Orcs)")
  fails({ { shooter = "Orc bowmen", target = "Dwarf infantry", distance = 5, volleys = 1, sight = { between = { "figures" } } } },
    "input: shots[1].sight: the target cannot be seen: other figures stand in the line (fantasy_warriors p.22)")
end

return M
