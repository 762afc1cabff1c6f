-- Fantasy Warriors formation changes (page 29): the expanding and contracting diagrams replayed
-- with the book's dice, the quality throw behind them (unpredictable included), wrapping round
-- in combat, reorganising and when it is refused; the quality throw and the terrain sizes as
-- procedures of their own.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local function unit(fields)
  return t.copy({ name = "Men-at-arms", figures = 12, quality = "average", type = "disciplined", orders = "oppose" }, fields)
end

local function expand(input) return ruleset.resolve("expand_contract", input) end

-- Page 29, first diagram: an average unit throws 3 and expands by 3, then moves.
function M.test_expanding_example_page_29()
  muster.dice.set_faces { 3 }
  local r = expand { unit = unit(), action = "expand", when = "before_move" }
  t.eq({ r.quality_throw, r.score, r.figures, r.outcome }, { 3, 3, 3, "expands by 3 figures" })
  t.eq(t.modifier_ids(r), "")
  t.eq(r.source, "fantasy_warriors p.29")
end

-- Page 29, second diagram: an elite unit moves, then throws 2 + 2 and contracts by 4.
function M.test_contracting_example_page_29()
  muster.dice.set_faces { 2 }
  local r = expand { unit = unit { quality = "elite" }, action = "contract", when = "after_move" }
  t.eq({ r.quality_throw, r.score, r.figures, r.outcome }, { 4, 4, 4, "contracts by 4 figures" })
  t.eq(t.modifier_ids(r), "quality=2")
end

function M.test_every_quality_and_the_minimum_of_zero()
  local cases = { { "veteran", 3, 4 }, { "poor", 1, 0 }, { "poor", 4, 3 }, { "unpredictable", 4, 7 },
                  { "unpredictable", 6, 9 }, { "unpredictable", 3, 0 } }
  for _, c in ipairs(cases) do
    muster.dice.set_faces { c[2] }
    local r = expand { unit = unit { quality = c[1] }, action = "expand" }
    t.eq(r.figures, c[3], c[1] .. " throws " .. c[2])
  end
  muster.dice.set_faces { 3 }
  local r = expand { unit = unit { quality = "unpredictable" }, action = "expand" }
  t.eq({ r.quality_throw, r.score, r.outcome }, { 0, 0, "expand: no change (score 0)" })
  muster.dice.set_faces { 1 }
  r = expand { unit = unit { quality = "unpredictable" }, action = "contract" }
  t.eq({ r.quality_throw, r.score }, { -2, 0 })
end

function M.test_the_figures_asked_for_and_the_ranks_limit_the_change()
  muster.dice.set_faces { 5 }
  local r = expand { unit = unit(), action = "expand", figures = 2, flank = "left" }
  t.eq({ r.allowed, r.figures, r.limited_by, r.outcome }, { 5, 2, "the figures asked for", "expands by 2 figures on the left flank" })
  muster.dice.set_faces { 5 }
  r = expand { unit = unit(), action = "contract", front_rank = 3 }
  t.eq({ r.figures, r.front_rank_after, r.limited_by }, { 2, 1, "a front rank of one figure" })
  muster.dice.set_faces { 6 }
  r = expand { unit = unit(), action = "expand", front_rank = 8 }
  t.eq({ r.figures, r.front_rank_after, r.limited_by }, { 4, 12, "the figures behind the front rank" })
end

function M.test_hold_may_expand_but_never_during_a_move_and_once_a_phase()
  muster.dice.set_faces { 2 }
  t.eq(expand({ unit = unit { orders = "hold" }, action = "expand" }).figures, 2)
  local function no(input, message) t.fails_exactly(function() expand(input) end, message) end
  no({ unit = unit(), action = "expand", when = "during_move" },
    "input: when: a unit expands or contracts before or after a move, never during one (p.29)")
  no({ unit = unit(), action = "expand", done_this_phase = true },
    "input: done_this_phase: a unit expands or contracts 1 time a phase (proposed: page 29 is silent)")
  no({ unit = unit(), action = "widen" }, "input: action: \"widen\" is not one of expand, contract")
  no({ unit = unit { reaction = "rout" }, action = "expand" }, "input: unit.reaction: a routed unit has left the table (p.21)")
  no({ unit = unit(), action = "expand", front_rank = 13 }, "input: front_rank: 13 figures in the front rank but the unit has 12")
end

function M.test_wrapping_round_in_combat_from_the_second_round()
  muster.dice.set_faces { 3 }
  local r = expand { unit = unit(), action = "expand", in_combat = true, combat_round = 2, wrap_round = true,
                     front_rank = 6, enemy_front_rank = 7 }
  t.eq({ r.figures, r.front_rank_after, r.overlap, r.wrapped, r.wrap_round }, { 3, 9, 2, 2, true })
  t.eq(r.outcome, "expands by 3 figures, 2 wrap round")
  -- Expanding in base contact is allowed in the first round; wrapping round is not.
  muster.dice.set_faces { 3 }
  r = expand { unit = unit(), action = "expand", in_combat = true, combat_round = 1, front_rank = 6, enemy_front_rank = 6 }
  t.eq({ r.figures, r.overlap, r.wrap_round }, { 3, 3, nil })
  local function no(input, message) t.fails_exactly(function() expand(input) end, message) end
  no({ unit = unit(), action = "expand", in_combat = true, combat_round = 1, wrap_round = true },
    "input: wrap_round: wrapping round cannot take place in the first round of combat (p.29)")
  no({ unit = unit(), action = "expand", wrap_round = true }, "input: wrap_round: only a unit in base contact with the enemy wraps round (p.29)")
  no({ unit = unit(), action = "contract", in_combat = true, combat_round = 3, wrap_round = true },
    "input: wrap_round: a unit wraps round the figures an expansion brings forward (p.29)")
