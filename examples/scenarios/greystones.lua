-- The Field at Greystones: the two sample armies (examples/armies/) on a 6ft x 4ft table, their
-- battle lines 5 and 6 inches apart, as at the start of the whole turn of
-- examples/07_a_whole_turn (the Tuskers under ATTACK facing the Shieldwall, the archers and
-- crossbows holding behind). The format is docs/table.md. Lay it out at the REPL:
--   scenario("examples/scenarios/greystones.lua")    then    :where    and    :svg table.svg
-- The Orcs deploy from the south edge (y = 0) and face north; the Dwarves from the north.
-- x runs along the table from the west edge; every length is in inches.

scenario "The Field at Greystones" {
  table = { width = 72, depth = 48 },
  time = "day 3",

  feature "wood" { name = "Darkwood", polygon = { {2, 22}, {12, 20}, {14, 29}, {7, 34}, {1, 29} } },
  feature "hill" { name = "Greystone Knoll", polygon = { {52, 14}, {62, 12}, {68, 18}, {64, 24}, {54, 22} } },
  feature "building" { name = "The Old Mill", polygon = { {44, 37}, {48, 37}, {48, 40}, {44, 40} } },
  feature "broken_ground" { name = "The Screes", polygon = { {58, 32}, {66, 31}, {67, 37}, {59, 38} } },

  side "orcs" {
    army = "examples/armies/orcs_1000.lua", edge = "south",
    orders = { ["The Tuskers"] = "attack", ["The Bowmen"] = "hold" },
    attach = { ["Black Blades"] = { "Ugluk", "Radbug" } },
    place "Black Blades" { x = 30, y = 20, files = 5 },
    place "Spears of the Eye" { x = 40, y = 20, files = 5 },
    place "Red Arrows" { x = 18, y = 16, files = 5 },
    place "Gorbag" { x = 35, y = 14 },
    place "Snaga" { x = 18, y = 11 },
  },

  side "dwarves" {
    army = "examples/armies/dwarves_1000.lua", edge = "north",
    orders = { ["The Crossbows"] = "hold", ["The Shieldwall"] = "oppose" },
    attach = { ["Long Spears"] = { "Nori" }, ["Iron Bolts"] = { "Dain" } },
    place "Long Spears" { x = 30, y = 25, files = 5 },
    place "Oathbreakers' Bane" { x = 40, y = 26, files = 5 },
    place "Iron Bolts" { x = 20, y = 33, files = 5 },
    place "Stone Bolts" { x = 50, y = 34, files = 4 },
    place "Thorin Stonehand" { x = 35, y = 32 },
  },
}
