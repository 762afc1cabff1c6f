--- Fantasy Warriors morale after losses: the Casualty Test (page 25: missile and magic
--- casualties) and the Combat Test (page 34), each a quality throw + its modifier list
--- ("casualty_test", "combat_test") + the reaction table, then the reaction applied (shaken
--- disorganises; rout removes the unit with its attached characters and reports the Command
--- Test markers). Owns when each test is taken, not the losses themselves (shooting, combat).
--- Deterministic: randomness only through muster.dice (the quality throw).
local core = require("core")
local units = require("units")
local quality = require("quality")
local reactions = require("reactions")
local threat = require("threat")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- ---------------------------------------------------------------------------------------
-- Data: the loss thresholds (fractions of the figures the unit had when the phase began;
-- "over" is strictly greater) and the characters whose rout sets Command Test markers.
-- ---------------------------------------------------------------------------------------

data.casualty_test_thresholds = core.define_table("casualty_test_thresholds", {
  missiles = { over = 1 / 4, reason = "over 25% of its tabletop total lost to missiles this phase" },
  magic = { over = 0, reason = "casualties from magic" },
  heavy = { over = 1 / 2, reason = "over 50% of its tabletop total lost this turn" },
}, 25)

data.combat_test_thresholds = core.define_table("combat_test_thresholds", {
  tested = { over = 0, reason = "casualties in this combat phase" },
  quarter = { over = 1 / 4, reason = "over 25% of its figures lost in this combat" },
  heavy = { over = 1 / 2, reason = "over 50% of its figures lost in this combat" },
}, 34)

-- Readings of points the book leaves open, one row each (a house rule sets a row:
-- docs/variants.md, HR-8). `casualty_test_total`: what the Casualty Test's trigger measures
-- the missile losses against (page 25), `on` = "phase_start", the figures when the phase
-- began (input figures_at_start; the reading the core took from the club's clarification), or
-- "current", the unit's current tabletop total as page 25 words it (input current_figures:
-- fewer when figures already left the table this phase).
data.morale_readings = core.define_table("morale_readings", {
  casualty_test_total = { on = "phase_start" },
}, 25, { doc = "readings the book leaves open: what the Casualty Test's 25% is measured against" })

-- Roles whose death or rout places Command Test counters (pages 24, 33, 39). One table for
-- the ruleset: the casualties area (casualties.lua, man_to_man.lua) reads it for deaths too.
data.command_test_roles = core.define_table("command_test_roles", {
  warchief = true, battle_leader = true, hero = true, wizard = true, priest = true,
}, 39)

--- Whether `lost` of `total` figures is over a threshold row's fraction.
local function over(thresholds, key, lost, total)
  return lost > thresholds.rows[key].over * total
end

--- Whether the over-25% / "losses" line also applies above 50% (option losses_stacking).
local function stacks(ctx)
  return ctx.options.losses_stacking == "cumulative"
end

-- ---------------------------------------------------------------------------------------
-- Terrible creatures. The Casualty Test (page 25) and the TER definition (page 9) make the
-- stronger of two opposing terrible creatures the terrible one; the Threat Test says worth.
-- Option terrible_tiebreak: "as_printed" (strength here), "strength" or "worth".
-- ---------------------------------------------------------------------------------------

--- The profile field that decides between opposing terrible creatures in these tests.
---@return string "strength" | "worth"
function M.tiebreak(options)
  local by = options and options.terrible_tiebreak
  if by == nil or by == "as_printed" then return "strength" end
  return by
end

--- Whether an enemy terrible creature is terrible to `unit`: the enemy one counts unless an
--- allied one (or the unit itself, when it is terrible) is greater by `by`; equal: neither.
---@param unit table checked unit
---@param terrible table|nil {enemy = {worth, strength}?, ally = {worth, strength}?}
---@param by string "strength" | "worth"
---@return boolean
function M.enemy_terrible(unit, terrible, by)
  if not terrible or not terrible.enemy then return false end
  local ally = terrible.ally
  if unit.terrible then
    local own = { worth = unit.worth, strength = unit.strength }
    if not ally or own[by] > ally[by] then ally = own end
  end
  return threat.terrible_side({ enemy = terrible.enemy, ally = ally }, by) == "enemy"
end

