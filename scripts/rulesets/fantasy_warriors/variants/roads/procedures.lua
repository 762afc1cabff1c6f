--- HR-3 roads (house-rules booklet page 3): the procedure road_movement on typed-in facts
--- (the season, the road, the unit and its class, how much of its move keeps to the road).
--- Reads roads.lua; reports, changes no unit. Where the road runs waits for the table. The
--- season, the flyer's rule and the movement effects come from rules.modules.terrain.
local data = require("roads")

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

  P.road_movement = {
    doc = "HR-3: a unit moving on a road: in winter a dirt road slows some troops (half movement, or half or disorganised); otherwise an eligible unit whose move keeps to the road moves MOV x 1.5 (house rules p.3)",
    fields = { "unit", "class", "season", "road", "on_road", "bonus_needs" },
    run = function(input)
      local u, class = troops.unit_and_class(input, "unit", "class")
      local season, season_from = terrain.season(input.season, options.season, source)
      local road = core.check_enum(input.road, data.roads, "road")
      local needs = core.check_enum(input.bonus_needs == nil and options.bonus_needs or input.bonus_needs,
                                    { "whole_move", "start_and_end" }, "bonus_needs")
      local on_road
      if input.on_road ~= nil then on_road = core.check_enum(input.on_road, data.on_road, "on_road") end
      local mov = troops.movement(u)
      local res = core.result("road_movement")
      res.unit, res.class, res.season, res.season_from, res.road, res.movement =
        u.name, class, season, season_from, road, mov
      res.rule_source = page_source
      res.allowance = mov
      res.disorganises = "never"
      if road == "dirt" and season == data.rutted_season then
        -- A rutted dirt road: penalties, no bonus.
        res.bonus = false
        local row = data.winter_dirt[troops.seasonal_kind(class, u)]
        if terrain.flies_over(res, u) then
          res.effect = "none"
        elseif row == nil then
          res.effect = "none"
          res.rule = string.format("%s are not named for a %s in %s: no effect", troops.plural[class], data.names[road], season)
        else
          res.effect = row.effect
          res.rule = "a dirt road in winter: " .. row.reason
        end
        res.outcome = terrain.apply_effect(res, res.effect, mov, "rutted_road", "a rutted " .. data.names[road], page_source)
        return res
      end
      -- A good road: the bonus for eligible units whose move keeps to it.
      local who = data.bonus[class]
      local barred = who and who.barred_by and ((who.barred_by == "heavy" and troops.heavy(u))
                                                or (who.barred_by == "extra_heavy" and troops.extra_heavy(u)))
      res.bonus_needs = needs
      if who == nil or barred then
        res.bonus, res.effect = false, "none"
        if who == nil then
          res.rule = string.format("only infantry, cavalry and chariots gain on a road, not %s", troops.plural[class])
        elseif who.barred_by == "heavy" then
          res.rule = "infantry in heavy or extra-heavy armour gain nothing on a road"
        else
          res.rule = "cavalry in extra-heavy armour gain nothing on a road"
        end
        res.outcome = "no bonus"
        return res
      end
      if on_road == nil then
        core.check_enum(nil, data.on_road, "on_road")
      end
      res.on_road = on_road
      if not data.needs[needs][on_road] then
        res.bonus, res.effect = false, "none"
        res.rule = needs == "whole_move" and "the bonus needs the whole move on the road, start and end included"
                   or "the bonus needs the move to start and end on the road"
        res.outcome = "no bonus"
        return res
      end
      res.bonus, res.effect = true, "bonus"
      res.allowance = mov * data.bonus_factor
      res.rule = string.format("%s on a %s%s: half their move again", who.reason, data.names[road],
                               road == "dirt" and (" in " .. season) or "")
      core.add_modifiers(res, { { id = "road_bonus", value = res.allowance - mov, source = page_source,
        reason = string.format("moving on a %s: +50%% (%sin in all)", data.names[road], terrain.inches(res.allowance)) } })
      res.outcome = string.format("bonus: at most %sin", terrain.inches(res.allowance))
      return res
    end,
    samples = {
      { unit = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal" }, season = "summer",
        road = "dirt", on_road = "whole_move" },
      { unit = { name = "Knights", figures = 6, quality = "veteran", type = "disciplined", armour = "heavy", mounted = true, movement = 8 },
        season = "winter", road = "dirt" },
      { unit = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy", movement = 4 },
        season = "winter", road = "cobbled", on_road = "whole_move" },
    },
  }

  return P
end

return M
