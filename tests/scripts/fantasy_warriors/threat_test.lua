-- Fantasy Warriors, Phase One (threat): the rulebook's worked examples replayed with their
-- dice, the quality throw, the reaction table by type, and a variant patching the list.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

-- The Threat example (page 20): 10 average tribal Orcs with a leader and a musician threaten
-- 8 veteran disciplined Dwarves with a leader and a standard, at night.
local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal",
               strength = 1, armour = "medium", shield = true, leader = true, musicians = 1,
               bad_light = "day", orders = "attack" }
local dwarves = { name = "Dwarf infantry", figures = 8, quality = "veteran", type = "disciplined",
                  armour = "heavy", leader = true, standard = true, bad_light = "none", orders = "hold" }

local modifier_values = t.modifier_ids

function M.test_threat_example_page_20()
  muster.choice.set_controller("defender", "script", { "yes" })
  muster.dice.set_faces { 4, 5 }
  local r = ruleset.resolve("threat", { threatener = orcs, target = dwarves, time = "night", distance = 8 })
  -- Dwarves: 4 + 1 veteran, Orc musician -1, greater worth -1, leader +1, standard +1 = 5: OK.
  t.eq(r.test.score, 5, "Dwarf score")
  t.eq(modifier_values(r.test), "quality=1 enemy_musicians=-1 enemy_worth=-1 standard=1 leader=1")
  t.eq(r.test.reaction, "ok")
  t.eq(r.counter_threat, true)
  t.eq(r.counter_threat_chosen_by, "script")
  -- Orcs: 5 + 0 average, own musician +1, leader +1 = 7: tribal 7+ is BLOODLUST.
  t.eq(r.counter_test.score, 7, "Orc score")
  t.eq(modifier_values(r.counter_test), "musicians=1 leader=1")
  t.eq(r.counter_test.reaction, "bloodlust")
  t.eq(r.outcome, "ok/bloodlust")
  t.eq(r.test.modifiers[2].source, "fantasy_warriors p.20")
end

function M.test_quality_throw_examples_page_21()
  local cases = { { "elite", 3, 5 }, { "veteran", 4, 5 }, { "unpredictable", 2, -1 }, { "unpredictable", 4, 7 } }
  for _, c in ipairs(cases) do
    muster.dice.set_faces { c[2] }
    local unit = { figures = 10, quality = c[1], type = "disciplined" }
    local r = ruleset.resolve("threat_test", { unit = unit, threatener = { figures = 1, quality = "poor", type = "tribal" } })
    t.eq(r.quality_throw, c[3], c[1] .. " with a " .. c[2])
  end
end

function M.test_reaction_table_by_type()
  local reactions = ruleset.modules.reactions
  local expect = {
    disciplined = { [10] = "bloodlust", [9] = "ok", [3] = "ok", [2] = "shaken", [1] = "shaken", [0] = "rout" },
    tribal = { [7] = "bloodlust", [6] = "ok", [4] = "ok", [3] = "shaken", [2] = "shaken", [1] = "rout" },
    fanatic = { [6] = "bloodlust", [5] = "ok", [4] = "ok", [3] = "shaken", [2] = "shaken", [1] = "rout" },
    stupid = { [6] = "bloodlust", [5] = "ok", [4] = "ok", [3] = "rout", [-2] = "rout" },
  }
  for kind, scores in pairs(expect) do
    for score, reaction in pairs(scores) do
      t.eq(reactions.read(score, kind), reaction, kind .. " " .. score)
    end
  end
end

function M.test_ok_keeps_an_existing_reaction_and_shaken_disorganises()
  local reactions = ruleset.modules.reactions
  t.eq({ reactions.apply({ reaction = "bloodlust", disorganised = false }, "ok") }, { "bloodlust", false })
  t.eq({ reactions.apply({ reaction = "ok", disorganised = false }, "shaken") }, { "shaken", true })
  t.eq({ reactions.apply({ reaction = "shaken", disorganised = true }, "bloodlust") }, { "bloodlust", true })
