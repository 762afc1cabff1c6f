--- FANTASY WARRIORS army list: Trolls and Ogres. Data only: the vocabulary (list, troop, character,
--- machine) is docs/armies.md; armies.lua checks it when an army names this list.
--- Printed in the book: the War Troll's STR +3, RES -1, WOR 3, unpredictable Trolls (p.8), terrible War
--- Trolls, Ogres and Giants (p.9), saves for Ogres and Trolls (p.24). The rest is reconstructed.

list {
  name = "Trolls and Ogres",
  note = "The book's Troll and Ogre list (pp.48-54) is lost from the source text. Printed: the War Troll's STR +3, RES -1, WOR 3 (p.8), Trolls are unpredictable (p.8), War Trolls, Ogres and Giants are terrible (p.9), Ogres and Trolls nearly always have a save (p.24), some Giants are unaffected by bad light (p.9). The rest is reconstructed.",
}

-- Troops: units are made of these (figures per unit MIN..MAX).

troop "war_troll" {
  name = "War Troll",
  race = "troll",
  quality = "unpredictable", type = "stupid", strength = 3, resilience = -1, worth = 3,
  armour = "light", shield = false, weapon = "tooth_and_claw", movement = 6, save = 8,
  terrible = true, bad_light = "day",
  points = 38, min = 1, max = 6,
  self_led = true,
  provenance = "reconstructed",
  sourced = {
    name = "p.8",
    strength = "p.8 (+3)",
    resilience = "p.8 (-1)",
    worth = "p.8 (3)",
    quality = "p.8: Trolls are unpredictable",
    terrible = "p.9: War Trolls and Ogres are terrible creatures",
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
  note = "A lone War Troll leads itself (p.7); two or more form a unit with a leader.",
}

troop "troll" {
  name = "Troll",
  race = "troll",
  quality = "unpredictable", type = "stupid", strength = 2, resilience = -1, worth = 2,
  armour = "none", shield = false, weapon = "tooth_and_claw", movement = 6, save = 9,
  terrible = false, bad_light = "day",
  points = 16, min = 1, max = 10,
  self_led = true,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Trolls are unpredictable",
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

troop "ogre_warriors" {
  name = "Ogre warriors",
  race = "ogre",
  quality = "average", type = "tribal", strength = 2, resilience = -1, worth = 2,
  armour = "light", shield = true, weapon = "hand", movement = 6, save = 9, terrible = true,
  bad_light = "night",
  points = 27, upgrade = { veteran = 4 }, min = 1, max = 8,
  self_led = true,
  provenance = "reconstructed",
  sourced = {
    terrible = "p.9: War Trolls and Ogres are terrible creatures",
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

troop "ogre_bulls" {
  name = "Ogre bulls",
  race = "ogre",
  quality = "average", type = "tribal", strength = 3, resilience = -1, worth = 2,
  armour = "medium", shield = false, weapon = "two_handed", movement = 6, save = 9,
  terrible = true, bad_light = "night",
  points = 33, upgrade = { veteran = 4 }, min = 1, max = 8,
  self_led = true,
  provenance = "reconstructed",
  sourced = {
    terrible = "p.9: War Trolls and Ogres are terrible creatures",
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

troop "giant" {
  name = "Giant",
  race = "giant",
  quality = "unpredictable", type = "stupid", strength = 5, resilience = -2, worth = 6,
  armour = "none", shield = false, weapon = "tooth_and_claw", movement = 8, save = 6,
  terrible = true, bad_light = "none",
  points = 113, min = 1, max = 1,
  self_led = true,
  provenance = "reconstructed",
  sourced = {
    terrible = "p.9: Giants are classic terrible creatures",
    bad_light = "p.9: some Giants are unaffected by bad light",
    quality = "p.9: the quality of most terrible creatures is not that good",
  },
}

-- Warchiefs, battle leaders and individuals.

character "ogre_warchief" {
  name = "Ogre warchief",
  race = "ogre",
  role = "warchief",
  quality = "veteran", type = "tribal", strength = 3, resilience = -1, worth = 3,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = 7, terrible = true,
  bad_light = "night",
  points = 54,
  provenance = "reconstructed",
  sourced = {
    terrible = "p.9: War Trolls and Ogres are terrible creatures",
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

character "ogre_battle_leader" {
  name = "Ogre battle leader",
  race = "ogre",
  role = "battle_leader",
  quality = "average", type = "tribal", strength = 2, resilience = -1, worth = 3,
  armour = "light", shield = true, weapon = "hand", movement = 6, save = 8, terrible = true,
  bad_light = "night",
  points = 38,
  provenance = "reconstructed",
  sourced = {
    terrible = "p.9: War Trolls and Ogres are terrible creatures",
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

character "ogre_hero" {
  name = "Ogre hero",
  race = "ogre",
  role = "hero",
  quality = "veteran", type = "tribal", strength = 3, resilience = -1, worth = 5,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = 7, terrible = true,
  bad_light = "night",
  points = 84,
  provenance = "reconstructed",
  sourced = {
    worth = "p.40: heroes have worth 5 at least",
    terrible = "p.9: War Trolls and Ogres are terrible creatures",
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

character "ogre_wizard" {
  name = "Ogre wizard",
  race = "ogre",
  role = "wizard",
  quality = "average", type = "tribal", strength = 1, resilience = -1, worth = 2,
  armour = "none", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "night",
  points = 24,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
  note = "A wizard: buy magic power in the army (magic = 15 or more, p.47).",
}

character "ogre_priest" {
  name = "Ogre priest",
  race = "ogre",
  role = "priest",
  quality = "average", type = "tribal", strength = 1, resilience = -1, worth = 2,
  armour = "light", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "night",
  points = 36,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

character "ogre_soothsayer" {
  name = "Ogre soothsayer",
  race = "ogre",
  role = "soothsayer",
  quality = "average", type = "tribal", strength = 0, resilience = -1, worth = 2,
  armour = "none", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "night",
  points = 20,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

character "ogre_courier" {
  name = "Ogre courier",
  race = "ogre",
  role = "courier",
  quality = "average", type = "tribal", strength = 1, resilience = -1, worth = 2,
  armour = "none", shield = false, weapon = "hand", movement = 8, save = 10, terrible = false,
  bad_light = "night",
  points = 20,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

character "ogre_scout" {
  name = "Ogre scout",
  race = "ogre",
  role = "scout",
  quality = "average", type = "tribal", strength = 1, resilience = -1, worth = 2,
  armour = "light", shield = false, weapon = "hand", movement = 8, save = 10, terrible = false,
  bad_light = "night",
  points = 27,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

character "ogre_herald" {
  name = "Ogre herald",
  race = "ogre",
  role = "herald",
  quality = "average", type = "tribal", strength = 1, resilience = -1, worth = 2,
  armour = "light", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "night",
  points = 21,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}

character "ogre_banner_bearer" {
  name = "Ogre banner bearer",
  race = "ogre",
  role = "banner_bearer",
  quality = "average", type = "tribal", strength = 1, resilience = -1, worth = 2,
  armour = "light", shield = true, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "night",
  points = 29,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: Ogres and Trolls nearly always have a saving throw",
  },
}
