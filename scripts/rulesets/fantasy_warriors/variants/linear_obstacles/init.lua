--- HR-1 Linear obstacles (house-rules booklet page 2): applies the variant. Adds the
--- procedures obstacle_crossing, obstacle_cover, obstacle_sight and dismantle
--- (procedures.lua, data in obstacles.lua). Changes no list or table of the ruleset: the
--- cover it reports is the core kill throw's `cover` input. Positions wait for the table.
local procedures = require("procedures")

local M = {}

--- Adds the variant's procedures through `rules` (its patch functions).
function M.apply(rules, options, context)
  local P = procedures.procedures(rules.modules, options, context.name)
  for _, name in ipairs({ "obstacle_crossing", "obstacle_cover", "obstacle_sight", "dismantle" }) do
    rules.add_procedure(name, P[name])
  end
end

return M
