--- Terrain features a house rule gives rules of its own (walls, hedges, fields, roads, siege
--- works...): the table feature_rules (empty in the book; a variant adds a row per kind) says
--- each kind's shape on the table (a line with a width, or an area), what it does to a move,
--- whether it counts as terrain for the mover, which troops it hides from sight and the cover
--- it gives. This file reads those rows for the move procedure (movement.lua), decides the
--- cover (procedure `feature_cover`) and builds a line's outline; it measures nothing on the
--- table (tabletop.lua, tabletop_move.lua do) and knows no variant. No dice.
local core = require("core")
local troops = require("troops")
local units = require("units")
local terrain = require("terrain")
local terrain_items = require("terrain_items")
local explain = require("explain")

local M = {}
local data = {}
M.data = data

-- A row per kind (the kind a scenario's `feature "kind"` names), every field optional but
-- `shape`:
--   shape       "line" (a scenario gives it `line = {points}` and a `width`) or "area" (a
--               `polygon`);
--   width, max_width   a line's width when the scenario gives none, and the most it may be
--               (inches);
--   counts_as   {move = kind, terrain = kind, cover = kind}: the rule of another kind's row
--               used where this row has none (a palisade crossed as a wall);
--   hides       the troop classes (troops.lua) a line of sight crossing it is blocked for,
--               when the seer or the target is one of them and not flying;
--   move(ctx)   what the feature does to a move that reaches it: {effect, reason?, rule?,
--               source?, outcome?, vault?, factor?, disorganised?}, `effect` one of M.effects.
--               ctx = {unit (the input's description), ground_unit (the same without
--               `flying`, for a procedure's input: these rules are asked only for a unit not
--               in the air, so a procedure's rule for flyers must not apply), class?, feature
--               (the move input's entry), season?, only_terrain, full_move, reach(factor),
--               keeps(reach)};
--   terrain(ctx) whether the feature is terrain for the mover (the vault's "only terrain of
--               the move"); none: it is;
--   cover(ctx)  the cover it gives a target: cover ("none", "soft", "hard"), rule, source.
--               ctx = {unit, feature = {kind, name, hidden?, within?}, shoots, season?};
--   reason      what the kind is, as `muster rules show` prints it.
-- Without a move rule (its own or the one it counts as) a feature is the core's difficult
-- terrain (p.27: every terrain feature is); without a cover rule the table's feature_cover
-- decides (tabletop.lua).
data.feature_rules = core.define_table("feature_rules", {}, 27, {
  doc = "terrain features a house rule gives rules of its own, by kind: shape (line, area), width, max_width, counts_as {move, terrain, cover}, hides (troop classes), move(ctx), terrain(ctx), cover(ctx), reason; none in the book" })

--- What a feature may do to a move (a move rule's `effect`): nothing; the core's movement
--- effects (terrain.lua: at most half the MOV, or further and disorganised; at most half and
--- disorganised; at most half); "barred" (the move stops at it); "whole" (crossing it takes
--- the whole move: the unit must start against it, and ends just across); "bonus" (the
--- allowance times `factor`, when the move keeps to it as the rule says).
M.effects = { "none", "half_or_disorganised", "half_and_disorganised", "half", "barred", "whole", "bonus" }
local is_effect = {}
for _, e in ipairs(M.effects) do is_effect[e] = true end

--- The shapes a row may give.
M.shapes = { "line", "area" }

--- The widest a line feature may be when its row gives no max_width, inches.
M.max_width = 12

--- The sharpest bend a line may take (degrees off straight) at one of its points: beyond it
--- the outline's corner would reach further than the width.
M.max_bend = 120

local EPS = 1e-9

--- The row of `kind`, or nil.
---@param kind string
---@return table|nil
function M.row(kind)
  local r = data.feature_rules.rows[kind]
  return type(r) == "table" and r or nil
end

--- The kinds with a row, sorted.
---@return string[]
function M.kinds()
  return core.sorted_keys(data.feature_rules.rows)
end

--- The rule `what` ("move", "terrain", "cover") of `kind`: its row's, else that of the kind
--- its row counts as; nil when neither has one. Also returns the kind the rule belongs to.
---@param kind string
---@param what string
---@return function|nil
---@return string|nil
function M.rule(kind, what)
  local r = M.row(kind)
  if not r then return nil end
  if type(r[what]) == "function" then return r[what], kind end
  local other = type(r.counts_as) == "table" and r.counts_as[what]
  local o = other and M.row(other)
  if o and type(o[what]) == "function" then return o[what], other end
  return nil
end

-- ---------------------------------------------------------------------------------------
-- Lines: a centre line with a width, kept on the table as its outline
-- ---------------------------------------------------------------------------------------

--- The outline of a line `points` (at least 2 {x, y}) `width` inches wide, as a polygon: the
--- left side from the first point to the last, then the right side back, mitred at each bend
--- (2n points; point i and point 2n+1-i are the two sides of centre point i). Returns nil and
--- why (with the 1-based index of the point) when two points coincide, a bend is sharper
--- than M.max_bend, or a piece is too short for the width at its bends. `round` (the state's
--- rounding of a coordinate) rounds each side's offset once, so that the middle of the two
--- sides is the centre point itself, exactly.
---@param points table[]
---@param width number
---@param round? fun(v: number): number
---@return table|nil polygon
---@return string|nil why
---@return integer|nil index
function M.outline(points, width, round)
  round = round or function(v) return v end
  local n = #points
  local dirs = {}
  for i = 1, n - 1 do
    local dx, dy = points[i + 1].x - points[i].x, points[i + 1].y - points[i].y
    local len = math.sqrt(dx * dx + dy * dy)
    if len < 1 / 64 then return nil, "the same point as the one before it", i + 1 end
    dirs[i] = { x = dx / len, y = dy / len, len = len }
  end
  local half = width / 2
  local left, right = {}, {}
  for i = 1, n do
    local a, b = dirs[i - 1] or dirs[i], dirs[i] or dirs[i - 1]
    -- The left normal of each piece, and their bisector.
    local nx, ny = -a.y - b.y, a.x + b.x
    local len = math.sqrt(nx * nx + ny * ny)
    local cosine = a.x * b.x + a.y * b.y
    if len < 1e-9 or math.deg(math.acos(math.max(-1, math.min(1, cosine)))) > M.max_bend + 1e-9 then
      return nil, string.format("a bend sharper than %d degrees", M.max_bend), i
    end
    nx, ny = nx / len, ny / len
    local reach = half / (nx * -a.y + ny * a.x)  -- the mitre: half the width over the cosine
    local ox, oy = round(nx * reach), round(ny * reach)
    left[i] = { x = points[i].x + ox, y = points[i].y + oy }
    right[i] = { x = points[i].x - ox, y = points[i].y - oy }
  end
  -- Each side's piece must run the way the centre line does (a piece shorter than its
  -- mitres would fold the outline over itself).
  for i = 1, n - 1 do
    for _, side in ipairs({ left, right }) do
      local dx, dy = side[i + 1].x - side[i].x, side[i + 1].y - side[i].y
      if dx * dirs[i].x + dy * dirs[i].y <= 0 then
        return nil, string.format("too short for a width of %gin at its bends", width), i + 1
      end
    end
  end
  local poly = {}
  for i = 1, n do poly[#poly + 1] = left[i] end
  for i = n, 1, -1 do poly[#poly + 1] = right[i] end
  return poly
end

--- The centre line of an outline M.outline made: the middle of each pair of sides.
---@param poly table[]
---@return table[] points
function M.centre_line(poly)
  local n = math.floor(#poly / 2)
  local out = {}
  for i = 1, n do
    local a, b = poly[i], poly[2 * n + 1 - i]
    out[i] = { x = (a.x + b.x) / 2, y = (a.y + b.y) / 2 }
  end
  return out
end

-- ---------------------------------------------------------------------------------------
-- The move's input `features`: what the move meets, measured (tabletop_move.lua) or typed
-- ---------------------------------------------------------------------------------------

--- The fields of one entry of a move's `features`: `kind` (a row of feature_rules), `name`,
--- `at` (inches along the straight part of the move where it first reaches into the
--- feature; 0 when it starts in it or meets it in its turn or wheel), `turning` (met in the
--- turn or wheel), `through` (inches along where it is wholly beyond it again), `start_in`
--- (it reaches into it before moving), `start_on` (every figure stands on it at the start and
--- through the turn or wheel), `on` (the stretches {from, to} of the straight part along which
--- every figure stands on it).
M.entry_fields = { "kind", "name", "at", "turning", "through", "start_in", "start_on", "on" }

--- Checks a move input's `features` (nil: none) at `path`; returns the checked array.
---@param v any
---@param path string
---@return table[]
function M.check_move_features(v, path)
  local out = {}
  if v == nil then return out end
  if type(v) ~= "table" then core.fail(path, "an array of features {kind, at, ...} expected") end
  for i, e in ipairs(v) do
    local p = path .. "[" .. i .. "]"
    core.check_fields(e, M.entry_fields, p)
    local kinds = M.kinds()
    if #kinds == 0 then
      core.fail(p .. ".kind", "no kind of feature has rules of its own in the rules in force (a house rule adds them)")
    end
    local f = { kind = core.check_enum(e.kind, kinds, p .. ".kind") }
    f.name = e.name ~= nil and core.check_label(e.name, p .. ".name") or f.kind:gsub("_", " ")
    f.at = core.check_number(e.at, p .. ".at", 0, 1000, 0)
    f.turning = core.check_bool(e.turning, p .. ".turning", false)
    if e.through ~= nil then f.through = core.check_number(e.through, p .. ".through", f.at, 1000) end
    f.start_in = core.check_bool(e.start_in, p .. ".start_in", false)
    f.start_on = core.check_bool(e.start_on, p .. ".start_on", false)
    f.on = {}
    if e.on ~= nil then
      if type(e.on) ~= "table" then core.fail(p .. ".on", "an array of stretches {from, to} expected") end
      for j, s in ipairs(e.on) do
        local sp = string.format("%s.on[%d]", p, j)
        if type(s) ~= "table" then core.fail(sp, "a stretch {from, to} expected") end
        local from = core.check_number(s.from or s[1], sp .. ".from", 0, 1000)
        local to = core.check_number(s.to or s[2], sp .. ".to", from, 1000)
        f.on[j] = { from = from, to = to }
      end
    end
    f.index = i
    out[i] = f
  end
  return out
end

-- How far the move keeps to feature `f` for a move of `reach` inches: "whole_move" (every
-- figure on it from the start to the end), "start_and_end" (on it at both, not between),
-- "partly".
local function keeps(f, reach)
  local at_end = false
  for _, s in ipairs(f.on) do
    if reach >= s.from - EPS and reach <= s.to + EPS then at_end = true end
  end
  if f.start_on then
    local first = f.on[1]
    if first and first.from <= EPS and first.to >= reach - EPS then return "whole_move" end
    if at_end then return "start_and_end" end
  end
  return "partly"
end

local function call(path, fn, ctx)
  return core.at(path, fn, ctx)
end

-- A move rule's answer, checked: a variant's mistake names the kind.
local function checked_effect(e, kind)
  if type(e) ~= "table" or not is_effect[e.effect] then
    error(string.format("table feature_rules, row %s: move gave %s (want {effect = %s})", kind,
      core.show(type(e) == "table" and e.effect or e), table.concat(M.effects, "|")), 0)
  end
  if e.effect == "bonus" and (type(e.factor) ~= "number" or e.factor < 1) then
    error(string.format("table feature_rules, row %s: a bonus needs factor >= 1, got %s", kind, core.show(e.factor)), 0)
  end
  return e
end

local function difficult_effect()
  local rows = terrain_items.data.movement_terrain
  local row = rows.rows.difficult
  return { effect = row.effect, rule = "no rule of its own: " .. row.reason .. " (every terrain feature is difficult terrain)",
           source = rows:source("difficult"), reason = row.reason }
end

--- What the features a move meets do to it (movement.lua's move calls it once the target or
--- the distance is known). `res` the move's result (gets `features`, modifiers), `a` the
--- checked move, `st` {airborne, compulsory, target (inches or nil), distance, base (the MOV
--- after any change), mov, halved (the core halved the move), travel (a wheel's), allowance
--- (so far)}. Returns {allowance, stop?, over_half = {{id, reason, source, at}}, always =
--- {...}} for the move to finish with. Fails naming `features[i]` for a chosen move the
--- rules bar.
---@return table
function M.for_move(res, a, st)
  local out = { allowance = st.allowance, over_half = {}, always = {} }
  if #a.features == 0 then return out end
  res.features = {}
  if st.airborne then
    for i, f in ipairs(a.features) do
      res.features[i] = { kind = f.kind, name = f.name, at = f.at, effect = "none (flying)" }
    end
    return out
  end
  local function reach_with(allowance)
    if st.compulsory then return math.min(allowance, st.target or math.huge) end
    return st.distance
  end
  local reach0 = reach_with(st.allowance)
  local full_move
  if st.compulsory then full_move = st.target == nil or st.target >= st.allowance - EPS
  else full_move = st.distance >= st.allowance - EPS end
  local unit = a.unit_input
  local ground_unit = {}
  for k, v in pairs(unit) do ground_unit[k] = v end
  ground_unit.flying = nil
  -- Whether each feature is terrain for this unit (the others' answer the vault's question).
  local is_terrain = {}
  for i, f in ipairs(a.features) do
    local fn = M.rule(f.kind, "terrain")
    local ctx = { unit = unit, ground_unit = ground_unit, feature = f, season = a.season }
    is_terrain[i] = true
    if fn then is_terrain[i] = call("features[" .. i .. "]", fn, ctx) == true end
  end
  local effects = {}
  for i, f in ipairs(a.features) do
    local only = #a.terrain == 0
    for j, g in ipairs(a.features) do
      if j ~= i and is_terrain[j] and (g.turning or g.at < reach0 - EPS) then only = false end
    end
    local ctx = { unit = unit, ground_unit = ground_unit, feature = f, season = a.season, only_terrain = only,
                  full_move = full_move,
                  reach = function(factor)
                    local al = st.base * factor
                    if st.halved then al = al / 2 end
                    return reach_with(al - st.travel)
                  end,
                  keeps = function(reach) return keeps(f, reach) end }
    local fn = M.rule(f.kind, "move")
    local e = fn and checked_effect(call("features[" .. i .. "]", fn, ctx), f.kind) or difficult_effect()
    effects[i] = e
    res.features[i] = { kind = f.kind, name = f.name, at = f.at, effect = e.effect, rule = e.rule, rule_source = e.source,
                        vault = e.vault, outcome = e.outcome, counts_as_terrain = is_terrain[i], reached = false }
  end
  -- A bonus (a road) raises the allowance before anything caps it: the greatest one.
  local best
  for i, e in ipairs(effects) do
    if e.effect == "bonus" and (not best or e.factor > effects[best].factor) then best = i end
  end
  local A = st.allowance
  if best then
    local e = effects[best]
    local extra = st.base * (e.factor - 1) * (st.halved and 0.5 or 1)
    A = A + extra
    res.features[best].reached = true
    core.add_modifiers(res, { { id = "feature_bonus", value = extra, source = e.source,
      reason = e.reason or string.format("%s: %g times the move", a.features[best].name, e.factor) } })
  end
  -- The others in the order the move reaches them.
  local order = {}
  for i in ipairs(a.features) do order[#order + 1] = i end
  table.sort(order, function(x, y)
    local fx, fy = a.features[x], a.features[y]
    if fx.at ~= fy.at then return fx.at < fy.at end
    return x < y
  end)
  local half = st.base / 2 - st.travel
  local function reach() return reach_with(A) end
  for _, i in ipairs(order) do
    local f, e, r = a.features[i], effects[i], res.features[i]
    if e.effect ~= "bonus" then
      if not (f.turning or f.at < reach() - EPS) then break end
      r.reached = true
      local where = f.turning and "in its turn" or string.format("%sin along", terrain.inches(f.at))
      if e.effect == "barred" then
        if not st.compulsory then
          core.fail("features[" .. i .. "]", string.format("%s: the move reaches the %s (%s) %s: %s", a.unit.name, (f.kind:gsub("_", " ")),
            f.name, where, e.rule or "it may not cross"))
        end
        out.stop = { kind = f.kind, name = f.name, at = f.at, rule = e.rule, source = e.source }
        break
      elseif e.effect == "half" or e.effect == "half_and_disorganised" then
        if f.turning or f.at < half - EPS or not st.compulsory then
          if half < A then
            core.add_modifiers(res, { { id = "feature_half_move", value = half - A, source = e.source,
              reason = e.reason or string.format("%s: at most half the move (%sin)", f.name, terrain.inches(st.base / 2)) } })
            A = math.max(half, 0)
          end
        else
          -- It cannot reach and cross it within half its move: it goes up to it.
          out.stop = { kind = f.kind, name = f.name, at = f.at, source = e.source,
            rule = string.format("%s; it is %sin away, and half the move is %sin", e.rule or "at most half the move",
              terrain.inches(f.at), terrain.inches(math.max(half, 0))) }
          break
        end
      elseif e.effect == "whole" then
        if f.at > EPS and not f.turning then
          if not st.compulsory then
            core.fail("features[" .. i .. "]", string.format("%s: the %s (%s) is %sin away: %s; it moves up to it first",
              a.unit.name, (f.kind:gsub("_", " ")), f.name, terrain.inches(f.at), e.rule or "crossing it takes the whole move"))
          end
          out.stop = { kind = f.kind, name = f.name, at = f.at, rule = e.rule, source = e.source }
          break
        end
        local across = f.through or A
        if across < A then
          core.add_modifiers(res, { { id = "feature_whole_move", value = across - A, source = e.source,
            reason = e.reason or string.format("crossing the %s takes the whole move: %sin, just across", f.name, terrain.inches(across)) } })
          A = across
        end
      end
      local entry = { id = f.kind, name = f.name, at = f.turning and -1 or f.at, source = e.source,
                      reason = e.rule or f.name }
      if e.effect == "half_or_disorganised" then out.over_half[#out.over_half + 1] = entry end
      if e.effect == "half_and_disorganised" or e.disorganised then out.always[#out.always + 1] = entry end
    end
  end
  out.allowance = A
  return out
end

--- Disorganises `res` (a move's result) for the features reached `moved` inches into the move:
--- always (`f.always`), or when it moved more than half its MOV `mov` (`f.over_half`).
function M.disorganise(res, f, moved, mov)
  if moved <= 0 then return end
  for _, d in ipairs(f.always) do
    if moved > d.at + EPS then
      res.disorganised_by[#res.disorganised_by + 1] = { id = d.id, reason = d.name .. ": " .. d.reason, source = d.source }
    end
  end
  for _, d in ipairs(f.over_half) do
    if moved > d.at + EPS and moved > mov / 2 + EPS then
      res.disorganised_by[#res.disorganised_by + 1] = { id = d.id, source = d.source,
        reason = string.format("%s: %s: moved %sin, more than half its MOV (%sin)", d.name, d.reason, terrain.inches(moved), terrain.inches(mov / 2)) }
    end
  end
end

-- ---------------------------------------------------------------------------------------
-- Sight and cover
-- ---------------------------------------------------------------------------------------

--- Whether a line of sight crossing a feature of `kind` is blocked for a seer and a target of
--- these classes (troops.lua's; `flying` each in the air): the row's `hides`.
---@param kind string
---@param seer table {class, flying}
---@param target table {class, flying}
---@return boolean
function M.hides(kind, seer, target)
  local r = M.row(kind)
  if not (r and type(r.hides) == "table") then return false end
  local set = {}
  for _, c in ipairs(r.hides) do set[c] = true end
  return (set[seer.class] and not seer.flying) or (set[target.class] and not target.flying) or false
end

--- The fields of the procedure `feature_cover`.
M.cover_fields = { "target", "features", "shoots", "season" }

explain.order.feature_cover = { "target", "cover", "features" }

local cover_rank = { none = 0, soft = 1, hard = 2 }

--- The cover each feature gives target `input.target` (a unit): `input.features` {kind,
--- name?, hidden? ("entirely", "more_than_half", "half_or_less": how much of the unit it hides
--- from the shooter), within? (the whole unit stands in it)}, `shoots` (the target shoots this
--- Shooting phase), `season`. Each feature's row's cover rule decides; a feature with none
--- gives none here (the table's feature_cover gives a figure standing in it its cover).
---@param input table
---@return table res
function M.cover(input)
  core.check_fields(input, M.cover_fields, "input")
  local res = core.result("feature_cover")
  local u = units.check_unit(input.target, "target")
  local shoots = core.check_bool(input.shoots, "shoots", false)
  local season = input.season ~= nil and core.check_enum(input.season, terrain.seasons, "season") or nil
  if type(input.features) ~= "table" or #input.features == 0 then
    core.fail("features", "missing: the features {kind, hidden?, within?} between the shooter and the target, or holding it")
  end
  res.target, res.shoots, res.features = u.name, shoots, {}
  res.cover = "none"
  for i, e in ipairs(input.features) do
    local p = "features[" .. i .. "]"
    core.check_fields(e, { "kind", "name", "hidden", "within" }, p)
    local kinds = M.kinds()
    if #kinds == 0 then core.fail(p .. ".kind", "no kind of feature has rules of its own in the rules in force (a house rule adds them)") end
    local f = { kind = core.check_enum(e.kind, kinds, p .. ".kind") }
    f.name = e.name ~= nil and core.check_label(e.name, p .. ".name") or (f.kind:gsub("_", " "))
    if e.hidden ~= nil then f.hidden = core.check_enum(e.hidden, { "entirely", "more_than_half", "half_or_less" }, p .. ".hidden") end
    f.within = core.check_bool(e.within, p .. ".within", false)
    local fn = M.rule(f.kind, "cover")
    local out = { kind = f.kind, name = f.name, hidden = f.hidden, within = f.within }
    if fn then
      local c, rule, source = core.at(p, fn, { unit = input.target, feature = f, shoots = shoots, season = season })
      if cover_rank[c] == nil then
        error(string.format("table feature_rules, row %s: cover gave %s (want none, soft or hard)", f.kind, core.show(c)), 0)
      end
      out.cover, out.rule, out.rule_source = c, rule, source
    else
      out.cover, out.rule = "none", "it has no cover rule of its own"
    end
    res.features[i] = out
    if cover_rank[out.cover] > cover_rank[res.cover] then res.cover = out.cover end
  end
  local parts = {}
  for _, f in ipairs(res.features) do parts[#parts + 1] = string.format("%s: %s", f.name, f.cover) end
  res.outcome = string.format("%s cover (%s)", res.cover, table.concat(parts, "; "))
  return res
end

M.procedures = {
  feature_cover = {
    doc = "the cover the terrain features a house rule gives rules to (walls, hedges, ditches, crops...) give a target: each feature, how much of the unit it hides or whether it holds the whole unit, whether the target shoots this phase (the rules of table feature_rules; p.24 for the core's cover)",
    fields = M.cover_fields,
    run = function(input) return M.cover(input) end,
  },
}

--- The class of a unit description (troops.lua) and whether it flies, for the sight rule; a
--- lone character's class is "individual".
---@param desc table
---@param lone boolean
---@return table {class, flying}
function M.class_of(desc, lone)
  if lone then return { class = "individual", flying = desc.flying == true } end
  local u = units.check_unit(desc, "unit")
  return { class = troops.class_of(core, u, nil, "class"), flying = u.flying }
end

return M
