--- Fantasy Warriors scenarios: a table laid out for a battle, in a data file a club writes
--- (examples/scenarios/): the table's size, the terrain features with their shapes, the two
--- sides with their army files, base edges, orders, attached characters and where each unit
--- and character stands. `load` checks a file and names file:line of the first problem;
--- `setup` puts it into the battle state (tabletop.lua measures it from there). The format is
--- docs/table.md. No dice, no rules of the book: the pre-battle procedures (terrain,
--- deployment) decide where things go in a played battle; a scenario is what they decided.
local core = require("core")
local tabletop = require("tabletop")
local armies = require("armies")
local features = require("features")
local terrain = require("terrain")

local M = {}

--- The base edges a side may deploy from, and the facing its units take by default: the
--- table's y = 0 edge is "south" (facing 0, towards +y), the far one "north" (facing 180).
M.edges = { south = 0, north = 180, west = 90, east = 270 }

-- A table's keys in a fixed order, numbers first, then the rest by their text (so the first
-- problem named is the same on every run).
local function keys_in_order(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out, function(a, b)
    local na, nb = type(a) == "number", type(b) == "number"
    if na ~= nb then return na end
    if na then return a < b end
    return tostring(a) < tostring(b)
  end)
  return out
end

-- A mistake in a scenario file is bad input ("input: <file>:<line>: ..."), as every command
-- and the REPL report it.
local function bad_input(message)
  message = tostring(message)
  error(message:match("^input: ") and message or ("input: " .. message), 0)
end

local function fail_at(rec, what, message)
  bad_input(string.format("%s:%d: %s: %s", rec.file, rec.line, what, message))
end

-- A point as the file writes it, {x, y}, or {x = , y = }.
local function point(v, rec, what)
  if type(v) ~= "table" then fail_at(rec, what, "a point {x, y} expected, got " .. core.show(v)) end
  local x, y = v.x or v[1], v.y or v[2]
  if type(x) ~= "number" or type(y) ~= "number" or x ~= x or y ~= y or math.abs(x) > 1000 or math.abs(y) > 1000 then
    fail_at(rec, what, "a point {x, y} of two numbers (inches, at most 1000) expected")
  end
  return { x = tabletop.round(x), y = tabletop.round(y) }
end

local function check_fields(t, known, rec, what)
  local set = {}
  for _, k in ipairs(known) do set[k] = true end
  for _, k in ipairs(keys_in_order(t)) do
    if not set[k] then
      fail_at(rec, what, string.format("unknown field %s (known: %s)", core.show(k), table.concat(known, ", ")))
    end
  end
end

local function number(v, rec, what, low, high)
  if type(v) ~= "number" or v ~= v or v < low or v > high then
    fail_at(rec, what, string.format("a number %g..%g expected, got %s", low, high, core.show(v)))
  end
  return v
end

local function name(v, rec, what)
  if type(v) ~= "string" or v == "" or #v > 64 then
    fail_at(rec, what, "a name (1-64 bytes) expected, got " .. core.show(v))
  end
  return v
end

