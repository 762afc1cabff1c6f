--- Fantasy Warriors terrain as movement reads it (pages 10, 14-15, 27): the items and their
--- sizes (table terrain_items), what each kind of terrain does to a move (table
--- movement_terrain: the core's difficult terrain, half speed, always disorganised, wading), who
--- may cross a swamp or a marsh (table crossing), bridges and fords. Owns the procedure
--- `terrain_sizes`. Data and its reading only: no dice, no unit is moved here.
local core = require("core")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- The terrain items and their sizes in inches (page 10; the feature, page 14; the bridge and
-- the ford, page 27). A size is {width, depth}; `at_least`/`at_most` bound an item, `about`
-- is the book's rough size (agreed between the players, never refused), `smaller_than` names
-- the item it must stay under. `width` alone: a crossing's width (at most, for the bridge).
data.terrain_items = core.define_table("terrain_items", {
  big_hill = { at_least = { 6, 4 }, at_most = { 12, 8 } },
  small_hill = { smaller_than = "big_hill" },
  large_wood = { about = { 8, 8 } },
  small_wood = { about = { 4, 4 } },
  broken_ground = { at_most = { 12, 8 } },
  swamp = { about = { 8, 8 } },
  marsh = { about = { 8, 8 } },
  feature = { about = { 12, 12 }, doc = "a Terrain Feature: a group of items, one per 12in of table length" },
  bridge = { at_most_width = 2 },
  ford = { width = 4 },
}, 10, { doc = "terrain items and their sizes in inches: at_least/at_most {width, depth}, about {width, depth} (rough), smaller_than, a bridge's greatest width, a ford's width" })
data.terrain_items:set_page("feature", 14)
data.terrain_items:set_page("bridge", 27)
data.terrain_items:set_page("ford", 27)

--- The items in the book's order (the table's rows are walked in this order, then any a
--- variant added, sorted).
M.item_order = { "big_hill", "small_hill", "large_wood", "small_wood", "broken_ground", "swamp", "marsh",
                 "feature", "bridge", "ford" }

