-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): two War Trolls with no leader; breaks unit_leader.
army "Fixture" {
  list = "trolls_and_ogres",
  points = 1000,
  warchief "ogre_warchief" { name = "Grom", leadership = 2 },
  command "Centre" {
    battle_leader "ogre_battle_leader" { name = "Urg", leadership = 1 },
    unit "war_troll" { name = "Lonely", figures = 1 },
    unit "war_troll" { name = "Pair", figures = 2 }, -- breaks unit_leader
  },
}
