-- HR-6 Mortars (variant `mortars`, house-rules booklet page 6) on the ruleset's artillery_shot:
-- the house rules' worked check 5, every modifier and target rule (minimum range, characters,
-- units never block, obscured targets and known points, long range, cover), every refusal,
-- the exact odds of the hit throw, the profile against the Dwarf list, and the supplies.
-- The options' other values: mortars_options_test.lua.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors", variants = { "mortars" } }

-- An average crew keeps the crew's quality out of the modifiers; the list's crew is veteran.
local crew = { name = "Dwarf gun crew", figures = 2, quality = "average", type = "disciplined", armour = "medium" }
local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", strength = 1,
               armour = "medium", shield = true, leader = true }
local known = { scouting = "won", on_feature = true }

local copy = t.copy_omit_false  -- false: leave the field out
-- "id=value" of the modifiers of one throw, in order.
local ids = t.modifier_ids

-- A mortar shot at the Orcs, 20in away, hidden by terrain at a known point; `input` changes it.
local function mortar(input)
  return ruleset.resolve("artillery_shot", copy({ piece = "mortar", crew = crew, target = orcs, distance = 20,
                                                  obscured_by = "terrain", known_point = known }, input))
end

-- The hit modifiers of a shot whose dice all hit (ignition 6, then 6s).
local function hit_ids(input)
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  return ids(mortar(input), "hit")
end

-- ---------------------------------------------------------------------------------------
-- Worked check 5 (house-rules digest): 20in, unseen behind a hill, outscouted, beside a bridge
-- ---------------------------------------------------------------------------------------

function M.test_worked_check_5_known_point_long_range_no_cover_and_not_at_10in()
  -- Ignition 4 fires; hit dice 6 5 4 3 3 2 1 1 at -1 (long range only: the known point saves
  -- the obscured -1): the 6, and the 5 reading 4, hit. Kill dice 6 5 at +3 STR -1 shield
  -- against medium armour (ballista line, 3+): both kill. Specials die 4: the leader lives.
  muster.dice.set_faces { 4, 6, 5, 4, 3, 3, 2, 1, 1, 6, 5, 4 }
  local r = mortar()
  t.eq({ r.fired, r.range, r.obscured_by, r.cover }, { true, "long", "terrain", "none" })
  t.eq(ids(r, "hit"), "long_range=-1")
  t.eq({ r.hit_dice, r.hit_modifier, r.hits }, { 8, -1, 2 })
  t.eq(ids(r, "kill"), "strength=3 shield=-1")
  t.eq({ r.kill_target, r.kills, r.losses, r.killed }, { 3, 2, 2, {} })
  t.eq({ r.charges, r.charges_left }, { 6, 5 })
  t.eq(r.outcome, "2 hits, 2 kills, 2 figures lost")
  -- The same shot at 10in is not allowed: nothing closer than short range.
  t.fails(function() mortar({ distance = 10 }) end,
    "input: distance: 10in is closer than the Mortar's minimum range of 12in: it cannot shoot (mortars p.6)")
end

-- ---------------------------------------------------------------------------------------
-- Targets (HR-6.2) and hit modifiers (HR-6.3)
-- ---------------------------------------------------------------------------------------

function M.test_an_obscured_target_takes_minus_1_unless_at_a_known_point()
  t.eq(hit_ids({ known_point = false }), "long_range=-1 mortar_obscured=-1")
  -- Each fact of a known point missing: no known point.
  t.eq(hit_ids({ known_point = { scouting = "draw", on_feature = true } }), "long_range=-1 mortar_obscured=-1")
  t.eq(hit_ids({ known_point = { scouting = "lost", on_feature = true } }), "long_range=-1 mortar_obscured=-1")
  t.eq(hit_ids({ known_point = { scouting = "won", on_feature = false } }), "long_range=-1 mortar_obscured=-1")
  t.eq(hit_ids({ known_point = { scouting = "won", on_feature = true, in_soft_cover = true } }),
    "long_range=-1 mortar_obscured=-1")
  -- Units in the way never block the mortar, and cost nothing; a seen target neither.
  t.eq(hit_ids({ obscured_by = "units", known_point = false }), "long_range=-1")
  t.eq(hit_ids({ obscured_by = "none", known_point = false }), "long_range=-1")
  t.fails(function() mortar({ known_point = { scouting = "won", on_feture = true } }) end,
    "input: known_point.on_feture: unknown field")
