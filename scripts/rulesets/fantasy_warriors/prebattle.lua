--- Fantasy Warriors, before the battle (pages 13-18): scouting (who may scout, the score,
--- outscouting and outmanoeuvring), the starting step on the time dial, the terrain
--- challenge rolls, who deploys first, boasts, omens and the orders issued. Owns the lists and tables of those
--- pages; uses muster.dice (through core) and muster.choice. Places nothing on a table.
local core = require("core")
local units = require("units")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- Scouting bonuses per unit of a scouting command (page 13). Quality and movement kind
-- both count: a veteran mounted unit gives +3 (docs/rules-assumptions.md).
data.scouting = core.define_list("scouting", {
  { id = "average", page = 13, value = 1, reason = "average-quality unit",
    when = function(c) return c.unit.quality == "average" end },
  { id = "veteran", page = 13, value = 2, reason = "veteran-quality unit",
    when = function(c) return c.unit.quality == "veteran" end },
  { id = "elite", page = 13, value = 3, reason = "elite-quality unit",
    when = function(c) return c.unit.quality == "elite" end },
  { id = "mounted", page = 13, value = 1, reason = "mounted unit",
    when = function(c) return c.unit.mounted end },
  { id = "flying", page = 13, value = 3, reason = "flying unit",
    when = function(c) return c.unit.flying end },
}, { page = 13, doc = "the scouting score: added to each unit's throw for its worth, mounted and flying",
  context = {
    unit = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: a unit of the army",
  } })

