-- Fantasy Warriors morale: the Casualty Test (page 25) and the Combat Test (page 34). The
-- rulebook's Reaction example replayed with its dice, the triggers at their boundaries (with
-- the Shooting and Blast examples' numbers), every modifier of both lists, both readings of
-- the options losses_stacking and terrible_tiebreak, every band of the reaction table through
-- the procedures, rout (removals and Command Test markers), properties over seeds, exact odds.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

local ids = t.modifier_ids
local copy = t.copy

-- The Reaction example (page 25): 10 veteran disciplined Dwarves with a leader and a standard
-- bearer lose 6 figures, the leader among them, to a Goblin bow unit blackening the sky.
local dwarves = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined",
                  armour = "heavy", leader = true, standard = true, bad_light = "none", orders = "hold" }

function M.test_reaction_example_page_25()
  muster.dice.set_faces { 3 }
  local r = ruleset.resolve("casualty_test", { unit = dwarves, losses = 6, killed = { "leader" } })
  t.eq(r.triggered, true)
  t.eq(r.trigger, "6 of 10 (60%) lost to missiles: over 25%")
  t.eq(r.quality_throw, 4, "3 + 1 veteran (the printed total is lost)")
  -- -3 for over 50%, +1 for the standard; no +1 for the leader killed this phase, and the
  -- "losses" -1 is not added above 50% (the example's own arithmetic, 4 - 3 + 1 = 2).
  t.eq(ids(r), "quality=1 over_half=-3 standard=1")
  t.eq(r.score, 2)
  t.eq(r.reaction, "shaken")
  t.eq(r.unit_reaction, "shaken")
  t.eq(r.disorganised, true, "a shaken unit also takes a Disorganised counter")
  t.eq(r.figures_after, 4)
  t.eq(r.outcome, "shaken")
  t.eq(r.modifiers[2].source, "fantasy_warriors p.25")
  t.eq(r.removed, nil)
end

function M.test_reaction_example_with_cumulative_losses()
  -- The other reading of page 25: "losses" -1 added to the -3. The example's dice give 1: still
  -- shaken, so the example cannot decide between the readings on its outcome, only on its sum.
  ruleset.options.losses_stacking = "cumulative"
  muster.dice.set_faces { 3 }
  local r = ruleset.resolve("casualty_test", { unit = dwarves, losses = 6, killed = { "leader" } })
  t.eq(ids(r), "quality=1 losses=-1 over_half=-3 standard=1")
  t.eq(r.score, 1)
  t.eq(r.reaction, "shaken")
  -- With a 2 the readings part: 0 is ROUT when the lines stack, 1 (SHAKEN) when they do not.
  muster.dice.set_faces { 2 }
  t.eq(ruleset.resolve("casualty_test", { unit = dwarves, losses = 6, killed = { "leader" } }).reaction, "rout")
  ruleset.options.losses_stacking = "over_half_alone"
  muster.dice.set_faces { 2 }
  t.eq(ruleset.resolve("casualty_test", { unit = dwarves, losses = 6, killed = { "leader" } }).reaction, "shaken")
end

function M.test_losses_line_up_to_half()
  -- 3 of 10 (over 25%, not over 50%): the "losses" -1 applies in both readings.
  for _, reading in ipairs({ "over_half_alone", "cumulative" }) do
    ruleset.options.losses_stacking = reading
    muster.dice.set_faces { 4 }
    local r = ruleset.resolve("casualty_test", { unit = dwarves, losses = 3 })
    t.eq(ids(r), "quality=1 losses=-1 standard=1 leader=1", reading)
    t.eq(r.score, 6, reading)
  end
  -- Exactly 50% is not "over 50%".
  ruleset.options.losses_stacking = "over_half_alone"
  muster.dice.set_faces { 4 }
  t.eq(ids(ruleset.resolve("casualty_test", { unit = dwarves, losses = 5 })), "quality=1 losses=-1 standard=1 leader=1")
end

function M.test_missile_trigger_is_over_a_quarter()
  -- The Shooting example (page 23) kills 1 figure: no test unless the unit has fewer than 4.
  local small = copy(dwarves, { figures = 4, leader = false, standard = false })
  local r = ruleset.resolve("casualty_test", { unit = small, losses = 1 })
  t.eq(r.triggered, false)
  t.eq(r.tested, false)
  t.eq(r.outcome, "no_test")
  t.eq(r.trigger, "1 of 4 (25%) lost to missiles is not over 25%, and no magic casualties")
  t.eq(r.score, nil)
  muster.dice.set_faces { 5 }
  r = ruleset.resolve("casualty_test", { unit = copy(small, { figures = 3 }), losses = 1 })
  t.eq(r.triggered, true)
  t.eq(r.tested, true)
  t.eq(r.trigger, "1 of 3 (33.3%) lost to missiles: over 25%")
  -- The tabletop total is the one at the start of the phase, when it is given apart.
  t.eq(ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = 12, losses = 3 }).triggered, false)
  muster.dice.set_faces { 5 }
  t.eq(ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = 12, losses = 4 }).triggered, true)
