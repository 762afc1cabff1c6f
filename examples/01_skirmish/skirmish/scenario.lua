--- The one battle the demo plays: wardens (edge y = 0) against raiders (edge y = 36) on a
--- 48 x 36 in table with a copse in the middle. Data only, read by init.lua's deploy step;
--- each entry is a muster.state spec as it stands. Profiles (props): shoot = to-hit number,
--- short/long = range bands (in), nerve = morale, blast = template radius (in); a figure's
--- toughness (default 1) is the wounds it takes to fall.
return {
  sides = {
    { id = "wardens", name = "Wardens of the March", props = { edge_y = 0 } },
    { id = "raiders", name = "Moor Raiders", props = { edge_y = 36 } },
  },
  commands = {
    { id = "w_captain", side = "wardens", name = "Captain Aldric" },
    { id = "r_chief", side = "raiders", name = "Chief Brann" },
  },
  units = {
    { id = "w_bows", side = "wardens", command = "w_captain", name = "Warden Bows",
      x = 12, y = 8, ranks = 1, files = 4, base_width = 1, base_depth = 1,
      props = { shoot = 4, short = 12, long = 24, nerve = 7 }, figures = 4 },
    { id = "w_spears", side = "wardens", command = "w_captain", name = "Warden Spears",
      x = 22, y = 8, ranks = 2, files = 3, base_width = 1, base_depth = 1,
      props = { nerve = 8 }, figures = 6 },
    { id = "w_bombard", side = "wardens", command = "w_captain", name = "Bombard",
      x = 30, y = 6, base_width = 2, base_depth = 2,
      props = { short = 12, long = 24, nerve = 6, blast = 1 },
      figures = { { props = { toughness = 3 }, equipment = { "bombard" } } } },
    { id = "r_slings", side = "raiders", command = "r_chief", name = "Raider Slings",
      x = 14, y = 22, facing = 180, ranks = 1, files = 5, base_width = 1, base_depth = 1,
      props = { shoot = 4, short = 9, long = 18, nerve = 7 }, figures = 5 },
    { id = "r_band", side = "raiders", command = "r_chief", name = "Raider Warband",
      x = 28, y = 20, facing = 180, ranks = 2, files = 3, base_width = 1, base_depth = 1,
      props = { nerve = 8 },
      figures = { { props = { toughness = 2 }, equipment = { "war_horn" } }, {}, {}, {}, {}, {} } },
  },
  terrain = {
    { id = "old_copse", kind = "wood",
      polygon = { { x = 15, y = 15 }, { x = 18.5, y = 14.5 }, { x = 19, y = 18.5 }, { x = 15.5, y = 19.5 } } },
  },
}
