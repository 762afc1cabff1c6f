--- Fantasy Warriors Phase Three as one call (pages 26-29): the Initiative Test (initiative.lua,
--- by armies or by commands), then each army or command in its turn: every unit's move as
--- `move` resolves it (movement.lua, wading included), expanding or contracting before or after
--- it (formation.lua), the units that do not move reorganising, the wizards resting instead of
--- moving (magic.lua's `rest`). Every decision is a player's, asked through muster.choice.
--- Owns the procedure `movement_phase`; no rule of its own. Randomness only through muster.dice.
local core = require("core")
local explain = require("explain")
local initiative = require("initiative")
local movement = require("movement")
local formation = require("formation")
local magic = require("magic")
local casualties = require("casualties")  -- choose: a player's decision, recorded

local M = {}

-- The order --explain tells the result in.
explain.order.movement_phase = { "initiative", "turns", "units", "wizards", "choices" }

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
  local out = { move = movement.check_move(move_input, path, options), path = path }
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
  if u.reaction == "bloodlust" or u.orders == "attack" then return true end
  if u.orders == "hold" then return false end
  return (a.distance or 0) > 0 or a.interpenetrate ~= nil or a.take_off
end

-- An input error from a unit's move names the entry: "input: sides[1].commands[1].units[2].distance: ...".
local at = core.at

-- One unit's turn in its command's move: expand before, the move or the reorganisation,
-- expand after. Returns the unit's outcome.
local function unit_turn(res, e, side, command, time)
  local a = e.move
  local u = a.unit
  local out = { side = side, command = command, unit = u.name }
  if e.expand and e.expand.when == "before_move" then out.expand = at(e.path .. ".expand", formation.expand_contract, e.expand) end
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
  if e.expand and e.expand.when ~= "before_move" then
    if e.expand.when == "no_move" and (out.move.moved or 0) > 0 then
      core.fail(e.path .. ".expand.when", "the unit moves this phase: say before_move or after_move")
    end
    out.expand = at(e.path .. ".expand", formation.expand_contract, e.expand)
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

--- The whole of Phase Three for the sides given (checked here, then run).
---@param input table
---@param options table
---@return table res
function M.phase(input, options)
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
      core.check_fields(s, { "name", "warchief", "warchief_lost", "commands" }, "sides[" .. i .. "]")
    end
  end
  local res = core.result("movement_phase")
  res.choices = {}
  res.initiative = initiative.test(args)
  res.turns, res.units, res.wizards = {}, {}, {}
  local side_index = {}
  for i, s in ipairs(args.sides) do side_index[s.name] = i end
  for _, o in ipairs(res.initiative.order) do
    local i = side_index[o.side]
    local s = args.sides[i]
    local turn = { position = o.position, side = o.side, command = o.command, units = {}, wizards = {} }
    for j, c in ipairs(s.commands) do
      if args.method == "armies" or c.name == o.command then
        for _, e in ipairs(plan[i][j].units) do
          local out = unit_turn(res, e, s.name, c.name, args.time)
          out.turn = o.position
          turn.units[#turn.units + 1] = out.unit
          res.units[#res.units + 1] = out
        end
        for _, w in ipairs(plan[i][j].wizards) do
          local out = wizard_turn(res, w, s.name, args.time)
          out.command, out.turn = c.name, o.position
          turn.wizards[#turn.wizards + 1] = out.wizard
          res.wizards[#res.wizards + 1] = out
        end
      end
    end
    res.turns[#res.turns + 1] = turn
  end
  local parts = {}
  for _, u in ipairs(res.units) do parts[#parts + 1] = u.unit .. ": " .. u.outcome end
  for _, w in ipairs(res.wizards) do parts[#parts + 1] = w.wizard .. ": " .. w.outcome end
  res.outcome = res.initiative.outcome .. (#parts > 0 and (" | " .. table.concat(parts, " | ")) or "")
  return res
end

M.procedures = {
  movement_phase = {
    doc = "Phase Three for every side: the Initiative Test (by armies or commands), then each army or command in turn: its units' moves (wading too), expanding or contracting, units that do not move reorganising, wizards resting instead of moving (p.26-29)",
    fields = { "method", "sides", "time" },
    run = function(input, options) return M.phase(input, options) end,
  },
}

return M
