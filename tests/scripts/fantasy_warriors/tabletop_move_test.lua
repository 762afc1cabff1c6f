-- Fantasy Warriors moves on a laid-out table (tabletop_move.lua, with the REPL's move and
-- movement_phase): plans read and refused, a wheel about the inner front corner, a charge that
-- ends in contact front to front, one that falls short, an ATTACK unit colliding with a friend
-- in its path, a wheel that meets another unit refused with one line, a move off the table
-- refused, the terrain a move crosses, and Phase Three moving each unit before the next.
local t = require("testing")
local repl = require("repl")

local M = { ruleset = "fantasy_warriors" }

local function mv() return ruleset.modules.tabletop_move end
local s = muster.state

function M.test_plans_read_and_refused()
  t.eq(mv().check_plan("wheel left 30, advance 3", "plan"), { wheel = -30, advance = 3, charge = false, stand = false })
  t.eq(mv().check_plan("turn right 90, advance 2", "plan"), { turn = 90, advance = 2, charge = false, stand = false })
  t.eq(mv().check_plan("oblique left 20, advance 4", "plan"), { oblique = -20, advance = 4, charge = false, stand = false })
  t.eq(mv().check_plan("charge Long Spears", "plan"), { charge = true, target = "Long Spears", stand = false })
  t.eq(mv().fmt(mv().check_plan("wheel left 30, advance 3", "p")), "wheel left 30, advance 3")
  t.fails_exactly(function() mv().check_plan("hop 3", "plan") end,
    "input: plan: \"hop 3\": not a move (turn, wheel, oblique, advance, backwards, charge, stand)")
  t.fails_exactly(function() mv().check_plan("wheel up 30", "plan") end, "input: plan: \"wheel up 30\": left or right expected, got \"up\"")
  t.fails_exactly(function() mv().check_plan({ turn = 10, wheel = 10 }, "plan") end,
    "input: plan.wheel: a unit turns once a move: a wheel is its turn (p.28)")
  t.fails_exactly(function() mv().check_plan({ oblique = 10 }, "plan") end,
    "input: plan.advance: missing: an oblique move says how far it advances")
  t.fails_exactly(function() mv().check_plan({ stand = true, advance = 3 }, "plan") end,
    "input: plan.stand: a unit that stands does nothing else")
  t.fails_exactly(function() mv().check_plan("stand, wheel left 10", "plan") end,
    "input: plan.stand: a unit that stands does nothing else")
  t.fails_exactly(function() mv().check_plan({ charge = true, advance = 2 }, "plan") end,
    "input: plan.charge: a charge is a move of its own: the unit goes at its nearest enemy by the most direct route (p.17)")
end

-- A wheel right about the front-right corner: 5 files of 0.8in facing north at (0, 0) wheel 90
-- degrees to face east, the pivot (2, 0) staying put; the outer figure travels pi/2 x 4in.
function M.test_a_wheel_about_the_inner_front_corner()
  local f = { x = 0, y = 0, facing = 0, ranks = 2, files = 5, base_width = 0.8, base_depth = 0.8 }
  local to, travel = mv().wheeled(f, 90)
  t.near(to.x, 2, 1e-12)
  t.near(to.y, 2, 1e-12)
  t.eq(to.facing, 90)
  t.near(travel, math.pi / 2 * 4, 1e-12)
  local corners = muster.geometry.get_corners(to)
  t.near(corners[2].x, 2, 1e-12)  -- the front-right corner: the pivot
  t.near(corners[2].y, 0, 1e-12)
  local left = mv().wheeled(f, -90)
  t.near(left.x, -2, 1e-12)
  t.near(left.y, 2, 1e-12)
  t.eq(left.facing, 270)
end

local function session()
  local env = {}
  repl.install(env, {})
  env.scenario("examples/scenarios/greystones.lua")
  muster.choice.set_controller("orcs", "policy", "first")
  muster.choice.set_controller("dwarves", "policy", "first")
  return env
end

