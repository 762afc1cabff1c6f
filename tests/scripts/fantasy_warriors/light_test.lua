-- Fantasy Warriors time and light (pages 14, 16, 43-44): the hourglass forwards, backwards
-- and round the dial both ways, a Hasten through two changes of light, the book's time example
-- (a battle starting on day 6 plays turn 2 in night 1), who enters and leaves bad light,
-- every row of the bad-light effects read from its list (and a variant's patch seen), Boast 3,
-- the Banish Magic countdown, and the Goblins' night type in real Threat, Casualty, Combat and
-- Battle Leader's Tests.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

local function dial(input) return ruleset.resolve("time_dial", input) end
local function bad_light(input) return ruleset.resolve("bad_light", input) end

local function changes(r)
  local out = {}
  for _, c in ipairs(r.changes) do out[#out + 1] = c.change .. "@" .. c.from .. ">" .. c.to .. "/" .. c.by end
  return table.concat(out, " ")
end

local function ids(list)
  local out = {}
  for _, e in ipairs(list) do out[#out + 1] = e.id .. "=" .. tostring(e.value) end
  return table.concat(out, " ")
end

local ids_of = t.modifier_ids

-- Goblins: poor, tribal by day and fanatic at night, daylight their bad light (p.14, p.9).
local function goblins(extra)
  local u = { name = "Goblin infantry", figures = 10, quality = "poor", type = "tribal", night_type = "fanatic",
              bad_light = "day", leader = true, standard = true, orders = "hold" }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end
local function without(u, field) u[field] = nil return u end
local men = { name = "Men-at-arms", figures = 10, quality = "average", type = "disciplined", bad_light = "night" }
local dwarves = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined", bad_light = "none" }

-- ---------------------------------------------------------------------------------------
-- The dial
-- ---------------------------------------------------------------------------------------

-- Part 1 §23 item 3 (page 14): the Barbarians outscouted, re-rolled night (5) into day (2),
-- the Orcs threw the step: 6. Turn 1 is played on day 6; its end-of-turn step brings night 1,
-- so turn 2 is played in the night: the sunset came after one turn.
function M.test_book_time_example_day_6_then_night_1()
  muster.choice.set_controller("Barbarians", "script", { "reroll" })
  muster.dice.set_faces { 5, 2, 6 }
  local start = ruleset.resolve("time", { scouting = "outscout", winner = "Barbarians",
    sides = { { name = "Barbarians" }, { name = "Orcs" } } })
  t.eq(start.outcome, "day 6")
  local r = dial { time = start.outcome }
  t.eq(r.from, "day 6")
  t.eq(r.from_index, 6)
  t.eq(r.light_before, "day")
  t.eq(r.to, "night 1")
  t.eq(r.to_index, 7)
  t.eq(r.light_after, "night")
  t.eq(r.light_changed, true)
  t.eq(changes(r), "sunset@day 6>night 1/end_of_turn")
  t.eq(r.steps_to_light_change, 6)
  t.eq(r.moves[1].source, "fantasy_warriors p.14")
  t.eq(r.outcome, "day 6 -> night 1: sunset")
  t.eq(#r.dice, 0)
end

function M.test_forwards_within_a_half_and_the_index_as_input()
  local r = dial { time = "day 2" }
  t.eq(r.to, "day 3")
  t.eq(r.light_changed, false)
  t.eq(#r.changes, 0)
  t.eq(r.steps_to_light_change, 4)
  t.eq(r.outcome, "day 2 -> day 3")
  r = dial { time = 9 }
  t.eq(r.from, "night 3")
  t.eq(r.to, "night 4")
end

function M.test_backwards_hasten_without_the_end_of_turn_step()
  local r = dial { time = "night 5", hasten = -3, end_of_turn = false }
  t.eq(r.to, "night 2")
  t.eq(#r.moves, 1)
  t.eq(r.moves[1].by, "hasten")
  t.eq(r.moves[1].steps, -3)
  t.eq(r.moves[1].source, "fantasy_warriors p.43")
  t.eq(r.light_changed, false)
end

-- The dial is cyclic: night 6 -> day 1 forwards (sunrise), day 1 -> night 6 backwards. Going
-- backwards from day into night is still a change from day to night: a sunset.
function M.test_wrap_around_both_ways()
  local r = dial { time = "night 6" }
  t.eq(r.to, "day 1")
  t.eq(changes(r), "sunrise@night 6>day 1/end_of_turn")
  t.eq(r.outcome, "night 6 -> day 1: sunrise")
  r = dial { time = "day 1", hasten = -1, end_of_turn = false }
  t.eq(r.to, "night 6")
  t.eq(r.to_index, 12)
  t.eq(changes(r), "sunset@day 1>night 6/hasten")
  t.eq(r.steps_to_light_change, 1)
end

-- A big Hasten passes two changes of light; the end-of-turn step continues after it (p.43).
function M.test_hasten_through_two_changes_then_the_end_of_turn_step()
  local r = dial { time = "day 5", hasten = 8 }
  t.eq(changes(r), "sunset@day 6>night 1/hasten sunrise@night 6>day 1/hasten")
  t.eq(r.moves[1].to, "day 1")
  t.eq(r.moves[2].from, "day 1")
  t.eq(r.to, "day 2")
  t.eq(r.light_before, "day")
  t.eq(r.light_after, "day")
  t.eq(r.light_changed, true)
  t.eq(r.outcome, "day 5 -> day 2: sunset, sunrise")
  -- A Hasten to day 6, then the end of the turn brings the sunset.
  r = dial { time = "day 4", hasten = 2 }
  t.eq(changes(r), "sunset@day 6>night 1/end_of_turn")
end

function M.test_no_move_reports_where_the_hourglass_stands()
  local r = dial { time = "night 2", end_of_turn = false }
  t.eq(r.to, "night 2")
  t.eq(#r.moves, 0)
  t.eq(r.outcome, "night 2: the hourglass stays")
end

function M.test_input_errors()
  t.fails(function() dial {} end, "input: time: missing")
  t.fails(function() dial { time = "day" } end, "input: time: \"day\" is a half, not a step")
  t.fails(function() dial { time = "day 7" } end, "input: time: \"day 7\" is not a step of the time dial")
  t.fails(function() dial { time = 13 } end, "input: time: 13 is not a step of the time dial (\"day 1\"..\"night 6\", or 1..12)")
  t.fails(function() dial { time = 2.5 } end, "input: time: 2.5 is not a step of the time dial")
  t.fails(function() dial { time = "day 1", hasten = 0 } end, "input: hasten: a Hasten moves the hourglass at least one step")
  t.fails(function() dial { time = "day 1", banish_steps_left = 7 } end, "input: banish_steps_left: 7 is out of range 1..6")
  t.fails(function() dial { time = "day 1", boast = { proclaimed = "noon" } } end, "input: boast.proclaimed: \"noon\" is not one of sunset, sunrise")
  t.fails(function() dial { time = "day 1", units = { "goblins/goblin_ninja" } } end,
    "input: units[1]: the list \"goblins\" has no entry \"goblin_ninja\"")
  t.fails(function() dial { time = "day 1", units = { "gnomes/gnome" } } end, "input: units[1]: \"gnomes\" is not an army list")
  t.fails(function() dial { time = "day 1", units = { goblins { night_type = "sneaky" } } } end,
    "input: units[1].night_type: \"sneaky\" is not one of disciplined, tribal, fanatic, stupid")
end

-- ---------------------------------------------------------------------------------------
-- Who enters or leaves bad light; the type of the light
-- ---------------------------------------------------------------------------------------

-- A variant with a longer dial (8 steps a half): the dial and every time input follow it.
function M.test_a_longer_dial_from_a_variant()
  rules("long_days").set_row("time_dial", "steps", { per_half = 8 }, 1)
  local r = ruleset.resolve("time_dial", { time = "day 8" })
  t.eq({ r.to, r.to_index, r.light_after }, { "night 1", 9, "night" })
  t.eq(ruleset.resolve("time_dial", { time = 16 }).to, "day 1")
  local unit = { name = "Orcs", figures = 10, quality = "average", type = "tribal", bad_light = "night" }
  muster.dice.set_faces { 4 }
  local ids = {}
  for _, m in ipairs(ruleset.resolve("threat_test", { unit = unit, time = 10, threatener = unit }).modifiers) do
    ids[#ids + 1] = m.id
  end
  t.eq(ids, { "enemy_worth", "bad_light" }, "index 10 is night 2 on a 16-step dial")
  muster.dice.set_faces { 4 }
  t.eq(#ruleset.resolve("threat_test", { unit = unit, time = 8, threatener = unit }).modifiers, 1, "index 8 is day 8")
  t.fails(function() ruleset.resolve("threat_test", { unit = unit, time = "day 9", threatener = unit }) end,
    "input: time: \"day 9\" is not a time (day, night, a dial step such as \"night 2\", or 1..16)")
end

function M.test_units_entering_and_leaving_bad_light_at_sunset()
  local r = dial { time = "day 6", units = { goblins(), men, dwarves,
    { name = "Sir Hugh", role = "battle_leader", quality = "average", type = "disciplined", bad_light = "night", leadership = 3 },
    { name = "Merlin", role = "wizard", quality = "average", type = "disciplined", bad_light = "night" } } }
  local g, m, d, bl, w = r.units[1], r.units[2], r.units[3], r.units[4], r.units[5]
  t.eq({ g.before, g.after, g.change }, { true, false, "leaves bad light" })
  t.eq({ g.type_before, g.type_after, g.type_change }, { "tribal", "fanatic", "tribal -> fanatic" })
  t.eq(#g.effects, 0)
  t.eq({ m.before, m.after, m.change }, { false, true, "enters bad light" })
  t.eq(m.type_change, nil)
  t.eq(ids(m.effects), "threat_test=-1 shooting_hit=-1 casualty_test=-1 combat_test=-1")
  t.eq(m.effects[1].source, "fantasy_warriors p.20")
  t.eq({ d.before, d.after, d.change, #d.effects }, { false, false, nil, 0 })
  t.eq(ids(bl.effects), "initiative=-1 battle_leaders_test=-1 command_test=-1")
  t.eq(ids(w.effects), "resting_wizard=-1")
  t.eq(w.effects[1].effect, "regains 1 magic point instead of 2")
end

-- Army-list entries name the race's bad light and night type: the lists are the one source.
function M.test_army_list_entries_at_sunrise()
  local r = dial { time = "night 6", units = { "goblins/goblin_infantry", "goblins/goblin_battle_leader", "men/men_spearmen" } }
  local g, bl = r.units[1], r.units[2]
  t.eq(g.list, "goblins")
  t.eq(g.entry, "goblin_infantry")
  t.eq({ g.bad_light, g.change, g.type_change }, { "day", "enters bad light", "fanatic -> tribal" })
  t.eq(ids(bl.effects), "initiative=-1 battle_leaders_test=-1 command_test=-1")
  t.eq(r.units[3].change, "leaves bad light")
end

-- ---------------------------------------------------------------------------------------
-- Boast 3 and the Banish Magic countdown
-- ---------------------------------------------------------------------------------------

function M.test_boast_3_holds_breaks_or_waits()
  -- The sunset comes and the enemy is gone: the boast held.
  local r = dial { time = "day 6", boast = { proclaimed = "sunset", total_victory = true } }
  t.eq({ r.boast.settled, r.boast.holds, r.boast.verdict, r.boast.at }, { true, true, "holds", "night 1" })
  t.eq(r.boast.source, "fantasy_warriors p.16")
  -- The sunset comes with the enemy still on the field: broken.
  r = dial { time = "day 6", boast = { proclaimed = "sunset" } }
  t.eq({ r.boast.settled, r.boast.holds, r.boast.verdict }, { true, false, "broken" })
  t.eq(r.boast.reason, "the light changed before total victory", "prebattle.boast judges it")
  -- A Hasten brings the sunrise early: broken at once.
  r = dial { time = "night 2", hasten = 5, end_of_turn = false, boast = { proclaimed = "sunrise" } }
  t.eq({ r.boast.verdict, r.boast.at }, { "broken", "day 1" })
  -- Not yet: the boast holds until the sunset.
  r = dial { time = "day 3", boast = { proclaimed = "sunset" } }
  t.eq({ r.boast.settled, r.boast.holds, r.boast.verdict }, { false, true, "pending" })
  t.eq(r.steps_to_light_change, 3)
  -- Broken earlier: stays broken (permanent).
  r = dial { time = "day 3", boast = { proclaimed = "sunset", broken = true } }
  t.eq({ r.boast.holds, r.boast.verdict }, { false, "broken" })
  -- By night a sunset boast has already been settled.
  t.fails(function() dial { time = "night 3", boast = { proclaimed = "sunset" } } end,
    "input: boast.proclaimed: a sunset boast waits by day")
end

-- Banish Magic (p.44): six steps of time, counted as end-of-turn moves (digest part 2 §37
-- item 21); a Hasten's steps do not count.
function M.test_banish_magic_countdown()
  local r = dial { time = "day 2", banish_steps_left = 1 }
  t.eq(r.banish.steps_left_before, 1)
  t.eq(r.banish.steps_counted, 1)
  t.eq(r.banish.steps_left, 0)
  t.eq(r.banish.magic_banished, false)
  t.eq(r.banish.source, "fantasy_warriors p.44")
  r = dial { time = "day 2", banish_steps_left = 6 }
  t.eq({ r.banish.steps_left, r.banish.magic_banished }, { 5, true })
  r = dial { time = "day 2", hasten = 3, end_of_turn = false, banish_steps_left = 2 }
  t.eq({ r.banish.steps_counted, r.banish.steps_left, r.banish.magic_banished }, { 0, 2, true })
end

-- ---------------------------------------------------------------------------------------
-- The bad-light report
-- ---------------------------------------------------------------------------------------

function M.test_every_bad_light_effect_row_with_its_page()
  local r = bad_light { time = "day", units = { men } }
  t.eq(ids(r.effects), "threat_test=-1 shooting_hit=-1 casualty_test=-1 combat_test=-1 initiative=-1 "
    .. "resting_wizard=-1 battle_leaders_test=-1 command_test=-1")
  local pages = {}
  for _, e in ipairs(r.effects) do pages[#pages + 1] = e.source end
  t.eq(pages, { "fantasy_warriors p.20", "fantasy_warriors p.22", "fantasy_warriors p.25", "fantasy_warriors p.34",
    "fantasy_warriors p.26", "fantasy_warriors p.29", "fantasy_warriors p.37", "fantasy_warriors p.39" })
  t.eq(r.effects[5].where, "Initiative Test, the warchief's or battle leader's die")
  t.eq(r.enduring, {})
  t.eq(r.subjects[1].enduring, false)
  t.eq(r.outcome, "0 of 1 endure bad light by day")
end

-- A variant that changes an entry changes the report: the values are read where they live.
function M.test_a_variant_patch_changes_the_report()
  rules("grim_variant").replace_modifier("threat_test", "bad_light", { id = "bad_light", value = -2, reason = "darker still", when = function(c) return false end })
  rules("grim_variant").remove_modifier("combat_test", "bad_light")
  rules("grim_variant").replace_modifier("shooting_hit", "bad_light", { id = "bad_light", reason = "worse at long range", value = function(c) return c.range == "long" and -2 or -1 end })
  rules("grim_variant").set_row("regain_power", "rest", { max_power = 6, safe = 3, safe_bad_light = 2, gamble_factor = 2, gamble_loss = 1 }, 1)
  rules("grim_variant").replace_modifier("initiative", "bad_light", { id = "bad_light", value = -2, reason = "the leader is enduring bad light",
    when = function(c) return c.bad_light end })
  local r = bad_light { time = "night", units = { men,
    { name = "Merlin", role = "wizard", quality = "average", type = "disciplined", bad_light = "night" } } }
  t.eq(ids(r.effects), "threat_test=-2 shooting_hit=nil casualty_test=-1 combat_test=0 initiative=-2 "
    .. "resting_wizard=-1 battle_leaders_test=-1 command_test=-1")
  t.eq(r.effects[1].source, "grim_variant")
  t.eq(r.effects[2].effect, "varies (worse at long range)")
  t.eq(r.effects[4].effect, "none")
  t.eq(r.effects[6].effect, "regains 2 magic points instead of 3")
  t.eq(r.effects[6].source, "grim_variant p.1")
  t.eq(ids(r.subjects[1].effects), "threat_test=-2 shooting_hit=nil casualty_test=-1")
  t.eq(r.enduring, { "Men-at-arms", "Merlin" })
end

-- Bad light by race comes from the army lists.
function M.test_races_from_the_army_lists()
  local r = bad_light { time = "night 2", lists = { "men", "dwarves", "goblins" } }
  t.eq(r.light, "night")
  t.eq({ r.races[1].list, r.races[1].bad_light }, { "men", { "night" } })
  t.eq(r.races[2].bad_light, { "none" })
  t.eq(r.races[3].bad_light, { "day", "none" })
  local goblin
  for _, s in ipairs(r.subjects) do
    if s.entry == "goblin_infantry" then goblin = s end
  end
  t.eq({ goblin.enduring, goblin.type, goblin.type_by_light }, { false, "fanatic", "tribal -> fanatic" })
  t.eq(#r.enduring > 0, true)
  for _, name in ipairs(r.enduring) do t.eq(name:find("Goblin") == nil, true, name) end
  t.fails(function() bad_light { time = "day" } end, "input: units: nobody to report")
  t.fails(function() bad_light { units = { men } } end, "input: time: missing")
end

-- ---------------------------------------------------------------------------------------
-- The Goblins' type at night in the tests that read the type
-- ---------------------------------------------------------------------------------------

-- Goblins (poor -1, leader +1) threatened by a smaller unit, die 6: 6. At night they are
-- fanatic (bloodlust from 6); without a night type they stay tribal (OK below 7). By day they
-- are tribal and endure bad light: 5, OK.
function M.test_goblins_threat_test_by_light()
  local small = { name = "Scouts", figures = 5, quality = "average", type = "disciplined" }
  muster.dice.set_faces { 6 }
  local r = ruleset.resolve("threat_test", { unit = goblins { standard = false }, threatener = small, time = "night 1" })
  t.eq(r.score, 6)
  t.eq(r.reaction, "bloodlust")
  t.eq(r.type_by_light, "tribal -> fanatic")
  muster.dice.set_faces { 6 }
  r = ruleset.resolve("threat_test", { unit = without(goblins { standard = false }, "night_type"), threatener = small, time = "night" })
  t.eq(r.reaction, "ok")
  t.eq(r.type_by_light, nil)
  muster.dice.set_faces { 6 }
  r = ruleset.resolve("threat_test", { unit = goblins { standard = false }, threatener = small, time = "day" })
  t.eq(ids_of(r), "quality=-1 bad_light=-1 leader=1")
  t.eq(r.reaction, "ok")
  t.eq(r.type_by_light, nil)
end

-- Casualty Test: 3 of 10 lost to arrows (losses -1), poor -1, leader +1, standard +1; die 6: 6.
function M.test_goblins_casualty_test_by_light()
  muster.dice.set_faces { 6 }
  local r = ruleset.resolve("casualty_test", { unit = goblins(), losses = 3, time = "night" })
  t.eq(r.score, 6)
  t.eq(r.reaction, "bloodlust")
  t.eq(r.type_by_light, "tribal -> fanatic")
  muster.dice.set_faces { 6 }
  r = ruleset.resolve("casualty_test", { unit = without(goblins(), "night_type"), losses = 3, time = "night" })
  t.eq(r.reaction, "ok")
end

-- Combat Test: 3 of 10 lost (over 25% -1), the enemy lost more (killed more +1), HOLD +1,
-- poor -1, leader +1, standard +1; die 4: 6.
function M.test_goblins_combat_test_by_light()
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("combat_test", { unit = goblins(), losses = 3, enemy_losses = 5, time = 8 })
  t.eq(ids_of(r), "quality=-1 over_quarter=-1 hold=1 killed_more=1 leader=1 standard=1")
  t.eq(r.score, 6)
  t.eq(r.reaction, "bloodlust")
  t.eq(r.type_by_light, "tribal -> fanatic")
  muster.dice.set_faces { 4 }
  r = ruleset.resolve("combat_test", { unit = goblins(), losses = 3, enemy_losses = 5, time = "day 3" })
  t.eq(r.score, 5)
  t.eq(r.reaction, "ok")
  t.eq(r.type_by_light, nil)
end

-- The Battle Leader's Test with the Goblin list's own battle leader (tribal, night type
-- fanatic, leadership given): sent ATTACK at night he gets the fanatic +1; by day he does not.
function M.test_goblin_battle_leader_by_light()
  local e = ruleset.modules.armies.load_list("goblins").entries.goblin_battle_leader
  local leader = { name = e.name, role = e.role, quality = e.quality, type = e.type, night_type = e.night_type,
                   bad_light = e.bad_light, leadership = 3 }
  muster.dice.set_faces { 3 }
  local r = ruleset.resolve("battle_leaders_test", { leader = leader, order = "attack", carrier = "courier", time = "night",
    units = { { name = "Goblin spears", distance = 5 } } })
  t.eq(r.type_by_light, "tribal -> fanatic")
  t.eq(r.score, 8)  -- 3 + 3 + 1 fanatic + 1 courier
  muster.dice.set_faces { 3 }
  r = ruleset.resolve("battle_leaders_test", { leader = leader, order = "attack", carrier = "courier", time = "day",
    units = { { name = "Goblin spears", distance = 5 } } })
  t.eq(r.type_by_light, nil)
  t.eq(r.score, 6)  -- 3 + 3 + 1 courier - 1 bad light
end

-- A threat exchange reads the threatener's type of the light: a disciplined unit that turns
-- tribal at night may threaten then, not by day.
function M.test_threat_exchange_uses_the_type_of_the_light()
  local raiders = { name = "Raiders", figures = 10, quality = "average", type = "disciplined", night_type = "tribal" }
  t.fails(function() ruleset.resolve("threat", { threatener = raiders, target = dwarves, time = "day" }) end,
    "only tribal or fanatic units initiate threat (this unit is disciplined)")
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("threat", { threatener = raiders, target = dwarves, time = "night" })
  t.eq(r.test.unit, "Dwarf infantry")
end

-- A combat round at night hands the combat lists the type of the light: a variant's war cry
-- for fanatics sounds for Goblins at night, not by day.
function M.test_combat_round_uses_the_type_of_the_light()
  rules("cries").add_modifier("combat_hit", { id = "war_cry", value = 1, reason = "war cry",
    when = function(c) return c.unit.type == "fanatic" end })
  local gob = { name = "Goblin", figures = 1, quality = "average", type = "tribal", night_type = "fanatic" }
  local foe = { name = "B", figures = 2, quality = "average", type = "tribal", shield = true }
  local function hit_ids(time)
    muster.dice.set_faces { 3, 2 }
    local r = ruleset.resolve("combat", { attacker = { unit = gob }, defender = { unit = foe, in_contact = 0 }, time = time })
    return ids(r.units[1].attacks[1].hit_modifiers), r
  end
  local night, r = hit_ids("night")
  t.eq(night, "war_cry=1")
  t.eq({ r.units[1].name, r.units[1].takes_combat_test }, { "Goblin", false })
  t.eq(r.units[1].combat_test.unit.night_type, "fanatic")  -- the follow-up test gets the unit as given
  t.eq(hit_ids("day"), "")
end

-- The unit helpers: a mount with a type of its own keeps it at night; extra profiles and
-- individuals turn too; by day the unit is the same table.
function M.test_at_time_turns_profiles_and_individuals_not_an_own_typed_mount()
  local units = ruleset.modules.units
  local u = units.check_unit({ name = "Wolf riders", figures = 5, quality = "poor", type = "tribal", night_type = "fanatic",
    mounted = true, bottom_profile = { type = "stupid", quality = "average" },
    profiles = { { name = "Gob", figures = 2, quality = "poor", type = "tribal", night_type = "fanatic" } },
    individuals = { { name = "Boss", role = "hero", quality = "average", type = "tribal", night_type = "fanatic", worth = 5 } } }, "u")
  t.eq(u.bottom_profile.night_type, nil)
  local n = units.at_time(u, "night")
  t.eq({ n.type, n.profiles[1].type, n.individuals[1].type, n.bottom_profile.type }, { "fanatic", "fanatic", "fanatic", "stupid" })
  t.eq(n.type_by_light, "tribal -> fanatic")
  t.eq(u.type, "tribal")
  t.eq(units.at_time(u, "day") == u, true)
  t.eq(units.type_at(u, "night"), "fanatic")
  t.eq(units.type_at(u, nil), "tribal")
end

-- The Goblin list gives every Goblin its night type; an army list with a bad one is refused.
function M.test_goblin_list_night_types()
  local list = ruleset.modules.armies.load_list("goblins")
  t.eq(#list.errors, 0)
  t.eq(list.entries.goblin_infantry.night_type, "fanatic")
  t.eq(list.entries.goblin_wizard.night_type, "fanatic")
  t.eq(list.entries.hobgoblin_infantry.night_type, nil)
  t.eq(list.entries.goblin_war_giant.night_type, nil)
end

return M
