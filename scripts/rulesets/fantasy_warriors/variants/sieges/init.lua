--- HR-11 Sieges (house-rules booklet page 12): applies the variant. Adds the procedures
--- siege_terrain and siege_defences (procedures.lua, data in sieges.lua). Changes no list or
--- table of the ruleset; the core's scouting and deployment procedures stay as they are, and
--- the results say that the defender deploys first.
local procedures = require("procedures")

local M = {}

--- Adds the variant's procedures through `rules` (its patch functions).
function M.apply(rules, options, context)
  local P = procedures.procedures(rules, context.name)
  rules.add_procedure("siege_terrain", P.siege_terrain)
  rules.add_procedure("siege_defences", P.siege_defences)
end

return M
