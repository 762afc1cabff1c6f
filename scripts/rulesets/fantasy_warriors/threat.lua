--- Fantasy Warriors Phase One, Threat (pages 19-21): who may threaten and counter-threaten,
--- the Threat Test (quality throw + the modifier list "threat_test" + the reaction table),
--- and one threat exchange with the threatened side's choice to counter-threaten.
--- Uses muster.dice (through core), muster.choice. No randomness beyond muster.dice.
local core = require("core")
local units = require("units")
local quality = require("quality")
local reactions = require("reactions")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

M.range = 12  -- inches: a threat's target must be visible and within this (page 19)

-- Readings of points the book leaves open, one row each (a house rule sets a row:
-- docs/variants.md, HR-8). `in_combat`: what a unit in combat may do in Phase One (page 19
-- is silent), `threaten` (initiate: input in_combat) and `counter_threaten` (input
-- target_in_combat); any unit may be threatened. The core forbids initiating only, a
-- reading it took from the club's clarification.
data.threat_readings = core.define_table("threat_readings", {
  in_combat = { threaten = false, counter_threaten = true },
}, 19, { doc = "readings the book leaves open: whether a unit in combat may threaten or counter-threaten" })

--- Which terrible creature within 6in counts, given the enemy's and an ally's (each nil or
--- {worth =, strength =}). When both are near, the greater `by` wins; equal: neither.
---@return string|nil "enemy" | "ally"
function M.terrible_side(terrible, by)
  if not terrible then return nil end
  local enemy, ally = terrible.enemy, terrible.ally
  if enemy and not ally then return "enemy" end
  if ally and not enemy then return "ally" end
  if not enemy then return nil end
  if enemy[by] > ally[by] then return "enemy" end
  if ally[by] > enemy[by] then return "ally" end
  return nil
end

local function threat_terrible(ctx)
  local by = ctx.options.terrible_tiebreak
  if by == "as_printed" then by = "worth" end  -- the Threat Test prints "highest worth"
  return M.terrible_side(ctx.terrible, by)
end

--- Heralds acting as the unit's musicians (page 8): each herald with the unit counts while
--- his warchief or battle leader is with it too (heralds serve only in contact with him).
---@param u table checked unit
---@return integer
function M.herald_musicians(u)
  if not (units.has_role(u, "battle_leader") or units.has_role(u, "warchief")) then return 0 end
  local n = 0
  for _, ind in ipairs(u.individuals) do if ind.role == "herald" then n = n + 1 end end
  return n
end

data.threat_test = core.define_list("threat_test", {
  { id = "enemy_musicians", page = 20, reason = "each musician in the threatening unit",
    value = function(c) return -c.threatener.musicians end },
  { id = "enemy_herald", page = 8, reason = "each herald with his battle leader in the threatening unit acts as its musician",
    when = function(c) return c.threatener.individuals[1] ~= nil end,
    value = function(c) return -M.herald_musicians(c.threatener) end },
  { id = "enemy_worth", page = 20, value = -1,
    reason = "the threatening unit has greater (or equal) total worth",
    when = function(c) return units.worth(c.threatener) >= units.worth(c.unit) end },
  { id = "bad_light", page = 20, value = -1, reason = "your unit is enduring bad light",
    when = function(c) return units.bad_light(c.unit, c.time) end },
  { id = "enemy_terrible", page = 20, value = -1, reason = "an enemy terrible creature within 6in",
    when = function(c) return threat_terrible(c) == "enemy" end },
  { id = "shaken", page = 20, value = -2, reason = "your unit is shaken",
    when = function(c) return c.unit.reaction == "shaken" end },
  { id = "hero", page = 20, value = 1, reason = "a hero is in base contact with your unit",
    when = function(c) return c.unit.hero end },
  { id = "musicians", page = 20, value = 1, reason = "your unit has musicians",
    when = function(c) return c.unit.musicians > 0 end },
  { id = "herald", page = 8, value = 1, reason = "a herald with his battle leader acts as your unit's musician",
    when = function(c) return c.unit.individuals[1] ~= nil and c.unit.musicians == 0 and M.herald_musicians(c.unit) > 0 end },
  { id = "allied_terrible", page = 20, value = 1, reason = "an allied terrible creature within 6in",
    when = function(c) return threat_terrible(c) == "ally" end },
  { id = "standard", page = 20, value = 1, reason = "your unit has a standard bearer",
    when = function(c) return c.unit.standard end },
  { id = "leader", page = 20, value = 1, reason = "your unit has a leader",
    when = function(c) return c.unit.leader end },
  { id = "bloodlust", page = 20, value = 2, reason = "your unit is in bloodlust",
    when = function(c) return c.unit.reaction == "bloodlust" end },
}, { page = 20, doc = "the Threat Test: added to the quality throw",
  context = {
    options = "table: the ruleset's options",
    terrible = "{enemy = {worth, strength}?, ally = {...}?}|nil: terrible creatures within 6in",
    threatener = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the threatening unit",
    time = "\"day\"|\"night\"|nil: the half of the time dial",
    unit = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the unit taking the test",
  } })

--- Why `unit` may not initiate a threat against a target at `distance` inches, or nil.
function M.why_not_initiate(unit, distance, visible, in_combat)
  if unit.type ~= "tribal" and unit.type ~= "fanatic" then
    return "only tribal or fanatic units initiate threat (this unit is " .. unit.type .. ")"
  end
  if unit.reaction ~= "ok" then return "a unit in " .. unit.reaction .. " cannot threaten" end
  -- in combat: table threat_readings (the core forbids it)
  if in_combat and not data.threat_readings.rows.in_combat.threaten then
    return "a unit in combat cannot threaten"
  end
  if visible == false then return "the target is not visible" end
  if distance ~= nil and distance > M.range then
    return string.format("the target is %gin away, beyond %din", distance, M.range)
  end
  return nil
