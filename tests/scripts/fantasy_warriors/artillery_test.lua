-- Fantasy Warriors artillery (artillery.lua): inert in the core (no piece, no modifier), the
-- ignition test and its exact odds, and the settled readings of the lost artillery rules
-- (house-rules digest D1, D2, HR-8 item 2) on pieces a test variant adds: a parabolic piece
-- takes -2 and no long-range -1 and cannot shoot inside its short range, a direct one needs line
-- of sight, the ballista's weapon v armour line, charges and crews.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

local crew = { name = "Crew", figures = 3, quality = "average", type = "disciplined", armour = "medium" }
local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", armour = "medium" }

-- "id=value" of the modifiers of one throw, in order.
local ids = t.modifier_ids
local copy = t.copy_omit_false

-- A cannon lobbing its shot (D2's "parabolic trajectory") and a culverin shooting straight.
local function add_pieces()
  local r = rules("guns")
  r.set_row("artillery_pieces", "bombard", { name = "Bombard", weapon = "artillery", short = 10, long = 40, dice = 4,
    strength = 5, charges = 6, crew_min = 3, trajectory = "parabolic", characters = true, ignition = true }, 2)
  r.set_row("artillery_pieces", "culverin", { name = "Culverin", weapon = "gun", short = 8, long = 36, dice = 2,
    strength = 4, charges = 6, crew_min = 2, trajectory = "direct", characters = true, ignition = false }, 2)
end

local function shot(input)
  return ruleset.resolve("artillery_shot", copy({ crew = crew, target = orcs }, input))
end

function M.test_the_core_knows_no_piece_and_changes_nothing()
  t.eq(ruleset.modules.artillery.data.pieces.rows, {})
  t.fails(function() shot({ piece = "mortar", distance = 20 }) end,
    'input: piece: "mortar" is not an artillery piece the rules know (the core has none: a house-rule variant adds them, e.g. --variant mortars)')
  t.fails(function() shot({ distance = 20 }) end, "input: piece: missing")
  -- The settled lines: "Art" and "gun" read the ballista's row of the weapon v armour table.
  t.eq(ruleset.modules.artillery.data.rules.rows.lines, { artillery = "ballista", gun = "ballista" })
end

function M.test_ignition_fires_on_2_or_more_and_a_variant_adds_to_it()
  muster.dice.set_faces { 1 }
  local r = ruleset.resolve("ignition", {})
  t.eq({ r.ignition.die, r.ignition.score, r.ignition.fired }, { 1, 1, false })
  t.eq(r.outcome, "misfire: 1+0 = 1, 2 needed")
  local odds = muster.dice.roll_exact(function() return ruleset.resolve("ignition", {}).ignition.fired end)
  t.near(odds[2].p, 5 / 6, 1e-12)
  -- A storm's -2 (HR-4): fires on 4+.
  rules("storm").add_modifier("ignition", { id = "storm", value = -2, reason = "storm", page = 4 })
  odds = muster.dice.roll_exact(function() return ruleset.resolve("ignition", {}).ignition.fired end)
  t.eq(odds[2].outcome, true)
  t.near(odds[2].p, 3 / 6, 1e-12)
  muster.dice.set_faces { 5 }
  r = ruleset.resolve("ignition", {})
  t.eq(r.outcome, "fires: 5-2 = 3, 2 needed")
  t.eq(ids(r, "ignition"), "storm=-2")
end

function M.test_a_misfire_shoots_nothing_and_keeps_the_charge()
  add_pieces()
  muster.dice.set_faces { 1 }
  local r = shot({ piece = "bombard", distance = 20 })
  t.eq({ r.fired, r.charges, r.charges_left, r.hits }, { false, 6, 6, nil })
  t.eq(r.outcome, "misfire: ignition 1+0 = 1, 2 needed; no shot, 6 charges left")
  -- A club whose misfires burn the charge sets the row.
  rules("burnt").patch_row("artillery_rules", "ignition", { spends_charge = true })
  muster.dice.set_faces { 1 }
  t.eq(shot({ piece = "bombard", distance = 20, charges = 2 }).charges_left, 1)
  -- A piece without the test (row ignition = false) throws no ignition die.
  muster.dice.set_faces { 6, 6, 6, 1 }
  r = shot({ piece = "culverin", distance = 5 })
  t.eq({ r.ignition, r.fired, r.hits, r.charges_left }, { nil, true, 2, 5 })
end

function M.test_parabolic_shooting_minus_2_no_long_range_minus_1_and_short_range_minimum()
  add_pieces()
  -- HR-8 item 2: only -2, the long-range -1 cancelled; nothing closer than short range.
  -- Ignition 4; hit dice 6 6 5 3 (the 6s hit, 5-2 = 3 misses); kill dice 6 2 (+5: both kill).
  muster.dice.set_faces { 4, 6, 6, 5, 3, 6, 2 }
  local r = shot({ piece = "bombard", distance = 30, obscured_by = "terrain" })
  t.eq(r.range, "long")
  t.eq(ids(r, "hit"), "long_range=-1 parabolic=-2 parabolic_long_range=1")
  t.eq({ r.hit_modifier, r.hits, r.kills }, { -2, 2, 2 })
  t.eq(r.min_range, 10)
  -- The cancel is whatever shooting_hit's long_range applied: a club's -2 is cancelled by +2.
  rules("far").patch_modifier("shooting_hit", "long_range", { value = -2 })
  muster.dice.set_faces { 4, 6, 6, 5, 3, 6, 2 }
  r = shot({ piece = "bombard", distance = 30, obscured_by = "terrain" })
  t.eq(ids(r, "hit"), "long_range=-2 parabolic=-2 parabolic_long_range=2")
  t.fails(function() shot({ piece = "bombard", distance = 9.5 }) end,
    "input: distance: 9.5in is closer than the Bombard's minimum range of 10in: it cannot shoot (guns p.2)")
  t.fails(function() shot({ piece = "bombard", distance = 41 }) end,
    "input: distance: 41in is beyond the Bombard's long range of 40in: it cannot shoot (guns p.2)")
end

function M.test_a_direct_piece_needs_line_of_sight_and_kills_on_the_ballista_line()
  add_pieces()
  t.fails(function() shot({ piece = "culverin", distance = 5, obscured_by = "units" }) end,
    "input: obscured_by: the Culverin shoots directly: units hide the target, so it has no line of sight (guns p.2)")
  t.fails(function() shot({ piece = "culverin", distance = 5, obscured_by = "terrain" }) end,
    "no line of sight (guns p.2)")
  -- Two hits at short range; strength +4 against medium armour (ballista: 3+), in soft cover.
  muster.dice.set_faces { 6, 6, 2, 1 }
  local r = shot({ piece = "culverin", distance = 8, cover = "soft" })
  t.eq({ r.range, r.hits, r.kill_target, r.kill_table_source }, { "short", 2, 3, "fantasy_warriors p.23" })
  t.eq(ids(r, "kill"), "strength=4 soft_cover=-1")
  t.eq(r.kills, 1)  -- 2+3 = 5 kills, the natural 1 fails
  -- The core cover rules hold for a direct piece: hard cover and cover it is behind count.
  muster.dice.set_faces { 6, 6, 2, 2 }
  r = shot({ piece = "culverin", distance = 8, cover = "hard", cover_position = "behind" })
  t.eq({ r.cover, r.cover_reason }, { "hard", nil })
end

function M.test_crew_charges_and_mode_refusals()
  add_pieces()
  t.fails(function() shot({ piece = "bombard", distance = 20, crew = copy(crew, { figures = 2 }) }) end,
    "input: crew.figures: 2 crew: the Bombard needs at least 3 to shoot (guns p.2)")
  t.fails(function() shot({ piece = "bombard", distance = 20, charges = 0 }) end,
    "input: charges: no charges left: the Bombard cannot shoot (guns p.2)")
  t.fails(function() shot({ piece = "bombard", distance = 20, mode = "hitched" }) end,
    "input: mode: the Bombard has no modes to switch between (guns p.2)")
  t.fails(function() shot({ piece = "bombard", crew = false, distance = 20 }) end, "input: crew: missing")
end

return M
