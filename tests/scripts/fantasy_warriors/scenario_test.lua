-- Fantasy Warriors scenarios (scenario.lua) and the table's picture (scripts/lib/svg.lua):
-- the sample scenario laid out as its comments say (the battle lines 5 and 6in apart), every
-- mistake in a scenario file named by file:line and field, and the SVG drawn the same way
-- every time, the first side's edge at the bottom.
local t = require("testing")
local svg = require("svg")

local M = { ruleset = "fantasy_warriors" }

local function mod(name) return ruleset.modules[name] end
local s = muster.state

-- Units go into the state with their descriptions kept aside (the REPL keeps them as props).
local described = {}
local function add_unit(desc, side)
  if not s.get_kind(side) then s.add_side { id = side } end
  local id = s.add_unit { side = side, name = desc.name, figures = desc.figures }
  described[id] = desc
  return id
end
local function view()
  return mod("tabletop").view(function(id) return described[id] or s.get_individual(id).props end)
end

local function laid_out()
  local sc = mod("scenario").load("examples/scenarios/greystones.lua")
  return sc, mod("scenario").setup(sc, add_unit)
end

function M.test_the_sample_scenario_as_its_comments_say()
  local sc, placed = laid_out()
  t.eq({ sc.title, sc.width, sc.depth, sc.time, #sc.features }, { "The Field at Greystones", 72, 48, "day 3", 4 })
  local v = view()
  local function d(a, b) return v:distance(placed.units[a], placed.units[b]) end
  t.eq(d("Black Blades", "Long Spears"), 5)
  t.eq(d("Spears of the Eye", "Oathbreakers' Bane"), 6)
  -- Orders and attached characters from the scenario; facing from the base edge.
  t.eq({ described[placed.units["Black Blades"]].orders, described[placed.units["Long Spears"]].orders }, { "attack", "oppose" })
  local names = {}
  for i, ind in ipairs(described[placed.units["Black Blades"]].individuals) do names[i] = ind.name end
  t.eq(names, { "Ugluk", "Radbug" })
  t.eq({ v:get("Long Spears").formation.facing, v:get("Black Blades").formation.facing }, { 180, 0 })
  -- Lone characters placed are individuals; the others are not on the table.
  t.eq({ v:get("Gorbag").kind, v:get("Thorin Stonehand").side }, { "individual", "dwarves" })
  t.fails(function() v:get("Shagrat") end, "no unit or individual \"Shagrat\" on the table")
  -- Every piece stands on the table; the terrain is there with its names.
  for _, p in ipairs(v.pieces) do t.eq(v:on_table(p), true, p.name) end
  t.eq(#v.features, 4)
  t.eq(v.features[1].props.name, "Darkwood")
  -- The Red Arrows see the Long Spears past the Black Blades' flank.
  t.eq(v:sight("Red Arrows", "Long Spears").between, {})
end

local function load_text(text) return mod("scenario").load({ file = "club/s.lua", text = text }) end

local good_side = [[
  side "a" { army = "examples/armies/orcs_1000.lua", edge = "south" },
  side "b" { army = "examples/armies/dwarves_1000.lua", edge = "north" },
]]

function M.test_mistakes_are_named_by_file_and_line()
  t.fails_exactly(function() load_text("scenario \"x\" {\n table = {width = 48, depth = 48},\n forest \"w\" {}\n}") end,
    "input: club/s.lua:3: unknown word \"forest\" in a scenario (known: feature, place, scenario, side)")
  t.fails_exactly(function()
    load_text("scenario \"x\" {\n table = {width = 48, depth = 48},\n feature \"wood\" { polygon = { {1, 2}, {3, \"4\"}, {5, 6} } },\n" .. good_side .. "}")
  end, "input: club/s.lua:3: feature \"wood\": polygon[2]: a point {x, y} of two numbers (inches, at most 1000) expected")
  t.fails_exactly(function()
    load_text("scenario \"x\" {\n table = {width = 48, depth = 48},\n side \"a\" { army = \"examples/armies/orcs_1000.lua\", edge = \"up\" },\n}")
  end, "input: club/s.lua:3: side \"a\": edge: south, north, west or east expected, got \"up\"")
  t.fails_exactly(function() load_text("scenario \"x\" {\n table = {width = 8, depth = 48},\n" .. good_side .. "}") end,
    "input: club/s.lua:1: scenario: table.width: a number 12..1000 expected, got 8")
  t.fails_exactly(function() load_text("scenario \"x\" {\n table = {width = 48, depth = 48},\n side \"a\" { army = \"x\", edge = \"south\" },\n}") end,
    "input: club/s.lua:1: scenario: two sides expected, got 1")
  t.fails_exactly(function()
    load_text("scenario \"x\" {\n table = {width = 48, depth = 48},\n side \"a\" { army = \"examples/armies/orcs_1000.lua\", edge = \"south\",\n"
      .. "  place \"Black Blades\" { x = 1, y = 2, flies = true } },\n side \"b\" { army = \"y\", edge = \"north\" },\n}")
  end, "input: club/s.lua:4: place \"Black Blades\": unknown field \"flies\" (known: x, y, facing, files)")
  t.fails_exactly(function() load_text("scenario \"x\" {\n table = {width = 48, depth = 48},\n" .. good_side .. "}\nscenario \"y\" {}") end,
    "input: club/s.lua:6: scenario: a file holds one scenario (the first is at line 1)")
  t.fails_exactly(function() load_text("answer = 42") end, "input: club/s.lua:1: a scenario defines no globals: \"answer\"")
end

-- Linear features (a wall, a road: docs/table.md) belong to the house rules that give them
-- rules (table feature_rules, empty in the book): without them a line is refused, and so is
-- the example farm, naming its first line feature. A season the core knows is kept.
function M.test_lines_need_the_rules_that_draw_them()
  t.fails_exactly(function()
    load_text("scenario \"x\" {\n table = {width = 48, depth = 48},\n feature \"wall\" { name = \"The Long Wall\", line = { {1, 1}, {9, 1} } },\n" .. good_side .. "}")
  end, "input: club/s.lua:3: feature \"The Long Wall\": line: only a linear feature has a line and a width (the kinds the rules in force draw as lines: none); give polygon")
  t.fails_exactly(function() mod("scenario").load("examples/scenarios/hollin_farm.lua") end,
    "input: examples/scenarios/hollin_farm.lua:19: feature \"Mill Lane\": line: only a linear feature has a line and a width (the kinds the rules in force draw as lines: none); give polygon")
  local sc = load_text("scenario \"x\" {\n table = {width = 48, depth = 48}, season = \"winter\",\n" .. good_side .. "}")
  t.eq(sc.season, "winter")
  mod("scenario").setup(sc, add_unit)
  t.eq(view().table.props.season, "winter")
end

-- Mistakes only the armies reveal: a command or a character the army does not have, a
-- character placed who stands with a unit.
function M.test_mistakes_against_the_armies()
  local function setup(side_a)
    local sc = load_text("scenario \"x\" {\n table = {width = 48, depth = 48},\n" .. side_a
      .. "\n side \"b\" { army = \"examples/armies/dwarves_1000.lua\", edge = \"north\" },\n}")
    return mod("scenario").setup(sc, add_unit)
  end
  t.fails_exactly(function()
    setup("side \"a\" { army = \"examples/armies/orcs_1000.lua\", edge = \"south\", orders = { [\"The Tuskars\"] = \"attack\" } },")
  end, "input: club/s.lua:3: side \"a\": orders: no command \"The Tuskars\" in examples/armies/orcs_1000.lua")
  t.fails_exactly(function()
    setup("side \"a\" { army = \"examples/armies/orcs_1000.lua\", edge = \"south\", attach = { [\"Black Blades\"] = { \"Ugluk\" } },\n"
      .. "  place \"Ugluk\" { x = 1, y = 1 } },")
  end, "input: club/s.lua:4: place \"Ugluk\": is attached to \"Black Blades\": it stands with that unit")
  t.fails_exactly(function()
    setup("side \"a\" { army = \"examples/armies/orcs_1000.lua\", edge = \"south\",\n  place \"Blak Blades\" { x = 1, y = 1 } },")
  end, "input: club/s.lua:4: place \"Blak Blades\": no unit or character of that name in examples/armies/orcs_1000.lua")
end

-- The picture: one group per piece with its figures' bases, the features, y flipped so the
-- first side's edge is at the bottom, names escaped, the same bytes every time.
function M.test_the_table_as_svg()
  local _, placed = laid_out()
  local v = view()
  local text = svg.render(v:picture({ title = "turn 1 <threat>", lines = { v:sight_line("Red Arrows", "Long Spears") } }))
  t.eq(text, svg.render(view():picture({ title = "turn 1 <threat>", lines = { view():sight_line("Red Arrows", "Long Spears") } })))
  local function count(pattern) return select(2, text:gsub(pattern, "")) end
  t.eq(count('<g class="piece"'), #v.pieces)
  t.eq(#v.pieces, 10)
  t.eq(count('class="base"'), 13 + 15 + 15 + 15 + 13 + 10 + 7 + 3)
  t.eq(count('class="feature '), 4)
  t.eq(text:match("^<svg[^>]*>"), '<svg xmlns="http://www.w3.org/2000/svg" width="864" height="600" viewBox="0 -24 864 600" font-family="DejaVu Sans, sans-serif">')
  t.eq(text:find("<title>turn 1 &lt;threat&gt;</title>", 1, true) ~= nil, true)
  t.eq(text:find("Oathbreakers&#39; Bane", 1, true) ~= nil, true)
  -- The Black Blades' front-left base: x 28..28.8 in, y 19.2..20 in: pixels 336..345.6, the
  -- front edge at 48 - 20 = 28 in from the top (336 px).
  t.eq(text:find('<g class="piece" data-id="' .. placed.units["Black Blades"] .. '" data-side="orcs" data-marks="attack">', 1, true) ~= nil, true)
  t.eq(text:find('<polygon class="base" points="336,336 345.6,336 345.6,345.6 336,345.6"', 1, true) ~= nil, true)
  t.eq(text:find('class="overlay clear"', 1, true) ~= nil, true)
  -- A routed unit is drawn faded and marked.
  described[placed.units["Black Blades"]].reaction = "rout"
  local routed = svg.render(view():picture())
  t.eq(routed:find('data-marks="routed attack"', 1, true) ~= nil, true)
  t.eq(select(2, routed:gsub('fill%-opacity="0.35"', "")), 13)
end

return M