-- The Black Blades under ATTACK charge the Long Spears 5in away: in contact, front to front,
-- centred on them; the pair fights in the combat phase.
function M.test_a_charge_ends_in_contact()
  local e = session()
  local r = e.move(e.black_blades)
  t.eq({ r.moved, r.contact }, { 5, true })
  t.eq(r.table, "now at (30, 25) facing 0, in contact with Long Spears")
  local u = s.get_unit("black_blades")
  t.eq({ u.x, u.y, u.facing }, { 30, 25, 0 })
  local pairs_ = ruleset.modules.tabletop.view(function(id) return repl.describe(repl.handle(id)) end):combats()
  t.eq(#pairs_, 1)
  t.eq({ pairs_[1].a.id, pairs_[1].b.id }, { "black_blades", "long_spears" })
end

-- A target off to one side: the charger wheels to face it (its one turn) and goes on; out of
-- reach, it ends short by what remains of its allowance, facing its target.
function M.test_a_charge_that_falls_short()
  local e = session()
  e.place(e.long_spears, { x = 4, y = 40 })
  e.place(e.iron_bolts, { x = 60, y = 40 })
  e.place(e.oathbreakers_bane, { x = 66, y = 44 })
  e.place(e.stone_bolts, { x = 66, y = 30 })
  e.place("Thorin Stonehand", { x = 70, y = 47 })
  -- The Black Blades' nearest enemy is now the Long Spears, 20in off and more than 45 degrees
  -- to the left.
  local r = e.move(e.black_blades)
  t.eq(r.contact, false)
  t.eq(r.wheel ~= nil, true)
  t.eq(r.moved, r.allowance)
  local u = s.get_unit("black_blades")
  t.eq(u.facing > 270 and u.facing < 360, true)
  t.eq(r.table:match("^now at %(") ~= nil, true)
end

-- Two chargers at one target: the first stands against the Long Spears' front; the second's
-- way to the same edge meets it (a collision with a friend, p.28), and nobody stands on
-- anybody. A charge named at an enemy farther than the nearest is refused, and so is one at a
-- lone character.
function M.test_two_chargers_at_one_target()
  local e = session()
  e.place(e.spears_of_the_eye, { x = 35, y = 20 })  -- x 33..37, 1in right of the Black Blades
  e.place(e.oathbreakers_bane, { x = 60, y = 40 })  -- out of the way: the Long Spears are its nearest enemy
  local a = e.move(e.black_blades)
  local b = e.move(e.spears_of_the_eye)
  t.eq(a.contact, true)
  t.eq({ b.contact, b.collision.collides, b.collision.friend }, { false, true, "Black Blades" })
  local v = ruleset.modules.tabletop.view(function(id) return repl.describe(repl.handle(id)) end)
  for _, p in ipairs(v.pieces) do t.eq(v:overlapping(p), nil, p.name) end
  e = session()
  t.fails(function() e.move(e.black_blades, "charge Stone Bolts") end, "a charge goes at the nearest (p.17)")
  t.fails_exactly(function() e.move(e.black_blades, "charge Thorin Stonehand") end,
    "input: move.target: Thorin Stonehand is a lone character: a charge goes at an enemy unit")
end

-- ATTACK through a friend (p.28): the Spears of the Eye stand in the Black Blades' path; the
-- Black Blades halt against them, and both are disorganised.
function M.test_attack_collides_with_a_friend_in_its_path()
  local e = session()
  e.place(e.spears_of_the_eye, { x = 30, y = 22.5 })
  local r = e.move(e.black_blades)
  t.eq(r.collision.collides, true)
  t.eq(r.collision.friend, "Spears of the Eye")
  t.eq({ r.halted, r.contact }, { true, false })
  t.near(r.moved, 2.5 - 2.4, 1 / 256)  -- the Spears' rear edge stands 2.4in behind their front
  t.eq({ e.black_blades.disorganised, e.spears_of_the_eye.disorganised }, { true, true })
  local u = s.get_unit("black_blades")
  t.near(u.y, 20.1, 1 / 256)
end

-- An OPPOSE unit's wheel that would sweep through another unit is refused, and nothing moves:
-- the Long Spears (facing south, x 28..32) wheel left about their east front corner, and their
-- west end swings south-east across the Iron Bolts standing just in front of that corner.
function M.test_a_wheel_that_collides_is_refused()
  local e = session()
  e.place(e.iron_bolts, { x = 33, y = 23 })  -- x 31..35, y 23..24.6
  t.fails_exactly(function() e.move(e.long_spears, "wheel left 45") end, "input: move: Long Spears: the wheel meets Iron Bolts")
  local u = s.get_unit("long_spears")
  t.eq({ u.x, u.y, u.facing }, { 30, 25, 180 })
  -- With the Iron Bolts back in their place the same wheel is clear.
  e.place(e.iron_bolts, { x = 20, y = 33 })
  t.eq(e.move(e.long_spears, "wheel left 45").wheel.angle, 45)
  t.eq(s.get_unit("long_spears").facing, 135)
  -- A straight move backwards into a unit behind is refused with where it meets it.
  e = session()
  e.place(e.stone_bolts, { x = 30, y = 28 })  -- front edge 0.6in behind the Long Spears' rear
  t.fails_exactly(function() e.move(e.long_spears, "backwards 2") end, "input: move: Long Spears: the move meets Stone Bolts at 0.6in")
end

-- Off the table: refused.
function M.test_a_move_off_the_table_is_refused()
  local e = session()
  e.place(e.long_spears, { x = 30, y = 44.5 })  -- its rear rank 2.4in behind: 46.9
  t.fails_exactly(function() e.move(e.long_spears, "backwards 2") end, "input: move: Long Spears: the move would take it off the table")
  t.eq(e.move(e.long_spears, "backwards 1").moved, 1)
end

-- The terrain a move passes over: the Long Spears backing into the Darkwood's edge is slowed
-- by difficult ground (the procedure says what it does: disorganised over half its MOV).
function M.test_the_terrain_a_move_crosses()
  local e = session()
  e.place(e.long_spears, { x = 16, y = 25 })  -- the wood's east edge runs x 12..14 near y 20..29
  local r = e.move(e.long_spears, "oblique right 45, advance 3")  -- south-west, into the wood
  t.eq(r.disorganised_by[1] ~= nil and r.disorganised_by[1].id, "wood")
  t.eq(e.long_spears.disorganised, true)
end

-- Expanding on the table (p.29): the front rank is measured; the unit widens on its flank,
-- the other end staying put; contracting into a column stops where the table has room.
function M.test_expanding_and_contracting_on_the_table()
  local e = session()
  muster.dice.set_faces { 5 }  -- veteran +1: 6 figures
  local r = e.expand(e.long_spears, { flank = "left" })
  t.eq({ r.figures, r.front_rank_before, r.front_rank_after }, { 6, 5, 11 })
  t.eq(r.table, "now 11 wide, 2 deep")
  local u = s.get_unit("long_spears")
  t.eq({ u.x, u.files, u.ranks, e.long_spears.ranks }, { math.floor(32.4 * 1024 + 0.5) / 1024, 11, 2, 2 })  -- its west end stays at x = 28
  -- The Red Arrows contract by 4 into a column of one: Snaga stands 5in behind them, so the
  -- column stops at three files.
  muster.dice.set_faces { 3 }
  r = e.contract(e.red_arrows)
  t.eq(r.figures, 4)
  t.eq(r.table, "now 3 wide, 5 deep (room for 3 files, not 1)")
  t.eq({ s.get_unit("red_arrows").files, e.red_arrows.ranks }, { 3, 5 })
end

-- Phase Three on the table: the Orcs (by initiative) charge first, so the Long Spears find
-- themselves in combat and do not move; a routed unit left the table when it routed (p.21).
function M.test_phase_three_moves_each_unit_before_the_next()
  local e = session()
  e.red_arrows.reaction = "rout"
  t.eq(s.get_unit("red_arrows").base_width, 0)
  muster.dice.set_faces { 1, 6 }  -- the Dwarves throw first: 1 + 4 against the Orcs' 6 + 5
  local r = e.movement_phase { time = "day 3", orcs = { warchief = { name = "Gorbag", leadership = 5 }, e.black_blades, e.red_arrows },
    dwarves = { warchief = { name = "Thorin Stonehand", leadership = 4 }, { e.long_spears, plan = "stand" } } }
  t.eq(r.initiative.order[1].side, "orcs")
  local out = {}
  for _, u in ipairs(r.units) do out[#out + 1] = u.unit .. ": " .. u.outcome end
  t.eq(out, { "Black Blades: moves 5in of 6in; contacts the enemy; now at (30, 25) facing 0, in contact with Long Spears",
              "Red Arrows: routed: removed from the table at once (p.21); it does not move",
              "Long Spears: in combat: does not move (p.29)" })
  t.eq(muster.state.get_unit("red_arrows").base_width, 0)
end

return M
