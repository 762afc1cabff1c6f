-- Fantasy Warriors, statistical check: for threat, threat_test, kill_throw and casualty_test,
-- the frequency of each outcome over 100,000 seeded runs of the ruleset (muster.dice.roll_many,
-- sample mode) matches the exact probability this file computes on its own, by enumerating
-- the dice by hand with the book's numbers typed in here (not through roll_exact, not through
-- the ruleset's tables).
-- A frequency may stray from its probability by at most 4.5 standard errors; an outcome of
-- probability 0 must never occur.
local t = require("testing")
-- 100,000 resolutions of a whole procedure in one test run more VM instructions than one call
-- of a session may (the REPL's default budget); the budget here leaves room for rules to grow.
local M = { ruleset = "fantasy_warriors", seed = 20240601, budget = 2000000000 }

local runs = 100000

--- Checks each sampled frequency against the exact probabilities `p` (outcome -> p).
local function check_frequencies(freq, p, what)
  local total, seen = 0, {}
  for outcome, q in pairs(p) do total = total + q end
  t.near(total, 1, 1e-12, what .. ": the hand enumeration sums to 1")
  for _, f in ipairs(freq) do
    seen[f.outcome] = true
    local q = p[f.outcome] or 0
    local se = math.sqrt(q * (1 - q) / runs)
    if math.abs(f.p - q) > 4.5 * se then
      error(string.format("%s: outcome %s: frequency %.5f, exact %.5f (%.1f standard errors)",
        what, tostring(f.outcome), f.p, q, se > 0 and math.abs(f.p - q) / se or math.huge), 2)
    end
  end
  for outcome, q in pairs(p) do
    if q > 1e-3 and not seen[outcome] then
      error(string.format("%s: outcome %s (p = %.5f) never occurred", what, tostring(outcome), q), 2)
    end
  end
end

-- The Threat example's units (page 20).
local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal",
               strength = 1, armour = "medium", shield = true, leader = true, musicians = 1,
               bad_light = "day", orders = "attack" }
local dwarves = { name = "Dwarf infantry", figures = 8, quality = "veteran", type = "disciplined",
                  armour = "heavy", leader = true, standard = true, orders = "hold" }

-- The reaction table (page 20), typed again here: the lowest score of each reaction.
local function reaction(score, kind)
  local rows = { disciplined = { 10, 3, 1 }, tribal = { 7, 4, 2 }, fanatic = { 6, 4, 2 } }
  local r = rows[kind]
  if score >= r[1] then return "bloodlust" end
  if score >= r[2] then return "ok" end
  if score >= r[3] then return "shaken" end
  return "rout"
end

function M.test_threat_exchange_frequencies_match_the_hand_enumeration()
  -- The Dwarves: die + 1 veteran - 1 Orc musician - 1 Orc worth (10 >= 8) + 1 standard +
  -- 1 leader = die + 1. Passing (OK), they always counter-threaten (policy "last" = "yes");
  -- the Orcs: die + 1 musician + 1 leader = die + 2 (no bad light at night for them).
  local p = {}
  for d1 = 1, 6 do
    local first = reaction(d1 + 1, "disciplined")
    if first ~= "ok" then
      p[first] = (p[first] or 0) + 1 / 6
    else
      for d2 = 1, 6 do
        local key = "ok/" .. reaction(d2 + 2, "tribal")
        p[key] = (p[key] or 0) + 1 / 36
      end
    end
  end
  t.near(p.shaken, 1 / 6, 1e-12)  -- a 1 only
  muster.choice.set_controller("defender", "policy", "last")
  -- The units are checked once, outside the runs: 100,000 exchanges with their input checks
  -- would exceed one call's instruction budget. The runs execute the same rules code.
  local threat = ruleset.modules.threat
  local args = { threatener = ruleset.check_unit(orcs, "threatener"), target = ruleset.check_unit(dwarves, "target"),
                 time = "night", distance = 8, options = ruleset.options }
  muster.dice.set_faces { 4, 5, 4, 5 }
  t.eq(threat.exchange(args).outcome, "ok/bloodlust")
  t.eq(ruleset.resolve("threat", { threatener = orcs, target = dwarves, time = "night", distance = 8 }).outcome,
    "ok/bloodlust")
  muster.dice.set_seed(101)
  local freq = muster.dice.roll_many(function() return threat.exchange(args).outcome end, runs)
  check_frequencies(freq, p, "threat")
end

