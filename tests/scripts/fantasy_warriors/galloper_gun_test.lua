-- HR-12 Goblin Galloper Gun (variant `galloper_gun`, house-rules booklet page ~13): its shot on
-- the ruleset's artillery_shot (STR +7, one charge, only unhitched, direct fire), hitching and
-- unhitching (procedure galloper_hitch, the rows of the Goblin list), the army's sacred item
-- guarded as the core says (option crew_guards false), the supplies, and the row the weather
-- reaches. The options' other values: galloper_gun_options_test.lua.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors", variants = { "galloper_gun" } }

local gunners = { name = "Goblin gunners", figures = 2, quality = "average", type = "disciplined", armour = "medium",
                  bad_light = "day" }
local dwarves = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy",
                  shield = true, leader = true }

local copy = t.copy_omit_false
local ids = t.modifier_ids

local function gun(input)
  return ruleset.resolve("artillery_shot", copy({ piece = "galloper_gun", crew = gunners, target = dwarves,
                                                  distance = 6, time = "night" }, input))
end

-- ---------------------------------------------------------------------------------------
-- The shot
-- ---------------------------------------------------------------------------------------

function M.test_one_shot_strength_7_three_dice_on_the_ballista_line()
  -- Ignition 3; hit dice 6 4 2 at short range (no modifier): 6 and 4 hit. Kill dice 5 1:
  -- 5 +7 -1 (shield) kills against heavy armour (4+); the natural 1 fails. Specials die 2.
  muster.dice.set_faces { 3, 6, 4, 2, 5, 1, 2 }
  local r = gun()
  t.eq({ r.mode, r.range, r.hit_dice, r.hits, r.kill_target, r.kills }, { "unhitched", "short", 3, 2, 4, 1 })
  t.eq(ids(r, "hit"), "")
  t.eq(ids(r, "kill"), "strength=7 shield=-1")
  t.eq({ r.charges, r.charges_left, r.weapon, r.line }, { 1, 0, "gun", "ballista" })
  t.eq(r.outcome, "2 hits, 1 kill, 1 figure lost")
  -- Its one charge spent, it cannot shoot again.
  t.fails(function() gun({ charges = 0 }) end,
    "input: charges: no charges left: the Goblin galloper gun cannot shoot (galloper_gun p.13)")
  -- A misfire keeps the charge for another turn.
  muster.dice.set_faces { 1 }
  r = gun()
  t.eq({ r.fired, r.charges_left }, { false, 1 })
end

function M.test_it_shoots_only_unhitched_directly_with_a_gunner()
  t.fails(function() gun({ mode = "hitched" }) end,
    "input: mode: the Goblin galloper gun is hitched to the wolf: it shoots only unhitched, and switching takes 1 turn (galloper_gun p.13)")
  t.fails(function() gun({ mode = "limbered" }) end, 'input: mode: "limbered" is not one of hitched, unhitched')
  t.fails(function() gun({ obscured_by = "units" }) end,
    "input: obscured_by: the Goblin galloper gun shoots directly: units hide the target, so it has no line of sight (galloper_gun p.13)")
  t.fails(function() gun({ crew = copy(gunners, { figures = 0 }) }) end,
    "input: crew.figures: 0 crew: the Goblin galloper gun needs at least 1 to shoot (galloper_gun p.13)")
  t.fails(function() gun({ distance = 31 }) end, "31in is beyond the Goblin galloper gun's long range of 30in")
  -- Long range and the gunners' bad light (Goblins by day) are the normal modifiers.
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6 }
  t.eq(ids(gun({ distance = 20, time = "day" }), "hit"), "long_range=-1 bad_light=-1")
end

function M.test_it_may_shoot_a_lone_character_who_then_needs_a_6_per_kill()
  local hero = { name = "Thorin", role = "hero", quality = "veteran", type = "disciplined", armour = "heavy", save = 7 }
  -- Ignition 4; hits 6 1 1; kill 6; the single-figure die 6: a real kill; his save 2D 3+3 = 6, not over 7.
  muster.dice.set_faces { 4, 6, 1, 1, 6, 6, 3, 3 }
  local r = gun({ target = { name = "Thorin", figures = 0, quality = "veteran", type = "disciplined",
                             individuals = { hero } } })
  t.eq({ r.hits, r.kills, r.single_figure_sixes, r.killed }, { 1, 1, 1, { "Thorin" } })
end

function M.test_the_row_agrees_with_the_goblin_list()
  local row = ruleset.modules.artillery.piece("galloper_gun")
  local entry = ruleset.modules.armies.load_list("goblins").entries.galloper_gun
  t.eq({ row.strength, row.weapon }, { entry.strength, entry.weapon })
  t.eq({ row.short, row.long, row.min_range, row.dice, row.charges, row.crew_min, row.trajectory, row.characters,
         row.ignition }, { 8, 30, nil, 3, 1, 1, "direct", true, true })
end

