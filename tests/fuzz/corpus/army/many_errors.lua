-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): seven violations in one army, all
-- reported at once, in the order of their lines.
army "Rabble" {
  list = "orcs",
  points = 300,
  individual "orc_hero" { name = "Shagrat" },
  command "Mob" {
    battle_leader "orc_battle_leader" { name = "Ugluk", leadership = 7 },
    unit "orc_infantry" { name = "Tuskers", figures = 40, leader = true },
    unit "orc_archers" { name = "Arrows", figures = 10, champion = 2 },
  },
}
