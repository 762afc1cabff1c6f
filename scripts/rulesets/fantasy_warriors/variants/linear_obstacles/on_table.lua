--- HR-1 linear obstacles (house-rules booklet page 2) on the table: each obstacle type a row of
--- the ruleset's table feature_rules (a line, its width; what it does to a move that reaches
--- it, the cover it gives, the troops it hides) and, for the hedges that block sight, a row of
--- line_of_sight. Every rule is the variant's procedures' (procedures.lua): this file only
--- puts what the table measured into their inputs and their results into the rows' answers.
local data = require("obstacles")

local M = {}

-- The move's answer from an obstacle_crossing result.
local function crossing_effect(r)
  if r.may_cross == false then return { effect = "barred", rule = r.rule, source = r.rule_source } end
  local e = { rule = r.rule, source = r.rule_source, outcome = r.outcome, vault = r.vault or nil }
  if r.cost == "half" then
    e.effect = r.disorganised and "half_and_disorganised" or "half"
    e.reason = r.modifiers[1] and r.modifiers[1].reason
  elseif r.cost == "whole" then
    e.effect = "whole"
  else
    e.effect = "none"
  end
  return e
end

--- Sets the rows through `rules` (the variant's patch functions); `P` the variant's
--- procedures, `source` its name.
function M.apply(rules, P, source)
  local page_source = source .. " p." .. data.page
  for _, kind in ipairs(data.types) do
    local name = data.names[kind]
    local hides
    if data.blocks_sight[kind] then
      hides = {}
      for class in pairs(data.hidden_classes) do hides[#hides + 1] = class end
      table.sort(hides)  -- a list in one order whatever the walk
      rules.set_row("line_of_sight", kind, { blocks = true,
        reason = string.format("%s hides infantry, individuals and animals", data.a_names[kind]) }, data.page)
    end
    rules.set_row("feature_rules", kind, {
      shape = "line", width = data.widths[kind], max_width = data.max_width, hides = hides,
      reason = string.format("%s: a linear obstacle (HR-1)", data.a_names[kind]),
      -- A move that reaches it: obstacle_crossing with what the table measured. A unit
      -- already astride it (it stepped onto it last move) paid for the crossing then.
      move = function(ctx)
        if ctx.feature.start_in then
          return { effect = "none", source = page_source,
            rule = string.format("it stands astride the %s already: it paid for crossing it when it stepped onto it (proposed)", name) }
        end
        return crossing_effect(P.obstacle_crossing.run({ unit = ctx.ground_unit, obstacle = kind,
          only_terrain = ctx.only_terrain, full_move = ctx.full_move }))
      end,
      -- A target it hides from the shooter: obstacle_cover with how much of it is hidden.
      cover = function(ctx)
        if ctx.feature.hidden == nil then return "none", string.format("the %s hides none of it from the shooter", name), page_source end
        local r = P.obstacle_cover.run({ target = ctx.unit, obstacle = kind, hidden = ctx.feature.hidden, shoots = ctx.shoots })
        return r.cover, r.rule, r.rule_source
      end,
    }, data.page)
  end
  -- What `muster rules check` runs the rows on: an infantry move over one of each, and a
  -- target behind one of each.
  local foot = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", movement = 6, orders = "oppose", ranks = 1 }
  local met = {}
  for i, kind in ipairs(data.types) do met[i] = { kind = kind, at = 0.25 * i, through = 0.25 * i + 1 } end
  rules.add_sample("move", { unit = foot, distance = 2, features = met })
  local behind = {}
  for i, kind in ipairs(data.types) do behind[i] = { kind = kind, hidden = "entirely" } end
  rules.add_sample("feature_cover", { target = foot, features = behind })
end

return M
