--- HR-3 Roads (house-rules booklet page 3): applies the variant. Adds the procedure
--- road_movement (procedures.lua, data in roads.lua). Changes no list or table of the
--- ruleset.
local procedures = require("procedures")

local M = {}

--- Adds the variant's procedures through `rules` (its patch functions).
function M.apply(rules, options, context)
  local P = procedures.procedures(rules.modules, options, context.name)
  rules.add_procedure("road_movement", P.road_movement)
end

return M
