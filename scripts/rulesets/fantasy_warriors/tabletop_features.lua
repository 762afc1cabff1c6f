--- Fantasy Warriors on the table: the features a house rule gives rules of their own (walls,
--- hedges, fields, roads, siege works: features.lua's table feature_rules) as a move meets
--- them: where it reaches into each, where it is beyond it, whether it keeps to it. Measures
--- only, with the kernel's geometry (check_segment, check_inside); the move procedure and
--- the rows' rules decide. Used by tabletop_move.lua. No dice.
local tabletop = require("tabletop")
local features = require("features")

local M = {}

local g = muster.geometry

--- The step at which a straight move is sampled for where it meets a feature: less than the
--- shallowest base (0.8in) and the narrowest line (a fence, 0.25in, met over the base's depth
--- and its own), so nothing is stepped over.
M.step = 0.25

-- The corners of a formation's ground less the contact tolerance on every side: what
-- "reaches into" tests, so that a unit touching a feature, or left 1/1024in into it by the
-- state's rounding, does not.
local function inner_corners(f)
  local tol = tabletop.contact_tolerance
  local fp = g.get_footprint(f)
  local front = g.get_scatter({ x = fp.x, y = fp.y }, (fp.facing + 180) % 360, tol)
  return g.get_corners({ x = front.x, y = front.y, width = fp.width - 2 * tol, depth = fp.depth - 2 * tol, facing = fp.facing })
end

--- Whether formation `f` reaches into polygon `poly` (convex or not) by more than
--- tabletop.contact_tolerance: an edge of its ground runs through the polygon's inside, or the
--- polygon lies within it.
---@param f table a formation
---@param poly table a polygon
---@return boolean
function M.reaches_into(f, poly)
  local c = inner_corners(f)
  for i = 1, 4 do
    local _, crosses = g.check_segment(c[i], c[i % 4 + 1], poly)
    if crosses then return true end
  end
  return g.check_inside(c, poly[1])
end

-- The centres of the first `n` bases of formation `f` (its figures).
local function centres(f, n)
  local out = {}
  for i, b in ipairs(g.get_bases(f)) do
    if i > n then break end
    out[i] = g.get_centre(b)
  end
  return out
end

-- Whether every figure of formation `f` (`n` figures) has its base's centre on one of the
-- polygons `polys`.
local function all_on(f, n, polys)
  for _, c in ipairs(centres(f, n)) do
    local on = false
    for _, poly in ipairs(polys) do
      if g.check_inside(poly, c) then on = true break end
    end
    if not on then return false end
  end
  return true
end

--- A distance found by halving (where a move reaches a feature), to a millionth of an inch:
--- the search and the geometry's own tolerance leave some 1e-9in that no player measures.
---@param v number
---@return number
function M.measured(v)
  return math.floor(v * 1e6 + 0.5) / 1e6
end

-- The first t in [lo, d] (sampled every M.step, then halved 40 times) at which test(t)
-- becomes `want`, or nil when it never does; test(lo) is taken to be the opposite.
local function first_change(test, lo, d, want)
  local n = math.ceil((d - lo) / M.step)
  local prev = lo
  for i = 1, n do
    local t = math.min(d, lo + i * M.step)
    if test(t) == want then
      local a, b = prev, t
      for _ = 1, 40 do
        local mid = (a + b) / 2
        if test(mid) == want then b = mid else a = mid end
      end
      return want and a or b
    end
    prev = t
  end
  return nil
end

--- The features with rules of their own that a move meets, measured for the move's input
--- `features` (features.lua): for each, where along the straight part the unit first reaches
--- into it (`at`, to its edge; 0 with `start_in` or `turning`), where it is wholly beyond it
--- again (`through`), and, against every feature of its kind together, whether every figure
--- stands on one at the start and through the turn (`start_on`) and the stretches of the
--- straight part along which it does (`on`). In the view's order (features by id).
---@param v table a view
---@param p table the piece
---@param turns table[] the formations its turn or wheel passes through (none: no turn)
---@param line_from table the formation the straight part starts from
---@param at fun(t: number): table|nil the formation t inches along the straight part
---@param d number the straight part's length
---@return table[] entries
function M.feature_facts(v, p, turns, line_from, at, d)
  local start = p.formation
  at = at or function() return line_from end
  local out, spans = {}, {}
  for _, feat in ipairs(v.features) do
    if features.row(feat.kind) then
      local poly = feat.polygon
      local e = { kind = feat.kind, name = feat.name, start_in = M.reaches_into(start, poly) }
      for _, f in ipairs(turns) do
        if not e.start_in and M.reaches_into(f, poly) then e.turning = true end
      end
      if e.start_in or e.turning then
        e.at = 0
      elseif M.reaches_into(at(0), poly) then
        e.at = 0
      elseif d > 0 then
        -- The last point short of reaching into it, less the tolerance: where its edge touches.
        e.at = first_change(function(t) return M.reaches_into(at(t), poly) end, 0, d, true)
        if e.at then e.at = math.max(0, e.at - tabletop.contact_tolerance) end
      end
      if e.at then
        e.at = M.measured(e.at)
        -- The first point wholly beyond it, plus the tolerance: where its rear edge touches.
        if d > e.at then
          e.through = first_change(function(t) return M.reaches_into(at(t), poly) end, e.at, d, false)
          if e.through then e.through = M.measured(math.min(d, e.through + tabletop.contact_tolerance)) end
        end
        -- On it: every figure on some feature of this kind, at the start, through the turn,
        -- and along the straight part.
        if not spans[feat.kind] then
          local polys = {}
          for _, o in ipairs(v.features) do
            if o.kind == feat.kind then polys[#polys + 1] = o.polygon end
          end
          local n = p.figures
          local on_at = function(t) return all_on(at(t), n, polys) end
          local start_on = all_on(start, n, polys)
          for _, f in ipairs(turns) do start_on = start_on and all_on(f, n, polys) end
          -- Each search starts past the last change, so there are at most as many stretches as
          -- samples.
          local list, t, now = {}, 0, on_at(0)
          for _ = 1, math.ceil(d / M.step) + 2 do
            local nxt = d > t and first_change(on_at, t, d, not now) or nil
            if now then list[#list + 1] = { from = M.measured(t), to = M.measured(nxt or d) } end
            if not nxt then break end
            t, now = nxt, not now
          end
          spans[feat.kind] = { start_on = start_on, on = list }
        end
        e.start_on, e.on = spans[feat.kind].start_on, spans[feat.kind].on
        out[#out + 1] = e
      end
    end
  end
  return out
end

return M
