-- HR-9 Hide against artillery (variants `adventurers` and `mortars`), and a target in combat
-- refused by artillery_shot as by shoot (variant `clarifications`, HR-8 #26): the shooting
-- area's target checks reach the artillery procedure.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "adventurers", "mortars", "clarifications" } }

local crew = { name = "Dwarf gun crew", figures = 2, quality = "average", type = "disciplined", armour = "medium" }
-- The mortar may not target characters: a band of thieves whose own keyword is hide.
local thief = { name = "Thief", figures = 3, quality = "average", type = "disciplined", keywords = { "hide" } }
local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", armour = "medium" }

local function shot(input)
  local i = { piece = "mortar", crew = crew, target = thief, distance = 20 }
  for k, v in pairs(input or {}) do i[k] = v end
  return ruleset.resolve("artillery_shot", i)
end

function M.test_hide_against_a_mortar()
  t.fails(function() shot() end,
    "input: distance: Thief may be shot at in the open only from short range, and the range is long (Hide: an adventurer with Hide, adventurers p.10)")
  -- Judged in the cover it claims, even where the mortar's drop would leave it none.
  t.fails(function() shot({ distance = 12, cover = "soft", cover_position = "behind" }) end,
    "input: cover: Thief may not be shot at in soft cover (Hide: an adventurer with Hide, adventurers p.10)")
  t.fails(function() shot({ distance = 12, target_ground = "difficult" }) end,
    "input: target_ground: Thief may not be shot at in difficult ground (Hide: an adventurer with Hide, adventurers p.10)")
end

function M.test_a_target_in_combat_is_refused_by_artillery_too()
  t.fails(function() shot({ target = orcs, target_in_combat = true }) end,
    "input: target_in_combat: the target is in combat, and no-one may shoot into a combat (clarifications p.8)")
  muster.dice.set_faces { 6, 1, 1, 1, 1, 1, 1, 1, 1 }
  local r = shot({ target = orcs })
  t.eq(r.fired, true)
end

return M
