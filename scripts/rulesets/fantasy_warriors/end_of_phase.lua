--- Fantasy Warriors at the end of a phase (pages 21, 24, 33, 39-42): what leaves the table and
--- what it sets off, in one order: routed units go with everyone attached, annihilated units
--- go, the characters killed this phase are lost (a warchief's death: heroes' vengeance, wizards'
--- last spell), and every loss places Command Test counters on its army's testers for Phase
--- Seven. Runs individuals.lua's procedures for each event; owns no rule of its own but the
--- order. Randomness only through them (muster.dice).
local core = require("core")
local explain = require("explain")
local individuals = require("individuals")
local units = require("units")

local M = {}

explain.order.end_of_phase = { "phase", "routed", "annihilated", "killed", "removed", "command_test_markers", "sides" }

--- The phases whose end this checks (the phase procedures name theirs).
M.phases = { "threat", "shooting", "movement", "combat", "new_orders", "influence", "command_test", "magic" }

--- An army as the checks need it: `{name, individuals?, testers?, tested?, omens?}` (the
--- individuals' and testers' shapes of individuals.lua's procedures), checked at `path`.
---@param a table
---@param path string
---@return table
function M.check_army(a, path)
  core.check_fields(a, { "name", "individuals", "testers", "tested", "omens", "warchief_lost" }, path)
  if type(a.name) ~= "string" or a.name == "" then core.fail(path .. ".name", "a side name expected") end
  local testers = individuals.check_testers(a.testers, path .. ".testers")
  return {
    name = a.name,
    individuals = individuals.check_figures(a.individuals, path .. ".individuals", individuals.individual_roles),
    testers = testers,
    tested = individuals.check_tested(a.tested, path .. ".tested", testers),
    omens = a.omens ~= nil and core.check_enum(a.omens, individuals.omens_values, path .. ".omens") or nil,
    warchief_lost = core.check_bool(a.warchief_lost, path .. ".warchief_lost", false),
  }
end

--- The armies of a phase input (`armies`, an array), checked, by side name.
---@param list table|nil
---@param path string
---@return table<string, table> by_name
function M.check_armies(list, path)
  local out = {}
  if list == nil then return out end
  if type(list) ~= "table" then core.fail(path, "an array of armies {name, individuals?, testers?, tested?, omens?} expected") end
  for i, a in ipairs(list) do
    local army = M.check_army(a, path .. "[" .. i .. "]")
    if out[army.name] then core.fail(path .. "[" .. i .. "].name", "two armies named " .. core.show(army.name)) end
    out[army.name] = army
  end
  return out
end

--- A character attached to a unit as individuals.lua's figure: {name, role} (a wizard's power
--- when the description gives one).
---@param ind table a checked individual
---@return table
function M.figure_of(ind)
  return { name = ind.name, role = ind.role, power = ind.role == "wizard" and ind.power or nil }
end

-- The army of `side`, made empty when the input gave none (nothing to route, no testers).
local function army_of(armies, side)
  local a = armies[side]
  if not a then
    a = { name = side, individuals = {}, tested = {}, warchief_lost = false }
    armies[side] = a
  end
  return a
end

