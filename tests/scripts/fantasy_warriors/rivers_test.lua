-- Fantasy Warriors rivers (page 27): every row of the wading table with chosen dice, the
-- losses shared out by the casualties of page 24 (kills to specials, saving throws), a lone
-- individual's save, the unprinted -4 or less, and what a wading unit may not do.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local dwarves = { name = "Dwarves", figures = 12, quality = "veteran", type = "disciplined", strength = 1,
                  armour = "heavy", leader = true, standard = true }

local function wade(input) return ruleset.resolve("wade", input) end

function M.test_one_or_more_crosses_at_half_speed_disorganised()
  for _, die in ipairs({ 4, 6 }) do
    muster.dice.set_faces { die }
    local r = wade { unit = dwarves, river_strength = 4 }
    t.eq({ r.score, r.row, r.crosses, r.half_speed, r.disorganised, r.kills, r.losses, r.position },
         { die - 3, "1", true, true, true, 0, 0, "across" }, "die " .. die)
    t.eq(r.outcome, "crosses at half speed; disorganised")
    t.eq(r.row_source, "fantasy_warriors p.27")
    t.eq(#r.while_wading, 4)
  end
end

function M.test_zero_crosses_and_loses_a_quarter_rounded_down()
  muster.dice.set_faces { 3, 2 }  -- 3 + 1 - 4 = 0; the kills-to-specials die
  local r = wade { unit = dwarves, river_strength = 4 }
  t.eq({ r.score, r.row, r.crosses, r.kills, r.losses, r.specials_dice, r.sixes }, { 0, "0", true, 3, 3, 1, 0 })
  t.eq(r.outcome, "crosses at half speed, loses a quarter; 3 figures lost; disorganised")
  -- 11 figures: a quarter is 2.75, rounded down to 2.
  muster.dice.set_faces { 3, 2 }
  t.eq(wade({ unit = t.copy(dwarves, { figures = 11 }), river_strength = 4 }).kills, 2)
end

function M.test_minus_one_cannot_cross_and_a_six_falls_on_a_special()
  muster.dice.set_faces { 2, 6 }
  local r = wade { unit = dwarves, river_strength = 4 }
  t.eq({ r.score, r.row, r.crosses, r.stuck, r.position, r.kills, r.losses }, { -1, "-1", false, false, "near_bank", 3, 3 })
  t.eq(r.killed, { "leader" })
  t.eq({ r.specials[1].figure, r.specials[1].chosen_by }, { "leader", "policy:first" })
  t.eq(r.choices, nil)
  t.eq(r.while_wading, {})
end

function M.test_minus_two_loses_half_minus_three_is_stuck()
  muster.dice.set_faces { 1, 1, 3 }  -- -2; 6 kills: 2 specials dice
  local r = wade { unit = dwarves, river_strength = 4 }
  t.eq({ r.row, r.crosses, r.stuck, r.kills, r.losses, r.specials_dice }, { "-2", false, false, 6, 6, 2 })
  t.eq(r.losses_part, "half")
  muster.dice.set_faces { 1, 1, 3 }
  r = wade { unit = dwarves, river_strength = 5 }
  t.eq({ r.score, r.row, r.stuck, r.test_again, r.position, r.kills, r.wading }, { -3, "-3", true, true, "middle", 6, true })
  t.eq(#r.while_wading, 4)
  t.eq(r.outcome, "stuck in the middle, loses half, tests again next Movement phase; 6 figures lost; disorganised")
end

function M.test_minus_four_or_less_reads_as_minus_three()
  muster.dice.set_faces { 1, 1, 3 }
  local r = wade { unit = t.copy(dwarves, { strength = -1 }), river_strength = 10 }
  t.eq({ r.score, r.row, r.stuck, r.kills }, { -10, "-3", true, 6 })
  t.eq(r.row_reading, "a score of -10 is not in the table: read as -3 (proposed)")
end

function M.test_saving_throws_are_allowed()
  muster.dice.set_faces { 4, 3, 6, 5, 2, 2, 5, 5 }  -- score 0: 3 kills, no six, then three saves against 9
  local r = wade { unit = t.copy(dwarves, { save = 9 }), river_strength = 5, side = "orcs" }
  t.eq({ r.kills, r.losses }, { 3, 1 })
  t.eq(#r.saves, 3)
  t.eq({ r.saves[1].saved, r.saves[2].saved, r.saves[3].saved }, { true, false, true })
end

local courier = { name = "Elf courier", figures = 0, quality = "average", type = "disciplined",
  individuals = { { name = "Elf courier", role = "courier", quality = "average", type = "disciplined", strength = 0, save = 7 } } }

function M.test_a_lone_individual_rolls_and_saves_for_himself()
  muster.dice.set_faces { 3, 4, 4 }  -- 3 + 0 - 3 = 0: a loss; his save 8 beats 7
  local r = wade { unit = courier, river_strength = 3 }
  t.eq({ r.individual, r.row, r.individual_killed, r.losses, #r.saves }, { "Elf courier", "0", false, 0, 1 })
  t.eq(r.outcome, "crosses at half speed, loses a quarter; Elf courier saves; disorganised")
  muster.dice.set_faces { 3, 2, 2 }
  r = wade { unit = courier, river_strength = 3 }
  t.eq({ r.individual_killed, r.killed, r.command_test_markers }, { true, { "Elf courier" }, {} })
  -- A battle leader drowning sets Command Test counters.
  local leader = t.deep_copy(courier)
  leader.individuals[1].role, leader.individuals[1].name = "battle_leader", "Gil"
  muster.dice.set_faces { 1, 2, 2 }
  r = wade { unit = leader, river_strength = 3 }
  t.eq(r.command_test_markers, { { name = "Gil", role = "battle_leader", event = "killed" } })
  -- No saving throw: he drowns; a pass (1 or more) needs no save.
  local bare = t.deep_copy(courier)
  bare.individuals[1].save = nil
  muster.dice.set_faces { 1 }
  t.eq(wade({ unit = bare, river_strength = 3 }).individual_killed, true)
  muster.dice.set_faces { 6 }
  r = wade { unit = courier, river_strength = 3 }
  t.eq({ r.row, r.individual_killed, r.saves }, { "1", nil, {} })
end

function M.test_a_stuck_unit_tests_again()
  muster.dice.set_faces { 2 }
  local r = wade { unit = t.copy(dwarves, { figures = 3 }), river_strength = 4, stuck = true }
  -- -1: back to the bank it came from; 3 figures lose a quarter: none.
  t.eq({ r.stuck_before, r.row, r.position, r.kills, r.losses }, { true, "-1", "near_bank", 0, 0 })
end

function M.test_wade_input_errors()
  local function no(input, message) t.fails_exactly(function() wade(input) end, message) end
  no({ unit = dwarves }, "input: river_strength: missing (the river's strength, 1..10)")
  no({ unit = dwarves, river_strength = 0 }, "input: river_strength: 0 is out of range 1..10")
  local two = t.deep_copy(courier)
  two.individuals[2] = t.copy(two.individuals[1], { name = "Other" })
  no({ unit = two, river_strength = 3 }, "input: unit.individuals: a unit of characters only wades one individual at a time (each rolls for himself)")
end

-- A variant can read the unprinted row otherwise.
function M.test_a_variant_reads_below_minus_three_otherwise()
  t.rules("drowning").set_row("wading", "below", { as = "-2" }, 1)
  muster.dice.set_faces { 1, 1, 3 }
  local r = wade { unit = t.copy(dwarves, { strength = -1 }), river_strength = 10 }
  t.eq({ r.row, r.stuck, r.row_source }, { "-2", false, "fantasy_warriors p.27" })
end

return M
