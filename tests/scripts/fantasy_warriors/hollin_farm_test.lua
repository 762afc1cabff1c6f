-- The example scenario examples/scenarios/hollin_farm.lua, on the club's terrain house rules
-- (HR-1, HR-2, HR-3, HR-11 loaded): laid out as its comments say (the features, their shapes,
-- the season, the Long Spears hidden behind the farm wall), drawn with every line feature
-- recognisable, and a whole battle on it (battle.lua) that meets the ditch and stays the same
-- battle for the same seed.
local t = require("testing")
local repl = require("repl")
local svg = require("svg")

local M = { ruleset = "fantasy_warriors", variants = { "linear_obstacles", "fields", "roads", "sieges" } }

local FILE = "examples/scenarios/hollin_farm.lua"

local function view()
  return ruleset.modules.tabletop.view(function(id)
    if muster.state.get_kind(id) == "unit" then return repl.describe(repl.handle(id)) end
    return muster.state.get_individual(id).props
  end)
end

local function laid_out()
  local env = {}
  repl.install(env, {})
  env.scenario(FILE)
  return env, view()
end

function M.test_the_farm_as_its_comments_say()
  local _, v = laid_out()
  -- The features in the state's order (by id: feature-1, feature-10, ..., feature-2, ...).
  local kinds, lines, by_name = {}, {}, {}
  for _, f in ipairs(v.features) do
    kinds[#kinds + 1] = f.kind
    by_name[f.name] = f
    if f.line then lines[#lines + 1] = f.name .. " " .. f.width end
  end
  t.eq(kinds, { "field", "palisade", "chevaux_de_frise", "pit", "pit", "dirt_road", "cobbled_road", "low_hedge", "wall", "ditch",
                "tall_hedge", "embankment_hedge", "fence" })
  -- The lines' widths: the scenario's, else their kind's (docs/rules-assumptions.md).
  t.eq(lines, { "The Stakes 0.5", "Iron Thorns 1", "Mill Lane 2.5", "The Farmyard 2", "Wheat Hedge 0.5", "Farm Wall 0.5",
                "The Old Drain 1", "Thorn Hedge 0.75", "The Bank 1.5", "Paddock Fence 0.25" })
  -- A line's centre comes back from its outline exactly: the lane's points.
  t.eq(by_name["Mill Lane"].line, { { x = 62, y = 0 }, { x = 62, y = 20 }, { x = 58, y = 34 }, { x = 58, y = 48 } })
  t.eq(by_name["Hollin Wheat"].line, nil)
  t.eq(v.table.props.season, "summer")
  for _, p in ipairs(v.pieces) do
    t.eq(v:on_table(p), true, p.name)
    t.eq(v:overlapping(p), nil, p.name)
  end
  -- The Spears of the Eye stand in column on the lane; the Long Spears against the farm wall,
  -- every figure hidden from the Red Arrows: hard cover while they do not shoot.
  t.eq((v:ground("Spears of the Eye")), "dirt_road")
  local f, by = v:shot_facts("Red Arrows", "Long Spears")
  t.eq({ f.cover, by[1].feature, by[1].cover }, { { soft = 0, hard = 15 }, "Farm Wall", "hard" })
  -- The Iron Bolts behind the palisade (a wall for HR-11): they shoot, so soft cover.
  f, by = v:shot_facts("Black Blades", "Iron Bolts", { shoots = true })
  t.eq({ f.cover, by[1].feature, by[1].kind, by[1].rule }, { { soft = 10, hard = 0 }, "The Stakes", "palisade", "infantry behind a wall that shoot this phase" })
end

-- The picture: each feature's outline in its kind's colour, and over each line feature its
-- centre line in the kind's pattern; the same bytes every time.
function M.test_the_farm_drawn()
  local _, v = laid_out()
  local text = svg.render(v:picture())
  t.eq(text, svg.render(view():picture()))
  local function count(pattern) return select(2, text:gsub(pattern, "")) end
  t.eq(count('<polygon class="feature '), 13)
  t.eq(count('<polyline class="feature%-line '), 10)
  t.eq(text:find('<polyline class="feature-line wall" data-kind="wall" points="312,252 600,252" fill="none" stroke="#3a3a3a" stroke-width="2"><title>Farm Wall</title></polyline>', 1, true) ~= nil, true)
  t.eq(text:find('<polyline class="feature-line dirt_road" data-kind="dirt_road" points="744,576 744,336 696,168 696,0" fill="none" stroke="#8a7a52" stroke-width="2" stroke-dasharray="8 6">', 1, true) ~= nil, true)
  t.eq(text:find('<polygon class="feature pit" data-kind="pit" points="288,168 300,168 300,156 288,156" fill="#2b2118"', 1, true) ~= nil, true)
end

local function battle(seed, turns)
  local env = {}
  repl.install(env, {})
  muster.dice.set_seed(seed)
  local b = ruleset.modules.battle.new(repl, { scenario = FILE, turns = turns })
  local r = b:play()
  return b, r
end

-- A battle of four turns: the Black Blades' charge stops at the Old Drain (a ditch costs
-- infantry half their move, and it is 4.5in off), and crosses it the next turn; the same seed
-- plays the same battle.
function M.test_a_battle_at_the_farm()
  local a, ra = battle(3, 4)
  local text = table.concat(a.lines, "\n")
  t.eq(text:find("turn 1, movement: moves: orcs, dwarves | Black Blades: moves 4.5in of 6in; stops at the ditch (The Old Drain)", 1, true) ~= nil, true)
  t.eq(text:find("turn 2, movement: moves: orcs, dwarves | Black Blades: moves 3in of 3in; The Old Drain: crosses: at most 3in this move", 1, true) ~= nil, true)
  local b, rb = battle(3, 4)
  t.eq(b.lines, a.lines)
  t.eq(rb.outcome, ra.outcome)
end

return M
