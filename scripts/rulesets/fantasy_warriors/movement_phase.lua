--- Fantasy Warriors Phase Three as one call (pages 26-29): the Initiative Test (initiative.lua,
--- by armies or by commands), then each army or command in its turn: every unit's move as
--- `move` resolves it (movement.lua, wading included), expanding or contracting before or after
--- it (formation.lua), the units that do not move reorganising, the wizards resting instead of
--- moving (magic.lua's `rest`), the individuals not with a unit moving with their warchief, their
--- command or a unit they touch (p.26, p.40). Every decision is a player's, asked through muster.choice.
--- Owns the procedure `movement_phase`; no rule of its own. Randomness only through muster.dice.
local core = require("core")
local explain = require("explain")
local initiative = require("initiative")
local movement = require("movement")
local formation = require("formation")
local magic = require("magic")
local casualties = require("casualties")  -- choose: a player's decision, recorded
local units = require("units")  -- the roles an individual may have

local M = {}

-- The order --explain tells the result in.
explain.order.movement_phase = { "initiative", "turns", "units", "wizards", "individuals", "choices" }

--- The fields of a unit's entry in a command: a move's (but `side`, which is the command's),
--- and `reorganise` (true, false or nil: asked) and `expand` (an expand_contract input
--- without the unit; `when` "before_move" runs it before the move).
M.unit_fields = { "reorganise", "expand" }
for _, f in ipairs(movement.move_fields) do
  if f ~= "side" then M.unit_fields[#M.unit_fields + 1] = f end
end

-- Checks one unit entry; returns {move (M.check_move's), reorganise, expand?}.
local function check_unit_entry(e, path, side, options)
  core.check_fields(e, M.unit_fields, path)
  local move_input = {}
  for k, v in pairs(e) do
    if k ~= "reorganise" and k ~= "expand" then move_input[k] = v end
  end
  move_input.side = side
  local out = { move = movement.check_move(move_input, path, options), path = path, raw = move_input, options = options }
  if e.reorganise ~= nil then out.reorganise = core.check_bool(e.reorganise, path .. ".reorganise", nil) end
  if e.expand ~= nil then
    core.check_fields(e.expand, formation.expand_fields, path .. ".expand")
    out.expand = formation.check_expand(e.expand, out.move.unit, path .. ".expand")
  end
  return out
end

local function check_wizard_entry(e, path)
  core.check_fields(e, { "wizard", "rest", "method", "moved" }, path)
  local out = { wizard = e.wizard, method = e.method, moved = core.check_bool(e.moved, path .. ".moved", false), path = path }
  if e.rest ~= nil then out.rest = core.check_bool(e.rest, path .. ".rest", nil) end
  return out
end

-- Whether the unit moves at all this phase (before any question): compulsory movers do, HOLD
-- does not, OPPOSE when it gives a distance or passes through friends.
local function will_move(a)
  local u = a.unit
  if u.reaction == "rout" or a.in_combat then return false end
  local mode = movement.mode_of(u)  -- bloodlust whatever the orders (p.27)
  if mode == "bloodlust" or mode == "attack" then return true end
  if mode == "hold" then return false end
  return (a.distance or 0) > 0 or a.interpenetrate ~= nil or a.take_off
end

-- An input error from a unit's move names the entry: "input: sides[1].commands[1].units[2].distance: ...".
local at = core.at

-- One unit's turn in its command's move: expand before, the move or the reorganisation,
-- expand after. Returns the unit's outcome.
local function unit_turn(res, e, side, command, time, hooks)
  hooks = hooks or {}
  local out = { side = side, command = command, unit = e.move.unit.name }
  local placed = {}
  if e.expand and e.expand.when == "before_move" then
    out.expand = at(e.path .. ".expand", formation.expand_contract, e.expand)
    if hooks.after_expand then placed[#placed + 1] = hooks.after_expand(out.expand, e.raw, side, command) end
  end
  -- On a table (hooks.before_unit, tabletop's movement): the facts of the move measured now,
  -- as the units before it (and its own expansion) left the table, merged into the entry and
  -- checked again.
  if hooks.before_unit then
    local facts = hooks.before_unit(e.raw, side, command)
    if facts then
      local merged = {}
      for k, v in pairs(e.raw) do merged[k] = v end
      for k, v in pairs(facts) do merged[k] = v end
      e.move = movement.check_move(merged, e.path, e.options)
    end
  end
  local a = e.move
  local u = a.unit
  local moves = will_move(a)
  if moves then
    if e.reorganise then
      core.fail(e.path .. ".reorganise", "reorganising is instead of moving: this unit moves this phase (p.29)")
    end
    out.move = at(e.path, movement.move, a)
  else
    local state = { moved = false, in_combat = a.in_combat, in_the_air = a.in_the_air }
    local field, why = formation.why_not_reorganise(u, state)
    local wants = e.reorganise
    if u.disorganised and not field and wants == nil then
      local answer, by = casualties.choose(res, u.name, { side = side, question = "reorganise",
        prompt = u.name .. " does not move: reorganise it (remove its Disorganised counter)?", options = { "yes", "no" } })
      wants = answer == "yes"
      out.reorganise_chosen_by = by
    elseif wants ~= nil then
      out.reorganise_chosen_by = "input"
    end
    if wants and field then core.fail(e.path .. "." .. field, why) end
    if wants then
      out.reorganise = formation.reorganise(u, state)
      -- The unit stands, reorganised: what follows sees it without its counter.
      local now = {}
      for k, v in pairs(a) do now[k] = v end
      now.unit = {}
      for k, v in pairs(u) do now.unit[k] = v end
      now.unit.disorganised = false
      a = now
    end
    out.move = at(e.path, movement.move, a)
  end
  -- On a table: the move applied to the unit's formation before anything else happens.
  if hooks.after_unit then placed[#placed + 1] = hooks.after_unit(out, e.raw, side, command) end
  if e.expand and e.expand.when ~= "before_move" then
    if e.expand.when == "no_move" and (out.move.moved or 0) > 0 then
      core.fail(e.path .. ".expand.when", "the unit moves this phase: say before_move or after_move")
    end
    out.expand = at(e.path .. ".expand", formation.expand_contract, e.expand)
    if hooks.after_expand then placed[#placed + 1] = hooks.after_expand(out.expand, e.raw, side, command) end
  end
  local m = out.move
  out.moved = m.moved or 0
  out.disorganised = m.disorganised
  if out.reorganise then out.disorganised = false end
  out.gone = m.gone
  out.figures_lost = m.wade and m.wade.losses or 0
  if m.wade then out.wading = m.wade.wading; out.stuck_in_river = m.wade.stuck end
  if m.in_the_air ~= nil then out.in_the_air = m.in_the_air end
  local parts = { m.outcome }
  if out.reorganise then parts[#parts + 1] = "reorganised" end
  if out.expand then parts[#parts + 1] = out.expand.outcome end
  out.outcome = table.concat(parts, "; ")
  if #placed > 0 then
    out.table = table.concat(placed, "; ")
    out.outcome = out.outcome .. "; " .. out.table
  end
  return out
end

-- A wizard's turn: rests instead of moving when he may and his side says so.
local function wizard_turn(res, w, side, time)
  local power = type(w.wizard) == "table" and w.wizard.power
  local row = magic.data.regain_power.rows.rest
  local out = { side = side, wizard = type(w.wizard) == "table" and w.wizard.name or "wizard" }
  local may = not w.moved and type(power) == "number" and power <= row.max_power
  local rests = w.rest
  if rests == nil and may then
    local answer, by = casualties.choose(res, out.wizard, { side = side, question = "rest_wizard",
      prompt = string.format("%s has %d magic power: rest instead of moving?", out.wizard, power), options = { "rest", "move" } })
    rests, out.rest_chosen_by = answer == "rest", by
  end
  if rests then
    out.rest = at(w.path, magic.rest, { wizard = w.wizard, time = time, moved = w.moved, method = w.method, side = side })
    out.outcome = "rests: " .. out.rest.outcome
  else
    out.outcome = may and "moves (does not rest)" or "does not rest"
  end
  return out
end

--- The fields of an individual's entry in a side's `individuals` (one not attached to a unit):
--- `movement` is his MOV as the individual profile of a unit description gives it (default 6),
--- `command` the command he belongs to, `with_unit` the friendly unit he is in contact with,
--- `distance` how far his player moves him (inches, at most his MOV).
M.individual_fields = { "name", "role", "movement", "command", "with_unit", "distance" }

-- The roles an individual entry may have: every role but the leaders', and a messenger (any
-- ordinary figure carrying an order, p.35), read now so that a variant's added role counts.
local function individual_roles()
  local out = {}
  for _, r in ipairs(units.role_names()) do
    if r ~= "warchief" and r ~= "battle_leader" then out[#out + 1] = r end
  end
  out[#out + 1] = "messenger"
  return out
end

-- Checks one individual entry of side `side` (its commands by name, its units' entries by name).
local function check_individual_entry(e, path, side, commands, unit_entries)
  if type(e) ~= "table" then core.fail(path, "an individual {name, role, movement?, command, with_unit?, distance?} expected") end
  core.check_fields(e, M.individual_fields, path)
  local out = { path = path, side = side }
  out.name = core.check_label(e.name, path .. ".name")
  out.role = core.check_enum(e.role, individual_roles(), path .. ".role")
  out.movement = core.check_int(e.movement, path .. ".movement", 0, 60, 6)
  if e.command == nil then core.fail(path .. ".command", "missing (the command he belongs to)") end
  out.command = core.check_label(e.command, path .. ".command")
  if not commands[out.command] then core.fail(path .. ".command", core.show(out.command) .. " is not a command of " .. side) end
  if e.with_unit ~= nil then
    out.with_unit = core.check_label(e.with_unit, path .. ".with_unit")
    out.unit_entry = unit_entries[out.with_unit]
    if not out.unit_entry then
      core.fail(path .. ".with_unit", core.show(out.with_unit) .. " is not a unit of " .. side .. " in this phase")
    end
  end
  out.distance = core.check_number(e.distance, path .. ".distance", 0, nil, 0)
  if out.distance > out.movement then
    core.fail(path .. ".distance", string.format("%s: %gin is more than his MOV of %din (p.26)", out.name, out.distance, out.movement))
  end
  return out
end

-- The command the side's warchief leads (the leader with role warchief, or named as the side's
-- warchief), nil when the warchief is lost or the side has none. `path` names the side.
local function warchief_command(s, path)
  if s.warchief_lost then return nil end
  for _, c in ipairs(s.commands) do
    local l = c.leader
    if l and (l.role == "warchief" or (s.warchief and l.name == s.warchief.name)) then
      if c.leader_lost then return nil end
      return c
    end
  end
  if s.warchief then
    core.fail(path .. ".commands", "no command is led by the warchief " .. core.show(s.warchief.name)
      .. ": give his command's leader role warchief, or say warchief_lost")
  end
  return nil
end

-- Where an individual moves (p.26 item 5, p.40): with the unit he touches when his side says so
-- (question move_with_unit), a herald or banner bearer with his command, any other with his
-- warchief; a lost warchief's with their own command. Returns {moves_with, with, command, rule, page}.
local function place(res, ind, wc, warchief_name)
  if ind.with_unit then
    local answer, by = casualties.choose(res, ind.name, { side = ind.side, question = "move_with_unit",
      prompt = string.format("%s is in contact with %s: move him with that unit?", ind.name, ind.with_unit),
      options = { "with_unit", "alone" } })
    ind.with_unit_chosen_by = by
    if answer == "with_unit" then
      return { moves_with = "unit", with = ind.with_unit, rule = "an individual in contact with a friendly unit may move with it", page = 26 }
    end
  end
  if ind.role == "herald" or ind.role == "banner_bearer" then
    return { moves_with = "command", with = ind.command, command = ind.command,
             rule = "heralds and banner bearers move with their command", page = 40 }
  end
  if wc then
    local rule = (ind.role == "courier" or ind.role == "messenger") and "messengers and couriers move with the warchief"
      or "individuals move with their warchief"
    return { moves_with = "warchief", with = warchief_name, command = wc.name, rule = rule, page = 26 }
  end
  return { moves_with = "command", with = ind.command, command = ind.command,
           rule = "his warchief is lost: he moves with his own command (proposal)", page = 26 }
end

-- An individual's move at its moment: his player's distance, within his MOV (checked first).
local function individual_turn(ind, where, turn)
  local with = where.moves_with == "warchief" and ("the warchief " .. where.with) or where.with
  return { turn = turn, side = ind.side, individual = ind.name, role = ind.role, command = ind.command,
           moves_with = where.moves_with, with = where.with, rule = where.rule, page = where.page,
           moved = ind.distance, movement = ind.movement, with_unit_chosen_by = ind.with_unit_chosen_by,
           outcome = string.format("moves %gin of %din with %s (p.%d)", ind.distance, ind.movement, with, where.page) }
end

--- The whole of Phase Three for the sides given (checked here, then run). `hooks` (from Lua
--- only, e.g. the table's movement, tabletop_move.lua) may hold `before_unit(entry, side,
--- command)` → the move's facts measured at the unit's moment (merged into its entry and
--- checked again), `after_unit(outcome, entry, side, command)` once its move is resolved and
--- `after_expand(expansion, entry, side, command)` once an expansion or contraction is, each
--- returning a line on where the unit now stands (or nil); without them the facts are the
--- input's.
---@param input table
---@param options table
---@param hooks? table
---@return table res
function M.phase(input, options, hooks)
  local args = initiative.check(input, "")
  local plan = {}
  for i, s in ipairs(args.sides) do
    plan[i] = {}
    for j, c in ipairs(s.commands) do
      local cp = "sides[" .. i .. "].commands[" .. j .. "]"
      core.check_fields(c.input, { "name", "leader", "leader_lost", "units", "wizards" }, cp)
      local entry = { units = {}, wizards = {} }
      if c.input.units ~= nil then
        if type(c.input.units) ~= "table" then core.fail(cp .. ".units", "an array of unit moves expected") end
        for k, e in ipairs(c.input.units) do
          entry.units[k] = check_unit_entry(e, cp .. ".units[" .. k .. "]", s.name, options)
        end
      end
      if c.input.wizards ~= nil then
        if type(c.input.wizards) ~= "table" then core.fail(cp .. ".wizards", "an array of wizards expected") end
        for k, w in ipairs(c.input.wizards) do entry.wizards[k] = check_wizard_entry(w, cp .. ".wizards[" .. k .. "]") end
      end
      plan[i][j] = entry
    end
  end
  if type(input.sides) == "table" then
    for i, s in ipairs(input.sides) do
      core.check_fields(s, { "name", "warchief", "warchief_lost", "commands", "individuals" }, "sides[" .. i .. "]")
    end
  end
  -- The individuals not with a unit, each side's in its input's order.
  local lone = {}
  for i, s in ipairs(args.sides) do
    lone[i] = {}
    local given = input.sides[i].individuals
    if given ~= nil then
      local sp = "sides[" .. i .. "]"
      if type(given) ~= "table" then core.fail(sp .. ".individuals", "an array of individuals expected") end
      local commands, unit_entries = {}, {}
      for j, c in ipairs(s.commands) do
        commands[c.name] = true
        for _, e in ipairs(plan[i][j].units) do
          local n = e.move.unit.name
          if not unit_entries[n] then unit_entries[n] = e end
        end
      end
      for k, e in ipairs(given) do
        lone[i][k] = check_individual_entry(e, sp .. ".individuals[" .. k .. "]", s.name, commands, unit_entries)
      end
      local follows_warchief = false
      for _, ind in ipairs(lone[i]) do
        if ind.role ~= "herald" and ind.role ~= "banner_bearer" then follows_warchief = true end
      end
      if follows_warchief then
        lone[i].warchief_command = warchief_command(s, sp)
        local wc = lone[i].warchief_command
        lone[i].warchief_name = wc and ((s.warchief and s.warchief.name) or (wc.leader and wc.leader.name)) or nil
      end
    end
  end
  local res = core.result("movement_phase")
  res.choices = {}
  res.initiative = initiative.test(args)
  res.turns, res.units, res.wizards, res.individuals = {}, {}, {}, {}
  local side_index = {}
  for i, s in ipairs(args.sides) do side_index[s.name] = i end
  -- Each individual waits for his moment: a unit entry's move, or the end of a command's.
  local waiting = {}
  for i in ipairs(args.sides) do
    for _, ind in ipairs(lone[i]) do
      local where = place(res, ind, lone[i].warchief_command, lone[i].warchief_name)
      local key = where.moves_with == "unit" and ind.unit_entry or (i .. ":" .. where.command)
      waiting[key] = waiting[key] or {}
      table.insert(waiting[key], { ind = ind, where = where })
    end
  end
  local function individuals_at(key, turn)
    for _, w in ipairs(waiting[key] or {}) do
      local out = individual_turn(w.ind, w.where, turn.position)
      turn.individuals[#turn.individuals + 1] = out.individual
      res.individuals[#res.individuals + 1] = out
    end
  end
  for _, o in ipairs(res.initiative.order) do
    local i = side_index[o.side]
    local s = args.sides[i]
    local turn = { position = o.position, side = o.side, command = o.command, units = {}, wizards = {}, individuals = {} }
    for j, c in ipairs(s.commands) do
      if args.method == "armies" or c.name == o.command then
        for _, e in ipairs(plan[i][j].units) do
          local out = unit_turn(res, e, s.name, c.name, args.time, hooks)
          out.turn = o.position
          turn.units[#turn.units + 1] = out.unit
          res.units[#res.units + 1] = out
          individuals_at(e, turn)
        end
        for _, w in ipairs(plan[i][j].wizards) do
          local out = wizard_turn(res, w, s.name, args.time)
          out.command, out.turn = c.name, o.position
          turn.wizards[#turn.wizards + 1] = out.wizard
          res.wizards[#res.wizards + 1] = out
        end
        individuals_at(i .. ":" .. c.name, turn)
      end
    end
    res.turns[#res.turns + 1] = turn
  end
  local parts = {}
  for _, u in ipairs(res.units) do parts[#parts + 1] = u.unit .. ": " .. u.outcome end
  for _, w in ipairs(res.wizards) do parts[#parts + 1] = w.wizard .. ": " .. w.outcome end
  for _, m in ipairs(res.individuals) do parts[#parts + 1] = m.individual .. ": " .. m.outcome end
  res.outcome = res.initiative.outcome .. (#parts > 0 and (" | " .. table.concat(parts, " | ")) or "")
  return res
end

M.procedures = {
  movement_phase = {
    doc = "Phase Three for every side: the Initiative Test (by armies or commands), then each army or command in turn: its units' moves (wading too), expanding or contracting, units that do not move reorganising, wizards resting instead of moving, individuals moving with their warchief, command or a unit they touch (p.26-29, p.40)",
    fields = { "method", "sides", "time" },
    run = function(input, options) return M.phase(input, options) end,
  },
}

return M
