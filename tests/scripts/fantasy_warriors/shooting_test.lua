-- Fantasy Warriors, Phase Two (shooting): the rulebook's worked examples (Shooting p.23,
-- Annihilation and Single figure p.24) replayed with their dice, every range, weapon limit
-- and table cell, both readings of the handgun and annihilation contradictions, properties
-- over seeds and exact odds against a hand calculation.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

-- The Shooting example (page 23): 6 average Orc bowmen (STR +1) shoot one volley at long
-- range at heavy-armoured Dwarves without shields.
local orc_bows = { name = "Orc bowmen", figures = 6, quality = "average", type = "tribal", strength = 1,
                   armour = "medium", weapon = "bow" }
local dwarves = { name = "Dwarves", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy" }

local copy = t.copy
local ids = t.modifier_ids

-- A lone archer for single-die hit throws.
local function archer(changes)
  return copy({ name = "archer", figures = 1, quality = "average", type = "disciplined", weapon = "bow" }, changes)
end

-- A hit throw at short range, one volley; `false` in `input` leaves a field out.
local function hit(shooter, input)
  local i = copy({ shooter = shooter, range = "short", volleys = 1 }, input)
  for k, v in pairs(i) do
    if v == false then i[k] = nil end
  end
  return ruleset.resolve("hit_throw", i)
end

-- ---------------------------------------------------------------------------------------
-- Worked examples
-- ---------------------------------------------------------------------------------------

function M.test_shooting_example_page_23()
  -- Hit dice 6,5,3,3,2,1: the 6 hits, the 1 misses, the rest -1 for long range read
  -- 4,2,2,1: one more hit. Kill dice 5,3 +1 strength read 6,4: bow v heavy needs a 6.
  muster.dice.set_faces { 6, 5, 3, 3, 2, 1, 5, 3 }
  local r = ruleset.resolve("shoot", { shooter = orc_bows, target = dwarves, distance = 12, volleys = 1 })
  t.eq(r.range, "long")
  t.eq(r.hit_dice, 6)
  t.eq(r.automatic_hits, 1)
  t.eq(r.automatic_misses, 1)
  t.eq(r.hits, 2)
  t.eq(ids(r, "hit"), "long_range=-1")
  t.eq(ids(r, "kill"), "strength=1")
  t.eq(r.kill_target, 6, "bow against heavy armour needs a 6")
  t.eq(r.kills, 1)
  t.eq(r.automatic_kills, 0)
  t.eq(r.losses, 1)
  t.eq(r.warriors_killed, 1)
  t.eq(r.figures_at_start, 10)
  t.eq(r.volleys_left, 5, "one of the six volley counters spent")
  t.eq(r.specials_dice, nil, "no specials or individuals: no dice for them")
  t.eq(r.outcome, "2 hits, 1 kill, 1 figure lost")
  t.eq(r.modifiers[1].source, "fantasy_warriors p.22")
  t.eq(r.kill_table_source, "fantasy_warriors p.23")
end

function M.test_shooting_example_continued_kills_to_specials()
  -- Not shown in the book: had the Dwarves a leader, the one kill (1 die per 3 kills or
  -- part) throws one die; a 6 lets the Orc player pick the leader (policy "first").
  local led = copy(dwarves, { leader = true })
  muster.dice.set_faces { 6, 5, 3, 3, 2, 1, 5, 3, 6 }
  local r = ruleset.resolve("shoot", { shooter = orc_bows, target = led, distance = 12, volleys = 1 })
  t.eq(r.specials_dice, 1)
  t.eq(r.sixes, 1)
  t.eq(r.specials, { { six = 1, figure = "leader", chosen_by = "policy:first", killed = true } })
  t.eq(r.killed, { "leader" })
  t.eq(r.warriors_killed, 0)
  t.eq(r.losses, 1)
  muster.dice.set_faces { 6, 5, 3, 3, 2, 1, 5, 3, 5 }
  r = ruleset.resolve("shoot", { shooter = orc_bows, target = led, distance = 12, volleys = 1 })
  t.eq(r.sixes, 0)
  t.eq(r.killed, {})
  t.eq(r.warriors_killed, 1)
end

local function annihilation_target(individuals)
  return { name = "Dwarf warband", figures = 12, quality = "veteran", type = "disciplined", armour = "heavy",
           individuals = individuals }
end
local battle_leader = { name = "Thorin", role = "battle_leader", quality = "elite", type = "disciplined",
                        armour = "heavy", save = 5, leadership = 3 }

function M.test_annihilation_example_page_24_both_readings()
  -- 12 figures and an attached battle leader take 16 kills: all 12 die and the leader
  -- saves against each of the 16 - 12 = 4 outstanding casualties. With one save figure both
  -- readings of annihilation_saves agree.
  for _, reading in ipairs({ "every_save_figure", "one_save_figure" }) do
    ruleset.options.annihilation_saves = reading
    muster.dice.set_faces { 3, 3, 4, 2, 5, 1, 6, 6 }  -- 6, 6, 6, 12: each above SAV 5
    local r = ruleset.resolve("shooting_casualties", { target = annihilation_target({ battle_leader }), kills = 16 })
    t.eq(r.annihilated, true, reading)
    t.eq(r.outstanding, 4, reading)
    t.eq(#r.saves, 4, reading .. ": four saving throws")
    t.eq(r.losses, 12, reading)
    t.eq(r.warriors_killed, 12, reading)
    t.eq(r.killed, {}, reading)
    t.eq(r.command_test_markers, {}, reading)
    t.eq(r.outcome, "16 kills, 12 figures lost, annihilated", reading)
    -- A total equal to SAV fails: the second throw (2+3) kills him, and his death puts
    -- Command Test counters down. He makes all four throws either way.
    muster.dice.set_faces { 3, 3, 2, 3, 6, 6, 6, 6 }
    r = ruleset.resolve("shooting_casualties", { target = annihilation_target({ battle_leader }), kills = 16 })
    t.eq(#r.saves, reading == "every_save_figure" and 4 or 2, reading)
    t.eq(r.saves[2], { figure = "Thorin", save = 5, total = 5, saved = false, against = "outstanding casualty 2" })
    t.eq(r.killed, { "Thorin" }, reading)
    t.eq(r.losses, 12, reading .. ": an attached character is not one of the unit's figures")
    t.eq(r.command_test_markers, { { name = "Thorin", role = "battle_leader", event = "killed" } }, reading)
    t.eq(r.outcome, "16 kills, 12 figures lost, killed: Thorin, annihilated, Command Test counters", reading)
  end
end

function M.test_annihilation_with_two_save_figures_differs_by_reading()
  local hero = { name = "Gimli", role = "hero", quality = "elite", type = "disciplined", save = 6 }
  local target = annihilation_target({ battle_leader, hero })
  -- 14 kills on 12 figures: 2 outstanding. Every save figure saves against both: 4 saves.
  ruleset.options.annihilation_saves = "every_save_figure"
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6 }
  local r = ruleset.resolve("shooting_casualties", { target = target, kills = 14 })
  t.eq(#r.saves, 4)
  t.eq({ r.saves[1].figure, r.saves[2].figure, r.saves[3].figure, r.saves[4].figure }, { "Thorin", "Thorin", "Gimli", "Gimli" })
  t.eq(r.allocations, nil)
  -- One at a time: each outstanding casualty is one save by a figure the shooter chooses.
  ruleset.options.annihilation_saves = "one_save_figure"
  muster.choice.set_controller("attacker", "script", { "Gimli", "Gimli" })
  muster.dice.set_faces { 6, 6, 1, 2 }  -- Gimli saves (12), then fails (3 <= 6)
  r = ruleset.resolve("shooting_casualties", { target = target, kills = 14 })
  t.eq(#r.saves, 2)
  t.eq(r.allocations, { { casualty = 1, figure = "Gimli", chosen_by = "script", killed = false },
                        { casualty = 2, figure = "Gimli", chosen_by = "script", killed = true } })
  t.eq(r.killed, { "Gimli" })
  t.eq(r.command_test_markers, { { name = "Gimli", role = "hero", event = "killed" } })
  -- Policy "first": the attached characters in the order given, Thorin first.
  muster.choice.set_controller("attacker", "policy", "first")
  muster.dice.set_faces { 6, 6, 6, 6 }
  r = ruleset.resolve("shooting_casualties", { target = target, kills = 14 })
  t.eq(r.allocations[1].figure, "Thorin")
  t.eq(r.allocations[1].chosen_by, "policy:first")
end

function M.test_annihilation_kills_specials_and_saves_for_save_warriors()
  -- Warriors and specials without a save die first; Trolls (save 7) face the outstanding
  -- casualties: 4 kills on 3 Trolls, none killed without a save, so 4 outstanding.
  local orcs = { name = "Orcs", figures = 5, quality = "average", type = "tribal", leader = true, standard = true,
                 individuals = { { name = "Shaman", role = "wizard", quality = "average", type = "tribal" } } }
  muster.dice.set_faces {}
  local r = ruleset.resolve("shooting_casualties", { target = orcs, kills = 6 })
  t.eq(r.losses, 5)
  t.eq(r.killed, { "leader", "standard_bearer", "Shaman" })
  t.eq(r.command_test_markers, { { name = "Shaman", role = "wizard", event = "killed" } })
  t.eq(r.outstanding, 1, "6 kills less the 5 figures killed; the Shaman is not one of them")
  local trolls = { name = "Trolls", figures = 3, quality = "average", type = "stupid", save = 7 }
  ruleset.options.annihilation_saves = "one_save_figure"
  muster.dice.set_faces { 6, 6, 1, 1, 6, 6, 6, 6 }  -- policy "first": the one warrior group
  r = ruleset.resolve("shooting_casualties", { target = trolls, kills = 4 })
  t.eq(r.outstanding, 4)
  t.eq(#r.saves, 4)
  t.eq(r.losses, 1)
  ruleset.options.annihilation_saves = "every_save_figure"
  -- Each Troll makes all 4 saves: the first passes them all, the second fails one, the
  -- third fails two.
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6 }
  r = ruleset.resolve("shooting_casualties", { target = trolls, kills = 4 })
  t.eq(#r.saves, 12)
  t.eq(r.losses, 2)
end

local courier = { name = "Elf courier", role = "courier", quality = "average", type = "disciplined", armour = "light" }

function M.test_single_figure_example_page_24()
  -- A lone Elf courier takes 6 kills: 1D per kill, 6,6,3,2,2,1, and the two 6s kill him.
  local target = { name = "courier", figures = 0, quality = "average", type = "disciplined", individuals = { courier } }
  muster.dice.set_faces { 6, 6, 3, 2, 2, 1 }
  local r = ruleset.resolve("shooting_casualties", { target = target, kills = 6 })
  t.eq(r.single_figure_sixes, 2)
  t.eq(r.killed, { "Elf courier" })
  t.eq(r.losses, 0)
  t.eq(r.command_test_markers, {}, "a courier's death calls no Command Test")
  -- With a saving throw he saves once per 6 (SAV 5): 8 saves the first, 5 fails the second.
  local saved = copy(courier, { save = 5 })
  target.individuals = { saved }
  muster.dice.set_faces { 6, 6, 3, 2, 2, 1, 4, 4, 3, 2 }
  r = ruleset.resolve("shooting_casualties", { target = target, kills = 6 })
  t.eq(#r.saves, 2)
  t.eq(r.killed, { "Elf courier" })
  muster.dice.set_faces { 6, 6, 3, 2, 2, 1, 4, 4, 6, 6 }
  r = ruleset.resolve("shooting_casualties", { target = target, kills = 6 })
  t.eq(#r.saves, 2)
  t.eq(r.killed, {})
  -- No 6 among the kill dice: he lives, no save needed.
  muster.dice.set_faces { 5, 4 }
  r = ruleset.resolve("shooting_casualties", { target = target, kills = 2 })
  t.eq(r.single_figure_sixes, 0)
  t.eq(r.saves, {})
end

function M.test_single_figure_through_shoot_and_a_lone_battle_leader()
  -- Goblin arrows at short range: six 6s hit, six 6s kill, then the single-figure dice.
  local goblins = { name = "Goblin archers", figures = 6, quality = "poor", type = "fanatic", weapon = "bow" }
  local target = { name = "courier", figures = 0, quality = "average", type = "disciplined", individuals = { courier } }
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 3, 2, 2, 1 }
  local r = ruleset.resolve("shoot", { shooter = goblins, target = target, distance = 4, volleys = 1 })
  t.eq(r.hits, 6)
  t.eq(r.kills, 6)
  t.eq(r.killed, { "Elf courier" })
  t.eq(r.outcome, "6 hits, 6 kills, 0 figures lost, killed: Elf courier")
  -- A battle leader alone is a lone figure too, and his death calls the Command Test.
  local alone = { name = "Ugluk", figures = 0, quality = "average", type = "tribal",
                  individuals = { { name = "Ugluk", role = "battle_leader", quality = "veteran", type = "tribal" } } }
  muster.dice.set_faces { 6 }
  r = ruleset.resolve("shooting_casualties", { target = alone, kills = 1 })
  t.eq(r.command_test_markers, { { name = "Ugluk", role = "battle_leader", event = "killed" } })
  -- A one-figure unit counts as alone unless told it touches another figure.
  local troll = { name = "Troll", figures = 1, quality = "average", type = "stupid", save = 7 }
  muster.dice.set_faces { 6, 1, 1 }
  r = ruleset.resolve("shooting_casualties", { target = troll, kills = 1 })
  t.eq({ r.single_figure_sixes, r.losses, r.warriors_killed }, { 1, 1, 1 })
  muster.dice.set_faces { 1, 1 }
  r = ruleset.resolve("shooting_casualties", { target = troll, kills = 1, target_alone = false })
  t.eq({ r.single_figure_sixes, r.losses, #r.saves }, { nil, 1, 1 })
end

-- ---------------------------------------------------------------------------------------
-- Range, volleys, ranks, flying
-- ---------------------------------------------------------------------------------------

-- The range table (page 22) as printed, independent of the ruleset's data.
local ranges = { bow = { 6, 18 }, longbow = { 8, 24 }, crossbow = { 8, 30 }, giant_crossbow = { 8, 30 },
                 ballista = { 8, 30 }, handgun = { 8, 22 } }

function M.test_short_and_long_range_of_every_weapon()
  for weapon, r in pairs(ranges) do
    local s = archer { weapon = weapon }
    muster.dice.set_faces { 4, 4, 4 }
    t.eq(hit(s, { range = false, distance = r[1] }).range, "short", weapon .. " at its short range")
    t.eq(hit(s, { range = false, distance = r[1] + 0.5 }).range, "long", weapon .. " beyond its short range")
    local res = hit(s, { range = false, distance = r[2] })
    t.eq({ res.range, res.short_range, res.long_range }, { "long", r[1], r[2] }, weapon .. " at its long range")
    t.fails(function() hit(s, { range = false, distance = r[2] + 0.5 }) end,
      string.format("input: distance: %gin is beyond the %s's long range of %din: it cannot shoot", r[2] + 0.5, weapon, r[2]))
  end
end

function M.test_handgun_range_both_readings()
  local gun = archer { weapon = "handgun" }
  muster.dice.set_faces { 4, 4, 4, 4, 4, 4 }
  -- Range table (default): 8in / 22in.
  t.eq(hit(gun, { range = false, distance = 7 }).range, "short")
  local r = hit(gun, { range = false, distance = 20 })
  t.eq({ r.range, r.range_source }, { "long", "fantasy_warriors p.22" })
  -- The weapon v armour table's printing: 6in / 12in.
  ruleset.options.handgun_range = "armour_table"
  r = hit(gun, { range = false, distance = 7 })
  t.eq({ r.range, r.short_range, r.long_range, r.range_source }, { "long", 6, 12, "fantasy_warriors p.23" })
  t.eq(hit(gun, { range = false, distance = 6 }).range, "short")
  t.fails(function() hit(gun, { range = false, distance = 20 }) end, "beyond the handgun's long range of 12in")
  -- Other weapons keep the range table.
  t.eq(hit(archer { weapon = "crossbow" }, { range = false, distance = 20 }).long_range, 30)
end

function M.test_flying_shooters_and_targets_count_long_range()
  muster.dice.set_faces { 5, 5, 5 }
  local r = hit(archer { flying = true }, { range = false, distance = 2 })
  t.eq(r.range, "long")
  t.eq(r.range_reason, "the shooters are flying: always long range")
  t.eq(r.hits, 1, "5 - 1 long range = 4 hits")
  r = hit(archer(), { range = "short", target = { figures = 5, quality = "average", type = "fanatic", flying = true } })
  t.eq({ r.range, r.range_reason }, { "long", "the target is flying: always long range" })
  -- A flying unit cannot blacken the sky: one volley, no question asked.
  r = hit(archer { flying = true }, { volleys = false })
  t.eq({ r.volleys, r.volleys_chosen_by }, { 1, nil })
  t.fails(function() hit(archer { flying = true }, { volleys = 2 }) end,
    "input: volleys: 2 volleys declared: a flying unit cannot blacken the sky")
end

function M.test_volleys_chosen_limited_and_counted()
  local bows = archer { figures = 4 }
  -- Not declared: the shooting side chooses 1..4 (bows); a script answers 3.
  muster.choice.set_controller("attacker", "script", { 3 })
  muster.dice.set_faces { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 }
  local r = hit(bows, { volleys = false })
  t.eq({ r.volleys, r.volleys_chosen_by, r.hit_dice, r.volleys_left }, { 3, "script", 12, 3 })
  t.eq(ids(r), "blackening_the_sky=-1")
  t.eq(r.hits, 0, "4 - 1 is a miss")
  -- The default policy shoots one volley.
  muster.choice.set_controller("attacker", "policy", "first")
  muster.dice.set_faces { 4, 4, 4, 4 }
  r = hit(bows, { volleys = false })
  t.eq({ r.volleys, r.volleys_chosen_by, r.hits }, { 1, "policy:first", 4 })
  -- The choice never offers more than the counters left.
  local asked
  muster.choice.add_policy("most", function(q) asked = q.range return q.range[2] end, "the most volleys")
  muster.choice.set_controller("attacker", "policy", "most")
  muster.dice.set_faces { 4, 4, 4, 4, 4, 4, 4, 4 }
  r = hit(copy(bows, { volleys = 2 }), { volleys = false })
  t.eq({ asked, r.volleys, r.volleys_left }, { { 1, 2 }, 2, 0 })
  -- Weapon maxima (page 22): all bows 4, crossbows, handguns and bolt throwers 2.
  local max = { bow = 4, longbow = 4, crossbow = 2, handgun = 2, giant_crossbow = 2, ballista = 2 }
  for weapon, n in pairs(max) do
    local s = archer { weapon = weapon }
    muster.dice.set_faces { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
    t.eq(hit(s, { volleys = n }).volleys, n, weapon)
    t.fails(function() hit(s, { volleys = n + 1 }) end, string.format("input: volleys: %d volleys declared: a %s shoots at most %d volleys a phase", n + 1, weapon, n))
  end
  -- Ammunition: never more volleys than counters; none left, no shooting.
  t.fails(function() hit(copy(bows, { volleys = 2 }), { volleys = 3 }) end,
    "input: volleys: 3 volleys declared but the unit has 2 volley counters")
  t.fails(function() hit(copy(bows, { volleys = 0 }), { volleys = 1 }) end,
    "input: shooter.volleys: no volley counters left: the unit cannot shoot")
end

function M.test_ranks_that_shoot_and_war_machines()
  muster.dice.set_faces {}
  -- 20 figures in 4 ranks (5 wide): bows shoot with two ranks, crossbows and handguns one.
  local function dice(weapon, figures, ranks, extra)
    local s = copy({ name = weapon, figures = figures, ranks = ranks, quality = "average", type = "disciplined", weapon = weapon }, extra)
    local faces = {}
    for i = 1, 40 do faces[i] = 1 end
    muster.dice.set_faces(faces)
    return hit(s, {}).hit_dice
  end
  t.eq(dice("bow", 20, 4), 10)
  t.eq(dice("longbow", 20, 4), 10)
  t.eq(dice("crossbow", 20, 4), 5)
  t.eq(dice("handgun", 20, 4), 5)
  t.eq(dice("bow", 7, 3), 6, "7 in 3 ranks: 3 wide, two ranks shoot")
  t.eq(dice("bow", 7, 1), 7)
  -- War machines: 1D per point of worth (two ballistas of worth 3).
  t.eq(dice("ballista", 2, 1, { worth = 3 }), 6)
  t.eq(dice("giant_crossbow", 1, 1, { worth = 4 }), 4)
  -- Fewer may shoot (e.g. without line of sight), never more.
  muster.dice.set_faces { 1, 1, 1 }
  t.eq(hit(archer { figures = 10, ranks = 2 }, { figures_shooting = 3 }).hit_dice, 3)
  t.fails(function() hit(archer { figures = 10, ranks = 5, weapon = "crossbow" }, { figures_shooting = 3 }) end,
    "input: figures_shooting: 3 is out of range 0..2")
end

-- ---------------------------------------------------------------------------------------
-- Hit throw
-- ---------------------------------------------------------------------------------------

function M.test_every_hit_modifier()
  local cases = {
    { {}, {}, "" },
    { { quality = "poor" }, {}, "poor=-1" },
    { { quality = "unpredictable" }, {}, "unpredictable=-1" },
    { {}, { range = "long" }, "long_range=-1" },
    { {}, { volleys = 2 }, "blackening_the_sky=-1" },
    { { bad_light = "night" }, { time = "night" }, "bad_light=-1" },
    { { bad_light = "night" }, { time = "day" }, "" },
    { { disorganised = true }, {}, "disorganised=-1" },
    { { reaction = "bloodlust" }, {}, "bloodlust_or_shaken=-1" },
    { { reaction = "shaken" }, {}, "bloodlust_or_shaken=-1" },
    { { quality = "elite" }, {}, "elite=2" },
    { { quality = "veteran" }, {}, "veteran=1" },
  }
  for _, c in ipairs(cases) do
    muster.dice.set_faces { 3, 3 }
    local r = hit(archer(c[1]), c[2])
    t.eq(ids(r), c[3], c[3])
    -- A 3 hits only with a net +1 or better.
    t.eq(r.hits, r.hit_modifier >= 1 and r.hit_dice or 0, c[3] .. " hits")
  end
end

function M.test_natural_6_always_hits_and_natural_1_always_misses()
  -- Everything against: poor, long range, blackening the sky, bad light, disorganised, shaken.
  local worst = archer { figures = 3, quality = "poor", bad_light = "day", disorganised = true, reaction = "shaken" }
  muster.dice.set_faces { 6, 5, 5, 6, 5, 5 }
  local r = hit(worst, { range = "long", volleys = 2, time = "day" })
  t.eq(r.hit_modifier, -6)
  t.eq({ r.hits, r.automatic_hits }, { 2, 2 })
  -- Elite at short range: 2 + 2 = 4 hits, but a natural 1 misses.
  muster.dice.set_faces { 1, 2, 1 }
  r = hit(archer { figures = 3, quality = "elite" }, {})
  t.eq({ r.hits, r.automatic_misses }, { 1, 2 })
end

-- ---------------------------------------------------------------------------------------
-- Kill throw
-- ---------------------------------------------------------------------------------------

-- The missile weapons versus armour table (page 23): the lowest killing score, as printed.
local kill_on = {
  bow = { none = 3, light = 4, medium = 5, heavy = 6, extra_heavy = 6 },
  longbow = { none = 2, light = 3, medium = 4, heavy = 5, extra_heavy = 6 },
  crossbow = { none = 2, light = 2, medium = 3, heavy = 4, extra_heavy = 5 },
  giant_crossbow = { none = 2, light = 2, medium = 3, heavy = 4, extra_heavy = 5 },
  ballista = { none = 2, light = 2, medium = 3, heavy = 4, extra_heavy = 5 },
  handgun = { none = 2, light = 2, medium = 3, heavy = 3, extra_heavy = 4 },
}

local function kill(shooter, target, hits, faces, extra)
  muster.dice.set_faces(faces)
  return ruleset.resolve("kill_throw", copy({ shooter = shooter, target = target, hits = hits }, extra))
end

function M.test_every_cell_of_the_weapon_v_armour_table()
  for weapon, row in pairs(kill_on) do
    for armour, need in pairs(row) do
      local target = { figures = 10, quality = "average", type = "disciplined", armour = armour }
      local s = archer { weapon = weapon }
      -- The cell's lowest score kills, one less does not (a 1 is a failure anyway).
      local below = math.max(need - 1, 1)
      local die = math.min(need, 6)
      local r = kill(s, target, 2, { die, below })
      t.eq(r.kill_target, need, weapon .. " v " .. armour)
      t.eq(r.kills, 1, weapon .. " v " .. armour)
    end
  end
end

function M.test_kill_modifiers_strength_resilience_shield_cover()
  local s = archer { strength = 1 }
  local troll = { figures = 10, quality = "average", type = "stupid", resilience = -1, armour = "none", shield = true }
  -- Bow v no armour needs 3: 2 + 1 strength - 1 resilience - 1 shield = 1: no kill.
  local r = kill(s, troll, 2, { 2, 4 })
  t.eq(ids(r), "strength=1 resilience=-1 shield=-1")
  t.eq(r.kills, 1, "only the 4 (reads 3)")
  -- A two-handed weapon (or polearm) leaves the shield unused.
  r = kill(s, copy(troll, { weapon = "two_handed" }), 1, { 3 })
  t.eq(ids(r), "strength=1 resilience=-1")
  t.eq(r.kills, 1)
  -- Cover: soft -1, hard -2 (bow v light armour needs 4).
  local light = { figures = 4, quality = "average", type = "tribal", armour = "light" }
  r = kill(archer(), light, 2, { 4, 5 }, { cover = "soft" })
  t.eq({ ids(r), r.kills }, { "soft_cover=-1", 1 })
  r = kill(archer(), light, 2, { 4, 5 }, { cover = "hard" })
  t.eq({ ids(r), r.kills }, { "hard_cover=-2", 0 })
  -- A score above 6 kills: STR +3 crossbow v extra heavy (5+): 5 + 3 = 8.
  r = kill(archer { weapon = "crossbow", strength = 3 }, { figures = 4, quality = "average", type = "tribal", armour = "extra_heavy" }, 1, { 5 })
  t.eq(r.kills, 1)
  -- A natural 6 kills whatever the modifiers; a natural 1 never.
  r = kill(archer { strength = -5 }, { figures = 4, quality = "average", type = "tribal", armour = "extra_heavy" }, 2, { 6, 5 })
  t.eq({ r.kills, r.automatic_kills }, { 1, 1 })
  r = kill(archer { strength = 5 }, { figures = 4, quality = "average", type = "tribal" }, 2, { 1, 2 })
  t.eq({ r.kills, r.automatic_failures }, { 1, 1 })
end

function M.test_cover_counts_from_figures()
  local target = { figures = 10, quality = "average", type = "tribal" }
  local cases = {
    { { soft = 6 }, "soft" }, { { soft = 5 }, "none" }, { { hard = 10 }, "hard" },
    { { hard = 9, soft = 1 }, "soft" }, { { hard = 5 }, "soft" }, { { hard = 4 }, "none" },
    { { hard = 3, soft = 3 }, "soft" }, { {}, "none" },
  }
  for _, c in ipairs(cases) do
    local r = kill(archer(), target, 0, {}, { cover = c[1] })
    t.eq(r.cover, c[2], t.show(c[1]))
  end
  t.eq(kill(archer(), copy(target, { figures = 5 }), 0, {}, { cover = { hard = 2 } }).cover, "soft",
    "half of 5 rounded down in hard cover counts soft")
  t.fails(function() kill(archer(), target, 0, {}, { cover = { soft = 8, hard = 3 } }) end,
    "input: cover: 11 figures in cover but the target has 10")
  t.fails(function() kill(archer(), target, 0, {}, { cover = "partial" }) end, "input: cover:")
end

-- ---------------------------------------------------------------------------------------
-- Kills to specials and individuals, saving throws
-- ---------------------------------------------------------------------------------------

local function casualties(target, kills, faces)
  muster.dice.set_faces(faces)
  return ruleset.resolve("shooting_casualties", { target = target, kills = kills })
end

function M.test_one_die_per_three_kills_or_part()
  local led = copy(dwarves, { leader = true })
  for kills, dice in pairs({ [1] = 1, [3] = 1, [4] = 2, [6] = 2, [7] = 3, [10] = 4 }) do
    local faces = {}
    for i = 1, dice do faces[i] = 5 end
    local r = casualties(led, kills, faces)
    t.eq(r.specials_dice, dice, kills .. " kills")
    t.eq(r.losses, kills)
  end
end

function M.test_shooter_chooses_the_special_and_the_standard_is_spared()
  local unit = copy(dwarves, { leader = true, musicians = 1, standard = true })
  local offered
  muster.choice.add_policy("second", function(q) offered = q.options return q.options[2] end, "second option")
  muster.choice.set_controller("attacker", "policy", "second")
  local r = casualties(unit, 4, { 6, 2 })
  t.eq(offered, { "leader", "musician" }, "no standard bearer while others stand")
  t.eq(r.specials, { { six = 1, figure = "musician", chosen_by = "policy:second", killed = true } })
  t.eq(r.killed, { "musician" })
  t.eq({ r.losses, r.warriors_killed }, { 4, 3 })
  -- 9 kills on 10 figures: the standard bearer would be the only one left, so he may fall.
  r = casualties(unit, 9, { 5, 5, 6 })
  t.eq(offered, { "leader", "musician", "standard_bearer" })
  t.eq({ r.losses, r.warriors_killed }, { 9, 7 })
  t.eq(r.killed, { "musician", "leader" }, "the 6 on the musician, the last warrior kill overflows on the leader")
end

function M.test_same_special_twice_with_a_saving_throw()
  local trolls = { name = "Trolls", figures = 6, quality = "average", type = "stupid", save = 7, leader = true }
  muster.choice.set_controller("attacker", "script", { "leader", "leader" })
  -- Two sixes on the leader: saves 9 (lives), then 5 (dies). Two kills on warriors: 12
  -- saves, 2 fails.
  local r = casualties(trolls, 4, { 6, 6, 5, 4, 3, 2, 6, 6, 1, 1 })
  t.eq(r.specials, { { six = 1, figure = "leader", chosen_by = "script", killed = false },
                     { six = 2, figure = "leader", chosen_by = "script", killed = true } })
  t.eq(#r.saves, 4)
  t.eq({ r.losses, r.warriors_killed }, { 2, 1 })
  t.eq(r.killed, { "leader" })
end

function M.test_individual_chosen_for_a_six_and_the_command_test()
  local orcs = { name = "Orcs", figures = 10, quality = "average", type = "tribal",
                 individuals = { { name = "Grishnak", role = "battle_leader", quality = "veteran", type = "tribal", save = 6 } } }
  local r = casualties(orcs, 3, { 6, 2, 3 })
  t.eq(r.specials[1].figure, "Grishnak")
  t.eq(r.killed, { "Grishnak" })
  t.eq(r.command_test_markers, { { name = "Grishnak", role = "battle_leader", event = "killed" } })
  t.eq({ r.losses, r.warriors_killed }, { 2, 2 }, "the kill on him is not a figure of the unit")
  t.eq(r.outcome, "3 kills, 2 figures lost, killed: Grishnak, Command Test counters")
  -- Saved: the kill is cancelled, not passed on.
  r = casualties(orcs, 3, { 6, 6, 6 })
  t.eq({ r.killed, r.losses, r.command_test_markers }, { {}, 2, {} })
  -- Warriors with a save: every kill saved against; a total equal to SAV fails.
  r = casualties({ name = "Ogres", figures = 4, quality = "average", type = "stupid", save = 8 }, 2, { 4, 4, 5, 4 })
  t.eq({ r.losses, r.saves[1].saved, r.saves[2].saved }, { 1, false, true })
end

-- ---------------------------------------------------------------------------------------
-- Properties, exact odds, variants, input errors
-- ---------------------------------------------------------------------------------------

function M.test_properties_over_seeds()
  local shooters = {
    copy(orc_bows, { figures = 12, ranks = 2 }),
    { name = "xbows", figures = 10, quality = "elite", type = "disciplined", weapon = "crossbow", strength = 1 },
    { name = "guns", figures = 8, quality = "unpredictable", type = "fanatic", weapon = "handgun" },
    { name = "ballistas", figures = 2, worth = 3, quality = "veteran", type = "disciplined", weapon = "ballista", strength = 2 },
  }
  local targets = {
    copy(dwarves, { leader = true, standard = true, musicians = 2 }),
    { name = "Trolls", figures = 3, quality = "average", type = "stupid", resilience = -1, save = 7, leader = true },
    { name = "Elves", figures = 2, quality = "elite", type = "disciplined", armour = "light", shield = true,
      individuals = { { name = "Elrond", role = "warchief", quality = "elite", type = "disciplined", save = 4 } } },
  }
  muster.choice.set_controller("attacker", "policy", "random")
  for seed = 1, 150 do
    muster.dice.set_seed(seed)
    local s = shooters[seed % #shooters + 1]
    local tg = targets[seed % #targets + 1]
    local r = ruleset.resolve("shoot", { shooter = s, target = tg, range = seed % 2 == 0 and "short" or "long",
                                         cover = ({ "none", "soft", "hard" })[seed % 3 + 1] })
    local w = "seed " .. seed
    t.eq(r.hit_dice, r.dice_per_volley * r.volleys, w)
    t.eq(r.hits <= r.hit_dice, true, w .. ": hits never exceed dice")
    t.eq(r.automatic_hits <= r.hits, true, w .. ": every natural 6 hits")
    t.eq(r.automatic_hits + r.automatic_misses <= r.hit_dice, true, w)
    t.eq(r.kills <= r.hits, true, w .. ": kills never exceed hits")
    t.eq(r.automatic_kills <= r.kills, true, w)
    t.eq(r.losses <= r.figures_at_start, true, w .. ": never more losses than figures")
    t.eq(r.annihilated, r.kills > tg.figures, w)
    t.eq(r.volleys >= 1 and r.volleys <= ({ bow = 4, crossbow = 2, handgun = 2, ballista = 2 })[s.weapon], true, w)
    for _, sv in ipairs(r.saves) do
      t.eq(sv.saved, sv.total > sv.save, w .. ": a save needs a total above SAV")
      t.eq(sv.total >= 2 and sv.total <= 12, true, w)
    end
    if r.specials_dice then t.eq(r.specials_dice, math.ceil(r.kills / 3), w) end
    if muster.dice.get_mode() == "explain" then
      local sixes = 0
      for _, f in ipairs(r.dice[1].faces) do if f == 6 then sixes = sixes + 1 end end
      t.eq(sixes, r.automatic_hits, w)
    end
  end
end

local binomial = t.binomial

function M.test_exact_odds_of_the_page_23_volley()
  -- Per Orc figure: a hit is a 6, or a 5 (-1 long range = 4): 1/3. A kill from a hit: a 6,
  -- or a 5 (+1 strength = 6): 1/3. Figures are independent: kills ~ Binomial(6, 1/9).
  local odds = muster.dice.roll_exact(function()
    return ruleset.resolve("shoot", { shooter = orc_bows, target = dwarves, distance = 12, volleys = 1 }).kills
  end)
  local total = 0
  for _, o in ipairs(odds) do
    t.near(o.p, binomial(6, o.outcome, 1 / 9), 1e-12, o.outcome .. " kills")
    total = total + o.p
  end
  t.eq(#odds, 7)
  t.near(total, 1, 1e-12)
  -- Hits alone, blackening the sky with two volleys at short range: 12 dice, each hits on
  -- a 6 or a 5 (5 - 1 = 4): Binomial(12, 1/3).
  odds = muster.dice.roll_exact(function()
    return ruleset.resolve("hit_throw", { shooter = orc_bows, range = "short", volleys = 2 }).hits
  end)
  for _, o in ipairs(odds) do t.near(o.p, binomial(12, o.outcome, 1 / 3), 1e-12, o.outcome .. " hits") end
end

function M.test_exact_odds_of_a_saving_throw()
  -- One kill on a unit with SAV 7 and no specials: it survives on 2D totalling 8 or more,
  -- 15 of the 36 throws.
  local ogres = { name = "Ogres", figures = 5, quality = "average", type = "stupid", save = 7 }
  local odds = muster.dice.roll_exact(function()
    return ruleset.resolve("shooting_casualties", { target = ogres, kills = 1 }).losses
  end)
  t.eq(#odds, 2)
  t.eq({ odds[1].outcome, odds[2].outcome }, { 0, 1 })
  t.near(odds[1].p, 15 / 36, 1e-12)
  t.near(odds[2].p, 21 / 36, 1e-12)
end

function M.test_a_variant_patches_lists_and_tables_with_its_source()
  rules("pavise").replace_modifier("shooting_kill", "shield", { id = "shield", value = -2, reason = "pavises", when = function(c) return c.target.shield_in_use end })
  rules("strong_bows").set_row("missile_v_armour", "bow", { none = 2, light = 3, medium = 4, heavy = 5, extra_heavy = 6 }, 1)
  local r = kill(archer(), copy(dwarves, { shield = true }), 1, { 5 })
  t.eq(ids(r), "shield=-2")
  t.eq(r.modifiers[1].source, "pavise")
  t.eq({ r.kill_target, r.kill_table_source, r.kills }, { 5, "strong_bows p.1", 0 })
  -- A weapon's row replaced: new ranges and volleys.
  rules("long_guns").set_row("missile_weapons", "handgun", { short = 10, long = 40, ranks = 1, max_volleys = 3 })
  muster.dice.set_faces { 4, 4, 4 }
  r = hit(archer { weapon = "handgun" }, { range = false, distance = 35, volleys = 3 })
  t.eq({ r.range, r.range_source, r.volleys }, { "long", "long_guns", 3 })
end

function M.test_bad_input_names_the_field()
  t.fails(function() hit(archer { weapon = "spear" }, {}) end,
    "input: shooter.weapon: spear is not a missile weapon (missile weapons: ballista, bow, crossbow, giant_crossbow, handgun, longbow)")
  t.fails(function() hit(archer(), { distance = 3 }) end, "input: range: give distance or range, not both")
  t.fails(function() hit(archer(), { range = false }) end, "input: distance: missing")
  t.fails(function() hit(archer(), { range = "medium" }) end, 'input: range: "medium" is not one of short, long')
  t.fails(function() ruleset.resolve("shoot", { shooter = orc_bows, target = dwarves, range = "short", volleys = 1, volley = 2 }) end,
    "input: input.volley: unknown field")
  t.fails(function() casualties(copy(dwarves, { figures = 0 }), 1, {}) end, "input: target.figures: the target has no figures")
  t.fails(function() ruleset.resolve("shooting_casualties", { target = dwarves, kills = 1, target_alone = true }) end,
    "input: target_alone: the target has 10 figures: it is not a lone figure")
  t.fails(function() ruleset.resolve("kill_throw", { shooter = orc_bows, target = dwarves, hits = -1 }) end,
    "input: hits: -1 is out of range 0..1000")
end

return M
