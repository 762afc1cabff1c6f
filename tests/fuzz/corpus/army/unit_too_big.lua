-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): a unit over the list's MAX; breaks unit_size.
army "Fixture" {
  list = "orcs",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_archers" { name = "Arrows", figures = 21, leader = true }, -- breaks unit_size
  },
}
