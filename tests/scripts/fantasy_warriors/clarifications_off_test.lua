-- HR-8 (variant `clarifications`) with every switch off: the clarifications the core already
-- followed (#4, #8, the threatening half of #28) give way to the book's own words; the others
-- (#9, #14, #26, the counter-threat of #28) leave the core as it is. The same situations as
-- clarifications_test.lua, where every switch is on.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "clarifications" },
            options = { "clarifications.saved_casualties_do_not_count=false",
                        "clarifications.casualty_test_start_of_phase=false",
                        "clarifications.opponent_chooses_casualties=false",
                        "clarifications.wizard_stays_on_4_to_6=false",
                        "clarifications.no_shooting_into_combat=false",
                        "clarifications.no_threat_in_combat=false" } }

-- The combat of clarifications_test.lua: the Orcs score 3 kills and lose 2 figures, the
-- Trolls (SAV 8) score 2 kills and, saving two of the three, lose 1 figure.
local saved_kills = {
  input = { attacker = { unit = { name = "Orcs", figures = 3, quality = "average", type = "tribal" } },
            defender = { unit = { name = "Trolls", figures = 3, quality = "average", type = "tribal", save = 8 } } },
  faces = { 6, 6, 6, 6, 6, 6, 6, 6, 1, 6, 6, 6, 6, 6, 6, 1, 1 },
}

local unit_named = t.unit_named

-- #4 off: the kills of the kill throws decide, saved or not: 3 kills to 2, the Orcs win.
function M.test_4_off_winning_counts_the_kills_saved_or_not()
  muster.dice.set_faces(saved_kills.faces)
  local r = ruleset.resolve("combat", saved_kills.input)
  t.eq(r.sides.attacker.kills_after_saves, 1)
  t.eq(r.winner, "attacker")
  t.eq(r.outcome, "attacker wins: the attacker killed 3, the defender 2")
  -- The Combat Test compares the kills too; each unit's own losses stay its figures lost.
  local orcs = unit_named(r, "Orcs").combat_test
  t.eq({ orcs.losses, orcs.side_losses, orcs.enemy_losses }, { 2, 2, 3 })
  local trolls = unit_named(r, "Trolls").combat_test
  t.eq({ trolls.losses, trolls.side_losses, trolls.enemy_losses }, { 1, 3, 2 })
  -- Those inputs are valid Combat Test inputs: the Trolls suffered more kills than they
  -- scored, so greater losses -1 (counted after saves they would have killed more, +1).
  muster.dice.set_faces { 4 }
  local test = ruleset.resolve("combat_test", trolls)
  local ids = {}
  for _, m in ipairs(test.modifiers) do ids[#ids + 1] = m.id end
  t.eq(ids, { "over_quarter", "greater_losses", "hold" })
end

-- #8 off: page 25's current tabletop total: 2 lost of the 7 on the table is 28.6%.
function M.test_8_off_casualty_test_against_the_current_tabletop_total()
  local dwarves = { name = "Dwarves", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy" }
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = 10, current_figures = 7, losses = 2 })
  t.eq(r.tested, true)
  t.eq(r.trigger, "2 of 7 (28.6%) lost to missiles: over 25%")
  t.eq({ r.figures_at_start, r.current_figures, r.figures_after }, { 10, 7, 8 })
  -- Without current_figures nothing left the table this phase: the figures at the start.
  r = ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = 10, losses = 2 })
  t.eq(r.tested, false)
  t.eq(r.current_figures, 10)
end

-- #9 off: the owner says which kind of figure falls first, as in the core.
function M.test_9_off_the_owner_chooses()
  local gobs = { name = "Goblins", figures = 6, quality = "poor", type = "fanatic",
                 profiles = { { name = "Ogre", figures = 1, quality = "average", type = "stupid", strength = 3,
                                worth = 3, save = 8 } } }
  muster.choice.set_controller("defender", "script", { "Ogre" })
  muster.dice.set_faces { 6, 6, 6, 6, 5, 4 }
  local r = ruleset.resolve("combat", { attacker = { unit = { name = "K", figures = 2, quality = "elite",
                                                              type = "disciplined" } },
                                        defender = { unit = gobs, in_contact = 0 } })
  local u = unit_named(r, "Goblins")
  t.eq({ u.casualties_first, u.casualties_first_chosen_by }, { "Ogre", "script" })
  t.eq(r.choices[#r.choices].side, "defender")
  t.eq({ u.losses, u.warriors_killed }, { 1, 1 })
end

-- #14 off: page 40: a last spell on 4-6, then the wizard routs.
function M.test_14_off_a_wizard_routs_after_a_last_spell()
  muster.dice.set_faces { 5 }
  local r = ruleset.resolve("wizard_warchief_lost", { wizard = { name = "Shaman", power = 10 } })
  t.eq({ r.outcome, r.routed, r.removed, r.stays, r.source },
       { "may cast a last spell; routs", true, { "Shaman" }, nil, "fantasy_warriors p.40" })
end

-- #26 off: the book does not stop a shot into combat.
function M.test_26_off_shooting_into_combat()
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  local r = ruleset.resolve("shoot", { shooter = { name = "Orc bowmen", figures = 6, quality = "average", type = "tribal",
                                                   weapon = "bow" },
                                       target = { name = "Men", figures = 10, quality = "average", type = "disciplined",
                                                  armour = "light" },
                                       distance = 10, volleys = 1, target_in_combat = true })
  t.eq(r.losses, 6)
end

-- #28 off: page 19 stops neither: a unit in combat threatens, and one threatened counter-threatens.
function M.test_28_off_threat_from_combat()
  local orcs = { name = "Orcs", figures = 8, quality = "average", type = "tribal", strength = 1, armour = "medium",
                 shield = true }
  local dwarves = { name = "Dwarves", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy",
                    leader = true, standard = true }
  muster.choice.set_controller("defender", "script", { "yes" })
  muster.dice.set_faces { 4, 3 }
  local r = ruleset.resolve("threat", { threatener = orcs, target = dwarves, distance = 8, in_combat = true,
                                        target_in_combat = true })
  t.eq({ r.test.reaction, r.counter_threat, r.counter_threat_chosen_by, r.no_counter_threat },
       { "ok", true, "script", nil })
  t.eq(r.counter_test.unit, "Orcs")
end

return M
