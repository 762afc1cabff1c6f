--- HR-4 Weather (house-rules booklet page 4): applies the variant. With the weather fixed by
--- the option `weather`, it patches what the ruleset's procedures can take today: the line of
--- sight (table visibility), bad light (table bad_light_rules), bow and crossbow ranges (table
--- missile_weapons), the three morale tests (lists threat_test, casualty_test, combat_test),
--- guns' strength (list shooting_kill, and the artillery area's guns), spell costs (table
--- spell_cost), the Ignition Test (list ignition) and movement (table movement_change, rows of
--- movement_terrain and crossing). With "rolled" it changes nothing. Either way it adds the
--- procedure `weather`, which throws or reads the result and lists every effect: in force, or
--- waiting for undead rules.
local results = require("results")

local M = {}

local PAGE = results.page

-- The command-line options that load `weather` in `season` (what a player reloads with).
local function reload_text(season, weather)
  return string.format("--variant weather --option weather.season=%s --option weather.weather=%s", season, weather)
end

-- Refuses a fixed weather that the season's column cannot give (snow in spring): a wrong
-- season is the likelier mistake, and the message names the one that gives it.
local function check_season(season, weather, all_seasons)
  for _, w in ipairs(results.columns[season]) do
    if w == weather then return end
  end
  local seasons = {}
  for _, s in ipairs(all_seasons) do
    for _, w in ipairs(results.columns[s]) do
      if w == weather then seasons[#seasons + 1] = s end
    end
  end
  error(string.format("weather: '%s' is not on the %s column (%s); it comes up in %s: give --option weather.season=%s",
    weather, season, table.concat(results.columns[season], ", "), table.concat(seasons, ", "), seasons[1]), 0)
end

local bad_light_where = "threat_test, shooting hit throw, casualty_test, combat_test, initiative (movement_phase), battle_leaders_test, command_test, rest, bad_light"

-- One effect of result `r` as the procedure reports it: {outcome (what it does), value,
-- where (the procedures it changes) or waits_for (the rules it needs), mark?}.
-- `book` holds the book's missile ranges (before any patch).
local function describe(key, r, book)
  local e
  if key == "sight" then
    e = { value = r.sight, where = "shoot, hit_throw, cast (Blast, Finger of Death), artillery_shot",
          outcome = string.format("line of sight limited to %din: nothing further away can be shot, Blasted or given a Finger of Death", r.sight) }
  elseif key == "all_bad_light" then
    e = { value = true, where = bad_light_where,
          outcome = "all creatures suffer bad light, by day and by night, whatever their BAD" }
  elseif key == "exempt" then
    local text = r.exempt == "night" and "a clear, moonlit night: figures whose bad light is night do not endure it by night (nothing changes by day)"
      or "a dull, overcast day: figures whose bad light is day do not endure it by day (nothing changes at night)"
    e = { value = r.exempt, where = bad_light_where, outcome = text }
  elseif key == "bows" then
    local parts = {}
    for _, w in ipairs(results.bows) do
      local row = book[w]
      if row then
        parts[#parts + 1] = string.format("%s %d/%din", w:gsub("_", " "), math.max(row.short - r.bows, 0),
                                          math.max(row.long - r.bows, 0))
      end
    end
    e = { value = -r.bows, where = "shoot, hit_throw",
          outcome = string.format("bows and crossbows lose %din from both ranges: %s", r.bows, table.concat(parts, ", ")) }
  elseif key == "ignition" then
    e = { value = r.ignition, where = "ignition, artillery_shot",
          outcome = string.format("%d on every Ignition Test", r.ignition) }
  elseif key == "morale" then
    e = { value = r.morale, where = "threat_test, casualty_test, combat_test (and threat, test, combat, which run them)",
          outcome = string.format("%d on every morale test: the Threat, Casualty and Combat Tests", r.morale) }
  elseif key == "movement" then
    e = { value = -r.movement, where = "move, movement_phase",
          outcome = string.format("-%din to every move, to a minimum of %din", r.movement, results.movement_minimum) }
  elseif key == "woods" then
    e = { value = true, where = "move, movement_phase",
          outcome = "woodland and difficult ground always disorganise: any move over them, not only one of more than half the MOV" }
  elseif key == "swamps" then
    e = { value = true, where = "move, movement_phase", outcome = "swamps are impassable: nobody crosses them" }
  elseif key == "guns" then
    e = { value = r.guns, where = "shoot, kill_throw (handguns), artillery_shot (guns)",
          outcome = string.format("guns attack at strength %d", r.guns) }
  elseif key == "spell_dice" then
    e = { value = -r.spell_dice, where = "cast",
          outcome = string.format("every spell's final cost is cut by %dD, to a minimum of %d (Banish Magic and Spellbreak succeed on the dice before the cut)",
                                  r.spell_dice, results.spell_cost_minimum) }
  elseif key == "necro" then
    e = { value = r.necro, waits_for = "undead", outcome = string.format("undead gain %d more necro power", r.necro) }
  end
  e.mark = r.marks and r.marks[key] or nil
  return e
end

-- What a reason says of each kind of difficult terrain in the weather ("woods always disorganise").
local always_text = { wood = "woods always disorganise", hill = "hills always disorganise",
                      broken_ground = "broken ground always disorganises",
                      difficult = "difficult ground always disorganises", bridge = "bridges always disorganise" }

-- Patches the ruleset's rule data for result `r`: every effect its procedures can take
-- today. Each change cites page 4; the registry records it as the variant's.
local function apply_effects(rules, r)
  local name = r.name:lower()
  if r.sight then
    rules.set_row("visibility", "line_of_sight", { max_range_in = r.sight, reason = name }, PAGE)
  end
  if r.all_bad_light then
    rules.set_row("bad_light_rules", "everyone", { enduring = true, reason = name .. ": all creatures suffer bad light" }, PAGE)
  end
  if r.exempt then
    rules.set_row("bad_light_rules", r.exempt, { exempt = true,
      reason = string.format("%s: figures whose bad light is %s do not endure it by %s", name, r.exempt, r.exempt) }, PAGE)
  end
  if r.bows then
    local weapons = rules.get_table("missile_weapons")
    for _, w in ipairs(results.bows) do
      local row = weapons[w]
      if row then
        rules.patch_row("missile_weapons", w, { short = math.max(row.short - r.bows, 0), long = math.max(row.long - r.bows, 0) }, PAGE)
      end
    end
  end
  if r.morale then
    for _, list in ipairs({ "threat_test", "casualty_test", "combat_test" }) do
      rules.add_modifier(list, { id = "weather", value = r.morale, page = PAGE,
                                 reason = string.format("%s: %d on every morale test", name, r.morale) })
    end
  end
  if r.ignition then
    rules.add_modifier("ignition", { id = "weather", value = r.ignition, page = PAGE,
                                     reason = string.format("%s: %d on every Ignition Test", name, r.ignition) })
  end
  if r.guns then
    rules.add_modifier("shooting_kill", { id = "weather_guns", value = r.guns, page = PAGE,
      reason = string.format("%s: guns attack at strength %d", name, r.guns),
      when = function(c) return results.guns[c.shooter.weapon] == true end })
    -- A sample that reaches the condition, for `muster rules check`.
    rules.add_sample("kill_throw", {
      shooter = { name = "Dwarf handgunners", figures = 10, quality = "average", type = "disciplined", armour = "heavy", weapon = "handgun" },
      target = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", armour = "medium" },
      hits = 4 })
  end
  if r.movement then
    rules.set_row("movement_change", "every_move", { reduction = r.movement, minimum = results.movement_minimum,
      reason = string.format("%s: every move is %din shorter", name, r.movement) }, PAGE)
  end
  if r.woods then
    -- "Woodland and difficult ground": every kind of the core's difficult terrain (page 27's
    -- half-or-disorganised rows: woods, hills, broken ground, agreed difficult ground, bridges).
    local kinds = rules.get_table("movement_terrain")
    for _, kind in ipairs(results.sorted(kinds)) do
      if kinds[kind].effect == "half_or_disorganised" then
        rules.patch_row("movement_terrain", kind, { always_disorganises = true,
          reason = name .. ": " .. (always_text[kind] or ((kind:gsub("_", " ")) .. " always disorganises")) }, PAGE)
      end
    end
  end
  if r.swamps then
    rules.set_row("crossing", "swamp", { { id = "weather", reason = name .. ": swamps are impassable" } }, PAGE)
  end
  if r.spell_dice then
    rules.set_row("spell_cost", "reduction", { dice = r.spell_dice, minimum = results.spell_cost_minimum,
      reason = string.format("%s: every spell's cost is cut by %dD", name, r.spell_dice) }, PAGE)
  end
