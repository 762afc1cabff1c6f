--- Fantasy Warriors Phase Four as one call (page 30): every combat in the order the input gives
--- (the book's left to right, as the player with the Time Dial on his left sees the table),
--- each declared before any die is thrown, each round fought as combat.lua's `combat` fights it,
--- then every unit's Combat Test (morale.lua), the reactions, and only then the casualties
--- removed and the end of the phase (end_of_phase.lua). Combat is simultaneous: a figure killed
--- this phase fights on until every combat and test is done. Owns the procedure `combat_phase`;
--- no rule of its own. Randomness only through muster.dice.
local core = require("core")
local explain = require("explain")
local units = require("units")
local combat = require("combat")
local morale = require("morale")
local end_of_phase = require("end_of_phase")

local M = {}

explain.order.combat_phase = { "combats", "tests", "units", "end_of_phase", "choices" }

local combat_fields = { "attacker", "defender", "attacker_side", "defender_side", "aerial" }

--- The whole of Phase Four for the combats given.
---@param input table
---@param options table
---@return table res
function M.phase(input, options)
  local time = core.check_time(input.time, "time")
  if type(input.combats) ~= "table" or input.combats[1] == nil then
    core.fail("combats", "missing (every combat, left to right: {attacker = fighter(s), defender = fighter(s), ...})")
  end
  local p = combat.procedures.combat
  local plans, seen = {}, {}
  -- Every combat declared (who fights whom, profiles, polearms, ranks, captures) before a die.
  for i, c in ipairs(input.combats) do
    local path = "combats[" .. i .. "]"
    core.check_fields(c, combat_fields, path)
    local round = { attacker = c.attacker, defender = c.defender, attacker_side = c.attacker_side,
                    defender_side = c.defender_side, aerial = c.aerial, time = input.time, combat_tests = false }
    local plan = core.at(path, p.prepare, round, options)
    for _, s in ipairs({ "attacker", "defender" }) do
      for _, f in ipairs(plan.sides[s]) do
        if seen[f.name] then
          core.fail(path .. "." .. f.path .. ".unit.name", string.format("%s fights in %s already: a unit is in one combat",
            core.show(f.name), seen[f.name]))
        end
        seen[f.name] = path
      end
    end
    plans[i] = plan
  end
  local armies = end_of_phase.check_armies(input.armies, "armies")
  local res = core.result("combat_phase")
  res.combats, res.tests, res.units, res.choices = {}, {}, {}, {}
  -- Each combat's round, left to right; every answer of the phase in one list, in order.
  for i, plan in ipairs(plans) do
    local round = p.play(plan, true)
    round.combat = i
    res.combats[i] = round
    for _, ch in ipairs(round.choices) do
      res.choices[#res.choices + 1] = { side = ch.side, question = ch.question, answer = ch.answer, by = ch.by, about = ch.about }
    end
  end
  -- Every unit's Combat Test, after every combat (combat by combat, the attackers first).
  local routed, annihilated, killed = {}, {}, {}
  for i, round in ipairs(res.combats) do
    for _, rep in ipairs(round.units) do
      local u = { name = rep.name, side = rep.side_name, combat = i, figures_at_start = rep.figures_at_start,
                  losses = rep.losses, lone_individual = rep.lone_individual or nil }
      local raw
      for _, f in ipairs(plans[i].sides[rep.side]) do
        if f.name == rep.name then raw = f end
      end
      -- The unit as the phase leaves it: the round's `after` with its Combat Test's reaction.
      local after = rep.after and core.deep_copy(rep.after)
      if rep.takes_combat_test then
        local t = morale.procedures.combat_test.run(rep.combat_test, options)
        t.combat = i
        res.tests[#res.tests + 1] = t
        u.test = #res.tests
        if t.tested then after.reaction, after.disorganised = t.unit_reaction, t.disorganised end
      end
      if rep.lone_individual then
        u.figures_after = rep.alive and 1 or 0
        if not rep.alive then
          u.removed = true
          killed[#killed + 1] = { side = u.side, figure = end_of_phase.figure_of(raw.individual) }
        end
      else
        u.after, u.figures_after = after, after.figures
        u.reaction, u.disorganised = after.reaction or "ok", after.disorganised == true
        for _, ind in ipairs(raw.unit.individuals) do
          for _, name in ipairs(rep.characters_killed) do
            if name == ind.name then killed[#killed + 1] = { side = u.side, unit = u.name, figure = end_of_phase.figure_of(ind) } end
          end
        end
        if u.reaction == "rout" then
          u.removed = true
          local attached = {}
          for _, ind in ipairs(after.individuals or {}) do
            attached[#attached + 1] = end_of_phase.figure_of(units.check_individual(ind, "individual"))
          end
          routed[#routed + 1] = { side = u.side, unit = u.name, attached = attached }
        elseif after.figures == 0 then
          u.removed, u.annihilated = true, true
          annihilated[#annihilated + 1] = { side = u.side, unit = u.name }
        end
      end
      res.units[#res.units + 1] = u
    end
  end
  res.end_of_phase = end_of_phase.run { phase = "combat", armies = armies, routed = routed, annihilated = annihilated,
                                        killed = killed, options = options }
  local parts = {}
  for i, round in ipairs(res.combats) do parts[#parts + 1] = string.format("combat %d: %s", i, round.outcome) end
  for _, t in ipairs(res.tests) do
    if t.tested then parts[#parts + 1] = t.unit .. " " .. t.reaction end
  end
  res.outcome = table.concat(parts, " | ")
  return res
end

M.procedures = {
  combat_phase = {
    doc = "Phase Four for every combat, left to right (the input's order): each combat's declarations before any die, its round as `combat` fights it (several units a side), then every unit's Combat Test, the reactions, and only then the casualties removed, routs, annihilations and the deaths of leaders and characters (p.30-34, 39-42)",
    fields = { "combats", "time", "armies" },
    run = function(input, options) return M.phase(input, options) end,
  },
}

return M