-- ---------------------------------------------------------------------------------------
-- The unit after this phase's losses: the tests are taken before casualties are removed,
-- but a special or character killed this phase no longer gives its bonus (page 25 example).
-- ---------------------------------------------------------------------------------------

M.specials = { "leader", "standard_bearer", "champion", "musician", "hero" }

--- Checks the `killed` list against the unit and returns what survives: {leader, standard,
--- hero, individuals (surviving), killed_specials (count of the unit's own figures)}.
---@param unit table checked unit
---@param killed table|nil array of "leader" | "standard_bearer" | "champion" | "musician" |
---                    "hero" (the unit's hero flag) | the name of an attached individual
---@param path string
-- The special `field` (`what` for people) of `left` is lost, killed entry `i` of `path`.
local function gone(left, path, i, field, what)
  if not left[field] then core.fail(path .. "[" .. i .. "]", "the unit has no " .. what .. " left to lose") end
  left[field] = false
  left.killed_specials = left.killed_specials + 1
end

local lean_left, lean_dead, lean_individuals = {}, {}, {}  -- an odds trial's, used again

function M.after_losses(unit, killed, path, lean)
  local left, dead
  if lean then  -- `lean`: an odds trial's test, which keeps nothing of it
    left, dead = lean_left, lean_dead
    for j = 1, #unit.individuals do dead[j] = nil end
  else
    left, dead = {}, {}
  end
  left.leader, left.standard, left.champion = unit.leader, unit.standard, unit.champion
  left.musicians, left.hero, left.killed_specials = unit.musicians, unit.hero, 0
  if killed ~= nil then
    if type(killed) ~= "table" then core.fail(path, "array expected, got " .. type(killed)) end
    for i, k in ipairs(killed) do
      if type(k) ~= "string" then core.fail(path .. "[" .. i .. "]", "string expected, got " .. core.show(k)) end
      if k == "leader" then gone(left, path, i, "leader", "leader")
      elseif k == "standard_bearer" then gone(left, path, i, "standard", "standard bearer")
      elseif k == "champion" then gone(left, path, i, "champion", "champion")
      elseif k == "hero" then
        if not left.hero then core.fail(path .. "[" .. i .. "]", "no hero is with the unit (unit.hero)") end
        left.hero = false
      elseif k == "musician" then
        if left.musicians == 0 then core.fail(path .. "[" .. i .. "]", "the unit has no musician left to lose") end
        left.musicians = left.musicians - 1
        left.killed_specials = left.killed_specials + 1
      else
        local found
        for j, ind in ipairs(unit.individuals) do
          if ind.name == k and not dead[j] then found = j break end
        end
        if not found then
          local names = {}
          for _, ind in ipairs(unit.individuals) do names[#names + 1] = ind.name end
          core.fail(path .. "[" .. i .. "]", string.format("%s is not a special (%s) nor an individual with the unit (%s)",
            core.show(k), table.concat(M.specials, ", "),
            #names > 0 and table.concat(names, ", ") or "none"))
        end
        dead[found] = true
      end
    end
  end
  local individuals = lean and lean_individuals or {}
  for j = #individuals, 1, -1 do individuals[j] = nil end
  for j, ind in ipairs(unit.individuals) do
    if not dead[j] then individuals[#individuals + 1] = ind end
  end
  left.individuals = individuals
  return left
end

local function has(individuals, role)
  for _, ind in ipairs(individuals) do
    if ind.role == role then return true end
  end
  return false
end

--- Whether a hero is with the unit after the losses (the hero flag or a hero individual).
function M.hero_with(left)
  return left.hero or has(left.individuals, "hero")
end

--- Whether a banner bearer stands in for the unit's standard: his battle leader (or
--- warchief) is with the unit too (page 8). Only when the unit carries no standard itself.
function M.banner_standard(left)
  return not left.standard and has(left.individuals, "banner_bearer")
    and (has(left.individuals, "battle_leader") or has(left.individuals, "warchief"))
end

-- ---------------------------------------------------------------------------------------
-- The modifier lists. ctx = {unit, left (after_losses), time, options, ...test numbers}.
-- The smaller losses line ("losses", "over_quarter") is left out above 50% unless the
-- option losses_stacking is "cumulative" (the page-25 example applies the -3 alone).
-- ---------------------------------------------------------------------------------------

data.casualty_test = core.define_list("casualty_test", {
  { id = "losses", page = 25, value = -1,
    reason = "the unit suffered casualties this turn",
    when = function(c) return c.turn_losses > 0 and (not c.heavy or stacks(c)) end },
  { id = "bad_light", page = 25, value = -1, reason = "the unit is enduring bad light",
    when = function(c) return units.bad_light(c.unit, c.time) end },
  { id = "enemy_terrible", page = 25, value = -1,
    reason = "an enemy terrible creature within 6in is terrible to the unit",
    when = function(c) return M.enemy_terrible(c.unit, c.terrible, M.tiebreak(c.options)) end },
  { id = "shaken", page = 25, value = -2, reason = "the unit is shaken",
    when = function(c) return c.unit.reaction == "shaken" end },
  { id = "over_half", page = 25, value = -3, reason = "over 50% casualties to its tabletop total this turn",
    when = function(c) return c.heavy end },
  { id = "hero", page = 25, value = 1, reason = "a hero is with the unit",
    when = function(c) return M.hero_with(c.left) end },
  { id = "standard", page = 25, value = 1, reason = "the unit's standard bearer still carries the standard",
    when = function(c) return c.left.standard end },
  { id = "banner_bearer", page = 8, value = 1,
    reason = "a banner bearer with his battle leader acts as the unit's standard",
    when = function(c) return M.banner_standard(c.left) end },
  { id = "leader", page = 25, value = 1, reason = "the unit's leader is still alive",
    when = function(c) return c.left.leader end },
  { id = "bloodlust", page = 25, value = 2, reason = "the unit is in bloodlust",
    when = function(c) return c.unit.reaction == "bloodlust" end },
}, { page = 25, doc = "the Casualty Test: added to the quality throw",
  context = {
    heavy = "boolean: over the heavy-losses threshold",
    left = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the unit after its losses",
    options = "table: the ruleset's options",
    terrible = "{enemy?, ally?}|nil: terrible creatures within 6in",
    time = "\"day\"|\"night\"|nil",
    turn_losses = "integer: figures lost this turn",
    unit = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light",
  } })

data.combat_test = core.define_list("combat_test", {
  { id = "oppose", page = 34, value = -1, reason = "the unit is under OPPOSE orders",
    when = function(c) return c.unit.orders == "oppose" end },
  { id = "over_quarter", page = 34, value = -1,
    reason = "over 25% casualties in this combat",
    when = function(c) return c.quarter and (not c.heavy or stacks(c)) end },
  { id = "greater_losses", page = 34, value = -1,
    reason = "the unit (with its allies) lost more figures than its opponents this phase",
    when = function(c) return c.side_losses > c.enemy_losses end },
  { id = "standard_lost", page = 34, value = -1, reason = "the unit has lost its standard",
    when = function(c) return c.standard_lost end },
  { id = "bad_light", page = 34, value = -1, reason = "the unit is enduring bad light",
    when = function(c) return units.bad_light(c.unit, c.time) end },
  { id = "terrible", page = 34, value = -1, reason = "the unit is fighting a terrible creature",
    when = function(c)
      return M.enemy_terrible(c.unit, c.fighting_terrible and { enemy = c.fighting_terrible }, M.tiebreak(c.options))
    end },
  { id = "shaken", page = 34, value = -2, reason = "the unit is shaken",
    when = function(c) return c.unit.reaction == "shaken" end },
  { id = "over_half", page = 34, value = -3, reason = "over 50% casualties in this combat",
    when = function(c) return c.heavy end },
  { id = "hold", page = 34, value = 1, reason = "the unit is under HOLD orders",
    when = function(c) return c.unit.orders == "hold" end },
  { id = "killed_more", page = 34, value = 1,
    reason = "the unit (with its allies) killed more figures than it lost this phase",
    when = function(c) return c.enemy_losses > c.side_losses end },
  { id = "hero", page = 34, value = 1, reason = "a hero is with the unit",
    when = function(c) return M.hero_with(c.left) end },
  { id = "leader", page = 34, value = 1, reason = "the unit's leader is with it (alive)",
    when = function(c) return c.left.leader end },
  { id = "standard", page = 34, value = 1, reason = "the unit's standard bearer is alive and carries the standard",
    when = function(c) return c.left.standard end },
  { id = "banner_bearer", page = 8, value = 1,
    reason = "a banner bearer with his battle leader acts as the unit's standard",
    when = function(c) return M.banner_standard(c.left) end },
  { id = "bloodlust", page = 34, value = 2, reason = "the unit is in bloodlust",
    when = function(c) return c.unit.reaction == "bloodlust" end },
}, { page = 34, doc = "the Combat Test: added to the quality throw",
  context = {
    enemy_losses = "integer: the enemy's losses",
    fighting_terrible = "boolean: fighting a terrible creature",
    heavy = "boolean: over the heavy-losses threshold",
    left = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the unit after its losses",
    options = "table: the ruleset's options",
    quarter = "boolean: over 25% losses",
    side_losses = "integer: the side's losses this combat",
    standard_lost = "boolean: its standard was lost",
    time = "\"day\"|\"night\"|nil",
    unit = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light",
  } })

-- ---------------------------------------------------------------------------------------
-- Applying the reaction: rout removes the unit and everything with it (pages 21, 40, 42).
-- ---------------------------------------------------------------------------------------

--- Fills in what a rout removes and the Command Test markers it sets: res.removed (the unit
--- and the characters still with it), res.command_test_markers ({name, role, event}),
--- res.warchief_routed (every individual of the army leaves with him, page 40).
function M.apply_rout(res, unit, left)
  res.removed = { unit.name }
  res.command_test_markers = {}
  local roles = data.command_test_roles.rows
  local function goes(name, role)
    res.removed[#res.removed + 1] = name
    if roles[role] then
      res.command_test_markers[#res.command_test_markers + 1] = { name = name, role = role, event = "routed" }
    end
    if role == "warchief" then res.warchief_routed = true end
  end
  if left.hero then goes("hero", "hero") end
  for _, ind in ipairs(left.individuals) do goes(ind.name, ind.role) end
  res.command_test_source = data.command_test_roles:source("warchief")
end

--- Takes a test: quality throw, the list, the reaction table, the reaction applied. Without
--- a result `res` (an odds trial), nothing is recorded and the reaction alone is returned.
local function take(res, list, ctx, label)
  ctx.unit = units.at_time(ctx.unit, ctx.time)  -- Goblins fight as fanatic at night (p.14)
  if not res then
    return reactions.read(quality.throw(nil, ctx.unit, label) + list:total(ctx), ctx.unit.type)
  end
  res.type_by_light = ctx.unit.type_by_light
  local base = quality.throw(res, ctx.unit, label)
  local applied, total = list:apply(ctx)
  core.add_modifiers(res, applied)
  reactions.finish(res, ctx.unit, base + total)
  if res.reaction == "rout" then M.apply_rout(res, ctx.unit, ctx.left) end
  return res
end

local function no_test(res, why, outcome)
  if not res then return nil end
  res.tested = false
  res.why = why
  res.outcome = outcome or "no_test"
  return res
end

local function percent(lost, total)
  return string.format("%d of %d (%g%%)", lost, total, math.floor(lost * 1000 / total + 0.5) / 10)
end

--- The Casualty Test (page 25) for `unit`, given this phase's losses (nil: not checked, the
--- test is taken as asked). args = {unit, figures_at_start?, current_figures?, losses?,
--- magic_losses?, killed?, time?, terrible?, options}.
---@return table result
function M.casualty_test(args)
  local unit = args.unit
  local res = core.result("casualty_test")
  res.unit = unit.name
  local total = args.figures_at_start or unit.figures
  local missiles, magic = args.losses, args.magic_losses or 0
  local left = M.after_losses(unit, args.killed, "killed")
  local lost = (missiles or 0) + magic
  if lost > total then
    core.fail("losses", string.format("%d figures lost (missiles and magic) but the unit had %d", lost, total))
  end
  if left.killed_specials > lost and (missiles ~= nil or magic > 0) then
    core.fail("killed", string.format("%d specials killed but only %d figures lost", left.killed_specials, lost))
  end
  res.figures_at_start, res.losses, res.magic_losses = total, missiles, magic
  res.figures_after = total - lost
  -- What the missile losses are measured against (table morale_readings): the figures when
  -- the phase began, or the current tabletop total (reported as current_figures).
  local base = total
  local on = data.morale_readings.rows.casualty_test_total.on
  if on == "current" then
    base = args.current_figures or total
    res.current_figures = base
  elseif on ~= "phase_start" then
    error("morale_readings.casualty_test_total: on is " .. core.show(on)
          .. " (want \"phase_start\" or \"current\")", 0)
  end
  local source = data.casualty_test_thresholds:source("missiles")
  if missiles == nil and magic == 0 then
    res.triggered = nil
    res.trigger = "not checked (no losses given): the test is taken as asked"
  elseif magic > 0 and over(data.casualty_test_thresholds, "magic", magic, total) then
    res.triggered = true
    res.trigger = string.format("%d casualties from magic (any magic casualty)", magic)
    source = data.casualty_test_thresholds:source("magic")
  elseif over(data.casualty_test_thresholds, "missiles", missiles or 0, base) then
    res.triggered = true
    res.trigger = percent(missiles, base) .. " lost to missiles: over 25%"
  else
    res.triggered = false
    res.trigger = percent(missiles or 0, base) .. " lost to missiles is not over 25%, and no magic casualties"
  end
  res.trigger_source = source
  if res.triggered == false then return no_test(res, res.trigger) end
  if lost == total and lost > 0 then
    return no_test(res, "every figure of the unit was lost: nothing is left to test", "annihilated")
  end
  res.tested = true
  local ctx = {
    unit = unit, left = left, time = args.time, terrible = args.terrible, options = args.options,
    turn_losses = lost, heavy = over(data.casualty_test_thresholds, "heavy", lost, total),
  }
  return take(res, data.casualty_test, ctx, "casualty test, " .. unit.name)
end

local lean_ctx = {}  -- an odds trial's Combat Test situation, used again

--- The Combat Test (page 34) for `unit`, given this combat phase's losses (nil: not checked,
--- the test is taken as asked). args = {unit, figures_at_start?, losses?, side_losses?,
--- enemy_losses?, killed?, standard_lost?, time?, fighting_terrible?, options, label?}.
--- `lean` (an odds trial): no result is built; returns the reaction, or nil for no test.
---@return table|string|nil result
function M.combat_test(args, lean)
  local unit = args.unit
  local res = not lean and core.result("combat_test") or nil
  local total = args.figures_at_start or unit.figures
  local lost = args.losses
  local left = M.after_losses(unit, args.killed, "killed", lean)
  if lost ~= nil and lost > total then
    core.fail("losses", string.format("%d figures lost but the unit had %d", lost, total))
  end
  if lost ~= nil and left.killed_specials > lost then
    core.fail("killed", string.format("%d specials killed but only %d figures lost", left.killed_specials, lost))
  end
  local side = args.side_losses or lost or 0
  if side < (lost or 0) then
    core.fail("side_losses", string.format("%d is less than the unit's own losses (%d)", side, lost))
  end
  local enemy_losses, standard_lost = args.enemy_losses or 0, args.standard_lost or false
  -- A captured standard is gone with its bearer (page 31).
  if standard_lost then left.standard = false end
  if res then
    res.unit = unit.name
    res.figures_at_start, res.losses, res.side_losses = total, lost, side
    res.enemy_losses = enemy_losses
    res.figures_after = total - (lost or 0)
    res.standard_lost = standard_lost
    res.trigger_source = data.combat_test_thresholds:source("tested")
  end
  if lost == nil then
    if res then
      res.triggered = nil
      res.trigger = "not checked (no losses given): the test is taken as asked"
    end
  elseif over(data.combat_test_thresholds, "tested", lost, total) then
    if res then
      res.triggered = true
      res.trigger = percent(lost, total) .. " lost in this combat phase"
    end
  else
    if not res then return nil end
    res.triggered = false
    res.trigger = "no casualties in this combat phase"
    return no_test(res, res.trigger)
  end
  if lost == total then
    return no_test(res, "every figure of the unit was lost: nothing is left to test", "annihilated")
  end
  if res then res.tested = true end
  local ctx = res and {} or lean_ctx
  ctx.unit, ctx.left, ctx.time, ctx.fighting_terrible = unit, left, args.time, args.fighting_terrible
  ctx.options, ctx.side_losses, ctx.enemy_losses, ctx.standard_lost = args.options, side, enemy_losses, standard_lost
  ctx.quarter = over(data.combat_test_thresholds, "quarter", lost or 0, total)
  ctx.heavy = over(data.combat_test_thresholds, "heavy", lost or 0, total)
  return take(res, data.combat_test, ctx, args.label or ("combat test, " .. unit.name))
end

-- ---------------------------------------------------------------------------------------
-- Input checking and the procedures.
-- ---------------------------------------------------------------------------------------

--- Checks a unit that is to test: a routed unit has left the table.
local function check_tester(u, path)
  local unit = units.check_unit(u, path)
  if unit.reaction == "rout" then core.fail(path .. ".reaction", "a routed unit has left the table and takes no test") end
  if unit.figures == 0 then core.fail(path .. ".figures", "a unit with no figures takes no test") end
  return unit
end

--- Checks {worth, strength} of one terrible creature.
local function check_creature(t, path)
  if t == nil then return nil end
  core.check_fields(t, { "worth", "strength" }, path)
  return { worth = core.check_int(t.worth, path .. ".worth", 0, 100, 1),
           strength = core.check_int(t.strength, path .. ".strength", -10, 10, 0) }
end

local function check_common(input, unit)
  local total = core.check_int(input.figures_at_start, "figures_at_start", 1, 1000, unit.figures)
  local losses = input.losses ~= nil and core.check_int(input.losses, "losses", 0, 1000) or nil
  return total, losses
end

M.procedures = {
  casualty_test = {
    doc = "the Casualty Test after missile or magic casualties: trigger, quality throw, modifiers, reaction applied (p.25)",
    fields = { "unit", "figures_at_start", "current_figures", "losses", "magic_losses", "killed", "time", "terrible" },
    odds = { { name = "reaction", path = "reaction", kind = "category" } },
    run = function(input, options)
      local unit = check_tester(input.unit, "unit")
      local total, losses = check_common(input, unit)
      -- The tabletop total now, when figures already left it this phase (morale_readings).
      local current = input.current_figures ~= nil
        and core.check_int(input.current_figures, "current_figures", 1, total) or nil
      return M.casualty_test {
        unit = unit, figures_at_start = total, current_figures = current, losses = losses,
        magic_losses = core.check_int(input.magic_losses, "magic_losses", 0, 1000, 0),
        killed = input.killed, time = core.check_time(input.time, "time"),
        terrible = core.check_terrible(input.terrible, "terrible"), options = options,
      }
    end,
  },
  combat_test = {
    doc = "the Combat Test of a unit that suffered casualties in a combat phase: quality throw, modifiers, reaction applied (p.34)",
    fields = { "unit", "figures_at_start", "losses", "side_losses", "enemy_losses", "killed",
               "standard_lost", "time", "fighting_terrible" },
    odds = { { name = "reaction", path = "reaction", kind = "category" } },
    run = function(input, options)
      local unit = check_tester(input.unit, "unit")
      local total, losses = check_common(input, unit)
      return M.combat_test {
        unit = unit, figures_at_start = total, losses = losses,
        side_losses = input.side_losses ~= nil and core.check_int(input.side_losses, "side_losses", 0, 10000) or nil,
        enemy_losses = core.check_int(input.enemy_losses, "enemy_losses", 0, 10000, 0),
        killed = input.killed, standard_lost = core.check_bool(input.standard_lost, "standard_lost", false),
        time = core.check_time(input.time, "time"),
        fighting_terrible = check_creature(input.fighting_terrible, "fighting_terrible"), options = options,
      }
    end,
  },
}

-- `test`: one entry point for the three reaction tests, by name (the REPL's test("casualty", u)).
M.tests = { casualty = "casualty_test", combat = "combat_test", threat = "threat_test" }

local function dispatch_fields()
  local seen, list = { test = true }, { "test" }
  for _, p in ipairs({ M.procedures.casualty_test, M.procedures.combat_test, threat.procedures.threat_test }) do
    for _, f in ipairs(p.fields) do
      if not seen[f] then seen[f] = true list[#list + 1] = f end
    end
  end
  return list
end

M.procedures.test = {
  doc = "a reaction test by name: test = \"casualty\" | \"combat\" | \"threat\", with that test's own fields",
  fields = dispatch_fields(),
  run = function(input, options)
    local kind = core.check_enum(input.test, { "casualty", "combat", "threat" }, "test")
    local name = M.tests[kind]
    local p = name == "threat_test" and threat.procedures.threat_test or M.procedures[name]
    local rest = {}
    for k, v in pairs(input) do
      if k ~= "test" then rest[k] = v end
    end
    core.check_fields(rest, p.fields, "input")
    return p.run(rest, options)
  end,
}

return M
