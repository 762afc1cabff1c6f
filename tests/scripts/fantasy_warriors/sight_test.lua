-- Fantasy Warriors line of sight (page 22, as far as the OCR keeps it): what blocks a line
-- between two units, the ground either stands on (the surviving tail: a target on a hilltop is
-- seen), the limit of sight a weather sets, and a variant changing the table.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local function sees(input) return ruleset.resolve("line_of_sight", input) end

function M.test_a_clear_line()
  local r = sees({ between = { "broken_ground", "river" }, distance = 20 })
  t.eq({ r.visible, r.blocked_by, r.why, r.outcome }, { true, {}, "the line is clear", "visible" })
end

function M.test_figures_woods_hills_block()
  local r = sees({ between = { "figures", "wood" } })
  t.eq(r.visible, false)
  t.eq(r.blocked_by, { { kind = "figures", reason = "other figures stand in the line", source = "fantasy_warriors p.22" },
                       { kind = "wood", reason = "a wood stands in the line", source = "fantasy_warriors p.22" } })
  t.eq(r.why, "other figures stand in the line (fantasy_warriors p.22); a wood stands in the line (fantasy_warriors p.22)")
  t.eq(sees({ between = { "hill" } }).visible, false)
end

-- The target on a hill (the tail the OCR kept): the hill it stands on does not hide it; nor
-- does the wood the seer stands in. Another hill between them does.
function M.test_the_ground_either_stands_on_does_not_block()
  local r = sees({ between = { "hill" }, target_on = "hill" })
  t.eq({ r.visible, r.why }, { true, "the line is clear, and the target on hill is seen (fantasy_warriors p.22)" })
  t.eq(sees({ between = { "wood" }, seer_on = "wood" }).visible, true)
  t.eq(sees({ between = { "hill", "wood" }, target_on = "hill" }).visible, false)
end

-- The weather's limit (HR-4, table visibility): 18in in a storm.
function M.test_the_limit_of_sight()
  t.eq(sees({ distance = 40 }).visible, true)
  t.rules("storm").set_row("visibility", "line_of_sight", { max_range_in = 18, reason = "storm" }, 4)
  local r = sees({ distance = 19 })
  t.eq({ r.visible, r.beyond_sight.max_range_in }, { false, 18 })
  t.eq(r.why, "19in is beyond the line of sight of 18in (storm, storm p.4)")
  t.eq(sees({ distance = 18 }).visible, true)
end

function M.test_a_variant_changes_what_blocks()
  t.rules("open_woods").set_row("line_of_sight", "wood", { blocks = false, reason = "light woods" }, 1)
  t.eq(sees({ between = { "wood" } }).visible, true)
  t.rules("hedges").set_row("line_of_sight", "hedge", { blocks = true, reason = "a hedge stands in the line" }, 2)
  t.eq(sees({ between = { "hedge" } }).blocked_by[1].source, "hedges p.2")
end

function M.test_input_checks()
  t.fails(function() sees({ between = { "fog" } }) end, "input: between[1]: \"fog\" is not one of ")
  t.fails_exactly(function() sees({ between = "wood" }) end, "input: between: an array of what the line crosses expected")
  t.fails_exactly(function() sees({ distance = -1 }) end, "input: distance: -1 is out of range 0..1000")
end

return M
