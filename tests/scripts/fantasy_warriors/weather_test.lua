-- HR-4 Weather (house-rules booklet page 4), the bundled variant: its manifest, the 1D on each
-- season's column, every option value applied (sight, bad light, bow ranges, morale, guns,
-- spell costs, ignition, and what waits for movement and undead rules), the consistency of
-- season and weather, the worked checks 1-4 of the house-rules digest, the ruleset's hooks at
-- their book defaults, and the registry's record of each change. Each test loads the variant
-- as the loader does (its folder's files, no `ruleset` global) with the options it needs.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local DIR = "scripts/rulesets/fantasy_warriors/variants/weather/"
local INIT = DIR .. "init.lua"

local function manifest() return t.run_variant_file(DIR, "manifest.lua", {}) end

-- Applies the variant with `options` (the manifest's defaults for the rest) as the loader does.
local function load_weather(options) return t.load_variant(DIR, options) end

local function weather() return ruleset.resolve("weather", {}) end

local ids_of = t.modifier_ids

local function modifier(res, id)
  for _, m in ipairs(res.modifiers) do if m.id == id then return m end end
  return nil
end

local function entry(list, id)
  for _, e in ipairs(ruleset.registry.lists[list].entries) do if e.id == id then return e end end
  return nil
end

local function rows(name) return ruleset.registry.tables[name].rows end

local function range_of(weapon)
  local r = rows("missile_weapons")[weapon]
  return { r.short, r.long }
end

local function effect_keys(res)
  local out = {}
  for _, e in ipairs(res.effects) do out[#out + 1] = string.format("%s:%s", tostring(e.value), e.in_force and "in" or "out") end
  return table.concat(out, " ")
end

local men = { name = "Men-at-arms", figures = 10, quality = "average", type = "disciplined", bad_light = "night" }
local goblins = { name = "Goblin infantry", figures = 10, quality = "poor", type = "tribal", night_type = "fanatic",
                  bad_light = "day", leader = true, standard = true, orders = "hold" }
local dwarves = { name = "Dwarf infantry", figures = 10, quality = "average", type = "disciplined", armour = "heavy",
                  leader = true, bad_light = "none", orders = "hold" }
local scouts = { name = "Orc scouts", figures = 2, quality = "average", type = "tribal" }
local bowmen = { name = "Orc bowmen", figures = 6, quality = "average", type = "tribal", weapon = "bow" }
local wizard = { name = "Goblin wizard", power = 20 }

-- ---------------------------------------------------------------------------------------
-- The manifest and the rolled weather
-- ---------------------------------------------------------------------------------------

function M.test_manifest_declares_a_variant_with_typed_options()
  local m = manifest()
  t.eq(m.name, "weather")
  t.eq(m.kind, "variant")
  t.eq(m.ruleset, "fantasy_warriors")
  t.eq(m.version, "1.0.0")
  t.eq(m.kernel, "^1.0")
  t.eq(m.options.season.type, "string")
  t.eq(m.options.season.default, "spring")
  t.eq(m.options.season.values, { "spring", "summer", "autumn", "winter" })
  t.eq(m.options.weather.default, "rolled")
  t.eq(m.options.weather.values, { "rolled", "clear", "overcast", "haze", "fog", "rain", "snow", "heavy_rain",
                                   "heavy_snow", "storm", "winter_storm" })
end

-- "rolled" changes no rule: only the procedure is added.
function M.test_rolled_weather_changes_no_rule()
  load_weather()
  local report = ruleset.rules_report({ only_changed = true })
  t.eq(#report.lists, 0)
  t.eq(#report.tables, 0)
  t.eq(ruleset.procedures.weather.owner, "weather@1.0.0")
  t.eq(range_of("bow"), { 6, 18 })
  t.eq(rows("visibility").line_of_sight.max_range_in, false)
  t.eq(rows("spell_cost").reduction.dice, 0)
end

-- The 1D on each season's column (HR-4.2): summer and autumn read the spring column.
local columns = {
  spring = { "clear", "overcast", "haze", "rain", "heavy_rain", "storm" },
  summer = { "clear", "overcast", "haze", "rain", "heavy_rain", "storm" },
  autumn = { "clear", "overcast", "haze", "rain", "heavy_rain", "storm" },
  winter = { "clear", "overcast", "fog", "snow", "heavy_snow", "winter_storm" },
}
for season, column in pairs(columns) do
  M["test_rolled_1d_on_the_" .. season .. "_column"] = function()
    load_weather({ season = season })
    for face = 1, 6 do
      muster.dice.set_faces { face }
      local r = weather()
      t.eq(r.roll, face, season)
      t.eq(r.weather, column[face], season .. " " .. face)
      t.eq(r.season, season)
      t.eq(r.column, season == "winter" and "winter" or "spring")
      t.eq(r.column_mark, (season == "summer" or season == "autumn") and "unknown" or nil)
      t.eq(r.in_force, false)
      t.eq(r.reload, "--variant weather --option weather.season=" .. season .. " --option weather.weather=" .. column[face])
      for _, e in ipairs(r.effects) do t.eq(e.in_force, false, column[face]) end
    end
  end
end

function M.test_rolled_result_reads_as_text()
  load_weather({ season = "winter" })
  muster.dice.set_faces { 4 }
  local text = ruleset.explain(weather())
  local l = {}
  for line in text:gmatch("([^\n]*)\n") do l[#l + 1] = line end
  t.eq(l[1], "weather: Snow (1D = 4 on the winter column): to play it, reload with --variant weather --option weather.season=winter --option weather.weather=snow")
  t.eq(l[2], "  weather, winter column: 1D6 rolled 4 = 4")
  t.eq(l[4], "  effects[1]: line of sight limited to 24in: nothing further away can be shot, Blasted or given a Finger of Death")
end

-- ---------------------------------------------------------------------------------------
-- Every fixed weather: what it patches, and what its procedure lists
-- ---------------------------------------------------------------------------------------

-- The booklet's matrix (HR-4.1, 4.2), written out here rather than read from the variant:
-- sight, everyone in bad light, the BAD spared, inches off bows, morale, guns, spell dice,
-- what waits, and the effects the procedure lists (value:in force or out).
local matrix = {
  clear = { season = "spring", exempt = "night", waits = {}, effects = "night:in" },
  overcast = { season = "winter", exempt = "day", waits = {}, effects = "day:in" },
  haze = { season = "summer", sight = 24, waits = {}, effects = "24:in" },
  fog = { season = "winter", sight = 24, everyone = true, waits = {}, effects = "24:in true:in" },
  rain = { season = "autumn", sight = 24, bows = 3, ignition = -1, waits = {}, effects = "24:in -3:in -1:in" },
  snow = { season = "winter", sight = 24, bows = 3, ignition = -2, morale = -1, waits = {},
           effects = "24:in -3:in -2:in -1:in" },
  heavy_rain = { season = "spring", sight = 24, bows = 3, ignition = -2, waits = {}, effects = "24:in -3:in -2:in" },
  heavy_snow = { season = "winter", sight = 24, everyone = true, bows = 3, ignition = -3, morale = -2,
                 movement = 4, woods = true, waits = {}, effects = "24:in true:in -3:in -3:in -2:in -4:in true:in" },
  storm = { season = "spring", sight = 18, everyone = true, bows = 6, ignition = -2, morale = -2, guns = -1, spell = 1,
            woods = true, swamps = true, waits = { "undead" },
            effects = "18:in true:in -6:in -2:in -2:in true:in true:in -1:in -1:in 2:out" },
  winter_storm = { season = "winter", sight = 18, everyone = true, bows = 6, ignition = -3, morale = -3, guns = -1,
                   spell = 1, movement = 4, woods = true, swamps = true, waits = { "undead" },
                   effects = "18:in true:in -6:in -3:in -3:in -4:in true:in true:in -1:in -1:in 2:out" },
}

local book_ranges = { bow = { 6, 18 }, longbow = { 8, 24 }, crossbow = { 8, 30 }, giant_crossbow = { 8, 30 } }

for key, want in pairs(matrix) do
  M["test_fixed_" .. key .. "_patches_the_rules_and_lists_its_effects"] = function()
    load_weather({ season = want.season, weather = key })
    -- sight
    t.eq(rows("visibility").line_of_sight.max_range_in, want.sight or false, key .. " sight")
    -- bad light
    local bl = rows("bad_light_rules")
    t.eq(bl.everyone.enduring, want.everyone == true, key .. " everyone")
    t.eq(bl.day.exempt, want.exempt == "day", key .. " day")
    t.eq(bl.night.exempt, want.exempt == "night", key .. " night")
    -- bows and crossbows, never below 0; ballista and handgun untouched
    for w, r in pairs(book_ranges) do
      local cut = want.bows or 0
      t.eq(range_of(w), { math.max(r[1] - cut, 0), math.max(r[2] - cut, 0) }, key .. " " .. w)
    end
    t.eq(range_of("ballista"), { 8, 30 })
    t.eq(range_of("handgun"), { 8, 22 })
    -- morale tests
    for _, list in ipairs({ "threat_test", "casualty_test", "combat_test" }) do
      local e = entry(list, "weather")
      t.eq(e and e.value, want.morale, key .. " " .. list)
      if e then t.eq(e.page, 4) t.eq(e.source, "weather") end
    end
    t.eq(entry("command_test", "weather"), nil)
    -- the Ignition Test of the artillery rules (artillery.lua)
    local ig = entry("ignition", "weather")
    t.eq(ig and ig.value, want.ignition, key .. " ignition")
    -- guns, spell costs
    local g = entry("shooting_kill", "weather_guns")
    t.eq(g and g.value, want.guns, key .. " guns")
    t.eq(rows("spell_cost").reduction.dice, want.spell or 0, key .. " spell dice")
    -- movement: inches off every move, difficult terrain always disorganising, swamps barred
    t.eq(rows("movement_change").every_move.reduction, want.movement or 0, key .. " movement")
    local terrain = rows("movement_terrain")
    for _, kind in ipairs({ "wood", "hill", "broken_ground", "difficult", "bridge" }) do
      t.eq(terrain[kind].always_disorganises == true, want.woods == true, key .. " " .. kind)
    end
    t.eq(terrain.swamp.always_disorganises, nil, key .. " swamp")
    t.eq(#rows("crossing").swamp, want.swamps and 1 or 4, key .. " swamp bars")
    -- the procedure: no throw, in force, every effect with page 4
    local r = weather()
    t.eq(r.weather, key)
    t.eq(r.in_force, true)
    t.eq(r.roll, nil)
    t.eq(#r.dice, 0)
    t.eq(r.reload, nil)
    t.eq(r.waits_for, want.waits, key .. " waits")
    t.eq(effect_keys(r), want.effects, key .. " effects")
    for _, e in ipairs(r.effects) do t.eq(e.source, "weather p.4") end
  end
end

-- A fixed weather must be on the season's column; clear and overcast are on every column.
function M.test_a_weather_off_the_season_column_is_refused()
  t.fails(function() load_weather({ season = "spring", weather = "snow" }) end,
    "weather: 'snow' is not on the spring column (clear, overcast, haze, rain, heavy_rain, storm); it comes up in winter: give --option weather.season=winter")
end

function M.test_a_storm_is_not_a_winter_result()
  t.fails(function() load_weather({ season = "winter", weather = "storm" }) end,
    "it comes up in spring, summer, autumn: give --option weather.season=spring")
end

function M.test_clear_is_on_every_column()
  load_weather({ season = "autumn", weather = "clear" })
  t.eq(weather().weather, "clear")
end

-- The marks and the lost cell (docs/rules-assumptions.md, HR-4).
function M.test_marks_name_what_is_proposed()
  load_weather({ season = "winter", weather = "heavy_snow" })
  local r = weather()
  local marks = {}
  for _, e in ipairs(r.effects) do if e.mark then marks[#marks + 1] = e.outcome .. "=" .. e.mark end end
  t.eq(marks, { "woodland and difficult ground always disorganise: any move over them, not only one of more than half the MOV=inferred" })
end

function M.test_heavy_rain_says_its_cell_is_lost()
  load_weather({ weather = "heavy_rain" })
  local r = weather()
  t.eq(r.notes, { "the rest of the booklet's cell is lost: no further effect (unknown)" })
  t.eq(r.effects[3].mark, "unknown")
  t.eq(r.effects[3].outcome, "-2 on every Ignition Test")
end

-- ---------------------------------------------------------------------------------------
-- Worked checks (house-rules digest, "Worked examples" 1-4)
-- ---------------------------------------------------------------------------------------

-- 1. Storm, bow unit: 6/18in becomes 0/12in; at 10in the target is at long range (-1); at
-- 14in it cannot be hit; the 18in line of sight does not cut it further.
function M.test_worked_1_storm_bow_unit()
  load_weather({ weather = "storm" })
  muster.dice.set_faces { 6, 5, 4, 3, 2, 1 }
  local r = ruleset.resolve("hit_throw", { shooter = bowmen, distance = 10, volleys = 1, time = "day" })
  t.eq(r.short_range, 0)
  t.eq(r.long_range, 12)
  t.eq(r.range_source, "weather p.4")
  t.eq(r.range, "long")
  t.eq(modifier(r, "long_range").value, -1)
  t.fails(function() ruleset.resolve("hit_throw", { shooter = bowmen, distance = 14, volleys = 1 }) end,
    "input: distance: 14in is beyond the bow's long range of 12in (weather p.4): it cannot shoot")
  t.fails(function() ruleset.resolve("hit_throw", { shooter = bowmen, range = "short", volleys = 1 }) end,
    "input: range: the bow has no short range (0in, weather p.4): the target is at long range")
  -- A crossbow reaches 24in, but nothing beyond 18in can be seen.
  local crossbows = { name = "Dwarf crossbows", figures = 6, quality = "average", type = "disciplined", weapon = "crossbow" }
  t.fails(function() ruleset.resolve("hit_throw", { shooter = crossbows, distance = 20, volleys = 1 }) end,
    "input: distance: 20in is beyond the line of sight of 18in (storm, weather p.4): the target cannot be seen, so it cannot be shot")
  muster.dice.set_faces { 6, 5, 4, 3, 2, 1 }
  t.eq(ruleset.resolve("hit_throw", { shooter = crossbows, distance = 18, volleys = 1 }).range, "long")
end

-- 2. Winter storm, Dwarf infantry: a Threat Test score of 5 for a disciplined unit becomes
-- 5 - 3 = 2: SHAKEN. (5: die 5, +1 leader, -1 bad light, which everyone suffers in the
-- storm.) Its move of max(4 - 4, 2) = 2in and the woods that always disorganise are in force:
-- test_worked_2_winter_storm_movement.
function M.test_worked_2_winter_storm_threat_test()
  load_weather({ season = "winter", weather = "winter_storm" })
  muster.dice.set_faces { 5 }
  local r = ruleset.resolve("threat_test", { unit = dwarves, threatener = scouts, time = "day" })
  t.eq(ids_of(r), "bad_light=-1 leader=1 weather=-3")
  t.eq(modifier(r, "weather").reason, "winter storm: -3 on every morale test")
  t.eq(modifier(r, "weather").source, "weather p.4")
  t.eq(r.score, 2)
  t.eq(r.reaction, "shaken")
  t.eq(r.disorganised, true)
  local w = weather()
  t.eq(w.effects[6].outcome, "-4in to every move, to a minimum of 2in")
  t.eq(w.effects[6].waits_for, nil)
  t.eq(w.effects[6].in_force, true)
  t.eq(w.effects[7].outcome, "woodland and difficult ground always disorganise: any move over them, not only one of more than half the MOV")
end

-- 2 (movement). Winter storm: Dwarf infantry of MOV 4 moves max(4 - 4, 2) = 2in; a MOV of 6
-- becomes 2, one of 1 stays 1; a wood disorganises even a move of half the MOV or less, and
-- nobody enters a swamp. The book's weather moves the same units 4in, 6in and 1in, and a wood
-- disorganises only a move of more than half the MOV.
local function move(unit, fields)
  local input = { unit = unit }
  for k, v in pairs(fields or {}) do input[k] = v end
  return ruleset.resolve("move", input)
end

function M.test_worked_2_winter_storm_movement()
  local walkers = t.copy(dwarves, { orders = "oppose", movement = 4 })
  local quick = t.copy(walkers, { name = "Orc runners", movement = 6 })
  local slow = t.copy(walkers, { name = "Snails", movement = 1 })
  t.eq({ move(walkers).allowance, move(quick).allowance, move(slow).allowance }, { 4, 6, 1 }, "the book")
  t.eq(move(walkers, { distance = 1, terrain = { "wood" } }).disorganised, false, "the book: 1in of 4 in a wood")
  local wader = t.copy(walkers, { armour = "light", strength = 2 })
  t.eq(move(wader, { distance = 1, terrain = { "swamp" } }).moved, 1)
  load_weather({ season = "winter", weather = "winter_storm" })
  local r = move(walkers, { distance = 2 })
  t.eq({ r.allowance, r.moved }, { 2, 2 })
  t.eq(modifier(r, "movement_change").value, -2)
  t.eq(modifier(r, "movement_change").reason, "winter storm: every move is 4in shorter, to a minimum of 2in")
  t.eq(modifier(r, "movement_change").source, "weather p.4")
  t.eq({ move(quick).allowance, move(slow).allowance }, { 2, 1 })
  t.fails_exactly(function() move(walkers, { distance = 3 }) end, "input: distance: 3in is more than the allowance of 2in")
  local wood = move(walkers, { distance = 1, terrain = { "wood" } })
  t.eq(wood.disorganised, true)
  t.eq(wood.disorganised_by[1].reason, "winter storm: woods always disorganise")
  t.eq(move(walkers, { distance = 1, terrain = { "broken_ground" } }).disorganised_by[1].reason,
    "winter storm: broken ground always disorganises")
  -- Standing still in a wood disorganises nobody.
  t.eq(move(walkers, { terrain = { "wood" } }).disorganised, false)
  t.fails_exactly(function() move(wader, { distance = 1, terrain = { "swamp" } }) end,
    "input: terrain[1]: Dwarf infantry: winter storm: swamps are impassable (weather p.4)")
end

-- An ATTACK unit crossing a wood in a storm is not asked whether to slow down: it is
-- disorganised whatever it does.
function M.test_storm_attack_is_not_asked_to_slow()
  load_weather({ season = "spring", weather = "storm" })
  muster.choice.set_controller("mover", "script", {})
  local r = move(t.copy(dwarves, { orders = "attack", movement = 4 }), { enemy_distance = 10, terrain = { "wood" } })
  t.eq({ r.moved, r.disorganised, r.slow_chosen_by }, { 4, true, nil })
  t.eq(#r.choices, 0)
end

-- 3. Storm, Blast with 4 dice: 4 + 2 (range) = 6; 5,5,2,1 is a double: 12; the weather's 1D
-- shows 4: cost 8; the two 5s kill. The digest sets it at 20in, beyond the storm's 18in line
-- of sight, which refuses it (HR-4.3: no Blast beyond the line of sight); at 18in the range
-- cost is the same 2.
function M.test_worked_3_storm_blast_cost()
  load_weather({ weather = "storm" })
  muster.dice.set_faces { 5, 5, 2, 1, 4, 3, 3 }
  local r = ruleset.resolve("cast", { spell = "blast", wizard = wizard, range = 18, dice = 4, target = dwarves })
  t.eq(r.base_cost, 6)
  t.eq(r.multiplier, 2)
  t.eq(r.cost_before_reduction, 12)
  t.eq(r.cost_reduction_dice, 4)
  t.eq(r.cost, 8)
  t.eq(r.power_after, 12)
  t.eq(r.kills, 2)
  t.eq(r.dice[2].label, "spell cost reduction")
  t.eq(r.dice[2].faces, { 4 })
  local cut = modifier(r, "spell_cost_reduction")
  t.eq(cut.value, -4)
  t.eq(cut.reason, "storm: every spell's cost is cut by 1D, to a minimum of 1")
  t.eq(cut.source, "weather p.4")
  t.fails(function()
    ruleset.resolve("cast", { spell = "blast", wizard = wizard, range = 20, dice = 4, target = dwarves })
  end, "input: range: 20in is beyond the line of sight of 18in (storm, weather p.4): the wizard cannot see the target")
end

-- 4. A clear night: Men (BAD night) do not endure bad light; by day Goblins (BAD day) still do.
function M.test_worked_4_clear_night_men_do_not_endure_bad_light()
  load_weather({ weather = "clear" })
  local r = ruleset.resolve("bad_light", { time = "night 2", units = { men, goblins } })
  t.eq(r.subjects[1].enduring, false)
  t.eq(r.subjects[1].rule, "clear: figures whose bad light is night do not endure it by night (weather p.4)")
  t.eq(r.subjects[2].enduring, false)
  t.eq(r.outcome, "0 of 2 endure bad light by night")
  r = ruleset.resolve("bad_light", { time = "day 3", units = { men, goblins } })
  t.eq(r.enduring, { "Goblin infantry" })
  t.eq(r.subjects[2].rule, nil)
  muster.dice.set_faces { 4 }
  t.eq(modifier(ruleset.resolve("threat_test", { unit = men, threatener = scouts, time = "night" }), "bad_light"), nil)
end

-- 4. An overcast day: Goblins (BAD day) do not endure bad light; at night Men still do.
function M.test_worked_4_overcast_day_goblins_do_not_endure_bad_light()
  load_weather({ weather = "overcast" })
  local r = ruleset.resolve("bad_light", { time = "day 1", units = { men, goblins } })
  t.eq(r.enduring, {})
  t.eq(r.subjects[2].rule, "overcast: figures whose bad light is day do not endure it by day (weather p.4)")
  r = ruleset.resolve("bad_light", { time = "night 1", units = { men, goblins } })
  t.eq(r.enduring, { "Men-at-arms" })
  muster.dice.set_faces { 4 }
  t.eq(modifier(ruleset.resolve("threat_test", { unit = goblins, threatener = scouts, time = "day" }), "bad_light"), nil)
  muster.dice.set_faces { 4 }
  t.eq(modifier(ruleset.resolve("threat_test", { unit = men, threatener = scouts, time = "night" }), "bad_light").value, -1)
end

-- ---------------------------------------------------------------------------------------
-- The effects in the other procedures
-- ---------------------------------------------------------------------------------------

-- All creatures suffer bad light: Dwarves (no BAD) by day, with no time given, in every
-- test with a bad-light line, the resting wizard and the Command Test.
function M.test_fog_puts_everyone_in_bad_light()
  load_weather({ season = "winter", weather = "fog" })
  local r = ruleset.resolve("bad_light", { time = "day 4", units = { dwarves, men } })
  t.eq(r.enduring, { "Dwarf infantry", "Men-at-arms" })
  t.eq(r.subjects[1].rule, "fog: all creatures suffer bad light (weather p.4)")
  muster.dice.set_faces { 4 }
  t.eq(modifier(ruleset.resolve("threat_test", { unit = dwarves, threatener = scouts }), "bad_light").value, -1)
  muster.dice.set_faces { 4, 4, 4, 4, 4, 4 }
  local shot = ruleset.resolve("hit_throw", { shooter = bowmen, distance = 5, volleys = 1, time = "night" })
  t.eq(modifier(shot, "bad_light").value, -1)
  t.eq(shot.range, "short")  -- fog does not shorten bows
  local rest = ruleset.resolve("rest", { wizard = { name = "w", power = 3 }, time = "day 1" })
  t.eq(rest.bad_light, true)
  t.eq(rest.gain, 1)
  muster.dice.set_faces { 5 }
  local c = ruleset.resolve("command_test", { testers = { { name = "Grukk", role = "battle_leader", leadership = 3 } } })
  t.eq(ids_of(c.tests[1]), "leadership=3 bad_light=-1")
end

-- Guns: the handgun's kill throw at strength -1; a bow's is untouched. (The artillery's guns,
-- weapon "gun", read the same entry: the galloper gun's +7 becomes +6.)
function M.test_storm_guns_strength_minus_one()
  load_weather({ weather = "storm" })
  local target = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", armour = "medium" }
  local gunners = { name = "Dwarf handgunners", figures = 10, quality = "average", type = "disciplined", weapon = "handgun" }
  muster.dice.set_faces { 4, 4 }
  local r = ruleset.resolve("kill_throw", { shooter = gunners, target = target, hits = 2 })
  t.eq(modifier(r, "weather_guns").value, -1)
  t.eq(modifier(r, "weather_guns").reason, "storm: guns attack at strength -1")
  muster.dice.set_faces { 4, 4 }
  t.eq(modifier(ruleset.resolve("kill_throw", { shooter = bowmen, target = target, hits = 2 }), "weather_guns"), nil)
end

-- The Ignition Test of guns and artillery: -1 (rain) to -3 (heavy snow, winter storm).
function M.test_heavy_snow_ignition_minus_three()
  load_weather({ season = "winter", weather = "heavy_snow" })
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("ignition", { time = "day" })
  t.eq(modifier(r, "weather").value, -3)
  t.eq(modifier(r, "weather").reason, "heavy snow: -3 on every Ignition Test")
  t.eq(modifier(r, "weather").source, "weather p.4")
  t.eq(r.ignition.score, 1)
  t.eq(r.ignition.fired, false)
end

-- The cut never brings a cost below 1; Banish Magic and Spellbreak succeed on their dice
-- before the cut (HR-4.3).
function M.test_winter_storm_spell_cost_minimum_and_success_on_the_dice()
  load_weather({ season = "winter", weather = "winter_storm" })
  muster.dice.set_faces { 1, 2, 6 }  -- Blast 2D at 1in: 2 + 1 = 3, no double; the cut 6
  local r = ruleset.resolve("cast", { spell = "blast", wizard = { name = "w", power = 20 }, range = 1, dice = 2,
                                      target = dwarves })
  t.eq(r.cost_before_reduction, 3)
  t.eq(r.cost, 1)
  t.eq(modifier(r, "spell_cost_reduction").value, -2)
  muster.dice.set_faces { 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 5 }  -- 36 (35 or more banishes), then 5 off
  r = ruleset.resolve("cast", { spell = "banish_magic", wizard = { name = "w", power = 40 } })
  t.eq(r.cost_dice, 36)
  t.eq(r.cost, 31)
  t.eq(r.banished, true)
  muster.dice.set_faces { 4, 4, 4, 2, 2, 2 }  -- Spellbreak 5D = 16 (over 15 breaks), then 2 off
  r = ruleset.resolve("cast", { spell = "spellbreak", wizard = { name = "w", power = 20 }, against = { spell = "blast" } })
  t.eq(r.cost, 14)
  t.eq(r.broken, true)
end

-- ---------------------------------------------------------------------------------------
-- The ruleset's hooks at their book defaults, and the registry's record
-- ---------------------------------------------------------------------------------------

function M.test_hooks_default_to_the_book()
  t.eq(rows("visibility").line_of_sight, { max_range_in = false })
  t.eq(rows("bad_light_rules"), { everyone = { enduring = false }, day = { exempt = false }, night = { exempt = false } })
  t.eq(rows("spell_cost"), { reduction = { dice = 0, minimum = 1 } })
  for _, name in ipairs({ "visibility", "bad_light_rules", "spell_cost" }) do
    t.eq(type(ruleset.registry.tables[name].doc), "string", name)
  end
  t.eq(ruleset.registry.tables.bad_light_rules.page, 14)
  t.eq(ruleset.registry.tables.visibility.page, 22)
  t.eq(ruleset.registry.tables.spell_cost.page, 43)
  -- No limit of sight: a crossbow at 30in shoots; a Blast at 40in is cast.
  muster.dice.set_faces { 4, 4, 4, 4, 4, 4 }
  local crossbows = { name = "Dwarf crossbows", figures = 6, quality = "average", type = "disciplined", weapon = "crossbow" }
  t.eq(ruleset.resolve("hit_throw", { shooter = crossbows, distance = 30, volleys = 1 }).range, "long")
  muster.dice.set_faces { 1, 2, 3 }
  local r = ruleset.resolve("cast", { spell = "blast", wizard = wizard, range = 40, dice = 3, target = dwarves })
  t.eq(r.cost, 7)
  t.eq(r.cost_before_reduction, nil)
  t.eq(#r.dice, 1)
end

function M.test_every_change_is_owned_and_located()
  load_weather({ weather = "storm" })
  local report = ruleset.rules_report({ only_changed = true })
  local changed = {}
  for _, l in ipairs(report.lists) do
    for _, e in ipairs(l.entries) do
      changed[#changed + 1] = l.name .. "." .. e.id
      t.eq(e.owner, "weather@1.0.0")
      t.eq(e.history[#e.history].at:match("^(.-):%d+$"), INIT)
    end
  end
  for _, tb in ipairs(report.tables) do
    for _, r in ipairs(tb.rows) do
      changed[#changed + 1] = tb.name .. "." .. r.key
      t.eq(r.owner, "weather@1.0.0")
      t.eq(r.page, 4)
      t.eq(r.history[#r.history].at:match("^(.-):%d+$"), INIT)
    end
  end
  t.eq(changed, { "casualty_test.weather", "combat_test.weather", "ignition.weather", "shooting_kill.weather_guns",
                  "threat_test.weather",
                  "bad_light_rules.everyone", "crossing.swamp", "missile_weapons.bow", "missile_weapons.crossbow",
                  "missile_weapons.giant_crossbow", "missile_weapons.longbow", "movement_terrain.bridge",
                  "movement_terrain.broken_ground", "movement_terrain.difficult", "movement_terrain.hill",
                  "movement_terrain.wood", "spell_cost.reduction", "visibility.line_of_sight" })
end

return M
