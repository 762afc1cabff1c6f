-- Fantasy Warriors Spellbreak offered after each spell (page 45) and the priest's re-roll
-- thrown (page 40): the enemy side asked, declining, a Spellbreak that breaks the spell (no
-- effect, the cost paid) or fails (the effect lands), or overdraws its caster (no effect), no offer against a successful Banish
-- Magic or without power, a Spellbreak broken in turn; the roll a granted call changes thrown
-- again with the roll it replaces shown.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local dwarves = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined",
                  armour = "heavy", leader = true, standard = true, bad_light = "none", orders = "hold" }
local goblin = { name = "Goblin wizard", power = 20 }
local runa = { name = "Runa", power = 25 }

-- The Blast example (page 44): 6 dice at 26in, 5,4,3,3,2,2: cost 18, two kills.
local function blast(extra)
  local input = { spell = "blast", wizard = goblin, range = 26, dice = 6, target = dwarves, side = "goblins",
                  enemy_side = "dwarves", enemy_wizards = { runa } }
  for k, v in pairs(extra or {}) do input[k] = v end
  if input.enemy_wizards == false then input.enemy_wizards = nil end
  return ruleset.resolve("cast", input)
end

function M.test_declined_the_spell_lands()
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2, 3 }  -- the specials die: 3
  local r = blast()
  t.eq(r.spellbreak_offer, { side = "dwarves", wizards = { "Runa" }, answer = "no", chosen_by = "policy:first" })
  t.eq(r.choices, { { side = "dwarves", question = "spellbreak", answer = "no", by = "policy:first", about = "Goblin wizard" } })
  t.eq({ r.spellbroken, r.kills, r.losses, r.power_after, r.outcome }, { nil, 2, 2, 2, "2 kills" })
end

-- Runa breaks it: 5D = 4+4+3+3+3 = 17 over 15. The Blast has no effect (no kills, no specials
-- die, no Casualty Test); the Goblin pays his 18 all the same; Runa pays 17.
function M.test_chosen_and_succeeding()
  muster.choice.set_controller("dwarves", "script", { "Runa" })
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2, 4, 4, 3, 3, 3 }
  local r = blast()
  t.eq(r.spellbreak_offer.chosen_by, "script")
  t.eq({ r.spellbroken, r.effect_cancelled, r.kills, r.losses, r.casualty_test }, { true, true, nil, nil, nil })
  t.eq({ r.cost, r.power_after }, { 18, 2 })
  local s = r.spellbreak
  t.eq({ s.spell, s.wizard, s.cost_dice, s.broken, s.power_after }, { "spellbreak", "Runa", 17, true, 8 })
  -- With 15 power Runa cannot pay 17: she overdraws and dies, and the Blast lands.
  muster.choice.set_controller("dwarves", "script", { "Runa" })
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2, 4, 4, 3, 3, 3, 3 }
  r = blast({ enemy_wizards = { { name = "Runa", power = 15 } } })
  t.eq({ r.spellbreak.overdrawn, r.spellbreak.wizard_dead, r.spellbroken, r.kills }, { true, true, false, 2 })
  t.eq(r.spellbreak.command_test_markers, { { name = "Runa", role = "wizard", event = "killed" } })
end

-- The Spellbreak fails (5D = 15, not over 15): the Blast lands as if never challenged.
function M.test_chosen_and_failing()
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2, 3, 3, 3, 3, 3, 3 }
  local r = blast({ spellbreak = "Runa" })
  t.eq(r.spellbreak_offer.chosen_by, "input")
  t.eq({ r.spellbroken, r.spellbreak.broken, r.spellbreak.cost_dice, r.spellbreak.power_after }, { false, false, 15, 10 })
  t.eq({ r.kills, r.losses, r.outcome }, { 2, 2, "2 kills" })
end

-- Who is offered: the enemy wizards with power left; nobody against a successful Banish Magic;
-- nobody when the caster overdrew (the spell did nothing).
function M.test_who_is_offered()
  muster.choice.set_controller("dwarves", "script", {})  -- any question would fail the test
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2, 3 }
  local r = blast({ enemy_wizards = { { name = "Runa", power = 0 } } })
  t.eq(r.spellbreak_offer.why, "no enemy wizard has power left")
  t.eq(r.kills, 2)
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  r = ruleset.resolve("cast", { spell = "banish_magic", wizard = { name = "Goblin wizard", power = 60 }, enemy_wizards = { runa } })
  t.eq({ r.banished, r.spellbreak_offer.why }, { true, "a successful Banish Magic cannot be broken (p.45)" })
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2 }
  r = blast({ wizard = { name = "Goblin wizard", power = 17 } })
  t.eq({ r.overdrawn, r.spellbreak_offer }, { true, nil })
  -- Without enemy wizards nobody is asked (the cast as before).
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2, 3 }
  r = blast({ enemy_wizards = false })
  t.eq({ r.spellbreak_offer, r.kills }, { nil, 2 })
end

