--- Fantasy Warriors formation changes in Phase Three (page 29): expanding and contracting
--- (1D + the quality throw's modifier, quality.lua), wrapping round in combat, and
--- reorganising a disorganised unit that does not move. Owns the procedures
--- `expand_contract` and `reorganise`; movement.lua asks M.why_not_reorganise when an ATTACK
--- unit halts. Randomness only through muster.dice.
local core = require("core")
local explain = require("explain")
local units = require("units")
local quality = require("quality")

local M = {}

-- The order --explain tells the result in.
explain.order.expand_contract = { "unit", "action", "when", "flank", "quality_throw", "score", "allowed", "figures", "limited_by" }
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- Expanding and contracting (page 29): the throw's least result (`minimum`, the book has
-- none: a negative throw changes nothing), how often a phase (`per_phase`, the book is
-- silent), and the first round of combat in which figures may wrap round (`wrap_from_round`:
-- never in the first).
data.expansion = core.define_table("expansion", {
  throw = { minimum = 0, per_phase = 1 },
  wrap_round = { from_round = 2 },
}, 29, { doc = "expand/contract: the throw's minimum, how many a phase, the combat round wrapping round starts in" })

M.actions = { "expand", "contract" }
M.flanks = { "both", "left", "right" }
M.times = { "no_move", "before_move", "after_move", "during_move" }

--- Why checked unit `u` may not reorganise now, or nil: the input field to name and the
--- reason (page 29). `state` = {moved, in_combat, in_the_air}.
---@param u table a checked unit
---@param state table
---@return string|nil field
---@return string|nil why
function M.why_not_reorganise(u, state)
  if u.reaction == "rout" then return "unit.reaction", "a routed unit has left the table (p.21)" end
  if u.reaction == "bloodlust" then
    return "unit.reaction", "a unit in bloodlust never halts to reorganise (p.27, p.29)"
  end
  if u.reaction ~= "ok" then
    return "unit.reaction", string.format("only a unit with OK status reorganises: a %s unit must first be influenced back to OK (p.29, p.38)", u.reaction)
  end
  if state.in_combat then return "in_combat", "a unit in combat cannot reorganise (p.29)" end
  if state.moved then return "moved", "reorganising is instead of moving: a unit that moved this phase cannot (p.29)" end
  if u.flying and state.in_the_air == false then
    return "in_the_air", "a flying unit on the ground cannot reorganise: it does so by taking off (p.29)"
  end
  return nil
end

--- Reorganises checked unit `u` (page 29) into a new result, or fails naming the field.
---@param u table a checked unit
---@param state table {moved, in_combat, in_the_air}
---@return table res
function M.reorganise(u, state)
  local field, why = M.why_not_reorganise(u, state)
  if field then core.fail(field, why) end
  local res = core.result("reorganise")
  res.unit, res.was_disorganised = u.name, u.disorganised
  res.source = core.ruleset .. " p.29"
  res.reorganised = u.disorganised
  res.disorganised = false
  res.outcome = u.disorganised and "reorganised: the Disorganised counter is removed" or "not disorganised: nothing to reorganise"
  return res
end

local function check_count(v, path, u)
  if v == nil then return nil end
  return core.check_int(v, path, 0, 1000)
end

