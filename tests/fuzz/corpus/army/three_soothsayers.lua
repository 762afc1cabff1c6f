-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): three soothsayers; breaks soothsayers.
army "Fixture" {
  list = "orcs",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  individual "orc_soothsayer" { name = "One" },
  individual "orc_soothsayer" { name = "Two" },
  individual "orc_soothsayer" { name = "Three" }, -- breaks soothsayers
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_infantry" { name = "Tuskers", figures = 12, leader = true },
  },
}