end

function M.test_blast_example_magic_casualties_always_test()
  -- The Blast example (page 44): 2 kills on Dwarf infantry force an immediate Casualty Test,
  -- though 2 of 10 from missiles would not. (The book gives no dice for that test: 4 is ours.)
  t.eq(ruleset.resolve("casualty_test", { unit = dwarves, losses = 2 }).triggered, false)
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("casualty_test", { unit = dwarves, magic_losses = 2 })
  t.eq(r.triggered, true)
  t.eq(r.trigger, "2 casualties from magic (any magic casualty)")
  t.eq(ids(r), "quality=1 losses=-1 standard=1 leader=1")
  t.eq(r.reaction, "ok")
  -- Missile and magic losses add up for the over-50% line.
  muster.dice.set_faces { 4 }
  r = ruleset.resolve("casualty_test", { unit = dwarves, losses = 4, magic_losses = 2 })
  t.eq(ids(r), "quality=1 over_half=-3 standard=1 leader=1")
end

function M.test_annihilated_unit_takes_no_test()
  local r = ruleset.resolve("casualty_test", { unit = dwarves, losses = 10 })
  t.eq(r.outcome, "annihilated")
  t.eq(r.tested, false)
  r = ruleset.resolve("combat_test", { unit = dwarves, losses = 10 })
  t.eq(r.outcome, "annihilated")
end

function M.test_casualty_modifiers_one_by_one()
  local base = { name = "Goblins", figures = 12, quality = "average", type = "tribal", bad_light = "day" }
  local cases = {
    { {}, { time = "day" }, "bad_light=-1" },
    { {}, { time = "night" }, "" },
    { { reaction = "shaken" }, {}, "shaken=-2" },
    { { reaction = "bloodlust" }, {}, "bloodlust=2" },
    { { hero = true }, {}, "hero=1" },
    { { individuals = { { name = "Grim", role = "hero", quality = "elite", type = "tribal", save = 7 } } }, {}, "hero=1" },
    { { standard = true }, {}, "standard=1" },
    { { leader = true }, {}, "leader=1" },
    { { individuals = { { name = "Banner", role = "banner_bearer", quality = "average", type = "tribal" },
                        { name = "Snaga", role = "battle_leader", quality = "average", type = "tribal" } } }, {}, "banner_bearer=1" },
    -- a banner bearer without his battle leader is no standard
    { { individuals = { { name = "Banner", role = "banner_bearer", quality = "average", type = "tribal" } } }, {}, "" },
    { {}, { terrible = { enemy = { worth = 5, strength = 3 } } }, "enemy_terrible=-1" },
    -- an allied terrible creature gives no bonus in this test (page 25)
    { {}, { terrible = { ally = { worth = 5, strength = 3 } } }, "" },
  }
  for i, c in ipairs(cases) do
    muster.dice.set_faces { 4 }
    local input = copy(c[2], { unit = copy(base, c[1]) })
    local r = ruleset.resolve("casualty_test", input)
    t.eq(ids(r), c[3], "case " .. i)
    t.eq(r.triggered, nil, "no losses given: not checked")
  end
end

function M.test_killed_specials_and_characters_lose_their_bonus()
  local unit = copy(dwarves, { figures = 12, hero = true, individuals = {
    { name = "Thorin", role = "hero", quality = "elite", type = "disciplined", save = 7 } } })
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("casualty_test", { unit = unit, losses = 4, killed = { "leader", "standard_bearer", "hero" } })
  t.eq(ids(r), "quality=1 losses=-1 hero=1", "Thorin still stands")
  muster.dice.set_faces { 4 }
  r = ruleset.resolve("casualty_test", { unit = unit, losses = 4, killed = { "hero", "Thorin" } })
  t.eq(ids(r), "quality=1 losses=-1 standard=1 leader=1")