--- Expands or contracts checked unit `u` (page 29). args = {unit, action, figures?, flank,
--- when, done_this_phase, in_combat, combat_round?, wrap_round, front_rank?, enemy_front_rank?}.
---@return table res
function M.expand_contract(a)
  local u = a.unit
  if u.reaction == "rout" then core.fail("unit.reaction", "a routed unit has left the table (p.21)") end
  if a.when == "during_move" then
    core.fail("when", "a unit expands or contracts before or after a move, never during one (p.29)")
  end
  local rows = data.expansion.rows
  if a.done_this_phase then
    core.fail("done_this_phase", string.format("a unit expands or contracts %d time a phase (proposed: page 29 is silent)", rows.throw.per_phase))
  end
  if a.wrap_round then
    if not a.in_combat then core.fail("wrap_round", "only a unit in base contact with the enemy wraps round (p.29)") end
    if a.combat_round < rows.wrap_round.from_round then
      core.fail("wrap_round", "wrapping round cannot take place in the first round of combat (p.29)")
    end
    if a.action ~= "expand" then core.fail("wrap_round", "a unit wraps round the figures an expansion brings forward (p.29)") end
  end
  if a.front_rank and a.front_rank > u.figures then
    core.fail("front_rank", string.format("%d figures in the front rank but the unit has %d", a.front_rank, u.figures))
  end
  local res = core.result("expand_contract")
  res.unit, res.action, res.flank, res.when = u.name, a.action, a.flank, a.when
  res.source = data.expansion:source("throw")
  local thrown = quality.throw(res, u, a.action .. ", " .. u.name)
  res.score = math.max(thrown, rows.throw.minimum)
  res.allowed = res.score
  local n, limited = res.score, nil
  if a.figures ~= nil and a.figures < n then n, limited = a.figures, "the figures asked for" end
  if a.front_rank then
    local room = a.action == "expand" and (u.figures - a.front_rank) or (a.front_rank - 1)
    if room < n then
      n = room
      limited = a.action == "expand" and "the figures behind the front rank" or "a front rank of one figure"
    end
  end
  res.figures, res.limited_by = n, limited
  if a.front_rank then
    res.front_rank_before = a.front_rank
    res.front_rank_after = a.front_rank + (a.action == "expand" and n or -n)
    if a.enemy_front_rank then
      res.overlap = math.max(0, res.front_rank_after - a.enemy_front_rank)
    end
  end
  if a.wrap_round then
    res.wrap_round = true
    res.wrapped = res.overlap or n
    res.wrap_rule = "the surplus figures wrap round the enemy and all stay in base contact; the enemy may turn figures to face them (p.29)"
  end
  local verb = a.action == "expand" and "expands" or "contracts"
  if n == 0 then res.outcome = a.action .. ": no change (score " .. res.score .. ")"
  else
    res.outcome = string.format("%s by %d figure%s%s", verb, n, n == 1 and "" or "s",
      a.flank ~= "both" and (" on the " .. a.flank .. " flank") or "")
    if res.wrapped and res.wrapped > 0 then res.outcome = res.outcome .. string.format(", %d wrap round", res.wrapped) end
  end
  return res
end

--- Checks an expand_contract input (the procedure's and movement_phase's `expand`) with unit
--- `u` already checked; `path` prefixes the fields.
---@return table args for M.expand_contract
function M.check_expand(input, u, path)
  local p = path ~= "" and (path .. ".") or ""
  local in_combat = core.check_bool(input.in_combat, p .. "in_combat", false)
  return {
    unit = u,
    action = core.check_enum(input.action, M.actions, p .. "action"),
    figures = check_count(input.figures, p .. "figures"),
    flank = core.check_enum(input.flank or "both", M.flanks, p .. "flank"),
    when = core.check_enum(input.when or "no_move", M.times, p .. "when"),
    done_this_phase = core.check_bool(input.done_this_phase, p .. "done_this_phase", false),
    in_combat = in_combat,
    combat_round = core.check_int(input.combat_round, p .. "combat_round", 1, 1000, 1),
    wrap_round = core.check_bool(input.wrap_round, p .. "wrap_round", false),
    front_rank = input.front_rank ~= nil and core.check_int(input.front_rank, p .. "front_rank", 1, 1000) or nil,
    enemy_front_rank = input.enemy_front_rank ~= nil and core.check_int(input.enemy_front_rank, p .. "enemy_front_rank", 0, 1000) or nil,
  }
end

--- The fields of an expand_contract input besides the unit.
M.expand_fields = { "action", "figures", "flank", "when", "done_this_phase", "in_combat", "combat_round", "wrap_round",
                    "front_rank", "enemy_front_rank" }

local expand_input_fields = { "unit" }
for _, f in ipairs(M.expand_fields) do expand_input_fields[#expand_input_fields + 1] = f end

M.procedures = {
  expand_contract = {
    doc = "expanding or contracting a unit: 1D + the quality modifier (unpredictable +3/-3), at least 0, that many figures, before or after a move, once a phase; in combat, surplus figures may wrap round from the second round (p.29)",
    fields = expand_input_fields,
    odds = { { name = "figures", path = "figures", kind = "count" } },
    run = function(input)
      local u = units.check_unit(input.unit, "unit")
      return M.expand_contract(M.check_expand(input, u, ""))
    end,
  },
  reorganise = {
    doc = "reorganising a disorganised unit instead of moving: OK status only, not in combat, never in bloodlust, a flyer only in the air (p.29)",
    fields = { "unit", "moved", "in_combat", "in_the_air" },
    run = function(input)
      local u = units.check_unit(input.unit, "unit")
      return M.reorganise(u, { moved = core.check_bool(input.moved, "moved", false),
                               in_combat = core.check_bool(input.in_combat, "in_combat", false),
                               in_the_air = core.check_bool(input.in_the_air, "in_the_air", true) })
    end,
  },
}

return M
