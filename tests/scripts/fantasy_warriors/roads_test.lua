-- HR-3 roads (house-rules booklet page 3), the variant roads: the winter dirt road against
-- every troop kind, the +50% bonus on cobbled roads (every season) and dirt roads (spring,
-- summer, autumn) for every kind, both readings of "both movements entirely on suitable roads"
-- (this file sets the option bonus_needs = start_and_end; the input gives whole_move), the
-- season option left unset (every call gives its season), and every refusal's exact text.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "roads" }, options = { "roads.bonus_needs=start_and_end" } }

local function road(input) return ruleset.resolve("road_movement", input) end

local fails = t.fails_exactly
local with = t.copy

local foot = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", armour = "medium", movement = 6 }
local horse = { name = "Wolf riders", figures = 6, quality = "average", type = "tribal", armour = "light", mounted = true, movement = 8 }
local hero = { name = "Lone hero", figures = 0, quality = "elite", type = "disciplined",
               individuals = { { name = "Grim", role = "hero", quality = "elite", type = "disciplined", movement = 6 } } }

local kinds = {
  infantry = { unit = foot },
  light_infantry = { unit = with(foot, { armour = "none" }) },
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

-- The digest's HR-3 tables: the winter dirt road ("-" no effect, "or" half movement or
-- disorganised, "half" half movement) and the bonus's eligibility (true: +50%).
local winter = {
  infantry = "-", light_infantry = "-", heavy_infantry = "or", extra_heavy_infantry = "or", spear_infantry = "or",
  lance_infantry = "or", pike_infantry = "or", cavalry = "or", lance_cavalry = "or", heavy_cavalry = "half",
  extra_heavy_cavalry = "half", chariot = "half", war_machine = "half", animal = "-", individual = "-", swarm = "-",
  monster = "-",
}
local eligible = {
  infantry = true, light_infantry = true, heavy_infantry = false, extra_heavy_infantry = false, spear_infantry = true,
  lance_infantry = true, pike_infantry = true, cavalry = true, lance_cavalry = true, heavy_cavalry = true,
  extra_heavy_cavalry = false, chariot = true, war_machine = false, animal = false, individual = false, swarm = false,
  monster = false,
}
local words = { ["-"] = "none", ["or"] = "half_or_disorganised", half = "half" }

local function on(kind, season, road_type, extra)
  local input = { unit = kinds[kind].unit, class = kinds[kind].class, season = season, road = road_type }
  for k, v in pairs(extra or {}) do input[k] = v end
  return road(input)
end

