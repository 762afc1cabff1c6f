--- Fantasy Warriors quality throw (pages 20, 25, 29, 34): 1D plus the unit's quality
--- modifier, the base of the Threat, Casualty and Combat Tests and of expanding and
--- contracting. The modifiers are a table a variant can patch.
local core = require("core")

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

return M
