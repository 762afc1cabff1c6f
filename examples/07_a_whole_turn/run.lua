-- A whole battle turn of FANTASY WARRIORS (pages 19-39) with the two sample armies, typed in as
-- a player would at the table: one line per phase, the distances measured on the table typed
-- in, every unit kept in the battle state. From the repository root:
--   build/repl/muster run examples/07_a_whole_turn/run.lua --seed 1
-- This is a host: it decides nothing itself (the players' decisions are choices answered by
-- the policy "first"), and after every phase it checks the units against the phase's result.
assert(ruleset and ruleset.modules.threat_phase, "run with the fantasy_warriors ruleset (the default)")
local armies = ruleset.modules.armies

local orc_army = armies.describe("examples/armies/orcs_1000.lua")
local dwarf_army = armies.describe("examples/armies/dwarves_1000.lua")
for _, side in ipairs({ "orcs", "dwarves" }) do muster.choice.set_controller(side, "policy", "first") end

-- The time: day 3. The Orcs endure bad light by day (their BAD is day).
local time = "day 3"

-- The units on the table, by name, each in its army's side, with the order its command holds.
local orders = { ["The Tuskers"] = "attack", ["The Bowmen"] = "hold", ["The Crossbows"] = "hold",
                 ["The Shieldwall"] = "oppose" }
