--- Hedgerow orders: each side's order for the turn, "fire" or "aim", asked of the side's
--- controller and committed face down (muster.state.add_secret) in the orders phase, then
--- revealed for all to see in the reveal phase. Implements the steps write_orders and
--- reveal_orders. The order's effects live in shooting.lua.
local M = {}

--- The orders a side may give, in the order controllers see them.
M.choices = { "fire", "aim" }

--- Step `write_orders`: every side chooses its order and lays it face down; the secret's id
--- is kept on the side (prop order_secret) and last turn's revealed order is cleared.
---@param ctx muster.turn.context
function M.write(ctx)
  for _, side in ipairs(muster.state.get_sides()) do
    local order = muster.choice.get { side = side.id, question = "order", options = M.choices,
                                      prompt = "Order for turn " .. ctx.turn }
    muster.state.set_prop(side.id, "order_secret", muster.state.add_secret(side.id, "order", order))
    muster.state.del_marker(side.id, "order")
  end
end

--- Step `reveal_orders`: turns every side's order face up (muster.state.set_revealed) and
--- marks the side with it (marker order).
---@param ctx muster.turn.context
function M.reveal(ctx)
  for _, side in ipairs(muster.state.get_sides()) do
    local id = muster.state.get_prop(side.id, "order_secret")
    muster.state.set_revealed(id)
    local order = muster.state.get_secret(id, side.id).value
    muster.state.set_marker(side.id, "order", order)
    muster.log.add("order", { side = side.id, order = order, secret = id })
  end
end

--- Returns the side's revealed order, or nil before the reveal.
---@param side string
---@return "fire"|"aim"|nil
function M.get(side)
  return muster.state.get_marker(side, "order")
end

return M