-- Scouting numbers (page 13): who may scout, the scouts' dice, the outmanoeuvre threshold
-- (`strict`: the rule text "more than twice"; false: the example's "twice or more").
data.scouting_rules = core.define_table("scouting_rules", {
  eligibility = { min_figures = 5, min_worth = 5 },
  scout = { dice = "2d6" },
  outmanoeuvre = { factor = 2, strict = true },
  after = { orders = "hold", disorganised = true, max_from_base_line = 6, min_from_warchief = 12 },
}, 13)

-- What each scouting outcome decides (pages 13-15).
data.scouting_effects = core.define_table("scouting_effects", {
  draw = { deploys_first = "roll", time = "random", terrain = "roll_off" },
  outscout = { deploys_first = "loser", time = "winner_rolls_light", terrain = "winner_places" },
  outmanoeuvre = { deploys_first = "loser", time = "winner_chooses", terrain = "winner_places" },
}, 13)

-- Terrain (pages 14-15): the loser's challenge die per feature, by scouting outcome; nil
-- means no challenge. One feature per 12in of table length.
data.terrain_challenge = core.define_table("terrain_challenge", {
  draw = { from = 4 },
  outscout = { from = 5 },
  outmanoeuvre = { from = nil },
  features = { per_inches = 12 },
}, 15)

-- Boasts (page 16): when each holds. permanent: once broken it stays broken.
data.boasts = core.define_table("boasts", {
  [1] = { name = "immovable", permanent = true, doc = "the warchief never moves from his chosen spot" },
  [2] = { name = "no_bodyguard", permanent = true, max_contacts = 2,
          doc = "the warchief joins no unit and never touches more than 2 figures" },
  [3] = { name = "by_sunset", permanent = true, max_steps = 6,
          doc = "total victory by the next change of light, proclaimed fewer than 7 steps before it" },
  [4] = { name = "thick_of_battle", permanent = false, doc = "the warchief is in combat at each Command Test" },
}, 16)

-- Omens (pages 16-17, 41): 1D + 1 per soothsayer, good from `good_from`.
data.omens = core.define_table("omens", {
  roll = { good_from = 4, per_soothsayer = 1, max_soothsayers = 2 },
}, 16)

local outcomes = { "draw", "outscout", "outmanoeuvre" }

-- --------------------------------------------------------------------------------------
-- Scouting
-- --------------------------------------------------------------------------------------

--- Why `command` (checked) may not scout, or nil (page 13).
function M.why_not_scout(command)
  if command.warchief then return "the warchief and his own command cannot scout" end
  if not command.leader then return "a scouting command must be led by its battle leader" end
  local rule = data.scouting_rules.rows.eligibility
  for _, u in ipairs(command.units) do
    if u.type == "stupid" then return u.name .. " is stupid and cannot scout" end
    if u.figures < rule.min_figures and u.worth < rule.min_worth then
      return string.format("%s has %d figures of worth %d (needs %d figures or worth %d)",
        u.name, u.figures, u.worth, rule.min_figures, rule.min_worth)
    end
  end
  return nil
end

local function check_command(c, path)
  core.check_fields(c, { "name", "leadership", "leader", "warchief", "units" }, path)
  local out = { name = c.name or path }
  out.warchief = core.check_bool(c.warchief, path .. ".warchief", false)
  out.leader = core.check_bool(c.leader, path .. ".leader", true)
  out.leadership = core.check_int(c.leadership, path .. ".leadership", 0, 5, 0)
  if type(c.units) ~= "table" or #c.units == 0 then core.fail(path .. ".units", "array of units expected") end
  out.units = {}
  for i, u in ipairs(c.units) do out.units[i] = units.check_unit(u, path .. ".units[" .. i .. "]") end
  local why = M.why_not_scout(out)
  if why then core.fail(path, why) end
  return out
end

local function check_side(s, path, allied)
  core.check_fields(s, { "name", "commands", "scouts", "arcane_eye", "armies" }, path)
  local out = { name = s.name or path, commands = {} }
  if type(out.name) ~= "string" then core.fail(path .. ".name", "string expected") end
  -- Multi-player (page 12): a side of allied armies, each with its own commands and scouts.
  if s.armies ~= nil then
    if allied then core.fail(path .. ".armies", "an army does not hold armies") end
    if type(s.armies) ~= "table" or #s.armies == 0 then core.fail(path .. ".armies", "array of allied armies expected") end
    for _, f in ipairs({ "commands", "scouts", "arcane_eye" }) do
      if s[f] ~= nil then core.fail(path .. "." .. f, "a side of allied armies gives " .. f .. " in each army") end
    end
    out.armies = {}
    local names = {}
    for i, a in ipairs(s.armies) do
      local army = check_side(a, path .. ".armies[" .. i .. "]", true)
      if names[army.name] then core.fail(path .. ".armies[" .. i .. "].name", "two armies named " .. core.show(army.name)) end
      names[army.name] = true
      out.armies[i] = army
    end
    return out
  end
  out.scouts = core.check_int(s.scouts, path .. ".scouts", 0, 20, 0)
  if s.commands ~= nil and type(s.commands) ~= "table" then core.fail(path .. ".commands", "array expected") end
  for i, c in ipairs(s.commands or {}) do
    out.commands[i] = check_command(c, path .. ".commands[" .. i .. "]")
  end
  out.arcane_eye = core.check_int(s.arcane_eye, path .. ".arcane_eye", 0, 1000, 0)
  if out.arcane_eye > 0 and #out.commands == 0 then
    core.fail(path .. ".arcane_eye", "Arcane Eye adds to a scouting side: this side scouts with no command")
  end
  return out
end

--- The outcome of two scouting scores: "draw", "outscout" or "outmanoeuvre", and which
--- index (1 or 2) won (nil on a draw).
function M.compare(a, b)
  if a == b then return "draw", nil end
  local hi, lo, winner = a, b, 1
  if b > a then hi, lo, winner = b, a, 2 end
  local rule = data.scouting_rules.rows.outmanoeuvre
  local over
  if rule.strict then over = hi > rule.factor * lo else over = hi >= rule.factor * lo end
  return over and "outmanoeuvre" or "outscout", winner
end

--- Scores one side (page 13): per command 1D + leadership + the scouting list per unit,
--- then 2D per scout individual if the side scouts at all. A side of allied armies
--- (multi-player, page 12) scores each army so and adds them up.
function M.score_side(res, side)
  if side.armies then
    local out = { name = side.name, armies = {}, score = 0 }
    for i, army in ipairs(side.armies) do
      out.armies[i] = M.score_side(res, army)
      out.score = out.score + out.armies[i].score
    end
    return out
  end
  local out = { name = side.name, commands = {}, score = 0 }
  for _, c in ipairs(side.commands) do
    local cr = { name = c.name, modifiers = {} }
    cr.die = core.d6(res, "scouting, " .. side.name .. ", " .. c.name)
    cr.leadership = c.leadership
    local total = 0
    for _, u in ipairs(c.units) do
      local applied, t = data.scouting:apply({ unit = u })
      for _, m in ipairs(applied) do
        m.unit = u.name
        cr.modifiers[#cr.modifiers + 1] = m
      end
      total = total + t
    end
    cr.score = cr.die + c.leadership + total
    out.commands[#out.commands + 1] = cr
    out.score = out.score + cr.score
  end
  out.scout_dice = {}
  if #side.commands > 0 then
    local dice = data.scouting_rules.rows.scout.dice
    for i = 1, side.scouts do
      local v = core.sum(res, dice, "scout " .. i .. ", " .. side.name)
      out.scout_dice[i] = v
      out.score = out.score + v
    end
  end
  -- Arcane Eye (p.45): the scouting points a wizard bought (magic.lua's `cast` result's
  -- scouting_points) add to the side's score.
  if side.arcane_eye and side.arcane_eye > 0 then
    out.arcane_eye = side.arcane_eye
    out.score = out.score + side.arcane_eye
  end
  return out
end

--- Scouting for two sides (page 13). Returns the scores, the outcome, the winner and loser,
--- what the outcome decides, and the orders and state of every scouting command.
function M.scouting(sides)
  local res = core.result("scouting")
  res.sides = { M.score_side(res, sides[1]), M.score_side(res, sides[2]) }
  local outcome, w = M.compare(res.sides[1].score, res.sides[2].score)
  res.outcome = outcome
  if w then
    res.winner = sides[w].name
    res.loser = sides[3 - w].name
  end
  local eff = data.scouting_effects.rows[outcome]
  res.effects = { deploys_first = eff.deploys_first == "loser" and res.loser or eff.deploys_first,
                  time = eff.time, terrain = eff.terrain }
  local after = data.scouting_rules.rows.after
  res.scouted = {}
  for _, s in ipairs(sides) do
    for _, army in ipairs(s.armies or { s }) do
      for _, c in ipairs(army.commands) do
        res.scouted[#res.scouted + 1] = { side = s.name, army = s.armies and army.name or nil, command = c.name,
          orders = after.orders, disorganised = after.disorganised, max_from_base_line = after.max_from_base_line,
          min_from_warchief = after.min_from_warchief }
      end
    end
  end
  return res
end

-- --------------------------------------------------------------------------------------
-- Time (page 14)
-- --------------------------------------------------------------------------------------

--- The dial index 1..12 of a half and step (day 1 = 1, night 1 = 7).
function M.dial_index(light, step)
  return core.dial_step(light .. " " .. step)
end

local function light_of(die)
  return die <= core.data.time_dial.rows.light.day_to and "day" or "night"
end

--- The starting step of the battle. args: {scouting, winner?, loser?}.
function M.time(args)
  local res = core.result("time")
  res.scouting = args.scouting
  if args.scouting == "outmanoeuvre" then
    local options = {}
    for _, light in ipairs({ "day", "night" }) do
      for step = 1, core.data.time_dial.rows.steps.per_half do options[#options + 1] = light .. " " .. step end
    end
    local answer, by = muster.choice.get { side = args.winner, question = "start_step",
      prompt = args.winner .. " outmanoeuvred: on which step does the battle start?", options = options }
    res.start_chosen_by = by
    local light, step = string.match(answer, "^(%a+) (%d)$")
    res.light, res.step = light, tonumber(step)
  else
    if args.scouting == "outscout" then
      local die = core.d6(res, "day or night, " .. args.winner)
      res.light_dice = { die }
      local answer, by = muster.choice.get { side = args.winner, question = "reroll_light",
        prompt = args.winner .. " rolled " .. light_of(die) .. " (" .. die .. "): keep it or re-roll once?",
        options = { "keep", "reroll" } }
      res.reroll_chosen_by = by
      if answer == "reroll" then res.light_dice[2] = core.d6(res, "day or night, re-roll, " .. args.winner) end
      res.light = light_of(res.light_dice[#res.light_dice])
      res.light_rolled_by = args.winner
      res.step_rolled_by = args.loser
    else
      res.light_dice = { core.d6(res, "day or night") }
      res.light = light_of(res.light_dice[1])
    end
    res.step = core.d6(res, "starting step" .. (res.step_rolled_by and (", " .. res.step_rolled_by) or ""))
  end
  res.dial = M.dial_index(res.light, res.step)
  res.outcome = res.light .. " " .. res.step
  return res
end

-- --------------------------------------------------------------------------------------
-- Terrain (pages 14-15)
-- --------------------------------------------------------------------------------------

--- A roll-off of 1D + warchief leadership (pages 14-15); equal totals throw again (the
--- book is silent). Returns the index (1 or 2) of the higher, and the throws.
local function roll_off(res, names, leadership, label)
  local throws = {}
  while true do
    local a = core.d6(res, label .. ", " .. names[1]) + leadership[1]
    local b = core.d6(res, label .. ", " .. names[2]) + leadership[2]
    throws[#throws + 1] = { a, b }
    if a ~= b then return a > b and 1 or 2, throws end
  end
end

--- The terrain placement and the loser's challenge dice. args: {scouting, sides = {name,
--- leadership}x2, winner?, features}.
function M.terrain(args)
  local res = core.result("terrain")
  res.scouting = args.scouting
  local names = { args.sides[1].name, args.sides[2].name }
  local placer
  if args.scouting == "draw" then
    local throws
    placer, throws = roll_off(res, names, { args.sides[1].leadership, args.sides[2].leadership }, "terrain roll-off")
    res.roll_off = throws
  else
    placer = names[1] == args.winner and 1 or 2
  end
  res.places = names[placer]
  res.challenger = names[3 - placer]
  res.features = args.features
  local need = data.terrain_challenge.rows[args.scouting].from
  res.challenge_from = need or false
  res.challenges = {}
  res.moved = 0
  if need then
    for i = 1, args.features do
      local die = core.d6(res, "terrain challenge, feature " .. i .. ", " .. res.challenger)
      local c = { feature = i, die = die, success = die >= need }
      if c.success then
        local answer, by = muster.choice.get { side = res.challenger, question = "terrain_challenge",
          prompt = res.challenger .. " may remove or reposition feature " .. i,
          options = { "remove", "reposition", "leave" } }
        c.action, c.chosen_by = answer, by
        if answer ~= "leave" then res.moved = res.moved + 1 end
      end
      res.challenges[i] = c
    end
  end
  res.outcome = string.format("%s places %d features; %s moves or removes %d", res.places, args.features,
    res.challenger, res.moved)
  return res
end

-- --------------------------------------------------------------------------------------
-- Who deploys first (page 15)
-- --------------------------------------------------------------------------------------

--- args: {scouting, winner?, sides = {name, leadership, units}x2}. On a draw the lower
--- 1D + leadership deploys first; equal: more units first; equal again: throw again.
function M.deployment(args)
  local res = core.result("deployment")
  res.scouting = args.scouting
  local s = args.sides
  if args.scouting ~= "draw" then
    res.first = s[1].name == args.winner and s[2].name or s[1].name
    res.reason = "the loser of the scouting deploys first"
  else
    res.throws = {}
    while true do
      local a = core.d6(res, "deployment, " .. s[1].name) + s[1].leadership
      local b = core.d6(res, "deployment, " .. s[2].name) + s[2].leadership
      res.throws[#res.throws + 1] = { a, b }
      if a ~= b then
        res.first = a < b and s[1].name or s[2].name
        res.reason = "the lower score deploys first"
        break
      elseif s[1].units ~= s[2].units then
        res.first = s[1].units > s[2].units and s[1].name or s[2].name
        res.reason = "equal scores: the army with more units deploys first"
        break
      end
    end
  end
  res.second = res.first == s[1].name and s[2].name or s[1].name
  res.outcome = res.first .. " deploys first"
  return res
end

-- --------------------------------------------------------------------------------------
-- Boasts (page 16)
-- --------------------------------------------------------------------------------------

--- Whether boast `n` holds at a Command Test. args: {boast, broken, moved, joined_unit,
--- contacts, steps_to_light_change, light_changed, total_victory, in_combat}.
function M.boast(args)
  local res = core.result("boasts")
  local row = data.boasts.rows[args.boast]
  res.boast, res.name, res.permanent = args.boast, row.name, row.permanent
  res.source = data.boasts:source(args.boast)
  local why
  if args.broken and row.permanent then
    why = "already broken earlier in the battle"
  elseif args.boast == 1 then
    if args.moved then why = "the warchief moved" end
  elseif args.boast == 2 then
    if args.joined_unit then why = "the warchief joined a unit"
    elseif args.contacts > row.max_contacts then
      why = string.format("the warchief touched %d figures (at most %d)", args.contacts, row.max_contacts)
    end
  elseif args.boast == 3 then
    if args.steps_to_light_change > row.max_steps then
      core.fail("steps_to_light_change", string.format("boast 3 may only be proclaimed within %d steps of the change of light", row.max_steps))
    end
    if args.light_changed and not args.total_victory then why = "the light changed before total victory" end
  elseif args.boast == 4 then
    if not args.in_combat then why = "the warchief is not in combat at this Command Test" end
  end
  res.holds = why == nil
  res.reason = why or row.doc
  res.outcome = res.holds and "holds" or "broken"
  return res
end

-- --------------------------------------------------------------------------------------
-- Omens (pages 16-17, 41)
-- --------------------------------------------------------------------------------------

--- Reads an army's omens. args: {soothsayers, fudged_die?}.
function M.omens(args)
  local res = core.result("omens")
  local rule = data.omens.rows.roll
  res.soothsayers = args.soothsayers
  res.die = core.d6(res, "omens")
  -- Fudge the Omens (p.45): the die thrown again by the spell (magic.lua's `cast` result's
  -- omens_die) stands instead of the first.
  if args.fudged_die then
    res.first_die = res.die
    res.die = args.fudged_die
  end
  if args.soothsayers > 0 then
    res.modifiers[1] = { id = "soothsayers", value = args.soothsayers * rule.per_soothsayer,
      reason = "one per soothsayer", source = data.omens:source("roll") }
  end
  res.score = res.die + args.soothsayers * rule.per_soothsayer
  res.outcome = res.score >= rule.good_from and "good" or "bad"
  return res
end

--- The omens after soothsayer deaths (pages 17, 41): read omens turn bad when every
--- soothsayer is dead; with two, one death leaves them "neutral" (no longer good).
function M.omens_after_deaths(omens, soothsayers, killed)
  if omens == "unread" or killed == 0 then return omens end
  if killed >= soothsayers then return "bad" end
  if omens == "good" then return "neutral" end
  return omens
end

--- Whether an army with `mine` soothsayers may force one with `theirs`, which has not
--- read its omens, to read them (page 41).
function M.may_force_omens(mine, theirs, read)
  return mine > theirs and not read
end

-- --------------------------------------------------------------------------------------
-- Issuing orders (pages 17-18)
-- --------------------------------------------------------------------------------------

-- The orders a command may be given before the battle, in the order the choice offers them
-- (`first` gives HOLD), and the order a command that scouted starts under (page 13).
data.orders = core.define_table("orders", {
  choices = { "hold", "attack", "oppose" },
}, 17)

--- Asks `side` for one order per command, face down (a secret choice), and turns them face
--- up. A command that scouted starts under the `scouting_rules.after` order whatever was
--- written. args: {side, commands = {{name, scouted}}}.
function M.orders(args)
  local res = core.result("orders")
  res.side = args.side
  res.orders = {}
  local forced = data.scouting_rules.rows.after.orders
  for i, c in ipairs(args.commands) do
    local answer, by = muster.choice.get { side = args.side, question = "orders", secret = true,
      prompt = args.side .. ": the order of " .. c.name, options = data.orders.rows.choices }
    local o = { command = c.name, written = answer, order = answer, chosen_by = by }
    if c.scouted and answer ~= forced then
      o.order = forced
      o.reason = "the command scouted: it starts under " .. forced
    end
    res.orders[i] = o
  end
  local parts = {}
  for _, o in ipairs(res.orders) do parts[#parts + 1] = o.command .. " " .. o.order end
  res.outcome = table.concat(parts, ", ")
  return res
end

-- --------------------------------------------------------------------------------------
-- Procedures
-- --------------------------------------------------------------------------------------

local function check_sides(v, path, fields)
  if type(v) ~= "table" or #v ~= 2 then core.fail(path, "an array of the two sides expected") end
  local out = {}
  for i = 1, 2 do
    local p = path .. "[" .. i .. "]"
    core.check_fields(v[i], fields, p)
    out[i] = { name = v[i].name or ("side " .. i) }
    if type(out[i].name) ~= "string" then core.fail(p .. ".name", "string expected") end
    out[i].leadership = core.check_int(v[i].leadership, p .. ".leadership", 0, 5, 0)
    out[i].units = core.check_int(v[i].units, p .. ".units", 0, 1000, 0)
  end
  if out[1].name == out[2].name then core.fail(path, "the two sides need different names") end
  return out
end

local function check_winner(input, sides)
  local scouting = core.check_enum(input.scouting or "draw", outcomes, "scouting")
  if scouting == "draw" then return scouting end
  if input.winner ~= sides[1].name and input.winner ~= sides[2].name then
    core.fail("winner", "the side that won the scouting (" .. core.show(sides[1].name) .. " or " .. core.show(sides[2].name) .. ") expected, got " .. core.show(input.winner))
  end
  return scouting, input.winner, input.winner == sides[1].name and sides[2].name or sides[1].name
end

M.procedures = {
  orders = {
    doc = "issuing orders before the battle: one face-down order (hold, attack, oppose) per command; scouting commands start under hold (p.13, 17-18)",
    fields = { "side", "commands" },
    run = function(input)
      if type(input.side) ~= "string" then core.fail("side", "the side's name expected") end
      if type(input.commands) ~= "table" or #input.commands == 0 then core.fail("commands", "array of commands expected") end
      local commands = {}
      for i, c in ipairs(input.commands) do
        local path = "commands[" .. i .. "]"
        core.check_fields(c, { "name", "scouted" }, path)
        if type(c.name) ~= "string" then core.fail(path .. ".name", "string expected") end
        commands[i] = { name = c.name, scouted = core.check_bool(c.scouted, path .. ".scouted", false) }
      end
      return M.orders { side = input.side, commands = commands }
    end,
  },
  scouting = {
    doc = "scouting: each side's score (1D + leadership + unit bonuses per command, 2D per scout), outscouting and outmanoeuvring (p.13)",
    fields = { "sides" },
    run = function(input)
      if type(input.sides) ~= "table" or #input.sides ~= 2 then core.fail("sides", "an array of the two sides expected") end
      local sides = { check_side(input.sides[1], "sides[1]"), check_side(input.sides[2], "sides[2]") }
      if sides[1].name == sides[2].name then core.fail("sides", "the two sides need different names") end
      return M.scouting(sides)
    end,
  },
  time = {
    doc = "the starting step on the time dial by scouting outcome: random, the outscouter's light die with one re-roll, or the outmanoeuvrer's choice (p.14)",
    fields = { "scouting", "winner", "sides" },
    run = function(input)
      local sides = check_sides(input.sides or { { name = "side 1" }, { name = "side 2" } }, "sides", { "name" })
      local scouting, winner, loser = check_winner(input, sides)
      return M.time { scouting = scouting, winner = winner, loser = loser }
    end,
  },
  terrain = {
    doc = "who places the terrain features and the other side's remove/reposition dice (4-6 on a draw, 5-6 when outscouted, none when outmanoeuvred) (p.14-15)",
    fields = { "scouting", "winner", "sides", "features", "table_length" },
    run = function(input)
      local sides = check_sides(input.sides, "sides", { "name", "leadership" })
      local scouting, winner = check_winner(input, sides)
      local features
      if input.features ~= nil then
        features = core.check_int(input.features, "features", 0, 100)
      else
        local length = core.check_number(input.table_length, "table_length", 0, 10000)
        features = math.floor(length / data.terrain_challenge.rows.features.per_inches)
      end
      return M.terrain { scouting = scouting, winner = winner, sides = sides, features = features }
    end,
  },
  deployment = {
    doc = "who deploys first: the scouting loser, or the lower 1D + warchief's leadership (ties: more units) (p.15)",
    fields = { "scouting", "winner", "sides" },
    run = function(input)
      local sides = check_sides(input.sides, "sides", { "name", "leadership", "units" })
      local scouting, winner = check_winner(input, sides)
      return M.deployment { scouting = scouting, winner = winner, sides = sides }
    end,
  },
  boasts = {
    doc = "whether a warchief's boast (1-4) still holds at a Command Test (p.16)",
    fields = { "boast", "broken", "moved", "joined_unit", "contacts", "steps_to_light_change",
               "light_changed", "total_victory", "in_combat" },
    run = function(input)
      return M.boast {
        boast = core.check_int(input.boast, "boast", 1, 4),
        broken = core.check_bool(input.broken, "broken", false),
        moved = core.check_bool(input.moved, "moved", false),
        joined_unit = core.check_bool(input.joined_unit, "joined_unit", false),
        contacts = core.check_int(input.contacts, "contacts", 0, 100, 0),
        steps_to_light_change = core.check_int(input.steps_to_light_change, "steps_to_light_change", 1, 12, 1),
        light_changed = core.check_bool(input.light_changed, "light_changed", false),
        total_victory = core.check_bool(input.total_victory, "total_victory", false),
        in_combat = core.check_bool(input.in_combat, "in_combat", false),
      }
    end,
  },
  omens = {
    doc = "reading the omens: 1D + 1 per soothsayer, 4 or more good; or forced by an army with more soothsayers sending a superstition (p.16-17, 41)",
    fields = { "soothsayers", "fudged_die", "superstition" },
    run = function(input)
      local max = data.omens.rows.roll.max_soothsayers
      local soothsayers = core.check_int(input.soothsayers, "soothsayers", 0, max, 0)
      local sent
      if input.superstition ~= nil then
        local sp = input.superstition
        core.check_fields(sp, { "by", "soothsayers", "already_sent", "already_read" }, "superstition")
        if type(sp.by) ~= "string" then core.fail("superstition.by", "the name of the army sending it expected") end
        local theirs = core.check_int(sp.soothsayers, "superstition.soothsayers", 0, max)
        if core.check_bool(sp.already_read, "superstition.already_read", false) then
          core.fail("superstition.already_read", "the omens were read already: a superstition forces only an army that has not read them")
        end
        if not M.may_force_omens(theirs, soothsayers, false) then
          core.fail("superstition.soothsayers", string.format(
            "%s has %d soothsayers against %d: sending a superstition needs more soothsayers than the army it forces",
            sp.by, theirs, soothsayers))
        end
        if core.check_bool(sp.already_sent, "superstition.already_sent", false) then
          core.fail("superstition.already_sent", sp.by .. " sent its superstition already: against one other army only")
        end
        sent = { by = sp.by, soothsayers = theirs }
      end
      local res = M.omens { soothsayers = soothsayers,
                            fudged_die = input.fudged_die ~= nil and core.check_int(input.fudged_die, "fudged_die", 1, 6) or nil }
      if sent then
        res.forced_by = sent.by
        res.source = core.ruleset .. " p.41"
      end
      return res
    end,
  },
}

return M
