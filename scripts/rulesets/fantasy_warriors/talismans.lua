--- Fantasy Warriors talismans (page 46): the army standard, the beloved personage and the
--- sacred item, the states each goes through (tables `talisman_states`, `talisman_transitions`,
--- `talisman_rules`), one event on one talisman (taking down, the end of a Movement phase with
--- the enemy's choice to wreck or defile, killed, routed, contact broken), and the number still
--- functioning that the Command Test adds (command.lua). Uses muster.choice; throws no dice
--- and changes no input table. Points and the one-of-each limit belong to armies.lua.
local core = require("core")
local units = require("units")
local armies = require("armies")
local casualties = require("casualties")
local explain = require("explain")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- The order --explain tells these results in.
explain.order.talisman = { "talisman", "name", "event", "state_before", "state_after", "functioning_before",
  "functioning_after", "why", "transitions", "command_test", "command_test_markers", "choices" }
explain.order.talismans = { "functioning", "lines" }

-- ---------------------------------------------------------------------------------------
-- Data (page 46), patchable by variants with rules.set_row.
-- ---------------------------------------------------------------------------------------

--- Each talisman's states, in `order`; `initial` is its state when the battle begins. A
--- functioning state gives +1 in the Command Test (p.39); `lost` marks the states the enemy
--- brought about (wrecked, killed, routed, defiled); `final` those nothing more happens to.
data.talisman_states = core.define_table("talisman_states", {
  army_standard = { initial = "raised", order = { "raised", "taken_down", "wrecked" }, states = {
    raised = { functioning = true, why = "raised and in position for the whole army to see" },
    taken_down = { functioning = false, final = true,
                   why = "taken down: safe for the rest of the battle, but no bonus and never raised again" },
    wrecked = { functioning = false, lost = true, final = true, why = "wrecked by the enemy and removed" },
  } },
  beloved_personage = { initial = "alive", order = { "alive", "killed", "routed" }, states = {
    alive = { functioning = true, why = "alive and on the battlefield" },
    killed = { functioning = false, lost = true, final = true, why = "killed" },
    routed = { functioning = false, lost = true, final = true, why = "routed from the battlefield" },
  } },
  sacred_item = { initial = "guarded", order = { "guarded", "abandoned", "defiled" }, states = {
    guarded = { functioning = true, why = "a warchief, battle leader or individual has stayed in base contact with it" },
    abandoned = { functioning = false, why = "abandoned: base contact was broken, for good (proposed), so no bonus" },
    defiled = { functioning = false, lost = true, final = true, why = "defiled by the enemy: no longer sacred" },
  } },
}, 46)

--- The transitions between those states: which talisman, from which states, to which,
--- and whether the army takes a Command Test this turn (`marker`: the event written on the
--- Command Test markers, §35; `counters_event`: the row of individuals.lua's
--- `command_test_events` to give the procedure `command_counters`). At the end of a Movement phase `from` is read against the
--- state before it. An abandoned item can still be defiled (proposed): a variant that
--- disagrees sets `defile.from = {"guarded"}`, and then only an item abandoned in that very
--- phase (its guardians driven off) can be.
data.talisman_transitions = core.define_table("talisman_transitions", {
  take_down = { talisman = "army_standard", from = { "raised" }, to = "taken_down", command_test = false },
  wreck = { talisman = "army_standard", from = { "raised" }, to = "wrecked", command_test = true,
            marker = "talisman wrecked", counters_event = "army_standard_wrecked" },
  killed = { talisman = "beloved_personage", from = { "alive" }, to = "killed", command_test = true,
             marker = "talisman killed", counters_event = "beloved_personage_killed" },
  routed = { talisman = "beloved_personage", from = { "alive" }, to = "routed", command_test = true,
             marker = "talisman routed", counters_event = "beloved_personage_routed" },
  abandon = { talisman = "sacred_item", from = { "guarded" }, to = "abandoned", command_test = false },
  defile = { talisman = "sacred_item", from = { "guarded", "abandoned" }, to = "defiled", command_test = true,
             marker = "talisman defiled", counters_event = "sacred_item_defiled" },
}, 46)

--- Taking down the army standard: the warchief and at least `others` more figures, none of
--- them reacting or in combat, in base contact at the start of the Movement phase. Guarding
--- the sacred item: a figure of one of `guard.roles` in base contact (`who` says it in text);
--- a house rule may add "crew" (HR-12: the galloper gun's gunners).
local guard_roles = {}
for i, r in ipairs(units.roles) do guard_roles[i] = r end
data.talisman_rules = core.define_table("talisman_rules", { take_down = { others = 3 },
  guard = { roles = guard_roles, who = "warchief, battle leader or individual" } }, 46)

--- The talisman types (armies.lua's list, one source).
M.types = armies.talismans

--- The events of each type, for the procedure `talisman`.
M.events = {
  army_standard = { "take_down", "end_of_movement" },
  beloved_personage = { "killed", "routed" },
  sacred_item = { "contact_broken", "end_of_movement" },
}
M.event_names = { "take_down", "end_of_movement", "killed", "routed", "contact_broken" }

-- Figures in base contact: the characters (units.roles) and the figures of units (a war
-- machine's crew apart: a house rule may let them guard a sacred item).
local figure_roles = { "warrior", "special", "crew" }
for _, r in ipairs(units.roles) do figure_roles[#figure_roles + 1] = r end

local function words(s) return (s:gsub("_", " ")) end

-- "an army standard", "a sacred item".
local function a_(s) return (s:match("^[aeiou]") and "an " or "a ") .. words(s) end

local function member(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

-- ---------------------------------------------------------------------------------------
-- States
-- ---------------------------------------------------------------------------------------

--- The row of `state` for a talisman `type`: {functioning, lost?, why}, and its source.
---@param type string "army_standard" | "beloved_personage" | "sacred_item"
---@param state string
---@return table row
---@return string source
function M.state(type, state)
  local row = data.talisman_states.rows[type]
  return row.states[state], data.talisman_states:source(type)
end

--- Whether a talisman in `state` gives its +1 in the Command Test.
---@param type string
---@param state string
---@return boolean
function M.functioning(type, state)
  return M.state(type, state).functioning == true
end

local function check_talisman(t, path)
  core.check_fields(t, { "type", "name", "state" }, path)
  local type_ = core.check_enum(t.type, M.types, path .. ".type")
  local row = data.talisman_states.rows[type_]
  local name = t.name or words(type_)
  if type(name) ~= "string" then core.fail(path .. ".name", "string expected") end
  local state = core.check_enum(t.state or row.initial, row.order, path .. ".state")
  return { type = type_, name = name, state = state }
end

local function check_figures(list, path)
  if list == nil then return {} end
  if type(list) ~= "table" or (#list == 0 and next(list) ~= nil) then core.fail(path, "array of figures expected") end
  local out, warchiefs = {}, 0
  for i, f in ipairs(list) do
    local p = path .. "[" .. i .. "]"
    core.check_fields(f, { "name", "role", "count", "reaction", "in_combat" }, p)
    local role = core.check_enum(f.role or "warrior", figure_roles, p .. ".role")
    local count = core.check_int(f.count, p .. ".count", 1, 1000, 1)
    if count > 1 and member(units.roles, role) then core.fail(p .. ".count", "a " .. words(role) .. " is one figure") end
    local name = f.name or words(role)
    if type(name) ~= "string" then core.fail(p .. ".name", "string expected") end
    if role == "warchief" then warchiefs = warchiefs + 1 end
    if warchiefs > 1 then core.fail(p .. ".role", "a second warchief: an army has one") end
    out[i] = { name = name, role = role, count = count, path = p,
               reaction = core.check_enum(f.reaction or "ok", units.reactions, p .. ".reaction"),
               in_combat = core.check_bool(f.in_combat, p .. ".in_combat", false) }
  end
  return out
end

local function check_contact(c, event)
  if c == nil then
    core.fail("contact", "missing: the figures in base contact with the talisman ({friendly, enemy}) decide " .. event)
  end
  core.check_fields(c, { "friendly", "enemy" }, "contact")
  return { friendly = check_figures(c.friendly, "contact.friendly"), enemy = check_figures(c.enemy, "contact.enemy") }
end

local function total(figures)
  local n = 0
  for _, f in ipairs(figures) do n = n + f.count end
  return n
end

-- ---------------------------------------------------------------------------------------
-- One event
-- ---------------------------------------------------------------------------------------

-- Refuses a transition the talisman's state does not allow.
local function check_from(t, key, event)
  local tr = data.talisman_transitions.rows[key]
  if not member(tr.from, t.state) then
    local row = M.state(t.type, t.state)
    core.fail("talisman.state", string.format("%s needs the %s %s; it is %s (%s) (p.46)", event, words(t.type),
      words(table.concat(tr.from, " or ")), words(t.state), row.why))
  end
  return tr
end

-- Applies transition `key` to the talisman and the result.
local function apply(res, t, key)
  local tr = data.talisman_transitions.rows[key]
  t.state = tr.to
  res.transitions[#res.transitions + 1] = key
  res.source = data.talisman_transitions:source(key)
  if tr.command_test then
    res.command_test = true
    res.command_test_markers[#res.command_test_markers + 1] = { name = t.name, role = t.type, event = tr.marker,
      counters_event = tr.counters_event }
  end
end

-- Take down the army standard (p.46): checks the figures in contact at the start of the
-- Movement phase; the take-down happens when they stayed in contact the whole phase.
local function take_down(res, t, a)
  check_from(t, "take_down", "take_down")
  local warchief, helpers, unfit = nil, 0, 0
  for _, f in ipairs(a.contact.friendly) do
    local fit = f.reaction == "ok" and not f.in_combat
    if f.role == "warchief" then
      warchief = f
      if not fit then
        local state = f.in_combat and "in combat" or ({ bloodlust = "in bloodlust", rout = "routing" })[f.reaction] or f.reaction
        core.fail(f.path, string.format("the warchief is %s: the figures taking the standard down may not be reacting or in combat (p.46)",
          state))
      end
    elseif fit then
      helpers = helpers + f.count
    else
      unfit = unfit + f.count
    end
  end
  if not warchief then
    core.fail("contact.friendly", "the warchief must be in base contact with the standard at the start of the Movement phase (p.46)")
  end
  local need = data.talisman_rules.rows.take_down.others
  if helpers < need then
    core.fail("contact.friendly", string.format("%d other figure(s) fit to help (not reacting, not in combat)%s; the warchief needs at least %d (p.46)",
      helpers, unfit > 0 and string.format(", %d more reacting or in combat", unfit) or "", need))
  end
  res.warchief, res.helpers, res.whole_phase = warchief.name, helpers, a.whole_phase
  if not a.whole_phase then
    res.outcome = "not taken down: the figures left base contact during the phase; the standard stays raised"
    return
  end
  apply(res, t, "take_down")
  res.outcome = "taken down: safe for the rest of the battle, no Command Test bonus"
end

-- The enemy's choice at the end of a Movement phase: wreck or defile, or leave it.
local function enemy_choice(res, t, a, verb)
  local answer, by = casualties.choose(res, t.name, { side = a.enemy, question = verb .. "_" .. t.type,
    prompt = string.format("%s: no friendly figure guards the %s (%s): %s it?", a.enemy, words(t.type), t.name, verb),
    options = { verb, "leave" } }, a.enemy_action)
  res.enemy_action, res.enemy_action_chosen_by = answer, by
  return answer == verb
end

-- The end of a Movement phase (p.46): who is in base contact decides.
local function end_of_movement(res, t, a)
  local friendly, enemy = total(a.contact.friendly), total(a.contact.enemy)
  res.friendly_in_contact, res.enemy_in_contact = friendly, enemy
  local verb = t.type == "army_standard" and "wreck" or "defile"
  local transitions = data.talisman_transitions.rows
  local row = M.state(t.type, t.state)
  if row.final then
    core.fail("talisman.state", string.format("end_of_movement: the %s is %s (%s); nothing more happens to it (p.46)",
      words(t.type), words(t.state), row.why))
  end
  local notes = {}
  if t.type == "sacred_item" then
    res.guardian = false
    local guard = data.talisman_rules.rows.guard
    for _, f in ipairs(a.contact.friendly) do
      if member(guard.roles, f.role) then res.guardian = f.name; break end
    end
    if member(transitions.abandon.from, t.state) and not res.guardian then
      apply(res, t, "abandon")
      notes[#notes + 1] = "abandoned: no " .. guard.who .. " in base contact"
    elseif res.guardian and not row.functioning then
      notes[#notes + 1] = res.guardian .. " is back in base contact, but abandonment is for good (proposed)"
    end
  end
  res.choices = {}
  if friendly > 0 then
    notes[#notes + 1] = string.format("%d friendly figure(s) in base contact: the enemy cannot %s it", friendly, verb)
  elseif enemy == 0 then
    notes[#notes + 1] = "no enemy figure in base contact"
  elseif not member(transitions[verb].from, res.state_before) then
    notes[#notes + 1] = string.format("the enemy cannot %s it: it was %s before this phase", verb, words(res.state_before))
  elseif enemy_choice(res, t, a, verb) then
    apply(res, t, verb)
    notes[#notes + 1] = string.format("%s by %s: Command Test this turn", verb == "wreck" and "wrecked" or "defiled", a.enemy)
  else
    notes[#notes + 1] = string.format("%s leaves it", a.enemy)
  end
  if #res.transitions == 0 then table.insert(notes, 1, "stays " .. words(t.state)) end
  res.outcome = table.concat(notes, "; ")
end

--- One event on one talisman. args: {talisman {type, name, state}, event, side, enemy,
--- contact {friendly, enemy}?, whole_phase, enemy_action?} (checked).
---@return table result
function M.event(a)
  local t = a.talisman
  local res = core.result("talisman")
  res.talisman, res.name, res.event, res.side = t.type, t.name, a.event, a.side
  res.state_before, res.functioning_before = t.state, M.functioning(t.type, t.state)
  res.transitions, res.command_test, res.command_test_markers = {}, false, {}
  res.source = data.talisman_states:source(t.type)
  local e = a.event
  if e == "take_down" then
    take_down(res, t, a)
  elseif e == "end_of_movement" then
    end_of_movement(res, t, a)
  elseif e == "killed" or e == "routed" then
    check_from(t, e, e)
    apply(res, t, e)
    res.outcome = e .. ": Command Test this turn"
  else  -- contact_broken
    check_from(t, "abandon", e)
    apply(res, t, "abandon")
    res.outcome = "abandoned: no Command Test bonus for the rest of the battle (proposed)"
  end
  res.state_after, res.functioning_after = t.state, M.functioning(t.type, t.state)
  res.why = M.state(t.type, t.state).why
  return res
end

-- ---------------------------------------------------------------------------------------
-- An army's talismans
-- ---------------------------------------------------------------------------------------

--- The functioning talismans of an army, for command_test's `talismans`: one line per
--- talisman {talisman, name, state, functioning, why, source}. args: checked talismans.
---@return table result
function M.count(list)
  local res = core.result("talismans")
  res.lines, res.functioning = {}, 0
  for _, t in ipairs(list) do
    local row, source = M.state(t.type, t.state)
    res.lines[#res.lines + 1] = { talisman = t.type, name = t.name, state = t.state, functioning = row.functioning,
                                  why = row.why, source = source }
    if row.functioning then res.functioning = res.functioning + 1 end
  end
  res.outcome = string.format("%d of %d functioning: +%d in the Command Test", res.functioning, #list, res.functioning)
  return res
end

-- ---------------------------------------------------------------------------------------
-- Procedures
-- ---------------------------------------------------------------------------------------

local function check_name(v, path, default)
  if v == nil then return default end
  if type(v) ~= "string" then core.fail(path, "string expected") end
  return v
end

-- Refuses a field the event does not use (a misplaced fact is not silently ignored).
local function unused(input, field, event)
  if input[field] ~= nil then core.fail(field, "not used by the " .. event .. " event") end
end

M.procedures = {
  talisman = {
    doc = "one event on one talisman: take_down, end_of_movement (the enemy may wreck or defile), killed, routed, contact_broken; states before and after, Command Test markers (p.46)",
    fields = { "talisman", "event", "side", "enemy", "contact", "whole_phase", "enemy_action" },
    run = function(input)
      if input.talisman == nil then core.fail("talisman", "missing: {type, name?, state?}") end
      local t = check_talisman(input.talisman, "talisman")
      local event = core.check_enum(input.event, M.event_names, "event")
      if not member(M.events[t.type], event) then
        core.fail("event", string.format("%s has no %s event (its events: %s)", a_(t.type), event,
          table.concat(M.events[t.type], ", ")))
      end
      local a = { talisman = t, event = event, side = check_name(input.side, "side", "own"),
                  enemy = check_name(input.enemy, "enemy", "enemy") }
      if event == "take_down" or event == "end_of_movement" then
        a.contact = check_contact(input.contact, event)
      else
        unused(input, "contact", event)
      end
      if event == "take_down" then
        a.whole_phase = core.check_bool(input.whole_phase, "whole_phase", true)
      else
        unused(input, "whole_phase", event)
      end
      if event == "end_of_movement" then
        if input.enemy_action ~= nil then
          a.enemy_action = core.check_enum(input.enemy_action,
            { t.type == "army_standard" and "wreck" or "defile", "leave" }, "enemy_action")
        end
      else
        unused(input, "enemy_action", event)
      end
      return M.event(a)
    end,
  },
  talismans = {
    doc = "an army's talismans and their states: how many still function, the +1 each in the Command Test (p.39, 46)",
    fields = { "talismans" },
    run = function(input)
      local list = input.talismans or {}
      if type(list) ~= "table" or (#list == 0 and next(list) ~= nil) then
        core.fail("talismans", "array of talismans expected")
      end
      local out, seen = {}, {}
      local limit = armies.data.army_limits.rows.talismans_per_kind.value
      for i, t in ipairs(list) do
        local p = "talismans[" .. i .. "]"
        out[i] = check_talisman(t, p)
        seen[out[i].type] = (seen[out[i].type] or 0) + 1
        if seen[out[i].type] > limit then
          core.fail(p .. ".type", string.format("a second %s: at most %d of each kind per army (p.46)", words(out[i].type), limit))
        end
      end
      return M.count(out)
    end,
  },
}

return M
