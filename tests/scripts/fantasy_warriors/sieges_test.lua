-- HR-11 sieges (house-rules booklet page 12), the variant sieges: every face of the terrain die
-- for every army list (allowed, or re-rolled when the terrain bars the defender), what each
-- terrain makes of the battlefield, the defence points by headcount (typed in, and counted from
-- army files, a Giant 10), what they buy, the defender deploying first, and every refusal's
-- exact text. The expectations are typed from the house-rules digest, not read from the variant.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "sieges" } }

local function terrain(input) return ruleset.resolve("siege_terrain", input) end
local function defences(input) return ruleset.resolve("siege_defences", input) end

local fails = t.fails_exactly

local armies = { "barbarians", "dwarves", "goblins", "men", "orcs", "trolls_and_ogres", "wood_elves" }
-- The digest's terrain table: face -> terrain and the armies that alone may defend it.
local faces = {
  { "forest", { wood_elves = true, goblins = true } },
  { "mountain", { dwarves = true } },
  { "plain" }, { "plain" },
  { "river" },
  { "swamp", { orcs = true } },
}

-- Each face for each army: a barred terrain is re-rolled (the next die, a 3, gives a plain).
function M.test_every_face_for_every_army()
  for _, army in ipairs(armies) do
    for face, row in ipairs(faces) do
      muster.dice.set_faces { face, 3 }
      local r = terrain({ defender = army })
      local barred = row[2] ~= nil and not row[2][army]
      t.eq(r.terrain, barred and "plain" or row[1], army .. " rolls " .. face)
      t.eq(r.rolls, barred and { face, 3 } or { face })
      t.eq(#r.rerolled, barred and 1 or 0)
      t.eq(r.face, barred and 3 or face)
      t.eq({ r.deploys_first, r.rolled_by, r.defender }, { "defender", "defender", army })
      if barred then t.eq(r.rerolled[1].terrain, row[1]) end
    end
  end
end

function M.test_reroll_until_allowed()
  muster.dice.set_faces { 1, 6, 1, 2 }
  local r = terrain({ defender = "dwarves" })
  t.eq({ r.terrain, r.rolls, #r.rerolled }, { "mountain", { 1, 6, 1, 2 }, 3 })
  t.eq(r.rerolled[1], { face = 1, terrain = "forest", reason = "only wood_elves or goblins may defend a forest (proposed: re-roll)" })
  t.eq(r.rerolled[2].reason, "only orcs may defend a swamp (proposed: re-roll)")
  t.eq(r.outcome, "mountain (after 3 re-rolls): a 24in x 48in battlefield, the armies starting on its short sides: 4 terrain features; the defender deploys first")
  t.eq(#r.dice, 4)
  t.eq({ r.dice[1].label, r.dice[2].label }, { "siege terrain, dwarves", "siege terrain re-roll, dwarves" })
end

function M.test_battlefield_of_each_terrain()
  local function bf(face, defender, length)
    muster.dice.set_faces { face }
    return terrain({ defender = defender, table_length = length })
  end
  local r = bf(1, "wood_elves")
  t.eq(r.battlefield, { features = 12, woods_at_least = 6, table_length = 72, armies_start = "long sides",
    change = "twice the terrain features: 12, the 6 added ones woods" })
  t.eq(r.may_defend, { "wood_elves", "goblins" })
  t.eq(bf(1, "goblins", 48).battlefield.woods_at_least, 4)
  r = bf(2, "dwarves", 72)
  t.eq(r.battlefield, { features = 4, table_width = 24, table_length = 48, armies_start = "short sides",
    change = "a 24in x 48in battlefield, the armies starting on its short sides: 4 terrain features" })
  r = bf(3, "men")
  t.eq({ r.terrain, r.may_defend, r.battlefield.features, r.battlefield.change }, { "plain", "any", 6, "no change: 6 terrain features" })
  t.eq(bf(4, "men", 60).battlefield.features, 5)
  r = bf(5, "barbarians")
  t.eq({ r.battlefield.river, r.battlefield.change }, { "a river crossed by a bridge or a ford",
    "6 terrain features, and a river crossed by a bridge or a ford" })
  r = bf(6, "orcs")
  t.eq({ r.battlefield.features, r.battlefield.swamps_at_least }, { 6, 3 })
  -- At least half, rounded up.
  t.eq(bf(6, "orcs", 60).battlefield.swamps_at_least, 3)
  t.eq(bf(6, "orcs", 60).outcome, "swamp: 5 terrain features, at least 3 of them swamps; the defender deploys first")
end

function M.test_terrain_refusals()
  fails(function() terrain({}) end,
    "input: defender: missing (one of barbarians, dwarves, goblins, men, orcs, trolls_and_ogres, wood_elves)")
  fails(function() terrain({ defender = "elves" }) end,
    "input: defender: \"elves\" is not one of barbarians, dwarves, goblins, men, orcs, trolls_and_ogres, wood_elves")
  fails(function() terrain({ defender = "orcs", table_length = "six feet" }) end, "input: table_length: number expected, got \"six feet\"")
  fails(function() terrain({ defender = "orcs", table_length = -12 }) end, "input: table_length: -12 is out of range 0..10000")
  fails(function() terrain({ defender = "orcs", attacker = "men" }) end,
    "input: input.attacker: unknown field (known: defender, table_length)")
end

-- ---------------------------------------------------------------------------------------
-- Defences
-- ---------------------------------------------------------------------------------------

function M.test_points_by_headcount()
  local r = defences({ figures = 60 })
  t.eq({ r.figures, r.giants, r.points, r.spent, r.left, r.deploys_first }, { 60, 0, 60, 0, 60, "defender" })
  r = defences({ figures = 60, giants = 2 })
  t.eq(r.points, 80)
  t.eq(r.outcome, "80 defence points: 0 spent, 80 left; the defender deploys first")
  -- From army files: characters and figures count one each, a giant ten.
  r = defences({ army = "examples/armies/dwarves_1000.lua" })
  t.eq({ r.army, r.figures, r.giants, r.points }, { "The Hold of Karak Dum", 51, 0, 51 })
  r = defences({ army = "examples/armies/orcs_1000.lua" })
  t.eq({ r.figures, r.points }, { 51, 51 })
  r = defences({ army = "tests/fixtures/armies/siege_goblins.lua" })
  t.eq({ r.figures, r.giants, r.points }, { 38, 1, 48 })
end

function M.test_what_points_buy()
  local r = defences({ figures = 40, spend = { palisade = 24, chevaux_de_frise = 6, pits = 4 } })
  t.eq({ r.spent, r.left }, { 34, 6 })
  t.eq(r.bought[1], { item = "palisade", amount = 24, per = "inch", points = 24, counts_as = "wall",
    effect = "a wall (linear_obstacles): hard cover -2 for infantry entirely hidden behind it that do not shoot (proposed)" })
  t.eq({ r.bought[2].item, r.bought[2].counts_as, r.bought[2].points }, { "chevaux_de_frise", "tall_hedge", 6 })
  t.eq({ r.bought[3].item, r.bought[3].counts_as, r.bought[3].per }, { "pits", "impassable", "pit" })
  r = defences({ figures = 10, spend = { pits = 10 } })
  t.eq({ r.spent, r.left, #r.bought }, { 10, 0, 1 })
  r = defences({ figures = 10, spend = { palisade = 0 } })
  t.eq({ r.spent, #r.bought }, { 0, 0 })
end

function M.test_defence_refusals()
  fails(function() defences({}) end,
    "input: figures: missing: give the army file (army) or its figures of headcount (figures, and giants)")
  fails(function() defences({ figures = 10, spend = { pits = 11 } }) end, "input: spend: 11 points spent but the defenders have 10")
  fails(function() defences({ figures = 10, spend = { moat = 2 } }) end,
    "input: spend.moat: unknown field (known: palisade, chevaux_de_frise, pits)")
  fails(function() defences({ figures = 10, spend = { palisade = 2.5 } }) end, "input: spend.palisade: integer expected, got 2.5")
  fails(function() defences({ figures = -1 }) end, "input: figures: -1 is out of range 0..100000")
  fails(function() defences({ figures = 10, giants = "one" }) end, "input: giants: integer expected, got \"one\"")
  fails(function() defences({ army = "examples/armies/orcs_1000.lua", figures = 10 }) end,
    "input: figures: give the army file or the figures and giants, not both")
  fails(function() defences({ army = 3 }) end, "input: army: the path of an army file expected, got 3")
end

-- The works on the table, this variant alone (without linear_obstacles): a palisade is a
-- line with no crossing rule of its own loaded, so the core's difficult terrain (more than
-- half the MOV disorganises); a pit stops a charge. Typed `features` of the move procedure.
function M.test_the_works_on_a_move_without_linear_obstacles()
  local foot = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", movement = 6, orders = "oppose" }
  local r = ruleset.resolve("move", { unit = foot, distance = 4, features = { { kind = "palisade", name = "The Stakes", at = 1 } } })
  t.eq({ r.allowance, r.disorganised, r.features[1].effect }, { 6, true, "half_or_disorganised" })
  t.eq(r.disorganised_by[1].reason, "The Stakes: no rule of its own: terrain the players agreed is difficult (every terrain feature is difficult terrain): moved 4in, more than half its MOV (3in)")
  r = ruleset.resolve("move", { unit = foot, distance = 3, features = { { kind = "palisade", at = 1 } } })
  t.eq(r.disorganised, false)
  foot.orders = "attack"
  r = ruleset.resolve("move", { unit = foot, enemy_distance = 5, features = { { kind = "pit", name = "West Pit", at = 2 } } })
  t.eq({ r.moved, r.contact, r.stopped.name, r.stopped.rule, r.outcome },
    { 2, false, "West Pit", "a 1in x 1in pit: impassable (proposed)", "moves 2in of 6in; stops at the pit (West Pit)" })
  -- The works' rows: a palisade counts as a wall, chevaux de frise as a tall hedge.
  local rows = ruleset.modules.features.data.feature_rules.rows
  t.eq({ rows.palisade.shape, rows.palisade.width, rows.palisade.counts_as.move, rows.chevaux_de_frise.counts_as.move, rows.pit.shape },
    { "line", 0.5, "wall", "tall_hedge", "area" })
end

return M
