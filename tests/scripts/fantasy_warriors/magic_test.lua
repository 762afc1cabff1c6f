-- Fantasy Warriors magic (pages 43-45): the Blast example (page 44) replayed with its dice,
-- the derived Finger of Death and Banish Magic checks (digest part 2 §39), every spell's cost
-- and effect, overdraw, Blast's doubles and trebles, and an exact-probability check.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

local dwarves = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined",
                  armour = "heavy", leader = true, standard = true, bad_light = "none", orders = "hold" }

local function cast(input) return ruleset.resolve("cast", input) end

-- Worked example 7 (page 44): a Goblin wizard with 20 power blasts Dwarf infantry 26in away
-- with 6 dice. 3 (range) + 6 (dice) = 9 (the book prints "16"; its own total 18 needs 9);
-- 5,4,3,3,2,2: two kills, doubles -> 18, the wizard keeps 2. Then kills to specials (1D for
-- 2 kills: a 3, no special) and an immediate Casualty Test for the Dwarves.
function M.test_blast_example_page_44()
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2, 3 }
  local r = cast { spell = "blast", wizard = { name = "Goblin wizard", power = 20 }, range = 26, dice = 6,
                   target = dwarves, side = "goblins" }
  t.eq(r.range_cost, 3)
  t.eq(r.base_cost, 9)
  t.eq(r.kills_thrown, 2)
  t.eq(r.matching, "double")
  t.eq(r.multiplier, 2)
  t.eq(r.cost, 18)
  t.eq(r.overdrawn, false)
  t.eq(r.power_after, 2)
  t.eq(r.kills, 2)
  t.eq(r.specials_dice, 1)
  t.eq(r.losses, 2)
  t.eq(r.casualty_test, true)
  t.eq(r.outcome, "2 kills")
  t.eq(r.source, "fantasy_warriors p.44")
end

-- The same throw with 17 power: 18 overdraws him, he dies, no kills, no Casualty Test.
function M.test_blast_overdraw_kills_nothing()
  muster.dice.set_faces { 5, 4, 3, 3, 2, 2 }
  local r = cast { spell = "blast", wizard = { name = "Goblin wizard", power = 17 }, range = 26, dice = 6, target = dwarves }
  t.eq(r.cost, 18)
  t.eq(r.overdrawn, true)
  t.eq(r.wizard_dead, true)
  t.eq(r.succeeded, false)
  t.eq(r.kills, nil)
  t.eq(r.casualty_test, nil)
  t.eq(r.command_test_markers[1].role, "wizard")
  t.eq(r.outcome, "overdrawn: wizard dies, no effect")
end

-- A cost exactly equal to the power is legal and leaves 0 (page 43).
function M.test_cost_equal_to_power_is_legal()
  muster.dice.set_faces { 1, 2, 3, 4, 5 }
  local r = cast { spell = "spellbreak", wizard = { name = "w", power = 15 }, against = { spell = "blast" } }
  t.eq(r.cost, 15)
  t.eq(r.overdrawn, false)
  t.eq(r.power_after, 0)
  t.eq(r.broken, false)  -- 15 is not over 15
end

function M.test_blast_treble_and_no_match()
  muster.dice.set_faces { 6, 6, 6, 5, 5, 1, 1 }  -- treble plus a pair: x3, never x6 (then 2 specials dice)
  local r = cast { spell = "blast", wizard = { name = "w", power = 30 }, range = 12, dice = 5, target = dwarves }
  t.eq(r.base_cost, 6)
  t.eq(r.multiplier, 3)
  t.eq(r.matching, "treble")
  t.eq(r.cost, 18)
  t.eq(r.kills_thrown, 5)
  muster.dice.set_faces { 6, 1, 1 }  -- two different faces: no multiplier; 12.5in is 2 bands
  r = cast { spell = "blast", wizard = { name = "w", power = 30 }, range = 12.5, dice = 2, target = dwarves }
  t.eq(r.multiplier, 1)
  t.eq(r.matching, "none")
  t.eq(r.cost, 4)
  t.eq(r.kills_thrown, 1)
end

function M.test_blast_needs_two_dice()
  t.fails(function() cast { spell = "blast", wizard = { power = 9 }, range = 5, dice = 1, target = dwarves } end,
          "input: dice: 1 is out of range 2..")
  t.fails(function() cast { spell = "blast", wizard = { power = 9 }, range = 5, dice = 2 } end, "input: target: missing")