end

function M.test_terrible_tiebreak_by_strength_as_printed_or_worth()
  local unit = { name = "Orcs", figures = 10, quality = "average", type = "tribal" }
  -- enemy: worth 6, strength 2; ally: worth 4, strength 3.
  local near = { enemy = { worth = 6, strength = 2 }, ally = { worth = 4, strength = 3 } }
  local expect = { as_printed = "", strength = "", worth = "enemy_terrible=-1" }
  for reading, modifiers in pairs(expect) do
    ruleset.options.terrible_tiebreak = reading
    muster.dice.set_faces { 4 }
    t.eq(ids(ruleset.resolve("casualty_test", { unit = unit, terrible = near })), modifiers, reading)
  end
  -- Equal: neither is terrible.
  ruleset.options.terrible_tiebreak = "as_printed"
  muster.dice.set_faces { 4 }
  t.eq(ids(ruleset.resolve("casualty_test", { unit = unit, terrible = { enemy = { strength = 3 }, ally = { strength = 3 } } })), "")
  -- A testing unit that is itself terrible counts as the allied creature (page 9).
  local trolls = { name = "Trolls", figures = 4, quality = "poor", type = "stupid", strength = 4, worth = 4, terrible = true }
  muster.dice.set_faces { 5 }
  t.eq(ids(ruleset.resolve("casualty_test", { unit = trolls, terrible = { enemy = { worth = 9, strength = 3 } } })), "quality=-1")
  muster.dice.set_faces { 5 }
  t.eq(ids(ruleset.resolve("casualty_test", { unit = trolls, terrible = { enemy = { worth = 9, strength = 5 } } })), "quality=-1 enemy_terrible=-1")
  -- With an allied creature near as well, the stronger of it and the unit stands against the enemy.
  muster.dice.set_faces { 5 }
  t.eq(ids(ruleset.resolve("casualty_test", { unit = trolls, terrible = { enemy = { strength = 3 }, ally = { strength = 2 } } })), "quality=-1")
  muster.dice.set_faces { 5 }
  t.eq(ids(ruleset.resolve("casualty_test", { unit = trolls, terrible = { enemy = { strength = 5 }, ally = { strength = 6 } } })), "quality=-1")
  muster.dice.set_faces { 5 }
  t.eq(ids(ruleset.resolve("casualty_test", { unit = trolls, terrible = { enemy = { strength = 5 }, ally = { strength = 1 } } })), "quality=-1 enemy_terrible=-1")
  ruleset.options.terrible_tiebreak = "worth"
  muster.dice.set_faces { 5 }
  t.eq(ids(ruleset.resolve("casualty_test", { unit = trolls, terrible = { enemy = { worth = 9, strength = 3 } } })), "quality=-1 enemy_terrible=-1")
end

-- ---------------------------------------------------------------------------------------
-- The Combat Test (page 34)
-- ---------------------------------------------------------------------------------------

local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", strength = 1,
               armour = "medium", shield = true, leader = true, standard = true, champion = true,
               bad_light = "day", orders = "attack" }

function M.test_kills_to_specials_example_chained_into_the_combat_test()
  -- Page 33: an Orc unit with leader, standard bearer and champion takes 5 kills and the Dwarf
  -- player puts one on the leader. The book stops there; we take the unit as 10 figures that
  -- killed 2 Dwarves, and throw a 4 for its test.
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("combat_test", { unit = orcs, losses = 5, enemy_losses = 2, killed = { "leader" } })
  t.eq(r.triggered, true)
  t.eq(r.trigger, "5 of 10 (50%) lost in this combat phase")
  -- 5 of 10 is over 25% but not over 50%; more lost than killed; standard still carried.
  t.eq(ids(r), "over_quarter=-1 greater_losses=-1 standard=1")
  t.eq(r.score, 3)
  t.eq(r.reaction, "shaken")
  t.eq(r.modifiers[1].source, "fantasy_warriors p.34")
end

