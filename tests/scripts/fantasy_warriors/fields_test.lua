-- HR-2 fields by season (house-rules booklet page 3), the variant fields: every season against
-- every troop kind of the digest's table (effect, whether the field counts as terrain, the
-- allowance), the cover of summer crops with each of its conditions, the season from the
-- option (this file sets summer) and from the input, and every refusal's exact text.
-- The expectations are typed from the house-rules digest's table, not read from the variant.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "fields" }, options = { "fields.season=summer" } }

local function field(input) return ruleset.resolve("field_effect", input) end

local fails = t.fails_exactly
local with = t.copy

local foot = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", armour = "medium", movement = 6 }
local horse = { name = "Wolf riders", figures = 6, quality = "average", type = "tribal", armour = "light", mounted = true, movement = 8 }
local hero = { name = "Lone hero", figures = 0, quality = "elite", type = "disciplined",
               individuals = { { name = "Grim", role = "hero", quality = "elite", type = "disciplined", movement = 6 } } }

local kinds = {
  infantry = { unit = foot },
  heavy_infantry = { unit = with(foot, { armour = "heavy" }) },
  extra_heavy_infantry = { unit = with(foot, { armour = "extra_heavy" }) },
  spear_infantry = { unit = with(foot, { weapon = "spear" }) },
  lance_infantry = { unit = with(foot, { weapon = "lance" }) },
  pike_infantry = { unit = with(foot, { weapon = "pike" }) },
  cavalry = { unit = horse },
  lance_cavalry = { unit = with(horse, { weapon = "lance" }) },
  heavy_cavalry = { unit = with(horse, { armour = "heavy" }) },
  extra_heavy_cavalry = { unit = with(horse, { armour = "extra_heavy" }) },
  chariot = { unit = with(foot, { name = "Chariot", figures = 1 }), class = "chariot" },
  war_machine = { unit = with(foot, { name = "Bolt thrower", figures = 1 }), class = "war_machine" },
  animal = { unit = with(foot, { name = "War hounds" }), class = "animal" },
  individual = { unit = hero },
  swarm = { unit = with(foot, { name = "Rat swarm" }), class = "swarm" },
  monster = { unit = with(foot, { name = "Giant", figures = 1 }), class = "monster" },
}

-- The digest's HR-2 table: "-" no effect (no terrain), "or" half movement or disorganised,
-- "and" half movement and disorganised, "half" half movement (half rate).
local empty = "-"
local expected = {
  infantry = { spring = empty, summer = "or" },
  heavy_infantry = { spring = "or", summer = "or" },
  extra_heavy_infantry = { spring = "or", summer = "or" },
  spear_infantry = { spring = "or", summer = "or" },
  lance_infantry = { spring = "or", summer = "or" },
  pike_infantry = { spring = "or", summer = "or" },
  cavalry = { spring = "or", summer = "or" },
  lance_cavalry = { spring = "or", summer = "or" },
  heavy_cavalry = { spring = "and", summer = "or" },
  extra_heavy_cavalry = { spring = "and", summer = "or" },
  chariot = { spring = "half", summer = "half" },
  war_machine = { spring = "half", summer = "half" },
  animal = { spring = empty, summer = "half" },
  individual = { spring = empty, summer = empty },
  swarm = { spring = empty, summer = empty },
  monster = { spring = empty, summer = empty },
}
local words = { ["-"] = "none", ["or"] = "half_or_disorganised", ["and"] = "half_and_disorganised", half = "half" }

local function effect_of(kind, season, extra)
  local input = { unit = kinds[kind].unit, class = kinds[kind].class, season = season }
  for k, v in pairs(extra or {}) do input[k] = v end
  return field(input)
end

function M.test_every_season_and_kind()
  for kind, row in pairs(expected) do
    for _, season in ipairs({ "spring", "summer", "autumn", "winter" }) do
      local want = words[row[season] or empty]
      local r = effect_of(kind, season)
      t.eq(r.effect, want, kind .. " in " .. season)
      t.eq(r.counts_as_terrain, want ~= "none", kind .. " in " .. season .. ": terrain")
      t.eq(r.season, season)
      t.eq(r.season_from, "input")
    end
  end
end

function M.test_field_names_by_season()
  t.eq(effect_of("infantry", "spring").field, "ploughed field")
  t.eq(effect_of("infantry", "summer").field, "tall crops")
  t.eq(effect_of("infantry", "autumn").field, "empty field")
  t.eq(effect_of("infantry", "winter").field, "empty field")
  t.eq(effect_of("infantry", "winter").rule, "an empty field: no effect, and it is no terrain")
  t.eq(effect_of("animal", "spring").rule, "animals are not named for a ploughed field: no effect, and it is no terrain for them")
  t.eq(effect_of("chariot", "summer").rule, "chariots are not named: half movement, like war machines (proposed)")
end

