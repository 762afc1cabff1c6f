-- HR-8 Oft-overlooked rules (variant `clarifications`, house-rules booklet page 8), every switch
-- on (the defaults): each reading it sets, with the book's dice where a throw decides, against
-- what the core does without it (the core's own tests; clarifications_off_test.lua has the
-- switches off), the new inputs' refusals with their exact text, and the rules in force.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "clarifications" } }

local unit_named = t.unit_named

local function choices(r, question)
  local out = {}
  for _, c in ipairs(r.choices or {}) do
    if c.question == question then out[#out + 1] = c.side .. ":" .. c.answer end
  end
  return out
end

-- Three Orcs against three Trolls with SAV 8. The Orcs score 3 kills (6,6,6 to hit and kill),
-- the Trolls 2 (6,6,1 then 6,6); two Trolls save (12, 12), one fails (1+1); the Orcs have no
-- save. Kills 3 to 2; figures lost after saves 1 to 2.
local saved_kills = {
  input = { attacker = { unit = { name = "Orcs", figures = 3, quality = "average", type = "tribal" } },
            defender = { unit = { name = "Trolls", figures = 3, quality = "average", type = "tribal", save = 8 } } },
  faces = { 6, 6, 6, 6, 6, 6, 6, 6, 1, 6, 6, 6, 6, 6, 6, 1, 1 },
}

-- #4: saved casualties do not count for the winner: the Trolls lost 1 figure, the Orcs 2.
function M.test_4_winning_counts_figures_lost_after_saves()
  muster.dice.set_faces(saved_kills.faces)
  local r = ruleset.resolve("combat", saved_kills.input)
  t.eq(r.sides.attacker.kills_inflicted, 3)
  t.eq(r.sides.attacker.kills_after_saves, 1)
  t.eq(r.winner, "defender")
  t.eq(r.outcome, "defender wins: the attacker killed 1, the defender 2")
  -- The Combat Test's greater-losses and killed-more lines read the same numbers.
  local orcs = unit_named(r, "Orcs").combat_test
  t.eq({ orcs.losses, orcs.side_losses, orcs.enemy_losses }, { 2, 2, 1 })
  local trolls = unit_named(r, "Trolls").combat_test
  t.eq({ trolls.losses, trolls.side_losses, trolls.enemy_losses }, { 1, 1, 2 })
end

-- #8: 2 of 10 lost to missiles is 20% of the unit when the phase began, not over 25%, even
-- when 3 figures already left the table this phase (7 now: 28.6%).
function M.test_8_casualty_test_against_the_figures_at_the_start_of_the_phase()
  local dwarves = { name = "Dwarves", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy" }
  local r = ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = 10, current_figures = 7, losses = 2 })
  t.eq(r.tested, false)
  t.eq(r.trigger, "2 of 10 (20%) lost to missiles is not over 25%, and no magic casualties")
  t.eq(r.current_figures, nil)
  -- 3 of 10 is over 25% either way.
  muster.dice.set_faces { 4 }
  r = ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = 10, current_figures = 7, losses = 3 })
  t.eq(r.trigger, "3 of 10 (30%) lost to missiles: over 25%")
  -- The new input is checked whatever the reading.
  t.fails(function()
    ruleset.resolve("casualty_test", { unit = dwarves, figures_at_start = 10, current_figures = 12, losses = 2 })
  end, "input: current_figures: 12 is out of range 1..10")
  t.fails(function()
    ruleset.resolve("casualty_test", { unit = dwarves, current_figures = "7", losses = 2 })
  end, "input: current_figures: integer expected, got \"7\"")
  t.fails(function()
    ruleset.resolve("combat_test", { unit = dwarves, current_figures = 7, losses = 2 })
  end, "input.current_figures: unknown field")
end