end

function M.test_long_range_every_legal_shot_beyond_12in_and_exactly_12in_is_short()
  t.eq(hit_ids({ distance = 12.5 }), "long_range=-1")
  t.eq(hit_ids({ distance = 30 }), "long_range=-1")
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  local r = mortar({ distance = 12 })
  t.eq({ r.range, r.min_range, r.short_range, r.long_range }, { "short", 12, 12, 30 })
  t.eq(ids(r, "hit"), "")
  t.fails(function() mortar({ distance = 11.9 }) end, "11.9in is closer than the Mortar's minimum range of 12in")
  t.fails(function() mortar({ distance = 30.5 }) end,
    "input: distance: 30.5in is beyond the Mortar's long range of 30in: it cannot shoot (mortars p.6)")
end

function M.test_the_crews_normal_modifiers_apply()
  local vet = copy(crew, { quality = "veteran" })
  t.eq(hit_ids({ crew = vet }), "long_range=-1 veteran=1")
  t.eq(hit_ids({ crew = copy(crew, { bad_light = "night" }), time = "night 2", known_point = false }),
    "long_range=-1 bad_light=-1 mortar_obscured=-1")
  t.eq(hit_ids({ crew = copy(crew, { disorganised = true, reaction = "shaken" }) }),
    "long_range=-1 disorganised=-1 bloodlust_or_shaken=-1")
end

function M.test_characters_and_groups_of_characters_may_not_be_targeted()
  local hero = { name = "Azog", role = "hero", quality = "elite", type = "tribal", save = 8 }
  local lone = { name = "Azog", figures = 0, quality = "elite", type = "tribal", individuals = { hero } }
  t.fails(function() mortar({ target = lone }) end,
    "input: target: the Mortar may not target characters or groups of characters (mortars p.6)")
  local group = { name = "Heroes", figures = 0, quality = "elite", type = "tribal", individuals = { hero, copy(hero, { name = "Bolg" }) } }
  t.fails(function() mortar({ target = group }) end, "may not target characters or groups of characters")
  -- A unit with a character attached is a unit.
  muster.dice.set_faces { 6, 1, 1, 1, 1, 1, 1, 1, 1 }
  t.eq(mortar({ target = copy(orcs, { individuals = { hero } }) }).hits, 0)
end

-- ---------------------------------------------------------------------------------------
-- Cover (HR-6.4), crew and charges
-- ---------------------------------------------------------------------------------------

function M.test_cover_at_most_minus_1_and_only_for_terrain_it_is_in()
  local function cover(input)
    muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
    local r = mortar(input)
    return { r.cover_claimed, r.cover, ids(r, "kill") }
  end
  t.eq(cover({ cover = "soft" }), { "soft", "soft", "strength=3 shield=-1 soft_cover=-1" })
  t.eq(cover({ cover = "hard" }), { "hard", "soft", "strength=3 shield=-1 soft_cover=-1" })
  t.eq(cover({ cover = { hard = 10 } }), { "hard", "soft", "strength=3 shield=-1 soft_cover=-1" })
  t.eq(cover({ cover = "hard", cover_position = "behind" }), { "hard", "none", "strength=3 shield=-1" })
  t.eq(cover({ cover = "soft", cover_position = "behind" }), { "soft", "none", "strength=3 shield=-1" })
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  local r = mortar({ cover = "hard", cover_position = "behind" })
  t.eq({ r.cover_reason, r.cover_source },
    { "the Mortar's shot drops on the target: no cover for terrain it is behind", "mortars p.6" })
  t.fails(function() mortar({ cover_position = "under" }) end, 'input: cover_position: "under" is not one of in, behind')
end

function M.test_two_crew_to_shoot_and_no_shot_without_charges()
  t.fails(function() mortar({ crew = copy(crew, { figures = 1 }) }) end,
    "input: crew.figures: 1 crew: the Mortar needs at least 2 to shoot (mortars p.6)")
  t.fails(function() mortar({ charges = 0 }) end, "input: charges: no charges left: the Mortar cannot shoot (mortars p.6)")
  muster.dice.set_faces { 6, 1, 1, 1, 1, 1, 1, 1, 1 }
  t.eq(mortar({ charges = 1 }).charges_left, 0)
  -- A misfire (ignition 1) fires nothing and keeps the charge.
  muster.dice.set_faces { 1 }
  local r = mortar({ charges = 3 })
  t.eq({ r.fired, r.charges_left, r.hits }, { false, 3, nil })
