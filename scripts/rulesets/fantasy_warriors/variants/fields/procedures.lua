--- HR-2 fields by season (house-rules booklet page 3): the procedure field_effect on
--- typed-in facts (the season, the unit and its class, whether it shoots and is entirely in
--- the field). Reads fields.lua; reports, changes no unit. Which units stand in a field, and
--- where they move through it, waits for the table. The season, the flyer's rule, the
--- movement effects and the cover value come from the ruleset's rules.modules.terrain.
local data = require("fields")

local M = {}

--- The procedures of the variant, for rules.add_procedure: {name = {doc, fields, run,
--- samples}}. `modules`: rules.modules; `options`: the variant's; `source`: its name.
---@param modules table rules.modules (read-only areas of the ruleset)
---@param options table the variant's options, typed
---@param source string the variant's name
---@return table procedures
function M.procedures(modules, options, source)
  local core, troops, terrain = modules.core, modules.troops, modules.terrain
  local page_source = source .. " p." .. data.page

  local P = {}

  P.field_effect = {
    doc = "HR-2: what a field does to a unit in the season: no effect, half movement or disorganised, half and disorganised, or half movement; whether it counts as terrain; the cover of summer crops (house rules p.3)",
    fields = { "unit", "class", "season", "shoots", "entirely_within" },
    run = function(input)
      local u, class = troops.unit_and_class(input, "unit", "class")
      local season, season_from = terrain.season(input.season, options.season, source)
      local shoots = core.check_bool(input.shoots, "shoots", false)
      local within = core.check_bool(input.entirely_within, "entirely_within", false)
      local field = data.field[season]
      local kind = troops.seasonal_kind(class, u)
      local mov = troops.movement(u)
      local res = core.result("field_effect")
      res.unit, res.class, res.season, res.season_from, res.field, res.movement =
        u.name, class, season, season_from, data.names[field], mov
      local row = data.by_field[field][kind]
      if terrain.flies_over(res, u) then
        res.effect, res.counts_as_terrain = "none", false
      elseif row == nil then
        res.effect, res.counts_as_terrain = "none", false
        res.rule = field == "empty" and "an empty field: no effect, and it is no terrain"
                   or string.format("%s are not named for a %s: no effect, and it is no terrain for them", troops.plural[class], data.names[field])
        res.rule_source = page_source
      else
        res.effect, res.counts_as_terrain = row.effect, true
        res.rule = row.reason
        res.rule_source = page_source
      end
      local text = terrain.apply_effect(res, res.effect, mov, "field_half_move", data.names[field], page_source)
      -- Cover: summer crops hide infantry and individuals entirely within them that do not
      -- shoot and carry no spears, lances or pikes.
      local c = data.cover[field]
      res.cover = "none"
      if c then
        if not c.classes[class] then
          res.cover_rule = "only infantry and individuals take cover in " .. data.names[field]
        elseif not within then
          res.cover_rule = "only a unit entirely within the " .. data.names[field] .. " takes cover"
        elseif shoots then
          res.cover_rule = "a unit that shoots this phase takes no cover in the " .. data.names[field]
        elseif troops.long_weapon(u) then
          res.cover_rule = "a unit with spears, lances or pikes takes no cover in the " .. data.names[field]
        else
          res.cover = c.cover
          res.cover_rule = "entirely within the " .. data.names[field] .. ", not shooting, no spears, lances or pikes: it may claim the cover"
          local v = terrain.cover_value(c.cover)
          core.add_modifiers(res, { { id = "crops_cover", value = v, source = page_source,
            reason = "hidden in the " .. data.names[field] .. " (the kill throw's soft cover)" } })
        end
      end
      res.outcome = text .. (res.cover ~= "none" and (", " .. res.cover .. " cover") or "")
      return res
    end,
    samples = {
      { unit = { name = "Dwarf spears", figures = 10, quality = "veteran", type = "disciplined", weapon = "spear", movement = 4 },
        season = "spring" },
      { unit = { name = "Orc archers", figures = 8, quality = "average", type = "tribal", weapon = "bow" },
        season = "summer", entirely_within = true },
      { unit = { name = "Bolt thrower", figures = 1, quality = "average", type = "disciplined", movement = 4 },
        class = "war_machine", season = "summer" },
      { unit = { name = "Knights", figures = 6, quality = "veteran", type = "disciplined", armour = "heavy", mounted = true, movement = 8 },
        season = "winter" },
    },
  }

  return P
end

return M
