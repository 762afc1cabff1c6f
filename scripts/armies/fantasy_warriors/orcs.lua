--- FANTASY WARRIORS army list: Orcs. Data only: the vocabulary (list, troop, character,
--- machine) is docs/armies.md; armies.lua checks it when an army names this list.
--- Printed in the book: the Orc infantry profile (p.8) and the Orc archer's 7 points (p.47).
--- Everything else is reconstructed (provenance and sourced say which figure is which).

list {
  name = "Orcs",
  race = "orc",
  note = "The book's Orc list (pp.48-54) is lost from the source text. The Orc infantry profile (p.8) and the Orc archer's 7 points (p.47) are printed; the rest is reconstructed with the costing in docs/rules-assumptions.md.",
}

-- Troops: units are made of these (figures per unit MIN..MAX).

troop "orc_infantry" {
  name = "Orc infantry",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = false,
  terrible = false, bad_light = "day",
  points = 7, upgrade = { veteran = 2 }, min = 5, max = 30,
  provenance = "reconstructed",
  sourced = {
    name = "p.8 (the sample profile)",
    quality = "p.8",
    type = "p.8",
    strength = "p.8",
    worth = "p.8",
    armour = "p.8 (Md/Sh)",
    shield = "p.8 (Md/Sh)",
    weapon = "p.8 (Hd)",
    movement = "p.8 (6ins)",
    save = "p.8 (No)",
    terrible = "p.8 (No)",
    bad_light = "p.8 (Day)",
  },
  note = "RES is a dot in the source text: 0, as for an average creature (p.8).",
}

troop "orc_spearmen" {
  name = "Orc spearmen",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "medium", shield = true, weapon = "spear", movement = 6, save = false,
  terrible = false, bad_light = "day",
  points = 8, upgrade = { veteran = 2 }, min = 5, max = 30,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Orcs are of average quality",
    bad_light = "p.9: most Orcs are affected by daylight",
  },
  note = "The Orc infantry profile with spears (one of the boxed game's three Orc figures).",
}

troop "orc_archers" {
  name = "Orc archers",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "bow", movement = 6, save = false, terrible = false,
  bad_light = "day",
  points = 7, upgrade = { veteran = 2 }, min = 5, max = 20,
  provenance = "book",
  sourced = {
    name = "p.47 (example)",
    points = "p.47 (example: 10 x 7 for ten Orc archers)",
    weapon = "p.47 (archers)",
    quality = "p.8: most Orcs are of average quality",
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

troop "orc_heavy_infantry" {
  name = "Orc heavy infantry",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "heavy", shield = true, weapon = "hand", movement = 5, save = false, terrible = false,
  bad_light = "day",
  points = 8, upgrade = { veteran = 2 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: most Orcs are of average quality",
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

troop "orc_wolf_riders" {
  name = "Orc wolf riders",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "light", shield = true, weapon = "spear", movement = 10, save = 10, terrible = false,
  bad_light = "day",
  mount = { quality = "average", type = "stupid", strength = 1, resilience = 0, worth = 1, weapon = "tooth_and_claw" },
  points = 14, min = 3, max = 12,
  provenance = "reconstructed",
  sourced = {
    name = "p.31 (Orc wolfriders, riders on beasts)",
    quality = "p.8: most Orcs are of average quality",
    bad_light = "p.9: most Orcs are affected by daylight",
  },
  note = "Two profiles: the rider (top) and the wolf (mount), p.31.",
}

-- Warchiefs, battle leaders and individuals.

character "orc_warchief" {
  name = "Orc warchief",
  role = "warchief",
  quality = "veteran", type = "tribal", strength = 2, resilience = 0, worth = 2,
  armour = "heavy", shield = true, weapon = "hand", movement = 5, save = 7, terrible = false,
  bad_light = "day",
  points = 28,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

character "orc_battle_leader" {
  name = "Orc battle leader",
  role = "battle_leader",
  quality = "veteran", type = "tribal", strength = 1, resilience = 0, worth = 2,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "day",
  points = 21,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

character "orc_hero" {
  name = "Orc hero",
  role = "hero",
  quality = "veteran", type = "tribal", strength = 2, resilience = 0, worth = 5,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = 6, terrible = false,
  bad_light = "day",
  points = 61,
  provenance = "reconstructed",
  sourced = {
    worth = "p.40: heroes have worth 5 at least",
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

character "orc_shaman" {
  name = "Orc shaman",
  role = "wizard",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1, armour = "none",
  shield = false, weapon = "hand", movement = 6, save = 8, terrible = false, bad_light = "day",
  points = 15,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
  note = "A wizard: buy magic power in the army (magic = 15 or more, p.47).",
}

character "orc_priest" {
  name = "Orc priest",
  role = "priest",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "day",
  points = 25,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

character "orc_soothsayer" {
  name = "Orc soothsayer",
  role = "soothsayer",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1, armour = "none",
  shield = false, weapon = "hand", movement = 6, save = 9, terrible = false, bad_light = "day",
  points = 14,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

character "orc_courier" {
  name = "Orc courier",
  role = "courier",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 8, save = 10, terrible = false,
  bad_light = "day",
  points = 10,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

character "orc_scout" {
  name = "Orc scout",
  role = "scout",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "bow", movement = 8, save = 10, terrible = false,
  bad_light = "day",
  points = 17,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

character "orc_herald" {
  name = "Orc herald",
  role = "herald",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "day",
  points = 11,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}

character "orc_banner_bearer" {
  name = "Orc banner bearer",
  role = "banner_bearer",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "day",
  points = 20,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: most Orcs are affected by daylight",
  },
}