function M.test_winter_dirt_road_every_kind()
  for kind, want in pairs(winter) do
    local r = on(kind, "winter", "dirt")
    t.eq(r.effect, words[want], kind)
    t.eq(r.bonus, false, kind)
    local mov = kinds[kind].unit.movement or 6
    t.eq(r.allowance, want == "half" and mov / 2 or mov, kind .. ": allowance")
    t.eq(r.disorganises, want == "or" and "over_half" or "never", kind .. ": disorganises")
  end
  local r = on("heavy_cavalry", "winter", "dirt")
  t.eq({ r.outcome, r.rule }, { "half movement: at most 4in", "a dirt road in winter: cavalry in heavy or extra-heavy armour: half movement" })
  t.eq(r.modifiers, { { id = "rutted_road", value = -4, source = "roads p.3", reason = "a rutted dirt road: at most half the move (4in)" } })
  r = on("cavalry", "winter", "dirt")
  t.eq({ r.outcome, #r.modifiers }, { "half movement or disorganised: at most 4in organised", 0 })
  r = on("chariot", "winter", "dirt")
  t.eq(r.rule, "a dirt road in winter: chariots cross the ruts at half rate")
  r = on("swarm", "winter", "dirt")
  t.eq({ r.outcome, r.rule }, { "no effect", "swarms are not named for a dirt road in winter: no effect" })
  r = road({ unit = with(horse, { flying = true }), season = "winter", road = "dirt" })
  t.eq({ r.effect, r.rule_source }, { "none", "fantasy_warriors p.29" })
end

-- The bonus: a cobbled road in every season, a dirt road in spring, summer and autumn.
function M.test_bonus_every_kind_road_and_season()
  local good = { { "cobbled", "spring" }, { "cobbled", "summer" }, { "cobbled", "autumn" }, { "cobbled", "winter" },
                 { "dirt", "spring" }, { "dirt", "summer" }, { "dirt", "autumn" } }
  for kind, yes in pairs(eligible) do
    for _, g in ipairs(good) do
      local r = on(kind, g[2], g[1], { on_road = "whole_move" })
      local mov = kinds[kind].unit.movement or 6
      t.eq(r.bonus, yes, kind .. " on " .. g[1] .. " in " .. g[2])
      t.eq(r.effect, yes and "bonus" or "none")
      t.eq(r.allowance, yes and mov * 1.5 or mov, kind .. ": allowance")
    end
  end
  local r = on("infantry", "summer", "dirt", { on_road = "whole_move" })
  t.eq({ r.allowance, r.outcome, r.rule }, { 9, "bonus: at most 9in", "infantry not in heavy or extra-heavy armour on a dirt road in summer: half their move again" })
  t.eq(r.modifiers, { { id = "road_bonus", value = 3, source = "roads p.3", reason = "moving on a dirt road: +50% (9in in all)" } })
  r = on("infantry", "winter", "cobbled", { on_road = "whole_move", unit = with(foot, { movement = 5 }) })
  t.eq({ r.allowance, r.modifiers[1].value, r.rule }, { 7.5, 2.5, "infantry not in heavy or extra-heavy armour on a cobbled road: half their move again" })
  t.eq(on("heavy_infantry", "summer", "cobbled").rule, "infantry in heavy or extra-heavy armour gain nothing on a road")
  t.eq(on("extra_heavy_cavalry", "summer", "cobbled").rule, "cavalry in extra-heavy armour gain nothing on a road")
  t.eq(on("war_machine", "summer", "cobbled").rule, "only infantry, cavalry and chariots gain on a road, not war machines")
  t.eq(on("individual", "summer", "cobbled").outcome, "no bonus")
end

-- "Both movements entirely on suitable roads": whole_move asks the whole move on the road;
-- start_and_end (this file's option) only its start and end.
function M.test_bonus_needs_both_values()
  local cases = {
    { nil, "whole_move", true }, { nil, "start_and_end", true }, { nil, "partly", false },
    { "whole_move", "whole_move", true }, { "whole_move", "start_and_end", false }, { "whole_move", "partly", false },
    { "start_and_end", "start_and_end", true },
  }
  for _, c in ipairs(cases) do
    local r = on("cavalry", "autumn", "dirt", { bonus_needs = c[1], on_road = c[2] })
    t.eq(r.bonus, c[3], tostring(c[1]) .. " " .. c[2])
    t.eq(r.bonus_needs, c[1] or "start_and_end")
    t.eq(r.on_road, c[2])
  end
  t.eq(on("cavalry", "autumn", "dirt", { bonus_needs = "whole_move", on_road = "start_and_end" }).rule,
       "the bonus needs the whole move on the road, start and end included")
  t.eq(on("cavalry", "autumn", "dirt", { on_road = "partly" }).rule, "the bonus needs the move to start and end on the road")
end

function M.test_refusals()
  fails(function() road({ unit = foot, road = "dirt" }) end,
    "input: season: missing: give the season (spring, summer, autumn, winter), set the option roads.season, or give the scenario a season")
  fails(function() road({ unit = foot, season = "midwinter", road = "dirt" }) end,
    "input: season: \"midwinter\" is not one of spring, summer, autumn, winter")
  fails(function() road({ unit = foot, season = "summer" }) end, "input: road: missing (one of dirt, cobbled)")
  fails(function() road({ unit = foot, season = "summer", road = "paved" }) end, "input: road: \"paved\" is not one of dirt, cobbled")
  fails(function() road({ unit = foot, season = "summer", road = "dirt" }) end,
    "input: on_road: missing (one of whole_move, start_and_end, partly)")
  fails(function() road({ unit = foot, season = "summer", road = "dirt", on_road = "all" }) end,
    "input: on_road: \"all\" is not one of whole_move, start_and_end, partly")
  fails(function() road({ unit = foot, season = "summer", road = "dirt", on_road = "partly", bonus_needs = "both" }) end,
    "input: bonus_needs: \"both\" is not one of whole_move, start_and_end")
  fails(function() road({ unit = foot, season = "summer", road = "dirt", class = "infantry" }) end,
    "input: class: \"infantry\" is not one of war_machine, chariot, animal, swarm, monster (infantry, cavalry and individuals come from the unit: mounted, or figures 0 with individuals)")
  fails(function() road({ unit = foot, season = "summer", road = "dirt", speed = 9 }) end,
    "input: input.speed: unknown field (known: unit, class, season, road, on_road, bonus_needs)")
  -- Facts that decide nothing are not asked for: an ineligible unit, a rutted road.
  t.eq(road({ unit = kinds.war_machine.unit, class = "war_machine", season = "summer", road = "dirt" }).bonus, false)
  t.eq(road({ unit = foot, season = "winter", road = "dirt" }).effect, "none")
end

return M
