-- HR-1 linear obstacles (house-rules booklet page 2), the variant linear_obstacles: every troop
-- kind against every obstacle type (crossing, cost, vault, disorganisation), the cover each
-- obstacle gives (fed to the core kill throw), the sight tall and embankment hedges block,
-- who may dismantle what, the option hedge_cover both ways, and every refusal's exact text.
-- The expectations are typed from the house-rules digest's tables, not read from the variant.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "linear_obstacles" },
            options = { "linear_obstacles.hedge_cover=none" } }

local function resolve(name, input) return ruleset.resolve(name, input) end

local fails = t.fails_exactly
local with = t.copy

local foot = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", armour = "medium", movement = 6 }
local horse = { name = "Wolf riders", figures = 6, quality = "average", type = "tribal", armour = "light", mounted = true, movement = 6 }
local hero = { name = "Lone hero", figures = 0, quality = "elite", type = "disciplined",
               individuals = { { name = "Grim", role = "hero", quality = "elite", type = "disciplined", movement = 6 } } }

-- The troop kinds of the digest's tables, each as an input (a unit and its class).
local kinds = {
  infantry = { unit = foot },
  heavy_infantry = { unit = with(foot, { armour = "heavy" }) },
  extra_heavy_infantry = { unit = with(foot, { armour = "extra_heavy" }) },
  cavalry = { unit = horse },
  heavy_cavalry = { unit = with(horse, { armour = "heavy" }) },
  extra_heavy_cavalry = { unit = with(horse, { armour = "extra_heavy" }) },
  individual = { unit = hero },
  war_machine = { unit = with(foot, { name = "Bolt thrower", figures = 1 }), class = "war_machine" },
  chariot = { unit = with(foot, { name = "Chariot", figures = 1 }), class = "chariot" },
  animal = { unit = with(foot, { name = "War hounds", figures = 6 }), class = "animal" },
  swarm = { unit = with(foot, { name = "Rat swarm", figures = 3 }), class = "swarm" },
  monster = { unit = with(foot, { name = "Giant", figures = 1 }), class = "monster" },
  legless_monster = { unit = with(foot, { name = "Great worm", figures = 1 }), class = "monster", legs_or_wings = false },
}

-- HR-1.1 and HR-1.2, per obstacle and kind (cavalry: with the vault's facts met; the vault
-- conditions have their own test): "no" barred, "free" no cost, "vault", "half", "half+dis"
-- (half and disorganised), "whole".
local obstacles = { "wall", "fence", "low_hedge", "tall_hedge", "embankment_hedge", "ditch" }
local expected = {
  infantry = { wall = "half", fence = "half", low_hedge = "half", tall_hedge = "half", embankment_hedge = "half", ditch = "half" },
  heavy_infantry = { wall = "half", fence = "half", low_hedge = "half", tall_hedge = "no", embankment_hedge = "no", ditch = "half" },
  extra_heavy_infantry = { wall = "half", fence = "half", low_hedge = "half", tall_hedge = "no", embankment_hedge = "no", ditch = "half" },
  cavalry = { wall = "vault", fence = "vault", low_hedge = "vault", tall_hedge = "no", embankment_hedge = "no", ditch = "vault" },
  heavy_cavalry = { wall = "half+dis", fence = "half+dis", low_hedge = "half+dis", tall_hedge = "no", embankment_hedge = "no", ditch = "half+dis" },
  extra_heavy_cavalry = { wall = "half+dis", fence = "half+dis", low_hedge = "half+dis", tall_hedge = "no", embankment_hedge = "no", ditch = "half+dis" },
  individual = { wall = "free", fence = "free", low_hedge = "free", tall_hedge = "half", embankment_hedge = "half", ditch = "free" },
  war_machine = { wall = "no", fence = "no", low_hedge = "no", tall_hedge = "no", embankment_hedge = "no", ditch = "whole" },
  chariot = { wall = "no", fence = "no", low_hedge = "no", tall_hedge = "no", embankment_hedge = "no", ditch = "no" },
  animal = { wall = "no", fence = "no", low_hedge = "no", tall_hedge = "no", embankment_hedge = "no", ditch = "no" },
  swarm = { wall = "half", fence = "half", low_hedge = "half", tall_hedge = "half", embankment_hedge = "half", ditch = "half" },
  monster = { wall = "free", fence = "free", low_hedge = "free", tall_hedge = "half", embankment_hedge = "half", ditch = "free" },
  legless_monster = { wall = "half", fence = "half", low_hedge = "half", tall_hedge = "half", embankment_hedge = "half", ditch = "half" },
}

