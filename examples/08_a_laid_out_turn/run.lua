-- Phases One, Two and Four of FANTASY WARRIORS (pages 19-34) on a laid-out table: the sample
-- scenario (examples/scenarios/greystones.lua) places both sample armies, and each phase is
-- resolved twice from the same state and the same dice: once with every distance, line of
-- sight, cover and contact measured from the positions (nothing typed), once with the numbers
-- example 07 types in. The two must give the same result: the table measures what a player
-- would, and the rules do the rest. From the repository root:
--   build/repl/muster run examples/08_a_laid_out_turn/run.lua --seed 1
assert(ruleset and ruleset.modules.tabletop, "run with the fantasy_warriors ruleset (the default)")
scenario("examples/scenarios/greystones.lua")
for _, side in ipairs({ "orcs", "dwarves" }) do muster.choice.set_controller(side, "policy", "first") end
local time = "day 3"

local function fail(phase, text) error(phase .. ": " .. text, 0) end

-- What a phase's result says of each unit and each test, as comparable lines.
local function outcome(r)
  local lines = {}
  for _, u in ipairs(r.units) do
    lines[#lines + 1] = string.format("%s: %s figures, %s%s", u.name, tostring(u.figures_after), tostring(u.reaction),
      u.disorganised and ", disorganised" or "")
  end
  for _, x in ipairs(r.tests or {}) do
    lines[#lines + 1] = string.format("test %s: %s", x.unit, tostring(x.score or x.why))
  end
  for _, s in ipairs(r.shots or {}) do lines[#lines + 1] = string.format("shot %s at %s: %s", s.shooter, s.target, s.outcome) end
  for i, c in ipairs(r.combats or {}) do lines[#lines + 1] = string.format("combat %d: %s", i, c.outcome) end
  return lines
end

-- Runs `typed` and then `measured` from the same state and seed; checks they agree and keeps
-- the state the measured phase left.
local seed = 100
local function twice(phase, typed, measured)
  seed = seed + 1
  local before = muster.state.fmt()
  muster.dice.set_seed(seed)
  local a = outcome(typed())
  muster.state.parse(before)
  muster.dice.set_seed(seed)
  local r = measured()
  local b = outcome(r)
  if #a ~= #b then fail(phase, string.format("typed gave %d lines, measured %d", #a, #b)) end
  for i = 1, #a do
    if a[i] ~= b[i] then fail(phase, string.format("typed: %s | measured: %s", a[i], b[i])) end
  end
  print(r)
  print(string.format("  (the same %d lines with the numbers typed in)", #a))
  return r
end

local function title(text) print("\n== " .. text) end

title("The table")
print(repl.where(""))

title("Phase One: Threat")
twice("threat",
  function() return threat_phase { time = time, { black_blades, long_spears, distance = 5 }, { spears_of_the_eye, oathbreakers_bane, distance = 6 } } end,
  function() return threat_phase { time = time, { black_blades, long_spears }, { spears_of_the_eye, oathbreakers_bane } } end)

title("Phase Two: Shooting")
twice("shooting",
  function()
    return shooting_phase { time = time, { red_arrows, long_spears, distance = 12, volleys = 2 },
      { iron_bolts, black_blades, distance = 16, volleys = 1 }, { stone_bolts, black_blades, distance = 18, volleys = 1 } }
  end,
  function()
    return shooting_phase { time = time, { red_arrows, long_spears, volleys = 2 }, { iron_bolts, black_blades, volleys = 1 },
      { stone_bolts, black_blades, volleys = 1 } }
  end)

-- Phase Three is typed for now (docs/decisions/0005: moving formations come next): each of the
-- Tuskers still willing (not shaken or routed) charges home, its front brought against its
-- target's; the others stand.
title("Phase Three: the Tuskers charge")
local charges = { { black_blades, long_spears, { x = 30, y = 25 } }, { spears_of_the_eye, oathbreakers_bane, { x = 40, y = 26 } } }
local fights = {}
for _, c in ipairs(charges) do
  local unit, target, at = c[1], c[2], c[3]
  if (unit.reaction == "ok" or unit.reaction == "bloodlust") and unit.figures > 0 and target.figures > 0 then
    place(unit, at)
    fights[#fights + 1] = c
  else
    print(string.format("%s is %s: it stands", unit.name, unit.reaction))
  end
end

title("Phase Four: Combat")
local view = ruleset.modules.tabletop.view(function(id) return repl.describe(repl.handle(id)) end)
if #view:combats() ~= #fights then fail("combat", string.format("%d pairs in contact, %d charges", #view:combats(), #fights)) end
if #fights == 0 then
  print("nobody charged: no combat")
else
  twice("combat",
    function()
      local spec = { time = time }
      for i, c in ipairs(fights) do spec[i] = { c[1], c[2], attacker = { in_contact = 5 }, defender = { in_contact = 5 } } end
      return combat_phase(spec)
    end,
    function()
      local spec = { time = time }
      for i, c in ipairs(fights) do spec[i] = { c[1], c[2] } end
      return combat_phase(spec)
    end)
end

title("The table after the turn")
print(repl.where(""))
