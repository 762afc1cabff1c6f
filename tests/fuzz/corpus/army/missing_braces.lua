-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): a constructor without its fields; breaks format.
army "Fixture" {
  list = "orcs",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_infantry" { name = "Tuskers", figures = 12, leader = true },
    unit "orc_archers", -- breaks format
  },
}
