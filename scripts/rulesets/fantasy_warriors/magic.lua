--- Fantasy Warriors magic (pages 43-45): one procedure, `cast`, for every spell of the book.
--- A wizard names a spell and commits the power it needs (Blast dice, Hasten steps, Arcane Eye
--- dice); the spell's cost is worked out (fixed part, a range part of one point per 12in or
--- part, dice totalled, Blast's ×2 on any double and ×3 on any treble) and paid; a cost above
--- the wizard's remaining power overdraws him: he dies with no saving throw and the spell has
--- no effect (page 43). Blast's kills go through shooting's casualties (casualties.lua, page 24)
--- and call for an immediate Casualty Test (page 25). Randomness only through muster.dice.
local core = require("core")
local morale = require("morale")
local units = require("units")
local shooting = require("shooting")
local casualties = require("casualties")
local command = require("command")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- The spell book as data (pages 43-45; digest part 2 §31.3). Per spell: `fixed` points,
-- `range_band` (one point per that many inches of range or part of it), `dice` thrown for
-- the cost (totalled), or `dice_per_step` for spells bought in steps; and the spell's own
-- numbers. Blast's cost dice are its kill dice (N points for N dice).
data.spells = core.define_table("spells", {
  hasten_day_night = { dice_per_step = 3 },
  eldritch_command = { range_band = 12, dice = 1 },
  blast = { range_band = 12, min_dice = 2, kill_target = 4, double = 2, treble = 3 },
  banish_magic = { dice = 10, success_at = 35, steps_of_time = 6 },
  portent_of_doom = { dice = 10 },
  arcane_eye = { dice_per_step = 1, points_per_step = 3 },
  fudge_the_omens = { dice = 2 },
  spellbreak = { dice = 5, over = 15 },
  finger_of_death = { range_band = 12, dice = 2, kill_face = 6 },
  protection = { fixed = 5, dice = 2, no_save = 8 },
}, 45)
data.spells:set_page("hasten_day_night", 43)
for _, name in ipairs({ "eldritch_command", "blast", "banish_magic" }) do
  data.spells:set_page(name, 44)
end

-- A cut in every spell's final cost (after Blast's double or treble): `dice` D6 thrown once
-- the cost is known and subtracted, never below `minimum`. The book has none (dice = 0); the
-- weather (HR-4, storms) sets 1D, minimum 1. Success tests that read the dice total (Banish
-- Magic, Spellbreak) read it before the cut.
data.spell_cost = core.define_table("spell_cost", {
  reduction = { dice = 0, minimum = 1 },
}, 43, { doc = "a cut in every spell's final cost: reduction.dice D6 subtracted, never below reduction.minimum (none in the book: dice = 0)" })

M.spell_names = { "blast", "finger_of_death", "banish_magic", "spellbreak", "protection",
                  "eldritch_command", "portent_of_doom", "arcane_eye", "fudge_the_omens", "hasten_day_night" }

--- One point per `band` inches of range or part of it ("1 per 12ins (or part of)").
function M.range_cost(range, band)
  return math.ceil(range / band)
end

--- The cost multiplier of a Blast's faces: the treble factor when three or more dice show
--- one face, else the double factor when two do, else 1 (once only, never ×6).
function M.blast_multiplier(faces, row)
  local seen, most = {}, 0
  for _, f in ipairs(faces) do
    seen[f] = (seen[f] or 0) + 1
    if seen[f] > most then most = seen[f] end
  end
  if most >= 3 then return row.treble, "treble" end
  if most == 2 then return row.double, "double" end
  return 1, "none"
end

-- Throws `n` cost dice and totals them into res.cost_dice; returns the total and faces.
local function cost_dice(res, n, label)
  local total, faces = core.sum(res, n .. "d6", label)
  res.cost_dice = total
  return total, faces
end

