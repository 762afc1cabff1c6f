--- Fantasy Warriors line of sight (page 22, lost in the OCR but its tail): whether a shooter,
--- a threatening unit or a wizard sees its target, from what the players see on the table (what
--- a straight line between the two units crosses, the ground each stands on, the distance).
--- Owns the table line_of_sight and the procedure `line_of_sight`; the limit of sight itself is
--- shooting.lua's table visibility (a weather sets it). No dice.
local core = require("core")
local shooting = require("shooting")
local terrain_items = require("terrain_items")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- What blocks a line drawn from some figure of the seeing unit to some figure of the one seen
-- (page 22; the rule is lost but for its tail, which says a target itself on difficult terrain,
-- a hilltop, is seen "if the above rule applies": docs/rules-assumptions.md). A row per thing
-- the line may cross: `blocks` (true: no sight through it), `reason`. Terrain the target or the
-- seer stands on never blocks (row `own_ground`, `blocks` false): a unit on a hill or at a
-- wood's edge is seen and sees. Things the players name that have no row block nothing.
data.line_of_sight = core.define_table("line_of_sight", {
  figures = { blocks = true, reason = "other figures stand in the line" },
  wood = { blocks = true, reason = "a wood stands in the line" },
  hill = { blocks = true, reason = "a hill stands in the line" },
  building = { blocks = true, reason = "a building stands in the line" },
  broken_ground = { blocks = false, reason = "broken ground does not hide what is beyond it" },
  swamp = { blocks = false, reason = "a swamp does not hide what is beyond it" },
  marsh = { blocks = false, reason = "a marsh does not hide what is beyond it" },
  river = { blocks = false, reason = "a river does not hide what is beyond it" },
  ford = { blocks = false, reason = "a ford does not hide what is beyond it" },
  bridge = { blocks = false, reason = "a bridge does not hide what is beyond it" },
  own_ground = { blocks = false, reason = "the ground the seer or the target stands on does not hide it" },
}, 22, { doc = "what a straight line between two units may cross: blocks (true: no line of sight through it), reason; own_ground: the ground either stands on" })

--- The kinds the input may name in `between`, `target_on`, `seer_on`: the table's rows (but
--- own_ground) and the movement terrain kinds, sorted.
---@return string[]
function M.kinds()
  local seen, out = { own_ground = true }, {}
  for _, k in ipairs(core.sorted_keys(data.line_of_sight.rows)) do
    if not seen[k] then seen[k] = true out[#out + 1] = k end
  end
  for _, k in ipairs(core.sorted_keys(terrain_items.data.movement_terrain.rows)) do
    if not seen[k] then seen[k] = true out[#out + 1] = k end
  end
  table.sort(out)
  return out
end

local function check_kind(v, path)
  return core.check_enum(v, M.kinds(), path)
end

--- Checks a line-of-sight input {between?, target_on?, seer_on?, distance?} at `path` ("" for
--- the procedure's own input, "shots[2].sight" inside a phase). Returns the checked table.
---@param v table
---@param path string
---@return table
function M.check(v, path)
  local p = path ~= "" and (path .. ".") or ""
  core.check_fields(v, { "between", "target_on", "seer_on", "distance" }, path ~= "" and path or "input")
  local out = { between = {} }
  if v.between ~= nil then
    if type(v.between) ~= "table" then core.fail(p .. "between", "an array of what the line crosses expected") end
    for i, k in ipairs(v.between) do out.between[i] = check_kind(k, p .. "between[" .. i .. "]") end
  end
  if v.target_on ~= nil then out.target_on = check_kind(v.target_on, p .. "target_on") end
  if v.seer_on ~= nil then out.seer_on = check_kind(v.seer_on, p .. "seer_on") end
  if v.distance ~= nil then out.distance = core.check_number(v.distance, p .. "distance", 0, 1000) end
  return out
end

--- Whether the line is clear: {visible, blocked_by = { {kind, reason, source} }, beyond_sight?,
--- why}. `a` is M.check's table.
---@param a table
---@return table res
function M.sees(a)
  local res = core.result("line_of_sight")
  res.between, res.target_on, res.seer_on, res.distance = a.between, a.target_on, a.seer_on, a.distance
  res.blocked_by = {}
  local rows = data.line_of_sight.rows
  local own = rows.own_ground
  for _, k in ipairs(a.between) do
    local row = rows[k]
    local on_own = k == a.target_on or k == a.seer_on
    if row and row.blocks and not (on_own and own and own.blocks == false) then
      res.blocked_by[#res.blocked_by + 1] = { kind = k, reason = row.reason or k, source = data.line_of_sight:source(k) }
    end
  end
  local max, why = shooting.line_of_sight()
  if max and a.distance and a.distance > max then
    res.beyond_sight = { max_range_in = max, why = why }
  end
  res.visible = #res.blocked_by == 0 and res.beyond_sight == nil
  if res.visible then
    res.why = a.target_on and string.format("the line is clear, and the target on %s is seen (%s)",
      (a.target_on:gsub("_", " ")), data.line_of_sight:source("own_ground")) or "the line is clear"
    res.outcome = "visible"
  else
    local parts = {}
    for _, b in ipairs(res.blocked_by) do parts[#parts + 1] = b.reason .. " (" .. b.source .. ")" end
    if res.beyond_sight then
      parts[#parts + 1] = string.format("%gin is beyond the line of sight of %gin (%s)", a.distance, max, why)
    end
    res.why = table.concat(parts, "; ")
    res.outcome = "not visible"
  end
  return res
end

M.procedures = {
  line_of_sight = {
    doc = "whether a unit sees another: what a straight line between them crosses (figures, woods, hills, buildings block; the ground either stands on does not), and the limit of sight a weather sets (p.22, the rule as far as the OCR keeps it)",
    fields = { "between", "target_on", "seer_on", "distance" },
    run = function(input) return M.sees(M.check(input, "")) end,
  },
}

return M
