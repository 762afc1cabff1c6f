--- HR-11 Sieges (house-rules booklet page 12): applies the variant. Adds the procedures
--- siege_terrain and siege_defences (procedures.lua, data in sieges.lua), and puts the
--- defences on the table: rows `palisade`, `chevaux_de_frise` and `pit` of the ruleset's table
--- feature_rules (on_table.lua). The core's scouting and deployment procedures stay as they
--- are, and the results say that the defender deploys first.
local procedures = require("procedures")
local on_table = require("on_table")

local M = {}

--- Adds the variant's procedures through `rules` (its patch functions).
function M.apply(rules, options, context)
  local P = procedures.procedures(rules, context.name)
  rules.add_procedure("siege_terrain", P.siege_terrain)
  rules.add_procedure("siege_defences", P.siege_defences)
  on_table.apply(rules, context.name)
end

return M
