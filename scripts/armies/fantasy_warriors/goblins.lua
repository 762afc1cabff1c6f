--- FANTASY WARRIORS army list: Goblins. Data only: the vocabulary (list, troop, character,
--- machine) is docs/armies.md; armies.lua checks it when an army names this list.
--- Printed in the book: poor, tribal by day and fanatic at night (p.14), light armour, fast, daylight
--- their bad light (p.9), the War Giant's horn and hoof (p.32). The galloper gun is house rule HR-12.

list {
  name = "Goblins",
  race = "goblin",
  note = "The book's Goblin list (pp.48-54) is lost from the source text. Printed: Goblins are poor and tribal by day, fanatic at night (p.14), light-armoured and fast (p.9), affected by daylight (p.9); the Goblin War Giant fights with horn and hoof (p.32). The galloper gun and its gunners are house rule HR-12. Hobgoblins (named among the miniatures, p.9) are listed here. The rest is reconstructed.",
}

-- Troops: units are made of these (figures per unit MIN..MAX).

troop "goblin_infantry" {
  name = "Goblin infantry",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "light",
  shield = true, weapon = "hand", movement = 7, save = false, terrible = false,
  bad_light = "day",
  points = 2, upgrade = { average = 2 }, min = 10, max = 40,
  provenance = "reconstructed",
  sourced = {
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    armour = "p.9: Goblins are lightly armoured",
    movement = "p.9: Goblins are lightly armoured and move fast",
    bad_light = "p.9: Goblins are affected by daylight",
  },
  note = "Goblins turn fanatic at night (p.14): type is the day type, night_type the night one.",
}

troop "goblin_spearmen" {
  name = "Goblin spearmen",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "light",
  shield = true, weapon = "spear", movement = 7, save = false, terrible = false,
  bad_light = "day",
  points = 3, upgrade = { average = 2 }, min = 10, max = 40,
  provenance = "reconstructed",
  sourced = {
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    armour = "p.9: Goblins are lightly armoured",
    movement = "p.9: Goblins are lightly armoured and move fast",
    bad_light = "p.9: Goblins are affected by daylight",
  },
  note = "Goblins turn fanatic at night (p.14): type is the day type, night_type the night one.",
}

troop "goblin_archers" {
  name = "Goblin archers",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "light",
  shield = false, weapon = "bow", movement = 7, save = false, terrible = false,
  bad_light = "day",
  points = 3, upgrade = { average = 2 }, min = 10, max = 30,
  provenance = "reconstructed",
  sourced = {
    weapon = "p.25 (a Goblin bow unit)",
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    armour = "p.9: Goblins are lightly armoured",
    movement = "p.9: Goblins are lightly armoured and move fast",
    bad_light = "p.9: Goblins are affected by daylight",
  },
  note = "Goblins turn fanatic at night (p.14): type is the day type, night_type the night one.",
}

troop "goblin_rabble" {
  name = "Goblin rabble",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "none",
  shield = false, weapon = "hand", movement = 7, save = false, terrible = false,
  bad_light = "day",
  points = 1, min = 10, max = 50,
  provenance = "reconstructed",
  sourced = {
    name = "p.9 (diminutive Goblin rabble)",
    quality = "p.8: some rabble warriors are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    movement = "p.9: Goblins are lightly armoured and move fast",
    bad_light = "p.9: Goblins are affected by daylight",
  },
  note = "Goblins turn fanatic at night (p.14): type is the day type, night_type the night one.",
}

