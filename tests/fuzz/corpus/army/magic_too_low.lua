-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): a wizard with 14 magic power; breaks magic_power.
army "Fixture" {
  list = "orcs",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  individual "orc_shaman" { name = "Grishnakh", magic = 14 }, -- breaks magic_power
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_infantry" { name = "Tuskers", figures = 12, leader = true },
  },
}
