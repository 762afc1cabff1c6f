-- The club's terrain house rules on a laid-out table (HR-1 linear obstacles, HR-2 fields, HR-3
-- roads, HR-11 sieges, all four loaded): a unit whose move reaches a hedge or a wall and what
-- it costs, cavalry vaulting or not (a field in summer is terrain, in winter not), a charge
-- stopped by a tall hedge or by a wall it cannot cross within half its move and crossing it
-- the next move, a unit astride a wall, the sight a tall hedge blocks, the cover of a wall, a
-- ditch and the crops against a shooter on the table, each season's field, a move that keeps
-- to a road and one that leaves it, a charge up the lane, the winter ruts, the siege works,
-- and the typed procedures. Expectations come from the house-rules digest's tables (HR-1.1,
-- HR-1.2, HR-2, HR-3, HR-11) and the readings in docs/rules-assumptions.md.
local t = require("testing")
local repl = require("repl")

local M = { ruleset = "fantasy_warriors", variants = { "linear_obstacles", "fields", "roads", "sieges" } }

local s = muster.state

-- A 48in square table with the two sample armies, only the units the spec places on it, the
-- spec's features (scenario text) and season; the Tuskers and the Bowmen under the spec's
-- orders (OPPOSE unless told), the Dwarves holding.
local function table_with(spec)
  local env = {}
  repl.install(env, {})
  local text = string.format([[
scenario "Test" {
  table = { width = 48, depth = 48 },%s
%s
  side "orcs" { army = "examples/armies/orcs_1000.lua", edge = "south",
    orders = { ["The Tuskers"] = "%s", ["The Bowmen"] = "%s" },
%s },
  side "dwarves" { army = "examples/armies/dwarves_1000.lua", edge = "north",
    orders = { ["The Crossbows"] = "hold", ["The Shieldwall"] = "hold" },
%s },
}]], spec.season and string.format(' season = "%s",', spec.season) or "", spec.features or "", spec.tuskers or "oppose",
    spec.bowmen or "oppose", spec.orcs or "", spec.dwarves or "")
  env.scenario({ file = "club/test.lua", text = text })
  muster.choice.set_controller("orcs", "policy", "first")
  muster.choice.set_controller("dwarves", "policy", "first")
  return env
end

local function view()
  return ruleset.modules.tabletop.view(function(id)
    if s.get_kind(id) == "unit" then return repl.describe(repl.handle(id)) end
    return s.get_individual(id).props
  end)
end

-- Orc wolf riders (cavalry, MOV 10, light armour) on `side`, placed at `at`.
local function riders(env, side, name, at, orders)
  local u = env.unit { "orc wolf riders", side = side, name = name, figures = 6, orders = orders or "oppose" }
  at.files = at.files or 5  -- 5 wide, 2 deep (a unit placed the first time without files stands 1 wide)
  env.place(u, at)
  return u
end

local function modifier(r, id)
  for _, m in ipairs(r.modifiers) do
    if m.id == id then return m end
  end
  return nil
end

