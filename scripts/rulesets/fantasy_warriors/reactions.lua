--- Fantasy Warriors reaction table (pages 20, 25, 34: printed three times, identical) and
--- the rules for applying a reaction: a new reaction replaces the old one, an OK result
--- leaves an existing reaction in place, a shaken unit is also disorganised.
local core = require("core")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- Lowest score for each reaction by type; below `shaken` (or below `ok` when a type is
-- never shaken) is ROUT. Stupid units are never shaken (docs/rules-assumptions.md).
data.reaction = core.define_table("reaction", {
  disciplined = { bloodlust = 10, ok = 3, shaken = 1 },
  tribal = { bloodlust = 7, ok = 4, shaken = 2 },
  fanatic = { bloodlust = 6, ok = 4, shaken = 2 },
  stupid = { bloodlust = 6, ok = 4 },
}, 20)

--- Reads the table: the reaction for a final score and a unit type.
---@return string reaction "bloodlust" | "ok" | "shaken" | "rout"
function M.read(score, unit_type)
  local row = data.reaction.rows[unit_type]
  if score >= row.bloodlust then return "bloodlust" end
  if score >= row.ok then return "ok" end
  if row.shaken and score >= row.shaken then return "shaken" end
  return "rout"
end

--- Applies a test's reaction to a unit's state, returning the new reaction and whether it
--- is disorganised. OK is not a reaction: it keeps what the unit had.
function M.apply(unit, reaction)
  local now = unit.reaction
  local disorganised = unit.disorganised
  if reaction ~= "ok" then now = reaction end
  if reaction == "shaken" then disorganised = true end
  return now, disorganised
end

--- Finishes a test result: reads the reaction, applies it and records both.
function M.finish(res, unit, score)
  res.score = score
  res.reaction = M.read(score, unit.type)
  res.reaction_source = data.reaction:source(unit.type)
  res.unit_reaction, res.disorganised = M.apply(unit, res.reaction)
  res.outcome = res.reaction
  return res
end

return M