-- The words a scenario file may use, each remembering the file and line it was written at.
local function collector(file)
  local c = { features = {}, sides = {}, file = file }
  local function where()
    local f, line = muster.script.get_where(3)
    return { file = f or file, line = line or 0 }
  end
  local words = {}
  function words.scenario(title)
    local rec = where()
    return function(fields)
      if c.scenario then fail_at(rec, "scenario", "a file holds one scenario (the first is at line " .. c.scenario.line .. ")") end
      rec.title, rec.fields = title, fields
      c.scenario = rec
    end
  end
  -- feature "kind" {...}, side "id" {...}, place "name" {...}: the record, kept in `list`
  -- (features and sides; a place is kept by the side that holds it).
  local function entry(key, list)
    return function(arg)
      local rec = where()
      return function(fields)
        rec[key], rec.fields, rec.is_place = arg, fields, key == "who"
        if list then list[#list + 1] = rec end
        return rec
      end
    end
  end
  words.feature = entry("kind", c.features)
  words.side = entry("id", c.sides)
  words.place = entry("who", nil)
  return c, words
end

local function check_feature(rec, seen)
  local what = "feature " .. core.show(rec.kind)
  if type(rec.kind) ~= "string" or not rec.kind:match("^[a-z][a-z0-9_]*$") or rec.kind == "table" then
    fail_at(rec, "feature", "a kind of terrain in lowercase (wood, hill, river, ...) expected, got " .. core.show(rec.kind))
  end
  if type(rec.fields) ~= "table" then fail_at(rec, what, "a table of fields expected") end
  check_fields(rec.fields, { "name", "polygon", "line", "width", "cover", "id" }, rec, what)
  local f = rec.fields
  local out = { kind = rec.kind, file = rec.file, line = rec.line, name = name(f.name or rec.kind, rec, what .. ": name") }
  what = string.format("feature %s", core.show(out.name))
  if f.cover ~= nil and f.cover ~= "none" and f.cover ~= "soft" and f.cover ~= "hard" then
    fail_at(rec, what .. ": cover", "none, soft or hard expected, got " .. core.show(f.cover))
  end
  out.cover = f.cover
  -- A kind with rules of its own (features.lua) says its shape: a line with a width, or an
  -- area; any other kind is an area.
  local row = features.row(rec.kind)
  if row and row.shape == "line" then
    if f.polygon ~= nil then
      fail_at(rec, what .. ": polygon", string.format("a %s is a line: give line = {{x, y}, ...} and width", (rec.kind:gsub("_", " "))))
    end
    if type(f.line) ~= "table" or #f.line < 2 then
      fail_at(rec, what .. ": line", "at least 2 points {x, y} expected")
    end
    local points = {}
    for i, p in ipairs(f.line) do points[i] = point(p, rec, string.format("%s: line[%d]", what, i)) end
    local widest = row.max_width or features.max_width
    out.width = f.width == nil and row.width or number(f.width, rec, what .. ": width", 1 / 16, widest)
    if type(out.width) ~= "number" then fail_at(rec, what .. ": width", "missing: the line's width in inches (its kind gives none)") end
    local poly, why, i = features.outline(points, out.width, tabletop.round)
    if not poly then fail_at(rec, string.format("%s: line[%d]", what, i), why) end
    out.polygon, out.points = {}, points
    for k, p in ipairs(poly) do out.polygon[k] = { x = tabletop.round(p.x), y = tabletop.round(p.y) } end
    out.shape = "line"
  else
    if f.line ~= nil or f.width ~= nil then
      local known = {}
      for _, k in ipairs(features.kinds()) do
        if features.row(k).shape == "line" then known[#known + 1] = k end
      end
      fail_at(rec, what .. ": " .. (f.line ~= nil and "line" or "width"), string.format(
        "only a linear feature has a line and a width (the kinds the rules in force draw as lines: %s); give polygon",
        #known > 0 and table.concat(known, ", ") or "none"))
    end
    if type(f.polygon) ~= "table" or #f.polygon < 3 then
      fail_at(rec, what .. ": polygon", "at least 3 points {x, y} expected")
    end
    out.polygon = {}
    for i, p in ipairs(f.polygon) do out.polygon[i] = point(p, rec, string.format("%s: polygon[%d]", what, i)) end
  end
  if f.id ~= nil then
    if type(f.id) ~= "string" or not f.id:match("^[%w_.:-]+$") or #f.id > 64 then
      fail_at(rec, what .. ": id", "1-64 characters of A-Z a-z 0-9 _ . : - expected, got " .. core.show(f.id))
    end
    out.id = f.id
  end
  local key = out.id or out.name
  if seen[key] then fail_at(rec, what, "a second feature named " .. core.show(key) .. " (the first is at line " .. seen[key] .. ")") end
  seen[key] = rec.line
  return out
end

local function check_place(rec, side)
  local what = string.format("place %s", core.show(rec.who))
  name(rec.who, rec, "place")
  if type(rec.fields) ~= "table" then fail_at(rec, what, "a table of fields expected") end
  check_fields(rec.fields, { "x", "y", "facing", "files" }, rec, what)
  local f = rec.fields
  local out = { who = rec.who, file = rec.file, line = rec.line,
                x = number(f.x, rec, what .. ": x", -1000, 1000), y = number(f.y, rec, what .. ": y", -1000, 1000),
                facing = f.facing and number(f.facing, rec, what .. ": facing", -360, 360) or side.facing }
  if f.files ~= nil then
    if type(f.files) ~= "number" or f.files < 1 or f.files > 100 or f.files ~= math.floor(f.files) then
      fail_at(rec, what .. ": files", "a whole number 1..100 expected, got " .. core.show(f.files))
    end
    out.files = f.files
  end
  return out
end

local function check_side(rec)
  local what = "side " .. core.show(rec.id)
  if type(rec.id) ~= "string" or not rec.id:match("^[%a_][%w_]*$") or #rec.id > 64 then
    fail_at(rec, "side", "an id (letters, digits, _) expected, got " .. core.show(rec.id))
  end
  if type(rec.fields) ~= "table" then fail_at(rec, what, "a table of fields expected") end
  local f = rec.fields
  local out = { id = rec.id, file = rec.file, line = rec.line, orders = {}, attach = {}, places = {} }
  for _, k in ipairs(keys_in_order(f)) do
    local v = f[k]
    if type(k) ~= "number" and k ~= "army" and k ~= "edge" and k ~= "orders" and k ~= "attach" then
      fail_at(rec, what, string.format("unknown field %s (known: army, edge, orders, attach, and place \"...\" {...})", core.show(k)))
    end
    if type(k) == "number" and (type(v) ~= "table" or not v.is_place) then
      fail_at(rec, what, "only place \"name\" {x, y, ...} entries may stand in a side's list")
    end
  end
  if type(f.army) ~= "string" then fail_at(rec, what .. ": army", "the army file's path under the Muster root expected") end
  out.army = f.army
  if M.edges[f.edge] == nil then
    fail_at(rec, what .. ": edge", "south, north, west or east expected, got " .. core.show(f.edge))
  end
  out.edge, out.facing = f.edge, M.edges[f.edge]
  for _, command in ipairs(core.sorted_keys(f.orders or {})) do
    local o = f.orders[command]
    if type(command) ~= "string" then fail_at(rec, what .. ": orders", "command names as keys expected") end
    if o ~= "attack" and o ~= "hold" and o ~= "oppose" then
      fail_at(rec, string.format("%s: orders[%s]", what, core.show(command)), "attack, hold or oppose expected, got " .. core.show(o))
    end
    out.orders[command] = o
  end
  for _, unit in ipairs(core.sorted_keys(f.attach or {})) do
    local list = f.attach[unit]
    if type(unit) ~= "string" or type(list) ~= "table" then
      fail_at(rec, what .. ": attach", "{[\"unit name\"] = {\"character\", ...}} expected")
    end
    out.attach[unit] = {}
    for i, who in ipairs(list) do out.attach[unit][i] = name(who, rec, string.format("%s: attach[%s][%d]", what, core.show(unit), i)) end
  end
  for i, p in ipairs(f) do out.places[i] = check_place(p, out) end
  return out
end

--- Loads and checks a scenario file (a path under the Muster root, or {file, text}); errors
--- name file:line and the field. Armies are checked by `setup`, which reads them.
---@param source string|table
---@return table scenario {file, title, width, depth, time?, season?, features, sides}
function M.load(source)
  local file, text
  if type(source) == "string" then
    file, text = source, muster.script.get_file(source)
  elseif type(source) == "table" and type(source.file) == "string" and type(source.text) == "string" then
    file, text = source.file, source.text
  else
    core.fail("scenario", "a path under the Muster root or {file = name, text = text} expected, got " .. core.show(source))
  end
  local c, words = collector(file)
  local env = setmetatable({}, {
    __index = function(_, k)
      local known = core.sorted_keys(words)
      if words[k] then return words[k] end
      error(string.format("unknown word %s in a scenario (known: %s)", core.show(tostring(k)), table.concat(known, ", ")), 2)
    end,
    __newindex = function(_, k) error("a scenario defines no globals: " .. core.show(tostring(k)), 2) end,
  })
  local chunk, message = load(text, "@" .. file, "t", env)
  if not chunk then bad_input(message) end
  local ok, err = pcall(chunk)
  if not ok then bad_input(err) end
  local rec = c.scenario
  if not rec then bad_input(file .. ": no scenario \"title\" {...} in the file") end
  name(rec.title, rec, "scenario")
  if type(rec.fields) ~= "table" then fail_at(rec, "scenario", "a table of fields expected") end
  local f = rec.fields
  for _, k in ipairs(keys_in_order(f)) do
    if type(k) ~= "number" and k ~= "table" and k ~= "time" and k ~= "season" then
      fail_at(rec, "scenario", string.format("unknown field %s (known: table, time, season, and side/feature entries)", core.show(k)))
    end
  end
  local out = { file = file, title = rec.title, features = {}, sides = {} }
  if type(f.table) ~= "table" then fail_at(rec, "scenario: table", "{width = , depth = } in inches expected") end
  check_fields(f.table, { "width", "depth" }, rec, "scenario: table")
  out.width = number(f.table.width, rec, "scenario: table.width", 12, 1000)
  out.depth = number(f.table.depth, rec, "scenario: table.depth", 12, 1000)
  if f.time ~= nil then
    local okt, why = pcall(core.check_time, f.time, "time")
    if not okt then fail_at(rec, "scenario: time", (tostring(why):gsub("^input: time: ", ""))) end
    out.time = f.time
  end
  if f.season ~= nil then
    local oks, why = pcall(core.check_enum, f.season, terrain.seasons, "season")
    if not oks then fail_at(rec, "scenario: season", (tostring(why):gsub("^input: season: ", ""))) end
    out.season = f.season
  end
  local seen = {}
  for _, r in ipairs(c.features) do out.features[#out.features + 1] = check_feature(r, seen) end
  for _, r in ipairs(c.sides) do out.sides[#out.sides + 1] = check_side(r) end
  if #out.sides ~= 2 then
    fail_at(rec, "scenario", string.format("two sides expected, got %d", #out.sides))
  end
  if out.sides[1].id == out.sides[2].id then fail_at(out.sides[2], "side", "both sides are " .. core.show(out.sides[1].id)) end
  return out
end

-- A simple value of a description for the state's props (tables left out).
local function scalar_props(desc)
  local props = {}
  for _, k in ipairs(core.sorted_keys(desc)) do
    local v = desc[k]
    if type(v) == "string" or type(v) == "number" or type(v) == "boolean" then props[k] = v end
  end
  return props
end

--- How far from its base edge an army set out on an open field stands (its front rank), and
--- the gap between its units, inches.
M.open_field_line, M.open_field_gap = 10, 2

--- A scenario with no file: two armies facing each other on an open table (or on the table and
--- terrain of `base`, a loaded scenario whose own sides are left out), each set out in line
--- along its base edge (set_out, when laid out). Side ids are the armies' list ids ("orcs";
--- "orcs_2" for a second army of the same list).
---@param army_a string an army file
---@param army_b string
---@param base? table a loaded scenario
---@return table scenario as load returns it
function M.open_field(army_a, army_b, base)
  local sc = { file = base and base.file or "(open field)", title = base and base.title or "An open field",
               width = base and base.width or 72, depth = base and base.depth or 48, time = base and base.time,
               season = base and base.season,
               features = base and base.features or {}, sides = {} }
  local used = {}
  for i, path in ipairs({ army_a, army_b }) do
    if type(path) ~= "string" then core.fail("army", "an army file's path expected, got " .. core.show(path)) end
    local list = armies.describe(path).list
    local id = list
    if used[id] then id = id .. "_2" end
    used[id] = true
    local edge = i == 1 and "south" or "north"
    sc.sides[i] = { id = id, army = path, edge = edge, facing = M.edges[edge], orders = {}, attach = {}, places = {},
                    set_out = true, file = path, line = 0 }
  end
  return sc
end

-- Sets out side `side`'s units (ids in `ids`, descriptions `descs`) in lines along its base
-- edge, centred, M.open_field_gap apart, a new line 4in behind when one is full; its warchief
-- 3in behind the middle of the first line.
local function set_out(sc, side, ids, descs, warchief_id)
  local s = muster.state
  local south = side.edge == "south"
  local y0 = south and M.open_field_line or (sc.depth - M.open_field_line)
  local lines, line = {}, { width = 0, items = {} }
  for i, id in ipairs(ids) do
    local p = tabletop.placement(descs[i], { x = 0, y = 0 })
    local w = p.files * p.base_width
    if #line.items > 0 and line.width + M.open_field_gap + w > sc.width - 4 then
      lines[#lines + 1] = line
      line = { width = 0, items = {} }
    end
    line.width = line.width + (#line.items > 0 and M.open_field_gap or 0) + w
    line.items[#line.items + 1] = { id = id, desc = descs[i], w = w, depth = p.ranks * p.base_depth }
  end
  if #line.items > 0 then lines[#lines + 1] = line end
  local y = y0
  for _, l in ipairs(lines) do
    local x = (sc.width - l.width) / 2
    local deepest = 0
    for _, it in ipairs(l.items) do
      -- South faces north (0); north faces south (180): its left is the table's east.
      local cx = south and (x + it.w / 2) or (sc.width - x - it.w / 2)
      s.set_placement(it.id, tabletop.placement(it.desc, { x = cx, y = y, facing = side.facing }))
      x = x + it.w + M.open_field_gap
      deepest = math.max(deepest, it.depth)
    end
    y = south and (y - deepest - 4) or (y + deepest + 4)
  end
  if warchief_id then
    local back = south and -3 - 2.4 or 3 + 2.4
    s.set_placement(warchief_id, { x = tabletop.round(sc.width / 2), y = tabletop.round(y0 + back) })
  end
end

--- Puts a loaded scenario into the battle state: the table, the features, and for each side
--- its army's units (through `add_unit(description, side)` → unit id, the REPL's own, so
--- the units are the ones its commands take), each with its command's orders and attached
--- characters, placed where the scenario says; lone characters it places become individuals.
--- Returns {units = { [name] = id }, individuals = { [name] = id }, armies = { [side] = army }}.
--- Errors name the scenario's file:line.
---@param sc table from load
---@param add_unit fun(desc: table, side: string): string
---@return table placed
function M.setup(sc, add_unit)
  local s = muster.state
  tabletop.set_table(sc.width, sc.depth, sc.season)
  for i, f in ipairs(sc.features) do
    local id = f.id or string.format("feature-%d", i)
    s.add_terrain { id = id, kind = f.kind, polygon = f.polygon,
                    props = { name = f.name, cover = f.cover, shape = f.shape, width = f.width } }
  end
  local out = { units = {}, individuals = {}, armies = {} }
  local taken = {}  -- the names of the sides laid out so far: units and characters
  for _, side in ipairs(sc.sides) do
    local army = armies.describe(side.army)
    -- A mirror match (the same army, or the same names, on both sides): the second side's
    -- names that the first already uses take its side's id, "Black Blades (orcs_2)", so that
    -- every name on the table is one unit's or one character's.
    local function own(d)
      if d and taken[d.name] then d.name = string.format("%s (%s)", d.name, side.id) end
    end
    own(army.warchief)
    for _, ind in ipairs(army.individuals) do own(ind) end
    for _, c in ipairs(army.commands) do
      if not c.warchief then own(c.leader) end
      for _, ind in ipairs(c.individuals) do own(ind) end
      for _, d in ipairs(c.units) do own(d) end
    end
    local function take(d) if d then taken[d.name] = true end end
    take(army.warchief)
    for _, ind in ipairs(army.individuals) do take(ind) end
    for _, c in ipairs(army.commands) do
      take(c.leader)
      for _, ind in ipairs(c.individuals) do take(ind) end
      for _, d in ipairs(c.units) do take(d) end
    end
    out.armies[side.id] = army
    if not s.get_kind(side.id) then s.add_side { id = side.id, name = army.name } end
    local places, used = {}, {}
    for _, p in ipairs(side.places) do
      if places[p.who] then fail_at(p, "place " .. core.show(p.who), "placed twice (first at line " .. places[p.who].line .. ")") end
      places[p.who] = p
    end
    local attached = {}
    for _, unit in ipairs(core.sorted_keys(side.attach)) do
      for _, who in ipairs(side.attach[unit]) do attached[who] = unit end
    end
    local characters = {}
    local function character(ind) characters[#characters + 1] = ind end
    if army.warchief then character(army.warchief) end
    for _, ind in ipairs(army.individuals) do character(ind) end
    for _, c in ipairs(army.commands) do
      if not c.warchief then character(c.leader) end
      for _, ind in ipairs(c.individuals) do character(ind) end
    end
    local by_name = {}
    for _, ind in ipairs(characters) do by_name[ind.name] = ind end
    local side_ids, side_descs = {}, {}
    for _, c in ipairs(army.commands) do
      for _, desc in ipairs(c.units) do
        desc.orders = side.orders[c.name] or desc.orders
        for _, who in ipairs(side.attach[desc.name] or {}) do
          local ind = by_name[who]
          if not ind then fail_at(side, "side " .. core.show(side.id) .. ": attach", "no character " .. core.show(who) .. " in " .. side.army) end
          desc.individuals = desc.individuals or {}
          desc.individuals[#desc.individuals + 1] = ind
        end
        local id = add_unit(desc, side.id)
        out.units[desc.name] = id
        side_ids[#side_ids + 1], side_descs[#side_descs + 1] = id, desc
        local p = places[desc.name]
        if p then
          used[desc.name] = true
          local at = tabletop.placement(desc, p)
          s.set_placement(id, at)
        end
      end
    end
    for _, command in ipairs(core.sorted_keys(side.orders)) do
      local found = false
      for _, c in ipairs(army.commands) do found = found or c.name == command end
      if not found then fail_at(side, "side " .. core.show(side.id) .. ": orders", "no command " .. core.show(command) .. " in " .. side.army) end
    end
    for _, ind in ipairs(characters) do
      local p = places[ind.name]
      if p and not attached[ind.name] then
        used[ind.name] = true
        local at = tabletop.placement({ figures = 1, mounted = ind.mounted, terrible = ind.terrible, weapon = ind.weapon }, p)
        out.individuals[ind.name] = s.add_individual { side = side.id, name = ind.name, x = at.x, y = at.y, facing = at.facing,
          ranks = 1, files = 1, base_width = at.base_width, base_depth = at.base_depth, props = scalar_props(ind) }
      end
    end
    if side.set_out then
      local w = army.warchief
      local wid
      if w and not attached[w.name] then
        local at = tabletop.placement({ figures = 1, mounted = w.mounted, terrible = w.terrible, weapon = w.weapon }, { x = 0, y = 0 })
        wid = s.add_individual { side = side.id, name = w.name, x = 0, y = 0, facing = side.facing, ranks = 1, files = 1,
          base_width = at.base_width, base_depth = at.base_depth, props = scalar_props(w) }
        out.individuals[w.name] = wid
      end
      set_out(sc, side, side_ids, side_descs, wid)
    end
    for _, p in ipairs(side.places) do
      if not used[p.who] then
        fail_at(p, "place " .. core.show(p.who), (attached[p.who] and "is attached to " .. core.show(attached[p.who]) .. ": it stands with that unit")
          or ("no unit or character of that name in " .. side.army))
      end
    end
  end
  return out
end

return M
