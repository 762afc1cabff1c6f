--- Troop classes for a checked unit, as the club's house rules (HR-1 to HR-3) name them:
--- infantry, cavalry and individuals come from the profile (mounted; figures 0 with
--- characters), the house classes (war machine, chariot, animal, swarm, monster: no core
--- column, house-rules dependency D4) from an input `class` or a keyword naming one;
--- unit_and_class checks a procedure's unit input with its class. Read by variants through
--- rules.modules.troops. No rules, no dice.
local core = require("core")
local units = require("units")

local M = {}

--- The house classes an input `class` (or a unit keyword) may name.
M.house = { "war_machine", "chariot", "animal", "swarm", "monster" }

--- How rule texts name each class in the plural.
M.plural = { infantry = "infantry", cavalry = "cavalry", individual = "individuals", war_machine = "war machines",
             chariot = "chariots", animal = "animals", swarm = "swarms", monster = "monsters" }

local is_house = {}
for _, c in ipairs(M.house) do is_house[c] = true end

--- The class of checked unit `u`: `class` when given, else the house class one of its
--- keywords names, else "individual" (no figures, characters only), "cavalry" (mounted) or
--- "infantry". Fails naming `path` (the input field of `class`).
---@param core table the ruleset's core (fail, show)
---@param u table a checked unit (units.check_unit)
---@param class string|nil the input's class
---@param path string
---@return string class
function M.class_of(core, u, class, path)
  if class ~= nil then
    if not is_house[class] then
      core.fail(path, string.format("%s is not one of %s (infantry, cavalry and individuals come from the unit: mounted, or figures 0 with individuals)",
        core.show(class), table.concat(M.house, ", ")))
    end
    return class
  end
  local found
  if type(u.keywords) == "table" then
    for _, c in ipairs(M.house) do
      if u.keywords[c] then
        if found then core.fail(path, string.format("missing: the unit's keywords name two classes (%s, %s): give one", found, c)) end
        found = c
      end
    end
  end
  if found then return found end
  if u.figures == 0 then
    if #u.individuals == 0 then core.fail("unit.figures", "0 figures and no individuals: nothing to move") end
    return "individual"
  end
  if u.mounted then return "cavalry" end
  return "infantry"
end

--- Checks the unit input[field] (units.check_unit) and its class, input[class_field]
--- (M.class_of). Errors name the fields.
---@param input table a procedure's input
---@param field string the unit's field ("unit", "target")
---@param class_field string the field of its class ("class", "target_class")
---@return table unit the checked unit
---@return string class
function M.unit_and_class(input, field, class_field)
  local u = units.check_unit(input[field], field)
  return u, M.class_of(core, u, input[class_field], class_field)
end

--- Whether `u` wears heavy or extra-heavy armour (the booklet's "H or XH").
---@param u table a checked unit
---@return boolean
function M.heavy(u)
  return u.armour == "heavy" or u.armour == "extra_heavy"
end

--- Whether `u` wears extra-heavy armour.
---@param u table a checked unit
---@return boolean
function M.extra_heavy(u)
  return u.armour == "extra_heavy"
end

local long = { spear = true, lance = true, pike = true }

--- Whether `u` carries spears, lances or pikes: the unit's weapon, or for a unit of
--- characters only, any character's.
---@param u table a checked unit
---@return boolean
function M.long_weapon(u)
  if u.figures == 0 then
    for _, ind in ipairs(u.individuals) do
      if long[ind.weapon] then return true end
    end
    return false
  end
  return long[u.weapon] == true
end

--- The MOV of `u` in inches: the unit's, or for characters only, the slowest one's.
---@param u table a checked unit
---@return number
function M.movement(u)
  if u.figures == 0 then
    local slowest
    for _, ind in ipairs(u.individuals) do
      if slowest == nil or ind.movement < slowest then slowest = ind.movement end
    end
    return slowest
  end
  return u.movement
end

--- The kinds the seasonal terrain of the house rules (fields, roads) tells apart: infantry in
--- heavy armour or with pikes, lances or spears ("heavy_or_long_infantry"), cavalry in heavy
--- armour ("heavy_cavalry"), else the class itself.
---@param class string M.class_of's
---@param u table a checked unit
---@return string kind
function M.seasonal_kind(class, u)
  if class == "infantry" and (M.heavy(u) or M.long_weapon(u)) then return "heavy_or_long_infantry" end
  if class == "cavalry" and M.heavy(u) then return "heavy_cavalry" end
  return class
end

return M
