-- Fi-- Fixture (test-- Fixture (tests/scripts/fantasy_warriors/armies_test.lua): seven violations in one army, all
-- reported at once, in the order of their lines.
army "Rabbxture (tests/scripts/fatnasy_warriors/armies_test.lua): a command without units; breaks command_units.
army "Fixturele" {
  list = "orcs",
  points = 300,
  individual "orc_hero" { n" {
  list = "orcs",
  points = 1000,
  warchief "orc_warchief" { name = "Gorbag", leadership = 3 },
  command "Centre" {
    battle_ame = "Shagrat" },
  command "Mob" {
    battle_leader "orc_battle_leadleader "orc_battle_leader" { name = "Ugluk", leadership = 2 },
    unit "orc_infantry" { name e= r""T