-- A crossing result in the table's words.
local function summary(r)
  if not r.may_cross then return "no" end
  if r.vault then return "vault" end
  if r.cost == "none" then return "free" end
  if r.cost == "whole" then return "whole" end
  return r.disorganised and "half+dis" or "half"
end

local function crossing(kind, obstacle, extra)
  local k = kinds[kind]
  local input = { unit = k.unit, class = k.class, legs_or_wings = k.legs_or_wings, obstacle = obstacle }
  if (kind == "cavalry") then input.only_terrain, input.full_move = true, true end
  for key, v in pairs(extra or {}) do input[key] = v end
  return resolve("obstacle_crossing", input)
end

-- ---------------------------------------------------------------------------------------
-- Crossing
-- ---------------------------------------------------------------------------------------

function M.test_every_kind_against_every_obstacle()
  for kind, row in pairs(expected) do
    for _, obstacle in ipairs(obstacles) do
      local r = crossing(kind, obstacle)
      t.eq(summary(r), row[obstacle], kind .. " v " .. obstacle)
      t.eq(r.obstacle, obstacle)
      t.eq(r.rule_source, "linear_obstacles p.2")
    end
  end
end

function M.test_allowance_follows_the_cost()
  local r = crossing("infantry", "wall")
  t.eq({ r.movement, r.allowance, r.cost, r.outcome }, { 6, 3, "half", "crosses: at most 3in this move" })
  t.eq(r.modifiers, { { id = "crossing_half_move", value = -3, source = "linear_obstacles p.2",
    reason = "crossing the wall uses up half the move: at most 3in in all this move" } })
  r = crossing("infantry", "fence", { unit = with(foot, { movement = 5 }) })
  t.eq({ r.allowance, r.outcome }, { 2.5, "crosses: at most 2.5in this move" })
  r = crossing("individual", "ditch")
  t.eq({ r.allowance, r.cost, r.outcome, #r.modifiers }, { 6, "none", "crosses freely", 0 })
  r = crossing("war_machine", "ditch")
  t.eq({ r.allowance, r.cost, r.outcome }, { 0, "whole", "crosses: the whole move" })
  t.eq(r.modifiers[1].value, -6)
  t.eq(r.rule, "war machines cross a ditch at the cost of a whole move: the crew fill enough of it in")
  r = crossing("heavy_cavalry", "wall")
  t.eq({ r.allowance, r.disorganised, r.vault, r.outcome }, { 3, true, false, "crosses: at most 3in this move, disorganised" })
  r = crossing("chariot", "wall")
  t.eq({ r.may_cross, r.allowance, r.outcome, r.rule }, { false, nil, "may not cross", "chariots may not cross a wall" })
end

-- The vault: the general rule and the ditch need the only terrain and the full move; a low
-- hedge only the only terrain; otherwise crossing halves the move and disorganises.
function M.test_cavalry_vault_conditions()
  local cases = {
    { "wall", true, true, "vault" }, { "wall", true, false, "half+dis" }, { "wall", false, true, "half+dis" },
    { "fence", true, true, "vault" }, { "fence", true, false, "half+dis" }, { "fence", false, false, "half+dis" },
    { "low_hedge", true, true, "vault" }, { "low_hedge", true, false, "vault" }, { "low_hedge", false, true, "half+dis" },
    { "ditch", true, true, "vault" }, { "ditch", true, false, "half+dis" }, { "ditch", false, true, "half+dis" },
  }
  for _, c in ipairs(cases) do
    local r = crossing("cavalry", c[1], { only_terrain = c[2], full_move = c[3] })
    t.eq(summary(r), c[4], c[1] .. " only=" .. tostring(c[2]) .. " full=" .. tostring(c[3]))
  end
  local r = crossing("cavalry", "wall", { only_terrain = false })
  t.eq(r.vault_missed, "the wall is not the only terrain of the move")
  r = crossing("cavalry", "ditch", { full_move = false })
  t.eq(r.vault_missed, "the cavalry does not use its full move")
  t.eq(r.outcome, "crosses: at most 3in this move, disorganised")
  r = crossing("cavalry", "low_hedge", { full_move = nil })
  t.eq({ r.vault, r.cost, r.allowance, r.outcome }, { true, "none", 6, "vaults: no cost" })
end

function M.test_classes_come_from_the_unit()
  t.eq(crossing("infantry", "wall").class, "infantry")
  t.eq(crossing("cavalry", "wall").class, "cavalry")
  t.eq(crossing("individual", "wall").class, "individual")
  -- A group of individuals moves at the slowest one's MOV.
  local group = with(hero, { individuals = { { name = "A", role = "hero", quality = "elite", type = "disciplined", movement = 8 },
                                             { name = "B", role = "wizard", quality = "average", type = "disciplined", movement = 5 } } })
  local r = resolve("obstacle_crossing", { unit = group, obstacle = "tall_hedge" })
  t.eq({ r.class, r.movement, r.allowance }, { "individual", 5, 2.5 })
  -- A keyword naming a house class sets the class; the input's class wins over it.
  r = resolve("obstacle_crossing", { unit = with(foot, { keywords = { "chariot" } }), obstacle = "fence" })
  t.eq({ r.class, r.may_cross }, { "chariot", false })
  r = resolve("obstacle_crossing", { unit = with(foot, { keywords = { "chariot" } }), class = "swarm", obstacle = "fence" })
  t.eq(r.class, "swarm")
  -- A flyer in the air passes over any obstacle (core p.29).
  r = resolve("obstacle_crossing", { unit = with(foot, { flying = true }), obstacle = "tall_hedge" })
  t.eq({ r.may_cross, r.cost, r.allowance, r.rule_source, r.outcome }, { true, "none", 6, "fantasy_warriors p.29", "flies over: no cost" })
end

function M.test_crossing_refusals()
  fails(function() resolve("obstacle_crossing", { unit = foot }) end,
    "input: obstacle: missing (one of wall, fence, low_hedge, tall_hedge, embankment_hedge, ditch)")
  fails(function() resolve("obstacle_crossing", { unit = foot, obstacle = "hedge" }) end,
    "input: obstacle: \"hedge\" is not one of wall, fence, low_hedge, tall_hedge, embankment_hedge, ditch")
  fails(function() resolve("obstacle_crossing", { obstacle = "wall" }) end, "input: unit: table expected, got nil")
  fails(function() resolve("obstacle_crossing", { unit = foot, obstacle = "wall", class = "cavalry" }) end,
    "input: class: \"cavalry\" is not one of war_machine, chariot, animal, swarm, monster (infantry, cavalry and individuals come from the unit: mounted, or figures 0 with individuals)")
  fails(function() resolve("obstacle_crossing", { unit = horse, obstacle = "wall", full_move = true }) end,
    "input: only_terrain: missing (true or false): whether the wall is the only terrain the cavalry moves through this move; it decides the vault")
  fails(function() resolve("obstacle_crossing", { unit = horse, obstacle = "ditch", only_terrain = true }) end,
    "input: full_move: missing (true or false): whether the cavalry uses its full move; it decides the vault over a ditch")
  fails(function() resolve("obstacle_crossing", { unit = horse, obstacle = "wall", only_terrain = "yes", full_move = true }) end,
    "input: only_terrain: true or false expected, got \"yes\"")
  fails(function() resolve("obstacle_crossing", { unit = foot, obstacle = "wall", legs_or_wings = false }) end,
    "input: legs_or_wings: only a monster's legs or wings matter (the class is infantry)")
  fails(function() resolve("obstacle_crossing", { unit = with(foot, { figures = 0 }), obstacle = "wall" }) end,
    "input: unit.figures: 0 figures and no individuals: nothing to move")
  fails(function() resolve("obstacle_crossing", { unit = with(foot, { keywords = { "chariot", "monster" } }), obstacle = "wall" }) end,
    "input: class: missing: the unit's keywords name two classes (chariot, monster): give one")
  fails(function() resolve("obstacle_crossing", { unit = foot, obstacle = "wall", vault = true }) end,
    "input: input.vault: unknown field (known: unit, class, obstacle, only_terrain, full_move, legs_or_wings)")
end

-- ---------------------------------------------------------------------------------------
-- Cover
-- ---------------------------------------------------------------------------------------

local function cover(kind, obstacle, hidden, extra)
  local k = kinds[kind]
  local input = { target = k.unit, class = k.class, obstacle = obstacle, hidden = hidden }
  for key, v in pairs(extra or {}) do input[key] = v end
  return resolve("obstacle_cover", input)
end

function M.test_wall_cover()
  local cases = {
    { "infantry", "entirely", false, "hard", -2 }, { "infantry", "entirely", true, "soft", -1 },
    { "infantry", "more_than_half", false, "soft", -1 }, { "infantry", "half_or_less", false, "none" },
    { "heavy_infantry", "entirely", false, "hard", -2 },
    { "cavalry", "entirely", false, "soft", -1 }, { "cavalry", "half_or_less", false, "none" },
    { "monster", "more_than_half", true, "soft", -1 },
  }
  for _, c in ipairs(cases) do
    local r = cover(c[1], "wall", c[2], { shoots = c[3] })
    t.eq(r.cover, c[4], table.concat({ c[1], c[2], tostring(c[3]) }, " "))
    if c[5] then
      t.eq({ r.modifiers[1].id, r.modifiers[1].value }, { "wall_" .. c[4] .. "_cover", c[5] })
    else
      t.eq(#r.modifiers, 0)
    end
  end
  local r = cover("infantry", "wall", "entirely")
  t.eq({ r.outcome, r.rule, r.rule_source }, { "hard cover: -2 on the kill throw",
    "infantry entirely hidden behind a wall that do not shoot this phase", "linear_obstacles p.2" })
  r = cover("infantry", "wall", "half_or_less")
  t.eq({ r.outcome, r.rule_source }, { "no cover", "fantasy_warriors p.23" })
end

function M.test_fence_gives_no_cover()
  for _, kind in ipairs({ "infantry", "cavalry", "individual", "monster" }) do
    for _, hidden in ipairs({ "entirely", "more_than_half", "half_or_less" }) do
      local r = cover(kind, "fence", hidden)
      t.eq({ r.cover, r.rule }, { "none", "a fence gives no cover" })
    end
  end
end

-- Hedges: the booklet states no cover. This file sets the option hedge_cover = none, so the
-- default here is none; the input chooses the core's soft-cover rule (the manifest's default).
function M.test_hedge_cover_both_option_values()
  for _, obstacle in ipairs({ "low_hedge", "tall_hedge", "embankment_hedge" }) do
    for _, hidden in ipairs({ "entirely", "more_than_half", "half_or_less" }) do
      local r = cover("cavalry", obstacle, hidden)
      t.eq(r.cover, "none", obstacle .. " " .. hidden .. " option none")
      r = cover("cavalry", obstacle, hidden, { hedge_cover = "core_soft" })
      t.eq(r.cover, hidden == "half_or_less" and "none" or "soft", obstacle .. " " .. hidden .. " core_soft")
    end
  end
  local r = cover("infantry", "low_hedge", "entirely")
  t.eq(r.rule, "the booklet gives a low hedge no cover (option hedge_cover = none)")
  r = cover("infantry", "low_hedge", "entirely", { hedge_cover = "core_soft" })
  t.eq({ r.rule, r.rule_source, r.modifiers[1].value }, {
    "a low hedge hides more than half of the unit: the core's soft cover, as bushes (proposed)", "fantasy_warriors p.23", -1 })
end

function M.test_ditch_cover()
  local one_deep = with(foot, { ranks = 1 })
  local cases = {
    { { unit = one_deep }, "entirely", false, "hard", "infantry hiding in a ditch one figure deep that do not shoot this phase" },
    { { unit = one_deep }, "entirely", true, "soft", "infantry hiding in a ditch one figure deep that shoot this phase" },
    { { unit = with(foot, { ranks = 2 }) }, "entirely", false, "none", "only a unit one figure deep hides in a ditch (the unit stands 2 ranks deep)" },
    { { unit = with(one_deep, { armour = "heavy" }) }, "entirely", false, "none", "infantry in heavy or extra-heavy armour may not hide in a ditch" },
    { { unit = with(one_deep, { armour = "extra_heavy" }) }, "entirely", false, "none", "infantry in heavy or extra-heavy armour may not hide in a ditch" },
    { { unit = one_deep }, "more_than_half", false, "none", "only a unit lined along the ditch as a whole hides in it" },
    { { unit = horse }, "entirely", false, "none", "only infantry hide in a ditch" },
    { { unit = hero }, "entirely", false, "none", "only infantry hide in a ditch" },
    { { unit = one_deep, class = "swarm" }, "entirely", false, "none", "only infantry hide in a ditch" },
  }
  for i, c in ipairs(cases) do
    local r = resolve("obstacle_cover", { target = c[1].unit, class = c[1].class, obstacle = "ditch", hidden = c[2], shoots = c[3] })
    t.eq({ r.cover, r.rule }, { c[4], c[5] }, "case " .. i)
  end
end

-- The cover feeds the core kill throw's `cover`; its value is the core's, so a club's patch
-- of the core value shows here too.
function M.test_cover_feeds_the_kill_throw()
  local r = cover("infantry", "wall", "entirely")
  muster.dice.set_faces { 4, 4 }
  local k = resolve("kill_throw", { shooter = { name = "Dwarf crossbows", figures = 2, quality = "veteran", type = "disciplined", weapon = "crossbow" },
                                    target = foot, hits = 2, cover = r.cover })
  local ids = {}
  for _, m in ipairs(k.modifiers) do ids[#ids + 1] = m.id .. "=" .. m.value end
  t.eq(table.concat(ids, " "), "hard_cover=-2")
  t.eq(k.cover, "hard")
  ruleset.variant_api({ name = "club", version = "1.0.0" }).patch_modifier("shooting_kill", "hard_cover", { value = -3 })
  t.eq(cover("infantry", "wall", "entirely").modifiers[1].value, -3)
end

function M.test_cover_refusals()
  fails(function() cover("infantry", "wall", nil) end, "input: hidden: missing (one of entirely, more_than_half, half_or_less)")
  fails(function() cover("infantry", "wall", "all") end,
    "input: hidden: \"all\" is not one of entirely, more_than_half, half_or_less")
  fails(function() cover("infantry", "low_hedge", "entirely", { hedge_cover = "hard" }) end,
    "input: hedge_cover: \"hard\" is not one of core_soft, none")
  fails(function() cover("infantry", "wall", "entirely", { shoots = 1 }) end, "input: shoots: true or false expected, got 1")
  fails(function() resolve("obstacle_cover", { obstacle = "wall", hidden = "entirely" }) end, "input: target: table expected, got nil")
end

-- ---------------------------------------------------------------------------------------
-- Line of sight
-- ---------------------------------------------------------------------------------------

function M.test_sight_over_every_obstacle()
  local classes = { "infantry", "cavalry", "individual", "war_machine", "chariot", "animal", "swarm", "monster" }
  local hides = { infantry = true, individual = true, animal = true }
  for _, obstacle in ipairs(obstacles) do
    for _, a in ipairs(classes) do
      for _, b in ipairs(classes) do
        local r = resolve("obstacle_sight", { obstacle = obstacle, observer = kinds[a].unit, observer_class = kinds[a].class,
                                              target = kinds[b].unit, target_class = kinds[b].class })
        local want = (obstacle == "tall_hedge" or obstacle == "embankment_hedge") and (hides[a] or hides[b]) or false
        t.eq(r.blocked, want, obstacle .. " " .. a .. " -> " .. b)
        t.eq(r.outcome, want and "blocked" or "not blocked")
      end
    end
  end
  local r = resolve("obstacle_sight", { obstacle = "tall_hedge", observer = horse, target = foot })
  t.eq(r.rule, "a tall hedge blocks the line of sight to and from infantry, individuals and animals: the target is infantry")
  r = resolve("obstacle_sight", { obstacle = "embankment_hedge", observer = horse, target = with(foot, { flying = true }) })
  t.eq({ r.blocked, r.rule }, { false,
    "cavalry and a flyer see and are seen over an embankment hedge (proposed: it hides only infantry, individuals and animals; flyers are above it)" })
  r = resolve("obstacle_sight", { obstacle = "wall", observer = foot, target = foot })
  t.eq(r.rule, "a wall does not block the line of sight")
end

function M.test_sight_refusals()
  fails(function() resolve("obstacle_sight", { obstacle = "tall_hedge", observer = foot }) end, "input: target: table expected, got nil")
  fails(function() resolve("obstacle_sight", { obstacle = "tall_hedge", observer = foot, target = foot, target_class = "infantry" }) end,
    "input: target_class: \"infantry\" is not one of war_machine, chariot, animal, swarm, monster (infantry, cavalry and individuals come from the unit: mounted, or figures 0 with individuals)")
  fails(function() resolve("obstacle_sight", { observer = foot, target = foot }) end,
    "input: obstacle: missing (one of wall, fence, low_hedge, tall_hedge, embankment_hedge, ditch)")
end

-- ---------------------------------------------------------------------------------------
-- Dismantling
-- ---------------------------------------------------------------------------------------

function M.test_dismantle_every_obstacle_and_class()
  -- "half", "whole" or nil (may not), per the digest's HR-1.2 table.
  local who = {
    wall = { monster = "whole" },
    fence = { monster = "half", infantry = "whole", heavy_infantry = "whole", war_machine = "whole" },
    low_hedge = { monster = "half", infantry = "whole", heavy_infantry = "whole", war_machine = "whole" },
    tall_hedge = { monster = "whole" },
    embankment_hedge = {},
    ditch = {},
  }
  local tried = { "infantry", "heavy_infantry", "cavalry", "individual", "war_machine", "chariot", "animal", "swarm", "monster" }
  for _, obstacle in ipairs(obstacles) do
    for _, kind in ipairs(tried) do
      local r = resolve("dismantle", { unit = kinds[kind].unit, class = kinds[kind].class, obstacle = obstacle })
      t.eq(r.may_dismantle, who[obstacle][kind] ~= nil, obstacle .. " by " .. kind)
      t.eq(r.cost, who[obstacle][kind], obstacle .. " by " .. kind)
    end
  end
  local r = resolve("dismantle", { unit = kinds.monster.unit, class = "monster", obstacle = "fence" })
  t.eq({ r.length, r.allowance_left, r.outcome }, { 6, 3, "takes down 6in: half its move (3in left)" })
  t.eq(r.modifiers[1], { id = "dismantle_half_move", value = -3, reason = "taking down 6in of the fence", source = "linear_obstacles p.2" })
  r = resolve("dismantle", { unit = foot, obstacle = "low_hedge" })
  t.eq({ r.allowance_left, r.outcome }, { 0, "takes down 6in: its whole move" })
  t.eq(r.rule, "an infantry unit may spend its whole move taking down 6in of a low hedge; it must touch it, and its owner picks the length next to it (proposed)")
  r = resolve("dismantle", { unit = horse, obstacle = "fence" })
  t.eq({ r.outcome, r.rule }, { "may not dismantle", "only monsters, infantry units and war-machine crews may take down a fence" })
  r = resolve("dismantle", { unit = foot, obstacle = "wall" })
  t.eq(r.rule, "only monsters may take down a wall")
  r = resolve("dismantle", { unit = kinds.monster.unit, class = "monster", obstacle = "ditch" })
  t.eq(r.rule, "a ditch cannot be dismantled")
  fails(function() resolve("dismantle", { unit = foot, obstacle = "palisade" }) end,
    "input: obstacle: \"palisade\" is not one of wall, fence, low_hedge, tall_hedge, embankment_hedge, ditch")
end

return M
