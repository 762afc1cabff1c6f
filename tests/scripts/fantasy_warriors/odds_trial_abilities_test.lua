-- Fantasy Warriors with HR-9 adventurers: the odds trial of a round where figures strike
-- first, force passed saves again (Killing Blow) or fight unarmed draws the same dice and
-- gives the same outcome as `resolve`, seed by seed (odds_trial_test.lua covers the book's
-- rounds).
local t = require("testing")
local odds = require("odds")

local M = { ruleset = "fantasy_warriors", variants = { "adventurers" }, seed = 11 }

local function same_outcomes(input, what)
  local distinct = {}
  for seed = 1, 300 do
    muster.dice.set_seed(seed)
    local full = odds.key(ruleset.procedures.combat, ruleset.resolve("combat", t.deep_copy(input)))
    muster.dice.set_seed(seed)
    local trial = ruleset.odds_trial("combat", input)
    if full ~= trial then
      error(string.format("%s, seed %d: resolve gives %s, the odds trial %s", what, seed, full, trial), 2)
    end
    distinct[full] = true
  end
  local n = 0
  for _ in pairs(distinct) do n = n + 1 end
  t.eq(n > 5, true, what .. ": the seeds reach several outcomes")
end

local function adventurer(name, ability, worth, save)
  return { name = name, role = "adventurer", quality = "average", type = "disciplined", worth = worth or 1,
           save = save, keywords = { "adventurer", ability } }
end

local function unit(name, figures, extra)
  local u = { name = name, figures = figures, quality = "average", type = "tribal", save = 9, leader = true,
              standard = true }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

function M.test_strike_first()
  same_outcomes({ attacker = { unit = unit("Men", 6, { individuals = { adventurer("Assassin", "strike_first", 2, 8) } }) },
                  defender = { unit = unit("Orcs", 6) }, combat_tests = true }, "strike first")
end

function M.test_two_that_strike_first_cancel_out()
  same_outcomes({ attacker = { unit = unit("Men", 6, { individuals = { adventurer("Assassin", "strike_first") } }) },
                  defender = { unit = unit("Orcs", 6, { individuals = { adventurer("Cutthroat", "strike_first") } }) },
                  combat_tests = true }, "cancelled")
end

function M.test_killing_blow_and_unarmed()
  same_outcomes({ attacker = { unit = unit("Men", 6, { individuals = { adventurer("Blademaster", "killing_blow", 2) } }) },
                  defender = { unit = unit("Orcs", 6, { individuals = { adventurer("Sage", "unarmed", 1, 8) } }) },
                  combat_tests = true }, "killing blow")
end

return M
