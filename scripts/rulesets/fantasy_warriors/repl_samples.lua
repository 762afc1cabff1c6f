--- REPL SAMPLE PROFILES, NOT THE BOOK'S ARMY LISTS: the unit templates `unit{"orc infantry"}`
--- falls back on when the ruleset has no army lists (armies.lua and
--- scripts/armies/fantasy_warriors/). Plausible profiles in the book's vocabulary (the Orc
--- infantry line is p.8's); repl.lua reads the army lists instead whenever they load.
--- Data only.
return {
  { id = "orc_infantry", side = "orcs", profile = { name = "Orc infantry", quality = "average", type = "tribal",
    strength = 1, armour = "medium", shield = true, weapon = "hand", bad_light = "day" } },
  { id = "orc_archers", side = "orcs", profile = { name = "Orc archers", quality = "average", type = "tribal",
    strength = 1, armour = "light", weapon = "bow", bad_light = "day" } },
  { id = "goblin_archers", side = "goblins", profile = { name = "Goblin archers", quality = "poor", type = "tribal",
    armour = "light", weapon = "bow", bad_light = "day" } },
  { id = "dwarf_infantry", side = "dwarves", profile = { name = "Dwarf infantry", quality = "veteran",
    type = "disciplined", armour = "heavy", shield = true, weapon = "hand", movement = 4 } },
  { id = "dwarf_crossbowmen", side = "dwarves", profile = { name = "Dwarf crossbowmen", quality = "veteran",
    type = "disciplined", armour = "medium", weapon = "crossbow", movement = 4 } },
}