-- The spells' effects, each run(res, c) with c the checked input. Each sets res.base_cost
-- (before any multiplier) and may set res.effect(), called only when the wizard can pay.
local effects = {}

function effects.blast(res, c, row)
  local n = core.check_int(c.input.dice, "dice", row.min_dice)
  if c.input.target == nil then core.fail("target", "missing (the unit blasted)") end
  local target = units.check_unit(c.input.target, "target")
  local count = target.figures + #target.individuals
  if count == 0 then core.fail("target.figures", "the target has no figures") end
  local alone = core.check_bool(c.input.target_alone, "target_alone", count == 1)
  if alone and count > 1 then
    core.fail("target_alone", string.format("the target has %d figures: it is not a lone figure", count))
  end
  res.dice_thrown = n
  res.range_cost = M.range_cost(c.range, row.range_band)
  -- The kill dice are also the cost's dice: their faces decide the double or treble, so
  -- they are thrown as one roll with faces (muster.dice.roll, faces also under roll_exact)
  -- rather than as a pool count, which gives no faces in enumerate mode.
  local _, faces = core.sum(res, n .. "d6", "blast")
  res.kills_thrown = 0
  for _, f in ipairs(faces) do
    if f >= row.kill_target then res.kills_thrown = res.kills_thrown + 1 end
  end
  res.multiplier, res.matching = M.blast_multiplier(faces, row)
  res.base_cost = n + res.range_cost
  res.cost = res.base_cost * res.multiplier
  res.effect = function()
    res.kills = res.kills_thrown
    shooting.casualties(res, { target = target, kills = res.kills, alone = alone, side = c.side, options = c.options })
    res.casualty_test = (res.losses or 0) > 0
  end
end

-- The named figure of Finger of Death and Protection: {name, save?, role?}.
local function check_figure(v, path)
  if type(v) ~= "table" then core.fail(path, "missing (a figure {name, save?, role?})") end
  core.check_fields(v, { "name", "save", "role", "special" }, path)
  if type(v.name) ~= "string" then core.fail(path .. ".name", "a string expected") end
  return { name = v.name, save = v.save ~= nil and core.check_int(v.save, path .. ".save", 0, 12) or nil,
           role = v.role, special = core.check_bool(v.special, path .. ".special", false) }
end

function effects.finger_of_death(res, c, row)
  local fig = check_figure(c.input.target, "target")
  if core.check_bool(c.input.cover, "cover", false) then
    core.fail("cover", "Finger of Death needs a target behind no cover at all")
  end
  res.range_cost = M.range_cost(c.range, row.range_band)
  local total, faces = cost_dice(res, row.dice, "finger of death")
  res.base_cost = res.range_cost + total
  res.cost = res.base_cost
  local sixes = 0
  for _, f in ipairs(faces) do if f == row.kill_face then sixes = sixes + 1 end end
  res.kills_thrown = sixes
  res.effect = function()
    res.kills, res.saves, res.killed = sixes, {}, false
    for i = 1, sixes do
      local saved = fig.save and casualties.saving_throw(res, res, fig.name, fig.save, "finger of death " .. i, shooting.data.shooting_throws)
      if not saved then res.killed = true end
    end
    res.command_test_markers = {}
    local roles = morale.data.command_test_roles.rows
    if res.killed and fig.role and roles[fig.role] then
      res.command_test_markers[1] = { name = fig.name, role = fig.role, event = "killed" }
    end
    res.casualty_test = res.killed and fig.special
  end
end

function effects.banish_magic(res, c, row)
  res.base_cost = cost_dice(res, row.dice, "banish magic")
  res.cost = res.base_cost
  res.banished = false
  res.effect = function()
    res.banished = res.cost_dice >= row.success_at
    if res.banished then res.no_magic_steps = row.steps_of_time end
  end
end

