-- Hollin Farm: the two sample armies (examples/armies/) fight over a walled farm in high summer,
-- on the club's terrain house rules. The Dwarves hold the farm behind its wall, with a
-- palisade, chevaux de frise and pits thrown up in front of their crossbows; the Orcs come up
-- the lane from the south, past a wheat field and the old drain. The format is docs/table.md.
-- Lay it out with the variants that give its features their rules:
--   muster repl --variant linear_obstacles --variant fields --variant roads --variant sieges
--   muster> scenario("examples/scenarios/hollin_farm.lua")    then    :svg farm.svg
-- Without a variant its kinds of feature are unknown and the file is refused, naming the line.
-- The Orcs deploy from the south edge (y = 0) and face north; the Dwarves from the north.

scenario "Hollin Farm" {
  table = { width = 72, depth = 48 },
  time = "day 2",
  season = "summer",  -- the wheat stands tall (HR-2); the lane's dirt is dry and fast (HR-3)

  -- HR-2: a field, an area; in summer its crops slow most troops and hide some.
  feature "field" { name = "Hollin Wheat", polygon = { {4, 14}, {22, 14}, {22, 30}, {4, 30} } },
  -- HR-3: roads, lines with a width (inches).
  feature "dirt_road" { name = "Mill Lane", line = { {62, 0}, {62, 20}, {58, 34}, {58, 48} }, width = 2.5 },
  feature "cobbled_road" { name = "The Farmyard", line = { {40, 44}, {57, 44} }, width = 2 },
  -- HR-1: linear obstacles, lines (default widths: docs/rules-assumptions.md).
  feature "low_hedge" { name = "Wheat Hedge", line = { {4, 31}, {22, 31} } },
  feature "wall" { name = "Farm Wall", line = { {26, 27}, {50, 27} } },
  feature "ditch" { name = "The Old Drain", line = { {26, 17}, {50, 17} } },
  feature "tall_hedge" { name = "Thorn Hedge", line = { {52, 20}, {56, 30} } },
  feature "embankment_hedge" { name = "The Bank", line = { {66, 24}, {71, 24} } },
  feature "fence" { name = "Paddock Fence", line = { {64, 8}, {70, 8}, {70, 16} } },
  -- HR-11: the defenders' works (counted against their defence points: siege_defences).
  feature "palisade" { name = "The Stakes", line = { {28, 38}, {38, 38} } },
  feature "chevaux_de_frise" { name = "Iron Thorns", line = { {40, 36}, {48, 36} } },
  feature "pit" { name = "West Pit", polygon = { {24, 34}, {25, 34}, {25, 35}, {24, 35} } },
  feature "pit" { name = "East Pit", polygon = { {50, 34}, {51, 34}, {51, 35}, {50, 35} } },

  side "orcs" {
    army = "examples/armies/orcs_1000.lua", edge = "south",
    orders = { ["The Tuskers"] = "attack", ["The Bowmen"] = "hold" },
    attach = { ["Black Blades"] = { "Ugluk", "Radbug" } },
    place "Black Blades" { x = 38, y = 12, files = 5 },
    place "Spears of the Eye" { x = 62, y = 7, files = 2 },
    place "Red Arrows" { x = 13, y = 8, files = 5 },
    place "Gorbag" { x = 38, y = 5 },
  },

  side "dwarves" {
    army = "examples/armies/dwarves_1000.lua", edge = "north",
    orders = { ["The Crossbows"] = "hold", ["The Shieldwall"] = "hold" },
    attach = { ["Long Spears"] = { "Nori" }, ["Iron Bolts"] = { "Dain" } },
    place "Long Spears" { x = 38, y = 28, files = 5 },
    place "Oathbreakers' Bane" { x = 13, y = 33, files = 5 },
    place "Iron Bolts" { x = 33, y = 39, files = 5 },
    place "Stone Bolts" { x = 44, y = 38, files = 4 },
    place "Thorin Stonehand" { x = 38, y = 45 },
  },
}
