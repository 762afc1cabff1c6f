--- Fantasy Warriors quality throw (pages 20, 25, 29, 34): 1D plus the unit's quality
--- modifier, the base of the Threat, Casualty and Combat Tests and of expanding and
--- contracting. The modifiers are a table a variant can patch.
local core = require("core")
local units = require("units")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- Quality modifiers. Unpredictable troops add +3 on a natural 4-6 and -3 on 1-3.
data.quality = core.define_table("quality", {
  elite = { value = 2, reason = "elite" },
  veteran = { value = 1, reason = "veteran" },
  average = { value = 0, reason = "average" },
  poor = { value = -1, reason = "poor" },
  unpredictable = { low = -3, high = 3, high_from = 4, reason = "unpredictable" },
}, 20)

--- Makes a quality throw for `unit` into `res`: records the die and the quality modifier.
---@return integer score die + quality modifier
function M.throw(res, unit, label)
  local die
  if res then die = core.d6(res, label or ("quality throw, " .. unit.name))
  else die = muster.dice.roll_sum("1d6", label or "quality throw") end  -- an odds trial: nothing recorded
  local row = data.quality.rows[unit.quality]
  local value = row.value
  if value == nil then value = die >= row.high_from and row.high or row.low end
  if res and value ~= 0 then
    res.modifiers[#res.modifiers + 1] = {
      id = "quality", value = value, reason = row.reason .. " (quality throw)",
      source = data.quality:source(unit.quality),
    }
  end
  if res then res.quality_throw = die + value end
  return die + value
end

M.procedures = {
  quality_throw = {
    doc = "the Quality Throw on its own: 1D + the unit's quality modifier (elite +2, veteran +1, average 0, poor -1, unpredictable +3 on 4-6 and -3 on 1-3), the base of the Threat, Casualty and Combat Tests and of expanding and contracting (p.20, 25, 29, 34)",
    fields = { "unit", "quality", "purpose" },
    odds = { { name = "score", path = "score", kind = "count" } },
    run = function(input)
      local unit
      if input.unit ~= nil then
        if input.quality ~= nil then core.fail("quality", "give the unit or its quality, not both") end
        unit = units.check_unit(input.unit, "unit")
      elseif input.quality ~= nil then
        unit = { name = tostring(input.quality), quality = input.quality }
        local qualities = {}
        for _, q in ipairs({ "elite", "veteran", "average", "poor", "unpredictable" }) do
          if type(data.quality.rows[q]) == "table" then qualities[#qualities + 1] = q end
        end
        if type(input.quality) ~= "string" or type(data.quality.rows[input.quality]) ~= "table" then
          core.check_enum(input.quality, qualities, "quality")
        end
      else
        core.fail("unit", "missing (a unit, or its quality)")
      end
      local purpose = input.purpose
      if purpose ~= nil and (type(purpose) ~= "string" or purpose == "") then core.fail("purpose", "a short text expected") end
      local res = core.result("quality_throw")
      res.unit, res.quality, res.purpose = input.unit ~= nil and unit.name or nil, unit.quality, purpose
      res.source = data.quality:source(unit.quality)
      res.score = M.throw(res, unit, (purpose or "quality throw") .. ", " .. unit.name)
      res.die = res.score - (res.modifiers[1] and res.modifiers[1].value or 0)
      res.outcome = tostring(res.score)
      return res
    end,
  },
}

return M
