-- Fantasy Warriors explain.lua: results as the text `muster resolve --explain` prints. The
-- Threat example's text, modifiers placed under the throw they went into, nested results and
-- tables as blocks, short tables inline, hidden fields noted, numbers without ".0".
local t = require("testing")
local M = { ruleset = "fantasy_warriors" }

local function lines(text)
  local out = {}
  for line in text:gmatch("([^\n]*)\n") do out[#out + 1] = line end
  return out
end

function M.test_the_threat_example_reads_outcome_throw_modifiers_numbers()
  muster.choice.set_controller("defender", "script", { "yes" })
  muster.dice.set_faces { 4, 5 }
  local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", strength = 1,
                 armour = "medium", shield = true, leader = true, musicians = 1, bad_light = "day", orders = "attack" }
  local dwarves = { name = "Dwarf infantry", figures = 8, quality = "veteran", type = "disciplined",
                    armour = "heavy", leader = true, standard = true }
  local text = ruleset.explain(ruleset.resolve("threat", { threatener = orcs, target = dwarves, time = "night", distance = 8 }))
  local l = lines(text)
  t.eq(l[1], "threat: ok/bloodlust")
  t.eq(l[2], "  test (threat_test): ok")
  t.eq(l[3], "    threat test, Dwarf infantry: 1D6 rolled 4 = 4")
  t.eq(l[4], "    +1 veteran (quality throw) (fantasy_warriors p.20)")
  t.eq(l[5], "    -1 each musician in the threatening unit (fantasy_warriors p.20)")
  t.eq(l[11], "    quality_throw: 5")
  t.eq(l[12], "    score: 5")
  t.eq(l[17], "  counter_threat: true")
  t.eq(l[18], "  counter_threat_chosen_by: script")
  t.eq(l[19], "  counter_test (threat_test): bloodlust")
  t.eq(text:sub(-1), "\n")
end

function M.test_modifiers_go_under_their_throw_and_blocks_nest()
  local res = {
    procedure = "skirmish", outcome = "2 kills",
    dice = {
      { label = "hit throw, Archers", dice = "3D6", faces = { 6, 1, 4 }, target = 4, modifier = -1, result = 2,
        natural_max = 1, natural_min = 1 },
      { label = "save, Hero", dice = "2D6", faces = { 3, 5 }, result = 8 },
    },
    modifiers = {
      { id = "long_range", value = -1, reason = "long range", source = "fantasy_warriors p.22", throw = "hit" },
      { id = "odd", value = 0.5, reason = "half a point", source = "house 1.0.0" },
    },
    ratio = 2.5, sides = { a = 1, b = 2 }, empty = {},
    units = { { name = "A", after = { figures = 3 }, losses = 1 }, { name = "B", losses = 0 } },
    test = { procedure = "inner", outcome = "ok", score = 4 },
  }
  t.eq(lines(ruleset.explain(res)), {
    "skirmish: 2 kills",
    "  hit throw, Archers: 3D6 rolled 6 1 4, 4+ to succeed (-1 each) = 2 (natural maximum 1, natural 1s 1)",
    "    -1 long range (fantasy_warriors p.22)",
    "  save, Hero: 2D6 rolled 3 5 = 8",
    "  +0.5 half a point (house 1.0.0)",
    "  empty: none",
    "  ratio: 2.5",
    "  sides: {a = 1, b = 2}",
    "  test (inner): ok",
    "    score: 4",
    "  units[1]:",
    "    losses: 1",
    "    name: A",
    "    (also in the JSON: after)",
    "  units[2]: {losses = 0, name = B}",
  })
  t.eq(ruleset.explain(3), "3\n")
end

return M
