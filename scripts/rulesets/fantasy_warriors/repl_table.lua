--- The REPL's table (tabletop.lua): a scenario laid out, units placed, where everything
--- stands, and the table as SVG (:svg). Helpers take the REPL library (scripts/lib/repl.lua)
--- first, as the other REPL functions do.
local core = require("core")
local tabletop = require("tabletop")
local scenario = require("scenario")
local svg = require("svg")

local M = {}

local s = muster.state
-- get_unit(s)' options for reading a unit's id, name, place and figures' number (no props).
local PLACE = { figures = "count", tags = false }

local function id_of(lib, h, what)
  if lib.is_handle(h) then return rawget(h, "id") end
  if type(h) == "string" then
    if s.get_kind(h) == "unit" or s.get_kind(h) == "individual" then return h end
    for _, u in ipairs(s.get_units(nil, PLACE)) do if u.name == h then return u.id end end
    for _, i in ipairs(s.get_individuals()) do if i.name == h then return i.id end end
  end
  core.fail(what or "unit", "a unit (a name the session knows, or its name as a string) expected, got " .. core.show(h))
end

M.id = id_of

-- The last view, kept while the battle state has not changed since (its revision): a phase
-- asks for the table many times between moves. Descriptions are read again for each asker.
local last_view, last_revision, last_lib

--- The view of the table now, reading units' descriptions through the REPL.
function M.view(lib)
  local revision = s.get_revision()
  if last_view and last_revision == revision and last_lib == lib then
    for _, p in ipairs(last_view.pieces) do p.desc = nil end
    return last_view
  end
  last_view = tabletop.view(function(id)
    if s.get_kind(id) == "unit" then return lib.describe(lib.handle(id)) end
    return s.get_individual(id).props
  end)
  last_revision, last_lib = revision, lib
  return last_view
end

local function fmt_in(v) return muster.measure.fmt(v) end