troop "goblin_wolf_riders" {
  name = "Goblin wolf riders",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "light",
  shield = true, weapon = "spear", movement = 10, save = 11, terrible = false, bad_light = "day",
  mount = { quality = "average", type = "stupid", strength = 1, resilience = 0, worth = 1, weapon = "tooth_and_claw" },
  points = 9, min = 3, max = 12,
  provenance = "reconstructed",
  sourced = {
    name = "p.9 (wolf-riders among the miniatures)",
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
  note = "Goblins turn fanatic at night (p.14): type is the day type, night_type the night one.",
}

troop "goblin_war_giant" {
  name = "Goblin War Giant",
  race = "giant",
  quality = "unpredictable", type = "stupid", strength = 5, resilience = -2, worth = 6,
  armour = "light", shield = false, weapon = "horn_and_hoof", movement = 8, save = 6,
  terrible = true, bad_light = "none",
  points = 125, min = 1, max = 1,
  self_led = true, max_per_army = 1,
  provenance = "reconstructed",
  sourced = {
    name = "p.9 (the huge Goblin War Giant)",
    weapon = "p.32 (horn and hoof: the Goblin War Giant)",
    terrible = "p.9: Giants are classic terrible creatures",
    bad_light = "p.9: some Giants are unaffected by bad light",
  },
  note = "A large creature alone: its leadership is in its profile, no leader special (p.7). One per army: the Goblins have one War Giant.",
}

troop "hobgoblin_infantry" {
  name = "Hobgoblin infantry",
  race = "hobgoblin",
  quality = "average", type = "tribal", strength = 1, resilience = 0, worth = 1,
  armour = "medium", shield = true, weapon = "hand", movement = 6, save = false,
  terrible = false, bad_light = "day",
  points = 7, upgrade = { veteran = 2 }, min = 5, max = 25,
  provenance = "reconstructed",
  sourced = {
    name = "p.9 (Hobgoblins among the miniatures)",
  },
}

troop "hobgoblin_archers" {
  name = "Hobgoblin archers",
  race = "hobgoblin",
  quality = "average", type = "tribal", strength = 0, resilience = 0, worth = 1,
  armour = "light", shield = false, weapon = "bow", movement = 6, save = false, terrible = false,
  bad_light = "day",
  points = 5, upgrade = { veteran = 2 }, min = 5, max = 20,
  provenance = "reconstructed",
  sourced = {
    name = "p.9 (Hobgoblins among the miniatures)",
  },
}

-- War machines and their crews (pieces per unit, crew per piece).

troop "goblin_gunner" {
  name = "Goblin gunner",
  quality = "average", type = "disciplined", strength = 0, resilience = 0, worth = 1,
  armour = "medium", shield = false, weapon = "hand", movement = 6, save = false,
  terrible = false, bad_light = "day",
  points = 4,
  crew = true, house_rule = "HR-12",
  provenance = "house_rules",
  sourced = {
    name = "HR-12 (Gunner)",
    points = "HR-12 (4 each)",
    type = "HR-12 (Disc)",
    strength = "HR-12 (-)",
    resilience = "HR-12 (-)",
    worth = "HR-12 (1)",
    armour = "HR-12 (md)",
    weapon = "HR-12 (hw)",
    movement = "HR-12 (15cm = 6in)",
    save = "HR-12 (no)",
    terrible = "HR-12 (no)",
    bad_light = "HR-12 (day)",
  },
  note = "Quality \"Med\" in the booklet is no core quality: average.",
}

machine "galloper_gun" {
  name = "Goblin galloper gun",
  quality = "average", strength = 7, resilience = 0, worth = 0, armour = "heavy", shield = false,
  weapon = "gun", movement = 0, save = 5, terrible = false, bad_light = "day",
  alternate = {
    label = "moving, pulled by the wolf",
    quality = "average", type = "tribal", strength = 2, resilience = -1, worth = 3,
    armour = "heavy", weapon = "tooth_and_claw", movement = 10, save = 5, terrible = false,
    bad_light = "day",
  },
  points = 264, min = 1, max = 1, crew_min = 2, crew_max = 3, crew = "goblin_gunner",
  talisman = "sacred_item", house_rule = "HR-12", max_per_army = 1,
  provenance = "house_rules",
  sourced = {
    name = "HR-12 (booklet p.13)",
    points = "HR-12 (PTS 264, the moving row reads 204)",
    strength = "HR-12 (+7)",
    armour = "HR-12 (H)",
    weapon = "HR-12 (gun)",
    movement = "HR-12 (-)",
    save = "HR-12 (5)",
    terrible = "HR-12 (no)",
    bad_light = "HR-12 (day)",
    min = "HR-12 (MIN 1)",
    max = "HR-12 (MAX 1)",
    crew_min = "HR-12 (gunners MIN 2)",
    crew_max = "HR-12 (gunners MAX 3)",
    talisman = "HR-12 (counts as a sacred item)",
  },
  note = "Unique, and always the army's sacred item: its 264 points include the +100 (HR-12, proposed). Worth \"-\": its dice come from the artillery rule. Moving: armour and save illegible, taken from the gun; quality \"Med\" read as average.",
}

-- Warchiefs, battle leaders and individuals.

character "goblin_warchief" {
  name = "Goblin warchief",
  role = "warchief",
  quality = "average", type = "tribal", night_type = "fanatic", strength = 1, resilience = 0, worth = 2,
  armour = "medium", shield = true, weapon = "hand", movement = 7, save = 8, terrible = false,
  bad_light = "day",
  points = 17,
  provenance = "reconstructed",
  sourced = {
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}

character "goblin_battle_leader" {
  name = "Goblin battle leader",
  role = "battle_leader",
  quality = "average", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 2,
  armour = "light", shield = true, weapon = "hand", movement = 7, save = 9, terrible = false,
  bad_light = "day",
  points = 10,
  provenance = "reconstructed",
  sourced = {
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}

character "goblin_hero" {
  name = "Goblin hero",
  role = "hero",
  quality = "average", type = "tribal", night_type = "fanatic", strength = 1, resilience = 0, worth = 5,
  armour = "medium", shield = true, weapon = "hand", movement = 7, save = 7, terrible = false,
  bad_light = "day",
  points = 39,
  provenance = "reconstructed",
  sourced = {
    worth = "p.40: heroes have worth 5 at least",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}

character "goblin_wizard" {
  name = "Goblin wizard",
  role = "wizard",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "none",
  shield = false, weapon = "hand", movement = 7, save = 9, terrible = false, bad_light = "day",
  points = 12,
  provenance = "reconstructed",
  sourced = {
    name = "p.44 (example: a Goblin wizard with 20 power)",
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
  note = "A wizard: buy magic power in the army (magic = 15 or more, p.47).",
}

character "goblin_priest" {
  name = "Goblin priest",
  role = "priest",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "light",
  shield = false, weapon = "hand", movement = 7, save = 10, terrible = false, bad_light = "day",
  points = 22,
  provenance = "reconstructed",
  sourced = {
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}

character "goblin_soothsayer" {
  name = "Goblin soothsayer",
  role = "soothsayer",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "none",
  shield = false, weapon = "hand", movement = 7, save = 10, terrible = false, bad_light = "day",
  points = 11,
  provenance = "reconstructed",
  sourced = {
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}

character "goblin_courier" {
  name = "Goblin courier",
  role = "courier",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "none",
  shield = false, weapon = "hand", movement = 9, save = 10, terrible = false, bad_light = "day",
  points = 7,
  provenance = "reconstructed",
  sourced = {
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}

character "goblin_scout" {
  name = "Goblin scout",
  role = "scout",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "light",
  shield = false, weapon = "bow", movement = 9, save = 11, terrible = false, bad_light = "day",
  points = 14,
  provenance = "reconstructed",
  sourced = {
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}

character "goblin_herald" {
  name = "Goblin herald",
  role = "herald",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "light",
  shield = false, weapon = "hand", movement = 7, save = 10, terrible = false, bad_light = "day",
  points = 7,
  provenance = "reconstructed",
  sourced = {
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}

character "goblin_banner_bearer" {
  name = "Goblin banner bearer",
  role = "banner_bearer",
  quality = "poor", type = "tribal", night_type = "fanatic", strength = 0, resilience = 0, worth = 1, armour = "light",
  shield = true, weapon = "hand", movement = 7, save = 9, terrible = false, bad_light = "day",
  points = 14,
  provenance = "reconstructed",
  sourced = {
    quality = "p.14: by day Goblins are poor",
    type = "p.14: by day Goblins are tribal (fanatic by night)",
    night_type = "p.14: Goblins turn fanatic at night",
    bad_light = "p.9: Goblins are affected by daylight",
  },
}