function M.test_combat_test_only_after_casualties()
  local r = ruleset.resolve("combat_test", { unit = orcs, losses = 0, enemy_losses = 3 })
  t.eq(r.triggered, false)
  t.eq(r.tested, false)
  t.eq(r.outcome, "no_test")
  t.eq(r.dice, {})
end

function M.test_combat_modifiers_one_by_one()
  local base = { name = "Men", figures = 20, quality = "average", type = "disciplined", orders = "attack", bad_light = "night" }
  local cases = {
    { {}, {}, "" },
    { { orders = "oppose" }, {}, "oppose=-1" },
    { { orders = "hold" }, {}, "hold=1" },
    { {}, { losses = 6 }, "over_quarter=-1 greater_losses=-1" },
    { {}, { losses = 11 }, "greater_losses=-1 over_half=-3" },
    { {}, { losses = 2, enemy_losses = 2 }, "" },
    { {}, { losses = 2, enemy_losses = 3 }, "killed_more=1" },
    -- allied units compare combined totals (page 31)
    { {}, { losses = 2, side_losses = 4, enemy_losses = 3 }, "greater_losses=-1" },
    { { standard = true }, { losses = 1, enemy_losses = 1 }, "standard=1" },
    { { standard = true }, { losses = 2, enemy_losses = 2, standard_lost = true, killed = { "standard_bearer" } }, "standard_lost=-1" },
    -- a captured standard is gone even when its bearer is not listed among the killed
    { { standard = true }, { losses = 1, enemy_losses = 1, standard_lost = true }, "standard_lost=-1" },
    { {}, { time = "night" }, "bad_light=-1" },
    { {}, { fighting_terrible = { worth = 4, strength = 4 } }, "terrible=-1" },
    { { reaction = "shaken" }, {}, "shaken=-2" },
    { { reaction = "bloodlust" }, {}, "bloodlust=2" },
    { { hero = true }, {}, "hero=1" },
    { { leader = true }, {}, "leader=1" },
    { { leader = true }, { losses = 1, enemy_losses = 1, killed = { "leader" } }, "" },
  }
  for i, c in ipairs(cases) do
    muster.dice.set_faces { 4 }
    local input = copy(c[2], { unit = copy(base, c[1]) })
    local r = ruleset.resolve("combat_test", input)
    t.eq(ids(r), c[3], "case " .. i)
  end
end

function M.test_combat_quarter_and_half_stack_only_when_chosen()
  local men = { name = "Men", figures = 20, quality = "average", type = "disciplined", orders = "attack" }
  muster.dice.set_faces { 6 }
  t.eq(ids(ruleset.resolve("combat_test", { unit = men, losses = 11, enemy_losses = 11 })), "over_half=-3")
  muster.dice.set_faces { 6 }
  t.eq(ids(ruleset.resolve("combat_test", { unit = men, losses = 5, enemy_losses = 5 })), "", "5 of 20 is not over 25%")
  ruleset.options.losses_stacking = "cumulative"
  muster.dice.set_faces { 6 }
  t.eq(ids(ruleset.resolve("combat_test", { unit = men, losses = 11, enemy_losses = 11 })), "over_quarter=-1 over_half=-3")
end

function M.test_fighting_a_terrible_creature_by_strength_or_worth()
  local ogres = { name = "Ogres", figures = 3, quality = "average", type = "tribal", strength = 3, worth = 3, terrible = true }
  local giant = { worth = 8, strength = 2 }
  muster.dice.set_faces { 4 }
  t.eq(ids(ruleset.resolve("combat_test", { unit = ogres, fighting_terrible = giant })), "hold=1", "stronger ogres")
  ruleset.options.terrible_tiebreak = "worth"
  muster.dice.set_faces { 4 }
  t.eq(ids(ruleset.resolve("combat_test", { unit = ogres, fighting_terrible = giant })), "terrible=-1 hold=1")
end

-- ---------------------------------------------------------------------------------------
-- Applying the reaction
-- ---------------------------------------------------------------------------------------

