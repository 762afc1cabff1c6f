--- HR-2 fields by season (house-rules booklet page 3) on the table: the kind `field` a row of
--- the ruleset's table feature_rules (an area; what it does to a move that reaches it, whether
--- it is terrain for the mover, the cover of summer crops). Every rule is the procedure
--- field_effect's (procedures.lua): this file puts what the table measured into its input.
--- The season is the scenario's when it gives one, else the variant's option.
local data = require("fields")

local M = {}

--- The kind of feature a scenario lays a field out as.
M.kind = "field"

--- Sets the row through `rules`; `P` the variant's procedures, `source` its name.
function M.apply(rules, P, source)
  local function effect(ctx)
    return P.field_effect.run({ unit = ctx.ground_unit, season = ctx.season })
  end
  rules.set_row("feature_rules", M.kind, {
    shape = "area",
    reason = "a field: empty in autumn and winter, ploughed in spring, tall crops in summer (HR-2)",
    move = function(ctx)
      local r = effect(ctx)
      return { effect = r.effect, rule = r.rule, source = r.rule_source, outcome = r.effect ~= "none" and r.outcome or nil,
               reason = r.modifiers[1] and r.modifiers[1].reason }
    end,
    terrain = function(ctx) return effect(ctx).counts_as_terrain end,
    cover = function(ctx)
      local r = P.field_effect.run({ unit = ctx.unit, season = ctx.season, shoots = ctx.shoots,
                                     entirely_within = ctx.feature.within })
      return r.cover, r.cover_rule or r.rule or ("no cover in " .. r.field), r.rule_source or (source .. " p." .. data.page)
    end,
  }, data.page)
  -- What `muster rules check` runs the row on: Dwarf spears through two fields in spring,
  -- archers within the summer crops.
  rules.add_sample("move", { unit = { name = "Dwarf spears", figures = 10, quality = "veteran", type = "disciplined",
    weapon = "spear", movement = 4, orders = "oppose" }, distance = 2, season = "spring",
    features = { { kind = M.kind, at = 0, start_in = true }, { kind = M.kind, name = "North field", at = 1.5 } } })
  rules.add_sample("feature_cover", { target = { name = "Orc archers", figures = 8, quality = "average", type = "tribal", weapon = "bow" },
    season = "summer", features = { { kind = M.kind, within = true } } })
end

return M
