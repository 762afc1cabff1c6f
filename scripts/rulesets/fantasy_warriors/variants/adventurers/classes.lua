--- HR-9.2 adventurer classes (house-rules booklet pages 9-10): data only. Each class names
--- the abilities it grants (HR-9.3); the ability ids are those of abilities.lua's `status`.
--- No procedures, no dice.
local M = {}

M.page = "9-10"

--- Class id -> {name, abilities (ids), page}.
M.classes = {
  thief = { name = "Thief", abilities = { "dodge", "hide", "sabotage", "speed", "steal_item" }, page = "9-10" },
  assassin = { name = "Assassin", abilities = { "hide", "killing_blow", "sabotage", "speed", "strike_first" }, page = "9-10" },
  warrior = { name = "Warrior", abilities = { "enthuse", "killing_blow", "practiced_combat", "strike_first" }, page = "9-10" },
  healer = { name = "Healer", abilities = { "antidotes", "dodge", "heal", "hide", "unarmed" }, page = "9-10" },
  bard = { name = "Bard", abilities = { "enthrall", "enthuse", "presence", "unarmed" }, page = "9-10" },
  scholar = { name = "Scholar", abilities = { "enthrall", "read_maps", "provide_countermeasure", "unarmed" }, page = "9-10" },
  tactician = { name = "Tactician", abilities = { "control", "enthuse", "provide_countermeasure" }, page = "9-10" },
}

--- The class ids in the booklet's order.
M.order = { "thief", "assassin", "warrior", "healer", "bard", "scholar", "tactician" }

return M
