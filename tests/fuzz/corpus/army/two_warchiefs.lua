-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): two warchiefs; breaks one_warchief.
army "Fixture" {
  list = "orcs",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  warchief "orc_warchief" { name = "Grishnak", leadership = 1 }, -- breaks one_warchief
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_infantry" { name = "Tuskers", figures = 12, leader = true },
  },
}
