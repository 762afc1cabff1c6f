--- Hedgerow shooting: a side's units pick their targets (asking the side's controller),
--- throw to hit (muster.dice.roll_count) or drop the bombard's blast template, wound figures
--- one by one, and open the return_fire window for the side shot at. Implements the step
--- fire and the window handler return_fire. No randomness except muster.dice.
local board = require("board")
local orders = require("orders")

local M = {}

--- The source named in modifiers; init.lua sets it from its context ("skirmish 1.0.0").
M.source = "skirmish"

---@class skirmish.modifier
---@field value integer added to every die
---@field reason string
---@field source string the ruleset or house rule granting it

--- Lists the modifiers of a hit throw.
---@param firer muster.state.unit
---@param sight skirmish.sight
---@param returning boolean a hasty shot back at a firer (return_fire window)
---@return skirmish.modifier[]
function M.get_modifiers(firer, sight, returning)
  local mods = {}
  local function add(value, reason)
    mods[#mods + 1] = { value = value, reason = reason, source = M.source }
  end
  if sight.band == "long" then add(-1, "long range") end
  if muster.state.get_marker(firer.id, "pinned") then add(-1, "pinned") end
  if returning then add(-1, "return fire") end
  if orders.get(firer.side) == "aim" then add(1, "aimed") end
  return mods
end

--- Throws to hit: one D6 per die, each hitting when face + modifiers >= shoot; a natural 6
--- always hits, a natural 1 always misses. Touches no state, so roll_exact may run it.
---@param n integer dice (one per figure)
---@param shoot integer the firer's to-hit number
---@param modifiers skirmish.modifier[]
---@param label string names the roll in the log
---@return integer hits
function M.hit_throw(n, shoot, modifiers, label)
  local total = 0
  for _, m in ipairs(modifiers) do total = total + m.value end
  return muster.dice.roll_count { n = n, target = shoot, modifier = total,
                                  natural_max = true, natural_min = true, label = label }.successes
end

--- Splits a unit's figures under a circular template: `hit` are at least half covered,
--- `partly` less than half (a base merely touched is missed).
---@param template muster.geometry.template_circle
---@param unit muster.state.unit
---@return string[] hit figure ids
---@return string[] partly figure ids
function M.get_cover(template, unit)
  local hit, partly = {}, {}
  for _, c in ipairs(muster.geometry.get_covered(template, board.figure_bases(unit))) do
    if c.fraction >= 0.5 then
      hit[#hit + 1] = c.id
    elseif c.fraction > 0 then
      partly[#partly + 1] = c.id
    end
  end
  return hit, partly
end

-- Gives a figure one wound; at its toughness (default 1) it falls, and its unit is pinned.
-- A unit with no figure left is removed.
local function wound(unit_id, figure_id, by)
  local figure = muster.state.get_figure(figure_id)
  local wounds = figure.wounds + 1
  if wounds < (figure.props.toughness or 1) then
    muster.state.set_wounds(figure_id, wounds)
    muster.log.add("wound", { unit = unit_id, figure = figure_id, wounds = wounds, by = by })
    return
  end
  muster.state.del_figure(figure_id)
  muster.state.add_counter(unit_id, "lost", 1)
  muster.state.set_marker(unit_id, "pinned")
  muster.log.add("casualty", { unit = unit_id, figure = figure_id, by = by })
  if #muster.state.get_unit(unit_id).figures == 0 then
    muster.state.del_unit(unit_id)
    muster.log.add("destroyed", { unit = unit_id, by = by })
  end
end

local function alive(id) return muster.state.get_kind(id) == "unit" end

local function explain(mods)
  local parts = {}
  for _, m in ipairs(mods) do parts[#parts + 1] = string.format("%s %+d", m.reason, m.value) end
  return #parts > 0 and table.concat(parts, ", ") or "none"
end

-- The bombard: a 1 on a D6 misfires; else the template lands on the target's centre.
local function blast(firer, target, sight)
  if muster.dice.roll_sum("1D6", "misfire check, " .. firer.name) == 1 then
    muster.log.add("blast", { unit = firer.id, target = target.id, distance = sight.distance,
                              misfire = true })
    return
  end
  local centre = muster.geometry.get_centre(board.formation(target))
  local hit, partly = M.get_cover({ x = centre.x, y = centre.y, radius = firer.props.blast }, target)
  local under = #hit
  if #partly > 0 then  -- partly covered figures are hit on 4+, the first ones in the unit first
    local lucky = muster.dice.roll_count { n = #partly, target = 4,
                                           label = "blast, partly covered" }.successes
    for i = 1, lucky do hit[#hit + 1] = partly[i] end
  end
  muster.log.add("blast", { unit = firer.id, target = target.id, distance = sight.distance,
                            under = under, partly = #partly, hits = #hit })
  for _, id in ipairs(hit) do
    if alive(target.id) then wound(target.id, id, firer.id) end
  end
end

-- Resolves one shot; a shot that is not itself returned fire opens return_fire for the
-- target's side while the target still stands.
local function shoot(firer, target, sight, returning)
  muster.state.set_marker(firer.id, "fired")
  if firer.props.blast then
    blast(firer, target, sight)
  else
    local mods = M.get_modifiers(firer, sight, returning)
    local total = 0
    for _, m in ipairs(mods) do total = total + m.value end
    local n = #firer.figures
    local need = math.min(math.max(firer.props.shoot - total, 2), 6)  -- naturals bound it
    local hits = M.hit_throw(n, firer.props.shoot, mods, "hit throw, " .. firer.name)
    muster.log.add("shot", { unit = firer.id, target = target.id, distance = sight.distance,
                             band = sight.band, dice = n, need = need, modifiers = explain(mods),
                             hits = hits, returning = returning })
    for _ = 1, hits do
      if not alive(target.id) then break end
      wound(target.id, muster.state.get_unit(target.id).figures[1].id, firer.id)
    end
  end
  if not returning and alive(target.id) then
    muster.turn.check_window("return_fire", target.side, { firer = firer.id, target = target.id })
  end
end

local function can_shoot(unit)
  local armed = unit.props.shoot ~= nil or unit.props.blast ~= nil
  return armed and not muster.state.get_marker(unit.id, "fired")
end

--- Asks the unit's side which enemy to shoot at, among those it may shoot at (the others
--- are logged as no_shot, with why). The controller sees each option's distance.
---@param unit muster.state.unit
---@return muster.state.unit|nil target
---@return skirmish.sight|nil sight
function M.get_target(unit)
  local options, context, sights = {}, {}, {}
  for _, enemy in ipairs(muster.state.get_units { side = board.enemy_of(unit.side) }) do
    local s = board.sight(unit, enemy)
    if s.why then
      muster.log.add("no_shot", { unit = unit.id, target = enemy.id, why = s.why })
    else
      options[#options + 1] = enemy.id
      context[enemy.id] = s.distance
      sights[enemy.id] = s
    end
  end
  if #options == 0 then return nil end
  local id = muster.choice.get { side = unit.side, question = "target", options = options,
                                 context = context, prompt = "Target for " .. unit.name }
  return muster.state.get_unit(id), sights[id]
end

--- Step `fire` (shooting phase, once per side): each unit of the side that can shoot and
--- has not fired yet (it may have returned fire) picks a target and shoots.
---@param ctx muster.turn.context
function M.fire(ctx)
  for _, listed in ipairs(muster.state.get_units { side = ctx.side }) do
    if alive(listed.id) then
      local unit = muster.state.get_unit(listed.id)
      if can_shoot(unit) then
        local target, sight = M.get_target(unit)
        if target then shoot(unit, target, sight, false) end
      end
    end
  end
end

--- Window handler `return_fire`: the unit shot at shoots straight back at its firer, at -1,
--- when it can shoot, has not fired, its side's order is "fire" and it may shoot at the firer.
---@param w muster.turn.window payload {firer = unit id, target = unit id}
function M.return_fire(w)
  local unit = muster.state.get_unit(w.payload.target)
  if not can_shoot(unit) or not alive(w.payload.firer) then return end
  local firer = muster.state.get_unit(w.payload.firer)
  local s = board.sight(unit, firer)
  local why = orders.get(unit.side) ~= "fire" and "order is not fire" or s.why
  if why then
    muster.log.add("no_return_fire", { unit = unit.id, firer = firer.id, why = why })
    return
  end
  shoot(unit, firer, s, true)
  w.payload.returned = true
end

return M
