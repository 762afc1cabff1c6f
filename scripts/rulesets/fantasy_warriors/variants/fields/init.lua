--- HR-2 Fields by season (house-rules booklet page 3): applies the variant. Adds the
--- procedure field_effect (procedures.lua, data in fields.lua), and puts fields on the table:
--- the row `field` of the ruleset's table feature_rules (on_table.lua). The cover it reports
--- is the core kill throw's `cover` input.
local procedures = require("procedures")
local on_table = require("on_table")

local M = {}

--- Adds the variant's procedures through `rules` (its patch functions).
function M.apply(rules, options, context)
  local P = procedures.procedures(rules.modules, options, context.name)
  rules.add_procedure("field_effect", P.field_effect)
  on_table.apply(rules, P, context.name)
end

return M