end

-- ---------------------------------------------------------------------------------------
-- Odds, profile, supplies, the rules in force
-- ---------------------------------------------------------------------------------------

function M.test_exact_odds_of_the_hit_throw()
  -- Fires on 2-6 (5/6); then 8 dice, each hitting on a 5 (reading 4 at -1) or a 6: p = 1/3.
  local odds = muster.dice.roll_exact(function()
    local r = mortar({ target = copy(orcs, { leader = false }) })
    return r.fired and r.hits or -1
  end)
  local p = {}
  for _, o in ipairs(odds) do p[o.outcome] = o.p end
  t.near(p[-1], 1 / 6, 1e-12)
  local function binomial(n, k) local c = 1 for i = 1, k do c = c * (n - k + i) / i end return c end
  for k = 0, 8 do
    t.near(p[k], 5 / 6 * binomial(8, k) * (1 / 3) ^ k * (2 / 3) ^ (8 - k), 1e-12, k .. " hits")
  end
end

function M.test_the_row_agrees_with_the_dwarf_list()
  local row = ruleset.modules.artillery.piece("mortar")
  local entry = ruleset.modules.armies.load_list("dwarves").entries.mortar
  t.eq({ row.strength, row.dice, row.crew_min, row.weapon }, { entry.strength, entry.worth, entry.crew_min, entry.weapon })
  t.eq({ row.short, row.long, row.min_range, row.charges, row.line, row.trajectory, row.indirect_penalty,
         row.long_range_penalty, row.characters, row.ignition },
       { 12, 30, 12, 6, "ballista", "parabolic", 0, true, false, true })
  t.eq(ruleset.modules.artillery.data.pieces:source("mortar"), "mortars p.6")
  -- The rules in force name the variant's changes.
  local report = ruleset.rules_report({ only_changed = true })
  local changed = {}
  for _, l in ipairs(report.lists) do for _, e in ipairs(l.entries) do changed[#changed + 1] = l.name .. "." .. e.id end end
  for _, tb in ipairs(report.tables) do for _, r in ipairs(tb.rows) do changed[#changed + 1] = tb.name .. "." .. r.key end end
  t.eq(changed, { "artillery_hit.mortar_obscured", "artillery_pieces.mortar" })
end

local army = { file = "test/army.lua", text = table.concat({
  'army "T" { list = "dwarves", points = 1000, house_rules = { "HR-6" },',
  '  warchief "dwarf_warchief" { name = "Thorin", leadership = 1 },',
  '  command "Guns" { battle_leader "dwarf_battle_leader" { name = "Dain", leadership = 0 },',
  '    machine "mortar" { name = "Lobbers", pieces = 2, crew = 4, leader = true },',
  '    machine "dwarf_war_cannon" { name = "Thunder", pieces = 1, crew = 3, leader = true } } }' }, "\n") }

function M.test_supplies_give_each_mortar_its_charges()
  local armies = ruleset.modules.armies
  t.eq(armies.report(army).errors, {})
  local r = armies.supplies(army)
  t.eq(r.charges, { { unit = "Lobbers", file = "test/army.lua", line = 4, piece = "mortar", weapon = "artillery",
                      pieces = 2, charges_each = 6, counters = 12, source = "mortars p.6" } })
  -- The war cannon has no shooting rules yet (D2): still unsupplied.
  t.eq({ #r.unsupplied, r.unsupplied[1].unit, r.unsupplied[1].reason },
    { 1, "Thunder", "the ruleset has no shooting rules for artillery (a variant adding them sets artillery_pieces.dwarf_war_cannon or supplies.artillery)" })
  t.eq(r.outcome, "0 missile units (0 volley counters), 0 wizards (0 magic power), 1 artillery unit (12 charges)")
  -- Without the variant's row the mortar is unsupplied like the cannon.
  rules("no_mortars", { "mortars" }).remove_row("artillery_pieces", "mortar")
  r = armies.supplies(army)
  t.eq({ r.charges, #r.unsupplied, r.unsupplied[1].unit }, { nil, 2, "Lobbers" })
end

return M