function effects.spellbreak(res, c, row)
  local against = c.input.against
  if type(against) ~= "table" then core.fail("against", "missing (the enemy spell {spell, succeeded?})") end
  core.check_fields(against, { "spell", "succeeded" }, "against")
  core.check_enum(against.spell, M.spell_names, "against.spell")
  if against.spell == "banish_magic" and core.check_bool(against.succeeded, "against.succeeded", true) then
    core.fail("against", "a successful Banish Magic cannot be broken")
  end
  res.base_cost = cost_dice(res, row.dice, "spellbreak")
  res.cost = res.base_cost
  res.broken = false
  res.effect = function() res.broken = res.cost_dice > row.over end
end

function effects.protection(res, c, row)
  local fig = check_figure(c.input.protected, "protected")
  local total = cost_dice(res, row.dice, "protection")
  res.base_cost = row.fixed + total
  res.cost = res.base_cost
  res.needed = fig.save or row.no_save
  res.kill_cancelled = false
  res.effect = function()
    res.kill_cancelled = total > res.needed
    res.save_still_due = not res.kill_cancelled and fig.save ~= nil
    -- A failed Protection leaves the figure its normal saving throw (page 45), made here.
    if not res.kill_cancelled then
      res.saves = {}
      local saved = fig.save and casualties.saving_throw(res, res, fig.name, fig.save, "the kill Protection failed to stop", shooting.data.shooting_throws)
      res.killed = not saved
    else
      res.killed = false
    end
  end
end

-- Eldritch Command's order goes through command.lua's Battle Leader's Test with the carrier
-- "eldritch_command" (no carrier bonus, no carry-over); `order_test` is that test's input.
function effects.eldritch_command(res, c, row)
  local test = c.input.order_test
  local input
  if test ~= nil then
    if type(test) ~= "table" then core.fail("order_test", "the Battle Leader's Test input (a table) expected") end
    local p = command.procedures.battle_leaders_test
    core.check_fields(test, p.fields, "order_test")
    if test.carrier ~= nil and test.carrier ~= "eldritch_command" then
      core.fail("order_test.carrier", "an Eldritch Command has no carrier (leave it out)")
    end
    input = {}
    for k, v in pairs(test) do input[k] = v end
    input.carrier = "eldritch_command"
  end
  res.range_cost = M.range_cost(c.range, row.range_band)
  res.base_cost = res.range_cost + cost_dice(res, row.dice, "eldritch command")
  res.cost = res.base_cost
  res.effect = function()
    res.battle_leader_test = true
    if input then
      res.order_test = command.procedures.battle_leaders_test.run(input, c.options)
      res.order_adopted = res.order_test.accepted == true
    end
  end
end

-- Portent of Doom's Command Tests go through command.lua's `command_test` procedure with the
-- enemy army's input `enemy_command_test`, at once. "As if the enemy warchief was dead" names
-- who tests; its warchief_lost (the -3) is the input's (default false: he is alive).
function effects.portent_of_doom(res, c, row)
  local test = c.input.enemy_command_test
  if test ~= nil then
    if type(test) ~= "table" then core.fail("enemy_command_test", "the command_test input (a table) expected") end
    core.check_fields(test, command.procedures.command_test.fields, "enemy_command_test")
  end
  res.base_cost = cost_dice(res, row.dice, "portent of doom")
  res.cost = res.base_cost
  res.effect = function()
    res.enemy_command_tests = true
    if test then res.command_tests = command.procedures.command_test.run(test, c.options) end
  end
end

local function steps(c)
  return core.check_int(c.input.steps, "steps", 1)
end

function effects.arcane_eye(res, c, row)
  local k = steps(c)
  res.base_cost = cost_dice(res, k * row.dice_per_step, "arcane eye")
  res.cost = res.base_cost
  res.effect = function() res.scouting_points = k * row.points_per_step end
end

function effects.fudge_the_omens(res, c, row)
  res.base_cost = cost_dice(res, row.dice, "fudge the omens")
  res.cost = res.base_cost
  res.effect = function() res.omens_die = core.d6(res, "omens re-rolled") end