end

-- Derived check (digest §39): Finger of Death at 13in, 6,6 -> cost 2 + 12 = 14, two kills on
-- the named target, two saves (SAV 7: 8 saves, 5 fails -> killed).
function M.test_finger_of_death_derived()
  muster.dice.set_faces { 6, 6, 4, 4, 3, 2 }
  local r = cast { spell = "finger_of_death", wizard = { name = "w", power = 20 }, range = 13,
                   target = { name = "Dwarf hero", save = 7, role = "hero" } }
  t.eq(r.range_cost, 2)
  t.eq(r.cost, 14)
  t.eq(r.power_after, 6)
  t.eq(r.kills, 2)
  t.eq(#r.saves, 2)
  t.eq(r.saves[1].saved, true)
  t.eq(r.saves[2].saved, false)
  t.eq(r.killed, true)
  t.eq(r.command_test_markers[1].name, "Dwarf hero")
  t.eq(r.outcome, "target killed")
end

function M.test_finger_of_death_no_six_and_cover()
  muster.dice.set_faces { 5, 6 }
  local r = cast { spell = "finger_of_death", wizard = { power = 20 }, range = 24,
                   target = { name = "standard bearer", special = true } }
  t.eq(r.cost, 13)
  t.eq(r.kills, 1)
  t.eq(r.killed, true)  -- no save: one kill kills
  t.eq(r.casualty_test, true)
  muster.dice.set_faces { 5, 4 }
  r = cast { spell = "finger_of_death", wizard = { power = 20 }, range = 24, target = { name = "x", save = 7 } }
  t.eq(r.kills, 0)
  t.eq(r.killed, false)
  t.eq(r.outcome, "target survives")
  t.fails(function() cast { spell = "finger_of_death", wizard = { power = 20 }, range = 5, cover = true,
                            target = { name = "x" } } end, "input: cover: Finger of Death needs")
end

-- Derived check (digest §39): Banish Magic 10D totalling 34 fails and costs 34; with 30 power
-- the wizard dies and the spell fails whatever the total; 35 succeeds (six steps of time).
function M.test_banish_magic_derived()
  local fail34 = { 4, 4, 4, 4, 3, 3, 3, 3, 3, 3 }
  muster.dice.set_faces(fail34)
  local r = cast { spell = "banish_magic", wizard = { power = 40 }, }
  t.eq(r.cost, 34)
  t.eq(r.power_after, 6)
  t.eq(r.banished, false)
  t.eq(r.outcome, "failed")
  muster.dice.set_faces(fail34)
  r = cast { spell = "banish_magic", wizard = { power = 30 } }
  t.eq(r.wizard_dead, true)
  t.eq(r.banished, false)
  muster.dice.set_faces { 4, 4, 4, 4, 4, 3, 3, 3, 3, 3 }
  r = cast { spell = "banish_magic", wizard = { power = 40 } }
  t.eq(r.cost, 35)
  t.eq(r.banished, true)
  t.eq(r.no_magic_steps, 6)
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  r = cast { spell = "banish_magic", wizard = { power = 45 } }
  t.eq(r.overdrawn, true)
  t.eq(r.banished, false)  -- 60 would succeed, but an overdrawn spell does not
end

function M.test_spellbreak()
  muster.dice.set_faces { 4, 4, 4, 2, 2 }
  local r = cast { spell = "spellbreak", wizard = { power = 20 }, against = { spell = "blast" } }
  t.eq(r.cost, 16)
  t.eq(r.broken, true)
  t.eq(r.outcome, "spell broken")
  t.fails(function() cast { spell = "spellbreak", wizard = { power = 20 }, against = { spell = "banish_magic" } } end,
          "input: against: a successful Banish Magic cannot be broken")
  muster.dice.set_faces { 6, 6, 6, 6, 6 }
  r = cast { spell = "spellbreak", wizard = { power = 40 }, against = { spell = "banish_magic", succeeded = false } }
  t.eq(r.broken, true)
end

function M.test_protection()
  muster.dice.set_faces { 4, 4, 6, 3 }  -- 8 is not over SAV 8; the normal save 9 then saves him
  local r = cast { spell = "protection", wizard = { power = 20 }, protected = { name = "wizard", save = 8 } }
  t.eq(r.cost, 13)
  t.eq(r.kill_cancelled, false)
  t.eq(r.save_still_due, true)
  t.eq(r.saves[1].total, 9)
  t.eq(r.killed, false)
  t.eq(r.outcome, "failed: saved")
  muster.dice.set_faces { 4, 5 }  -- 9 over SAV 8
  r = cast { spell = "protection", wizard = { power = 20 }, protected = { name = "wizard", save = 8 } }
  t.eq(r.kill_cancelled, true)
  t.eq(r.outcome, "kill cancelled")
  muster.dice.set_faces { 3, 5 }  -- no save: the 2D must beat 8
  r = cast { spell = "protection", wizard = { power = 20 }, protected = { name = "Orc" } }
  t.eq(r.needed, 8)
  t.eq(r.kill_cancelled, false)
  t.eq(r.save_still_due, false)
  t.eq(r.killed, true)
  t.eq(r.outcome, "failed: figure killed")
end

function M.test_other_spells_costs_and_effects()
  muster.dice.set_faces { 3 }
  local r = cast { spell = "eldritch_command", wizard = { power = 10 }, range = 30 }
  t.eq(r.cost, 6)
  t.eq(r.battle_leader_test, true)
  muster.dice.set_faces { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  r = cast { spell = "portent_of_doom", wizard = { power = 10 } }
  t.eq(r.cost, 10)
  t.eq(r.power_after, 0)
  t.eq(r.enemy_command_tests, true)
  muster.dice.set_faces { 2, 3 }
  r = cast { spell = "arcane_eye", wizard = { power = 10 }, steps = 2 }
  t.eq(r.cost, 5)
  t.eq(r.scouting_points, 6)
  muster.dice.set_faces { 2, 3, 5 }
  r = cast { spell = "fudge_the_omens", wizard = { power = 10 } }
  t.eq(r.cost, 5)
  t.eq(r.omens_die, 5)
  muster.dice.set_faces { 1, 1, 1, 1, 1, 1 }
  r = cast { spell = "hasten_day_night", wizard = { power = 10 }, steps = 2, direction = "backwards" }
  t.eq(r.cost, 6)
  t.eq(r.hourglass_steps, -2)
  muster.dice.set_faces { 6, 6, 6 }
  r = cast { spell = "hasten_day_night", wizard = { power = 10 }, steps = 1 }
  t.eq(r.overdrawn, true)
  t.eq(r.hourglass_steps, nil)
end

function M.test_bad_input()
  t.fails(function() cast { spell = "fireball", wizard = { power = 1 } } end, "input: spell: ")
  t.fails(function() cast { spell = "portent_of_doom" } end, "input: wizard: missing")
  t.fails(function() cast { spell = "blast", wizard = { power = 9 }, dice = 2, target = dwarves } end, "input: range: ")
  t.fails(function() cast { spell = "blast", wizard = { power = 9 }, range = 5, dice = 2, target = dwarves, visible = false } end,
          "input: visible: the wizard needs a line of sight")
  t.fails(function() cast { spell = "arcane_eye", wizard = { power = 9 }, steps = 1, magic_banished = true } end,
          "input: magic_banished: a Banish Magic holds")
end

-- A variant patches a spell row: Banish Magic succeeding on 30.
function M.test_variant_patches_spell_table()
  rules("variant").set_row("spells", "banish_magic", { dice = 10, success_at = 30, steps_of_time = 6 })
  muster.dice.set_faces { 3, 3, 3, 3, 3, 3, 3, 3, 3, 3 }
  local r = cast { spell = "banish_magic", wizard = { power = 40 } }
  t.eq(r.banished, true)
  t.eq(r.source, "variant")
end

-- Properties over seeds: Blast's kills never exceed its dice, the cost is base x 1, 2 or 3,
-- power never goes negative, and an overdrawn wizard inflicts nothing.
function M.test_blast_properties_over_seeds()
  for s = 1, 200 do
    muster.dice.set_seed(s)
    local n = 2 + s % 7
    local r = cast { spell = "blast", wizard = { power = 25 }, range = 10 + s % 30, dice = n, target = dwarves }
    t.eq(r.kills_thrown <= n, true)
    t.eq(r.cost == r.base_cost * r.multiplier, true)
    t.eq(r.multiplier == 1 or r.multiplier == 2 or r.multiplier == 3, true)
    if n >= 7 then t.eq(r.multiplier >= 2, true, "7 dice always match") end
    if r.overdrawn then t.eq(r.kills, nil) else t.eq(r.power_after >= 0, true) end
  end
end

-- Exact odds: P(2-die Blast is doubled) = 6/36 = 1/6; with 3 dice a treble has 6/216 and a
-- double-only 90/216; Finger of Death gives at least one kill with 11/36.
function M.test_exact_odds()
  local p = muster.dice.roll_exact(function()
    local _, faces = muster.dice.roll("3d6", "blast")
    local m = ruleset.modules.magic.blast_multiplier(faces, ruleset.registry.tables.spells.rows.blast)
    return m
  end)
  local function prob(dist, v)
    for _, o in ipairs(dist) do if o.outcome == v then return o.p end end
    return 0
  end
  t.near(prob(p, 3), 6 / 216, 1e-9)
  t.near(prob(p, 2), 90 / 216, 1e-9)
  t.near(prob(p, 1), 120 / 216, 1e-9)
end

-- Regaining power (page 29): the safe way +2, +1 in bad light; the gamble doubles on 1D at
-- most his power, else -1; only 6 or fewer points; 0 points: the safe way only.
function M.test_rest_safe_way()
  local r = ruleset.resolve("rest", { wizard = { name = "w", power = 3 } })
  t.eq(r.method, "safe")
  t.eq(r.method_chosen_by, "policy:first")
  t.eq(r.power_after, 5)
  r = ruleset.resolve("rest", { wizard = { name = "w", power = 3, bad_light = "night" }, time = "night 2" })
  t.eq(r.bad_light, true)
  t.eq(r.gain, 1)
  t.eq(r.power_after, 4)
end

function M.test_rest_gamble()
  muster.choice.set_controller("caster", "script", { "gamble", "gamble" })
  muster.dice.set_faces { 4, 5 }
  local r = ruleset.resolve("rest", { wizard = { name = "w", power = 4 } })
  t.eq(r.method, "gamble")
  t.eq(r.method_chosen_by, "script")
  t.eq(r.gamble_won, true)  -- 4 is at most 4
  t.eq(r.power_after, 8)
  r = ruleset.resolve("rest", { wizard = { name = "w", power = 4 } })
  t.eq(r.gamble_won, false)
  t.eq(r.power_after, 3)
  t.eq(r.choices[1].question, "rest_method")
end

function M.test_rest_limits()
  t.fails(function() ruleset.resolve("rest", { wizard = { power = 7 } }) end, "input: wizard.power: 7: only a wizard with 6")
  t.fails(function() ruleset.resolve("rest", { wizard = { power = 2 }, moved = true }) end, "input: moved: ")
  t.fails(function() ruleset.resolve("rest", { wizard = { power = 0 }, method = "gamble" }) end, "input: method: ")
  local r = ruleset.resolve("rest", { wizard = { power = 0 } })
  t.eq(r.method_chosen_by, "rule")
  t.eq(r.power_after, 2)
end

-- Exact odds of the gamble at 3 points: doubled with 3/6, else down to 2.
function M.test_rest_gamble_exact_odds()
  local p = muster.dice.roll_exact(function()
    return ruleset.resolve("rest", { wizard = { power = 3 }, method = "gamble" }).power_after
  end)
  t.eq(#p, 2)
  t.eq(p[1].outcome, 2)
  t.near(p[1].p, 0.5, 1e-12)
  t.eq(p[2].outcome, 6)
end

-- Priests (pages 40-41): changing an event, 1D per priest, total 6+; a natural 1 is taken by
-- the gods unless he saves (2D over SAV).
function M.test_priests_change_event()
  muster.dice.set_faces { 6 }
  local r = ruleset.resolve("priests", { call = "change_event", priests = { { name = "p1" } } })
  t.eq(r.granted, true)
  t.eq(r.reroll, "own")
  t.eq(r.reroll_chosen_by, "rule")
  t.eq(r.outcome, "re-roll own last roll")
  muster.dice.set_faces { 5 }
  r = ruleset.resolve("priests", { call = "change_event", priests = { { name = "p1" } } })
  t.eq(r.granted, false)
  t.eq(r.outcome, "not granted")
  muster.choice.set_controller("priests", "script", { "opponent" })
  muster.dice.set_faces { 1, 5, 6, 3 }  -- total 6: granted; p1 shows a 1: save 9 vs SAV 7, he lives
  r = ruleset.resolve("priests", { call = "change_event", priests = { { name = "p1", save = 7 }, { name = "p2" } } })
  t.eq(r.total, 6)
  t.eq(r.granted, true)
  t.eq(r.reroll, "opponent")
  t.eq(r.reroll_chosen_by, "script")
  t.eq(r.taken[1].priest, "p1")
  t.eq(r.taken[1].saved, true)
  t.eq(#r.command_test_markers, 0)
  muster.dice.set_faces { 1, 4 }  -- no save: taken and killed, and 5 is not granted
  r = ruleset.resolve("priests", { call = "change_event", priests = { { name = "p1" }, { name = "p2" } } })
  t.eq(r.granted, false)
  t.eq(r.command_test_markers[1].name, "p1")
  t.eq(r.command_test_markers[1].role, "priest")
end

function M.test_priests_input_checks()
  t.fails(function() ruleset.resolve("priests", { call = "change_event", priests = { { name = "a" } }, in_combat = true }) end,
          "input: in_combat: ")
  t.fails(function() ruleset.resolve("priests", { call = "change_event",
    priests = { { name = "a", race = "orc" }, { name = "b", race = "goblin" } } }) end, "input: priests[2].race: ")
  t.fails(function() ruleset.resolve("priests", { call = "attack_wizard", priests = { { name = "a" } } }) end,
          "input: wizard: missing")
end

-- Attacking a wizard: total 12+; then 1D per living priest off his power; below 0 he saves:
-- pass -> 1 point, fail -> killed.
function M.test_priests_attack_wizard()
  local two = { { name = "p1", save = 7 }, { name = "p2" } }
  muster.dice.set_faces { 6, 6, 3, 2 }
  local r = ruleset.resolve("priests", { call = "attack_wizard", priests = two, wizard = { name = "w", power = 10 } })
  t.eq(r.granted, true)
  t.eq(r.power_lost, 5)
  t.eq(r.power_after, 5)
  t.eq(r.outcome, "wizard's power 10 -> 5")
  muster.dice.set_faces { 6, 5 }
  r = ruleset.resolve("priests", { call = "attack_wizard", priests = two, wizard = { name = "w", power = 10 } })
  t.eq(r.granted, false)
  t.eq(r.power_after, 10)
  muster.dice.set_faces { 6, 6, 4, 4, 6, 3 }  -- 8 off 3 power: -5, save 9 beats SAV 8: power 1
  r = ruleset.resolve("priests", { call = "attack_wizard", priests = two, wizard = { name = "w", power = 3, save = 8 } })
  t.eq(r.wizard_killed, false)
  t.eq(r.power_after, 1)
  muster.dice.set_faces { 6, 6, 4, 4 }  -- no save: killed
  r = ruleset.resolve("priests", { call = "attack_wizard", priests = two, wizard = { name = "w", power = 3 } })
  t.eq(r.wizard_killed, true)
  t.eq(r.command_test_markers[1].role, "wizard")
  t.eq(r.outcome, "wizard killed")
  -- three priests, one taken by the gods (a 1, no save): 6+6+1 = 13 granted, 2 living priests throw
  muster.dice.set_faces { 6, 6, 1, 2, 2 }
  r = ruleset.resolve("priests", { call = "attack_wizard", priests = { { name = "a" }, { name = "b" }, { name = "c" } },
                                   wizard = { name = "w", power = 10 } })
  t.eq(r.granted, true)
  t.eq(r.living_priests, 2)
  t.eq(r.power_after, 6)
  t.eq(r.command_test_markers[1].name, "c")
end

-- Exact odds: two priests change an event with P(2D >= 6) = 26/36.
function M.test_priests_exact_odds()
  local p = muster.dice.roll_exact(function()
    return ruleset.resolve("priests", { call = "change_event", priests = { { name = "a", save = 0 }, { name = "b", save = 0 } },
                                        reroll = "own" }).granted
  end)
  t.eq(p[#p].outcome, true)
  t.near(p[#p].p, 26 / 36, 1e-12)
end

-- Eldritch Command (page 44): bands12(distance) + 1D, then the battle leader's own test (command.lua,
-- carrier "eldritch_command": no carrier bonus); 5 or 6 adopts the order, worse fails the spell.
function M.test_eldritch_command_runs_the_battle_leaders_test()
  local leader = { name = "Battle leader", role = "battle_leader", quality = "average", type = "tribal", leadership = 0 }
  local order = { leader = leader, order = "attack", current_order = "hold", units = { { name = "A", distance = 4 } } }
  muster.dice.set_faces { 2, 6 }  -- cost 2 + 2 = 4; test 6: OK
  local r = cast { spell = "eldritch_command", wizard = { power = 10 }, range = 20, order_test = order }
  t.eq(r.cost, 4)
  t.eq(r.order_test.procedure, "battle_leaders_test")
  t.eq(r.order_test.carrier, "eldritch_command")
  t.eq(r.order_adopted, true)
  t.eq(r.outcome, "order adopted")
  muster.dice.set_faces { 2, 4 }  -- test 4: a delay, the spell failed; the cost is paid
  r = cast { spell = "eldritch_command", wizard = { power = 10 }, range = 20, order_test = order }
  t.eq(r.order_adopted, false)
  t.eq(r.power_after, 6)
  t.eq(r.outcome, "failed: order not adopted")
  muster.dice.set_faces { 6 }  -- overdrawn: no test at all
  r = cast { spell = "eldritch_command", wizard = { power = 6 }, range = 20, order_test = order }
  t.eq(r.overdrawn, true)
  t.eq(r.order_test, nil)
  local bad = { carrier = "courier" }
  for k, v in pairs(order) do bad[k] = v end
  t.fails(function() cast { spell = "eldritch_command", wizard = { power = 10 }, range = 20, order_test = bad } end,
          "input: order_test.carrier: ")
end

-- A wizard whose warchief dies (page 40): 4-6 one last spell then rout, a Command Test only if
-- it overdraws him; 1-3 routs at once, no Command Test.
function M.test_wizard_warchief_lost()
  muster.dice.set_faces { 3 }
  local r = ruleset.resolve("wizard_warchief_lost", { wizard = { name = "w", power = 10 },
                            last_spell = { spell = "portent_of_doom" } })
  t.eq(r.last_spell_allowed, false)
  t.eq(r.last_spell, nil)
  t.eq(r.routed, true)
  t.eq(#r.command_test_markers, 0)
  t.eq(r.outcome, "routs at once")
  muster.dice.set_faces { 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }  -- Portent costs 10 of 10: cast, no Command Test
  r = ruleset.resolve("wizard_warchief_lost", { wizard = { name = "w", power = 10 },
                      last_spell = { spell = "portent_of_doom" } })
  t.eq(r.last_spell_allowed, true)
  t.eq(r.last_spell.enemy_command_tests, true)
  t.eq(#r.command_test_markers, 0)
  t.eq(r.outcome, "last spell cast, then routs")
  muster.dice.set_faces { 6, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1 }  -- 11 of 10: overdrawn, Command Test
  r = ruleset.resolve("wizard_warchief_lost", { wizard = { name = "w", power = 10 },
                      last_spell = { spell = "portent_of_doom" } })
  t.eq(r.last_spell.overdrawn, true)
  t.eq(r.command_test_markers[1].name, "w")
  t.eq(r.outcome, "last spell overdrawn: wizard dies")
  muster.dice.set_faces { 5 }
  r = ruleset.resolve("wizard_warchief_lost", { wizard = { name = "w", power = 10 } })
  t.eq(r.outcome, "may cast a last spell; routs")
  t.fails(function() ruleset.resolve("wizard_warchief_lost", { wizard = { power = 1 }, last_spell = { spell = "blast", wizard = {} } }) end,
          "input: last_spell.wizard: ")
end

-- Portent of Doom (page 45): 10D, then every enemy tester takes a Command Test at once
-- (command.lua); the warchief is alive, so no -3 unless the input says he is lost.
function M.test_portent_of_doom_runs_command_tests()
  local army = { testers = { { name = "Grukk", role = "battle_leader", leadership = 3, units = { "Orc spears" } } } }
  muster.dice.set_faces { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2 }
  local r = cast { spell = "portent_of_doom", wizard = { power = 20 }, enemy_command_test = army }
  t.eq(r.cost, 10)
  t.eq(r.command_tests.procedure, "command_test")
  t.eq(r.command_tests.warchief_lost, false)
  t.eq(#r.command_tests.tests, 1)
  t.eq(r.outcome, "enemy Command Tests: " .. r.command_tests.outcome)
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }  -- 60 overdraws: no tests
  r = cast { spell = "portent_of_doom", wizard = { power = 20 }, enemy_command_test = army }
  t.eq(r.command_tests, nil)
  t.fails(function() cast { spell = "portent_of_doom", wizard = { power = 20 }, enemy_command_test = { testers = {}, bogus = 1 } } end,
          "input: enemy_command_test.bogus: unknown field")
end

return M
