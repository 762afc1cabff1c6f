--- Hedgerow, the kernel's demo ruleset: two sides, five units, one copse. Declares the turn
--- (pre-battle deploy; phases orders, reveal, shooting, morale), the return_fire window and
--- the "nearest" policy, and deploys the scenario; the rules live in orders.lua,
--- shooting.lua and morale.lua. No randomness except muster.dice, no state outside
--- muster.state, and it never runs turns itself (the host does).
local options, context = ...
local scenario = require("scenario")
local board = require("board")
local orders = require("orders")
local shooting = require("shooting")
local morale = require("morale")
local report = require("report")

shooting.source = context.source
morale.fall_back = options.fall_back

local M = { scenario = scenario, board = board, orders = orders, shooting = shooting,
            morale = morale, report = report, source = context.source, sides = {} }
for i, side in ipairs(scenario.sides) do M.sides[i] = side.id end

--- Pre-battle step `deploy`: puts the scenario's sides, commands, units and terrain into the
--- state and notes each unit's starting figures (prop strength).
---@param ctx muster.turn.context
function M.deploy(ctx)
  for _, spec in ipairs(scenario.sides) do muster.state.add_side(spec) end
  for _, spec in ipairs(scenario.commands) do muster.state.add_command(spec) end
  for _, spec in ipairs(scenario.units) do
    local id = muster.state.add_unit(spec)
    muster.state.set_prop(id, "strength", #muster.state.get_unit(id).figures)
  end
  for _, spec in ipairs(scenario.terrain) do muster.state.add_terrain(spec) end
end

--- The policy "nearest": for the question "target", the option nearest the shooter (the
--- request's context maps each option to its distance; ties go to the first); for any other
--- question, the first option.
---@param request muster.choice.request
---@return string|integer
function M.nearest(request)
  if request.question == "target" then
    local best
    for _, id in ipairs(request.options) do
      if best == nil or request.context[id] < request.context[best] then best = id end
    end
    return best
  end
  return request.options and request.options[1] or request.range[1]
end

muster.turn.set_structure {
  sides = M.sides,
  pre_battle = { { id = "deploy", fn = M.deploy } },
  turn = {
    phases = {
      { id = "orders", name = "1. Orders", steps = { { id = "write_orders", fn = orders.write } } },
      { id = "reveal", name = "2. Reveal", steps = { { id = "reveal_orders", fn = orders.reveal } } },
      { id = "shooting", name = "3. Shooting", per_side = "each",
        steps = { { id = "fire", fn = shooting.fire } } },
      { id = "morale", name = "4. Morale", steps = {
        { id = "morale_tests", fn = morale.tests },
        { id = "end_of_turn", fn = morale.end_of_turn },
      } },
    },
  },
  windows = { "return_fire" },
}
muster.turn.add_window_handler("return_fire", shooting.return_fire,
                               { id = "return_fire", source = context.source })
muster.choice.add_policy("nearest", M.nearest,
  "target: the option nearest the shooter (context: option -> inches); otherwise the first option")

return M