function M.test_allowance_and_disorganisation_by_effect()
  local r = effect_of("cavalry", "spring")  -- MOV 8, half or disorganised
  t.eq({ r.movement, r.allowance, r.disorganises, #r.modifiers, r.outcome },
       { 8, 8, "over_half", 0, "half movement or disorganised: at most 4in organised" })
  r = effect_of("heavy_cavalry", "spring")
  t.eq({ r.allowance, r.disorganises, r.outcome }, { 4, "always", "half movement and disorganised: at most 4in" })
  t.eq(r.modifiers, { { id = "field_half_move", value = -4, source = "fields p.3", reason = "ploughed field: at most half the move (4in)" } })
  r = effect_of("war_machine", "spring")
  t.eq({ r.allowance, r.disorganises, r.outcome, r.rule }, { 3, "never", "half movement: at most 3in", "war machines cross the furrows at half rate" })
  r = effect_of("infantry", "autumn")
  t.eq({ r.allowance, r.disorganises, r.outcome, #r.modifiers }, { 6, "never", "no effect", 0 })
  -- A flyer in the air ignores the field (core p.29).
  r = field({ unit = with(foot, { flying = true }), season = "summer" })
  t.eq({ r.effect, r.counts_as_terrain, r.rule_source }, { "none", false, "fantasy_warriors p.29" })
end

-- This file sets the option fields.season = summer: without an input season, summer applies.
function M.test_season_from_the_option()
  local r = field({ unit = foot })
  t.eq({ r.season, r.season_from, r.effect, r.field }, { "summer", "option", "half_or_disorganised", "tall crops" })
  r = field({ unit = foot, season = "winter" })
  t.eq({ r.season, r.season_from, r.effect }, { "winter", "input", "none" })
end

function M.test_summer_crops_cover()
  local cases = {
    { { unit = foot }, {}, "soft", "entirely within the tall crops, not shooting, no spears, lances or pikes: it may claim the cover" },
    { { unit = with(foot, { armour = "heavy" }) }, {}, "soft" },
    { { unit = hero }, {}, "soft" },
    { { unit = foot }, { shoots = true }, "none", "a unit that shoots this phase takes no cover in the tall crops" },
    { { unit = foot }, { entirely_within = false }, "none", "only a unit entirely within the tall crops takes cover" },
    { { unit = with(foot, { weapon = "spear" }) }, {}, "none", "a unit with spears, lances or pikes takes no cover in the tall crops" },
    { { unit = with(foot, { weapon = "lance" }) }, {}, "none" },
    { { unit = with(foot, { weapon = "pike" }) }, {}, "none" },
    { { unit = with(hero, { individuals = { { name = "Grim", role = "hero", quality = "elite", type = "disciplined", weapon = "spear" } } }) }, {}, "none" },
    { { unit = horse }, {}, "none", "only infantry and individuals take cover in tall crops" },
    { kinds.animal, {}, "none" },
    { kinds.war_machine, {}, "none" },
  }
  for i, c in ipairs(cases) do
    local input = { unit = c[1].unit, class = c[1].class, season = "summer", entirely_within = true }
    for k, v in pairs(c[2]) do input[k] = v end
    local r = field(input)
    t.eq(r.cover, c[3], "case " .. i)
    if c[4] then t.eq(r.cover_rule, c[4], "case " .. i) end
    local has = false
    for _, m in ipairs(r.modifiers) do has = has or m.id == "crops_cover" end
    t.eq(has, c[3] == "soft", "case " .. i .. ": modifier")
  end
  local r = field({ unit = foot, season = "summer", entirely_within = true })
  t.eq(r.modifiers[1], { id = "crops_cover", value = -1, source = "fields p.3", reason = "hidden in the tall crops (the kill throw's soft cover)" })
  t.eq(r.outcome, "half movement or disorganised: at most 3in organised, soft cover")
  -- No season but summer has cover.
  for _, season in ipairs({ "spring", "autumn", "winter" }) do
    r = field({ unit = foot, season = season, entirely_within = true })
    t.eq({ r.cover, r.cover_rule }, { "none", nil }, season)
  end
  -- The cover feeds the core kill throw.
  muster.dice.set_faces { 5 }
  local k = ruleset.resolve("kill_throw", { shooter = { name = "Bowmen", figures = 1, quality = "average", type = "tribal", weapon = "bow" },
                                            target = foot, hits = 1, cover = field({ unit = foot, entirely_within = true }).cover })
  t.eq({ k.cover, k.modifiers[1].id, k.modifiers[1].value }, { "soft", "soft_cover", -1 })
end

function M.test_refusals()
  fails(function() field({ unit = foot, season = "monsoon" }) end,
    "input: season: \"monsoon\" is not one of spring, summer, autumn, winter")
  fails(function() field({ unit = foot, entirely_within = "yes" }) end, "input: entirely_within: true or false expected, got \"yes\"")
  fails(function() field({ unit = foot, shoots = 0 }) end, "input: shoots: true or false expected, got 0")
  fails(function() field({ unit = foot, class = "cavalry" }) end,
    "input: class: \"cavalry\" is not one of war_machine, chariot, animal, swarm, monster (infantry, cavalry and individuals come from the unit: mounted, or figures 0 with individuals)")
  fails(function() field({ season = "summer" }) end, "input: unit: table expected, got nil")
  fails(function() field({ unit = with(foot, { armour = "plate" }) }) end,
    "input: unit.armour: \"plate\" is not one of none, light, medium, heavy, extra_heavy")
  fails(function() field({ unit = foot, crops = true }) end,
    "input: input.crops: unknown field (known: unit, class, season, shoots, entirely_within)")
end

return M
