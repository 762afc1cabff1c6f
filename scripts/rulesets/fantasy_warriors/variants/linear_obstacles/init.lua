--- HR-1 Linear obstacles (house-rules booklet page 2): applies the variant. Adds the
--- procedures obstacle_crossing, obstacle_cover, obstacle_sight and dismantle
--- (procedures.lua, data in obstacles.lua), and puts the six obstacles on the table: rows of
--- the ruleset's tables feature_rules and line_of_sight (on_table.lua), so that a move, a
--- line of sight and a shot measured on a laid-out table meet them. The cover it reports is
--- the core kill throw's `cover` input.
local procedures = require("procedures")
local on_table = require("on_table")

local M = {}

--- Adds the variant's procedures through `rules` (its patch functions).
function M.apply(rules, options, context)
  local P = procedures.procedures(rules.modules, options, context.name)
  for _, name in ipairs({ "obstacle_crossing", "obstacle_cover", "obstacle_sight", "dismantle" }) do
    rules.add_procedure(name, P[name])
  end
  on_table.apply(rules, P, context.name)
end

return M