end

function M.test_bad_light_follows_the_time_dial()
  local goblins = { name = "Goblins", figures = 10, quality = "average", type = "tribal", bad_light = "day" }
  local function bad_light_applied(time)
    muster.dice.set_faces { 4 }
    local r = ruleset.resolve("threat_test", { unit = goblins, threatener = dwarves, time = time })
    for _, m in ipairs(r.modifiers) do if m.id == "bad_light" then return true end end
    return false
  end
  t.eq(bad_light_applied("day"), true)
  t.eq(bad_light_applied("day 6"), true)
  t.eq(bad_light_applied(6), true)
  t.eq(bad_light_applied("night 1"), false)
  t.eq(bad_light_applied(7), false)
  t.eq(bad_light_applied(nil), false)
  t.fails(function() bad_light_applied("dusk") end, 'input: time: "dusk" is not a time')
  t.fails(function() bad_light_applied(13) end, "input: time: 13 is not a time (day, night, a dial step such as \"night 2\", or 1..12)")
end

function M.test_only_tribal_or_fanatic_initiate_within_12in()
  t.fails(function() ruleset.resolve("threat", { threatener = dwarves, target = orcs }) end,
    "input: threatener: only tribal or fanatic units initiate threat (this unit is disciplined)")
  t.fails(function() ruleset.resolve("threat", { threatener = orcs, target = dwarves, distance = 12.5 }) end,
    "input: threatener: the target is 12.5in away, beyond 12in")
end

function M.test_bad_input_names_the_field()
  t.fails(function() ruleset.resolve("threat_test", { unit = { figures = 10, quality = "elitee", type = "tribal" }, threatener = orcs }) end,
    'input: unit.quality: "elitee" is not one of elite, veteran, average, poor, unpredictable')
  t.fails(function() ruleset.resolve("threat_test", { unit = { figures = 10, quality = "elite", type = "tribal", sheild = true }, threatener = orcs }) end,
    "input: unit.sheild: unknown field")
  t.fails(function() ruleset.resolve("threat_tset", {}) end, 'input: procedure: unknown procedure "threat_tset"')
end

function M.test_exact_odds_of_the_orc_counter_test()
  -- Orcs (average tribal, musician, leader: +2) against the Dwarves: 7+ needs a 5 or 6.
  local odds = muster.dice.roll_exact(function()
    return ruleset.resolve("threat_test", { unit = orcs, threatener = dwarves, time = "night" }).reaction
  end)
  local p = {}
  for _, o in ipairs(odds) do p[o.outcome] = o.p end
  t.near(p.bloodlust, 2 / 6, 1e-12)
  t.near(p.ok, 3 / 6, 1e-12)   -- 4-6: dice 2, 3, 4
  t.near(p.shaken, 1 / 6, 1e-12) -- 3: die 1
  t.eq(p.rout, nil)
end

function M.test_a_variant_patches_the_threat_list_with_its_own_source()
  rules("drums").add_modifier("threat_test", { id = "war_drums", value = 1, reason = "war drums", when = function(c) return c.unit.musicians > 1 end }, { after = "musicians" })
  rules("drums").remove_modifier("threat_test", "enemy_worth")
  muster.dice.set_faces { 4 }
  local loud = { figures = 8, quality = "veteran", type = "disciplined", musicians = 2 }
  local r = ruleset.resolve("threat_test", { unit = loud, threatener = orcs })
  t.eq(modifier_values(r), "quality=1 enemy_musicians=-1 musicians=1 war_drums=1")
  t.eq(r.modifiers[4].source, "drums")
  t.fails(function() rules("drums").remove_modifier("threat_test", "nope") end, 'remove_modifier threat_test: no entry "nope"')
  t.fails(function() rules("drums").remove_modifier("threat_test", "leadr") end,
    [[remove_modifier threat_test: no entry "leadr" (did you mean 'leader'?)]])
end

return M
