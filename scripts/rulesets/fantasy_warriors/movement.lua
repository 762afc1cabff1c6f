--- Fantasy Warriors Phase Three, one unit's move (pages 17-18, 26-29): the allowance (MOV, half
--- speed in swamp, marsh, ford or river, a wheel's travel), what orders and bloodlust make it do,
--- direction and the one turn, terrain and who may cross it, bridges, wading (rivers.lua),
--- collision and interpenetration, flying, and why it ends disorganised. Owns `move`,
--- `collision`, `interpenetrate`. Distances are the players' measurements, given as inputs.
--- Randomness only through muster.dice (the wading throw).
local core = require("core")
local explain = require("explain")
local units = require("units")
local troops = require("troops")
local terrain = require("terrain")
local terrain_items = require("terrain_items")
local rivers = require("rivers")
local features = require("features")
local formation = require("formation")
local casualties = require("casualties")  -- choose: a player's decision, recorded

local M = {}

-- The order --explain tells the result in.
explain.order.move = { "unit", "mode", "movement", "allowance", "required", "moved", "contact", "disorganised",
  "disorganised_by", "stopped", "features", "wade", "collision", "interpenetration", "in_the_air", "choices" }
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- Manoeuvres (page 28): how far off its facing a unit moves obliquely; the one turn (its
-- greatest angle, how many a move, and `before_moving`, the reading of the sentence the OCR
-- cut: "It must turn before [it moves]"; no cost is printed); a wheel (the outer figure's
-- travel counts against the move, and it is the unit's one turn: both proposed).
data.manoeuvres = core.define_table("manoeuvres", {
  oblique = { max_angle = 45 },
  turn = { max_angle = 90, per_move = 1, before_moving = true, cost = 0 },
  wheel = { travel_counts = true, counts_as_turn = true },
}, 28, { doc = "direction and turning: oblique.max_angle, turn {max_angle, per_move, before_moving, cost}, wheel {travel_counts, counts_as_turn}" })

-- A change to every unit's MOV this phase (none in the book): `reduction` inches off, never
-- below `minimum` (a MOV already below it is left alone). A variant sets it (HR-4's -4in).
data.movement_change = core.define_table("movement_change", {
  every_move = { reduction = 0, minimum = 2 },
}, 27, { doc = "inches off every unit's MOV (reduction, none in the book), never below minimum" })

M.directions = { "straight", "oblique", "backwards" }

-- The mode a unit moves in: its reaction when bloodlust (the only reaction that moves a unit,
-- page 27), else its orders.
function M.mode_of(u)
  if u.reaction == "bloodlust" then return "bloodlust" end
  return u.orders
end
local mode_of = M.mode_of

local function inches(n) return terrain.inches(n) end

local mode_text = { attack = "ATTACK", hold = "HOLD", oppose = "OPPOSE", bloodlust = "bloodlust" }

-- ---------------------------------------------------------------------------------------
-- Collision and interpenetration (page 28)
-- ---------------------------------------------------------------------------------------

--- A collision (page 28): checked unit `u` (ATTACK or bloodlust) meets friendly unit `friend`
--- in its path; `way_round` there is a way round them (no collision: ATTACK may deviate only
--- for this); `airborne` a flyer in the air passes over. Fails naming unit.orders for a unit
--- that does not collide.
---@return table res
function M.collide(u, friend, c)
  local mode = mode_of(u)
  if mode ~= "attack" and mode ~= "bloodlust" then
    core.fail("unit.orders", string.format("only a unit under ATTACK or in bloodlust collides with friends (p.28); this one is under %s", mode_text[mode]))
  end
  local res = core.result("collision")
  res.unit, res.friend, res.source = u.name, friend.name, core.ruleset .. " p.28"
  if c.airborne then
    res.collides, res.flies_over = false, true
    res.outcome = u.name .. " flies over " .. friend.name .. " (p.29)"
    return res
  end
  if c.way_round then
    res.collides, res.goes_round = false, true
    res.outcome = u.name .. " goes round " .. friend.name .. ": the one deviation its route may make (p.17)"
    return res
  end
  res.collides = true
  res.at = c.at
  res.placed = "immediately in front of " .. friend.name
  res.halts, res.moves_again = true, "next turn"
  res.unit_disorganised, res.friend_disorganised = true, true
  res.outcome = string.format("%s collides with %s, breaks through and halts in front of them; both disorganised",
    u.name, friend.name)
  return res
end

--- Interpenetration (page 28): checked unit `u`, the rear unit, passes through friendly unit
--- `friend` in front of it: both under OPPOSE, neither disorganised, the rear unit starting in
--- base contact. It is placed directly in front, and the move of both is used up. A flyer in
--- the air needs none (it passes over). Fails naming the condition's field.
---@return table res
function M.interpenetrate(u, friend, c)
  local res = core.result("interpenetrate")
  res.unit, res.friend, res.source = u.name, friend.name, core.ruleset .. " p.28"
  if c.airborne then
    res.passes, res.flies_over = true, true
    res.outcome = u.name .. " flies over " .. friend.name .. ": no interpenetration needed (p.29)"
    return res
  end
  if mode_of(u) ~= "oppose" then core.fail("unit.orders", "only units under OPPOSE interpenetrate (p.28)") end
  if mode_of(friend) ~= "oppose" then core.fail("friend.orders", "only units under OPPOSE interpenetrate (p.28): " .. friend.name .. " is not") end
  if u.disorganised then core.fail("unit.disorganised", "a disorganised unit cannot interpenetrate (p.28)") end
  if friend.disorganised then core.fail("friend.disorganised", friend.name .. " is disorganised: no interpenetration (p.28)") end
  if not c.in_contact then
    core.fail("in_contact", "the rear unit must start its move in base-to-base contact with the unit in front (p.28)")
  end
  res.passes = true
  res.placed = "directly in front of " .. friend.name
  res.unit_move_used, res.friend_move_used = true, true
  res.outcome = string.format("%s passes through %s and is placed in front; the full move of both is used", u.name, friend.name)
  return res
end

-- ---------------------------------------------------------------------------------------
-- The move
-- ---------------------------------------------------------------------------------------

-- Asks side `a.side` a yes/no-like question unless the input gave the answer.
local function ask(res, a, question, prompt, options, given)
  return casualties.choose(res, a.unit.name, { side = a.side, question = question, prompt = prompt, options = options }, given)
end

-- The answer an input's boolean gives (nil: none, the player is asked).
local function given(v, yes, no)
  if v == nil then return nil end
  return v and yes or no
end

local function disorganise(res, id, reason, source)
  res.disorganised_by[#res.disorganised_by + 1] = { id = id, reason = reason, source = source }
end

-- The terrain the move touches: each kind's row, bars and bridge rules; returns the kinds that
-- halve the move, that disorganise above half the MOV, and that always disorganise.
local function read_terrain(res, a, airborne)
  local halving, over_half, always, wading = {}, {}, {}, false
  res.terrain = {}
  local rows = terrain_items.data.movement_terrain
  for i, kind in ipairs(a.terrain) do
    local row = rows.rows[kind]
    res.terrain[i] = { kind = kind, effect = airborne and "none (flying)" or row.effect, source = rows:source(kind) }
    if not airborne then
      if row.crossing then
        local bar = terrain_items.crossing_bar(a.unit, row.crossing, a.equipment)
        if bar then core.fail("terrain[" .. i .. "]", string.format("%s: %s (%s)", bar.figure, bar.reason, bar.source)) end
      end
      if kind == "bridge" then
        local widest = terrain_items.data.terrain_items.rows.bridge.at_most_width
        if a.bridge_width > widest then
          core.fail("bridge_width", string.format("%sin: a bridge is at most %sin wide (p.27)", inches(a.bridge_width), inches(widest)))
        end
        if a.base_width then
          local use = terrain_items.bridge_use(a.base_width)
          if use == "barred" or a.base_width > a.bridge_width then
            core.fail("base_width", string.format("bases %sin wide cannot use a %sin bridge: they ford or wade (p.27)",
              inches(a.base_width), inches(a.bridge_width)))
          end
          res.single_file = use == "file"
        end
      end
      if row.wading then wading = true end
      if row.effect == "half_and_disorganised" or row.effect == "half" then halving[#halving + 1] = kind end
      -- `always_disorganises` (a variant's: the weather's woods, HR-4) makes difficult
      -- terrain disorganise whatever the distance, so there is nothing to slow down for.
      if row.effect == "half_and_disorganised" or (row.always_disorganises and row.effect ~= "none") then
        always[#always + 1] = kind
      elseif row.effect == "half_or_disorganised" then
        over_half[#over_half + 1] = kind
      end
    end
  end
  if airborne and #a.terrain > 0 then terrain.flies_over(res, a.unit) end
  return halving, over_half, always, wading
end

local function kinds_text(list)
  return (table.concat(list, ", "):gsub("_", " "))
end

--- One unit's move (pages 17-18, 26-29). `a` is the checked input (M.check_move). Fails with
--- one line naming the field for a move the rules forbid.
---@param a table
---@return table res
function M.move(a)
  local u = a.unit
  local res = core.result("move")
  res.unit, res.orders, res.reaction, res.choices = u.name, u.orders, u.reaction, {}
  res.disorganised_by = {}
  if u.reaction == "rout" then
    res.gone, res.moved, res.allowance, res.disorganised = true, 0, 0, u.disorganised
    res.outcome = "routed: removed from the table at once (p.21); it does not move"
    return res
  end
  local mov = troops.movement(u)
  local mode = mode_of(u)
  res.movement, res.mode = mov, mode
  res.compulsory = mode == "attack" or mode == "bloodlust"
  local m = data.manoeuvres.rows
  -- Flying: in the air at the start, or taking off (reorganised at once), or on the ground.
  local airborne, disorganised = false, u.disorganised
  if u.flying then
    res.in_the_air_before = a.in_the_air
    airborne = a.in_the_air
    if a.take_off then
      if a.in_the_air then core.fail("take_off", "the unit is in the air already") end
      airborne, res.took_off = true, true
      if disorganised then res.reorganised, res.reorganised_by = true, "taking off (p.29)" end
      disorganised = false
    end
  else
    for _, f in ipairs({ "take_off", "land", "in_the_air" }) do
      if a[f] then core.fail(f, "only a flying unit takes off, flies and lands (p.29)") end
    end
  end
  if a.in_combat then
    if (a.distance or 0) > 0 or a.turn or a.wheel or a.take_off then
      core.fail("in_combat", "a unit in combat cannot move out of it: only a rout ends it (p.29)")
    end
    res.in_combat, res.moved, res.allowance, res.disorganised = true, 0, 0, disorganised
    res.outcome = "in combat: does not move (p.29)"
    return res
  end
  -- The one turn, before moving; or a wheel, which is that turn.
  if a.turn then
    if a.turn > m.turn.max_angle then
      core.fail("turn", string.format("%g degrees: a unit turns at most %d degrees (p.28)", a.turn, m.turn.max_angle))
    end
    res.turn = a.turn
  end
  local turns = a.turns or ((a.turn and 1 or 0) + ((a.wheel and m.wheel.counts_as_turn) and 1 or 0))
  if turns > m.turn.per_move then
    core.fail(a.wheel and a.turn and "wheel" or "turns", string.format("a unit turns only once a move (p.28)%s",
      (a.wheel and a.turn) and ": a wheel is its one turn (proposed)" or ""))
  end
  if a.turn_after then
    if m.turn.before_moving then
      core.fail("turn_after", "a unit turns before it moves, not after (p.28; the sentence is cut in the book: proposed)")
    end
    res.turn_after = true
  end
  if a.wheel and a.wheel.angle > m.turn.max_angle then
    core.fail("wheel.angle", string.format("%g degrees: a unit turns at most %d degrees (p.28)", a.wheel.angle, m.turn.max_angle))
  end
  if mode == "hold" and (a.turn or a.wheel) then
    core.fail(a.turn and "turn" or "wheel", "under HOLD a unit stays halted where it is: it does not turn or wheel (p.18, proposed)")
  end
  -- Direction.
  res.direction = a.direction
  if a.direction == "backwards" and mode ~= "oppose" then
    core.fail("direction", string.format("only a unit under OPPOSE moves backwards, still facing the enemy (p.18, p.28); this one is %s", mode_text[mode]))
  end
  if a.direction == "oblique" then
    if not a.angle then core.fail("angle", "missing: an oblique move gives its angle off the unit's facing (up to 45 degrees)") end
    if a.angle > m.oblique.max_angle then
      core.fail("angle", string.format("%g degrees: a unit moves at most %d degrees either side of its facing (p.28)", a.angle, m.oblique.max_angle))
    end
    res.angle = a.angle
  elseif a.angle then
    core.fail("angle", "an angle goes with direction \"oblique\"")
  end
  res.keeps_facing = true
  -- ATTACK may halt to reorganise (p.17, p.29) instead of moving.
  if a.halt ~= nil and mode ~= "attack" then
    core.fail("halt", mode == "bloodlust" and "a unit in bloodlust cannot halt to reorganise (p.27)"
      or "only ATTACK halts to reorganise; under HOLD or OPPOSE a unit that does not move reorganises (procedure reorganise)")
  end
  if mode == "attack" and disorganised then
    local field, why = formation.why_not_reorganise(u, { moved = false, in_combat = false, in_the_air = airborne })
    if field then
      if a.halt then core.fail("halt", why) end
    else
      local answer, by = ask(res, a, "halt_to_reorganise", u.name .. " (ATTACK, disorganised): halt to reorganise instead of moving?",
        { "no", "yes" }, given(a.halt, "yes", "no"))
      res.halt_chosen_by = by
      if answer == "yes" then
        if (a.distance or 0) > 0 then core.fail("distance", "a unit that halts to reorganise does not move (p.29)") end
        res.halted, res.reorganised, res.moved, res.allowance = true, true, 0, mov
        res.disorganised = false
        res.outcome = "halts to reorganise (p.17, p.29): the Disorganised counter is removed"
        return res
      end
    end
  elseif a.halt then
    core.fail("halt", "the unit is not disorganised: nothing to halt for")
  end
  -- The allowance: MOV, a variant's change, half speed, a wheel's travel.
  local halving, over_half, always, wading = read_terrain(res, a, airborne)
  if a.stuck_in_river and not airborne then wading = true end
  local change = data.movement_change.rows.every_move
  local base = mov
  if change.reduction and change.reduction > 0 and mov >= change.minimum then
    base = math.max(mov - change.reduction, change.minimum)
    core.add_modifiers(res, { { id = "movement_change", value = base - mov, source = data.movement_change:source("every_move"),
      reason = (change.reason or "every move is shorter") .. string.format(", to a minimum of %sin", inches(change.minimum)) } })
  end
  res.allowance = base
  if wading then
    if not a.river_strength then
      core.fail("river_strength", "missing: a unit wading into a river throws against its strength (1..10)")
    end
    -- A wader that crosses does so at half speed; one that does not stops at the bank.
    local listed = false
    for _, k in ipairs(halving) do listed = listed or k == "river" end
    if not listed then
      halving[#halving + 1] = "river"
      always[#always + 1] = "river"
    end
  end
  if #halving > 0 then
    local first = halving[1]
    local source = first == "river" and rivers.data.wading:source("1") or terrain_items.data.movement_terrain:source(first)
    local allowance = base / 2
    res.allowance = allowance
    core.add_modifiers(res, { { id = "half_speed", value = allowance - base, source = source,
      reason = string.format("%s: always at half speed (%sin)", kinds_text(halving), inches(allowance)) } })
  end
  if a.wheel then
    if a.wheel.travel > res.allowance then
      core.fail("wheel.travel", string.format("the outer figure's %sin is more than the allowance of %sin", inches(a.wheel.travel), inches(res.allowance)))
    end
    if m.wheel.travel_counts and a.wheel.travel > 0 then
      core.add_modifiers(res, { { id = "wheel", value = -a.wheel.travel, source = data.manoeuvres:source("wheel"),
        reason = string.format("wheeling %g degrees: the outer figure's travel counts against the move (proposed)", a.wheel.angle) } })
      res.allowance = res.allowance - a.wheel.travel
    end
    res.wheel = { angle = a.wheel.angle, travel = a.wheel.travel }
  end
  if mode == "hold" and (a.distance or 0) > 0 then
    core.fail("distance", "under HOLD a unit must stay halted where it is (p.18); it may expand or contract")
  end
  -- The features a house rule gives rules to (features.lua), read once the target or the
  -- distance is known: a road's bonus, a crossing's cost, an obstacle that stops the move.
  local house
  local function house_features(target, distance)
    local f = features.for_move(res, a, { airborne = airborne, compulsory = res.compulsory, target = target,
      distance = distance, base = base, mov = mov, halved = #halving > 0, travel = (a.wheel and m.wheel.travel_counts) and a.wheel.travel or 0,
      allowance = res.allowance })
    res.allowance = f.allowance
    return f
  end
  -- What it moves.
  local moved
  if res.compulsory then
    local target = a.enemy_distance
    res.target = "nearest"
    if mode == "attack" and a.nearest_enemy_in_combat and a.unengaged_enemy_distance then
      local answer, by = ask(res, a, "attack_target", u.name .. ": the nearest enemy is in combat: charge it or the nearest unengaged enemy?",
        { "nearest", "unengaged" }, a.attack_target)
      res.target, res.target_chosen_by = answer, by
      if answer == "unengaged" then target = a.unengaged_enemy_distance end
    elseif a.attack_target ~= nil then
      core.fail("attack_target", "only an ATTACK unit whose nearest enemy is in combat chooses (give nearest_enemy_in_combat and unengaged_enemy_distance)")
    end
    house = house_features(target, nil)
    -- ATTACK may slow down for difficult terrain to stay organised; bloodlust may not.
    local full = target and math.min(res.allowance, target) or res.allowance
    if house.stop and house.stop.at < full then full = house.stop.at end
    if (#over_half > 0 or #house.over_half > 0) and full > mov / 2 then
      if mode == "bloodlust" then
        if a.slow then core.fail("slow", "a unit in bloodlust cannot slow down for difficult terrain (p.27)") end
      else
        local crossed = {}
        for _, k in ipairs(over_half) do crossed[#crossed + 1] = k end
        for _, f in ipairs(house.over_half) do crossed[#crossed + 1] = f.name end
        local answer, by = ask(res, a, "slow_for_terrain", string.format("%s (ATTACK) crosses %s: full speed (disorganised) or slow to %sin?",
          u.name, kinds_text(crossed), inches(mov / 2)), { "full_speed", "slow" }, given(a.slow, "slow", "full_speed"))
        res.slow_chosen_by = by
        if answer == "slow" then
          res.slowed = true
          core.add_modifiers(res, { { id = "slowed", value = mov / 2 - res.allowance, source = core.ruleset .. " p.17",
            reason = string.format("ATTACK slows to half its MOV (%sin) over difficult terrain to stay organised", inches(mov / 2)) } })
          res.allowance = mov / 2
          full = target and math.min(res.allowance, target) or res.allowance
          if house.stop and house.stop.at < full then full = house.stop.at end
        end
      end
    elseif a.slow then
      core.fail("slow", "nothing to slow for: no difficult terrain makes this move disorganise")
    end
    res.required = full
    if a.distance and a.distance > res.allowance + 1e-9 then
      core.fail("distance", string.format("%sin is more than the allowance of %sin", inches(a.distance), inches(res.allowance)))
    end
    if a.distance and a.distance < full - 1e-9 then
      core.fail("distance", string.format("%s must move %sin, at full speed towards the nearest enemy by the most direct route (p.%d)",
        mode_text[mode], inches(full), mode == "attack" and 17 or 27))
    end
    moved = full
    res.contact = target ~= nil and target <= res.allowance
    if house.stop and house.stop.at <= moved + 1e-9 and house.stop.at < (target or math.huge) then
      res.contact = false
      res.stopped = house.stop
    end
    if a.collision then
      res.collision = M.collide(u, a.collision.friend, { at = a.collision.at, way_round = a.collision.way_round, airborne = airborne })
      if res.collision.collides and a.collision.at >= moved - 1e-9 then
        -- The friend stands beyond the distance the unit goes (its allowance cut by terrain,
        -- a slower pace): it is not reached this move.
        res.collision.collides, res.collision.beyond = false, true
        res.collision.halts, res.collision.moves_again, res.collision.unit_disorganised, res.collision.friend_disorganised = nil, nil, nil, nil
        res.collision.placed = nil
        res.collision.outcome = string.format("%s stands %sin along the way, beyond the %sin %s moves: not reached",
          a.collision.friend.name, inches(a.collision.at), inches(moved), u.name)
      end
      if res.collision.collides then
        moved, res.contact, res.halted = a.collision.at, false, true
        disorganise(res, "collision", "collided with " .. a.collision.friend.name .. " (both disorganised)", res.collision.source)
      end
    end
  else
    if a.collision then
      core.fail("collision", "only a unit under ATTACK or in bloodlust collides with friends (p.28)")
    end
    for _, f in ipairs({ "slow", "attack_target" }) do
      if a[f] ~= nil then core.fail(f, "only an ATTACK unit's move asks this") end
    end
    house = house_features(nil, a.distance or 0)
    moved = a.distance or 0
    if a.interpenetrate then
      if a.distance ~= nil then core.fail("distance", "interpenetrating uses the unit's whole move: leave distance out") end
      res.interpenetration = M.interpenetrate(u, a.interpenetrate.friend, { in_contact = a.interpenetrate.in_contact, airborne = airborne })
      if not res.interpenetration.flies_over then moved = res.allowance end
    end
    if moved > res.allowance + 1e-9 then
      core.fail("distance", string.format("%sin is more than the allowance of %sin", inches(moved), inches(res.allowance)))
    end
    if mode == "oppose" and a.contact then
      core.fail("contact", "under OPPOSE a unit never moves into contact with the enemy (p.18)")
    end
    res.contact = false
  end
  -- The wading throw, once the move is known to be one the rules allow.
  if wading then
    res.wade = rivers.wade { unit = u, river_strength = a.river_strength, stuck = a.stuck_in_river, side = "river",
                             options = a.options }
    res.crossed_river = res.wade.crosses
    if not res.wade.crosses then
      local stop = a.stuck_in_river and 0 or a.river_at
      if stop < moved then moved = stop end
    end
  end
  res.moved = moved
  -- Why it ends disorganised.
  if moved > 0 then
    for _, kind in ipairs(always) do
      if kind ~= "river" then
        disorganise(res, kind, terrain_items.data.movement_terrain.rows[kind].reason, terrain_items.data.movement_terrain:source(kind))
      end
    end
    for _, kind in ipairs(over_half) do
      if moved > mov / 2 + 1e-9 then
        disorganise(res, kind, string.format("%s: moved %sin, more than half its MOV (%sin)",
          terrain_items.data.movement_terrain.rows[kind].reason, inches(moved), inches(mov / 2)), terrain_items.data.movement_terrain:source(kind))
      end
    end
  end
  features.disorganise(res, house, moved, mov)
  if res.wade then
    disorganise(res, "wading", "wading a river always disorganises", res.wade.row_source)
    res.while_wading = res.wade.while_wading
  end
  if u.flying then
    if airborne then
      local answer, by = ask(res, a, "land", u.name .. ": still in the air, or landed?", { "stay_in_the_air", "land" },
        given(a.land, "land", "stay_in_the_air"))
      res.land_chosen_by = by
      res.landed = answer == "land"
      res.in_the_air = not res.landed
      if res.landed then disorganise(res, "landed", "a flying unit that lands becomes disorganised", core.ruleset .. " p.29") end
    else
      res.in_the_air = false
      disorganise(res, "on_the_ground", "a flying unit on the ground counts as disorganised", core.ruleset .. " p.29")
    end
  end
  res.disorganised = disorganised or #res.disorganised_by > 0
  -- The outcome in one line.
  local parts = {}
  if moved == 0 then parts[1] = "does not move"
  else parts[1] = string.format("moves %sin of %sin", inches(moved), inches(res.allowance)) end
  if res.contact then parts[#parts + 1] = "contacts the enemy" end
  if res.stopped then
    parts[#parts + 1] = string.format("stops at the %s (%s)", (res.stopped.kind:gsub("_", " ")), res.stopped.name)
  end
  for _, f in ipairs(res.features or {}) do
    if f.reached and f.outcome and not (res.stopped and res.stopped.name == f.name) then parts[#parts + 1] = f.name .. ": " .. f.outcome end
  end
  if res.collision and res.collision.collides then parts[#parts + 1] = "collides with " .. res.collision.friend end
  if res.interpenetration and res.interpenetration.passes and not res.interpenetration.flies_over then
    parts[#parts + 1] = "passes through " .. res.interpenetration.friend
  end
  if res.wade then parts[#parts + 1] = "wading: " .. res.wade.outcome end
  if res.took_off then parts[#parts + 1] = "takes off" end
  if res.landed then parts[#parts + 1] = "lands" end
  if res.disorganised then
    local why = {}
    for _, d in ipairs(res.disorganised_by) do why[#why + 1] = (d.id:gsub("_", " ")) end
    parts[#parts + 1] = #why > 0 and ("disorganised (" .. table.concat(why, ", ") .. ")") or "still disorganised"
  end
  res.outcome = table.concat(parts, "; ")
  return res
end

-- ---------------------------------------------------------------------------------------
-- Input checking
-- ---------------------------------------------------------------------------------------

--- The fields of a move input.
M.move_fields = { "unit", "side", "distance", "enemy_distance", "nearest_enemy_in_combat", "unengaged_enemy_distance",
  "attack_target", "direction", "angle", "turn", "turns", "turn_after", "wheel", "terrain", "base_width", "bridge_width",
  "equipment", "river_strength", "river_at", "stuck_in_river", "in_combat", "contact", "slow", "halt", "collision",
  "interpenetrate", "in_the_air", "take_off", "land", "features", "season" }

local function opt_number(v, path, low, high)
  if v == nil then return nil end
  return core.check_number(v, path, low, high)
end

local function opt_bool(v, path)
  if v == nil then return nil end
  return core.check_bool(v, path, nil)
end

--- Checks a move input (`path` prefixes its fields: "" for the procedure, "sides[1]..." for
--- the phase's). Returns the checked arguments of M.move.
---@param input table
---@param path string
---@param options table the ruleset's options
---@return table
function M.check_move(input, path, options)
  local p = path ~= "" and (path .. ".") or ""
  core.check_fields(input, M.move_fields, path ~= "" and path or "input")
  local u = units.check_unit(input.unit, p .. "unit")
  if u.figures == 0 and #u.individuals == 0 then core.fail(p .. "unit.figures", "0 figures and no individuals: nothing to move") end
  local a = { unit = u, unit_input = input.unit, options = options }
  a.side = core.check_side(input.side, p .. "side", "mover")
  a.distance = opt_number(input.distance, p .. "distance", 0, 1000)
  a.enemy_distance = opt_number(input.enemy_distance, p .. "enemy_distance", 0, 1000)
  a.nearest_enemy_in_combat = core.check_bool(input.nearest_enemy_in_combat, p .. "nearest_enemy_in_combat", false)
  a.unengaged_enemy_distance = opt_number(input.unengaged_enemy_distance, p .. "unengaged_enemy_distance", 0, 1000)
  a.attack_target = input.attack_target ~= nil and core.check_enum(input.attack_target, { "nearest", "unengaged" }, p .. "attack_target") or nil
  a.direction = core.check_enum(input.direction or "straight", M.directions, p .. "direction")
  a.angle = opt_number(input.angle, p .. "angle", 0, 180)
  a.turn = opt_number(input.turn, p .. "turn", 0, 360)
  a.turns = input.turns ~= nil and core.check_int(input.turns, p .. "turns", 0, 100) or nil
  a.turn_after = core.check_bool(input.turn_after, p .. "turn_after", false)
  if input.wheel ~= nil then
    core.check_fields(input.wheel, { "angle", "travel" }, p .. "wheel")
    a.wheel = { angle = core.check_number(input.wheel.angle, p .. "wheel.angle", 0, 360),
                travel = core.check_number(input.wheel.travel, p .. "wheel.travel", 0, 1000) }
  end
  a.terrain = {}
  if input.terrain ~= nil then
    if type(input.terrain) ~= "table" then core.fail(p .. "terrain", "an array of terrain kinds expected") end
    for i, k in ipairs(input.terrain) do a.terrain[i] = terrain_items.check_kind(k, p .. "terrain[" .. i .. "]") end
  end
  a.base_width = opt_number(input.base_width, p .. "base_width", 0, 100)
  a.bridge_width = core.check_number(input.bridge_width, p .. "bridge_width", 0, 100,
    terrain_items.data.terrain_items.rows.bridge.at_most_width)
  a.equipment = core.check_bool(input.equipment, p .. "equipment", false)
  if input.river_strength ~= nil then a.river_strength = rivers.check_strength(input.river_strength, p .. "river_strength") end
  a.river_at = core.check_number(input.river_at, p .. "river_at", 0, 1000, 0)
  a.stuck_in_river = core.check_bool(input.stuck_in_river, p .. "stuck_in_river", false)
  a.in_combat = core.check_bool(input.in_combat, p .. "in_combat", false)
  a.contact = core.check_bool(input.contact, p .. "contact", false)
  a.slow = opt_bool(input.slow, p .. "slow")
  a.halt = opt_bool(input.halt, p .. "halt")
  if input.collision ~= nil then
    core.check_fields(input.collision, { "friend", "at", "way_round" }, p .. "collision")
    a.collision = { friend = units.check_unit(input.collision.friend, p .. "collision.friend"),
                    at = core.check_number(input.collision.at, p .. "collision.at", 0, 1000, 0),
                    way_round = core.check_bool(input.collision.way_round, p .. "collision.way_round", false) }
  end
  if input.interpenetrate ~= nil then
    core.check_fields(input.interpenetrate, { "friend", "in_contact" }, p .. "interpenetrate")
    a.interpenetrate = { friend = units.check_unit(input.interpenetrate.friend, p .. "interpenetrate.friend"),
                         in_contact = core.check_bool(input.interpenetrate.in_contact, p .. "interpenetrate.in_contact", false) }
  end
  -- A flyer is in the air unless the input says it landed (proposed: flyers start in the air).
  a.in_the_air = core.check_bool(input.in_the_air, p .. "in_the_air", u.flying)
  a.take_off = core.check_bool(input.take_off, p .. "take_off", false)
  a.land = opt_bool(input.land, p .. "land")
  a.features = features.check_move_features(input.features, p .. "features")
  if input.season ~= nil then a.season = core.check_enum(input.season, terrain.seasons, p .. "season") end
  return a
end

M.procedures = {
  move = {
    doc = "one unit's move in Phase Three: its allowance (MOV, half speed in swamp, marsh, ford or river, a wheel's travel), what its orders or bloodlust make it do, the one turn, terrain, bridges, wading, collision, interpenetration, flying, and whether it ends disorganised (p.17-18, 26-29)",
    fields = M.move_fields,
    odds = { { name = "disorganised", path = "disorganised", kind = "category" }, { name = "moved", path = "moved", kind = "count" } },
    run = function(input, options)
      return M.move(M.check_move(input, "", options))
    end,
  },
  collision = {
    doc = "a unit under ATTACK or in bloodlust that cannot find a way round friends in its path collides: placed in front of them, halts, both disorganised (p.28)",
    fields = { "unit", "friend", "at", "way_round", "in_the_air" },
    run = function(input)
      local u = units.check_unit(input.unit, "unit")
      local friend = units.check_unit(input.friend, "friend")
      return M.collide(u, friend, { at = core.check_number(input.at, "at", 0, 1000, 0),
        way_round = core.check_bool(input.way_round, "way_round", false),
        airborne = u.flying and core.check_bool(input.in_the_air, "in_the_air", true) })
    end,
  },
  interpenetrate = {
    doc = "two units under OPPOSE, neither disorganised, the rear one starting in base contact: it is placed in front, and the full move of both is used (p.28)",
    fields = { "unit", "friend", "in_contact", "in_the_air" },
    run = function(input)
      local u = units.check_unit(input.unit, "unit")
      local friend = units.check_unit(input.friend, "friend")
      return M.interpenetrate(u, friend, { in_contact = core.check_bool(input.in_contact, "in_contact", false),
        airborne = u.flying and core.check_bool(input.in_the_air, "in_the_air", true) })
    end,
  },
}

return M
