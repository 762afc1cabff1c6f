-- HR-1 Linear obstacles (the club's house-rules booklet, page 2): walls, fences, low, tall and
-- embankment hedges and ditches, with who may cross them and at what cost, the cover they
-- give, the sight tall hedges block, and who may take a length of them down.
return {
  name = "linear_obstacles",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-1: walls, fences, hedges and ditches (procedures obstacle_crossing, obstacle_cover, obstacle_sight, dismantle)",
  source = "FANTASY WARRIORS club house rules, page 2 (Walls, fences, hedges, ditches)",
  options = {
    hedge_cover = {
      type = "string", default = "core_soft", values = { "core_soft", "none" },
      doc = "cover from hedges, which the booklet leaves unstated: the core's soft cover (-1) when a hedge hides more than half of the unit, as bushes (proposed), or none; the default of obstacle_cover's input hedge_cover",
    },
  },
}
