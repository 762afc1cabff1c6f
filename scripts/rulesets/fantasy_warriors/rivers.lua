--- Fantasy Warriors rivers (page 27): the wading throw (1D + STR - the river's strength, table
--- `wading`), its losses shared out by shooting's casualties (kills to specials, saving throws:
--- casualties.lua, page 24), a lone individual's own save, and what a wading unit may not do.
--- Owns the procedure `wade`; `move` (movement.lua) calls M.wade for a move that wades.
--- Randomness only through muster.dice.
local core = require("core")
local explain = require("explain")
local units = require("units")
local morale = require("morale")      -- table command_test_roles: whose death sets counters
local shooting = require("shooting")  -- the casualties of page 24 and its throws
local casualties = require("casualties")

local M = {}

-- The order --explain tells the result in.
explain.order.wade = { "unit", "strength", "river_strength", "die", "score", "row", "row_source", "crosses", "stuck",
  "position", "kills", "losses", "killed", "while_wading" }
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- A river's strength, agreed before the battle (page 27).
data.rivers = core.define_table("rivers", {
  strength = { min = 1, max = 10 },
}, 27, { doc = "a river's strength: min..max, agreed before the battle" })

-- The wading table (page 27), a row per score: "1" is 1 or more; `losses` the part of the
-- unit lost (rounded down), `crosses` whether it gets across (at half speed), `stuck` in the
-- middle (and `test_again` next Movement phase). Every row disorganises. `below` is a score
-- of -4 or less, which the book does not print: read as row `as` ([unknown], the worst row).
data.wading = core.define_table("wading", {
  ["1"] = { crosses = true, losses = 0, text = "crosses at half speed" },
  ["0"] = { crosses = true, losses = 1 / 4, text = "crosses at half speed, loses a quarter" },
  ["-1"] = { crosses = false, losses = 1 / 4, text = "cannot cross, loses a quarter" },
  ["-2"] = { crosses = false, losses = 1 / 2, text = "cannot cross, loses half" },
  ["-3"] = { crosses = false, stuck = true, test_again = true, losses = 1 / 2,
             text = "stuck in the middle, loses half, tests again next Movement phase" },
  below = { as = "-3", doc = "a score of -4 or less, not printed: read as this row" },
}, 27, { doc = "the wading throw: rows \"1\" (1 or more) to \"-3\" {crosses, losses (a fraction, rounded down), stuck?, test_again?}; below = {as = row} for -4 or less" })

--- What a unit may not do while it wades (page 27), as results list it.
M.while_wading = {
  "the unit cannot shoot",
  "the unit cannot fight in combat",
  "its individuals cannot use their powers",
  "its battle leader cannot accept new orders",
}

--- The row of the wading table for `score`: its key and the row (a score below the printed
--- rows reads the row `below.as` names).
---@param score integer
---@return string key
---@return table row
function M.row(score)
  local rows = data.wading.rows
  if score >= 1 then return "1", rows["1"] end
  if rows[tostring(score)] then return tostring(score), rows[tostring(score)] end
  return rows.below.as, rows[rows.below.as]
end

local function fraction_text(f)
  if f == 0 then return "none" end
  if f == 1 / 4 then return "a quarter" end
  if f == 1 / 2 then return "half" end
  return string.format("%g", f)
end

--- The wading throw of checked unit `u` into a river of strength `river` (page 27), into a
--- new result. args = {unit, river_strength, stuck?, side?, owner?, options}: `stuck` the
--- unit is stuck in the middle and tests again; `side` answers the kills-to-specials choices
--- (the river is nobody's: default "river"). A unit of characters only is one lone
--- individual, who rolls with his own STR and saves against a loss.
---@return table res
function M.wade(args)
  local u = args.unit
  local res = core.result("wade")
  res.unit, res.river_strength = u.name, args.river_strength
  local alone = u.figures == 0
  if alone and #u.individuals ~= 1 then
    core.fail("unit.individuals", "a unit of characters only wades one individual at a time (each rolls for himself)")
  end
  local who = alone and u.individuals[1] or u
  res.strength = who.strength
  res.die = core.d6(res, "wading, " .. u.name)
  res.score = res.die + who.strength - args.river_strength
  local key, row = M.row(res.score)
  res.row, res.row_source = key, data.wading:source(key)
  if key ~= "1" and tostring(res.score) ~= key then
    res.row_reading = string.format("a score of %d is not in the table: read as %s (proposed)", res.score, key)
  end
  res.stuck_before = args.stuck == true
  res.crosses, res.stuck, res.test_again = row.crosses == true, row.stuck == true, row.test_again == true
  res.position = res.crosses and "across" or (res.stuck and "middle" or "near_bank")
  res.half_speed = res.crosses
  res.disorganised = true
  res.losses_part = fraction_text(row.losses)
  res.command_test_markers = {}
  if alone then
    res.individual = who.name
    res.killed, res.saves = {}, {}
    res.losses = 0
    if row.losses > 0 then
      -- An individual alone saves against the loss (page 27); with no saving throw he drowns.
      local saved = who.save and casualties.saving_throw(res, res, who.name, who.save, "wading losses",
                                                         shooting.data.shooting_throws)
      res.individual_killed = not saved
      if res.individual_killed then
        res.killed[1] = who.name
        if morale.data.command_test_roles.rows[who.role] then
          res.command_test_markers[1] = { name = who.name, role = who.role, event = "killed" }
        end
      end
    end
  else
    res.kills = math.floor(u.figures * row.losses)
    if res.kills > 0 then
      shooting.casualties(res, { target = u, kills = res.kills, side = args.side, options = args.options })
    else
      res.losses, res.killed = 0, {}
    end
  end
  res.wading = res.crosses or res.stuck
  res.while_wading = res.wading and M.while_wading or {}
  local parts = { row.text }
  if alone and row.losses > 0 then parts[#parts + 1] = res.individual_killed and (who.name .. " drowns") or (who.name .. " saves") end
  if not alone and res.kills > 0 then parts[#parts + 1] = string.format("%d figure%s lost", res.losses, res.losses == 1 and "" or "s") end
  parts[#parts + 1] = "disorganised"
  res.outcome = table.concat(parts, "; ")
  return res
end

--- Checks a river strength input.
---@param v any
---@param path string
---@return integer
function M.check_strength(v, path)
  local s = data.rivers.rows.strength
  if v == nil then core.fail(path, string.format("missing (the river's strength, %d..%d)", s.min, s.max)) end
  return core.check_int(v, path, s.min, s.max)
end

M.procedures = {
  wade = {
    doc = "a unit about to wade into a river: 1D + STR - the river's strength (1-10): cross at half speed, lose a quarter or half (kills to specials, saves), cannot cross or stuck in the middle; always disorganised (p.27)",
    fields = { "unit", "river_strength", "stuck", "side" },
    odds = { { name = "row", path = "row", kind = "category" }, { name = "losses", path = "losses", kind = "count" } },
    run = function(input, options)
      local u = units.check_unit(input.unit, "unit")
      if u.figures == 0 and #u.individuals == 0 then core.fail("unit.figures", "0 figures and no individuals: nobody wades") end
      return M.wade { unit = u, river_strength = M.check_strength(input.river_strength, "river_strength"),
                      stuck = core.check_bool(input.stuck, "stuck", false),
                      side = core.check_side(input.side, "side", "river"), options = options }
    end,
  },
}

return M