function M.test_unpredictable_threat_test_frequencies_match_the_hand_enumeration()
  -- An unpredictable fanatic unit, shaken, with a hero, at night in its bad light, threatened
  -- by 10 poor Goblins with a musician: -2 shaken + 1 hero - 1 bad light - 1 musician - 1
  -- worth (10 >= 6) = -4, and the quality throw adds +3 on a natural 4-6, -3 on 1-3.
  local unit = { name = "Berserks", figures = 6, quality = "unpredictable", type = "fanatic",
                 reaction = "shaken", hero = true, bad_light = "night" }
  local goblins = { name = "Goblins", figures = 10, quality = "poor", type = "tribal", musicians = 1 }
  local p = {}
  for d = 1, 6 do
    local score = d + (d >= 4 and 3 or -3) - 4
    local r = reaction(score, "fanatic")
    p[r] = (p[r] or 0) + 1 / 6
  end
  t.near(p.rout, 3 / 6, 1e-12)
  t.near(p.shaken, 1 / 6, 1e-12)
  t.near(p.ok, 2 / 6, 1e-12)
  muster.dice.set_seed(202)
  local freq = muster.dice.roll_many(function()
    return ruleset.resolve("threat_test", { unit = unit, threatener = goblins, time = "night" }).reaction
  end, runs)
  check_frequencies(freq, p, "threat_test")
end

function M.test_kill_throw_frequencies_match_the_hand_enumeration()
  -- 4 hits from longbows (strength +1) on light armour with shields (-1): the weapon v
  -- armour table (page 23) kills longbow v light on 3+; the modifiers total 0. Each die: a
  -- natural 6 kills, a natural 1 fails, 2-5 kill when face + 0 >= 3. Enumerate all 6^4.
  local archers = { name = "Elf archers", figures = 10, quality = "average", type = "disciplined",
                    strength = 1, weapon = "longbow" }
  local target = { name = "Men-at-arms", figures = 10, quality = "average", type = "disciplined",
                   armour = "light", shield = true }
  local function kills_of(face) if face == 6 then return 1 elseif face == 1 then return 0 end
    return face + 0 >= 3 and 1 or 0 end
  local p = {}
  for a = 1, 6 do for b = 1, 6 do for c = 1, 6 do for d = 1, 6 do
    local k = kills_of(a) + kills_of(b) + kills_of(c) + kills_of(d)
    p[k] = (p[k] or 0) + 1 / 1296
  end end end end
  t.near(p[4], (4 / 6) ^ 4, 1e-12)
  muster.dice.set_seed(303)
  local freq = muster.dice.roll_many(function()
    return ruleset.resolve("kill_throw", { shooter = archers, target = target, hits = 4 }).kills
  end, runs)
  check_frequencies(freq, p, "kill_throw")
end

function M.test_casualty_test_frequencies_match_the_hand_enumeration()
  -- 10 average tribal Orcs lose 6 figures to missiles, their leader among them (page 25):
  -- over 50% lost -3 (the smaller "losses" line is left out above 50% by default), the
  -- standard still carried +1, no leader bonus: die - 2. Tribal: 7+ bloodlust, 4-6 OK, 2-3
  -- shaken, 1 or less rout (which removes the unit).
  local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", leader = true,
                 standard = true }
  local p = {}
  for d = 1, 6 do
    local r = reaction(d - 3 + 1, "tribal")
    p[r] = (p[r] or 0) + 1 / 6
  end
  t.near(p.rout, 3 / 6, 1e-12)
  t.near(p.shaken, 2 / 6, 1e-12)
  t.near(p.ok, 1 / 6, 1e-12)
  muster.dice.set_seed(404)
  local freq = muster.dice.roll_many(function()
    return ruleset.resolve("casualty_test", { unit = orcs, figures_at_start = 10, losses = 6, killed = { "leader" } }).reaction
  end, runs)
  check_frequencies(freq, p, "casualty_test")
end

function M.test_the_check_fails_on_a_wrong_probability()
  -- The bound is tight enough to notice one face's worth of error (1/6 moved between bands).
  local freq = { { outcome = "ok", p = 0.5 }, { outcome = "rout", p = 0.5 } }
  t.fails(function() check_frequencies(freq, { ok = 4 / 6, rout = 2 / 6 }, "wrong") end,
    "wrong: outcome ok: frequency 0.50000, exact 0.66667")
  t.fails(function() check_frequencies({ { outcome = "x", p = 1 } }, { x = 0.5, y = 0.5 }, "missing") end,
    "missing: outcome x")
end

return M