end

-- ---------------------------------------------------------------------------------------
-- Reorganising (page 29)
-- ---------------------------------------------------------------------------------------

local function reorganise(input) return ruleset.resolve("reorganise", input) end

function M.test_an_ok_unit_that_does_not_move_reorganises()
  for _, orders in ipairs({ "attack", "hold", "oppose" }) do
    local r = reorganise { unit = unit { orders = orders, disorganised = true } }
    t.eq({ r.reorganised, r.disorganised, r.was_disorganised }, { true, false, true }, orders)
  end
  local r = reorganise { unit = unit() }
  t.eq({ r.reorganised, r.outcome }, { false, "not disorganised: nothing to reorganise" })
  r = reorganise { unit = unit { flying = true, disorganised = true }, in_the_air = true }
  t.eq(r.reorganised, true)
end

function M.test_reorganising_is_refused()
  local function no(input, message) t.fails_exactly(function() reorganise(input) end, message) end
  no({ unit = unit { reaction = "shaken", disorganised = true } },
    "input: unit.reaction: only a unit with OK status reorganises: a shaken unit must first be influenced back to OK (p.29, p.38)")
  no({ unit = unit { reaction = "bloodlust", disorganised = true } },
    "input: unit.reaction: a unit in bloodlust never halts to reorganise (p.27, p.29)")
  no({ unit = unit { disorganised = true }, moved = true },
    "input: moved: reorganising is instead of moving: a unit that moved this phase cannot (p.29)")
  no({ unit = unit { disorganised = true }, in_combat = true }, "input: in_combat: a unit in combat cannot reorganise (p.29)")
  no({ unit = unit { flying = true, disorganised = true }, in_the_air = false },
    "input: in_the_air: a flying unit on the ground cannot reorganise: it does so by taking off (p.29)")
end

-- ---------------------------------------------------------------------------------------
-- The quality throw and the terrain sizes as procedures
-- ---------------------------------------------------------------------------------------

function M.test_quality_throw_examples_page_21()
  local cases = { { "elite", 3, 5 }, { "veteran", 4, 5 }, { "unpredictable", 2, -1 }, { "unpredictable", 4, 7 },
                  { "average", 6, 6 }, { "poor", 1, 0 } }
  for _, c in ipairs(cases) do
    muster.dice.set_faces { c[2] }
    local r = ruleset.resolve("quality_throw", { quality = c[1], purpose = "threat test" })
    t.eq({ r.die, r.score, r.quality }, { c[2], c[3], c[1] }, c[1])
    t.eq(r.dice[1].label, "threat test, " .. c[1])
  end
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("quality_throw", { unit = unit { quality = "veteran" } })
  t.eq({ r.unit, r.score, t.modifier_ids(r), r.modifiers[1].source }, { "Men-at-arms", 5, "quality=1", "fantasy_warriors p.20" })
  t.fails_exactly(function() ruleset.resolve("quality_throw", {}) end, "input: unit: missing (a unit, or its quality)")
  t.fails_exactly(function() ruleset.resolve("quality_throw", { quality = "grand" }) end,
    "input: quality: \"grand\" is not one of elite, veteran, average, poor, unpredictable")
  t.fails_exactly(function() ruleset.resolve("quality_throw", { unit = unit(), quality = "poor" }) end,
    "input: quality: give the unit or its quality, not both")
end

function M.test_terrain_sizes_page_10()
  local r = ruleset.resolve("terrain_sizes", {})
  local got = {}
  for _, it in ipairs(r.items) do got[#got + 1] = it.item .. ": " .. it.size end
  t.eq(got, { "big_hill: at least 6in x 4in, at most 12in x 8in", "small_hill: smaller than a big hill",
              "large_wood: about 8in x 8in", "small_wood: about 4in x 4in", "broken_ground: at most 12in x 8in",
              "swamp: about 8in x 8in", "marsh: about 8in x 8in", "feature: about 12in x 12in",
              "bridge: at most 2in wide", "ford: 4in wide" })
  t.eq({ r.items[1].source, r.items[8].source, r.items[9].source }, { "fantasy_warriors p.10", "fantasy_warriors p.14", "fantasy_warriors p.27" })
  local function fits(item, size)
    local x = ruleset.resolve("terrain_sizes", { item = item, size = size })
    return x.fits, x.why
  end
  t.eq({ fits("big_hill", { 8, 6 }) }, { true, "within the sizes of page 10" })
  t.eq({ fits("big_hill", { 4, 8 }) }, { true, "within the sizes of page 10" })
  t.eq({ fits("big_hill", { 5, 3 }) }, { false, "smaller than 6in x 4in" })
  t.eq({ fits("big_hill", { 13, 8 }) }, { false, "larger than 12in x 8in" })
  t.eq({ fits("small_hill", { 7, 5 }) }, { false, "as large as a big hill (at least 6in x 4in)" })
  t.eq(fits("small_hill", { 5, 3 }), true)
  t.eq({ fits("broken_ground", { 12, 9 }) }, { false, "larger than 12in x 8in" })
  t.eq({ fits("small_wood", { 5, 5 }) }, { true, "about 4in x 4in: a rough size the players agree on" })
  t.eq({ fits("bridge", { 3, 8 }) }, { false, "3in wide, more than 2in" })
  t.eq(fits("bridge", { 2, 8 }), true)
  t.eq({ fits("ford", { 3, 8 }) }, { false, "3in wide, not 4in" })
  t.fails_exactly(function() ruleset.resolve("terrain_sizes", { size = { 1, 2 } }) end,
    "input: size: give the item it is meant to be (item)")
end

return M
