--- Fantasy Warriors individuals in battle (pages 39-42, 46): what the loss of a figure that
--- matters sets off. The warchief's loss (every individual routs or leaves, heroes' vengeance
--- roll, wizards' last spell through magic.lua, no new orders), the loss of any one figure, a
--- unit routing with characters attached, and the Command Test counters each event places
--- (table `command_test_events`), ready for command.lua's `command_test`. Owns no Command Test
--- itself. Deterministic: dice only through core (muster.dice), in the order of the input.
local core = require("core")
local morale = require("morale")
local units = require("units")
local magic = require("magic")
local prebattle = require("prebattle")
local explain = require("explain")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- ---------------------------------------------------------------------------------------
-- Data
-- ---------------------------------------------------------------------------------------

--- Events that place Command Test counters (pages 39-46; digest part 2 §35). Per event:
--- `counters` (whether it places any), `timing` (the book's "when": `phase_seven`,
--- `end_of_turn`, `next_command_test_phase`, `this_turn`, `immediately`), `warchief_lost`
--- (the -3 line and no new orders from now on), `reason`. Rows `hero_vengeance_rout` and
--- `wizard_warchief_rout` are the two routs the book exempts (page 40).
--- Each row is {event, page, row}, in the order `command_counters` lists them (M.events).
local event_rows = {
  { "warchief_killed", 42, { counters = true, timing = "phase_seven", warchief_lost = true,
                             reason = "the warchief is killed" } },
  { "warchief_routed", 42, { counters = true, timing = "phase_seven", warchief_lost = true,
                             reason = "the warchief routs" } },
  { "battle_leader_killed", 42, { counters = true, timing = "phase_seven",
                                  reason = "a battle leader is killed (influence gone horribly wrong included)" } },
  { "battle_leader_routed", 42, { counters = true, timing = "phase_seven",
                                  reason = "a battle leader routs (with a unit, after influence, or on the Command Test)" } },
  { "hero_killed", 40, { counters = true, timing = "phase_seven", reason = "a hero is killed" } },
  { "hero_routed", 39, { counters = true, timing = "phase_seven", reason = "a hero routs" } },
  { "hero_vengeance_rout", 40, { counters = false, timing = "none",
                                 reason = "a hero routs on his roll after the warchief's death: no Command Test" } },
  { "wizard_killed", 43, { counters = true, timing = "end_of_turn", reason = "a wizard is killed (overdrawing included)" } },
  { "wizard_routed", 39, { counters = true, timing = "phase_seven", reason = "a wizard routs" } },
  { "wizard_warchief_rout", 40, { counters = false, timing = "none",
                                  reason = "a wizard routs after the warchief's death without overdrawing: no Command Test" } },
  { "priest_killed", 40, { counters = true, timing = "phase_seven", reason = "a priest is killed" } },
  { "priest_routed", 39, { counters = true, timing = "phase_seven", reason = "a priest routs" } },
  { "priest_taken_by_gods", 41, { counters = true, timing = "next_command_test_phase",
                                  reason = "a priest is taken by his own gods while attacking a wizard" } },
  { "army_standard_wrecked", 46, { counters = true, timing = "this_turn", reason = "the army standard is wrecked" } },
  { "beloved_personage_killed", 46, { counters = true, timing = "this_turn", reason = "the beloved personage is killed" } },
  { "beloved_personage_routed", 46, { counters = true, timing = "this_turn", reason = "the beloved personage routs" } },
  { "sacred_item_defiled", 46, { counters = true, timing = "this_turn", reason = "the sacred item is defiled" } },
  { "portent_of_doom", 45, { counters = true, timing = "immediately",
                             reason = "the enemy casts Portent of Doom: every tester tests at once" } },
}

