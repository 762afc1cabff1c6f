--- HR-1 linear obstacles (house-rules booklet page 2): the procedures obstacle_crossing,
--- obstacle_cover, obstacle_sight and dismantle, on typed-in facts (the unit, its class, the
--- obstacle type, what it does this move). Reads obstacles.lua; reports, changes no unit.
--- Where the obstacle stands and where a unit crosses it waits for the table. The flyer's
--- rule, the half move and the cover values come from the ruleset's rules.modules.terrain.
local data = require("obstacles")
local troops  -- the ruleset's troop classes (rules.modules.troops), set by M.procedures

local M = {}

-- A required boolean fact: nil is an error saying what it decides.
local function need_bool(core, v, path, why)
  if v == nil then core.fail(path, "missing (true or false): " .. why) end
  return core.check_bool(v, path)
end

-- The troop kind the crossing rules tell apart (obstacles.lua).
local function kind_of(class, u, legs)
  if class == "infantry" and troops.heavy(u) then return "heavy_infantry" end
  if class == "cavalry" and troops.heavy(u) then return "heavy_cavalry" end
  if class == "monster" and legs == false then return "legless_monster" end
  return class
end

--- The procedures of the variant, for rules.add_procedure: {name = {doc, fields, run,
--- samples}}. `modules`: rules.modules; `options`: the variant's; `source`: the variant's
--- name, which results print with the booklet page.
---@param modules table rules.modules (read-only areas of the ruleset)
---@param options table the variant's options, typed
---@param source string the variant's name
---@return table procedures
function M.procedures(modules, options, source)
  troops = modules.troops
  local core, terrain = modules.core, modules.terrain
  local page_source = source .. " p." .. data.page

  local function check_obstacle(v)
    return core.check_enum(v, data.types, "obstacle")
  end

  local P = {}

  P.obstacle_crossing = {
    doc = "HR-1: may a unit cross a linear obstacle (wall, fence, low/tall/embankment hedge, ditch), vault it, at what cost of its move, disorganised or not (house rules p.2)",
    fields = { "unit", "class", "obstacle", "only_terrain", "full_move", "legs_or_wings" },
    run = function(input)
      local u, class = troops.unit_and_class(input, "unit", "class")
      local obstacle = check_obstacle(input.obstacle)
      local legs = core.check_bool(input.legs_or_wings, "legs_or_wings", nil)
      if legs ~= nil and class ~= "monster" then
        core.fail("legs_or_wings", "only a monster's legs or wings matter (the class is " .. class .. ")")
      end
      local name, a_name = data.names[obstacle], data.a_names[obstacle]
      local mov = troops.movement(u)
      local res = core.result("obstacle_crossing")
      res.unit, res.obstacle, res.class, res.movement = u.name, obstacle, class, mov
      res.vault = false
      res.disorganised = false
      if terrain.flies_over(res, u, name) then
        res.may_cross, res.cost, res.allowance = true, "none", mov
        res.outcome = "flies over: no cost"
        return res
      end
      local kind = kind_of(class, u, legs)
      local rule = data.crossing[obstacle][kind] or data.general[kind]
      res.rule = string.format(rule.reason, a_name)
      res.rule_source = page_source
      if rule.cross == false then
        res.may_cross = false
        res.outcome = "may not cross"
        return res
      end
      res.may_cross = true
      if rule.vault then
        local only = need_bool(core, input.only_terrain, "only_terrain",
          "whether the " .. name .. " is the only terrain the cavalry moves through this move; it decides the vault")
        local full = true
        if rule.vault.full_move then
          full = need_bool(core, input.full_move, "full_move",
            "whether the cavalry uses its full move; it decides the vault over " .. a_name)
        end
        if only and full then
          res.vault, res.cost, res.allowance = true, "none", mov
          res.outcome = "vaults: no cost"
          return res
        end
        res.vault_missed = not only and ("the " .. name .. " is not the only terrain of the move")
                           or "the cavalry does not use its full move"
        rule = rule.otherwise
      end
      res.cost = rule.cost
      res.disorganised = rule.disorganised == true
      local tail = res.disorganised and ", disorganised" or ""
      if rule.cost == "none" then
        res.allowance = mov
        res.outcome = "crosses freely"
      elseif rule.cost == "half" then
        terrain.halve_move(res, mov, "crossing_half_move", page_source,
          string.format("crossing the %s uses up half the move: at most %sin in all this move", name, terrain.inches(mov / 2)))
        res.outcome = string.format("crosses: at most %sin this move%s", terrain.inches(mov / 2), tail)
      else
        res.allowance = 0
        core.add_modifiers(res, { { id = "crossing_whole_move", value = -mov, source = page_source,
          reason = string.format("crossing the %s takes the whole move", name) } })
        res.outcome = "crosses: the whole move" .. tail
      end
      return res
    end,
    samples = {
      { unit = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", movement = 6 }, obstacle = "wall" },
      { unit = { name = "Knights", figures = 6, quality = "veteran", type = "disciplined", armour = "medium", mounted = true, movement = 8 },
        obstacle = "ditch", only_terrain = true, full_move = false },
      { unit = { name = "Bolt thrower", figures = 1, quality = "average", type = "disciplined", movement = 4 }, class = "war_machine",
        obstacle = "ditch" },
      { unit = { name = "Giant", figures = 1, quality = "average", type = "stupid", movement = 8 }, class = "monster",
        obstacle = "tall_hedge" },
    },
  }

  P.obstacle_cover = {
    doc = "HR-1: the cover a linear obstacle gives a unit against shooting, as the core kill throw's cover (soft -1, hard -2): feed it to shoot or kill_throw as `cover` (house rules p.2)",
    fields = { "target", "class", "obstacle", "hidden", "shoots", "hedge_cover" },
    run = function(input)
      local u, class = troops.unit_and_class(input, "target", "class")
      local obstacle = check_obstacle(input.obstacle)
      local hidden = core.check_enum(input.hidden, data.hidden, "hidden")
      local shoots = core.check_bool(input.shoots, "shoots", false)
      local hedge_cover = core.check_enum(input.hedge_cover == nil and options.hedge_cover or input.hedge_cover,
                                          { "core_soft", "none" }, "hedge_cover")
      local a_name = data.a_names[obstacle]
      local res = core.result("obstacle_cover")
      res.target, res.obstacle, res.class, res.hidden, res.shoots = u.name, obstacle, class, hidden, shoots
      local rule, cover, why = data.cover[obstacle], "none", nil
      local rule_source = page_source
      if rule == "wall" then
        if class == "infantry" and hidden == "entirely" and not shoots then
          cover, why = "hard", "infantry entirely hidden behind a wall that do not shoot this phase"
        elseif data.soft_counts[hidden] then
          cover = "soft"
          why = (class == "infantry" and hidden == "entirely") and "infantry behind a wall that shoot this phase"
                or "a wall hides more than half of the unit"
        else
          why = "a wall hiding half of the unit or less gives no cover (the core's soft-cover rule)"
          rule_source = terrain.cover_source("soft")
        end
      elseif rule == "none" then
        why = a_name .. " gives no cover"
      elseif rule == "hedge" then
        if hedge_cover == "none" then
          why = "the booklet gives " .. a_name .. " no cover (option hedge_cover = none)"
        elseif data.soft_counts[hidden] then
          cover, why = "soft", a_name .. " hides more than half of the unit: the core's soft cover, as bushes (proposed)"
          rule_source = terrain.cover_source("soft")
        else
          why = a_name .. " hiding half of the unit or less gives no cover (the core's soft-cover rule)"
          rule_source = terrain.cover_source("soft")
        end
      else  -- ditch
        if class ~= "infantry" then
          why = "only infantry hide in a ditch"
        elseif troops.heavy(u) then
          why = "infantry in heavy or extra-heavy armour may not hide in a ditch"
        elseif u.ranks > 1 then
          why = string.format("only a unit one figure deep hides in a ditch (the unit stands %d ranks deep)", u.ranks)
        elseif hidden ~= "entirely" then
          why = "only a unit lined along the ditch as a whole hides in it"
        elseif shoots then
          cover, why = "soft", "infantry hiding in a ditch one figure deep that shoot this phase"
        else
          cover, why = "hard", "infantry hiding in a ditch one figure deep that do not shoot this phase"
        end
      end
      res.cover = cover
      res.rule = why
      res.rule_source = rule_source
      if cover ~= "none" then
        local v = terrain.cover_value(cover)
        core.add_modifiers(res, { { id = obstacle .. "_" .. cover .. "_cover", value = v, reason = why, source = rule_source } })
        res.outcome = string.format("%s cover: %+d on the kill throw", cover, v)
      else
        res.outcome = "no cover"
      end
      return res
    end,
    samples = {
      { target = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined", armour = "medium" },
        obstacle = "wall", hidden = "entirely" },
      { target = { name = "Goblin archers", figures = 8, quality = "poor", type = "tribal", weapon = "bow" },
        obstacle = "ditch", hidden = "entirely", shoots = true },
      { target = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal" },
        obstacle = "low_hedge", hidden = "more_than_half" },
    },
  }

  P.obstacle_sight = {
    doc = "HR-1: does a linear obstacle between two units block the line of sight (tall and embankment hedges hide infantry, individuals and animals) (house rules p.2)",
    fields = { "obstacle", "observer", "observer_class", "target", "target_class" },
    run = function(input)
      local obstacle = check_obstacle(input.obstacle)
      local o, oc = troops.unit_and_class(input, "observer", "observer_class")
      local t, tc = troops.unit_and_class(input, "target", "target_class")
      local a_name = data.a_names[obstacle]
      local res = core.result("obstacle_sight")
      res.obstacle, res.observer, res.observer_class, res.target, res.target_class = obstacle, o.name, oc, t.name, tc
      local function hides(u, class) return data.hidden_classes[class] and not u.flying end
      res.rule_source = page_source
      if not data.blocks_sight[obstacle] then
        res.blocked = false
        res.rule = a_name .. " does not block the line of sight"
      elseif hides(o, oc) or hides(t, tc) then
        res.blocked = true
        local who = hides(o, oc) and ("the observer is " .. oc) or ("the target is " .. tc)
        res.rule = string.format("%s blocks the line of sight to and from infantry, individuals and animals: %s", a_name, who)
      else
        res.blocked = false
        res.rule = string.format("%s and %s see and are seen over %s (proposed: it hides only infantry, individuals and animals; flyers are above it)",
                                 o.flying and "a flyer" or oc, t.flying and "a flyer" or tc, a_name)
      end
      res.outcome = res.blocked and "blocked" or "not blocked"
      return res
    end,
    samples = {
      { obstacle = "tall_hedge", observer = { name = "Elf archers", figures = 8, quality = "veteran", type = "disciplined", weapon = "longbow" },
        target = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal" } },
      { obstacle = "embankment_hedge", observer = { name = "Elf archers", figures = 8, quality = "veteran", type = "disciplined", weapon = "longbow" },
        target = { name = "Wolf riders", figures = 6, quality = "average", type = "tribal", mounted = true } },
    },
  }

  P.dismantle = {
    doc = "HR-1: may a unit take down a 6in length of a linear obstacle, and what of its move it costs (house rules p.2)",
    fields = { "unit", "class", "obstacle" },
    run = function(input)
      local u, class = troops.unit_and_class(input, "unit", "class")
      local obstacle = check_obstacle(input.obstacle)
      local name, a_name = data.names[obstacle], data.a_names[obstacle]
      local mov = troops.movement(u)
      local res = core.result("dismantle")
      res.unit, res.obstacle, res.class, res.movement = u.name, obstacle, class, mov
      res.rule_source = page_source
      local row = data.dismantle[obstacle]
      local cost = not row.never and row[class] or nil
      if row.never then
        res.may_dismantle = false
        res.rule = a_name .. " cannot be dismantled"
      elseif cost == nil then
        local who = {}
        for _, c in ipairs({ "monster", "infantry", "war_machine" }) do
          if row[c] then who[#who + 1] = ({ monster = "monsters", infantry = "infantry units", war_machine = "war-machine crews" })[c] end
        end
        res.may_dismantle = false
        local last = table.remove(who)
        res.rule = string.format("only %s may take down %s", #who > 0 and (table.concat(who, ", ") .. " and " .. last) or last, a_name)
      else
        res.may_dismantle = true
        res.cost = cost
        res.length = data.dismantle_length
        res.allowance_left = cost == "half" and mov / 2 or 0
        local who = { monster = "a monster", infantry = "an infantry unit", war_machine = "a war-machine crew" }
        res.rule = string.format("%s may spend %s move taking down %din of %s; it must touch it, and its owner picks the length next to it (proposed)",
                                 who[class], cost == "half" and "half its" or "its whole", data.dismantle_length, a_name)
        core.add_modifiers(res, { { id = "dismantle_" .. cost .. "_move", value = -(mov - res.allowance_left), source = page_source,
          reason = string.format("taking down %din of the %s", data.dismantle_length, name) } })
      end
      if res.may_dismantle then
        res.outcome = string.format("takes down %din: %s", data.dismantle_length,
          cost == "half" and string.format("half its move (%sin left)", terrain.inches(res.allowance_left)) or "its whole move")
      else
        res.outcome = "may not dismantle"
      end
      return res
    end,
    samples = {
      { unit = { name = "Troll", figures = 1, quality = "average", type = "stupid", movement = 6 }, class = "monster", obstacle = "fence" },
      { unit = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal" }, obstacle = "low_hedge" },
      { unit = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal" }, obstacle = "ditch" },
    },
  }

  return P
end

return M
