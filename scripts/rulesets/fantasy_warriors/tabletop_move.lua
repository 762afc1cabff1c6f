--- Fantasy Warriors moves on the table (pages 26-29): a player's plan for a unit ("wheel left
--- 30, advance 3", "charge") turned into the facts the `move` procedure takes (its distance,
--- direction, turn or wheel and the wheel's travel, the terrain the move passes over, the
--- nearest enemy, a friend it collides with, whether it ends in contact), and, once the
--- procedure has said how far the unit goes, the unit's formation moved on the table. Moves
--- the rules allow but the table does not (through another unit, off the table) are refused
--- with one line naming what is in the way. It decides no rule: movement.lua does.
local core = require("core")
local tabletop = require("tabletop")
local terrain_items = require("terrain_items")
local features = require("features")
local tabletop_features = require("tabletop_features")
local svg = require("svg")

local M = {}

local g = muster.geometry

--- The degrees between samples of a wheel's arc when its swept ground is drawn.
M.arc_step = 5

-- ---------------------------------------------------------------------------------------
-- Plans
-- ---------------------------------------------------------------------------------------

local plan_fields = { "turn", "wheel", "oblique", "advance", "backwards", "charge", "stand", "target" }

--- Checks a plan: {turn?, wheel?, oblique?, advance?, backwards?, charge?, stand?, target?}.
--- Angles in degrees, positive to the right (clockwise), negative to the left; lengths in
--- inches. A text plan ("wheel left 30, advance 3", "turn right 90, advance 2", "oblique
--- left 20, advance 4", "backwards 2", "charge", "charge Long Spears", "stand") is parsed.
---@param plan table|string
---@param path string
---@return table plan
function M.check_plan(plan, path)
  if type(plan) == "string" then plan = M.parse(plan, path) end
  if type(plan) ~= "table" then core.fail(path, "a plan {advance = 4} or \"wheel left 30, advance 3\" expected, got " .. core.show(plan)) end
  core.check_fields(plan, plan_fields, path)
  local out = {}
  for _, k in ipairs({ "turn", "wheel", "oblique" }) do
    if plan[k] ~= nil then out[k] = core.check_number(plan[k], path .. "." .. k, -360, 360) end
  end
  for _, k in ipairs({ "advance", "backwards" }) do
    if plan[k] ~= nil then out[k] = core.check_number(plan[k], path .. "." .. k, 0, 1000) end
  end
  out.charge = core.check_bool(plan.charge, path .. ".charge", false)
  out.stand = core.check_bool(plan.stand, path .. ".stand", false)
  if plan.target ~= nil then out.target = core.check_label(plan.target, path .. ".target") end
  if out.target and not out.charge then core.fail(path .. ".target", "a target goes with a charge") end
  if out.turn and out.wheel then core.fail(path .. ".wheel", "a unit turns once a move: a wheel is its turn (p.28)") end
  if out.oblique and out.backwards then core.fail(path .. ".oblique", "a unit moves obliquely forwards or straight backwards, not both") end
  if out.oblique and not out.advance then core.fail(path .. ".advance", "missing: an oblique move says how far it advances") end
  if out.advance and out.backwards then core.fail(path .. ".backwards", "a move is forwards or backwards, not both") end
  if out.charge and (out.turn or out.wheel or out.oblique or out.advance or out.backwards) then
    core.fail(path .. ".charge", "a charge is a move of its own: the unit goes at its nearest enemy by the most direct route (p.17)")
  end
  if out.stand and (out.turn or out.wheel or out.oblique or out.advance or out.backwards or out.charge) then
    core.fail(path .. ".stand", "a unit that stands does nothing else")
  end
  return out
end

--- A text plan as a plan table (see check_plan).
---@param text string
---@param path string
---@return table
function M.parse(text, path)
  local out = {}
  for part in (text .. ","):gmatch("([^,]*),") do
    part = part:match("^%s*(.-)%s*$")
    if part ~= "" then
      local word, rest = part:match("^(%a+)%s*(.*)$")
      word = word and word:lower()
      local function angle()
        local dir, n = rest:match("^(%a+)%s+([%d.]+)$")
        if not dir then core.fail(path, string.format("%q: %s left|right DEGREES expected", part, word)) end
        n = tonumber(n)
        if dir == "left" then return -n elseif dir == "right" then return n end
        core.fail(path, string.format("%q: left or right expected, got %q", part, dir))
      end
      local function length()
        local n = tonumber(rest)
        if not n then core.fail(path, string.format("%q: %s INCHES expected", part, word)) end
        return n
      end
      if word == "turn" or word == "wheel" or word == "oblique" then out[word] = angle()
      elseif word == "advance" or word == "backwards" then out[word] = length()
      elseif word == "charge" then
        out.charge = true
        if rest ~= "" then out.target = rest end
      elseif word == "stand" and rest == "" then out.stand = true
      else
        core.fail(path, string.format("%q: not a move (turn, wheel, oblique, advance, backwards, charge, stand)", part))
      end
    end
  end
  return out
end

--- A plan as text, the way parse reads it.
function M.fmt(plan)
  local parts = {}
  local function side(n) return (n < 0 and "left " or "right ") .. muster.measure.fmt(math.abs(n), "in"):gsub("in$", "") end
  if plan.stand then return "stand" end
  if plan.charge then return "charge" .. (plan.target and (" " .. plan.target) or "") end
  if plan.turn then parts[#parts + 1] = "turn " .. side(plan.turn) end
  if plan.wheel then parts[#parts + 1] = "wheel " .. side(plan.wheel) end
  if plan.oblique then parts[#parts + 1] = "oblique " .. side(plan.oblique) end
  if plan.advance then parts[#parts + 1] = "advance " .. muster.measure.fmt(plan.advance, "in"):gsub("in$", "") end
  if plan.backwards then parts[#parts + 1] = "backwards " .. muster.measure.fmt(plan.backwards, "in"):gsub("in$", "") end
  if #parts == 0 then return "stand" end
  return table.concat(parts, ", ")
end

-- ---------------------------------------------------------------------------------------
-- Formations moved
-- ---------------------------------------------------------------------------------------

local function copy(f)
  return { id = f.id, x = f.x, y = f.y, facing = f.facing, ranks = f.ranks, files = f.files,
           base_width = f.base_width, base_depth = f.base_depth }
end

-- `p` turned `degrees` clockwise about `c`.
local function rotate(p, c, degrees)
  local a = math.rad(degrees)
  local vx, vy = p.x - c.x, p.y - c.y
  return { x = c.x + vx * math.cos(a) + vy * math.sin(a), y = c.y - vx * math.sin(a) + vy * math.cos(a) }
end

--- The formation turned `degrees` (clockwise positive) about its centre (p.28: a turn).
function M.turned(f, degrees)
  local c = g.get_centre(f)
  local front = rotate({ x = f.x, y = f.y }, c, degrees)
  local out = copy(f)
  out.x, out.y, out.facing = front.x, front.y, (f.facing + degrees) % 360
  return out
end

--- The formation wheeled `degrees` (right positive) about its inner front corner (p.28: the
--- outer figure goes round); and the outer front corner's travel, inches.
function M.wheeled(f, degrees)
  local corners = g.get_corners(f)
  local pivot = degrees >= 0 and corners[2] or corners[1]
  local front = rotate({ x = f.x, y = f.y }, pivot, degrees)
  local out = copy(f)
  out.x, out.y, out.facing = front.x, front.y, (f.facing + degrees) % 360
  return out, math.rad(math.abs(degrees)) * f.files * f.base_width
end

--- The formation moved `d` inches along `bearing`, keeping its facing.
function M.moved(f, bearing, d)
  local p = g.get_scatter({ x = f.x, y = f.y }, bearing, d)
  local out = copy(f)
  out.x, out.y = p.x, p.y
  return out
end

--- The formation with its position rounded as the state keeps it.
function M.rounded(f)
  local out = copy(f)
  out.x, out.y, out.facing = tabletop.round(f.x), tabletop.round(f.y), tabletop.round(f.facing % 360)
  if out.facing >= 360 then out.facing = out.facing - 360 end
  return out
end

-- The convex hull of points (monotone chain), sorted first so the same points give the same
-- polygon whatever their order.
local function hull(points)
  local pts = {}
  for i, p in ipairs(points) do pts[i] = { x = p.x, y = p.y } end
  table.sort(pts, function(a, b) if a.x ~= b.x then return a.x < b.x end return a.y < b.y end)
  local function cross(o, a, b) return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) end
  local lower, upper = {}, {}
  for _, p in ipairs(pts) do
    while #lower >= 2 and cross(lower[#lower - 1], lower[#lower], p) <= 0 do lower[#lower] = nil end
    lower[#lower + 1] = p
  end
  for i = #pts, 1, -1 do
    local p = pts[i]
    while #upper >= 2 and cross(upper[#upper - 1], upper[#upper], p) <= 0 do upper[#upper] = nil end
    upper[#upper + 1] = p
  end
  local out = {}
  for i = 1, #lower - 1 do out[#out + 1] = lower[i] end
  for i = 1, #upper - 1 do out[#out + 1] = upper[i] end
  return out
end
M.hull = hull

local function add_corners(points, f)
  for _, c in ipairs(g.get_corners(f)) do points[#points + 1] = c end
end

--- The ground a move covers, as one convex polygon: the formation's footprints along the way
--- (a straight move: the start and the end; a wheel: the outer corners' arcs sampled every
--- M.arc_step degrees; a turn: its footprints every M.arc_step degrees).
---@param steps table[] {kind = "line"|"wheel"|"turn", from = formation, to = formation, degrees?}
---@return table polygon
function M.swept(steps)
  local points = {}
  for _, s in ipairs(steps) do
    add_corners(points, s.from)
    add_corners(points, s.to)
    if s.kind == "wheel" or s.kind == "turn" then
      local n = math.max(1, math.ceil(math.abs(s.degrees) / M.arc_step))
      for i = 1, n - 1 do
        local part = s.degrees * i / n
        add_corners(points, s.kind == "wheel" and (M.wheeled(s.from, part)) or M.turned(s.from, part))
      end
    end
  end
  return hull(points)
end

-- ---------------------------------------------------------------------------------------
-- What stands in the way
-- ---------------------------------------------------------------------------------------

-- Whether formation `f` stands on piece `q` (more than touching).
local function overlaps(f, q)
  return tabletop.overlap(f, q.formation)
end

-- Whether a convex polygon and a formation share ground (more than touching).
local function meets(poly, f)
  return tabletop.overlap(poly, f)
end

--- The pieces other than `p` (and those in `except`) whose ground the swept polygon meets, in
--- the view's order.
local function in_the_way(v, p, poly, except)
  local out = {}
  for _, q in ipairs(v.pieces) do
    if q ~= p and not (except and except[q]) and meets(poly, q.formation) then out[#out + 1] = q end
  end
  return out
end

--- The step at which a straight path is sampled for what it meets: less than the shallowest
--- base (0.8in), so no unit can be stepped over.
M.path_step = 0.25

-- The furthest along a straight path (0..d) the formation goes before it stands on `q`: d when
-- it never does. Sampled every M.path_step to find the first overlap, then halved between the
-- last free sample and it (40 steps: far below the 1/1024in the state keeps).
local function free_until(at, d, q)
  if overlaps(at(0), q) then return 0 end
  local n = math.ceil(d / M.path_step)
  local lo, hi = 0, nil
  for i = 1, n do
    local t = math.min(d, i * M.path_step)
    if overlaps(at(t), q) then hi = t break end
    lo = t
  end
  if not hi then return d end
  for _ = 1, 40 do
    local mid = (lo + hi) / 2
    if overlaps(at(mid), q) then hi = mid else lo = mid end
  end
  return lo
end

-- The terrain kinds a polygon passes over (features it meets or stands in), sorted, each once;
-- a kind the movement rules have no row for is "difficult" (every terrain feature is difficult
-- terrain, p.27); bridges and fords take the river they cross out of the list (the unit
-- crosses by them). A kind with rules of its own (features.lua) is not here: the move's
-- `features` measure it (tabletop_features.lua).
local function terrain_of(v, poly)
  local kinds, seen = {}, {}
  local rows = terrain_items.data.movement_terrain.rows
  for _, f in ipairs(v.features) do
    local kind = rows[f.kind] and f.kind or "difficult"
    if not features.row(f.kind) and (g.measure(poly, f.polygon) == 0) and not seen[kind] then
      seen[kind] = true
      kinds[#kinds + 1] = kind
    end
  end
  if seen.river and (seen.bridge or seen.ford) then
    local out = {}
    for _, k in ipairs(kinds) do if k ~= "river" then out[#out + 1] = k end end
    kinds = out
  end
  table.sort(kinds)
  return kinds
end

-- ---------------------------------------------------------------------------------------
-- Charges
-- ---------------------------------------------------------------------------------------

local edge_index = { front = { 1, 2 }, right = { 2, 3 }, rear = { 3, 4 }, left = { 4, 1 } }
local edge_facing = { front = 0, right = 90, rear = 180, left = 270 }

--- Where a charger stands once in contact with `target`: its front against the target's edge
--- facing the charger (the zone of the target holding the charger's front centre), centred on
--- that edge, facing it (the charger conforms, [assumed]). Returns the formation and the edge.
function M.contact_position(f, target)
  local zone = g.get_zone(g.get_footprint(target), { x = f.x, y = f.y })
  local corners = g.get_corners(target)
  local e = edge_index[zone]
  local a, b = corners[e[1]], corners[e[2]]
  local out = copy(f)
  out.x, out.y = (a.x + b.x) / 2, (a.y + b.y) / 2
  -- The edge faces outwards at the target's facing + the edge's offset; the charger faces back.
  out.facing = (target.facing + edge_facing[zone] + 180) % 360
  return out, zone
end

-- ---------------------------------------------------------------------------------------
-- Facts and application
-- ---------------------------------------------------------------------------------------

-- The formations a turn or wheel step passes through, every M.arc_step degrees, ends included.
local function turn_samples(s)
  local out = { s.from }
  local n = math.max(1, math.ceil(math.abs(s.degrees) / M.arc_step))
  for i = 1, n - 1 do
    local part = s.degrees * i / n
    out[#out + 1] = s.kind == "wheel" and (M.wheeled(s.from, part)) or M.turned(s.from, part)
  end
  out[#out + 1] = s.to
  return out
end

--- Adds to a move's facts the features with rules of their own it meets
--- (tabletop_features.feature_facts) along `path`, its straight part `d` inches, and the
--- table's season, when the scenario gives one.
function M.add_feature_facts(v, p, path, d, facts)
  local turns, line_from = {}, p.formation
  for _, s in ipairs(path.steps) do
    if s.kind ~= "line" then
      for _, f in ipairs(turn_samples(s)) do turns[#turns + 1] = f end
      line_from = s.to
    end
  end
  local met = tabletop_features.feature_facts(v, p, turns, line_from, path.at, d)
  if #met > 0 then facts.features = met end
  if v.table and v.table.props.season then facts.season = v.table.props.season end
end

local function fail_in_way(p, what, q, at)
  core.fail("move", string.format("%s: %s meets %s%s", p.name, what, q.name, at and string.format(" at %s", muster.measure.fmt(at)) or ""))
end

--- The facts of a planned move for the `move` procedure (its input fields, the unit's
--- description aside), measured on view `v`, and the path the move would take. Refuses a
--- voluntary move through another unit or off the table with one line.
---@param v table a tabletop view
---@param who string the unit's id or name
---@param plan table checked plan
---@param mode string movement.mode_of the unit ("attack", "bloodlust", "hold", "oppose")
---@return table facts the move input's fields
---@return table path {steps, bearing, target?, plan}
function M.facts(v, who, plan, mode)
  local p = v:get(who)
  local f = p.formation
  local facts = { in_combat = v:engaged_with_units(p), base_width = f.base_width }
  local path = { plan = plan, steps = {}, unit = p.id }
  local compulsory = mode == "attack" or mode == "bloodlust"
  if plan.stand then return facts, path end
  if compulsory and not plan.charge then
    core.fail("move.plan", string.format("%s is %s: it goes at its nearest enemy at full speed by the most direct route (p.17, p.27): plan \"charge\"",
      p.name, mode == "attack" and "under ATTACK" or "in bloodlust"))
  end
  if plan.charge and not compulsory then
    core.fail("move.plan", string.format("%s is under %s: only ATTACK and bloodlust charge (p.17, p.18); plan its move", p.name, string.upper(mode or "no orders")))
  end
  if compulsory and facts.in_combat then return facts, path end
  if compulsory then
    -- The nearest enemy unit, or the one the player names (p.17). Lone characters are not
    -- charged on the table: a fight with them is man-to-man, typed at the REPL.
    local enemies = {}
    for _, q in ipairs(v:enemies(p)) do if q.kind == "unit" then enemies[#enemies + 1] = q end end
    local target, d
    for _, q in ipairs(enemies) do
      local dq = v:distance(p, q)
      if not d or dq < d then target, d = q, dq end
    end
    if plan.target then
      local named = v:get(plan.target)
      if named.side == p.side then core.fail("move.target", named.name .. " is not an enemy") end
      if named.kind ~= "unit" then core.fail("move.target", named.name .. " is a lone character: a charge goes at an enemy unit") end
      local dn = v:distance(p, named)
      -- The player names one of the enemies nearest (p.17: the nearest enemy), no other.
      if d and dn > d + tabletop.contact_tolerance then
        core.fail("move.target", string.format("%s is %s away; the nearest enemy, %s, is %s: a charge goes at the nearest (p.17)",
          named.name, muster.measure.fmt(dn), target.name, muster.measure.fmt(d)))
      end
      target, d = named, dn
    end
    if not target then return facts, path end
    facts.enemy_distance = d
    facts.nearest_enemy_in_combat = v:engaged(target) or nil
    if facts.nearest_enemy_in_combat then
      local best, best_d
      for _, q in ipairs(enemies) do
        if not v:engaged(q) then
          local dq = v:distance(p, q)
          if not best_d or dq < best_d then best, best_d = q, dq end
        end
      end
      facts.unengaged_enemy_distance = best_d
      path.unengaged = best
    end
    path.target = target
    -- Towards the target's nearest edge: within 45 degrees of the facing it moves obliquely,
    -- keeping its facing; else it wheels to face it first (the wheel is its turn, p.28), as far
    -- as its MOV lets the outer figure go (half of it where the ground halves it).
    local goal = M.contact_position(f, target.formation)
    local bearing = f.x == goal.x and f.y == goal.y and f.facing or g.get_bearing({ x = f.x, y = f.y }, { x = goal.x, y = goal.y })
    local off = (bearing - f.facing + 540) % 360 - 180
    local mov = v:desc(p).movement or 0
    local start = f
    local function wheel_to(cap)
      local degrees = off
      local most = math.min(90, math.deg(cap / (start.files * start.base_width)) - 1e-6)
      if math.abs(degrees) > most then degrees = (degrees < 0 and -1 or 1) * math.max(0, most) end
      return degrees
    end
    if math.abs(off) > 45 + 1e-9 then
      local degrees = wheel_to(mov)
      local to, travel = M.wheeled(f, degrees)
      local halving = false
      for _, k in ipairs(terrain_of(v, M.swept({ { kind = "wheel", from = f, to = to, degrees = degrees } }))) do
        local row = terrain_items.data.movement_terrain.rows[k]
        halving = halving or (row and (row.effect == "half_and_disorganised" or row.effect == "half"))
      end
      if halving and travel > mov / 2 then
        degrees = wheel_to(mov / 2)
        to, travel = M.wheeled(f, degrees)
      end
      path.steps[#path.steps + 1] = { kind = "wheel", from = f, to = to, degrees = degrees }
      facts.wheel = { angle = math.abs(degrees), travel = travel }
      f = to
      bearing = g.get_bearing({ x = f.x, y = f.y }, { x = goal.x, y = goal.y })
      off = (bearing - f.facing + 540) % 360 - 180
      if math.abs(off) > 45 + 1e-9 then bearing, off = f.facing, 0 end
    end
    if math.abs(off) > 1e-6 then facts.direction, facts.angle = "oblique", math.abs(off) end
    path.bearing = bearing
    local d_full = math.max(0, d)
    local at = function(t) return M.moved(f, bearing, t) end
    path.steps[#path.steps + 1] = { kind = "line", from = f, to = at(d_full) }
    path.at = at
    -- A friend in the way: the first the path meets, and where (p.28 collision).
    local first, first_at
    for _, q in ipairs(v.pieces) do
      if q.side == p.side and q ~= p then
        local t = free_until(at, d_full, q)
        if t < d_full - 1e-9 and (not first_at or t < first_at) then first, first_at = q, t end
      end
    end
    if first then
      facts.collision = { friend = v:desc(first), at = first_at, way_round = false }
      path.collision = first
    end
    facts.terrain = terrain_of(v, M.swept(path.steps))
    M.add_feature_facts(v, p, path, d_full, facts)
    return facts, path
  end
  -- A move the player chose: a turn or a wheel first, then forwards, obliquely or backwards.
  if plan.turn then
    local to = M.turned(f, plan.turn)
    path.steps[#path.steps + 1] = { kind = "turn", from = f, to = to, degrees = plan.turn }
    facts.turn = math.abs(plan.turn)
    f = to
  elseif plan.wheel then
    local to, travel = M.wheeled(f, plan.wheel)
    path.steps[#path.steps + 1] = { kind = "wheel", from = f, to = to, degrees = plan.wheel }
    facts.wheel = { angle = math.abs(plan.wheel), travel = travel }
    f = to
  end
  local d, bearing = 0, f.facing
  if plan.advance then
    d = plan.advance
    if plan.oblique then
      facts.direction, facts.angle = "oblique", math.abs(plan.oblique)
      bearing = (f.facing + plan.oblique) % 360
    end
  elseif plan.backwards then
    d, facts.direction, bearing = plan.backwards, "backwards", (f.facing + 180) % 360
  end
  if d > 0 or #path.steps > 0 then facts.distance = d end
  local start = f
  path.bearing, path.at = bearing, function(t) return M.moved(start, bearing, t) end
  if d > 0 then path.steps[#path.steps + 1] = { kind = "line", from = f, to = path.at(d) } end
  if #path.steps == 0 then return facts, path end
  local swept = M.swept(path.steps)
  local blocking = in_the_way(v, p, swept)
  if #blocking > 0 then
    local q = blocking[1]
    local what = plan.wheel and "the wheel" or (plan.turn and "the turn") or "the move"
    local at = nil
    if d > 0 and not (plan.wheel or plan.turn) then at = free_until(path.at, d, q) end
    fail_in_way(p, what, q, at)
  end
  local final = path.at(d)
  if v.table then
    for _, c in ipairs(g.get_corners(final)) do
      if not g.check_inside(v.table.polygon, c) then
        core.fail("move", string.format("%s: the move would take it off the table", p.name))
      end
    end
  end
  facts.terrain = terrain_of(v, swept)
  M.add_feature_facts(v, p, path, d, facts)
  -- Whether it would end touching an enemy (OPPOSE never moves into contact, p.18).
  for _, q in ipairs(v:enemies(p)) do
    if g.check_contact(final, q.formation, tabletop.contact_tolerance) then facts.contact = true end
  end
  return facts, path
end

--- Moves the unit on the table as the `move` procedure's result says: the turn or wheel, then
--- the distance it moved along the path; a charge that made contact stands against its target.
--- A unit gone (routed) leaves the table. Returns a line on where it now stands.
---@param v table the view the facts were measured on
---@param path table from M.facts
---@param res table the move procedure's result
---@return string|nil
function M.apply(v, path, res)
  local p = v:get(path.unit)
  if res.gone then
    muster.state.set_placement(p.id, { base_width = 0, base_depth = 0 })
    return "leaves the table"
  end
  if res.in_combat or (res.halted or res.stopped) and (res.moved or 0) == 0 or #path.steps == 0 then return nil end
  local f = p.formation
  local line = nil
  for _, s in ipairs(path.steps) do
    if s.kind ~= "line" then f = s.to end
  end
  local moved = res.moved or 0
  if path.target and res.contact then
    -- Against the target's edge, centred; slid along it (half a frontage at a time, nearest
    -- first) when another unit already stands there; short of it when the edge has no room.
    local at_target, zone = M.contact_position(f, path.target.formation)
    local function free(g)
      for _, q in ipairs(v.pieces) do
        if q.id ~= p.id and tabletop.overlap(g, q.formation) then return false end
      end
      return true
    end
    local placed
    if free(at_target) then placed = at_target end
    local step = at_target.files * at_target.base_width / 2
    local right = g.get_bearing({ x = 0, y = 0 }, { x = 1, y = 0 })  -- 90: the facing's right is +90
    for k = 1, 6 do
      if placed then break end
      for _, sign in ipairs({ 1, -1 }) do
        local shifted = M.moved(at_target, (at_target.facing + sign * right) % 360, k * step)
        if not placed and free(shifted) and g.check_contact(shifted, path.target.formation, tabletop.contact_tolerance) then
          placed = shifted
        end
      end
    end
    if placed then
      f = placed
      line = "in contact with " .. path.target.name .. (zone ~= "front" and (" (its " .. zone .. ")") or "")
    else
      f = path.at and path.at(math.max(0, moved - 0.5)) or f
      line = "no room against " .. path.target.name .. ": it halts short"
    end
  elseif path.at and moved > 0 then
    f = path.at(moved)
  end
  f = M.rounded(f)
  muster.state.set_placement(p.id, { x = f.x, y = f.y, facing = f.facing })
  local num = svg.num  -- two decimals at most, as the pictures write them
  local where = string.format("now at (%s, %s) facing %s", num(f.x), num(f.y), num(f.facing))
  return line and (where .. ", " .. line) or where
end

-- ---------------------------------------------------------------------------------------
-- Expanding and contracting (page 29)
-- ---------------------------------------------------------------------------------------

--- The formation with `files` files for its `figures`, widened or narrowed on `flank` ("both":
--- about its centre; "left": the right end stays; "right": the left end stays).
function M.reformed(f, figures, files, flank)
  local corners = g.get_corners(f)
  local fl, fr = corners[1], corners[2]
  local w = f.files * f.base_width
  local rx, ry = (fr.x - fl.x) / w, (fr.y - fl.y) / w
  local half = files * f.base_width / 2
  local out = copy(f)
  out.files, out.ranks = files, math.ceil(figures / files)
  if flank == "left" then out.x, out.y = fr.x - rx * half, fr.y - ry * half
  elseif flank == "right" then out.x, out.y = fl.x + rx * half, fl.y + ry * half end
  return out
end

--- The facts of an expansion or contraction measured on the table: the unit's front rank,
--- whether it is in combat, and the front rank of the enemy it touches.
---@return table facts {front_rank, in_combat, enemy_front_rank?}
function M.expand_facts(v, who)
  local p = v:get(who)
  local facts = { front_rank = math.min(p.formation.files, p.figures), in_combat = v:engaged(p) }
  local c = v:contacts(p)[1]
  if c then facts.enemy_front_rank = math.min(c.piece.formation.files, c.piece.figures) end
  return facts
end

--- Widens or narrows the unit on the table by the expand_contract result's figures, on its
--- flank (default both), as far as there is room: never onto another piece or off the table.
--- Returns a line on its new frontage.
function M.apply_expand(v, who, res)
  local p = v:get(who)
  local n = res.figures or 0
  if n == 0 then return nil end
  local f = p.formation
  local flank = res.flank or "both"
  local want = res.action == "expand" and f.files + n or f.files - n
  want = math.max(1, math.min(p.figures, want))
  local step = want > f.files and -1 or 1
  local files, to = want, nil
  while files ~= f.files do
    local candidate = M.rounded(M.reformed(f, p.figures, files, flank))
    local blocked = false
    for _, q in ipairs(v.pieces) do
      if q ~= p and tabletop.overlap(candidate, q.formation) then blocked = true break end
    end
    if not blocked and v.table then
      for _, c in ipairs(g.get_corners(candidate)) do
        if not g.check_inside(v.table.polygon, c) then blocked = true break end
      end
    end
    if not blocked then to = candidate break end
    files = files + step
  end
  if not to then return string.format("no room on the table to %s: stays %d wide", res.action, f.files) end
  muster.state.set_placement(p.id, { x = to.x, y = to.y, files = to.files, ranks = to.ranks })
  local line = string.format("now %d wide, %d deep", to.files, to.ranks)
  if files ~= want then line = line .. string.format(" (room for %d files, not %d)", files, want) end
  return line
end

return M
