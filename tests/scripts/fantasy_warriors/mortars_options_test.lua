-- HR-6 Mortars (variant `mortars`) with its options' other values: minimum_range_band = long
-- (a target at exactly 12in takes the long-range -1 too) and charges = 3 (mortars_test.lua has
-- the defaults: short, 6).
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "mortars" },
            options = { "mortars.minimum_range_band=long", "mortars.charges=3" } }

local crew = { name = "Dwarf gun crew", figures = 2, quality = "average", type = "disciplined", armour = "medium" }
local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", armour = "medium" }

local function shot(distance, charges)
  muster.dice.set_faces { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  local r = ruleset.resolve("artillery_shot", { piece = "mortar", crew = crew, target = orcs, distance = distance,
                                                charges = charges })
  return t.modifier_ids(r, "hit"), r
end

function M.test_minimum_range_band_long_every_legal_shot_takes_minus_1()
  local ids, r = shot(12)
  t.eq(r.range, "short")
  t.eq(ids, "mortar_minimum_range=-1")
  t.eq(r.modifiers[1].source, "mortars p.6")
  t.eq((shot(20)), "long_range=-1")
  t.fails(function() shot(11) end, "11in is closer than the Mortar's minimum range of 12in")
end

function M.test_charges_3_a_mortar_starts_with_3()
  local _, r = shot(20)
  t.eq({ r.charges, r.charges_left }, { 3, 2 })
  t.eq(ruleset.modules.artillery.piece("mortar").charges, 3)
  local army = { file = "test/army.lua", text = table.concat({
    'army "T" { list = "dwarves", points = 1000, house_rules = { "HR-6" },',
    '  warchief "dwarf_warchief" { name = "Thorin", leadership = 1 },',
    '  command "Guns" { battle_leader "dwarf_battle_leader" { name = "Dain", leadership = 0 },',
    '    machine "mortar" { name = "Lobbers", pieces = 2, crew = 4, leader = true } } }' }, "\n") }
  t.eq(ruleset.modules.armies.supplies(army).charges[1].counters, 6)
end

return M
