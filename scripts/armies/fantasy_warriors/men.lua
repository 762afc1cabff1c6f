--- FANTASY WARRIORS army list: Men. Data only: the vocabulary (list, troop, character,
--- machine) is docs/armies.md; armies.lua checks it when an army names this list.
--- Printed in the book: average quality, poor militia (p.8), bad light at night (p.9), knights on warhorses
--- (pp.9, 31-32). The rest is reconstructed.

list {
  name = "Men",
  race = "man",
  note = "The book's list of Men (pp.48-54) is lost from the source text. Printed: most Men are average (p.8), peasants and militia poor (p.8), Men suffer bad light at night (p.9), knights ride warhorses that fight with horn and hoof (pp.9, 31-32). The rest is reconstructed.",
}

-- Troops: units are made of these (figures per unit MIN..MAX).

troop "men_militia" {
  name = "Militia",
  quality = "poor", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "spear", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 2, upgrade = { average = 2 }, min = 10, max = 40,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: peasants and militia are poor",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "men_spearmen" {
  name = "Spearmen",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = true, weapon = "spear", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 6, upgrade = { veteran = 2 }, min = 5, max = 30,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "men_swordsmen" {
  name = "Swordsmen",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 5, upgrade = { veteran = 2 }, min = 5, max = 30,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "men_halberdiers" {
  name = "Halberdiers",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "polearm", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 5, upgrade = { veteran = 2 }, min = 5, max = 30,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "men_pikemen" {
  name = "Pikemen",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "pike", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 4, upgrade = { veteran = 2 }, min = 10, max = 40,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "men_archers" {
  name = "Archers",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "bow", movement = 6, save = false, terrible = false,
  bad_light = "night",
  points = 5, upgrade = { veteran = 2 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "men_longbowmen" {
  name = "Longbowmen",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "longbow", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 6, upgrade = { veteran = 2 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "men_crossbowmen" {
  name = "Crossbowmen",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "crossbow", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 7, upgrade = { veteran = 2 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "men_handgunners" {
  name = "Handgunners",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "handgun", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 7, upgrade = { veteran = 2 }, min = 5, max = 15,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

troop "knights" {
  name = "Knights",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "extra_heavy", shield = true, weapon = "lance", movement = 8, save = 10,
  terrible = false, bad_light = "night",
  mount = { quality = "average", type = "stupid", strength = 1, resilience = 0, worth = 1, weapon = "horn_and_hoof" },
  points = 19, upgrade = { elite = 4 }, min = 3, max = 12,
  provenance = "reconstructed",
  sourced = {
    name = "p.9 (knights); p.31 (knights on warhorses)",
    save = "p.24: cavalry nearly always have a saving throw",
    bad_light = "p.9: Men are affected by darkness",
  },
  note = "Two profiles: the knight and his warhorse (horn and hoof, p.32).",
}

troop "men_light_cavalry" {
  name = "Light cavalry",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = true, weapon = "spear", movement = 12, save = 11, terrible = false,
  bad_light = "night",
  mount = { quality = "average", type = "stupid", strength = 1, resilience = 0, worth = 1, weapon = "horn_and_hoof" },
  points = 13, upgrade = { veteran = 2 }, min = 3, max = 12,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: cavalry nearly always have a saving throw",
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

-- Warchiefs, battle leaders and individuals.

character "men_warchief" {
  name = "Warchief of Men",
  role = "warchief",
  quality = "veteran", type = "disciplined", strength = 1, resilience = 0, worth = 2,
  armour = "heavy", shield = true, weapon = "hand", movement = 6, save = 7, terrible = false,
  bad_light = "night",
  points = 26,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Men are affected by darkness",
  },
}

character "men_battle_leader" {
  name = "Battle leader of Men",
  role = "battle_leader",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 2,
  armour = "heavy", shield = true, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "night",
  points = 21,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Men are affected by darkness",
  },
}

character "men_hero" {
  name = "Hero of Men",
  role = "hero",
  quality = "veteran", type = "disciplined", strength = 2, resilience = 0, worth = 5,
  armour = "heavy", shield = true, weapon = "hand", movement = 6, save = 7, terrible = false,
  bad_light = "night",
  points = 69,
  provenance = "reconstructed",
  sourced = {
    worth = "p.40: heroes have worth 5 at least",
    bad_light = "p.9: Men are affected by darkness",
  },
}

character "men_wizard" {
  name = "Wizard",
  role = "wizard",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "none", shield = false, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "night",
  points = 15,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
  note = "A wizard: buy magic power in the army (magic = 15 or more, p.47).",
}

character "men_priest" {
  name = "Priest",
  role = "priest",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "night",
  points = 27,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

character "men_soothsayer" {
  name = "Soothsayer",
  role = "soothsayer",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "none", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "night",
  points = 14,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

character "men_courier" {
  name = "Courier",
  role = "courier",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 12, save = 10, terrible = false,
  bad_light = "night",
  points = 12,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
  note = "Mounted: movement 12in.",
}

character "men_scout" {
  name = "Scout",
  role = "scout",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "bow", movement = 8, save = 10, terrible = false,
  bad_light = "night",
  points = 17,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

character "men_herald" {
  name = "Herald",
  role = "herald",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "night",
  points = 11,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}

character "men_banner_bearer" {
  name = "Banner bearer",
  role = "banner_bearer",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "heavy", shield = true, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "night",
  points = 20,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Men are of average quality",
    bad_light = "p.9: Men are affected by darkness",
  },
}