function M.test_rout_removes_the_unit_and_its_characters_with_command_test_markers()
  local unit = copy(orcs, { quality = "poor", leader = false, standard = false, hero = true, individuals = {
    { name = "Gorbag", role = "battle_leader", quality = "veteran", type = "tribal", save = 7 },
    { name = "Zog", role = "wizard", quality = "average", type = "tribal", save = 8 },
    { name = "Runner", role = "courier", quality = "average", type = "tribal", save = 9 },
    { name = "Ugluk", role = "priest", quality = "average", type = "tribal", save = 8 },
  } })
  muster.dice.set_faces { 2 }
  local r = ruleset.resolve("combat_test", { unit = unit, losses = 6, enemy_losses = 0, killed = { "Ugluk" } })
  -- 2 - 1 poor - 1 greater losses - 3 over 50% (the over-25% line not added) + 1 hero = -2
  t.eq(ids(r), "quality=-1 greater_losses=-1 over_half=-3 hero=1")
  t.eq(r.reaction, "rout")
  t.eq(r.removed, { "Orc infantry", "hero", "Gorbag", "Zog", "Runner" })
  t.eq(r.command_test_markers, {
    { name = "hero", role = "hero", event = "routed" },
    { name = "Gorbag", role = "battle_leader", event = "routed" },
    { name = "Zog", role = "wizard", event = "routed" },
  })
  t.eq(r.warchief_routed, nil)
  t.eq(r.command_test_source, "fantasy_warriors p.39")
end

function M.test_a_routing_warchief_takes_the_army_individuals()
  local unit = { name = "Guard", figures = 8, quality = "average", type = "stupid", individuals = {
    { name = "Warchief", role = "warchief", quality = "elite", type = "stupid", save = 6 } } }
  muster.dice.set_faces { 1 }
  local r = ruleset.resolve("casualty_test", { unit = unit, losses = 3 })
  t.eq(r.reaction, "rout")
  t.eq(r.removed, { "Guard", "Warchief" })
  t.eq(r.command_test_markers, { { name = "Warchief", role = "warchief", event = "routed" } })
  t.eq(r.warchief_routed, true)
end

function M.test_ok_keeps_a_reaction_and_a_new_one_replaces_it()
  local lusty = copy(orcs, { reaction = "bloodlust" })
  muster.dice.set_faces { 1 }
  local r = ruleset.resolve("combat_test", { unit = lusty, losses = 1, enemy_losses = 1 })
  -- 1 + 2 bloodlust + 1 leader + 1 standard = 5: OK, so the bloodlust stays.
  t.eq(r.score, 5)
  t.eq(r.reaction, "ok")
  t.eq(r.unit_reaction, "bloodlust")
  local shaken = copy(orcs, { reaction = "shaken", disorganised = true })
  muster.dice.set_faces { 6 }
  r = ruleset.resolve("combat_test", { unit = shaken, losses = 1, enemy_losses = 4 })
  -- 6 - 2 shaken + 1 killed more + 1 leader + 1 standard = 7: bloodlust replaces shaken.
  t.eq(r.reaction, "bloodlust")
  t.eq(r.unit_reaction, "bloodlust")
  t.eq(r.disorganised, true, "still disorganised until it reorganises")
end

function M.test_every_band_of_every_type_through_the_tests()
  -- {type, quality, die, unit flags, expected}: forced tests (no losses given), so only the
  -- unit's own flags modify the throw.
  local cases = {
    { "disciplined", "unpredictable", 6, { leader = true }, 10, "bloodlust" },
    { "disciplined", "veteran", 6, { leader = true, standard = true }, 9, "ok" },
    { "disciplined", "average", 3, {}, 3, "ok" },
    { "disciplined", "average", 2, {}, 2, "shaken" },
    { "disciplined", "average", 1, {}, 1, "shaken" },
    { "disciplined", "unpredictable", 3, {}, 0, "rout" },
    { "tribal", "average", 6, { leader = true }, 7, "bloodlust" },
    { "tribal", "average", 6, {}, 6, "ok" },
    { "tribal", "average", 4, {}, 4, "ok" },
    { "tribal", "average", 3, {}, 3, "shaken" },
    { "tribal", "average", 2, {}, 2, "shaken" },
    { "tribal", "average", 1, {}, 1, "rout" },
    { "fanatic", "average", 6, {}, 6, "bloodlust" },
    { "fanatic", "average", 5, {}, 5, "ok" },
    { "fanatic", "average", 4, {}, 4, "ok" },
    { "fanatic", "average", 3, {}, 3, "shaken" },
    { "fanatic", "poor", 3, {}, 2, "shaken" },
    { "fanatic", "poor", 2, {}, 1, "rout" },
    { "stupid", "average", 6, {}, 6, "bloodlust" },
    { "stupid", "average", 5, {}, 5, "ok" },
    { "stupid", "average", 4, {}, 4, "ok" },
    { "stupid", "average", 3, {}, 3, "rout" },
    { "stupid", "average", 2, {}, 2, "rout" },
  }
  for i, c in ipairs(cases) do
    local unit = copy({ name = "U", figures = 10, quality = c[2], type = c[1], orders = "attack" }, c[4])
    for _, proc in ipairs({ "casualty_test", "combat_test" }) do
      muster.dice.set_faces { c[3] }
      local r = ruleset.resolve(proc, { unit = unit })
      t.eq({ r.score, r.reaction }, { c[5], c[6] }, proc .. " case " .. i)
      t.eq(r.disorganised, c[6] == "shaken", proc .. " case " .. i .. " disorganised")
    end
  end
