--- FANTASY WARRIORS army list: Barbarians. Data only: the vocabulary (list, troop, character,
--- machine) is docs/armies.md; armies.lua checks it when an army names this list.
--- Printed in the book: bad light at night (p.13). The rest is reconstructed.

list {
  name = "Barbarians",
  race = "man",
  note = "The book's Barbarian list (pp.48-54) is lost from the source text. Printed: Barbarians suffer bad light at night (p.13). The rest is reconstructed.",
}

-- Troops: units are made of these (figures per unit MIN..MAX).

troop "barbarian_warriors" {
  name = "Barbarian warriors",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "light", shield = true, weapon = "hand", movement = 6, save = false, terrible = false,
  bad_light = "night",
  points = 6, upgrade = { veteran = 2 }, min = 5, max = 30,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

troop "barbarian_berserkers" {
  name = "Barbarian berserkers",
  quality = "average", type = "fanatic", strength = 1, resilience = 0, worth = 1,
  armour = "none", shield = false, weapon = "two_handed", movement = 6, save = false,
  terrible = false, bad_light = "night",
  points = 6, upgrade = { veteran = 2 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

troop "barbarian_archers" {
  name = "Barbarian archers",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "bow", movement = 6, save = false, terrible = false,
  bad_light = "night",
  points = 5, upgrade = { veteran = 2 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

troop "barbarian_horsemen" {
  name = "Barbarian horsemen",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "light", shield = true, weapon = "spear", movement = 10, save = 11, terrible = false,
  bad_light = "night",
  mount = { quality = "average", type = "stupid", strength = 1, resilience = 0, worth = 1, weapon = "horn_and_hoof" },
  points = 14, upgrade = { veteran = 2 }, min = 3, max = 12,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: cavalry nearly always have a saving throw",
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

-- Warchiefs, battle leaders and individuals.

character "barbarian_warchief" {
  name = "Barbarian warchief",
  role = "warchief",
  quality = "veteran", type = "tribal", strength = 2, resilience = 0, worth = 2,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = 7, terrible = false,
  bad_light = "night",
  points = 26,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

character "barbarian_battle_leader" {
  name = "Barbarian battle leader",
  role = "battle_leader",
  quality = "veteran", type = "tribal", strength = 1, resilience = 0, worth = 2,
  armour = "light", shield = true, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "night",
  points = 19,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

character "barbarian_hero" {
  name = "Barbarian hero",
  role = "hero",
  quality = "veteran", type = "tribal", strength = 3, resilience = 0, worth = 5,
  armour = "light", shield = true, weapon = "hand", movement = 6, save = 7, terrible = false,
  bad_light = "night",
  points = 64,
  provenance = "reconstructed",
  sourced = {
    worth = "p.40: heroes have worth 5 at least",
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

character "barbarian_shaman" {
  name = "Barbarian shaman",
  role = "wizard",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1, armour = "none",
  shield = false, weapon = "hand", movement = 6, save = 9, terrible = false, bad_light = "night",
  points = 14,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
  note = "A wizard: buy magic power in the army (magic = 15 or more, p.47).",
}

character "barbarian_priest" {
  name = "Barbarian priest",
  role = "priest",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "night",
  points = 25,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

character "barbarian_soothsayer" {
  name = "Barbarian soothsayer",
  role = "soothsayer",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1, armour = "none",
  shield = false, weapon = "hand", movement = 6, save = 9, terrible = false, bad_light = "night",
  points = 14,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

character "barbarian_courier" {
  name = "Barbarian courier",
  role = "courier",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 8, save = 10, terrible = false,
  bad_light = "night",
  points = 10,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

character "barbarian_scout" {
  name = "Barbarian scout",
  role = "scout",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "bow", movement = 8, save = 10, terrible = false,
  bad_light = "night",
  points = 17,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

character "barbarian_herald" {
  name = "Barbarian herald",
  role = "herald",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 6, save = 9, terrible = false,
  bad_light = "night",
  points = 10,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}

character "barbarian_banner_bearer" {
  name = "Barbarian banner bearer",
  role = "banner_bearer",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "light", shield = true, weapon = "hand", movement = 6, save = 8, terrible = false,
  bad_light = "night",
  points = 19,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.13 (scouting example): night is bad light for Barbarians",
  },
}
