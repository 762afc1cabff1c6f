-- Fantasy Warriors Phase Three, one unit's move (pages 17-18, 26-29): each order and
-- bloodlust's compulsory move, half speed and disorganisation in every kind of terrain, who
-- may cross swamps and marshes, bridges, turning and wheeling, flying, collision and
-- interpenetration, and properties over many seeds.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local function unit(fields)
  return t.copy({ name = "Orc infantry", figures = 10, quality = "average", type = "tribal", strength = 1,
                  armour = "medium", movement = 6, orders = "oppose" }, fields)
end

local function move(input) return ruleset.resolve("move", input) end

local function refused(input, message)
  t.fails_exactly(function() move(input) end, message)
end

local function why(r)
  local out = {}
  for _, d in ipairs(r.disorganised_by) do out[#out + 1] = d.id end
  return table.concat(out, " ")
end

-- ---------------------------------------------------------------------------------------
-- Orders and reactions
-- ---------------------------------------------------------------------------------------

function M.test_hold_stays_where_it_is()
  local hold = unit { orders = "hold" }
  local r = move { unit = hold }
  t.eq({ r.mode, r.moved, r.compulsory, r.outcome }, { "hold", 0, false, "does not move" })
  refused({ unit = hold, distance = 2 },
    "input: distance: under HOLD a unit must stay halted where it is (p.18); it may expand or contract")
  refused({ unit = hold, turn = 45 },
    "input: turn: under HOLD a unit stays halted where it is: it does not turn or wheel (p.18, proposed)")
  refused({ unit = hold, wheel = { angle = 45, travel = 1 } },
    "input: wheel: under HOLD a unit stays halted where it is: it does not turn or wheel (p.18, proposed)")
end

function M.test_oppose_moves_any_way_up_to_its_allowance_never_into_contact()
  local r = move { unit = unit(), distance = 4, direction = "backwards" }
  t.eq({ r.moved, r.allowance, r.direction, r.keeps_facing, r.disorganised }, { 4, 6, "backwards", true, false })
  t.eq(move({ unit = unit() }).moved, 0)
  t.eq(move({ unit = unit(), distance = 6, direction = "oblique", angle = 45 }).moved, 6)
  refused({ unit = unit(), distance = 6.5 }, "input: distance: 6.5in is more than the allowance of 6in")
  refused({ unit = unit(), distance = 3, contact = true },
    "input: contact: under OPPOSE a unit never moves into contact with the enemy (p.18)")
end

function M.test_attack_moves_at_full_speed_on_the_nearest_enemy()
  local attack = unit { orders = "attack" }
  local r = move { unit = attack, enemy_distance = 10 }
  t.eq({ r.mode, r.compulsory, r.moved, r.required, r.contact }, { "attack", true, 6, 6, false })
  r = move { unit = attack, enemy_distance = 4 }
  t.eq({ r.moved, r.contact, r.outcome }, { 4, true, "moves 4in of 6in; contacts the enemy" })
  -- No enemy within reach: the whole allowance.
  t.eq(move({ unit = attack }).moved, 6)
  t.eq(move({ unit = attack, enemy_distance = 10, distance = 6 }).moved, 6)
  refused({ unit = attack, enemy_distance = 10, distance = 3 },
    "input: distance: ATTACK must move 6in, at full speed towards the nearest enemy by the most direct route (p.17)")
  refused({ unit = attack, direction = "backwards" },
    "input: direction: only a unit under OPPOSE moves backwards, still facing the enemy (p.18, p.28); this one is ATTACK")
  refused({ unit = attack, contact = true, distance = 7 }, "input: distance: 7in is more than the allowance of 6in")
end

function M.test_attack_may_charge_the_nearest_unengaged_enemy_instead()
  local attack = unit { orders = "attack" }
  local input = { unit = attack, enemy_distance = 3, nearest_enemy_in_combat = true, unengaged_enemy_distance = 5 }
  local r = move(input)
  t.eq({ r.target, r.target_chosen_by, r.moved }, { "nearest", "policy:first", 3 })
  muster.choice.set_controller("mover", "script", { "unengaged" })
  r = move(input)
  t.eq({ r.target, r.target_chosen_by, r.moved, r.contact }, { "unengaged", "script", 5, true })
  t.eq(r.choices[1], { side = "mover", question = "attack_target", answer = "unengaged", by = "script", about = "Orc infantry" })
  refused({ unit = attack, attack_target = "unengaged" },
    "input: attack_target: only an ATTACK unit whose nearest enemy is in combat chooses (give nearest_enemy_in_combat and unengaged_enemy_distance)")
end

function M.test_attack_may_slow_for_difficult_terrain()
  local attack = unit { orders = "attack" }
  local r = move { unit = attack, enemy_distance = 10, terrain = { "wood" } }
  t.eq({ r.moved, r.disorganised, why(r), r.slow_chosen_by }, { 6, true, "wood", "policy:first" })
  t.eq(r.disorganised_by[1].reason, "woods are difficult terrain: moved 6in, more than half its MOV (3in)")
  muster.choice.set_controller("mover", "script", { "slow" })
  r = move { unit = attack, enemy_distance = 10, terrain = { "wood" } }
  t.eq({ r.slowed, r.allowance, r.moved, r.disorganised, r.slow_chosen_by }, { true, 3, 3, false, "script" })
  t.eq(t.modifier_ids(r), "slowed=-3")
  t.eq(r.modifiers[1].source, "fantasy_warriors p.17")
  -- Given in the input, nothing is asked.
  r = move { unit = attack, enemy_distance = 10, terrain = { "hill" }, slow = true }
  t.eq({ r.moved, r.slow_chosen_by, r.choices[1].by }, { 3, "input", "input" })
  -- The enemy within half the MOV: nothing to slow for, and nothing asked.
  r = move { unit = attack, enemy_distance = 2, terrain = { "wood" } }
  t.eq({ r.moved, r.disorganised, #r.choices }, { 2, false, 0 })
  refused({ unit = attack, enemy_distance = 2, terrain = { "wood" }, slow = true },
    "input: slow: nothing to slow for: no difficult terrain makes this move disorganise")
  refused({ unit = unit(), distance = 2, slow = true }, "input: slow: only an ATTACK unit's move asks this")
end

function M.test_bloodlust_advances_at_full_speed_whatever_its_orders()
  for _, orders in ipairs({ "hold", "oppose", "attack" }) do
    local mad = unit { orders = orders, reaction = "bloodlust" }
    local r = move { unit = mad, enemy_distance = 9, terrain = { "broken_ground" } }
    t.eq({ r.mode, r.moved, r.disorganised, why(r), #r.choices }, { "bloodlust", 6, true, "broken_ground", 0 }, orders)
  end
  local mad = unit { reaction = "bloodlust", disorganised = true }
  refused({ unit = mad, enemy_distance = 9, terrain = { "wood" }, slow = true },
    "input: slow: a unit in bloodlust cannot slow down for difficult terrain (p.27)")
  refused({ unit = mad, enemy_distance = 9, halt = true }, "input: halt: a unit in bloodlust cannot halt to reorganise (p.27)")
  refused({ unit = mad, enemy_distance = 9, distance = 4 },
    "input: distance: bloodlust must move 6in, at full speed towards the nearest enemy by the most direct route (p.27)")
end

function M.test_characters_alone_move_at_the_slowest_mov()
  local pair = { name = "Heroes", figures = 0, quality = "elite", type = "disciplined", orders = "oppose", individuals = {
    { name = "Aldo", role = "hero", quality = "elite", type = "disciplined", movement = 5 },
    { name = "Bel", role = "wizard", quality = "average", type = "disciplined", movement = 4 } } }
  local r = move { unit = pair, distance = 4 }
  t.eq({ r.movement, r.allowance, r.moved }, { 4, 4, 4 })
  refused({ unit = pair, distance = 5 }, "input: distance: 5in is more than the allowance of 4in")
  refused({ unit = { name = "Nobody", figures = 0, quality = "average", type = "tribal" } },
    "input: unit.figures: 0 figures and no individuals: nothing to move")
end

function M.test_shaken_moves_under_its_orders()
  local r = move { unit = unit { reaction = "shaken", disorganised = true }, distance = 5 }
  t.eq({ r.mode, r.moved, r.disorganised }, { "oppose", 5, true })
end

function M.test_a_routed_unit_is_gone_and_a_unit_in_combat_stays()
  local r = move { unit = unit { reaction = "rout" }, distance = 4 }
  t.eq({ r.gone, r.moved, r.outcome }, { true, 0, "routed: removed from the table at once (p.21); it does not move" })
  r = move { unit = unit { orders = "attack" }, in_combat = true, enemy_distance = 0 }
  t.eq({ r.in_combat, r.moved, r.outcome }, { true, 0, "in combat: does not move (p.29)" })
  refused({ unit = unit(), in_combat = true, distance = 2 },
    "input: in_combat: a unit in combat cannot move out of it: only a rout ends it (p.29)")
  refused({ unit = unit(), in_combat = true, turn = 30 },
    "input: in_combat: a unit in combat cannot move out of it: only a rout ends it (p.29)")
end

function M.test_attack_may_halt_to_reorganise()
  local tired = unit { orders = "attack", disorganised = true }
  local r = move { unit = tired, enemy_distance = 10 }
  t.eq({ r.halted, r.moved, r.disorganised, r.halt_chosen_by }, { nil, 6, true, "policy:first" })
  muster.choice.set_controller("mover", "script", { "yes" })
  r = move { unit = tired, enemy_distance = 10 }
  t.eq({ r.halted, r.reorganised, r.moved, r.disorganised, r.halt_chosen_by }, { true, true, 0, false, "script" })
  -- A shaken unit is not asked: only OK status reorganises.
  r = move { unit = t.copy(tired, { reaction = "shaken" }), enemy_distance = 10 }
  t.eq({ r.moved, #r.choices }, { 6, 0 })
  refused({ unit = t.copy(tired, { reaction = "shaken" }), halt = true },
    "input: halt: only a unit with OK status reorganises: a shaken unit must first be influenced back to OK (p.29, p.38)")
  refused({ unit = tired, halt = true, distance = 6 }, "input: distance: a unit that halts to reorganise does not move (p.29)")
  refused({ unit = unit { orders = "attack" }, halt = true }, "input: halt: the unit is not disorganised: nothing to halt for")
  refused({ unit = unit { disorganised = true }, halt = true },
    "input: halt: only ATTACK halts to reorganise; under HOLD or OPPOSE a unit that does not move reorganises (procedure reorganise)")
end

-- ---------------------------------------------------------------------------------------
-- Terrain
-- ---------------------------------------------------------------------------------------

function M.test_difficult_terrain_disorganises_above_half_the_move_only()
  for _, kind in ipairs({ "wood", "hill", "broken_ground", "difficult", "bridge" }) do
    local r = move { unit = unit(), distance = 3, terrain = { kind } }
    t.eq({ r.allowance, r.moved, r.disorganised }, { 6, 3, false }, kind .. " at half")
    r = move { unit = unit(), distance = 3.5, terrain = { kind } }
    t.eq({ r.moved, r.disorganised, why(r) }, { 3.5, true, kind }, kind .. " above half")
    t.eq(r.disorganised_by[1].source, "fantasy_warriors p.27")
  end
  -- An odd MOV keeps its half inch.
  local r = move { unit = unit { movement = 5 }, distance = 2.5, terrain = { "wood" } }
  t.eq(r.disorganised, false)
  -- Not moving over it: nothing happens.
  r = move { unit = unit(), terrain = { "wood" } }
  t.eq({ r.moved, r.disorganised }, { 0, false })
end

function M.test_swamps_marshes_and_fords_halve_the_move_and_always_disorganise()
  local strong = unit { strength = 2 }
  for _, kind in ipairs({ "swamp", "marsh", "ford" }) do
    local r = move { unit = strong, distance = 1, terrain = { kind } }
    t.eq({ r.allowance, r.moved, r.disorganised, why(r), t.modifier_ids(r) }, { 3, 1, true, kind, "half_speed=-3" }, kind)
    refused({ unit = strong, distance = 3.5, terrain = { kind } }, "input: distance: 3.5in is more than the allowance of 3in")
  end
  -- Two halving terrains halve once.
  local r = move { unit = strong, distance = 3, terrain = { "swamp", "ford", "wood" } }
  t.eq({ r.allowance, why(r) }, { 3, "swamp ford" })
  t.eq(r.modifiers[1].reason, "swamp, ford: always at half speed (3in)")
end

function M.test_who_may_cross_a_swamp()
  local strong = unit { strength = 2, armour = "medium" }
  t.eq(move({ unit = strong, distance = 2, terrain = { "swamp" } }).moved, 2)
  refused({ unit = unit { strength = 1 }, distance = 2, terrain = { "swamp" } },
    "input: terrain[1]: Orc infantry: only creatures with a strength greater than 1 cross a swamp (fantasy_warriors p.27)")
  refused({ unit = t.copy(strong, { mounted = true }), distance = 2, terrain = { "swamp" } },
    "input: terrain[1]: Orc infantry: no mounted figure crosses a swamp (fantasy_warriors p.27)")
  for _, armour in ipairs({ "heavy", "extra_heavy" }) do
    refused({ unit = t.copy(strong, { armour = armour }), distance = 2, terrain = { "wood", "swamp" } },
      "input: terrain[2]: Orc infantry: no figure in heavy or extra-heavy armour crosses a swamp (fantasy_warriors p.27)")
  end
  refused({ unit = strong, distance = 2, terrain = { "swamp" }, equipment = true },
    "input: terrain[1]: Orc infantry: no equipment crosses a swamp (fantasy_warriors p.27)")
  -- Every figure counts: an attached character in heavy armour bars the unit.
  local led = t.copy(strong, { individuals = { { name = "Gorbag", role = "battle_leader", quality = "veteran",
    type = "tribal", strength = 2, armour = "heavy", leadership = 3 } } })
  refused({ unit = led, distance = 2, terrain = { "swamp" } },
    "input: terrain[1]: Gorbag: no figure in heavy or extra-heavy armour crosses a swamp (fantasy_warriors p.27)")
end

function M.test_who_may_cross_a_marsh()
  t.eq(move({ unit = unit { strength = 1, armour = "heavy" }, distance = 3, terrain = { "marsh" } }).moved, 3)
  t.eq(move({ unit = unit { mounted = true, armour = "medium", movement = 8 }, distance = 4, terrain = { "marsh" } }).moved, 4)
  refused({ unit = unit { armour = "extra_heavy" }, distance = 3, terrain = { "marsh" } },
    "input: terrain[1]: Orc infantry: no infantry in extra-heavy armour crosses a marsh (fantasy_warriors p.27)")
  for _, armour in ipairs({ "heavy", "extra_heavy" }) do
    refused({ unit = unit { mounted = true, armour = armour }, distance = 3, terrain = { "marsh" } },
      "input: terrain[1]: Orc infantry: no mounted figure in heavy or extra-heavy armour crosses a marsh (fantasy_warriors p.27)")
  end
end

function M.test_bridges_by_base_width()
  local r = move { unit = unit(), distance = 3, terrain = { "bridge" }, base_width = 1 }
  t.eq({ r.single_file, r.disorganised }, { false, false })
  r = move { unit = unit(), distance = 3, terrain = { "bridge" }, base_width = 1.5 }
  t.eq(r.single_file, true)
  r = move { unit = unit(), distance = 3, terrain = { "bridge" }, base_width = 2 }
  t.eq(r.single_file, true)
  refused({ unit = unit(), distance = 3, terrain = { "bridge" }, base_width = 2.5 },
    "input: base_width: bases 2.5in wide cannot use a 2in bridge: they ford or wade (p.27)")
  refused({ unit = unit(), distance = 3, terrain = { "bridge" }, base_width = 1.5, bridge_width = 1 },
    "input: base_width: bases 1.5in wide cannot use a 1in bridge: they ford or wade (p.27)")
  refused({ unit = unit(), distance = 3, terrain = { "bridge" }, bridge_width = 3 },
    "input: bridge_width: 3in: a bridge is at most 2in wide (p.27)")
  -- A bridge is difficult terrain.
  r = move { unit = unit(), distance = 4, terrain = { "bridge" }, base_width = 1 }
  t.eq({ r.disorganised, why(r) }, { true, "bridge" })
end

function M.test_wading_within_a_move()
  -- River strength 4, STR 1: a 5 scores 2, across at half speed, disorganised.
  muster.dice.set_faces { 5 }
  local r = move { unit = unit(), distance = 3, terrain = { "river" }, river_strength = 4 }
  t.eq({ r.wade.score, r.wade.row, r.crossed_river, r.allowance, r.moved, why(r) }, { 2, "1", true, 3, 3, "wading" })
  t.eq(#r.while_wading, 4)
  -- A 1 scores -2: cannot cross, loses half (5 figures): the move ends at the bank, 1in on.
  muster.dice.set_faces { 1 }
  r = move { unit = unit(), distance = 3, terrain = { "river" }, river_strength = 4, river_at = 1 }
  t.eq({ r.wade.row, r.crossed_river, r.moved, r.wade.losses, r.disorganised }, { "-2", false, 1, 5, true })
  t.eq(r.while_wading, {})
  -- Stuck in the middle from last phase: tests again, and a 6 gets it across.
  muster.dice.set_faces { 6 }
  r = move { unit = unit(), distance = 2, stuck_in_river = true, river_strength = 4 }
  t.eq({ r.wade.stuck_before, r.wade.position, r.moved }, { true, "across", 2 })
  refused({ unit = unit(), distance = 3, terrain = { "river" } },
    "input: river_strength: missing: a unit wading into a river throws against its strength (1..10)")
  refused({ unit = unit(), distance = 3, terrain = { "river" }, river_strength = 11 },
    "input: river_strength: 11 is out of range 1..10")
end

-- ---------------------------------------------------------------------------------------
-- Manoeuvres
-- ---------------------------------------------------------------------------------------

function M.test_one_turn_of_up_to_90_degrees_before_moving()
  local r = move { unit = unit(), turn = 90, distance = 6 }
  t.eq({ r.turn, r.moved, r.allowance }, { 90, 6, 6 })
  refused({ unit = unit(), turn = 91 }, "input: turn: 91 degrees: a unit turns at most 90 degrees (p.28)")
  refused({ unit = unit(), turn = 45, turns = 2 }, "input: turns: a unit turns only once a move (p.28)")
  refused({ unit = unit(), turn = 45, turn_after = true },
    "input: turn_after: a unit turns before it moves, not after (p.28; the sentence is cut in the book: proposed)")
end

function M.test_a_wheel_costs_the_outer_figures_travel_and_is_the_one_turn()
  local r = move { unit = unit(), wheel = { angle = 90, travel = 4.5 }, distance = 1.5 }
  t.eq({ r.allowance, r.moved, t.modifier_ids(r) }, { 1.5, 1.5, "wheel=-4.5" })
  t.eq(r.modifiers[1].source, "fantasy_warriors p.28")
  refused({ unit = unit(), wheel = { angle = 90, travel = 4.5 }, distance = 2 },
    "input: distance: 2in is more than the allowance of 1.5in")
  refused({ unit = unit(), wheel = { angle = 45, travel = 2 }, turn = 45 },
    "input: wheel: a unit turns only once a move (p.28): a wheel is its one turn (proposed)")
  refused({ unit = unit(), wheel = { angle = 120, travel = 2 } }, "input: wheel.angle: 120 degrees: a unit turns at most 90 degrees (p.28)")
  refused({ unit = unit(), wheel = { angle = 90, travel = 7 } }, "input: wheel.travel: the outer figure's 7in is more than the allowance of 6in")
  -- In a swamp the wheel comes off the half.
  r = move { unit = unit { strength = 2 }, wheel = { angle = 45, travel = 1 }, terrain = { "swamp" }, distance = 2 }
  t.eq({ r.allowance, t.modifier_ids(r) }, { 2, "half_speed=-3 wheel=-1" })
end

function M.test_oblique_moves_up_to_45_degrees()
  t.eq(move({ unit = unit(), direction = "oblique", angle = 30, distance = 5 }).angle, 30)
  refused({ unit = unit(), direction = "oblique", angle = 46, distance = 5 },
    "input: angle: 46 degrees: a unit moves at most 45 degrees either side of its facing (p.28)")
  refused({ unit = unit(), direction = "oblique", distance = 5 },
    "input: angle: missing: an oblique move gives its angle off the unit's facing (up to 45 degrees)")
  refused({ unit = unit(), angle = 10, distance = 5 }, "input: angle: an angle goes with direction \"oblique\"")
end

-- ---------------------------------------------------------------------------------------
-- Flying
-- ---------------------------------------------------------------------------------------

local function flyers(fields)
  return unit(t.copy({ name = "Wyvern riders", flying = true, movement = 12, strength = 1, mounted = true, armour = "heavy" }, fields))
end

function M.test_a_flyer_in_the_air_ignores_terrain_and_declares_whether_it_lands()
  local r = move { unit = flyers(), distance = 12, terrain = { "wood", "swamp" } }
  t.eq({ r.moved, r.allowance, r.disorganised, r.in_the_air, r.land_chosen_by }, { 12, 12, false, true, "policy:first" })
  t.eq(r.rule, "a flying unit in the air ignores difficult terrain")
  muster.choice.set_controller("mover", "script", { "land" })
  r = move { unit = flyers(), distance = 8 }
  t.eq({ r.landed, r.in_the_air, r.disorganised, why(r), r.land_chosen_by }, { true, false, true, "landed", "script" })
  r = move { unit = flyers(), distance = 8, land = true }
  t.eq({ r.landed, r.land_chosen_by }, { true, "input" })
end

function M.test_a_flyer_on_the_ground_is_disorganised_until_it_takes_off()
  local grounded = flyers { disorganised = true }
  local r = move { unit = grounded, in_the_air = false, distance = 3 }
  t.eq({ r.in_the_air, r.disorganised, why(r) }, { false, true, "on_the_ground" })
  r = move { unit = grounded, in_the_air = false, take_off = true, distance = 10, terrain = { "marsh" } }
  t.eq({ r.took_off, r.reorganised, r.reorganised_by, r.disorganised, r.in_the_air, r.moved }, { true, true, "taking off (p.29)", false, true, 10 })
  -- On the ground it crosses terrain as others do: mounted in heavy armour, no marsh.
  refused({ unit = grounded, in_the_air = false, distance = 3, terrain = { "marsh" } },
    "input: terrain[1]: Wyvern riders: no mounted figure in heavy or extra-heavy armour crosses a marsh (fantasy_warriors p.27)")
  refused({ unit = flyers(), take_off = true }, "input: take_off: the unit is in the air already")
  -- Under ATTACK on the ground it cannot halt to reorganise, and is not asked to.
  local charging = flyers { orders = "attack", disorganised = true }
  r = move { unit = charging, in_the_air = false, enemy_distance = 20 }
  t.eq({ r.moved, #r.choices, r.disorganised }, { 12, 0, true })
  refused({ unit = charging, in_the_air = false, halt = true },
    "input: halt: a flying unit on the ground cannot reorganise: it does so by taking off (p.29)")
  refused({ unit = unit(), take_off = true, distance = 2 }, "input: take_off: only a flying unit takes off, flies and lands (p.29)")
  refused({ unit = unit(), land = true, distance = 2 }, "input: land: only a flying unit takes off, flies and lands (p.29)")
end

-- ---------------------------------------------------------------------------------------
-- Collision and interpenetration (page 28)
-- ---------------------------------------------------------------------------------------

local friends = { name = "Goblin archers", figures = 12, quality = "poor", type = "tribal", orders = "oppose" }

function M.test_collision_within_a_move()
  local attack = unit { orders = "attack" }
  local r = move { unit = attack, enemy_distance = 10, collision = { friend = friends, at = 2.5 } }
  t.eq({ r.moved, r.halted, r.contact, r.disorganised, why(r) }, { 2.5, true, false, true, "collision" })
  t.eq({ r.collision.collides, r.collision.friend_disorganised, r.collision.placed },
       { true, true, "immediately in front of Goblin archers" })
  r = move { unit = attack, enemy_distance = 10, collision = { friend = friends, at = 2.5, way_round = true } }
  t.eq({ r.moved, r.collision.collides, r.collision.goes_round, r.disorganised }, { 6, false, true, false })
  r = move { unit = flyers { orders = "attack" }, enemy_distance = 20, collision = { friend = friends, at = 2 } }
  t.eq({ r.moved, r.collision.flies_over }, { 12, true })
  refused({ unit = unit(), distance = 3, collision = { friend = friends, at = 2 } },
    "input: collision: only a unit under ATTACK or in bloodlust collides with friends (p.28)")
  -- A friend further along than the unit goes is not reached: no collision, nobody disorganised.
  r = move { unit = attack, enemy_distance = 4, collision = { friend = friends, at = 5 } }
  t.eq({ r.moved, r.contact, r.collision.collides, r.collision.beyond, r.disorganised }, { 4, true, false, true, false })
  t.eq(r.collision.outcome, "Goblin archers stands 5in along the way, beyond the 4in Orc infantry moves: not reached")
end

function M.test_collision_procedure()
  local r = ruleset.resolve("collision", { unit = unit { reaction = "bloodlust", orders = "hold" }, friend = friends })
  t.eq({ r.collides, r.unit_disorganised, r.friend_disorganised, r.halts, r.moves_again, r.source },
       { true, true, true, true, "next turn", "fantasy_warriors p.28" })
  t.eq(r.outcome, "Orc infantry collides with Goblin archers, breaks through and halts in front of them; both disorganised")
  t.fails_exactly(function() ruleset.resolve("collision", { unit = unit(), friend = friends }) end,
    "input: unit.orders: only a unit under ATTACK or in bloodlust collides with friends (p.28); this one is under OPPOSE")
end

function M.test_interpenetration()
  local r = move { unit = unit(), interpenetrate = { friend = friends, in_contact = true } }
  t.eq({ r.moved, r.interpenetration.passes, r.interpenetration.friend_move_used, r.interpenetration.placed },
       { 6, true, true, "directly in front of Goblin archers" })
  t.eq(r.outcome, "moves 6in of 6in; passes through Goblin archers")
  local p = ruleset.resolve("interpenetrate", { unit = unit(), friend = friends, in_contact = true })
  t.eq({ p.passes, p.unit_move_used, p.friend_move_used }, { true, true, true })
  local function no(input, message)
    t.fails_exactly(function() ruleset.resolve("interpenetrate", input) end, message)
  end
  no({ unit = unit(), friend = friends }, "input: in_contact: the rear unit must start its move in base-to-base contact with the unit in front (p.28)")
  no({ unit = unit { disorganised = true }, friend = friends, in_contact = true }, "input: unit.disorganised: a disorganised unit cannot interpenetrate (p.28)")
  no({ unit = unit(), friend = t.copy(friends, { disorganised = true }), in_contact = true },
    "input: friend.disorganised: Goblin archers is disorganised: no interpenetration (p.28)")
  no({ unit = unit(), friend = t.copy(friends, { orders = "hold" }), in_contact = true },
    "input: friend.orders: only units under OPPOSE interpenetrate (p.28): Goblin archers is not")
  no({ unit = unit { orders = "attack" }, friend = friends, in_contact = true }, "input: unit.orders: only units under OPPOSE interpenetrate (p.28)")
  -- A flyer passes over.
  p = ruleset.resolve("interpenetrate", { unit = flyers { orders = "hold" }, friend = friends })
  t.eq({ p.passes, p.flies_over }, { true, true })
  refused({ unit = unit(), distance = 2, interpenetrate = { friend = friends, in_contact = true } },
    "input: distance: interpenetrating uses the unit's whole move: leave distance out")
end

-- ---------------------------------------------------------------------------------------
-- Properties over seeds
-- ---------------------------------------------------------------------------------------

local function pick(list, label)
  return list[muster.dice.roll_sum("1d" .. #list, label)]
end

local all_terrain = { "wood", "hill", "broken_ground", "difficult", "bridge", "swamp", "marsh", "ford" }

-- A random situation: a unit with random orders, reaction and MOV, 0-2 terrains, a wheel or
-- not, an enemy somewhere.
local function situation()
  local u = unit { orders = pick({ "attack", "hold", "oppose" }, "orders"),
                   reaction = pick({ "ok", "ok", "bloodlust", "shaken", "rout" }, "reaction"),
                   movement = muster.dice.roll_sum("2d6", "mov"), strength = muster.dice.roll_sum("1d3", "str"),
                   disorganised = pick({ true, false }, "dis"), flying = pick({ true, false, false }, "fly") }
  local input = { unit = u, terrain = {} }
  for i = 1, muster.dice.roll_sum("1d3", "terrains") - 1 do input.terrain[i] = pick(all_terrain, "terrain") end
  if pick({ true, false }, "enemy") then input.enemy_distance = muster.dice.roll_sum("3d6", "enemy") - 3 end
  if u.orders ~= "hold" and pick({ true, false, false }, "wheel") then input.wheel = { angle = 45, travel = muster.dice.roll_sum("1d3", "travel") } end
  if u.orders == "oppose" and u.reaction ~= "bloodlust" then input.distance = muster.dice.roll_sum("1d12", "distance") end
  return input
end

function M.test_property_no_unit_moves_beyond_its_allowance()
  local checked = 0
  for seed = 1, 500 do
    muster.dice.set_seed(seed)
    local input = situation()
    local ok, r = pcall(move, input)
    if ok then
      checked = checked + 1
      local mov = input.unit.movement
      t.eq(r.moved <= r.allowance + 1e-9, true, "seed " .. seed .. ": moved " .. r.moved .. " > allowance " .. r.allowance)
      t.eq(r.allowance <= mov, true, "seed " .. seed .. ": allowance above MOV")
      local costs = 0
      for _, m in ipairs(r.modifiers) do costs = costs + m.value end
      if not r.gone and not r.halted and not r.in_combat then
        t.eq(math.abs(mov + costs - r.allowance) < 1e-9, true, "seed " .. seed .. ": the costs itemised add up to the allowance")
      end
    else
      -- The only refusals a random situation meets: too far, or terrain the unit may not cross.
      t.eq(r:match("^input: distance: [%d.]+in is more than the allowance of") ~= nil or r:match("^input: terrain%[%d%]") ~= nil
           or r:match("^input: wheel.travel") ~= nil, true, "seed " .. seed .. ": " .. r)
    end
  end
  t.eq(checked > 250, true, "most situations are legal moves")
end

function M.test_property_a_routed_unit_is_always_gone()
  for seed = 1, 500 do
    muster.dice.set_seed(seed)
    local input = situation()
    input.unit.reaction = "rout"
    local r = move(input)
    t.eq({ r.gone, r.moved }, { true, 0 }, "seed " .. seed)
  end
end

function M.test_property_bloodlust_moves_its_full_allowance_unless_contact_comes_first()
  local checked = 0
  for seed = 1, 500 do
    muster.dice.set_seed(seed)
    local input = situation()
    input.unit.reaction, input.distance = "bloodlust", nil
    local ok, r = pcall(move, input)
    if ok then
      checked = checked + 1
      local expect = input.enemy_distance and math.min(r.allowance, input.enemy_distance) or r.allowance
      t.eq(r.moved, expect, "seed " .. seed)
      t.eq(r.contact, input.enemy_distance ~= nil and input.enemy_distance <= r.allowance, "seed " .. seed .. " contact")
      t.eq(#r.choices > 0 and r.choices[1].question or "none", input.unit.flying and "land" or "none", "seed " .. seed .. ": never asked to slow or halt")
      t.eq(r.slowed, nil)
    else
      t.eq(r:match("^input: terrain%[%d%]") ~= nil or r:match("^input: wheel.travel") ~= nil, true, "seed " .. seed .. ": " .. r)
    end
  end
  t.eq(checked > 250, true, "most situations are legal moves (" .. checked .. " of 500)")
end

return M
