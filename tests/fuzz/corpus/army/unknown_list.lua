-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): an army list that does not exist; breaks format.
army "Fixture" { -- breaks format
  list = "orks",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_infantry" { name = "Tuskers", figures = 12, leader = true },
  },
}
