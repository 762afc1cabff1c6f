-- HR-11 Sieges (the club's house-rules booklet, page 12): a defended battle whose terrain type is
-- rolled (forest, mountain, plain, river, swamp), with defence points bought by headcount and a
-- defender who deploys first.
return {
  name = "sieges",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-11: sieges: the terrain roll, defence points by headcount, the defender deploys first (procedures siege_terrain, siege_defences)",
  source = "FANTASY WARRIORS club house rules, page 12 (Sieges)",
}
