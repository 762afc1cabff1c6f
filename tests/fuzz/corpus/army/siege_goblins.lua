-- Fixture (tests/scripts/fantasy_warriors/sieges_test.lua): a Goblin army with its War Giant, for
-- the siege headcount: 1 warchief + 1 battle leader + 1 hero + 20 spearmen + 15 archers = 38
-- figures, and the giant, who counts as 10.
army "Siege fixture" {
  list = "goblins",
  points = 1000,
  warchief "goblin_warchief" { name = "Skarsnik", leadership = 3 },
  individual "goblin_hero" { name = "Gobbla" },
  command "Wall" {
    battle_leader "goblin_battle_leader" { name = "Gitz", leadership = 3 },
    unit "goblin_spearmen" { name = "Pointy", figures = 20, leader = true },
    unit "goblin_archers" { name = "Stingers", figures = 15, leader = true },
    unit "goblin_war_giant" { name = "Big Un", figures = 1 },
  },
}