-- What each kind of terrain does to a unit that moves on or over it (page 27): `effect` is one
-- of terrain.lua's movement effects ("half_or_disorganised": difficult terrain, more than half
-- the MOV disorganises; "half_and_disorganised": always at half speed and always
-- disorganised), `crossing` names the row of table `crossing` saying who may cross it at all,
-- `wading` that it is a river crossed without bridge or ford (the wading throw),
-- `always_disorganises` (none in the book; the weather's storms set it, HR-4) that any move
-- over it disorganises, not only one of more than half the MOV. All Terrain
-- Features are difficult terrain (page 15), and so is anything the players agree on ("difficult").
data.movement_terrain = core.define_table("movement_terrain", {
  wood = { effect = "half_or_disorganised", reason = "woods are difficult terrain" },
  hill = { effect = "half_or_disorganised", reason = "hills are difficult terrain" },
  broken_ground = { effect = "half_or_disorganised", reason = "broken ground is difficult terrain" },
  difficult = { effect = "half_or_disorganised", reason = "terrain the players agreed is difficult" },
  bridge = { effect = "half_or_disorganised", reason = "a bridge counts as difficult terrain" },
  swamp = { effect = "half_and_disorganised", crossing = "swamp", reason = "a swamp is crossed at half speed and always disorganises" },
  marsh = { effect = "half_and_disorganised", crossing = "marsh", reason = "a marsh is crossed at half speed and always disorganises" },
  ford = { effect = "half_and_disorganised", reason = "a ford is crossed at half speed and always disorganises" },
  river = { effect = "half_and_disorganised", wading = true, reason = "wading across a river: half speed, always disorganised" },
}, 27, { doc = "what a kind of terrain does to a move: effect (terrain.lua's effects), crossing (a row of table crossing), wading, always_disorganises (none in the book)" })

--- The terrain kinds a move may name, in the book's order.
M.kinds = { "wood", "hill", "broken_ground", "difficult", "bridge", "swamp", "marsh", "ford", "river" }

-- Who may not cross a swamp or a marsh (page 27): each bar holds when all its conditions
-- hold for a figure of the unit (`strength_at_most`, `mounted` true/false, `armour` one of the
-- list, `equipment` the unit carries equipment); a bar with no condition bars everyone (a
-- variant's impassable swamp).
data.crossing = core.define_table("crossing", {
  swamp = {
    { id = "weak", strength_at_most = 1, reason = "only creatures with a strength greater than 1 cross a swamp" },
    { id = "equipment", equipment = true, reason = "no equipment crosses a swamp" },
    { id = "mounted", mounted = true, reason = "no mounted figure crosses a swamp" },
    { id = "armour", armour = { "heavy", "extra_heavy" }, reason = "no figure in heavy or extra-heavy armour crosses a swamp" },
  },
  marsh = {
    { id = "infantry_armour", mounted = false, armour = { "extra_heavy" }, reason = "no infantry in extra-heavy armour crosses a marsh" },
    { id = "mounted_armour", mounted = true, armour = { "heavy", "extra_heavy" }, reason = "no mounted figure in heavy or extra-heavy armour crosses a marsh" },
  },
}, 27, { doc = "who may not cross a swamp or a marsh: bars {id, reason, strength_at_most?, mounted?, armour?, equipment?}" })

-- Bridges (page 27): figures on bases wider than `single_file_above` and narrower than
-- `barred_above` cross in single file; wider than `barred_above`, they cannot use it. A base
-- of exactly 2in, which the book leaves out, crosses in single file (it fits the widest bridge).
data.bridge = core.define_table("bridge", {
  bases = { single_file_above = 1, barred_above = 2 },
}, 27, { doc = "bridge: bases over single_file_above inches cross in single file, over barred_above they cannot use it" })

local function size_text(s)
  return string.format("%gin x %gin", s[1], s[2])
end

--- One item's size as a line of text ("at least 6in x 4in, at most 12in x 8in").
---@param row table a row of terrain_items
---@return string
function M.size_text(row)
  local parts = {}
  if row.at_least then parts[#parts + 1] = "at least " .. size_text(row.at_least) end
  if row.at_most then parts[#parts + 1] = "at most " .. size_text(row.at_most) end
  if row.about then parts[#parts + 1] = "about " .. size_text(row.about) end
  if row.smaller_than then parts[#parts + 1] = "smaller than a " .. row.smaller_than:gsub("_", " ") end
  if row.at_most_width then parts[#parts + 1] = string.format("at most %gin wide", row.at_most_width) end
  if row.width then parts[#parts + 1] = string.format("%gin wide", row.width) end
  return table.concat(parts, ", ")
end

-- Whether a piece {w, d} fits within {W, D} either way round.
local function within(piece, bound)
  return (piece[1] <= bound[1] and piece[2] <= bound[2]) or (piece[1] <= bound[2] and piece[2] <= bound[1])
end

-- Whether a piece {w, d} reaches {W, D} either way round.
local function reaches(piece, bound)
  return (piece[1] >= bound[1] and piece[2] >= bound[2]) or (piece[1] >= bound[2] and piece[2] >= bound[1])
end

--- Whether a piece of `size` {width, depth} fits item `name`: true, false with why, or true
--- with a note when the book's size is only a rough one.
---@return boolean fits
---@return string why
function M.fits(name, size)
  local rows = data.terrain_items.rows
  local row = rows[name]
  if row.at_least and not reaches(size, row.at_least) then
    return false, "smaller than " .. size_text(row.at_least)
  end
  if row.at_most and not within(size, row.at_most) then
    return false, "larger than " .. size_text(row.at_most)
  end
  if row.smaller_than then
    local big = rows[row.smaller_than]
    if big and big.at_least and reaches(size, big.at_least) then
      return false, "as large as a " .. row.smaller_than:gsub("_", " ") .. " (at least " .. size_text(big.at_least) .. ")"
    end
  end
  if row.width or row.at_most_width then
    local w = math.min(size[1], size[2])
    if row.at_most_width and w > row.at_most_width then
      return false, string.format("%gin wide, more than %gin", w, row.at_most_width)
    end
    if row.width and w ~= row.width then
      return false, string.format("%gin wide, not %gin", w, row.width)
    end
  end
  if row.about then return true, "about " .. size_text(row.about) .. ": a rough size the players agree on" end
  return true, "within the sizes of page " .. tostring(data.terrain_items.sources[name] and data.terrain_items.sources[name].page or "?")
end

--- The rows of terrain_items in order: the book's, then any added by a variant, sorted.
---@return string[]
function M.item_names()
  local out, seen = {}, {}
  for _, n in ipairs(M.item_order) do
    if type(data.terrain_items.rows[n]) == "table" then out[#out + 1] = n; seen[n] = true end
  end
  for _, n in ipairs(core.sorted_keys(data.terrain_items.rows)) do
    if not seen[n] and type(data.terrain_items.rows[n]) == "table" then out[#out + 1] = n end
  end
  return out
end

--- Checks a terrain kind (M.kinds or a row a variant added); returns it.
---@param v any
---@param path string
---@return string
function M.check_kind(v, path)
  if type(v) == "string" and type(data.movement_terrain.rows[v]) == "table" then return v end
  return core.check_enum(v, core.sorted_keys(data.movement_terrain.rows), path)
end

-- Whether a figure (a checked unit, extra profile or individual) meets every condition of bar `b`.
local function barred(b, fig, mounted, equipment)
  if b.strength_at_most ~= nil and not (fig.strength <= b.strength_at_most) then return false end
  if b.mounted ~= nil and b.mounted ~= mounted then return false end
  if b.equipment ~= nil and b.equipment ~= equipment then return false end
  if b.armour ~= nil then
    local hit = false
    for _, a in ipairs(b.armour) do hit = hit or fig.armour == a end
    if not hit then return false end
  end
  return true
end

--- Why checked unit `u` may not cross terrain row `crossing` ("swamp", "marsh"), or nil: the
--- first bar that holds for the unit's figures (its profile, each extra profile, each
--- attached character), with the figure it holds for.
---@param u table a checked unit
---@param crossing string
---@param equipment boolean the unit carries equipment
---@return table|nil bar {id, reason, source, figure}
function M.crossing_bar(u, crossing, equipment)
  local bars = data.crossing.rows[crossing]
  if type(bars) ~= "table" then return nil end
  local figs = {}
  if u.figures > 0 then
    figs[#figs + 1] = u
    for _, p in ipairs(u.profiles) do figs[#figs + 1] = p end
  end
  for _, ind in ipairs(u.individuals) do figs[#figs + 1] = ind end
  for _, b in ipairs(bars) do
    for _, fig in ipairs(figs) do
      -- Every figure of a mounted unit rides, its characters too (they move with it).
      if barred(b, fig, u.mounted, equipment) then
        return { id = b.id, reason = b.reason, source = data.crossing:source(crossing), figure = fig.name or u.name }
      end
    end
  end
  return nil
end

--- How a unit on bases `width` inches wide uses a bridge: "file" (single file), "barred", or
--- "abreast".
---@param width number
---@return string
function M.bridge_use(width)
  local b = data.bridge.rows.bases
  if width > b.barred_above then return "barred" end
  if width > b.single_file_above then return "file" end
  return "abreast"
end

M.procedures = {
  terrain_sizes = {
    doc = "the terrain items and their sizes (p.10; the feature p.14, bridge and ford p.27), and whether a piece of a given size fits one",
    fields = { "item", "size" },
    run = function(input)
      local res = core.result("terrain_sizes")
      local names = M.item_names()
      if input.item ~= nil then
        core.check_enum(input.item, names, "item")
        names = { input.item }
      end
      res.items = {}
      for _, n in ipairs(names) do
        local row = data.terrain_items.rows[n]
        res.items[#res.items + 1] = { item = n, size = M.size_text(row), source = data.terrain_items:source(n) }
      end
      if input.size ~= nil then
        if input.item == nil then core.fail("size", "give the item it is meant to be (item)") end
        if type(input.size) ~= "table" or #input.size ~= 2 then core.fail("size", "{width, depth} in inches expected") end
        local size = { core.check_number(input.size[1], "size[1]", 0), core.check_number(input.size[2], "size[2]", 0) }
        res.size = size
        res.fits, res.why = M.fits(input.item, size)
        res.outcome = string.format("%s: %s %s (%s)", input.item, size_text(size), res.fits and "fits" or "does not fit", res.why)
      else
        local parts = {}
        for _, it in ipairs(res.items) do parts[#parts + 1] = it.item .. " " .. it.size end
        res.outcome = table.concat(parts, "; ")
      end
      return res
    end,
  },
}

return M
