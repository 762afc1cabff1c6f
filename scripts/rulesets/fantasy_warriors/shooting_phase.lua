--- Fantasy Warriors Phase Two as one call (page 21): every shooter's target and volleys
--- declared first, then each shot thrown left to right (shooting.lua's hit and kill throws, the
--- kills shared out on one roster per target: casualties.lua), then each target's Casualty Test
--- on all its losses (morale.lua), the reactions, and only then the casualties removed and the
--- end of the phase (end_of_phase.lua). Shooting is simultaneous: every shooter shoots with the
--- figures it had when the phase began. Owns the procedure `shooting_phase`; no rule of its own.
--- Every input is checked before the first die; randomness only through muster.dice.
local core = require("core")
local explain = require("explain")
local units = require("units")
local shooting = require("shooting")
local casualties = require("casualties")
local morale = require("morale")
local sight = require("sight")
local end_of_phase = require("end_of_phase")

local M = {}

explain.order.shooting_phase = { "declarations", "shots", "targets", "units", "end_of_phase", "choices" }

local unit_fields = { "unit", "side", "alone", "terrible", "in_combat", "ground" }
local shot_fields = { "shooter", "target", "distance", "range", "volleys", "figures_shooting", "cover", "sight" }

-- The units: each checked once, with what a shot at it reads (lone figure, the profile shot).
local function check_units(list)
  if type(list) ~= "table" or list[1] == nil then
    core.fail("units", "missing (every unit that shoots or is shot at, left to right: {unit, side, ...})")
  end
  local out, by_name = {}, {}
  for i, e in ipairs(list) do
    local p = "units[" .. i .. "]"
    core.check_fields(e, unit_fields, p)
    local u = units.check_unit(e.unit, p .. ".unit")
    if by_name[u.name] then core.fail(p .. ".unit.name", string.format("%s names two units", core.show(u.name))) end
    if u.reaction == "rout" then core.fail(p .. ".unit.reaction", "a routed unit has left the table") end
    local count = u.figures + #u.individuals
    if count == 0 then core.fail(p .. ".unit.figures", "the unit has no figures") end
    if u.figures == 0 and #u.individuals > 1 then
      core.fail(p .. ".unit.figures", "0 figures with several individuals: give each lone individual as a unit of its own")
    end
    if type(e.side) ~= "string" or e.side == "" then core.fail(p .. ".side", "missing (the side the unit fights for)") end
    local alone = core.check_bool(e.alone, p .. ".alone", count == 1)
    if alone and count > 1 then
      core.fail(p .. ".alone", string.format("the unit has %d figures: it is not a lone figure", count))
    end
    local x = { index = i, path = p, raw = e.unit, unit = u, name = u.name, side = e.side, alone = alone,
                profile = u.figures > 0 and u or u.individuals[1],
                terrible = core.check_terrible(e.terrible, p .. ".terrible"),
                in_combat = core.check_bool(e.in_combat, p .. ".in_combat", false),
                ground = core.check_enum(e.ground or "open", { "open", "difficult" }, p .. ".ground") }
    out[i], by_name[u.name] = x, x
  end
  return out, by_name
end