end

-- ---------------------------------------------------------------------------------------
-- Properties and odds
-- ---------------------------------------------------------------------------------------

-- An independent copy of the reaction table (page 25), lowest score of each band.
local bands = {
  disciplined = { { 10, "bloodlust" }, { 3, "ok" }, { 1, "shaken" } },
  tribal = { { 7, "bloodlust" }, { 4, "ok" }, { 2, "shaken" } },
  fanatic = { { 6, "bloodlust" }, { 4, "ok" }, { 2, "shaken" } },
  stupid = { { 6, "bloodlust" }, { 4, "ok" } },
}
local function read(score, kind)
  for _, b in ipairs(bands[kind]) do
    if score >= b[1] then return b[2] end
  end
  return "rout"
end

function M.test_properties_over_seeds()
  local qualities = { "elite", "veteran", "average", "poor", "unpredictable" }
  local kinds = { "disciplined", "tribal", "fanatic", "stupid" }
  local states = { "ok", "bloodlust", "shaken" }
  for seed = 1, 300 do
    muster.dice.set_seed(seed)
    local n = 4 + seed % 17
    local unit = { name = "U" .. seed, figures = n, quality = qualities[seed % 5 + 1],
                   type = kinds[math.floor(seed / 5) % 4 + 1], reaction = states[seed % 3 + 1],
                   leader = seed % 2 == 0, standard = seed % 3 == 0, hero = seed % 7 == 0,
                   orders = ({ "attack", "hold", "oppose" })[seed % 3 + 1], bad_light = "day",
                   individuals = { { name = "B", role = "battle_leader", quality = "average", type = "tribal" } } }
    local losses = seed % (n + 1)
    local proc = seed % 2 == 0 and "casualty_test" or "combat_test"
    local r = ruleset.resolve(proc, { unit = unit, losses = losses, enemy_losses = proc == "combat_test" and seed % 5 or nil,
                                      time = seed % 4 == 0 and "day" or "night" })
    if r.tested then
      local sum = r.quality_throw
      for _, m in ipairs(r.modifiers) do
        if m.id ~= "quality" then sum = sum + m.value end
      end
      t.eq(r.score, sum, "score = quality throw + modifiers, seed " .. seed)
      t.eq(r.reaction, read(r.score, unit.type), "reaction from the table, seed " .. seed)
      if r.reaction == "shaken" then t.eq(r.disorganised, true, "shaken disorganises, seed " .. seed) end
      if r.reaction == "rout" then
        t.eq(r.removed[1], unit.name, "rout removes the unit, seed " .. seed)
        t.eq(r.command_test_markers[#r.command_test_markers].role, "battle_leader", "seed " .. seed)
      else
        t.eq(r.removed, nil, "only a rout removes, seed " .. seed)
      end
      t.eq(r.unit_reaction, r.reaction == "ok" and unit.reaction or r.reaction, "seed " .. seed)
    else
      t.eq(r.score, nil)
      local expected = proc == "combat_test" and losses == 0 or (proc == "casualty_test" and 4 * losses <= n)
      t.eq(expected or losses == n, true, "untested only below the trigger or annihilated, seed " .. seed)
    end
  end
end

function M.test_exact_odds_of_the_reaction_example()
  -- The Dwarves of page 25: score = die + 1 - 3 + 1 = die - 1.
  local odds = muster.dice.roll_exact(function()
    return ruleset.resolve("casualty_test", { unit = dwarves, losses = 6, killed = { "leader" } }).reaction
  end)
  local expect = {}
  for die = 1, 6 do
    local r = read(die - 1, "disciplined")
    expect[r] = (expect[r] or 0) + 1 / 6
  end
  t.near(expect.rout, 1 / 6, 1e-12)
  t.near(expect.shaken, 2 / 6, 1e-12)
  t.near(expect.ok, 3 / 6, 1e-12)
  local got = {}
  for _, o in ipairs(odds) do got[o.outcome] = o.p end
  for k, p in pairs(expect) do t.near(got[k], p, 1e-12, k) end
  t.eq(got.bloodlust, nil)
end

function M.test_exact_odds_of_an_unpredictable_stupid_combat_test()
  -- Unpredictable stupid trolls on HOLD (+1) that lost 2 of 6 (-1 over 25%) but killed 3 (+1):
  -- score = die - 3 + 1 on 1-3 (-1..1: rout) and die + 3 + 1 on 4-6 (8..10: bloodlust).
  -- (+1 hold - 1 over 25% + 1 killed more = +1.)
  local trolls = { name = "Trolls", figures = 6, quality = "unpredictable", type = "stupid", orders = "hold" }
  local odds = muster.dice.roll_exact(function()
    return ruleset.resolve("combat_test", { unit = trolls, losses = 2, enemy_losses = 3 }).reaction
  end)
  local expect = {}
  for die = 1, 6 do
    local score = die + (die >= 4 and 3 or -3) + 1 - 1 + 1
    local r = read(score, "stupid")
    expect[r] = (expect[r] or 0) + 1 / 6
  end
  t.near(expect.rout, 0.5, 1e-12)
  t.near(expect.bloodlust, 0.5, 1e-12)
  local got = {}
  for _, o in ipairs(odds) do got[o.outcome] = o.p end
  t.eq(#odds, 2)
  for k, p in pairs(expect) do t.near(got[k], p, 1e-12, k) end
end

-- ---------------------------------------------------------------------------------------
-- Chained from the shooting and combat procedures' results
-- ---------------------------------------------------------------------------------------

function M.test_reaction_example_chained_from_shooting_casualties()
  -- The Goblins' 6 kills shared out on the Dwarves (page 24): 2 dice for specials, a 6 and a 2;
  -- the 6 falls on the leader (the shooting side's choice, policy "first"). Then the Casualty
  -- Test reads the shooting result as it is, with the Reaction example's die of 3.
  muster.dice.set_faces { 6, 2, 3 }
  local shot = ruleset.resolve("shooting_casualties", { target = dwarves, kills = 6 })
  t.eq({ shot.losses, shot.figures_at_start, shot.killed }, { 6, 10, { "leader" } })
  local r = ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = shot.figures_at_start,
                                               losses = shot.losses, killed = shot.killed })
  t.eq(ids(r), "quality=1 over_half=-3 standard=1")
  t.eq({ r.score, r.reaction, r.disorganised }, { 2, "shaken", true })
end

function M.test_combat_results_feed_the_combat_test_over_seeds()
  -- 10 Orcs against 10 Dwarves, each unit's `combat_test` input from the combat result goes
  -- straight into combat_test: a unit tests exactly when the combat says it must.
  local function orc_side()
    return { unit = copy(orcs, { individuals = { { name = "Gorbag", role = "battle_leader", quality = "veteran",
                                                      type = "tribal", save = 7 } } }) }
  end
  local tested = 0
  for seed = 1, 60 do
    muster.dice.set_seed(seed)
    local c = ruleset.resolve("combat", { attacker = orc_side(), defender = { unit = copy(dwarves, { figures = 8 }) } })
    for _, u in ipairs(c.units) do
      local r = ruleset.resolve("combat_test", u.combat_test)
      t.eq(r.tested, u.takes_combat_test, "seed " .. seed .. " " .. u.name)
      t.eq(r.figures_after, u.after.figures, "seed " .. seed .. " " .. u.name)
      if r.tested then
        tested = tested + 1
        local me, them = u.combat_test.side_losses, u.combat_test.enemy_losses
        t.eq(ids(r):find("greater_losses", 1, true) ~= nil, me > them, "seed " .. seed)
        t.eq(ids(r):find("killed_more", 1, true) ~= nil, them > me, "seed " .. seed)
      end
    end
  end
  t.eq(tested > 20, true, "enough tests taken to mean something (" .. tested .. ")")
end

-- ---------------------------------------------------------------------------------------
-- The `test` entry point, input errors, variants
-- ---------------------------------------------------------------------------------------

function M.test_test_dispatches_by_name()
  muster.dice.set_faces { 3 }
  local r = ruleset.resolve("test", { test = "casualty", unit = dwarves, losses = 6, killed = { "leader" } })
  t.eq({ r.procedure, r.score, r.reaction }, { "casualty_test", 2, "shaken" })
  muster.dice.set_faces { 4 }
  r = ruleset.resolve("test", { test = "combat", unit = orcs, losses = 5, enemy_losses = 2, killed = { "leader" } })
  t.eq({ r.procedure, r.score }, { "combat_test", 3 })
  muster.dice.set_faces { 4 }
  r = ruleset.resolve("test", { test = "threat", unit = dwarves, threatener = orcs, time = "night" })
  t.eq({ r.procedure, r.reaction }, { "threat_test", "ok" })
  t.fails(function() ruleset.resolve("test", { test = "panic", unit = dwarves }) end,
    'input: test: "panic" is not one of casualty, combat, threat')
  t.fails(function() ruleset.resolve("test", { test = "casualty", unit = dwarves, enemy_losses = 2 }) end,
    "input: input.enemy_losses: unknown field")
end

function M.test_bad_input_names_the_field()
  t.fails(function() ruleset.resolve("casualty_test", { unit = dwarves, losses = 11 }) end,
    "input: losses: 11 figures lost (missiles and magic) but the unit had 10")
  t.fails(function() ruleset.resolve("casualty_test", { unit = dwarves, losses = 1, killed = { "leader", "standard_bearer" } }) end,
    "input: killed: 2 specials killed but only 1 figures lost")
  t.fails(function() ruleset.resolve("casualty_test", { unit = dwarves, losses = 2, killed = { "champion" } }) end,
    "input: killed[1]: the unit has no champion left to lose")
  t.fails(function() ruleset.resolve("casualty_test", { unit = dwarves, losses = 2, killed = { "leader", "leader" } }) end,
    "input: killed[2]: the unit has no leader left to lose")
  t.fails(function() ruleset.resolve("casualty_test", { unit = dwarves, losses = 2, killed = { "Bob" } }) end,
    'input: killed[1]: "Bob" is not a special (leader, standard_bearer, champion, musician, hero) nor an individual with the unit (none)')
  t.fails(function() ruleset.resolve("casualty_test", { unit = copy(dwarves, { reaction = "rout" }), losses = 3 }) end,
    "input: unit.reaction: a routed unit has left the table and takes no test")
  t.fails(function() ruleset.resolve("combat_test", { unit = orcs, losses = 3, side_losses = 2 }) end,
    "input: side_losses: 2 is less than the unit's own losses (3)")
  t.fails(function() ruleset.resolve("combat_test", { unit = orcs, losses = -1 }) end,
    "input: losses: -1 is out of range 0..1000")
  t.fails(function() ruleset.resolve("combat_test", { unit = orcs, fighting_terrible = { strenght = 3 } }) end,
    "input: fighting_terrible.strenght: unknown field")
  t.fails(function() ruleset.resolve("casualty_test", { unit = dwarves, losses = 3, figures = 10 }) end,
    "input: input.figures: unknown field")
end

function M.test_a_variant_patches_the_lists_and_thresholds_with_its_own_source()
  -- A club rule: the casualty test from 20% missile losses, and "losses" worth -2.
  rules("club").set_row("casualty_test_thresholds", "missiles", { over = 1 / 5, reason = "over 20%" })
  rules("club").replace_modifier("casualty_test", "losses", { id = "losses", value = -2,
    reason = "the unit suffered casualties this turn", when = function(c) return c.turn_losses > 0 end })
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = 12, losses = 3 })
  t.eq(r.triggered, true)
  t.eq(r.trigger_source, "club")
  t.eq(ids(r), "quality=1 losses=-2 standard=1 leader=1")
  t.eq(r.modifiers[2].source, "club")
end

return M
