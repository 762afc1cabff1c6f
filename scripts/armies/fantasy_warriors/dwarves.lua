--- FANTASY WARRIORS army list: Dwarves. Data only: the vocabulary (list, troop, character,
--- machine) is docs/armies.md; armies.lua checks it when an army names this list.
--- Printed in the book: the crossbowman's 11 points and elite upgrade +4, the warchief's 34 points (p.47),
--- the hero's save 7 (p.33). The mortar comes from house rule HR-6. The rest is reconstructed.

list {
  name = "Dwarves",
  race = "dwarf",
  note = "The book's Dwarf list (pp.48-54) is lost from the source text. Printed: the Dwarf crossbowman's 11 points and the elite upgrade +4 (p.47), the Dwarf warchief's 34 points (p.47), a Dwarf hero's save of 7 (p.33). The mortar is house rule HR-6; the rest is reconstructed.",
}

-- Troops: units are made of these (figures per unit MIN..MAX).

troop "dwarf_infantry" {
  name = "Dwarf infantry",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "heavy", shield = true, weapon = "hand", movement = 4, save = false, terrible = false,
  bad_light = "none",
  points = 9, upgrade = { elite = 4 }, min = 5, max = 25,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
    upgrade = "p.47 (veteran to elite, +4 per Dwarf)",
  },
}

troop "dwarf_spearmen" {
  name = "Dwarf spearmen",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "heavy", shield = true, weapon = "spear", movement = 4, save = false,
  terrible = false, bad_light = "none",
  points = 10, upgrade = { elite = 4 }, min = 5, max = 25,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
    upgrade = "p.47 (veteran to elite, +4 per Dwarf)",
  },
}

troop "dwarf_axemen" {
  name = "Dwarf axemen",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "heavy", shield = false, weapon = "two_handed", movement = 4, save = false,
  terrible = false, bad_light = "none",
  points = 9, upgrade = { elite = 4 }, min = 5, max = 25,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
    upgrade = "p.47 (veteran to elite, +4 per Dwarf)",
  },
  note = "Two-handed axes (one of the boxed game's three Dwarf figures).",
}