end

--- Why checked unit `unit` (at the type of the light: units.at_time) may not counter-threaten,
--- or nil (page 19): it must have passed its Threat Test (`passed`), not be stupid, and not
--- be in combat where the table threat_readings forbids it.
---@return string|nil
function M.why_no_counter_threat(unit, passed, in_combat)
  if not passed then return "it did not pass its Threat Test (p.19)" end
  if unit.type == "stupid" then return "a stupid unit never counter-threatens (p.19)" end
  if in_combat and not data.threat_readings.rows.in_combat.counter_threaten then
    return "a unit in combat cannot counter-threaten (" .. data.threat_readings:source("in_combat") .. ")"
  end
  return nil
end

--- Whether a unit that took a Threat Test may counter-threaten (page 19): it passed (OK
--- and no adverse reaction) and is not stupid.
function M.may_counter_threaten(unit, res)
  return M.why_no_counter_threat(unit, res.reaction == "ok" and res.unit_reaction == "ok", false) == nil
end

--- The Threat Test of `unit` threatened by `threatener` (both checked unit tables).
---@param args table {unit, threatener, time?, terrible?, options}
function M.test(args)
  local res = core.result("threat_test")
  res.unit = args.unit.name
  res.threatener = args.threatener.name
  -- The types of the light (Goblins are fanatic at night, p.14), in a copy of args.
  local ctx = args
  local unit, threatener = units.at_time(args.unit, args.time), units.at_time(args.threatener, args.time)
  if unit ~= args.unit or threatener ~= args.threatener then
    ctx = {}
    for k, v in pairs(args) do ctx[k] = v end
    ctx.unit, ctx.threatener = unit, threatener
  end
  res.type_by_light = unit.type_by_light
  local base = quality.throw(res, ctx.unit, "threat test, " .. ctx.unit.name)
  local applied, total = data.threat_test:apply(ctx)
  core.add_modifiers(res, applied)
  return reactions.finish(res, ctx.unit, base + total)
end

--- One threat exchange: `target` tests against `threatener`; if it passes and may, its side
--- is asked whether to counter-threaten, and then `threatener` tests against `target`.
---@param args table {threatener, target, time?, distance?, visible?, in_combat?, target_in_combat?,
---                   terrible_near_target?, terrible_near_threatener?, target_side?, options}
function M.exchange(args)
  local threatener = units.at_time(args.threatener, args.time)
  local why = M.why_not_initiate(threatener, args.distance, args.visible, args.in_combat)
  if why then core.fail("threatener", why) end
  local res = { procedure = "threat" }
  res.test = M.test { unit = args.target, threatener = args.threatener, time = args.time,
                      terrible = args.terrible_near_target, options = args.options }
  res.counter_threat = false
  local may = M.may_counter_threaten(units.at_time(args.target, args.time), res.test)
  if may and args.target_in_combat and not data.threat_readings.rows.in_combat.counter_threaten then
    may = false
    res.no_counter_threat = "a unit in combat cannot counter-threaten (" .. data.threat_readings:source("in_combat") .. ")"
  end
  if may then
    local answer, by = muster.choice.get {
      side = args.target_side or "defender", question = "counter_threaten",
      prompt = args.target.name .. " passed: counter-threaten " .. args.threatener.name .. "?",
      options = { "no", "yes" },
    }
    res.counter_threat_chosen_by = by
    if answer == "yes" then
      res.counter_threat = true
      res.counter_test = M.test { unit = args.threatener, threatener = args.target, time = args.time,
                                  terrible = args.terrible_near_threatener, options = args.options }
    end
  end
  res.outcome = res.test.reaction .. (res.counter_test and ("/" .. res.counter_test.reaction) or "")
  return res
end

M.procedures = {
  threat_test = {
    doc = "one Threat Test: a threatened unit's quality throw, modifiers and reaction (p.20)",
    fields = { "unit", "threatener", "time", "terrible" },
    odds = { { name = "reaction", path = "reaction", kind = "category" } },
    run = function(input, options)
      return M.test {
        unit = units.check_unit(input.unit, "unit"),
        threatener = units.check_unit(input.threatener, "threatener"),
        time = core.check_time(input.time, "time"),
        terrible = core.check_terrible(input.terrible, "terrible"),
        options = options,
      }
    end,
  },
  threat = {
    doc = "a threat exchange: the target's test, its choice to counter-threaten, the threatener's test (p.19-21)",
    fields = { "threatener", "target", "time", "distance", "visible", "in_combat", "target_in_combat",
               "terrible_near_target", "terrible_near_threatener", "target_side" },
    odds = { { name = "target_reaction", path = "test.reaction", kind = "category" },
             { name = "threatener_reaction", path = "counter_test.reaction", kind = "category" } },
    run = function(input, options)
      return M.exchange {
        threatener = units.check_unit(input.threatener, "threatener"),
        target = units.check_unit(input.target, "target"),
        time = core.check_time(input.time, "time"),
        distance = input.distance ~= nil and core.check_number(input.distance, "distance", 0) or nil,
        visible = core.check_bool(input.visible, "visible", true),
        in_combat = core.check_bool(input.in_combat, "in_combat", false),
        target_in_combat = core.check_bool(input.target_in_combat, "target_in_combat", false),
        terrible_near_target = core.check_terrible(input.terrible_near_target, "terrible_near_target"),
        terrible_near_threatener = core.check_terrible(input.terrible_near_threatener, "terrible_near_threatener"),
        target_side = input.target_side,
        options = options,
      }
    end,
  },
}

return M