end

function effects.hasten_day_night(res, c, row)
  local k = steps(c)
  local dir = core.check_enum(c.input.direction or "forwards", { "forwards", "backwards" }, "direction")
  res.base_cost = cost_dice(res, k * row.dice_per_step, "hasten day/night")
  res.cost = res.base_cost
  res.effect = function() res.hourglass_steps = dir == "forwards" and k or -k end
end

local needs_range = { blast = true, finger_of_death = true, eldritch_command = true }
local needs_sight = { blast = true, finger_of_death = true }

-- The cut of table spell_cost into `res` once res.cost is known: its dice thrown and
-- recorded, res.cost_before_reduction kept, the cut shown as a modifier under its throw.
local function reduce_cost(res)
  local cut = data.spell_cost.rows.reduction
  if not cut or not cut.dice or cut.dice <= 0 then return end
  local label = "spell cost reduction"
  local total = core.sum(res, cut.dice .. "d6", label)
  local cost = math.max(res.cost - total, cut.minimum or 1)
  res.cost_before_reduction, res.cost_reduction_dice = res.cost, total
  if cost ~= res.cost then
    core.add_modifiers(res, { { id = "spell_cost_reduction", value = cost - res.cost, throw = label,
      reason = (cut.reason or "every spell's cost is cut") .. string.format(", to a minimum of %d", cut.minimum or 1),
      source = data.spell_cost:source("reduction") } })
  end
  res.cost = cost
end

-- The wizards of `path` ({name, power} each, in order), checked; nil gives none.
local function check_wizards(v, path)
  local out = {}
  if v == nil then return out end
  if type(v) ~= "table" then core.fail(path, "an array of wizards {name, power} expected") end
  for i, w in ipairs(v) do
    local p = path .. "[" .. i .. "]"
    if type(w) ~= "table" then core.fail(p, "a wizard {name, power} expected") end
    core.check_fields(w, { "name", "power" }, p)
    if type(w.name) ~= "string" or w.name == "" then core.fail(p .. ".name", "a name expected") end
    out[i] = { name = w.name, power = core.check_int(w.power, p .. ".power", 0) }
  end
  return out
end

