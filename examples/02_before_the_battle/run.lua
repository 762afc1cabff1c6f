-- Before the battle, FANTASY WARRIORS pages 13-18: the two sample armies go through every
-- pre-battle step, each one a ruleset procedure fed from the army files. From the repository root:
--   build/repl/muster run examples/02_before_the_battle/run.lua --seed 1
-- This is a host: it reads the armies, decides nothing itself (the players' decisions are
-- choices answered by a named policy, so the run can be repeated; with `interactive`, in
-- `muster repl`, a person answers), chains each step's outcome into the next and prints what
-- a referee reads out.
assert(ruleset and ruleset.modules.prebattle, "run with the fantasy_warriors ruleset (the default)")
local armies, prebattle = ruleset.modules.armies, ruleset.modules.prebattle

local files = { "examples/armies/orcs_1000.lua", "examples/armies/dwarves_1000.lua" }
local sides = {}
for i, file in ipairs(files) do sides[i] = armies.describe(file) end

-- Who answers each army's questions: the policy "first" (scout with every command that may,
-- keep the first light die, HOLD orders...). Each answer is logged with who gave it.
for _, a in ipairs(sides) do muster.choice.set_controller(a.name, "policy", "first") end

local function say(title, res)
  print(string.format("== %s: %s", title, tostring(res.outcome)))
end

-- 1. Ammunition and magic power (p.15).
for i, a in ipairs(sides) do say("supplies, " .. a.name, ruleset.resolve("supplies", { army = files[i] })) end

-- 2. Scouting (p.13): each player secretly picks his scouting commands among those that may.
local scouting_sides = {}
for i, a in ipairs(sides) do
  local commands, scouts = {}, 0
  for _, ind in ipairs(a.individuals) do
    if ind.role == "scout" then scouts = scouts + 1 end
  end
  for _, c in ipairs(a.commands) do
    local command = { name = c.name, leadership = c.leadership, warchief = c.warchief, units = c.units }
    local checked = { warchief = c.warchief, leader = true, units = {} }
    for j, u in ipairs(c.units) do checked.units[j] = ruleset.check_unit(u, c.name) end
    local why = prebattle.why_not_scout(checked)
    if why then
      print(string.format("   %s: %s may not scout: %s", a.name, c.name, why))
    else
      local answer = muster.choice.get { side = a.name, question = "scout_with", secret = true,
        prompt = a.name .. ": does " .. c.name .. " scout?", options = { "scout", "stay" } }
      if answer == "scout" then commands[#commands + 1] = command end
    end
  end
  scouting_sides[i] = { name = a.name, commands = commands, scouts = scouts }
end
local scouting = ruleset.resolve("scouting", { sides = scouting_sides })
say("scouting", scouting)
for _, s in ipairs(scouting.sides) do print(string.format("   %s scores %d", s.name, s.score)) end
local chain = { scouting = scouting.outcome, winner = scouting.winner,
                sides = { { name = sides[1].name, leadership = sides[1].warchief.leadership, units = 0 },
                          { name = sides[2].name, leadership = sides[2].warchief.leadership, units = 0 } } }
for i, a in ipairs(sides) do
  for _, c in ipairs(a.commands) do chain.sides[i].units = chain.sides[i].units + #c.units end
end

-- 3. The time (p.14), the terrain of a 6ft table (p.14-15), who deploys first (p.15).
local time = ruleset.resolve("time", { scouting = chain.scouting, winner = chain.winner,
                                       sides = { { name = sides[1].name }, { name = sides[2].name } } })
say("time", time)
say("terrain", ruleset.resolve("terrain", { scouting = chain.scouting, winner = chain.winner,
  table_length = 72, sides = { { name = chain.sides[1].name, leadership = chain.sides[1].leadership },
                               { name = chain.sides[2].name, leadership = chain.sides[2].leadership } } }))
say("deployment", ruleset.resolve("deployment", { scouting = chain.scouting, winner = chain.winner, sides = chain.sides }))

-- 4. Omens (p.16-17, 41): both armies read them, with their soothsayers.
local omens = {}
for i, a in ipairs(sides) do
  local soothsayers = 0
  for _, ind in ipairs(a.individuals) do
    if ind.role == "soothsayer" then soothsayers = soothsayers + 1 end
  end
  omens[i] = ruleset.resolve("omens", { soothsayers = soothsayers })
  say("omens, " .. a.name, omens[i])
end

-- 5. Orders (p.17-18): one face-down order per command; a command that scouted holds.
local scouted = {}
for _, s in ipairs(scouting.scouted) do scouted[s.command] = true end
for _, a in ipairs(sides) do
  local commands = {}
  for _, c in ipairs(a.commands) do commands[#commands + 1] = { name = c.name, scouted = scouted[c.name] or false } end
  say("orders, " .. a.name, ruleset.resolve("orders", { side = a.name, commands = commands }))
end

-- 6. The end of turn 1 on the time dial: who enters or leaves bad light (p.14).
local units = {}
for _, a in ipairs(sides) do
  for _, c in ipairs(a.commands) do
    for _, u in ipairs(c.units) do units[#units + 1] = u end
  end
end
local dial = ruleset.resolve("time_dial", { time = time.outcome, units = units })
say("end of turn 1", dial)

-- 7. Talismans at the first Command Test.
for _, a in ipairs(sides) do
  say("talismans, " .. a.name, ruleset.resolve("talismans", { talismans = a.talismans }))
end

-- The whole scouting as the referee reads it: every die, every bonus with its page.
print(ruleset.explain(scouting))
