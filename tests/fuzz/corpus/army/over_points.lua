-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): an army over its points; breaks points_limit.
army "Fixture" { -- breaks points_limit
  list = "orcs",
  points = 150,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_infantry" { name = "Tuskers", figures = 12, leader = true },
  },
}
