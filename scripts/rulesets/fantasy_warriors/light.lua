--- Fantasy Warriors time and light during the battle (pages 14, 16, 43-44): the hourglass's
--- moves round the time dial (a Hasten Day/Night, then the end-of-turn step), the changes of
--- light they pass, who enters or leaves bad light and what it costs, the type of the light
--- (Goblins turn fanatic at night), Boast 3's verdict and the Banish Magic countdown. Owns the
--- table "bad_light_effects"; reads each effect's value from the list or table it lives in.
--- No dice; bad light by race comes from the army lists, never from a table typed here.
local core = require("core")
local magic = require("magic")
local explain = require("explain")
local units = require("units")
local armies = require("armies")
-- The areas whose lists and tables the bad-light effects are read from.
require("threat")
require("shooting")
require("morale")
require("command")
require("magic")
require("initiative")
local prebattle = require("prebattle")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- The order --explain tells these results in: where the hourglass went, then who it touched.
explain.order.time_dial = { "from", "to", "moves", "changes", "light_before", "light_after", "light_changed",
  "steps_to_light_change", "units", "boast", "banish" }
explain.order.bad_light = { "time", "light", "subjects", "races", "effects" }


-- Where bad light costs something (pages 20-39; digests part 1 §10, part 2 §25.20, §26.8,
-- §28). Each row reads its value at run time from the modifier list `list` (its entry `id`,
-- "bad_light") or, for the resting wizard, the table `regain_power`; `value` is used only
-- while no such list exists (a row a variant adds for a list of its own). `applies`: "unit" (units and
-- troop or machine entries) and/or the roles of the individuals it touches. Array rows: a variant adds one with set_row.
data.bad_light_effects = core.define_table("bad_light_effects", {
  { id = "threat_test", where = "Threat Test", list = "threat_test", applies = { "unit" } },
  { id = "shooting_hit", where = "shooting hit throw, each die", list = "shooting_hit", applies = { "unit" } },
  { id = "casualty_test", where = "Casualty Test", list = "casualty_test", applies = { "unit" } },
  { id = "combat_test", where = "Combat Test", list = "combat_test", applies = { "unit" } },
  { id = "initiative", where = "Initiative Test, the warchief's or battle leader's die", list = "initiative",
    value = -1, applies = { "warchief", "battle_leader" } },
  { id = "resting_wizard", where = "resting wizard, the safe way", table = "regain_power", applies = { "wizard" } },
  { id = "battle_leaders_test", where = "Battle Leader's Test", list = "battle_leaders_test",
    applies = { "battle_leader" } },
  { id = "command_test", where = "Command Test", list = "command_test", applies = { "warchief", "battle_leader" } },
}, nil)
for i, page in ipairs({ 20, 22, 25, 34, 26, 29, 37, 39 }) do
  data.bad_light_effects:set_page(i, page)
end

-- ---------------------------------------------------------------------------------------
-- The dial (page 14): steps 1..2N, day 1..N then night 1..N (N = time_dial.steps.per_half).
-- ---------------------------------------------------------------------------------------

local function per_half() return core.data.time_dial.rows.steps.per_half end

--- The half of the dial step `index`: "day" or "night".
---@param index integer 1..12
---@return string
function M.light_at(index)
  return index <= per_half() and "day" or "night"
end

--- The name of dial step `index` ("day 6", "night 1").
---@param index integer 1..12
---@return string
function M.step_name(index)
  local n = per_half()
  return index <= n and ("day " .. index) or ("night " .. (index - n))
end

--- Checks a dial step ("day 6", "night 1" or the index 1..12) and returns its index. A bare
--- "day" or "night" is not a step: the hourglass stands on one step.
---@return integer index
function M.check_step(v, path)
  local index = core.dial_step(v)
  if index then return index end
  local n = per_half()
  if v == "day" or v == "night" then
    core.fail(path, string.format("%s is a half, not a step: name the step (\"%s 1\"..\"%s %d\") or its index", core.show(v), v, v, n))
  end
  if v == nil then core.fail(path, "missing (the hourglass's step: \"day 1\"..\"night " .. n .. "\", or 1.." .. 2 * n .. ")") end
  core.fail(path, string.format("%s is not a step of the time dial (\"day 1\"..\"night %d\", or 1..%d)", core.show(v), n, 2 * n))
end

--- The change of light between two halves: "sunset" (day to night) or "sunrise" (night to
--- day), whichever way the hourglass turns; nil when the light stays.
function M.change_name(from_light, to_light)
  if from_light == to_light then return nil end
  return to_light == "night" and "sunset" or "sunrise"
end