local function causes(r)
  local out = {}
  for _, d in ipairs(r.disorganised_by) do out[#out + 1] = d.id end
  return out
end

-- ---------------------------------------------------------------------------------------
-- Scenario files: the features with rules of their own, and their mistakes
-- ---------------------------------------------------------------------------------------

local sides = [[
  side "a" { army = "examples/armies/orcs_1000.lua", edge = "south" },
  side "b" { army = "examples/armies/dwarves_1000.lua", edge = "north" },
]]
local function load_feature(line, extra)
  return ruleset.modules.scenario.load({ file = "club/s.lua",
    text = "scenario \"x\" {\n table = {width = 48, depth = 48},\n" .. (extra or "") .. line .. "\n" .. sides .. "}" })
end

function M.test_bad_features_are_named_by_file_and_line()
  local function fails(line, message) t.fails_exactly(function() load_feature(line) end, message) end
  fails('feature "wall" { name = "W", polygon = { {1, 1}, {2, 1}, {2, 2} } },',
    'input: club/s.lua:3: feature "W": polygon: a wall is a line: give line = {{x, y}, ...} and width')
  fails('feature "tall_hedge" { line = { {1, 1} } },', 'input: club/s.lua:3: feature "tall_hedge": line: at least 2 points {x, y} expected')
  fails('feature "wall" { line = { {1, 1}, {9, 1} }, width = 5 },', 'input: club/s.lua:3: feature "wall": width: a number 0.0625..3 expected, got 5')
  fails('feature "dirt_road" { line = { {1, 1}, {9, 1} }, width = "wide" },',
    'input: club/s.lua:3: feature "dirt_road": width: a number 0.0625..6 expected, got "wide"')
  fails('feature "fence" { line = { {1, 1}, {9, 1}, {1, 2} } },', 'input: club/s.lua:3: feature "fence": line[2]: a bend sharper than 120 degrees')
  fails('feature "fence" { line = { {1, 1}, {1, 1}, {1, 2} } },', 'input: club/s.lua:3: feature "fence": line[2]: the same point as the one before it')
  fails('feature "ditch" { line = { {1, 1}, {9, 1}, {9, 1.3}, {1, 1.3} }, width = 2 },',
    'input: club/s.lua:3: feature "ditch": line[3]: too short for a width of 2in at its bends')
  fails('feature "wall" { line = { {1, 1}, {9, "x"} } },', 'input: club/s.lua:3: feature "wall": line[2]: a point {x, y} of two numbers (inches, at most 1000) expected')
  fails('feature "field" { line = { {1, 1}, {9, 1} } },',
    'input: club/s.lua:3: feature "field": line: only a linear feature has a line and a width (the kinds the rules in force draw as lines: chevaux_de_frise, cobbled_road, dirt_road, ditch, embankment_hedge, fence, low_hedge, palisade, tall_hedge, wall); give polygon')
  t.fails_exactly(function() load_feature("", ' season = "monsoon",\n') end,
    'input: club/s.lua:1: scenario: season: "monsoon" is not one of spring, summer, autumn, winter')
  -- A good one: its width, and the outline 2 points a side, mitred at the bend.
  local sc = load_feature('feature "dirt_road" { name = "Lane", line = { {10, 10}, {20, 10}, {20, 30} }, width = 2 },', ' season = "autumn",\n')
  local f = sc.features[1]
  t.eq({ sc.season, f.kind, f.shape, f.width, #f.polygon }, { "autumn", "dirt_road", "line", 2, 6 })
  t.eq(f.polygon, { { x = 10, y = 11 }, { x = 19, y = 11 }, { x = 19, y = 30 }, { x = 21, y = 30 }, { x = 21, y = 9 }, { x = 10, y = 9 } })
end

-- ---------------------------------------------------------------------------------------
-- HR-1 linear obstacles
-- ---------------------------------------------------------------------------------------

local hedge = [[  feature "low_hedge" { name = "Wheat Hedge", line = { {10, 20}, {30, 20} } },]]

-- Orc infantry (MOV 6) 1in short of a low hedge (0.5in wide: 19.75 to 20.25) cross it at the
-- cost of half their move: 3in in all, hedge included. Moving up to it costs nothing; asking
-- for more than 3in over it is refused.
function M.test_infantry_cross_a_hedge_at_half_their_move()
  local env = table_with { features = hedge, orcs = [[place "Black Blades" { x = 20, y = 18.75, files = 5 },]] }
  local r = env.move(env.black_blades, "advance 3")
  t.eq({ r.moved, r.allowance, r.disorganised }, { 3, 3, false })
  t.eq({ r.features[1].kind, r.features[1].name, r.features[1].effect, r.features[1].reached }, { "low_hedge", "Wheat Hedge", "half", true })
  t.near(r.features[1].at, 1, 1e-6)
  local m = modifier(r, "feature_half_move")
  t.eq({ m.value, m.reason, m.source }, { -3, "crossing the low hedge uses up half the move: at most 3in in all this move", "linear_obstacles p.2" })
  t.eq(r.features[1].rule, "infantry cross a low hedge at the cost of half their move")
  t.eq(s.get_unit("black_blades").y, 21.75)
  -- Astride the hedge now: the crossing was paid; the next move goes at full MOV.
  local again = env.move(env.black_blades, "advance 5")
  t.eq({ again.moved, again.allowance, again.features[1].effect }, { 5, 6, "none" })
  t.eq(again.features[1].rule, "it stands astride the low hedge already: it paid for crossing it when it stepped onto it (proposed)")
  -- Up to the hedge and no further: it touches it, never reaches into it: no crossing, no cost.
  env = table_with { features = hedge, orcs = [[place "Black Blades" { x = 20, y = 18.75, files = 5 },]] }
  local up = env.move(env.black_blades, "advance 1")
  t.eq({ up.moved, up.allowance, up.features, modifier(up, "feature_half_move") }, { 1, 6, nil, nil })
  env = table_with { features = hedge, orcs = [[place "Black Blades" { x = 20, y = 18.75, files = 5 },]] }
  t.fails_exactly(function() env.move(env.black_blades, "advance 4") end, "input: distance: 4in is more than the allowance of 3in")
end

-- Cavalry (HR-1.1): a wall vaulted when it is the only terrain and the riders use their whole
-- move; otherwise half their move and disorganised. A low hedge is vaulted at any point of the
-- move (no full-move condition).
function M.test_cavalry_vault_a_wall_only_with_their_full_move()
  local wall = [[  feature "wall" { name = "Farm Wall", line = { {10, 20}, {30, 20} } },]]
  local env = table_with { features = wall }
  local w = riders(env, "orcs", "Wolf riders", { x = 20, y = 18.75 })
  local r = env.move(w, "advance 10")
  t.eq({ r.moved, r.allowance, r.disorganised, r.features[1].vault }, { 10, 10, false, true })
  env = table_with { features = wall }
  w = riders(env, "orcs", "Wolf riders", { x = 20, y = 18.75 })
  r = env.move(w, "advance 4")
  t.eq({ r.moved, r.allowance, r.disorganised, r.features[1].effect }, { 4, 5, true, "half_and_disorganised" })
  t.eq(causes(r), { "wall" })
  t.eq(r.disorganised_by[1].reason, "Farm Wall: cavalry vault a wall at no cost when it is the only terrain of their move and they use their full move; otherwise crossing halves their move and disorganises them")
  env = table_with { features = hedge }
  w = riders(env, "orcs", "Wolf riders", { x = 20, y = 18.75 })
  r = env.move(w, "advance 4")
  t.eq({ r.moved, r.allowance, r.disorganised, r.features[1].vault }, { 4, 10, false, true })
end

-- The vault's "only terrain of the move" meets HR-2: a field beyond the wall is terrain for
-- cavalry in summer (half or disorganised), so no vault; in winter it is an empty field, no
-- terrain, and the riders vault.
function M.test_a_field_in_summer_spoils_the_vault_and_not_in_winter()
  local features = [[  feature "wall" { name = "Farm Wall", line = { {10, 20}, {30, 20} } },
  feature "field" { name = "Barley", polygon = { {10, 21}, {30, 21}, {30, 40}, {10, 40} } },]]
  local env = table_with { features = features, season = "summer" }
  local w = riders(env, "orcs", "Wolf riders", { x = 20, y = 18.75 })
  t.fails_exactly(function() env.move(w, "advance 10") end, "input: distance: 10in is more than the allowance of 5in")
  local r = env.move(w, "advance 5")
  t.eq({ r.features[1].kind, r.features[1].effect, r.features[2].kind, r.features[2].counts_as_terrain }, { "wall", "half_and_disorganised", "field", true })
  env = table_with { features = features, season = "winter" }
  w = riders(env, "orcs", "Wolf riders", { x = 20, y = 18.75 })
  r = env.move(w, "advance 10")
  t.eq({ r.moved, r.disorganised, r.features[1].vault, r.features[2].effect, r.features[2].counts_as_terrain }, { 10, false, true, "none", false })
end

-- A charge (ATTACK) whose way meets a tall hedge: cavalry may neither cross nor vault it, so
-- the riders stop against it, out of contact.
function M.test_a_cavalry_charge_stops_at_a_tall_hedge()
  local env = table_with { features = [[  feature "tall_hedge" { name = "Thorn Hedge", line = { {10, 20}, {30, 20} } },]],
                           dwarves = [[place "Long Spears" { x = 20, y = 30, files = 5 },]] }
  local w = riders(env, "orcs", "Wolf riders", { x = 20, y = 16 }, "attack")
  local r = env.move(w)
  t.eq({ r.contact, r.stopped.kind, r.stopped.name }, { false, "tall_hedge", "Thorn Hedge" })
  t.near(r.moved, 3.625, 1e-6)  -- the hedge is 0.75in wide: its near edge 3.625in on
  t.eq(r.stopped.rule, "cavalry may neither cross nor vault a tall hedge")
  t.eq(r.outcome, "moves 3.625in of 10in; stops at the tall hedge (Thorn Hedge)")
  t.near(s.get_unit("wolf_riders").y, 19.625, 1 / 512)
end

-- Infantry charging a wall 5.75in off: crossing costs half the move (3in in all), so this move
-- it goes up to the wall and stops; the next, starting against it, it crosses: 3in.
function M.test_infantry_reach_a_wall_then_cross_it_the_next_move()
  local env = table_with { features = [[  feature "wall" { name = "Farm Wall", line = { {10, 20}, {30, 20} } },]], tuskers = "attack",
                           orcs = [[place "Black Blades" { x = 20, y = 14, files = 5 },]],
                           dwarves = [[place "Long Spears" { x = 20, y = 40, files = 5 },]] }
  local r = env.move(env.black_blades)
  t.eq({ r.stopped.name, r.contact, r.disorganised }, { "Farm Wall", false, false })
  t.near(r.moved, 5.75, 1e-6)
  t.eq(r.stopped.rule, "infantry cross a wall at the cost of half their move; it is 5.75in away, and half the move is 3in")
  t.near(s.get_unit("black_blades").y, 19.75, 1 / 512)
  local next = env.move(env.black_blades)
  t.eq({ next.moved, next.allowance, next.stopped, next.features[1].effect }, { 3, 3, nil, "half" })
  t.near(s.get_unit("black_blades").y, 22.75, 1 / 512)
end

-- Sight (HR-1.2, reading 3): a tall hedge blocks a line crossing it when the seer or the target
-- is infantry (individuals, animals); cavalry see cavalry over it. A wall blocks nothing.
function M.test_a_tall_hedge_hides_infantry_not_cavalry()
  local env = table_with { features = [[  feature "tall_hedge" { name = "Thorn Hedge", line = { {4, 20}, {44, 20} } },
  feature "wall" { name = "Farm Wall", line = { {4, 30}, {44, 30} } },]],
                           orcs = [[place "Red Arrows" { x = 12, y = 14, files = 5 },]],
                           dwarves = [[place "Long Spears" { x = 12, y = 26, files = 5 },
    place "Iron Bolts" { x = 12, y = 36, files = 5 },]] }
  riders(env, "orcs", "Wolf riders", { x = 34, y = 14 })
  riders(env, "dwarves", "Renegades", { x = 34, y = 26, facing = 180 })
  local v = view()
  local function seen(a, b)
    local input = v:sight(a, b)
    local res = ruleset.resolve("line_of_sight", input)
    return { input.between, res.visible }
  end
  t.eq(seen("Red Arrows", "Long Spears"), { { "tall_hedge" }, false })
  t.eq(seen("Wolf riders", "Renegades"), { {}, true })
  t.eq(seen("Wolf riders", "Long Spears"), { { "tall_hedge" }, false })
  -- Behind the wall too: the wall does not block, so the Iron Bolts see the Long Spears' back.
  t.eq(seen("Iron Bolts", "Long Spears"), { {}, true })
  local r = ruleset.resolve("line_of_sight", v:sight("Red Arrows", "Long Spears"))
  t.eq(r.why, "a tall hedge hides infantry, individuals and animals (linear_obstacles p.2)")
end

-- Cover (HR-1.2): Dwarf crossbowmen lined against a wall, shot at from beyond it: every figure
-- hidden, hard cover while they do not shoot this phase, soft when they do; 5in back from the
-- wall it hides nothing.
function M.test_a_wall_hides_infantry_against_it()
  local features = [[  feature "wall" { name = "Farm Wall", line = { {4, 20}, {44, 20} } },]]
  local env = table_with { features = features, orcs = [[place "Red Arrows" { x = 20, y = 8, files = 5 },]],
                           dwarves = [[place "Iron Bolts" { x = 20, y = 21, files = 5 },]] }
  local v = view()
  local f, by = v:shot_facts("Red Arrows", "Iron Bolts", { shoots = false })
  t.eq(f.cover, { soft = 0, hard = 10 })
  t.eq({ by[1].feature, by[1].cover, by[1].figures, by[1].rule }, { "Farm Wall", "hard", 10, "infantry entirely hidden behind a wall that do not shoot this phase" })
  f = v:shot_facts("Red Arrows", "Iron Bolts", { shoots = true })
  t.eq(f.cover, { soft = 10, hard = 0 })
  env = table_with { features = features, orcs = [[place "Red Arrows" { x = 20, y = 8, files = 5 },]],
                     dwarves = [[place "Iron Bolts" { x = 20, y = 25.25, files = 5 },]] }
  f, by = view():shot_facts("Red Arrows", "Iron Bolts")
  t.eq({ f.cover, #by }, { { soft = 0, hard = 0 }, 0 })
  -- The whole shooting phase takes the measured cover, and says where it came from; the
  -- Iron Bolts shoot back, so they have only soft cover.
  env = table_with { features = features, orcs = [[place "Red Arrows" { x = 20, y = 8, files = 5 },]],
                     dwarves = [[place "Iron Bolts" { x = 20, y = 21, files = 5 },]] }
  muster.dice.set_seed(4)
  local p = env.shooting_phase { time = "day 2", { env.red_arrows, env.iron_bolts }, { env.iron_bolts, env.red_arrows } }
  t.eq(p.shots[1].cover, "soft")
  local said = false
  for _, m in ipairs(p.measured) do
    said = said or m:find("Farm Wall: soft cover for 10 figures (infantry behind a wall that shoot this phase)", 1, true) ~= nil
  end
  t.eq(said, true)
end

-- A ditch (HR-1.2): infantry one figure deep, not in heavy armour, lined in it, hide: hard
-- cover when not shooting. Two deep, none.
function M.test_a_ditch_hides_a_line_one_deep()
  local features = [[  feature "ditch" { name = "The Old Drain", line = { {2, 20}, {46, 20} } },]]
  local env = table_with { features = features, orcs = [[place "Red Arrows" { x = 20, y = 20.4, files = 15 },]],
                           dwarves = [[place "Iron Bolts" { x = 20, y = 40, files = 5 },]] }
  local f, by = view():shot_facts("Iron Bolts", "Red Arrows")
  t.eq(f.cover, { soft = 0, hard = 15 })
  t.eq(by[1].rule, "infantry hiding in a ditch one figure deep that do not shoot this phase")
  env = table_with { features = features, orcs = [[place "Red Arrows" { x = 20, y = 20.4, files = 8 },]],
                     dwarves = [[place "Iron Bolts" { x = 20, y = 40, files = 5 },]] }
  f, by = view():shot_facts("Iron Bolts", "Red Arrows")
  t.eq({ f.cover, by[1].rule }, { { soft = 0, hard = 0 }, "only a unit one figure deep hides in a ditch (the unit stands 2 ranks deep)" })
end

-- A war machine crosses a ditch in its whole move (HR-1.2): against it, the move takes it just
-- across (its 0.8in base and the 1in ditch: 1.8in) and no further; short of it, it moves up
-- to it first. A wall it may not cross at all.
function M.test_a_war_machine_fills_a_ditch_in_its_whole_move()
  local function machine(env, y)
    local u = env.unit { name = "Bolt thrower", side = "orcs", figures = 1, quality = "average", type = "disciplined", movement = 4,
                         orders = "oppose", keywords = { "war_machine" } }
    env.place(u, { x = 20, y = y, files = 1 })
    return u
  end
  local ditch = [[  feature "ditch" { name = "The Old Drain", line = { {10, 20}, {30, 20} } },]]
  local env = table_with { features = ditch }
  local u = machine(env, 19.5)
  t.fails_exactly(function() env.move(u, "advance 2") end, "input: distance: 2in is more than the allowance of 1.8in")
  local r = env.move(u, "advance 1.8")
  t.eq({ r.moved, r.allowance, r.features[1].effect }, { 1.8, 1.8, "whole" })
  t.eq(r.features[1].rule, "war machines cross a ditch at the cost of a whole move: the crew fill enough of it in")
  env = table_with { features = ditch }
  u = machine(env, 18.5)
  t.fails_exactly(function() env.move(u, "advance 3") end,
    "input: features[1]: Bolt thrower: the ditch (The Old Drain) is 1in away: war machines cross a ditch at the cost of a whole move: the crew fill enough of it in; it moves up to it first")
  t.eq(env.move(u, "advance 1").moved, 1)
  env = table_with { features = [[  feature "wall" { name = "Farm Wall", line = { {10, 20}, {30, 20} } },]] }
  u = machine(env, 19.5)
  t.fails_exactly(function() env.move(u, "advance 2") end,
    "input: features[1]: Bolt thrower: the move reaches the wall (Farm Wall) 0.25in along: war machines may not cross a wall")
end

-- ---------------------------------------------------------------------------------------
-- HR-2 fields, each season
-- ---------------------------------------------------------------------------------------

local field = [[  feature "field" { name = "Hollin Wheat", polygon = { {4, 20}, {44, 20}, {44, 40}, {4, 40} } },]]

-- Orc spearmen (spears: HR-2's "pikes, lances or spears") and orc archers 1in short of a field,
-- moving 4in of their 6in: which season disorganises whom.
function M.test_a_field_in_each_season()
  local expected = {
    spring = { spears = true, bows = false },   -- ploughed: spears half or disorganised; other infantry not named
    summer = { spears = true, bows = true },    -- tall crops: all infantry half or disorganised
    autumn = { spears = false, bows = false },  -- empty fields
    winter = { spears = false, bows = false },
  }
  for _, season in ipairs({ "spring", "summer", "autumn", "winter" }) do
    local env = table_with { features = field, season = season,
                             orcs = [[place "Spears of the Eye" { x = 12, y = 19, files = 5 }, place "Red Arrows" { x = 36, y = 19, files = 5 },]] }
    local a = env.move(env.spears_of_the_eye, "advance 4")
    local b = env.move(env.red_arrows, "advance 4")
    t.eq({ spears = a.disorganised, bows = b.disorganised }, expected[season], season)
    t.eq(a.features[1].reached, true, season)
    if a.disorganised then
      t.eq(a.disorganised_by[1].reason, "Hollin Wheat: infantry" .. (season == "spring" and " in heavy or extra-heavy armour or with pikes, lances or spears" or "")
        .. ": half movement or disorganised: moved 4in, more than half its MOV (3in)", season)
    end
  end
  -- Half the move or less stays organised, ploughed field or not.
  local env = table_with { features = field, season = "spring", orcs = [[place "Spears of the Eye" { x = 12, y = 19, files = 5 },]] }
  t.eq(env.move(env.spears_of_the_eye, "advance 3").disorganised, false)
end

-- An ATTACK unit reaching the crops chooses (its side's controller) full speed, disorganised,
-- or to slow to half its MOV; the choice names the field.
function M.test_attack_slows_for_the_crops_when_its_side_says_so()
  local env = table_with { features = field, season = "summer", tuskers = "attack",
                           orcs = [[place "Black Blades" { x = 24, y = 19, files = 5 },]],
                           dwarves = [[place "Long Spears" { x = 24, y = 36, files = 5 },]] }
  local asked = {}
  muster.choice.add_policy("slow_down", function(req)
    asked[#asked + 1] = req.question .. ": " .. req.prompt
    return "slow"
  end, "slows for difficult terrain (a test's)")
  muster.choice.set_controller("orcs", "policy", "slow_down")
  local r = env.move(env.black_blades)
  t.eq({ r.moved, r.slowed, r.disorganised }, { 3, true, false })
  t.eq(asked, { "slow_for_terrain: Black Blades (ATTACK) crosses Hollin Wheat: full speed (disorganised) or slow to 3in?" })
end

-- The crops' cover (HR-2): orc archers entirely within the summer wheat, not shooting: soft
-- cover for every figure; shooting, none; in spring (ploughed) none.
function M.test_archers_hide_in_the_summer_crops()
  local dwarves = [[place "Iron Bolts" { x = 24, y = 46, files = 5 },]]
  local orcs = [[place "Red Arrows" { x = 24, y = 30, files = 5 },]]
  local env = table_with { features = field, season = "summer", orcs = orcs, dwarves = dwarves }
  local f, by = view():shot_facts("Iron Bolts", "Red Arrows")
  t.eq({ f.cover, by[1].rule }, { { soft = 15, hard = 0 }, "entirely within the tall crops, not shooting, no spears, lances or pikes: it may claim the cover" })
  f = view():shot_facts("Iron Bolts", "Red Arrows", { shoots = true })
  t.eq(f.cover, { soft = 0, hard = 0 })
  env = table_with { features = field, season = "spring", orcs = orcs, dwarves = dwarves }
  f = view():shot_facts("Iron Bolts", "Red Arrows")
  t.eq(f.cover, { soft = 0, hard = 0 })
end

-- A scenario without a season, and the variants' options unset: the field asks for one.
function M.test_a_field_without_a_season_is_refused()
  local env = table_with { features = field, orcs = [[place "Red Arrows" { x = 24, y = 19, files = 5 },]] }
  t.fails_exactly(function() env.move(env.red_arrows, "advance 2") end,
    "input: features[1].season: missing: give the season (spring, summer, autumn, winter), set the option fields.season, or give the scenario a season")
end

-- ---------------------------------------------------------------------------------------
-- HR-3 roads
-- ---------------------------------------------------------------------------------------

local lane = [[  feature "dirt_road" { name = "Mill Lane", line = { {20, 2}, {20, 46} } },]]
local column = [[place "Spears of the Eye" { x = 20, y = 10, files = 2 },]]  -- 15 figures 2 wide, 8 deep: on the 2in lane

-- Orc spearmen in column on a summer dirt road: 9in (6 x 1.5) when the whole move keeps to
-- it; turning off it, their MOV.
function M.test_a_move_that_keeps_to_the_road_and_one_that_leaves_it()
  local env = table_with { features = lane, season = "summer", orcs = column }
  local r = env.move(env.spears_of_the_eye, "advance 9")
  t.eq({ r.moved, r.allowance, r.features[1].effect, r.features[1].rule },
    { 9, 9, "bonus", "infantry not in heavy or extra-heavy armour on a dirt road in summer: half their move again" })
  t.eq(modifier(r, "feature_bonus").value, 3)
  t.eq(s.get_unit("spears_of_the_eye").y, 19)
  env = table_with { features = lane, season = "summer", orcs = column }
  t.fails_exactly(function() env.move(env.spears_of_the_eye, "oblique right 30, advance 9") end,
    "input: distance: 9in is more than the allowance of 6in")
  r = env.move(env.spears_of_the_eye, "oblique right 30, advance 6")
  t.eq({ r.moved, r.features[1].effect, r.features[1].rule },
    { 6, "none", "the bonus needs the whole move on the road, start and end included (the move: partly)" })
  -- Five wide, the column's figures do not all stand on the lane: no bonus.
  env = table_with { features = lane, season = "summer", orcs = [[place "Spears of the Eye" { x = 20, y = 10, files = 5 },]] }
  t.eq(env.move(env.spears_of_the_eye, "advance 6").features[1].effect, "none")
end

-- A charge up the lane (ATTACK): the bonus when the move with it keeps to the road: 9in.
function M.test_a_charge_up_the_lane()
  local env = table_with { features = lane, season = "autumn", tuskers = "attack", orcs = column,
                           dwarves = [[place "Long Spears" { x = 20, y = 22, files = 5 },]] }
  local r = env.move(env.spears_of_the_eye)
  t.eq({ r.moved, r.allowance, r.contact }, { 9, 9, false })
  t.eq(s.get_unit("spears_of_the_eye").y, 19)
end

-- Winter (HR-3): the dirt road is rutted: spearmen half or disorganised, archers unaffected,
-- no bonus for anyone; a cobbled road still gives it.
function M.test_winter_ruts_and_the_cobbles()
  local env = table_with { features = lane, season = "winter", orcs = column }
  local r = env.move(env.spears_of_the_eye, "advance 4")
  t.eq({ r.allowance, r.disorganised, r.features[1].effect }, { 6, true, "half_or_disorganised" })
  t.eq(r.disorganised_by[1].reason, "Mill Lane: a dirt road in winter: infantry in heavy or extra-heavy armour or with pikes, lances or spears: half movement or disorganised: moved 4in, more than half its MOV (3in)")
  env = table_with { features = lane, season = "winter", orcs = [[place "Red Arrows" { x = 20, y = 10, files = 2 },]] }
  r = env.move(env.red_arrows, "advance 6")
  t.eq({ r.allowance, r.disorganised, r.features[1].effect }, { 6, false, "none" })
  env = table_with { features = [[  feature "cobbled_road" { name = "The King's Way", line = { {20, 2}, {20, 46} } },]], season = "winter", orcs = column }
  t.eq(env.move(env.spears_of_the_eye, "advance 9").allowance, 9)
end

-- ---------------------------------------------------------------------------------------
-- HR-11 siege works, with HR-1 loaded
-- ---------------------------------------------------------------------------------------

-- A palisade is crossed as a wall (half the move for infantry); chevaux de frise as a tall
-- hedge (no cavalry); a pit stops a charge and refuses a chosen move into it.
function M.test_the_siege_works_on_a_move()
  local env = table_with { features = [[  feature "palisade" { name = "The Stakes", line = { {10, 20}, {30, 20} } },]],
                           orcs = [[place "Black Blades" { x = 20, y = 18.75, files = 5 },]] }
  local r = env.move(env.black_blades, "advance 3")
  t.eq({ r.allowance, r.features[1].kind, r.features[1].effect, r.features[1].rule }, { 3, "palisade", "half", "infantry cross a wall at the cost of half their move" })
  env = table_with { features = [[  feature "chevaux_de_frise" { name = "Iron Thorns", line = { {10, 20}, {30, 20} } },]],
                     dwarves = [[place "Long Spears" { x = 20, y = 30, files = 5 },]] }
  local w = riders(env, "orcs", "Wolf riders", { x = 20, y = 16 }, "attack")
  r = env.move(w)
  t.eq({ r.stopped.kind, r.stopped.rule, r.contact }, { "chevaux_de_frise", "cavalry may neither cross nor vault a tall hedge", false })
  t.near(r.moved, 3.5, 1e-6)  -- 1in deep: its near edge 3.5in on
  local pit = [[  feature "pit" { name = "West Pit", polygon = { {19, 22}, {20, 22}, {20, 23}, {19, 23} } },]]
  env = table_with { features = pit, tuskers = "attack", orcs = [[place "Black Blades" { x = 20, y = 20, files = 5 },]],
                     dwarves = [[place "Long Spears" { x = 20, y = 30, files = 5 },]] }
  r = env.move(env.black_blades)
  t.eq({ r.stopped.name, r.stopped.rule, r.contact }, { "West Pit", "a 1in x 1in pit: impassable (proposed)", false })
  t.near(r.moved, 2, 1e-6)
  env = table_with { features = pit, orcs = [[place "Black Blades" { x = 20, y = 20, files = 5 },]] }
  t.fails_exactly(function() env.move(env.black_blades, "advance 3") end,
    "input: features[1]: Black Blades: the move reaches the pit (West Pit) 2in along: a 1in x 1in pit: impassable (proposed)")
end

-- ---------------------------------------------------------------------------------------
-- The typed procedures
-- ---------------------------------------------------------------------------------------

-- move with typed features (no table): the riders' wall 2in on, full move or not.
function M.test_move_with_typed_features()
  local riders_desc = { name = "Wolf riders", figures = 6, quality = "average", type = "tribal", armour = "light", mounted = true,
                        movement = 10, orders = "oppose" }
  local r = ruleset.resolve("move", { unit = riders_desc, distance = 10, features = { { kind = "wall", at = 2 } } })
  t.eq({ r.allowance, r.disorganised, r.features[1].vault }, { 10, false, true })
  r = ruleset.resolve("move", { unit = riders_desc, distance = 5, features = { { kind = "wall", at = 2 } } })
  t.eq({ r.allowance, r.disorganised, causes(r) }, { 5, true, { "wall" } })
  -- A core difficult terrain in the move spoils the vault too.
  t.fails_exactly(function() ruleset.resolve("move", { unit = riders_desc, distance = 10, terrain = { "wood" }, features = { { kind = "wall", at = 2 } } }) end,
    "input: distance: 10in is more than the allowance of 5in")
  t.fails_exactly(function() ruleset.resolve("move", { unit = riders_desc, distance = 2, features = { { kind = "moat" } } }) end,
    "input: features[1].kind: \"moat\" is not one of chevaux_de_frise, cobbled_road, dirt_road, ditch, embankment_hedge, fence, field, low_hedge, palisade, pit, tall_hedge, wall")
  -- A flyer in the air passes over.
  r = ruleset.resolve("move", { unit = { name = "Eagles", figures = 3, quality = "average", type = "disciplined", flying = true, movement = 12, orders = "oppose" },
                                distance = 12, features = { { kind = "tall_hedge", at = 1 } } })
  t.eq({ r.allowance, r.features[1].effect }, { 12, "none (flying)" })
end

function M.test_feature_cover_typed()
  local dwarves = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined", armour = "medium" }
  local r = ruleset.resolve("feature_cover", { target = dwarves, features = { { kind = "wall", name = "Farm Wall", hidden = "entirely" },
    { kind = "fence", hidden = "entirely" } } })
  t.eq({ r.cover, r.features[1].cover, r.features[2].cover }, { "hard", "hard", "none" })
  t.eq(r.outcome, "hard cover (Farm Wall: hard; fence: none)")
  r = ruleset.resolve("feature_cover", { target = dwarves, season = "summer", features = { { kind = "field", within = true } } })
  t.eq({ r.cover, r.features[1].rule }, { "soft", "entirely within the tall crops, not shooting, no spears, lances or pikes: it may claim the cover" })
  t.fails_exactly(function() ruleset.resolve("feature_cover", { target = dwarves, features = {} }) end,
    "input: features: missing: the features {kind, hidden?, within?} between the shooter and the target, or holding it")
end

return M
