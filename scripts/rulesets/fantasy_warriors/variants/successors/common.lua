--- What the successors procedures share: arrays read through rules.modules, refusals naming
--- the house rule, the checks of a leader given as {name, leadership}, and the Command Test
--- counters of a leader's loss when another takes his place (the ruleset's place_counters,
--- with the new leader testing for the command). No rules of its own, no dice.
local M = {}

--- The booklet page of HR-5.
M.page = 5

--- Helpers bound to the ruleset's core area (rules.modules.core).
function M.helpers(core)
  local H = {}
  --- Raises "input: <path>: <why> (HR-5.<item>, successors p.5)".
  function H.refuse(path, why, item)
    core.fail(path, string.format("%s (HR-5.%s, successors p.%d)", why, item, M.page))
  end
  function H.name(v, path, default)
    if v == nil then
      if default == nil then core.fail(path, "missing (a name)") end
      return default
    end
    if type(v) ~= "string" then core.fail(path, "string expected, got " .. core.show(v)) end
    return v
  end
  --- A leader {name, leadership, ...}: the fields `known`, leadership 0..5 required.
  function H.leader(v, path, known, what)
    if type(v) ~= "table" then core.fail(path, "missing (" .. what .. ")") end
    core.check_fields(v, known, path)
    if v.leadership == nil then core.fail(path .. ".leadership", "missing (0 to 5)") end
    return { name = H.name(v.name, path .. ".name", path), leadership = core.check_int(v.leadership, path .. ".leadership", 0, 5) }
  end
  return H
end

--- The Command Test counters of `event` (a row of the ruleset's command_test_events) when the
--- leader `lost` is replaced by `by` {name, leadership, bad_light?}: his command is not
--- leaderless, so `by` tests for it in his place. `testers`/`tested` are inputs as the
--- ruleset's command_counters takes them, checked by it (the lost leader must be among the
--- testers). Returns nil without testers, else testers (for command_test), counters placed
--- and the names whose counter waits for next turn.
---@return table[]|nil testers
---@return table[]|nil counters
---@return string[]|nil next_turn
function M.counters(rules, testers, tested, event, lost, by)
  local core, individuals = rules.modules.core, rules.modules.individuals
  if testers == nil then
    if tested ~= nil then core.fail("tested", "only with testers") end
    return nil
  end
  individuals.procedures.command_counters.run({ event = event, testers = testers, tested = tested, lost = lost })
  local list, done = {}, {}
  for i, t in ipairs(testers) do
    local c = { name = t.name or t.role, role = t.role, leadership = t.leadership, bad_light = t.bad_light,
                units = t.units or {}, counter = t.counter or false }
    if c.name == by.name then core.fail("testers[" .. i .. "].name", core.show(by.name) .. " takes " .. lost .. "'s place: he is not a tester yet") end
    if c.name == lost then c.name, c.leadership, c.bad_light = by.name, by.leadership, by.bad_light end
    list[i] = c
  end
  for _, n in ipairs(tested or {}) do done[n == lost and by.name or n] = true end
  local out, placed = individuals.place_counters(list, { event }, {}, done)
  local next_turn = {}
  for _, c in ipairs(placed) do if c.when == "next_turn" then next_turn[#next_turn + 1] = c.name end end
  return out, placed, next_turn
end

return M
