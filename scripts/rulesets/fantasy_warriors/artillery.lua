--- Fantasy Warriors artillery: one shot of one war machine whose army weapon is "artillery" or
--- "gun" (the house rules' mortar, HR-6, and galloper gun, HR-12). The book's artillery rules
--- are lost (house-rules digest D1, D2): this area owns the settled readings (table
--- `artillery_rules`), the ignition test (list `ignition`) and the shot (lists `artillery_hit`,
--- `artillery_kill`, on top of shooting's "normal modifiers"). It knows no machine itself:
--- tables `artillery_pieces` and `artillery_modes` are empty until a variant sets a row, so the
--- core plays as before. Changes no unit. Randomness only through muster.dice (core).
local core = require("core")
local units = require("units")
local shooting = require("shooting")
local explain = require("explain")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- The order --explain tells a shot in.
explain.order.artillery_shot = { "piece", "shooter", "mode", "target", "fired", "charges", "charges_left", "distance",
  "range", "range_reason", "obscured_by", "cover", "cover_claimed", "cover_position", "cover_reason" }

-- ---------------------------------------------------------------------------------------
-- Data (docs/rules-assumptions.md, "Fantasy Warriors: artillery")
-- ---------------------------------------------------------------------------------------

--- The pieces that can shoot, one row per army-list machine id (a variant's rules.set_row):
--- {name, weapon = "artillery"|"gun" (the list's weapon), line? (a `missile_v_armour` row; by
--- default artillery_rules.lines[weapon]), short, long (inches), min_range? (inches; a
--- parabolic piece's is its short range), dice (hit dice a shot), strength (added to the kill
--- throw), charges (shots a piece has for the battle), crew_min (crew needed to shoot),
--- trajectory = "direct"|"parabolic", indirect_penalty?, long_range_penalty? (parabolic pieces:
--- default artillery_rules.parabolic), characters (may target characters), cover = {most =
--- "soft"|"hard", behind = bool}, ignition (takes the ignition test)}. Empty in the core.
data.pieces = core.define_table("artillery_pieces", {}, nil,
  { doc = "the artillery pieces that can shoot, by army-list machine id (a variant adds each): name, weapon, line?, short, long, min_range?, dice, strength, charges, crew_min, trajectory, indirect_penalty?, long_range_penalty?, characters, cover {most, behind}, ignition" })

--- The profiles a piece switches between (a gun limbered to its team, unlimbered to fire),
--- one row per machine id: {list, entry (the army-list entry), fires (the mode it shoots in),
--- modes = {name = {label, from = "entry"|"alternate"}}, turns (a switch takes)}. Empty in the core.
data.modes = core.define_table("artillery_modes", {}, nil,
  { doc = "a piece's modes (hitched and unhitched), by machine id: list, entry, fires, modes {name = {label, from}}, turns" })

--- The readings of the lost artillery rules (D1, D2), settled once for every piece:
--- `ignition`: 1D plus list `ignition` fires on `fires` or more; a misfire spends the charge only
--- with `spends_charge`. `parabolic`: shooting with a parabolic trajectory takes `penalty` to
--- hit and no long-range -1 (`long_range` false), and nothing closer than short range can be
--- shot (HR-8 item 2). `lines`: the weapon v armour row (page 23) each army weapon reads.
--- `shot`: charges spent and volleys a shot counts as (no blackening the sky with a machine).
data.rules = core.define_table("artillery_rules", {
  ignition = { dice = "1d6", fires = 2, spends_charge = false },
  parabolic = { penalty = -2, long_range = false },
  lines = { artillery = "ballista", gun = "ballista" },
  shot = { charges = 1, volleys = 1 },
}, nil, { doc = "settled readings of the lost artillery rules: ignition {dice, fires, spends_charge}, parabolic {penalty, long_range}, lines {weapon = missile_v_armour row}, shot {charges, volleys}" })

local piece_context = "table: the piece's artillery_pieces row (key: `key`), line and parabolic values filled in"

--- The ignition test's modifiers (none in the core; the weather adds -1 to -3).
data.ignition = core.define_list("ignition", {}, {
  doc = "the ignition test before an artillery shot: added to the 1D (none in the core; HR-4 weather adds -1 to -3)",
  context = {
    piece = piece_context .. "; nil for the ignition procedure without a piece",
    crew = "unit|nil: the checked crew, at the type of the light",
    time = "\"day\"|\"night\"|nil",
  } })

-- The context an artillery shot gives its lists.
local shot_context = {
  piece = piece_context,
  shooter = "unit: the crew's checked unit with the machine's name, weapon (\"artillery\"|\"gun\") and strength, at the type of the light",
  crew = "unit: the crew serving the piece (figures = crew), checked, at the type of the light",
  target = "unit: the checked target unit",
  range = "\"short\"|\"long\": the range band",
  distance = "number: inches to the target",
  obscured_by = "\"none\"|\"units\"|\"terrain\": what hides the target from the piece",
  known_point = "{scouting = \"won\"|\"draw\"|\"lost\", on_feature = bool, in_soft_cover = bool}|nil: the facts of a known point (HR-6)",
  time = "\"day\"|\"night\"|nil",
}

-- The hit list also reads what shooting_hit applied to this shot.
local hit_context = {}
for k, v in pairs(shot_context) do hit_context[k] = v end
hit_context.normal_modifiers = "table[]: the modifiers shooting_hit applied to this shot ({id, value, reason, source})"

--- An artillery hit throw's own modifiers, after shooting_hit's normal ones (same dice).
data.hit = core.define_list("artillery_hit", {
  { id = "parabolic", reason = "shooting with a parabolic trajectory (indirect)",
    value = function(c) return c.piece.indirect_penalty end,
    when = function(c) return c.piece.trajectory == "parabolic" end },
  { id = "parabolic_long_range", value = function(c)
      for _, m in ipairs(c.normal_modifiers) do if m.id == "long_range" then return -m.value end end
    end,
    reason = "parabolic shooting takes no long-range modifier: cancels the one shooting_hit applied",
    when = function(c) return c.piece.trajectory == "parabolic" and not c.piece.long_range_penalty end },
}, { doc = "an artillery hit throw: added to every die showing 2-5 after the shooting_hit list (the crew's normal modifiers)",
     context = hit_context })

local kill_context = {}
for k, v in pairs(shot_context) do kill_context[k] = v end
kill_context.cover = "\"none\"|\"soft\"|\"hard\": the cover the target counts against this piece"
kill_context.cover_position = "\"in\"|\"behind\": whether the target is in its cover or behind it"
kill_context.line = "string: the missile_v_armour row the piece kills on"
kill_context.normal_modifiers = "table[]: the modifiers shooting_kill applied to this shot"

--- An artillery kill throw's own modifiers, after shooting_kill's (strength is the machine's).
data.kill = core.define_list("artillery_kill", {},
  { doc = "an artillery kill throw: added to every die showing 2-5 after the shooting_kill list (whose strength is the machine's); none in the core",
    context = kill_context })

-- ---------------------------------------------------------------------------------------
-- Pieces
-- ---------------------------------------------------------------------------------------

--- The row of piece `id` with its defaults filled in (a copy: `key`, `line`, and for a
--- parabolic piece `indirect_penalty`, `long_range_penalty`, `min_range`), or nil.
---@param id string an army-list machine id ("mortar")
---@return table|nil row
function M.piece(id)
  local row = data.pieces.rows[id]
  if type(row) ~= "table" then return nil end
  local out = {}
  for k, v in pairs(row) do out[k] = v end
  out.key = id
  out.line = out.line or data.rules.rows.lines[out.weapon]
  out.cover = out.cover or { most = "hard", behind = true }
  if out.trajectory == "parabolic" then
    local p = data.rules.rows.parabolic
    if out.indirect_penalty == nil then out.indirect_penalty = p.penalty end
    if out.long_range_penalty == nil then out.long_range_penalty = p.long_range end
    out.min_range = out.min_range or out.short
  end
  return out
end

local function check_piece(v, path)
  if type(v) ~= "string" then
    core.fail(path, "missing (an artillery piece: its army-list machine id, " .. M.known_text() .. ")")
  end
  local p = M.piece(v)
  if not p then core.fail(path, string.format("%s is not an artillery piece the rules know (%s)", core.show(v), M.known_text())) end
  return p
end

--- "known: mortar, ..." or why there are none (for input errors).
---@return string
function M.known_text()
  local keys = core.sorted_keys(data.pieces.rows)
  if #keys == 0 then return "the core has none: a house-rule variant adds them, e.g. --variant mortars" end
  return "known: " .. table.concat(keys, ", ")
end

-- "mortars p.6": the variant and page of a piece's row.
local function piece_source(p) return data.pieces:source(p.key) end

-- ---------------------------------------------------------------------------------------
-- The ignition test (D1)
-- ---------------------------------------------------------------------------------------

--- The ignition test into `res.ignition`: 1D + list `ignition`, fires on the row's number.
---@param res table the result (its dice and modifiers record the throw)
---@param c table {piece?, crew?, time?}
---@return boolean fired
function M.ignition(res, c)
  local row = data.rules.rows.ignition
  local applied, total = data.ignition:apply(c)
  for _, m in ipairs(applied) do m.throw = "ignition"; res.modifiers[#res.modifiers + 1] = m end
  local label = "ignition throw" .. (c.piece and (", " .. c.piece.name) or "")
  local die = core.sum(res, row.dice, label)
  local score = die + total
  res.ignition = { die = die, modifier = total, score = score, fires = row.fires, fired = score >= row.fires,
                   source = data.rules:source("ignition") }
  return res.ignition.fired
end

-- ---------------------------------------------------------------------------------------
-- The shot
-- ---------------------------------------------------------------------------------------

-- Refuses with the piece's source: "... (mortars p.6)".
local function refuse(p, path, why)
  core.fail(path, string.format("%s (%s)", why, piece_source(p)))
end

local function check_known_point(k)
  if k == nil then return nil end
  core.check_fields(k, { "scouting", "on_feature", "in_soft_cover" }, "known_point")
  return { scouting = core.check_enum(k.scouting or "draw", { "won", "draw", "lost" }, "known_point.scouting"),
           on_feature = core.check_bool(k.on_feature, "known_point.on_feature", false),
           in_soft_cover = core.check_bool(k.in_soft_cover, "known_point.in_soft_cover", false) }
end

-- The piece's mode: its firing mode unless the input names another, which cannot shoot.
local function check_mode(res, p, v)
  local m = data.modes.rows[p.key]
  if not m then
    if v ~= nil then refuse(p, "mode", "the " .. p.name .. " has no modes to switch between") end
    return
  end
  local mode = core.check_enum(v or m.fires, core.sorted_keys(m.modes), "mode")
  res.mode = mode
  if mode ~= m.fires then
    core.fail("mode", string.format("the %s is %s: it shoots only %s, and switching takes %d turn%s (%s)", p.name,
      m.modes[mode].label, m.modes[m.fires].label, m.turns, m.turns == 1 and "" or "s", data.modes:source(p.key)))
  end
end

-- The cover counted against `p`: the target's (shooting's page-24 rule), none for cover it is
-- behind when the piece drops its shot on it, at most `cover.most`.
local function cover_against(res, p, input, size)
  local claimed = shooting.check_cover(input.cover, size, "cover")
  local position = core.check_enum(input.cover_position or "in", { "in", "behind" }, "cover_position")
  res.cover_claimed, res.cover_position = claimed, position
  local cover = claimed
  if cover ~= "none" and position == "behind" and not p.cover.behind then
    cover, res.cover_reason = "none", "the " .. p.name .. "'s shot drops on the target: no cover for terrain it is behind"
  elseif cover == "hard" and p.cover.most == "soft" then
    cover, res.cover_reason = "soft", "against the " .. p.name .. " a target claims at most soft cover (-1)"
  end
  if res.cover_reason then res.cover_source = piece_source(p) end
  res.cover = cover
  return cover, position
end

-- The outcome of a misfire; a shot that fired reads as shooting's (hits, kills, losses...).
local function outcome(res)
  if res.fired then return shooting.outcome(res) end
  res.outcome = string.format("misfire: ignition %d%+d = %d, %d needed; no shot, %d charge%s left", res.ignition.die,
    res.ignition.modifier, res.ignition.score, res.ignition.fires, res.charges_left, res.charges_left == 1 and "" or "s")
  return res
end

--- One shot of one artillery piece: the checks (mode, crew, charges, target, range, line of
--- sight), the ignition test, the hit throw (shooting_hit with the crew, then artillery_hit),
--- the kill throw (shooting_kill with the machine's strength, then artillery_kill) and the
--- kills shared out as shooting's (page 24).
---@param input table see M.procedures.artillery_shot.fields
---@param options table the ruleset's options
---@return table result
function M.shot(input, options)
  local res = core.result("artillery_shot")
  local p = check_piece(input.piece, "piece")
  res.piece, res.shooter, res.weapon, res.line = p.key, p.name, p.weapon, p.line
  res.piece_source = piece_source(p)
  check_mode(res, p, input.mode)
  local time = core.check_time(input.time, "time")
  if input.crew == nil then core.fail("crew", "missing (the crew serving the piece: a unit, figures = the crew)") end
  local crew = units.at_time(units.check_unit(input.crew, "crew"), time)
  if crew.figures < p.crew_min then
    refuse(p, "crew.figures", string.format("%d crew: the %s needs at least %d to shoot", crew.figures, p.name, p.crew_min))
  end
  local charges = core.check_int(input.charges, "charges", 0, 1000, p.charges)
  if charges == 0 then refuse(p, "charges", string.format("no charges left: the %s cannot shoot", p.name)) end
  if input.target == nil then core.fail("target", "missing (the unit shot at)") end
  local checked = units.check_unit(input.target, "target")
  if checked.figures == 0 and #checked.individuals > 0 and not p.characters then
    refuse(p, "target", string.format("the %s may not target characters or groups of characters", p.name))
  end
  local target, alone, profile = shooting.check_target(input)
  res.target = target.name
  shooting.check_into_combat(input)
  local ground = shooting.check_ground(input)
  -- Range: the distance decides; nothing closer than the minimum, nothing beyond long range.
  local distance = core.check_number(input.distance, "distance", 0)
  shooting.check_sight(distance, "distance", "the target cannot be seen, so it cannot be shot")
  if distance > p.long then
    refuse(p, "distance", string.format("%gin is beyond the %s's long range of %gin: it cannot shoot", distance, p.name, p.long))
  end
  if p.min_range and distance < p.min_range then
    refuse(p, "distance", string.format("%gin is closer than the %s's minimum range of %gin: it cannot shoot", distance,
      p.name, p.min_range))
  end
  local range = distance <= p.short and "short" or "long"
  if target.flying then range, res.range_reason = "long", "the target is flying: always long range" end
  res.distance, res.range, res.short_range, res.long_range, res.min_range = distance, range, p.short, p.long, p.min_range
  -- Line of sight: a direct shot needs it; a parabolic one goes over units and terrain.
  local obscured_by = core.check_enum(input.obscured_by or "none", { "none", "units", "terrain" }, "obscured_by")
  if obscured_by ~= "none" and p.trajectory ~= "parabolic" then
    refuse(p, "obscured_by", string.format("the %s shoots directly: %s hide the target, so it has no line of sight",
      p.name, obscured_by))
  end
  res.obscured_by = obscured_by
  local known_point = check_known_point(input.known_point)
  local cover, position = cover_against(res, p, input, math.max(target.figures, 1))
  -- A figure its keywords hide is not shot at in the cover it claims (table shooting_targets).
  shooting.check_hidden({ profile = profile, cover = res.cover_claimed, ground = ground, band = range })
  if ground ~= "open" then res.target_ground = ground end
  local side = core.check_side(input.shooter_side, "shooter_side", "attacker")

  -- The machine as the shooter: the crew's quality and light, the piece's name, weapon, strength.
  local shooter = {}
  for k, v in pairs(crew) do shooter[k] = v end
  shooter.name, shooter.weapon, shooter.strength = p.name, p.weapon, p.strength
  local shot = data.rules.rows.shot
  local c = { piece = p, shooter = shooter, crew = crew, target = target, range = range, distance = distance,
              obscured_by = obscured_by, known_point = known_point, time = time, volleys = shot.volleys, dice = p.dice }

  res.charges = charges
  if p.ignition and not M.ignition(res, { piece = p, crew = crew, time = time }) then
    res.fired = false
    res.charges_left = charges - (data.rules.rows.ignition.spends_charge and shot.charges or 0)
    return outcome(res)
  end
  res.fired = true
  res.charges_left = charges - shot.charges

  local hits = shooting.hit_throw(res, c, data.hit)
  local k = { piece = p, shooter = shooter, crew = crew, target = profile, range = range, distance = distance,
              obscured_by = obscured_by, known_point = known_point, time = time, cover = cover,
              cover_position = position, hits = hits, line = p.line }
  shooting.kill_throw(res, k, data.kill)

  shooting.casualties(res, { target = target, kills = res.kills, alone = alone, side = side, options = options })
  return outcome(res)
end

M.procedures = {
  artillery_shot = {
    doc = "one shot of one artillery piece a house-rule variant adds (mortar, galloper gun): mode, crew, charges, targets, minimum and long range, line of sight, the ignition test, hit and kill throws, kills shared out (p.21-24, house rules D1, D2)",
    fields = { "piece", "mode", "crew", "charges", "target", "distance", "time", "obscured_by", "known_point", "cover",
               "cover_position", "target_alone", "shooter_side", "target_in_combat", "target_ground" },
    odds = { { name = "fired", path = "fired", kind = "category" }, { name = "losses", path = "losses", kind = "count" } },
    run = function(input, options) return M.shot(input, options) end,
  },
  ignition = {
    doc = "the ignition test of a gun or artillery piece: 1D plus the ignition list, fires on 2 or more (house rules D1)",
    fields = { "piece", "crew", "time" },
    run = function(input)
      local res = core.result("ignition")
      local p
      if input.piece ~= nil then
        p = check_piece(input.piece, "piece")
        res.piece = p.key
        if not p.ignition then refuse(p, "piece", "the " .. p.name .. " takes no ignition test") end
      end
      local time = core.check_time(input.time, "time")
      local crew = input.crew ~= nil and units.at_time(units.check_unit(input.crew, "crew"), time) or nil
      local fired = M.ignition(res, { piece = p, crew = crew, time = time })
      local i = res.ignition
      res.outcome = string.format("%s: %d%+d = %d, %d needed", fired and "fires" or "misfire", i.die, i.modifier, i.score,
        i.fires)
      return res
    end,
  },
}

return M
