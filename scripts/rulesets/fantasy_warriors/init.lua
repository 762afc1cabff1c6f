--- FANTASY WARRIORS (Grenadier, 1990) ruleset: assembles the rule areas and exposes
--- (1) the procedures, each taking a plain table and returning a result table with every
--- die, every modifier {value, reason, source} and the outcome, through resolve(); and
--- (2) the patch points variants use: modifier lists and result tables (core.lua).
local options, context = ...
local core = require("core")
core.ruleset = context.name

local units = require("units")
local quality = require("quality")
local reactions = require("reactions")
local threat = require("threat")

local M = {}
M.options = options
M.source = context.source

-- Patch points for variants (see docs/lua-api.md, "How a variant hooks in").
M.add_modifier = core.add_modifier
M.replace_modifier = core.replace_modifier
M.remove_modifier = core.remove_modifier
M.set_row = core.set_row
M.get_table = core.get_table
M.lists = core.lists
M.check_unit = units.check_unit
-- The rule areas themselves, for tests and for variants that need more than a patch.
M.modules = { core = core, units = units, quality = quality, reactions = reactions, threat = threat }

local situation_fields = { "time", "terrible" }

local function check_time(v, path)
  if v == nil then return nil end
  return core.check_enum(v, units.times, path)
end

local function check_terrible(t, path)
  if t == nil then return nil end
  core.check_fields(t, { "enemy", "ally" }, path)
  local out = {}
  for _, side in ipairs({ "enemy", "ally" }) do
    if t[side] ~= nil then
      core.check_fields(t[side], { "worth", "strength" }, path .. "." .. side)
      out[side] = { worth = core.check_int(t[side].worth, path .. "." .. side .. ".worth", 0, 100, 1),
                    strength = core.check_int(t[side].strength, path .. "." .. side .. ".strength", -10, 10, 0) }
    end
  end
  return out
end

--- The procedures `muster resolve` and scripts call by name. Each: doc, fields (the input
--- table's fields), run(input) -> result.
M.procedures = {
  threat_test = {
    doc = "one Threat Test: a threatened unit's quality throw, modifiers and reaction (p.20)",
    fields = { "unit", "threatener", "time", "terrible" },
    run = function(input)
      return threat.test {
        unit = units.check_unit(input.unit, "unit"),
        threatener = units.check_unit(input.threatener, "threatener"),
        time = check_time(input.time, "time"),
        terrible = check_terrible(input.terrible, "terrible"),
        options = options,
      }
    end,
  },
  threat = {
    doc = "a threat exchange: the target's test, its choice to counter-threaten, the threatener's test (p.19-21)",
    fields = { "threatener", "target", "time", "distance", "visible", "in_combat",
               "terrible_near_target", "terrible_near_threatener", "target_side" },
    run = function(input)
      return threat.exchange {
        threatener = units.check_unit(input.threatener, "threatener"),
        target = units.check_unit(input.target, "target"),
        time = check_time(input.time, "time"),
        distance = input.distance ~= nil and core.check_number(input.distance, "distance", 0) or nil,
        visible = core.check_bool(input.visible, "visible", true),
        in_combat = core.check_bool(input.in_combat, "in_combat", false),
        terrible_near_target = check_terrible(input.terrible_near_target, "terrible_near_target"),
        terrible_near_threatener = check_terrible(input.terrible_near_threatener, "terrible_near_threatener"),
        target_side = input.target_side,
        options = options,
      }
    end,
  },
}
M.situation_fields = situation_fields

--- Runs procedure `name` on a plain input table and returns its result table. Bad input
--- raises "input: <field>: <why>".
function M.resolve(name, input)
  local p = M.procedures[name]
  if not p then
    local names = {}
    for n in pairs(M.procedures) do names[#names + 1] = n end
    core.fail("procedure", string.format("unknown procedure %s (known: %s)", core.show(name), table.concat(names, ", ")))
  end
  core.check_fields(input or {}, p.fields, "input")
  return p.run(input or {})
end

return M
