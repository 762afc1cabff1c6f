--- HR-11 sieges (house-rules booklet page 12): the procedures siege_terrain (the terrain die,
--- re-rolled while it bars the defender) and siege_defences (defence points by headcount and
--- what they buy). Reads sieges.lua, and a defence's cover value from the ruleset
--- (rules.modules.terrain); dice only through the ruleset's core.d6. Where the features and
--- defences stand on the table waits for the table.
local data = require("sieges")

local M = {}

local function member(list, v)
  for _, x in ipairs(list) do
    if x == v then return true end
  end
  return false
end

local deploy_rule = "the defender deploys first even when it wins the scouting; when it loses the scouting it also takes the terrain the winner lays, as usual"

--- The procedures of the variant, for rules.add_procedure: {name = {doc, fields, run,
--- samples}}.
---@param rules table the variant's rules handle (its read-only rules.modules, rules.copy)
---@param source string the variant's name
---@return table procedures
function M.procedures(rules, source)
  local modules = rules.modules
  local core, terrain = modules.core, modules.terrain
  local page_source = source .. " p." .. data.page
  local lists = rules.copy(modules.armies.list_ids)

  -- What a defence does, its cover's value as the kill throw has it now.
  local function effect_of(d)
    if d.cover == nil then return d.effect end
    return string.format("%s: %s cover %+d for %s", d.effect, d.cover.kind, terrain.cover_value(d.cover.kind), d.cover.whom)
  end

  local P = {}

  P.siege_terrain = {
    doc = "HR-11: the siege's terrain die (the defender rolls; re-rolled while the terrain bars the defending army): forest, mountain, plain, river or swamp, and what it makes of the battlefield (house rules p.12)",
    fields = { "defender", "table_length" },
    run = function(input)
      local defender = core.check_enum(input.defender, lists, "defender")
      local length = core.check_number(input.table_length, "table_length", 0, 10000, data.default_table_length)
      local res = core.result("siege_terrain")
      res.defender, res.rolled_by, res.rule_source = defender, "defender", page_source
      res.rolls, res.rerolled = {}, {}
      local row, face
      while true do
        face = core.d6(res, (#res.rolls == 0 and "siege terrain, " or "siege terrain re-roll, ") .. defender)
        res.rolls[#res.rolls + 1] = face
        row = data.terrain[face]
        if row.defenders == nil or member(row.defenders, defender) then break end
        res.rerolled[#res.rerolled + 1] = { face = face, terrain = row.name,
          reason = string.format("only %s may defend a %s (proposed: re-roll)", table.concat(row.defenders, " or "), row.name) }
      end
      res.face, res.terrain = face, row.name
      res.may_defend = row.defenders or "any"
      -- The battlefield: the core's one feature per 12in of table length (p.14), changed.
      local per = modules.prebattle.data.terrain_challenge.rows.features.per_inches
      local bf = {}
      bf.table_length = row.table and row.table.length or length
      bf.table_width = row.table and row.table.width or nil
      local base = math.floor(bf.table_length / per)
      bf.features = base * (row.features or 1)
      bf.armies_start = row.table and "short sides" or "long sides"
      if row.woods_extra then bf.woods_at_least = bf.features - base end
      if row.swamps_share then bf.swamps_at_least = math.ceil(bf.features * row.swamps_share) end
      if row.river then bf.river = "a river crossed by a bridge or a ford" end
      local change
      if row.woods_extra then
        change = string.format("twice the terrain features: %d, the %d added ones woods", bf.features, bf.woods_at_least)
      elseif row.table then
        change = string.format("a %din x %din battlefield, the armies starting on its short sides: %d terrain features",
                               bf.table_width, bf.table_length, bf.features)
      elseif row.river then
        change = string.format("%d terrain features, and a river crossed by a bridge or a ford", bf.features)
      elseif row.swamps_share then
        change = string.format("%d terrain features, at least %d of them swamps", bf.features, bf.swamps_at_least)
      else
        change = string.format("no change: %d terrain features", bf.features)
      end
      bf.change = change
      res.battlefield = bf
      res.deploys_first = "defender"
      res.deploys_first_rule = deploy_rule
      res.outcome = string.format("%s%s: %s; the defender deploys first", row.name,
        #res.rerolled > 0 and string.format(" (after %d re-roll%s)", #res.rerolled, #res.rerolled > 1 and "s" or "") or "",
        change)
      return res
    end,
    samples = {
      { defender = "dwarves" },
      { defender = "wood_elves", table_length = 48 },
      { defender = "orcs", table_length = 60 },
    },
  }

  -- The headcount of an army file (armies.describe): characters, unit figures, machine crews
  -- (the machines themselves are no figures of headcount: proposed); giants apart.
  local function army_headcount(file)
    local army = modules.armies.describe(file)
    local figures, giants = 0, 0
    local function add(d, n)
      local kws = type(d.keywords) == "table" and d.keywords or {}
      if d.race == data.giant or member(kws, data.giant) then giants = giants + n else figures = figures + n end
    end
    if army.warchief then add(army.warchief, 1) end
    for _, ind in ipairs(army.individuals) do add(ind, 1) end
    for _, c in ipairs(army.commands) do
      if not c.warchief then add(c.leader, 1) end
      for _, ind in ipairs(c.individuals) do add(ind, 1) end
      local crews = {}
      for _, m in ipairs(c.machines) do crews[m.unit] = m.crew end
      for _, u in ipairs(c.units) do add(u, crews[u.name] or u.figures) end
    end
    return figures, giants, army.name
  end

  P.siege_defences = {
    doc = "HR-11: the defenders' defence points (one per figure of headcount, a Giant 10) and what they buy (proposed: 1 point = 1in of palisade, 1in of chevaux de frise, or one pit); the defender deploys first (house rules p.12)",
    fields = { "army", "figures", "giants", "spend" },
    run = function(input)
      local res = core.result("siege_defences")
      local figures, giants
      if input.army ~= nil then
        if input.figures ~= nil or input.giants ~= nil then
          core.fail(input.figures ~= nil and "figures" or "giants", "give the army file or the figures and giants, not both")
        end
        if type(input.army) ~= "string" then core.fail("army", "the path of an army file expected, got " .. core.show(input.army)) end
        local name
        figures, giants, name = army_headcount(input.army)
        res.army = name
      else
        if input.figures == nil then
          core.fail("figures", "missing: give the army file (army) or its figures of headcount (figures, and giants)")
        end
        figures = core.check_int(input.figures, "figures", 0, 100000)
        giants = core.check_int(input.giants, "giants", 0, 1000, 0)
      end
      res.figures, res.giants = figures, giants
      res.points = figures + giants * data.giant_headcount
      res.rule = string.format("one defence point per figure of headcount, a Giant counting %d", data.giant_headcount)
      res.rule_source = page_source
      local spent = 0
      res.bought = {}
      if input.spend ~= nil then
        core.check_fields(input.spend, data.defence_order, "spend")
        for _, item in ipairs(data.defence_order) do
          local n = core.check_int(input.spend[item], "spend." .. item, 0, 100000, 0)
          if n > 0 then
            local d = data.defences[item]
            spent = spent + n * d.cost
            res.bought[#res.bought + 1] = { item = item, amount = n, per = d.per, points = n * d.cost,
                                            counts_as = d.counts_as or "impassable", effect = effect_of(d) .. " (proposed)" }
          end
        end
        if spent > res.points then
          core.fail("spend", string.format("%d points spent but the defenders have %d", spent, res.points))
        end
      end
      res.spent, res.left = spent, res.points - spent
      res.deploys_first = "defender"
      res.deploys_first_rule = deploy_rule
      res.outcome = string.format("%d defence points: %d spent, %d left; the defender deploys first", res.points, spent, res.left)
      return res
    end,
    samples = {
      { figures = 60, giants = 1, spend = { palisade = 24, pits = 4 } },
      { army = "examples/armies/dwarves_1000.lua", spend = { chevaux_de_frise = 12 } },
    },
  }

  return P
end

return M
