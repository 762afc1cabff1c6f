--- What the club's terrain house rules (HR-1 linear obstacles, HR-2 fields, HR-3 roads,
--- HR-11 sieges) share: the season a call plays in, the core's rule that flyers ignore
--- difficult terrain (p.29), the movement effects with their half-move modifier, and the
--- kill throw's cover values, read from the shooting area's list shooting_kill. Read by the
--- variants through rules.modules.terrain. Declares no rule data; no dice.
local core = require("core")
local shooting = require("shooting")

local M = {}

--- The seasons, in the year's order: the variants' option and input `season`.
M.seasons = { "spring", "summer", "autumn", "winter" }

--- A length in inches as rule texts print it ("4", "2.5").
---@param n number
---@return string
function M.inches(n)
  return string.format("%g", n)
end

--- The season a call plays in: the input's `v`, else the variant's option when it is set.
--- Returns the season and where it came from ("input", "option"). Fails naming the input
--- field `season` when neither gives one.
---@param v string|nil the input's season
---@param option string the variant's option `season`: "unset" or a season
---@param variant string the variant's name, which names its option in the message
---@return string season
---@return string from
function M.season(v, option, variant)
  if v == nil then
    if option == "unset" then
      core.fail("season", "missing: give the season (" .. table.concat(M.seasons, ", ") ..
                "), set the option " .. variant .. ".season, or give the scenario a season")
    end
    return option, "option"
  end
  return core.check_enum(v, M.seasons, "season"), "input"
end

--- Whether checked unit `u` flies. When it does, sets res.rule and res.rule_source to the
--- core's rule that a flyer in the air ignores difficult terrain (p.29), passing over
--- `what` when given ("wall").
---@param res table the result
---@param u table a checked unit
---@param what string|nil the terrain it passes over
---@return boolean
function M.flies_over(res, u, what)
  if not u.flying then return false end
  res.rule = "a flying unit in the air ignores difficult terrain" .. (what and (" and passes over the " .. what) or "")
  res.rule_source = core.ruleset .. " p.29"
  return true
end

--- Caps result `res` of a unit of MOV `mov` at half its move: res.allowance, and the
--- modifier `id` taking off the other half, with `reason` and `source`.
---@param res table the result
---@param mov number the unit's MOV in inches
---@param id string the modifier's id
---@param source string the modifier's source ("fields p.3")
---@param reason string
function M.halve_move(res, mov, id, source, reason)
  res.allowance = mov / 2
  core.add_modifiers(res, { { id = id, value = -(mov - mov / 2), source = source, reason = reason } })
end

--- The movement effects of seasonal terrain (fields, winter roads): "none";
--- "half_or_disorganised" (the core's difficult terrain, p.27: at most half the MOV, or
--- further and disorganised); "half_and_disorganised" (at most half, and disorganised);
--- "half" (at most half, no choice).
M.effects = { "none", "half_or_disorganised", "half_and_disorganised", "half" }

local halves = { half = true, half_and_disorganised = true }
local disorganises = { half_or_disorganised = "over_half", half_and_disorganised = "always" }

--- Applies movement effect `effect` to result `res` of a unit of MOV `mov`: res.allowance
--- (the most it may move), res.disorganises ("never", "over_half", "always") and, when the
--- effect halves the move, the modifier `id` "<where>: at most half the move (<n>in)".
--- Returns the effect as the outcome says it.
---@param res table the result
---@param effect string one of M.effects
---@param mov number the unit's MOV in inches
---@param id string the half-move modifier's id
---@param where string the terrain as the modifier's reason names it ("ploughed field")
---@param source string the modifier's source
---@return string outcome
function M.apply_effect(res, effect, mov, id, where, source)
  local half = M.inches(mov / 2)
  res.allowance = mov
  res.disorganises = disorganises[effect] or "never"
  if halves[effect] then
    M.halve_move(res, mov, id, source, string.format("%s: at most half the move (%sin)", where, half))
  end
  if effect == "half_or_disorganised" then return "half movement or disorganised: at most " .. half .. "in organised" end
  if effect == "half_and_disorganised" then return "half movement and disorganised: at most " .. half .. "in" end
  if effect == "half" then return "half movement: at most " .. half .. "in" end
  return "no effect"
end

--- The value the core's shooting kill throw gives cover `kind` ("soft", "hard"): the entry
--- <kind>_cover of the shooting area's list shooting_kill, so a variant's patch shows here
--- too; 0 when there is no such entry or its value is a function.
---@param kind string
---@return number
function M.cover_value(kind)
  local e = shooting.data.shooting_kill.index[kind .. "_cover"]
  if e and type(e.value) == "number" then return e.value end
  return 0
end

--- Where the cover entry of `kind` ("soft", "hard") is written: "fantasy_warriors p.23", or
--- its variant's when one replaced it.
---@param kind string
---@return string
function M.cover_source(kind)
  local e = shooting.data.shooting_kill.index[kind .. "_cover"]
  return e and core.source_text(e) or core.ruleset
end

return M
