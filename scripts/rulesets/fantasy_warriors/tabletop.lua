--- Fantasy Warriors on the table: the facts the procedures take as input (distances, line of
--- sight, cover, contact, terrible creatures within 6in, the ground a unit stands on) measured
--- from the battle state's positions with the kernel's geometry, instead of typed in. It
--- decides no rule: sight.lua says what blocks a line, shooting.lua what cover counts, threat.lua
--- what range a threat needs; this file only measures and names what it measured.
--- Owns the tables base_sizes and feature_cover (what the book leaves to the players: the
--- size of a figure's base, which features are soft or hard cover, p.23-24), the conventions of
--- a unit's formation on the table (docs/decisions/0005-the-table.md), and views: a snapshot of
--- the state a phase measures on. No dice.
local core = require("core")
local sight = require("sight")
local features = require("features")

local M = {}
--- The rule data this file declares (registry handles).
local data = {}
M.data = data

local g = muster.geometry

-- The base of one figure, in inches, by class. The book gives no base sizes; these are the
-- usual ones for its 25mm figures (docs/rules-assumptions.md, "Bases"): foot 20mm square,
-- mounted 25 x 50mm, a large creature (terrible) or a war machine 50mm square.
data.base_sizes = core.define_table("base_sizes", {
  foot = { width = 0.8, depth = 0.8, reason = "a figure on foot: a 20mm square base" },
  mounted = { width = 1, depth = 2, reason = "a mounted figure: a 25 x 50mm base" },
  large = { width = 2, depth = 2, reason = "a terrible creature: a 50mm square base" },
  machine = { width = 2, depth = 2, reason = "a war machine and its crew: a 50mm square base" },
}, nil, { doc = "the base of one figure by class (foot, mounted, large, machine): width and depth in inches; the book gives none (docs/rules-assumptions.md)" })

-- The cover a terrain feature gives a figure whose base's centre stands in it, by kind, when
-- the scenario does not say (page 24: the players agree before the battle which features are
-- soft and which hard cover). Woods, hedges, walls and buildings hide part of a figure: soft.
-- Only prepared shooting places (arrow slits, a fortification) are hard.
data.feature_cover = core.define_table("feature_cover", {
  wood = { cover = "soft", reason = "a wood partly hides a figure" },
  hedge = { cover = "soft", reason = "a hedge partly hides a figure" },
  wall = { cover = "soft", reason = "a wall partly hides a figure" },
  building = { cover = "soft", reason = "a building's windows and walls partly hide a figure" },
  fortification = { cover = "hard", reason = "a prepared shooting place: hard cover" },
}, 24, { doc = "the cover (soft, hard) a kind of terrain feature gives a figure standing in it, unless the scenario gives the feature its own `cover` (p.24: the players agree which features are which)" })

--- How close two shapes may be and still count as touching, and how far one may reach into
--- another and still only touch, in inches: positions are kept to 1/1024in (M.round) and a
--- turned unit's corners come from trigonometry, so contact allows four such steps.
M.contact_tolerance = 1 / 256

--- The radius within which a terrible creature counts (pages 20 and 25).
M.terrible_range = 6

--- The id and kind of the feature that stands for the table itself.
M.table_id = "table"

--- A length or coordinate as it is stored: rounded to 1/1024in, exact in binary, so a saved
--- state reads back equal and trigonometry's last bits rarely reach the state.
---@param v number
---@return number
function M.round(v)
  return math.floor(v * 1024 + 0.5) / 1024
end

--- The class of base a unit or individual description stands on: "machine" (a machine's
--- weapon), "large" (terrible), "mounted" or "foot".
---@param desc table a unit or individual description
---@return string class
function M.base_class(desc)
  if desc.weapon == "artillery" or desc.weapon == "gun" then return "machine" end
  if desc.terrible then return "large" end
  if desc.mounted then return "mounted" end
  return "foot"
end

--- The placement of a description in formation: `files` figures wide (default: all in one
--- rank up to 5, then 5 wide), ranks enough for its figures, its class's base.
---@param desc table a unit description {figures, ...}
---@param at table {x, y, facing?, files?}
---@return table placement {x, y, facing, ranks, files, base_width, base_depth}
function M.placement(desc, at)
  local figures = math.max(1, desc.figures or 1)
  local files = at.files or math.min(figures, 5)
  if type(files) ~= "number" or files < 1 or files ~= math.floor(files) then
    core.fail("files", "a whole number >= 1 expected, got " .. core.show(at.files))
  end
  files = math.min(files, figures)
  local base = data.base_sizes.rows[M.base_class(desc)]
  return { x = M.round(at.x), y = M.round(at.y), facing = M.round((at.facing or 0) % 360),
           ranks = math.ceil(figures / files), files = files, base_width = base.width, base_depth = base.depth }
end

-- ---------------------------------------------------------------------------------------
-- A view: the state as one phase measures it
-- ---------------------------------------------------------------------------------------

local View = {}
View.__index = View

-- get_units' options for a view: the figures' number, no props (the view reads positions).
local POSITIONS = { figures = "count", tags = false }

local function formation_of(e, id)
  return { id = id, x = e.x, y = e.y, facing = e.facing, ranks = e.ranks, files = e.files,
           base_width = e.base_width, base_depth = e.base_depth }
end

--- A snapshot of the battle state: every unit and individual placed on the table (a base
--- width > 0), the terrain features, the table. `describe(id)` gives a placed unit's or
--- individual's description (the REPL's: its props) for what the geometry cannot see (a
--- terrible creature, its strength and worth, its figures); nil when the piece has none.
--- A view is read only: take a new one after anything moves.
---@param describe fun(id: string): table|nil
---@return table view
function M.view(describe)
  local v = setmetatable({ pieces = {}, by_id = {}, by_name = {}, features = {}, describe = describe }, View)
  local function add(e, kind)
    if (e.base_width or 0) <= 0 or (e.base_depth or 0) <= 0 then return end
    local p = { id = e.id, kind = kind, side = e.side, name = e.name or e.id, formation = formation_of(e, e.id),
                figures = kind == "unit" and e.figures or 1 }
    v.pieces[#v.pieces + 1] = p
    v.by_id[p.id] = p
    if v.by_name[p.name] == nil then v.by_name[p.name] = p end
  end
  for _, u in ipairs(muster.state.get_units(nil, POSITIONS)) do add(u, "unit") end
  for _, i in ipairs(muster.state.get_individuals()) do
    if i.unit == nil then add(i, "individual") end
  end
  for _, t in ipairs(muster.state.get_terrains()) do
    if t.id == M.table_id then
      v.table = t
    else
      local f = { id = t.id, kind = t.kind, name = t.name or (t.props and t.props.name) or t.id, polygon = t.polygon,
                  props = t.props or {} }
      f.polygon.id = t.id
      -- A line feature (a wall, a road: scenario.lua) is kept as its outline; its centre line
      -- and width come back from it.
      if f.props.shape == "line" then f.line, f.width = features.centre_line(f.polygon), f.props.width end
      v.features[#v.features + 1] = f
    end
  end
  return v
end

--- A placed piece by id or name; errors naming what was asked for when there is none.
---@param who string|table an id, a name, or a piece
---@return table piece {id, kind, side, name, formation, figures}
function View:get(who)
  if type(who) == "table" and who.formation then return who end
  if type(who) == "table" and who.id then who = who.id end
  local p = self.by_id[who] or self.by_name[who]
  if not p then
    if type(who) == "string" and muster.state.get_kind(who) then
      core.fail("unit", core.show(who) .. " is not on the table (place it first)")
    end
    core.fail("unit", "no unit or individual " .. core.show(who) .. " on the table")
  end
  return p
end

--- The piece's description, through the view's describe; {} when there is none.
function View:desc(who)
  local p = self:get(who)
  if p.desc == nil then p.desc = (self.describe and self.describe(p.id)) or {} end
  return p.desc
end

--- The edge-to-edge distance between two pieces, inches.
---@return number
function View:distance(a, b)
  return g.measure(self:get(a).formation, self:get(b).formation)
end

--- The pieces of the other side, in state order (units by id, then lone individuals).
---@return table[] pieces
function View:enemies(who)
  local p = self:get(who)
  local out = {}
  for _, q in ipairs(self.pieces) do
    if q.side ~= p.side then out[#out + 1] = q end
  end
  return out
end

--- The nearest enemy piece and its distance, or nil when there is none (ties: the earlier).
---@return table|nil piece
---@return number|nil distance
function View:nearest_enemy(who)
  local enemies = self:enemies(who)
  local shapes = {}
  for i, q in ipairs(enemies) do shapes[i] = q.formation end
  local i, d = g.get_nearest(self:get(who).formation, shapes)
  if not i then return nil end
  return enemies[i], d
end

--- The enemy pieces in contact with `who`, each {piece, edge, their_edge}: the edge of `who`
--- touched (front, left, right, rear) and the enemy's.
---@return table[] contacts
function View:contacts(who)
  local p = self:get(who)
  local out = {}
  for _, q in ipairs(self:enemies(p)) do
    local touching, mine, theirs = g.check_contact(p.formation, q.formation, M.contact_tolerance)
    if touching then out[#out + 1] = { piece = q, edge = mine, their_edge = theirs } end
  end
  return out
end

--- Whether some enemy is in contact with `who` (the procedures' in_combat).
---@return boolean
function View:engaged(who)
  return #self:contacts(who) > 0
end

--- Whether some enemy unit (not a lone character) is in contact with `who`.
---@return boolean
function View:engaged_with_units(who)
  for _, c in ipairs(self:contacts(who)) do
    if c.piece.kind == "unit" then return true end
  end
  return false
end

--- Every pair of enemies in contact, each once: {a, b} with a the piece first in state order.
---@return table[] pairs
function View:combats()
  local out = {}
  for i, p in ipairs(self.pieces) do
    for j = i + 1, #self.pieces do
      local q = self.pieces[j]
      if q.side ~= p.side and g.check_contact(p.formation, q.formation, M.contact_tolerance) then
        out[#out + 1] = { a = p, b = q }
      end
    end
  end
  return out
end

--- The terrible creatures within 6in of `who` (not itself), as the morale tests take them:
--- {enemy = {strength, worth}?, ally = {strength, worth}?} holding each side's greatest
--- strength and greatest worth, or nil when there is none; and the creatures' names by side.
---@return table|nil terrible
---@return table names {enemy = {...}, ally = {...}}
function View:terrible_near(who, range)
  local p = self:get(who)
  range = range or M.terrible_range
  local out, names = {}, { enemy = {}, ally = {} }
  for _, q in ipairs(self.pieces) do
    if q ~= p then
      local d = self:desc(q)
      if d.terrible and muster.measure.check_within(g.measure(p.formation, q.formation), range) then
        local key = q.side == p.side and "ally" or "enemy"
        local t = out[key] or { strength = 0, worth = 0 }
        t.strength = math.max(t.strength, d.strength or 0)
        t.worth = math.max(t.worth, d.worth or 0)
        out[key] = t
        names[key][#names[key] + 1] = q.name
      end
    end
  end
  if out.enemy == nil and out.ally == nil then return nil, names end
  return out, names
end

--- The features holding a point, in state order.
function View:features_at(point)
  local out = {}
  for _, f in ipairs(self.features) do
    if g.check_inside(f.polygon, point) then out[#out + 1] = f end
  end
  return out
end

--- The ground a piece stands on: the kind of the first feature holding the centre of its
--- formation, or "open"; and that feature.
---@return string kind
---@return table|nil feature
function View:ground(who)
  local f = self:features_at(g.get_centre(self:get(who).formation))[1]
  if f then return f.kind, f end
  return "open", nil
end

-- The first `figures` bases of a formation, rank by rank from the front, file by file from
-- the left: a short last rank stands at the left [the layout is this file's convention].
local function figure_bases(p)
  local bases = g.get_bases(p.formation)
  local out = {}
  for i = 1, math.min(p.figures, #bases) do out[i] = bases[i] end
  return out
end
M.figure_bases = figure_bases

--- The cover of a feature: its own `cover` prop (the scenario's agreement), else the table
--- feature_cover's row for its kind; "none" when neither says.
---@param f table a view's feature
---@return string cover "none"|"soft"|"hard"
function M.feature_cover(f)
  local c = f.props and f.props.cover
  if c == "soft" or c == "hard" or c == "none" then return c end
  local row = data.feature_cover.rows[f.kind]
  return row and row.cover or "none"
end

--- How near a feature with a cover rule of its own (a wall, a hedge: features.lua) a unit
--- must stand for the feature to hide it (its formation's nearest edge), inches.
M.cover_reach = 1

local rank = { none = 0, soft = 1, hard = 2 }

--- A target's cover as the shooting procedures take it: {soft = n, hard = n}, the figures
--- whose base's centre stands in a feature giving soft or hard cover (the hardest of the
--- features holding it). shooting.lua decides what the counts add up to (p.24). A feature
--- with a cover rule of its own (features.lua, a house rule's) gives cover by that rule to
--- the figures it hides from `shooter` (the unit within M.cover_reach of it, and the line
--- from the shooter's front centre to the figure's base centre crossing it, or that centre in
--- it), or to all of them when the whole unit stands in it; `opts.shoots` is whether the target
--- shoots this phase. Also returns what each such feature gave: {{feature, cover, rule, figures}}.
---@param who string|table the target
---@param shooter? string|table
---@param opts? table {shoots?, season?}
---@return table cover {soft, hard}
---@return table[] by
function View:cover(who, shooter, opts)
  local p = self:get(who)
  opts = opts or {}
  local bases = figure_bases(p)
  local best = {}
  for i, b in ipairs(bases) do
    best[i] = "none"
    for _, f in ipairs(self:features_at(g.get_centre(b))) do
      if not features.rule(f.kind, "cover") then
        local c = M.feature_cover(f)
        if rank[c] > rank[best[i]] then best[i] = c end
      end
    end
  end
  local by = {}
  local from = shooter and self:get(shooter).formation
  for _, f in ipairs(self.features) do
    if features.rule(f.kind, "cover") then
      local hidden, within = {}, true
      local near = from and g.measure(p.formation, f.polygon) <= M.cover_reach
      for i, b in ipairs(bases) do
        local c = g.get_centre(b)
        within = within and g.check_inside(f.polygon, c)
        if near then
          local _, crosses = g.check_segment({ x = from.x, y = from.y }, c, f.polygon)
          if crosses or g.check_inside(f.polygon, c) then hidden[#hidden + 1] = i end
        end
      end
      if #hidden > 0 or within then
        local n = #hidden
        local entry = { kind = f.kind, name = f.name, within = within,
                        hidden = n == 0 and nil or (n == #bases and "entirely") or (n * 2 > #bases and "more_than_half") or "half_or_less" }
        local r = features.cover({ target = self:desc(p), features = { entry }, shoots = opts.shoots,
                                   season = opts.season or (self.table and self.table.props.season) })
        local c = r.features[1].cover
        local figures = within and #bases or n
        if c ~= "none" then
          local list = within and nil or hidden
          for i = 1, #bases do
            local on = within
            if list then for _, k in ipairs(list) do on = on or k == i end end
            if on and rank[c] > rank[best[i]] then best[i] = c end
          end
        end
        by[#by + 1] = { feature = f.name, kind = f.kind, cover = c, rule = r.features[1].rule, figures = figures }
      end
    end
  end
  local out = { soft = 0, hard = 0 }
  for i = 1, #bases do
    if best[i] ~= "none" then out[best[i]] = out[best[i]] + 1 end
  end
  return out, by
end

-- Whether a kind of feature hides what is beyond it (sight.lua's table line_of_sight).
local function blocks(kind)
  local row = sight.data.line_of_sight.rows[kind]
  return row ~= nil and row.blocks == true
end

--- The line-of-sight input of `seer` looking at `target` (sight.lua's procedure takes it):
--- {between, target_on, seer_on, distance}. The lines tried run from every corner of the
--- seer's formation to every corner of the target's (geometry check_los, "corners"); the
--- blockers are the features whose kind blocks (but those either stands in) and the other
--- pieces' formations ("figures"); `between` lists, in order, the kinds the clearest line
--- crosses, so it is empty when some line is clear. `seer_on`, `target_on` are the ground
--- each stands on when sight.lua knows its kind (nil in the open). Also returns the line checked.
---@return table input
---@return table line {from, to}
function View:sight(seer, target)
  local s, t = self:get(seer), self:get(target)
  local seer_on, seer_feature = self:ground(s)
  local target_on, target_feature = self:ground(t)
  local blockers, kinds = {}, {}
  local classes
  for _, f in ipairs(self.features) do
    local hides
    if features.row(f.kind) then
      -- A feature with rules of its own hides only the troops its row names (a tall hedge:
      -- infantry, individuals, animals) from a line crossing it.
      if type(features.row(f.kind).hides) == "table" then
        classes = classes or { features.class_of(self:desc(s), s.kind ~= "unit"), features.class_of(self:desc(t), t.kind ~= "unit") }
        hides = features.hides(f.kind, classes[1], classes[2])
      end
    else
      hides = f ~= seer_feature and f ~= target_feature and blocks(f.kind)
    end
    if hides then
      blockers[#blockers + 1] = f.polygon
      kinds[f.id] = f.kind
    end
  end
  for _, q in ipairs(self.pieces) do
    if q ~= s and q ~= t then
      blockers[#blockers + 1] = q.formation
      kinds[q.id] = "figures"
    end
  end
  local _, ids, line = g.check_los(s.formation, t.formation, blockers, "corners")
  local between, seen = {}, {}
  for _, id in ipairs(ids) do
    local k = kinds[id]
    if not seen[k] then seen[k] = true between[#between + 1] = k end
  end
  local known = {}
  for _, k in ipairs(sight.kinds()) do known[k] = true end
  return { between = between, target_on = known[target_on] and target_on or nil, seer_on = known[seer_on] and seer_on or nil,
           distance = g.measure(s.formation, t.formation) }, line
end

-- ---------------------------------------------------------------------------------------
-- The facts of one declaration, as the whole-phase procedures take them
-- ---------------------------------------------------------------------------------------

local terrain_items = require("terrain_items")

--- Whether a kind of ground is "difficult" for the shooting rules: a kind the movement rules
--- slow (terrain_items' table movement_terrain: woods, hills, broken ground, swamps...).
---@param kind string
---@return boolean
function M.is_difficult(kind)
  return kind ~= "open" and terrain_items.data.movement_terrain.rows[kind] ~= nil
end

-- The points of a shape: a polygon's own, a formation's or base's corners.
local function points_of(shape)
  if shape[1] then return shape end
  return g.get_corners(shape)
end

--- Whether two convex shapes (polygons, formations, bases) share ground: one reaches more than
--- M.contact_tolerance into the other (separating axes). Touching is not overlapping.
---@return boolean
function M.overlap(a, b)
  local pa, pb = points_of(a), points_of(b)
  local function separated(poly)
    for i = 1, #poly do
      local p, q = poly[i], poly[i % #poly + 1]
      local nx, ny = q.y - p.y, p.x - q.x
      local len = math.sqrt(nx * nx + ny * ny)
      if len > 0 then
        nx, ny = nx / len, ny / len
        local amin, amax, bmin, bmax = math.huge, -math.huge, math.huge, -math.huge
        for _, r in ipairs(pa) do local d = r.x * nx + r.y * ny amin = math.min(amin, d) amax = math.max(amax, d) end
        for _, r in ipairs(pb) do local d = r.x * nx + r.y * ny bmin = math.min(bmin, d) bmax = math.max(bmax, d) end
        if amax <= bmin + M.contact_tolerance or bmax <= amin + M.contact_tolerance then return true end
      end
    end
    return false
  end
  return not (separated(pa) or separated(pb))
end

--- The first other piece whose ground `who` overlaps (more than touching), or nil: two
--- formations may touch, never stand on each other.
---@return table|nil piece
function View:overlapping(who)
  local p = self:get(who)
  for _, q in ipairs(self.pieces) do
    if q ~= p and M.overlap(p.formation, q.formation) then return q end
  end
  return nil
end

--- Whether a piece of one figure touches no friendly piece (page 24: a figure alone).
function View:alone(who)
  local p = self:get(who)
  if p.figures ~= 1 then return false end
  for _, q in ipairs(self.pieces) do
    if q ~= p and q.side == p.side and g.check_contact(p.formation, q.formation, M.contact_tolerance) then return false end
  end
  return true
end

--- A unit's own facts in a whole phase's `units` list: {in_combat, terrible?, ground, alone}
--- (ground "open" or "difficult", as shooting_phase takes it).
---@return table facts
function View:unit_facts(who)
  local kind = self:ground(who)
  return { in_combat = self:engaged(who), terrible = (self:terrible_near(who)), alone = self:alone(who),
           ground = M.is_difficult(kind) and "difficult" or "open" }
end

--- The facts of a threat declaration: {distance, sight}.
function View:threat_facts(threatener, target)
  return { distance = self:distance(threatener, target), sight = (self:sight(threatener, target)) }
end

--- The facts of a shot: {distance, sight, cover}; `opts.shoots` whether the target shoots
--- this phase too (a wall's or a ditch's cover asks). Also returns the features with cover
--- rules of their own that hid the target (View:cover).
function View:shot_facts(shooter, target, opts)
  local cover, by = self:cover(target, shooter, opts)
  return { distance = self:distance(shooter, target), sight = (self:sight(shooter, target)), cover = cover }, by
end

--- How many of `who`'s figures touch `enemy` (their bases in contact with its formation):
--- the figures fighting it in contact (page 30).
---@return integer
function View:figures_in_contact(who, enemy)
  local e = self:get(enemy)
  local n = 0
  for _, b in ipairs(figure_bases(self:get(who))) do
    if g.check_contact(b, e.formation, M.contact_tolerance) then n = n + 1 end
  end
  return n
end

-- ---------------------------------------------------------------------------------------
-- Laying out the table
-- ---------------------------------------------------------------------------------------

--- The table's rectangle as a polygon, x from 0 to `width`, y from 0 to `depth` (inches).
function M.table_polygon(width, depth)
  return { { x = 0, y = 0 }, { x = width, y = 0 }, { x = width, y = depth }, { x = 0, y = depth } }
end

--- Records the table's size in the state (a feature of kind "table", id "table"), replacing
--- any earlier one, and the season the battle is fought in when the scenario gives one.
---@param width number inches
---@param depth number inches
---@param season? string
function M.set_table(width, depth, season)
  core.check_number(width, "table.width", 12, 1000)
  core.check_number(depth, "table.depth", 12, 1000)
  if season ~= nil then core.check_enum(season, require("terrain").seasons, "season") end
  if muster.state.get_kind(M.table_id) then muster.state.del_terrain(M.table_id) end
  muster.state.add_terrain { id = M.table_id, kind = "table", polygon = M.table_polygon(width, depth),
                             props = { width = width, depth = depth, season = season } }
end

--- The table's width and depth, or nil when none is set.
function M.get_table()
  if muster.state.get_kind(M.table_id) ~= "terrain" then return nil end
  local t = muster.state.get_terrain(M.table_id)
  return t.props.width, t.props.depth
end

-- ---------------------------------------------------------------------------------------
-- Pictures (scripts/lib/svg.lua draws them)
-- ---------------------------------------------------------------------------------------

-- The marks a piece's description carries, as the picture shows them.
local function marks_of(d)
  local out = {}
  if d.reaction == "rout" then out[#out + 1] = "routed"
  elseif d.reaction and d.reaction ~= "ok" then out[#out + 1] = d.reaction end
  if d.disorganised then out[#out + 1] = "disorganised" end
  if d.orders then out[#out + 1] = d.orders end
  return out
end

--- The view as a picture for scripts/lib/svg.lua: the table (or the box holding every piece
--- and feature), the features, each piece's figures' bases with its marks (routed, shaken,
--- bloodlust, disorganised, its orders), and `opts.lines`, `opts.circles`, `opts.title`.
---@param opts? table {title?, lines?, circles?}
---@return table picture
function View:picture(opts)
  opts = opts or {}
  local width, depth
  if self.table then
    width, depth = self.table.props.width, self.table.props.depth
  else
    width, depth = 12, 12
    local function grow(pt) width, depth = math.max(width, pt.x + 2), math.max(depth, pt.y + 2) end
    for _, f in ipairs(self.features) do for _, pt in ipairs(f.polygon) do grow(pt) end end
    for _, p in ipairs(self.pieces) do for _, c in ipairs(g.get_corners(p.formation)) do grow(c) end end
  end
  local pic = { width = width, depth = depth, title = opts.title, features = {}, pieces = {},
                lines = opts.lines or {}, circles = opts.circles or {} }
  for _, f in ipairs(self.features) do
    pic.features[#pic.features + 1] = { kind = f.kind, name = f.props.name or f.id, polygon = f.polygon, line = f.line }
  end
  for _, p in ipairs(self.pieces) do
    local d = self:desc(p)
    pic.pieces[#pic.pieces + 1] = { id = p.id, side = p.side, name = p.name, bases = figure_bases(p), marks = marks_of(d),
      label = string.format("%s: %d figure%s", p.name, p.figures, p.figures == 1 and "" or "s") }
  end
  return pic
end

--- The line `seer` to `target` as a picture's overlay: the line check_los chose, "clear" or
--- "blocked" by what sight.lua says blocks it.
---@return table line {from, to, kind, label}
function View:sight_line(seer, target)
  local input, line = self:sight(seer, target)
  local seen = sight.sees(sight.check(input, ""))
  return { from = line.from, to = line.to, kind = seen.visible and "clear" or "blocked",
           label = string.format("%s sees %s: %s", self:get(seer).name, self:get(target).name, seen.why) }
end

--- Whether a piece's whole formation stands on the table (true when no table is set).
function View:on_table(who)
  if not self.table then return true end
  for _, c in ipairs(g.get_corners(self:get(who).formation)) do
    if not g.check_inside(self.table.polygon, c) then return false end
  end
  return true
end

return M
