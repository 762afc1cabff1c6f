-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): an upgrade of two steps; breaks quality_upgrade.
army "Fixture" {
  list = "orcs",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_infantry" { name = "Tuskers", figures = 12, leader = true, quality = "elite" }, -- breaks quality_upgrade
  },
}
