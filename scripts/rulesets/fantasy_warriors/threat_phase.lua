--- Fantasy Warriors Phase One as one call (page 19): the declarations (each threatener's
--- target), mutual threat settled by headcount, every threatened unit's Threat Test (one per
--- threatener, left to right), the reactions, the counter-threats each side is asked for, the
--- original threateners' tests, and the end of the phase (routs: end_of_phase.lua). The tests are
--- threat.lua's; owns the procedure `threat_phase` and the mutual-threat tie-break. Every input
--- is checked before the first die; randomness only through muster.dice.
local core = require("core")
local explain = require("explain")
local units = require("units")
local threat = require("threat")
local reactions = require("reactions")
local sight = require("sight")
local casualties = require("casualties")  -- choose: a player's decision, recorded
local end_of_phase = require("end_of_phase")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

explain.order.threat_phase = { "declarations", "mutual", "tests", "counter_threats", "units", "end_of_phase", "choices" }

-- Mutual threat (page 19): the unit with the greater headcount initiates; the book does not
-- say what equal headcounts do. `headcount.counts` "figures": the unit's figures, attached
-- characters not counted (as annihilation counts them, p.24). Ties go to the next row of
-- `tiebreak` in order (greater total worth, more musicians, more specials), then a roll-off,
-- 1D each, thrown again while equal (docs/rules-assumptions.md).
data.mutual_threat = core.define_table("mutual_threat", {
  headcount = { counts = "figures" },
  tiebreak = { order = { "worth", "musicians", "specials" }, then_roll = true },
}, 19, { doc = "mutual threat: headcount.counts (\"figures\"), tiebreak.order (worth, musicians, specials) then a roll-off" })

local function specials_of(u)
  return (u.leader and 1 or 0) + (u.champion and 1 or 0) + u.musicians + (u.standard and 1 or 0)
end

local measures = {
  figures = function(u) return u.figures end,
  worth = function(u) return units.worth(u) end,
  musicians = function(u) return u.musicians end,
  specials = specials_of,
}

-- ---------------------------------------------------------------------------------------
-- Input
-- ---------------------------------------------------------------------------------------

local unit_fields = { "unit", "side", "in_combat", "terrible", "counter_threaten" }
local threat_fields = { "threatener", "target", "distance", "visible", "sight" }

local function check_units(list)
  if type(list) ~= "table" or list[1] == nil then
    core.fail("units", "missing (every unit that threatens or is threatened, left to right: {unit, side, ...})")
  end
  local out, by_name = {}, {}
  for i, e in ipairs(list) do
    local p = "units[" .. i .. "]"
    core.check_fields(e, unit_fields, p)
    local u = units.check_unit(e.unit, p .. ".unit")
    if by_name[u.name] then core.fail(p .. ".unit.name", string.format("%s names two units", core.show(u.name))) end
    if u.reaction == "rout" then core.fail(p .. ".unit.reaction", "a routed unit has left the table") end
    if u.figures == 0 then core.fail(p .. ".unit.figures", "a unit with no figures is not on the table") end
    if type(e.side) ~= "string" or e.side == "" then core.fail(p .. ".side", "missing (the side the unit fights for)") end
    local x = { index = i, path = p, raw = e.unit, unit = u, name = u.name, side = e.side,
                in_combat = core.check_bool(e.in_combat, p .. ".in_combat", false),
                terrible = core.check_terrible(e.terrible, p .. ".terrible"), counter_threaten = e.counter_threaten,
                threatened_by = {} }
    x.cur = { reaction = u.reaction, disorganised = u.disorganised }
    out[i], by_name[u.name] = x, x
  end
  return out, by_name
end

