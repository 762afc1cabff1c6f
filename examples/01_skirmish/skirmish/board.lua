--- Hedgerow's view of the table: turns muster.state units into muster.geometry shapes and
--- answers "can this unit shoot at that one" (range band, front arc, line of sight past
--- woods). Reads the state, never changes it; rolls no dice.
local M = {}

--- Returns the unit's formation as muster.geometry reads it.
---@param unit muster.state.unit
---@return muster.formation
function M.formation(unit)
  return { x = unit.x, y = unit.y, facing = unit.facing, ranks = unit.ranks, files = unit.files,
           base_width = unit.base_width, base_depth = unit.base_depth }
end

--- Returns the bases the unit's standing figures occupy: figure i on base i, rank by rank
--- from the front left (survivors close up), each base carrying its figure's id.
---@param unit muster.state.unit
---@return muster.geometry.formation_base[]
function M.figure_bases(unit)
  local bases = muster.geometry.get_bases(M.formation(unit))
  local out = {}
  for i, figure in ipairs(unit.figures) do
    bases[i].id = figure.id
    out[i] = bases[i]
  end
  return out
end

--- Returns the woods on the table as line-of-sight blockers (polygons with ids).
---@return muster.polygon[]
function M.woods()
  local out = {}
  for _, t in ipairs(muster.state.get_terrains()) do
    if t.kind == "wood" then
      t.polygon.id = t.id
      out[#out + 1] = t.polygon
    end
  end
  return out
end

--- Returns the other side's id (Hedgerow has two sides).
---@param side string
---@return string
function M.enemy_of(side)
  for _, s in ipairs(muster.state.get_sides()) do
    if s.id ~= side then return s.id end
  end
  error("no enemy of side '" .. side .. "'")
end

---@class skirmish.sight
---@field distance number inches, edge to edge
---@field band string|nil "short", "long", or nil when out of range
---@field in_arc boolean some of the target is in the firer's 90-degree front arc
---@field blocked_by string|nil the first wood the line of sight crosses
---@field why string|nil why the target cannot be shot at; nil when it can

--- Checks whether `firer` may shoot at `target`: within its long range, partly in its front
--- arc, and seen centre to centre past every wood.
---@param firer muster.state.unit with props short and long (inches)
---@param target muster.state.unit
---@return skirmish.sight
function M.sight(firer, target)
  local a, b = M.formation(firer), M.formation(target)
  local s = { distance = muster.geometry.measure(a, b) }
  s.band = muster.measure.check_band(s.distance, {
    { name = "short", max = firer.props.short },
    { name = "long", max = firer.props.long },
  })
  s.in_arc = muster.geometry.check_arc(a, b, 45)
  local blocked, ids = muster.geometry.check_los(a, b, M.woods())
  s.blocked_by = blocked and ids[1] or nil
  if not s.band then
    s.why = "out of range"
  elseif not s.in_arc then
    s.why = "out of arc"
  elseif s.blocked_by then
    s.why = "sight blocked by " .. s.blocked_by
  end
  return s
end

return M
