-- Fantasy Warriors Phase One in one call (page 19): the book's Threat example through the
-- phase, mutual threat by headcount and its tie-break, several threateners on one unit, the
-- counter-threat asked of each unit that passed (and of no other), no counter-counter-threat,
-- a rout and its Command Test counters, and every input checked before the first die.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

-- The Threat example (page 20).
local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", strength = 1, armour = "medium",
               shield = true, leader = true, musicians = 1, bad_light = "day", orders = "attack" }
local dwarves = { name = "Dwarf infantry", figures = 8, quality = "veteran", type = "disciplined", armour = "heavy",
                  leader = true, standard = true, orders = "hold" }
local goblins = { name = "Goblins", figures = 12, quality = "poor", type = "tribal" }

local function phase(units, threats, extra)
  local input = { units = units, threats = threats }
  for k, v in pairs(extra or {}) do input[k] = v end
  return ruleset.resolve("threat_phase", input)
end

local function steps(r)
  local out = {}
  for _, x in ipairs(r.tests) do out[#out + 1] = string.format("%s:%s<%s=%d:%s", x.step, x.unit, x.threatener, x.score, x.reaction) end
  return out
end

local function unit(r, name)
  for _, u in ipairs(r.units) do if u.name == name then return u end end
end

function M.test_the_threat_example_through_the_phase()
  muster.choice.set_controller("Dwarves", "script", { "Orc infantry" })
  muster.dice.set_faces { 4, 5 }
  local r = phase({ { unit = orcs, side = "Orcs" }, { unit = dwarves, side = "Dwarves" } },
                  { { threatener = "Orc infantry", target = "Dwarf infantry", distance = 8 } }, { time = "night" })
  -- Dwarves 4 + 1 - 1 - 1 + 1 + 1 = 5: OK; they counter-threaten; Orcs 5 + 1 + 1 = 7: bloodlust.
  t.eq(steps(r), { "threat:Dwarf infantry<Orc infantry=5:ok", "counter_threat:Orc infantry<Dwarf infantry=7:bloodlust" })
  t.eq(r.counter_threats, { { unit = "Dwarf infantry", side = "Dwarves", asked = true, options = { "no", "Orc infantry" },
                              answer = "Orc infantry", chosen_by = "script", target = "Orc infantry" } })
  t.eq(r.choices, { { side = "Dwarves", question = "counter_threaten", answer = "Orc infantry", by = "script", about = "Dwarf infantry" } })
  t.eq({ unit(r, "Orc infantry").reaction, unit(r, "Dwarf infantry").reaction }, { "bloodlust", "ok" })
  t.eq(r.outcome, "Orc infantry: bloodlust | Dwarf infantry: ok")
  -- The same test as the `threat` procedure gives.
  muster.dice.set_faces { 4 }
  t.eq(r.tests[1].modifiers, ruleset.resolve("threat_test", { unit = dwarves, threatener = orcs, time = "night" }).modifiers)
end

function M.test_the_default_policy_declines_the_counter_threat()
  muster.dice.set_faces { 4 }
  local r = phase({ { unit = orcs, side = "Orcs" }, { unit = dwarves, side = "Dwarves" } },
                  { { threatener = "Orc infantry", target = "Dwarf infantry", distance = 8 } }, { time = "night" })
  t.eq(#r.tests, 1)
  t.eq({ r.counter_threats[1].answer, r.counter_threats[1].chosen_by, r.counter_threats[1].target }, { "no", "policy:first", nil })
  t.eq(unit(r, "Orc infantry").tests, 0)
end

-- Mutual threat: the Goblins (12) outnumber the Orcs (10): the Orcs' threat is cancelled, they
-- are the threatened unit; passing, they may counter-threaten the Goblins.
function M.test_mutual_threat_by_headcount()
  muster.choice.set_controller("Orcs", "script", { "Goblins" })
  muster.dice.set_faces { 3, 6 }
  local r = phase({ { unit = orcs, side = "Orcs" }, { unit = goblins, side = "Goblins" } },
                  { { threatener = "Orc infantry", target = "Goblins" }, { threatener = "Goblins", target = "Orc infantry" } })
  t.eq(#r.mutual, 1)
  t.eq({ r.mutual[1].initiator, r.mutual[1].decided_by, r.mutual[1].compared }, { "Goblins", "figures",
       { { by = "figures", values = { 10, 12 } } } })
  t.eq({ r.declarations[1].status, r.declarations[1].cancelled_by, r.declarations[2].status },
       { "cancelled", "mutual threat: Goblins initiates", "threatens" })
  -- Orcs: 3 + 0, greater worth -1 (12 >= 10), musicians +1, leader +1 = 4: OK (tribal 4-6).
  -- Goblins: 6 - 1 poor, Orc musician -1 = 4: OK.
  t.eq(steps(r), { "threat:Orc infantry<Goblins=4:ok", "counter_threat:Goblins<Orc infantry=4:ok" })
  t.eq(r.mutual[1].source, "fantasy_warriors p.19")
  -- An answer typed in for the initiator is moot once the mutual threat is settled.
  muster.dice.set_faces { 3, 6 }
  r = phase({ { unit = orcs, side = "Orcs", counter_threaten = "no" }, { unit = goblins, side = "Goblins", counter_threaten = "no" } },
            { { threatener = "Orc infantry", target = "Goblins" }, { threatener = "Goblins", target = "Orc infantry" } })
  t.eq(r.counter_threats[2], { unit = "Goblins", side = "Goblins", asked = false,
                               why = "not threatened once mutual threat was settled: its answer is not used" })
  t.eq(#r.tests, 1)
end

-- Equal headcounts: greater total worth, then more musicians, then more specials, then 1D each
-- thrown again while equal.
function M.test_mutual_threat_tie_breaks()
  local a = t.copy(goblins, { name = "Left goblins" })
  local b = t.copy(goblins, { name = "Right goblins" })
  local units = { { unit = a, side = "West" }, { unit = b, side = "East" } }
  local threats = { { threatener = "Left goblins", target = "Right goblins" }, { threatener = "Right goblins", target = "Left goblins" } }
  muster.dice.set_faces { 4, 4, 2, 5, 6 }
  local r = phase(units, threats)
  t.eq(r.mutual[1].decided_by, "roll")
  t.eq(r.mutual[1].rolls, { { 4, 4 }, { 2, 5 } })
  t.eq(r.mutual[1].initiator, "Right goblins")
  t.eq(#r.mutual[1].compared, 4)
  t.eq(r.dice[1].label, "mutual threat 1, Left goblins")
  t.eq(steps(r), { "threat:Left goblins<Right goblins=4:ok" })  -- 6 - 1 poor - 1 equal worth
  -- A musician more decides before any die.
  units[1].unit = t.copy(a, { musicians = 1 })
  units[2].unit = t.copy(b, { leader = true })
  muster.dice.set_faces { 6 }
  r = phase(units, threats)
  t.eq({ r.mutual[1].decided_by, r.mutual[1].initiator, r.mutual[1].rolls }, { "musicians", "Left goblins", nil })
  -- Worth first: a leader adds no worth in these profiles, but a heavier figure does.
  units[2].unit = t.copy(b, { worth = 2 })
  muster.dice.set_faces { 6 }
  r = phase(units, threats)
  t.eq({ r.mutual[1].decided_by, r.mutual[1].initiator }, { "worth", "Right goblins" })
end

-- Two threateners on one unit: one test each, left to right; a later reaction replaces an
-- earlier one (OK keeps it); a rout ends the sequence.
function M.test_several_threateners_one_test_each()
  local boyz = t.copy(orcs, { name = "Orc boyz", musicians = 0, leader = false })
  local units = { { unit = orcs, side = "Orcs" }, { unit = dwarves, side = "Dwarves" }, { unit = boyz, side = "Orcs" } }
  local threats = { { threatener = "Orc boyz", target = "Dwarf infantry" }, { threatener = "Orc infantry", target = "Dwarf infantry" } }
  -- First test (Orc infantry, left of the boyz): 1 + 1 - 1 - 1 + 1 + 1 = 2: shaken; then 6 + 1 - 1 + 1 + 1 = 8: OK keeps shaken.
  muster.dice.set_faces { 1, 6 }
  local r = phase(units, threats)
  t.eq(steps(r), { "threat:Dwarf infantry<Orc infantry=2:shaken", "threat:Dwarf infantry<Orc boyz=8:ok" })
  t.eq({ r.tests[2].unit_reaction, r.tests[2].disorganised }, { "shaken", true })
  t.eq({ unit(r, "Dwarf infantry").reaction, unit(r, "Dwarf infantry").disorganised }, { "shaken", true })
  -- Both tests see the unit as the phase began: no shaken -2 in the second.
  t.eq(t.modifier_ids(r.tests[2]), "quality=1 enemy_worth=-1 standard=1 leader=1")
  t.eq(r.counter_threats[1].asked, false)
  -- A rout on the first test: the second is not taken.
  local weak = t.copy(dwarves, { quality = "poor", leader = false, standard = false })
  units[2].unit = weak
  muster.dice.set_faces { 1 }
  r = phase(units, threats)
  t.eq(steps(r), { "threat:Dwarf infantry<Orc infantry=-2:rout" })
  t.eq(unit(r, "Dwarf infantry").removed, true)
  t.eq(r.end_of_phase.routed, { { side = "Dwarves", unit = "Dwarf infantry", outcome = "removed" } })
end

-- A unit threatened by two chooses which one to counter-threaten; the original threatener's
-- test is the last: nobody asks it to counter-counter-threaten.
function M.test_counter_threat_chooses_one_threatener_no_counter_counter()
  local boyz = t.copy(orcs, { name = "Orc boyz" })
  local units = { { unit = orcs, side = "Orcs" }, { unit = dwarves, side = "Dwarves" }, { unit = boyz, side = "Orcs" } }
  local threats = { { threatener = "Orc infantry", target = "Dwarf infantry" }, { threatener = "Orc boyz", target = "Dwarf infantry" } }
  muster.choice.set_controller("Dwarves", "script", { "Orc boyz" })
  muster.choice.set_controller("Orcs", "script", {})  -- asked nothing: a question would fail the test
  muster.dice.set_faces { 5, 5, 2 }
  local r = phase(units, threats)
  t.eq(r.counter_threats[1].options, { "no", "Orc infantry", "Orc boyz" })
  t.eq(steps(r), { "threat:Dwarf infantry<Orc infantry=6:ok", "threat:Dwarf infantry<Orc boyz=6:ok",
                   "counter_threat:Orc boyz<Dwarf infantry=4:ok" })
  t.eq(#r.counter_threats, 1)
  t.eq(#r.choices, 1)
  t.eq(unit(r, "Orc infantry").tests, 0)
end

-- Who is not asked: a unit that did not pass, a stupid unit, a unit in combat (the core's reading).
function M.test_who_may_not_counter_threaten()
  local units = { { unit = orcs, side = "Orcs" }, { unit = dwarves, side = "Dwarves" } }
  local threats = { { threatener = "Orc infantry", target = "Dwarf infantry" } }
  muster.choice.set_controller("Dwarves", "script", {})
  muster.dice.set_faces { 6 }  -- 6 + 1 - 1 - 1 + 1 + 1 = 7: OK ... for a disciplined unit
  local bloodlust = t.copy(dwarves, { type = "fanatic" })  -- fanatic: 7 is bloodlust
  units[2].unit = bloodlust
  local r = phase(units, threats)
  t.eq({ r.tests[1].reaction, r.counter_threats[1].asked, r.counter_threats[1].why },
       { "bloodlust", false, "it did not pass its Threat Test (p.19)" })
  units[2].unit = t.copy(dwarves, { type = "stupid" })
  muster.dice.set_faces { 4 }
  r = phase(units, threats)
  t.eq({ r.tests[1].reaction, r.counter_threats[1].why }, { "ok", "a stupid unit never counter-threatens (p.19)" })
  units[2].unit = dwarves
  units[2].in_combat = true
  muster.choice.set_controller("Dwarves", "script", { "no" })
  muster.dice.set_faces { 4 }
  r = phase(units, threats)
  t.eq({ r.tests[1].reaction, r.counter_threats[1].asked }, { "ok", true })  -- the core lets it (threat_readings)
end

-- A unit routing with its battle leader: the leader goes with it, and his army's testers get
-- their Command Test counters (individuals.lua's unit_routed).
function M.test_a_rout_places_command_test_counters()
  local led = t.copy(dwarves, { quality = "poor", leader = false, standard = false,
    individuals = { { name = "Nori", role = "battle_leader", quality = "veteran", type = "disciplined", worth = 2, save = 7, leadership = 2 } } })
  muster.dice.set_faces { 1 }
  local r = phase({ { unit = orcs, side = "Orcs" }, { unit = led, side = "Dwarves" } },
                  { { threatener = "Orc infantry", target = "Dwarf infantry" } },
                  { armies = { { name = "Dwarves", testers = { { name = "Thorin", role = "warchief", leadership = 4 },
                                                               { name = "Nori", role = "battle_leader", leadership = 2, units = { "Dwarf infantry" } } } } } })
  t.eq(r.tests[1].reaction, "rout")
  local e = r.end_of_phase
  t.eq(e.removed, { "Dwarf infantry", "Nori" })
  t.eq(e.command_test_markers, { { side = "Dwarves", name = "Nori", role = "battle_leader", event = "routed", when = "phase_seven" } })
  -- Every friendly warchief and battle leader, and the command that lost its leader (p.39):
  -- but Nori's command had no unit but this one, and is gone.
  t.eq(e.sides[1].counters, { "Thorin" })
  t.eq(e.sides[1].commands_gone, { "command of Nori" })
  t.eq(e.routed[1].result.procedure, "unit_routed")
end

function M.test_every_input_is_checked_before_the_first_die()
  local units = { { unit = orcs, side = "Orcs" }, { unit = dwarves, side = "Dwarves" }, { unit = goblins, side = "Orcs" } }
  local before = muster.dice.operations()
  local function fails(threats, message)
    t.fails_exactly(function() phase(units, threats) end, message)
    t.eq(muster.dice.operations(), before, message)
  end
  fails({ { threatener = "Orc infantry", target = "Dwarf infantry" }, { threatener = "Dwarf infantry", target = "Goblins" } },
    "input: threats[2].threatener: Dwarf infantry: only tribal or fanatic units initiate threat (this unit is disciplined)")
  fails({ { threatener = "Orc infantry", target = "Dwarf infantry" }, { threatener = "Orc infantry", target = "Dwarf infantry" } },
    "input: threats[2].threatener: Orc infantry already threatens Dwarf infantry: a unit threatens one enemy unit (p.19)")
  fails({ { threatener = "Orc infantry", target = "Goblins" } }, "input: threats[1].target: Goblins is on Orc infantry's own side (Orcs)")
  fails({ { threatener = "Orc infantry", target = "Elves" } },
    "input: threats[1].target: \"Elves\" is not one of the units (Dwarf infantry, Goblins, Orc infantry)")
  fails({ { threatener = "Orc infantry", target = "Dwarf infantry", distance = 13 } },
    "input: threats[1].threatener: Orc infantry: the target is 13in away, beyond 12in")
  fails({ { threatener = "Orc infantry", target = "Dwarf infantry", sight = { between = { "wood" } } } },
    "input: threats[1].threatener: Orc infantry: the target is not visible (a wood stands in the line (fantasy_warriors p.22))")
  t.fails_exactly(function() phase({ { unit = orcs, side = "Orcs" }, { unit = t.copy(dwarves, { reaction = "rout" }), side = "Dwarves" } }, {}) end,
    "input: units[2].unit.reaction: a routed unit has left the table")
  units[2].counter_threaten = "Goblins"
  fails({ { threatener = "Orc infantry", target = "Dwarf infantry" } },
    "input: units[2].counter_threaten: \"Goblins\" is not one of no, Orc infantry")
  units[2].counter_threaten, units[3].counter_threaten = nil, "no"
  fails({ { threatener = "Orc infantry", target = "Dwarf infantry" } }, "input: units[3].counter_threaten: the unit is not threatened")
end

-- Over seeds, with two threateners on one unit: the unit ends as its reactions, one after the
-- other, leave it; it is asked to counter-threaten exactly when every test was OK and it is left
-- with no reaction; and only a threatener it chose is tested again.
function M.test_reactions_and_counter_threats_over_seeds()
  local reactions = ruleset.modules.reactions
  local boyz = t.copy(orcs, { name = "Orc boyz" })
  local units = { { unit = orcs, side = "Orcs" }, { unit = t.copy(dwarves, { quality = "average", leader = false, standard = false }), side = "Dwarves" },
                  { unit = boyz, side = "Orcs" } }
  local threats = { { threatener = "Orc infantry", target = "Dwarf infantry" }, { threatener = "Orc boyz", target = "Dwarf infantry" } }
  muster.choice.set_controller("Dwarves", "policy", "last")  -- counter-threatens the last threatener
  local asked, routs = 0, 0
  for seed = 1, 40 do
    muster.dice.set_seed(seed)
    local r = phase(units, threats)
    local state, all_ok = { reaction = "ok", disorganised = false }, true
    for _, x in ipairs(r.tests) do
      if x.step == "threat" then
        state.reaction, state.disorganised = reactions.apply(state, x.reaction)
        all_ok = all_ok and x.reaction == "ok"
      end
    end
    t.eq({ unit(r, "Dwarf infantry").reaction, unit(r, "Dwarf infantry").disorganised }, { state.reaction, state.disorganised }, "seed " .. seed)
    local passed = all_ok and state.reaction == "ok"
    t.eq(r.counter_threats[1].asked, passed, "seed " .. seed)
    local counter = r.tests[#r.tests].step == "counter_threat" and r.tests[#r.tests] or nil
    t.eq(counter ~= nil, passed, "seed " .. seed)
    if counter then t.eq(counter.unit, "Orc boyz") asked = asked + 1 end
    -- A rout ends the unit's tests: nothing is thrown for it after the test that routed it.
    if r.tests[1].reaction == "rout" then routs = routs + 1 t.eq(#r.tests, 1, "seed " .. seed) end
  end
  t.eq(asked > 0 and routs > 0, true)
end

return M
