-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): a hero placed in a command; breaks individuals_placement.
army "Fixture" {
  list = "orcs",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  command "Centre" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    individual "orc_hero" { name = "Shagrat" }, -- breaks individuals_placement
    unit "orc_infantry" { name = "Tuskers", figures = 12, leader = true },
  },
}
