--- HR-3 roads (house-rules booklet page 3) on the table: the kinds `dirt_road` and
--- `cobbled_road` rows of the ruleset's table feature_rules (a line, its width; what it does
--- to a move that reaches it or keeps to it, whether it is terrain for the mover). Every rule
--- is the procedure road_movement's (procedures.lua): this file puts what the table measured
--- into its input (how far the move keeps to the road). The season is the scenario's when it
--- gives one, else the variant's option.
local data = require("roads")

local M = {}

--- The kinds of feature a scenario lays roads out as, by road, and their width when the
--- scenario gives none: a cart's track about 50mm wide (proposed), at most `max_width`.
M.kinds = { dirt = "dirt_road", cobbled = "cobbled_road" }
M.width, M.max_width = 2, 6

local function with(t, k, v)
  local out = {}
  for key, x in pairs(t) do out[key] = x end
  out[k] = v
  return out
end

--- Sets the rows through `rules`; `P` the variant's procedures, `source` its name.
function M.apply(rules, P, source)
  for _, road in ipairs(data.roads) do
    local kind = M.kinds[road]
    local function input(ctx) return { unit = ctx.ground_unit, season = ctx.season, road = road } end
    rules.set_row("feature_rules", kind, {
      shape = "line", width = M.width, max_width = M.max_width,
      reason = string.format("a %s: rutted in winter when dirt, else half a move again for a move that keeps to it (HR-3)", data.names[road]),
      move = function(ctx)
        -- Whether the unit may gain at all (asked as if its move kept to the road), then how
        -- far a move with the bonus would keep to it.
        local r = P.road_movement.run(with(input(ctx), "on_road", "whole_move"))
        if r.bonus then
          local on = ctx.keeps(ctx.reach(data.bonus_factor))
          r = P.road_movement.run(with(input(ctx), "on_road", on))
          if r.bonus then
            return { effect = "bonus", factor = data.bonus_factor, reason = r.modifiers[1].reason, rule = r.rule,
                     source = r.rule_source, outcome = r.outcome }
          end
          return { effect = "none", rule = string.format("%s (the move: %s)", r.rule, (on:gsub("_", " "))), source = r.rule_source }
        end
        return { effect = r.effect, rule = r.rule, source = r.rule_source, reason = r.modifiers[1] and r.modifiers[1].reason,
                 outcome = r.effect ~= "none" and r.outcome or nil }
      end,
      -- A rutted road that slows the unit is terrain for it; a good road is not.
      terrain = function(ctx)
        local r = P.road_movement.run(with(input(ctx), "on_road", "whole_move"))
        return r.effect ~= "none" and r.effect ~= "bonus"
      end,
    }, data.page)
  end
  -- What `muster rules check` runs the rows on: infantry keeping to a summer dirt road that
  -- crosses a cobbled one; knights on a winter dirt road.
  rules.add_sample("move", { unit = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", orders = "oppose" },
    distance = 8, season = "summer", features = {
      { kind = M.kinds.dirt, at = 0, start_in = true, start_on = true, on = { { 0, 8 } } },
      { kind = M.kinds.cobbled, at = 3, through = 5, on = {} } } })
  rules.add_sample("move", { unit = { name = "Knights", figures = 6, quality = "veteran", type = "disciplined", armour = "heavy",
    mounted = true, movement = 8, orders = "oppose" }, distance = 3, season = "winter",
    features = { { kind = M.kinds.dirt, at = 1, through = 5 }, { kind = M.kinds.cobbled, at = 2 } } })
end

return M
