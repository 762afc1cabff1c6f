--- The combat area's casualties entry point, kept for man_to_man.lua (which requires it for
--- `choose` and `saving_throw`). Both are casualties.lua's, the saving throw with the combat
--- phase's dice (page 33, combat.lua's `casualty_phase`). No rules of its own: new code
--- requires "casualties" directly.
local casualties = require("casualties")
local combat = require("combat")

local M = {}

M.choose = casualties.choose

--- One saving throw into `res` with the combat phase's dice (casualties.saving_throw).
---@param res table the result the dice are recorded into
---@param into table a table with a `saves` array
---@param name string the figure
---@param save integer its SAV
---@param against string what the save is against, for people
---@return boolean saved
function M.saving_throw(res, into, name, save, against)
  return casualties.saving_throw(res, into, name, save, against, combat.casualty_phase.throws)
end

return M