-- #9: the side that inflicted the kills also says which kind of figure falls first. The
-- Goblins' owner would put the first kill on the Ogre; the killers' side is asked instead.
function M.test_9_the_opponent_chooses_which_figures_fall()
  local gobs = { name = "Goblins", figures = 6, quality = "poor", type = "fanatic",
                 profiles = { { name = "Ogre", figures = 1, quality = "average", type = "stupid", strength = 3,
                                worth = 3, save = 8 } } }
  local killers = { name = "K", figures = 2, quality = "elite", type = "disciplined" }
  muster.choice.set_controller("defender", "script", { "Ogre" })
  muster.choice.set_controller("attacker", "script", { "warriors" })
  -- 2 kills (6,6 to hit, 6,6 to kill), both on Goblin warriors, who have no save.
  muster.dice.set_faces { 6, 6, 6, 6 }
  local r = ruleset.resolve("combat", { attacker = { unit = killers }, defender = { unit = gobs, in_contact = 0 } })
  local u = unit_named(r, "Goblins")
  t.eq(choices(r, "casualties_first"), { "attacker:warriors" })
  t.eq({ u.casualties_first, u.casualties_first_chosen_by }, { "warriors", "script" })
  t.eq({ u.losses, u.warriors_killed, u.profiles_killed }, { 2, 2, { 0 } })
  t.eq(#u.saves, 0)
  t.eq(muster.choice.get_controller("defender"), "script (1 left)")
end

-- #14: a wizard whose warchief dies routs on 1-3 and stays on 4-6, with no last spell.
function M.test_14_a_wizard_stays_on_4_to_6()
  local lost = { wizard = { name = "Shaman", power = 10 },
                 last_spell = { spell = "blast", dice = 2, range = 10, target = { name = "Dwarves", figures = 10 } } }
  for score = 1, 6 do
    muster.dice.set_faces { score }
    local r = ruleset.resolve("wizard_warchief_lost", lost)
    if score <= 3 then
      t.eq({ r.outcome, r.routed, r.removed, r.source }, { "routs at once", true, { "Shaman" }, "fantasy_warriors p.40" },
           "score " .. score)
    else
      t.eq({ r.outcome, r.routed, r.removed, r.stays, r.source }, { "stays", false, {}, true, "clarifications p.8" },
           "score " .. score)
      t.eq({ r.last_spell_allowed, r.last_spell, r.command_test_markers }, { false, nil, {} }, "score " .. score)
    end
  end
  -- Among the warchief's individuals: the wizard stays, places no counters, owes no vengeance.
  muster.dice.set_faces { 5, 2 }
  local r = ruleset.resolve("warchief_lost", { warchief = "Gorbag", event = "killed",
    individuals = { { name = "Shaman", role = "wizard", power = 8 }, { name = "Azog", role = "hero" } } })
  t.eq(r.stays, { "Shaman" })
  t.eq(r.removed, { "Gorbag", "Azog" })
  t.eq(r.vengeance, nil)
  t.eq(r.outcome, "warchief killed: 2 removed, 1 stays")
  for _, m in ipairs(r.command_test_markers) do t.eq(m.name ~= "Shaman", true) end
end

local bows = { name = "Orc bowmen", figures = 6, quality = "average", type = "tribal", weapon = "bow" }
local target = { name = "Men", figures = 10, quality = "average", type = "disciplined", armour = "light" }

-- #26: no-one may shoot into combat; a target out of combat is shot as before.
function M.test_26_no_shooting_into_combat()
  t.fails(function()
    ruleset.resolve("shoot", { shooter = bows, target = target, distance = 10, volleys = 1, target_in_combat = true })
  end, "input: target_in_combat: the target is in combat, and no-one may shoot into a combat (clarifications p.8)")
  t.fails(function()
    ruleset.resolve("hit_throw", { shooter = bows, range = "short", volleys = 1, target_in_combat = true })
  end, "input: target_in_combat: the target is in combat, and no-one may shoot into a combat (clarifications p.8)")
  t.fails(function()
    ruleset.resolve("shoot", { shooter = bows, target = target, distance = 10, volleys = 1, target_in_combat = "yes" })
  end, "input: target_in_combat: true or false expected, got \"yes\"")
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  local r = ruleset.resolve("shoot", { shooter = bows, target = target, distance = 10, volleys = 1,
                                       target_in_combat = false })
  t.eq({ r.hits, r.kills, r.losses }, { 6, 6, 6 })
end

local orcs = { name = "Orcs", figures = 8, quality = "average", type = "tribal", strength = 1, armour = "medium",
               shield = true }
local dwarves = { name = "Dwarves", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy",
                  leader = true, standard = true }

-- #28: a unit in combat may not threaten, nor counter-threaten, but it may be threatened.
function M.test_28_no_threat_or_counter_threat_in_combat()
  t.fails(function()
    ruleset.resolve("threat", { threatener = orcs, target = dwarves, distance = 8, in_combat = true })
  end, "input: threatener: a unit in combat cannot threaten")
  -- The Dwarves pass (4 + 1 veteran + 1 leader + 1 standard = 7: OK) and would
  -- counter-threaten (their side's script says yes), but they are in combat: not asked.
  muster.choice.set_controller("defender", "script", { "yes" })
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("threat", { threatener = orcs, target = dwarves, distance = 8, target_in_combat = true })
  t.eq(r.test.reaction, "ok")
  t.eq(r.counter_threat, false)
  t.eq(r.counter_threat_chosen_by, nil)
  t.eq(r.no_counter_threat, "a unit in combat cannot counter-threaten (clarifications p.8)")
  t.eq(r.outcome, "ok")
  t.eq(muster.choice.get_controller("defender"), "script (1 left)")
  -- Out of combat the same Dwarves counter-threaten.
  muster.dice.set_faces { 4, 3 }
  r = ruleset.resolve("threat", { threatener = orcs, target = dwarves, distance = 8 })
  t.eq({ r.counter_threat, r.no_counter_threat }, { true, nil })
  t.fails(function()
    ruleset.resolve("threat", { threatener = orcs, target = dwarves, distance = 8, target_in_combat = 1 })
  end, "input: target_in_combat: true or false expected, got 1")
end

-- A reading set to a value no procedure knows fails where it is read, naming the row.
function M.test_an_unknown_reading_names_its_row()
  local rules = ruleset.variant_api({ name = "typo", version = "1.0.0",
    overrides = { "morale_readings.casualty_test_total", "casualty_readings.casualties_first" } })
  rules.set_row("morale_readings", "casualty_test_total", { on = "now" })
  rules.set_row("casualty_readings", "casualties_first", { chosen_by = "attacker" })
  t.fails(function()
    ruleset.resolve("casualty_test", { unit = { name = "D", figures = 10, quality = "average", type = "tribal" },
                                       losses = 2 })
  end, "morale_readings.casualty_test_total: on is \"now\" (want \"phase_start\" or \"current\")")
  muster.dice.set_faces { 6, 6, 6, 6 }
  t.fails(function()
    ruleset.resolve("combat", { attacker = { unit = { name = "K", figures = 2, quality = "elite", type = "disciplined" } },
      defender = { unit = { name = "G", figures = 6, quality = "poor", type = "fanatic",
                            profiles = { { name = "Ogre", figures = 1, quality = "average", type = "stupid" } } },
                   in_contact = 0 } })
  end, "casualty_readings.casualties_first: chosen_by is \"attacker\" (want \"owner\" or \"inflicting\")")
end

-- The rules in force name the variant and its page for every reading it set.
function M.test_the_rules_in_force_name_page_8()
  local report = ruleset.rules_report({ only_changed = true })
  local rows = {}
  for _, tbl in ipairs(report.tables) do
    for _, row in ipairs(tbl.rows) do
      t.eq({ row.owner, row.page }, { "clarifications@1.0.0", 8 }, tbl.name .. "." .. row.key)
      rows[#rows + 1] = tbl.name .. "." .. row.key
    end
  end
  t.eq(rows, { "casualty_readings.casualties_first", "combat_readings.win", "morale_readings.casualty_test_total",
               "shooting_readings.into_combat", "threat_readings.in_combat", "wizard_warchief_lost.4",
               "wizard_warchief_lost.5", "wizard_warchief_lost.6" })
  t.eq(#report.lists, 0)
end

return M
