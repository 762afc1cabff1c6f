--- HR-11 sieges (house-rules booklet page 12) on the table: the defences a defender buys laid
--- out by a scenario, rows of the ruleset's table feature_rules. Palisades and chevaux de frise
--- are lines that count as the linear obstacles sieges.lua says (a wall; a tall hedge for
--- crossing): with the variant linear_obstacles loaded its rules cross them, without it they
--- are the core's difficult terrain. A pit is an area no one crosses (proposed, D11).
local data = require("sieges")

local M = {}

--- The kinds of feature a scenario lays the defences out as, and a line's width when the
--- scenario gives none (a stake fence 12mm thick, a row of chevaux 25mm deep: proposed).
M.kinds = { palisade = "palisade", chevaux_de_frise = "chevaux_de_frise", pits = "pit" }
M.widths = { palisade = 0.5, chevaux_de_frise = 1 }
M.max_width = 3

--- Sets the rows through `rules`; `source` the variant's name.
function M.apply(rules, source)
  local page_source = source .. " p." .. data.page
  for _, item in ipairs(data.defence_order) do
    local d = data.defences[item]
    local row = { reason = string.format("%s (HR-11): %s (proposed)", (item:gsub("_", " ")), d.effect) }
    if d.counts_as then
      row.shape, row.width, row.max_width = "line", M.widths[item], M.max_width
      row.counts_as = { move = d.counts_as, terrain = d.counts_as }
      if d.cover then row.counts_as.cover = d.counts_as end
    else
      row.shape = "area"
      row.move = function()
        return { effect = "barred", source = page_source, rule = d.effect .. " (proposed)" }
      end
    end
    rules.set_row("feature_rules", M.kinds[item], row, data.page)
  end
  -- What `muster rules check` runs the pit on: a charge whose way meets one.
  rules.add_sample("move", { unit = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", orders = "attack" },
    enemy_distance = 5, features = { { kind = M.kinds.pits, at = 2 } } })
end

return M