-- The army's individuals but those named in `gone`.
local function without(list, gone)
  local out = {}
  for _, f in ipairs(list) do if not gone[f.name] then out[#out + 1] = f end end
  return out
end

-- After an individuals.lua result `r` for army `a`: its individuals less those removed, its
-- testers with the new counters, the omens, the warchief's loss; markers into res.
local function take(res, a, r)
  local gone = {}
  for _, n in ipairs(r.removed or {}) do
    gone[n] = true
    res.removed[#res.removed + 1] = n
  end
  a.individuals = without(a.individuals, gone)
  if r.testers then a.testers = r.testers end
  if r.omens_after ~= nil then a.omens = r.omens_after end
  if r.warchief_lost then a.warchief_lost = true end
  for _, m in ipairs(r.command_test_markers or {}) do
    res.command_test_markers[#res.command_test_markers + 1] = { side = a.name, name = m.name, role = m.role,
      event = m.event, when = m.when }
  end
end

--- The end-of-phase checks. `c` = {phase, armies (M.check_armies), routed = { {side, unit,
--- attached = figures} }, annihilated = { {side, unit} }, killed = { {side, unit?, figure} },
--- options}, each list in the order the phase produced it (left to right).
---@param c table
---@return table res
function M.run(c)
  local res = core.result("end_of_phase")
  res.phase = c.phase
  res.routed, res.annihilated, res.killed, res.removed, res.command_test_markers = {}, {}, {}, {}, {}
  local armies = c.armies
  local order = {}  -- the sides in the order they first appear
  local function note(side)
    if not order[side] then order[side] = true order[#order + 1] = side end
    return army_of(armies, side)
  end
  -- 1. Routs (p.21): the unit and everyone with it leave at once; a routing warchief takes every
  --    individual of his army (p.40).
  for _, e in ipairs(c.routed) do
    local a = note(e.side)
    local entry = { side = e.side, unit = e.unit }
    if #e.attached > 0 then
      local warchief = false
      for _, f in ipairs(e.attached) do if f.role == "warchief" then warchief = true end end
      local attached = {}
      for _, f in ipairs(e.attached) do attached[f.name] = true end
      entry.result = individuals.unit_routed { unit = e.unit, attached = e.attached,
        individuals = warchief and without(a.individuals, attached) or {}, testers = a.testers, tested = a.tested,
        omens = a.omens, options = c.options }
      take(res, a, entry.result)
    else
      res.removed[#res.removed + 1] = e.unit
    end
    entry.outcome = entry.result and entry.result.outcome or "removed"
    res.routed[#res.routed + 1] = entry
  end
  -- 2. Annihilated units (pp.24, 33): removed; a character with a save who survived stays as a
  --    lone figure (the phase says who).
  for _, e in ipairs(c.annihilated) do
    note(e.side)
    res.removed[#res.removed + 1] = e.unit
    res.annihilated[#res.annihilated + 1] = { side = e.side, unit = e.unit, outcome = "removed" }
  end
  -- 3. The characters killed (pp.24, 33, 40): each loss as individual_lost resolves it (a
  --    warchief's: every individual routs or rolls, no new orders), in the order they fell.
  for _, e in ipairs(c.killed) do
    local a = note(e.side)
    local fig = e.figure
    local r = individuals.individual_lost { figure = fig, event = "killed",
      individuals = fig.role == "warchief" and without(a.individuals, { [fig.name] = true }) or {},
      testers = a.testers, tested = a.tested, omens = a.omens, soothsayers = 1, options = c.options }
    take(res, a, r)
    res.killed[#res.killed + 1] = { side = e.side, unit = e.unit, figure = fig.name, role = fig.role, result = r,
                                    outcome = r.outcome }
  end
  -- 4. Each army as Phase Seven finds it: its testers with their counters. A command without
  --    its leader whose every unit left the table this phase is routed or annihilated: it
  --    tests no more (p.39; docs/rules-assumptions.md).
  local left = {}
  for _, n in ipairs(res.removed) do left[n] = true end
  res.sides = {}
  for _, side in ipairs(order) do
    local a = armies[side]
    local s = { name = side, warchief_lost = a.warchief_lost or nil, omens = a.omens }
    if a.testers then
      local kept = {}
      for _, t in ipairs(a.testers) do
        local gone = t.role == "command" and #t.units > 0
        for _, n in ipairs(t.units) do gone = gone and left[n] == true end
        if gone then
          s.commands_gone = s.commands_gone or {}
          s.commands_gone[#s.commands_gone + 1] = t.name
        else
          kept[#kept + 1] = t
        end
      end
      a.testers = kept
      s.testers = a.testers
      s.counters = {}
      for _, t in ipairs(a.testers) do if t.counter then s.counters[#s.counters + 1] = t.name end end
    end
    res.sides[#res.sides + 1] = s
  end
  local n = #res.command_test_markers
  res.outcome = string.format("%d removed%s", #res.removed,
    n > 0 and string.format(", %d Command Test marker%s", n, n == 1 and "" or "s") or "")
  return res
end

-- Checks the procedure's event list `kind` ("routed", "annihilated", "killed").
local event_fields = { routed = { "side", "unit", "attached" }, annihilated = { "side", "unit" },
                       killed = { "side", "unit", "figure" } }
local function check_events(list, kind)
  local out = {}
  if list == nil then return out end
  if type(list) ~= "table" then core.fail(kind, "an array expected") end
  for i, e in ipairs(list) do
    local p = kind .. "[" .. i .. "]"
    core.check_fields(e, event_fields[kind], p)
    if type(e.side) ~= "string" or e.side == "" then core.fail(p .. ".side", "missing (the side the unit or figure belongs to)") end
    local x = { side = e.side }
    if e.unit ~= nil or kind ~= "killed" then
      if type(e.unit) ~= "string" then core.fail(p .. ".unit", "the unit's name expected") end
      x.unit = e.unit
    end
    if kind == "routed" then x.attached = individuals.check_figures(e.attached, p .. ".attached", units.roles) end
    if kind == "killed" then
      if e.figure == nil then core.fail(p .. ".figure", "missing (the figure killed {name, role})") end
      x.figure = individuals.check_figures({ e.figure }, p .. ".figure", units.roles)[1]
    end
    out[i] = x
  end
  return out
end

M.procedures = {
  end_of_phase = {
    doc = "the end of a phase: routed units leave with everyone attached (a routing warchief takes every individual), annihilated units go, each character killed is lost (a warchief's death: heroes' vengeance, wizards' last spell), and every loss places Command Test counters on its army's testers (p.21, 24, 33, 39-42)",
    fields = { "phase", "armies", "routed", "annihilated", "killed" },
    run = function(input, options)
      return M.run {
        phase = core.check_enum(input.phase or "combat", M.phases, "phase"),
        armies = M.check_armies(input.armies, "armies"),
        routed = check_events(input.routed, "routed"),
        annihilated = check_events(input.annihilated, "annihilated"),
        killed = check_events(input.killed, "killed"),
        options = options,
      }
    end,
  },
}

return M
