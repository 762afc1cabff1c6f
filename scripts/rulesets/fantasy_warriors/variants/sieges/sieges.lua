--- HR-11 sieges (house-rules booklet page 12), as data: the terrain die (what each face makes
--- of the battlefield and which armies may defend there), the headcount that buys defence
--- points, and what a point buys until a supplement prices the defences (D11: our proposal).
--- Data only: procedures.lua reads it.
local M = {}

--- The booklet page of every rule here.
M.page = 12

--- The terrain die, face by face. `defenders`: the army lists (their ids) that alone may
--- defend there; `features`: the number of terrain features as a multiple of the core's
--- (one per 12in of table length); `woods_extra`: the added features are woods;
--- `swamps_share`: the share of the features that are swamps (rounded up: at least half);
--- `table`: the battlefield's own size in inches, the armies starting on its short sides;
--- `river`: the battlefield has a river crossed by a bridge or a ford.
M.terrain = {
  [1] = { name = "forest", defenders = { "wood_elves", "goblins" }, features = 2, woods_extra = true },
  [2] = { name = "mountain", defenders = { "dwarves" }, table = { width = 24, length = 48 } },
  [3] = { name = "plain" },
  [4] = { name = "plain" },
  [5] = { name = "river", river = true },
  [6] = { name = "swamp", defenders = { "orcs" }, swamps_share = 0.5 },
}

--- The table length when the input gives none: the book's recommended 6ft table (p.10).
M.default_table_length = 72

--- Defence points: one per figure of headcount; a Giant (race or keyword `giant`) counts as
--- this many.
M.giant_headcount = 10
M.giant = "giant"

--- What a defence point buys (proposed until D11 is supplied): `per` the unit of one point,
--- `counts_as` the linear obstacle of HR-1 it is treated as, or `impassable`; `cover` the
--- kill throw's cover it gives (`kind`, whose value the ruleset's shooting_kill list holds)
--- and to `whom`, which results add to `effect`.
M.defences = {
  palisade = { cost = 1, per = "inch", counts_as = "wall", effect = "a wall (linear_obstacles)",
               cover = { kind = "hard", whom = "infantry entirely hidden behind it that do not shoot" } },
  chevaux_de_frise = { cost = 1, per = "inch", counts_as = "tall_hedge",
                       effect = "a tall hedge for crossing (linear_obstacles): no cavalry, no infantry in heavy or extra-heavy armour" },
  pits = { cost = 1, per = "pit", effect = "a 1in x 1in pit: impassable" },
}
M.defence_order = { "palisade", "chevaux_de_frise", "pits" }

return M