-- One declaration, checked: the shooter, its weapon, the target, sight, range, hidden targets,
-- the figures that shoot. Its result (a `shoot` result) is begun here. No die, no question.
local function check_shot(d, i, by_name, declared, time, options)
  local p = "shots[" .. i .. "]"
  core.check_fields(d, shot_fields, p)
  local function find(name, field)
    local x = type(name) == "string" and by_name[name]
    if not x then
      local names = {}
      for n in pairs(by_name) do names[#names + 1] = n end
      table.sort(names)
      core.fail(p .. "." .. field, string.format("%s is not one of the units (%s)", core.show(name), table.concat(names, ", ")))
    end
    return x
  end
  local s, g = find(d.shooter, "shooter"), find(d.target, "target")
  if s.side == g.side then core.fail(p .. ".target", string.format("%s is on %s's own side (%s)", g.name, s.name, s.side)) end
  if declared[s] then
    core.fail(p .. ".shooter", string.format("%s already shoots at %s: a unit shoots at one target a phase", s.name, declared[s].target.name))
  end
  if s.unit.figures == 0 then core.fail(p .. ".shooter", s.name .. " has no figures to shoot with") end
  local res = core.result("shoot")
  res.choices = {}
  local row = core.at(p, shooting.weapon_row, s.unit, "shooter")
  res.shooter, res.weapon, res.target = s.name, s.unit.weapon, g.name
  if g.in_combat and not shooting.data.shooting_readings.rows.into_combat.allowed then
    core.fail(p .. ".target", g.name .. " is in combat, and no-one may shoot into a combat ("
      .. shooting.data.shooting_readings:source("into_combat") .. ")")
  end
  local cover = core.at(p, shooting.check_cover, d.cover, math.max(g.unit.figures, 1), "cover")
  local c = { shooter = s.unit, target = g.unit, options = options, side = s.side, time = time,
              distance = d.distance ~= nil and core.check_number(d.distance, p .. ".distance", 0) or nil,
              range = d.range ~= nil and core.check_enum(d.range, { "short", "long" }, p .. ".range") or nil,
              volleys = d.volleys, figures_shooting = d.figures_shooting }
  if d.sight ~= nil then
    local l = sight.check(d.sight, p .. ".sight")
    if l.distance == nil then l.distance = c.distance end
    local seen = sight.sees(l)
    if not seen.visible then core.fail(p .. ".sight", "the target cannot be seen: " .. seen.why) end
    res.sight = seen.why
  end
  core.at(p, shooting.range_band, res, c)
  core.at(p, shooting.check_hidden, { profile = g.profile, cover = cover, ground = g.ground, band = res.range,
                                      band_field = d.range ~= nil and "range" or "distance" })
  if g.ground ~= "open" then res.target_ground = g.ground end
  res.cover = cover
  local shot = { index = i, path = p, shooter = s, target = g, row = row, c = c, res = res }
  declared[s] = shot
  return shot
end

--- The whole of Phase Two for the units and declarations given.
---@param input table
---@param options table
---@return table res
function M.phase(input, options)
  local time = core.check_time(input.time, "time")
  local list, by_name = check_units(input.units)
  if type(input.shots) ~= "table" then core.fail("shots", "missing (the declarations: {shooter = name, target = name, distance, volleys?})") end
  local shots, declared = {}, {}
  for i, d in ipairs(input.shots) do shots[i] = check_shot(d, i, by_name, declared, time, options) end
  local armies = end_of_phase.check_armies(input.armies, "armies")
  -- 1. Declarations: each shooter's volleys (the input's, or its side's choice), then the
  --    figures that shoot, as the phase began.
  for _, shot in ipairs(shots) do
    core.at(shot.path, shooting.declare_volleys, shot.res, shot.c, shot.row)
    core.at(shot.path, shooting.volley_dice, shot.res, shot.c, shot.row)
  end
  local res = core.result("shooting_phase")
  res.choices, res.declarations, res.shots = {}, {}, {}
  for _, shot in ipairs(shots) do
    local r = shot.res
    if r.volleys_chosen_by then
      res.choices[#res.choices + 1] = { side = shot.shooter.side, question = "volleys", answer = tostring(r.volleys),
                                        by = r.volleys_chosen_by, about = shot.shooter.name }
    end
    res.declarations[#res.declarations + 1] = { shooter = shot.shooter.name, target = shot.target.name, volleys = r.volleys,
      volleys_chosen_by = r.volleys_chosen_by, volleys_left = r.volleys_left, range = r.range, distance = r.distance,
      figures_shooting = r.figures_shooting }
  end
  -- 2-3. Each shot, left to right: hits, kills, kills to specials and saves on the target's
  --      roster; nobody is removed, so every shooter throws for the figures it started with.
  for _, shot in ipairs(shots) do
    local r, s, g, c = shot.res, shot.shooter, shot.target, shot.c
    local hits = shooting.hit_throw(r, { shooter = s.unit, range = r.range, volleys = r.volleys, time = time,
                                         dice = r.dice_per_volley * r.volleys })
    local kills = shooting.kill_throw(r, { shooter = s.unit, target = g.profile, hits = hits, cover = r.cover })
    g.cas = g.cas or casualties.new(g.unit, shooting.casualty_phase, { alone = g.alone })
    local cas = g.cas
    local losses, killed, saves, markers, specials = cas.losses, #cas.killed, #cas.saves, #cas.command_test, #cas.specials
    r.figures_at_start = g.unit.figures
    casualties.allocate(r, cas, { kills = kills, side = s.side })
    casualties.save(r, cas, { side = s.side, options = options })
    r.losses = cas.losses - losses
    r.killed, r.saves, r.command_test_markers, r.specials = {}, {}, {}, {}
    for j = specials + 1, #cas.specials do r.specials[#r.specials + 1] = cas.specials[j] end
    for j = killed + 1, #cas.killed do r.killed[#r.killed + 1] = cas.killed[j] end
    for j = saves + 1, #cas.saves do r.saves[#r.saves + 1] = cas.saves[j] end
    for j = markers + 1, #cas.command_test do r.command_test_markers[#r.command_test_markers + 1] = cas.command_test[j] end
    r.annihilated = cas.wave.annihilated == true
    for _, ch in ipairs(r.choices) do  -- every answer of the phase in one list, in the order given
      res.choices[#res.choices + 1] = { side = ch.side, question = ch.question, answer = ch.answer, by = ch.by, about = ch.about }
    end
    shooting.outcome(r)
    res.shots[#res.shots + 1] = r
  end
  -- 5-6. Each target's Casualty Test on the losses of every shot at it, before any is removed.
  res.targets = {}
  for _, x in ipairs(list) do
    local cas = x.cas
    if cas then
      local t = { unit = x.name, side = x.side, figures_at_start = x.unit.figures, kills = cas.kills }
      casualties.report(t, cas)
      t.command_test_markers = cas.command_test
      t.casualty_test = morale.casualty_test { unit = x.unit, figures_at_start = x.unit.figures, losses = cas.losses,
        magic_losses = 0, killed = cas.killed, time = time, terrible = x.terrible, options = options }
      x.test = t.casualty_test
      res.targets[#res.targets + 1] = t
    end
  end
  -- 7. The casualties removed, the reactions and counters placed; routs and deaths last.
  res.units = {}
  local routed, annihilated, killed = {}, {}, {}
  local volleys_left = {}
  for _, shot in ipairs(shots) do volleys_left[shot.shooter] = shot.res.volleys_left end
  for _, x in ipairs(list) do
    local after = x.cas and casualties.after(x.raw, x.cas) or core.deep_copy(x.raw)
    local u = { name = x.name, side = x.side, figures_at_start = x.unit.figures, losses = x.cas and x.cas.losses or 0,
                reaction = x.unit.reaction, disorganised = x.unit.disorganised }
    if volleys_left[x] then after.volleys, u.volleys_left = volleys_left[x], volleys_left[x] end
    local test = x.test
    if test and test.tested then
      u.reaction, u.disorganised = test.unit_reaction, test.disorganised
      after.reaction, after.disorganised = test.unit_reaction, test.disorganised
    end
    u.figures_after = after.figures
    if x.cas then
      for i, ind in ipairs(x.unit.individuals) do
        if x.cas.dead.individuals[i] then
          killed[#killed + 1] = { side = x.side, unit = x.name, figure = end_of_phase.figure_of(ind) }
        end
      end
    end
    if u.reaction == "rout" then
      u.removed = true
      local attached = {}
      for _, ind in ipairs(after.individuals or {}) do attached[#attached + 1] = end_of_phase.figure_of(units.check_individual(ind, x.path)) end
      routed[#routed + 1] = { side = x.side, unit = x.name, attached = attached }
    elseif x.cas and after.figures == 0 and x.unit.figures > 0 then
      u.removed, u.annihilated = true, true
      annihilated[#annihilated + 1] = { side = x.side, unit = x.name }
    end
    u.after = after
    res.units[#res.units + 1] = u
  end
  res.end_of_phase = end_of_phase.run { phase = "shooting", armies = armies, routed = routed, annihilated = annihilated,
                                        killed = killed, options = options }
  local parts = {}
  for _, t in ipairs(res.targets) do
    local test = t.casualty_test
    parts[#parts + 1] = string.format("%s: %d lost%s", t.unit, t.losses,
      test.tested and (", " .. test.reaction) or (t.annihilated and ", annihilated" or ""))
  end
  res.outcome = #parts > 0 and table.concat(parts, " | ") or "no shooting"
  return res
end

M.procedures = {
  shooting_phase = {
    doc = "Phase Two for every unit: the shooters' targets and volleys declared first, each shot's hit and kill throws, kills to specials and saves, then each target's Casualty Test on the losses of every shot at it, the reactions, and only then the casualties removed (simultaneous: every shooter shoots with the figures it began with) (p.21-25)",
    fields = { "units", "shots", "time", "armies" },
    run = function(input, options) return M.phase(input, options) end,
  },
}

return M