--- The event names, in the order above (the `event` input of command_counters).
M.events = {}
do
  local rows = {}
  for _, e in ipairs(event_rows) do
    rows[e[1]] = e[3]
    M.events[#M.events + 1] = e[1]
  end
  data.command_test_events = core.define_table("command_test_events", rows, 39)
  for _, e in ipairs(event_rows) do data.command_test_events:set_page(e[1], e[2]) end
end

--- A hero whose warchief is killed (page 40): 1D, +1 in base contact with the enemy; 4 or
--- more (7 with the +1) he stays, bent on vengeance; 1-3 he routs, no Command Test.
data.hero_warchief_killed = core.define_table("hero_warchief_killed", {
  ["1"] = { stays = false }, ["2"] = { stays = false }, ["3"] = { stays = false },
  ["4"] = { stays = true }, ["5"] = { stays = true }, ["6"] = { stays = true }, ["7"] = { stays = true },
  in_combat = { bonus = 1 },
}, 40)

--- What vengeance obliges a hero to do for the rest of the battle (page 40, our words).
M.vengeance = {
  "moves at maximum speed towards the nearest enemy and attacks it",
  "moves in the Movement phase after all friendly battle leaders have moved",
  "in combat stands and fights until that enemy unit routs or is annihilated",
  "if he survives, seeks out the next nearest enemy and so on",
}

--- What a lost herald, banner bearer or courier takes with him (pages 8, 35-37, 41), per role.
data.individual_loss_effects = core.define_table("individual_loss_effects", {
  herald = { range = 2, temporary = "musician" },
  banner_bearer = { range = 4, temporary = "standard", influence = 1 },
  courier = { order_lost = true, bonus = 1 },
}, 41)

--- The roles of individuals (units.roles but warchiefs and battle leaders), pages 40-41.
M.individual_roles = {}
for _, r in ipairs(units.roles) do
  if r ~= "warchief" and r ~= "battle_leader" then M.individual_roles[#M.individual_roles + 1] = r end
end

--- Why a figure is lost (individual_lost's `cause`); nil is an ordinary kill or rout.
M.causes = { "overdraw", "gods", "influence", "command_test", "warchief_roll" }

-- ---------------------------------------------------------------------------------------
-- Input checks
-- ---------------------------------------------------------------------------------------

local function check_name(v, path, default)
  if v == nil then return default end
  if type(v) ~= "string" then core.fail(path, "string expected, got " .. core.show(v)) end
  return v
end

-- The army's Command Test testers, in the shape command_test takes (and gives back).
local function check_testers(list, path)
  if list == nil then return nil end
  if type(list) ~= "table" then core.fail(path, "array of testers expected") end
  local out, names = {}, {}
  for i, t in ipairs(list) do
    local p = path .. "[" .. i .. "]"
    core.check_fields(t, { "name", "role", "leadership", "bad_light", "units", "counter" }, p)
    local role = core.check_enum(t.role, { "warchief", "battle_leader", "command" }, p .. ".role")
    local name = check_name(t.name, p .. ".name", role)
    if names[name] then core.fail(p .. ".name", "two testers named " .. core.show(name)) end
    names[name] = true
    if t.units ~= nil and type(t.units) ~= "table" then core.fail(p .. ".units", "array of unit names expected") end
    out[i] = { name = name, role = role, leadership = t.leadership ~= nil and core.check_int(t.leadership, p .. ".leadership", 0, 5) or nil,
               bad_light = core.check_bool(t.bad_light, p .. ".bad_light", nil),
               units = t.units or {}, counter = core.check_bool(t.counter, p .. ".counter", false) }
  end
  return out
end

local function check_tested(list, path, testers)
  local set = {}
  if list == nil then return set end
  if type(list) ~= "table" then core.fail(path, "array of tester names expected") end
  for i, n in ipairs(list) do
    check_name(n, path .. "[" .. i .. "]")
    local known = false
    for _, t in ipairs(testers or {}) do if t.name == n then known = true end end
    if not known then core.fail(path .. "[" .. i .. "]", core.show(n) .. " is not one of the testers") end
    set[n] = true
  end
  return set
end

-- One figure {name, role, in_combat?, power?, last_spell?, beloved_personage?}.
local function check_figure(f, path, roles)
  if type(f) ~= "table" then core.fail(path, "a figure {name, role, ...} expected") end
  core.check_fields(f, { "name", "role", "in_combat", "power", "last_spell", "beloved_personage" }, path)
  local role = core.check_enum(f.role, roles, path .. ".role")
  local out = { name = check_name(f.name, path .. ".name", role), role = role,
                in_combat = core.check_bool(f.in_combat, path .. ".in_combat", false),
                beloved_personage = core.check_bool(f.beloved_personage, path .. ".beloved_personage", false) }
  if f.in_combat ~= nil and role ~= "hero" then
    core.fail(path .. ".in_combat", "only a hero's roll counts base contact with the enemy")
  end
  if f.power ~= nil or f.last_spell ~= nil then
    if role ~= "wizard" then core.fail(path .. (f.power ~= nil and ".power" or ".last_spell"), "only a wizard has power and spells") end
  end
  if role == "wizard" then
    out.power = core.check_int(f.power, path .. ".power", 0, nil, 0)
    local last = f.last_spell
    if last ~= nil then
      local lp = path .. ".last_spell"
      if type(last) ~= "table" then core.fail(lp, "a cast input (without wizard) expected") end
      if last.wizard ~= nil then core.fail(lp .. ".wizard", "the wizard is the figure itself") end
      core.check_fields(last, magic.procedures.cast.fields, lp)
    end
    out.last_spell = last
  end
  return out
end

local function check_figures(list, path, roles)
  if list == nil then return {} end
  if type(list) ~= "table" then core.fail(path, "array of figures expected") end
  local out, names = {}, {}
  for i, f in ipairs(list) do
    out[i] = check_figure(f, path .. "[" .. i .. "]", roles)
    if names[out[i].name] then core.fail(path .. "[" .. i .. "].name", "two figures named " .. core.show(out[i].name)) end
    names[out[i].name] = true
  end
  return out
end

local omens_values = { "none", "unread", "good", "bad", "neutral" }

-- The input checkers, for the end-of-phase checks (end_of_phase.lua) that feed these procedures.
M.check_testers, M.check_tested, M.check_figures, M.omens_values = check_testers, check_tested, check_figures, omens_values

-- ---------------------------------------------------------------------------------------
-- Command Test counters
-- ---------------------------------------------------------------------------------------

local when_rank = { now = 3, this_turn = 2, next_turn = 1 }

--- Places the counters of the events `keys` on `testers` (checked). `lost` names the
--- leaders lost (their testers become leaderless commands when units remain, else drop
--- out); `tested` the testers that already took this turn's Phase Seven test. Returns the
--- testers for command_test (counter set) and the counters placed {name, role, when}.
---@param testers table[] checked testers {name, role, leadership?, bad_light?, units, counter}
---@param keys string[] rows of `command_test_events`
---@param lost table<string, boolean> names of the leaders lost
---@param tested table<string, boolean> names of the testers that already tested this Phase Seven
---@return table[] testers
---@return table[] placed
function M.place_counters(testers, keys, lost, tested)
  local rows = data.command_test_events.rows
  local out, placed = {}, {}
  for _, t in ipairs(testers) do
    local c = { name = t.name, role = t.role, leadership = t.leadership, bad_light = t.bad_light,
                units = t.units, counter = t.counter }
    local keep = true
    if lost[t.name] then
      keep = #t.units > 0
      c.name, c.role, c.leadership, c.counter = "command of " .. t.name, "command", nil, false
    end
    if keep then
      local when
      for _, key in ipairs(keys) do
        local row = rows[key]
        if row.counters then
          local w = row.timing == "immediately" and "now" or (tested[c.name] and "next_turn" or "this_turn")
          if when == nil or when_rank[w] > when_rank[when] then when = w end
        end
      end
      if when then
        placed[#placed + 1] = { name = c.name, role = c.role, when = when }
        if when ~= "next_turn" then c.counter = true end
      end
      out[#out + 1] = c
    end
  end
  return out, placed
end

-- The names of the testers whose counter waits for next turn's Phase Seven.
local function next_turn_names(counters)
  local out = {}
  for _, c in ipairs(counters) do if c.when == "next_turn" then out[#out + 1] = c.name end end
  return out
end

-- The counters of `keys` into res when the army's testers are given.
local function counters_into(res, a, keys, lost)
  res.events = keys
  local warchief = false
  for _, k in ipairs(keys) do
    if data.command_test_events.rows[k].warchief_lost then warchief = true end
  end
  res.warchief_lost = warchief or nil
  if a.testers then
    res.testers, res.counters = M.place_counters(a.testers, keys, lost, a.tested)
    res.next_turn_counters = next_turn_names(res.counters)
  end
end

--- The event key of a figure's loss, or nil when it places no counters.
---@param role string a role of units.roles
---@param event string "killed" | "routed"
---@param cause string|nil one of M.causes
---@return string|nil
function M.event_of(role, event, cause)
  if cause == "warchief_roll" then return role == "hero" and "hero_vengeance_rout" or "wizard_warchief_rout" end
  if cause == "gods" then return "priest_taken_by_gods" end
  -- the roles whose loss is a trigger: morale's table, shared with the casualties area
  if morale.data.command_test_roles.rows[role] then return role .. "_" .. event end
  return nil
end

-- The markers and events of one figure lost: its role's event and, for a beloved
-- personage, the talisman's. Adds to res.command_test_markers and keys.
local function mark(res, keys, fig, event, cause)
  local rows = data.command_test_events.rows
  local key = M.event_of(fig.role, event, cause)
  local function add(k)
    for _, have in ipairs(keys) do if have == k then return end end
    keys[#keys + 1] = k
  end
  if key then
    if not rows[key] then error("command_test_events: no row '" .. key .. "' for the loss of a " .. fig.role, 0) end
    add(key)
    if rows[key].counters then
      res.command_test_markers[#res.command_test_markers + 1] =
        { name = fig.name, role = fig.role, event = event, when = rows[key].timing }
    end
  end
  -- the talisman is lost whatever the figure's own role exempts (page 46)
  if fig.beloved_personage then
    local k = "beloved_personage_" .. event
    add(k)
    res.command_test_markers[#res.command_test_markers + 1] =
      { name = fig.name, role = "beloved_personage", event = event, when = rows[k].timing }
  end
end

--- Command Test counters for one event.
---@param a table {event, testers, lost?, tested}
---@return table result
function M.command_counters(a)
  local res = core.result("command_counters")
  local row = data.command_test_events.rows[a.event]
  res.event, res.source, res.timing, res.reason = a.event, data.command_test_events:source(a.event), row.timing, row.reason
  res.places_counters = row.counters
  res.no_new_orders = row.warchief_lost or false
  local lost = {}
  if a.lost then lost[a.lost] = true end
  res.testers, res.counters = M.place_counters(a.testers, { a.event }, lost, a.tested)
  res.next_turn_counters = next_turn_names(res.counters)
  res.warchief_lost = row.warchief_lost or false
  res.outcome = #res.counters == 0 and "no counters"
    or string.format("%d counter%s (%s)", #res.counters, #res.counters == 1 and "" or "s", row.timing)
  return res
end

-- ---------------------------------------------------------------------------------------
-- The warchief lost (pages 35, 40, 42)
-- ---------------------------------------------------------------------------------------

local function no_new_orders(res)
  res.no_new_orders = true
  res.orders_note = "no new orders for the rest of the battle: every command keeps its current orders (p.35)"
end

--- The warchief is killed or routs. a = {warchief (name), figure? (checked), event, individuals (checked),
--- testers?, tested?, omens?, options}.
---@param a table
---@return table result
function M.warchief_lost(a)
  local res = core.result("warchief_lost")
  res.warchief, res.event = a.warchief, a.event
  res.removed, res.stays, res.heroes, res.wizards, res.command_test_markers = { a.warchief }, {}, {}, {}, {}
  local keys = {}
  mark(res, keys, a.figure or { name = a.warchief, role = "warchief" }, a.event)
  local hero_rows = data.hero_warchief_killed.rows
  for _, ind in ipairs(a.individuals) do
    if a.event == "routed" then
      -- page 40: every individual, heralds and banner bearers too, leaves the table with him
      res.removed[#res.removed + 1] = ind.name
      mark(res, keys, ind, "routed")
    elseif ind.role == "hero" then
      local h = { name = ind.name, in_combat = ind.in_combat }
      h.die = core.d6(res, "warchief killed, " .. ind.name)
      h.score = h.die + (ind.in_combat and hero_rows.in_combat.bonus or 0)
      local key = tostring(math.min(h.score, 7))
      h.stays, h.source = hero_rows[key].stays, data.hero_warchief_killed:source(key)
      h.result = h.stays and "vengeance" or "routs"
      res.heroes[#res.heroes + 1] = h
      if h.stays then res.stays[#res.stays + 1] = ind.name
      else
        res.removed[#res.removed + 1] = ind.name
        mark(res, keys, ind, "routed", "warchief_roll")
      end
    elseif ind.role == "wizard" then
      local w = magic.warchief_lost({ wizard = { name = ind.name, power = ind.power }, last_spell = ind.last_spell },
                                    a.options)
      res.wizards[#res.wizards + 1] = w
      if w.stays then
        -- a house rule's row of wizard_warchief_lost keeps him (magic.lua): he fights on
        res.stays[#res.stays + 1] = ind.name
      else
        res.removed[#res.removed + 1] = ind.name
        if w.last_spell and w.last_spell.overdrawn then mark(res, keys, ind, "killed", "overdraw")
        else mark(res, keys, ind, "routed", "warchief_roll") end
      end
    else
      -- page 40: every other individual routs automatically and is removed
      res.removed[#res.removed + 1] = ind.name
      mark(res, keys, ind, "routed")
    end
  end
  -- Vengeance binds the heroes who stay, not a wizard a house rule keeps.
  for _, h in ipairs(res.heroes) do if h.stays then res.vengeance = M.vengeance end end
  no_new_orders(res)
  -- Soothsayers who rout take nothing from the omens: only a soothsayer's death turns them (p.41).
  res.omens_after = a.omens
  local lost = {}
  lost[a.warchief] = true
  counters_into(res, a, keys, lost)
  res.warchief_lost = true
  res.outcome = string.format("warchief %s: %d removed, %d stay%s", a.event, #res.removed, #res.stays,
                              #res.stays == 1 and "s" or "")
  return res
end

-- ---------------------------------------------------------------------------------------
-- One figure lost; a unit routed with characters attached
-- ---------------------------------------------------------------------------------------

local allowed_causes = {
  overdraw = { role = { wizard = true }, event = "killed" },
  gods = { role = { priest = true }, event = "killed" },
  influence = { role = { warchief = true, battle_leader = true } },
  command_test = { role = { warchief = true, battle_leader = true }, event = "routed" },
  warchief_roll = { role = { hero = true, wizard = true }, event = "routed" },
}

-- What the loss of a figure of `role` takes with it, beyond the Command Test.
local function effects_of(res, fig, a)
  local fx = data.individual_loss_effects.rows[fig.role]
  local leader = a.leader or "his leader"
  if fig.role == "herald" then
    res.effects[#res.effects + 1] = string.format("%s's range is %din shorter", leader, fx.range)
    res.effects[#res.effects + 1] = "a unit with " .. leader .. " no longer counts him as its musician"
    res.range_lost = fx.range
  elseif fig.role == "banner_bearer" then
    res.effects[#res.effects + 1] = string.format("%s's range is %din shorter", leader, fx.range)
    res.effects[#res.effects + 1] = "a unit with " .. leader .. " no longer counts him as its standard"
    res.effects[#res.effects + 1] = string.format("%s loses the +%d leadership of influence", leader, fx.influence)
    res.range_lost = fx.range
  elseif fig.role == "courier" then
    res.effects[#res.effects + 1] = "an order he was carrying is not delivered"
    res.effects[#res.effects + 1] = string.format("no courier +%d on the Battle Leader's Test through him", fx.bonus)
  elseif fig.role == "soothsayer" and res.event == "killed" then
    res.effects[#res.effects + 1] = "omens " .. tostring(a.omens) .. " -> " .. tostring(res.omens_after)
  elseif fig.role == "battle_leader" then
    res.effects[#res.effects + 1] = "his command keeps its current orders for the rest of the battle (p.35)"
    res.effects[#res.effects + 1] = "his command tests as a command without a battle leader"
  end
end

-- The omens after a soothsayer's death (prebattle.omens_after_deaths); `none` is unread.
local function omens_after_death(omens, soothsayers)
  if omens == nil then return nil end
  local read = omens == "none" and "unread" or omens
  local after = prebattle.omens_after_deaths(read, soothsayers, 1)
  if omens == "none" and after == "unread" then return "none" end
  return after
end

--- One figure is killed or routs. a = {figure (checked), event, cause?, individuals,
--- leader?, testers?, tested?, omens?, soothsayers, options}.
---@param a table
---@return table result
function M.individual_lost(a)
  local fig = a.figure
  if fig.role == "warchief" then
    local res = M.warchief_lost { warchief = fig.name, figure = fig, event = a.event, individuals = a.individuals,
      testers = a.testers, tested = a.tested, omens = a.omens, options = a.options }
    res.procedure, res.figure, res.role = "individual_lost", fig.name, fig.role
    return res
  end
  local res = core.result("individual_lost")
  res.figure, res.role, res.event, res.cause = fig.name, fig.role, a.event, a.cause
  res.removed, res.command_test_markers, res.effects = { fig.name }, {}, {}
  local keys = {}
  mark(res, keys, fig, a.event, a.cause)
  if fig.role == "soothsayer" then
    res.omens_after = a.event == "killed" and omens_after_death(a.omens, a.soothsayers) or a.omens
  else
    res.omens_after = a.omens
  end
  effects_of(res, fig, a)
  local lost = {}
  if fig.role == "battle_leader" then lost[fig.name] = true end
  counters_into(res, a, keys, lost)
  local n = #res.command_test_markers
  res.outcome = string.format("%s %s: %s", fig.name, a.event,
    n == 0 and "no Command Test" or ("Command Test (" .. res.command_test_markers[1].when .. ")"))
  return res
end

--- A unit routs with characters attached (pages 40, 42): all of them are removed with it;
--- a routing warchief takes every individual of the army with him. a = {unit, attached
--- (checked), individuals, testers?, tested?, omens?, options}.
---@param a table
---@return table result
function M.unit_routed(a)
  local res = core.result("unit_routed")
  res.unit = a.unit
  res.removed, res.command_test_markers = { a.unit }, {}
  local keys, lost, warchief = {}, {}, nil
  for _, fig in ipairs(a.attached) do
    res.removed[#res.removed + 1] = fig.name
    if fig.role == "warchief" then warchief = fig
    else mark(res, keys, fig, "routed") end
    if fig.role == "warchief" or fig.role == "battle_leader" then lost[fig.name] = true end
  end
  res.omens_after = a.omens  -- routed soothsayers leave the omens as they are (p.41 names deaths)
  if warchief then
    local w = M.warchief_lost { warchief = warchief.name, event = "routed", individuals = a.individuals,
      testers = nil, omens = a.omens, options = a.options }
    res.warchief_routed = w
    for _, m in ipairs(w.command_test_markers) do res.command_test_markers[#res.command_test_markers + 1] = m end
    for _, k in ipairs(w.events) do keys[#keys + 1] = k end
    for i = 2, #w.removed do res.removed[#res.removed + 1] = w.removed[i] end
    no_new_orders(res)
  end
  counters_into(res, a, keys, lost)
  res.outcome = string.format("%d removed", #res.removed)
  return res
end

-- ---------------------------------------------------------------------------------------
-- Procedures
-- ---------------------------------------------------------------------------------------

local all_roles = units.roles

-- The order a referee tells these results in (muster resolve --explain).
explain.order.warchief_lost = { "warchief", "event", "removed", "stays", "vengeance", "heroes", "wizards",
  "command_test_markers", "no_new_orders", "orders_note", "omens_after", "counters", "next_turn_counters" }
explain.order.individual_lost = { "figure", "role", "event", "cause", "removed", "command_test_markers", "effects",
  "omens_after", "counters", "next_turn_counters" }
explain.order.unit_routed = { "unit", "removed", "command_test_markers", "warchief_routed", "counters", "next_turn_counters" }
explain.order.command_counters = { "event", "reason", "source", "timing", "counters", "next_turn_counters" }

M.procedures = {
  warchief_lost = {
    doc = "the warchief is killed or routs: every individual routs or leaves, heroes roll for vengeance (4+, +1 in combat), wizards their last spell; no new orders; Command Test counters (p.35, 40, 42)",
    fields = { "warchief", "event", "individuals", "testers", "tested", "omens" },
    run = function(input, options)
      local testers = check_testers(input.testers, "testers")
      return M.warchief_lost {
        warchief = check_name(input.warchief, "warchief", "warchief"),
        event = core.check_enum(input.event, { "killed", "routed" }, "event"),
        individuals = check_figures(input.individuals, "individuals", M.individual_roles),
        testers = testers, tested = check_tested(input.tested, "tested", testers),
        omens = input.omens ~= nil and core.check_enum(input.omens, omens_values, "omens") or nil,
        options = options,
      }
    end,
  },
  individual_lost = {
    doc = "one figure that matters is killed or routs: who is removed, the Command Test markers and when, the omens, what a herald, banner bearer or courier takes with him (p.35-43)",
    fields = { "figure", "event", "cause", "individuals", "leader", "testers", "tested", "omens", "soothsayers" },
    run = function(input, options)
      local fig = check_figure(input.figure, "figure", all_roles)
      local event = core.check_enum(input.event, { "killed", "routed" }, "event")
      local cause = input.cause ~= nil and core.check_enum(input.cause, M.causes, "cause") or nil
      if cause then
        local rule = allowed_causes[cause]
        if not rule.role[fig.role] or (rule.event and rule.event ~= event) then
          core.fail("cause", string.format("%s does not fit a %s %s", core.show(cause), fig.role, event))
        end
      end
      if input.individuals ~= nil and fig.role ~= "warchief" then
        core.fail("individuals", "only the warchief's loss concerns the other individuals")
      end
      if input.leader ~= nil and fig.role ~= "herald" and fig.role ~= "banner_bearer" and fig.role ~= "courier" then
        core.fail("leader", "only a herald, banner bearer or courier serves a leader")
      end
      if input.soothsayers ~= nil and fig.role ~= "soothsayer" then
        core.fail("soothsayers", "only a soothsayer's death counts the soothsayers")
      end
      local testers = check_testers(input.testers, "testers")
      local max = prebattle.data.omens.rows.roll.max_soothsayers
      return M.individual_lost {
        figure = fig, event = event, cause = cause,
        individuals = check_figures(input.individuals, "individuals", M.individual_roles),
        leader = check_name(input.leader, "leader"),
        testers = testers, tested = check_tested(input.tested, "tested", testers),
        omens = input.omens ~= nil and core.check_enum(input.omens, omens_values, "omens") or nil,
        soothsayers = core.check_int(input.soothsayers, "soothsayers", 1, max, 1),
        options = options,
      }
    end,
  },
  unit_routed = {
    doc = "a unit routs with warchiefs, battle leaders or individuals attached: all are removed with it, a routing warchief takes every individual; Command Test counters (p.40, 42)",
    fields = { "unit", "attached", "individuals", "testers", "tested", "omens" },
    run = function(input, options)
      local testers = check_testers(input.testers, "testers")
      local attached = check_figures(input.attached, "attached", all_roles)
      local has_warchief = false
      for _, f in ipairs(attached) do if f.role == "warchief" then has_warchief = true end end
      if input.individuals ~= nil and not has_warchief then
        core.fail("individuals", "only a routing warchief takes the army's other individuals with him")
      end
      return M.unit_routed {
        unit = check_name(input.unit, "unit", "unit"), attached = attached,
        individuals = check_figures(input.individuals, "individuals", M.individual_roles),
        testers = testers, tested = check_tested(input.tested, "tested", testers),
        omens = input.omens ~= nil and core.check_enum(input.omens, omens_values, "omens") or nil,
        options = options,
      }
    end,
  },
  command_counters = {
    doc = "who receives a Command Test counter for one event and when (this turn, next turn, now), as command_test testers (p.39-46)",
    fields = { "event", "testers", "lost", "tested" },
    run = function(input)
      local event = core.check_enum(input.event, M.events, "event")
      local testers = check_testers(input.testers, "testers")
      if testers == nil then core.fail("testers", "missing (the army's warchief, battle leaders and leaderless commands)") end
      local lost = check_name(input.lost, "lost")
      local want = event:match("^warchief_") and "warchief" or (event:match("^battle_leader_") and "battle_leader")
      if want then
        local label = want == "warchief" and "warchief" or "battle leader"
        if lost == nil and want == "warchief" then
          for _, t in ipairs(testers) do if t.role == "warchief" then lost = t.name end end
        end
        if lost == nil then core.fail("lost", "missing (the " .. label .. " lost)") end
        local found
        for _, t in ipairs(testers) do if t.name == lost then found = t end end
        if not found or found.role ~= want then
          core.fail("lost", core.show(lost) .. " is not a " .. label .. " among the testers")
        end
      elseif lost ~= nil then
        core.fail("lost", "only a warchief's or battle leader's loss names a lost tester")
      end
      return M.command_counters { event = event, testers = testers, lost = lost,
                                  tested = check_tested(input.tested, "tested", testers) }
    end,
  },
}

return M