--- Moves the hourglass `steps` steps from `index` (negative: backwards), cyclic. Appends each
--- change of light passed to `changes` ({change, from, to, by}). Returns the new index.
---@return integer index
function M.move(index, steps, by, changes)
  local size = 2 * per_half()
  local dir = steps < 0 and -1 or 1
  for _ = 1, math.abs(steps) do
    local nxt = (index - 1 + dir) % size + 1
    local change = M.change_name(M.light_at(index), M.light_at(nxt))
    if change then
      changes[#changes + 1] = { change = change, from = M.step_name(index), to = M.step_name(nxt), by = by }
    end
    index = nxt
  end
  return index
end

--- End-of-turn steps from `index` to the next change of light (1 on day 6 or night 6).
function M.steps_to_change(index)
  local n = per_half()
  return n - (index - 1) % n
end

-- ---------------------------------------------------------------------------------------
-- Bad-light effects, read where they live
-- ---------------------------------------------------------------------------------------

local function list_entry(name, id)
  local list = core.registry.lists[name]
  if not list then return nil, false end
  for _, e in ipairs(list.entries) do
    if e.id == id then return e, true end
  end
  return nil, true
end

local function show_value(v)
  return v > 0 and ("+" .. v) or tostring(v)
end

--- The bad-light effects as they stand now (variants' patches included), in table order:
--- {id, where, value, effect, source, applies}. An effect whose list has lost its bad_light
--- entry has value 0 and effect "none".
---@return table[]
function M.effects()
  local out = {}
  for i, row in ipairs(data.bad_light_effects.rows) do
    local e = { id = row.id, where = row.where, applies = row.applies }
    if row.table == "regain_power" then
      local rest = magic.data.regain_power.rows.rest
      e.value = rest.safe_bad_light - rest.safe
      e.effect = string.format("regains %d magic point%s instead of %d", rest.safe_bad_light,
        rest.safe_bad_light == 1 and "" or "s", rest.safe)
      e.source = magic.data.regain_power:source("rest")
    else
      local entry, has_list = list_entry(row.list, "bad_light")
      if entry then
        e.value = type(entry.value) == "number" and entry.value or nil
        e.effect = e.value and show_value(e.value) or "varies (" .. entry.reason .. ")"
        e.source = core.source_text(entry)
      elseif not has_list and row.value then
        e.value, e.effect, e.source = row.value, show_value(row.value), data.bad_light_effects:source(i)
      else
        e.value, e.effect, e.source = 0, "none", data.bad_light_effects:source(i)
      end
    end
    out[#out + 1] = e
  end
  return out
end

-- Whether an effect touches a subject (a unit, or an individual of some role).
local function touches(effect, subject)
  local as = subject.kind == "individual" and subject.role or "unit"
  for _, r in ipairs(effect.applies) do
    if r == as then return true end
  end
  return false
end

--- The effects of bad light on one subject ({kind, role?}), from M.effects().
function M.effects_on(subject, effects)
  local out = {}
  for _, e in ipairs(effects or M.effects()) do
    if e.effect ~= "none" and touches(e, subject) then
      out[#out + 1] = { id = e.id, where = e.where, value = e.value, effect = e.effect, source = e.source }
    end
  end
  return out
end

-- ---------------------------------------------------------------------------------------
-- Subjects: unit descriptions, individuals, army-list entries ("goblins/goblin_infantry")
-- ---------------------------------------------------------------------------------------

local function load_list(id, path)
  local known = false
  for _, l in ipairs(armies.list_ids) do
    if l == id then known = true end
  end
  if not known and not (type(id) == "string" and id:match("%.lua$")) then
    core.fail(path, string.format("%s is not an army list (%s, or a list file's path)", core.show(id),
      table.concat(armies.list_ids, ", ")))
  end
  return armies.load_list(id)
end

local function entry_subject(list, id, path)
  local e = list.entries[id]
  if not e then core.fail(path, string.format("the list %s has no entry %s", core.show(list.id), core.show(id))) end
  local s = { name = e.name, list = list.id, entry = id, kind = e.kind == "character" and "individual" or "unit",
              role = e.role, type = e.type, night_type = e.night_type, bad_light = e.bad_light or "none" }
  return s
end

--- Checks one subject: a unit description, an individual ({role = ...}) or an army-list
--- entry "list/entry". Returns {name, kind, role?, list?, entry?, type, night_type?, bad_light}.
function M.check_subject(v, path)
  if type(v) == "string" then
    local list_id, id = string.match(v, "^(.+)/([%w_]+)$")
    if not list_id then core.fail(path, string.format("%s is not \"list/entry\" (\"goblins/goblin_infantry\")", core.show(v))) end
    return entry_subject(load_list(list_id, path), id, path)
  end
  if type(v) ~= "table" then core.fail(path, "a unit, an individual or \"list/entry\" expected") end
  local p, kind
  if v.role ~= nil then p, kind = units.check_individual(v, path), "individual"
  else p, kind = units.check_unit(v, path), "unit" end
  return { name = p.name, kind = kind, role = p.role, type = p.type, night_type = p.night_type, bad_light = p.bad_light }
end

--- Checks an array of subjects.
function M.check_subjects(list, path)
  if type(list) ~= "table" then core.fail(path, "array expected (units, individuals, \"list/entry\")") end
  local out = {}
  for i, v in ipairs(list) do out[i] = M.check_subject(v, path .. "[" .. i .. "]") end
  return out
end

-- ---------------------------------------------------------------------------------------
-- Procedures
-- ---------------------------------------------------------------------------------------

-- The row of table bad_light_rules (core.lua) that decided `s`'s bad light at `light`, as
-- "reason (source)"; nil when the book's rule alone decided (BAD = the half of the dial).
local function rule_note(s, light)
  local t = core.data.bad_light_rules
  local key
  if t.rows.everyone.enduring then key = "everyone"
  elseif light ~= nil and s.bad_light == light and t.rows[light].exempt then key = light end
  if not key then return nil end
  local reason = t.rows[key].reason or (key == "everyone" and "everyone endures bad light" or
    ("figures whose bad light is " .. key .. " do not endure it by " .. key))
  return reason .. " (" .. t:source(key) .. ")"
end

--- Who endures bad light at `light` ("day" or "night") and what it costs them. args =
--- {light, subjects, lists? (checked list ids)}.
function M.bad_light(args)
  local res = core.result("bad_light")
  res.light = args.light
  res.source = core.source_text({ source = core.ruleset, page = 14 })
  local effects = M.effects()
  res.effects = effects
  res.subjects, res.enduring = {}, {}
  for _, s in ipairs(args.subjects) do
    local r = { name = s.name, list = s.list, entry = s.entry, kind = s.kind, role = s.role, bad_light = s.bad_light }
    r.enduring = units.bad_light(s, args.light)
    r.rule = rule_note(s, args.light)
    r.type = units.type_at(s, args.light)
    if r.type ~= s.type then r.type_by_light = s.type .. " -> " .. r.type end
    r.effects = r.enduring and M.effects_on(s, effects) or {}
    res.subjects[#res.subjects + 1] = r
    if r.enduring then res.enduring[#res.enduring + 1] = s.name end
  end
  if args.lists then
    res.races = {}
    for _, list in ipairs(args.lists) do
      local lights, seen = {}, {}
      for _, id in ipairs(list.order) do
        local l = list.entries[id].bad_light or "none"
        if not seen[l] then seen[l] = true lights[#lights + 1] = l end
      end
      res.races[#res.races + 1] = { list = list.id, name = list.name, bad_light = lights }
    end
  end
  res.outcome = string.format("%d of %d endure bad light by %s", #res.enduring, #res.subjects, args.light)
  return res
end

local function subject_change(s, from_light, to_light, effects)
  local r = { name = s.name, list = s.list, entry = s.entry, bad_light = s.bad_light }
  r.before, r.after = units.bad_light(s, from_light), units.bad_light(s, to_light)
  if r.before ~= r.after then r.change = r.after and "enters bad light" or "leaves bad light" end
  r.type_before, r.type_after = units.type_at(s, from_light), units.type_at(s, to_light)
  if r.type_before ~= r.type_after then r.type_change = r.type_before .. " -> " .. r.type_after end
  r.effects = r.after and M.effects_on(s, effects) or {}
  return r
end

-- Boast 3 at this move of the hourglass: settled at the first change of light it names,
-- judged by prebattle.boast (the one place the boast's rule lives).
local function boast_verdict(b, light_before, changes)
  local due_light = b.proclaimed == "sunset" and "day" or "night"
  if not b.broken and light_before ~= due_light then
    core.fail("boast.proclaimed", string.format("a %s boast waits by %s; by %s its %s has passed and settled it (give broken = true if it broke)",
      b.proclaimed, due_light, light_before, b.proclaimed))
  end
  local at
  for _, c in ipairs(changes) do
    if c.change == b.proclaimed then at = c.to break end
  end
  local v = prebattle.boast { boast = 3, broken = b.broken, light_changed = at ~= nil,
                              total_victory = b.total_victory, steps_to_light_change = 1 }
  local out = { boast = 3, name = v.name, proclaimed = b.proclaimed, source = v.source, holds = v.holds, at = at,
                settled = b.broken or at ~= nil }
  if out.settled then
    out.verdict, out.reason = v.outcome, v.reason
  else
    out.verdict = "pending"
    out.reason = "the " .. b.proclaimed .. " has not come yet: the boast holds until it does"
  end
  return out
end

--- Moves the hourglass: a Hasten first (args.hasten steps, signed), then the end-of-turn
--- step. args = {index, hasten?, end_of_turn, subjects?, boast?, banish_steps_left?}.
function M.time_dial(args)
  local res = core.result("time_dial")
  res.from, res.from_index = M.step_name(args.index), args.index
  res.light_before = M.light_at(args.index)
  res.moves, res.changes = {}, {}
  local index = args.index
  if args.hasten then
    local from = index
    index = M.move(index, args.hasten, "hasten", res.changes)
    res.moves[#res.moves + 1] = { by = "hasten", steps = args.hasten, from = M.step_name(from), to = M.step_name(index),
                                  source = magic.data.spells:source("hasten_day_night") }
  end
  if args.end_of_turn then
    local from = index
    index = M.move(index, 1, "end_of_turn", res.changes)
    res.moves[#res.moves + 1] = { by = "end_of_turn", steps = 1, from = M.step_name(from), to = M.step_name(index),
                                  source = core.source_text({ source = core.ruleset, page = 14 }) }
  end
  res.to, res.to_index = M.step_name(index), index
  res.light_after = M.light_at(index)
  res.light_changed = #res.changes > 0
  res.steps_to_light_change = M.steps_to_change(index)
  if args.subjects then
    local effects = M.effects()
    res.units = {}
    for _, s in ipairs(args.subjects) do
      res.units[#res.units + 1] = subject_change(s, res.light_before, res.light_after, effects)
    end
  end
  if args.boast then res.boast = boast_verdict(args.boast, res.light_before, res.changes) end
  if args.banish_steps_left then
    local counted = args.end_of_turn and 1 or 0
    local left = math.max(args.banish_steps_left - counted, 0)
    res.banish = { steps_left_before = args.banish_steps_left, steps_counted = counted, steps_left = left,
                   magic_banished = left > 0, source = magic.data.spells:source("banish_magic") }
  end
  local names = {}
  for _, c in ipairs(res.changes) do names[#names + 1] = c.change end
  if #res.moves == 0 then
    res.outcome = res.to .. ": the hourglass stays"
  else
    res.outcome = res.from .. " -> " .. res.to .. (#names > 0 and (": " .. table.concat(names, ", ")) or "")
  end
  return res
end

M.procedures = {
  time_dial = {
    doc = "moves the hourglass round the time dial: a Hasten Day/Night first, then the end-of-turn step; the changes of light passed, who enters or leaves bad light (and the type of the light), Boast 3, the Banish Magic countdown (p.14, 16, 43-44)",
    fields = { "time", "hasten", "end_of_turn", "units", "boast", "banish_steps_left" },
    run = function(input)
      local a = { index = M.check_step(input.time, "time") }
      if input.hasten ~= nil then
        a.hasten = core.check_int(input.hasten, "hasten", -100, 100)
        if a.hasten == 0 then core.fail("hasten", "a Hasten moves the hourglass at least one step (signed: + forwards, - backwards)") end
      end
      a.end_of_turn = core.check_bool(input.end_of_turn, "end_of_turn", true)
      if input.units ~= nil then a.subjects = M.check_subjects(input.units, "units") end
      if input.boast ~= nil then
        core.check_fields(input.boast, { "proclaimed", "total_victory", "broken" }, "boast")
        a.boast = { proclaimed = core.check_enum(input.boast.proclaimed, { "sunset", "sunrise" }, "boast.proclaimed"),
                    total_victory = core.check_bool(input.boast.total_victory, "boast.total_victory", false),
                    broken = core.check_bool(input.boast.broken, "boast.broken", false) }
      end
      if input.banish_steps_left ~= nil then
        local max = magic.data.spells.rows.banish_magic.steps_of_time
        a.banish_steps_left = core.check_int(input.banish_steps_left, "banish_steps_left", 1, max)
      end
      return M.time_dial(a)
    end,
  },
  bad_light = {
    doc = "who endures bad light at a time, from unit descriptions, individuals or army-list entries, and what it costs them (every effect read from its list; p.14, 20-39)",
    fields = { "time", "units", "lists" },
    run = function(input)
      if input.time == nil then
        core.fail("time", string.format("missing (day, night, a dial step such as \"night 2\", or 1..%d)", 2 * per_half()))
      end
      local light = core.check_time(input.time, "time")
      local subjects = input.units ~= nil and M.check_subjects(input.units, "units") or {}
      local lists
      if input.lists ~= nil then
        if type(input.lists) ~= "table" then core.fail("lists", "array of army list ids expected") end
        lists = {}
        for i, id in ipairs(input.lists) do
          local list = load_list(id, "lists[" .. i .. "]")
          lists[i] = list
          for _, eid in ipairs(list.order) do subjects[#subjects + 1] = entry_subject(list, eid, "lists[" .. i .. "]") end
        end
      end
      if #subjects == 0 then core.fail("units", "nobody to report: give units (or \"list/entry\") or lists") end
      return M.bad_light { light = light, subjects = subjects, lists = lists }
    end,
  },
}

return M