-- Ugluk and his banner bearer Radbug stand with the Black Blades (attached characters).
local attached = { ["Black Blades"] = { "Ugluk", "Radbug" } }
local u, commands = {}, {}
local function deploy(army, side)
  for _, c in ipairs(army.commands) do
    local names = {}
    for _, desc in ipairs(c.units) do
      desc.orders = orders[c.name]
      for _, who in ipairs(attached[desc.name] or {}) do
        desc.individuals = desc.individuals or {}
        if c.leader.name == who then desc.individuals[#desc.individuals + 1] = c.leader end
        for _, ind in ipairs(c.individuals) do
          if ind.name == who then desc.individuals[#desc.individuals + 1] = ind end
        end
      end
      u[desc.name] = repl.add_unit(desc, side)
      names[#names + 1] = desc.name
    end
    commands[#commands + 1] = { side = side, name = c.name, leader = c.leader, units = names }
  end
end
deploy(orc_army, "orcs")
deploy(dwarf_army, "dwarves")

-- Each army as the end-of-phase checks and Phase Seven need it: its individuals, its testers
-- (the warchief and each battle leader with his units). Counters placed in one phase are
-- carried into the next.
local units_area = ruleset.modules.units
local function in_bad_light(figure) return units_area.bad_light({ bad_light = figure.bad_light }, "day") end
local function army_input(army, side)
  local out = { name = side, individuals = {}, testers = { { name = army.warchief.name, role = "warchief",
    leadership = army.warchief.leadership, bad_light = in_bad_light(army.warchief), units = {} } } }
  for _, ind in ipairs(army.individuals) do
    out.individuals[#out.individuals + 1] = { name = ind.name, role = ind.role, power = ind.role == "wizard" and ind.power or nil }
  end
  for _, c in ipairs(army.commands) do
    for _, ind in ipairs(c.individuals) do out.individuals[#out.individuals + 1] = { name = ind.name, role = ind.role } end
    local names = {}
    for _, desc in ipairs(c.units) do names[#names + 1] = desc.name end
    out.testers[#out.testers + 1] = { name = c.leader.name, role = "battle_leader", leadership = c.leadership,
                                      bad_light = in_bad_light(c.leader), units = names }
  end
  return out
end
local army = { orcs = army_input(orc_army, "orcs"), dwarves = army_input(dwarf_army, "dwarves") }
local function armies_now() return { army.orcs, army.dwarves } end
local gone = {}  -- the characters who left the table (routed or killed)
local function carry(end_of_phase)
  for _, s in ipairs(end_of_phase.sides) do
    if s.testers and army[s.name] then army[s.name].testers = s.testers end
  end
  for _, name in ipairs(end_of_phase.removed) do gone[name] = true end
end

-- ---------------------------------------------------------------------------------------
-- Checks: the battle state after a phase says what its result says
-- ---------------------------------------------------------------------------------------

local function fail(phase, text) error(phase .. ": " .. text, 0) end

local function check(phase, results)
  for _, r in ipairs(results) do
    local h = u[r.name]
    if h then
      if r.figures_after and h.figures ~= r.figures_after then
        fail(phase, string.format("%s has %d figures, the result says %d", r.name, h.figures, r.figures_after))
      end
      local reaction = r.reaction or (r.after and r.after.reaction) or "ok"
      if h.reaction ~= reaction then fail(phase, string.format("%s is %s, the result says %s", r.name, h.reaction, reaction)) end
      if r.disorganised ~= nil and h.disorganised ~= r.disorganised then
        fail(phase, string.format("%s disorganised %s, the result says %s", r.name, tostring(h.disorganised), tostring(r.disorganised)))
      end
    end
  end
end

local function on_table(name) return u[name] and u[name].reaction ~= "rout" and u[name].figures > 0 end

local function title(text) print("\n== " .. text) end

-- ---------------------------------------------------------------------------------------
-- Phase One: Threat. The Orcs' tribal units threaten the Dwarves 5in and 6in in front of them;
-- the Long Spears, if they pass, counter-threaten the Black Blades (the Dwarf player says so).
-- ---------------------------------------------------------------------------------------
title("Phase One: Threat")
local threat = threat_phase{ time = time,
  { u["Black Blades"], u["Long Spears"], distance = 5 },
  { u["Spears of the Eye"], u["Oathbreakers' Bane"], distance = 6 },
  units = { { u["Long Spears"], counter_threaten = "Black Blades" } },
  armies = armies_now() }
print(threat)
check("threat", threat.units)
if #threat.tests < 2 then fail("threat", "two threatened units, each tests") end
carry(threat.end_of_phase)

-- ---------------------------------------------------------------------------------------
-- Phase Two: Shooting. The Red Arrows shoot at the Long Spears 12in away; both Dwarf crossbow
-- units shoot at the Black Blades, 16in and 18in away: one Casualty Test on their summed losses.
-- ---------------------------------------------------------------------------------------
title("Phase Two: Shooting")
local shots = {}
local function shot(shooter, target, distance, volleys)
  if on_table(shooter) and on_table(target) then
    shots[#shots + 1] = { u[shooter], u[target], distance = distance, volleys = volleys }
  end
end
shot("Red Arrows", "Long Spears", 12, 2)
shot("Iron Bolts", "Black Blades", 16, 1)
shot("Stone Bolts", "Black Blades", 18, 1)
local start = {}
for name, h in pairs(u) do start[name] = h.figures end
shots.time, shots.armies = time, armies_now()
local shooting = shooting_phase(shots)
print(shooting)
check("shooting", shooting.units)
for _, t in ipairs(shooting.targets) do
  local sum = 0
  for _, s in ipairs(shooting.shots) do if s.target == t.unit then sum = sum + s.losses end end
  if t.losses ~= sum then fail("shooting", t.unit .. ": its losses are not the sum of the shots at it") end
  if t.casualty_test.figures_at_start ~= start[t.unit] then
    fail("shooting", t.unit .. ": the Casualty Test did not see the figures the phase began with")
  end
end
for _, s in ipairs(shooting.shots) do
  if s.figures_at_start ~= start[s.target] then fail("shooting", "a casualty was removed before every shot was thrown") end
end
carry(shooting.end_of_phase)

-- ---------------------------------------------------------------------------------------
-- Phase Three: Movement. The Initiative Test, then each army in turn: the Tuskers under ATTACK
-- advance on the nearest enemy, 5in and 6in away: both charge home; the Bowmen and the Crossbows
-- hold, the Shieldwall stands under OPPOSE.
-- ---------------------------------------------------------------------------------------
title("Phase Three: Movement")
local function mover(name, fields)
  if not on_table(name) then return nil end
  local e = { u[name] }
  for k, v in pairs(fields or {}) do e[k] = v end
  return e
end
local orc_moves = { warchief = { name = orc_army.warchief.name, leadership = orc_army.warchief.leadership, bad_light = "day" } }
local dwarf_moves = { warchief = { name = dwarf_army.warchief.name, leadership = dwarf_army.warchief.leadership } }
local function add(moves, e) if e then moves[#moves + 1] = e end end
add(orc_moves, mover("Black Blades", { enemy_distance = 5 }))
add(orc_moves, mover("Spears of the Eye", { enemy_distance = 6 }))
add(orc_moves, mover("Red Arrows"))
for _, name in ipairs({ "Iron Bolts", "Stone Bolts", "Long Spears", "Oathbreakers' Bane" }) do add(dwarf_moves, mover(name)) end
local movement = movement_phase{ time = time, orcs = orc_moves, dwarves = dwarf_moves }
print(movement)
local contact = {}
for _, m in ipairs(movement.units) do
  if m.move.contact then contact[m.unit] = true end
  if u[m.unit].disorganised ~= (m.disorganised == true) then fail("movement", m.unit .. ": disorganised is not as the result says") end
end

-- ---------------------------------------------------------------------------------------
-- Phase Four: Combat. Every unit that charged home fights the unit it charged.
-- ---------------------------------------------------------------------------------------
title("Phase Four: Combat")
local charged = { ["Black Blades"] = "Long Spears", ["Spears of the Eye"] = "Oathbreakers' Bane" }
local combats = { time = time, armies = armies_now() }
for _, attacker in ipairs({ "Black Blades", "Spears of the Eye" }) do
  if contact[attacker] and on_table(charged[attacker]) then
    combats[#combats + 1] = { u[attacker], u[charged[attacker]] }
  end
end
if #combats == 0 then
  print("no unit is in contact: no combat")
else
  local fight = combat_phase(combats)
  print(fight)
  check("combat", fight.units)
  carry(fight.end_of_phase)
end

-- ---------------------------------------------------------------------------------------
-- Phase Five: New Orders. Gorbag rides to Snaga himself with ATTACK for the Bowmen, whose
-- archers stand 4in from him.
-- ---------------------------------------------------------------------------------------
title("Phase Five: New Orders")
local snaga = orc_army.commands[2].leader
local bowmen = {}
if on_table("Red Arrows") then
  bowmen[1] = { name = "Red Arrows", reaction = u["Red Arrows"].reaction, disorganised = u["Red Arrows"].disorganised, distance = 4 }
end
local new_order = resolve("battle_leaders_test", { leader = snaga, order = "attack", current_order = "hold",
  carrier = "warchief", units = bowmen, time = time })
print(new_order)
if new_order.tested and on_table("Red Arrows") then u["Red Arrows"].orders = new_order.order_now end
for _, name in ipairs(new_order.units_disorganised or {}) do u[name].disorganised = true end
for _, name in ipairs(new_order.units_shaken or {}) do u[name].reaction = "shaken" u[name].disorganised = true end

-- ---------------------------------------------------------------------------------------
-- Phase Six: Influence. A unit in bloodlust or shaken whose battle leader stands with it.
-- ---------------------------------------------------------------------------------------
title("Phase Six: Influence")
local influenced = false
for _, c in ipairs(commands) do
  for _, name in ipairs(c.units) do
    local h = u[name]
    if not influenced and on_table(name) and not gone[c.leader.name] and (h.reaction == "bloodlust" or h.reaction == "shaken") then
      influenced = true
      local r = resolve("influence", { leader = c.leader, unit = { name = name, reaction = h.reaction } })
      print(r)
      if r.tested then
        h.reaction = r.unit_reaction
        if r.unit_disorganised then h.disorganised = true end
      end
    end
  end
end
if not influenced then print("no unit in bloodlust or shaken: nobody to influence") end

-- ---------------------------------------------------------------------------------------
-- Phase Seven: Command Test, for every tester with a counter.
-- ---------------------------------------------------------------------------------------
title("Phase Seven: Command Test")
for _, side in ipairs({ "orcs", "dwarves" }) do
  local testers = {}
  for _, t in ipairs(army[side].testers) do
    if t.counter then
      testers[#testers + 1] = { name = t.name, role = t.role, leadership = t.leadership, bad_light = t.bad_light, units = t.units }
    end
  end
  if #testers == 0 then
    print(side .. ": no Command Test counters")
  else
    local r = resolve("command_test", { testers = testers })
    print(r)
    for _, test in ipairs(r.tests) do
      for _, name in ipairs(test.units or {}) do
        local h = u[name]
        if h and on_table(name) then
          if test.result == "rout" then h.reaction = "rout"
          elseif test.result == "shaken" then h.reaction, h.disorganised = "shaken", true
          elseif test.result == "disorganised" then h.disorganised = true end
        end
      end
    end
  end
end

-- ---------------------------------------------------------------------------------------
-- The end of the turn: the hourglass moves one step.
-- ---------------------------------------------------------------------------------------
title("End of turn")
local dial = resolve("time_dial", { time = time })
print(dial)
if dial.to ~= "day 4" then fail("end of turn", "the hourglass should stand on day 4, not " .. tostring(dial.to)) end

title("The table after turn 1")
print(repl.units_text())
