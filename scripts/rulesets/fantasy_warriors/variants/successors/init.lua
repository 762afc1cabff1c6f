--- HR-5 Successors for command (house-rules booklet page 5): applies the variant. Adds the
--- procedures `succession` and `successor_points` (succession.lua, HR-5.1) and
--- `reserve_takes_command` (reserve.lua, HR-5.2). Patches no list or table: the core
--- procedures run as before; these build on them through rules.modules.
local succession = require("succession")
local reserve = require("reserve")

local M = {}

--- Adds the procedures `succession`, `successor_points` and `reserve_takes_command`.
---@param rules table the variant's patch functions (registry patcher)
---@param options table {warchief_individuals_rout, army}
---@param context table {name, version, kind, source}
function M.apply(rules, options, context)
  rules.add_procedure("succession", succession.succession(rules, options))
  rules.add_procedure("successor_points", succession.points(rules))
  rules.add_procedure("reserve_takes_command", reserve.procedure(rules, options))
end

return M