-- A Spellbreak may itself be broken: offered to the first caster (his power left) and his
-- allies. Runa (30 power) breaks the Blast with 6,6,6,5,5 = 28; the Goblins' shaman (20) breaks
-- her Spellbreak with 4,4,4,4,4 = 20; Runa, 2 points left, declines to go on: the Blast lands.
function M.test_a_spellbreak_broken_in_turn()
  muster.choice.set_controller("dwarves", "script", { "Runa", "no" })
  muster.choice.set_controller("goblins", "script", { "Shaman" })
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2, 6, 6, 6, 5, 5, 4, 4, 4, 4, 4, 3 }
  local r = blast({ enemy_wizards = { { name = "Runa", power = 30 } }, allied_wizards = { { name = "Shaman", power = 20 } } })
  local s = r.spellbreak
  t.eq({ s.cost_dice, s.power_after, s.broken }, { 28, 2, false })
  t.eq(s.spellbreak_offer.wizards, { "Goblin wizard", "Shaman" })
  t.eq({ s.spellbroken, s.spellbreak.wizard, s.spellbreak.cost_dice, s.spellbreak.broken, s.spellbreak.power_after },
       { true, "Shaman", 20, true, 0 })
  t.eq(s.spellbreak.spellbreak_offer, { side = "dwarves", wizards = { "Runa" }, answer = "no", chosen_by = "script" })
  t.eq({ r.spellbroken, r.kills, r.losses }, { false, 2, 2 })
end

function M.test_spellbreak_input_is_checked_first()
  local before = muster.dice.operations()
  t.fails_exactly(function() blast({ spellbreak = "Gror" }) end, "input: spellbreak: \"Gror\" is not one of no, Runa")
  t.fails_exactly(function() blast({ enemy_wizards = { { name = "Runa" } } }) end, "input: enemy_wizards[1].power: integer expected, got nil")
  t.eq(muster.dice.operations(), before)
end

-- The priest's re-roll: granted (a 6), the player's own last roll (a saving throw of 2D that
-- showed 3 and 2) is thrown again: 6 and 5, 11 replaces 5.
function M.test_the_priests_reroll_is_thrown()
  muster.dice.set_faces { 6, 6, 5 }
  local r = ruleset.resolve("priests", { call = "change_event", priests = { { name = "Brother Grim" } },
    own_roll = { dice = "2d6", faces = { 3, 2 }, label = "saving throw, Balin" } })
  t.eq(r.rerolled, { whose = "own", label = "saving throw, Balin", dice = "2d6", replaced = { faces = { 3, 2 }, total = 5 },
                     faces = { 6, 5 }, total = 11 })
  t.eq(r.dice[2].label, "re-roll, saving throw, Balin")
  t.eq(r.outcome, "re-roll own last roll: saving throw, Balin 5 -> 11")
  -- Not granted: nothing is thrown again.
  muster.dice.set_faces { 4 }
  r = ruleset.resolve("priests", { call = "change_event", priests = { { name = "Brother Grim" } },
    own_roll = { dice = "2d6", faces = { 3, 2 } } })
  t.eq({ r.granted, r.rerolled, #r.dice }, { false, nil, 1 })
  -- Two priests force the opponent's hit throw again: the player chose "opponent".
  muster.choice.set_controller("priests", "script", { "opponent" })
  muster.dice.set_faces { 3, 4, 1, 1, 6 }
  r = ruleset.resolve("priests", { call = "change_event", priests = { { name = "a" }, { name = "b" } },
    own_roll = { dice = "1d6", faces = { 2 } }, opponent_roll = { dice = "3d6", faces = { 6, 6, 5 }, label = "hit throw, Orcs" } })
  t.eq({ r.reroll, r.reroll_chosen_by, r.rerolled.whose, r.rerolled.faces, r.rerolled.replaced.faces },
       { "opponent", "script", "opponent", { 1, 1, 6 }, { 6, 6, 5 } })
end

function M.test_the_reroll_input_is_checked_first()
  local before = muster.dice.operations()
  local function fails(input, message)
    input.call = input.call or "change_event"
    input.priests = input.priests or { { name = "a" } }
    t.fails_exactly(function() ruleset.resolve("priests", input) end, message)
  end
  fails({ own_roll = { dice = "2d6", faces = { 3 } } }, "input: own_roll.faces: the 2 faces the 2d6 showed expected")
  fails({ own_roll = { dice = "2x6", faces = { 3 } } }, "input: own_roll.dice: \"2x6\" is not a throw such as \"2d6\" (1 to 200 dice)")
  fails({ own_roll = { dice = "1d6", faces = { 7 } } }, "input: own_roll.faces[1]: 7 is out of range 1..6")
  fails({ opponent_roll = { dice = "1d6", faces = { 2 } } },
    "input: opponent_roll: one priest re-rolls his own side's last roll only: the opponent's needs two or more (p.40)")
  fails({ call = "attack_wizard", priests = { { name = "a" }, { name = "b" } }, wizard = { name = "w", power = 3 },
          own_roll = { dice = "1d6", faces = { 2 } } }, "input: own_roll: only a call to change an event re-rolls")
  t.eq(muster.dice.operations(), before)
end

return M