end

-- The procedure `weather`: the result (thrown, or fixed by the option) and its effects.
local function weather_procedure(rules, options, book, name)
  local core = rules.modules.core
  local source = name .. " p." .. PAGE
  local fixed = options.weather ~= "rolled"
  return {
    doc = "HR-4 (house rules p.4): the battle's weather, thrown with 1D on the season's column or fixed by the option weather, and each of its effects: in force, or waiting for movement or undead rules",
    fields = {},
    samples = { {} },
    run = function()
      local res = core.result("weather")
      local season = options.season
      res.season, res.column, res.source = season, results.column_of[season], source
      res.column_mark = results.column_marks[season]
      local key
      if fixed then
        key = options.weather
      else
        res.roll = core.d6(res, "weather, " .. res.column .. " column")
        key = results.columns[season][res.roll]
      end
      local r = results.results[key]
      res.weather, res.name, res.in_force = key, r.name, fixed
      res.effects, res.waits_for = {}, {}
      local waiting = {}
      for _, k in ipairs(results.effect_order) do
        if r[k] then
          local e = describe(k, r, book)
          e.source = source
          e.in_force = fixed and e.where ~= nil
          res.effects[#res.effects + 1] = e
          local what = e.waits_for and e.waits_for:match("^(%a+)")
          if what and not waiting[what] then
            waiting[what] = true
            res.waits_for[#res.waits_for + 1] = what
          end
        end
      end
      res.notes = r.notes
      if fixed then
        res.outcome = string.format("%s: in force (fixed by the option weather)", r.name)
      else
        res.reload = reload_text(season, key)
        res.outcome = string.format("%s (1D = %d on the %s column): to play it, reload with %s", r.name, res.roll,
                                    res.column, res.reload)
      end
      return res
    end,
  }
end

--- Applies the weather of `options` ({season, weather}, checked by the loader) through the
--- patch functions `rules`; the book's missile ranges are kept for the procedure's text.
function M.apply(rules, options, context)
  local book = rules.get_table("missile_weapons")
  if options.weather ~= "rolled" then
    check_season(options.season, options.weather, rules.copy(rules.modules.terrain.seasons))
    apply_effects(rules, results.results[options.weather])
  end
  rules.add_procedure("weather", weather_procedure(rules, options, book, context.name))
end

return M