function M.test_the_weather_reaches_its_strength()
  -- HR-4 storms: "guns suffer STR -1", +7 becomes +6. Either through shooting_kill (ctx.shooter.weapon
  -- is "gun") or by patching artillery_pieces.galloper_gun.strength after this variant.
  rules("storm").add_modifier("shooting_kill", { id = "storm_guns", value = -1, reason = "storm: guns STR -1", page = 4,
    when = function(c) return c.shooter.weapon == "gun" end })
  muster.dice.set_faces { 6, 6, 1, 1, 5, 2 }
  local r = gun()
  t.eq(ids(r, "kill"), "strength=7 shield=-1 storm_guns=-1")
  rules("storm2", { "galloper_gun" }).patch_row("artillery_pieces", "galloper_gun", { strength = 6 }, 4)
  muster.dice.set_faces { 6, 6, 1, 1, 5, 2 }
  t.eq(ids(gun(), "kill"), "strength=6 shield=-1 storm_guns=-1")
end

-- ---------------------------------------------------------------------------------------
-- Hitching and unhitching (note 4): a turn, then the other row
-- ---------------------------------------------------------------------------------------

function M.test_hitching_takes_the_movement_phase_and_switches_rows()
  local r = ruleset.resolve("galloper_hitch", { mode = "unhitched" })
  t.eq({ r.mode_before, r.mode_after, r.turns, r.shoots }, { "unhitched", "hitched", 1, false })
  t.eq({ r.profile.movement, r.profile.weapon, r.profile.worth, r.profile.strength, r.profile.resilience, r.profile.type },
    { 10, "tooth_and_claw", 3, 2, -1, "tribal" })
  t.eq(r.outcome, "hitched to the wolf: from the next turn it moves like an Orc Chariot (10in) but cannot shoot")
  r = ruleset.resolve("galloper_hitch", { mode = "hitched" })
  t.eq({ r.mode_after, r.shoots, r.profile.strength, r.profile.movement, r.profile.weapon }, { "unhitched", true, 7, 0, "gun" })
  t.eq(r.outcome, "unhitched: from the next turn it can shoot (artillery_shot) but not move")
  t.eq(r.source, "galloper_gun p.13")
  t.fails(function() ruleset.resolve("galloper_hitch", { mode = "hitched", moved = true }) end,
    "input: moved: the gun moved this turn: unhitching it takes a Movement phase in which it does not move (HR-12 note 4, galloper_gun p.13)")
  t.fails(function() ruleset.resolve("galloper_hitch", {}) end, "input: mode: missing (one of hitched, unhitched)")
end

-- ---------------------------------------------------------------------------------------
-- The army's sacred item (note 1) and the supplies
-- ---------------------------------------------------------------------------------------

local army = { file = "test/gun.lua", text = table.concat({
  'army "Test" { list = "goblins", points = 1000, house_rules = { "HR-12" },',
  '  warchief "goblin_warchief" { name = "Skarsnik", leadership = 3 },',
  '  command "Gun" {',
  '    battle_leader "goblin_battle_leader" { name = "Gitz", leadership = 3 },',
  '    machine "galloper_gun" { name = "Lucky", pieces = 1, crew = 3, leader = true },',
  '  },', '}' }, "\n") }

function M.test_the_gun_is_the_armys_sacred_item_guarded_by_a_character()
  local armies = ruleset.modules.armies
  t.eq(armies.describe(army).talismans, { { type = "sacred_item", name = "Lucky" } })
  local function at_end(friendly)
    return ruleset.resolve("talisman", { talisman = { type = "sacred_item", name = "Lucky" }, event = "end_of_movement",
                                         contact = { friendly = friendly } })
  end
  -- Its gunners alone do not guard it (the core's condition, option crew_guards = false).
  local r = at_end({ { name = "Goblin gunners", role = "crew", count = 3 } })
  t.eq({ r.guardian, r.state_after, r.functioning_after }, { false, "abandoned", false })
  t.eq(r.outcome, "abandoned: no warchief, battle leader or individual in base contact; 3 friendly figure(s) in base contact: the enemy cannot defile it")
  r = at_end({ { name = "Goblin gunners", role = "crew", count = 3 }, { name = "Gitz", role = "battle_leader" } })
  t.eq({ r.guardian, r.state_after, r.functioning_after }, { "Gitz", "guarded", true })
  -- Functioning, it gives the Command Test its +1.
  t.eq(ruleset.resolve("talismans", { talismans = armies.describe(army).talismans }).functioning, 1)
end

function M.test_supplies_give_the_gun_its_one_charge()
  local r = ruleset.modules.armies.supplies(army)
  t.eq(r.charges, { { unit = "Lucky", file = "test/gun.lua", line = 5, piece = "galloper_gun", weapon = "gun", pieces = 1,
                      charges_each = 1, counters = 1, source = "galloper_gun p.13" } })
  t.eq(r.unsupplied, nil)
  t.eq(r.outcome, "0 missile units (0 volley counters), 0 wizards (0 magic power), 1 artillery unit (1 charge)")
end

return M
