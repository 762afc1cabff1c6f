--- FANTASY WARRIORS army list: Wood Elves. Data only: the vocabulary (list, troop, character,
--- machine) is docs/armies.md; armies.lua checks it when an army names this list.
--- Printed in the book: a high proportion of elite warriors (p.8), no bad light (p.9), the Elven courier
--- (p.24). The rest is reconstructed.

list {
  name = "Wood Elves",
  race = "elf",
  note = "The book's Wood Elf list (pp.48-54) is lost from the source text. Printed: small Elven armies hold a high proportion of elite warriors (p.8), Elves are unaffected by bad light (p.9), an Elven courier appears in the shooting example (p.24). The rest is reconstructed.",
}

-- Troops: units are made of these (figures per unit MIN..MAX).

troop "elf_archers" {
  name = "Wood Elf archers",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "longbow", movement = 7, save = false,
  terrible = false, bad_light = "none",
  points = 9, upgrade = { elite = 4 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

troop "elf_spearmen" {
  name = "Wood Elf spearmen",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = true, weapon = "spear", movement = 7, save = false,
  terrible = false, bad_light = "none",
  points = 8, upgrade = { elite = 4 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

troop "elf_guard" {
  name = "Wood Elf guard",
  quality = "elite", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = true, weapon = "spear", movement = 7, save = false,
  terrible = false, bad_light = "none",
  points = 13, min = 5, max = 15,
  provenance = "reconstructed",
  sourced = {
    quality = "p.8: Elven armies hold a high proportion of elite warriors",
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

troop "elf_riders" {
  name = "Wood Elf riders",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "spear", movement = 12, save = 11, terrible = false,
  bad_light = "none",
  mount = { quality = "average", type = "stupid", strength = 0, resilience = 0, worth = 1, weapon = "horn_and_hoof" },
  points = 13, upgrade = { elite = 4 }, min = 3, max = 10,
  provenance = "reconstructed",
  sourced = {
    save = "p.24: cavalry nearly always have a saving throw",
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

-- Warchiefs, battle leaders and individuals.

character "elf_warchief" {
  name = "Wood Elf warchief",
  role = "warchief",
  quality = "elite", type = "disciplined", strength = 1, resilience = 0, worth = 2,
  armour = "medium", shield = true, weapon = "hand", movement = 7, save = 7, terrible = false,
  bad_light = "none",
  points = 32,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

character "elf_battle_leader" {
  name = "Wood Elf battle leader",
  role = "battle_leader",
  quality = "elite", type = "disciplined", strength = 0, resilience = 0, worth = 2,
  armour = "light", shield = true, weapon = "hand", movement = 7, save = 8, terrible = false,
  bad_light = "none",
  points = 25,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

character "elf_hero" {
  name = "Wood Elf hero",
  role = "hero",
  quality = "elite", type = "disciplined", strength = 1, resilience = 0, worth = 5,
  armour = "medium", shield = true, weapon = "hand", movement = 7, save = 7, terrible = false,
  bad_light = "none",
  points = 74,
  provenance = "reconstructed",
  sourced = {
    worth = "p.40: heroes have worth 5 at least",
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

character "elf_wizard" {
  name = "Wood Elf wizard",
  role = "wizard",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "none", shield = false, weapon = "hand", movement = 7, save = 8, terrible = false,
  bad_light = "none",
  points = 18,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
  note = "A wizard: buy magic power in the army (magic = 15 or more, p.47).",
}

character "elf_priest" {
  name = "Wood Elf priest",
  role = "priest",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 7, save = 8, terrible = false,
  bad_light = "none",
  points = 29,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

character "elf_soothsayer" {
  name = "Wood Elf soothsayer",
  role = "soothsayer",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "none", shield = false, weapon = "hand", movement = 7, save = 9, terrible = false,
  bad_light = "none",
  points = 17,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

character "elf_courier" {
  name = "Wood Elf courier",
  role = "courier",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "none", shield = false, weapon = "hand", movement = 9, save = 10, terrible = false,
  bad_light = "none",
  points = 12,
  provenance = "reconstructed",
  sourced = {
    name = "p.24 (example: a lone Elven courier)",
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

character "elf_scout" {
  name = "Wood Elf scout",
  role = "scout",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "longbow", movement = 9, save = 10,
  terrible = false, bad_light = "none",
  points = 21,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

character "elf_herald" {
  name = "Wood Elf herald",
  role = "herald",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "hand", movement = 7, save = 9, terrible = false,
  bad_light = "none",
  points = 13,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}

character "elf_banner_bearer" {
  name = "Wood Elf banner bearer",
  role = "banner_bearer",
  quality = "veteran", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = true, weapon = "hand", movement = 7, save = 8, terrible = false,
  bad_light = "none",
  points = 21,
  provenance = "reconstructed",
  sourced = {
    bad_light = "p.9: Elves are unaffected by bad light",
  },
}
