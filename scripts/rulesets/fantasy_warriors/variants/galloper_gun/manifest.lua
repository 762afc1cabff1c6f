-- HR-12 Goblin Galloper Gun (the club's house-rules booklet, page ~13): a captured Dwarf light
-- cannon on a wolf-drawn Orc chariot, the Goblins' sacred item.
return {
  name = "galloper_gun",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-12: the galloper gun shoots (procedure artillery_shot, piece galloper_gun) only unhitched, with 1 charge; hitching or unhitching takes a turn (procedure galloper_hitch); it is the army's sacred item",
  source = "FANTASY WARRIORS club house rules, page 13 (Goblin Galloper Gun)",
  options = {
    crew_guards = {
      type = "boolean", default = false,
      doc = "its gunners in base contact guard the gun as the army's sacred item; false: as the core says, only a warchief, battle leader or individual does (p.46)",
    },
    charges = {
      type = "integer", default = 1,
      doc = "the charges (shots) the gun has for the battle: 1 as the booklet says (\"may only use 1 charge\"); a club reading it as one charge a shot gives 6, the volley counters of every missile unit (p.21)",
    },
  },
}
