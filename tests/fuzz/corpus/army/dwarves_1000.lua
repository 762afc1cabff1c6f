-- A 1,000-point Dwarf army from the boxed game's 51 Dwarves (17 spearmen, 17 axemen, 17
-- crossbowmen), in two commands as in the book's orders example (p.18): a battle leader with
-- two units of crossbowmen, and a command of infantry. Six figures are characters.
-- Check it: muster army check examples/armies/dwarves_1000.lua

army "The Hold of Karak Dum" {
  list = "dwarves",
  points = 1000,

  warchief "dwarf_warchief" { name = "Thorin Stonehand", leadership = 4 },  -- 34 + 50 = 84 (p.47)
  individual "dwarf_hero" { name = "Balin the Bold" },
  individual "dwarf_wizard" { name = "Runa", magic = 15 },
  individual "dwarf_soothsayer" { name = "Old Gror" },

  command "The Crossbows" {
    battle_leader "dwarf_battle_leader" { name = "Dain", leadership = 3 },
    unit "dwarf_crossbowmen" { name = "Iron Bolts", figures = 10, quality = "elite", leader = true },
    unit "dwarf_crossbowmen" { name = "Stone Bolts", figures = 7, leader = true },
  },

  command "The Shieldwall" {
    battle_leader "dwarf_battle_leader" { name = "Nori", leadership = 2 },
    unit "dwarf_spearmen" { name = "Long Spears", figures = 15,
                            leader = true, standard = true, musicians = 1 },
    unit "dwarf_axemen" { name = "Oathbreakers' Bane", figures = 13, quality = "elite",
                          leader = true, standard = true, champion = true },
  },
}