troop "dwarf_crossbowmen" {
  name = "Dwarf crossbowmen",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "heavy", shield = false, weapon = "crossbow", movement = 4, save = false,
  terrible = false, bad_light = "none",
  points = 11, upgrade = { elite = 4 }, min = 5, max = 20,
  provenance = "book",
  sourced = {
    name = "p.47 (example)",
    points = "p.47 (example: 10 x 11 for ten veteran Dwarves with crossbows)",
    quality = "p.47 (veteran)",
    weapon = "p.47 (crossbows)",
    upgrade = "p.47 (to elite: 10 x 4 = 40 more)",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

troop "dwarf_handgunners" {
  name = "Dwarf handgunners",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "heavy", shield = false, weapon = "handgun", movement = 4, save = false,
  terrible = false, bad_light = "none",
  points = 11, upgrade = { elite = 4 }, min = 5, max = 15,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

-- War machines and their crews (pieces per unit, crew per piece).

troop "dwarf_gun_crew" {
  name = "Dwarf gun crew",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "hand", movement = 4, save = false,
  terrible = false, bad_light = "none",
  points = 6,
  crew = true,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
  note = "Crews the war cannon and the mortar.",
}

machine "dwarf_war_cannon" {
  name = "Dwarf war cannon",
  strength = 7, resilience = 0, worth = 4, armour = "heavy", shield = false,
  weapon = "artillery", movement = 0, save = 5, terrible = false,
  points = 79, min = 1, max = 1, crew_min = 2, crew_max = 4, crew = "dwarf_gun_crew",
  provenance = "reconstructed",
  sourced = {
    name = "p.9 and p.46 (the Dwarf war cannon; a sacred item candidate)",
  },
  note = "Quality, type and bad light are the crew's. STR, armour and save follow the goblin galloper gun, a small Dwarf cannon (HR-12). Can be the army's sacred item (sacred = true, +100, p.46).",
}

machine "mortar" {
  name = "Mortar",
  strength = 3, resilience = 0, worth = 8, armour = "none", shield = false, weapon = "artillery",
  movement = 0, save = false, terrible = false,
  points = 48, min = 1, max = 2, crew_min = 2, crew_max = 4, crew = "dwarf_gun_crew",
  house_rule = "HR-6",
  provenance = "house_rules",
  sourced = {
    name = "HR-6 (booklet p.6)",
    points = "HR-6 (PTS 48)",
    strength = "HR-6 (+3)",
    worth = "HR-6 (8)",
    weapon = "HR-6 (Art)",
    movement = "HR-6 (-)",
    save = "HR-6 (no)",
    terrible = "HR-6 (no)",
    min = "HR-6 (MIN 1)",
    max = "HR-6 (MAX 2)",
    crew_min = "HR-6 (at least 2 crew to move or shoot)",
  },
  note = "Only for armies that field a cannon (HR-6): the Dwarves, with their war cannon. RES and ARM are illegible (0, none); quality, type and bad light are the crew's; range 12in to 30in, may not scout.",
}

-- Warchiefs, battle leaders and individuals.

character "dwarf_warchief" {
  name = "Dwarf warchief",
  role = "warchief",
  quality = "elite", type = "disciplined", strength = 1, resilience = 0, worth = 2,
  armour = "heavy", shield = true, weapon = "hand", movement = 4, save = 7, terrible = false,
  bad_light = "none",
  points = 34,
  provenance = "book",
  sourced = {
    name = "p.47 (example)",
    points = "p.47 (example: 34 + 50 for leadership 4 = 84)",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

character "dwarf_battle_leader" {
  name = "Dwarf battle leader",
  role = "battle_leader",
  quality = "veteran", type = "disciplined", strength = 1, resilience = 0, worth = 2,
  armour = "heavy", shield = true, weapon = "hand", movement = 4, save = 7, terrible = false,
  bad_light = "none",
  points = 26,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

character "dwarf_hero" {
  name = "Dwarf hero",
  role = "hero",
  quality = "veteran", type = "disciplined", strength = 2, resilience = 0, worth = 5,
  armour = "heavy", shield = true, weapon = "hand", movement = 4, save = 7, terrible = false,
  bad_light = "none",
  points = 69,
  provenance = "reconstructed",
  sourced = {
    save = "p.33 (example: a lone Dwarf hero, SAV 7)",
    worth = "p.40: heroes have worth 5 at least",
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

character "dwarf_wizard" {
  name = "Dwarf wizard",
  role = "wizard",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "hand", movement = 4, save = 8, terrible = false,
  bad_light = "none",
  points = 19,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
  note = "A wizard: buy magic power in the army (magic = 15 or more, p.47).",
}

character "dwarf_priest" {
  name = "Dwarf priest",
  role = "priest",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "heavy", shield = false, weapon = "hand", movement = 4, save = 8, terrible = false,
  bad_light = "none",
  points = 31,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

character "dwarf_soothsayer" {
  name = "Dwarf soothsayer",
  role = "soothsayer",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "hand", movement = 4, save = 9, terrible = false,
  bad_light = "none",
  points = 18,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

character "dwarf_courier" {
  name = "Dwarf courier",
  role = "courier",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 5, save = 10, terrible = false,
  bad_light = "none",
  points = 11,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

character "dwarf_scout" {
  name = "Dwarf scout",
  role = "scout",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "crossbow", movement = 5, save = 10,
  terrible = false, bad_light = "none",
  points = 19,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

character "dwarf_herald" {
  name = "Dwarf herald",
  role = "herald",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "hand", movement = 4, save = 9, terrible = false,
  bad_light = "none",
  points = 13,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}

character "dwarf_banner_bearer" {
  name = "Dwarf banner bearer",
  role = "banner_bearer",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "heavy", shield = true, weapon = "hand", movement = 4, save = 8, terrible = false,
  bad_light = "none",
  points = 22,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Dwarves are veteran warriors",
    type = "p.20: all Dwarves are disciplined",
    armour = "p.9: traditional heavy armour",
    bad_light = "p.9: Dwarves are unaffected by bad light",
  },
}
