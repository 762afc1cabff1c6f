-- A 1,000-point Orc army from the boxed game's 51 Orcs (17 spearmen, 17 swordsmen, 17 bowmen).
-- Eight figures are picked out as characters: the warchief, two battle leaders, two heroes
-- (a 1,000-point army may have two, p.40), a shaman, a soothsayer and a banner bearer.
-- Check it: muster army check examples/armies/orcs_1000.lua

army "The Red Eye Tribe" {
  list = "orcs",
  points = 1000,

  warchief "orc_warchief" { name = "Gorbag", leadership = 5 },
  individual "orc_hero" { name = "Shagrat" },
  individual "orc_hero" { name = "Lugdush" },
  individual "orc_shaman" { name = "Grishnakh", magic = 25 },
  individual "orc_soothsayer" { name = "Old Muzgash" },

  command "The Tuskers" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 3 },
    individual "orc_banner_bearer" { name = "Radbug" },
    unit "orc_spearmen" { name = "Spears of the Eye", figures = 15, quality = "veteran",
                          leader = true, standard = true, musicians = 1 },
    unit "orc_infantry" { name = "Black Blades", figures = 13, quality = "veteran",
                          leader = true, standard = true, champion = true },
  },

  command "The Bowmen" {
    battle_leader "orc_battle_leader" { name = "Snaga", leadership = 3 },
    unit "orc_archers" { name = "Red Arrows", figures = 15, quality = "veteran",
                         leader = true, standard = true },
  },
}
