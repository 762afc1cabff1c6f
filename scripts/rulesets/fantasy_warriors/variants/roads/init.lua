--- HR-3 Roads (house-rules booklet page 3): applies the variant. Adds the procedure
--- road_movement (procedures.lua, data in roads.lua), and puts roads on the table: the rows
--- `dirt_road` and `cobbled_road` of the ruleset's table feature_rules (on_table.lua).
local procedures = require("procedures")
local on_table = require("on_table")

local M = {}

--- Adds the variant's procedures through `rules` (its patch functions).
function M.apply(rules, options, context)
  local P = procedures.procedures(rules.modules, options, context.name)
  rules.add_procedure("road_movement", P.road_movement)
  on_table.apply(rules, P, context.name)
end

return M
