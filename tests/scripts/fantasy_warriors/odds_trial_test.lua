-- Fantasy Warriors, odds trials (docs/decisions/0003, ruleset.odds_trial): a procedure with
-- prepare and play is prepared once per input and played without a result per trial, drawing
-- exactly the dice `resolve` draws. Seed by seed, the trial's outcome must equal the outcome
-- of the full result, in every kind of round: characters and saves, Combat Tests, captures,
-- several units a side, other profiles, riders, lone individuals, annihilation under both
-- options. And the plan is made once, unless preparing it threw dice.
local t = require("testing")
local odds = require("odds")

local M = { ruleset = "fantasy_warriors", seed = 7 }

local seeds = 300

-- The outcome key of `resolve` and of an odds trial on the same dice, for `seeds` seeds.
local function same_outcomes(name, input, what)
  local distinct = {}
  for seed = 1, seeds do
    muster.dice.set_seed(seed)
    local full = odds.key(ruleset.procedures[name], ruleset.resolve(name, t.deep_copy(input)))
    muster.dice.set_seed(seed)
    local trial = ruleset.odds_trial(name, input)
    if full ~= trial then
      error(string.format("%s, seed %d: resolve gives %s, the odds trial %s", what, seed, full, trial), 2)
    end
    distinct[full] = true
  end
  local n = 0
  for _ in pairs(distinct) do n = n + 1 end
  return n
end

local gorbag = { name = "Gorbag", role = "battle_leader", quality = "veteran", type = "tribal", worth = 2, save = 8,
                 armour = "medium", shield = true }
local grim = { name = "Grim", role = "hero", quality = "veteran", type = "disciplined", worth = 2, save = 7,
               armour = "heavy", shield = true }
local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", strength = 1, armour = "medium",
               shield = true, weapon = "hand", leader = true, musicians = 1, standard = true, orders = "attack", ranks = 2,
               individuals = { gorbag } }
local dwarves = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy",
                  shield = true, weapon = "hand", save = 10, leader = true, champion = true, standard = true,
                  orders = "hold", ranks = 2, individuals = { grim } }

function M.test_the_bench_round_with_its_combat_tests()
  local n = same_outcomes("combat", { attacker = { unit = orcs }, defender = { unit = dwarves }, time = "day",
                                      combat_tests = true }, "bench round")
  t.eq(n > 30, true, "the seeds reach many outcomes")
end

function M.test_standard_captures_and_the_capturing_side()
  local bearers = { name = "Bearers", figures = 5, quality = "average", type = "tribal", standard = true, save = 9 }
  local raiders = { name = "Raiders", figures = 6, quality = "veteran", type = "tribal", strength = 1 }
  same_outcomes("combat", { attacker = { unit = raiders, capture_standard = "Bearers" }, defender = { unit = bearers },
                            combat_tests = true }, "capture")
end

function M.test_several_units_a_side_with_other_profiles_and_riders()
  local o1 = { name = "Orcs 1", figures = 6, quality = "average", type = "tribal", champion = true, orders = "attack" }
  local gobs = { name = "Goblins", figures = 8, quality = "poor", type = "fanatic", armour = "light",
                 profiles = { { name = "Ogre", figures = 1, quality = "average", type = "stupid", strength = 3, worth = 3, save = 8 } } }
  local wolves = { name = "Wolf riders", figures = 5, quality = "average", type = "tribal", strength = 1, mounted = true,
                   leader = true, bottom_profile = { worth = 2, weapon = "tooth_and_claw" } }
  same_outcomes("combat", {
    attacker = { { unit = o1 }, { unit = gobs } },
    defender = { unit = wolves, rider_profile = "bottom",
                 against = { { target = "Orcs 1", in_contact = 3 }, { target = "Goblins", in_contact = 2 } } },
    combat_tests = true }, "several units")
end

function M.test_a_lone_individual_against_a_unit()
  local troll = { name = "Troll king", role = "hero", quality = "elite", type = "stupid", worth = 4, strength = 3,
                  save = 8, armour = "heavy" }
  same_outcomes("combat", { attacker = { individual = troll }, defender = { unit = dwarves }, combat_tests = true },
                "lone individual")
end

function M.test_annihilation_under_both_options()
  local killers = { name = "Elves", figures = 8, quality = "elite", type = "disciplined", strength = 2 }
  local hero = { name = "Troll hero", role = "hero", quality = "veteran", type = "stupid", worth = 5, save = 9 }
  local trolls = { name = "Trolls", figures = 3, quality = "average", type = "stupid", strength = 3, resilience = -1,
                   worth = 3, save = 8, individuals = { hero } }
  for _, option in ipairs({ "every_save_figure", "one_save_figure" }) do
    ruleset.options.annihilation_saves = option
    same_outcomes("combat", { attacker = { unit = killers }, defender = { unit = trolls }, combat_tests = true },
                  "annihilation, " .. option)
  end
end

function M.test_other_procedures_still_resolve_for_their_trials()
  -- A procedure without prepare and play is resolved whole for each trial: the same key.
  local threatener = { name = "Orcs", figures = 10, quality = "average", type = "tribal", leader = true }
  local target = { name = "Dwarves", figures = 8, quality = "veteran", type = "disciplined", standard = true }
  same_outcomes("threat_test", { unit = target, threatener = threatener, time = "night" }, "threat test")
end

function M.test_a_plan_is_made_once_for_a_run_of_trials()
  local input = { attacker = { unit = orcs }, defender = { unit = dwarves } }
  local made = 0
  local combat = ruleset.procedures.combat
  local prepare = combat.prepare
  combat.prepare = function(...) made = made + 1 return prepare(...) end
  for _ = 1, 5 do ruleset.odds_trial("combat", input) end
  t.eq(made, 1, "one input table: one plan")
  ruleset.odds_trial("combat", t.deep_copy(input))
  t.eq(made, 2, "another input table: another plan")
  -- A declaration answered by the "random" policy throws a die: each trial declares anew.
  local wolves = { name = "Wolf riders", figures = 5, quality = "average", type = "tribal", mounted = true,
                   bottom_profile = { worth = 2, weapon = "tooth_and_claw" } }
  muster.choice.set_controller("attacker", "policy", "random")
  local riders = { attacker = { unit = wolves }, defender = { unit = dwarves } }
  for _ = 1, 3 do ruleset.odds_trial("combat", riders) end
  t.eq(made, 5, "three trials, three plans: the rider profile is chosen at random each time")
  combat.prepare = prepare
end

function M.test_a_trial_leaves_the_input_as_it_was()
  local input = { attacker = { unit = orcs }, defender = { unit = dwarves }, combat_tests = true }
  local before = t.deep_copy(input)
  for seed = 1, 20 do
    muster.dice.set_seed(seed)
    ruleset.odds_trial("combat", input)
  end
  t.eq(input, before)
end

return M