-- Spellbreak offered (page 45): once a spell is cast and its cost paid, before its effect lands,
-- the enemy's wizards who have power left may break it (not a successful Banish Magic). Their
-- side is asked which one casts it (question "spellbreak", options "no" and their names; the
-- input's `spellbreak` answers instead); the Spellbreak is itself a cast, which the caster's
-- side may break in turn (it is offered to the caster and `allied_wizards`). Fills
-- res.spellbreak_offer, res.spellbreak (that cast's result) and res.spellbroken.
local function offer_spellbreak(res, input, options, c, w)
  local foes = c.enemy_wizards
  if #foes == 0 then return end
  local offer = { side = c.enemy_side, wizards = {} }
  res.spellbreak_offer = offer
  local row = data.spells.rows.banish_magic
  if res.spell == "banish_magic" and res.cost_dice >= row.success_at then
    offer.why = "a successful Banish Magic cannot be broken (p.45)"
    return
  end
  local names = { "no" }
  for _, f in ipairs(foes) do
    if f.power > 0 then
      names[#names + 1] = f.name
      offer.wizards[#offer.wizards + 1] = f.name
    end
  end
  if #names == 1 then offer.why = "no enemy wizard has power left" return end
  local given = input.spellbreak
  if given ~= nil then
    local ok = false
    for _, n in ipairs(names) do ok = ok or n == given end
    if not ok then core.fail("spellbreak", string.format("%s is not one of %s", core.show(given), table.concat(names, ", "))) end
  end
  res.choices = res.choices or {}
  local answer, by = casualties.choose(res, res.wizard, { side = c.enemy_side, question = "spellbreak",
    prompt = string.format("%s cast %s: break it with a Spellbreak (5D, over 15 breaks it)? (%s)", res.wizard,
      res.spell:gsub("_", " "), table.concat(names, ", ")), options = names }, given)
  offer.answer, offer.chosen_by = answer, by
  if answer == "no" then return end
  local breaker
  for _, f in ipairs(foes) do if f.name == answer then breaker = f end end
  local allies = { { name = res.wizard, power = res.power_after } }
  for _, a in ipairs(c.allied_wizards) do allies[#allies + 1] = a end
  res.spellbreak = M.cast({ spell = "spellbreak", wizard = breaker, side = c.enemy_side,
    against = { spell = res.spell, succeeded = true }, enemy_side = c.side, enemy_wizards = allies,
    magic_banished = input.magic_banished }, options)
  res.spellbroken = res.spellbreak.succeeded and res.spellbreak.broken == true
end

--- Casts one spell. args = {spell, wizard {name, power}, range?, dice?, steps?, direction?,
--- target?, target_alone?, cover?, protected?, against?, side?, enemy_side?, enemy_wizards?,
--- allied_wizards?, spellbreak?, options}.
function M.cast(input, options)
  local spell = core.check_enum(input.spell, M.spell_names, "spell")
  local w = input.wizard
  if type(w) ~= "table" then core.fail("wizard", "missing (the caster {name, power})") end
  core.check_fields(w, { "name", "power" }, "wizard")
  local power = core.check_int(w.power, "wizard.power", 0)
  local enemy_wizards = check_wizards(input.enemy_wizards, "enemy_wizards")
  local allied_wizards = check_wizards(input.allied_wizards, "allied_wizards")
  if input.spellbreak ~= nil then
    local names = { "no" }
    for _, f in ipairs(enemy_wizards) do names[#names + 1] = f.name end
    local ok = false
    for _, n in ipairs(names) do ok = ok or n == input.spellbreak end
    if not ok then core.fail("spellbreak", string.format("%s is not one of %s", core.show(input.spellbreak), table.concat(names, ", "))) end
  end
  local res = core.result("cast")
  res.spell, res.wizard, res.power_before = spell, w.name or "wizard", power
  res.source = data.spells:source(spell)
  if core.check_bool(input.magic_banished, "magic_banished", false) then
    core.fail("magic_banished", "a Banish Magic holds: no magic may be cast until six steps of time have passed")
  end
  if needs_sight[spell] and not core.check_bool(input.visible, "visible", true) then
    core.fail("visible", "the wizard needs a line of sight to the target")
  end
  local c = { input = input, options = options, side = input.side or "caster",
              enemy_side = core.check_side(input.enemy_side, "enemy_side", "enemy"),
              enemy_wizards = enemy_wizards, allied_wizards = allied_wizards,
              range = needs_range[spell] and core.check_number(input.range, "range", 0) or nil }
  if type(c.side) ~= "string" then core.fail("side", "a side name expected") end
  if needs_range[spell] then res.range = c.range end
  if needs_sight[spell] then shooting.check_sight(c.range, "range", "the wizard cannot see the target") end
  effects[spell](res, c, data.spells.rows[spell])
  reduce_cost(res)
  res.overdrawn = res.cost > power
  res.command_test_markers = res.command_test_markers or {}
  if res.overdrawn then
    res.power_after, res.wizard_dead, res.succeeded = 0, true, false
    res.command_test_markers = { { name = res.wizard, role = "wizard", event = "killed" } }
  else
    res.power_after, res.wizard_dead, res.succeeded = power - res.cost, false, true
    offer_spellbreak(res, input, options, c, w)
    if res.spellbroken then
      res.effect_cancelled = true
    else
      res.effect()
    end
  end
  res.effect = nil
  if res.overdrawn then res.outcome = "overdrawn: wizard dies, no effect"
  elseif res.spellbroken then
    res.outcome = string.format("broken by %s's Spellbreak: no effect (the cost is paid)", res.spellbreak.wizard)
  elseif spell == "blast" then res.outcome = string.format("%d kills", res.kills)
  elseif spell == "finger_of_death" then res.outcome = res.killed and "target killed" or "target survives"
  elseif spell == "banish_magic" then res.outcome = res.banished and "magic banished" or "failed"
  elseif spell == "spellbreak" then res.outcome = res.broken and "spell broken" or "failed"
  elseif spell == "protection" then
    res.outcome = res.kill_cancelled and "kill cancelled" or (res.killed and "failed: figure killed" or "failed: saved")
  elseif spell == "portent_of_doom" and res.command_tests then
    res.outcome = "enemy Command Tests: " .. tostring(res.command_tests.outcome)
  elseif spell == "eldritch_command" and res.order_test then
    res.outcome = res.order_adopted and "order adopted" or "failed: order not adopted"
  else res.outcome = "cast" end
  return res
end

-- ---------------------------------------------------------------------------------------
-- A wizard whose warchief is killed (page 40): 1D; on 4-6 he may cast one last spell, now
-- or never, then routs (a Command Test only if that spell overdraws him); on 1-3 he routs at
-- once with no Command Test. Either way he leaves the table: `stays` is false on every row
-- (a house rule that keeps him on some scores sets it, with last_spell false: he fights on).
-- ---------------------------------------------------------------------------------------
data.wizard_warchief_lost = core.define_table("wizard_warchief_lost", {
  ["1"] = { last_spell = false, stays = false }, ["2"] = { last_spell = false, stays = false },
  ["3"] = { last_spell = false, stays = false }, ["4"] = { last_spell = true, stays = false },
  ["5"] = { last_spell = true, stays = false }, ["6"] = { last_spell = true, stays = false },
}, 40)

--- args = {wizard {name, power}, last_spell? (a `cast` input without `wizard`), side?}.
function M.warchief_lost(input, options)
  local w = input.wizard
  if type(w) ~= "table" then core.fail("wizard", "missing (the wizard {name, power})") end
  core.check_fields(w, { "name", "power" }, "wizard")
  core.check_int(w.power, "wizard.power", 0)
  local last = input.last_spell
  if last ~= nil then
    if type(last) ~= "table" then core.fail("last_spell", "a cast input (without wizard) expected") end
    if last.wizard ~= nil then core.fail("last_spell.wizard", "the wizard is given once, in wizard") end
    core.check_fields(last, M.procedures.cast.fields, "last_spell")
  end
  local res = core.result("wizard_warchief_lost")
  res.wizard = w.name or "wizard"
  res.roll = core.d6(res, "warchief lost, " .. res.wizard)
  local row = data.wizard_warchief_lost.rows[tostring(res.roll)]
  res.source = data.wizard_warchief_lost:source(tostring(res.roll))
  res.last_spell_allowed = row.last_spell
  res.command_test_markers = {}
  if row.last_spell and last ~= nil then
    local cast_input = { wizard = w }
    for k, v in pairs(last) do cast_input[k] = v end
    res.last_spell = M.cast(cast_input, options)
    if res.last_spell.overdrawn then res.command_test_markers = res.last_spell.command_test_markers end
  end
  if row.stays and not (res.last_spell and res.last_spell.overdrawn) then
    -- He stays in the battle (a house rule's row): no rout, no Command Test.
    res.routed, res.removed, res.stays = false, {}, true
    res.outcome = "stays"
    return res
  end
  res.routed, res.removed = true, { res.wizard }
  res.outcome = (res.last_spell and res.last_spell.overdrawn) and "last spell overdrawn: wizard dies"
    or (row.last_spell and (res.last_spell and "last spell cast, then routs" or "may cast a last spell; routs") or "routs at once")
  return res
end

-- ---------------------------------------------------------------------------------------
-- Regaining power (page 29): a wizard with 6 or fewer points rests instead of moving; the
-- safe way gives 2 (1 in bad light); the gamble doubles his power when 1D is at most his
-- power, else costs 1 more point.
-- ---------------------------------------------------------------------------------------
data.regain_power = core.define_table("regain_power", {
  rest = { max_power = 6, safe = 2, safe_bad_light = 1, gamble_factor = 2, gamble_loss = 1 },
}, 29)

--- A resting wizard. args = {wizard {name, power, bad_light?}, time?, moved?, method?, side?}.
--- The method is the player's choice (question "rest_method", options "safe", "gamble"; the
--- default policy takes "safe"); a wizard with 0 points is offered the safe way only.
function M.rest(input)
  local w = input.wizard
  if type(w) ~= "table" then core.fail("wizard", "missing (the resting wizard {name, power, bad_light?})") end
  core.check_fields(w, { "name", "power", "bad_light" }, "wizard")
  local row = data.regain_power.rows.rest
  local power = core.check_int(w.power, "wizard.power", 0)
  local name = w.name or "wizard"
  if power > row.max_power then
    core.fail("wizard.power", string.format("%d: only a wizard with %d or fewer points may rest", power, row.max_power))
  end
  if core.check_bool(input.moved, "moved", false) then
    core.fail("moved", "a wizard rests instead of moving: he has moved this phase")
  end
  local light = core.check_enum(w.bad_light or "none", { "none", "day", "night" }, "wizard.bad_light")
  local time = core.check_time(input.time, "time")
  local res = core.result("rest")
  res.choices = {}
  res.wizard, res.power_before = name, power
  res.source = data.regain_power:source("rest")
  res.bad_light = units.bad_light({ bad_light = light }, time)
  local options = power > 0 and { "safe", "gamble" } or { "safe" }
  local given = input.method ~= nil and core.check_enum(input.method, options, "method") or nil
  local method, by
  if #options == 1 and given == nil then method, by = "safe", "rule"
  else
    method, by = casualties.choose(res, name, { side = input.side or "caster", question = "rest_method",
      prompt = name .. " rests: the safe way or the gamble?", options = options }, given)
  end
  res.method, res.method_chosen_by = method, by
  if method == "safe" then
    res.gain = res.bad_light and row.safe_bad_light or row.safe
    res.power_after = power + res.gain
  else
    res.gamble_die = core.d6(res, "rest gamble, " .. name)
    res.gamble_won = res.gamble_die <= power
    res.power_after = res.gamble_won and power * row.gamble_factor or power - row.gamble_loss
    res.gain = res.power_after - power
  end
  res.outcome = string.format("%s: %d -> %d", method, power, res.power_after)
  return res
end

M.procedures = {
  wizard_warchief_lost = {
    doc = "a wizard whose warchief is killed: 1D, on 4-6 one last spell (a Command Test only if it overdraws him), then he routs; on 1-3 he routs at once (p.40)",
    fields = { "wizard", "last_spell", "side" },
    run = function(input, options) return M.warchief_lost(input, options) end,
  },
  rest = {
    doc = "a wizard with 6 or fewer points rests instead of moving: the safe way (+2, +1 in bad light) or the gamble (1D at most his power doubles it, else -1) (p.29)",
    fields = { "wizard", "time", "moved", "method", "side" },
    run = function(input) return M.rest(input) end,
  },
  cast = {
    doc = "a wizard casts one spell: its cost (dice, range, Blast doubles/trebles), overdraw and death, the enemy wizards offered a Spellbreak, and its effect unless broken (p.43-45)",
    fields = { "spell", "wizard", "range", "dice", "steps", "direction", "target", "target_alone",
               "cover", "protected", "against", "side", "order_test", "enemy_command_test",
               "visible", "magic_banished", "enemy_side", "enemy_wizards", "allied_wizards", "spellbreak" },
    run = function(input, options) return M.cast(input, options) end,
  },
}

return M
