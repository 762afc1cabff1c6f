-- A whole battle of FANTASY WARRIORS on the table (battle.lua): the turn declared to the
-- sequencer (seven phases and the end of the turn, the time dial from the scenario), the bot's
-- answers, a battle played to Restricted Turns and scored, Bitter End when a side has no unit
-- left, the controllers (a script of answers, an unknown side refused), units touching one
-- enemy fighting it together, and the same seed giving the same battle.
local t = require("testing")
local repl = require("repl")

local M = { ruleset = "fantasy_warriors" }

local function battle(opts)
  local env = {}
  repl.install(env, {})
  opts = opts or {}
  opts.scenario = opts.scenario or (not opts.armies and "examples/scenarios/greystones.lua" or nil)
  return ruleset.modules.battle.new(repl, opts)
end

function M.test_the_turn_is_declared_to_the_sequencer()
  local b = battle { turns = 2 }
  t.eq({ muster.turn.get_turn() }, { 0 })
  t.eq({ muster.turn.get_time() }, { 3, "day 3" })
  b:play_turn()
  local ids = {}
  for _, e in ipairs(muster.log.get()) do
    if e.kind == "phase_start" then ids[#ids + 1] = e.phase end
  end
  t.eq(ids, { "threat", "shooting", "movement", "combat", "new_orders", "influence", "command_test", "end_of_turn" })
  t.eq({ muster.turn.get_turn() }, { 1 })
  t.eq(select(2, muster.turn.get_time()), "day 4")
end

function M.test_the_bot_answers()
  local bot = ruleset.modules.battle.bot
  t.eq(bot { question = "threat", options = { "no", "Long Spears", "Iron Bolts" } }, "Long Spears")
  t.eq(bot { question = "shoot", options = { "no" } }, "no")
  t.eq(bot { question = "counter_threaten", options = { "no", "Black Blades" } }, "Black Blades")
  t.eq(bot { question = "volleys", range = { 1, 4 } }, 4)
  t.eq(bot { question = "move", options = { "stand", "advance 1" } }, "stand")
  t.eq(bot { question = "new_orders", options = { "keep", "attack" } }, "keep")
end

-- Restricted Turns (p.11): after the turns set the battle is over and each side scored on what
-- it kept and what it took.
function M.test_a_battle_to_restricted_turns()
  muster.dice.set_seed(1)
  local b = battle { turns = 3 }
  local r = b:play()
  t.eq(r.game, "restricted_turns")
  t.eq(r.turn, 3)
  t.eq(r.scores.orcs + r.scores.dwarves, 0)  -- each item one side loses is the other's gain
  t.eq(({ muster.turn.get_over() })[1], true)
  t.eq(select(2, muster.turn.get_over()), "restricted turns: " .. r.outcome)
  t.eq(#b.lines > 3 * 8, true)
  t.eq(b.lines[#b.lines]:match("^turn 3, end_of_turn: "), "turn 3, end_of_turn: ")
end

-- Bitter End: the Dwarves' units all routed before the end of the first turn.
function M.test_bitter_end()
  local b = battle { turns = 5 }
  for _, id in ipairs({ "long_spears", "oathbreakers_bane", "iron_bolts", "stone_bolts" }) do repl.handle(id).reaction = "rout" end
  local r = b:play()
  t.eq({ r.game, r.winner, r.turn }, { "bitter_end", "orcs", 1 })
  t.eq(r.outcome, "orcs wins: the enemy has no unit left on the table")
end

-- A side played by a script: its answers in order; the log says who chose.
function M.test_a_side_played_by_a_script()
  local b = battle { turns = 1, controllers = { orcs = { kind = "script", answers = { "no", "Long Spears" } } } }
  b:threat_phase()
  local by = {}
  for _, e in ipairs(muster.log.get()) do
    if e.kind == "choice" and e.fields.question == "threat" then by[#by + 1] = e.fields.side .. ":" .. e.fields.by .. ":" .. e.fields.answer end
  end
  t.eq(by, { "orcs:script:no", "orcs:script:Long Spears" })
  t.eq(muster.choice.get_controller("dwarves"), "policy:fw_bot")
  t.fails_exactly(function() battle { controllers = { elves = "bot" } } end,
    "input: side: \"elves\" is not a side of this battle (orcs, dwarves)")
end

-- A free (OPPOSE) unit's move: one of the offered plans, or the side's own; a plan that does
-- not read, or that the table refuses (into the enemy's ranks), is said and asked again.
function M.test_a_free_unit_takes_its_sides_own_plan()
  local b = battle { turns = 1, controllers = { dwarves = { kind = "script",
    answers = { "wheel left", "backwards 40", "wheel left 20, advance 1", "stand", "1st" } } } }
  local before = muster.state.get_unit("long_spears")
  b:movement_phase()
  local asked = {}
  for _, e in ipairs(muster.log.get()) do
    if e.kind == "choice" and e.fields.question == "move" then asked[#asked + 1] = e.fields.answer end
  end
  t.eq(asked, { "wheel left", "backwards 40", "wheel left 20, advance 1", "stand" })
  local said = table.concat(b.lines, "\n")
  t.eq(said:find("dwarves: Long Spears: move: \"wheel left\": wheel left|right DEGREES expected; asked again", 1, true) ~= nil, true)
  t.eq(said:find("dwarves: Long Spears: move: Long Spears: [^;]*; asked again") ~= nil, true)
  local after = muster.state.get_unit("long_spears")
  t.eq(after.facing ~= before.facing, true)
  t.eq(muster.state.get_unit("oathbreakers_bane").x, 40)
end

-- A phase's picture draws its threats and shots: a line for each shot the sides chose, from
-- the shooter to its target, titled with both.
function M.test_the_shooting_phase_picture_draws_the_shots()
  muster.dice.set_seed(3)
  local b = battle { turns = 1, frames = "phase" }
  b:play_turn()
  local shots = {}
  for _, e in ipairs(muster.log.get()) do
    if e.kind == "choice" and e.fields.question == "shoot" and e.fields.answer ~= "no" then shots[#shots + 1] = e.fields.answer end
  end
  t.eq(#shots > 0, true)
  local picture
  for _, f in ipairs(b.frames) do if f.phase == "shooting" then picture = f.svg end end
  local drawn = {}
  for target in picture:gmatch('class="overlay shoot"[^>]*><title>[^<]- shoots at ([^<]-) %(') do drawn[#drawn + 1] = target end
  table.sort(shots)
  table.sort(drawn)
  t.eq(drawn, shots)
  for _, f in ipairs(b.frames) do
    if f.phase ~= "shooting" then t.eq(f.svg:find('class="overlay shoot"', 1, true), nil) end
  end
end

-- Two Orc units touching the Long Spears fight them in one combat.
function M.test_units_touching_one_enemy_fight_it_together()
  local b = battle { turns = 1 }
  local e = repl.env
  e.place(e.black_blades, { x = 30, y = 25 })
  e.place(e.spears_of_the_eye, { x = 32, y = 26.2, facing = 270 })  -- facing west against the Long Spears' east flank
  local v = b:view()
  t.eq(#v:combats(), 2)
  muster.dice.set_seed(4)
  b:combat_phase()
  local fought
  for _, ev in ipairs(muster.log.get()) do
    if ev.kind == "roll" and tostring(ev.fields.label):match("^hit throw, Spears of the Eye v Long Spears") then fought = true end
  end
  t.eq(fought, true)
end

-- A mirror match: the same army on both sides; the second side's names take its id, so every
-- name on the table is one unit's.
function M.test_a_mirror_match()
  local b = battle { armies = { "examples/armies/orcs_1000.lua", "examples/armies/orcs_1000.lua" }, turns = 1 }
  t.eq(b.sides, { "orcs", "orcs_2" })
  local names = {}
  for _, u in ipairs(muster.state.get_units(nil, { figures = "count" })) do names[#names + 1] = u.side .. ":" .. u.name end
  table.sort(names)
  t.eq(names[1], "orcs:Black Blades")
  t.eq(names[2], "orcs:Red Arrows")
  t.eq(names[4], "orcs_2:Black Blades (orcs_2)")
  local r = b:play()
  t.eq(r.turn, 1)
end

-- The same seed, the same battle: the lines and the result.
function M.test_the_same_seed_plays_the_same_battle()
  muster.dice.set_seed(5)
  local a = battle { turns = 2 }
  local ra = a:play()
  local lines_a = a.lines
  muster.dice.set_seed(5)
  local b = battle { turns = 2 }
  local rb = b:play()
  t.eq(b.lines, lines_a)
  t.eq(rb.outcome, ra.outcome)
end

return M
