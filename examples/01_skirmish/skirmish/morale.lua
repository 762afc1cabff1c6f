--- Hedgerow morale: every unit that lost figures this turn throws 2D6 (muster.dice.roll),
--- adds the figures lost and must score no more than its nerve. Doubles matter: a double 1
--- always passes and steadies the unit (no longer pinned), a double 6 always fails. A unit
--- that fails is shaken and falls back towards its own table edge. Implements the steps
--- morale_tests and end_of_turn. No randomness except muster.dice.
local M = {}

--- Inches a failing unit falls back; init.lua sets it from the option fall_back.
M.fall_back = 3

--- Throws one morale test. Touches no state, so roll_exact may run it.
---@param nerve integer the most the unit may score
---@param lost integer figures lost this turn, added to the dice
---@param label string names the roll in the log
---@return "steady"|"pass"|"fail"|"panic" result
---@return integer score dice + lost
---@return integer[] faces
function M.throw(nerve, lost, label)
  local total, faces = muster.dice.roll("2D6", label)
  local score = total + lost
  if faces[1] == faces[2] and faces[1] == 1 then return "steady", score, faces end
  if faces[1] == faces[2] and faces[1] == 6 then return "panic", score, faces end
  return score <= nerve and "pass" or "fail", score, faces
end

-- Moves a unit straight back towards its side's table edge (prop edge_y).
local function fall_back(unit)
  local edge = muster.state.get_prop(unit.side, "edge_y")
  local from = { x = unit.x, y = unit.y }
  local to = muster.geometry.get_toward_line(from, { x = 0, y = edge }, { x = 1, y = edge }, M.fall_back)
  muster.state.set_placement(unit.id, { x = to.x, y = to.y })
  muster.log.add("fall_back", { unit = unit.id, distance = muster.geometry.measure(from, to) })
end

--- Step `morale_tests`: tests every unit that lost figures this turn (counter lost).
---@param ctx muster.turn.context
function M.tests(ctx)
  for _, unit in ipairs(muster.state.get_units()) do
    local lost = muster.state.get_counter(unit.id, "lost")
    if lost > 0 then
      local result, score, faces = M.throw(unit.props.nerve, lost, "morale, " .. unit.name)
      muster.log.add("morale", { unit = unit.id, faces = faces, lost = lost, score = score,
                                 nerve = unit.props.nerve, result = result })
      if result == "steady" then
        muster.state.del_marker(unit.id, "pinned")
      elseif result == "fail" or result == "panic" then
        muster.state.set_marker(unit.id, "shaken")
        fall_back(unit)
      end
    end
  end
end

--- Step `end_of_turn`: clears what lasts one turn (marker fired, counter lost); pinned and
--- shaken stay.
---@param ctx muster.turn.context
function M.end_of_turn(ctx)
  for _, unit in ipairs(muster.state.get_units()) do
    muster.state.del_marker(unit.id, "fired")
    muster.state.del_counter(unit.id, "lost")
  end
end

return M