--- One line on where a piece stands and what is around it.
local function where_line(v, p)
  local f = p.formation
  local num = svg.num
  local parts = { string.format("%s (%s): at (%s, %s) facing %s, %d x %d", p.name, p.side, num(f.x), num(f.y), num(f.facing),
    f.files, f.ranks) }
  local ground = v:ground(p)
  if ground ~= "open" then parts[#parts + 1] = "on " .. ground:gsub("_", " ") end
  local contacts = v:contacts(p)
  if #contacts > 0 then
    local names = {}
    for _, c in ipairs(contacts) do names[#names + 1] = string.format("%s (its %s to their %s)", c.piece.name, c.edge, c.their_edge) end
    parts[#parts + 1] = "in contact with " .. table.concat(names, ", ")
  else
    local e, d = v:nearest_enemy(p)
    if e then parts[#parts + 1] = string.format("nearest enemy %s %s", e.name, fmt_in(d)) end
  end
  if v.table and not v:on_table(p) then parts[#parts + 1] = "OFF THE TABLE" end
  return table.concat(parts, "; ")
end

--- where(unit?): where a unit stands (or every piece on the table, side by side).
function M.where(lib, h)
  local v = M.view(lib)
  if h ~= nil and h ~= "" then return where_line(v, v:get(id_of(lib, h))) end
  if #v.pieces == 0 then return "nothing is on the table: scenario(\"examples/scenarios/greystones.lua\") or place(unit, {x = , y = })" end
  local lines = {}
  if v.table then lines[1] = string.format("table %s x %s", fmt_in(v.table.props.width), fmt_in(v.table.props.depth)) end
  for _, p in ipairs(v.pieces) do lines[#lines + 1] = "  " .. where_line(v, p) end
  return table.concat(lines, "\n")
end

--- place(unit, {x, y, facing?, files?}): stands a unit on the table, its front rank's front
--- edge centred on x, y (inches), facing (degrees, 0 = away from the first side's edge; left
--- out: as it was), in `files` files (left out: as it was, or 5); its description's ranks
--- follow. Refused when it would stand on another piece.
function M.place(lib, h, at)
  local id = id_of(lib, h)
  if type(at) ~= "table" then core.fail("place", "{x = , y = , facing?, files?} expected") end
  core.check_fields(at, { "x", "y", "facing", "files" }, "place")
  local x = core.check_number(at.x, "place.x", -1000, 1000)
  local y = core.check_number(at.y, "place.y", -1000, 1000)
  local unit = s.get_kind(id) == "unit"
  local now = unit and s.get_unit(id) or s.get_individual(id)
  -- Left out, the facing and the files stay as they are (a unit not yet placed faces 0).
  local facing = core.check_number(at.facing, "place.facing", -360, 360, now.base_width > 0 and now.facing or 0)
  local files = at.files or (unit and now.base_width > 0 and now.files or nil)
  local handle = unit and lib.handle(id)
  local desc = unit and lib.describe(handle) or now.props
  local p = tabletop.placement(desc, { x = x, y = y, facing = facing, files = unit and files or 1 })
  local before = { x = now.x, y = now.y, facing = now.facing, ranks = now.ranks, files = now.files,
                   base_width = now.base_width, base_depth = now.base_depth }
  s.set_placement(id, p)
  local v = M.view(lib)
  local other = v:overlapping(id)
  if other then
    s.set_placement(id, before)
    core.fail("place", string.format("%s would stand on %s", v:get(id).name, other.name))
  end
  if unit and desc.ranks ~= p.ranks then handle.ranks = p.ranks end
  return M.where(lib, id)
end

--- After a unit's figures change (losses, reinforcements): a unit on the table keeps its
--- files and takes the ranks its figures fill, in the state and in its description (so the
--- procedures' frontage follows); a unit with no figure left, or routed (p.21), leaves the
--- table.
function M.reform(lib, id)
  if s.get_kind(id) ~= "unit" then return end
  local u = s.get_unit(id, PLACE)
  if u.base_width <= 0 then return end
  local n = u.figures
  local h = lib.handle(id)
  -- No figure left, or routed (removed from the table at once, p.21): it leaves the table.
  if n == 0 or lib.describe(h).reaction == "rout" then
    s.set_placement(id, { base_width = 0, base_depth = 0 })
    return
  end
  local files = math.min(u.files, n)
  local ranks = math.ceil(n / files)
  if files ~= u.files or ranks ~= u.ranks then s.set_placement(id, { files = files, ranks = ranks }) end
  local desc = lib.describe(h)
  if desc.ranks ~= ranks then
    desc.ranks = ranks
    lib.set_description(h, desc)
  end
end

--- scenario(path): lays out a scenario file (docs/table.md): the table, its features and both
--- armies placed; what was on the table goes. The units become session names (their ids).
--- Returns a line saying what was laid out, scenario.setup's result and the loaded scenario.
function M.scenario(lib, path)
  -- A path, a source {file, text}, or a scenario already loaded (scenario.open_field's).
  local sc = (type(path) == "table" and path.sides ~= nil) and path or scenario.load(path)
  for _, u in ipairs(s.get_units(nil, PLACE)) do s.del_unit(u.id) end
  for _, i in ipairs(s.get_individuals()) do s.del_individual(i.id) end
  for _, t in ipairs(s.get_terrains()) do s.del_terrain(t.id) end
  local placed = scenario.setup(sc, function(desc, side) return rawget(lib.add_unit(desc, side), "id") end)
  for _, u in ipairs(s.get_units(nil, PLACE)) do M.reform(lib, u.id) end
  for _, name in ipairs(core.sorted_keys(lib.env)) do
    if lib.is_handle(lib.env[name]) then lib.env[name] = nil end
  end
  for _, name in ipairs(core.sorted_keys(placed.units)) do
    local id = placed.units[name]
    lib.env[id] = lib.handle(id)
  end
  lib.remember_names(lib.env)
  local n = 0
  for _ in pairs(placed.units) do n = n + 1 end
  return string.format("%s: %s, %d units on a %s x %s table (where() lists them, :svg FILE draws it)", sc.file, sc.title, n,
    fmt_in(sc.width), fmt_in(sc.depth)), placed, sc
end

--- The table as SVG text, titled with the scenario's clock, with `opts.lines`.
function M.svg(lib, opts)
  local v = M.view(lib)
  local clock = s.get_clock()
  opts = opts or {}
  opts.title = opts.title or (clock.turn > 0 and string.format("turn %d, %s", clock.turn, clock.phase) or "the table")
  return svg.render(v:picture(opts))
end

--- distance(a, b): the distance between two pieces, edge to edge, in inches.
function M.distance(lib, a, b)
  local v = M.view(lib)
  return v:distance(id_of(lib, a, "a"), id_of(lib, b, "b"))
end

return M
