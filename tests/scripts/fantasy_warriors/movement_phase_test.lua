-- Fantasy Warriors Phase Three in one call (pages 26-29): the Initiative Test, then each army
-- or command in its turn, every unit's outcome in order (moves, wading, reorganising, expanding),
-- wizards resting instead of moving, each decision asked of its side; errors name the entry.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local function orc(fields)
  return t.copy({ name = "Orc boyz", figures = 10, quality = "average", type = "tribal", strength = 1, movement = 6 }, fields)
end

local function dwarf(fields)
  return t.copy({ name = "Dwarf axes", figures = 10, quality = "veteran", type = "disciplined", strength = 1,
                  armour = "medium", movement = 5, orders = "oppose" }, fields)
end

local function sides()
  return {
    { name = "Orcs", warchief = { name = "Gorbag", leadership = 4 }, commands = {
      { name = "Orc horde", leader = { name = "Gorbag", role = "warchief", leadership = 4 },
        units = {
          { unit = orc { orders = "attack" }, enemy_distance = 10 },
          { unit = orc { name = "Orc archers", orders = "hold", disorganised = true } },
        },
        wizards = { { wizard = { name = "Shaman", power = 4 } } } } } },
    { name = "Dwarves", warchief = { name = "Thorin", leadership = 3 }, commands = {
      { name = "Dwarf host", leader = { name = "Thorin", role = "warchief", leadership = 3 },
        units = {
          { unit = dwarf(), distance = 2.5, terrain = { "wood" } },
          { unit = dwarf { name = "Dwarf rangers", orders = "oppose" }, distance = 2.5, terrain = { "river" }, river_strength = 3 },
          { unit = dwarf { name = "Dwarf guard", orders = "hold" }, expand = { action = "expand" } },
        } } } },
  }
end

