--- Fantasy Warriors Phase Two, Shooting (pages 21-24): ranges, volleys and ammunition, the
--- ranks that shoot, the hit and kill throws (lists "shooting_hit", "shooting_kill"; table
--- "missile_v_armour"); the kills shared out (specials and individuals, saves, annihilation,
--- lone figures, Command Test deaths) by casualties.lua with page 24's numbers. The Casualty
--- Test is the morale area's: results carry `losses` and `figures_at_start` for it. Changes
--- no unit (shooting is simultaneous). Uses muster.dice (through core), muster.choice.
local core = require("core")
local units = require("units")
local casualties = require("casualties")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- ---------------------------------------------------------------------------------------
-- Data (patchable with a variant's rules.set_row / add_modifier ...; docs/rules-assumptions.md)
-- ---------------------------------------------------------------------------------------

-- The missile weapons (page 22): short and long range in inches (range table), the ranks
-- that shoot (bows two, crossbows and handguns the front rank), the most volleys in one
-- phase (all bows 4; crossbows, handguns and bolt throwers 2), and `per_worth` for the
-- heavy pieces (war machines), which throw 1D per point of worth instead of per figure.
data.missile_weapons = core.define_table("missile_weapons", {
  bow = { short = 6, long = 18, ranks = 2, max_volleys = 4 },
  longbow = { short = 8, long = 24, ranks = 2, max_volleys = 4 },
  crossbow = { short = 8, long = 30, ranks = 1, max_volleys = 2 },
  giant_crossbow = { short = 8, long = 30, per_worth = true, max_volleys = 2 },
  ballista = { short = 8, long = 30, per_worth = true, max_volleys = 2 },
  handgun = { short = 8, long = 22, ranks = 1, max_volleys = 2 },
}, 22)

-- The other printing of the ranges, in the weapon v armour table (page 23), where it
-- differs from the range table: only the handgun (option handgun_range = "armour_table").
data.missile_ranges_armour_table = core.define_table("missile_ranges_armour_table", {
  handgun = { short = 6, long = 12 },
}, 23)

-- How far anyone can see. The book's line-of-sight rule (page 22) sets no distance; a variant
-- may (the weather, HR-4: 24in in haze, rain or snow, 18in in storms): row `line_of_sight`
-- {max_range_in = inches, reason = what limits it ("storm")}; false is no limit. Nothing beyond it can be shot,
-- Blasted or given a Finger of Death (magic.lua reads it through M.line_of_sight).
data.visibility = core.define_table("visibility", {
  line_of_sight = { max_range_in = false },
}, 22, { doc = "how far anyone can see: line_of_sight.max_range_in (inches; false: no limit, as in the book); a shot, Blast or Finger of Death at a greater distance is refused" })

-- Who may not be shot at, by keyword of the figure shot at (a lone individual's, or the
-- unit's). The book has none: a house rule adds rows (HR-9 Hide). Fields, each optional:
-- `in_cover` false (it may not be shot at in any cover or in difficult ground), `open_band`
-- ("short": in the open only from short range), `reason` (what a refusal says).
data.shooting_targets = core.define_table("shooting_targets", {}, 21, {
  doc = "who may not be shot at, by keyword of the figure shot at (in_cover = false: not in cover or difficult ground; open_band = \"short\": in the open only at short range; reason); none in the book" })

-- Missile weapons versus armour (page 23): the lowest final kill-throw score that kills.
-- The book lists every killing score; each list runs from this number up to 6, and a
-- modified score above 6 kills too (docs/rules-assumptions.md).
data.missile_v_armour = core.define_table("missile_v_armour", {
  bow = { none = 3, light = 4, medium = 5, heavy = 6, extra_heavy = 6 },
  longbow = { none = 2, light = 3, medium = 4, heavy = 5, extra_heavy = 6 },
  crossbow = { none = 2, light = 2, medium = 3, heavy = 4, extra_heavy = 5 },
  giant_crossbow = { none = 2, light = 2, medium = 3, heavy = 4, extra_heavy = 5 },
  ballista = { none = 2, light = 2, medium = 3, heavy = 4, extra_heavy = 5 },
  handgun = { none = 2, light = 2, medium = 3, heavy = 3, extra_heavy = 4 },
}, 23)

-- The throws' own numbers. Hit: a modified 4 or more hits (page 23). Specials: 1D per 3
-- kills or part of 3, each 6 falls on a special or individual (page 24). Single figure: 1D
-- per kill, each 6 is a real kill (page 24). Save: 2D, the total must exceed SAV (page 24).
data.shooting_throws = core.define_table("shooting_throws", {
  hit = { target = 4 },
  specials = { kills_per_die = 3, target = 6 },
  single_figure = { target = 6 },
  save = { dice = "2d6" },
}, 24)
data.shooting_throws:set_page("hit", 23)

-- Readings of points the book leaves open, one row each (a house rule sets a row:
-- docs/variants.md, HR-8). `into_combat`: whether a unit may shoot at a target in combat
-- (input target_in_combat), `allowed` = true (page 21 does not forbid it) or false.
data.shooting_readings = core.define_table("shooting_readings", {
  into_combat = { allowed = true },
}, 21, { doc = "readings the book leaves open: whether anyone may shoot into a combat" })

local function is_state(c, ...)
  for _, r in ipairs({ ... }) do
    if c.shooter.reaction == r then return true end
  end
  return false
end

-- Hit throw modifiers (page 22), added to every die showing 2-5. Every value except long
-- range and blackening the sky was lost in the OCR: [unknown], see the assumptions.
data.shooting_hit = core.define_list("shooting_hit", {
  { id = "poor", page = 22, value = -1, reason = "the shooting warriors are poor",
    when = function(c) return c.shooter.quality == "poor" end },
  { id = "unpredictable", page = 22, value = -1, reason = "the shooting warriors are unpredictable",
    when = function(c) return c.shooter.quality == "unpredictable" end },
  { id = "long_range", page = 22, value = -1, reason = "the target is at long range",
    when = function(c) return c.range == "long" end },
  { id = "blackening_the_sky", page = 22, value = -1, reason = "blackening the sky (more than one volley)",
    when = function(c) return c.volleys > 1 end },
  { id = "bad_light", page = 22, value = -1, reason = "the shooters are enduring bad light",
    when = function(c) return units.bad_light(c.shooter, c.time) end },
  { id = "disorganised", page = 22, value = -1, reason = "the shooting unit is disorganised",
    when = function(c) return c.shooter.disorganised end },
  { id = "bloodlust_or_shaken", page = 22, value = -1, reason = "the shooting unit is in bloodlust or shaken",
    when = function(c) return is_state(c, "bloodlust", "shaken") end },
  { id = "elite", page = 22, value = 2, reason = "the shooting warriors are elite",
    when = function(c) return c.shooter.quality == "elite" end },
  { id = "veteran", page = 22, value = 1, reason = "the shooting warriors are veteran",
    when = function(c) return c.shooter.quality == "veteran" end },
}, { page = 22, doc = "the shooting hit throw: added to every die showing 2-5",
  context = {
    range = "\"short\"|\"long\": the range band",
    shooter = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the shooting unit",
    time = "\"day\"|\"night\"|nil",
    volleys = "integer: volleys fired at once",
  } })

-- Kill throw modifiers (page 23), added to every die showing 2-5. Resilience is a minus
-- factor (RES <= 0) added as it is: "subtract the resilience" read by its definition. The
-- shield and cover values are [unknown].
data.shooting_kill = core.define_list("shooting_kill", {
  { id = "strength", page = 23, reason = "the shooter's (or machine's) strength",
    value = function(c) return c.shooter.strength end },
  { id = "resilience", page = 23, reason = "the target's resilience",
    value = function(c) return c.target.resilience end },
  { id = "shield", page = 23, value = -1, reason = "the target carries a shield",
    when = function(c) return c.target.shield_in_use end },
  { id = "soft_cover", page = 23, value = -1, reason = "the target is in soft cover",
    when = function(c) return c.cover == "soft" end },
  { id = "hard_cover", page = 23, value = -2, reason = "the target is in hard cover",
    when = function(c) return c.cover == "hard" end },
}, { page = 23, doc = "the shooting kill throw: added to every die showing 2-5",
  context = {
    cover = "\"none\"|\"soft\"|\"hard\": the target's cover",
    shooter = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the shooting unit",
    target = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the target (shield_in_use set)",
  } })

-- ---------------------------------------------------------------------------------------
-- Declaring: weapon, range, volleys, the figures that shoot
-- ---------------------------------------------------------------------------------------

--- The missile-weapon row of a unit's weapon; an input error when it has none.
---@param unit table checked unit
---@param path string the unit's name in errors ("shooter")
---@return table row {short, long, ranks?, per_worth?, max_volleys}
function M.weapon_row(unit, path)
  local row = data.missile_weapons.rows[unit.weapon]
  if not row then
    core.fail(path .. ".weapon", string.format("%s is not a missile weapon (missile weapons: %s)",
      unit.weapon, table.concat(core.sorted_keys(data.missile_weapons.rows), ", ")))
  end
  return row
end

--- The short and long range of `weapon` under the options, and the source of the numbers.
---@param weapon string
---@param options table the ruleset's options (handgun_range)
---@return table limits {short, long}
---@return string source
function M.ranges(weapon, options)
  if options and options.handgun_range == "armour_table" then
    local alt = data.missile_ranges_armour_table.rows[weapon]
    if alt then return alt, data.missile_ranges_armour_table:source(weapon) end
  end
  return data.missile_weapons.rows[weapon], data.missile_weapons:source(weapon)
end

--- The limit of sight in inches, with "reason, source" ("storm, weather p.4"), or nil when
--- sight is unlimited (table `visibility`; the book has no limit).
---@return number|nil max_range_in
---@return string|nil why
function M.line_of_sight()
  local row = data.visibility.rows.line_of_sight
  if not row or not row.max_range_in then return nil end
  local why = data.visibility:source("line_of_sight")
  if row.reason then why = row.reason .. ", " .. why end
  return row.max_range_in, why
end

--- Refuses a `distance` (inches) beyond the line of sight, naming `what` cannot be done
--- there (input error on field `path`).
function M.check_sight(distance, path, what)
  local max, why = M.line_of_sight()
  if max and distance > max then
    core.fail(path, string.format("%gin is beyond the line of sight of %gin (%s): %s", distance, max, why, what))
  end
end

--- Settles the range band into `res`: from a distance (beyond the line of sight or long
--- range is impossible) or a declared band; flyers shooting or shot at always count long
--- range (page 22). A weapon whose short range is 0 (shortened by a variant) has no short band.
---@param res table the result filled in
---@param c table {shooter, target?, distance?, range?, options}
---@return string band "short" | "long"
function M.range_band(res, c)
  local limits, source = M.ranges(c.shooter.weapon, c.options)
  res.short_range, res.long_range, res.range_source = limits.short, limits.long, source
  local band
  if c.distance ~= nil and c.range ~= nil then core.fail("range", "give distance or range, not both") end
  if c.distance ~= nil then
    M.check_sight(c.distance, "distance", "the target cannot be seen, so it cannot be shot")
    if c.distance > limits.long then
      -- A range a variant changed names who changed it: the book's number is not the one in force.
      local row_source = data.missile_weapons.sources[c.shooter.weapon]
      local by = (row_source and row_source.owner ~= core.registry.owner) and (" (" .. source .. ")") or ""
      core.fail("distance", string.format("%gin is beyond the %s's long range of %gin%s: it cannot shoot",
        c.distance, c.shooter.weapon, limits.long, by))
    end
    res.distance = c.distance
    band = (limits.short > 0 and c.distance <= limits.short) and "short" or "long"
  elseif c.range ~= nil then
    band = c.range
    if band == "short" and limits.short <= 0 then
      core.fail("range", string.format("the %s has no short range (%gin, %s): the target is at long range",
        c.shooter.weapon, limits.short, source))
    end
  else
    core.fail("distance", "missing (give the distance in inches, or range = short|long)")
  end
  if c.shooter.flying then
    band, res.range_reason = "long", "the shooters are flying: always long range"
  elseif c.target and c.target.flying then
    band, res.range_reason = "long", "the target is flying: always long range"
  end
  res.range = band
  return band
end

--- Declares the volleys into `res`: the declared number, or the shooting side's choice
--- (question "volleys", range 1..limit). Never more than the unit's volley counters, the
--- weapon's maximum, or one volley for a flying unit (no blackening the sky in the air).
---@param res table the result filled in
---@param c table {shooter, volleys?, side}
---@param row table the weapon's row (M.weapon_row)
---@return integer volleys
function M.declare_volleys(res, c, row)
  local counters = c.shooter.volleys
  if counters == 0 then core.fail("shooter.volleys", "no volley counters left: the unit cannot shoot") end
  local max, why = row.max_volleys, string.format("a %s shoots at most %d volleys a phase", c.shooter.weapon, row.max_volleys)
  if c.shooter.flying then max, why = 1, "a flying unit cannot blacken the sky" end
  local volleys
  if c.volleys ~= nil then
    volleys = core.check_int(c.volleys, "volleys", 1)
    if volleys > counters then
      core.fail("volleys", string.format("%d volleys declared but the unit has %d volley counter%s", volleys, counters,
        counters == 1 and "" or "s"))
    end
    if volleys > max then core.fail("volleys", string.format("%d volleys declared: %s", volleys, why)) end
  else
    local limit = math.min(max, counters)
    if limit == 1 then
      volleys = 1
    else
      local answer, by = muster.choice.get {
        side = c.side, question = "volleys",
        prompt = string.format("%s: how many volleys (1-%d)?", c.shooter.name, limit),
        range = { 1, limit }, context = { counters = counters, max_volleys = max },
      }
      volleys, res.volleys_chosen_by = answer, by
    end
  end
  res.volleys = volleys
  res.volleys_left = counters - volleys
  return volleys
end

--- The dice one volley throws, into `res`: 1D per figure in the ranks that may shoot (the
--- frontage is figures / ranks, rounded up), or 1D per point of worth for war machines.
--- `figures_shooting` (optional) names fewer figures, e.g. some without line of sight.
---@param res table the result filled in
---@param c table {shooter, figures_shooting?}
---@param row table the weapon's row (M.weapon_row)
---@return integer dice per volley
function M.volley_dice(res, c, row)
  local u = c.shooter
  local eligible
  if row.per_worth then
    eligible = u.figures
  else
    local frontage = math.ceil(u.figures / u.ranks)
    eligible = math.min(u.figures, row.ranks * frontage)
  end
  local shooting = eligible
  if c.figures_shooting ~= nil then
    shooting = core.check_int(c.figures_shooting, "figures_shooting", 0, eligible)
  end
  res.figures_eligible = eligible
  res.figures_shooting = shooting
  res.dice_per_volley = row.per_worth and shooting * u.worth or shooting
  return res.dice_per_volley
end

-- ---------------------------------------------------------------------------------------
-- The throws
-- ---------------------------------------------------------------------------------------

local function tag(applied, throw)
  for _, m in ipairs(applied) do m.throw = throw end
  return applied
end

-- The modifiers of list `base` and then of list `more` (a machine's own list, artillery.lua),
-- tagged with `throw` and recorded; `more` reads base's applied modifiers as c.normal_modifiers.
local function modifiers(res, c, base, more, throw)
  local applied, total = base:apply(c)
  core.add_modifiers(res, tag(applied, throw))
  if more then
    c.normal_modifiers = applied
    local own, extra = more:apply(c)
    core.add_modifiers(res, tag(own, throw))
    total = total + extra
  end
  return total
end

--- The hit throw into `res`: `dice` D6, a natural 6 hits, a natural 1 misses, the rest hit
--- on 4+ after the "shooting_hit" list (and list `more`, an artillery piece's).
---@param res table the result filled in
---@param c table {shooter, range, volleys, time?, dice}
---@param more? table a list applied after shooting_hit
---@return integer hits
function M.hit_throw(res, c, more)
  local total = modifiers(res, c, data.shooting_hit, more, "hit")
  res.hit_dice = c.dice
  res.hit_modifier = total
  res.hit_target = data.shooting_throws.rows.hit.target
  if c.dice == 0 then
    res.hits, res.automatic_hits, res.automatic_misses = 0, 0, 0
    return 0
  end
  local r = core.count(res, { n = c.dice, target = res.hit_target, modifier = total, natural_max = true,
                              natural_min = true, label = "hit throw, " .. c.shooter.name })
  res.hits, res.automatic_hits, res.automatic_misses = r.successes, r.natural_max, r.natural_min
  return r.successes
end

--- The kill throw into `res`: 1D per hit, a natural 6 kills, a natural 1 fails, the rest
--- add the "shooting_kill" list (and list `more`) and kill from the weapon v armour cell up:
--- the row of `c.line` (a machine's line) or of the shooter's weapon.
---@param res table the result filled in
---@param c table {shooter, target (the profile shot at), hits, cover, line?}
---@param more? table a list applied after shooting_kill
---@return integer kills
function M.kill_throw(res, c, more)
  local total = modifiers(res, c, data.shooting_kill, more, "kill")
  local line = c.line or c.shooter.weapon
  res.kill_modifier = total
  res.kill_target = data.missile_v_armour.rows[line][c.target.armour]
  res.kill_table_source = data.missile_v_armour:source(line)
  if c.hits == 0 then
    res.kills, res.automatic_kills, res.automatic_failures = 0, 0, 0
    return 0
  end
  local r = core.count(res, { n = c.hits, target = res.kill_target, modifier = total, natural_max = true,
                              natural_min = true, label = "kill throw, " .. c.shooter.name })
  res.kills, res.automatic_kills, res.automatic_failures = r.successes, r.natural_max, r.natural_min
  return r.successes
end

-- ---------------------------------------------------------------------------------------
-- Casualties: specials and individuals, saves, annihilation, lone figures (casualties.lua)
-- ---------------------------------------------------------------------------------------

-- What page 24 prints for shooting, for the casualties shared with combat: the dice of table
-- "shooting_throws", the single-figure rule, and a mixed target shot as its main profile.
local phase = { throws = data.shooting_throws, single_figure = true, profiles = false }
M.casualty_phase = phase  -- the shooting phase's (shooting_phase.lua shares one roster between shots)

--- Shares `kills` out on the target unit into `res` (casualties.lua, page 24): kills to
--- specials and individuals (the shooting side `c.side` chooses), saving throws, annihilation
--- or a lone figure; the losses, Command Test deaths.
---@param res table the result filled in
---@param c table {target (checked unit), kills, alone, side, options}
---@return table res
function M.casualties(res, c)
  res.figures_at_start = c.target.figures
  local cas = casualties.new(c.target, phase, { alone = c.alone })
  casualties.allocate(res, cas, { kills = c.kills, side = c.side })
  casualties.save(res, cas, { side = c.side, options = c.options })
  casualties.report(res, cas)
  res.command_test_markers = cas.command_test
  return res
end

--- The outcome text of a shot into res.outcome: hits, kills, figures lost, killed,
--- annihilated, Command Test counters (artillery.lua's fired shots too).
local function finish(res)
  local parts = {}
  if res.hits then parts[#parts + 1] = string.format("%d hit%s", res.hits, res.hits == 1 and "" or "s") end
  if res.kills then parts[#parts + 1] = string.format("%d kill%s", res.kills, res.kills == 1 and "" or "s") end
  if res.losses then
    parts[#parts + 1] = string.format("%d figure%s lost", res.losses, res.losses == 1 and "" or "s")
    if #res.killed > 0 then parts[#parts + 1] = "killed: " .. table.concat(res.killed, ", ") end
    if res.annihilated then parts[#parts + 1] = "annihilated" end
    if #res.command_test_markers > 0 then parts[#parts + 1] = "Command Test counters" end
  end
  res.outcome = table.concat(parts, ", ")
  return res
end

-- ---------------------------------------------------------------------------------------
-- Input checking shared by the procedures
-- ---------------------------------------------------------------------------------------

M.outcome = finish

local function check_cover(cover, size, path)
  if cover == nil then return "none" end
  if type(cover) == "string" then return core.check_enum(cover, { "none", "soft", "hard" }, path) end
  core.check_fields(cover, { "soft", "hard" }, path)
  local soft = core.check_int(cover.soft, path .. ".soft", 0, size, 0)
  local hard = core.check_int(cover.hard, path .. ".hard", 0, size, 0)
  if soft + hard > size then
    core.fail(path, string.format("%d figures in cover but the target has %d", soft + hard, size))
  end
  -- Hard cover needs the whole unit; over half in any cover, or half (rounded down) in hard
  -- cover, counts soft (page 24).
  if hard == size then return "hard" end
  if (soft + hard) * 2 > size then return "soft" end
  if hard > 0 and hard >= math.floor(size / 2) then return "soft" end
  return "none"
end

--- The cover a target counts (page 24), from "none"|"soft"|"hard" or {soft = n, hard = n}
--- figures of a unit of `size` (artillery.lua shares it).
M.check_cover = check_cover

-- The target as shot at: the checked unit, whether it is one lone figure, and the profile
-- the kill throw reads (the unit's, or a lone individual's).
local function check_target(input)
  local u = units.check_unit(input.target, "target")
  local count = u.figures + #u.individuals
  if count == 0 then core.fail("target.figures", "the target has no figures") end
  if u.figures == 0 and #u.individuals > 1 then
    core.fail("target.figures", "0 figures with several individuals: shoot at each lone individual")
  end
  local alone = core.check_bool(input.target_alone, "target_alone", count == 1)
  if alone and count > 1 then
    core.fail("target_alone", string.format("the target has %d figures: it is not a lone figure", count))
  end
  local profile = u.figures > 0 and u or u.individuals[1]
  return u, alone, profile
end

--- input.target checked: the unit, whether it is a lone figure, the profile the kill throw
--- reads (artillery.lua shares it).
M.check_target = check_target

--- Refuses shooting into a combat (input.target_in_combat) unless table shooting_readings,
--- row into_combat allows it. Shared by the shooting procedures and artillery.lua.
---@param input table a procedure's input
function M.check_into_combat(input)
  if core.check_bool(input.target_in_combat, "target_in_combat", false)
     and not data.shooting_readings.rows.into_combat.allowed then
    core.fail("target_in_combat", "the target is in combat, and no-one may shoot into a combat ("
      .. data.shooting_readings:source("into_combat") .. ")")
  end
end

--- Refuses a target its keywords hide (table shooting_targets): `profile` the figure shot at,
--- `cover` the cover it is in ("none"|"soft"|"hard"), `ground` "open"|"difficult", `band` the
--- range band, `band_field` the input field that set it (default "distance").
---@param c table {profile, cover, ground, band, band_field?}
function M.check_hidden(c)
  local covered = c.cover ~= "none" or c.ground == "difficult"
  for _, r in ipairs(units.keyword_rows(c.profile, data.shooting_targets)) do
    local k, row = r.key, r.row
    if row.open_band ~= nil and row.open_band ~= "short" then
      error(string.format("table shooting_targets, row %s: open_band is %s (want \"short\" or nil)", k, core.show(row.open_band)), 0)
    end
    local why = (row.reason or k) .. ", " .. data.shooting_targets:source(k)
    if row.in_cover == false and covered then
      core.fail(c.ground == "difficult" and "target_ground" or "cover", string.format(
        "%s may not be shot at in %s (%s)", c.profile.name, c.ground == "difficult" and "difficult ground" or (c.cover .. " cover"), why))
    end
    if not covered and row.open_band == "short" and c.band ~= "short" then
      core.fail(c.band_field or "distance", string.format("%s may be shot at in the open only from short range, and the range is %s (%s)",
        c.profile.name, c.band, why))
    end
  end
end

--- The ground the target stands on: input.target_ground "open" (default) or "difficult".
function M.check_ground(input)
  return core.check_enum(input.target_ground or "open", { "open", "difficult" }, "target_ground")
end


local function check_shooter(input, res)
  local s = units.check_unit(input.shooter, "shooter")
  local row = M.weapon_row(s, "shooter")
  res.shooter, res.weapon = s.name, s.weapon
  return s, row
end

-- Declaring and the hit throw, shared by `shoot` and `hit_throw`: `profile` and `cover`
-- the figure shot at and its cover, when known (a target hidden by table shooting_targets).
local function declare_and_hit(res, input, options, shooter, row, target, profile, cover)
  local side = core.check_side(input.shooter_side, "shooter_side", "attacker")
  M.check_into_combat(input)
  local ground = M.check_ground(input)
  local c = {
    shooter = shooter, target = target, options = options, side = side,
    distance = input.distance ~= nil and core.check_number(input.distance, "distance", 0) or nil,
    range = input.range ~= nil and core.check_enum(input.range, { "short", "long" }, "range") or nil,
    volleys = input.volleys, figures_shooting = input.figures_shooting,
    time = core.check_time(input.time, "time"),
  }
  M.range_band(res, c)
  if profile then
    M.check_hidden({ profile = profile, cover = cover, ground = ground, band = res.range,
                          band_field = input.range ~= nil and "range" or "distance" })
  end
  if ground ~= "open" then res.target_ground = ground end
  M.declare_volleys(res, c, row)
  local per_volley = M.volley_dice(res, c, row)
  return M.hit_throw(res, { shooter = shooter, range = res.range, volleys = res.volleys, time = c.time,
                            dice = per_volley * res.volleys }), side
end

--- One unit shooting at one target: declare, hit, kill, share the kills out.
---@param input table see M.procedures.shoot.fields
---@param options table the ruleset's options
---@return table result
function M.shoot(input, options)
  local res = core.result("shoot")
  local shooter, row = check_shooter(input, res)
  local target, alone, profile = check_target(input)
  res.target = target.name
  local cover = check_cover(input.cover, math.max(target.figures, 1), "cover")
  local hits, side = declare_and_hit(res, input, options, shooter, row, target, profile, cover)
  res.cover = cover
  local kills = M.kill_throw(res, { shooter = shooter, target = profile, hits = hits, cover = cover })
  M.casualties(res, { target = target, kills = kills, alone = alone, side = side, options = options })
  return finish(res)
end

M.procedures = {
  shoot = {
    doc = "one unit shoots at one target: range, volleys, hit and kill throws, kills to specials and individuals, saves, annihilation, lone figures (p.21-24)",
    fields = { "shooter", "target", "distance", "range", "volleys", "figures_shooting", "time", "cover",
               "target_alone", "shooter_side", "target_in_combat", "target_ground" },
    odds = { { name = "losses", path = "losses", kind = "count" }, { name = "kills", path = "kills", kind = "count" } },
    run = function(input, options) return M.shoot(input, options) end,
  },
  hit_throw = {
    doc = "the hit throw of one unit's volleys: range, volleys, dice and modifiers (p.22-23)",
    fields = { "shooter", "target", "distance", "range", "volleys", "figures_shooting", "time", "shooter_side",
               "target_in_combat", "target_ground", "cover" },
    run = function(input, options)
      local res = core.result("hit_throw")
      local shooter, row = check_shooter(input, res)
      local target, profile, cover
      if input.target ~= nil then
        target = units.check_unit(input.target, "target")
        res.target = target.name
        profile = target.figures > 0 and target or target.individuals[1]
        cover = check_cover(input.cover, math.max(target.figures, 1), "cover")
      elseif input.cover ~= nil then
        core.fail("cover", "give the target whose cover it is")
      end
      declare_and_hit(res, input, options, shooter, row, target, profile, cover)
      return finish(res)
    end,
  },
  kill_throw = {
    doc = "the kill throw for a number of hits: strength, resilience, shield, cover, weapon v armour (p.23)",
    fields = { "shooter", "target", "hits", "cover", "target_alone" },
    run = function(input, options)
      local res = core.result("kill_throw")
      local shooter = check_shooter(input, res)
      local target, _, profile = check_target(input)
      res.target = target.name
      res.cover = check_cover(input.cover, math.max(target.figures, 1), "cover")
      M.kill_throw(res, { shooter = shooter, target = profile, hits = core.check_int(input.hits, "hits", 0, 1000),
                          cover = res.cover })
      return finish(res)
    end,
  },
  shooting_casualties = {
    doc = "kills shared out on a unit: kills to specials and individuals, saving throws, annihilation, a lone figure, Command Test deaths (p.24)",
    fields = { "target", "kills", "target_alone", "shooter_side" },
    run = function(input, options)
      local res = core.result("shooting_casualties")
      local target, alone = check_target(input)
      res.target = target.name
      res.kills = core.check_int(input.kills, "kills", 0, 1000)
      M.casualties(res, { target = target, kills = res.kills, alone = alone, options = options,
                          side = core.check_side(input.shooter_side, "shooter_side", "attacker") })
      return finish(res)
    end,
  },
}

return M
