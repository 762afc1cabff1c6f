-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): a war cannon with one crew; breaks machine_crew.
army "Fixture" {
  list = "dwarves",
  points = 1000,
  warchief "dwarf_warchief" { name = "Thorin", leadership = 4 },
  command "Centre" {
    battle_leader "dwarf_battle_leader" { name = "Dain", leadership = 2 },
    unit "dwarf_spearmen" { name = "Spears", figures = 10, leader = true },
    machine "dwarf_war_cannon" { name = "Thunderer", pieces = 1, crew = 1, leader = true }, -- breaks machine_crew
  },
}