local function check_threats(list, by_name, time)
  if type(list) ~= "table" then core.fail("threats", "missing (the declarations: {threatener = name, target = name, distance?})") end
  local out, declared = {}, {}
  local function find(name, path)
    local x = type(name) == "string" and by_name[name]
    if not x then
      local names = {}
      for n in pairs(by_name) do names[#names + 1] = n end
      table.sort(names)
      core.fail(path, string.format("%s is not one of the units (%s)", core.show(name), table.concat(names, ", ")))
    end
    return x
  end
  for i, d in ipairs(list) do
    local p = "threats[" .. i .. "]"
    core.check_fields(d, threat_fields, p)
    local t, g = find(d.threatener, p .. ".threatener"), find(d.target, p .. ".target")
    if t.side == g.side then core.fail(p .. ".target", string.format("%s is on %s's own side (%s)", g.name, t.name, t.side)) end
    if declared[t] then
      core.fail(p .. ".threatener", string.format("%s already threatens %s: a unit threatens one enemy unit (p.19)",
        t.name, declared[t].target.name))
    end
    local distance = d.distance ~= nil and core.check_number(d.distance, p .. ".distance", 0, 1000) or nil
    local visible = core.check_bool(d.visible, p .. ".visible", nil)
    local seen
    if d.sight ~= nil then
      if visible ~= nil then core.fail(p .. ".sight", "give visible or sight, not both") end
      local s = sight.check(d.sight, p .. ".sight")
      if s.distance == nil then s.distance = distance end
      seen = sight.sees(s)
      visible = seen.visible
    end
    local why = threat.why_not_initiate(units.at_time(t.unit, time), distance, visible, t.in_combat)
    if why then core.fail(p .. ".threatener", t.name .. ": " .. why .. (seen and not seen.visible and (" (" .. seen.why .. ")") or "")) end
    local x = { index = i, threatener = t, target = g, distance = distance, status = "threatens", sight = seen }
    declared[t] = x
    out[i] = x
  end
  return out
end

-- ---------------------------------------------------------------------------------------
-- The phase
-- ---------------------------------------------------------------------------------------

-- The unit `x` as it stands now: its description with its current reaction and disorder.
local function now(x)
  if x.cur.reaction == x.unit.reaction and x.cur.disorganised == x.unit.disorganised then return x.unit end
  local u = {}
  for k, v in pairs(x.unit) do u[k] = v end
  u.reaction, u.disorganised = x.cur.reaction, x.cur.disorganised
  return u
end

-- Settles one mutual threat between declarations `d1` and `d2` (each the other's target):
-- the loser's declaration is cancelled. Returns the record.
local function settle_mutual(res, d1, d2)
  local a, b = d1.threatener, d2.threatener
  local rec = { units = { a.name, b.name } }
  local rows = data.mutual_threat.rows
  local order = { rows.headcount.counts }
  for _, k in ipairs(rows.tiebreak.order or {}) do order[#order + 1] = k end
  local winner
  rec.compared = {}
  for _, k in ipairs(order) do
    local f = measures[k]
    if not f then error("mutual_threat: no measure " .. core.show(k) .. " (figures, worth, musicians, specials)", 0) end
    local va, vb = f(a.unit), f(b.unit)
    rec.compared[#rec.compared + 1] = { by = k, values = { va, vb } }
    if va ~= vb then
      winner, rec.decided_by = va > vb and a or b, k
      break
    end
  end
  if not winner then
    if not rows.tiebreak.then_roll then
      error("mutual_threat: every measure is equal and tiebreak.then_roll is false: nothing decides", 0)
    end
    rec.decided_by, rec.rolls = "roll", {}
    local round = 0
    while not winner do
      round = round + 1
      local ra = core.d6(res, string.format("mutual threat %d, %s", round, a.name))
      local rb = core.d6(res, string.format("mutual threat %d, %s", round, b.name))
      rec.rolls[#rec.rolls + 1] = { ra, rb }
      if ra ~= rb then winner = ra > rb and a or b end
    end
  end
  rec.initiator = winner.name
  rec.source = data.mutual_threat:source(rec.decided_by == "figures" and "headcount" or "tiebreak")
  local lost = winner == a and d2 or d1
  lost.status, lost.cancelled_by = "cancelled", "mutual threat: " .. winner.name .. " initiates"
  return rec
end

-- One Threat Test of `x` threatened by `by` (both phase units), in step `step`; the unit's
-- reaction carried over (a later result replaces an earlier one; OK keeps it).
-- `step` "threat" tests the units as the phase began (no counter is placed before step 4);
-- "counter_threat" as they stand after it.
local function test(res, x, by, step, time, options)
  local first = step == "threat"
  local r = threat.test { unit = first and x.unit or now(x), threatener = first and by.unit or now(by), time = time,
                          terrible = x.terrible, options = options }
  r.step = step
  x.cur.reaction, x.cur.disorganised = reactions.apply(x.cur, r.reaction)
  r.unit_reaction, r.disorganised = x.cur.reaction, x.cur.disorganised
  x.tests = (x.tests or 0) + 1
  if r.reaction ~= "ok" then x.failed = true end
  res.tests[#res.tests + 1] = r
  return r
end

--- The whole of Phase One for the units and declarations given.
---@param input table
---@param options table
---@return table res
function M.phase(input, options)
  local time = core.check_time(input.time, "time")
  local list, by_name = check_units(input.units)
  local decls = check_threats(input.threats, by_name, time)
  local armies = end_of_phase.check_armies(input.armies, "armies")
  -- A counter-threat given in the input names a unit that threatens this one (checked again
  -- once mutual threat has cancelled a declaration).
  for _, x in ipairs(list) do
    if x.counter_threaten ~= nil then
      if type(x.counter_threaten) ~= "string" then
        core.fail(x.path .. ".counter_threaten", "\"no\" or the name of a unit that threatened it expected")
      end
      local names = { "no" }
      for _, y in ipairs(list) do
        for _, d in ipairs(decls) do
          if d.target == x and d.threatener == y then names[#names + 1] = y.name end
        end
      end
      if #names == 1 then core.fail(x.path .. ".counter_threaten", "the unit is not threatened") end
      local ok = false
      for _, n in ipairs(names) do ok = ok or n == x.counter_threaten end
      if not ok then
        core.fail(x.path .. ".counter_threaten", string.format("%s is not one of %s", core.show(x.counter_threaten), table.concat(names, ", ")))
      end
    end
  end
  local res = core.result("threat_phase")
  res.choices, res.tests, res.mutual, res.counter_threats = {}, {}, {}, {}
  -- 2. Mutual threat: the greater headcount initiates.
  for i, d in ipairs(decls) do
    for j = i + 1, #decls do
      local e = decls[j]
      if d.status == "threatens" and e.status == "threatens" and d.target == e.threatener and e.target == d.threatener then
        res.mutual[#res.mutual + 1] = settle_mutual(res, d, e)
      end
    end
  end
  res.declarations = {}
  for _, d in ipairs(decls) do
    res.declarations[#res.declarations + 1] = { threatener = d.threatener.name, target = d.target.name,
      distance = d.distance, status = d.status, cancelled_by = d.cancelled_by, sight = d.sight and d.sight.why or nil }
    if d.status == "threatens" then
      local t = d.target.threatened_by
      t[#t + 1] = d.threatener
    end
  end
  -- 3. Each threatened unit's tests, left to right; a unit's threateners left to right too.
  for _, x in ipairs(list) do
    table.sort(x.threatened_by, function(p, q) return p.index < q.index end)
    for _, by in ipairs(x.threatened_by) do
      if x.cur.reaction == "rout" then
        x.skipped = (x.skipped or 0) + 1
      else
        test(res, x, by, "threat", time, options)
      end
    end
  end
  -- 4. Reaction and Disorganised counters: the units as they stand now.
  for _, x in ipairs(list) do x.after_tests = { reaction = x.cur.reaction, disorganised = x.cur.disorganised } end
  -- 5. Counter-threats: each unit that passed may counter-threaten one unit that threatened it.
  local counters = {}
  for _, x in ipairs(list) do
    if #x.threatened_by > 0 then
      local entry = { unit = x.name, side = x.side }
      -- The type of the light decides (Goblins are fanatic at night, p.14).
      local why = threat.why_no_counter_threat(units.at_time(x.unit, time), not x.failed and x.cur.reaction == "ok",
                                               x.in_combat)
      if why then
        entry.asked, entry.why = false, why
      else
        local options_list = { "no" }
        for _, by in ipairs(x.threatened_by) do options_list[#options_list + 1] = by.name end
        local given = x.counter_threaten
        if given ~= nil then
          local ok = false
          for _, o in ipairs(options_list) do ok = ok or o == given end
          if not ok then
            core.fail(x.path .. ".counter_threaten", string.format("%s is not one of %s", core.show(given), table.concat(options_list, ", ")))
          end
        end
        local answer, by = casualties.choose(res, x.name, { side = x.side, question = "counter_threaten",
          prompt = string.format("%s passed: counter-threaten (%s)?", x.name, table.concat(options_list, ", ", 2)),
          options = options_list }, given)
        entry.asked, entry.options, entry.answer, entry.chosen_by = true, options_list, answer, by
        if answer ~= "no" then
          entry.target = answer
          counters[#counters + 1] = { by = x, target = by_name[answer] }
        end
      end
      res.counter_threats[#res.counter_threats + 1] = entry
    elseif x.counter_threaten ~= nil then
      -- Its threat stood in a mutual threat: nobody threatens it any more, the answer is moot.
      res.counter_threats[#res.counter_threats + 1] = { unit = x.name, side = x.side, asked = false,
        why = "not threatened once mutual threat was settled: its answer is not used" }
    end
  end
  -- Each original threatener counter-threatened takes its test (no counter-counter-threat).
  for _, c in ipairs(counters) do
    local x = c.target
    if x.cur.reaction == "rout" then
      c.skipped = true
    else
      test(res, x, c.by, "counter_threat", time, options)
    end
  end
  -- 6. The units as the phase leaves them; routs go (end_of_phase.lua).
  res.units = {}
  local routed = {}
  for _, x in ipairs(list) do
    local u = { name = x.name, side = x.side, reaction_before = x.unit.reaction, disorganised_before = x.unit.disorganised,
                reaction = x.cur.reaction, disorganised = x.cur.disorganised, tests = x.tests or 0 }
    if x.cur.reaction == "rout" then
      u.removed = true
      local attached = {}
      for _, ind in ipairs(x.unit.individuals) do attached[#attached + 1] = end_of_phase.figure_of(ind) end
      routed[#routed + 1] = { side = x.side, unit = x.name, attached = attached }
    end
    res.units[#res.units + 1] = u
  end
  res.end_of_phase = end_of_phase.run { phase = "threat", armies = armies, routed = routed, annihilated = {}, killed = {},
                                        options = options }
  local parts = {}
  for _, u in ipairs(res.units) do
    if u.tests > 0 then parts[#parts + 1] = u.name .. ": " .. u.reaction .. (u.disorganised and ", disorganised" or "") end
  end
  res.outcome = #parts > 0 and table.concat(parts, " | ") or "no threats"
  return res
end

M.procedures = {
  threat_phase = {
    doc = "Phase One for every unit: the declarations, mutual threat by headcount, each threatened unit's Threat Test (one per threatener, left to right), reactions, each passed unit asked to counter-threaten, the threateners' tests, no counter-counter-threat, routs removed (p.19-21)",
    fields = { "units", "threats", "time", "armies" },
    run = function(input, options) return M.phase(input, options) end,
  },
}

return M
