-- HR-8 Oft-overlooked rules (the club's house-rules booklet, page 8): the club's clarifications,
-- one switch for each that changes what a procedure does. The core already follows some of them
-- where the book is silent; switching one of those off restores the book's own words.
return {
  name = "clarifications",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-8: the club's clarifications, each a switch (winning after saves, the Casualty Test's 25%, who removes the casualties, wizards on the warchief's death, shooting into combat, threat from combat)",
  source = "FANTASY WARRIORS club house rules, page 8 (Oft-overlooked rules)",
  options = {
    saved_casualties_do_not_count = {
      type = "boolean", default = true,
      doc = "#4: winning a phase of combat (standard capture, winner, the Combat Test's greater-losses and killed-more lines) counts figures lost after saving throws; off: the kills of the kill throws, saved or not (the book's 'kill more figures than you lose', p.31). The core already counts after saves",
    },
    casualty_test_start_of_phase = {
      type = "boolean", default = true,
      doc = "#8: the Casualty Test's 25% is measured against the unit's figures when the phase began (figures_at_start); off: against its current tabletop total (current_figures, p.25's words). The core already uses the start of the phase",
    },
    opponent_chooses_casualties = {
      type = "boolean", default = true,
      doc = "#9: the side that inflicted the kills also chooses which kind of figure falls first to the ordinary kills (question casualties_first); off: the owner does, as in the core",
    },
    wizard_stays_on_4_to_6 = {
      type = "boolean", default = true,
      doc = "#14: a wizard whose warchief is killed routs on 1-3 only and stays on 4-6 (no last spell); off: the core's page 40, a last spell on 4-6 and a rout either way",
    },
    no_shooting_into_combat = {
      type = "boolean", default = true,
      doc = "#26: no-one may shoot at a target in combat (input target_in_combat); off: the core, which the book does not stop",
    },
    no_threat_in_combat = {
      type = "boolean", default = true,
      doc = "#28: a unit in combat may neither threaten (input in_combat) nor counter-threaten (input target_in_combat), though it may be threatened; off: the book's page 19, which stops neither (the core stops only threatening)",
    },
  },
}
