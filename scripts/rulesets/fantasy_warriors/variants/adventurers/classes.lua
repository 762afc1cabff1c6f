--- HR-9.2 adventurer classes (house-rules booklet pages 9-10): data only. Each class names
--- the abilities it grants (HR-9.3); the ability ids are those of abilities.lua's `status`.
--- No procedures, no dice.
local M = {}

--- Class id -> {name, abilities (ids)}.
M.classes = {
  thief = { name = "Thief", abilities = { "dodge", "hide", "sabotage", "speed", "steal_item" } },
  assassin = { name = "Assassin", abilities = { "hide", "killing_blow", "sabotage", "speed", "strike_first" } },
  warrior = { name = "Warrior", abilities = { "enthuse", "killing_blow", "practiced_combat", "strike_first" } },
  healer = { name = "Healer", abilities = { "antidotes", "dodge", "heal", "hide", "unarmed" } },
  bard = { name = "Bard", abilities = { "enthrall", "enthuse", "presence", "unarmed" } },
  scholar = { name = "Scholar", abilities = { "enthrall", "read_maps", "provide_countermeasure", "unarmed" } },
  tactician = { name = "Tactician", abilities = { "control", "enthuse", "provide_countermeasure" } },
}

--- The class ids in the booklet's order.
M.order = { "thief", "assassin", "warrior", "healer", "bard", "scholar", "tactician" }

return M
