--- HR-8 Oft-overlooked rules (house-rules booklet page 8): applies the club's clarifications,
--- one option each. Each switch sets rows the core procedures read: the readings tables
--- (combat_readings, morale_readings, casualty_readings, shooting_readings, threat_readings)
--- and rows 4-6 of wizard_warchief_lost. A clarification the core already follows (#4, #8,
--- the threatening half of #28) is set on too, so the rules in force name this page for it;
--- switched off, it is set to the book's own words. Adds no procedure; changes no list.
local M = {}

--- The booklet page every change of this variant cites.
local PAGE = 8

-- Sample situations `muster rules check` runs with the variant loaded, one per switch, so each
-- reading is exercised on a valid input (a sample never changes the rules in force).
local function samples(rules)
  local orcs = { name = "Orcs", figures = 8, quality = "average", type = "tribal", strength = 1, armour = "medium",
                 shield = true }
  local dwarves = { name = "Dwarves", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy",
                    leader = true, standard = true }
  -- #4 and #9: a combat whose defender mixes two profiles (casualties_first) and defends its standard.
  rules.add_sample("combat", {
    attacker = { unit = orcs, capture_standard = true },
    defender = { unit = { name = "Men", figures = 8, quality = "average", type = "disciplined", armour = "light",
                          standard = true, profiles = { { name = "Ogre", figures = 2, quality = "average",
                          type = "tribal", armour = "medium", worth = 3, save = 8 } } } },
  })
  -- #8: losses measured against the figures at the start of the phase or now.
  rules.add_sample("casualty_test", { unit = dwarves, figures_at_start = 10, current_figures = 8, losses = 2 })
  -- #26: a shot at a target out of combat (a target in combat is refused, not sampled).
  rules.add_sample("shoot", { shooter = { name = "Orc bowmen", figures = 6, quality = "average", type = "tribal",
                                          weapon = "bow" },
                              target = dwarves, distance = 12, volleys = 1, target_in_combat = false })
  -- #28: a threat at a unit that is in combat.
  rules.add_sample("threat", { threatener = orcs, target = dwarves, distance = 8, target_in_combat = true })
  -- #14: a wizard whose warchief is killed, alone and among the warchief's individuals.
  rules.add_sample("wizard_warchief_lost", { wizard = { name = "Shaman", power = 8 } })
  rules.add_sample("warchief_lost", { warchief = "Gorbag", event = "killed",
                                      individuals = { { name = "Shaman", role = "wizard", power = 8 },
                                                      { name = "Azog", role = "hero" } } })
end

function M.apply(rules, options)
  -- #4 Saved casualties do not count when winning a phase of combat is judged.
  rules.set_row("combat_readings", "win", { after_saves = options.saved_casualties_do_not_count }, PAGE)

  -- #8 The Casualty Test's 25% is of the unit's size when the phase started.
  rules.set_row("morale_readings", "casualty_test_total",
                { on = options.casualty_test_start_of_phase and "phase_start" or "current" }, PAGE)

  -- #9 The opponent chooses the casualties, the ordinary figures too.
  if options.opponent_chooses_casualties then
    rules.set_row("casualty_readings", "casualties_first", { chosen_by = "inflicting" }, PAGE)
  end

  -- #14 Wizards, like heroes, rout on 1-3 when their warchief dies, and stay on 4-6.
  if options.wizard_stays_on_4_to_6 then
    for _, score in ipairs({ "4", "5", "6" }) do
      rules.patch_row("wizard_warchief_lost", score, { last_spell = false, stays = true }, PAGE)
    end
  end

  -- #26 No-one may shoot into combat.
  if options.no_shooting_into_combat then
    rules.set_row("shooting_readings", "into_combat", { allowed = false }, PAGE)
  end

  -- #28 Units in combat may not threaten or counter-threaten, but can be threatened.
  local in_combat = not options.no_threat_in_combat
  rules.set_row("threat_readings", "in_combat", { threaten = in_combat, counter_threaten = in_combat }, PAGE)

  samples(rules)
end

return M