local function outcomes(r)
  local out = {}
  for _, u in ipairs(r.units) do out[#out + 1] = u.unit .. ": " .. u.outcome end
  return out
end

function M.test_by_armies_every_unit_in_order()
  -- Initiative: Orcs 5 + 4 = 9, Dwarves 2 + 3 = 5; the Orcs move first (the default policy).
  -- Then the rangers' wading die (6 + 1 - 3 = 4: across) and the guard's expansion (3 + 1).
  muster.dice.set_faces { 5, 2, 6, 3 }
  local r = ruleset.resolve("movement_phase", { sides = sides() })
  t.eq(r.initiative.outcome, "moves: Orcs, Dwarves")
  t.eq({ #r.turns, r.turns[1].side, r.turns[2].side }, { 2, "Orcs", "Dwarves" })
  t.eq(outcomes(r), {
    "Orc boyz: moves 6in of 6in",
    "Orc archers: does not move; reorganised",
    "Dwarf axes: moves 2.5in of 5in",
    "Dwarf rangers: moves 2.5in of 2.5in; wading: crosses at half speed; disorganised; disorganised (wading)",
    "Dwarf guard: does not move; expands by 4 figures",
  })
  t.eq({ r.units[2].disorganised, r.units[2].reorganise_chosen_by, r.units[2].reorganise.reorganised }, { false, "policy:first", true })
  t.eq({ r.units[4].wading, r.units[4].disorganised, r.units[4].figures_lost }, { true, true, 0 })
  t.eq(r.units[5].expand.figures, 4)
  t.eq({ r.wizards[1].wizard, r.wizards[1].rest_chosen_by, r.wizards[1].rest.power_after, r.wizards[1].command }, { "Shaman", "policy:first", 6, "Orc horde" })
  local asked = {}
  for _, c in ipairs(r.choices) do asked[#asked + 1] = c.side .. ":" .. c.question .. "=" .. c.answer end
  t.eq(asked, { "Orcs:reorganise=yes", "Orcs:rest_wizard=rest" })
  t.eq(r.units[4].move.wade.dice, { { label = "wading, Dwarf rangers", dice = "1D6", faces = { 6 }, result = 6 } })
end

function M.test_answers_given_or_scripted()
  local s = sides()
  s[1].commands[1].units[2].reorganise = false
  s[1].commands[1].wizards[1] = { wizard = { name = "Shaman", power = 4 }, rest = true, method = "gamble" }
  -- The Dwarves win and choose to move second; the Shaman gambles 2 (at most 4): doubled.
  muster.choice.set_controller("Dwarves", "script", { "2nd" })
  muster.dice.set_faces { 1, 6, 2, 6, 3 }
  local r = ruleset.resolve("movement_phase", { sides = s })
  t.eq(r.initiative.outcome, "moves: Orcs, Dwarves")
  t.eq({ r.units[2].reorganise, r.units[2].disorganised, r.units[2].reorganise_chosen_by }, { nil, true, "input" })
  t.eq({ r.wizards[1].rest.method, r.wizards[1].rest.gamble_won, r.wizards[1].rest.power_after }, { "gamble", true, 8 })
  t.eq(r.initiative.choices[1].by, "script")
  -- A wizard who moved does not rest, and nobody asks.
  s[1].commands[1].wizards[1] = { wizard = { name = "Shaman", power = 4 }, moved = true }
  muster.choice.set_controller("Dwarves", "policy", "first")
  muster.dice.set_faces { 1, 6, 6, 3 }
  r = ruleset.resolve("movement_phase", { sides = s })
  t.eq({ r.wizards[1].outcome, r.wizards[1].rest }, { "does not rest", nil })
end

function M.test_by_commands_in_counter_order()
  local s = sides()
  table.insert(s[1].commands, { name = "Orc raiders", leader = { name = "Grukk", role = "battle_leader", leadership = 1 },
    units = { { unit = orc { name = "Wolf riders", orders = "oppose", mounted = true, movement = 9 }, distance = 9 } } })
  -- Gorbag 1 + 4 = 5, Grukk 6 + 1 = 7, Thorin 3 + 3 = 6: Grukk's owner takes counter 1, then
  -- Thorin's 2, Gorbag's 3. The rangers' die and the guard's.
  muster.dice.set_faces { 1, 6, 3, 6, 3 }
  local r = ruleset.resolve("movement_phase", { method = "commands", sides = s })
  t.eq(r.initiative.outcome, "moves: Orc raiders (Orcs), Dwarf host (Dwarves), Orc horde (Orcs)")
  local turns = {}
  for _, turn in ipairs(r.turns) do turns[#turns + 1] = turn.command .. "#" .. #turn.units end
  t.eq(turns, { "Orc raiders#1", "Dwarf host#3", "Orc horde#2" })
  t.eq({ r.units[1].unit, r.units[2].unit, r.units[5].unit }, { "Wolf riders", "Dwarf axes", "Orc boyz" })
end

function M.test_errors_name_the_entry()
  local function no(s, message)
    t.fails_exactly(function() ruleset.resolve("movement_phase", { sides = s }) end, message)
  end
  local s = sides()
  s[1].commands[1].units[2].distance = 2
  muster.dice.set_faces { 5, 2 }
  no(s, "input: sides[1].commands[1].units[2].distance: under HOLD a unit must stay halted where it is (p.18); it may expand or contract")
  s = sides()
  s[1].commands[1].units[1].reorganise = true
  muster.dice.set_faces { 5, 2 }
  no(s, "input: sides[1].commands[1].units[1].reorganise: reorganising is instead of moving: this unit moves this phase (p.29)")
  s = sides()
  s[1].commands[1].units[2].unit.reaction = "shaken"
  s[1].commands[1].units[2].reorganise = true
  muster.dice.set_faces { 5, 2 }
  no(s, "input: sides[1].commands[1].units[2].unit.reaction: only a unit with OK status reorganises: a shaken unit must first be influenced back to OK (p.29, p.38)")
  s = sides()
  s[2].commands[1].units[1].speed = 3
  no(s, "input: sides[2].commands[1].units[1].speed: unknown field (known: reorganise, expand, unit, distance, enemy_distance, "
    .. "nearest_enemy_in_combat, unengaged_enemy_distance, attack_target, direction, angle, turn, turns, turn_after, wheel, "
    .. "terrain, base_width, bridge_width, equipment, river_strength, river_at, stuck_in_river, in_combat, contact, slow, "
    .. "halt, collision, interpenetrate, in_the_air, take_off, land, features, season)")
  s = sides()
  s[2].commands[1].units[3].expand.when = "during_move"
  muster.dice.set_faces { 5, 2, 6 }
  no(s, "input: sides[2].commands[1].units[3].expand.when: a unit expands or contracts before or after a move, never during one (p.29)")
  s = sides()
  s[1].commands[1].wizards[1].wizard.power = 9
  s[1].commands[1].wizards[1].rest = true
  muster.dice.set_faces { 5, 2 }
  no(s, "input: sides[1].commands[1].wizards[1].wizard.power: 9: only a wizard with 6 or fewer points may rest")
end

-- Checked before any die: a bad entry late in the phase throws nothing.
function M.test_the_whole_input_is_checked_first()
  local s = sides()
  s[2].commands[1].units[2].terrain = { "lava" }
  local before = muster.dice.operations()
  t.fails(function() ruleset.resolve("movement_phase", { sides = s }) end, "input: sides[2].commands[1].units[2].terrain[1]: \"lava\" is not one of")
  t.eq(muster.dice.operations(), before)
end

-- Individuals not with a unit (page 26 item 5, page 40): the Orcs' warchief Gorbag leads the
-- Orc horde; Grukk the Orc raiders. Ugluk and the runner belong to the raiders but move with the
-- warchief; the herald moves with the raiders, the banner bearer with the horde; the Dwarves'
-- Balin touches the Dwarf axes.
local function with_individuals()
  local s = sides()
  table.insert(s[1].commands, { name = "Orc raiders", leader = { name = "Grukk", role = "battle_leader", leadership = 1 },
    units = { { unit = orc { name = "Wolf riders", orders = "oppose", mounted = true, movement = 9 }, distance = 9 } } })
  s[1].individuals = {
    { name = "Herald", role = "herald", command = "Orc raiders", distance = 4 },
    { name = "Ugluk", role = "hero", movement = 6, command = "Orc raiders", distance = 5 },
    { name = "Runner", role = "courier", movement = 9, command = "Orc raiders", distance = 9 },
    { name = "Snaga", role = "messenger", movement = 6, command = "Orc horde", distance = 3 },
    { name = "Banner", role = "banner_bearer", command = "Orc horde", distance = 2 },
  }
  s[2].individuals = {
    { name = "Balin", role = "hero", movement = 5, command = "Dwarf host", with_unit = "Dwarf axes", distance = 2.5 },
  }
  return s
end

-- Each individual's move as "name: moves_with with (rule)".
local function individual_moves(r)
  local out = {}
  for _, m in ipairs(r.individuals) do
    out[#out + 1] = string.format("%s@%d: %s %s (%s, p.%d)", m.individual, m.turn, m.moves_with, m.with, m.rule, m.page)
  end
  return out
end

-- Where each unit and individual came in the order of moves.
local function sequence(r)
  local out = {}
  for _, turn in ipairs(r.turns) do
    for _, u in ipairs(turn.units) do out[#out + 1] = u end
    for _, i in ipairs(turn.individuals) do out[#out + 1] = i end
  end
  return out
end

function M.test_individuals_by_armies()
  -- Orcs 5 + 4, Dwarves 2 + 3: the Orcs move first; the rangers' die, the guard's.
  muster.dice.set_faces { 5, 2, 6, 3 }
  local r = ruleset.resolve("movement_phase", { sides = with_individuals() })
  t.eq(individual_moves(r), {
    "Ugluk@1: warchief Gorbag (individuals move with their warchief, p.26)",
    "Runner@1: warchief Gorbag (messengers and couriers move with the warchief, p.26)",
    "Snaga@1: warchief Gorbag (messengers and couriers move with the warchief, p.26)",
    "Banner@1: command Orc horde (heralds and banner bearers move with their command, p.40)",
    "Herald@1: command Orc raiders (heralds and banner bearers move with their command, p.40)",
    "Balin@2: unit Dwarf axes (an individual in contact with a friendly unit may move with it, p.26)",
  })
  -- In the order of moves: the warchief's individuals with his command, the herald after the
  -- raiders, Balin right after the axes he touches (before the rangers).
  t.eq(r.turns[1].individuals, { "Ugluk", "Runner", "Snaga", "Banner", "Herald" })
  t.eq(r.turns[2].individuals, { "Balin" })
  local order = {}
  for _, m in ipairs(r.individuals) do order[#order + 1] = m.individual end
  t.eq(order, { "Ugluk", "Runner", "Snaga", "Banner", "Herald", "Balin" })
  t.eq({ r.individuals[3].moved, r.individuals[3].movement, r.individuals[3].outcome },
    { 3, 6, "moves 3in of 6in with the warchief Gorbag (p.26)" })
  t.eq({ r.individuals[6].with_unit_chosen_by, r.individuals[6].outcome, r.individuals[1].with_unit_chosen_by },
    { "policy:first", "moves 2.5in of 5in with Dwarf axes (p.26)", nil })
  local asked = {}
  for _, c in ipairs(r.choices) do asked[#asked + 1] = c.side .. ":" .. c.question .. "=" .. c.answer .. ":" .. c.about end
  t.eq(asked, { "Dwarves:move_with_unit=with_unit:Balin", "Orcs:reorganise=yes:Orc archers", "Orcs:rest_wizard=rest:Shaman" })
  t.eq(r.outcome:match("Balin: [^|]*$"), "Balin: moves 2.5in of 5in with Dwarf axes (p.26)")
end

function M.test_individual_declines_the_unit()
  -- Balin's player says no: he moves with his warchief Thorin, after the whole Dwarf host.
  muster.choice.set_controller("Dwarves", "script", { "alone" })
  muster.dice.set_faces { 5, 2, 6, 3 }
  local r = ruleset.resolve("movement_phase", { sides = with_individuals() })
  t.eq(individual_moves(r)[6], "Balin@2: warchief Thorin (individuals move with their warchief, p.26)")
  t.eq(r.individuals[6].with_unit_chosen_by, "script")
  t.eq(sequence(r), { "Orc boyz", "Orc archers", "Wolf riders", "Ugluk", "Runner", "Snaga", "Banner", "Herald",
                      "Dwarf axes", "Dwarf rangers", "Dwarf guard", "Balin" })
  -- The units' own order is the phase's: individuals wait for theirs, inside each turn.
  t.eq({ r.units[3].unit, r.units[4].unit }, { "Wolf riders", "Dwarf axes" })
end

function M.test_individuals_by_commands()
  -- Gorbag 1 + 4 = 5, Grukk 6 + 1 = 7, Thorin 3 + 3 = 6: raiders, Dwarf host, Orc horde.
  muster.dice.set_faces { 1, 6, 3, 6, 3 }
  local r = ruleset.resolve("movement_phase", { method = "commands", sides = with_individuals() })
  t.eq(r.initiative.outcome, "moves: Orc raiders (Orcs), Dwarf host (Dwarves), Orc horde (Orcs)")
  local turns = {}
  for _, turn in ipairs(r.turns) do turns[#turns + 1] = turn.command .. ": " .. table.concat(turn.individuals, ", ") end
  -- Ugluk and the runner belong to the raiders, who move first, but wait for Gorbag (3rd).
  t.eq(turns, { "Orc raiders: Herald", "Dwarf host: Balin", "Orc horde: Ugluk, Runner, Snaga, Banner" })
  t.eq({ r.individuals[1].turn, r.individuals[3].turn, r.individuals[3].command }, { 1, 3, "Orc raiders" })
end

function M.test_individuals_of_a_lost_warchief()
  -- Gorbag is dead: his hero moves with his own command (the raiders), the banner bearer still
  -- with the horde. Orcs 6 + 0, Dwarves 2 + 3: the Orcs move first.
  local s = with_individuals()
  s[1].warchief_lost = true
  s[1].individuals = { s[1].individuals[2], s[1].individuals[5] }
  muster.dice.set_faces { 6, 2, 6, 3 }
  local r = ruleset.resolve("movement_phase", { sides = s })
  t.eq(individual_moves(r), {
    "Banner@1: command Orc horde (heralds and banner bearers move with their command, p.40)",
    "Ugluk@1: command Orc raiders (his warchief is lost: he moves with his own command (proposal), p.26)",
    "Balin@2: unit Dwarf axes (an individual in contact with a friendly unit may move with it, p.26)",
  })
  -- By commands the lost warchief's command is leaderless, and Ugluk moves in the raiders' turn.
  s[1].warchief_lost = false
  s[1].commands[1].leader_lost = true
  muster.dice.set_faces { 1, 6, 3, 6, 3 }
  r = ruleset.resolve("movement_phase", { method = "commands", sides = s })
  t.eq({ r.individuals[1].individual, r.individuals[1].turn, r.individuals[1].moves_with }, { "Ugluk", 1, "command" })
end

function M.test_individual_errors()
  local function no(s, message)
    local before = muster.dice.operations()
    t.fails_exactly(function() ruleset.resolve("movement_phase", { sides = s }) end, message)
    t.eq(muster.dice.operations(), before)
  end
  local s = with_individuals()
  s[1].individuals[2].distance = 7
  no(s, "input: sides[1].individuals[2].distance: Ugluk: 7in is more than his MOV of 6in (p.26)")
  s = with_individuals()
  s[1].individuals[1].distance = 6.5
  no(s, "input: sides[1].individuals[1].distance: Herald: 6.5in is more than his MOV of 6in (p.26)")
  s = with_individuals()
  s[2].individuals[1].with_unit = "Orc boyz"
  no(s, "input: sides[2].individuals[1].with_unit: \"Orc boyz\" is not a unit of Dwarves in this phase")
  s = with_individuals()
  s[1].individuals[1].command = "Orc rabble"
  no(s, "input: sides[1].individuals[1].command: \"Orc rabble\" is not a command of Orcs")
  s = with_individuals()
  s[1].individuals[1].command = nil
  no(s, "input: sides[1].individuals[1].command: missing (the command he belongs to)")
  s = with_individuals()
  s[1].individuals[1].role = "warchief"
  no(s, "input: sides[1].individuals[1].role: \"warchief\" is not one of hero, wizard, priest, soothsayer, courier, scout, herald, banner_bearer, messenger")
  s = with_individuals()
  s[1].commands[1].leader.role = nil
  s[1].commands[1].leader.name = "Grishnakh"
  no(s, "input: sides[1].commands: no command is led by the warchief \"Gorbag\": give his command's leader role warchief, or say warchief_lost")
  s = with_individuals()
  s[1].individuals[1].speed = 4
  no(s, "input: sides[1].individuals[1].speed: unknown field (known: name, role, movement, command, with_unit, distance)")
end

return M
