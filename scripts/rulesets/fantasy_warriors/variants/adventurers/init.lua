--- HR-9 Adventurers (house-rules booklet pages 9-10): applies the variant. Adds the procedure
--- `adventurer` (creation.lua, HR-9.1), the ability procedures of abilities.lua (HR-9.3), the
--- rows of the core's hooks (fighting_abilities, shooting_targets, individual_roles) and the threat_test modifier
--- adventurer_presence. The classes (HR-9.2) are data in classes.lua.
local creation = require("creation")
local abilities = require("abilities")

local M = {}

--- Adds the procedures and the Presence modifier.
---@param rules table the variant's patch functions (registry patcher)
---@param options table none
---@param context table {name, version, kind, source}
function M.apply(rules, options, context)
  rules.add_procedure("adventurer", creation.procedure(rules))
  local P = abilities.procedures(rules)
  for _, name in ipairs({ "heal", "enthuse", "control", "steal_item", "practiced_combat", "killing_blow" }) do
    rules.add_procedure(name, P[name])
  end
  abilities.add_rows(rules)
  abilities.add_presence(rules)
end

return M
